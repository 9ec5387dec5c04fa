//! A resumable alpha-beta search over whole turns.
//!
//! The search keeps its own stack of frames instead of recursing, so it can stop after any number of nodes and
//! go on later from exactly where it was: [`Resumable::step`] advances it by a node budget (a few milliseconds of
//! work per frame in a single-threaded web build), [`Resumable::run`] runs it to the end (on a desktop thread).

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use fanorona_rules::{FIFTY_TURNS, Game, PointSet, Position, Turn};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use web_time::Instant;

use crate::book::{Book, BookEntry};
use crate::eval::evaluate_with;
use crate::level::Config;
use crate::tablebase::{Tablebase, TbResult, best_of};
use crate::tt::{Bound, Entry, TranspositionTable};
use crate::work::Resumable;

/// The score of a won position at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// The score of an ending the tables say is won, less its distance and its ply: above every evaluation, below
/// every mate the search proves by itself (the table's distance is to a won capture, not to the end).
pub const TB_WIN: i32 = 20_000;
const INF: i32 = 32_000;
/// Capture turns followed at each quiescence node (the largest first).
const Q_WIDTH: usize = 3;
/// Scores beyond this are wins or losses.
const MATE_BOUND: i32 = MATE - 1_000;
/// The first aspiration window around the previous iteration's score, each side (hundredths of a piece).
const ASPIRATION: i32 = 40;
/// A window wider than this is opened completely.
const ASPIRATION_MAX: i32 = 400;
/// Aspiration windows start at this iteration (the first ones are cheap and their scores jump).
const ASPIRATION_FROM: u32 = 4;
/// Late move reductions apply from this remaining depth, after this many turns of a node.
const LMR_DEPTH: i32 = 3;
const LMR_AFTER: usize = 3;
/// Late captures are reduced after this many turns of a node (and only those that take at most half as much as the
/// largest capture).
const CAPTURE_LMR_AFTER: usize = 5;
/// Ordering keys: the table move, captures, killers, then history below `KILLER_KEY - 1`.
const TT_KEY: i32 = 1 << 30;
const CAPTURE_KEY: i32 = 1 << 20;
const KILLER_KEY: i32 = 1 << 19;
const HISTORY_MAX: u32 = 1 << 18;
/// The key of a child already picked, below every other.
const PICKED: i32 = i32::MIN;

/// What may end a search early.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this much thinking time.
    pub time: Option<Duration>,
    /// Search at most this many plies (overrides the level's own depth if smaller).
    pub depth: Option<u32>,
    /// Stop after this many nodes (deterministic, unlike time).
    pub nodes: Option<u64>,
}

impl Limits {
    /// No limit beyond the level's own.
    pub const NONE: Limits = Limits { time: None, depth: None, nodes: None };

    /// A time limit.
    pub fn time(duration: Duration) -> Limits {
        Limits { time: Some(duration), ..Limits::NONE }
    }

    /// A depth limit.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::NONE }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen turn (`None` only when there is no legal turn).
    pub best: Option<Turn>,
    /// Its score for the side to move, in hundredths of a piece (or near ±[`MATE`] for a forced result).
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected continuation, starting with `best`.
    pub pv: Vec<Turn>,
}

/// A child of a frame: a legal turn, the enemy pieces it takes, and its ordering key. It is played only when
/// picked (most frames end after a few children), from what it takes.
#[derive(Clone, Copy)]
struct Child {
    turn: Turn,
    /// The pieces the turn takes, known for generated turns; `None` for the table move tried before generation.
    taken: Option<PointSet>,
    key: i32,
}

/// How the child being searched was given its window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Probe {
    /// The frame's own window: the score counts as it is.
    Full,
    /// A null window (principal variation search): a score inside the window means a search again, in full.
    Null,
    /// A null window at reduced depth (late move reduction): a score above alpha means a search again at full
    /// depth.
    Reduced,
}

/// One node of the search in progress.
struct Frame {
    pos: Position,
    depth: i32,
    alpha: i32,
    beta: i32,
    orig_alpha: i32,
    /// The children generated so far, in the order of generation (a picked child's key is [`PICKED`]).
    children: Vec<Child>,
    /// Children picked so far.
    next: usize,
    /// The index in `children` of the child being searched (the last one picked).
    current: usize,
    /// The position after the child being searched (the last one picked).
    child_pos: Position,
    /// Children to pick at most (the widest captures only, in quiescence).
    limit: usize,
    /// Whether every legal turn is in `children` (otherwise only the table move is, to be tried before
    /// generating the rest).
    generated: bool,
    tt_move: Option<Turn>,
    best: i32,
    best_move: Option<Turn>,
    /// How the child being searched was given its window.
    probe: Probe,
    /// Forced-capture plies already added below the nominal depth.
    qdepth: u32,
    /// The pieces that can begin a capture: when there are any, a capture is compulsory (every turn is one).
    capturers: PointSet,
    /// The most pieces a capture generated by [`Search::generate`] takes (0 before generation, or without a capture).
    widest: u32,
}

impl Frame {
    /// The quiescence plies used by this frame's children (one more below the nominal depth).
    fn child_qdepth(&self) -> u32 {
        self.qdepth + u32::from(self.depth <= 0)
    }
}

/// A resumable search of one position for one level.
pub struct Search {
    root: Position,
    config: Config,
    pub(crate) limits: Limits,
    rng: Xoshiro256PlusPlus,
    tt: Option<TranspositionTable>,
    /// Whether `tt` was set up (the level's own table is made when the search starts, unless one was handed in).
    tt_ready: bool,
    /// A table handed in for a level that uses none, kept to be handed back.
    unused_table: Option<TranspositionTable>,
    killers: Vec<[Option<Turn>; 2]>,
    history: Vec<u32>,
    /// Hashes of the game's earlier positions that can still repeat, then of the search path (root included).
    path: Vec<u64>,
    stack: Vec<Frame>,
    spare: Vec<Vec<Child>>,
    pending: Option<i32>,
    /// Exact scores of the root turns in the current iteration (levels that add noise search them all fully).
    root_scores: Vec<(Turn, i32)>,
    /// Root turns left out of the search (the lines already found by a multi-line analysis).
    excluded: Vec<Turn>,
    iteration: u32,
    /// The aspiration window of the current iteration, below and above the previous score.
    window: (i32, i32),
    /// The current iteration failed outside its aspiration window and is searched again with a wider one.
    research: bool,
    max_depth: u32,
    nodes: u64,
    /// Probes of the transposition table that found an entry another thread of the search stored.
    shared_hits: u64,
    /// Whether the search has begun (its first step was taken).
    begun: bool,
    /// When the limits began to count, and the nodes searched before: when the search begins, or when a search
    /// pondering is told its guess was right. `None` before that.
    clock: Option<(Instant, u64)>,
    /// Set while the search thinks on the opponent's time (see [`Search::ponder`]).
    pondering: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    /// Threads in all, this one included (see [`Search::with_threads`]).
    threads: usize,
    /// The helper threads of a parallel search, while they run.
    helpers: Option<Helpers>,
    /// In a helper thread: how it reports to the main thread.
    report: Option<Report>,
    completed: Option<SearchResult>,
    /// The score of each completed iteration by depth, the first one's first (`None` for a depth a
    /// non-iterative search skipped).
    iteration_scores: Vec<Option<i32>>,
    result: Option<SearchResult>,
    /// Endgame tables, for the levels that use them.
    tablebase: Option<Arc<Tablebase>>,
    /// The opening book's entry for the root, for the levels that play the book.
    book_entry: Option<BookEntry>,
}

