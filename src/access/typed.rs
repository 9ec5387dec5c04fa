//! Turns typed in the notation, in the move box: a whole turn (`e3-d3A`, `e3-d3A-c3W`), a chain's continuation
//! (`c3W`), or a destination alone when one piece can go there (`d3`). The rules read what was typed
//! ([`TurnBuilder::interpret`]) before anything is played: a turn is played whole or not at all, and what cannot be
//! played gets the rules' reason, in the player's words ([`typed_error`]).

use bevy::prelude::*;
use fanorona_rules::{ParseTurnError, Then, Typed, TypedError};

use super::Describe;
use crate::AppSystems;
use crate::game::BoardMoves;
use crate::game::person::refusal;
use crate::game::session::{Announce, Session};
use crate::i18n::Text;
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::persistence::storage::Notices;
use crate::screens::OnBoard;
use crate::{action, text};

/// A turn typed in the move box, as the player sent it (Enter).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TypedTurn(pub String);

/// Opens or closes the move box.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToggleMoveBox;

/// Whether the move box is open.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveBox {
    /// Shown, with the keyboard's focus.
    pub open: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TypedTurn>()
        .add_message::<ToggleMoveBox>()
        .init_resource::<MoveBox>()
        .add_keys(Tier::Shared, KEYS)
        .add_systems(
            Update,
            (toggle_move_box.in_set(AppSystems::Commands), play_typed.in_set(AppSystems::Commands).in_set(BoardMoves))
                .run_if(in_state(OnBoard)),
        )
        .add_systems(OnExit(OnBoard), |mut move_box: ResMut<MoveBox>| move_box.open = false);
}

/// K opens the move box wherever turns are played.
const KEYS: &[Binding] = &[bind(
    KeyCode::KeyK,
    Needs::NO_CTRL,
    On::Set(KeySet::Turns),
    action!(ToggleMoveBox),
    text!("access-key-move-box"),
)];

fn toggle_move_box(mut toggles: MessageReader<ToggleMoveBox>, mut move_box: ResMut<MoveBox>) {
    for _ in toggles.read() {
        move_box.open = !move_box.open;
    }
}

fn play_typed(
    mut typed: MessageReader<TypedTurn>,
    mut session: ResMut<Session>,
    mut announce: Announce,
    mut notices: ResMut<Notices>,
    mut describe: MessageWriter<Describe>,
) {
    for TypedTurn(text) in typed.read() {
        if let Some(question) = question(text) {
            match question {
                Ok(question) => _ = describe.write(question),
                Err(why) => notices.problem(why),
            }
            continue;
        }
        if !session.human_to_move() {
            notices.problem(text!("typed-not-your-turn"));
            continue;
        }
        match session.builder.interpret(text) {
            Ok(typed) => play(&mut session, &mut announce, typed),
            Err(error) => notices.problem(typed_error(&error, text.trim())),
        }
    }
}

/// A question typed in the move box: `?` for where the pieces stand, `d3?` for what the piece on d3 can do.
fn question(typed: &str) -> Option<Result<Describe, Text>> {
    let asked = typed.trim().strip_suffix('?')?.trim();
    Some(match asked {
        "" => Ok(Describe::Pieces),
        point => point.parse().map(|p| Describe::Point(Some(p))).map_err(|_| text!("typed-not-a-point", point = point)),
    })
}

fn play(session: &mut Session, announce: &mut Announce, typed: Typed) {
    match typed {
        Typed::Place(point) => announce.place(session, point),
        Typed::Steps { steps, then } => {
            for step in steps {
                announce.step(session, step);
            }
            match then {
                Then::Stop if session.builder.can_stop() => announce.stop(session),
                Then::Choose(pair) => session.ask_choice(pair),
                Then::Stop | Then::GoOn => {}
            }
        }
    }
}

/// Why the text `typed` cannot be played, in the player's words.
fn typed_error(error: &TypedError, typed: &str) -> Text {
    match error {
        TypedError::Notation(error) => not_notation(typed, error),
        TypedError::WhichCapture { from, to } => {
            text!("typed-which-capture", from = from.to_string(), to = to.to_string())
        }
        TypedError::OtherCapture { from, to } => {
            text!("typed-other-capture", from = from.to_string(), to = to.to_string())
        }
        TypedError::Refused { from, to, why } => refusal(*from, *to, why),
        TypedError::CannotPlace(point) => text!("typed-cannot-place", point = point.to_string()),
        TypedError::NothingGoes(point) => text!("typed-nothing-goes", point = point.to_string()),
        TypedError::WhichPiece { to, pieces } => {
            let pieces: Vec<String> = pieces.into_iter().map(|p| p.to_string()).collect();
            let example = format!("{}-{to}", pieces.first().map_or("", String::as_str));
            text!("typed-which-piece", point = to.to_string(), pieces = pieces.join(", "), example = example)
        }
    }
}

/// Why `typed` is not a turn in the notation.
fn not_notation(typed: &str, error: &ParseTurnError) -> Text {
    match error {
        ParseTurnError::Empty => text!("typed-empty"),
        ParseTurnError::Point { text, .. } => text!("typed-not-a-point", point = text.as_str()),
        ParseTurnError::Suffix { token } => text!("typed-suffix", step = token.as_str()),
        ParseTurnError::NotAdjacent { from, to } | ParseTurnError::NoDiagonal { from, to } => {
            text!("drop-not-a-line", from = from.to_string(), to = to.to_string())
        }
        ParseTurnError::PaikaInChain { .. } | ParseTurnError::Disconnected { .. } | ParseTurnError::TooLong => {
            text!("typed-not-notation", typed = typed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Arg;
    use fanorona_rules::{Position, TurnBuilder, Variant};

    fn start() -> TurnBuilder {
        TurnBuilder::new(Position::start(Variant::Tsivy))
    }

    #[test]
    fn a_question_mark_asks_about_the_board_instead_of_playing() {
        assert_eq!(question(" ? "), Some(Ok(Describe::Pieces)));
        let d3 = "d3".parse().ok();
        assert_eq!(question("d3?"), Some(Ok(Describe::Point(d3))));
        assert_eq!(question("D3 ?"), Some(Ok(Describe::Point(d3))));
        assert_eq!(question("z9?").map(|r| r.map_err(|t| t.id)), Some(Err("typed-not-a-point")));
        assert_eq!(question("d3"), None, "without the mark, a destination to play");
    }

    /// Each way a typed turn can fail gets its own words (the rules crate's tests check the reading itself).
    #[test]
    fn what_cannot_be_played_is_said_in_the_players_words() {
        let builder = start();
        let said = |typed: &str| builder.interpret(typed).map_err(|e| typed_error(&e, typed).id);
        assert!(said("d2-e3A").is_ok());
        assert_eq!(said("c2-c3"), Err("drop-occupied"), "the rules' reason for a step refused");
        assert_eq!(said("d2-e3W"), Err("typed-other-capture"));
        assert_eq!(said("e2-e3-e4"), Err("typed-not-notation"));
        assert_eq!(said("z9"), Err("typed-not-a-point"));
        assert_eq!(said("a1-c3"), Err("drop-not-a-line"));
        assert_eq!(said("e3"), Err("typed-which-piece"));
        assert_eq!(said("a3"), Err("typed-nothing-goes"));
        let Err(error) = builder.interpret("e3") else { panic!("e3 is reached by several pieces") };
        let words = typed_error(&error, "e3");
        let example = words.args.iter().find(|(name, _)| *name == "example");
        assert!(matches!(example, Some((_, Arg::Plain(example))) if example.ends_with("-e3")), "{words:?}");
    }
}
