//! Steps and turns, and their notation.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::geometry::{Direction, ParsePointError, Point, PointSet};

/// How a step captures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum CaptureKind {
    /// The piece moves towards an enemy line and takes it (`A` in notation).
    Approach,
    /// The piece moves away from an enemy line and takes it (`W` in notation).
    Withdrawal,
}

impl CaptureKind {
    /// The notation letter, `A` or `W`.
    pub const fn letter(self) -> char {
        match self {
            CaptureKind::Approach => 'A',
            CaptureKind::Withdrawal => 'W',
        }
    }

    /// `approach` or `withdrawal`.
    pub const fn name(self) -> &'static str {
        match self {
            CaptureKind::Approach => "approach",
            CaptureKind::Withdrawal => "withdrawal",
        }
    }
}

impl fmt::Display for CaptureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move of one piece along one line to the adjacent point, with the capture it makes (or none: a paika).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Step {
    from: Point,
    to: Point,
    dir: Direction,
    capture: Option<CaptureKind>,
}

impl Step {
    /// The step from `from` along the line in `dir`, if the lattice has that line (on the largest board).
    pub fn new(from: Point, dir: Direction, capture: Option<CaptureKind>) -> Option<Step> {
        let to = from.offset(dir)?;
        (dir.is_orthogonal() || from.is_strong()).then_some(Step { from, to, dir, capture })
    }

    /// A step the caller knows to follow a line from `from` to `to` in `dir` (move generation).
    #[inline]
    pub(crate) const fn raw(from: Point, to: Point, dir: Direction, capture: Option<CaptureKind>) -> Step {
        Step { from, to, dir, capture }
    }

    /// The step from `from` to `to`, if a line joins them.
    pub fn between(from: Point, to: Point, capture: Option<CaptureKind>) -> Option<Step> {
        Step::new(from, from.direction_to(to)?, capture)
    }

    /// Where the piece stands before the step.
    pub const fn from(self) -> Point {
        self.from
    }

    /// Where the piece stands after the step.
    pub const fn to(self) -> Point {
        self.to
    }

    /// The direction of the step.
    pub const fn dir(self) -> Direction {
        self.dir
    }

    /// The capture made, or `None` for a paika.
    pub const fn capture(self) -> Option<CaptureKind> {
        self.capture
    }

    /// Whether the step captures.
    pub const fn is_capture(self) -> bool {
        self.capture.is_some()
    }

    /// The first point of the captured line: in front of the destination (approach) or behind the origin
    /// (withdrawal). `None` for a paika, or if that point is off the largest board.
    pub fn capture_start(self) -> Option<Point> {
        match self.capture? {
            CaptureKind::Approach => self.to.offset(self.dir),
            CaptureKind::Withdrawal => self.from.offset(self.dir.opposite()),
        }
    }

    /// The direction in which the captured line runs away from the mover.
    pub fn capture_dir(self) -> Option<Direction> {
        Some(match self.capture? {
            CaptureKind::Approach => self.dir,
            CaptureKind::Withdrawal => self.dir.opposite(),
        })
    }

    /// The points of `taken` (what this step captured, from [`crate::TurnBuilder::play`] or
    /// [`crate::Position::trace`]) in the order they fall: along the captured line from the point nearest the mover
    /// outwards. Stops at the first point of the line not in `taken`; empty for a paika.
    pub fn captured_in_order(self, taken: PointSet) -> impl Iterator<Item = Point> + use<> {
        let dir = self.capture_dir();
        std::iter::successors(self.capture_start(), move |p| dir.and_then(|d| p.offset(d)))
            .take_while(move |p| taken.contains(*p))
    }

    const fn code(self) -> u128 {
        let kind = match self.capture {
            None => 0,
            Some(CaptureKind::Approach) => 1,
            Some(CaptureKind::Withdrawal) => 2,
        };
        (self.dir as u128) | kind << 3
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        if let Some(c) = self.capture {
            write!(f, "{}", c.letter())?;
        }
        Ok(())
    }
}

/// Bits used by one step in [`Turn`]'s packed code.
const STEP_BITS: u32 = 5;
/// Bits of the packed code of the longest turn.
const CODE_BITS: u32 = Turn::MAX_STEPS as u32 * STEP_BITS;

