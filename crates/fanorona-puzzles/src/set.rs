//! Sets of puzzles: a file's text, and the sets shipped with the game.

use std::sync::LazyLock;

use fanorona_rules::Variant;

use crate::puzzle::{ParsePuzzleError, Puzzle};

/// The boards with shipped puzzles; telo has none (its games are too short for a turn that wins more than its
/// alternatives).
pub const VARIANTS: [Variant; 2] = [Variant::Tsivy, Variant::Dimy];

/// Why a puzzle file does not read: the first line that is no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct SetError {
    /// Its number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub error: ParsePuzzleError,
}

/// Reads a puzzle file: one puzzle a line; empty lines and lines starting with `#` are skipped.
pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, SetError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(i, line)| line.parse().map_err(|error| SetError { line: i + 1, error }))
        .collect()
}

/// The shipped sets (`puzzles/tsivy.txt`, `puzzles/dimy.txt`), read once, in the order of [`VARIANTS`].
static SHIPPED: LazyLock<[Result<Vec<Puzzle>, SetError>; 2]> = LazyLock::new(|| VARIANTS.map(|v| parse_set(text(v))));

/// The text of `variant`'s shipped set.
fn text(variant: Variant) -> &'static str {
    match variant {
        Variant::Tsivy => include_str!("../puzzles/tsivy.txt"),
        Variant::Dimy => include_str!("../puzzles/dimy.txt"),
        Variant::Telo => "",
    }
}

/// The shipped puzzles of `variant` (none for telo). This crate's tests read every set, so an error is a build gone
/// wrong: the caller reports it and goes on without the set.
pub fn shipped(variant: Variant) -> Result<&'static [Puzzle], &'static SetError> {
    match VARIANTS.iter().position(|v| *v == variant) {
        Some(i) => SHIPPED[i].as_deref(),
        None => Ok(&[]),
    }
}

/// The shipped puzzle named `id`, of any board.
pub fn shipped_puzzle(id: &str) -> Option<&'static Puzzle> {
    SHIPPED.iter().filter_map(|set| set.as_ref().ok()).flatten().find(|p| p.id == id)
}
