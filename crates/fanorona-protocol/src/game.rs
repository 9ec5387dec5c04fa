//! What every feature's messages are made of: boards, sides, time controls and clocks, players, games and their
//! results.

use std::fmt;
use std::str::FromStr;

use fanorona_rules::{DrawReason, Outcome, Side, Variant, WinReason};
use serde::{Deserialize, Serialize};

/// The most games a `games` or `profile` message lists.
pub const MAX_LISTED_GAMES: usize = 50;

/// The boards that can be played on the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameVariant {
    /// Fanoron-tsivy, 9 x 5: the standard game, the only rated one.
    Tsivy,
    /// Fanoron-dimy, 5 x 5.
    Dimy,
}

impl GameVariant {
    /// The rules' variant.
    pub const fn variant(self) -> Variant {
        match self {
            GameVariant::Tsivy => Variant::Tsivy,
            GameVariant::Dimy => Variant::Dimy,
        }
    }

    /// The name in messages and in the database.
    pub const fn name(self) -> &'static str {
        match self {
            GameVariant::Tsivy => "tsivy",
            GameVariant::Dimy => "dimy",
        }
    }

    /// Reads [`GameVariant::name`].
    pub fn from_name(name: &str) -> Option<GameVariant> {
        [GameVariant::Tsivy, GameVariant::Dimy].into_iter().find(|v| v.name() == name)
    }
}

/// A side, as the protocol spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Color {
    /// The name in messages and in the database.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Reads [`Color::name`].
    pub fn from_name(name: &str) -> Option<Color> {
        [Color::White, Color::Black].into_iter().find(|c| c.name() == name)
    }
}

impl std::ops::Not for Color {
    type Output = Color;

    /// The other side.
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// A time control: a live game's, minutes for the whole game plus seconds added after each turn, written `5+3`; or
/// a correspondence game's, days to answer each turn, written `3d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum TimeControl {
    /// A live game: each side's clock starts with `minutes` (1 to 180) and gains `increment` seconds (0 to 60) after
    /// each of its turns.
    Live {
        /// Minutes on each clock at the start.
        minutes: u32,
        /// Seconds added to the mover's clock after each turn.
        increment: u32,
    },
    /// A correspondence game: each side has `days` (one of [`CORRESPONDENCE_DAYS`]) to answer each turn, its time
    /// starting again in full after every turn it plays.
    Correspondence {
        /// Days to answer each turn.
        days: u32,
    },
}

/// The days per turn a correspondence game may give.
pub const CORRESPONDENCE_DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];

/// A day in milliseconds: the unit of correspondence games' clocks and of vacations.
pub const DAY_MS: i64 = 86_400_000;

impl TimeControl {
    /// Each clock at the start, in milliseconds.
    pub const fn initial_ms(self) -> i64 {
        match self {
            TimeControl::Live { minutes, .. } => minutes as i64 * 60_000,
            TimeControl::Correspondence { days } => days as i64 * DAY_MS,
        }
    }

    /// The mover's clock just after its turn, from the `left_ms` it had: the increment added in a live game, the
    /// whole time to answer again in a correspondence game.
    pub const fn after_turn(self, left_ms: i64) -> i64 {
        match self {
            TimeControl::Live { increment, .. } => left_ms + increment as i64 * 1000,
            TimeControl::Correspondence { .. } => self.initial_ms(),
        }
    }

    /// The time added to the mover's clock after each turn in a live game, in milliseconds (none in correspondence,
    /// where the clock starts again instead).
    pub const fn increment_ms(self) -> i64 {
        match self {
            TimeControl::Live { increment, .. } => increment as i64 * 1000,
            TimeControl::Correspondence { .. } => 0,
        }
    }

    /// Whether this is a correspondence game's: days per turn.
    pub const fn is_correspondence(self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }
}

/// Why a time control was not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a time control is minutes (1 to 180) + increment seconds (0 to 60), such as 5+3, or days per turn (1, 2, 3, 5, 7 \
     or 14) and d, such as 3d; not {0:?}"
)]
pub struct ParseTimeControlError(String);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = || ParseTimeControlError(text.to_owned());
        let number = |part: &str| if part.bytes().all(|b| b.is_ascii_digit()) { part.parse().ok() } else { None };
        if let Some(days) = text.strip_suffix('d') {
            return match number(days) {
                Some(days) if CORRESPONDENCE_DAYS.contains(&days) => Ok(TimeControl::Correspondence { days }),
                _ => Err(error()),
            };
        }
        let (minutes, increment) = text.split_once('+').ok_or_else(error)?;
        match (number(minutes), number(increment)) {
            (Some(minutes @ 1..=180), Some(increment @ 0..=60)) => Ok(TimeControl::Live { minutes, increment }),
            _ => Err(error()),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Live { minutes, increment } => write!(f, "{minutes}+{increment}"),
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

impl From<TimeControl> for String {
    fn from(time: TimeControl) -> String {
        time.to_string()
    }
}

impl TryFrom<String> for TimeControl {
    type Error = ParseTimeControlError;

    fn try_from(text: String) -> Result<TimeControl, ParseTimeControlError> {
        text.parse()
    }
}

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The player's id.
    pub id: String,
    /// The display name.
    pub name: String,
    /// The Glicko-2 rating.
    pub rating: f64,
    /// The rating's deviation (how uncertain it is).
    pub deviation: f64,
    /// Whether a program plays for this player.
    #[serde(default)]
    pub bot: bool,
}

