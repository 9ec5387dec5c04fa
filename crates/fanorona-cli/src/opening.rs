//! Random openings: where the self-play of matches, Texel samples and puzzles begins.

use fanorona_rules::{Game, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// A game of `variant` after `turns` random turns drawn with `seed` (fewer if it ends first).
pub fn random_opening(variant: Variant, turns: u32, seed: u64) -> Game {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Game::of_variant(variant);
    for _ in 0..turns {
        let legal = game.legal_turns();
        if legal.is_empty() {
            break;
        }
        // A legal turn from the list.
        let _ = game.play(&legal[rng.random_range(0..legal.len())]);
    }
    game
}
