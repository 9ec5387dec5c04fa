//! Checking the steps of one turn, one at a time, without allocating: the rules behind both
//! [`crate::Position::check_turn`] and the interactive [`crate::TurnBuilder`]; and what a refused turn says
//! ([`IllegalTurn`], and [`TurnError`] for notation read and played).

use thiserror::Error;

use super::Position;
use crate::geometry::{Direction, Geometry, Point, PointSet, Variant};
use crate::movegen::ChainState;
use crate::outcome::Outcome;
use crate::side::Side;
use crate::turn::{CaptureKind, ParseTurnError, Step};

/// Where the turn is.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Stage {
    /// No step yet.
    Fresh,
    /// A capture was made; the chain may go on.
    Chain(ChainState),
    /// The turn is over: stopped or a paika (`None`), or a capture after which the piece could not go on (its
    /// state, kept to explain why a further step is illegal).
    Done(Option<ChainState>),
}

/// The turn's steps so far, checked: the first step (game over, placing, whose piece, compulsory capture, vela,
/// telo, A/W marks), then chain continuations (same piece, must capture, no revisiting, not the same direction
/// twice).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepChecker {
    start: Position,
    stage: Stage,
    /// Steps played so far.
    steps: usize,
}

/// A checked step: what it captured and whether the turn is over after it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Checked {
    pub captured: PointSet,
    pub complete: bool,
}

impl StepChecker {
    /// Before the first step of a turn in `start`.
    pub fn new(start: Position) -> StepChecker {
        StepChecker { start, stage: Stage::Fresh, steps: 0 }
    }

    /// Where the turn is.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Checks `step` and, if it is legal, plays it; otherwise nothing changes.
    pub fn play(&mut self, step: Step) -> Result<Checked, IllegalTurn> {
        let variant = self.start.variant();
        for point in [step.from(), step.to()] {
            if !variant.contains(point) {
                return Err(IllegalTurn::OffBoard { point, variant });
            }
        }
        let geo = self.start.geometry();
        let (state, complete) = match self.stage {
            Stage::Done(None) => return Err(IllegalTurn::TurnOver),
            Stage::Fresh => (self.check_first(step)?, false),
            Stage::Chain(state) => (check_chain(&state, step, false)?, false),
            Stage::Done(Some(state)) => (check_chain(&state, step, true)?, true),
        };
        let Some(kind) = step.capture() else {
            if self.steps > 0 {
                let kinds = CaptureKinds::of(geo, &state, step);
                return Err(if kinds.is_empty() { IllegalTurn::PaikaInChain(step) } else { kinds.mark(step) });
            }
            self.steps = 1;
            self.stage = Stage::Done(None);
            return Ok(Checked { captured: PointSet::EMPTY, complete: true });
        };
        let Some(captured) = state.capture_of(geo, step) else {
            return Err(IllegalTurn::NothingToCapture { step, kind });
        };
        if complete {
            // The chain had no continuation, so the checks above have refused every step already.
            return Err(IllegalTurn::TurnOver);
        }
        let next = state.after(step, captured);
        self.steps += 1;
        let complete = !next.can_continue(geo);
        self.stage = if complete { Stage::Done(Some(next)) } else { Stage::Chain(next) };
        Ok(Checked { captured, complete })
    }

    /// Ends a chain after its last capture.
    pub fn stop(&mut self) -> Result<(), IllegalTurn> {
        match self.stage {
            Stage::Chain(_) => {
                self.stage = Stage::Done(None);
                Ok(())
            }
            Stage::Done(_) => Err(IllegalTurn::TurnOver),
            Stage::Fresh => Err(IllegalTurn::NoStep),
        }
    }

    /// Checks a first step and returns the chain state of its piece before it.
    fn check_first(&self, step: Step) -> Result<ChainState, IllegalTurn> {
        let pos = &self.start;
        if pos.is_decided() {
            return Err(IllegalTurn::GameOver);
        }
        if pos.is_placing() {
            return Err(IllegalTurn::MustPlace(pos.side_to_move()));
        }
        let us = pos.side_to_move();
        match pos.piece_at(step.from()) {
            None => return Err(IllegalTurn::NoPiece(step.from())),
            Some(owner) if owner != us => {
                return Err(IllegalTurn::NotYourPiece { point: step.from(), owner, mover: us });
            }
            Some(_) => {}
        }
        if pos.occupied().contains(step.to()) {
            return Err(IllegalTurn::Occupied(step.to()));
        }
        let state = ChainState::start(pos.pieces(us), pos.pieces(!us), step.from());
        let geo = pos.geometry();
        if pos.variant() == Variant::Telo {
            return match step.capture() {
                Some(kind) => Err(IllegalTurn::NothingToCapture { step, kind }),
                None => Ok(state),
            };
        }
        if pos.is_restricted() {
            return if step.is_capture() { Err(IllegalTurn::Vela(us)) } else { Ok(state) };
        }
        if step.capture().is_none() {
            let kinds = CaptureKinds::of(geo, &state, step);
            if !kinds.is_empty() {
                return Err(kinds.mark(step));
            }
            if pos.must_capture() {
                return Err(IllegalTurn::CaptureRequired(step));
            }
        }
        Ok(state)
    }
}

