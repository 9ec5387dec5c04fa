//! The puzzle rating: Glicko-2, a try counting as a game between the player and the puzzle.

use skillratings::Outcomes;
pub use skillratings::glicko2::Glicko2Rating;
use skillratings::glicko2::{Glicko2Config, glicko2};

/// How sure a puzzle's starting rating is, as a Glicko-2 deviation: the generator's estimate ([`Puzzle::rating`]
/// (crate::Puzzle::rating)) is surer than a new player's 350, not sure. Players' results move the rating from there.
pub const STARTING_DEVIATION: f64 = 100.0;

/// A puzzle's Glicko-2 rating before anyone has played it: `rating` (its starting rating), at
/// [`STARTING_DEVIATION`] and a new player's volatility. The game rates a player against this, as its puzzles' ratings
/// do not move; the server starts a puzzle's there and moves it with every first try.
pub fn starting(rating: f64) -> Glicko2Rating {
    Glicko2Rating { rating, deviation: STARTING_DEVIATION, ..Glicko2Rating::new() }
}

/// The player's rating and the puzzle's after the player's first try of it, `solved` or not: a game the player won or
/// lost against the puzzle, as its own rating period.
pub fn rate(player: Glicko2Rating, puzzle: Glicko2Rating, solved: bool) -> (Glicko2Rating, Glicko2Rating) {
    let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
    glicko2(&player, &puzzle, &outcome, &Glicko2Config::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_gains_what_the_puzzle_loses_and_a_hard_puzzle_gains_more() {
        let new = Glicko2Rating::new();
        let (player, puzzle) = rate(new, starting(1500.0), true);
        assert!(player.rating > 1500.0 && puzzle.rating < 1500.0, "{player:?} {puzzle:?}");
        assert!(player.deviation < 350.0 && puzzle.deviation < STARTING_DEVIATION);
        let (failed, _) = rate(new, starting(1500.0), false);
        assert!(failed.rating < 1500.0);
        let (easy, _) = rate(new, starting(1200.0), true);
        let (hard, _) = rate(new, starting(1800.0), true);
        assert!(hard.rating > easy.rating + 50.0, "{hard:?} {easy:?}");
    }
}
