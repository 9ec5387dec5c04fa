//! The endgame tables: checked against a brute-force solver of the rules, and played by the strong and master
//! levels without ever giving a result away.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use fanorona_ai::review::Reviewer;
use fanorona_ai::tablebase::{DEFAULT_PIECES, LazyTables, Tablebase, TablebaseBuilder, TbResult};
use fanorona_ai::{Analysis, Level, Limits, Resumable, Search, TB_WIN};
use fanorona_rules::{FIFTY_TURNS, Game, Point, PointSet, Position, Setup, Side, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The tables of a variant, built once for all the tests of this file.
fn tables(variant: Variant) -> Arc<Tablebase> {
    static TSIVY: OnceLock<Arc<Tablebase>> = OnceLock::new();
    static DIMY: OnceLock<Arc<Tablebase>> = OnceLock::new();
    let cell = if variant == Variant::Tsivy { &TSIVY } else { &DIMY };
    Arc::clone(cell.get_or_init(|| Arc::new(Tablebase::build(variant).expect("tsivy and dimy have tables"))))
}

/// The dimy tables of up to five pieces, built once (about a second; tsivy's take tens of seconds).
fn dimy_five() -> Arc<Tablebase> {
    static FIVE: OnceLock<Arc<Tablebase>> = OnceLock::new();
    Arc::clone(FIVE.get_or_init(|| Arc::new(Tablebase::build_pieces(Variant::Dimy, 5).expect("dimy has tables"))))
}

/// A random position of `variant` with `white` and `black` pieces, a random side to move and `quiet` turns played
/// without capture.
fn random_position(rng: &mut Xoshiro256PlusPlus, variant: Variant, white: u32, black: u32, quiet: u16) -> Position {
    let points: Vec<_> = variant.points().iter().collect();
    let mut setup = Setup::empty(variant);
    let mut placed = 0;
    while placed < white + black {
        let p = points[rng.random_range(0..points.len())];
        if setup.piece_at(p).is_none() {
            setup.put(p, Some(if placed < white { Side::White } else { Side::Black }));
            placed += 1;
        }
    }
    setup.side_to_move = if rng.random_bool(0.5) { Side::White } else { Side::Black };
    setup.quiet_turns = quiet;
    setup.position().expect("a legal setup")
}

/// A random material: each side at least one piece, at most `most` in all.
fn random_material(rng: &mut Xoshiro256PlusPlus, most: u32) -> (u32, u32) {
    loop {
        let (w, b) = (rng.random_range(1..most), rng.random_range(1..most));
        if w + b <= most {
            return (w, b);
        }
    }
}

/// The exact result of positions by the rules alone: a memoized negamax over every legal turn, with
/// [`Position::outcome`] for the end (no pieces, no legal turn, 50 turns without capture). Every turn captures or
/// adds to the no-capture count, so the positions form no cycle; repetition is left out, as in the tables.
#[derive(Default)]
struct BruteForce {
    /// 1: the side to move wins, 0: draw, -1: it loses.
    known: HashMap<Position, i8>,
    /// Smaller tables already checked by this brute force, for the positions of fewer pieces than the ones under
    /// test (solving every four-piece ending by brute force would take minutes).
    below: Option<Arc<Tablebase>>,
}

impl BruteForce {
    fn value(&mut self, pos: &Position) -> i8 {
        if let Some(&v) = self.known.get(pos) {
            return v;
        }
        if let Some(result) = self.below.as_ref().and_then(|below| below.probe(pos)) {
            return class(result);
        }
        let v = verdict(pos).unwrap_or_else(|| {
            pos.legal_turns().iter().map(|t| -self.value(&pos.play_unchecked(t))).max().unwrap_or(-1)
        });
        self.known.insert(*pos, v);
        v
    }

    /// The value with another no-capture count.
    fn value_at(&mut self, pos: &Position, quiet: u16) -> i8 {
        self.value(&at_count(pos, quiet))
    }
}

/// The rules' verdict on a position that ends the game ([`Position::outcome`]): 1 won for the side to move, 0
/// drawn, -1 lost; `None` while the game goes on.
fn verdict(pos: &Position) -> Option<i8> {
    pos.outcome().map(|outcome| match outcome.winner() {
        None => 0,
        Some(winner) if winner == pos.side_to_move() => 1,
        Some(_) => -1,
    })
}

/// `pos` with `count` turns played without capture.
fn at_count(pos: &Position, count: u16) -> Position {
    let mut setup = pos.setup();
    setup.quiet_turns = count;
    setup.position().expect("a legal count")
}

/// Every set of `k` of these points.
fn subsets(points: &[Point], k: u32) -> Vec<PointSet> {
    let Some((&first, rest)) = points.split_first().filter(|_| k > 0) else {
        return if k == 0 { vec![PointSet::EMPTY] } else { Vec::new() };
    };
    let mut sets: Vec<PointSet> = subsets(rest, k - 1).into_iter().map(|set| set.with(first)).collect();
    sets.extend(subsets(rest, k));
    sets
}

/// Every position of `variant` with `white` and `black` pieces, either side to move, no turn played without
/// capture: a set that turns without capture never leave (they keep the material and change the side to move).
fn every_position(variant: Variant, (white, black): (u32, u32)) -> Vec<Position> {
    let points: Vec<Point> = variant.points().iter().collect();
    let mut positions = Vec::new();
    for whites in subsets(&points, white) {
        let free: Vec<Point> = points.iter().copied().filter(|&p| !whites.contains(p)).collect();
        for blacks in subsets(&free, black) {
            for side in Side::BOTH {
                let mut setup = Setup::empty(variant);
                setup.pieces = [whites, blacks];
                setup.side_to_move = side;
                positions.push(setup.position().expect("a legal setup"));
            }
        }
    }
    positions
}

/// Endings solved by the rules alone at every no-capture count, with nothing of the tables' method: no walk
/// backwards, no distance, no index (positions are looked up by value in a hash map), no colour symmetry (both
/// colours are solved). A forward induction over the count instead: at count 50 the rules end every game; below,
/// a position's value follows from those one count higher (after a turn without capture, which adds one to the
/// count) and from those of the smaller endings at count 0 (after a capture, which resets it), solved before.
#[derive(Default)]
struct Layers {
    /// Every position solved so far, at count 0, with its index in `fresh`.
    index: HashMap<Position, usize>,
    /// The value of each (as [`verdict`]'s) at count 0: what a capture into it leads to.
    fresh: Vec<i8>,
}

impl Layers {
    /// Solves every position of this material, the smaller endings its captures lead into solved before. Calls
    /// `check(count, positions, values)` at each count from 50 down to 0, with the value of each position at that
    /// count.
    fn solve(&mut self, variant: Variant, material: (u32, u32), mut check: impl FnMut(u16, &[Position], &[i8])) {
        let positions = every_position(variant, material);
        let base = self.fresh.len();
        self.index.extend(positions.iter().enumerate().map(|(i, pos)| (*pos, base + i)));
        // By position: the rules' verdict below count 50 (it only depends on the count through the fifty-turn
        // draw) and at 50, the best of its captures, and where its turns without capture lead (`quiet`, from
        // `first[i]` to `first[i + 1]`).
        let mut ends = Vec::with_capacity(positions.len());
        let mut captures = Vec::with_capacity(positions.len());
        let (mut quiet, mut first) = (Vec::new(), vec![0]);
        for pos in &positions {
            ends.push([verdict(pos), verdict(&at_count(pos, FIFTY_TURNS))]);
            let mut best = None;
            pos.for_each_turn(|turn| {
                let next = pos.play_unchecked(turn);
                if next.quiet_turns() == 0 {
                    let value = verdict(&next).unwrap_or_else(|| self.fresh[self.index[&next]]);
                    best = best.max(Some(-value));
                } else {
                    assert_eq!(next.quiet_turns(), 1, "{pos}: {turn} neither captures nor adds one to the count");
                    quiet.push(self.index[&at_count(&next, 0)] - base);
                }
            });
            captures.push(best);
            first.push(quiet.len());
        }
        let mut later: Vec<i8> = Vec::new();
        for count in (0..=FIFTY_TURNS).rev() {
            let now: Vec<i8> = (0..positions.len())
                .map(|i| {
                    ends[i][usize::from(count == FIFTY_TURNS)].unwrap_or_else(|| {
                        let quiet = quiet[first[i]..first[i + 1]].iter().map(|&j| -later[j]);
                        quiet.chain(captures[i]).max().expect("a game that goes on has a turn")
                    })
                })
                .collect();
            check(count, &positions, &now);
            later = now;
        }
        self.fresh.extend(later);
    }
}

/// The class of a table result: 1 win, 0 draw, -1 loss.
fn class(result: TbResult) -> i8 {
    match result {
        TbResult::Win(_) => 1,
        TbResult::Draw => 0,
        TbResult::Loss(_) => -1,
    }
}

/// Checks `tables` on `count` random positions of up to `most` pieces with a no-capture count from `quiet`, and
/// each win or loss at the two counts around its distance: decided with exactly `d` turns left, drawn with one
/// fewer. The brute force reads the positions of fewer pieces than `least` in `below`. Returns how many positions
/// were decided.
fn check_against_brute_force(
    tables: &Tablebase,
    below: Option<Arc<Tablebase>>,
    (least, most): (u32, u32),
    quiet: std::ops::RangeInclusive<u16>,
    count: usize,
) -> usize {
    let variant = tables.variant();
    let mut brute = BruteForce { below, ..BruteForce::default() };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(u64::from(most) * 100 + u64::from(*quiet.start()));
    let mut decided = 0;
    for _ in 0..count {
        let (w, b) = loop {
            let (w, b) = random_material(&mut rng, most);
            if w + b >= least {
                break (w, b);
            }
        };
        let q = rng.random_range(quiet.clone());
        let pos = random_position(&mut rng, variant, w, b, q);
        let result = tables.probe(&pos).unwrap_or_else(|| panic!("{pos} is in the tables"));
        assert_eq!(class(result), brute.value(&pos), "{pos}: the tables say {result}");
        if let TbResult::Win(d) | TbResult::Loss(d) = result {
            decided += 1;
            let last = FIFTY_TURNS - d;
            if last >= *quiet.start() {
                assert_eq!(brute.value_at(&pos, last), class(result), "{pos} with {last} quiet turns: {result}");
                if d > 0 {
                    assert_eq!(brute.value_at(&pos, last + 1), 0, "{pos}: not drawn one turn too late ({result})");
                }
            }
        }
    }
    decided
}

/// Runs `f` on a thread with a large stack (the brute force recurses through whole endings).
fn with_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(s, f)
            .expect("a thread")
            .join()
            .expect("no panic")
    })
}

