//! The tutorial's marks on the board: the points the lesson talks about, gently pulsing (needs a window: gizmos).

use bevy::prelude::*;

use super::Tutorial;
use crate::AppSystems;
use crate::board::highlights::{Highlights, pulsing_marks};
use crate::board::layout::BoardLayout;
use crate::persistence::settings::Settings;
use crate::screens::AppState;

/// Draws the lesson's marks.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, draw_lesson_marks.in_set(AppSystems::Presentation).run_if(in_state(AppState::Tutorial)));
}

/// The points the lesson talks about, gently pulsing.
fn draw_lesson_marks(
    mut gizmos: Gizmos,
    tutorial: Res<Tutorial>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    time: Res<Time>,
) {
    let colour = Highlights::of(&settings).lesson;
    pulsing_marks(&mut gizmos, &layout, colour, &time, tutorial.current_task().marked());
}
