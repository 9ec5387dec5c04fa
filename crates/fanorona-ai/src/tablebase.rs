//! Perfect endgame tables for tsivy and dimy: every position with at most [`MAX_PIECES`] pieces on the board (each
//! side at least one), either side to move, labelled won, drawn or lost under the 50-turn rule, with a distance.
//!
//! **What the distance means.** A capture resets the 50-turn counter and leads into a smaller table, so each table
//! is solved as a game of quiet turns whose end is a capture (its value read in the smaller table) or the end of
//! the game. An entry is `Win(d)` or `Loss(d)` where `d` is the number of turns the winner needs before a capture
//! into a won smaller ending (or before the game ends): the position is won for the side to move exactly when at
//! least `d` turns remain before the 50-turn draw, and drawn when fewer remain. [`Tablebase::probe`] applies the
//! position's own no-capture count, so its verdict is exact for the position as it stands. Repetition is not part
//! of the tables: the winner's best line never repeats a position (the distance falls every turn), but a position
//! that already occurred twice in a game could come back; the search treats a turn back into the game's history
//! as a draw.
//!
//! **How.** Retrograde analysis, smallest material first: the positions where a capture is compulsory are decided
//! at once from the smaller tables; the others (quiet turns only, all inside the same pair of tables) are labelled
//! by a breadth-first walk backwards over quiet turns, one distance at a time, up to 50. The rules are the same
//! for both colours, so the tables are indexed by the pieces of the side to move and of the other side, each set
//! ranked in the combinatorial number system: a perfect index, one byte an entry.
//!
//! ```
//! use fanorona_ai::tablebase::{Tablebase, TbResult};
//! use fanorona_rules::{Position, Variant};
//! let tables = Tablebase::build(Variant::Dimy)?;
//! // White's two pieces against one, White to move: a won ending.
//! let position: Position = "5/2b2/5/1w3/w4 w".parse()?;
//! assert!(matches!(tables.probe(&position), Some(TbResult::Win(_))));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::{Arc, OnceLock};

use fanorona_rules::{Direction, FIFTY_TURNS, Point, PointSet, Position, Setup, Step, Turn, Variant};

use crate::work::Resumable;

/// The most pieces (both sides together) of a position in the tables built by [`Tablebase::build`]: the size that
/// builds in about a second (and a slice at a time on the web).
pub const DEFAULT_PIECES: u32 = 4;

/// The most pieces any tables can hold ([`Tablebase::build_pieces`]): five-piece tsivy tables are 37 million entries
/// (37 MB), built in tens of seconds.
pub const MAX_PIECES: u32 = 5;

/// The greatest distance stored: a longer win is a draw under the 50-turn rule.
const MAX_DISTANCE: u8 = FIFTY_TURNS as u8;

/// Entries: 0 is a draw, `2d + 1` a loss in `d` turns, `2d` (`d >= 1`) a win in `d` turns.
const DRAW: u8 = 0;

/// The material of a table: pieces of the side to move, pieces of the other side (at least one each).
type Material = (u32, u32);

/// The tables of up to `pieces` pieces in the order they are built, in groups: each group's captures lead only into
/// groups before it (fewer pieces), and quiet turns lead from one table of a group to the other (the side to move
/// changes): (1, 1); (1, 2) with (2, 1); (1, 3) with (3, 1); (2, 2); ...
fn groups(pieces: u32) -> Vec<Vec<Material>> {
    let mut groups = Vec::new();
    for total in 2..=pieces {
        for m in 1..=total / 2 {
            let o = total - m;
            groups.push(if m == o { vec![(m, o)] } else { vec![(m, o), (o, m)] });
        }
    }
    groups
}

/// The value of a position in the tables, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TbResult {
    /// The side to move wins: within this many turns (both sides' turns counted) it makes a capture into a won
    /// smaller ending, or the game ends in its favour.
    Win(u16),
    /// Neither side can force a win (including a win too long for the turns left before the 50-turn draw).
    Draw,
    /// The side to move loses: the other side wins within this many turns, as for [`TbResult::Win`].
    Loss(u16),
}

