//! The marks that guide a player on the board: movable pieces, destinations, the chain in progress, the capture
//! choice, the preview of what the point under the pointer would do, the last turn and hints, in a standard and a
//! colour-blind palette; and while the computer or an online opponent chooses its turn, a light sweeping along its
//! edge of the board.

use bevy::prelude::*;
use fanorona_rules::{CaptureKind, Point, Side};

use super::animation::Animations;
use super::layout::{BoardCursor, BoardLayout, HoveredPoint};
use super::preview::Preview;
use crate::AppSystems;
use crate::game::session::{PlayerKind, Session};
use crate::persistence::settings::Settings;
use crate::screens::OnBoard;

/// The colours of the marks that guide a player. Two sets: the standard one, and one for colour-blind players
/// (Okabe and Ito's palette, whose colours stay apart under the common kinds of colour blindness).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Highlights {
    /// Pieces that may move.
    pub movable: Color,
    /// The selected piece, its destinations, the chain.
    pub select: Color,
    /// Pieces an approach would take.
    pub approach: Color,
    /// Pieces a withdrawal would take.
    pub withdrawal: Color,
    /// The last turn's path.
    pub last_turn: Color,
    /// Points where pieces were captured in the last turn.
    pub captured: Color,
    /// The hint's path.
    pub hint: Color,
    /// Points the tutorial points out.
    pub lesson: Color,
}

impl Highlights {
    /// The standard colours.
    pub const STANDARD: Highlights = Highlights {
        movable: Color::srgb(1.0, 0.80, 0.20),
        select: Color::srgb(0.20, 0.85, 0.45),
        approach: Color::srgb(1.0, 0.45, 0.10),
        withdrawal: Color::srgb(0.70, 0.35, 1.0),
        last_turn: Color::srgba(0.25, 0.55, 1.0, 0.85),
        captured: Color::srgb(0.90, 0.20, 0.20),
        hint: Color::srgb(0.10, 0.95, 0.95),
        lesson: Color::srgb(1.0, 0.35, 0.75),
    };

    /// Colours for colour-blind players.
    pub const COLOUR_BLIND: Highlights = Highlights {
        movable: Color::srgb(0.94, 0.89, 0.26),
        select: Color::srgb(0.0, 0.62, 0.45),
        approach: Color::srgb(0.90, 0.62, 0.0),
        withdrawal: Color::srgb(0.34, 0.71, 0.91),
        last_turn: Color::srgba(0.0, 0.45, 0.70, 0.9),
        captured: Color::srgb(0.84, 0.37, 0.0),
        hint: Color::srgb(0.80, 0.47, 0.65),
        lesson: Color::srgb(1.0, 1.0, 1.0),
    };

    /// Pure, bright colours, far apart in lightness as well as hue, for players who see little contrast.
    pub const HIGH_CONTRAST: Highlights = Highlights {
        movable: Color::srgb(1.0, 1.0, 0.0),
        select: Color::srgb(0.0, 1.0, 0.0),
        approach: Color::srgb(1.0, 0.0, 1.0),
        withdrawal: Color::srgb(0.0, 1.0, 1.0),
        last_turn: Color::srgb(0.0, 0.3, 1.0),
        captured: Color::srgb(1.0, 0.0, 0.0),
        hint: Color::srgb(1.0, 1.0, 1.0),
        lesson: Color::srgb(1.0, 0.5, 0.0),
    };

    /// The colours the settings ask for.
    pub fn of(settings: &Settings) -> &'static Highlights {
        if settings.high_contrast {
            &Highlights::HIGH_CONTRAST
        } else if settings.colour_blind {
            &Highlights::COLOUR_BLIND
        } else {
            &Highlights::STANDARD
        }
    }
}

/// Draws a gently pulsing ring on each of `points`: the points a lesson talks about, the piece a puzzle's hint names.
pub fn pulsing_marks(
    gizmos: &mut Gizmos,
    layout: &BoardLayout,
    colour: Color,
    time: &Time,
    points: impl IntoIterator<Item = Point>,
) {
    let radius = layout.spacing * (0.32 + 0.04 * (time.elapsed_secs() * 4.0).sin());
    for p in points {
        gizmos.circle_2d(layout.world(p), radius, colour);
    }
}

