//! Points, directions, point sets and the three boards.
//!
//! Every board uses the same bit layout: point `(x, y)` is bit `y * 10 + x` of a `u64`. Column 9 is never on a
//! board, so a shift by a direction's offset never wraps a piece from one edge to the other: it lands on the guard
//! column or off the board, and masking with the board's points removes it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Distance in bits between two rows.
const STRIDE: i8 = 10;
/// Column letters, `a` to `i`.
const FILES: &[u8; 9] = b"abcdefghi";
/// The widest board has 9 columns.
pub const MAX_WIDTH: u8 = 9;
/// The tallest board has 5 rows.
pub const MAX_HEIGHT: u8 = 5;

/// A point of the lattice, from `a1` to `i5`.
///
/// A point does not know which board it is on; [`Variant::contains`] tells whether a board has it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// `a1`, the first point.
    pub const MIN: Point = Point(0);

    /// The point at column `x` (0 is `a`) and row `y` (0 is row 1), if it is on the largest board.
    pub const fn new(x: u8, y: u8) -> Option<Point> {
        if x < MAX_WIDTH && y < MAX_HEIGHT { Some(Point(y * STRIDE as u8 + x)) } else { None }
    }

    /// The column, 0 for `a`.
    pub const fn x(self) -> u8 {
        self.0 % STRIDE as u8
    }

    /// The row, 0 for row 1.
    pub const fn y(self) -> u8 {
        self.0 / STRIDE as u8
    }

    /// The bit index of this point in a [`PointSet`].
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The point of a bit index, if it is a point at all.
    pub const fn from_index(index: u8) -> Option<Point> {
        Point::new(index % STRIDE as u8, index / STRIDE as u8)
    }

    /// The point of a bit index known to be a point (move generation tables).
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Point {
        Point(index)
    }

    /// Whether this is a strong point (`x + y` even), joined to its diagonal neighbours too.
    pub const fn is_strong(self) -> bool {
        (self.x() + self.y()).is_multiple_of(2)
    }

    /// The neighbouring point in `dir` on the largest board, whether or not a line joins them.
    pub const fn offset(self, dir: Direction) -> Option<Point> {
        let (dx, dy) = dir.delta();
        let x = self.x() as i8 + dx;
        let y = self.y() as i8 + dy;
        if x < 0 || y < 0 { None } else { Point::new(x as u8, y as u8) }
    }

    /// The direction of the line from `self` to `to`, if they are joined by a line (adjacent, and diagonal
    /// only between strong points).
    pub fn direction_to(self, to: Point) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| self.offset(d) == Some(to) && (d.is_orthogonal() || self.is_strong()))
    }

    /// This point alone as a set.
    pub const fn set(self) -> PointSet {
        PointSet(1 << self.0)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", FILES[self.x() as usize] as char, self.y() + 1)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Parses `e3` (letters in either case).
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let mut chars = s.chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParsePointError::Malformed(s.to_owned()));
        };
        let file = file.to_ascii_lowercase();
        let x = FILES.iter().position(|&c| c as char == file).ok_or(ParsePointError::Column(file))?;
        let y =
            rank.to_digit(10).filter(|d| (1..=u32::from(MAX_HEIGHT)).contains(d)).ok_or(ParsePointError::Row(rank))?;
        // Both are in range, so the point exists.
        Point::new(x as u8, y as u8 - 1).ok_or(ParsePointError::Malformed(s.to_owned()))
    }
}

impl Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Point, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One of the eight directions of the lattice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Direction {
    /// Towards row 5 (Black's side).
    N,
    /// North-east.
    NE,
    /// Towards column i.
    E,
    /// South-east.
    SE,
    /// Towards row 1 (White's side).
    S,
    /// South-west.
    SW,
    /// Towards column a.
    W,
    /// North-west.
    NW,
}

impl Direction {
    /// All eight, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The direction with this index in [`Direction::ALL`] (taken modulo 8).
    pub const fn from_index(i: u8) -> Direction {
        Direction::ALL[(i & 7) as usize]
    }