impl Search {
    /// A search of the game's current position (its history counts for repetitions).
    pub(crate) fn new(game: &Game, config: Config, limits: Limits, seed: u64) -> Search {
        let root = *game.position();
        let positions = game.positions();
        let since = positions.len().saturating_sub(usize::from(root.quiet_turns()) + 1);
        let path: Vec<u64> = positions[since..].iter().map(Position::hash).collect();
        Search::of_root(root, path, config, limits, seed)
    }

    /// A search of `root`, `path` the hashes of the game's positions that can still repeat, `root`'s last.
    fn of_root(root: Position, path: Vec<u64>, config: Config, limits: Limits, seed: u64) -> Search {
        let max_depth = limits.depth.map_or(config.depth, |d| d.min(config.depth)).max(1);
        Search {
            root,
            config,
            limits,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            // Made when the search starts, unless one is handed in first.
            tt: None,
            tt_ready: false,
            unused_table: None,
            killers: Vec::new(),
            history: vec![0; 64 * 8],
            path,
            stack: Vec::new(),
            spare: Vec::new(),
            pending: None,
            root_scores: Vec::new(),
            excluded: Vec::new(),
            iteration: 0,
            window: (ASPIRATION, ASPIRATION),
            research: false,
            max_depth,
            nodes: 0,
            shared_hits: 0,
            begun: false,
            clock: None,
            pondering: Arc::new(AtomicBool::new(false)),
            stop: Arc::new(AtomicBool::new(false)),
            threads: 1,
            helpers: None,
            report: None,
            completed: None,
            iteration_scores: Vec::new(),
            result: None,
            tablebase: None,
            book_entry: None,
        }
    }

    /// Makes the search finish at once with this turn (a solved position).
    pub(crate) fn preset(&mut self, best: Option<Turn>) {
        self.result = Some(SearchResult { best, score: 0, depth: 0, nodes: 0, pv: best.into_iter().collect() });
    }

    /// Uses `table` as the transposition table, keeping what earlier searches stored in it (a new generation
    /// begins, so their entries are replaced first). Keeping one table across the turns of a game saves the work of
    /// searching again what the last search saw. Levels without a table leave it unused, and
    /// [`Search::take_table`] gives it back either way.
    pub fn with_table(mut self, mut table: TranspositionTable) -> Search {
        if self.config.tt_bits.is_some() && !self.tt_ready {
            table.next_generation();
            self.tt = Some(table);
            self.tt_ready = true;
        } else {
            self.unused_table = Some(table);
        }
        self
    }

    /// Uses endgame tables (strong and master only; other levels, and tables of another variant, leave them
    /// unused). A root position in the tables is answered at once with a perfect turn: the shortest win, else a
    /// draw, else the longest loss, a turn back into a position of the game since the last capture counting as a
    /// draw (the result's depth is 0, its score [`TB_WIN`] less the distance for a win, 0 for a draw). Inside the
    /// search, every position in the tables is a leaf with its exact value: a win scores [`TB_WIN`] less its
    /// distance and ply. Without tables the search is exactly as before.
    pub fn with_tablebase(mut self, tables: Arc<Tablebase>) -> Search {
        if self.config.tablebase && tables.variant() == self.root.variant() {
            self.tablebase = Some(tables);
        }
        self
    }

    /// Plays the opening book (master only; other levels leave it unused): a root position in the book is answered at
    /// once with its turn, its score and depth those of the long search that chose it, and no node searched. A
    /// multi-line analysis (some root turns left out) searches as usual.
    pub fn with_book(mut self, book: &Book) -> Search {
        if self.config.book {
            self.book_entry = book.probe(&self.root).copied();
        }
        self
    }

    /// Searches with `threads` threads in all (the master level; other levels search alone, as does a program without
    /// threads, such as a web page): the others help by searching the same position on the shared transposition
    /// table, at depths staggered from this thread's (Lazy SMP), and stop when this one does. This thread decides,
    /// taking a helper's turn when the helper completed a deeper iteration. With one thread (the default) the search
    /// is deterministic for its seed and node limit; with more it is not.
    pub fn with_threads(mut self, threads: usize) -> Search {
        self.threads = threads.clamp(1, MAX_THREADS);
        self
    }

    /// Thinks on the opponent's time: the search runs without its time and node limits (its depth limit and a stop
    /// still end it) until [`PonderHandle::hit`] says the position searched is the one the game reached; from then
    /// the limits count as if it had just begun, and what it found so far is kept. A wrong guess is simply dropped.
    pub fn ponder(self) -> Search {
        self.pondering.store(true, Ordering::Relaxed);
        self
    }

    /// The handle that ends [`Search::ponder`]'s thinking on the opponent's time, from another thread.
    pub fn ponder_handle(&self) -> PonderHandle {
        PonderHandle(Arc::clone(&self.pondering))
    }

    /// Leaves these root turns out: the search finds the best of the others (the second, third, ... line of an
    /// analysis). With every legal turn left out, the result has no best turn.
    pub fn excluding(mut self, turns: &[Turn]) -> Search {
        self.excluded = turns.to_vec();
        self
    }

    /// Takes the transposition table out of the search (for the next search: see [`Search::with_table`]). The
    /// search goes on without one if it is not finished.
    pub fn take_table(&mut self) -> Option<TranspositionTable> {
        self.tt_ready = true;
        self.tt.take().or_else(|| self.unused_table.take())
    }

    /// A flag that stops the search when set (from another thread, or the UI).
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Nodes searched so far, by every thread.
    pub fn nodes(&self) -> u64 {
        self.nodes + self.helpers.as_ref().map_or(0, Helpers::nodes)
    }

