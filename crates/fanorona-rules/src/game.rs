//! A game: the positions and turns played, with undo/redo, draws by repetition, and the result.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{IllegalTurn, TurnError};
use crate::geometry::Variant;
use crate::position::Position;
use crate::side::Side;
use crate::turn::Turn;

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// The loser has no pieces left.
    AllCaptured,
    /// The loser, to move, has no legal turn (in vela: the handicapped side has no paika).
    NoLegalTurn,
    /// Telo: the winner has three pieces on a line.
    TeloLine,
    /// The loser resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// 50 consecutive turns without a capture.
    FiftyTurns,
    /// The same position for the third time.
    Repetition,
}

/// The result of a finished game: a win (with its winner) or a draw, and why.
///
/// In saved games it keeps the form of earlier releases, `(winner: Some(White), reason: Resignation)` or
/// `(winner: None, reason: Repetition)`, so that old files load; a combination no game can end with (a draw by
/// resignation, a win by repetition) is refused when read.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "OutcomeRepr", try_from = "OutcomeRepr")]
pub enum Outcome {
    /// `winner` won.
    Win {
        /// The side that won.
        winner: Side,
        /// How.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// A win for `winner`.
    pub const fn win(winner: Side, reason: WinReason) -> Outcome {
        Outcome::Win { winner, reason }
    }

    /// A draw.
    pub const fn draw(reason: DrawReason) -> Outcome {
        Outcome::Draw(reason)
    }

    /// The winner, or `None` for a draw.
    pub const fn winner(&self) -> Option<Side> {
        match *self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// Whether the game was drawn.
    pub const fn is_draw(&self) -> bool {
        matches!(self, Outcome::Draw(_))
    }

    /// The score as `1-0`, `0-1` or `1/2-1/2` (White's first).
    pub const fn score(&self) -> &'static str {
        match self.winner() {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    /// A sentence for a player, e.g. `White wins: Black has no legal move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner: w, reason } => {
                let l = !w;
                match reason {
                    WinReason::AllCaptured => write!(f, "{w} wins: every {l} piece has been captured"),
                    WinReason::NoLegalTurn => write!(f, "{w} wins: {l} has no legal move"),
                    WinReason::TeloLine => write!(f, "{w} wins with three pieces in a line"),
                    WinReason::Resignation => write!(f, "{w} wins: {l} resigned"),
                }
            }
            Outcome::Draw(DrawReason::FiftyTurns) => write!(f, "Draw: 50 turns in a row without a capture"),
            Outcome::Draw(DrawReason::Repetition) => write!(f, "Draw: the same position for the third time"),
        }
    }
}

/// The saved form of an [`Outcome`], as earlier releases wrote it: a winner (`None` for a draw) and one list of
/// reasons for wins and draws alike.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(rename = "Outcome")]
struct OutcomeRepr {
    winner: Option<Side>,
    reason: ReprReason,
}

/// The reasons of [`OutcomeRepr`], spelled as in saved games.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(rename = "Reason")]
enum ReprReason {
    AllCaptured,
    NoLegalTurn,
    FiftyTurns,
    Repetition,
    TeloLine,
    Resignation,
}

impl From<Outcome> for OutcomeRepr {
    fn from(outcome: Outcome) -> OutcomeRepr {
        let reason = match outcome {
            Outcome::Win { reason: WinReason::AllCaptured, .. } => ReprReason::AllCaptured,
            Outcome::Win { reason: WinReason::NoLegalTurn, .. } => ReprReason::NoLegalTurn,
            Outcome::Win { reason: WinReason::TeloLine, .. } => ReprReason::TeloLine,
            Outcome::Win { reason: WinReason::Resignation, .. } => ReprReason::Resignation,
            Outcome::Draw(DrawReason::FiftyTurns) => ReprReason::FiftyTurns,
            Outcome::Draw(DrawReason::Repetition) => ReprReason::Repetition,
        };
        OutcomeRepr { winner: outcome.winner(), reason }
    }
}

impl TryFrom<OutcomeRepr> for Outcome {
    type Error = String;

    fn try_from(repr: OutcomeRepr) -> Result<Outcome, String> {
        let win = |reason| repr.winner.map(|winner| Outcome::Win { winner, reason });
        let draw = |reason| repr.winner.is_none().then_some(Outcome::Draw(reason));
        let (outcome, name) = match repr.reason {
            ReprReason::AllCaptured => (win(WinReason::AllCaptured), "AllCaptured"),
            ReprReason::NoLegalTurn => (win(WinReason::NoLegalTurn), "NoLegalTurn"),
            ReprReason::TeloLine => (win(WinReason::TeloLine), "TeloLine"),
            ReprReason::Resignation => (win(WinReason::Resignation), "Resignation"),
            ReprReason::FiftyTurns => (draw(DrawReason::FiftyTurns), "FiftyTurns"),
            ReprReason::Repetition => (draw(DrawReason::Repetition), "Repetition"),
        };
        outcome.ok_or_else(|| match repr.winner {
            Some(side) => format!("a game is not won by {name} (it is a draw): write `winner: None`, not {side:?}"),
            None => format!("{name} is a win: the result needs a winner, such as `winner: Some(White)`"),
        })
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
