//! A learned evaluation (issue 73): the full evaluation's terms, weighted by the game's phase, and a table of what a
//! piece is worth on each point for each phase, all fitted to the master's own games (`fanorona-cli learn`, from
//! the positions `fanorona-cli selfplay` writes; docs/TUNING.md).
//!
//! The features are seen from the side to move, on a board turned so that its pieces started on rows 1 and 2 (Black's
//! view is White's turned half a turn: the start is the same for both). The phase is the number of pieces on the
//! board, in [`PHASES`] steps. For each phase:
//!
//! - each point's worth for a piece of the side to move there, and for a piece of the other side;
//! - the full evaluation's terms ([`Term`]): material, the lead over the pieces on the board (trade), room to move,
//!   the other side's threats, pieces on strong points.
//!
//! The side to move's own threats and initiative only exist where it must capture, a position the search never
//! judges by its evaluation alone and the data (quiet positions) cannot teach: they keep the full evaluation's
//! weights.
//!
//! Weights are in 1/[`SCALE`] of a hundredth of a piece. The weights file is text: `#` comment lines, then the
//! [`FEATURES`] weights as integers separated by white space, in the order of [`feature`].

pub mod fit;

use std::fmt;
use std::sync::LazyLock;

use fanorona_rules::{Point, PointSet, Position, Side, Variant};

use super::{STRONG, Weights};

/// The points of tsivy's board.
pub const POINTS: usize = 45;
/// The phases: the number of pieces on the board below which each ends (the last takes the rest).
pub const PHASES: [u32; 4] = [9, 19, 31, u32::MAX];
/// Weights are in 1/SCALE of a hundredth of a piece.
pub const SCALE: i32 = 16;

/// A term of the full evaluation, weighted per phase in the learned one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// The difference in pieces.
    Material,
    /// The difference in pieces, in hundredths, over the pieces on the board.
    Trade,
    /// The difference in room to move.
    Mobility,
    /// The other side's pieces that could begin a capture.
    TheirThreats,
    /// The difference in pieces on strong points.
    Strong,
}

impl Term {
    /// Every term, in the order of the features.
    pub const ALL: [Term; 5] = [Term::Material, Term::Trade, Term::Mobility, Term::TheirThreats, Term::Strong];

    /// The full evaluation's weight of the term, in hundredths of a piece per unit: where a fit begins.
    pub fn hand_weight(self, w: &Weights) -> i32 {
        match self {
            Term::Material => w.material,
            // The full evaluation's trade term is `trade * material / pieces`: per hundredth, trade / 100.
            Term::Trade => w.trade / 100,
            Term::Mobility => w.mobility,
            Term::TheirThreats => -w.their_threat,
            Term::Strong => w.strong,
        }
    }
}

/// Features per phase: a point's worth for each side's piece, then the terms.
const PER_PHASE: usize = 2 * POINTS + Term::ALL.len();
/// The number of features, and of weights.
pub const FEATURES: usize = PHASES.len() * PER_PHASE;

/// What a feature is, for the weights file's readers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// A piece of the side to move (`ours`) or of the other side on a point (0 is a1, 44 is i5, as the side to move
    /// sees the board), in a phase.
    Piece {
        /// The phase, an index of [`PHASES`].
        phase: usize,
        /// Whether the piece is the side to move's.
        ours: bool,
        /// The point, as the side to move sees it: row times 9 plus column.
        point: usize,
    },
    /// A term in a phase.
    Term {
        /// The phase, an index of [`PHASES`].
        phase: usize,
        /// The term.
        term: Term,
    },
}

/// The index of a feature among the weights.
pub fn feature(f: Feature) -> usize {
    match f {
        Feature::Piece { phase, ours, point } => phase * PER_PHASE + usize::from(!ours) * POINTS + point,
        Feature::Term { phase, term } => {
            let at = Term::ALL.iter().position(|t| *t == term).unwrap_or_default();
            phase * PER_PHASE + 2 * POINTS + at
        }
    }
}

/// The phase of a position with `pieces` on the board.
fn phase(pieces: u32) -> usize {
    PHASES.iter().position(|end| pieces < *end).unwrap_or(PHASES.len() - 1)
}

