//! The puzzle hint's mark on the board: the piece the next turn moves, gently pulsing (needs a window: gizmos).

use bevy::prelude::*;

use super::PuzzleBoard;
use crate::AppSystems;
use crate::board::highlights::{Highlights, pulsing_marks};
use crate::board::layout::BoardLayout;
use crate::persistence::settings::Settings;
use crate::screens::AppState;

/// Draws the hint's mark.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, draw_hint.in_set(AppSystems::Presentation).run_if(in_state(AppState::Puzzles)));
}

fn draw_hint(
    mut gizmos: Gizmos,
    board: Res<PuzzleBoard>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    time: Res<Time>,
) {
    pulsing_marks(&mut gizmos, &layout, Highlights::of(&settings).hint, &time, board.hint());
}
