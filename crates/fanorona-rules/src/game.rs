//! A game: the positions and turns played, with undo/redo, draws by repetition, and the result.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{PlayError, TurnError};
use crate::geometry::Variant;
use crate::position::Position;
use crate::side::Side;
use crate::turn::Turn;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Reason {
    /// The loser has no pieces left.
    AllCaptured,
    /// The loser, to move, has no legal turn (in vela: the handicapped side has no paika).
    NoLegalTurn,
    /// Draw: 50 consecutive turns without a capture.
    FiftyTurns,
    /// Draw: the same position for the third time.
    Repetition,
    /// Telo: the winner has three pieces on a line.
    TeloLine,
    /// The loser resigned.
    Resignation,
}

/// The result of a finished game: who won (`None` for a draw) and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// A win for `winner`.
    pub const fn win(winner: Side, reason: Reason) -> Outcome {
        Outcome { winner: Some(winner), reason }
    }

    /// A draw.
    pub const fn draw(reason: Reason) -> Outcome {
        Outcome { winner: None, reason }
    }

    /// The score as `1-0`, `0-1` or `1/2-1/2` (White's first).
    pub const fn score(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    /// A sentence for a player, e.g. `White wins: Black has no legal move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => {
                let l = !w;
                match self.reason {
                    Reason::AllCaptured => write!(f, "{w} wins: every {l} piece has been captured"),
                    Reason::NoLegalTurn => write!(f, "{w} wins: {l} has no legal move"),
                    Reason::TeloLine => write!(f, "{w} wins with three pieces in a line"),
                    Reason::Resignation => write!(f, "{w} wins: {l} resigned"),
                    Reason::FiftyTurns | Reason::Repetition => write!(f, "{w} wins"),
                }
            }
            None => match self.reason {
                Reason::FiftyTurns => write!(f, "Draw: 50 turns in a row without a capture"),
                Reason::Repetition => write!(f, "Draw: the same position for the third time"),
                _ => write!(f, "Draw"),
            },
        }
    }
}

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
        if on_board.is_some_and(|o| o.winner.is_some()) {
            return on_board;
        }
        if let Some(side) = self.resigned {
            return Some(Outcome::win(!side, Reason::Resignation));
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::draw(Reason::Repetition));
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
    pub fn play(&mut self, turn: &Turn) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        let next = self.position().play(turn)?;
        self.turns.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.turns.push(*turn);
        self.positions.push(next);
        self.cursor += 1;
        Ok(())
    }

    /// Reads turn notation and plays it.
    pub fn play_notation(&mut self, text: &str) -> Result<Turn, PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        let turn = self.position().parse_turn(text).map_err(|e| match e {
            TurnError::Parse(p) => PlayError::Illegal(p.into()),
            TurnError::Illegal(i) => PlayError::Illegal(i),
        })?;
        self.play(&turn)?;
        Ok(turn)
    }

    /// The side to move resigns (nothing happens if the game is already over).
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
