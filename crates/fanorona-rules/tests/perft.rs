//! The reference perft counts of RULES.md.

mod common;

use common::{moves, pos};
use fanorona_rules::{Position, Variant, divide, perft};

const TSIVY: [u64; 6] = [5, 39, 724, 18026, 431852, 9205774];
const DIMY: [u64; 5] = [5, 21, 202, 3469, 34608];

#[test]
fn tsivy_reference_counts_to_depth_6() {
    let start = Position::start(Variant::Tsivy);
    for (depth, &expected) in (1..).zip(TSIVY.iter()) {
        assert_eq!(perft(&start, depth), expected, "tsivy depth {depth}");
    }
}

#[test]
fn dimy_reference_counts() {
    let start = Position::start(Variant::Dimy);
    for (depth, &expected) in (1..).zip(DIMY.iter()) {
        assert_eq!(perft(&start, depth), expected, "dimy depth {depth}");
    }
}

/// Telo has no published table: these counts were derived by hand for the placing plies (9 * 8 * 7 * 6 * 5, then
/// the 8 * 3! * 6 * 5 = 1440 sequences in which White's three pieces make a line end the game before ply 6) and
/// agree with the naive generator (see `naive_generator_agrees_in_telo`).
#[test]
fn telo_counts_to_depth_6() {
    let start = Position::start(Variant::Telo);
    let expected = [9, 72, 504, 3024, 15120, (15120 - 1440) * 4];
    for (depth, &n) in (1..).zip(expected.iter()) {
        assert_eq!(perft(&start, depth), n, "telo depth {depth}");
    }
}

#[test]
fn naive_generator_agrees_in_telo() {
    fn walk(p: &Position, depth: u32) -> u64 {
        let naive = common::naive_moves(p);
        assert_eq!(moves(p), naive, "{p}");
        if depth == 0 {
            return 1;
        }
        p.legal_turns().iter().map(|t| walk(&p.play_unchecked(t), depth - 1)).sum()
    }
    let start = Position::start(Variant::Telo);
    assert_eq!(walk(&start, 7), perft(&start, 7));
}

#[test]
fn whites_five_first_moves_in_tsivy() {
    assert_eq!(moves(&Position::start(Variant::Tsivy)), ["d2-e3A", "e2-e3A", "f2-e3A", "f3-e3A", "f3-e3W"]);
}

#[test]
fn position_text_of_the_start_positions_gives_the_same_counts() {
    let text = pos("bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w");
    assert_eq!(text, Position::start(Variant::Tsivy));
    assert_eq!(perft(&text, 3), 724);
    assert_eq!(pos("bbbbb/bbbbb/wb1wb/wwwww/wwwww w"), Position::start(Variant::Dimy));
    assert_eq!(pos("3/3/3 w"), Position::start(Variant::Telo));
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    let start = Position::start(Variant::Tsivy);
    let split = divide(&start, 3);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 724);
    let names: Vec<String> = split.iter().map(|(t, _)| t.to_string()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
}
