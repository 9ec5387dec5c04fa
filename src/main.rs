//! Fanorona: the game.

use bevy::prelude::*;

fn main() -> AppExit {
    let launched = fanorona::dev::scene::LaunchedAt(web_time::Instant::now());
    App::new()
        .insert_resource(launched)
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin { primary_window: Some(fanorona::window::primary_window()), ..default() })
                .set(AssetPlugin { meta_check: bevy::asset::AssetMetaCheck::Never, ..default() }),
        )
        .add_plugins(bevy_egui::EguiPlugin::default())
        .add_plugins(fanorona::GamePlugin)
        .run()
}