#[test]
fn dimy_tables_of_up_to_three_pieces_match_a_brute_force_search() {
    let tables = tables(Variant::Dimy);
    let decided = with_stack(|| check_against_brute_force(&tables, None, (2, 3), 0..=FIFTY_TURNS, 3000));
    assert!(decided > 1000, "{decided}");
}

#[test]
fn dimy_tables_of_four_pieces_match_a_brute_force_search_near_the_fifty_turn_draw() {
    // With few quiet turns left the brute force stays small; captures lead into the three-piece endings, solved in
    // full by the brute force.
    let tables = tables(Variant::Dimy);
    let decided = with_stack(|| check_against_brute_force(&tables, None, (2, 4), 46..=FIFTY_TURNS, 600));
    assert!(decided > 100, "{decided}");
}

#[test]
fn dimy_tables_of_five_pieces_match_a_brute_force_search_near_the_fifty_turn_draw() {
    // Captures lead into the four-piece endings, read from the four-piece tables the tests above check.
    let five = dimy_five();
    let below = Some(tables(Variant::Dimy));
    let decided = with_stack(|| check_against_brute_force(&five, below, (5, 5), 47..=FIFTY_TURNS, 600));
    assert!(decided > 100, "{decided}");
}

#[test]
fn five_piece_tables_extend_the_four_piece_ones() {
    let (four, five) = (tables(Variant::Dimy), dimy_five());
    assert_eq!((four.pieces(), five.pieces()), (4, 5));
    // 191,500 positions of up to four pieces, and 25 * C(24, 4) + C(25, 2) * C(23, 3) of five, for each side to
    // move's share of the pieces.
    assert_eq!(five.stats().entries, 191_500 + 2 * (25 * 10_626 + 300 * 1_771));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for _ in 0..2000 {
        let (w, b) = random_material(&mut rng, 4);
        let quiet = rng.random_range(0..FIFTY_TURNS);
        let pos = random_position(&mut rng, Variant::Dimy, w, b, quiet);
        assert_eq!(four.probe(&pos), five.probe(&pos), "{pos}");
    }
    let pos: Position = "5/2b2/5/1w1b1/w1w2 w".parse().unwrap();
    assert_eq!(four.probe(&pos), None);
    assert!(five.probe(&pos).is_some());
    for pieces in [0, 1, 6] {
        assert!(Tablebase::build_pieces(Variant::Dimy, pieces).is_err(), "{pieces}");
    }
}

