//! Fanorona: the game.

use bevy::prelude::*;
use bevy::window::WindowResolution;

fn main() -> AppExit {
    let launched = fanorona::dev::scene::LaunchedAt(web_time::Instant::now());
    App::new()
        .insert_resource(launched)
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Fanorona".into(),
                        resolution: WindowResolution::new(1280, 800),
                        canvas: Some("#bevy".into()),
                        fit_canvas_to_parent: true,
                        prevent_default_event_handling: true,
                        ..default()
                    }),
                    ..default()
                })
                .set(AssetPlugin { meta_check: bevy::asset::AssetMetaCheck::Never, ..default() }),
        )
        .add_plugins(bevy_egui::EguiPlugin::default())
        .add_plugins(fanorona::GamePlugin)
        .run()
}
