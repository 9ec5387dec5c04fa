//! The board described on demand, for a player who cannot see it: where each side's pieces stand (P), what the last
//! turn did (L), and what the piece on a point can do (D for the cursor's point, or `d3?` typed in the move box).

use bevy::prelude::*;
use fanorona_rules::{Point, Side};

use super::Say;
use super::speech::{PointRoles, step_text};
use crate::AppSystems;
use crate::board::layout::BoardCursor;
use crate::game::session::{Session, StepPlayed};
use crate::i18n::side_key;
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::screens::OnBoard;
use crate::{action, text};

/// A question about the board, answered in words ([`Say`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Describe {
    /// Where each side's pieces stand.
    Pieces,
    /// What the last turn played did, step by step.
    LastTurn,
    /// What stands on a point and where its piece can go now (`None`: the cursor's point).
    Point(Option<Point>),
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Describe>()
        .add_keys(Tier::Shared, KEYS)
        .add_systems(Update, describe.in_set(AppSystems::Presentation).run_if(in_state(OnBoard)));
}

/// P and L wherever a board is shown (the review too); D where turns are played, which have the cursor.
#[rustfmt::skip]
const KEYS: &[Binding] = &[
    bind(KeyCode::KeyP, Needs::NO_CTRL, On::Set(KeySet::Board), action!(Describe::Pieces),      text!("access-key-pieces")),
    bind(KeyCode::KeyL, Needs::NO_CTRL, On::Set(KeySet::Board), action!(Describe::LastTurn),    text!("access-key-last-turn")),
    bind(KeyCode::KeyD, Needs::NO_CTRL, On::Set(KeySet::Turns), action!(Describe::Point(None)), text!("access-key-point")),
];

fn describe(
    mut questions: MessageReader<Describe>,
    session: Res<Session>,
    cursor: Res<BoardCursor>,
    mut say: MessageWriter<Say>,
) {
    for question in questions.read() {
        match *question {
            Describe::Pieces => {
                let board = session.board();
                for side in Side::BOTH {
                    let points: Vec<String> = board.pieces(side).into_iter().map(|p| p.to_string()).collect();
                    let (side, count) = (side_key(side), points.len());
                    say.write(Say(text!("say-pieces", side = side, count = count, points = points.join(", "))));
                }
            }
            Describe::LastTurn => {
                let game = session.game();
                let before = game.positions().len().checked_sub(2).and_then(|i| game.positions().get(i));
                match game.turns().last().zip(before) {
                    Some((turn, before)) => {
                        let (steps, _) = StepPlayed::of_turn(before, turn);
                        say.write_batch(steps.iter().map(|step| Say(step_text(step))));
                    }
                    None => _ = say.write(Say(text!("say-no-turn-yet"))),
                }
            }
            Describe::Point(point) => match point.or(cursor.0) {
                Some(point) => {
                    say.write(Say(PointRoles::of(&session).text(&session, point)));
                    let steps = session.builder.legal_steps_from(point);
                    if steps.is_empty() && session.board().piece_at(point).is_some() {
                        say.write(Say(text!("say-cannot-move", point = point.to_string())));
                    }
                    let side = session.board().side_to_move();
                    say.write_batch(steps.into_iter().map(|step| {
                        let captured = session.would_capture(step);
                        let played = StepPlayed { side, step: Some(step), placed: None, captured, lead_in: false };
                        Say(step_text(&played))
                    }));
                }
                None => _ = say.write(Say(text!("say-no-cursor"))),
            },
        }
    }
}
