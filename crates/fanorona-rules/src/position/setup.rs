//! An unchecked position: the parts a [`Position`] is made of, free to edit, checked once by [`Setup::position`].
//! Also position text, and the errors of both ([`SetupError`], [`ParsePositionError`]).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{FIFTY_TURNS, Position};
use crate::geometry::{Point, PointSet, Variant};
use crate::side::Side;

/// The parts of a position, unchecked: build one (from [`Setup::empty`], [`Position::setup`] or position text),
/// change its fields, then turn it into a [`Position`] with [`Setup::position`] (or `Position::try_from`).
///
/// ```
/// use fanorona_rules::{Position, Setup, Side, Variant};
/// let mut setup = Setup::empty(Variant::Dimy);
/// setup.put("c3".parse()?, Some(Side::White));
/// setup.put("c5".parse()?, Some(Side::Black));
/// let position: Position = setup.position()?;
/// assert_eq!(position.to_string(), "2b2/5/2w2/5/5 w 0 -");
/// assert_eq!(position.setup(), setup);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The board.
    pub variant: Variant,
    /// The pieces of each side, indexed by [`Side::index`] (White's first).
    pub pieces: [PointSet; 2],
    /// Whose turn it is.
    pub side_to_move: Side,
    /// Consecutive turns played without a capture (at most [`FIFTY_TURNS`], when the game is drawn).
    pub quiet_turns: u16,
    /// The handicapped side of a vela game (tsivy only).
    pub vela: Option<Side>,
}

impl Setup {
    /// The empty board of `variant`, White to move, no turn played without capture, no vela.
    pub const fn empty(variant: Variant) -> Setup {
        Setup { variant, pieces: [PointSet::EMPTY; 2], side_to_move: Side::White, quiet_turns: 0, vela: None }
    }

    /// Whose piece stands on `p`, if any (White's, if both sides have one there).
    pub fn piece_at(&self, p: Point) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.pieces[s.index()].contains(p))
    }

    /// Puts a piece of `side` on `p`, or empties `p` with `None` (whatever stood there is removed).
    pub fn put(&mut self, p: Point, side: Option<Side>) {
        for s in Side::BOTH {
            self.pieces[s.index()] = self.pieces[s.index()].without(p);
        }
        if let Some(side) = side {
            self.pieces[side.index()] = self.pieces[side.index()].with(p);
        }
    }

    /// Checks the setup and makes it a position. The checks, in this order: every bit of the piece sets is a point
    /// on the variant's board; no point holds a piece of each side; no side has more pieces than it starts with
    /// (22, 12, 3); vela only on tsivy; at most [`FIFTY_TURNS`] turns without a capture. A setup need not be
    /// reachable from a start position (a problem position, a lesson), so nothing else is required.
    pub fn position(self) -> Result<Position, SetupError> {
        let board = self.variant.points();
        for side in Side::BOTH {
            let pieces = self.pieces[side.index()];
            if let Some(index) = (pieces & !board).iter().map(Point::index).next() {
                return Err(match Point::from_index(index) {
                    Some(point) => SetupError::OffBoard { side, point, variant: self.variant },
                    None => SetupError::NotAPoint { side, index },
                });
            }
        }
        if let Some(point) = (self.pieces[0] & self.pieces[1]).iter().next() {
            return Err(SetupError::Overlap(point));
        }
        let max = self.variant.pieces_per_side();
        for side in Side::BOTH {
            let count = self.pieces[side.index()].len();
            if count > max {
                return Err(SetupError::TooManyPieces { side, count, max, variant: self.variant });
            }
        }
        if self.vela.is_some() && self.variant != Variant::Tsivy {
            return Err(SetupError::VelaVariant(self.variant));
        }
        if self.quiet_turns > FIFTY_TURNS {
            return Err(SetupError::QuietTurns(self.quiet_turns));
        }
        Ok(Position::from_parts(self.variant, self.pieces, self.side_to_move, self.quiet_turns, self.vela))
    }
}

impl fmt::Display for Setup {
    /// Position text with all four fields, e.g. `bbbbb/bbbbb/wb1wb/wwwww/wwwww w 0 -`. Only the points of the
    /// board are written (a point of both sides as White's), so only a setup that [`Setup::position`] accepts reads
    /// back the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..self.variant.height()).rev() {
            let mut empty = 0;
            for x in 0..self.variant.width() {
                match Point::new(x, y).and_then(|p| self.piece_at(p)) {
                    None => empty += 1,
                    Some(side) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", side.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if y > 0 {
                f.write_str("/")?;
            }
        }
        let vela = self.vela.map_or('-', Side::letter);
        write!(f, " {} {} {}", self.side_to_move.letter(), self.quiet_turns, vela)
    }
}

impl FromStr for Setup {
    type Err = ParsePositionError;

