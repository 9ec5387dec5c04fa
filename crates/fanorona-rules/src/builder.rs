//! Building a turn one step at a time, as a player does with clicks.

use crate::error::{IllegalTurn, ParseTurnError};
use crate::geometry::{Point, PointSet, Variant};
use crate::movegen::ChainState;
use crate::position::Position;
use crate::turn::{CaptureKind, Step, Turn};

/// What happened after a step was played into a [`TurnBuilder`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Progress {
    /// The step captured and the same piece can capture again: play a continuation step or stop.
    CanContinue,
    /// The turn is over (a paika, or a capture with no continuation): here it is.
    Complete(Turn),
}

/// Where the builder is in the turn.
#[derive(Clone, Copy, Debug)]
enum Stage {
    /// No step yet.
    Fresh,
    /// A capture was made; the chain may go on.
    Chain(ChainState),
    /// The turn is over: stopped or a paika (`None`), or a capture after which the piece could not go on (its
    /// state, kept to explain why a further step is illegal).
    Done(Option<ChainState>),
}

/// Builds one turn step by step from a position, checking each step: the first step (compulsory capture, vela,
/// paika), then chain continuations (same piece, must capture, no revisiting, not the same direction twice).
///
/// ```
/// use fanorona_rules::{Position, Progress, TurnBuilder, Variant};
/// let start = Position::start(Variant::Tsivy);
/// let mut builder = TurnBuilder::new(start);
/// let step = builder.legal_steps()[0];
/// match builder.play(step)? {
///     Progress::Complete(turn) => println!("{turn}"),
///     Progress::CanContinue => println!("{}", builder.stop()?),
/// }
/// # Ok::<(), fanorona_rules::IllegalTurn>(())
/// ```
#[derive(Clone, Debug)]
pub struct TurnBuilder {
    start: Position,
    current: Position,
    turn: Turn,
    stage: Stage,
}

impl TurnBuilder {
    /// Starts a turn in `position`.
    pub fn new(position: Position) -> TurnBuilder {
        // The turn's start is set by the first step.
        TurnBuilder { start: position, current: position, turn: Turn::place(Point::MIN), stage: Stage::Fresh }
    }

    /// The position the turn started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The board as it stands after the steps played so far (the same side still to move).
    pub fn current(&self) -> &Position {
        &self.current
    }

    /// The steps played so far, as a turn (`None` before the first step).
    pub fn turn_so_far(&self) -> Option<Turn> {
        (!matches!(self.stage, Stage::Fresh)).then_some(self.turn)
    }

    /// Whether no step has been played yet.
    pub fn is_fresh(&self) -> bool {
        matches!(self.stage, Stage::Fresh)
    }

    /// Whether the turn is over.
    pub fn is_complete(&self) -> bool {
        matches!(self.stage, Stage::Done(_))
    }

    /// Where the moving piece stands during a chain.
    pub fn chain_point(&self) -> Option<Point> {
        match self.stage {
            Stage::Chain(state) => Some(state.at),
            _ => None,
        }
    }

    /// The points the moving piece has stood on this turn (empty before the first step).
    pub fn visited(&self) -> PointSet {
        match self.stage {
            Stage::Fresh => PointSet::EMPTY,
            _ => self.turn.path().collect(),
        }
    }

    /// The direction of the last step, which the next step may not repeat.
    pub fn last_step(&self) -> Option<Step> {
        self.turn_so_far().and_then(|t| t.steps().last())
    }

    /// Whether the player may stop now (after at least one capture, during a chain).
    pub fn can_stop(&self) -> bool {
        matches!(self.stage, Stage::Chain(_))
    }

    /// The steps that may be played now: first steps of legal turns, then chain continuations.
    pub fn legal_steps(&self) -> Vec<Step> {
        match self.stage {
            Stage::Fresh => self.start.first_steps(),
            Stage::Chain(state) => {
                let mut steps = Vec::new();
                state.for_each_capture(self.start.geometry(), |s, _| steps.push(s));
                steps
            }
            Stage::Done(_) => Vec::new(),
        }
    }

    /// The legal steps of the piece on `from` (empty if it may not move now).
    pub fn legal_steps_from(&self, from: Point) -> Vec<Step> {
        self.legal_steps().into_iter().filter(|s| s.from() == from).collect()
    }

