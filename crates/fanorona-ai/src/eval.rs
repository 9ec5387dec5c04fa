//! Static evaluation of positions, from the point of view of the side to move.

use fanorona_rules::{Point, PointSet, Position, Side, Variant};

/// Weights of the full evaluation, in hundredths of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// One piece.
    pub material: i32,
    /// One step of room to move (see [`Position::mobility`]).
    pub mobility: i32,
    /// One piece that could begin a capture.
    pub threat: i32,
    /// Being to move while a capture is available (the threat is real, not just potential).
    pub initiative: i32,
    /// One piece on a strong point (eight lines instead of four).
    pub strong: i32,
}

impl Weights {
    /// The weights chosen by self-play matches: `fanorona-cli tune` halves and doubles each weight in turn and keeps
    /// a change that wins its match (`fanorona-cli match` checks the result).
    pub const TUNED: Weights = Weights { material: 100, mobility: 2, threat: 6, initiative: 20, strong: 3 };
}

/// How a level judges a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Pieces only.
    Material,
    /// Pieces first, then room to move: the classic evaluation of the rules page.
    Classic,
    /// Pieces, mobility, threats, initiative, strong points.
    Full(Weights),
}

/// The value of `pos` for the side to move (positive: better for it), in hundredths of a piece.
pub fn evaluate(pos: &Position, eval: Eval) -> i32 {
    evaluate_with(pos, eval, pos.capturing_pieces())
}

/// Every strong point of the layout (a bit set whatever the board; a set of pieces masks it): counting a side's
/// pieces on them is one AND, where testing each piece was a measurable part of the evaluation.
const STRONG: PointSet = {
    let mut set = PointSet::EMPTY;
    let mut i = 0;
    while i < 64 {
        if let Some(p) = Point::from_index(i)
            && p.is_strong()
        {
            set = set.with(p);
        }
        i += 1;
    }
    set
};

/// [`evaluate`], given the side to move's [`Position::capturing_pieces`] (the search has found them already).
pub(crate) fn evaluate_with(pos: &Position, eval: Eval, capturers: PointSet) -> i32 {
    if pos.variant() == Variant::Telo {
        // Telo has no material; lines are found by the search as wins.
        return 0;
    }
    let us = pos.side_to_move();
    let them = !us;
    let material = pos.pieces(us).len() as i32 - pos.pieces(them).len() as i32;
    match eval {
        Eval::Material => 100 * material,
        Eval::Classic => 1000 * material + pos.mobility(us) as i32 - pos.mobility(them) as i32,
        Eval::Full(w) => {
            let vela = pos.vela_active();
            let side_terms = |side: Side| {
                let pieces = pos.pieces(side);
                let strong = (pieces & STRONG).len() as i32;
                // The side to move's capturers are its threats, none when vela binds it (telo returned above).
                let threats = if vela == Some(side) {
                    0
                } else if side == us {
                    capturers.len() as i32
                } else {
                    pos.threats(side).len() as i32
                };
                (w.mobility * pos.mobility(side) as i32 + w.threat * threats + w.strong * strong, threats)
            };
            let (ours, our_threats) = side_terms(us);
            let (theirs, _) = side_terms(them);
            // The side to move must capture exactly when it has a threat it may carry out (the threats of a side
            // bound by vela count as none): the same as `pos.must_capture()`, without finding the capturers again.
            let initiative = if our_threats > 0 { w.initiative } else { 0 };
            w.material * material + ours - theirs + initiative
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strong_mask_holds_exactly_the_strong_points() {
        for i in 0..64 {
            if let Some(p) = Point::from_index(i) {
                assert_eq!(STRONG.contains(p), p.is_strong(), "{p}");
            }
        }
    }
}
