//! Checking the steps of one turn, one at a time, without allocating: the rules behind both
//! [`crate::Position::check_turn`] and the interactive [`crate::TurnBuilder`].

use super::Position;
use crate::error::IllegalTurn;
use crate::geometry::{Geometry, PointSet, Variant};
use crate::movegen::ChainState;
use crate::turn::{CaptureKind, Step};

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
