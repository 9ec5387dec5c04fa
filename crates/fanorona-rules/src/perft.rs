//! Whole-turn perft: the number of turn sequences of a given length, the reference check of move generation.

use crate::position::Position;
use crate::turn::Turn;

/// Counts the sequences of `depth` legal turns from `position` (no draw rule applied; a decided position has no
/// turn). The last ply is counted in bulk, without playing its turns. Allocates nothing.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_turns(),
        _ => {
            let mut total = 0;
            position.for_each_turn(|turn| total += perft(&position.play_unchecked(turn), depth - 1));
            total
        }
    }
}

/// Perft split by first turn, sorted by notation (byte order): each legal turn and the count below it.
pub fn divide(position: &Position, depth: u32) -> Vec<(Turn, u64)> {
    let mut counts: Vec<(String, Turn, u64)> = position
        .legal_turns()
        .into_iter()
        .map(|t| (t.to_string(), t, perft(&position.play_unchecked(&t), depth.saturating_sub(1))))
        .collect();
    counts.sort_by(|a, b| a.0.cmp(&b.0));
    counts.into_iter().map(|(_, t, n)| (t, n)).collect()
}
