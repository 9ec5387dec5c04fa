//! Swiss events: a fixed number of rounds in which everyone present plays, each round pairing players of the same
//! score who have not met (the Dutch way: in a score group ranked by rating, the top half meets the bottom half), a
//! bye for the odd player out, and the usual tie-breaks. Pure functions of the entrants and the rounds played, so that
//! the standings are always what the stored games give.

use std::collections::HashMap;
use std::hash::Hash;

use super::Points;
use crate::protocol::TournamentOutcome;

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
    pub result: Option<TournamentOutcome>,
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
    /// The colours of the games played, in order: `true` for White.
    colours: Vec<bool>,
}

impl<P> Default for Record<P> {
    fn default() -> Self {
        Record { score: 0, opponents: Vec::new(), byes: 0, missed: 0, colours: Vec::new() }
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
                record.colours.push(white);
                if result.absent(white) {
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

/// How much the search for a round does before it settles for the best pairing found so far, counted as the players
/// left to pair at each pairing it tries (what trying one costs): enough to search a round of a few dozen players
/// through, and a bound on the time any round takes, a thousand players' too.
const SEARCH_WORK: usize = 1_000_000;

/// How much all the searches for a round do together (one for each choice of the bye tried, and again without the
/// colours if none can be paired with them): a bound on a round's time whatever the choices.
const ROUND_WORK: usize = 4 * SEARCH_WORK;

/// How strongly a player's games call for a colour (FIDE's Dutch rules, simplified), weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    /// As many Whites as Blacks: the other colour than the last.
    Mild,
    /// One more of one colour.
    Strong,
    /// Two more of one colour, or the same colour in the last two games: a third in a row is never given where the
    /// round can be paired otherwise.
    Absolute,
}

/// The colour (`true` for White) that the games played, `colours`, call for, and how strongly: after the same
/// colour twice, the other; else the one the player has had fewer games of; else the other of their last; none
/// before a first game.
fn preference(colours: &[bool]) -> Option<(bool, Strength)> {
    if let [.., a, b] = colours
        && a == b
    {
        return Some((!b, Strength::Absolute));
    }
    let whites = colours.iter().filter(|&&white| white).count() as i64;
    match whites * 2 - colours.len() as i64 {
        0 => colours.last().map(|&white| (!white, Strength::Mild)),
        1 => Some((false, Strength::Strong)),
        -1 => Some((true, Strength::Strong)),
        balance => Some((balance < 0, Strength::Absolute)),
    }
}

/// The next round after `rounds`: the players not withdrawn and `present` are ranked by score and rating; if their
/// number is odd, one of those with the fewest byes gets one, the lowest ranked for whom the others can be paired
/// (FIDE's Dutch rules choose the bye with the pairing, not before it: the lowest ranked player's bye can leave two
/// who must have the same colour to meet, where another's does not). The others are paired from the top, each with
/// the player at the middle of their score group (the Dutch system's top half against bottom half), moving on to
/// the next if the two may not meet, and down to the next group when a group cannot be paired; of the pairings
/// found that way, the round takes the first that floats the fewest players down out of each score group in turn,
/// from the top (`Search`). Two players who have met may not meet, nor, unless no choice of the bye lets the round be
/// paired otherwise, two who both call for the same colour absolutely. Colours go by each player's `preference`.
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
    let ranked: Vec<P> = ranked.into_iter().map(|e| e.player.clone()).collect();
    // Who may have the bye, in the order they are tried: of those with the fewest byes, the lowest ranked first.
    let byes: Vec<Option<usize>> = if ranked.len() % 2 == 1 {
        let byes = |p: &P| record(p).map_or(0, |r| r.byes);
        let fewest = ranked.iter().map(byes).min().unwrap_or(0);
        (0..ranked.len()).rev().filter(|&at| byes(&ranked[at]) == fewest).map(Some).collect()
    } else {
        vec![None]
    };
    // Each player's score group, 0 the highest: never decreasing down the ranking.
    let mut group: Vec<usize> = Vec::with_capacity(ranked.len());
    for (at, p) in ranked.iter().enumerate() {
        let above = at.checked_sub(1).map_or(0, |above| group[above] + usize::from(score(&ranked[above]) != score(p)));
        group.push(above);
    }
    let called = |at: usize| preference(record(&ranked[at]).map_or(&[][..], |r| &r.colours));
    let met = |a: usize, b: usize| record(&ranked[a]).is_some_and(|r| r.opponents.iter().any(|(o, _)| *o == ranked[b]));
    let absolute: Vec<Option<bool>> = (0..ranked.len())
        .map(|at| called(at).and_then(|(white, strength)| (strength == Strength::Absolute).then_some(white)))
        .collect();
    let free = vec![None; ranked.len()];
    let mut budget = ROUND_WORK;
    // The players paired (by rank) when `bye` has the bye.
    let paired = |bye: Option<usize>| -> Vec<usize> { (0..ranked.len()).filter(|&at| Some(at) != bye).collect() };
    let found = [&absolute, &free].into_iter().find_map(|colours| {
        byes.iter().find_map(|&bye| {
            let paired = paired(bye);
            let group: Vec<usize> = paired.iter().map(|&at| group[at]).collect();
            let colours: Vec<Option<bool>> = paired.iter().map(|&at| colours[at]).collect();
            let pairs = Search::best(&group, &colours, |a, b| met(paired[a], paired[b]), &mut budget)?;
            Some((bye, pairs.into_iter().map(|(a, b)| (paired[a], paired[b])).collect::<Pairs>()))
        })
    });
    let (bye, pairs) = found.unwrap_or_else(|| {
        let bye = byes.first().copied().flatten();
        let paired = paired(bye);
        (bye, paired.chunks_exact(2).map(|two| (two[0], two[1])).collect())
    });
    let games = pairs
        .into_iter()
        .enumerate()
        .map(|(board, (higher, lower))| {
            // Each gets the colour they call for where the two differ (or one calls for none); else the stronger
            // call wins, and between calls as strong the higher ranked player's; with no call at all (a first
            // game), boards alternate so that the top players do not all have White.
            let higher_white = match (called(higher), called(lower)) {
                (Some((h, _)), Some((l, _))) if h != l => h,
                (Some((h, hs)), Some((_, ls))) => {
                    if hs >= ls {
                        h
                    } else {
                        !h
                    }
                }
                (Some((h, _)), None) => h,
                (None, Some((l, _))) => !l,
                (None, None) => (board + rounds.len()).is_multiple_of(2),
            };
            let (higher, lower) = (ranked[higher].clone(), ranked[lower].clone());
            let (white, black) = if higher_white { (higher, lower) } else { (lower, higher) };
            Pairing { white, black, result: None }
        })
        .collect();
    Round { games, bye: bye.map(|at| ranked[at].clone()), absent }
}

/// Players paired by their rank (0 the top), the higher ranked first in each pair.
type Pairs = Vec<(usize, usize)>;

/// A depth-first search for a round's pairing (of players by their rank, 0 the top) that floats the fewest players
/// out of each score group in turn, from the top: the Dutch system's aim of pairing each group, with the players
/// floated down into it, as fully as the rest of the round allows before the next. Floats are counted for each group
/// as the players of it or above it who meet a player below it, so that comparing two pairings' counts in order
/// compares them from the top, and a player floated two groups down counts twice.
struct Search<'a, F> {
    /// Each player's score group, 0 the highest, never decreasing with the rank.
    group: &'a [usize],
    /// The colour each player must have (`true` for White), if any: two who must have the same do not meet.
    absolute: &'a [Option<bool>],
    /// Whether two players have met.
    met: F,
    /// The players not paired yet, in rank order.
    left: Vec<usize>,
    /// The pairs chosen so far.
    pairs: Pairs,
    /// Their floats, for each score group.
    floats: Vec<usize>,
    /// The best pairing found so far and its floats.
    best: Option<(Vec<usize>, Pairs)>,
    /// The floats no pairing can go below.
    least: Vec<usize>,
    /// The work done so far, as [`SEARCH_WORK`] counts it.
    work: usize,
    /// The work allowed.
    allowed: usize,
}

