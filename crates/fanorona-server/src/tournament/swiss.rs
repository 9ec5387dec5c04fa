//! Swiss events: a fixed number of rounds in which everyone present plays, each round pairing players of the same
//! score who have not met (the Dutch way: in a score group ranked by rating, the top half meets the bottom half), a
//! bye for the odd player out, and the usual tie-breaks. Pure functions of the entrants and the rounds played, so that
//! the standings are always what the stored games give.

use std::collections::HashMap;
use std::hash::Hash;

use super::{Outcome, Points};

/// A player of the event, with the rating that ranks them inside a score group.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant<P> {
    /// Who.
    pub player: P,
    /// Their rating when they joined.
    pub rating: f64,
    /// Whether they have left the event (or were withdrawn for missing two rounds): never paired again.
    pub withdrawn: bool,
}

/// A game of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing<P> {
    /// Who has White.
    pub white: P,
    /// Who has Black.
    pub black: P,
    /// The result, once the game is over.
    pub result: Option<Outcome>,
}

/// A round: its games, the player with the bye (one point), and the players who were not there to be paired (no
/// point).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round<P> {
    /// The games.
    pub games: Vec<Pairing<P>>,
    /// The odd player out, who scores a win.
    pub bye: Option<P>,
    /// Players of the event, not withdrawn, who were not there when the round was paired.
    pub absent: Vec<P>,
}

impl<P> Round<P> {
    /// Whether every game of the round has its result.
    pub fn is_over(&self) -> bool {
        self.games.iter().all(|g| g.result.is_some())
    }
}

/// A player who misses this many rounds (absent when pairing, or not playing the game paired) is withdrawn.
pub const MISSES_TO_WITHDRAW: usize = 2;

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing<P> {
    /// Who.
    pub player: P,
    /// Points: a win or a bye 1, a draw ½ (in half points).
    pub score: Points,
    /// Buchholz: the sum of the scores of the opponents met (in half points); a bye adds nothing.
    pub buchholz: Points,
    /// Sonneborn-Berger: the scores of the opponents beaten, and half those of the opponents drawn (in quarter
    /// points: the opponent's half points times the game's).
    pub sonneborn_berger: u32,
    /// The rating the player joined with, the last tie-break.
    pub rating: f64,
    /// Rounds missed.
    pub missed: usize,
}

/// What each player did in the rounds so far.
struct Record<P> {
    score: Points,
    opponents: Vec<(P, Points)>,
    byes: usize,
    missed: usize,
    /// White games less Black games.
    colour_balance: i32,
    last_colour_white: Option<bool>,
}

impl<P> Default for Record<P> {
    fn default() -> Self {
        Record { score: 0, opponents: Vec::new(), byes: 0, missed: 0, colour_balance: 0, last_colour_white: None }
    }
}

fn records<P: Clone + Eq + Hash>(rounds: &[Round<P>]) -> HashMap<P, Record<P>> {
    let mut records: HashMap<P, Record<P>> = HashMap::new();
    for round in rounds {
        if let Some(bye) = &round.bye {
            let record = records.entry(bye.clone()).or_default();
            record.score += 2;
            record.byes += 1;
        }
        for player in &round.absent {
            records.entry(player.clone()).or_default().missed += 1;
        }
        for game in &round.games {
            let Some(result) = game.result else { continue };
            for (me, them, white) in [(&game.white, &game.black, true), (&game.black, &game.white, false)] {
                let points = result.points(white);
                let record = records.entry(me.clone()).or_default();
                record.score += points;
                record.opponents.push((them.clone(), points));
                record.colour_balance += if white { 1 } else { -1 };
                record.last_colour_white = Some(white);
                if result.no_show(white) {
                    record.missed += 1;
                }
            }
        }
    }
    records
}

