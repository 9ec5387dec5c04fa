//! Fanoron-telo solved exactly by retrograde analysis: every position with up to three pieces a side, either side
//! to move, is labelled won, lost (with the number of plies to the end) or drawn.

use std::sync::OnceLock;

use fanorona_rules::{Point, Position, Side, Turn, Variant};

/// The game-theoretic value of a telo position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeloValue {
    /// The side to move wins in this many plies with best play.
    Win(u8),
    /// The side to move loses in this many plies with best play.
    Loss(u8),
    /// Neither side can force a win.
    Draw,
}

const CELLS: usize = 9;
const BOARDS: usize = 19_683; // 3^9

struct Table {
    values: Vec<Option<TeloValue>>,
}

/// The 9 points of the telo board, in index order.
fn points() -> impl Iterator<Item = Point> {
    Variant::Telo.points().iter()
}

/// The table index of a telo position.
fn index(pos: &Position) -> usize {
    let mut board = 0;
    for (i, p) in points().enumerate() {
        let cell = match pos.piece_at(p) {
            None => 0,
            Some(Side::White) => 1,
            Some(Side::Black) => 2,
        };
        board += cell * 3usize.pow(i as u32);
    }
    board * 2 + pos.side_to_move().index()
}

/// The position of a table index, if it has at most three pieces a side.
fn position(index: usize) -> Option<Position> {
    let (mut board, black) = (index / 2, index % 2 == 1);
    let mut cells = [' '; CELLS];
    for cell in &mut cells {
        *cell = match board % 3 {
            0 => '1',
            1 => 'w',
            _ => 'b',
        };
        board /= 3;
    }
    let rows: Vec<String> = (0..3).rev().map(|y| cells[y * 3..y * 3 + 3].iter().collect()).collect();
    format!("{} {}", rows.join("/"), if black { 'b' } else { 'w' }).parse().ok()
}

fn solve() -> Table {
    let n = BOARDS * 2;
    let mut values: Vec<Option<TeloValue>> = vec![None; n];
    let mut successors: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut valid = vec![false; n];
    for (i, slot) in values.iter_mut().enumerate() {
        let Some(pos) = position(i) else { continue };
        valid[i] = true;
        if let Some(winner) = pos.telo_line() {
            *slot = Some(if winner == pos.side_to_move() { TeloValue::Win(0) } else { TeloValue::Loss(0) });
            continue;
        }
        pos.for_each_turn(|t| successors[i].push(index(&pos.play_unchecked(t))));
        if successors[i].is_empty() {
            *slot = Some(TeloValue::Loss(0));
        }
    }
    // Round k labels the positions decided in exactly k plies: wins (odd k) reach a loss of k-1, losses (even k)
    // have only moves into wins.
    let mut k: u8 = 1;
    let mut quiet_rounds = 0;
    while quiet_rounds < 2 && k < u8::MAX {
        let mut changed = false;
        for i in 0..n {
            if !valid[i] || values[i].is_some() {
                continue;
            }
            let succ = &successors[i];
            let value = if k % 2 == 1 {
                succ.iter().any(|&s| values[s] == Some(TeloValue::Loss(k - 1))).then_some(TeloValue::Win(k))
            } else {
                succ.iter()
                    .all(|&s| matches!(values[s], Some(TeloValue::Win(d)) if d < k))
                    .then_some(TeloValue::Loss(k))
            };
            if value.is_some() {
                values[i] = value;
                changed = true;
            }
        }
        quiet_rounds = if changed { 0 } else { quiet_rounds + 1 };
        k += 1;
    }
    for (i, v) in values.iter_mut().enumerate() {
        if valid[i] && v.is_none() {
            *v = Some(TeloValue::Draw);
        }
    }
    Table { values }
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(solve)
}

/// The exact value of a telo position for the side to move (`None` for another variant).
pub fn value(pos: &Position) -> Option<TeloValue> {
    if pos.variant() != Variant::Telo {
        return None;
    }
    table().values.get(index(pos)).copied().flatten()
}

/// A perfect turn: the fastest win, else a draw, else the slowest loss (`None` without a legal turn or outside
/// telo). Ties go to the first turn in notation order, so the choice is deterministic.
pub fn best_turn(pos: &Position) -> Option<Turn> {
    if pos.variant() != Variant::Telo {
        return None;
    }
    let mut turns = pos.legal_turns();
    turns.sort_by_key(ToString::to_string);
    // Rank each turn by the value it leaves the opponent: their fast loss is best, their slow win is least bad.
    // `max_by_key` keeps the last of equal maxima, so scan backwards for the first.
    turns.into_iter().rev().max_by_key(|t| match value(&pos.play_unchecked(t)) {
        Some(TeloValue::Loss(d)) => 2000 - i32::from(d),
        Some(TeloValue::Draw) | None => 1000,
        Some(TeloValue::Win(d)) => i32::from(d),
    })
}
