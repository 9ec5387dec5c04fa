//! The screens of the game.

use bevy::prelude::*;

/// Which screen is shown.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppState {
    /// The main menu: choose the variant, the opponent and the side.
    #[default]
    Menu,
    /// A game on the board.
    Playing,
}

/// Registers the screens.
pub struct StatePlugin;

impl Plugin for StatePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>().add_systems(Update, announce_ready);
    }
}

/// Logs "Fanorona ready" once the first frames have run (the browser test waits for it).
fn announce_ready(mut frames: Local<u32>) {
    *frames += 1;
    if *frames == 3 {
        info!("Fanorona ready");
    }
}
