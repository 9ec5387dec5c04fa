//! Tournaments: arenas (join and leave at will, paired again as soon as a game ends, points for wins with streaks)
//! and Swiss events (a fixed number of rounds, everyone paired each round). This module is the events' arithmetic:
//! who plays whom and the standings, as pure functions of the games stored, so that standings recomputed from the
//! database always equal the live ones.

pub mod arena;
pub mod schedule;
pub mod swiss;

/// Points, in half points: a win is 2, a draw 1 (an arena's points are whole points and count the same way doubled).
pub type Points = u32;

/// How a tournament game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
    /// White never played (absent, or out of time before a first turn): Black wins, and White missed the round.
    WhiteNoShow,
    /// Black never played: White wins, and Black missed the round.
    BlackNoShow,
}

impl Outcome {
    /// The half points it gives White (`white`) or Black.
    pub const fn points(self, white: bool) -> Points {
        match (self, white) {
            (Outcome::Draw, _) => 1,
            (Outcome::WhiteWins | Outcome::BlackNoShow, true) | (Outcome::BlackWins | Outcome::WhiteNoShow, false) => 2,
            _ => 0,
        }
    }

    /// Whether White (`white`) or Black did not play the game.
    pub const fn no_show(self, white: bool) -> bool {
        matches!((self, white), (Outcome::WhiteNoShow, true) | (Outcome::BlackNoShow, false))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_is_two_half_points_a_draw_one_and_a_no_show_a_loss() {
        assert_eq!((Outcome::WhiteWins.points(true), Outcome::WhiteWins.points(false)), (2, 0));
        assert_eq!((Outcome::BlackWins.points(true), Outcome::BlackWins.points(false)), (0, 2));
        assert_eq!((Outcome::Draw.points(true), Outcome::Draw.points(false)), (1, 1));
        assert_eq!((Outcome::WhiteNoShow.points(true), Outcome::WhiteNoShow.points(false)), (0, 2));
        assert!(Outcome::WhiteNoShow.no_show(true) && !Outcome::WhiteNoShow.no_show(false));
        assert!(!Outcome::WhiteWins.no_show(true) && !Outcome::WhiteWins.no_show(false));
    }
}
