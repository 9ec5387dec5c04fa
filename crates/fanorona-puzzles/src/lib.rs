//! Fanorona puzzles without a search: what the game, the game server and the engine share about them.
//!
//! A [`Puzzle`] is a position where one turn wins, with the line that proves it; a set of puzzles is text, one a line
//! ([`Puzzle`]'s `Display` and `FromStr`, described in `docs/PUZZLES.md`), and the sets shipped with the game are
//! [`shipped`]. Around them: their [`Theme`]s, the puzzle rating ([`rate`], Glicko-2) and the choice of the next
//! puzzle for a player ([`nearest_untried`]). Finding puzzles and checking that a solution is still the only good line
//! need the engine's search: they are `fanorona_ai::puzzle`'s, which builds on this crate.

mod choice;
mod puzzle;
mod rating;
mod set;
mod theme;

pub use choice::{Candidate, nearest_untried};
pub use puzzle::{ParsePuzzleError, Puzzle, biggest_capture};
pub use rating::{Glicko2Rating, STARTING_DEVIATION, rate, starting};
pub use set::{SetError, VARIANTS, parse_set, shipped, shipped_puzzle};
pub use theme::Theme;
