//! Random openings: where the self-play of matches, Texel samples and puzzles begins; and the master's self-play from
//! them.

use std::sync::Arc;

use fanorona_ai::tablebase::Tablebase;
use fanorona_ai::{Level, Limits, Resumable, Search, TranspositionTable};
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

/// A game the master played on against itself, and what its searches found.
pub struct Played {
    /// The game, from the opening it was given.
    pub game: Game,
    /// The score of each search, for the side to move: one for each position the master played a turn from, in order
    /// (the first is the position the opening ended on).
    pub scores: Vec<i32>,
}

/// `game` played on by the master against itself at `limits` a turn (searches seeded with `seed`, probing `tablebase`
/// if given, one transposition table kept from turn to turn), until it ends or has `most_turns` turns.
pub fn self_play(
    mut game: Game,
    limits: Limits,
    seed: u64,
    tablebase: Option<Arc<Tablebase>>,
    most_turns: usize,
) -> Played {
    let mut table: Option<TranspositionTable> = None;
    let mut scores = Vec::new();
    while !game.is_over() && game.turns().len() < most_turns {
        let mut search = Search::for_level(&game, Level::Master, limits, seed);
        if let Some(tablebase) = &tablebase {
            search = search.with_tablebase(Arc::clone(tablebase));
        }
        if let Some(kept) = table.take() {
            search = search.with_table(kept);
        }
        let result = search.run();
        table = search.take_table();
        match result.best {
            Some(turn) if game.play(&turn).is_ok() => scores.push(result.score),
            _ => break,
        }
    }
    Played { game, scores }
}
