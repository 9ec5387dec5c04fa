//! Arenas: for a set time, players join and leave at will, and whoever finishes a game is paired again with someone
//! waiting, by close scores and never with the same opponent twice in a row. A win is worth 2 points, a draw 1; after
//! two wins in a row a player is *on fire* and their points are doubled until a game is not won; a player who
//! *berserks* (plays on half their clock) earns one point more for a win.

use super::Points;

/// How a player's arena game ended, for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// They won.
    Win,
    /// A draw.
    Draw,
    /// They lost.
    Loss,
}

/// One of a player's finished arena games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// How it ended for them.
    pub result: Finish,
    /// Whether they played it on half their clock.
    pub berserk: bool,
}

/// A player's arena score: the points, and whether their next win counts double.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// The points (whole points: 2 for a win, 1 for a draw).
    pub points: Points,
    /// Two wins in a row, and no game since that was not won.
    pub on_fire: bool,
}

/// The points of the games a player finished, in the order they finished.
pub fn score(games: &[Played]) -> Score {
    let mut score = Score::default();
    let mut wins_in_a_row = 0;
    for game in games {
        let double = if score.on_fire { 2 } else { 1 };
        score.points += match game.result {
            Finish::Win => 2 * double + Points::from(game.berserk),
            Finish::Draw => double,
            Finish::Loss => 0,
        };
        wins_in_a_row = if game.result == Finish::Win { wins_in_a_row + 1 } else { 0 };
        score.on_fire = wins_in_a_row >= 2;
    }
    score
}

/// A player waiting for a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Waiting<P> {
    /// Who.
    pub player: P,
    /// Their arena points.
    pub points: Points,
    /// Their rating, which ranks players of the same points.
    pub rating: f64,
    /// Their last arena opponent, whom they do not meet again at once.
    pub last_opponent: Option<P>,
    /// Their White games less their Black games in the arena.
    pub colour_balance: i32,
}

/// Pairs the players waiting: ranked by points and rating, each with the nearest below them who was not their last
/// opponent (nor they that one's). The player with fewer Whites gets White. Who is left over waits for the next
/// game to end.
pub fn pair<P: Copy + Eq>(waiting: &[Waiting<P>]) -> Vec<(P, P)> {
    let mut ranked: Vec<&Waiting<P>> = waiting.iter().collect();
    ranked.sort_by(|a, b| b.points.cmp(&a.points).then(b.rating.total_cmp(&a.rating)));
    let mut taken = vec![false; ranked.len()];
    let mut pairs = Vec::new();
    for i in 0..ranked.len() {
        if taken[i] {
            continue;
        }
        let a = ranked[i];
        let partner = (i + 1..ranked.len()).find(|&j| {
            let b = ranked[j];
            !taken[j] && a.last_opponent != Some(b.player) && b.last_opponent != Some(a.player)
        });
        if let Some(j) = partner {
            taken[i] = true;
            taken[j] = true;
            let b = ranked[j];
            pairs.push(if a.colour_balance <= b.colour_balance { (a.player, b.player) } else { (b.player, a.player) });
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(results: &str) -> Vec<Played> {
        results
            .chars()
            .map(|c| match c {
                'W' => Played { result: Finish::Win, berserk: false },
                'B' => Played { result: Finish::Win, berserk: true },
                'D' => Played { result: Finish::Draw, berserk: false },
                _ => Played { result: Finish::Loss, berserk: false },
            })
            .collect()
    }

    #[test]
    fn two_wins_in_a_row_double_the_points_until_a_game_is_not_won() {
        // 2, 2, then on fire: 4, 4; a draw on fire: 2, and the fire is out; 2, 2, then 4 again.
        assert_eq!(score(&played("WWWWDWWW")), Score { points: 2 + 2 + 4 + 4 + 2 + 2 + 2 + 4, on_fire: true });
        assert_eq!(score(&played("WWL")), Score { points: 4, on_fire: false });
        assert_eq!(score(&played("DDD")), Score { points: 3, on_fire: false });
        assert_eq!(score(&[]), Score::default());
    }

    #[test]
    fn a_berserk_win_earns_one_point_more_and_a_berserk_loss_nothing() {
        assert_eq!(score(&played("B")).points, 3);
        assert_eq!(score(&played("WWB")).points, 2 + 2 + 5, "on fire: 4, and the berserk point");
        let lost = [Played { result: Finish::Loss, berserk: true }];
        assert_eq!(score(&lost).points, 0);
    }

    fn waiting(player: u32, points: Points, last: Option<u32>) -> Waiting<u32> {
        Waiting { player, points, rating: 1500.0 - f64::from(player), last_opponent: last, colour_balance: 0 }
    }

    #[test]
    fn close_scores_meet_and_last_opponents_do_not_meet_again_at_once() {
        let pairs = pair(&[waiting(1, 10, None), waiting(2, 0, None), waiting(3, 9, None), waiting(4, 1, None)]);
        assert_eq!(pairs, [(1, 3), (4, 2)]);
        // 1 and 3 just played each other: each meets the next nearest instead.
        let pairs = pair(&[waiting(1, 10, Some(3)), waiting(2, 0, None), waiting(3, 9, Some(1)), waiting(4, 1, None)]);
        assert_eq!(pairs, [(1, 4), (3, 2)]);
        // Only the two who just met are waiting: they wait for someone else.
        assert!(pair(&[waiting(1, 10, Some(3)), waiting(3, 9, Some(1))]).is_empty());
        // One player waits alone.
        assert!(pair(&[waiting(1, 0, None)]).is_empty());
    }

    #[test]
    fn the_player_with_fewer_whites_gets_white() {
        let mut a = waiting(1, 4, None);
        let mut b = waiting(2, 4, None);
        a.colour_balance = 1;
        b.colour_balance = -1;
        assert_eq!(pair(&[a, b]), [(2, 1)]);
    }
}