impl TbResult {
    /// The value for the other side: a win becomes a loss in as many turns.
    pub fn flip(self) -> TbResult {
        match self {
            TbResult::Win(d) => TbResult::Loss(d),
            TbResult::Draw => TbResult::Draw,
            TbResult::Loss(d) => TbResult::Win(d),
        }
    }

    /// An order of preference for the side to move: every win above every draw above every loss, a shorter win
    /// above a longer one, a longer loss above a shorter one.
    pub fn rank(self) -> i32 {
        match self {
            TbResult::Win(d) => 2000 - i32::from(d),
            TbResult::Draw => 0,
            TbResult::Loss(d) => -2000 + i32::from(d),
        }
    }

    fn decode(entry: u8) -> TbResult {
        match entry {
            DRAW => TbResult::Draw,
            e if e % 2 == 1 => TbResult::Loss(u16::from(e / 2)),
            e => TbResult::Win(u16::from(e / 2)),
        }
    }
}

impl fmt::Display for TbResult {
    /// `win in 7`, `draw`, `loss in 4` (turns to the deciding capture or the end, see [`TbResult::Win`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TbResult::Win(d) => write!(f, "win in {d}"),
            TbResult::Draw => f.write_str("draw"),
            TbResult::Loss(d) => write!(f, "loss in {d}"),
        }
    }
}

/// Why tables cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TablebaseError {
    /// Telo has no captures and its own perfect solver ([`crate::telo`]).
    #[error("there are no endgame tables for {0}: only for tsivy and dimy")]
    Variant(Variant),
    /// Tables hold positions of 2 to [`MAX_PIECES`] pieces.
    #[error("endgame tables of {0} pieces cannot be built: 2 to {MAX_PIECES} pieces")]
    Pieces(u32),
}

/// Counts of a built set of tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TablebaseStats {
    /// Positions in the tables (with the side to move's pieces first, so each is one entry for both colours).
    pub entries: u64,
    /// Positions won for the side to move, with no turn played without capture.
    pub wins: u64,
    /// Positions drawn.
    pub draws: u64,
    /// Positions lost for the side to move.
    pub losses: u64,
    /// The longest distance of a win or loss.
    pub longest: u16,
}

/// The points of one board and the binomial coefficients of its index.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Board {
    variant: Variant,
    /// The points in bit order: dense index to point.
    points: Vec<Point>,
    /// Bit index of a point (see [`Point::index`]) to its dense index.
    dense: [u8; 64],
    /// `binom[n][k]` for `n` up to the number of points and `k` up to [`MAX_PIECES`] - 1.
    binom: Vec<[u32; MAX_PIECES as usize]>,
    /// The neighbours of each point along its lines, as a set of dense indices.
    lines: Vec<u64>,
}

impl Board {
    fn new(variant: Variant) -> Board {
        let points: Vec<Point> = variant.points().iter().collect();
        let mut dense = [u8::MAX; 64];
        for (i, p) in points.iter().enumerate() {
            dense[usize::from(p.index())] = i as u8;
        }
        let binom = (0..=points.len() as u32)
            .map(|n| {
                let mut row = [0; MAX_PIECES as usize];
                for (k, slot) in row.iter_mut().enumerate() {
                    *slot = (0..k as u32).fold(1, |acc, i| acc * (n.saturating_sub(i))) / [1, 1, 2, 6, 24][k];
                }
                row
            })
            .collect();
        let lines = points
            .iter()
            .map(|&p| {
                let neighbours = Direction::ALL.into_iter().filter_map(|d| Step::new(p, d, None)).map(Step::to);
                neighbours.filter(|&q| variant.contains(q)).fold(0, |acc, q| acc | 1 << dense[usize::from(q.index())])
            })
            .collect();
        Board { variant, points, dense, binom, lines }
    }

