//! Fanorona, the national board game of Madagascar, as an animated 2D game on Bevy.
//!
//! The game is a set of feature plugins, one folder or file each. The features with a screen own their logic, their
//! keys, their panel and their marks: `title` (the title screen's board, where the computer plays itself, and the
//! menu), `playing` (the kept game's screen), `tutorial`, `puzzles` (positions where one turn wins, rated), `review`
//! (post-game review), `analysis` (the analysis board) and `online` (play against people through the game server).
//! They stand on what every screen shares: `screens` (which screen is shown), `game` (the session, commands, the
//! person's turn, the computer player, rating, saved games), `board` (the board's entities, layout, animation,
//! drawing and highlights), `keys` (the key map the features fill), `ui` (the theme, widgets, dialogs, toasts, how to
//! play), `persistence` (storage, settings, the player's profile), `audio`, `input`, `window` (title, smallest size,
//! full screen) and `dev` (start scenes and screenshots, with the `dev` feature only: not in what ships).
//! Data flows one way: the rules crate decides, the session holds the game, systems react to messages, and entities
//! show the result.
//!
//! [`LogicPlugin`] holds everything that decides what happens and runs headless in tests; [`GamePlugin`] adds what
//! is drawn and heard and the pointer (it needs a window and a renderer).

pub mod access;
pub mod analysis;
pub mod audio;
pub mod board;
#[cfg(feature = "dev")]
pub mod dev;
pub mod game;
pub mod i18n;
pub mod input;
pub mod keys;
pub mod online;
pub mod persistence;
pub mod playing;
pub mod puzzles;
pub mod review;
pub mod screens;
pub mod title;
pub mod tutorial;
pub mod ui;
pub mod window;

use bevy::prelude::*;

/// The order of the game's systems within a frame: input becomes messages; commands change the session; the rules'
/// consequences follow (the computer's turn, the end of the game, rating, autosave, the tutorial's checks); what is
/// seen and heard comes last. Every system of the game is in one of these sets.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Pointer and keys become messages.
    Input,
    /// Messages change the session (and settings, screens, the tutorial).
    Commands,
    /// What follows from the rules: the computer's turn, the end of the game and what reacts to it.
    Rules,
    /// Entities, animation, sound and drawing follow the session.
    Presentation,
}

/// Everything that decides what happens, without a window: usable in headless tests.
pub struct LogicPlugin;

impl Plugin for LogicPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (AppSystems::Input, AppSystems::Commands, AppSystems::Rules, AppSystems::Presentation).chain(),
        )
        // Moves on the board wait until the board has finished showing the earlier ones.
        .configure_sets(Update, game::BoardMoves.run_if(board::animation::idle))
        .add_plugins((
            persistence::plugin,
            screens::plugin,
            game::plugin,
            board::plugin,
            tutorial::plugin,
            review::plugin,
            analysis::plugin,
            audio::cues_plugin,
            online::plugin,
            title::plugin,
            puzzles::plugin,
            access::plugin,
        ));
        // The start scenes: a developer's tool, left out of what ships (the `dev` feature).
        #[cfg(feature = "dev")]
        app.add_plugins(playing::scenes_plugin);
    }
}

/// The whole game: the logic plus visuals, sound, input and interface (needs a window and a renderer).
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            LogicPlugin,
            board::drawing::plugin,
            board::highlights::plugin,
            // Each feature's screen.
            (
                title::menu::plugin,
                playing::view_plugin,
                tutorial::view_plugin,
                puzzles::view_plugin,
                review::view_plugin,
                analysis::view_plugin,
                online::view_plugin,
                access::view_plugin,
            ),
            audio::plugin,
            input::keyboard_plugin,
            input::pointer_plugin,
            game::tables::plugin,
            window::plugin,
            ui::plugin,
        ));
        #[cfg(feature = "dev")]
        app.add_plugins(dev::scene::plugin);
    }
}
