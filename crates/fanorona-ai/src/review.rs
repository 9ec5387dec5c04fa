//! Post-game review: every position of a game searched by the master engine, each turn classified by how much of
//! the mover's winning chances it gave away against the engine's best turn.
//!
//! The model, as chess review tools do it:
//! - A score `s` (hundredths of a piece, for the side to move) is an expected result
//!   `p(s) = 1 / (1 + e^(-s / 250))` between 0 (lost) and 1 (won); a forced win or loss is 1 or 0. One piece up is
//!   about 60%, three pieces 77%, five 88%.
//! - A turn's loss is `p(best) - p(after)`: the expected result of the engine's best turn minus that of the turn
//!   played, never below zero. The position before the turn is searched to the review's depth `d`; the position
//!   after it is scored by the same search one turn shallower (`d - 1`, an iteration the search of that position
//!   completes anyway), so both turns are looked at to the same horizon. Comparing scores one turn apart in
//!   depth would misread the swing between even and odd depths, which is large in a game of forced captures.
//! - Classes by loss: the engine's own turn is [`Class::Best`]; otherwise below 2% best too, below 5% good,
//!   below 10% an inaccuracy, below 20% a mistake, else a blunder.
//! - A turn's accuracy is `103.17 e^(-4.354 loss) - 3.17`, clamped to 0..100 (100 for no loss, about 80 for a 5%
//!   loss, 15 for a 40% loss); a side's accuracy is the mean over its turns.

use std::fmt;
use std::sync::Arc;

use fanorona_rules::{Game, Side, Turn};

use crate::analysis::outcome_score;
use crate::search::{Limits, MATE, Search};
use crate::tablebase::Tablebase;
use crate::tt::TranspositionTable;
use crate::work::Resumable;

/// The depth a review searches each position to, unless told otherwise.
pub const REVIEW_DEPTH: u32 = 7;

/// The score scale of the win-probability model: a lead of this many hundredths of a piece is e:1 odds.
const WIN_SCALE: f64 = 250.0;
/// Scores beyond this are forced wins or losses.
const MATE_BOUND: i32 = MATE - 1_000;

/// The expected result (0 lost, 1 won) of a position scored `score` for the side to move.
pub fn win_probability(score: i32) -> f64 {
    if score > MATE_BOUND {
        1.0
    } else if score < -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-f64::from(score) / WIN_SCALE).exp())
    }
}

/// A score for White as players read it: pieces with two decimals (`+1.25`, `-0.40`, `0.00`), a forced result in
/// `n` turns as `#+n` (White wins) or `#-n` (Black wins), a decided game as `1-0` or `0-1`.
pub fn score_text(score: i32) -> String {
    if score.abs() > MATE_BOUND {
        let plies = MATE - score.abs();
        let white = score > 0;
        return match (plies, white) {
            (0, true) => "1-0".to_owned(),
            (0, false) => "0-1".to_owned(),
            (_, true) => format!("#+{plies}"),
            (_, false) => format!("#-{plies}"),
        };
    }
    let sign = if score > 0 {
        "+"
    } else if score < 0 {
        "-"
    } else {
        ""
    };
    format!("{sign}{}.{:02}", score.abs() / 100, score.abs() % 100)
}

/// How good a turn was, against the engine's best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// The engine's turn, or one as good.
    Best,
    /// Lost a little (under 5%).
    Good,
    /// Lost 5% to 10%.
    Inaccuracy,
    /// Lost 10% to 20%.
    Mistake,
    /// Lost 20% or more.
    Blunder,
}

impl Class {
    /// Every class, best first.
    pub const ALL: [Class; 5] = [Class::Best, Class::Good, Class::Inaccuracy, Class::Mistake, Class::Blunder];

    /// The class of a turn that lost `loss` (0..1) of the expected result; `engine` when it is the engine's own.
    pub fn of(loss: f64, engine: bool) -> Class {
        if engine || loss < 0.02 {
            Class::Best
        } else if loss < 0.05 {
            Class::Good
        } else if loss < 0.10 {
            Class::Inaccuracy
        } else if loss < 0.20 {
            Class::Mistake
        } else {
            Class::Blunder
        }
    }

