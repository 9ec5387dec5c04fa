//! Turns typed by a player in the notation: a whole turn (`e3-d3A`, `e3-d3A-c3W`), a chain's continuation (`c3W`),
//! or a destination alone when one piece can go there (`d3`, as lichess's keyboard input takes a square), which
//! plays that one step and leaves a chain open. [`TurnBuilder::interpret`] checks what was typed against the rules
//! before anything is played, so that a turn is played whole or not at all and what cannot be played has the rules'
//! reason ([`TypedError`]); the game's move box and the light board both read turns this way.

use thiserror::Error;

use crate::builder::TurnBuilder;
use crate::geometry::{Point, PointSet};
use crate::position::IllegalTurn;
use crate::turn::{CaptureKind, ParseTurnError, Step, Turn};

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

/// Why a piece may not step from one point to another now.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StepRefusal {
    /// The two points are not neighbours on a line of the board.
    #[error("no line joins the two points")]
    NotALine,
    /// The rules refuse the step, for this reason.
    #[error(transparent)]
    Illegal(IllegalTurn),
    /// The rules would take the step as a paika, but not as what was asked (a capture it does not make).
    #[error("not now")]
    NotNow,
}

/// Why a typed turn cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TypedError {
    /// The text is not a turn in the notation.
    #[error(transparent)]
    Notation(ParseTurnError),
    /// A step typed without its letter, before the turn's last, where it could capture by approach or by withdrawal.
    #[error("{from}-{to} captures by approach or by withdrawal: add A or W")]
    WhichCapture {
        /// Where the step starts.
        from: Point,
        /// Where it goes.
        to: Point,
    },
    /// A step whose letter names a capture it does not make.
    #[error("{from}-{to} does not capture that way")]
    OtherCapture {
        /// Where the step starts.
        from: Point,
        /// Where it goes.
        to: Point,
    },
    /// A step the rules refuse.
    #[error("{from}-{to}: {why}")]
    Refused {
        /// Where the step starts.
        from: Point,
        /// Where it goes.
        to: Point,
        /// The rules' reason.
        why: StepRefusal,
    },
    /// A point typed alone in the telo's first phase, where no piece may be placed.
    #[error("no piece may be placed on {0}")]
    CannotPlace(Point),
    /// A point typed alone that no piece can step to.
    #[error("no piece can go to {0}")]
    NothingGoes(Point),
    /// A point typed alone that several pieces can step to.
    #[error("several pieces can go to {to}")]
    WhichPiece {
        /// The point typed.
        to: Point,
        /// The pieces that can go there.
        pieces: PointSet,
    },
}

/// The two steps to one point between which a player chooses, approach first and withdrawal second, if `steps` (to
/// that point) hold both.
pub fn capture_choice(steps: &[Step]) -> Option<[Step; 2]> {
    let approach = steps.iter().find(|s| s.capture() == Some(CaptureKind::Approach))?;
    let withdrawal = steps.iter().find(|s| s.capture() == Some(CaptureKind::Withdrawal))?;
    Some([*approach, *withdrawal])
}

