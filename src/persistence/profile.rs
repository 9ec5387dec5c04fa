//! What the player has achieved, kept apart from the preferences: the local rating against the computer (Elo) with
//! its history, the tutorial lessons finished, and the puzzles (a Glicko-2 rating of their own, the streak, the
//! puzzles tried). Kept as RON in the data folder like the settings; earlier versions
//! kept both inside the settings file, and they are taken over from there once.

use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_puzzles::Glicko2Rating;
use serde::{Deserialize, Serialize};

use super::settings::SETTINGS_FILE;
use super::storage::{Notices, Storage};
use super::{Kept, parse};

/// The file name of the profile.
pub const PROFILE_FILE: &str = "profile.ron";
/// Where a new player starts.
pub const START_RATING: f64 = 1200.0;
/// Rated games kept in the history.
pub const HISTORY_LEN: usize = 50;
/// Games after which a rating counts as established (and moves more slowly).
const PROVISIONAL_GAMES: u32 = 20;

/// One rated game in the history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedGame {
    /// The computer's level.
    pub opponent: Level,
    /// The person's score: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub score: f64,
    /// The rating after the game.
    pub rating: f64,
}

/// A person's rating and the games that made it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerRating {
    /// The current rating.
    pub rating: f64,
    /// Rated games played.
    pub games: u32,
    /// The last rated games, oldest first.
    pub history: Vec<RatedGame>,
}

impl Default for PlayerRating {
    fn default() -> PlayerRating {
        PlayerRating { rating: START_RATING, games: 0, history: Vec::new() }
    }
}

impl PlayerRating {
    /// The expected score against an opponent rated `other`.
    pub fn expected(&self, other: f64) -> f64 {
        1.0 / (1.0 + 10f64.powf((other - self.rating) / 400.0))
    }

    /// Records a game against `opponent` with the person's `score` (1, 0.5 or 0) and returns the new rating. The
    /// first games move the rating twice as fast, so that a new player finds their level quickly.
    pub fn record(&mut self, opponent: Level, score: f64) -> f64 {
        let k = if self.games < PROVISIONAL_GAMES { 40.0 } else { 20.0 };
        self.rating += k * (score - self.expected(opponent.rating()));
        self.games += 1;
        self.history.push(RatedGame { opponent, score, rating: self.rating });
        if self.history.len() > HISTORY_LEN {
            self.history.remove(0);
        }
        self.rating
    }
}

/// The player's puzzles: a Glicko-2 rating apart from the game rating (as online ratings are), the streak of puzzles
/// solved in a row, and the puzzles tried. A puzzle is rated the first time it is tried only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleProgress {
    /// The puzzle rating, 1500 to start.
    pub rating: f64,
    /// How uncertain it is, 350 to start.
    pub deviation: f64,
    /// How erratic the results are.
    pub volatility: f64,
    /// Rated puzzles solved.
    pub solved: u32,
    /// Rated puzzles failed (a wrong turn, or a hint).
    pub failed: u32,
    /// Rated puzzles solved in a row, up to the last one.
    pub streak: u32,
    /// The longest streak.
    pub best_streak: u32,
    /// The puzzles tried, by id.
    pub tried: Vec<String>,
}

impl Default for PuzzleProgress {
    fn default() -> PuzzleProgress {
        let new = Glicko2Rating::new();
        PuzzleProgress {
            rating: new.rating,
            deviation: new.deviation,
            volatility: new.volatility,
            solved: 0,
            failed: 0,
            streak: 0,
            best_streak: 0,
            tried: Vec::new(),
        }
    }
}

impl PuzzleProgress {
    /// Whether the puzzle named `id` was tried before (it is not rated again).
    pub fn tried(&self, id: &str) -> bool {
        self.tried.iter().any(|t| t == id)
    }

    /// Records the first try of the puzzle `id`, rated `puzzle_rating`: solved or not. The rating moves as the
    /// server's puzzle ratings do ([`fanorona_puzzles::rate`]), against the puzzle's starting rating (a shipped
    /// puzzle's does not move here); the streak grows or ends.
    /// Returns the new rating; a puzzle tried before changes nothing.
    pub fn record(&mut self, id: &str, puzzle_rating: f64, solved: bool) -> f64 {
        if self.tried(id) {
            return self.rating;
        }
        self.tried.push(id.to_owned());
        let player = Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility };
        let (after, _) = fanorona_puzzles::rate(player, fanorona_puzzles::starting(puzzle_rating), solved);
        (self.rating, self.deviation, self.volatility) = (after.rating, after.deviation, after.volatility);
        if solved {
            self.solved += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.failed += 1;
            self.streak = 0;
        }
        self.rating
    }

    /// Whether the numbers can be used (a file edited by hand could hold anything).
    fn is_sound(&self) -> bool {
        [self.rating, self.deviation, self.volatility].iter().all(|v| v.is_finite()) && self.deviation > 0.0
    }
}