impl<'a, F: Fn(usize, usize) -> bool> Search<'a, F> {
    /// The pairing with the fewest floats of those the search reaches within [`SEARCH_WORK`] and what is left of the
    /// round's `budget` (less the work done); `None` if it reaches none.
    fn best(group: &'a [usize], absolute: &'a [Option<bool>], met: F, budget: &mut usize) -> Option<Pairs> {
        let groups = group.last().map_or(0, |last| last + 1);
        let mut search = Search {
            group,
            absolute,
            met,
            left: (0..group.len()).collect(),
            pairs: Vec::new(),
            floats: vec![0; groups],
            best: None,
            least: Vec::new(),
            work: 0,
            allowed: SEARCH_WORK.min(*budget),
        };
        search.least = search.bound().collect();
        search.extend();
        *budget = budget.saturating_sub(search.work);
        search.best.map(|(_, pairs)| pairs)
    }

    /// The fewest floats, group by group, that a pairing of the players left after the pairs chosen can have: of the
    /// players left at or above a group, an odd number floats one at least.
    fn bound(&self) -> impl Iterator<Item = usize> {
        let mut above = 0;
        self.floats.iter().enumerate().map(move |(group, floats)| {
            above += self.left[above..].iter().take_while(|&&p| self.group[p] == group).count();
            floats + above % 2
        })
    }