impl TurnBuilder {
    /// What `typed` asks for in the turn under way, or why it cannot be played. In a chain, the turn may be typed
    /// whole or from where the piece stands; a step's letter may be left out where it captures one way only.
    pub fn interpret(&self, typed: &str) -> Result<Typed, TypedError> {
        let typed = typed.trim();
        if let Ok(point) = typed.parse::<Point>() {
            return self.destination(point);
        }
        let from_chain = self.chain_point().and_then(|at| format!("{at}-{typed}").parse::<Turn>().ok());
        let turn: Turn = match typed.parse() {
            Ok(turn) => turn,
            Err(e) => from_chain.ok_or(TypedError::Notation(e))?,
        };
        let mut wanted: Vec<(Point, Point, Option<CaptureKind>)> =
            turn.steps().map(|s| (s.from(), s.to(), s.capture())).collect();
        let so_far: Vec<Step> = self.turn_so_far().map(|t| t.steps().collect()).unwrap_or_default();
        let repeats = wanted.len() > so_far.len()
            && so_far.iter().zip(&wanted).all(|(done, &(from, to, _))| done.from() == from && done.to() == to);
        if repeats {
            wanted.drain(..so_far.len());
        }
        let mut trial = self.clone();
        let mut steps = Vec::new();
        let last = wanted.len().saturating_sub(1);
        for (i, (from, to, capture)) in wanted.into_iter().enumerate() {
            let options: Vec<Step> = trial.legal_steps_from(from).into_iter().filter(|s| s.to() == to).collect();
            let step = match (capture, capture_choice(&options)) {
                // `e3-d3` where both captures are possible: the player is asked, as a click would.
                (None, Some(pair)) if i == last => return Ok(Typed::Steps { steps, then: Then::Choose(pair) }),
                (None, Some(_)) => return Err(TypedError::WhichCapture { from, to }),
                // `e3-d3` for the one capture there is: the letter can be left out.
                (None, None) if options.len() == 1 => options[0],
                (kind, _) => match options.iter().find(|s| s.capture() == kind) {
                    Some(&step) => step,
                    None if !options.is_empty() => return Err(TypedError::OtherCapture { from, to }),
                    None => return Err(TypedError::Refused { from, to, why: trial.why_not(from, to) }),
                },
            };
            if trial.play(step).is_err() {
                return Err(TypedError::Refused { from, to, why: trial.why_not(from, to) });
            }
            steps.push(step);
        }
        Ok(Typed::Steps { steps, then: Then::Stop })
    }

    /// A point typed alone: a placement in the telo's first phase, else the one piece that can step there.
    fn destination(&self, point: Point) -> Result<Typed, TypedError> {
        let start = self.current();
        if start.is_placing() {
            return match start.legal_placements().contains(point) {
                true => Ok(Typed::Place(point)),
                false => Err(TypedError::CannotPlace(point)),
            };
        }
        let steps: Vec<Step> = self.legal_steps().into_iter().filter(|s| s.to() == point).collect();
        let pieces: PointSet = steps.iter().map(|s| s.from()).collect();
        match pieces.len() {
            0 => Err(TypedError::NothingGoes(point)),
            1 => Ok(match capture_choice(&steps) {
                Some(pair) => Typed::Steps { steps: Vec::new(), then: Then::Choose(pair) },
                None => Typed::Steps { steps: vec![steps[0]], then: Then::GoOn },
            }),
            _ => Err(TypedError::WhichPiece { to: point, pieces }),
        }
    }

    /// Why the piece on `from` may not step to `to` now: the error the rules give for the step as a paika, which is
    /// what a step that takes nothing is.
    pub fn why_not(&self, from: Point, to: Point) -> StepRefusal {
        let Some(step) = Step::between(from, to, None) else { return StepRefusal::NotALine };
        match self.clone().play(step) {
            Ok(_) => StepRefusal::NotNow,
            Err(error) => StepRefusal::Illegal(error),
        }
    }

