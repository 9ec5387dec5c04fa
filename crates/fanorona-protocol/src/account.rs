//! A player's account: profiles, vacations, and the data a player downloads.

use serde::{Deserialize, Serialize};

use crate::game::{GameResult, GameView, PlayerView, RatingChanges};

/// How many rated games a profile's rating history shows at most, the last ones: a graph's worth, whoever has played
/// thousands (a player's data download has every one).
pub const MAX_PROFILE_RATINGS: usize = 500;

/// The days of vacation a player may take in a calendar year (UTC): days in which the clocks of their
/// correspondence games stand still.
pub const VACATION_DAYS_PER_YEAR: u32 = 14;

/// The most games an `exported_data` page holds.
pub const EXPORT_PAGE_GAMES: usize = 100;

/// How long a deleted account's name stays out of anyone else's reach, so that nobody passes for the player before
/// their opponents and friends know that the account is gone.
pub const NAME_HELD_DAYS: i64 = 30;

/// A player's vacation: whether one is under way, and the days left this year.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VacationView {
    /// How long the vacation under way lasts from now (0 when there is none).
    pub left_ms: i64,
    /// The days of vacation the player may still take this year.
    pub days_left: u32,
}

impl Default for VacationView {
    fn default() -> VacationView {
        VacationView { left_ms: 0, days_left: VACATION_DAYS_PER_YEAR }
    }
}

/// A player's rating after a rated game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// The game's id.
    pub game: String,
    /// The rating after the game.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// When the game ended, in milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// A finished game, as a player's profile lists it: everything to replay it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The game as it ended (its clocks stopped).
    pub game: GameView,
    /// How it ended.
    pub result: GameResult,
    /// The rating changes of a rated game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingChanges>,
    /// When it ended, in milliseconds since the Unix epoch.
    pub ended_ms: i64,
}

/// What the server keeps of an account besides its games (`exported_data`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AccountData {
    /// The player as others see them, with the live games' rating.
    pub player: PlayerView,
    /// Whether the player has a password.
    pub registered: bool,
    /// When the player was made, in milliseconds since the Unix epoch.
    pub joined_ms: i64,
    /// The correspondence games' rating.
    pub correspondence_rating: f64,
    /// Its deviation.
    pub correspondence_deviation: f64,
    /// The puzzles' rating.
    pub puzzle_rating: f64,
    /// The live rating after each rated game, oldest first.
    pub history: Vec<RatingPoint>,
    /// Each login (a device signed in), when it began and when it was last used.
    pub logins: Vec<LoginData>,
    /// Each puzzle tried, with its first result.
    pub puzzles: Vec<PuzzleData>,
}

/// A login of an account (`exported_data`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoginData {
    /// When it began, in milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// When a connection last said hello with it.
    pub last_seen_ms: i64,
}

/// A puzzle a player tried (`exported_data`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleData {
    /// The puzzle's id.
    pub puzzle: String,
    /// Whether it was solved the first time.
    pub solved: bool,
    /// The puzzle rating after it.
    pub rating: f64,
    /// When, in milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// A game a player played, over or not (`exported_data`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedGame {
    /// The game with its turns, as it stands or ended.
    pub game: GameView,
    /// How it ended, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The rating changes of a rated game that ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingChanges>,
    /// When it last changed (its end, for a game over), in milliseconds since the Unix epoch.
    pub updated_ms: i64,
}