/// The clocks of a game, in milliseconds left; the running one as of when the message was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// White's time left.
    pub white_ms: i64,
    /// Black's time left.
    pub black_ms: i64,
    /// The side whose clock runs (none once the game is over).
    pub running: Option<Color>,
    /// How much longer the running clock stands still before it counts down again: its player is on vacation, or a
    /// tournament game has not begun ([`TOURNAMENT_COUNTDOWN_MS`](crate::TOURNAMENT_COUNTDOWN_MS)) (0 when it counts
    /// down).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stopped_ms: i64,
}

impl Clocks {
    /// The time left on `color`'s clock `elapsed_ms` after these clocks were read: the running one counts down once
    /// it no longer stands still.
    pub fn left_after(&self, color: Color, elapsed_ms: i64) -> i64 {
        let left = if color == Color::White { self.white_ms } else { self.black_ms };
        if self.running != Some(color) {
            return left;
        }
        let counted = (elapsed_ms.max(0) - self.stopped_ms).max(0);
        left.saturating_sub(counted).max(0)
    }

    /// Whether `color`'s clock still stands still (its player on vacation) `elapsed_ms` after these clocks were read.
    pub fn stopped_after(&self, color: Color, elapsed_ms: i64) -> bool {
        self.running == Some(color) && self.stopped_ms > elapsed_ms
    }
}

/// The serde name of a unit variant: the one name of each, in messages and in the database (a unit variant always
/// serialises to a string).
pub(crate) fn serde_name(value: impl Serialize) -> String {
    serde_json::to_value(value).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

fn is_zero(ms: &i64) -> bool {
    *ms == 0
}

/// A game: its players, settings, turns and state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The white player.
    pub white: PlayerView,
    /// The black player.
    pub black: PlayerView,
    /// The board.
    pub variant: GameVariant,
    /// Whether the game is rated.
    pub rated: bool,
    /// The time control.
    pub time: TimeControl,
    /// In a vela game, the handicapped side (the challenger's); none in a normal game.
    #[serde(default)]
    pub vela: Option<Color>,
    /// The turns played, in notation.
    pub turns: Vec<String>,
    /// The current position, as position text.
    pub position: String,
    /// The side to move.
    pub to_move: Color,
    /// The clocks.
    pub clocks: Clocks,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The tournament the game is part of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
}

impl GameView {
    /// The player of `color`.
    pub fn player(&self, color: Color) -> &PlayerView {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner; none for a draw or an aborted game.
    pub winner: Option<Color>,
    /// Why.
    pub reason: EndReason,
}

impl GameResult {
    /// A win for `winner`.
    pub fn win(winner: Side, reason: EndReason) -> GameResult {
        GameResult { winner: Some(winner.into()), reason }
    }

    /// A draw or an abort.
    pub const fn no_winner(reason: EndReason) -> GameResult {
        GameResult { winner: None, reason }
    }

    /// Reads a stored [`GameResult::score`] and [`EndReason::name`].
    pub fn from_stored(score: &str, reason: &str) -> Option<GameResult> {
        let winner = match score {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            "1/2-1/2" | "*" => None,
            _ => return None,
        };
        Some(GameResult { winner, reason: EndReason::from_name(reason)? })
    }

    /// The score as stored: `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub const fn score(&self) -> &'static str {
        match (self.winner, self.reason) {
            (Some(Color::White), _) => "1-0",
            (Some(Color::Black), _) => "0-1",
            (None, EndReason::Aborted) => "*",
            (None, _) => "1/2-1/2",
        }
    }
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win { winner, reason } => GameResult::win(
                winner,
                match reason {
                    WinReason::AllCaptured => EndReason::AllCaptured,
                    WinReason::NoLegalTurn => EndReason::NoLegalTurn,
                    WinReason::TeloLine => EndReason::TeloLine,
                    WinReason::Resignation => EndReason::Resignation,
                },
            ),
            Outcome::Draw(DrawReason::FiftyTurns) => GameResult::no_winner(EndReason::FiftyTurns),
            Outcome::Draw(DrawReason::Repetition) => GameResult::no_winner(EndReason::Repetition),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The loser has no pieces left.
    AllCaptured,
    /// The loser, to move, has no legal turn.
    NoLegalTurn,
    /// Three in a line (telo; not played on the server yet).
    TeloLine,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out.
    Timeout,
    /// 50 turns without a capture.
    FiftyTurns,
    /// The same position for the third time.
    Repetition,
    /// Both players agreed to a draw.
    Agreement,
    /// A player aborted the game before it really began; nobody won and it is never rated.
    Aborted,
}

impl EndReason {
    /// The name in messages and in the database.
    pub fn name(self) -> String {
        serde_name(self)
    }

    /// Reads [`EndReason::name`].
    pub fn from_name(name: &str) -> Option<EndReason> {
        serde_json::from_value(serde_json::Value::String(name.to_owned())).ok()
    }
}

/// The ratings of both players before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChanges {
    /// White's rating change.
    pub white: RatingChange,
    /// Black's rating change.
    pub black: RatingChange,
}

/// One player's rating before and after a game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// The deviation after.
    pub deviation: f64,
}
