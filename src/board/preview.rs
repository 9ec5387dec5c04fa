//! See before you commit: hovering a piece that may move shows where it can go, and hovering a destination of the
//! selected piece (or of the chain) marks the pieces that step would take, by approach and by withdrawal. Worked
//! out here from the session and the point under the pointer (or the keyboard's cursor) (headless, so tests check it against the rules);
//! drawn with the other highlights.

use bevy::prelude::*;
use fanorona_rules::{CaptureKind, Point, PointSet};

use super::layout::{BoardCursor, HoveredPoint};
use crate::AppSystems;
use crate::game::session::Session;

/// What the point under the pointer would do if clicked.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preview {
    /// A piece that may move, under the pointer while no chain is under way: its destinations are shown.
    pub piece: Option<Point>,
    /// Where that piece could step.
    pub destinations: PointSet,
    /// A destination of the selected piece under the pointer: the pieces an approach there would take.
    pub approach: PointSet,
    /// ... and the pieces a withdrawal from the selected piece's point would take.
    pub withdrawal: PointSet,
}

impl Preview {
    /// The preview of `hovered` on the board of `session`: nothing unless a person is to move and no capture
    /// choice is being asked.
    pub fn of(session: &Session, hovered: Option<Point>) -> Preview {
        let mut preview = Preview::default();
        let Some(hovered) = hovered.filter(|_| session.human_to_move() && session.choice.is_none()) else {
            return preview;
        };
        for step in session.destinations().into_iter().filter(|step| step.to() == hovered) {
            let taken = PointSet::from_iter(session.would_capture(step));
            match step.capture() {
                Some(CaptureKind::Approach) => preview.approach = preview.approach | taken,
                Some(CaptureKind::Withdrawal) => preview.withdrawal = preview.withdrawal | taken,
                None => {}
            }
        }
        // Another piece under the pointer: clicking it would select it, so show where it could go.
        if session.builder.is_fresh() && session.selected != Some(hovered) && session.movable().contains(hovered) {
            let destinations = PointSet::from_iter(session.builder.legal_steps_from(hovered).iter().map(|s| s.to()));
            if !destinations.is_empty() {
                preview.piece = Some(hovered);
                preview.destinations = destinations;
            }
        }
        preview
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Preview>().add_systems(Update, update_preview.in_set(AppSystems::Presentation));
}

/// The keyboard's cursor, when shown, is where the player is looking.
fn update_preview(
    session: Res<Session>,
    hovered: Res<HoveredPoint>,
    cursor: Res<BoardCursor>,
    mut preview: ResMut<Preview>,
) {
    preview.set_if_neq(Preview::of(&session, cursor.0.or(hovered.0)));
}
