//! Turns typed in the notation, in the move box: a whole turn (`e3-d3A`, `e3-d3A-c3W`), a chain's continuation
//! (`c3W`), or a destination alone when one piece can go there (`d3`, as lichess's keyboard input takes a square),
//! which plays that one step and leaves a chain open. What was typed is checked against the rules before anything is
//! played: a turn is played whole or not at all, and what cannot be played gets the rules' reason.

use bevy::prelude::*;
use fanorona_rules::{CaptureKind, ParseTurnError, Point, PointSet, Step, Turn, TurnBuilder};

use super::Describe;
use crate::AppSystems;
use crate::game::BoardMoves;
use crate::game::person::why_not;
use crate::game::session::{Announce, Session, capture_choice};
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

/// What a typed turn asks for, checked against the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// A telo placement.
    Place(Point),
    /// These steps, in order, then what follows.
    Steps {
        /// The steps, each legal after the ones before.
        steps: Vec<Step>,
        /// What follows them.
        then: Then,
    },
}

/// What follows the steps of a typed turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Then {
    /// The turn ends there, as the notation says, even if the chain could go on.
    Stop,
    /// The chain may go on (a destination typed alone).
    GoOn,
    /// The player is asked to choose between approach and withdrawal for this step.
    Choose([Step; 2]),
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
        match interpret(&session.builder, text) {
            Ok(typed) => play(&mut session, &mut announce, typed),
            Err(why) => notices.problem(why),
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
                Then::Choose(pair) => {
                    session.selected = Some(pair[0].from());
                    session.choice = Some(pair);
                }
                Then::Stop | Then::GoOn => {}
            }
        }
    }
}

/// What `typed` asks for in the turn `builder` holds, or why it cannot be played.
pub fn interpret(builder: &TurnBuilder, typed: &str) -> Result<Typed, Text> {
    let typed = typed.trim();
    if let Ok(point) = typed.parse::<Point>() {
        return destination(builder, point);
    }
    // In a chain, the steps may be typed from where the piece stands (`g5W` for `f4-g5W`).
    let from_chain = builder.chain_point().and_then(|at| format!("{at}-{typed}").parse::<Turn>().ok());
    let turn: Turn = match typed.parse() {
        Ok(turn) => turn,
        Err(e) => from_chain.ok_or_else(|| not_notation(typed, &e))?,
    };
    let mut wanted: Vec<(Point, Point, Option<CaptureKind>)> =
        turn.steps().map(|s| (s.from(), s.to(), s.capture())).collect();
    // In a chain, the turn may be typed whole or from where the piece stands.
    let so_far: Vec<Step> = builder.turn_so_far().map(|t| t.steps().collect()).unwrap_or_default();
    let repeats = wanted.len() > so_far.len()
        && so_far.iter().zip(&wanted).all(|(done, &(from, to, _))| done.from() == from && done.to() == to);
    if repeats {
        wanted.drain(..so_far.len());
    }
    let mut trial = builder.clone();
    let mut steps = Vec::new();
    let last = wanted.len().saturating_sub(1);
    for (i, (from, to, capture)) in wanted.into_iter().enumerate() {
        let options: Vec<Step> = trial.legal_steps_from(from).into_iter().filter(|s| s.to() == to).collect();
        let step = match (capture, capture_choice(&options)) {
            // `e3-d3` where both captures are possible: the player is asked, as a click would.
            (None, Some(pair)) if i == last => return Ok(Typed::Steps { steps, then: Then::Choose(pair) }),
            (None, Some(_)) => {
                return Err(text!("typed-which-capture", from = from.to_string(), to = to.to_string()));
            }
            // `e3-d3` for the one capture there is: the letter can be left out.
            (None, None) if options.len() == 1 => options[0],
            (kind, _) => match options.iter().find(|s| s.capture() == kind) {
                Some(&step) => step,
                None if !options.is_empty() => {
                    return Err(text!("typed-other-capture", from = from.to_string(), to = to.to_string()));
                }
                None => return Err(why_not(&trial, from, to)),
            },
        };
        if trial.play(step).is_err() {
            return Err(why_not(&trial, from, to));
        }
        steps.push(step);
    }
    Ok(Typed::Steps { steps, then: Then::Stop })
}

