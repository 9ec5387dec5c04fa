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
//!   the other side's threats, pieces on strong points;
//! - for each two neighbouring points along a line of the board, what stands on them (a piece of either side or
//!   nothing, on each: [`Feature::Pair`]), which a point's worth alone cannot say (two pieces guarding each other, a
//!   piece with an empty point behind it that an approach can use).
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
const PER_PHASE: usize = 2 * POINTS + Term::ALL.len() + PAIRS;
/// The directions of a pair, from its first point to its second: east, north, north-east, north-west (as the side
/// to move sees the board; the diagonals only from strong points).
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
/// What stands on a point of a pair: nothing, a piece of the side to move, a piece of the other side.
const STATES: usize = 3;
/// The pair features of a phase: from each point, in each direction, each state of its two points (some of them
/// never met: a pair off the board, a diagonal from a point that has none).
const PAIRS: usize = POINTS * DIRECTIONS.len() * STATES * STATES;
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
    /// What stands on two neighbouring points, in a phase.
    Pair {
        /// The phase, an index of [`PHASES`].
        phase: usize,
        /// The first point, as the side to move sees the board (as in [`Feature::Piece`]).
        point: usize,
        /// The direction to the second, an index of east, north, north-east, north-west.
        direction: usize,
        /// What stands on the first point, then on the second: 0 nothing, 1 the side to move's piece, 2 the other
        /// side's.
        states: [usize; 2],
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
        Feature::Pair { phase, point, direction, states: [first, second] } => {
            phase * PER_PHASE
                + 2 * POINTS
                + Term::ALL.len()
                + ((point * DIRECTIONS.len() + direction) * STATES + first) * STATES
                + second
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
    for (i, value) in terms(pos).into_iter().enumerate() {
        if value != 0 {
            f(base + 2 * POINTS + i, value);
        }
    }
    let mut occupied = [0usize; POINTS];
    for p in ours {
        occupied[seen(p, us)] = 1;
    }
    for p in theirs {
        occupied[seen(p, us)] = 2;
    }
    for (point, &first) in occupied.iter().enumerate() {
        for direction in 0..DIRECTIONS.len() {
            if let Some(next) = neighbour(point, direction) {
                let second = occupied[next];
                if first + second != 0 {
                    let pair = Feature::Pair { phase: phase(pieces), point, direction, states: [first, second] };
                    f(feature(pair), 1);
                }
            }
        }
    }
}

/// The values of the terms of `pos` for the side to move, in the order of [`Term::ALL`].
fn terms(pos: &Position) -> [i32; 5] {
    let us = pos.side_to_move();
    let them = !us;
    let (ours, theirs) = (pos.pieces(us), pos.pieces(them));
    let pieces = ours.len() + theirs.len();
    let material = ours.len() as i32 - theirs.len() as i32;
    let their_threats = if pos.vela_active() == Some(them) { PointSet::EMPTY } else { pos.threats(them) };
    [
        material,
        100 * material / pieces.max(1) as i32,
        pos.mobility(us) as i32 - pos.mobility(them) as i32,
        their_threats.len() as i32,
        (ours & STRONG).len() as i32 - (theirs & STRONG).len() as i32,
    ]
}

/// The point next to `point` in `direction` along a line of the board (points and directions as the side to move
/// sees them), if there is one.
fn neighbour(point: usize, direction: usize) -> Option<usize> {
    let (x, y) = ((point % 9) as i32, (point / 9) as i32);
    let (dx, dy) = DIRECTIONS[direction];
    let (nx, ny) = (x + dx, y + dy);
    // Diagonal lines join the strong points only (x + y even, the same for both sides' views).
    let on_line = direction < 2 || (x + y) % 2 == 0;
    (on_line && (0..9).contains(&nx) && (0..5).contains(&ny)).then_some((ny * 9 + nx) as usize)
}

/// The learned weights laid out for one side to move, by the bits of the board (a [`PointSet`]'s), so that the
/// evaluation sums them without turning the board.
///
/// A pair's weight for each two states is split into a part for each point alone and what the two together add: the
/// first is folded into what a piece on each point is worth (two empty points are no feature), so that only pairs of
/// two pieces are left to sum. Most pairs in a game have an empty point: this sum visits none of them.
#[derive(Clone, PartialEq, Eq)]
struct SideTables {
    ours: [[i32; 64]; PHASES.len()],
    theirs: [[i32; 64]; PHASES.len()],
    /// Indexed by phase, then bit times 4 plus the direction (the board's, east, north, north-east, north-west),
    /// then whose pieces stand on the pair's first point and second (0 ours, 1 theirs) as first times 2 plus second:
    /// what the two pieces add to what each is worth alone.
    pairs: Vec<[[i32; 4]; 64 * 4]>,
}

/// The bit offset of each direction of the board: east, north, north-east, north-west (a [`PointSet`] has 10 bits
/// a row).
const BIT_STEPS: [u32; 4] = [1, 10, 11, 9];

impl SideTables {
    /// The weights as `side` to move sees them, on the board's bits.
    fn new(weights: &[i32; FEATURES], side: Side) -> SideTables {
        let mut tables = SideTables {
            ours: [[0; 64]; PHASES.len()],
            theirs: [[0; 64]; PHASES.len()],
            pairs: vec![[[0; 4]; 64 * 4]; PHASES.len()],
        };
        for phase in 0..PHASES.len() {
            for p in Variant::Tsivy.points() {
                let (bit, point) = (usize::from(p.index()), seen(p, side));
                tables.ours[phase][bit] += weights[feature(Feature::Piece { phase, ours: true, point })];
                tables.theirs[phase][bit] += weights[feature(Feature::Piece { phase, ours: false, point })];
                for (direction, (dx, dy)) in DIRECTIONS.iter().enumerate() {
                    let Some(next) = Point::new((i32::from(p.x()) + dx) as u8, (i32::from(p.y()) + dy) as u8) else {
                        continue;
                    };
                    // Black's view turns the board half a turn: the pair is the one that starts on `next`, in the
                    // same direction, with its points' states the other way round.
                    let (start, swap) = match side {
                        Side::White => (seen(p, side), false),
                        Side::Black => (seen(next, side), true),
                    };
                    if !Variant::Tsivy.contains(next) || neighbour(start, direction).is_none() {
                        continue;
                    }
                    // w(a, b): the pair's weight with state a on `p` and b on `next` (0 empty, 1 ours, 2 theirs);
                    // two empty points are not a feature ([`features`]), whatever the file's weight for them.
                    let w = |a: usize, b: usize| {
                        let states = if swap { [b, a] } else { [a, b] };
                        let pair = weights[feature(Feature::Pair { phase, point: start, direction, states })];
                        if a + b == 0 { 0 } else { pair }
                    };
                    let second = usize::from(next.index());
                    tables.ours[phase][bit] += w(1, 0);
                    tables.theirs[phase][bit] += w(2, 0);
                    tables.ours[phase][second] += w(0, 1);
                    tables.theirs[phase][second] += w(0, 2);
                    for (a, b) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
                        tables.pairs[phase][bit * 4 + direction][(a - 1) * 2 + b - 1] = w(a, b) - w(a, 0) - w(0, b);
                    }
                }
            }
        }
        tables
    }

    /// The sum of the weights of the pieces and pairs of a position with `ours` and `theirs` on the board.
    fn sum(&self, phase: usize, ours: PointSet, theirs: PointSet) -> i32 {
        let mut sum = 0;
        for p in ours {
            sum += self.ours[phase][usize::from(p.index())];
        }
        for p in theirs {
            sum += self.theirs[phase][usize::from(p.index())];
        }
        let pieces = [ours.0, theirs.0];
        let pairs = &self.pairs[phase];
        for (direction, step) in BIT_STEPS.into_iter().enumerate() {
            // Pairs along diagonals start on strong points only; a piece's bits are on the board, so a neighbour's
            // bit with a piece is a neighbour on the board.
            let starts = if direction < 2 { u64::MAX } else { STRONG.0 };
            for (a, first) in pieces.iter().enumerate() {
                for (b, second) in pieces.iter().enumerate() {
                    for p in PointSet(starts & first & (second >> step)) {
                        sum += pairs[usize::from(p.index()) * 4 + direction][a * 2 + b];
                    }
                }
            }
        }
        sum
    }
}