    /// Pairs the players left after the pairs chosen: the first with the middle of their score group, then the rest
    /// of the group below the middle, then those above it, then the groups below, leaving out any branch that cannot
    /// do better than the best pairing found. True once the search is over: a pairing with the least floats possible
    /// is found, or the work allowed is done. Players are taken out of [`Self::left`] and put back in place rather
    /// than copied, so that trying a pairing costs no allocation.
    fn extend(&mut self) -> bool {
        if let Some((best, _)) = &self.best
            && self.bound().cmp(best.iter().copied()).is_ge()
        {
            return false;
        }
        if self.left.is_empty() {
            let over = self.floats == self.least;
            self.best = Some((self.floats.clone(), self.pairs.clone()));
            return over;
        }
        let first = self.left.remove(0);
        let group = self.left.iter().take_while(|&&p| self.group[p] == self.group[first]).count();
        // The middle of the whole group (the first player and `group` more): the first of its bottom half.
        let middle = group.div_ceil(2).saturating_sub(1);
        let mut over = false;
        for at in (middle..group).chain((0..middle).rev()).chain(group..self.left.len()) {
            self.work += self.left.len();
            if self.work > self.allowed {
                over = true;
                break;
            }
            let other = self.left[at];
            let clash = self.absolute[first].is_some() && self.absolute[first] == self.absolute[other];
            if clash || (self.met)(first, other) {
                continue;
            }
            let floated = self.group[first]..self.group[other];
            self.floats[floated.clone()].iter_mut().for_each(|floats| *floats += 1);
            self.left.remove(at);
            self.pairs.push((first, other));
            over = self.extend();
            self.pairs.pop();
            self.left.insert(at, other);
            self.floats[floated].iter_mut().for_each(|floats| *floats -= 1);
            if over {
                break;
            }
        }
        self.left.insert(0, first);
        over
    }
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

    fn game(white: u32, black: u32, result: TournamentOutcome) -> Pairing<u32> {
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
                    TournamentOutcome::Draw
                } else if rating(game.white) > rating(game.black) {
                    TournamentOutcome::White
                } else {
                    TournamentOutcome::Black
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
            Round {
                games: vec![game(1, 3, TournamentOutcome::White), game(2, 4, TournamentOutcome::Draw)],
                bye: None,
                absent: vec![],
            },
            Round {
                games: vec![game(1, 2, TournamentOutcome::Draw), game(4, 3, TournamentOutcome::Black)],
                bye: None,
                absent: vec![],
            },
            Round {
                games: vec![game(3, 2, TournamentOutcome::White), game(4, 1, TournamentOutcome::Black)],
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
            Round {
                games: vec![game(1, 2, TournamentOutcome::Draw), game(3, 4, TournamentOutcome::White)],
                bye: None,
                absent: vec![],
            },
            Round {
                games: vec![game(1, 3, TournamentOutcome::White), game(2, 4, TournamentOutcome::White)],
                bye: None,
                absent: vec![],
            },
            Round {
                games: vec![game(1, 4, TournamentOutcome::Black), game(2, 3, TournamentOutcome::Black)],
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
                game.result = Some(TournamentOutcome::White);
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
            Round { games: vec![game(1, 2, TournamentOutcome::BlackAbsent)], bye: None, absent: vec![] },
            Round { games: vec![game(2, 1, TournamentOutcome::WhiteAbsent)], bye: None, absent: vec![] },
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
                game.result =
                    Some(if game.white > game.black { TournamentOutcome::White } else { TournamentOutcome::Black });
            }
            rounds.push(round);
        }
        let mut met = HashSet::new();
        for game in rounds.iter().flat_map(|r| &r.games) {
            assert!(met.insert((game.white.min(game.black), game.white.max(game.black))));
        }
    }

