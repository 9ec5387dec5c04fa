//! The title page's start scenes (see [`crate::dev::scene`]).

use bevy::prelude::*;

use crate::dev::scene::{AddScene, Scene};
use crate::screens::AppState;
use crate::title::menu::MenuPage;
use crate::ui::how_to_play::HowToPlayOpen;

pub(super) fn plugin(app: &mut App) {
    app.add_scene(Scene::new("menu", AppState::Menu), || {})
        .add_scene(Scene::new("new-game", AppState::Menu), |mut commands: Commands| {
            commands.insert_resource(MenuPage::NewGame);
        })
        .add_scene(Scene::new("settings", AppState::Menu), |mut commands: Commands| {
            commands.insert_resource(MenuPage::Settings);
        })
        // The how-to-play screen, over the title page.
        .add_scene(Scene::new("rules", AppState::Menu), |mut commands: Commands| {
            commands.insert_resource(HowToPlayOpen(true));
        });
}
