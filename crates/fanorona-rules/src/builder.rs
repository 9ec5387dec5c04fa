//! Building a turn one step at a time, as a player does with clicks.

use crate::geometry::{Point, PointSet};
use crate::position::check::{Stage, StepChecker};
use crate::position::{IllegalTurn, Position};
use crate::turn::{Step, Turn};

/// What happened after a step was played into a [`TurnBuilder`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Progress {
    /// The step captured and the same piece can capture again: play a continuation step or stop.
    CanContinue,
    /// The turn is over (a paika, or a capture with no continuation): here it is.
    Complete(Turn),
}

/// A step that a [`TurnBuilder`] accepted: where the turn stands, and the enemy pieces the step took.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Played {
    /// Whether the turn goes on.
    pub progress: Progress,
    /// The enemy pieces the step took (empty for a paika); [`Step::captured_in_order`] lists them in the order
    /// they fall.
    pub captured: PointSet,
}

/// Builds one turn step by step from a position, checking each step: the first step (compulsory capture, vela,
/// paika), then chain continuations (same piece, must capture, no revisiting, not the same direction twice).
///
/// ```
/// use fanorona_rules::{Position, Progress, TurnBuilder, Variant};
/// let start = Position::start(Variant::Tsivy);
/// let mut builder = TurnBuilder::new(start);
/// let step = builder.legal_steps()[0];
/// let would_take = builder.captures_of(step);
/// let played = builder.play(step)?;
/// assert_eq!(Some(played.captured), would_take);
/// for point in step.captured_in_order(played.captured) {
///     println!("{point} falls");
/// }
/// match played.progress {
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
    checker: StepChecker,
}

impl TurnBuilder {
    /// Starts a turn in `position`.
    pub fn new(position: Position) -> TurnBuilder {
        // The turn's start is set by the first step.
        TurnBuilder {
            start: position,
            current: position,
            turn: Turn::place(Point::MIN),
            checker: StepChecker::new(position),
        }
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
        (!matches!(self.checker.stage(), Stage::Fresh)).then_some(self.turn)
    }

    /// Whether no step has been played yet.
    pub fn is_fresh(&self) -> bool {
        matches!(self.checker.stage(), Stage::Fresh)
    }

    /// Whether the turn is over.
    pub fn is_complete(&self) -> bool {
        matches!(self.checker.stage(), Stage::Done(_))
    }

    /// Where the moving piece stands during a chain.
    pub fn chain_point(&self) -> Option<Point> {
        match self.checker.stage() {
            Stage::Chain(state) => Some(state.at),
            _ => None,
        }
    }

    /// The points the moving piece has stood on this turn (empty before the first step).
    pub fn visited(&self) -> PointSet {
        match self.checker.stage() {
            Stage::Fresh => PointSet::EMPTY,
            _ => self.turn.path().collect(),
        }
    }

    /// The last step played, whose direction the next step may not repeat.
    pub fn last_step(&self) -> Option<Step> {
        self.turn_so_far().and_then(|t| t.steps().last())
    }

    /// The enemy pieces taken by the steps played so far.
    pub fn captured(&self) -> PointSet {
        let them = !self.start.side_to_move();
        self.start.pieces(them) & !self.current.pieces(them)
    }

    /// Whether the player may stop now (after at least one capture, during a chain).
    pub fn can_stop(&self) -> bool {
        matches!(self.checker.stage(), Stage::Chain(_))
    }

    /// The steps that may be played now: first steps of legal turns, then chain continuations.
    pub fn legal_steps(&self) -> Vec<Step> {
        match self.checker.stage() {
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
        match self.checker.stage() {
            Stage::Fresh => self.start.movable_pieces(),
            Stage::Chain(state) if state.can_continue(self.start.geometry()) => state.at.set(),
            _ => PointSet::EMPTY,
        }
    }

    /// Ends a chain here and returns the whole turn.
    pub fn stop(&mut self) -> Result<Turn, IllegalTurn> {
        self.checker.stop()?;
        Ok(self.turn)
    }

    /// What `step` would take if it were played now: `Some` (empty for a paika) if it is legal, `None` if not.
    /// Nothing changes. For showing the two lines between which an approach/withdrawal choice is made.
    pub fn captures_of(&self, step: Step) -> Option<PointSet> {
        let mut checker = self.checker;
        checker.play(step).ok().map(|checked| checked.captured)
    }

    /// Plays one step and says what it took, or says why it is not legal (nothing changes then).
    pub fn play(&mut self, step: Step) -> Result<Played, IllegalTurn> {
        let first = self.is_fresh();
        let checked = self.checker.play(step)?;
        if first {
            self.turn = Turn::place(step.from());
        }
        self.turn.push(step);
        self.current = self.current.with_step(step, checked.captured);
        let progress = if checked.complete { Progress::Complete(self.turn) } else { Progress::CanContinue };
        Ok(Played { progress, captured: checked.captured })
    }
}
