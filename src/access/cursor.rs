//! The board's cursor: the arrow keys move it from point to point as the board is drawn (up is up on the screen,
//! whichever way the board is turned), and Enter presses the point under it as a click would. Without a cursor,
//! Enter stops a chain, as Space does.

use bevy::prelude::*;
use fanorona_rules::Point;

use crate::AppSystems;
use crate::board::BoardRebuild;
use crate::board::layout::{BoardCursor, BoardLayout};
use crate::game::person::{BoardClick, TurnCommand};
use crate::game::session::{BoardReset, Session};
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::screens::OnBoard;
use crate::{action, text};

/// A key for the cursor.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CursorCommand {
    /// Move it one point up the screen.
    Up,
    /// ... down.
    Down,
    /// ... left.
    Left,
    /// ... right.
    Right,
    /// Press the point under it (a click); with no cursor, stop the chain.
    Press,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CursorCommand>()
        .add_keys(Tier::Shared, KEYS)
        .add_systems(
            Update,
            (
                move_cursor.in_set(AppSystems::Input),
                forget_lost_cursor.after(BoardRebuild).in_set(AppSystems::Presentation),
            )
                .run_if(in_state(OnBoard)),
        )
        .add_systems(OnExit(OnBoard), |mut cursor: ResMut<BoardCursor>| cursor.0 = None);
}

/// The arrows and Enter on every screen where turns are played (the analysis board's own Left and Right, and the
/// review's arrows, come before these).
#[rustfmt::skip]
const KEYS: &[Binding] = {
    use KeyCode::{ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Enter, NumpadEnter};
    use KeySet::Turns;
    &[
        bind(ArrowUp,     Needs::NO_CTRL, On::Set(Turns), action!(CursorCommand::Up),    text!("access-key-cursor")),
        bind(ArrowDown,   Needs::NO_CTRL, On::Set(Turns), action!(CursorCommand::Down),  text!("access-key-cursor")),
        bind(ArrowLeft,   Needs::NO_CTRL, On::Set(Turns), action!(CursorCommand::Left),  text!("access-key-cursor")),
        bind(ArrowRight,  Needs::NO_CTRL, On::Set(Turns), action!(CursorCommand::Right), text!("access-key-cursor")),
        bind(Enter,       Needs::ANY,     On::Set(Turns), action!(CursorCommand::Press), text!("access-key-press")),
        bind(NumpadEnter, Needs::ANY,     On::Set(Turns), action!(CursorCommand::Press), text!("access-key-press")),
    ]
};

/// Where the cursor goes first: on the piece in play, else on the first piece that may move, else in the middle.
fn first_point(session: &Session, layout: &BoardLayout) -> Option<Point> {
    let middle = Point::new(layout.variant.width() / 2, layout.variant.height() / 2);
    session.piece_in_play().or_else(|| session.movable().into_iter().next()).or(middle)
}

/// The neighbouring point of `from` in the direction of `screen` as the board is drawn (turned upright, flipped),
/// or `from` itself at the edge.
fn next_point(layout: &BoardLayout, from: Point, screen: Vec2) -> Point {
    let steps: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let Some((dx, dy)) =
        steps.into_iter().find(|&(x, y)| layout.orient(Vec2::new(f32::from(x), f32::from(y))).dot(screen) > 0.5)
    else {
        return from;
    };
    let (x, y) = (i16::from(from.x()) + i16::from(dx), i16::from(from.y()) + i16::from(dy));
    let next = u8::try_from(x).ok().zip(u8::try_from(y).ok()).and_then(|(x, y)| Point::new(x, y));
    next.filter(|p| layout.variant.contains(*p)).unwrap_or(from)
}

fn move_cursor(
    mut commands: MessageReader<CursorCommand>,
    mut cursor: ResMut<BoardCursor>,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    mut clicks: MessageWriter<BoardClick>,
    mut turn: MessageWriter<TurnCommand>,
) {
    for command in commands.read() {
        let screen = match command {
            CursorCommand::Up => Vec2::Y,
            CursorCommand::Down => Vec2::NEG_Y,
            CursorCommand::Left => Vec2::NEG_X,
            CursorCommand::Right => Vec2::X,
            CursorCommand::Press => {
                match cursor.0 {
                    Some(point) => _ = clicks.write(BoardClick(point)),
                    None => _ = turn.write(TurnCommand::Stop),
                }
                continue;
            }
        };
        // The first arrow shows the cursor where it is most useful; later ones move it. Set even when it stays (at
        // an edge), so that the point is said again.
        cursor.0 = match cursor.0 {
            Some(point) => Some(next_point(&layout, point, screen)),
            None => first_point(&session, &layout),
        };
    }
}

/// A new board may be smaller than the point the cursor was on.
fn forget_lost_cursor(
    mut resets: MessageReader<BoardReset>,
    mut cursor: ResMut<BoardCursor>,
    layout: Res<BoardLayout>,
) {
    if resets.read().count() > 0 && cursor.0.is_some_and(|p| !layout.variant.contains(p)) {
        cursor.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fanorona_rules::Variant;

    fn p(text: &str) -> Point {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn the_arrows_follow_the_board_as_it_is_drawn() {
        let plain = BoardLayout { variant: Variant::Tsivy, ..default() };
        assert_eq!(next_point(&plain, p("e3"), Vec2::Y), p("e4"));
        assert_eq!(next_point(&plain, p("e3"), Vec2::X), p("f3"));
        assert_eq!(next_point(&plain, p("a1"), Vec2::NEG_X), p("a1"), "the edge stops it");
        let flipped = BoardLayout { flipped: true, ..plain };
        assert_eq!(next_point(&flipped, p("e3"), Vec2::Y), p("e2"), "Black at the bottom: up goes to row 2");
        let upright = BoardLayout { upright: true, ..plain };
        // Turned a quarter clockwise: a1 at the top left, columns running down the screen.
        assert_eq!(next_point(&upright, p("e3"), Vec2::NEG_Y), p("f3"));
        assert_eq!(next_point(&upright, p("e3"), Vec2::X), p("e4"), "White on the left: right goes up the rows");
        let dimy = BoardLayout { variant: Variant::Dimy, ..plain };
        assert_eq!(next_point(&dimy, p("e3"), Vec2::X), p("e3"), "the dimy board ends at e");
    }
}