/// The tsivy materials of up to three pieces, in the order [`Layers`] solves them.
const TSIVY_THREE: [(u32, u32); 3] = [(1, 1), (1, 2), (2, 1)];

#[test]
fn tsivy_tables_of_up_to_three_pieces_match_a_brute_force_search_at_every_count() {
    let tables = tables(Variant::Tsivy);
    let mut layers = Layers::default();
    let distances = check_every_count(&tables, &mut layers, &TSIVY_THREE);
    // Every position: 45 * 44 of one piece each, 45 * C(44, 2) of one against two and two against one, each with
    // either side to move.
    assert_eq!(layers.fresh.len(), 2 * (45 * 44 + 2 * 45 * 946));
    // Wins far longer than the few turns a search near the fifty-turn draw sees (measured: up to 29 turns).
    assert_eq!(distances.keys().max(), Some(&29));
    let long: usize = distances.iter().filter(|&(&d, _)| d > 10).map(|(_, n)| n).sum();
    assert!(long > 50_000, "{long}");
}

/// Two pieces against two: the four-piece material of every win longer than 14 turns, the longest of the four-piece
/// tables (30 turns) among them. Every position at every count, after the three-piece endings its captures lead
/// into, checked too (as in the test above). The other four-piece materials are checked near the fifty-turn draw
/// (`tsivy_tables_of_four_pieces_match_a_brute_force_search_near_the_fifty_turn_draw`) and in full by the ignored
/// test below.
#[test]
fn tsivy_tables_of_two_pieces_against_two_match_a_brute_force_search_at_every_count() {
    let tables = tables(Variant::Tsivy);
    let mut layers = Layers::default();
    check_every_count(&tables, &mut layers, &TSIVY_THREE);
    let distances = check_every_count(&tables, &mut layers, &[(2, 2)]);
    let longest = distances.keys().max().copied();
    assert_eq!(longest, Some(tables.stats().longest));
    assert_eq!(longest, Some(30), "measured");
    let long: usize = distances.iter().filter(|&(&d, _)| d > 14).map(|(_, n)| n).sum();
    assert!(long > 15_000, "{long}");
}

