//! The exact rules of Fanorona, the national board game of Madagascar: fanoron-tsivy (9 x 5), fanoron-dimy
//! (5 x 5), fanoron-telo (3 x 3) and the vela handicap, as specified in the project's `RULES.md`.
//!
//! - Value types: [`Variant`], [`Side`], [`Point`], [`Direction`], [`PointSet`], [`CaptureKind`], [`Step`],
//!   [`Turn`], [`Position`], [`Game`], [`Outcome`].
//! - Whole-turn generation on bitboards without allocation ([`Position::for_each_turn`],
//!   [`Position::count_turns`], [`perft`]), and a step-by-step [`TurnBuilder`] for user interfaces.
//! - Text forms: points (`e3`), turn notation (`e3-d3A-d4W`, `e2-e3`, telo `b2`), position text, all with
//!   `FromStr` and `Display`; game records as RON ([`GameRecord`]).
//!
//! ```
//! use fanorona_rules::{perft, Game, Position, Variant};
//! let start = Position::start(Variant::Tsivy);
//! assert_eq!(perft(&start, 2), 39);
//! let mut game = Game::new(start);
//! game.play_notation("f3-e3W")?;
//! assert_eq!(game.position().to_string(), "bbbbbbbbb/bbbbbbbbb/wbwbw2wb/wwwwwwwww/wwwwwwwww b 0 -");
//! # Ok::<(), fanorona_rules::PlayError>(())
//! ```

mod builder;
mod error;
mod game;
mod geometry;
mod movegen;
mod perft;
mod position;
mod record;
mod side;
mod turn;
mod zobrist;

pub use builder::{Progress, TurnBuilder};
pub use error::{
    IllegalTurn, ParsePointError, ParsePositionError, ParseSideError, ParseTurnError, ParseVariantError, PlayError,
    RecordError, TurnError,
};
pub use game::{Game, Outcome, Reason};
pub use geometry::{Direction, Point, PointSet, PointSetIter, Variant};
pub use perft::{divide, perft};
pub use position::{FIFTY_TURNS, Position, VELA_LAST_PIECES};
pub use record::GameRecord;
pub use side::Side;
pub use turn::{CaptureKind, Step, Steps, Turn};