    /// The index of this direction in [`Direction::ALL`].
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self as u8 + 4)
    }

    /// Whether the direction is along a row or a column (every point has these lines).
    pub const fn is_orthogonal(self) -> bool {
        (self as u8).is_multiple_of(2)
    }

    /// The change of `(x, y)` for one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The change of bit index for one step.
    pub(crate) const fn bit_offset(self) -> i8 {
        let (dx, dy) = self.delta();
        dy * STRIDE + dx
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A set of points, as a bitboard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet(pub u64);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet(0);

    /// Whether the set holds `p`.
    pub const fn contains(self, p: Point) -> bool {
        self.0 & (1 << p.0) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many points the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `p` added.
    pub const fn with(self, p: Point) -> PointSet {
        PointSet(self.0 | 1 << p.0)
    }

    /// The set with `p` removed.
    pub const fn without(self, p: Point) -> PointSet {
        PointSet(self.0 & !(1 << p.0))
    }

    /// Every point moved one step in `dir` (points leaving the 10-column layout are dropped; points landing on
    /// the guard column or beyond the board must be masked off by the caller).
    pub(crate) const fn shift(self, dir: Direction) -> PointSet {
        let off = dir.bit_offset();
        if off > 0 { PointSet(self.0 << off) } else { PointSet(self.0 >> -off) }
    }

    /// The points in increasing index order (row 1 first, `a` to `i` within a row).
    pub fn iter(self) -> PointSetIter {
        PointSetIter(self.0)
    }
}

impl std::ops::BitOr for PointSet {
    type Output = PointSet;
    fn bitor(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for PointSet {
    type Output = PointSet;
    fn bitand(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 & rhs.0)
    }
}

impl std::ops::Not for PointSet {
    type Output = PointSet;
    fn not(self) -> PointSet {
        PointSet(!self.0)
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        iter.into_iter().fold(PointSet::EMPTY, PointSet::with)
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = PointSetIter;
    fn into_iter(self) -> PointSetIter {
        self.iter()
    }
}

/// Iterator over the points of a [`PointSet`].
#[derive(Clone, Debug)]
pub struct PointSetIter(u64);

impl Iterator for PointSetIter {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Point(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PointSetIter {}

/// One of the three boards of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Fanoron-tsivy, the standard game: 9 x 5, 22 pieces each.
    Tsivy,
    /// Fanoron-dimy: 5 x 5, 12 pieces each.
    Dimy,
    /// Fanoron-telo: 3 x 3, three pieces each placed on an empty board, no captures.
    Telo,
}

impl Variant {
    /// All three, largest first.
    pub const ALL: [Variant; 3] = [Variant::Tsivy, Variant::Dimy, Variant::Telo];

    /// Number of columns.
    pub const fn width(self) -> u8 {
        match self {
            Variant::Tsivy => 9,
            Variant::Dimy => 5,
            Variant::Telo => 3,
        }
    }

    /// Number of rows.
    pub const fn height(self) -> u8 {
        match self {
            Variant::Tsivy | Variant::Dimy => 5,
            Variant::Telo => 3,
        }
    }

    /// The number of pieces each side starts with (telo: places).
    pub const fn pieces_per_side(self) -> u32 {
        match self {
            Variant::Tsivy => 22,
            Variant::Dimy => 12,
            Variant::Telo => 3,
        }
    }

    /// The lowercase name: `tsivy`, `dimy` or `telo`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Tsivy => "tsivy",
            Variant::Dimy => "dimy",
            Variant::Telo => "telo",
        }
    }

    /// The variant played on a board of this size.
    pub fn from_size(width: usize, height: usize) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| usize::from(v.width()) == width && usize::from(v.height()) == height)
    }

    /// Whether the board has point `p`.
    pub const fn contains(self, p: Point) -> bool {
        p.x() < self.width() && p.y() < self.height()
    }

    /// Every point of the board.
    pub const fn points(self) -> PointSet {
        self.geometry().points
    }

    pub(crate) const fn geometry(self) -> &'static Geometry {
        match self {
            Variant::Tsivy => &TSIVY,
            Variant::Dimy => &DIMY,
            Variant::Telo => &TELO,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseVariantError(s.to_owned()))
    }
}

/// Marks a missing neighbour in [`Geometry::neighbor`] and [`Geometry::second_bit`]: a bit index on no board (the
/// layout uses 50 bits), so that testing a set of points at it gives "no" without a branch.
pub(crate) const NONE: u8 = 63;

/// Precomputed lines of one board.
pub(crate) struct Geometry {
    /// Every point of the board.
    pub points: PointSet,
    /// For each direction, the points that have a line in that direction.
    pub from: [PointSet; 8],
    /// For each bit index and direction, the bit index of the neighbour along a line, or [`NONE`].
    pub neighbor: [[u8; 8]; 64],
    /// For each bit index and direction, the bit index two steps along the line, or [`NONE`].
    pub second_bit: [[u8; 8]; 64],
    /// For each bit index and direction, the points beyond it along the line, up to the edge.
    pub ray: [[u64; 8]; 64],
    /// For each bit index, its neighbours along lines.
    pub near: [u64; 64],
    /// For each bit index, the points one or two steps away along lines.
    pub reach: [u64; 64],
}

