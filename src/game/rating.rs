//! The person's local rating (Elo), updated by rated games only: standard tsivy, no vela, one person against the
//! computer, finished without help (no undo, no hint, not loaded from the save slot). Each level of the computer has
//! a fixed rating ([`Level::rating`]). The rating and its history are kept with the settings.

use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_rules::{Position, Variant};
use serde::{Deserialize, Serialize};

use crate::control::person_side;
use crate::session::{PlayerKind, Session};
use crate::settings::Settings;

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

/// Whether a game from `start` between `players` counts for the rating: standard tsivy from its start position
/// (no vela), one person against the computer.
pub fn is_rateable(start: &Position, players: [PlayerKind; 2]) -> bool {
    let one_person = players.iter().filter(|p| **p == PlayerKind::Human).count() == 1;
    one_person && *start == Position::start(Variant::Tsivy)
}

/// The rating before and after the game just finished, if it was rated, for the game-over dialog.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct LastRatingChange(pub Option<(f64, f64)>);

/// Rates finished rated games.
pub struct RatingPlugin;

impl Plugin for RatingPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LastRatingChange>().add_systems(Update, rate_finished_game);
    }
}

fn rate_finished_game(
    mut session: ResMut<Session>,
    mut settings: ResMut<Settings>,
    mut change: ResMut<LastRatingChange>,
) {
    let Some(outcome) = session.game.outcome() else {
        // A game in progress: the last change belongs to a game that is over.
        if change.0.is_some() {
            change.0 = None;
        }
        return;
    };
    if !session.rated {
        return;
    }
    session.rated = false;
    let (Some(side), Some(level)) = (person_side(&session), session.computer_level()) else { return };
    let score = match outcome.winner {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let before = settings.rating.rating;
    let after = settings.rating.record(level, score);
    change.0 = Some((before, after));
    info!("rated game: {before:.0} -> {after:.0}");
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

    #[test]
    fn only_standard_tsivy_between_a_person_and_the_computer_is_rateable() {
        let vs = [PlayerKind::Human, PlayerKind::Computer(Level::Strong)];
        assert!(is_rateable(&Position::start(Variant::Tsivy), vs));
        assert!(is_rateable(&Position::start(Variant::Tsivy), [vs[1], vs[0]]));
        assert!(!is_rateable(&Position::start(Variant::Dimy), vs));
        assert!(!is_rateable(&Position::start(Variant::Telo), vs));
        assert!(!is_rateable(&Position::start(Variant::Tsivy).with_vela(Some(fanorona_rules::Side::White)), vs));
        assert!(!is_rateable(&Position::start(Variant::Tsivy), [PlayerKind::Human; 2]));
        assert!(!is_rateable(&Position::start(Variant::Tsivy), [vs[1]; 2]));
    }
}