    /// Probes of this thread's search that found in the transposition table an entry another thread stored: how much
    /// of the helpers' work reaches the thread that decides (see [`Search::with_threads`]). 0 for a search alone on
    /// a new table (entries kept from an earlier parallel search count by the thread that stored them).
    pub fn shared_hits(&self) -> u64 {
        self.shared_hits
    }

    /// The thread of the parallel search this one is: 0 the main thread, a helper's number from 1.
    fn thread(&self) -> u8 {
        // Below MAX_THREADS (64): the table keeps six bits of it.
        self.report.as_ref().map_or(0, |report| report.index as u8)
    }

    /// The score of the completed iteration at `depth`, if the search got there (a review compares a turn's
    /// score at one depth with the score of the position after it one turn shallower).
    pub fn score_at_depth(&self, depth: u32) -> Option<i32> {
        let index = usize::try_from(depth).ok()?.checked_sub(1)?;
        self.iteration_scores.get(index).copied().flatten()
    }

    /// The deepest iteration completed so far (0 before the first).
    pub fn completed_depth(&self) -> u32 {
        self.completed.as_ref().map_or(0, |r| r.depth)
    }

    /// Answers a root position in the opening book with its turn (see [`Search::with_book`]), or one in the endgame
    /// tables with a perfect turn (see [`Search::with_tablebase`]). A multi-line analysis (some root turns left out)
    /// searches as usual.
    fn solve_root(&mut self) {
        if !self.excluded.is_empty() {
            return;
        }
        if let Some(entry) = self.book_entry {
            self.result = Some(SearchResult {
                best: Some(entry.turn),
                score: entry.score,
                depth: entry.depth,
                nodes: 0,
                pv: vec![entry.turn],
            });
            return;
        }
        let Some(tables) = self.tablebase.as_ref() else { return };
        let root = self.root;
        let best = best_of(tables.turn_values(&root).into_iter().map(|(turn, value)| {
            let after = root.play_unchecked(&turn);
            if self.repeats_game(&after) {
                return (turn, TbResult::Draw, 0);
            }
            (turn, value, tables.probe(&after).map_or(i32::MAX, |v| v.flip().rank()))
        }));
        if let Some((turn, value)) = best {
            self.result =
                Some(SearchResult { best: Some(turn), score: tb_score(value, 0), depth: 0, nodes: 0, pv: vec![turn] });
        }
    }

    /// Whether `pos`, a position after a root turn, occurred in the game since the last capture.
    fn repeats_game(&self, pos: &Position) -> bool {
        // The last entry is the root; the positions with the same side to move as `pos` are every second one
        // before it.
        self.path.iter().rev().skip(1).step_by(2).any(|&h| h == pos.hash())
    }

    fn out_of_resources(&mut self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        // Checking the clock costs; every 256 nodes is often enough (for a ponder hit too).
        let check = self.nodes.is_multiple_of(256);
        let (started, before) = match self.clock {
            Some(clock) => clock,
            None if check && !self.pondering.load(Ordering::Relaxed) => {
                *self.clock.insert((Instant::now(), self.nodes))
            }
            None => return false,
        };
        if check && let Some(report) = &self.report {
            report.nodes.store(self.nodes, Ordering::Relaxed);
        }
        // A helper that completed the last depth has found what this thread is looking for.
        if check && self.helpers.as_ref().is_some_and(|h| h.depth.load(Ordering::Relaxed) >= self.max_depth) {
            return true;
        }
        self.limits.nodes.is_some_and(|n| self.nodes - before >= n)
            || check && self.limits.time.is_some_and(|t| started.elapsed() >= t)
    }

    /// The best root turn of the iteration in progress and its score, if it scored above the iteration's lower
    /// bound (a turn that failed low against an aspiration window proves nothing).
    fn current_root_best(&self) -> Option<(Turn, i32)> {
        let root = self.stack.first()?;
        let turn = root.best_move?;
        (root.best > root.orig_alpha).then_some((turn, root.best))
    }

    /// Does one unit of work. Returns false when the search is complete.
    fn advance(&mut self) -> bool {
        if self.stack.is_empty() {
            return self.start_iteration();
        }
        if let Some(child_score) = self.pending.take() {
            self.child_returned(-child_score);
            return true;
        }
        let ply = self.stack.len() - 1;
        let Some(child) = self.pick(ply) else {
            self.leave();
            return true;
        };
        let config = self.config;
        let top = &mut self.stack[ply];
        let index = top.next;
        let (alpha, beta) = (top.alpha, top.beta);
        let full_root = ply == 0 && config.noise > 0;
        let qdepth = top.child_qdepth();
        let mut depth = top.depth - config.cost(&child.turn);
        let parent = top.pos;
        let (taken, played) = match child.taken {
            Some(taken) => (taken, None),
            None => {
                // The table move, not generated here: what it takes is found by playing it.
                let pos = parent.play_unchecked(&child.turn);
                let them = !parent.side_to_move();
                (parent.pieces(them) & !pos.pieces(them), Some(pos))
            }
        };
        if let Some(estimate) = delta_estimate(&config, top, taken) {
            // Delta pruning: even with the margin this capture cannot reach alpha. The estimate stands for its
            // score (an upper bound, as a fail-low would give), and the captures after it take no more pieces.
            if estimate > top.best {
                top.best = estimate;
                top.best_move = Some(child.turn);
            }
            // The table move comes first whatever its size; the others are picked largest first.
            if child.key != TT_KEY {
                self.leave();
            }
            return true;
        }
        let window = if full_root {
            top.probe = Probe::Full;
            (-INF, INF)
        } else if config.pvs && index > 1 {
            let reduction = reduction(&config, top, &child, index, ply);
            depth -= reduction;
            top.probe = if reduction > 0 { Probe::Reduced } else { Probe::Null };
            (-alpha - 1, -alpha)
        } else {
            top.probe = Probe::Full;
            (-beta, -alpha)
        };
        // Played only now: a child pruned above is never played.
        let pos = played.unwrap_or_else(|| parent.play_taking(&child.turn, taken));
        top.child_pos = pos;
        self.descend(pos, depth, window, ply + 1, qdepth);
        true
    }