    /// The annotation symbol written after the turn (none for best and good turns).
    pub const fn symbol(self) -> &'static str {
        match self {
            Class::Best | Class::Good => "",
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    /// The class's name.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// Whether a better turn is worth showing.
    pub const fn is_error(self) -> bool {
        matches!(self, Class::Inaccuracy | Class::Mistake | Class::Blunder)
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The accuracy (0..100) of a turn that lost `loss` (0..1) of the expected result.
pub fn accuracy(loss: f64) -> f64 {
    (103.1668 * (-4.354 * loss.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// The review of one turn.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnReview {
    /// The side that played it.
    pub side: Side,
    /// The turn played.
    pub played: Turn,
    /// Its class.
    pub class: Class,
    /// The expected result it gave away (0..1).
    pub loss: f64,
    /// The engine's line from the position before the turn, starting with its best turn (empty when the engine
    /// had nothing to say).
    pub best: Vec<Turn>,
}

impl TurnReview {
    /// The engine's better turn, if the one played was an error.
    pub fn better(&self) -> Option<Turn> {
        if self.class.is_error() { self.best.first().copied() } else { None }
    }
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The score of every position of the game, from the start to the end, for White (hundredths of a piece, or
    /// ±[`MATE`] for a game decided there).
    pub scores: Vec<i32>,
    /// Every turn, in order.
    pub turns: Vec<TurnReview>,
    /// The depth each position was searched to.
    pub depth: u32,
}

impl Review {
    /// The mean accuracy of `side`'s turns (100 when it played none).
    pub fn accuracy(&self, side: Side) -> f64 {
        let mine: Vec<f64> = self.turns.iter().filter(|t| t.side == side).map(|t| accuracy(t.loss)).collect();
        if mine.is_empty() { 100.0 } else { mine.iter().sum::<f64>() / mine.len() as f64 }
    }

    /// How many of `side`'s turns fell in each class, in the order of [`Class::ALL`].
    pub fn counts(&self, side: Side) -> [usize; 5] {
        let mut counts = [0; 5];
        for turn in self.turns.iter().filter(|t| t.side == side) {
            counts[turn.class as usize] += 1;
        }
        counts
    }
}

/// A searched position: its score for the side to move, the same one turn shallower, and the engine's line
/// (empty at the end of the game).
struct Found {
    score: i32,
    shallow: i32,
    line: Vec<Turn>,
}

/// A resumable review of a game: one search per position, so a program can review a few milliseconds per frame
/// ([`Resumable::step`]) or all at once on a thread ([`Resumable::run`]).
pub struct Reviewer {
    game: Game,
    depth: u32,
    /// The game up to the position being searched.
    prefix: Game,
    /// What each position searched so far gave.
    found: Vec<Found>,
    search: Option<Search>,
    table: Option<TranspositionTable>,
    tablebase: Option<Arc<Tablebase>>,
}

impl Reviewer {
    /// A review of `game`'s turns (up to its current position), each position searched to `depth`.
    pub fn new(game: &Game, depth: u32) -> Reviewer {
        Reviewer {
            game: game.clone(),
            depth: depth.max(1),
            prefix: Game::new(*game.start()),
            found: Vec::new(),
            search: None,
            table: None,
            tablebase: None,
        }
    }

    /// Gives the searches the endgame tables (see [`Search::with_tablebase`]): positions of an ending in the tables
    /// are judged exactly.
    pub fn with_tablebase(mut self, tables: Arc<Tablebase>) -> Reviewer {
        self.tablebase = Some(tables);
        self
    }

    /// Positions searched so far and in all (the start, and the position after each turn).
    pub fn positions(&self) -> (usize, usize) {
        (self.found.len(), self.game.turns().len() + 1)
    }

    fn review(&self) -> Review {
        let start = self.game.start().side_to_move();
        let scores = self
            .found
            .iter()
            .enumerate()
            .map(|(ply, line)| if (ply % 2 == 0) == (start == Side::White) { line.score } else { -line.score })
            .collect();
        let turns = self
            .game
            .turns()
            .iter()
            .zip(self.found.windows(2))
            .enumerate()
            .map(|(ply, (&played, pair))| {
                let side = if ply % 2 == 0 { start } else { !start };
                let engine = pair[0].line.first() == Some(&played);
                let loss = if engine {
                    0.0
                } else {
                    (win_probability(pair[0].score) - win_probability(-pair[1].shallow)).max(0.0)
                };
                TurnReview { side, played, class: Class::of(loss, engine), loss, best: pair[0].line.clone() }
            })
            .collect();
        Review { scores, turns, depth: self.depth }
    }
}

impl Resumable for Reviewer {
    type Output = Review;

    /// Searches about `budget` more nodes; the review once every position is searched.
    fn step(&mut self, budget: u64) -> Option<Review> {
        let mut budget = budget.max(1);
        while self.found.len() <= self.game.turns().len() {
            let index = self.found.len();
            if let Some(outcome) = self.prefix.outcome() {
                let side = self.prefix.position().side_to_move();
                let score = outcome_score(outcome, side);
                self.found.push(Found { score, shallow: score, line: Vec::new() });
            } else {
                let mut search = self.search.take().unwrap_or_else(|| {
                    let mut search = Search::for_analysis(&self.prefix, Limits::depth(self.depth));
                    if let Some(tables) = &self.tablebase {
                        search = search.with_tablebase(Arc::clone(tables));
                    }
                    match self.table.take() {
                        Some(table) => search.with_table(table),
                        None => search,
                    }
                });
                let before = search.nodes();
                let found = search.step(budget);
                budget = budget.saturating_sub(search.nodes() - before);
                match found {
                    None => {
                        self.search = Some(search);
                        return None;
                    }
                    Some(result) => {
                        self.table = search.take_table();
                        let line = match result.best {
                            Some(best) if result.pv.first() != Some(&best) => vec![best],
                            _ => result.pv,
                        };
                        // A search that stopped before the last depth (a forced result) has the same score there.
                        let shallow = search.score_at_depth(self.depth - 1).unwrap_or(result.score);
                        self.found.push(Found { score: result.score, shallow, line });
                    }
                }
            }
            if let Some(turn) = self.game.turns().get(index) {
                // The turns come from a game, so each is legal where it is played.
                if self.prefix.play(turn).is_err() {
                    break;
                }
            }
            if budget == 0 {
                return None;
            }
        }
        Some(self.review())
    }

    /// The share of positions searched.
    fn progress(&self) -> f32 {
        let (done, all) = self.positions();
        done as f32 / all as f32
    }
}