impl Geometry {
    const fn new(variant: Variant) -> Geometry {
        let mut g = Geometry {
            points: PointSet::EMPTY,
            from: [PointSet::EMPTY; 8],
            neighbor: [[NONE; 8]; 64],
            second_bit: [[NONE; 8]; 64],
            ray: [[0; 8]; 64],
            near: [0; 64],
            reach: [0; 64],
        };
        let mut y = 0;
        while y < variant.height() {
            let mut x = 0;
            while x < variant.width() {
                let Some(p) = Point::new(x, y) else { panic!("board larger than the layout") };
                g.points = g.points.with(p);
                let mut d = 0;
                while d < 8 {
                    let dir = Direction::from_index(d);
                    if (dir.is_orthogonal() || p.is_strong())
                        && let Some(q) = p.offset(dir)
                        && variant.contains(q)
                    {
                        g.neighbor[p.0 as usize][d as usize] = q.0;
                        g.from[d as usize] = g.from[d as usize].with(p);
                    }
                    d += 1;
                }
                x += 1;
            }
            y += 1;
        }
        // Rays and second neighbours follow the neighbours found above.
        let mut i = 0;
        while i < 64 {
            let mut d = 0;
            while d < 8 {
                let next = g.neighbor[i][d];
                if next != NONE {
                    g.near[i] |= 1 << next;
                    g.reach[i] |= 1 << next;
                    let second = g.neighbor[next as usize][d];
                    if second != NONE {
                        g.second_bit[i][d] = second;
                        g.reach[i] |= 1 << second;
                    }
                }
                let mut at = next;
                while at != NONE {
                    g.ray[i][d] |= 1 << at;
                    at = g.neighbor[at as usize][d];
                }
                d += 1;
            }
            i += 1;
        }
        g
    }

    /// The neighbour of `p` along the line in `dir`, if the board has that line.
    #[inline]
    pub fn step(&self, p: Point, dir: Direction) -> Option<Point> {
        let q = self.neighbor[p.0 as usize][dir as usize];
        if q == NONE { None } else { Some(Point(q)) }
    }

    /// The enemy pieces on the line starting at `first` and going on in `dir`, up to the first point that is not an
    /// enemy piece (or the edge).
    #[inline]
    pub fn line(&self, first: Point, dir: Direction, enemy: PointSet) -> PointSet {
        self.run(first.set().0 | self.ray[first.0 as usize][dir as usize], dir, enemy)
    }

    /// The enemy pieces on `line` (a ray in `dir`: points in one direction from its first one), from its first
    /// point up to the first point that is not an enemy piece. Computed with bit operations, without walking the
    /// line: this is the inner loop of capture generation.
    #[inline]
    pub fn run(&self, line: u64, dir: Direction, enemy: PointSet) -> PointSet {
        let blockers = line & !enemy.0;
        if dir.bit_offset() > 0 {
            // Going up: the run stops below the lowest blocker (with none, `0 - 1` keeps every bit).
            let lowest = blockers & blockers.wrapping_neg();
            PointSet(line & enemy.0 & lowest.wrapping_sub(1))
        } else {
            // Going down: the run stops above the highest blocker; smearing it downwards masks it and what follows.
            let mut below = blockers;
            below |= below >> 1;
            below |= below >> 2;
            below |= below >> 4;
            below |= below >> 8;
            below |= below >> 16;
            below |= below >> 32;
            PointSet(line & enemy.0 & !below)
        }
    }
}

static TSIVY: Geometry = Geometry::new(Variant::Tsivy);
static DIMY: Geometry = Geometry::new(Variant::Dimy);
static TELO: Geometry = Geometry::new(Variant::Telo);

/// Text that is not a point such as `e3`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePointError {
    /// Not a letter followed by a digit.
    #[error("`{0}` is not a point: write a column letter and a row number, such as e3")]
    Malformed(String),
    /// The letter is not a column.
    #[error("there is no column `{0}`: columns go from a to i")]
    Column(char),
    /// The digit is not a row.
    #[error("there is no row `{0}`: rows go from 1 to 5")]
    Row(char),
}

