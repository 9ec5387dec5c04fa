//! What happens on the board, said in words: each step with what it took, a placement, the end of the game, the
//! piece picked and where it can go, the choice to make, the point under the keyboard's cursor. Said as [`Say`]
//! texts in the language of the moment, kept in [`Spoken`].

use bevy::prelude::*;
use fanorona_rules::{CaptureKind, Point, PointSet, Side};

use super::{Say, Spoken};
use crate::AppSystems;
use crate::board::layout::BoardCursor;
use crate::game::session::{GameEnded, Session, StepPlayed, TurnCommitted};
use crate::i18n::{Text, side_key};
use crate::persistence::settings::Settings;
use crate::persistence::storage::Notices;
use crate::screens::OnBoard;
use crate::text;
use crate::ui::toasts::take_notices;
use crate::ui::widgets::outcome_text;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ((say_steps, say_turns, say_choices, say_cursor).run_if(in_state(OnBoard)), say_notices, keep_spoken)
            .chain()
            .in_set(AppSystems::Presentation)
            .before(take_notices),
    );
}

fn keep_spoken(mut says: MessageReader<Say>, mut spoken: ResMut<Spoken>) {
    for Say(text) in says.read() {
        if spoken.said.len() == Spoken::KEPT {
            spoken.said.pop_front();
        }
        spoken.said.push_back(text.clone());
        spoken.count += 1;
    }
}

/// What the player is told (a step refused and why, a game saved, a file that could not be read) is said as it is
/// shown, read before the toasts take it.
fn say_notices(notices: Res<Notices>, mut said: Local<u64>, mut say: MessageWriter<Say>) {
    if notices.count() != *said {
        say.write_batch(notices.since(*said).map(|notice| Say(notice.text.clone())));
        *said = notices.count();
    }
}

/// "Black, d3 to e3, approach, takes 3 pieces", or "White places a piece on b2".
pub fn step_text(played: &StepPlayed) -> Text {
    let side = side_key(played.side);
    match (played.step, played.placed) {
        (Some(step), _) => {
            let kind = step.capture().map_or("paika", CaptureKind::name);
            let (from, to) = (step.from().to_string(), step.to().to_string());
            text!("say-step", side = side, from = from, to = to, kind = kind, taken = played.captured.len())
        }
        (None, Some(point)) => text!("say-place", side = side, point = point.to_string()),
        (None, None) => text!("say-place", side = side, point = "?"),
    }
}

fn say_steps(mut steps: MessageReader<StepPlayed>, mut say: MessageWriter<Say>) {
    for played in steps.read() {
        say.write(Say(step_text(played)));
    }
}

/// The result; and for a screen reader's player, after each turn, who is to move and the pieces left.
fn say_turns(
    mut turns: MessageReader<TurnCommitted>,
    mut endings: MessageReader<GameEnded>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut say: MessageWriter<Say>,
) {
    if turns.read().count() > 0 && settings.screen_reader && !session.is_over() {
        let board = session.board();
        let side = side_key(board.side_to_move());
        let [white, black] = Side::BOTH.map(|s| board.pieces(s).len());
        say.write(Say(text!("say-to-move", side = side, white = white, black = black)));
    }
    for ended in endings.read() {
        say.write(Say(outcome_text(ended.outcome)));
    }
}

/// A piece picked and where it can go, the capture choice to make, a chain that can go on: when they change.
fn say_choices(
    session: Res<Session>,
    mut last: Local<(Option<Point>, bool, Option<Point>)>,
    mut say: MessageWriter<Say>,
) {
    let chain = session.builder.chain_point().filter(|_| session.builder.can_stop());
    let now = (session.selected.filter(|_| session.builder.is_fresh()), session.choice.is_some(), chain);
    if now == *last {
        return;
    }
    *last = now;
    if !session.human_to_move() {
        return;
    }
    if let Some(pair) = session.choice {
        say.write(Say(text!("say-choose", point = pair[0].to().to_string())));
    } else if let Some(point) = now.2 {
        say.write(Say(text!("say-go-on", point = point.to_string(), to = destinations(&session))));
    } else if let Some(point) = now.0 {
        say.write(Say(text!("say-picked", point = point.to_string(), to = destinations(&session))));
    }
}

/// Where the piece in play can go, as "d3, e4".
fn destinations(session: &Session) -> String {
    let mut points: Vec<String> = Vec::new();
    for step in session.destinations() {
        let to = step.to().to_string();
        if !points.contains(&to) {
            points.push(to);
        }
    }
    points.join(", ")
}

/// What the points of the board are to the player now (the piece in play, where it can go, which pieces may
/// move), worked out once for naming many points.
pub struct PointRoles {
    in_play: Option<Point>,
    destinations: PointSet,
    movable: PointSet,
}

impl PointRoles {
    /// The roles in the session's position (none while the computer or the other player is to move).
    pub fn of(session: &Session) -> Self {
        let destinations = session.destinations().iter().map(|s| s.to()).collect();
        Self { in_play: session.piece_in_play(), destinations, movable: session.movable() }
    }

    /// A point: what stands there and what a press would do.
    pub fn text(&self, session: &Session, point: Point) -> Text {
        let occupant = match session.board().piece_at(point) {
            Some(Side::White) => "white",
            Some(Side::Black) => "black",
            None => "empty",
        };
        let role = if self.in_play == Some(point) {
            "picked"
        } else if self.destinations.contains(point) {
            "destination"
        } else if self.movable.contains(point) {
            "movable"
        } else {
            "none"
        };
        text!("say-point", point = point.to_string(), occupant = occupant, role = role)
    }
}

fn say_cursor(cursor: Res<BoardCursor>, session: Res<Session>, mut say: MessageWriter<Say>) {
    if cursor.is_changed()
        && let Some(point) = cursor.0
    {
        say.write(Say(PointRoles::of(&session).text(&session, point)));
    }
}
