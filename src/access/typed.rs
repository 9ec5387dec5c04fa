//! Turns typed in the notation, in the move box: a whole turn (`e3-d3A`, `e3-d3A-c3W`), a chain's continuation
//! (`c3W`), or a destination alone when one piece can go there (`d3`). The rules read what was typed
//! ([`TurnBuilder::interpret`](fanorona_rules::TurnBuilder::interpret)) before anything is played: a turn is played whole or not at all, and what cannot be
//! played gets the rules' reason, in the player's words (`fanorona_reasons::typed_error`, shared with the light
//! board).

use bevy::prelude::*;
use fanorona_reasons::{not_a_point, not_your_turn, typed_error};
use fanorona_rules::{Then, Typed};

use super::Describe;
use crate::AppSystems;
use crate::game::BoardMoves;
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
            notices.problem(not_your_turn().into());
            continue;
        }
        match session.builder.interpret(text) {
            Ok(typed) => play(&mut session, &mut announce, typed),
            Err(error) => notices.problem(typed_error(&error, text.trim()).into()),
        }
    }
}

/// A question typed in the move box: `?` for where the pieces stand, `d3?` for what the piece on d3 can do.
fn question(typed: &str) -> Option<Result<Describe, Text>> {
    let asked = typed.trim().strip_suffix('?')?.trim();
    Some(match asked {
        "" => Ok(Describe::Pieces),
        point => point.parse().map(|p| Describe::Point(Some(p))).map_err(|_| not_a_point(point).into()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_mark_asks_about_the_board_instead_of_playing() {
        assert_eq!(question(" ? "), Some(Ok(Describe::Pieces)));
        let d3 = "d3".parse().ok();
        assert_eq!(question("d3?"), Some(Ok(Describe::Point(d3))));
        assert_eq!(question("D3 ?"), Some(Ok(Describe::Point(d3))));
        assert_eq!(question("z9?").map(|r| r.map_err(|t| t.id)), Some(Err("typed-not-a-point")));
        assert_eq!(question("d3"), None, "without the mark, a destination to play");
    }
}