    /// Starts the next iteration (or the current one again with a wider aspiration window). Returns false when the
    /// search is complete.
    fn start_iteration(&mut self) -> bool {
        if self.research {
            self.research = false;
        } else {
            if self.iteration >= self.max_depth || self.completed.as_ref().is_some_and(|r| r.score.abs() > MATE_BOUND) {
                return false;
            }
            self.iteration = if self.config.iterative { self.next_iteration() } else { self.max_depth };
            self.window = (ASPIRATION, ASPIRATION);
        }
        self.root_scores.clear();
        let (alpha, beta) = match &self.completed {
            Some(prev)
                if self.config.aspiration && self.iteration >= ASPIRATION_FROM && prev.score.abs() < MATE_BOUND =>
            {
                let (low, high) = self.window;
                let alpha = if low >= INF { -INF } else { prev.score - low };
                let beta = if high >= INF { INF } else { prev.score + high };
                (alpha, beta)
            }
            _ => (-INF, INF),
        };
        let depth = self.iteration as i32;
        if let Some(score) = self.enter(self.root, depth, alpha, beta, 0, 0) {
            // No legal turn at the root.
            self.completed =
                Some(SearchResult { best: None, score, depth: self.iteration, nodes: self.nodes, pv: Vec::new() });
            return false;
        }
        true
    }