/// The standings after `rounds`: by score, then Buchholz, Sonneborn-Berger and rating.
pub fn standings<P: Clone + Eq + Hash + Ord>(entrants: &[Entrant<P>], rounds: &[Round<P>]) -> Vec<Standing<P>> {
    let records = records(rounds);
    let score = |p: &P| records.get(p).map_or(0, |r| r.score);
    let mut table: Vec<Standing<P>> = entrants
        .iter()
        .map(|e| {
            let record = records.get(&e.player);
            let opponents = record.map(|r| &r.opponents[..]).unwrap_or_default();
            Standing {
                player: e.player.clone(),
                score: score(&e.player),
                buchholz: opponents.iter().map(|(o, _)| score(o)).sum(),
                sonneborn_berger: opponents.iter().map(|(o, points)| score(o) * points).sum(),
                rating: e.rating,
                missed: record.map_or(0, |r| r.missed),
            }
        })
        .collect();
    table.sort_by(|a, b| {
        (b.score, b.buchholz, b.sonneborn_berger)
            .cmp(&(a.score, a.buchholz, a.sonneborn_berger))
            .then(b.rating.total_cmp(&a.rating))
            .then(a.player.cmp(&b.player))
    });
    table
}

/// The players a new round can no longer pair: withdrawn by hand, or for missing [`MISSES_TO_WITHDRAW`] rounds.
pub fn withdrawn<P: Clone + Eq + Hash>(entrants: &[Entrant<P>], rounds: &[Round<P>]) -> Vec<P> {
    let records = records(rounds);
    let missed = |p: &P| records.get(p).map_or(0, |r| r.missed);
    entrants
        .iter()
        .filter(|e| e.withdrawn || missed(&e.player) >= MISSES_TO_WITHDRAW)
        .map(|e| e.player.clone())
        .collect()
}

/// How many pairings the search for a round without repeated opponents tries before it lets the fewest players meet
/// again: ample for any real event, and a bound on the time one pairing takes.
const SEARCH_STEPS: usize = 200_000;

/// The next round after `rounds`: the players not withdrawn and `present` are ranked by score and rating, the lowest
/// ranked who has not had a bye gets it if their number is odd, and the others are paired from the top, each with the
/// player at the middle of their score group (the Dutch system's top half against bottom half), moving on to the
/// next if the two have met, and down to the next group when a group cannot be paired. Colours go to even out each
/// player's Whites and Blacks.
pub fn pair_round<P: Clone + Eq + Hash + Ord>(
    entrants: &[Entrant<P>],
    rounds: &[Round<P>],
    present: impl Fn(&P) -> bool,
) -> Round<P> {
    let records = records(rounds);
    let out = withdrawn(entrants, rounds);
    let record = |p: &P| records.get(p);
    let score = |p: &P| record(p).map_or(0, |r| r.score);
    let mut ranked: Vec<&Entrant<P>> = entrants.iter().filter(|e| !out.contains(&e.player)).collect();
    let absent: Vec<P> = ranked.iter().filter(|e| !present(&e.player)).map(|e| e.player.clone()).collect();
    ranked.retain(|e| present(&e.player));
    ranked.sort_by(|a, b| {
        score(&b.player).cmp(&score(&a.player)).then(b.rating.total_cmp(&a.rating)).then(a.player.cmp(&b.player))
    });
    let mut ranked: Vec<P> = ranked.into_iter().map(|e| e.player.clone()).collect();
    let bye = if ranked.len() % 2 == 1 {
        let byes = |p: &P| record(p).map_or(0, |r| r.byes);
        let fewest = ranked.iter().map(byes).min().unwrap_or(0);
        let at = ranked.iter().rposition(|p| byes(p) == fewest);
        at.map(|at| ranked.remove(at))
    } else {
        None
    };
    let met = |a: &P, b: &P| record(a).is_some_and(|r| r.opponents.iter().any(|(o, _)| o == b));
    let mut steps = 0;
    let pairs = search(&ranked, &score, &met, &mut steps)
        .unwrap_or_else(|| ranked.chunks(2).filter_map(|c| Some((c[0].clone(), c.get(1)?.clone()))).collect());
    let games = pairs
        .into_iter()
        .enumerate()
        .map(|(board, (higher, lower))| {
            let balance = |p: &P| record(p).map_or(0, |r| r.colour_balance);
            let last_white = |p: &P| record(p).and_then(|r| r.last_colour_white);
            // The player with fewer Whites gets White; at equal balance, the one who had Black last; else, boards
            // alternate so that the top players do not all have White.
            let higher_white = match balance(&higher).cmp(&balance(&lower)) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => match (last_white(&higher), last_white(&lower)) {
                    (Some(h), Some(l)) if h != l => !h,
                    _ => (board + rounds.len()).is_multiple_of(2),
                },
            };
            let (white, black) = if higher_white { (higher, lower) } else { (lower, higher) };
            Pairing { white, black, result: None }
        })
        .collect();
    Round { games, bye, absent }
}