/// A whole turn: a telo placement, or one piece's sequence of steps (a paika, or a chain of captures).
///
/// A turn is a small `Copy` value (no heap): the start point and up to [`Turn::MAX_STEPS`] packed steps. Every
/// capture step takes at least one of at most 22 enemy pieces, so no legal chain is longer.
///
/// Packed to an alignment of 2: 18 bytes instead of 32 (a `u128` is otherwise aligned to 16), which keeps the
/// search's move lists and table entries small; fields are only ever read and written by value.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, packed(2))]
pub struct Turn {
    start: Point,
    len: u8,
    code: u128,
}

impl Turn {
    /// The most steps one turn can have.
    pub const MAX_STEPS: usize = 22;

    /// Placing a piece on `point` (telo's first phase).
    pub const fn place(point: Point) -> Turn {
        Turn { start: point, len: 0, code: 0 }
    }

    /// The turn made of these steps, if they form the path of one piece (each step starting where the last one
    /// ended), there are from 1 to [`Turn::MAX_STEPS`] of them, and a paika is the only step of its turn.
    pub fn from_steps(steps: &[Step]) -> Result<Turn, ParseTurnError> {
        let (first, _) = steps.split_first().ok_or(ParseTurnError::Empty)?;
        let mut turn = Turn { start: first.from, len: 0, code: 0 };
        for (i, &step) in steps.iter().enumerate() {
            if step.from != turn.to() {
                return Err(ParseTurnError::Disconnected { step: i + 1 });
            }
            turn.try_push(step)?;
        }
        Ok(turn)
    }

    /// Adds a step at the end, checking that the turn stays well formed.
    pub(crate) fn try_push(&mut self, step: Step) -> Result<(), ParseTurnError> {
        if self.len as usize >= Turn::MAX_STEPS {
            return Err(ParseTurnError::TooLong);
        }
        if self.len > 0 && !(step.is_capture() && self.is_capture()) {
            return Err(ParseTurnError::PaikaInChain { step: self.len as usize + 1 });
        }
        self.push(step);
        Ok(())
    }

    /// Adds a step at the end (move generation: the caller keeps the turn well formed).
    #[inline]
    pub(crate) fn push(&mut self, step: Step) {
        debug_assert!((self.len as usize) < Turn::MAX_STEPS);
        self.code |= step.code() << (u32::from(self.len) * STEP_BITS);
        self.len += 1;
    }

    /// Removes the last step (move generation).
    #[inline]
    pub(crate) fn pop(&mut self) {
        self.len -= 1;
        self.code &= !(0x1f << (u32::from(self.len) * STEP_BITS));
    }

    /// The point placed on, if this is a telo placement.
    pub const fn placement(&self) -> Option<Point> {
        if self.len == 0 { Some(self.start) } else { None }
    }

    /// Where the piece starts (the placed point, for a placement).
    pub const fn from(&self) -> Point {
        self.start
    }

    /// Where the piece ends (the placed point, for a placement).
    pub fn to(&self) -> Point {
        // The steps of a turn follow lines of the board (they are checked when the turn is made), so the end is the
        // start plus each step's change of bit index: no step needs decoding (playing a generated capture needs
        // only its ends).
        let mut at = self.start.index();
        let mut code = self.code;
        for _ in 0..self.len {
            at = at.wrapping_add_signed(Direction::from_index((code & 7) as u8).bit_offset());
            code >>= STEP_BITS;
        }
        Point::from_index_unchecked(at)
    }

    /// The number of steps (0 for a placement).
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the turn has no steps, that is, whether it is a placement.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the turn captures (then every step captures).
    pub const fn is_capture(&self) -> bool {
        self.len > 0 && (self.code >> 3) & 3 != 0
    }

    /// The steps in order.
    pub fn steps(&self) -> Steps {
        Steps { at: self.start, remaining: self.len, code: self.code }
    }

