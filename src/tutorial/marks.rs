//! The tutorial's marks on the board: the points the lesson talks about, gently pulsing (needs a window: gizmos).

use bevy::prelude::*;

use super::Tutorial;
use crate::AppSystems;
use crate::board::highlights::Highlights;
use crate::board::layout::BoardLayout;
use crate::persistence::settings::Settings;
use crate::screens::AppState;

/// Draws the lesson's marks.
pub struct LessonMarksPlugin;

impl Plugin for LessonMarksPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            draw_lesson_marks.in_set(AppSystems::Presentation).run_if(in_state(AppState::Tutorial)),
        );
    }
}

/// The points the lesson talks about, gently pulsing.
fn draw_lesson_marks(
    mut gizmos: Gizmos,
    tutorial: Res<Tutorial>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    time: Res<Time>,
) {
    let radius = layout.spacing * (0.32 + 0.04 * (time.elapsed_secs() * 4.0).sin());
    for p in tutorial.current_task().marked() {
        gizmos.circle_2d(layout.world(p), radius, Highlights::of(&settings).lesson);
    }
}