    fn len(&self) -> u32 {
        self.points.len() as u32
    }

    /// The number of entries of a table.
    fn size(&self, (m, o): Material) -> usize {
        self.binom[self.len() as usize][m as usize] as usize
            * self.binom[(self.len() - m) as usize][o as usize] as usize
    }

    /// A point set as a set of dense indices.
    fn to_dense(&self, set: PointSet) -> u64 {
        set.iter().fold(0, |acc, p| acc | 1 << self.dense[usize::from(p.index())])
    }

    /// The rank of a set of dense indices among the sets of its size.
    fn rank(&self, dense: u64) -> u32 {
        let mut bits = dense;
        let mut rank = 0;
        let mut i = 1;
        while bits != 0 {
            rank += self.binom[bits.trailing_zeros() as usize][i];
            bits &= bits - 1;
            i += 1;
        }
        rank
    }

    /// The set of `k` dense indices with this rank.
    fn unrank(&self, mut rank: u32, k: usize) -> u64 {
        let mut set = 0;
        let mut c = self.len() as usize;
        for i in (1..=k).rev() {
            c -= 1;
            while self.binom[c][i] > rank {
                c -= 1;
            }
            rank -= self.binom[c][i];
            set |= 1 << c;
        }
        set
    }

    /// The index of the position with these pieces (dense sets) in its table.
    fn index(&self, mover: u64, other: u64) -> usize {
        let o = other.count_ones() as usize;
        // The other side's pieces, numbered among the points the mover leaves free.
        let mut bits = other;
        let mut squeezed = 0;
        while bits != 0 {
            let c = bits.trailing_zeros();
            squeezed |= 1 << (c - (mover & ((1 << c) - 1)).count_ones());
            bits &= bits - 1;
        }
        let free = (self.len() - mover.count_ones()) as usize;
        self.rank(mover) as usize * self.binom[free][o] as usize + self.rank(squeezed) as usize
    }

    /// The pieces (dense sets) of the entry `index` of a table.
    fn unindex(&self, (m, o): Material, index: usize) -> (u64, u64) {
        let per_mover = self.binom[(self.len() - m) as usize][o as usize] as usize;
        let mover = self.unrank((index / per_mover) as u32, m as usize);
        let squeezed = self.unrank((index % per_mover) as u32, o as usize);
        // Spread the squeezed indices back over the points the mover leaves free.
        let mut other = 0;
        let mut free_seen = 0;
        for c in 0..self.len() {
            if mover & 1 << c == 0 {
                if squeezed & 1 << free_seen != 0 {
                    other |= 1 << c;
                }
                free_seen += 1;
            }
        }
        (mover, other)
    }