    /// The points the piece stands on, from the start to the end.
    pub fn path(&self) -> impl Iterator<Item = Point> + '_ {
        std::iter::once(self.start).chain(self.steps().map(|s| s.to))
    }

    /// The turn as one number (for a lock-free table shared between threads, which stores words, not values):
    /// [`Turn::from_bits`] gives it back. The layout is not an interface: keep such numbers within one program.
    pub const fn to_bits(&self) -> u128 {
        let code = self.code;
        code | (self.len as u128) << CODE_BITS | (self.start.index() as u128) << (CODE_BITS + 5)
    }

    /// The turn of [`Turn::to_bits`], if `bits` is one: its start is a point, it has at most [`Turn::MAX_STEPS`]
    /// steps and no step beyond them. Whether the steps make a legal turn anywhere is for
    /// [`crate::Position::check_turn`] to say.
    pub fn from_bits(bits: u128) -> Option<Turn> {
        let len = (bits >> CODE_BITS) & 0x1f;
        let start = Point::from_index(u8::try_from(bits >> (CODE_BITS + 5)).ok()?)?;
        let code = bits & ((1 << CODE_BITS) - 1);
        if len as usize > Turn::MAX_STEPS || code >> (len as u32 * STEP_BITS) != 0 {
            return None;
        }
        Some(Turn { start, len: len as u8, code })
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.start)?;
        for step in self.steps() {
            write!(f, "-{}", step.to)?;
            if let Some(c) = step.capture {
                write!(f, "{}", c.letter())?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Turn({self})")
    }
}

impl FromStr for Turn {
    type Err = ParseTurnError;

    /// Parses notation: `b2` (placement), `e2-e3` (paika), `e3-d3A-d4W` (a chain of captures). Letters may be in
    /// either case. This checks the form only (points exist, steps follow lines, chains capture); whether the turn
    /// is legal is a question for a position: see [`crate::Position::parse_turn`].
    fn from_str(s: &str) -> Result<Turn, ParseTurnError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParseTurnError::Empty);
        }
        let mut tokens = s.split('-');
        let first = tokens.next().unwrap_or_default();
        let start = parse_point(first)?;
        let mut turn = Turn::place(start);
        for token in tokens {
            let (point_text, suffix) = split_suffix(token);
            let to = parse_point(point_text)?;
            let capture = match suffix {
                "" => None,
                "a" | "A" => Some(CaptureKind::Approach),
                "w" | "W" => Some(CaptureKind::Withdrawal),
                _ => return Err(ParseTurnError::Suffix { token: token.to_owned() }),
            };
            let from = turn.to();
            let Some(dir) = from.direction_to(to) else {
                return Err(if from.offset_towards(to).is_some() {
                    ParseTurnError::NoDiagonal { from, to }
                } else {
                    ParseTurnError::NotAdjacent { from, to }
                });
            };
            turn.try_push(Step { from, to, dir, capture })?;
        }
        Ok(turn)
    }
}

/// Parses a point of a turn, or says which text was not one.
fn parse_point(text: &str) -> Result<Point, ParseTurnError> {
    text.parse().map_err(|source| ParseTurnError::Point { text: text.to_owned(), source })
}

/// Splits `d3A` into `d3` and `A`: the point is the letter and the digit.
fn split_suffix(token: &str) -> (&str, &str) {
    let end = token.char_indices().nth(2).map_or(token.len(), |(i, _)| i);
    token.split_at(end)
}

impl Point {
    /// The direction from `self` to an adjacent `to` on the largest board, whether or not a line joins them.
    fn offset_towards(self, to: Point) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| self.offset(d) == Some(to))
    }
}

impl Serialize for Turn {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Turn {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Turn, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Iterator over the steps of a [`Turn`].
#[derive(Clone, Debug)]
pub struct Steps {
    at: Point,
    remaining: u8,
    code: u128,
}

impl Iterator for Steps {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.remaining == 0 {
            return None;
        }
        let dir = Direction::from_index((self.code & 7) as u8);
        let capture = match (self.code >> 3) & 3 {
            1 => Some(CaptureKind::Approach),
            2 => Some(CaptureKind::Withdrawal),
            _ => None,
        };
        self.code >>= STEP_BITS;
        self.remaining -= 1;
        let step = Step::new(self.at, dir, capture)?;
        self.at = step.to;
        Some(step)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining as usize, Some(self.remaining as usize))
    }
}