    /// A player's rounds as the tests below tally them, apart from the code under test.
    #[derive(Default)]
    struct Tally {
        /// Half points.
        score: Points,
        /// The opponents met, with the half points taken off each.
        opponents: Vec<(u32, Points)>,
        /// The colours of the games played, in order: `true` for White.
        colours: Vec<bool>,
        byes: usize,
    }

    fn tally(players: &[Entrant<u32>], rounds: &[Round<u32>]) -> HashMap<u32, Tally> {
        let mut tallies: HashMap<u32, Tally> = players.iter().map(|e| (e.player, Tally::default())).collect();
        for round in rounds {
            if let Some(bye) = round.bye {
                let tally = tallies.get_mut(&bye).unwrap();
                tally.score += 2;
                tally.byes += 1;
            }
            for game in &round.games {
                let (white, black) = match game.result {
                    Some(TournamentOutcome::White) => (2, 0),
                    Some(TournamentOutcome::Black) => (0, 2),
                    Some(TournamentOutcome::Draw) => (1, 1),
                    other => panic!("not a result these events give: {other:?}"),
                };
                for (me, them, points, colour) in
                    [(game.white, game.black, white, true), (game.black, game.white, black, false)]
                {
                    let tally = tallies.get_mut(&me).unwrap();
                    tally.score += points;
                    tally.opponents.push((them, points));
                    tally.colours.push(colour);
                }
            }
        }
        tallies
    }

    /// The colour a player's games call for, as a Swiss system reads them, and whether absolutely: the other one
    /// after two games of the same colour (absolutely); else the one they have had fewer games of (absolutely if two
    /// fewer); else the other of their last; none before a first game. Worked out here rather than taken from
    /// [`preference`], so that a slip there shows.
    fn due(colours: &[bool]) -> Option<(bool, bool)> {
        if let [.., a, b] = colours
            && a == b
        {
            return Some((!b, true));
        }
        let whites = colours.iter().filter(|&&white| white).count();
        let blacks = colours.len() - whites;
        match whites.cmp(&blacks) {
            std::cmp::Ordering::Less => Some((true, blacks - whites > 1)),
            std::cmp::Ordering::Greater => Some((false, whites - blacks > 1)),
            std::cmp::Ordering::Equal => colours.last().map(|white| (!white, false)),
        }
    }

    /// A pairing's floats as one number: for each score of the round (`levels`, highest first), how many players
    /// on that score or more meet one below it, each count a hexadecimal digit (a round here has at most eight
    /// games) and the highest score's the most significant, so that comparing two numbers compares the counts from
    /// the top: the order in which the Dutch system pairs each score group as fully as it can before the next.
    fn floats(levels: &[Points], (a, b): (Points, Points)) -> u64 {
        let (high, low) = (a.max(b), a.min(b));
        let below = |c: usize| 16u64.pow((levels.len() - 1 - c) as u32);
        levels.iter().enumerate().filter(|&(_, &level)| high >= level && low < level).map(|(c, _)| below(c)).sum()
    }

    /// The least floats of any pairing of the players whose pairs' floats `cost` gives (`None` for two who may not
    /// meet), by trying every pairing, memoised on the players `left` (a bit each): at most 2^16 sets for a round
    /// of 17 players.
    fn least_floats(left: u32, cost: &[Vec<Option<u64>>], memo: &mut HashMap<u32, Option<u64>>) -> Option<u64> {
        if left == 0 {
            return Some(0);
        }
        if let Some(&least) = memo.get(&left) {
            return least;
        }
        let first = left.trailing_zeros() as usize;
        let rest = left & !(1 << first);
        let least = (first + 1..cost.len())
            .filter(|&other| rest & (1 << other) != 0)
            .filter_map(|other| Some(cost[first][other]? + least_floats(rest & !(1 << other), cost, memo)?))
            .min();
        memo.insert(left, least);
        least
    }

    /// Whether `players` can all be paired, none with one they `may_meet` not.
    fn pairable(players: &[u32], may_meet: &dyn Fn(u32, u32) -> bool) -> bool {
        let cost: Vec<Vec<Option<u64>>> =
            players.iter().map(|&a| players.iter().map(|&b| may_meet(a, b).then_some(0)).collect()).collect();
        least_floats((1 << players.len()) - 1, &cost, &mut HashMap::new()).is_some()
    }