    /// The point set of a dense set.
    fn to_points(&self, dense: u64) -> PointSet {
        let mut bits = dense;
        let mut set = PointSet::EMPTY;
        while bits != 0 {
            set = set.with(self.points[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        set
    }

    /// The position with White (the side to move) on `mover` and Black on `other` (dense sets).
    fn position(&self, mover: u64, other: u64) -> Option<Position> {
        let mut setup = Setup::empty(self.variant);
        setup.pieces = [self.to_points(mover), self.to_points(other)];
        setup.position().ok()
    }
}

/// The table slot of a material.
fn slot((m, o): Material) -> usize {
    (m * MAX_PIECES + o) as usize
}

/// Perfect endgame tables of one variant (see the module documentation). Build them once ([`Tablebase::build`],
/// or a slice at a time with [`TablebaseBuilder`]) and share them (`Arc<Tablebase>`) with searches:
/// [`crate::Search::with_tablebase`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tablebase {
    board: Board,
    /// The most pieces of a position in these tables.
    pieces: u32,
    /// One table a material, by [`slot`]; empty for materials not in the tables.
    tables: Vec<Vec<u8>>,
}

impl Tablebase {
    /// Builds every table of `variant` of up to [`DEFAULT_PIECES`] pieces at once (tsivy: 2.2 million entries,
    /// about a second in release).
    pub fn build(variant: Variant) -> Result<Tablebase, TablebaseError> {
        Tablebase::build_pieces(variant, DEFAULT_PIECES)
    }

    /// Builds every table of `variant` of up to `pieces` pieces at once (2 to [`MAX_PIECES`]).
    pub fn build_pieces(variant: Variant, pieces: u32) -> Result<Tablebase, TablebaseError> {
        Ok(TablebaseBuilder::with_pieces(variant, pieces)?.run())
    }

    /// The most pieces of a position in these tables.
    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    /// The variant of the tables.
    pub fn variant(&self) -> Variant {
        self.board.variant
    }

    /// The exact value of `position` for the side to move, its no-capture count included, or `None` when it is not
    /// in the tables: another variant, more pieces than [`Tablebase::pieces`], or a side without pieces (the game
    /// is over). Vela plays no part: a handicap ends when its side has 5 pieces or fewer.
    pub fn probe(&self, position: &Position) -> Option<TbResult> {
        let entry = self.entry(position)?;
        let left = FIFTY_TURNS.saturating_sub(position.quiet_turns());
        Some(match TbResult::decode(entry) {
            TbResult::Win(d) | TbResult::Loss(d) if d > left => TbResult::Draw,
            result => result,
        })
    }

    /// The stored entry of a position, whatever its no-capture count.
    fn entry(&self, position: &Position) -> Option<u8> {
        if position.variant() != self.board.variant {
            return None;
        }
        let us = position.side_to_move();
        let (mover, other) = (position.pieces(us), position.pieces(!us));
        let material = (mover.len(), other.len());
        if material.0 == 0 || material.1 == 0 || material.0 + material.1 > self.pieces {
            return None;
        }
        let index = self.board.index(self.board.to_dense(mover), self.board.to_dense(other));
        self.tables[slot(material)].get(index).copied()
    }

    /// Every legal turn of `position` (in notation order) with the value it keeps for the side to move: a capture
    /// into a won ending (or one taking every enemy piece) is `Win(1)`, into a lost one `Loss(1)`; a quiet turn is
    /// one turn longer than the other side's value after it. Empty when the position is not in the tables.
    pub fn turn_values(&self, position: &Position) -> Vec<(Turn, TbResult)> {
        if self.probe(position).is_none() {
            return Vec::new();
        }
        let mut turns = position.legal_turns();
        turns.sort_by_cached_key(ToString::to_string);
        turns
            .into_iter()
            .map(|turn| {
                let next = position.play_unchecked(&turn);
                let value = match self.probe(&next).map(TbResult::flip) {
                    // Every enemy piece taken.
                    None => TbResult::Win(1),
                    Some(TbResult::Win(_)) if turn.is_capture() => TbResult::Win(1),
                    Some(TbResult::Loss(_)) if turn.is_capture() => TbResult::Loss(1),
                    Some(TbResult::Win(d)) => TbResult::Win(d + 1),
                    Some(TbResult::Loss(d)) => TbResult::Loss(d + 1),
                    Some(TbResult::Draw) => TbResult::Draw,
                };
                (turn, value)
            })
            .collect()
    }

    /// A perfect turn and the value it keeps: the shortest win, else a draw, else the longest loss; among captures
    /// equal so far, the one that leaves the shortest win (or longest loss) after it. Ties go to the first turn in
    /// notation order. `None` when the position is not in the tables or has no legal turn.
    pub fn best_turn(&self, position: &Position) -> Option<(Turn, TbResult)> {
        best_of(self.turn_values(position).into_iter().map(|(turn, value)| {
            let after = self.probe(&position.play_unchecked(&turn)).map_or(i32::MAX, |v| v.flip().rank());
            (turn, value, after)
        }))
    }

    /// Counts of the tables: entries, and how many are won, drawn and lost with no turn played without capture.
    pub fn stats(&self) -> TablebaseStats {
        let mut stats = TablebaseStats::default();
        for &entry in self.tables.iter().flatten() {
            stats.entries += 1;
            match TbResult::decode(entry) {
                TbResult::Win(d) => {
                    stats.wins += 1;
                    stats.longest = stats.longest.max(d);
                }
                TbResult::Draw => stats.draws += 1,
                TbResult::Loss(d) => {
                    stats.losses += 1;
                    stats.longest = stats.longest.max(d);
                }
            }
        }
        stats
    }
}

/// The best of turns with their values and a tie-break (greater is better), the first of equals.
pub(crate) fn best_of(turns: impl Iterator<Item = (Turn, TbResult, i32)>) -> Option<(Turn, TbResult)> {
    let mut best: Option<(Turn, TbResult, i32)> = None;
    for (turn, value, after) in turns {
        if best.is_none_or(|(_, v, a)| (value.rank(), after) > (v.rank(), a)) {
            best = Some((turn, value, after));
        }
    }
    best.map(|(turn, value, _)| (turn, value))
}

/// The tables of tsivy and dimy of up to [`DEFAULT_PIECES`] pieces, each built the first time it is asked for (about a
/// second in release) and then shared: what a program that plays several games (the engine protocol, the bot) keeps
/// so that its strong and master levels always play the endings perfectly.
#[derive(Debug, Default)]
pub struct LazyTables {
    tsivy: OnceLock<Option<Arc<Tablebase>>>,
    dimy: OnceLock<Option<Arc<Tablebase>>>,
}

impl LazyTables {
    /// The tables of `variant` (none for telo, which the master solves by itself), built now if they were not yet.
    pub fn get(&self, variant: Variant) -> Option<Arc<Tablebase>> {
        let cell = match variant {
            Variant::Tsivy => &self.tsivy,
            Variant::Dimy => &self.dimy,
            Variant::Telo => return None,
        };
        cell.get_or_init(|| Tablebase::build(variant).ok().map(Arc::new)).clone()
    }

    /// The tables of `variant` if they were built already (never building them: for a caller that cannot wait).
    pub fn built(&self, variant: Variant) -> Option<Arc<Tablebase>> {
        match variant {
            Variant::Tsivy => self.tsivy.get().cloned().flatten(),
            Variant::Dimy => self.dimy.get().cloned().flatten(),
            Variant::Telo => None,
        }
    }
}

/// Where a [`TablebaseBuilder`] stands in the group it is building.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Deciding the positions with a compulsory capture (or no turn), counting the quiet turns of the others: the
    /// next entry of the group's table `table`.
    Start { table: usize, next: usize },
    /// Labelling the quiet positions one distance at a time: the next entry of the list of distance `distance`.
    Walk { distance: usize, next: usize },
}

/// Builds a [`Tablebase`] a slice at a time, for a program that cannot spare a thread (the web): call
/// [`Resumable::step`] with a budget of work until it gives the complete tables.
///
/// ```
/// use fanorona_ai::Resumable;
/// use fanorona_ai::tablebase::TablebaseBuilder;
/// use fanorona_rules::Variant;
/// let mut builder = TablebaseBuilder::new(Variant::Dimy)?;
/// let tables = loop {
///     if let Some(tables) = builder.step(10_000) {
///         break tables;
///     }
///     assert!(builder.progress() < 1.0);
/// };
/// assert_eq!(tables.stats().entries, 191_500);
/// # Ok::<(), fanorona_ai::tablebase::TablebaseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TablebaseBuilder {
    tables: Tablebase,
    /// The tables in the order they are built (see [`groups`]).
    groups: Vec<Vec<Material>>,
    /// The group being built (an index into `groups`).
    group: usize,
    phase: Phase,
    /// Quiet turns not yet known to lose, by table of the group and entry.
    unresolved: Vec<Vec<u8>>,
    /// The entries decided at each distance, as the entry with the table of the group in the top bit (half the
    /// memory of a pair: five-piece tables decide tens of millions).
    decided: Vec<Vec<u32>>,
    /// Entries done, for [`Resumable::progress`].
    done: u64,
    /// The positions found by one walk back (kept to save allocations).
    befores: Vec<usize>,
}

