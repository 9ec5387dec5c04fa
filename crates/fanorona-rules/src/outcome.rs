//! How a game ends: a win, with its winner and why, or a draw and why.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::side::Side;

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
