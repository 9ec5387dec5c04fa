//! Fanorona: the game.

use bevy::prelude::*;

fn main() -> AppExit {
    // The start scenes' screenshots report the time to the first frame from here.
    #[cfg(feature = "dev")]
    let launched = fanorona::dev::scene::LaunchedAt(web_time::Instant::now());
    let mut app = App::new();
    #[cfg(feature = "dev")]
    app.insert_resource(launched);
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin { primary_window: Some(fanorona::window::primary_window()), ..default() })
            .set(AssetPlugin { meta_check: bevy::asset::AssetMetaCheck::Never, ..default() }),
    )
    .add_plugins(bevy_egui::EguiPlugin::default())
    .add_plugins(fanorona::GamePlugin)
    .run()
}