/// A point as `side` sees the board: row times 9 plus column, Black's view turned half a turn.
fn seen(p: Point, side: Side) -> usize {
    let (x, y) = (usize::from(p.x()), usize::from(p.y()));
    match side {
        Side::White => y * 9 + x,
        Side::Black => (4 - y) * 9 + (8 - x),
    }
}

/// Calls `f(feature, value)` for each feature of a tsivy position `pos` that is not zero, from the side to move's
/// view; `capturers` are its pieces that can capture ([`Position::capturing_pieces`]). The evaluation is the weights'
/// sum over these; a fit reads them too, so the two cannot disagree.
pub fn features(pos: &Position, mut f: impl FnMut(usize, i32)) {
    let us = pos.side_to_move();
    let them = !us;
    let (ours, theirs) = (pos.pieces(us), pos.pieces(them));
    let pieces = ours.len() + theirs.len();
    let base = phase(pieces) * PER_PHASE;
    for p in ours {
        f(base + seen(p, us), 1);
    }
    for p in theirs {
        f(base + POINTS + seen(p, us), 1);
    }
    let material = ours.len() as i32 - theirs.len() as i32;
    let their_threats = if pos.vela_active() == Some(them) { PointSet::EMPTY } else { pos.threats(them) };
    let terms = [
        material,
        100 * material / pieces.max(1) as i32,
        pos.mobility(us) as i32 - pos.mobility(them) as i32,
        their_threats.len() as i32,
        (ours & STRONG).len() as i32 - (theirs & STRONG).len() as i32,
    ];
    for (i, value) in terms.into_iter().enumerate() {
        if value != 0 {
            f(base + 2 * POINTS + i, value);
        }
    }
}

/// The weights of the learned evaluation.
#[derive(Clone, PartialEq, Eq)]
pub struct Learned {
    weights: Box<[i32; FEATURES]>,
}

impl fmt::Debug for Learned {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Learned({} weights)", self.weights.len())
    }
}

/// A weights file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LearnedError {
    /// A word that is not an integer.
    #[error("weight {index}: {word:?} is not an integer")]
    NotANumber {
        /// The weight's index.
        index: usize,
        /// The word.
        word: String,
    },
    /// Not as many weights as features.
    #[error("{found} weights, not {FEATURES}")]
    Count {
        /// How many there are.
        found: usize,
    },
}

/// The weights built into the engine (`data/learned.txt`), if they read.
static BUILT_IN: LazyLock<Result<Learned, LearnedError>> =
    LazyLock::new(|| include_str!("../../../data/learned.txt").parse());

impl Learned {
    /// The full evaluation as a learned one: its terms in every phase, every point worth nothing. A fit starts here.
    pub fn from_hand(w: &Weights) -> Learned {
        let mut weights = Box::new([0; FEATURES]);
        for phase in 0..PHASES.len() {
            for term in Term::ALL {
                weights[feature(Feature::Term { phase, term })] = term.hand_weight(w) * SCALE;
            }
        }
        Learned { weights }
    }

    /// Weights in the order of [`feature`], in 1/[`SCALE`] of a hundredth of a piece.
    pub fn from_weights(weights: [i32; FEATURES]) -> Learned {
        Learned { weights: Box::new(weights) }
    }

    /// The weights built into the engine.
    pub fn built_in() -> Result<&'static Learned, &'static LearnedError> {
        BUILT_IN.as_ref()
    }

    /// The weights, in the order of [`feature`].
    pub fn weights(&self) -> &[i32; FEATURES] {
        &self.weights
    }

    /// The value of a tsivy position for the side to move, in hundredths of a piece, given its capturers.
    pub(crate) fn evaluate(&self, pos: &Position, capturers: PointSet) -> i32 {
        let mut sum = 0;
        features(pos, |i, value| sum += self.weights[i] * value);
        // The side to move's threats and initiative keep the full evaluation's weights (see the module's doc).
        let threats = if pos.vela_active() == Some(pos.side_to_move()) { 0 } else { capturers.len() as i32 };
        let w = Weights::TUNED;
        let initiative = if threats > 0 { w.initiative } else { 0 };
        sum / SCALE + w.threat * threats + initiative
    }