/// Checks a chain step from `state` (the piece after the previous capture) for everything but its capture.
fn check_chain(state: &ChainState, step: Step, complete: bool) -> Result<ChainState, IllegalTurn> {
    if step.from() != state.at {
        return Err(if complete { IllegalTurn::TurnOver } else { IllegalTurn::OtherPiece(state.at) });
    }
    if state.visited.contains(step.to()) {
        return Err(IllegalTurn::Revisit(step.to()));
    }
    if state.last == Some(step.dir()) {
        return Err(IllegalTurn::SameDirection(step.dir()));
    }
    if (state.others | state.enemy).contains(step.to()) {
        return Err(IllegalTurn::Occupied(step.to()));
    }
    Ok(*state)
}

/// The capture kinds a move offers, as bits: 1 approach, 2 withdrawal.
#[derive(Clone, Copy)]
struct CaptureKinds(u8);

impl CaptureKinds {
    /// The kinds with which the move of `step` (whatever it is marked) captures from `state`.
    fn of(geo: &Geometry, state: &ChainState, step: Step) -> CaptureKinds {
        let mut bits = 0;
        state.for_each_capture(geo, |s, _| {
            if s.to() == step.to() {
                bits |= match s.capture() {
                    Some(CaptureKind::Approach) => 1,
                    Some(CaptureKind::Withdrawal) => 2,
                    None => 0,
                };
            }
        });
        CaptureKinds(bits)
    }

    fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The error for `step` written as a paika although it captures: how to write it instead.
    fn mark(self, step: Step) -> IllegalTurn {
        let with_kind = match self.0 {
            1 => format!("{step}A"),
            2 => format!("{step}W"),
            _ => format!("{step}A or {step}W"),
        };
        IllegalTurn::MarkCapture { step, with_kind }
    }
}

/// A well-formed turn that the position does not allow.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalTurn {
    /// The position is finished: a telo line stands, or the side to move has no piece.
    #[error("the game is over: no turn can be played")]
    GameOver,
    /// A move while the side to move must still place pieces.
    #[error("{0} still has pieces to place: write the empty point to place on, such as b2")]
    MustPlace(Side),
    /// A placement outside telo's placing phase.
    #[error("pieces are placed only at the start of telo, while a side has fewer than 3: move a piece instead")]
    CannotPlace,
    /// A point that is not on this board.
    #[error("{point} is not on the {variant} board")]
    OffBoard {
        /// The point.
        point: Point,
        /// The board's variant.
        variant: Variant,
    },
    /// Nothing to move.
    #[error("there is no piece on {0}")]
    NoPiece(Point),
    /// The opponent's piece.
    #[error("the piece on {point} is {owner}'s, and it is {mover}'s turn")]
    NotYourPiece {
        /// The point.
        point: Point,
        /// Whose piece it is.
        owner: Side,
        /// Who is to move.
        mover: Side,
    },
    /// A step or placement onto a piece.
    #[error("{0} is not empty")]
    Occupied(Point),
    /// A paika while a capture exists.
    #[error("{0} is a paika, but a capture is available, and capturing is compulsory")]
    CaptureRequired(Step),
    /// A step marked as a paika that captures.
    #[error("{step} captures: write {with_kind}")]
    MarkCapture {
        /// The step as written.
        step: Step,
        /// How to write it (`e2-e3A`, or `e2-e3A or e2-e3W`).
        with_kind: String,
    },
    /// A step marked A or W that does not capture that way.
    #[error("{step}: nothing is captured by {kind}")]
    NothingToCapture {
        /// The step as written.
        step: Step,
        /// The capture claimed.
        kind: CaptureKind,
    },
    /// The handicapped side of a vela game tried to capture.
    #[error(
        "{0} plays the vela handicap: its moves capture nothing until it has 5 pieces or fewer (write the step without A or W)"
    )]
    Vela(Side),
    /// A chain step onto a point already stood on this turn.
    #[error("the piece already stood on {0} this turn")]
    Revisit(Point),
    /// A chain step in the same direction as the previous step.
    #[error("the piece just moved {0}: a chain may not go in the same direction twice in a row")]
    SameDirection(Direction),
    /// A chain step by another piece.
    #[error("the chain goes on with the piece on {0}")]
    OtherPiece(Point),
    /// A step after the turn ended.
    #[error("the turn is already over")]
    TurnOver,
    /// A step that captures nothing played after a capture: a chain goes on only with captures.
    #[error("{0} is a paika: a chain continues only with captures (mark them A or W)")]
    PaikaInChain(Step),
    /// Stopping a turn before its first step.
    #[error("no step played yet: there is no turn to stop")]
    NoStep,
    /// The game has a result already (a draw, or a resignation, as well as a decided board).
    #[error("the game is over: {0}")]
    GameEnded(Outcome),
}

/// Turn notation that is read and played: either the text is not a turn, or the turn is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TurnError {
    /// The text is not a turn.
    #[error(transparent)]
    Parse(#[from] ParseTurnError),
    /// The turn is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalTurn),
}