/// Notation that is not a well-formed turn (before any position is consulted).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseTurnError {
    /// Nothing to parse.
    #[error("the turn is empty")]
    Empty,
    /// A point of the turn is not a point.
    #[error("`{text}` in the turn: {source}")]
    Point {
        /// The text that was read as a point.
        text: String,
        /// What is wrong with it.
        source: ParsePointError,
    },
    /// Text after a point other than `A` or `W`.
    #[error("`{token}`: a step ends with A (approach), W (withdrawal) or nothing (a paika)")]
    Suffix {
        /// The step's text.
        token: String,
    },
    /// Two successive points are not neighbours.
    #[error("{from} and {to} are not adjacent: a piece moves one step along a line")]
    NotAdjacent {
        /// Where the step starts.
        from: Point,
        /// Where it was meant to go.
        to: Point,
    },
    /// A diagonal step from a weak point.
    #[error("no diagonal line joins {from} and {to}: only strong points (such as e3) have diagonals")]
    NoDiagonal {
        /// Where the step starts.
        from: Point,
        /// Where it was meant to go.
        to: Point,
    },
    /// A chain that contains a paika.
    #[error("step {step} follows a paika or is one: only capturing steps can be chained (mark them A or W)")]
    PaikaInChain {
        /// The 1-based number of the offending step.
        step: usize,
    },
    /// A step list whose steps do not follow one another.
    #[error("step {step} does not start where the previous step ended")]
    Disconnected {
        /// The 1-based number of the offending step.
        step: usize,
    },
    /// More steps than any legal chain can have.
    #[error("a turn has at most 22 steps")]
    TooLong,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    /// Every turn comes back from its bits, and numbers that are no turn are refused.
    #[test]
    fn bits_round_trip() {
        for text in ["b2", "e2-e3", "f3-e3W", "e3-d3A-d4W", "a1-b2A-c3A-c2W"] {
            let turn: Turn = text.parse().unwrap();
            assert_eq!(Turn::from_bits(turn.to_bits()), Some(turn), "{text}");
        }
        let turn: Turn = "e3-d3A-d4W".parse().unwrap();
        assert_eq!(Turn::from_bits(turn.to_bits() | 1 << 20), None, "a step beyond its length");
        assert_eq!(Turn::from_bits(turn.to_bits() | 31 << CODE_BITS), None, "too many steps");
        assert_eq!(Turn::from_bits(u128::MAX), None);
    }

    #[test]
    fn notation_round_trips() {
        for text in ["b2", "e2-e3", "f3-e3W", "e3-d3A-d4W", "a1-b2A-c3A-c2W"] {
            let turn: Turn = text.parse().unwrap();
            assert_eq!(turn.to_string(), text);
        }
        let t: Turn = "E3-D3a-D4w".parse().unwrap();
        assert_eq!(t.to_string(), "e3-d3A-d4W");
        assert_eq!(t.len(), 2);
        assert_eq!(t.from(), p("e3"));
        assert_eq!(t.to(), p("d4"));
        assert_eq!(t.path().collect::<Vec<_>>(), vec![p("e3"), p("d3"), p("d4")]);
        assert!(t.is_capture());
        assert_eq!(Turn::from_steps(&t.steps().collect::<Vec<_>>()), Ok(t));
    }

    #[test]
    fn malformed_notation_says_what_is_wrong() {
        use ParseTurnError as E;
        assert_eq!("".parse::<Turn>(), Err(E::Empty));
        assert!(matches!("j3-e3".parse::<Turn>(), Err(E::Point { .. })));
        assert!(matches!("e3-".parse::<Turn>(), Err(E::Point { .. })));
        assert_eq!("e3-e5".parse::<Turn>(), Err(E::NotAdjacent { from: p("e3"), to: p("e5") }));
        assert_eq!("e2-f3".parse::<Turn>(), Err(E::NoDiagonal { from: p("e2"), to: p("f3") }));
        assert!(matches!("e2-e3X".parse::<Turn>(), Err(E::Suffix { .. })));
        assert!(matches!("e2A-e3".parse::<Turn>(), Err(E::Point { .. })));
        assert_eq!("e2-e3-e4".parse::<Turn>(), Err(E::PaikaInChain { step: 2 }));
        assert_eq!("e2-e3A-e4".parse::<Turn>(), Err(E::PaikaInChain { step: 2 }));
    }

    #[test]
    fn pop_restores_the_turn() {
        let mut t: Turn = "e3-d3A".parse().unwrap();
        let before = t;
        t.push(Step::between(p("d3"), p("d4"), Some(CaptureKind::Withdrawal)).unwrap());
        t.pop();
        assert_eq!(t, before);
    }
}