impl TablebaseBuilder {
    /// A builder of the tables of `variant` (tsivy or dimy) of up to [`DEFAULT_PIECES`] pieces.
    pub fn new(variant: Variant) -> Result<TablebaseBuilder, TablebaseError> {
        TablebaseBuilder::with_pieces(variant, DEFAULT_PIECES)
    }

    /// A builder of the tables of `variant` (tsivy or dimy) of up to `pieces` pieces (2 to [`MAX_PIECES`]).
    pub fn with_pieces(variant: Variant, pieces: u32) -> Result<TablebaseBuilder, TablebaseError> {
        if variant == Variant::Telo {
            return Err(TablebaseError::Variant(variant));
        }
        if !(2..=MAX_PIECES).contains(&pieces) {
            return Err(TablebaseError::Pieces(pieces));
        }
        let board = Board::new(variant);
        let groups = groups(pieces);
        let mut tables = vec![Vec::new(); slot((MAX_PIECES, MAX_PIECES)) + 1];
        for &material in groups.iter().flatten() {
            tables[slot(material)] = vec![DRAW; board.size(material)];
        }
        let mut builder = TablebaseBuilder {
            tables: Tablebase { board, pieces, tables },
            groups,
            group: 0,
            phase: Phase::Start { table: 0, next: 0 },
            unresolved: Vec::new(),
            decided: Vec::new(),
            done: 0,
            befores: Vec::new(),
        };
        builder.begin_group();
        Ok(builder)
    }

