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
    /// The tutorial: lessons on the board.
    Tutorial,
}

/// Present while a board is on screen (a game or the tutorial): the board, the pieces, clicks and the computer
/// player run in this state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnBoard;

impl ComputedStates for OnBoard {
    type SourceStates = AppState;

    fn compute(state: AppState) -> Option<OnBoard> {
        matches!(state, AppState::Playing | AppState::Tutorial).then_some(OnBoard)
    }
}

/// Registers the screens.
pub struct StatePlugin;

impl Plugin for StatePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>().add_computed_state::<OnBoard>().add_systems(Update, announce_ready);
    }
}

/// Logs "Fanorona ready" once the first frames have run (the browser test waits for it).
fn announce_ready(mut frames: Local<u32>) {
    *frames += 1;
    if *frames == 3 {
        info!("Fanorona ready");
    }
}