    /// The pieces that may move now: during a chain, only the capturing piece.
    pub fn movable_pieces(&self) -> PointSet {
        match self.stage {
            Stage::Fresh => self.start.movable_pieces(),
            Stage::Chain(state) if state.can_continue(self.start.geometry()) => state.at.set(),
            _ => PointSet::EMPTY,
        }
    }

    /// Ends a chain here and returns the whole turn.
    pub fn stop(&mut self) -> Result<Turn, IllegalTurn> {
        match self.stage {
            Stage::Chain(_) => {
                self.stage = Stage::Done(None);
                Ok(self.turn)
            }
            Stage::Done(_) => Err(IllegalTurn::TurnOver),
            Stage::Fresh => Err(IllegalTurn::Form(ParseTurnError::Empty)),
        }
    }

    /// Plays one step, or says why it is not legal (nothing changes then).
    pub fn play(&mut self, step: Step) -> Result<Progress, IllegalTurn> {
        let pos = self.current;
        let variant = pos.variant();
        for point in [step.from(), step.to()] {
            if !variant.contains(point) {
                return Err(IllegalTurn::OffBoard { point, variant });
            }
        }
        let state = match self.stage {
            Stage::Done(None) => return Err(IllegalTurn::TurnOver),
            Stage::Fresh => self.check_first(step)?,
            Stage::Chain(state) | Stage::Done(Some(state)) => {
                if step.from() != state.at {
                    return Err(if self.is_complete() {
                        IllegalTurn::TurnOver
                    } else {
                        IllegalTurn::OtherPiece(state.at)
                    });
                }
                if state.visited.contains(step.to()) {
                    return Err(IllegalTurn::Revisit(step.to()));
                }
                if state.last == Some(step.dir()) {
                    return Err(IllegalTurn::SameDirection(step.dir()));
                }
                if pos.occupied().contains(step.to()) {
                    return Err(IllegalTurn::Occupied(step.to()));
                }
                state
            }
        };
        let Some(kind) = step.capture() else {
            if !self.is_fresh() {
                let kinds = self.capture_kinds(step, state);
                if !kinds.is_empty() {
                    return Err(mark_capture(step, &kinds));
                }
                return Err(IllegalTurn::Form(ParseTurnError::PaikaInChain { step: self.turn.len() + 1 }));
            }
            self.push(step, PointSet::EMPTY);
            self.stage = Stage::Done(None);
            return Ok(Progress::Complete(self.turn));
        };
        let mut taken = None;
        state.for_each_capture(pos.geometry(), |s, t| {
            if s == step {
                taken = Some(t);
            }
        });
        let Some(taken) = taken else {
            return Err(IllegalTurn::NothingToCapture { step, kind });
        };
        if self.is_complete() {
            // The chain had no continuation, so the checks above have refused every step already.
            return Err(IllegalTurn::TurnOver);
        }
        let next = state.after(step, taken);
        self.push(step, taken);
        if next.can_continue(pos.geometry()) {
            self.stage = Stage::Chain(next);
            Ok(Progress::CanContinue)
        } else {
            self.stage = Stage::Done(Some(next));
            Ok(Progress::Complete(self.turn))
        }
    }

    /// Records a checked step.
    fn push(&mut self, step: Step, taken: PointSet) {
        if self.is_fresh() {
            self.turn = Turn::place(step.from());
        }
        self.turn.push(step);
        self.current = self.current.with_step(step, taken);
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
        let kinds = self.capture_kinds(step, state);
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
            if !kinds.is_empty() {
                return Err(mark_capture(step, &kinds));
            }
            if pos.must_capture() {
                return Err(IllegalTurn::CaptureRequired(step));
            }
        }
        Ok(state)
    }

    /// The capture kinds that the move of `step` (whatever it is marked) offers from `state`.
    fn capture_kinds(&self, step: Step, state: ChainState) -> Vec<CaptureKind> {
        let mut kinds = Vec::new();
        state.for_each_capture(self.start.geometry(), |s, _| {
            if s.to() == step.to() {
                kinds.extend(s.capture());
            }
        });
        kinds
    }
}

/// The error for a capturing step written as a paika.
fn mark_capture(step: Step, kinds: &[CaptureKind]) -> IllegalTurn {
    let with_kind = kinds.iter().map(|k| format!("{step}{}", k.letter())).collect::<Vec<_>>().join(" or ");
    IllegalTurn::MarkCapture { step, with_kind }
}