/// Every four-piece tsivy position at every count (about 35 s, so not in every run): `cargo test --workspace --locked
/// --test tablebase -- --ignored every_four_piece`.
#[test]
#[ignore = "about 35 s: the test above checks the material of the long wins"]
fn every_four_piece_tsivy_position_matches_a_brute_force_search_at_every_count() {
    let tables = tables(Variant::Tsivy);
    let mut layers = Layers::default();
    check_every_count(&tables, &mut layers, &TSIVY_THREE);
    let distances = check_every_count(&tables, &mut layers, &[(3, 1), (1, 3), (2, 2)]);
    assert_eq!(distances.keys().max().copied(), Some(tables.stats().longest));
    // 45 * C(44, 3) of three against one and one against three, C(45, 2) * C(43, 2) of two against two, each with
    // either side to move.
    assert_eq!(layers.fresh.len() - 2 * (45 * 44 + 2 * 45 * 946), 2 * (2 * 45 * 13_244 + 990 * 903));
}

#[test]
fn tsivy_tables_of_four_pieces_match_a_brute_force_search_near_the_fifty_turn_draw() {
    // Captures lead into the three-piece endings, read from the three-piece tables checked in full above; with few
    // quiet turns left the brute force of the four-piece positions stays small.
    let tables = tables(Variant::Tsivy);
    let three = Tablebase::build_pieces(Variant::Tsivy, 3).expect("tsivy has tables");
    let decided =
        with_stack(|| check_against_brute_force(&tables, Some(Arc::new(three)), (4, 4), 45..=FIFTY_TURNS, 1000));
    assert!(decided > 100, "{decided}");
}