    /// The legal turns that begin with `typed`, in the notation, for a move box to offer: whole turns from the
    /// turn's start (those that go on from the chain under way, in a chain), at most `limit` of them.
    pub fn completions(&self, typed: &str, limit: usize) -> Vec<String> {
        let typed = typed.trim().to_lowercase();
        let so_far = self.turn_so_far().map(|t| t.to_string().to_lowercase());
        let mut found = Vec::new();
        for turn in self.start().legal_turns() {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::{Side, Variant};

    fn start() -> TurnBuilder {
        TurnBuilder::new(Position::start(Variant::Tsivy))
    }

    fn point(text: &str) -> Point {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn a_whole_turn_is_checked_step_by_step_before_anything_is_played() {
        let builder = start();
        let Ok(Typed::Steps { steps, then: Then::Stop }) = builder.interpret("d2-e3A") else {
            panic!("d2-e3A is legal at the start")
        };
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].capture(), Some(CaptureKind::Approach));
        // The letter may be left out when there is only one capture; the case does not matter.
        assert_eq!(builder.interpret(" D2-E3 "), builder.interpret("d2-e3A"));
        // A step the rules refuse: their reason.
        let (c2, c3) = (point("c2"), point("c3"));
        let occupied = StepRefusal::Illegal(IllegalTurn::Occupied(c3));
        assert_eq!(builder.interpret("c2-c3"), Err(TypedError::Refused { from: c2, to: c3, why: occupied }));
        let (d2, e3) = (point("d2"), point("e3"));
        assert_eq!(builder.interpret("d2-e3W"), Err(TypedError::OtherCapture { from: d2, to: e3 }));
        assert!(matches!(
            builder.interpret("e2-e3-e4"),
            Err(TypedError::Notation(ParseTurnError::PaikaInChain { .. }))
        ));
        assert!(matches!(builder.interpret("z9"), Err(TypedError::Notation(ParseTurnError::Point { .. }))));
        assert!(matches!(builder.interpret("a1-c3"), Err(TypedError::Notation(ParseTurnError::NotAdjacent { .. }))));
    }

    #[test]
    fn a_destination_alone_plays_the_one_step_there_or_says_which_pieces_could() {
        let builder = start();
        let Err(TypedError::WhichPiece { to, pieces }) = builder.interpret("e3") else {
            panic!("e3 is reached by several pieces")
        };
        assert_eq!(to, point("e3"));
        assert!(pieces.len() > 1 && pieces.contains(point("d2")) && pieces.contains(point("f2")), "{pieces:?}");
        assert_eq!(builder.interpret("a3"), Err(TypedError::NothingGoes(point("a3"))));
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
        let offered = builder.completions("", 50);
        assert!(!offered.is_empty() && offered.iter().all(|t| t.starts_with(&done)), "{done}: {offered:?}");
        let whole = chain.to_string();
        let rest = whole.strip_prefix(&format!("{done}-")).unwrap_or_default();
        assert!(offered.contains(&whole), "{whole} in {offered:?}");
        let typed_whole = builder.interpret(&whole);
        assert_eq!(typed_whole, builder.interpret(rest), "{whole} typed whole or from where the piece stands");
        let Ok(Typed::Steps { steps, then: Then::Stop }) = typed_whole else { panic!("{typed_whole:?}") };
        assert_eq!(steps, chain.steps().skip(1).collect::<Vec<_>>());
    }

    #[test]
    fn completions_are_the_legal_turns_that_begin_with_what_was_typed() {
        let builder = start();
        let all = builder.completions("", usize::MAX);
        assert_eq!(all.len(), builder.start().legal_turns().len());
        let d2 = builder.completions("D2", usize::MAX);
        assert!(!d2.is_empty() && d2.iter().all(|t| t.starts_with("d2-")), "{d2:?}");
        assert_eq!(builder.completions("", 3).len(), 3);
        assert!(builder.completions("a1", 10).is_empty());
    }

    #[test]
    fn a_step_is_refused_with_the_rules_reason() {
        let builder = start();
        assert_eq!(builder.why_not(point("a1"), point("c3")), StepRefusal::NotALine);
        let not_yours = builder.why_not(point("e4"), point("e3"));
        assert!(matches!(not_yours, StepRefusal::Illegal(IllegalTurn::NotYourPiece { owner: Side::Black, .. })));
        // d2-e3 captures: taken as a paika, the rules say it must be marked as the capture it is.
        let why = builder.why_not(point("d2"), point("e3"));
        assert!(matches!(why, StepRefusal::Illegal(IllegalTurn::MarkCapture { .. })), "{why:?}");
    }
}