/// Draws the highlights (needs a window: gizmos).
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw_highlights, draw_thinking, draw_cursor).in_set(AppSystems::Presentation).run_if(in_state(OnBoard)),
    );
}

/// Seconds the thinking light takes to sweep across the board and back.
const SWEEP_SECONDS: f32 = 2.4;

/// While the computer (or an online opponent) is choosing its turn: a faint line along the edge of the board on its
/// side, with a light sweeping to and fro, so that the wait is seen where the turn will come from.
fn draw_thinking(
    mut gizmos: Gizmos,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    animations: Res<Animations>,
    time: Res<Time>,
) {
    let waiting = matches!(session.player_to_move(), PlayerKind::Computer(_) | PlayerKind::Online);
    if !waiting || session.is_over() || !session.board_use().takes_turns() || animations.busy() {
        return;
    }
    let side = session.position().side_to_move();
    let variant = layout.variant;
    let (row, outward) = if side == Side::White { (0, -1.0) } else { (variant.height() - 1, 1.0) };
    let (Some(left), Some(right)) = (Point::new(0, row), Point::new(variant.width() - 1, row)) else { return };
    // Between the pieces (0.34 of a spacing) and the coordinates (0.5).
    let out = layout.orient(Vec2::new(0.0, outward * layout.spacing * 0.41));
    let (a, b) = (layout.world(left) + out, layout.world(right) + out);
    gizmos.line_2d(a, b, Color::srgba(1.0, 0.86, 0.45, 0.25));
    let phase = (std::f32::consts::TAU * time.elapsed_secs() / SWEEP_SECONDS).sin() * 0.5 + 0.5;
    let (from, to) = ((phase - 0.12).max(0.0), (phase + 0.12).min(1.0));
    // The light three lines thick: gizmos draw thin lines.
    let across = layout.orient(Vec2::new(0.0, 1.5));
    for shift in [-across, Vec2::ZERO, across] {
        gizmos.line_2d(a.lerp(b, from) + shift, a.lerp(b, to) + shift, Color::srgba(1.0, 0.86, 0.45, 0.95));
    }
}

/// The keyboard's cursor: a square, unlike every other mark, white between black lines so that it shows on any wood
/// and any piece.
fn draw_cursor(mut gizmos: Gizmos, cursor: Res<BoardCursor>, layout: Res<BoardLayout>) {
    if let Some(p) = cursor.0 {
        for (half, colour) in [(0.5, Color::BLACK), (0.48, Color::WHITE), (0.46, Color::WHITE), (0.44, Color::BLACK)] {
            gizmos.rect_2d(
                Isometry2d::from_translation(layout.world(p)),
                Vec2::splat(layout.spacing * half * 2.0),
                colour,
            );
        }
    }
}

/// Rings, markers and paths that tell the player what can be done and what just happened.
fn draw_highlights(
    mut gizmos: Gizmos,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    hovered: Res<HoveredPoint>,
    animations: Res<Animations>,
    settings: Res<Settings>,
    preview: Res<Preview>,
) {
    let palette = Highlights::of(&settings);
    let s = layout.spacing;
    let at = |p: Point| layout.world(p);
    draw_past(&mut gizmos, &session, &layout, palette);
    if animations.busy() || !session.human_to_move() {
        return;
    }
    let chain: Vec<Vec2> = session.builder.turn_so_far().map(|t| t.path().map(at).collect()).unwrap_or_default();
    if chain.len() >= 2 {
        // The chain so far: visited points and the last direction, which may not be repeated.
        for &p in &chain[..chain.len() - 1] {
            gizmos.circle_2d(p, s * 0.1, palette.select);
        }
        gizmos.linestrip_2d(chain[..chain.len() - 1].to_vec(), palette.select);
        let (a, b) = (chain[chain.len() - 2], chain[chain.len() - 1]);
        gizmos.arrow_2d(a, a.lerp(b, 0.7), palette.select);
    }
    if let Some(pair) = session.choice {
        for step in pair {
            let color =
                if step.capture() == Some(CaptureKind::Approach) { palette.approach } else { palette.withdrawal };
            for p in session.would_capture(step) {
                gizmos.circle_2d(at(p), s * 0.42, color);
                gizmos.circle_2d(at(p), s * 0.38, color);
            }
        }
        gizmos.circle_2d(at(pair[0].to()), s * 0.2, palette.select);
        return;
    }
    let selected = session.piece_in_play();
    let placements = session.position().legal_placements();
    for p in placements {
        gizmos.circle_2d(at(p), s * 0.14, palette.select);
    }
    if selected.is_none() {
        for p in session.movable() & !placements {
            gizmos.circle_2d(at(p), s * 0.42, palette.movable);
        }
    }
    if let Some(p) = selected {
        gizmos.circle_2d(at(p), s * 0.43, palette.select);
        gizmos.circle_2d(at(p), s * 0.39, palette.select);
    }
    for step in session.destinations() {
        gizmos.circle_2d(at(step.to()), s * 0.16, palette.select);
        gizmos.circle_2d(at(step.to()), s * 0.09, palette.select);
    }
    if let Some(p) =
        hovered.0.filter(|p| session.movable().contains(*p) || session.destinations().iter().any(|s| s.to() == *p))
    {
        gizmos.circle_2d(at(p), s * 0.47, Color::srgba(1.0, 1.0, 1.0, 0.6));
    }
    draw_preview(&mut gizmos, &preview, &layout, palette);
}