    /// Reads position text (see RULES.md): rows from the top separated by `/`, the side to move, and optionally the
    /// no-capture count and the vela field. Only the form is checked here (the board size names the variant, so
    /// every piece is on it); [`Setup::position`] checks the rest.
    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if !(2..=4).contains(&fields.len()) {
            return Err(ParsePositionError::Fields(fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        let height = rows.len();
        let mut width = None;
        let mut placed: Vec<(usize, usize, Side)> = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let y = height - 1 - i;
            let mut x = 0usize;
            for ch in row.chars() {
                if let Some(side) = Side::from_letter(ch) {
                    placed.push((x, y, side));
                    x += 1;
                } else if let Some(n) = ch.to_digit(10).filter(|&n| n > 0) {
                    x += n as usize;
                } else {
                    return Err(ParsePositionError::Char { row: y + 1, ch });
                }
            }
            match width {
                None => width = Some(x),
                Some(w) if w != x => {
                    return Err(ParsePositionError::RowWidth { row: y + 1, found: x, top: height, expected: w });
                }
                Some(_) => {}
            }
        }
        let width = width.unwrap_or(0);
        let variant = Variant::from_size(width, height).ok_or(ParsePositionError::Size { width, height })?;
        let mut setup = Setup::empty(variant);
        for (x, y, side) in placed {
            // The board size was checked, so every point is on it.
            if let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y))
                && let Some(p) = Point::new(x, y)
            {
                setup.pieces[side.index()] = setup.pieces[side.index()].with(p);
            }
        }
        let side = fields[1].parse::<Side>().ok().filter(|_| fields[1].len() == 1);
        setup.side_to_move = side.ok_or_else(|| ParsePositionError::Side(fields[1].to_owned()))?;
        if let Some(text) = fields.get(2) {
            setup.quiet_turns = text.parse::<u16>().map_err(|_| ParsePositionError::Counter((*text).to_owned()))?;
        }
        setup.vela = match fields.get(3).copied() {
            None | Some("-") => None,
            Some(text) => {
                let side = text.parse::<Side>().ok().filter(|_| text.len() == 1);
                Some(side.ok_or_else(|| ParsePositionError::Vela(text.to_owned()))?)
            }
        };
        Ok(setup)
    }
}

/// Position text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// Too few or too many fields.
    #[error(
        "position text needs 2 to 4 fields, found {0}: the rows, the side to move, and optionally the no-capture \
         count and vela (for example `bbbbb/bbbbb/wb1wb/wwwww/wwwww w 0 -`)"
    )]
    Fields(usize),
    /// A row has a character other than `w`, `b` or a digit.
    #[error("row {row}: `{ch}` is not a piece: use w, b, or a digit for empty points")]
    Char {
        /// The row number (1 is White's home row).
        row: usize,
        /// The character.
        ch: char,
    },
    /// A row is not as wide as the first one.
    #[error("row {row} has {found} points but row {top} has {expected}: every row must be as wide")]
    RowWidth {
        /// The row number of the offending row.
        row: usize,
        /// Its width.
        found: usize,
        /// The top row's number.
        top: usize,
        /// The top row's width.
        expected: usize,
    },
    /// The board size is not one of the variants'.
    #[error("a {width} x {height} board is not played: tsivy is 9 x 5, dimy 5 x 5, telo 3 x 3")]
    Size {
        /// Columns read.
        width: usize,
        /// Rows read.
        height: usize,
    },
    /// The side to move is not `w` or `b`.
    #[error("`{0}` is not the side to move: expected w or b")]
    Side(String),
    /// The no-capture count is not a number.
    #[error("`{0}` is not a no-capture count: expected a whole number such as 0")]
    Counter(String),
    /// The vela field is not `-`, `w` or `b`.
    #[error("`{0}` is not a vela field: expected - (no vela), w or b (the handicapped side)")]
    Vela(String),
    /// The text is well formed, but no position has these pieces and fields.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

/// A [`crate::Setup`] that is not a position: pieces off the board or on one point twice, too many pieces, vela
/// outside tsivy, an impossible no-capture count.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A bit of a piece set that is no point of any board (the set was built from a raw number).
    #[error("{side}'s pieces include bit {index}, which is no point of any board")]
    NotAPoint {
        /// Whose pieces.
        side: Side,
        /// The bit index.
        index: u8,
    },
    /// A piece outside the variant's board.
    #[error("{side} has a piece on {point}, which is not on the {variant} board")]
    OffBoard {
        /// Whose piece.
        side: Side,
        /// Where it is.
        point: Point,
        /// The board.
        variant: Variant,
    },
    /// A point with a piece of each side.
    #[error("{0} holds both a White and a Black piece: a point holds one piece at most")]
    Overlap(Point),
    /// More pieces than a side starts with.
    #[error("{side} has {count} pieces, but a side has at most {max} in {variant}")]
    TooManyPieces {
        /// The side.
        side: Side,
        /// Pieces found.
        count: u32,
        /// The most allowed.
        max: u32,
        /// The variant.
        variant: Variant,
    },
    /// Vela on a board other than tsivy.
    #[error("vela is played on tsivy only, not on {0}")]
    VelaVariant(Variant),
    /// A no-capture count beyond the one that ends the game.
    #[error("{0} turns without a capture: the game is drawn at 50, so the count is at most 50")]
    QuietTurns(u16),
}
