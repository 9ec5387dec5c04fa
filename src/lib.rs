//! Fanorona, the national board game of Madagascar, as an animated 2D game on Bevy.
//!
//! The game is a set of plugins, one per feature. [`LogicPlugin`] holds everything that decides what happens
//! (screens, session, board entities, turns, animations, the computer player, rating, tutorial, settings, files)
//! and runs headless in tests; [`GamePlugin`] adds what is drawn and heard (board visuals, sound, pointer input,
//! menus and panels).

pub mod ai_player;
pub mod animation;
pub mod board;
pub mod control;
pub mod input;
pub mod rating;
pub mod scene;
pub mod session;
pub mod settings;
pub mod sound;
pub mod state;
pub mod storage;
pub mod turn;
pub mod tutorial;
pub mod ui;
pub mod visuals;

use bevy::prelude::*;

/// Everything that decides what happens, without a window: usable in headless tests.
pub struct LogicPlugin;

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            storage::StoragePlugin,
            settings::SettingsPlugin,
            state::StatePlugin,
            control::ControlPlugin,
            board::BoardPlugin,
            animation::AnimationPlugin,
            turn::TurnPlugin,
            ai_player::AiPlayerPlugin,
            rating::RatingPlugin,
            tutorial::TutorialPlugin,
        ));
    }
}

/// The whole game: the logic plus visuals, input and interface (needs a window and a renderer).
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            LogicPlugin,
            visuals::VisualsPlugin,
            sound::SoundPlugin,
            input::InputPlugin,
            ui::UiPlugin,
            scene::ScenePlugin,
        ));
    }
}
