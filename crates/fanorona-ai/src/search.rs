//! A resumable alpha-beta search over whole turns.
//!
//! The search keeps its own stack of frames instead of recursing, so it can stop after any number of nodes and
//! go on later from exactly where it was: [`Search::step`] advances it by a node budget (a few milliseconds of
//! work per frame in a single-threaded web build), [`Search::run`] runs it to the end (on a desktop thread).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use fanorona_rules::{FIFTY_TURNS, Game, Position, Turn};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use web_time::Instant;

use crate::eval::evaluate;
use crate::level::Config;
use crate::tt::{Bound, Entry, Table};

/// The score of a won position at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
/// Capture turns followed at each quiescence node (the largest first).
const Q_WIDTH: usize = 3;
/// Scores beyond this are wins or losses.
const MATE_BOUND: i32 = MATE - 1_000;

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

/// Where a search stands after [`Search::step`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Still searching; the best turn found so far, if any.
    Thinking {
        /// Best turn so far.
        best: Option<Turn>,
        /// Completed depth.
        depth: u32,
    },
    /// Finished.
    Done(SearchResult),
}

/// A child of a frame: a legal turn, the position after it, and its ordering key.
#[derive(Clone, Copy)]
struct Child {
    turn: Turn,
    pos: Position,
    key: i32,
}

/// One node of the search in progress.
struct Frame {
    pos: Position,
    depth: i32,
    alpha: i32,
    beta: i32,
    orig_alpha: i32,
    children: Vec<Child>,
    next: usize,
    best: i32,
    best_move: Option<Turn>,
    /// The child being searched was given a null window (principal variation search).
    probing: bool,
    /// Forced-capture plies already added below the nominal depth.
    qdepth: u32,
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
    limits: Limits,
    rng: Xoshiro256PlusPlus,
    tt: Option<Table>,
    killers: Vec<[Option<Turn>; 2]>,
    history: Vec<u32>,
    /// Hashes of the game's earlier positions that can still repeat, then of the search path (root included).
    path: Vec<u64>,
    stack: Vec<Frame>,
    spare: Vec<Vec<Child>>,
    pending: Option<i32>,
    /// Exact scores of the root turns in the current iteration (levels that add noise search them all fully).
    root_scores: Vec<(Turn, i32)>,
    iteration: u32,
    max_depth: u32,
    nodes: u64,
    started: Option<Instant>,
    stop: Arc<AtomicBool>,
    completed: Option<SearchResult>,
    result: Option<SearchResult>,
}

impl Search {
    /// A search of the game's current position (its history counts for repetitions).
    pub(crate) fn new(game: &Game, config: Config, limits: Limits, seed: u64) -> Search {
        let root = *game.position();
        let positions = game.positions();
        let since = positions.len().saturating_sub(usize::from(root.quiet_turns()) + 1);
        let path: Vec<u64> = positions[since..].iter().map(Position::hash).collect();
        let max_depth = limits.depth.map_or(config.depth, |d| d.min(config.depth)).max(1);
        Search {
            root,
            config,
            limits,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            tt: config.tt_bits.map(Table::new),
            killers: Vec::new(),
            history: vec![0; 64 * 8],
            path,
            stack: Vec::new(),
            spare: Vec::new(),
            pending: None,
            root_scores: Vec::new(),
            iteration: 0,
            max_depth,
            nodes: 0,
            started: None,
            stop: Arc::new(AtomicBool::new(false)),
            completed: None,
            result: None,
        }
    }

    /// Makes the search finish at once with this turn (a solved position).
    pub(crate) fn preset(&mut self, best: Option<Turn>) {
        self.result = Some(SearchResult { best, score: 0, depth: 0, nodes: 0, pv: best.into_iter().collect() });
    }

    /// A flag that stops the search when set (from another thread, or the UI).
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Runs the search to the end and returns its result.
    pub fn run(&mut self) -> SearchResult {
        loop {
            if let Status::Done(result) = self.step(u64::MAX) {
                return result;
            }
        }
    }

    /// Searches about `budget` more nodes (at least one), then reports where it stands.
    pub fn step(&mut self, budget: u64) -> Status {
        if let Some(result) = &self.result {
            return Status::Done(result.clone());
        }
        let started = *self.started.get_or_insert_with(Instant::now);
        let until = self.nodes.saturating_add(budget.max(1));
        while self.nodes < until {
            if self.out_of_resources(started) {
                return Status::Done(self.finish());
            }
            if !self.advance() {
                return Status::Done(self.finish());
            }
        }
        Status::Thinking { best: self.best_so_far(), depth: self.completed.as_ref().map_or(0, |r| r.depth) }
    }