    /// Whether the tables are complete.
    pub fn is_done(&self) -> bool {
        self.group >= self.groups.len()
    }

    /// Takes the complete tables out of the builder (it keeps none).
    fn take_tables(&mut self) -> Tablebase {
        let empty = Tablebase { board: self.tables.board.clone(), pieces: self.tables.pieces, tables: Vec::new() };
        std::mem::replace(&mut self.tables, empty)
    }

    /// Sets up the work lists of the group now to be built.
    fn begin_group(&mut self) {
        self.phase = Phase::Start { table: 0, next: 0 };
        self.decided = vec![Vec::new(); usize::from(MAX_DISTANCE) + 1];
        self.unresolved = match self.groups.get(self.group) {
            Some(group) => group.iter().map(|&m| vec![0; self.tables.board.size(m)]).collect(),
            None => Vec::new(),
        };
    }

    fn set(&mut self, table: usize, index: usize, result: TbResult) {
        let (entry, distance) = match result {
            TbResult::Win(d) => (2 * d as u8, d),
            TbResult::Draw => return,
            TbResult::Loss(d) => (2 * d as u8 + 1, d),
        };
        let material = self.groups[self.group][table];
        self.tables.tables[slot(material)][index] = entry;
        // A table has fewer than 2^31 entries (tsivy's largest, two pieces against three, has 12 million).
        self.decided[usize::from(distance)].push((table as u32) << 31 | index as u32);
    }

    /// Decides an entry with a compulsory capture (from the smaller tables) or no legal turn; counts the quiet
    /// turns of the others.
    fn start_entry(&mut self, table: usize, index: usize) {
        let board = &self.tables.board;
        let (mover, other) = board.unindex(self.groups[self.group][table], index);
        let Some(position) = board.position(mover, other) else { return };
        if position.must_capture() {
            // The best capture: the values after captures are in the finished smaller tables.
            let mut best = TbResult::Loss(1);
            position.for_each_turn(|turn| {
                let value = match self.tables.probe(&position.play_unchecked(turn)) {
                    None | Some(TbResult::Loss(_)) => TbResult::Win(1),
                    Some(TbResult::Draw) => TbResult::Draw,
                    Some(TbResult::Win(_)) => TbResult::Loss(1),
                };
                if value.rank() > best.rank() {
                    best = value;
                }
            });
            self.set(table, index, best);
        } else {
            let quiet = position.count_turns();
            if quiet == 0 {
                self.set(table, index, TbResult::Loss(0));
            } else {
                // At most MAX_PIECES - 1 pieces of 8 lines each.
                self.unresolved[table][index] = quiet as u8;
            }
        }
    }