    /// Plays an event of `players` over `rounds` rounds through [`pair_round`], each round's results given by
    /// `results` (from the round's number, 1 the first, and its games), and checks in every round what a Swiss
    /// system promises: everyone plays once or has the bye; nobody meets anyone twice; the bye goes to the lowest
    /// ranked player (by score, then rating) of those with the fewest byes for whom the others can be paired with no
    /// repeat and no two due the same colour absolutely (else with no repeat; else the lowest ranked); the score
    /// groups are paired within themselves as far as the round allows (its floats are the least of any pairing
    /// without a repeat, nor two players due the same colour absolutely where that can be, worked out by brute
    /// force); a pair whose due colours differ gets them, and nobody has one colour three games in a row; and the
    /// standings are the order of score, Buchholz, Sonneborn-Berger and rating that the test works out itself from
    /// the games.
    fn check(
        event: &str,
        players: &[Entrant<u32>],
        rounds: u64,
        results: impl Fn(u64, &[Pairing<u32>]) -> Vec<TournamentOutcome>,
    ) {
        let count = players.len() as u32;
        let rating = |p: u32| players[p as usize - 1].rating;
        let mut played: Vec<Round<u32>> = Vec::new();
        for number in 1..=rounds {
            let event = format!("{count} players, {event}, round {number}");
            let before = tally(players, &played);
            let mut round = pair_round(players, &played, |_| true);
            let paired: Vec<u32> = round.games.iter().flat_map(|g| [g.white, g.black]).collect();
            let mut seated: Vec<u32> = paired.iter().copied().chain(round.bye).collect();
            seated.sort_unstable();
            assert_eq!(seated, (1..=count).collect::<Vec<_>>(), "{event}: everyone once");
            let met = |a: u32, b: u32| before[&a].opponents.iter().any(|&(o, _)| o == b);
            for game in &round.games {
                assert!(
                    !met(game.white, game.black),
                    "{event}: {} and {} meet again: {round:?}",
                    game.white,
                    game.black
                );
            }

            let score = |p: u32| before[&p].score;
            let mut levels: Vec<Points> = paired.iter().map(|&p| score(p)).collect();
            levels.sort_unstable_by(|a, b| b.cmp(a));
            levels.dedup();
            let got: u64 = round.games.iter().map(|g| floats(&levels, (score(g.white), score(g.black)))).sum();
            let due = |p: u32| due(&before[&p].colours);
            let clash = |a: u32, b: u32| matches!((due(a), due(b)), (Some((a, true)), Some((b, true))) if a == b);
            let fewest = before.values().map(|t| t.byes).min().unwrap_or(0);
            let mut byes: Vec<u32> = (1..=count).filter(|p| count % 2 == 1 && before[p].byes == fewest).collect();
            byes.sort_by(|&a, &b| score(a).cmp(&score(b)).then(rating(a).total_cmp(&rating(b))).then(b.cmp(&a)));
            let without = |bye: u32| (1..=count).filter(|&p| p != bye).collect::<Vec<u32>>();
            let bye =
                |may_meet: &dyn Fn(u32, u32) -> bool| byes.iter().copied().find(|&b| pairable(&without(b), may_meet));
            let bye =
                bye(&|a, b| !met(a, b) && !clash(a, b)).or_else(|| bye(&|a, b| !met(a, b))).or(byes.first().copied());
            assert_eq!(round.bye, bye, "{event}: the bye");
            let least = |may_meet: &dyn Fn(u32, u32) -> bool| {
                let cost: Vec<Vec<Option<u64>>> = paired
                    .iter()
                    .map(|&a| {
                        paired.iter().map(|&b| may_meet(a, b).then(|| floats(&levels, (score(a), score(b))))).collect()
                    })
                    .collect();
                least_floats((1 << paired.len()) - 1, &cost, &mut HashMap::new())
            };
            let least = least(&|a, b| !met(a, b) && !clash(a, b)).or_else(|| least(&|a, b| !met(a, b)));
            assert_eq!(Some(got), least, "{event}: floats {got:x}, least {least:x?}: {round:?}");

            for game in &round.games {
                let (white, black) = (due(game.white).map(|(c, _)| c), due(game.black).map(|(c, _)| c));
                if white != black {
                    assert!(white != Some(false) && black != Some(true), "{event}: colours of {game:?}");
                }
            }

            let outcomes = results(number, &round.games);
            for (game, result) in round.games.iter_mut().zip(outcomes) {
                game.result = Some(result);
            }
            played.push(round);

            let after = tally(players, &played);
            for (p, tally) in &after {
                let thrice = tally.colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
                assert!(!thrice, "{event}: {p} has one colour three times in a row: {:?}", tally.colours);
            }
            let score = |p: u32| after[&p].score;
            let mut expected: Vec<(u32, Points, Points, u32)> = (1..=count)
                .map(|p| {
                    let opponents = &after[&p].opponents;
                    let buchholz = opponents.iter().map(|&(o, _)| score(o)).sum();
                    let sonneborn_berger = opponents.iter().map(|&(o, points)| score(o) * points).sum();
                    (p, score(p), buchholz, sonneborn_berger)
                })
                .collect();
            expected.sort_by(|a, b| (b.1, b.2, b.3).cmp(&(a.1, a.2, a.3)).then(rating(b.0).total_cmp(&rating(a.0))));
            let table: Vec<(u32, Points, Points, u32)> = standings(players, &played)
                .iter()
                .map(|s| (s.player, s.score, s.buchholz, s.sonneborn_berger))
                .collect();
            assert_eq!(table, expected, "{event}: the standings");
        }
    }