    fn out_of_resources(&self, started: Instant) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            return true;
        }
        // Checking the clock costs; every 256 nodes is often enough.
        self.nodes.is_multiple_of(256) && self.limits.time.is_some_and(|t| started.elapsed() >= t)
    }

    /// The best turn known now: from the current iteration if its first root turn is done, else the last one.
    fn best_so_far(&self) -> Option<Turn> {
        let current = self.stack.first().and_then(|root| root.best_move);
        current.or_else(|| self.completed.as_ref().and_then(|r| r.best))
    }

    /// Does one unit of work. Returns false when the search is complete.
    fn advance(&mut self) -> bool {
        if self.stack.is_empty() {
            if self.iteration >= self.max_depth || self.completed.as_ref().is_some_and(|r| r.score.abs() > MATE_BOUND) {
                return false;
            }
            self.iteration = if self.config.iterative { self.iteration + 1 } else { self.max_depth };
            self.root_scores.clear();
            let depth = self.iteration as i32;
            if let Some(score) = self.enter(self.root, depth, -INF, INF, 0, 0) {
                // No legal turn at the root.
                self.completed =
                    Some(SearchResult { best: None, score, depth: self.iteration, nodes: self.nodes, pv: Vec::new() });
                return false;
            }
            return true;
        }
        if let Some(child_score) = self.pending.take() {
            self.child_returned(-child_score);
            return true;
        }
        let ply = self.stack.len() - 1;
        let top = &mut self.stack[ply];
        if top.next >= top.children.len() {
            self.leave();
            return true;
        }
        let child = top.children[top.next];
        top.next += 1;
        let cost = self.config.cost(&child.turn);
        let (alpha, beta) = (top.alpha, top.beta);
        let first = top.next == 1;
        let full_root = ply == 0 && self.config.noise > 0;
        let qdepth = top.child_qdepth();
        let window = if full_root {
            (-INF, INF)
        } else if self.config.pvs && !first {
            top.probing = true;
            (-alpha - 1, -alpha)
        } else {
            top.probing = false;
            (-beta, -alpha)
        };
        let depth = top.depth - cost;
        self.descend(child.pos, depth, window, ply + 1, qdepth);
        true
    }

    /// A child's score (from the frame's point of view) has come back.
    fn child_returned(&mut self, score: i32) {
        let ply = self.stack.len() - 1;
        let full_root = ply == 0 && self.config.noise > 0;
        let top = &mut self.stack[ply];
        let child = top.children[top.next - 1];
        if top.probing && score > top.alpha && score < top.beta {
            // The null window failed high: search this child again with the full window.
            top.probing = false;
            let (alpha, beta, depth, qdepth) = (top.alpha, top.beta, top.depth, top.child_qdepth());
            let cost = self.config.cost(&child.turn);
            self.descend(child.pos, depth - cost, (-beta, -alpha), ply + 1, qdepth);
            return;
        }
        top.probing = false;
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
        if let (Some(tt), true) = (self.tt.as_mut(), frame.qdepth == 0) {
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
            });
        }
        if ply == 0 {
            self.iteration_done(&frame);
        } else {
            self.pending = Some(frame.best);
        }
        let mut children = frame.children;
        children.clear();
        self.spare.push(children);
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
        self.completed = Some(SearchResult { best, score, depth: self.iteration, nodes: self.nodes, pv });
    }

    fn principal_variation(&self, best: Option<Turn>) -> Vec<Turn> {
        let mut pv = Vec::new();
        let mut pos = self.root;
        let mut next = best;
        while let Some(turn) = next {
            if pv.len() >= self.iteration as usize || !pos.legal_turns().contains(&turn) {
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
        if let Some(current) = self.stack.first().and_then(|root| root.best_move.map(|m| (m, root.best))) {
            // An unfinished iteration searches the previous best first, so any best it found is at least as good.
            if result.best != Some(current.0) {
                result.best = Some(current.0);
                result.score = current.1;
                result.pv = vec![current.0];
            }
        }
        if result.best.is_none() {
            result.best = self.root.legal_turns().first().copied();
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
        result.nodes = self.nodes;
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
        let ply_score = MATE - ply as i32;
        if let Some(winner) = pos.telo_line() {
            return Some(if winner == pos.side_to_move() { ply_score } else { -ply_score });
        }
        if !pos.has_legal_turn() {
            return Some(-ply_score);
        }
        if ply > 0 && (pos.quiet_turns() >= FIFTY_TURNS || self.repeats(pos)) {
            return Some(0);
        }
        let mut tt_move = None;
        if let Some(entry) = self.tt.as_ref().and_then(|tt| tt.probe(pos.hash())) {
            tt_move = entry.best;
            if ply > 0 && entry.depth >= depth && qdepth == 0 {
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
        if depth <= 0 && !(pos.must_capture() && qdepth < self.config.quiescence) {
            return Some(evaluate(&pos, self.config.eval));
        }
        let mut children = self.spare.pop().unwrap_or_default();
        let ordering = self.config.ordering;
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let enemy_before = pos.pieces(!pos.side_to_move()).len() as i32;
        pos.for_each_turn(|turn| {
            let child = pos.play_unchecked(turn);
            let key = if !ordering {
                0
            } else if Some(*turn) == tt_move {
                1 << 30
            } else if turn.is_capture() {
                let taken = enemy_before - child.pieces(child.side_to_move()).len() as i32;
                (1 << 20) + taken * 1000 + turn.len() as i32
            } else if Some(*turn) == killers[0] {
                1 << 19
            } else if Some(*turn) == killers[1] {
                (1 << 19) - 1
            } else {
                0
            };
            children.push(Child { turn: *turn, pos: child, key });
        });
        if ordering {
            for c in children.iter_mut().filter(|c| c.key == 0) {
                c.key = self.history[history_slot(&c.turn)].min((1 << 18) as u32) as i32;
            }
            children.sort_by_key(|c| std::cmp::Reverse(c.key));
        }
        if depth <= 0 {
            // Below the nominal depth only the compulsory captures are followed, and only the largest few.
            children.truncate(Q_WIDTH);
        }
        self.stack.push(Frame {
            pos,
            depth,
            alpha,
            beta,
            orig_alpha: alpha,
            children,
            next: 0,
            best: -INF,
            best_move: None,
            probing: false,
            qdepth,
        });
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

/// The history-table slot of a turn: its start point and first direction.
fn history_slot(turn: &Turn) -> usize {
    let dir = turn.steps().next().map_or(0, |s| s.dir().index() as usize);
    turn.from().index() as usize * 8 + dir
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