/// Text that is not a variant name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown variant `{0}`: expected tsivy, dimy or telo")]
pub struct ParseVariantError(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_text_round_trips_and_is_case_insensitive() {
        for p in Variant::Tsivy.points() {
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
            assert_eq!(p.to_string().to_uppercase().parse::<Point>(), Ok(p));
        }
        assert_eq!("e3".parse::<Point>().map(|p| (p.x(), p.y())), Ok((4, 2)));
    }

    #[test]
    fn bad_point_text_is_an_error() {
        for bad in ["", "e", "e0", "e6", "j1", "e33", "3e", "é3", "e-"] {
            assert!(bad.parse::<Point>().is_err(), "{bad:?}");
        }
    }

    /// The bit tricks of `line` (with its rays) and of the second-neighbour and reach tables agree with walking the
    /// neighbours step by step, for every point, direction and board, against many enemy sets.
    #[test]
    fn lines_and_tables_agree_with_walking_the_neighbours() {
        let mut state = 0x1234_5678_u64;
        for v in Variant::ALL {
            let g = v.geometry();
            for _ in 0..200 {
                // SplitMix64 for the enemy sets; dense ones too, so that runs are long.
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                let enemy = PointSet((z ^ (z >> 31) | z.rotate_left(7)) & g.points.0);
                for p in v.points() {
                    let (mut near, mut reach) = (0, 0);
                    for d in Direction::ALL {
                        let mut walked = PointSet::EMPTY;
                        let mut at = Some(p);
                        while let Some(q) = at.filter(|&q| enemy.contains(q)) {
                            walked = walked.with(q);
                            at = g.step(q, d);
                        }
                        assert_eq!(g.line(p, d, enemy), walked, "{v} {p} {d}");
                        let second = g.step(p, d).and_then(|q| g.step(q, d));
                        let bit = |q: Option<Point>| q.map_or(NONE, |q| q.0);
                        assert_eq!(g.neighbor[p.0 as usize][d as usize], bit(g.step(p, d)), "{v} {p} {d}");
                        assert_eq!(g.second_bit[p.0 as usize][d as usize], bit(second), "{v} {p} {d}");
                        near |= g.step(p, d).map_or(0, |q| q.set().0);
                        reach |= g.step(p, d).map_or(0, |q| q.set().0) | second.map_or(0, |q| q.set().0);
                    }
                    assert_eq!((g.near[p.0 as usize], g.reach[p.0 as usize]), (near, reach), "{v} {p}");
                }
            }
        }
    }

    #[test]
    fn strong_points_have_eight_lines_weak_points_four() {
        let g = Variant::Tsivy.geometry();
        let e3: Point = "e3".parse().unwrap();
        let e2: Point = "e2".parse().unwrap();
        let count = |p: Point| Direction::ALL.into_iter().filter(|&d| g.step(p, d).is_some()).count();
        assert!(e3.is_strong());
        assert_eq!(count(e3), 8);
        assert!(!e2.is_strong());
        assert_eq!(count(e2), 4);
        assert_eq!(count("a1".parse().unwrap()), 3);
        assert_eq!(count("b1".parse().unwrap()), 3);
        assert_eq!(Variant::Tsivy.points().len(), 45);
        assert_eq!(Variant::Dimy.points().len(), 25);
        assert_eq!(Variant::Telo.points().len(), 9);
    }

    #[test]
    fn telo_centre_is_joined_to_all_eight_points() {
        let g = Variant::Telo.geometry();
        let b2: Point = "b2".parse().unwrap();
        assert_eq!(Direction::ALL.into_iter().filter_map(|d| g.step(b2, d)).count(), 8);
        // An edge midpoint has no diagonals.
        let b1: Point = "b1".parse().unwrap();
        assert_eq!(Direction::ALL.into_iter().filter_map(|d| g.step(b1, d)).count(), 3);
    }

    #[test]
    fn shifting_never_wraps_onto_the_board() {
        for v in Variant::ALL {
            let g = v.geometry();
            for d in Direction::ALL {
                let moved = g.from[d as usize].shift(d) & g.points;
                let expected = g.from[d as usize].iter().filter_map(|p| g.step(p, d)).collect::<Vec<_>>();
                assert_eq!(moved.iter().collect::<Vec<_>>(), expected, "{v} {d}");
                // Strong points without a line in d are on the edge: shifting them leaves the board.
                let strong: PointSet = g.points.iter().filter(|p| p.is_strong()).collect();
                let edge = (g.points & !g.from[d as usize]) & if d.is_orthogonal() { g.points } else { strong };
                assert!((edge.shift(d) & g.points).is_empty(), "{v} {d}");
            }
        }
    }
}
