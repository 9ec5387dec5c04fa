//! A game: the positions and turns played, with undo/redo, draws by repetition, and the result.

use crate::geometry::Variant;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::{IllegalTurn, Position, TurnError};
use crate::side::Side;
use crate::turn::Turn;

/// A game from a start position: the turns played, undo and redo, and the result (including threefold repetition,
/// which needs the history).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `positions[i]` is the position before `turns[i]`; one more position than turns.
    positions: Vec<Position>,
    turns: Vec<Turn>,
    /// How many of `turns` are played (the rest can be redone).
    cursor: usize,
    /// The side that resigned in the current position.
    resigned: Option<Side>,
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Position) -> Game {
        Game { positions: vec![start], turns: Vec::new(), cursor: 0, resigned: None }
    }

    /// A new game of `variant` from its start position.
    pub fn of_variant(variant: Variant) -> Game {
        Game::new(Position::start(variant))
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// The turns played up to the current position.
    pub fn turns(&self) -> &[Turn] {
        &self.turns[..self.cursor]
    }

    /// The positions from the start to the current one (one more than the turns).
    pub fn positions(&self) -> &[Position] {
        &self.positions[..=self.cursor]
    }

    /// The turns that [`Game::redo`] would replay, in order.
    pub fn redoable(&self) -> &[Turn] {
        &self.turns[self.cursor..]
    }

    /// How often the current position has occurred (counting itself).
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        // A capture cannot be undone, so positions before the last capture cannot repeat.
        let since = self.cursor - usize::from(current.quiet_turns()).min(self.cursor);
        self.positions[since..=self.cursor].iter().filter(|p| p.repeats(current)).count()
    }

    /// The result, if the game is over: decided on the board, drawn, or resigned.
    pub fn outcome(&self) -> Option<Outcome> {
        let on_board = self.position().outcome();
        if on_board.is_some_and(|o| o.winner().is_some()) {
            return on_board;
        }
        if let Some(side) = self.resigned {
            return Some(Outcome::win(!side, WinReason::Resignation));
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::draw(DrawReason::Repetition));
        }
        on_board
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal turns now (none once the game is over, draws included).
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.is_over() { Vec::new() } else { self.position().legal_turns() }
    }

    /// Plays a turn. Turns that were undone are forgotten.
    pub fn play(&mut self, turn: &Turn) -> Result<(), IllegalTurn> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalTurn::GameEnded(outcome));
        }
        let next = self.position().play(turn)?;
        self.turns.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.turns.push(*turn);
        self.positions.push(next);
        self.cursor += 1;
        Ok(())
    }

    /// Reads turn notation and plays it. Once the game is over every text is refused with
    /// [`IllegalTurn::GameEnded`], whether or not it reads as a turn.
    pub fn play_notation(&mut self, text: &str) -> Result<Turn, TurnError> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalTurn::GameEnded(outcome).into());
        }
        let turn = self.position().parse_turn(text)?;
        self.play(&turn)?;
        Ok(turn)
    }

    /// `side` resigns, whichever side is to move (a person may resign while the computer thinks); nothing happens
    /// if the game is already over.
    pub fn resign(&mut self, side: Side) {
        if !self.is_over() {
            self.resigned = Some(side);
        }
    }

    /// Whether a turn can be taken back.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether an undone turn can be played again.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.turns.len()
    }

    /// Takes back the last turn (and a resignation with it); returns it.
    pub fn undo(&mut self) -> Option<Turn> {
        if !self.can_undo() {
            return None;
        }
        self.resigned = None;
        self.cursor -= 1;
        Some(self.turns[self.cursor])
    }

    /// Plays again the last undone turn; returns it.
    pub fn redo(&mut self) -> Option<Turn> {
        if !self.can_redo() {
            return None;
        }
        self.resigned = None;
        self.cursor += 1;
        Some(self.turns[self.cursor - 1])
    }
}