/// Checks `tables` against [`Layers`] on every position of each material (each one's captures lead into smaller
/// endings already solved in `layers`) at every no-capture count from 0 to 50. A verdict at every count checks the
/// distance too: a win in `d` is a win up to count `50 - d` and a draw from there. Returns the positions checked (at
/// count 0) by their table distance.
fn check_every_count(tables: &Tablebase, layers: &mut Layers, materials: &[(u32, u32)]) -> HashMap<u16, usize> {
    let mut distances = HashMap::new();
    for &material in materials {
        layers.solve(tables.variant(), material, |count, positions, values| {
            for (pos, &value) in positions.iter().zip(values) {
                let pos = at_count(pos, count);
                let result = tables.probe(&pos).unwrap_or_else(|| panic!("{pos} is in the tables"));
                assert_eq!(class(result), value, "{pos}: the tables say {result}");
                if let (0, TbResult::Win(d) | TbResult::Loss(d)) = (count, result) {
                    *distances.entry(d).or_default() += 1;
                }
            }
        });
    }
    distances
}

#[test]
fn a_sliced_build_gives_the_same_tables() {
    let mut builder = TablebaseBuilder::new(Variant::Dimy).expect("dimy has tables");
    let mut slices = 0;
    let mut progress = 0.0;
    let sliced = loop {
        if let Some(tables) = builder.step(5_000) {
            break tables;
        }
        assert!(builder.progress() >= progress);
        progress = builder.progress();
        slices += 1;
    };
    assert!(slices > 10, "{slices}");
    assert_eq!(builder.progress(), 1.0);
    assert_eq!(sliced, *tables(Variant::Dimy));
    assert!(TablebaseBuilder::new(Variant::Telo).is_err());
    assert!(Tablebase::build(Variant::Telo).is_err());
}

#[test]
fn the_tables_cover_exactly_the_small_positions_of_their_variant() {
    let dimy = tables(Variant::Dimy);
    let stats = dimy.stats();
    assert_eq!(stats.entries, 191_500);
    assert_eq!(stats.wins + stats.draws + stats.losses, stats.entries);
    let inside: Position = "5/2b2/5/1w3/w4 w".parse().unwrap();
    assert!(dimy.probe(&inside).is_some());
    for outside in ["5/2b2/5/1w3/www2 b", "5/5/5/1w3/w4 w", "9/4b4/9/3w5/w8 w", "3/1w1/b2 w"] {
        assert_eq!(dimy.probe(&outside.parse().unwrap()), None, "{outside}");
    }
    // One entry serves both colours: the same position with the colours swapped has the same value.
    let swapped: Position = "5/2w2/5/1b3/b4 b".parse().unwrap();
    assert_eq!(dimy.probe(&inside), dimy.probe(&swapped));
    assert!(matches!(dimy.probe(&inside), Some(TbResult::Win(6))));
    // The same position with fewer turns left than its distance is a draw.
    let late: Position = "5/2b2/5/1w3/w4 w 45".parse().unwrap();
    assert_eq!(dimy.probe(&late), Some(TbResult::Draw));
    assert_eq!(TbResult::Win(6).to_string(), "win in 6");
    assert_eq!(TbResult::Loss(0).to_string(), "loss in 0");
    assert_eq!(TbResult::Draw.to_string(), "draw");
}

/// The table value a turn keeps, checked from the position after it.
fn kept(tables: &Tablebase, pos: &Position, turn: &fanorona_rules::Turn) -> TbResult {
    let next = pos.play_unchecked(turn);
    match tables.probe(&next).map(TbResult::flip) {
        None => TbResult::Win(1),
        Some(value) if turn.is_capture() => match value {
            TbResult::Win(_) => TbResult::Win(1),
            TbResult::Loss(_) => TbResult::Loss(1),
            TbResult::Draw => TbResult::Draw,
        },
        Some(TbResult::Win(d)) => TbResult::Win(d + 1),
        Some(TbResult::Loss(d)) => TbResult::Loss(d + 1),
        Some(TbResult::Draw) => TbResult::Draw,
    }
}