    /// The depth of the next iteration: the next one, except in a helper, which skips some so that the threads of a
    /// parallel search do not all search the same depth at once (the pattern of Stockfish's Lazy SMP: helper `i`
    /// skips blocks of `SKIP_SIZE[i]` depths, every other block, from phase `SKIP_PHASE[i]`).
    fn next_iteration(&self) -> u32 {
        let mut depth = self.iteration + 1;
        if let Some(report) = &self.report {
            let i = (report.index - 1) % SKIP_SIZE.len();
            while depth < self.max_depth && ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]).is_multiple_of(2) {
                depth += 1;
            }
        }
        depth
    }

    /// The next child of the frame at `ply` to search, by best key. When only the table move was there, the other
    /// turns are generated first.
    fn pick(&mut self, ply: usize) -> Option<Child> {
        let top = &self.stack[ply];
        if top.next >= top.limit {
            return None;
        }
        if top.next >= top.children.len() {
            if top.generated {
                return None;
            }
            self.generate(ply);
        }
        let ordering = self.config.ordering;
        let top = &mut self.stack[ply];
        if top.next >= top.children.len() {
            return None;
        }
        let mut best = top.next;
        if ordering {
            // Selection instead of sorting: most nodes end after a few children. The first of the best keys is
            // taken and the children never move, so they come out exactly as a stable sort would give them.
            best = 0;
            for i in 1..top.children.len() {
                if top.children[i].key > top.children[best].key {
                    best = i;
                }
            }
        }
        let child = top.children[best];
        top.children[best].key = PICKED;
        top.current = best;
        top.next += 1;
        Some(child)
    }

    /// Generates the children of the frame at `ply` (apart from a table move already there) with their ordering
    /// keys.
    fn generate(&mut self, ply: usize) {
        let ordering = self.config.ordering;
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let history = &self.history;
        let frame = &mut self.stack[ply];
        frame.generated = true;
        let pos = frame.pos;
        let tt_move = frame.tt_move;
        let staged = frame.children.first().map(|c| c.turn);
        let excluded: &[Turn] = if ply == 0 { &self.excluded } else { &[] };
        let children = &mut frame.children;
        if !frame.capturers.is_empty() {
            // Every turn is a capture, and a child is played from what it takes, which the generator gathers as it
            // walks the chains (for every level: a capture played as taking nothing would leave the pieces it
            // takes on the board). With ordering, captures go by what they take; only the few picked are played
            // (in quiescence most frames end after one or two).
            let widest = &mut frame.widest;
            pos.for_each_capture_taking(frame.capturers, |turn, taken| {
                if Some(*turn) == staged || excluded.contains(turn) {
                    return;
                }
                // Of the turns generated here (a staged table move is not): the rule as it was measured.
                *widest = (*widest).max(taken.len());
                let size = taken.len() as i32;
                let key = if !ordering {
                    0
                } else if Some(*turn) == tt_move {
                    TT_KEY
                } else {
                    CAPTURE_KEY + size * 1000 + turn.len() as i32
                };
                children.push(Child { turn: *turn, taken: Some(taken), key });
            });
            return;
        }
        pos.for_each_turn(|turn| {
            if Some(*turn) == staged || excluded.contains(turn) {
                return;
            }
            // Without a compulsory capture every turn is a paika (or a telo placement): it takes nothing.
            let mut child = Child { turn: *turn, taken: Some(PointSet::EMPTY), key: 0 };
            if !ordering {
            } else if Some(*turn) == tt_move {
                child.key = TT_KEY;
            } else if Some(*turn) == killers[0] {
                child.key = KILLER_KEY;
            } else if Some(*turn) == killers[1] {
                child.key = KILLER_KEY - 1;
            } else {
                child.key = history[history_slot(turn)].min(HISTORY_MAX) as i32;
            }
            children.push(child);
        });
    }

    /// A child's score (from the frame's point of view) has come back.
    fn child_returned(&mut self, score: i32) {
        let ply = self.stack.len() - 1;
        let full_root = ply == 0 && self.config.noise > 0;
        let cost_of = |turn: &Turn| self.config.cost(turn);
        let top = &mut self.stack[ply];
        let child = top.children[top.current];
        let child_pos = top.child_pos;
        let (alpha, beta, qdepth) = (top.alpha, top.beta, top.child_qdepth());
        let depth = top.depth - cost_of(&child.turn);
        match top.probe {
            Probe::Reduced if score > alpha => {
                // A reduced search beat alpha: search again at full depth, still with a null window.
                top.probe = Probe::Null;
                self.descend(child_pos, depth, (-alpha - 1, -alpha), ply + 1, qdepth);
                return;
            }
            Probe::Null if score > alpha && score < beta => {
                // The null window failed high: search this child again with the full window.
                top.probe = Probe::Full;
                self.descend(child_pos, depth, (-beta, -alpha), ply + 1, qdepth);
                return;
            }
            _ => top.probe = Probe::Full,
        }
        if ply == 0 {
            self.root_scores.push((child.turn, score));
        }
        let top = &mut self.stack[ply];
        if score > top.best {
            top.best = score;
            top.best_move = Some(child.turn);
            if score > top.alpha && !full_root {
                top.alpha = score;
            }
        }
        if top.alpha >= top.beta {
            if self.config.ordering && !child.turn.is_capture() {
                let depth = self.stack[ply].depth;
                self.remember_cutoff(ply, child.turn, depth);
            }
            self.leave();
        }
    }

    fn remember_cutoff(&mut self, ply: usize, turn: Turn, depth: i32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(turn) {
            k[1] = k[0];
            k[0] = Some(turn);
        }
        let slot = history_slot(&turn);
        self.history[slot] = self.history[slot].saturating_add((depth.max(1) * depth.max(1)) as u32);
    }

    /// Searches a child: a leaf's score becomes pending at once, otherwise its frame is pushed.
    fn descend(&mut self, pos: Position, depth: i32, (alpha, beta): (i32, i32), ply: usize, qdepth: u32) {
        self.path.push(pos.hash());
        if let Some(score) = self.enter(pos, depth, alpha, beta, ply, qdepth) {
            self.path.pop();
            self.pending = Some(score);
        }
    }

    /// Closes the top frame: stores its result and hands its score to the parent.
    fn leave(&mut self) {
        let Some(frame) = self.stack.pop() else { return };
        let ply = self.stack.len();
        if ply > 0 {
            // The root's hash belongs to the game's history and stays.
            self.path.pop();
        }
        // A root searched without some of its turns has no true score to keep.
        let partial = ply == 0 && !self.excluded.is_empty();
        let writer = self.thread();
        // Only the main search stores, as only it probes (see `enter`).
        if let (Some(tt), true) = (self.tt.as_mut(), frame.depth > 0 && !partial) {
            let bound = if frame.best <= frame.orig_alpha {
                Bound::Upper
            } else if frame.best >= frame.beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            tt.store(Entry {
                key: frame.pos.hash(),
                best: frame.best_move,
                score: to_tt(frame.best, ply),
                depth: frame.depth,
                bound,
                writer,
            });
        }
        if ply == 0 {
            if !self.aspiration_failed(&frame) {
                self.iteration_done(&frame);
            }
        } else {
            self.pending = Some(frame.best);
        }
        let mut children = frame.children;
        children.clear();
        self.spare.push(children);
    }

    /// Whether the root's score fell outside the aspiration window; if so the window is widened on that side and
    /// the iteration will be searched again.
    fn aspiration_failed(&mut self, root: &Frame) -> bool {
        let widen = |d: i32| if d * 4 > ASPIRATION_MAX { INF } else { d * 4 };
        if root.best <= root.orig_alpha && root.orig_alpha > -INF {
            self.window.0 = widen(self.window.0);
        } else if root.best >= root.beta && root.beta < INF {
            self.window.1 = widen(self.window.1);
        } else {
            return false;
        }
        self.research = true;
        true
    }

    fn iteration_done(&mut self, root: &Frame) {
        let mut best = root.best_move;
        let mut score = root.best;
        if self.config.noise > 0 && !self.root_scores.is_empty() {
            let noise = self.config.noise;
            let mut noisy: Vec<(Turn, i32)> =
                self.root_scores.iter().map(|&(t, s)| (t, s + self.rng.random_range(-noise..=noise))).collect();
            noisy.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            if let Some(&(t, _)) = noisy.first() {
                best = Some(t);
                score = self.root_scores.iter().find(|(u, _)| *u == t).map_or(score, |&(_, s)| s);
            }
        }
        let pv = self.principal_variation(best);
        self.iteration_scores.resize(self.iteration.saturating_sub(1) as usize, None);
        self.iteration_scores.push(Some(score));
        let completed = SearchResult { best, score, depth: self.iteration, nodes: self.nodes, pv };
        if let Some(report) = &self.report {
            report.publish(&completed);
        }
        self.completed = Some(completed);
    }

    fn principal_variation(&self, best: Option<Turn>) -> Vec<Turn> {
        let mut pv = Vec::new();
        let mut pos = self.root;
        let mut next = best;
        while let Some(turn) = next {
            if pv.len() >= self.iteration as usize || pos.check_turn(&turn).is_err() {
                break;
            }
            pv.push(turn);
            pos = pos.play_unchecked(&turn);
            next = self.tt.as_ref().and_then(|tt| tt.probe(pos.hash())).and_then(|e| e.best);
        }
        pv
    }

    fn finish(&mut self) -> SearchResult {
        let mut result = self.completed.clone().unwrap_or(SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: self.nodes,
            pv: Vec::new(),
        });
        if let Some(current) = self.current_root_best() {
            // An unfinished iteration searches the previous best first, so any best it found is at least as good.
            if result.best != Some(current.0) {
                result.best = Some(current.0);
                result.score = current.1;
                result.pv = self.principal_variation(Some(current.0));
            }
        }
        let mut nodes = self.nodes;
        if let Some(mut helpers) = self.helpers.take() {
            nodes += helpers.stop();
            // A helper that completed a deeper iteration than this thread saw further.
            if let Some(deeper) = helpers.deepest().filter(|h| h.depth > result.depth && h.best.is_some()) {
                result = deeper;
            }
        }
        if result.best.is_none() {
            result.best = self.root.legal_turns().into_iter().find(|turn| !self.excluded.contains(turn));
        }
        if self.config.blunder > 0.0 && self.rng.random_bool(self.config.blunder) {
            let turns = self.root.legal_turns();
            if !turns.is_empty() {
                let pick = turns[self.rng.random_range(0..turns.len())];
                if Some(pick) != result.best {
                    result.best = Some(pick);
                    result.pv = vec![pick];
                }
            }
        }
        result.nodes = nodes;
        self.stack.clear();
        self.result = Some(result.clone());
        result
    }

    /// Starts searching a node: returns its score at once for a leaf, or pushes a frame and returns `None`.
    fn enter(
        &mut self,
        pos: Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        qdepth: u32,
    ) -> Option<i32> {
        self.nodes += 1;
        // Found once for the node: move generation and the evaluation use them again.
        let capturers = pos.capturing_pieces();
        if let Some(score) = self.leaf_score(&pos, depth, ply, qdepth, capturers) {
            return Some(score);
        }
        let mut tt_move = None;
        // The table serves the main search only. From the nominal depth down it would give at best a move to try
        // first, for a probe that misses the cache nearly every time: without it the nodes to depth 10 changed by
        // -15% to +2.5% over the bench positions, and the time fell by about a tenth (see docs/TUNING.md).
        if let Some(entry) = self.tt.as_ref().filter(|_| depth > 0).and_then(|tt| tt.probe(pos.hash())) {
            if entry.writer != self.thread() {
                self.shared_hits += 1;
            }
            tt_move = entry.best;
            if ply > 0 && entry.depth >= depth {
                let score = from_tt(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return Some(score),
                    Bound::Lower => alpha = alpha.max(score),
                    Bound::Upper => beta = beta.min(score),
                }
                if alpha >= beta {
                    return Some(score);
                }
            }
        }
        let mut children = self.spare.pop().unwrap_or_default();
        // Staged: the table move is searched before the other turns are generated, which a cut-off often spares.
        if let (true, Some(turn)) = (self.config.staged && self.config.ordering, tt_move)
            && pos.check_turn(&turn).is_ok()
            && !(ply == 0 && self.excluded.contains(&turn))
        {
            children.push(Child { turn, taken: None, key: TT_KEY });
        }
        let staged = !children.is_empty();
        self.stack.push(Frame {
            pos,
            depth,
            alpha,
            beta,
            orig_alpha: alpha,
            children,
            next: 0,
            current: 0,
            child_pos: pos,
            // Below the nominal depth only the compulsory captures are followed, and only the largest few.
            limit: if depth <= 0 { Q_WIDTH } else { usize::MAX },
            generated: false,
            tt_move,
            best: -INF,
            best_move: None,
            probe: Probe::Full,
            qdepth,
            capturers,
            widest: 0,
        });
        if !staged {
            self.generate(ply);
        }
        None
    }

    /// A node's score without a search, where it has one: a game over (a line of telo, no legal turn, fifty quiet
    /// turns, a repetition), an ending the tables hold, or a leaf (at the depth limit, with no capture to follow).
    #[inline]
    fn leaf_score(&self, pos: &Position, depth: i32, ply: usize, qdepth: u32, capturers: PointSet) -> Option<i32> {
        let ply_score = MATE - ply as i32;
        if let Some(winner) = pos.telo_line() {
            return Some(if winner == pos.side_to_move() { ply_score } else { -ply_score });
        }
        // A capture to make is a legal turn: the search for one stops at once.
        let must_capture = !capturers.is_empty();
        if !must_capture && !pos.has_legal_turn() {
            return Some(-ply_score);
        }
        if ply > 0 && (pos.quiet_turns() >= FIFTY_TURNS || self.repeats(*pos)) {
            return Some(0);
        }
        // The root is answered from the tables before the search starts (or searched, in a multi-line analysis).
        if let Some(result) = self.tablebase.as_ref().filter(|_| ply > 0).and_then(|tables| tables.probe(pos)) {
            return Some(tb_score(result, ply));
        }
        // A lone capturer's capture is followed a few plies beyond the limit: one piece can start it, so the
        // frame is narrow, and a leaf with it pending would be judged as if nothing were about to be taken.
        let q_limit = self.config.quiescence + if capturers.len() == 1 { self.config.lone_extra } else { 0 };
        if depth <= 0 && !(must_capture && qdepth < q_limit) {
            return Some(evaluate_with(pos, self.config.eval, capturers));
        }
        None
    }

    /// Whether `pos` (just pushed on the path) occurred before, on the path or in the game since the last capture.
    fn repeats(&self, pos: Position) -> bool {
        let n = self.path.len();
        let window = usize::from(pos.quiet_turns()).min(n.saturating_sub(1));
        // Same side to move: every second entry back.
        self.path[n - 1 - window..n - 1].iter().rev().skip(1).step_by(2).any(|&h| h == pos.hash())
    }
}