/// The player's achievements.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Profile {
    /// The person's rating against the computer.
    pub rating: PlayerRating,
    /// The tutorial lessons finished, by name.
    pub lessons_done: Vec<String>,
    /// The puzzles.
    pub puzzles: PuzzleProgress,
}

impl Kept for Profile {
    const FILE: &'static str = PROFILE_FILE;
    const WHAT: &'static str = "profile";

    /// Reads the profile: from its own file, else from the fields an older settings file kept, else a new one. An
    /// unreadable profile is set aside and reported.
    fn load(storage: &Storage, notices: &mut Notices) -> Profile {
        let mut profile: Profile = match storage.read(PROFILE_FILE) {
            // No profile yet: take over what older settings files kept (they ignore it from now on).
            Ok(None) => storage.read(SETTINGS_FILE).ok().flatten().and_then(|t| parse(&t).ok()).unwrap_or_default(),
            _ => storage.load(PROFILE_FILE, Self::WHAT, notices, parse).unwrap_or_default(),
        };
        if !profile.rating.rating.is_finite() {
            profile.rating = PlayerRating::default();
        }
        if !profile.puzzles.is_sound() {
            profile.puzzles =
                PuzzleProgress { tried: std::mem::take(&mut profile.puzzles.tried), ..Default::default() };
        }
        profile
    }
}

impl Profile {
    /// Whether the tutorial lesson named `id` is finished.
    pub fn lesson_done(&self, id: &str) -> bool {
        self.lessons_done.iter().any(|d| d == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_raise_losses_lower_and_draws_move_towards_the_opponent() {
        let mut r = PlayerRating::default();
        assert!((r.expected(START_RATING) - 0.5).abs() < 1e-9);
        let after_win = r.record(Level::Classic, 1.0);
        assert!(after_win > START_RATING + 35.0, "an upset win against a stronger level gains a lot");
        let mut r = PlayerRating::default();
        let after_loss = r.record(Level::Beginner, 0.0);
        assert!(after_loss < START_RATING - 35.0, "losing to a weaker level costs a lot");
        let mut r = PlayerRating::default();
        assert!(r.record(Level::Master, 0.5) > START_RATING);
        assert_eq!(r.games, 1);
        assert_eq!(r.history, [RatedGame { opponent: Level::Master, score: 0.5, rating: r.rating }]);
    }

    #[test]
    fn a_puzzle_is_rated_once_and_the_streak_counts_solved_ones_in_a_row() {
        let mut p = PuzzleProgress::default();
        let after_win = p.record("t1", 1500.0, true);
        assert!(after_win > 1600.0, "a new player's first win against an equal moves far: {after_win}");
        assert!(p.deviation < 350.0);
        assert_eq!(p.record("t1", 1500.0, false), after_win, "tried before: not rated again");
        p.record("t2", 1200.0, true);
        assert_eq!((p.solved, p.failed, p.streak, p.best_streak), (2, 0, 2, 2));
        let before = p.rating;
        assert!(p.record("t3", 1200.0, false) < before, "a failed puzzle costs rating");
        assert_eq!((p.solved, p.failed, p.streak, p.best_streak), (2, 1, 0, 2));
        assert_eq!(p.tried, ["t1", "t2", "t3"]);
        // Solving a hard puzzle gains more than solving an easy one.
        let (mut easy, mut hard) = (PuzzleProgress::default(), PuzzleProgress::default());
        assert!(hard.record("h", 1850.0, true) > easy.record("e", 1200.0, true));
    }

    #[test]
    fn established_ratings_move_more_slowly_and_the_history_is_bounded() {
        let mut r = PlayerRating::default();
        for _ in 0..PROVISIONAL_GAMES {
            r.record(Level::Casual, 0.5);
        }
        let before = r.rating;
        let provisional_step = 40.0 * (1.0 - r.expected(Level::Casual.rating()));
        let step = r.record(Level::Casual, 1.0) - before;
        assert!((step - provisional_step / 2.0).abs() < 1e-9);
        for _ in 0..HISTORY_LEN {
            r.record(Level::Casual, 0.0);
        }
        assert_eq!(r.history.len(), HISTORY_LEN);
        assert_eq!(r.games, PROVISIONAL_GAMES + 1 + HISTORY_LEN as u32);
    }
}