#[test]
fn strong_and_master_never_give_a_table_result_away() {
    for tables in [tables(Variant::Dimy), tables(Variant::Tsivy), dimy_five()] {
        let variant = tables.variant();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut moved = 0;
        for i in 0..400 {
            let (w, b) = random_material(&mut rng, tables.pieces());
            let q = rng.random_range(0..FIFTY_TURNS);
            let pos = random_position(&mut rng, variant, w, b, q);
            let verdict = tables.probe(&pos).expect("in the tables");
            let game = Game::new(pos);
            if game.is_over() {
                continue;
            }
            let level = if i % 2 == 0 { Level::Master } else { Level::Strong };
            let result = Search::for_level(&game, level, Limits::depth(2), 1).with_tablebase(Arc::clone(&tables)).run();
            let turn = result.best.expect("a legal turn");
            assert!(pos.check_turn(&turn).is_ok());
            // The turn keeps the verdict exactly: the shortest win, or a draw, or the longest loss.
            assert_eq!(kept(&tables, &pos, &turn), verdict, "{level} in {pos} played {turn}");
            assert_eq!(result.depth, 0, "answered from the tables");
            moved += 1;
        }
        assert!(moved > 300, "{moved}");
    }
}

#[test]
fn master_against_master_converts_every_won_ending_within_the_fifty_turn_rule() {
    for tables in [tables(Variant::Dimy), tables(Variant::Tsivy), dimy_five()] {
        let variant = tables.variant();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut converted = 0;
        while converted < 40 {
            let (w, b) = random_material(&mut rng, tables.pieces());
            let q = rng.random_range(0..FIFTY_TURNS);
            let pos = random_position(&mut rng, variant, w, b, q);
            let Some(TbResult::Win(_)) = tables.probe(&pos) else { continue };
            let winner = pos.side_to_move();
            let mut game = Game::new(pos);
            while !game.is_over() {
                let search = Search::for_level(&game, Level::Master, Limits::depth(1), 1);
                let turn = search.with_tablebase(Arc::clone(&tables)).run().best.expect("a legal turn");
                game.play(&turn).expect("legal");
                assert!(game.turns().len() < 400, "{pos}: no end");
            }
            assert_eq!(game.outcome().and_then(|o| o.winner()), Some(winner), "{pos}: {:?}", game.outcome());
            converted += 1;
        }
    }
}

#[test]
fn the_search_scores_positions_in_the_tables_exactly() {
    // Five-piece positions where every turn is a capture: every child is in the tables, so a one-turn search knows
    // the exact value of each.
    let tables = tables(Variant::Dimy);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    let mut checked = 0;
    while checked < 100 {
        let (w, b) = if rng.random_bool(0.5) { (3, 2) } else { (2, 3) };
        let pos = random_position(&mut rng, Variant::Dimy, w, b, 0);
        if !pos.must_capture() {
            continue;
        }
        let best = pos
            .legal_turns()
            .iter()
            .map(|turn| match tables.probe(&pos.play_unchecked(turn)).map(TbResult::flip) {
                None => TbResult::Win(1),
                Some(TbResult::Win(_)) => TbResult::Win(1),
                Some(other) => other,
            })
            .map(TbResult::rank)
            .max()
            .expect("a capture");
        let game = Game::new(pos);
        let result =
            Search::for_level(&game, Level::Master, Limits::depth(1), 1).with_tablebase(Arc::clone(&tables)).run();
        let turn = result.best.expect("a capture");
        let after = pos.play_unchecked(&turn);
        let chosen = tables.probe(&after).map_or(TbResult::Win(1), TbResult::flip);
        assert_eq!(chosen.rank().signum(), best.signum(), "{pos}: {turn} ({result:?})");
        match chosen {
            TbResult::Win(_) => assert!(result.score > TB_WIN - 100, "{pos}: {result:?}"),
            TbResult::Draw => assert_eq!(result.score, 0, "{pos}: {result:?}"),
            TbResult::Loss(_) => assert!(result.score < -TB_WIN + 100, "{pos}: {result:?}"),
        }
        checked += 1;
    }
}