/// Pairs `left` (ranked) without repeated opponents: the first player with the middle of their score group, then the
/// rest of the group below the middle, then those above it, then the groups below; `None` if no pairing (within the
/// step budget) avoids a repeat.
fn search<P: Clone + Eq>(
    left: &[P],
    score: &impl Fn(&P) -> Points,
    met: &impl Fn(&P, &P) -> bool,
    steps: &mut usize,
) -> Option<Vec<(P, P)>> {
    let Some((first, rest)) = left.split_first() else { return Some(Vec::new()) };
    let group = rest.iter().take_while(|p| score(p) == score(first)).count();
    // The middle of the whole group (the first player and `group` more): the first of its bottom half.
    let middle = group.div_ceil(2).saturating_sub(1);
    let order = (middle..group).chain((0..middle).rev()).chain(group..rest.len());
    for at in order {
        *steps += 1;
        if *steps > SEARCH_STEPS {
            return None;
        }
        let other = &rest[at];
        if met(first, other) {
            continue;
        }
        let remaining: Vec<P> = rest.iter().enumerate().filter(|&(i, _)| i != at).map(|(_, p)| p.clone()).collect();
        if let Some(mut pairs) = search(&remaining, score, met, steps) {
            pairs.insert(0, (first.clone(), other.clone()));
            return Some(pairs);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn entrants(ratings: &[f64]) -> Vec<Entrant<u32>> {
        ratings
            .iter()
            .enumerate()
            .map(|(i, &r)| Entrant { player: i as u32 + 1, rating: r, withdrawn: false })
            .collect()
    }

    fn game(white: u32, black: u32, result: Outcome) -> Pairing<u32> {
        Pairing { white, black, result: Some(result) }
    }

    /// Five rounds of seven players, each game won by the higher rated (but for one draw a round, the top board's),
    /// paired by [`pair_round`]: each round has one bye, nobody meets anyone twice or has two byes, every game gets
    /// a result, and the standings add up.
    #[test]
    fn five_rounds_of_seven_players_give_one_bye_a_round_and_no_repeats() {
        let players = entrants(&[1900.0, 1800.0, 1700.0, 1600.0, 1500.0, 1400.0, 1300.0]);
        let rating = |p: u32| players[p as usize - 1].rating;
        let mut rounds: Vec<Round<u32>> = Vec::new();
        for _ in 0..5 {
            let mut round = pair_round(&players, &rounds, |_| true);
            assert_eq!(round.games.len(), 3);
            assert!(round.bye.is_some());
            for (board, game) in round.games.iter_mut().enumerate() {
                game.result = Some(if board == 0 {
                    Outcome::Draw
                } else if rating(game.white) > rating(game.black) {
                    Outcome::WhiteWins
                } else {
                    Outcome::BlackWins
                });
            }
            rounds.push(round);
        }
        let mut met: HashSet<(u32, u32)> = HashSet::new();
        for game in rounds.iter().flat_map(|r| &r.games) {
            let pair = (game.white.min(game.black), game.white.max(game.black));
            assert!(met.insert(pair), "{pair:?} met twice: {rounds:?}");
        }
        let byes: Vec<u32> = rounds.iter().filter_map(|r| r.bye).collect();
        let distinct: HashSet<u32> = byes.iter().copied().collect();
        assert_eq!(distinct.len(), 5, "five byes, five players: {byes:?}");
        // The first bye goes to the lowest rated (all on no points).
        assert_eq!(byes[0], 7);
        let table = standings(&players, &rounds);
        let total: Points = table.iter().map(|s| s.score).sum();
        // Each round: three games of two half points each, and the bye's two.
        assert_eq!(total, 5 * (3 * 2 + 2));
        // Colours even out: nobody has more than one White more than Blacks, or the reverse, plus one.
        for p in 1..=7 {
            let whites = rounds.iter().flat_map(|r| &r.games).filter(|g| g.white == p).count() as i32;
            let blacks = rounds.iter().flat_map(|r| &r.games).filter(|g| g.black == p).count() as i32;
            assert!((whites - blacks).abs() <= 2, "{p}: {whites} Whites, {blacks} Blacks");
        }
    }

    /// Round 1 of four players: the top half meets the bottom half (1-3, 2-4), not 1-2.
    #[test]
    fn a_score_group_pairs_its_top_half_with_its_bottom_half() {
        let players = entrants(&[2000.0, 1900.0, 1800.0, 1700.0]);
        let round = pair_round(&players, &[], |_| true);
        let pairs: Vec<(u32, u32)> = round.games.iter().map(|g| (g.white.min(g.black), g.white.max(g.black))).collect();
        assert_eq!(pairs, [(1, 3), (2, 4)]);
        assert_eq!(round.bye, None);
    }

    /// A crosstable worked out by hand: four players, three rounds.
    ///
    /// | round | games                  |
    /// |-------|------------------------|
    /// | 1     | 1-3 1-0, 2-4 ½-½       |
    /// | 2     | 1-2 ½-½, 4-3 0-1       |
    /// | 3     | 3-2 1-0, 4-1 0-1       |
    ///
    /// Scores: 1: 1 + ½ + 1 = 2½; 2: ½ + ½ + 0 = 1; 3: 0 + 1 + 1 = 2; 4: ½ + 0 + 0 = ½.
    /// Buchholz: 1 met 3, 2, 4: 2 + 1 + ½ = 3½; 2 met 4, 1, 3: ½ + 2½ + 2 = 5; 3 met 1, 4, 2: 2½ + ½ + 1 = 4;
    /// 4 met 2, 3, 1: 1 + 2 + 2½ = 5½.
    /// Sonneborn-Berger: 1 beat 3 and 4, drew 2: 2 + ½ + ½·1 = 3; 2 drew 4 and 1: ½·½ + ½·2½ = 1½;
    /// 3 beat 4 and 2: ½ + 1 = 1½; 4 drew 2: ½·1 = ½.
    #[test]
    fn the_tie_breaks_are_those_worked_out_by_hand() {
        let players = entrants(&[1500.0, 1500.0, 1500.0, 1500.0]);
        let rounds = vec![
            Round { games: vec![game(1, 3, Outcome::WhiteWins), game(2, 4, Outcome::Draw)], bye: None, absent: vec![] },
            Round { games: vec![game(1, 2, Outcome::Draw), game(4, 3, Outcome::BlackWins)], bye: None, absent: vec![] },
            Round {
                games: vec![game(3, 2, Outcome::WhiteWins), game(4, 1, Outcome::BlackWins)],
                bye: None,
                absent: vec![],
            },
        ];
        let table = standings(&players, &rounds);
        // (player, score, Buchholz in half points, Sonneborn-Berger in quarter points).
        let got: Vec<(u32, Points, Points, u32)> =
            table.iter().map(|s| (s.player, s.score, s.buchholz, s.sonneborn_berger)).collect();
        assert_eq!(got, [(1, 5, 7, 12), (3, 4, 8, 6), (2, 2, 10, 6), (4, 1, 11, 2)]);
    }

    /// Two players tied on points and on Buchholz are ordered by Sonneborn-Berger: a round robin of four in which 1
    /// and 2 draw, 1 beats 3 (who scores 2) and 2 beats 4 (who scores 1): both 1½, both Buchholz 4½, and 1's
    /// Sonneborn-Berger (½·1½ + 2 = 2¾) beats 2's (½·1½ + 1 = 1¾).
    #[test]
    fn equal_scores_and_buchholz_are_parted_by_sonneborn_berger() {
        let players = entrants(&[1500.0, 1500.0, 1500.0, 1500.0]);
        let rounds = vec![
            Round { games: vec![game(1, 2, Outcome::Draw), game(3, 4, Outcome::WhiteWins)], bye: None, absent: vec![] },
            Round {
                games: vec![game(1, 3, Outcome::WhiteWins), game(2, 4, Outcome::WhiteWins)],
                bye: None,
                absent: vec![],
            },
            Round {
                games: vec![game(1, 4, Outcome::BlackWins), game(2, 3, Outcome::BlackWins)],
                bye: None,
                absent: vec![],
            },
        ];
        let table = standings(&players, &rounds);
        let got: Vec<(u32, Points, Points, u32)> =
            table.iter().map(|s| (s.player, s.score, s.buchholz, s.sonneborn_berger)).collect();
        assert_eq!(got, [(3, 4, 8, 10), (1, 3, 9, 11), (2, 3, 9, 7), (4, 2, 10, 6)]);
    }

    /// An absent player gets no point and no bye; after two misses they are paired no more.
    #[test]
    fn a_player_who_misses_two_rounds_is_withdrawn() {
        let players = entrants(&[1900.0, 1800.0, 1700.0, 1600.0, 1500.0]);
        let mut rounds = Vec::new();
        for _ in 0..2 {
            let mut round = pair_round(&players, &rounds, |&p| p != 5);
            assert_eq!(round.absent, [5]);
            assert_eq!(round.bye, None, "four present: no bye");
            for game in &mut round.games {
                game.result = Some(Outcome::WhiteWins);
            }
            rounds.push(round);
        }
        assert_eq!(withdrawn(&players, &rounds), [5]);
        let third = pair_round(&players, &rounds, |_| true);
        assert!(third.absent.is_empty());
        assert!(third.games.iter().all(|g| g.white != 5 && g.black != 5));
        let five = standings(&players, &rounds).into_iter().find(|s| s.player == 5);
        assert_eq!(five.map(|s| (s.score, s.missed)), Some((0, 2)));
    }

    /// A game lost by not playing counts as a round missed.
    #[test]
    fn a_game_not_played_is_a_round_missed() {
        let players = entrants(&[1900.0, 1800.0]);
        let rounds = vec![
            Round { games: vec![game(1, 2, Outcome::BlackNoShow)], bye: None, absent: vec![] },
            Round { games: vec![game(2, 1, Outcome::WhiteNoShow)], bye: None, absent: vec![] },
        ];
        assert_eq!(withdrawn(&players, &rounds), [2]);
        let table = standings(&players, &rounds);
        assert_eq!(table[0].player, 1);
        assert_eq!(table[0].score, 4);
    }

    /// Pairing a round of a thousand players (as an event's fifth round) stays within the search's budget.
    #[test]
    fn a_thousand_players_are_paired_without_repeats() {
        let players: Vec<Entrant<u32>> =
            (1..=1000).map(|p| Entrant { player: p, rating: 1000.0 + f64::from(p), withdrawn: false }).collect();
        let mut rounds = Vec::new();
        for _ in 0..5 {
            let mut round = pair_round(&players, &rounds, |_| true);
            assert_eq!(round.games.len(), 500);
            for game in &mut round.games {
                game.result = Some(if game.white > game.black { Outcome::WhiteWins } else { Outcome::BlackWins });
            }
            rounds.push(round);
        }
        let mut met = HashSet::new();
        for game in rounds.iter().flat_map(|r| &r.games) {
            assert!(met.insert((game.white.min(game.black), game.white.max(game.black))));
        }
    }
}
