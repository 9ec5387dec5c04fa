//! Puzzles served and rated by the server.

use serde::{Deserialize, Serialize};

use crate::game::GameVariant;

/// A puzzle as the server serves it: a position where one line wins (docs/PUZZLES.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleView {
    /// Its id (`t17`, `d4`).
    pub id: String,
    /// The board.
    pub variant: GameVariant,
    /// The position, as position text; the side to move is the solver.
    pub position: String,
    /// The solution in notation: the solver's turn, the reply, ..., the last the solver's.
    pub solution: Vec<String>,
    /// Other turns accepted for the solver's last turn, in notation (a deeper search scored them as winning as
    /// clearly as the solution's); absent when there are none, and from older servers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<String>,
    /// Its themes, by name.
    pub themes: Vec<String>,
    /// Its rating now, which players' results move.
    pub rating: f64,
    /// How many players have sent a result for it.
    pub attempts: u64,
}
