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

/// `game` played on by the master against itself at `limits` a turn (searches seeded with `seed`, probing `tablebase`
/// if given, one transposition table kept from turn to turn), until it ends or has `most_turns` turns.
pub fn self_play(
    mut game: Game,
    limits: Limits,
    seed: u64,
    tablebase: Option<Arc<Tablebase>>,
    most_turns: usize,
) -> Game {
    let mut table: Option<TranspositionTable> = None;
    while !game.is_over() && game.turns().len() < most_turns {
        let mut search = Search::for_level(&game, Level::Master, limits, seed);
        if let Some(tablebase) = &tablebase {
            search = search.with_tablebase(Arc::clone(tablebase));
        }
        if let Some(kept) = table.take() {
            search = search.with_table(kept);
        }
        let best = search.run().best;
        table = search.take_table();
        match best {
            Some(turn) if game.play(&turn).is_ok() => {}
            _ => break,
        }
    }
    game
}
