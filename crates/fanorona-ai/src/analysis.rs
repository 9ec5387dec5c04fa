//! The best few lines of a position (multi-line analysis), found one after another by the master engine: the best
//! turn, then the best of the others, and so on.

use std::sync::Arc;

use fanorona_rules::{Game, Outcome, Side, Turn};

use crate::level::Level;
use crate::search::{Limits, MATE, Search};
use crate::tablebase::Tablebase;
use crate::tt::TranspositionTable;
use crate::work::Resumable;

/// One line of an analysis: a turn, its score for the side to move, and the expected continuation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The turn.
    pub turn: Turn,
    /// Its score for the side to move (hundredths of a piece, or near ±[`MATE`]).
    pub score: i32,
    /// The continuation, starting with `turn`.
    pub pv: Vec<Turn>,
    /// The depth it was searched to.
    pub depth: u32,
}

/// A resumable multi-line analysis of a game's current position by the master engine.
///
/// Each line is a search of the position without the turns of the lines before it, all sharing one
/// transposition table, so the later searches reuse most of the first one's work.
pub struct Analysis {
    game: Game,
    limits: Limits,
    wanted: usize,
    lines: Vec<Line>,
    search: Option<Search>,
    table: Option<TranspositionTable>,
    tablebase: Option<Arc<Tablebase>>,
    threads: usize,
}

impl Analysis {
    /// An analysis of the game's current position for `lines` lines, each search limited by `limits`. A finished
    /// game has no lines.
    pub fn new(game: &Game, limits: Limits, lines: usize) -> Analysis {
        let wanted = if game.is_over() { 0 } else { lines.min(game.position().legal_turns().len()) };
        Analysis {
            game: game.clone(),
            limits,
            wanted,
            lines: Vec::new(),
            search: None,
            table: None,
            tablebase: None,
            threads: 1,
        }
    }

    /// Uses `table` for the searches (see [`Search::with_table`]).
    pub fn with_table(mut self, table: TranspositionTable) -> Analysis {
        self.table = Some(table);
        self
    }

    /// Gives the searches the endgame tables (see [`Search::with_tablebase`]): a line's score in an ending in the
    /// tables is exact.
    pub fn with_tablebase(mut self, tables: Arc<Tablebase>) -> Analysis {
        self.tablebase = Some(tables);
        self
    }

    /// Searches each line with `threads` threads (see [`Search::with_threads`]).
    pub fn with_threads(mut self, threads: usize) -> Analysis {
        self.threads = threads;
        self
    }

    /// Takes the transposition table back once the analysis is done (or to end it early).
    pub fn take_table(&mut self) -> Option<TranspositionTable> {
        self.search.as_mut().and_then(Search::take_table).or_else(|| self.table.take())
    }

    /// The lines found so far, best first.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Whether every line asked for is found.
    pub fn is_done(&self) -> bool {
        self.lines.len() >= self.wanted
    }

    /// Nodes searched by the line in progress (for progress reports).
    pub fn nodes(&self) -> u64 {
        self.search.as_ref().map_or(0, Search::nodes)
    }
}

impl Resumable for Analysis {
    type Output = Vec<Line>;

    /// Searches about `budget` more nodes; the lines, best first, once every line asked for is found.
    fn step(&mut self, budget: u64) -> Option<Vec<Line>> {
        if self.is_done() {
            return Some(self.lines.clone());
        }
        let mut search = match self.search.take() {
            Some(search) => search,
            None => {
                let excluded: Vec<Turn> = self.lines.iter().map(|line| line.turn).collect();
                let mut search =
                    Search::for_analysis(&self.game, self.limits).excluding(&excluded).with_threads(self.threads);
                if let Some(tables) = &self.tablebase {
                    search = search.with_tablebase(Arc::clone(tables));
                }
                match self.table.take() {
                    Some(table) => search.with_table(table),
                    None => search,
                }
            }
        };
        match search.step(budget) {
            None => self.search = Some(search),
            Some(result) => {
                self.table = search.take_table();
                match result.best {
                    Some(turn) => {
                        let mut pv = result.pv;
                        if pv.first() != Some(&turn) {
                            pv = vec![turn];
                        }
                        self.lines.push(Line { turn, score: result.score, pv, depth: result.depth });
                        // Later lines are searched with what the earlier ones stored; a deeper look can still
                        // score one above its predecessor.
                        self.lines.sort_by_key(|line| std::cmp::Reverse(line.score));
                    }
                    // No turn left to search (cannot happen while fewer lines than turns are found).
                    None => self.wanted = self.lines.len(),
                }
            }
        }
        self.is_done().then(|| self.lines.clone())
    }
}

impl Search {
    /// The master engine's search of the game's position for analysis and review: no opening randomness, no
    /// solved shortcut (so its score and line are real), one default second unless `limits` say otherwise.
    pub fn for_analysis(game: &Game, limits: Limits) -> Search {
        let config = Level::Master.config();
        let mut limits = limits;
        if limits.time.is_none() && limits.depth.is_none() && limits.nodes.is_none() {
            limits.time = config.default_time;
        }
        Search::new(game, config, limits, 0)
    }
}

/// A line as players write it: the first `most` turns in notation, separated by spaces, and ` ...` when the line
/// goes on.
pub fn line_text(turns: &[Turn], most: usize) -> String {
    let shown: Vec<String> = turns.iter().take(most).map(ToString::to_string).collect();
    let more = if turns.len() > most { " ..." } else { "" };
    format!("{}{more}", shown.join(" "))
}

/// The score of a finished game for `side`: a won or lost game scores like a win or loss found by the search.
pub fn outcome_score(outcome: Outcome, side: Side) -> i32 {
    match outcome.winner() {
        Some(winner) if winner == side => MATE,
        Some(_) => -MATE,
        None => 0,
    }
}

/// The best `n` turns of the game's current position, each searched to `depth` turns by the master engine, best
/// first.
pub fn analyze(game: &Game, depth: u32, n: usize) -> Vec<Line> {
    Analysis::new(game, Limits::depth(depth), n).run()
}