    /// [`check`] on an event of `count` players of ratings apart from their numbers (7919 is prime to 1000: no two
    /// alike, so that a rank taken for a number shows), with results in a fixed pattern that differs from game to
    /// game and event to event (a Fibonacci hash of `seed`, the round, the board and White): the higher rated wins
    /// half the games, the other a quarter, and a quarter are drawn.
    fn play(count: u32, rounds: u64, seed: u64) {
        let players: Vec<Entrant<u32>> = (1..=count)
            .map(|p| Entrant { player: p, rating: f64::from(1000 + p * 7919 % 1000), withdrawn: false })
            .collect();
        let rating = |p: u32| players[p as usize - 1].rating;
        check(&format!("seed {seed}"), &players, rounds, |number, games| {
            let result = |(board, game): (usize, &Pairing<u32>)| {
                let key = seed * 1_000_003 + number * 1009 + board as u64 * 101 + u64::from(game.white);
                let roll = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 62;
                match (roll, rating(game.white) > rating(game.black)) {
                    (0, _) => TournamentOutcome::Draw,
                    (1, true) | (2 | 3, false) => TournamentOutcome::Black,
                    _ => TournamentOutcome::White,
                }
            };
            games.iter().enumerate().map(result).collect()
        });
    }

    /// Seven players of one rating over five rounds, the server's own event (`tests/server/tournament_play.rs`),
    /// with every way its results can fall on the boards: Black wins one game a round and White the others, but in
    /// round 2, where one more game is drawn. Each way is a number whose digits, one a round, say which boards.
    #[test]
    fn seven_players_of_one_rating_keep_the_promises_whichever_boards_their_results_fall_on() {
        let players: Vec<Entrant<u32>> =
            (1..=7).map(|p| Entrant { player: p, rating: 1500.0, withdrawn: false }).collect();
        // A round's choices: the board Black wins, and in round 2 the board drawn too (another).
        let choices = |number: u64| if number == 2 { 6 } else { 3 };
        let ways: u64 = (1..=5).map(choices).product();
        for way in 0..ways {
            check(&format!("way {way}"), &players, 5, |number, games| {
                let digit = (1..number).fold(way, |rest, before| rest / choices(before)) % choices(number);
                let (black, drawn) = (digit % 3, (digit % 3 + 1 + digit / 3) % 3);
                (0..games.len() as u64)
                    .map(|board| match board {
                        _ if board == black => TournamentOutcome::Black,
                        _ if number == 2 && board == drawn => TournamentOutcome::Draw,
                        _ => TournamentOutcome::White,
                    })
                    .collect()
            });
        }
    }

    /// Nine players (a bye every round), over four and five rounds, twenty patterns of results each.
    #[test]
    fn swiss_events_of_nine_players_keep_their_promises_every_round() {
        for seed in 0..20 {
            play(9, 4, seed);
            play(9, 5, seed);
        }
    }

    /// Ten players (no bye), over four and five rounds, twenty patterns of results each.
    #[test]
    fn swiss_events_of_ten_players_keep_their_promises_every_round() {
        for seed in 0..20 {
            play(10, 4, seed);
            play(10, 5, seed);
        }
    }

    /// Seventeen players (a bye every round, and score groups of every parity), over four and five rounds, twenty
    /// patterns of results each.
    #[test]
    fn swiss_events_of_seventeen_players_keep_their_promises_every_round() {
        for seed in 0..20 {
            play(17, 4, seed);
            play(17, 5, seed);
        }
    }
}