/// How many plies less a late turn is searched (late move reduction); zero for the turns that are searched in
/// full: the first few, the table move and killers, at the root and near the leaves.
///
/// A late capture is reduced by one ply in a null-window node when it takes at most half as many pieces as the
/// node's largest capture. Captures are compulsory nearly all through the opening, so reducing quiet turns alone
/// left the tree there almost full: this cut the nodes to depth 8 after f3-e3A by 58% and scored 49.9% at equal
/// depth over 1,000 games. Reducing every capture smaller than the largest cut more (79%) but lost at equal depth
/// (47.8% to 49.3%); see `docs/TUNING.md`.
fn reduction(config: &Config, frame: &Frame, child: &Child, index: usize, ply: usize) -> i32 {
    if !config.lmr || ply == 0 || frame.depth < LMR_DEPTH || index <= LMR_AFTER {
        return 0;
    }
    let pv_node = frame.beta - frame.orig_alpha > 1;
    if child.turn.is_capture() {
        let small = child.taken.is_some_and(|taken| taken.len() * 2 <= frame.widest);
        return i32::from(!pv_node && index > CAPTURE_LMR_AFTER && small);
    }
    if child.key >= KILLER_KEY - 1 {
        return 0;
    }
    if !pv_node && index > 8 && frame.depth >= 5 { 2 } else { 1 }
}

/// Delta pruning in quiescence: the material balance after `child` (a compulsory capture), plus the margin of
/// [`Config::delta`], when that cannot reach the frame's alpha; `None` when the child is to be searched.
///
/// In chess the opponent could stand pat after the capture; here the opponent must capture in turn if it can, which
/// usually costs the capturer more, so the balance after the capture is a fair bound of what the sequence gains, and
/// the margin covers the evaluation's other terms. Only captures that answer a capture are pruned (from the second
/// quiescence ply): pruning the first one as well, at the nominal leaves, saved 59% of the nodes to depth 8 after
/// f3-e3A instead of 44%, but scored 46% at equal depth in 200 games, where the forced reply that gives more back is
/// the very tactic the quiescence search is there to see. A capture that takes the opponent's last pieces is a win
/// and is always searched.
fn delta_estimate(config: &Config, frame: &Frame, taken: PointSet) -> Option<i32> {
    let margin = config.delta?;
    // Without ordering the captures are not largest first, and the frame could not stop at the first one pruned.
    if frame.depth > 0 || frame.qdepth == 0 || !config.ordering {
        return None;
    }
    // The balance after the capture, from the side that makes it.
    let pos = &frame.pos;
    let them = (pos.pieces(!pos.side_to_move()) & !taken).len() as i32;
    let us = pos.pieces(pos.side_to_move()).len() as i32;
    let estimate = 100 * (us - them) + margin;
    (them > 0 && estimate <= frame.alpha).then_some(estimate)
}

/// The history-table slot of a turn: its start point and first direction.
fn history_slot(turn: &Turn) -> usize {
    let dir = turn.steps().next().map_or(0, |s| s.dir().index() as usize);
    turn.from().index() as usize * 8 + dir
}

/// The score of a table verdict at `ply`: a win is worth [`TB_WIN`] less its distance and ply, so the search
/// prefers the shortest; a loss the opposite.
fn tb_score(result: TbResult, ply: usize) -> i32 {
    match result {
        TbResult::Win(d) => TB_WIN - i32::from(d) - ply as i32,
        TbResult::Draw => 0,
        TbResult::Loss(d) => -TB_WIN + i32::from(d) + ply as i32,
    }
}

/// A mate score stored relative to the node (so it means the same wherever the position recurs).
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Threads of one search at most.
const MAX_THREADS: usize = 64;
/// Which depths each helper thread skips (see [`Search::next_iteration`]), by helper.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Tells a search thinking on the opponent's time (see [`Search::ponder`]) that its position is the game's: its
/// limits begin to count.
#[derive(Clone, Debug)]
pub struct PonderHandle(Arc<AtomicBool>);