    /// The weights file's text: `header` as comment lines, then the weights, a line each for a phase's points of
    /// the side to move, of the other side, and its terms.
    pub fn to_text(&self, header: &str) -> String {
        let mut out: String = header.lines().map(|line| format!("# {line}\n")).collect();
        for phase in self.weights.chunks(PER_PHASE) {
            let (pieces, terms) = phase.split_at(2 * POINTS);
            for line in pieces.chunks(POINTS).chain([terms]) {
                let words: Vec<String> = line.iter().map(ToString::to_string).collect();
                out.push_str(&words.join(" "));
                out.push('\n');
            }
        }
        out
    }
}

impl std::str::FromStr for Learned {
    type Err = LearnedError;

    /// Reads a weights file (see the module's doc).
    fn from_str(text: &str) -> Result<Learned, LearnedError> {
        let words = text.lines().filter(|line| !line.trim_start().starts_with('#')).flat_map(str::split_whitespace);
        let mut weights = Box::new([0; FEATURES]);
        let mut found = 0;
        for (index, word) in words.enumerate() {
            let weight = word.parse().map_err(|_| LearnedError::NotANumber { index, word: word.to_owned() })?;
            if let Some(slot) = weights.get_mut(index) {
                *slot = weight;
            }
            found += 1;
        }
        if found != FEATURES {
            return Err(LearnedError::Count { found });
        }
        Ok(Learned { weights })
    }
}

/// Whether the learned evaluation judges `pos`: tsivy's board only (its weights are for its 45 points).
pub(crate) fn judges(pos: &Position) -> bool {
    pos.variant() == Variant::Tsivy
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Eval, evaluate};

    /// The full evaluation as learned weights judges every position as the full evaluation does, to within the
    /// rounding of the trade term (a few hundredths).
    #[test]
    fn the_hand_weights_as_learned_ones_judge_as_the_full_evaluation() {
        let learned = Learned::from_hand(&Weights::TUNED);
        let mut game = fanorona_rules::Game::of_variant(Variant::Tsivy);
        for _ in 0..60 {
            let pos = *game.position();
            let full = evaluate(&pos, Eval::Full(Weights::TUNED));
            let ours = learned.evaluate(&pos, pos.capturing_pieces());
            let lead = (pos.pieces(Side::White).len() as i32 - pos.pieces(Side::Black).len() as i32).abs();
            assert!((full - ours).abs() <= 4 * lead, "{pos}: {full} against {ours}");
            let Some(turn) = game.legal_turns().into_iter().last() else { break };
            if game.play(&turn).is_err() || game.is_over() {
                break;
            }
        }
    }

    /// A position and the same one turned half a turn with the colours swapped have the same features.
    #[test]
    fn black_sees_the_board_as_white_does() {
        let white: Position = "9/9/2b6/3w5/9 w 0 -".parse().unwrap_or_else(|e| panic!("{e}"));
        let black: Position = "9/5b3/6w2/9/9 b 0 -".parse().unwrap_or_else(|e| panic!("{e}"));
        let list = |pos: &Position| {
            let mut found = Vec::new();
            features(pos, |i, v| found.push((i, v)));
            found
        };
        assert_eq!(list(&white), list(&black));
        assert_eq!(list(&white)[0], (feature(Feature::Piece { phase: 0, ours: true, point: 9 + 3 }), 1));
    }

    #[test]
    fn the_weights_file_reads_back_and_a_bad_one_says_why() {
        let learned = Learned::from_hand(&Weights::TUNED);
        let text = learned.to_text("made by a test\nsecond line");
        assert_eq!(text.parse::<Learned>(), Ok(learned));
        assert_eq!("1 2 x".parse::<Learned>(), Err(LearnedError::NotANumber { index: 2, word: "x".into() }));
        assert_eq!("1 2 3".parse::<Learned>(), Err(LearnedError::Count { found: 3 }));
        assert!(Learned::built_in().is_ok(), "{:?}", Learned::built_in().err());
    }
}
