//! The Fanorona computer opponent.
//!
//! - [`Level`]: five levels from a beginner a new player can beat to the full engine.
//! - [`Search`]: an iterative-deepening principal-variation alpha-beta search over whole turns, with a
//!   transposition table, move ordering (table move, captures by size, killers, history), quiescence over the
//!   compulsory captures, draw awareness (repetition, the 50-turn rule) and limits in time, depth and nodes. It is
//!   resumable: [`Search::step`] advances it by a node budget, so a single-threaded program can think a few
//!   milliseconds per frame; [`Search::run`] runs it to the end. The master level adds aspiration windows, late
//!   move reductions and staged move picking (the table move before the other turns are generated).
//! - [`TranspositionTable`]: kept from one search to the next ([`Search::with_table`], [`Search::take_table`]),
//!   with generations so that old entries are replaced first.
//! - [`telo`]: fanoron-telo solved exactly; the master level plays it perfectly.
//!
//! ```
//! use fanorona_ai::{Level, Limits, Search};
//! use fanorona_rules::{Game, Variant};
//! let game = Game::of_variant(Variant::Tsivy);
//! let result = Search::for_level(&game, Level::Classic, Limits::NONE, 1).run();
//! assert!(game.position().legal_turns().contains(&result.best.unwrap()));
//! ```

mod eval;
mod level;
mod search;
pub mod telo;
mod tt;

pub use eval::{Eval, Weights, evaluate};
pub use level::{Level, ParseLevelError};
pub use search::{Limits, MATE, Search, SearchResult, Status};
pub use tt::TranspositionTable;

use fanorona_rules::{Game, Turn, Variant};

impl Search {
    /// A search of the game's current position at `level`. Without a time or depth limit, the master level
    /// thinks for one second. `seed` makes the lower levels' randomness reproducible.
    pub fn for_level(game: &Game, level: Level, limits: Limits, seed: u64) -> Search {
        Search::with_eval(game, level, level.config().eval, limits, seed)
    }

    /// A search at `level` with another evaluation (for tuning the evaluation by self-play).
    pub fn with_eval(game: &Game, level: Level, eval: Eval, limits: Limits, seed: u64) -> Search {
        let mut config = level.config();
        config.eval = eval;
        let mut limits = limits;
        if limits.time.is_none() && limits.depth.is_none() {
            limits.time = config.default_time;
        }
        let mut search = Search::new(game, config, limits, seed);
        if level == Level::Master && game.position().variant() == Variant::Telo {
            search.preset(telo::best_turn(game.position()));
        }
        search
    }
}

/// One line of an analysis: a turn, its score for the side to move, and the expected continuation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The turn.
    pub turn: Turn,
    /// Its score for the side to move (hundredths of a piece, or near ±[`MATE`]).
    pub score: i32,
    /// The continuation, starting with `turn`.
    pub pv: Vec<Turn>,
}

/// The best `n` turns of the game's current position, each searched to `depth` turns by the master engine, best
/// first (for hints and post-game review).
pub fn analyze(game: &Game, depth: u32, n: usize) -> Vec<Line> {
    let mut lines: Vec<Line> = game
        .legal_turns()
        .into_iter()
        .map(|turn| {
            let mut after = game.clone();
            // The turn comes from the legal list, so playing it succeeds.
            let _ = after.play(&turn);
            let reply = Search::for_level(&after, Level::Master, Limits::depth(depth.saturating_sub(1).max(1)), 0);
            let result = if after.is_over() { None } else { Some(reply) }.map(|mut s| s.run());
            let score = match (&result, after.outcome()) {
                (_, Some(outcome)) => match outcome.winner() {
                    Some(w) if w == game.position().side_to_move() => MATE - 1,
                    Some(_) => -(MATE - 1),
                    None => 0,
                },
                (Some(r), None) => -r.score,
                (None, None) => 0,
            };
            let mut pv = vec![turn];
            pv.extend(result.map(|r| r.pv).unwrap_or_default());
            Line { turn, score, pv }
        })
        .collect();
    lines.sort_by_key(|l| std::cmp::Reverse(l.score));
    lines.truncate(n);
    lines
}
