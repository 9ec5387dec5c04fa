//! The exact rules of Fanorona, the national board game of Madagascar: fanoron-tsivy (9 x 5), fanoron-dimy
//! (5 x 5), fanoron-telo (3 x 3) and the vela handicap, as specified in the project's `RULES.md`.
//!
//! - Value types: [`Variant`], [`Side`], [`Point`], [`Direction`], [`PointSet`], [`CaptureKind`], [`Step`],
//!   [`Turn`], [`Setup`] (an unchecked position), [`Position`], [`Game`], [`Outcome`] ([`WinReason`],
//!   [`DrawReason`]), [`GameRecord`].
//! - Whole-turn generation on bitboards without allocation ([`Position::for_each_turn`],
//!   [`Position::try_for_each_turn`] which can stop early, [`Position::for_each_turn_taking`] which tells what each
//!   turn takes, [`Position::count_turns`], [`perft`]), and a step-by-step [`TurnBuilder`] for user interfaces that
//!   says what each step captures, reads a turn typed by a player ([`TurnBuilder::interpret`], [`Typed`],
//!   [`TypedError`]) and says why a step is refused ([`TurnBuilder::why_not`], [`StepRefusal`]).
//! - Text forms: points (`e3`), turn notation (`e3-d3A-d4W`, `e2-e3`, telo `b2`), position text, all with
//!   `FromStr` and `Display`; game records ([`GameRecord`]) as RON and as game text for people to share
//!   ([`GameRecord::to_text`], [`GameRecord::from_text`], [`GameRecord::load_text`]; errors in [`GameTextError`]
//!   name their line).
//! - Errors in layers: [`ParseTurnError`] (the text is not a turn), [`IllegalTurn`] (a turn this position or game
//!   does not allow), [`TurnError`] (either, for notation read and played); [`ParsePositionError`] wraps
//!   [`SetupError`].
//!
//! ```
//! use fanorona_rules::{perft, Game, Position, Variant};
//! let start = Position::start(Variant::Tsivy);
//! assert_eq!(perft(&start, 2), 39);
//! let mut game = Game::new(start);
//! game.play_notation("f3-e3W")?;
//! assert_eq!(game.position().to_string(), "bbbbbbbbb/bbbbbbbbb/wbwbw2wb/wwwwwwwww/wwwwwwwww b 0 -");
//! # Ok::<(), fanorona_rules::TurnError>(())
//! ```

mod builder;
mod game;
mod geometry;
mod movegen;
mod outcome;
mod perft;
mod position;
mod record;
mod record_text;
mod side;
mod turn;
mod typed;
mod zobrist;

pub use builder::{Played, Progress, TurnBuilder};
pub use game::Game;
pub use geometry::{Direction, ParsePointError, ParseVariantError, Point, PointSet, PointSetIter, Variant};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{divide, perft};
pub use position::{
    FIFTY_TURNS, IllegalTurn, ParsePositionError, Position, Setup, SetupError, TurnError, VELA_LAST_PIECES,
};
pub use record::{GameRecord, RecordError};
pub use record_text::{GameForm, GameTextError, GameTextErrorKind, ReadGameError};
pub use side::{ParseSideError, Side};
pub use turn::{CaptureKind, ParseTurnError, Step, Steps, Turn};
pub use typed::{StepRefusal, Then, Typed, TypedError, capture_choice};
