//! Glicko-2 ratings after rated games, by the `skillratings` crate.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::protocol::{Color, TimeControl};

/// Which of a player's two ratings a game changes: correspondence games (days per turn) are rated apart from live
/// games, as lichess rates them, since playing well with days to think is another skill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pool {
    /// Live games (minutes on the clock).
    Live,
    /// Correspondence games (days per turn).
    Correspondence,
}

impl Pool {
    /// The pool of games played at `time`.
    pub const fn of(time: TimeControl) -> Pool {
        if time.is_correspondence() { Pool::Correspondence } else { Pool::Live }
    }

    /// The `players` columns of this pool's rating, deviation and volatility.
    pub const fn columns(self) -> [&'static str; 3] {
        match self {
            Pool::Live => ["rating", "deviation", "volatility"],
            Pool::Correspondence => ["correspondence_rating", "correspondence_deviation", "correspondence_volatility"],
        }
    }
}

/// A player's Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// How uncertain it is, 350 for a new player.
    pub deviation: f64,
    /// How erratic the player's results are, 0.06 for a new player.
    pub volatility: f64,
}

impl Rating {
    /// A new player's rating.
    pub fn new_player() -> Rating {
        Glicko2Rating::new().into()
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

/// White's and black's ratings after a game that `winner` won (none: a draw), each game counting as its own rating
/// period.
pub fn update([white, black]: [Rating; 2], winner: Option<Color>) -> [Rating; 2] {
    let outcome = match winner {
        Some(Color::White) => Outcomes::WIN,
        Some(Color::Black) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (white, black) = glicko2(&white.into(), &black.into(), &outcome, &Glicko2Config::new());
    [white.into(), black.into()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_what_the_loser_loses_between_equals() {
        let [white, black] = update([Rating::new_player(); 2], Some(Color::Black));
        assert!(black.rating > 1500.0 && white.rating < 1500.0);
        assert!((black.rating - 1500.0 - (1500.0 - white.rating)).abs() < 1e-9);
        assert!(white.deviation < 350.0);
        let [white, black] = update([Rating::new_player(); 2], None);
        assert!((white.rating - 1500.0).abs() < 1e-9 && (black.rating - 1500.0).abs() < 1e-9);
    }
}