/// What just happened and what was suggested: the last turn's path and the pieces it took, and a hint's path.
fn draw_past(gizmos: &mut Gizmos, session: &Session, layout: &BoardLayout, palette: &Highlights) {
    let s = layout.spacing;
    let at = |p: Point| layout.world(p);
    if let Some(last) = &session.last_turn {
        let path: Vec<Vec2> = last.path.iter().map(|&p| at(p)).collect();
        gizmos.linestrip_2d(path.clone(), palette.last_turn);
        if let Some(&start) = path.first() {
            gizmos.circle_2d(start, s * 0.12, palette.last_turn);
        }
        for &p in &last.captured {
            let c = at(p);
            let d = s * 0.1;
            gizmos.line_2d(c + Vec2::new(-d, -d), c + Vec2::new(d, d), palette.captured);
            gizmos.line_2d(c + Vec2::new(-d, d), c + Vec2::new(d, -d), palette.captured);
        }
    }
    if let Some(hint) = session.hint {
        let path: Vec<Vec2> = hint.path().map(at).collect();
        gizmos.linestrip_2d(path.clone(), palette.hint);
        for p in path {
            gizmos.circle_2d(p, s * 0.18, palette.hint);
        }
    }
}

/// The preview: a hovered piece's destinations, faint; the pieces a hovered destination would take, crossed in the
/// colour of the capture (both kinds when the step offers both).
fn draw_preview(gizmos: &mut Gizmos, preview: &Preview, layout: &BoardLayout, palette: &Highlights) {
    let s = layout.spacing;
    let at = |p: Point| layout.world(p);
    let faint = palette.select.with_alpha(0.55);
    for p in preview.destinations {
        gizmos.circle_2d(at(p), s * 0.12, faint);
    }
    for (taken, color) in [(preview.approach, palette.approach), (preview.withdrawal, palette.withdrawal)] {
        for p in taken {
            let (c, d) = (at(p), s * 0.22);
            gizmos.circle_2d(c, s * 0.40, color);
            gizmos.line_2d(c + Vec2::new(-d, -d), c + Vec2::new(d, d), color);
            gizmos.line_2d(c + Vec2::new(-d, d), c + Vec2::new(d, -d), color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_colour_blind_setting_changes_every_highlight() {
        let mut settings = Settings::default();
        assert_eq!(*Highlights::of(&settings), Highlights::STANDARD);
        settings.colour_blind = true;
        let (c, s) = (Highlights::of(&settings), Highlights::STANDARD);
        assert_eq!(*c, Highlights::COLOUR_BLIND);
        let pairs = [
            (c.movable, s.movable),
            (c.select, s.select),
            (c.approach, s.approach),
            (c.withdrawal, s.withdrawal),
            (c.last_turn, s.last_turn),
            (c.captured, s.captured),
            (c.hint, s.hint),
            (c.lesson, s.lesson),
        ];
        assert!(pairs.iter().all(|(a, b)| a != b));
        settings.high_contrast = true;
        assert_eq!(*Highlights::of(&settings), Highlights::HIGH_CONTRAST, "high contrast before colour-blind");
    }
}
