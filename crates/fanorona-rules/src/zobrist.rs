//! Zobrist keys: one random 64-bit number per (side, point), for the side to move and for the vela state.
//! A position's hash is the XOR of the keys of what it holds, so a turn updates it with a few XORs.

use crate::geometry::{Point, PointSet};
use crate::side::Side;

/// SplitMix64, evaluated at compile time: fixed keys, so hashes are the same on every run and machine.
const fn splitmix(mut state: u64) -> u64 {
    state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn piece_keys() -> [[u64; 64]; 2] {
    let mut keys = [[0; 64]; 2];
    let mut i = 0;
    while i < 128 {
        keys[i / 64][i % 64] = splitmix(i as u64 * 0x1000_0001);
        i += 1;
    }
    keys
}

static PIECES: [[u64; 64]; 2] = piece_keys();
/// XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix(0xb1ac);
/// XORed in while the vela handicap is active for White, or for Black.
const VELA: [u64; 2] = [splitmix(0x7e1a_0001), splitmix(0x7e1a_0002)];

/// The key of one piece.
#[inline]
pub(crate) fn piece(side: Side, p: Point) -> u64 {
    PIECES[side.index()][p.index() as usize]
}

/// The XOR of the keys of a set of pieces of one side.
#[inline]
pub(crate) fn pieces(side: Side, set: PointSet) -> u64 {
    set.iter().fold(0, |h, p| h ^ piece(side, p))
}

/// The key of a vela state (`None`: no active handicap).
#[inline]
pub(crate) fn vela(active: Option<Side>) -> u64 {
    active.map_or(0, |s| VELA[s.index()])
}