#[test]
fn without_tables_or_below_strong_the_search_is_unchanged() {
    let tables = tables(Variant::Dimy);
    let game = Game::new("5/2b2/5/1w3/w4 w".parse().unwrap());
    for level in Level::ALL {
        let plain = Search::for_level(&game, level, Limits::depth(3), 3).run();
        let given = Search::for_level(&game, level, Limits::depth(3), 3).with_tablebase(Arc::clone(&tables)).run();
        if level >= Level::Strong {
            assert_eq!(given.depth, 0, "{level}");
        } else {
            assert_eq!(plain, given, "{level}");
        }
    }
    // Tables of another variant are left unused.
    let tsivy = Game::new("9/4b4/9/3w5/w8 w".parse().unwrap());
    let plain = Search::for_level(&tsivy, Level::Master, Limits::depth(3), 3).run();
    let given = Search::for_level(&tsivy, Level::Master, Limits::depth(3), 3).with_tablebase(tables).run();
    assert_eq!(plain, given);
}

#[test]
fn master_does_not_walk_back_into_the_games_history() {
    // A won position whose best turn is quiet: both sides step out and back, so the position after that turn is
    // in the game's history. The master then counts that turn as a draw (as its search counts any repetition) and
    // plays the best of the values so counted.
    let tables = tables(Variant::Dimy);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
    let (mut checked, mut avoided) = (0, 0);
    while checked < 40 {
        let (w, b) = random_material(&mut rng, DEFAULT_PIECES);
        let pos = random_position(&mut rng, Variant::Dimy, w, b, 0);
        let Some((best, TbResult::Win(_))) = tables.best_turn(&pos) else { continue };
        if best.is_capture() {
            continue;
        }
        let mut game = Game::new(pos);
        game.play(&best).expect("legal");
        let Some(reply) = game.legal_turns().into_iter().find(|t| !t.is_capture()) else { continue };
        game.play(&reply).expect("legal");
        let back = |t: &fanorona_rules::Turn| format!("{}-{}", t.to(), t.from());
        if game.play_notation(&back(&best)).is_err() || game.play_notation(&back(&reply)).is_err() {
            continue;
        }
        let now = *game.position();
        assert!(now.repeats(&pos));
        let value = |turn: &fanorona_rules::Turn| {
            let after = now.play_unchecked(turn);
            if game.positions().iter().any(|p| p.repeats(&after)) { 0 } else { kept(&tables, &now, turn).rank() }
        };
        let chosen = Search::for_level(&game, Level::Master, Limits::depth(1), 1)
            .with_tablebase(Arc::clone(&tables))
            .run()
            .best
            .expect("a legal turn");
        let best_value = now.legal_turns().iter().map(value).max().expect("a legal turn");
        assert_eq!(value(&chosen), best_value, "{now}: {chosen}");
        avoided += usize::from(chosen != best);
        checked += 1;
    }
    assert!(avoided > 10, "{avoided}");
}

/// What a program that plays many games keeps (the engine protocol, the bot): each board's tables built once, at its
/// first use. Given them, the analysis and the review score a won ending as the tables do, where a one-turn search
/// alone does not see the win.
#[test]
fn lazy_tables_are_built_once_and_analysis_and_review_score_endings_by_them() {
    let lazy = LazyTables::default();
    let dimy = lazy.get(Variant::Dimy).expect("dimy has tables");
    assert!(Arc::ptr_eq(&dimy, &lazy.get(Variant::Dimy).expect("still there")), "built once");
    assert_eq!(*dimy, *tables(Variant::Dimy));
    assert!(lazy.get(Variant::Telo).is_none());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
    let mut checked = 0;
    while checked < 10 {
        let (w, b) = random_material(&mut rng, DEFAULT_PIECES);
        let pos = random_position(&mut rng, Variant::Dimy, w, b, 0);
        let game = Game::new(pos);
        if game.is_over() || !matches!(dimy.probe(&pos), Some(TbResult::Win(_))) {
            continue;
        }
        if Analysis::new(&game, Limits::depth(1), 1).run()[0].score > TB_WIN - 100 {
            continue;
        }
        let lines = Analysis::new(&game, Limits::depth(1), 1).with_tablebase(Arc::clone(&dimy)).run();
        assert!(lines[0].score > TB_WIN - 100, "{pos}: {lines:?}");
        // The review's scores are White's.
        let score = Reviewer::new(&game, 1).with_tablebase(Arc::clone(&dimy)).run().scores[0];
        let mover = if pos.side_to_move() == Side::White { score } else { -score };
        assert!(mover > TB_WIN - 100, "{pos}: {score}");
        checked += 1;
    }
}