/// A point typed alone: a placement in the telo's first phase, else the one piece that can step there.
fn destination(builder: &TurnBuilder, point: Point) -> Result<Typed, Text> {
    let start = builder.current();
    if start.is_placing() {
        return match start.legal_placements().contains(point) {
            true => Ok(Typed::Place(point)),
            false => Err(text!("typed-cannot-place", point = point.to_string())),
        };
    }
    let steps: Vec<Step> = builder.legal_steps().into_iter().filter(|s| s.to() == point).collect();
    let pieces: PointSet = steps.iter().map(|s| s.from()).collect();
    match pieces.len() {
        0 => Err(text!("typed-nothing-goes", point = point.to_string())),
        1 => Ok(match capture_choice(&steps) {
            Some(pair) => Typed::Steps { steps: Vec::new(), then: Then::Choose(pair) },
            None => Typed::Steps { steps: vec![steps[0]], then: Then::GoOn },
        }),
        _ => {
            let pieces: Vec<String> = pieces.into_iter().map(|p| p.to_string()).collect();
            let example = format!("{}-{point}", pieces[0]);
            Err(text!("typed-which-piece", point = point.to_string(), pieces = pieces.join(", "), example = example))
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

/// The legal turns that begin with `typed`, in the notation, for the move box to offer: whole turns from the
/// turn's start (those that go on from the chain under way, in a chain), at most `limit` of them.
pub fn completions(builder: &TurnBuilder, typed: &str, limit: usize) -> Vec<String> {
    let typed = typed.trim().to_lowercase();
    let so_far = builder.turn_so_far().map(|t| t.to_string().to_lowercase());
    let mut found = Vec::new();
    for turn in builder.start().legal_turns() {
        let text = turn.to_string();
        let lower = text.to_lowercase();
        let rest = match &so_far {
            // A turn that goes on from the chain: offered whole, matched whole or from where the piece stands.
            Some(done) => match lower.strip_prefix(done.as_str()).and_then(|r| r.strip_prefix('-')) {
                Some(rest) => rest.to_owned(),
                None => continue,
            },
            None => lower.clone(),
        };
        if (lower.starts_with(&typed) || rest.starts_with(&typed)) && !found.contains(&text) {
            found.push(text);
            if found.len() == limit {
                break;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use fanorona_rules::{Position, Variant};

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

    #[test]
    fn a_whole_turn_is_checked_step_by_step_before_anything_is_played() {
        let builder = start();
        let Ok(Typed::Steps { steps, then: Then::Stop }) = interpret(&builder, "d2-e3A") else {
            panic!("d2-e3A is legal at the start")
        };
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].capture(), Some(CaptureKind::Approach));
        // The letter may be left out when there is only one capture; the case does not matter.
        assert!(matches!(interpret(&builder, " D2-E3 "), Ok(Typed::Steps { then: Then::Stop, .. })));
        // A step the rules refuse: their reason.
        assert_eq!(interpret(&builder, "c2-c3").map_err(|t| t.id), Err("drop-occupied"));
        // The wrong capture for the step.
        assert_eq!(interpret(&builder, "d2-e3W").map_err(|t| t.id), Err("typed-other-capture"));
        assert_eq!(interpret(&builder, "e2-e3-e4").map_err(|t| t.id), Err("typed-not-notation"));
        assert_eq!(interpret(&builder, "z9").map_err(|t| t.id), Err("typed-not-a-point"));
        assert_eq!(interpret(&builder, "a1-c3").map_err(|t| t.id), Err("drop-not-a-line"));
    }

    #[test]
    fn a_destination_alone_plays_the_one_step_there_or_says_which_pieces_could() {
        let builder = start();
        // At the start, e3 is reached by d2, e2, f2 (and more): which one?
        let Err(why) = interpret(&builder, "e3") else { panic!("e3 is reached by several pieces") };
        assert_eq!(why.id, "typed-which-piece");
        assert_eq!(interpret(&builder, "a3").map_err(|t| t.id), Err("typed-nothing-goes"));
    }

    #[test]
    fn in_a_chain_the_turn_goes_on_from_where_the_piece_stands() {
        // The first position along the game of first turns with a chain of two steps or more.
        let mut position = Position::start(Variant::Tsivy);
        let chain = loop {
            let turns = position.legal_turns();
            if let Some(chain) = turns.iter().find(|t| t.steps().count() >= 2) {
                break *chain;
            }
            position = position.play(&turns[0]).unwrap_or_else(|e| panic!("{e}"));
        };
        let mut builder = TurnBuilder::new(position);
        let first = chain.steps().next().unwrap_or_else(|| unreachable!());
        builder.play(first).unwrap_or_else(|e| panic!("{e}"));
        let done = format!("{}-{}{}", first.from(), first.to(), first.capture().map_or(' ', |c| c.letter()));
        let offered = completions(&builder, "", 50);
        assert!(!offered.is_empty() && offered.iter().all(|t| t.starts_with(&done)), "{done}: {offered:?}");
        let whole = chain.to_string();
        let rest = whole.strip_prefix(&format!("{done}-")).unwrap_or_default();
        assert!(offered.contains(&whole), "{whole} in {offered:?}");
        let typed_whole = interpret(&builder, &whole);
        assert_eq!(typed_whole, interpret(&builder, rest), "{whole} typed whole or from where the piece stands");
        let Ok(Typed::Steps { steps, then: Then::Stop }) = typed_whole else { panic!("{typed_whole:?}") };
        assert_eq!(steps, chain.steps().skip(1).collect::<Vec<_>>());
    }

    #[test]
    fn completions_are_the_legal_turns_that_begin_with_what_was_typed() {
        let builder = start();
        let all = completions(&builder, "", usize::MAX);
        let legal = builder.start().legal_turns();
        assert_eq!(all.len(), legal.len());
        let d2 = completions(&builder, "D2", usize::MAX);
        assert!(!d2.is_empty() && d2.iter().all(|t| t.starts_with("d2-")), "{d2:?}");
        assert_eq!(completions(&builder, "", 3).len(), 3);
        assert!(completions(&builder, "a1", 10).is_empty());
    }
}
