//! The kept game's screen ([`AppState::Playing`](crate::screens::AppState::Playing)): a game against the computer
//! or a friend on this device. Its logic is the game's own ([`crate::game`]); this is what the screen draws beside the
//! board.

mod dialogs;
mod panel;
#[cfg(feature = "dev")]
mod scenes;

use bevy::prelude::*;

/// The kept game's screen's start scenes (its logic is the game's).
#[cfg(feature = "dev")]
pub use scenes::plugin as scenes_plugin;

/// What the kept game's screen draws: its panel and its dialogs (needs a window).
pub fn view_plugin(app: &mut App) {
    app.add_plugins((panel::plugin, dialogs::plugin));
}
