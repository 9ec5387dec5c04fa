//! The Fanorona computer opponent.
//!
//! - [`Level`]: five levels from a beginner a new player can beat to the full engine.
//! - [`Search`]: an iterative-deepening principal-variation alpha-beta search over whole turns, with a
//!   transposition table, move ordering (table move, captures by size, killers, history), quiescence over the
//!   compulsory captures, draw awareness (repetition, the 50-turn rule) and limits in time, depth and nodes. The
//!   master level adds aspiration windows, late move reductions and staged move picking (the table move before the
//!   other turns are generated).
//! - [`Resumable`]: the one way engine work runs: [`Resumable::step`] advances a search, an analysis, a review or a
//!   table build by a node budget, so a single-threaded program can think a few milliseconds per frame;
//!   [`Resumable::run`] runs it to the end.
//! - Parallel search ([`Search::with_threads`], Lazy SMP on a shared table) and thinking on the opponent's time
//!   ([`Search::ponder`], [`Ponder`]) for the programs that have threads.
//! - [`TranspositionTable`]: kept from one search to the next ([`Search::with_table`], [`Search::take_table`]),
//!   with generations so that old entries are replaced first.
//! - [`Analysis`]: the best few lines of a position (multi-line analysis), resumable like the search.
//! - [`puzzle`]: positions where one turn wins (`fanorona-puzzles`), found in games and checked at a node budget.
//! - [`review`]: a game reviewed turn by turn, each turn classified against the engine's best.
//! - [`telo`]: fanoron-telo solved exactly; the master level plays it perfectly.
//! - [`tablebase`]: perfect endgame tables of tsivy and dimy (up to four or five pieces); the strong and master levels
//!   play them perfectly when given them ([`Search::with_tablebase`]).
//! - [`Book`]: the opening book of tsivy, from long searches; the master level plays it when given it
//!   ([`Search::with_book`]).
//!
//! ```
//! use fanorona_ai::{Level, Limits, Resumable, Search};
//! use fanorona_rules::{Game, Variant};
//! let game = Game::of_variant(Variant::Tsivy);
//! let result = Search::for_level(&game, Level::Classic, Limits::NONE, 1).run();
//! assert!(game.position().legal_turns().contains(&result.best.unwrap()));
//! ```

mod analysis;
mod book;
mod eval;
mod level;
mod ponder;
pub mod puzzle;
pub mod review;
mod search;
pub mod tablebase;
pub mod telo;
mod tt;
mod work;

pub use analysis::{Analysis, Line, analyze, line_text, outcome_score};
pub use book::{Book, BookEntry, BookError, ParseBookEntryError};
pub use eval::learned::{self, Learned};
pub use eval::{Eval, Weights, evaluate};
pub use level::{Level, ParseLevelError};
pub use ponder::Ponder;
pub use search::{Limits, MATE, PonderHandle, Search, SearchResult, TB_WIN};
pub use tt::TranspositionTable;
pub use work::Resumable;

use fanorona_rules::{Game, Variant};

impl Search {
    /// A search of the game's current position at `level`. Without a time, depth or node limit, the master level
    /// thinks for one second. `seed` makes the lower levels' randomness reproducible.
    pub fn for_level(game: &Game, level: Level, limits: Limits, seed: u64) -> Search {
        Search::with_eval(game, level, level.config().eval, limits, seed)
    }

    /// A search at `level` with another evaluation (for tuning the evaluation by self-play).
    pub fn with_eval(game: &Game, level: Level, eval: Eval, limits: Limits, seed: u64) -> Search {
        let mut config = level.config();
        config.eval = eval;
        let mut limits = limits;
        if limits.time.is_none() && limits.depth.is_none() && limits.nodes.is_none() {
            limits.time = config.default_time;
        }
        let mut search = Search::new(game, config, limits, seed);
        if level == Level::Master && game.position().variant() == Variant::Telo {
            search.preset(telo::best_turn(game.position()));
        }
        search
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node limit is a limit of its own: the master's default second would make a tuning match that gives each
    /// engine so many nodes depend on the machine's speed.
    #[test]
    fn a_node_limit_alone_sets_no_default_time() {
        let game = Game::of_variant(Variant::Tsivy);
        let eval = Level::Master.eval();
        let by_nodes = Search::with_eval(&game, Level::Master, eval, Limits { nodes: Some(10), ..Limits::NONE }, 1);
        assert_eq!(by_nodes.limits.time, None);
        let unlimited = Search::with_eval(&game, Level::Master, eval, Limits::NONE, 1);
        assert_eq!(unlimited.limits.time, Level::Master.config().default_time);
    }
}