    /// Walks back the quiet turns into an entry decided at `distance`: a position that can move into a loss wins
    /// one turn later; one whose every turn leads into a win loses one turn after the last of them.
    fn walk_back(&mut self, distance: usize, table: usize, index: u32) {
        let (m, o) = self.groups[self.group][table];
        let won = matches!(TbResult::decode(self.tables.tables[slot((m, o))][index as usize]), TbResult::Win(_));
        let board = &self.tables.board;
        // The side that just moved is the other side here: it becomes the mover of the position before, which
        // had no capture to make (a position with a capture has no quiet turns to resolve, below).
        let (mover, other) = board.unindex((m, o), index as usize);
        let before_table = self.groups[self.group].iter().position(|&g| g == (o, m)).unwrap_or(0);
        let empty = !(mover | other);
        let mut befores = std::mem::take(&mut self.befores);
        befores.clear();
        let mut pieces = other;
        while pieces != 0 {
            let to = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let mut froms = board.lines[to] & empty;
            while froms != 0 {
                let from = froms.trailing_zeros();
                froms &= froms - 1;
                befores.push(board.index((other & !(1 << to)) | 1 << from, mover));
            }
        }
        let next = distance as u16 + 1;
        for &before in &befores {
            // Decided already, or a position with a capture to make (so no quiet turn leads from it).
            if self.unresolved[before_table][before] == 0 {
                continue;
            }
            if !won {
                self.unresolved[before_table][before] = 0;
                self.set(before_table, before, TbResult::Win(next));
            } else {
                self.unresolved[before_table][before] -= 1;
                if self.unresolved[before_table][before] == 0 {
                    self.set(before_table, before, TbResult::Loss(next));
                }
            }
        }
        self.befores = befores;
    }
}

impl Resumable for TablebaseBuilder {
    type Output = Tablebase;

    /// Does about `budget` units of work (one unit is one entry started or one labelled entry walked back), and
    /// gives the tables once they are complete.
    fn step(&mut self, budget: u64) -> Option<Tablebase> {
        let mut work = 0;
        while work < budget && !self.is_done() {
            work += 1;
            self.done += 1;
            match self.phase {
                Phase::Start { table, next } => {
                    let material = self.groups[self.group][table];
                    if next < self.tables.tables[slot(material)].len() {
                        self.start_entry(table, next);
                        self.phase = Phase::Start { table, next: next + 1 };
                    } else if table + 1 < self.groups[self.group].len() {
                        self.phase = Phase::Start { table: table + 1, next: 0 };
                    } else {
                        self.phase = Phase::Walk { distance: 0, next: 0 };
                    }
                }
                Phase::Walk { distance, next } => {
                    if distance >= usize::from(MAX_DISTANCE) {
                        self.group += 1;
                        self.begin_group();
                    } else if let Some(&packed) = self.decided[distance].get(next) {
                        self.walk_back(distance, (packed >> 31) as usize, packed & !(1 << 31));
                        self.phase = Phase::Walk { distance, next: next + 1 };
                    } else {
                        self.phase = Phase::Walk { distance: distance + 1, next: 0 };
                    }
                }
            }
        }
        self.is_done().then(|| self.take_tables())
    }

    /// How far the build is, from 0 to 1 (by entries started and labelled).
    fn progress(&self) -> f32 {
        if self.is_done() {
            return 1.0;
        }
        let total: usize = self.tables.tables.iter().map(Vec::len).sum();
        (self.done as f64 / (2 * total) as f64).min(0.99) as f32
    }
}
