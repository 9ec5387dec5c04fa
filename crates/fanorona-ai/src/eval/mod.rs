//! Static evaluation of positions, from the point of view of the side to move.

use fanorona_rules::{Point, PointSet, Position, Side, Variant};

pub mod learned;

use learned::Learned;

/// Weights of the full evaluation, in hundredths of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// One piece.
    pub material: i32,
    /// One step of room to move (see [`Position::mobility`]).
    pub mobility: i32,
    /// One piece of the side to move that could begin a capture.
    pub threat: i32,
    /// One piece of the other side that could begin a capture if it were its turn (a cost to the side to move).
    /// Apart from `threat` because the two mean different things: in a quiet position, where the evaluation is
    /// trusted, the side to move has no threat at all, and the other side's threats are what it must answer.
    pub their_threat: i32,
    /// Being to move while a capture is available (the threat is real, not just potential).
    pub initiative: i32,
    /// One piece on a strong point (eight lines instead of four).
    pub strong: i32,
    /// A lead over the number of pieces on the board: a lead of one piece is worth `trade / pieces` more, so the side
    /// ahead gains by trading pieces and the side behind by avoiding trades. Little in the opening (a tenth of a
    /// piece with 43 on the board), decisive in a small ending, where a trade the defender cannot avoid is what turns
    /// a lead into a win within the 50-turn rule.
    pub trade: i32,
}

impl Weights {
    /// The weights chosen by self-play matches: `fanorona-cli tune` halves and doubles each weight in turn and keeps
    /// a change that wins its match (`fanorona-cli match` checks the result); the initiative was raised from 20, and
    /// the trade weight added, by matches of the current search (see docs/TUNING.md).
    pub const TUNED: Weights =
        Weights { material: 100, mobility: 2, threat: 6, their_threat: 6, initiative: 60, strong: 3, trade: 400 };
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
    /// The full evaluation's terms by phase, and each point's worth, fitted to the master's games (tsivy; the full
    /// evaluation with the tuned weights on the other boards).
    Learned(&'static Learned),
}

/// The value of `pos` for the side to move (positive: better for it), in hundredths of a piece.
pub fn evaluate(pos: &Position, eval: Eval) -> i32 {
    evaluate_with(pos, eval, pos.capturing_pieces())
}

/// Every strong point of the layout (a bit set whatever the board; a set of pieces masks it): counting a side's
/// pieces on them is one AND, where testing each piece was a measurable part of the evaluation.
pub(crate) const STRONG: PointSet = {
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
    let (ours, theirs) = (pos.pieces(us).len() as i32, pos.pieces(them).len() as i32);
    let material = ours - theirs;
    match eval {
        Eval::Material => 100 * material,
        Eval::Classic => 1000 * material + pos.mobility(us) as i32 - pos.mobility(them) as i32,
        Eval::Learned(learned) if learned::judges(pos) => learned.evaluate(pos, capturers),
        Eval::Learned(_) => evaluate_with(pos, Eval::Full(Weights::TUNED), capturers),
        Eval::Full(w) => {
            let vela = pos.vela_active();
            let side_terms = |side: Side| {
                let strong = (pos.pieces(side) & STRONG).len() as i32;
                w.mobility * pos.mobility(side) as i32 + w.strong * strong
            };
            // The side to move's capturers are its threats, none when vela binds it (telo returned above).
            let our_threats = if vela == Some(us) { 0 } else { capturers.len() as i32 };
            let their_threats = if vela == Some(them) { PointSet::EMPTY } else { pos.threats(them) };
            // The side to move must capture exactly when it has a threat it may carry out (the threats of a side
            // bound by vela count as none): the same as `pos.must_capture()`, without finding the capturers again.
            let initiative = if our_threats > 0 { w.initiative } else { 0 };
            // At least one piece is on the board of a position the search evaluates (a side without pieces has lost).
            let pieces = (ours + theirs).max(1);
            w.material * material + w.trade * material / pieces + side_terms(us) - side_terms(them)
                + w.threat * our_threats
                - w.their_threat * their_threats.len() as i32
                + initiative
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two threat weights count different sides: here White, to move, can capture with one piece (e4 takes c4
    /// by approach, or g4), and Black's c4 and g4 could each take e4 if it were Black's turn.
    #[test]
    fn each_threat_weight_counts_its_own_side() {
        let pos: Position = "9/2b1w1b2/9/9/9 w 0 -".parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((pos.capturing_pieces().len(), pos.threats(Side::Black).len()), (1, 2));
        let base = evaluate(&pos, Eval::Full(Weights::TUNED));
        let ours = Weights { threat: Weights::TUNED.threat + 1, ..Weights::TUNED };
        let theirs = Weights { their_threat: Weights::TUNED.their_threat + 1, ..Weights::TUNED };
        assert_eq!(evaluate(&pos, Eval::Full(ours)) - base, 1);
        assert_eq!(evaluate(&pos, Eval::Full(theirs)) - base, -2);
    }

    /// The same lead of one piece is worth more with fewer pieces on the board, by exactly `trade / pieces`: three
    /// against two (5 pieces) over four against three (7), and the other way round for the side behind.
    #[test]
    fn a_lead_counts_for_more_with_fewer_pieces() {
        let without = Weights { trade: 0, ..Weights::TUNED };
        let trade_term = |text: &str| {
            let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            evaluate(&pos, Eval::Full(Weights::TUNED)) - evaluate(&pos, Eval::Full(without))
        };
        let trade = Weights::TUNED.trade;
        assert_eq!(trade_term("w7w/9/9/9/b3w3b w 0 -"), trade / 5);
        assert_eq!(trade_term("w7w/9/w7b/9/b3w3b w 0 -"), trade / 7);
        assert_eq!(trade_term("w7w/9/9/9/b3w3b b 0 -"), -trade / 5);
        assert_eq!(trade_term("w7w/9/w7b/9/b3w3b b 0 -"), -trade / 7);
    }

    #[test]
    fn the_strong_mask_holds_exactly_the_strong_points() {
        for i in 0..64 {
            if let Some(p) = Point::from_index(i) {
                assert_eq!(STRONG.contains(p), p.is_strong(), "{p}");
            }
        }
    }
}