/// The weights of the learned evaluation.
#[derive(Clone, PartialEq, Eq)]
pub struct Learned {
    weights: Box<[i32; FEATURES]>,
    /// The weights laid out for White to move, and for Black.
    tables: Box<[SideTables; 2]>,
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
        Learned::from_weights(weights)
    }

    /// Weights in the order of [`feature`], in 1/[`SCALE`] of a hundredth of a piece.
    pub fn from_weights(weights: Box<[i32; FEATURES]>) -> Learned {
        let tables = Box::new([SideTables::new(&weights, Side::White), SideTables::new(&weights, Side::Black)]);
        Learned { weights, tables }
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
        let us = pos.side_to_move();
        let (ours, theirs) = (pos.pieces(us), pos.pieces(!us));
        let phase = phase(ours.len() + theirs.len());
        let mut sum = self.tables[us.index()].sum(phase, ours, theirs);
        for (i, value) in terms(pos).into_iter().enumerate() {
            sum += self.weights[phase * PER_PHASE + 2 * POINTS + i] * value;
        }
        // The side to move's threats and initiative keep the full evaluation's weights (see the module's doc).
        let threats = if pos.vela_active() == Some(pos.side_to_move()) { 0 } else { capturers.len() as i32 };
        let w = Weights::TUNED;
        let initiative = if threats > 0 { w.initiative } else { 0 };
        sum / SCALE + w.threat * threats + initiative
    }

    /// The weights file's text: `header` as comment lines, then the weights, a line each for a phase's points of
    /// the side to move, of the other side, its terms, and the pairs that start on each point.
    pub fn to_text(&self, header: &str) -> String {
        let mut out: String = header.lines().map(|line| format!("# {line}\n")).collect();
        for phase in self.weights.chunks(PER_PHASE) {
            let (pieces, rest) = phase.split_at(2 * POINTS);
            let (terms, pairs) = rest.split_at(Term::ALL.len());
            let pairs = pairs.chunks(DIRECTIONS.len() * STATES * STATES);
            for line in pieces.chunks(POINTS).chain([terms]).chain(pairs) {
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
        Ok(Learned::from_weights(weights))
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

    /// The evaluation sums the weights of the features `features` lists, whatever the weights (random ones here),
    /// with either side to move, in the positions of games of random turns to their end.
    #[test]
    fn the_evaluation_is_the_sum_of_the_features_weights() {
        use rand::rngs::Xoshiro256PlusPlus;
        use rand::{RngExt, SeedableRng};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut weights = Box::new([0; FEATURES]);
        for w in weights.iter_mut() {
            *w = rng.random_range(-800..800);
        }
        let learned = Learned::from_weights(weights.clone());
        let mut positions = 0;
        for _ in 0..4 {
            let mut game = fanorona_rules::Game::of_variant(Variant::Tsivy);
            while !game.is_over() && game.turns().len() < 200 {
                let pos = *game.position();
                let mut sum = 0;
                features(&pos, |i, value| sum += weights[i] * value);
                assert_eq!(learned.evaluate(&pos, PointSet::EMPTY), sum / SCALE, "{pos}");
                positions += 1;
                let turns = game.legal_turns();
                let turn = turns[rng.random_range(0..turns.len())];
                game.play(&turn).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        assert!(positions > 100, "{positions}");
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