impl PonderHandle {
    /// The guess was right: the search goes on, with its limits counted from now.
    pub fn hit(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// How a helper thread reports to the main thread of a parallel search.
struct Report {
    /// The helper's number, from 1.
    index: usize,
    /// The helper's nodes so far (updated every 256 nodes, exact at the end).
    nodes: Arc<AtomicU64>,
    /// The deepest iteration any helper completed.
    deepest: Arc<Mutex<Option<SearchResult>>>,
    /// Its depth, for the main thread to read at no cost.
    depth: Arc<AtomicU32>,
}

impl Report {
    fn publish(&self, completed: &SearchResult) {
        let mut deepest = self.deepest.lock().unwrap_or_else(PoisonError::into_inner);
        if deepest.as_ref().is_none_or(|d| d.depth < completed.depth) {
            *deepest = Some(completed.clone());
            self.depth.fetch_max(completed.depth, Ordering::Relaxed);
        }
    }
}

/// The helper threads of a parallel search: stopped and joined when the search finishes or is dropped.
struct Helpers {
    stop: Arc<AtomicBool>,
    nodes: Vec<Arc<AtomicU64>>,
    deepest: Arc<Mutex<Option<SearchResult>>>,
    depth: Arc<AtomicU32>,
    threads: Vec<JoinHandle<()>>,
}

impl Helpers {
    fn nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    /// Stops the helpers and waits for them; gives their nodes.
    fn stop(&mut self) -> u64 {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            // A helper that panicked only searched less; its result is not needed.
            let _ = thread.join();
        }
        self.nodes()
    }

    fn deepest(&self) -> Option<SearchResult> {
        self.deepest.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

impl Drop for Helpers {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Search {
    /// Starts the helper threads of a parallel search (see [`Search::with_threads`]), each a search of the same root
    /// on the same table, with no limit but the depth and the helpers' stop flag. Where no thread can start (a web
    /// page) the search goes on alone.
    fn start_helpers(&mut self) {
        let Some(tt) = self.tt.as_ref().filter(|_| self.threads > 1 && self.config.parallel) else { return };
        let mut helpers = Helpers {
            stop: Arc::new(AtomicBool::new(false)),
            nodes: Vec::new(),
            deepest: Arc::new(Mutex::new(None)),
            depth: Arc::new(AtomicU32::new(0)),
            threads: Vec::new(),
        };
        for index in 1..self.threads {
            let limits = Limits { depth: self.limits.depth, ..Limits::NONE };
            let seed = self.rng.random();
            let mut helper = Search::of_root(self.root, self.path.clone(), self.config, limits, seed);
            helper.tt = Some(tt.clone());
            helper.tt_ready = true;
            helper.begun = true;
            helper.stop = Arc::clone(&helpers.stop);
            helper.tablebase = self.tablebase.clone();
            helper.excluded = self.excluded.clone();
            let nodes = Arc::new(AtomicU64::new(0));
            helper.report = Some(Report {
                index,
                nodes: Arc::clone(&nodes),
                deepest: Arc::clone(&helpers.deepest),
                depth: Arc::clone(&helpers.depth),
            });
            let spawned = std::thread::Builder::new().name(format!("search helper {index}")).spawn(move || {
                while !helper.out_of_resources() && helper.advance() {}
                if let Some(report) = &helper.report {
                    report.nodes.store(helper.nodes, Ordering::Relaxed);
                }
            });
            match spawned {
                Ok(thread) => {
                    helpers.threads.push(thread);
                    helpers.nodes.push(nodes);
                }
                Err(_) => break,
            }
        }
        if !helpers.threads.is_empty() {
            self.helpers = Some(helpers);
        }
    }
}

impl Resumable for Search {
    type Output = SearchResult;

    /// Searches about `budget` more nodes (at least one); the result once the search is finished.
    fn step(&mut self, budget: u64) -> Option<SearchResult> {
        if !self.begun && self.result.is_none() {
            self.solve_root();
        }
        if let Some(result) = &self.result {
            return Some(result.clone());
        }
        if !self.begun {
            self.begun = true;
            if !self.tt_ready {
                self.tt = self.config.tt_bits.map(TranspositionTable::new);
                self.tt_ready = true;
            }
            self.start_helpers();
        }
        let until = self.nodes.saturating_add(budget.max(1));
        while self.nodes < until {
            if self.out_of_resources() || !self.advance() {
                return Some(self.finish());
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use fanorona_rules::Side;

    use super::*;
    use crate::level::Level;

    /// Late captures are reduced in null-window nodes when they take at most half as much as the largest capture:
    /// after f3-e3A Black's largest takes more than one piece, and its one-piece captures are reduced from the sixth
    /// turn picked, never in a PV node, with too little depth left, or at the root.
    #[test]
    fn late_small_captures_are_reduced_in_null_window_nodes() {
        let config = Level::Master.config();
        let mut game = Game::of_variant(fanorona_rules::Variant::Tsivy);
        game.play_notation("f3-e3A").unwrap_or_else(|e| panic!("{e}"));
        let pos = *game.position();
        let frame_for = |depth: i32, (alpha, beta): (i32, i32)| {
            let mut search = Search::new(&game, config, Limits::NONE, 0);
            assert!(search.enter(pos, depth, alpha, beta, 0, 0).is_none());
            search.stack.remove(0)
        };
        let null = frame_for(4, (0, 1));
        assert!(null.widest >= 2, "{}", null.widest);
        let find = |pred: &dyn Fn(u32) -> bool| {
            *null.children.iter().find(|c| c.taken.is_some_and(|t| pred(t.len()))).unwrap_or_else(|| panic!("none"))
        };
        let small = find(&|n| n * 2 <= null.widest);
        let widest = find(&|n| n == null.widest);
        assert_eq!(reduction(&config, &null, &small, CAPTURE_LMR_AFTER + 1, 1), 1);
        assert_eq!(reduction(&config, &null, &small, CAPTURE_LMR_AFTER, 1), 0, "too early in the node");
        assert_eq!(reduction(&config, &null, &widest, CAPTURE_LMR_AFTER + 1, 1), 0, "the largest capture");
        assert_eq!(reduction(&config, &null, &small, CAPTURE_LMR_AFTER + 1, 0), 0, "at the root");
        let pv = frame_for(4, (-INF, INF));
        assert_eq!(reduction(&config, &pv, &small, CAPTURE_LMR_AFTER + 1, 1), 0, "in a PV node");
        let shallow = frame_for(LMR_DEPTH - 1, (0, 1));
        assert_eq!(reduction(&config, &shallow, &small, CAPTURE_LMR_AFTER + 1, 1), 0, "too little depth left");
    }

    fn after_f3_e3a() -> Game {
        let mut game = Game::of_variant(fanorona_rules::Variant::Tsivy);
        game.play_notation("f3-e3A").unwrap_or_else(|e| panic!("{e}"));
        game
    }

    /// Helper threads start with the search, report their nodes, and are stopped and joined when it finishes; the
    /// result counts every thread's nodes.
    #[test]
    fn a_parallel_search_joins_its_helpers_and_counts_their_nodes() {
        let game = after_f3_e3a();
        let mut search = Search::for_level(&game, Level::Master, Limits::depth(6), 1).with_threads(3);
        assert!(search.step(1).is_none());
        let helpers = search.helpers.as_ref().unwrap_or_else(|| panic!("no helpers"));
        assert_eq!(helpers.threads.len(), 2);
        let stop = Arc::clone(&helpers.stop);
        let waited = Instant::now();
        while search.helpers.as_ref().is_some_and(|h| h.nodes() == 0) {
            assert!(waited.elapsed() < Duration::from_secs(30), "the helpers never searched");
            std::thread::sleep(Duration::from_millis(1));
        }
        let result = search.run();
        assert!(stop.load(Ordering::Relaxed) && search.helpers.is_none(), "stopped and joined");
        assert!(result.nodes > search.nodes, "{} counted, {} of the main thread", result.nodes, search.nodes);
        assert_eq!(result.depth, 6);
        assert!(game.legal_turns().contains(&result.best.unwrap_or_else(|| panic!("no turn"))));
    }

    /// What a helper stores, the main thread reads, and it saves the main thread most of its work. The helper runs
    /// to the end before the main thread goes on (joined: no wait on time, and the same outcome however the threads
    /// are scheduled); its report is then set aside, so that the main thread searches to the end instead of stopping
    /// to take the helper's result, and all that passes between them is the shared table. Over several positions,
    /// so that no single one decides. With a table of its own for the helper, nothing reaches the main thread: no
    /// shared hit, and as many nodes as alone.
    #[test]
    fn the_main_thread_reads_what_its_helper_stores() {
        const DEPTH: u32 = 7;
        let mut game = Game::of_variant(fanorona_rules::Variant::Tsivy);
        for moves in 0..4 {
            if moves > 0 {
                let turns = game.legal_turns();
                game.play(&turns[turns.len() / 2]).unwrap_or_else(|e| panic!("{e}"));
            }
            let mut search = Search::for_level(&game, Level::Master, Limits::depth(DEPTH), 1).with_threads(2);
            assert!(search.step(1).is_none());
            let mut helpers = search.helpers.take().unwrap_or_else(|| panic!("no helper"));
            for thread in helpers.threads.drain(..) {
                thread.join().unwrap_or_else(|_| panic!("the helper failed"));
            }
            assert_eq!(helpers.depth.load(Ordering::Relaxed), DEPTH, "the helper searched to the end");
            search.run();
            let mut alone = Search::for_level(&game, Level::Master, Limits::depth(DEPTH), 1);
            alone.run();
            assert_eq!(search.completed_depth(), DEPTH, "{moves}: the main thread searched to the end");
            assert_eq!(alone.shared_hits, 0, "{moves}: alone, every entry is its own");
            // Measured: 36 to 408 shared hits, and 260 to 742 nodes against 105,850 to 772,035 alone.
            assert!(search.shared_hits >= 10, "{moves}: {} shared hits", search.shared_hits);
            assert!(search.nodes * 20 < alone.nodes, "{moves}: {} nodes, {} alone", search.nodes, alone.nodes);
        }
    }

    /// A search dropped while it runs stops its helpers; a level that searches alone starts none, and neither does
    /// a search of one thread.
    #[test]
    fn helpers_stop_with_a_dropped_search_and_only_the_master_has_them() {
        let game = after_f3_e3a();
        let mut search = Search::for_level(&game, Level::Master, Limits::NONE, 1).with_threads(2);
        assert!(search.step(1).is_none());
        let stop = Arc::clone(&search.helpers.as_ref().unwrap_or_else(|| panic!("no helpers")).stop);
        drop(search);
        assert!(stop.load(Ordering::Relaxed));
        for (level, threads) in [(Level::Strong, 2), (Level::Master, 1)] {
            let mut search = Search::for_level(&game, level, Limits::depth(3), 1).with_threads(threads);
            let _ = search.step(1);
            assert!(search.helpers.is_none(), "{level} with {threads}");
        }
    }

    /// Helpers skip depths so that the threads search different ones: the first helper searches the odd depths, the
    /// second the even ones, the third every other pair; the main thread every depth; all end at the last.
    #[test]
    fn helpers_skip_depths_by_their_number() {
        let game = after_f3_e3a();
        let depths = |report: Option<usize>| {
            let mut search = Search::for_level(&game, Level::Master, Limits::depth(9), 1);
            search.report = report.map(|index| Report {
                index,
                nodes: Arc::new(AtomicU64::new(0)),
                deepest: Arc::new(Mutex::new(None)),
                depth: Arc::new(AtomicU32::new(0)),
            });
            let mut depths = Vec::new();
            while search.iteration < search.max_depth {
                search.iteration = search.next_iteration();
                depths.push(search.iteration);
            }
            depths
        };
        assert_eq!(depths(None), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(depths(Some(1)), [1, 3, 5, 7, 9]);
        assert_eq!(depths(Some(2)), [2, 4, 6, 8, 9]);
        assert_eq!(depths(Some(3)), [2, 3, 6, 7, 9]);
    }

    /// At the last quiescence ply a position with a capture pending is a leaf, unless a single piece can make it:
    /// then its capture is followed. White's e4 is White's only capturer; Black's c4 and g4 are two.
    #[test]
    fn a_lone_capturer_is_followed_beyond_the_quiescence_limit() {
        let config = Level::Master.config();
        let leaf_or_frame = |side: &str, qdepth: u32| {
            let pos: Position = format!("9/2b1w1b2/9/9/9 {side} 0 -").parse().unwrap_or_else(|e| panic!("{e}"));
            let mut search = Search::new(&Game::new(pos), config, Limits::NONE, 0);
            search.enter(pos, 0, -INF, INF, 0, qdepth).is_none()
        };
        let white: Position = "9/2b1w1b2/9/9/9 w 0 -".parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((white.capturing_pieces().len(), white.threats(Side::Black).len()), (1, 2));
        assert!(leaf_or_frame("b", config.quiescence - 1), "two capturers inside the limit");
        assert!(!leaf_or_frame("b", config.quiescence), "two capturers at the limit");
        assert!(leaf_or_frame("w", config.quiescence), "a lone capturer at the limit");
        assert!(leaf_or_frame("w", config.quiescence + config.lone_extra - 1));
        assert!(!leaf_or_frame("w", config.quiescence + config.lone_extra), "a lone capturer beyond the extra plies");
    }
}
