//! The two sides.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// White (starts at row 1, moves first) or Black.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The letter of this side in position text: `w` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// The side of a position-text letter (`w` or `b`, either case).
    pub const fn from_letter(c: char) -> Option<Side> {
        match c.to_ascii_lowercase() {
            'w' => Some(Side::White),
            'b' => Some(Side::Black),
            _ => None,
        }
    }

    /// `White` or `Black`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// 0 for White, 1 for Black: the index of this side in arrays of two (one entry a side, White's first).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = ParseSideError;

    /// Parses `w`, `b`, `white` or `black` in either case.
    fn from_str(s: &str) -> Result<Side, Self::Err> {
        let mut chars = s.chars();
        match (chars.next().and_then(Side::from_letter), chars.next()) {
            (Some(side), None) => Ok(side),
            _ => Side::BOTH
                .into_iter()
                .find(|side| side.name().eq_ignore_ascii_case(s))
                .ok_or_else(|| ParseSideError(s.to_owned())),
        }
    }
}

/// Text that is not a side.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown side `{0}`: expected w or b")]
pub struct ParseSideError(pub String);
