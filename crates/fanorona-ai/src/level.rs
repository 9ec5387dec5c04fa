//! The computer's levels, from a beginner a new player can beat to the full engine.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::eval::{Eval, Weights};

/// The master's delta-pruning margin: a piece and a half, for the evaluation's terms other than material (one
/// piece saved 6% more nodes to depth 8 after f3-e3A, untried in matches; see `docs/TUNING.md`).
const DELTA_MARGIN: i32 = 150;

/// A playing level. Each is clearly stronger than the one before: the match results behind [`Level::rating`]
/// (measured with `fanorona-cli match`) give each level 80% or more against the one below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Sees captures one turn ahead, misjudges often and sometimes plays a random turn.
    Beginner,
    /// Looks two turns ahead on pieces and room to move, with some randomness.
    Casual,
    /// The classic computer of the rules page: four moves ahead, each step of a chain counting as a move; pieces
    /// first, then room to move.
    Classic,
    /// Iterative deepening alpha-beta with a transposition table, good move ordering and quiescence, to four turns;
    /// perfect in the endings of the endgame tables it is given.
    Strong,
    /// Everything: deeper search in a time limit, the tuned evaluation, perfect play in telo, and in endings of up
    /// to four or five pieces when given the endgame tables.
    Master,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 5] = [Level::Beginner, Level::Casual, Level::Classic, Level::Strong, Level::Master];

    /// The lowercase name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Classic => "classic",
            Level::Strong => "strong",
            Level::Master => "master",
        }
    }

    /// A one-line description for menus.
    pub const fn description(self) -> &'static str {
        match self {
            Level::Beginner => "Sees captures, but blunders often",
            Level::Casual => "Looks two turns ahead",
            Level::Classic => "The classic computer: four moves ahead, pieces then mobility",
            Level::Strong => "Full alpha-beta search, four turns deep",
            Level::Master => "The full engine; perfect in telo",
        }
    }

    /// The level's fixed rating on the Elo scale, for rating a person's games against it.
    ///
    /// Calibrated from engine matches (40 games a pairing, colours alternating): casual scored 96% against
    /// beginner (+560), classic 95% against casual (+510), strong 82.5% against classic (+270), anchored at 800 for
    /// the beginner and rounded to tens. Measured again after the engine's speed-up: casual 97.5%, classic 97.5%,
    /// strong 81% (the same within the matches' error), and master 91% against strong at its second a move (+400,
    /// where it had scored 81%), so the master's rating rose from 2400. Gaps between engines overstate the gaps a
    /// person feels, which is the usual error of such calibrations, and is acceptable for a local rating.
    pub const fn rating(self) -> f64 {
        match self {
            Level::Beginner => 800.0,
            Level::Casual => 1360.0,
            Level::Classic => 1870.0,
            Level::Strong => 2140.0,
            Level::Master => 2540.0,
        }
    }

    /// How this level judges positions.
    pub const fn eval(self) -> Eval {
        self.config().eval
    }

    /// Whether the level plays the endgame tables it is given ([`crate::Search::with_tablebase`]): strong and
    /// master. A program need not build the tables for the others.
    pub const fn plays_tables(self) -> bool {
        self.config().tablebase
    }

    /// Whether the level thinks on its opponent's time when a program lets it (strong and master: the levels whose
    /// searches keep what they found in a transposition table; the lower ones answer at once anyway).
    pub const fn ponders(self) -> bool {
        self.config().tt_bits.is_some()
    }

    pub(crate) const fn config(self) -> Config {
        let base = Config {
            depth: 1,
            iterative: false,
            step_depth: false,
            tt_bits: None,
            ordering: false,
            pvs: false,
            staged: false,
            aspiration: false,
            lmr: false,
            quiescence: 0,
            lone_extra: 0,
            delta: None,
            eval: Eval::Material,
            noise: 0,
            blunder: 0.0,
            default_time: None,
            tablebase: false,
            book: false,
            parallel: false,
        };
        match self {
            Level::Beginner => Config { noise: 150, blunder: 0.3, ..base },
            Level::Casual => Config { depth: 2, eval: Eval::Classic, noise: 400, blunder: 0.05, ..base },
            Level::Classic => Config { depth: 4, step_depth: true, eval: Eval::Classic, ..base },
            Level::Strong => Config {
                depth: 4,
                iterative: true,
                tt_bits: Some(16),
                ordering: true,
                pvs: true,
                quiescence: 2,
                eval: Eval::Full(Weights::TUNED),
                tablebase: true,
                ..base
            },
            Level::Master => Config {
                depth: 64,
                iterative: true,
                tt_bits: Some(18),
                ordering: true,
                pvs: true,
                staged: true,
                aspiration: true,
                lmr: true,
                quiescence: 4,
                lone_extra: 2,
                delta: Some(DELTA_MARGIN),
                eval: Eval::Full(Weights::TUNED),
                default_time: Some(Duration::from_millis(1000)),
                tablebase: true,
                book: true,
                parallel: true,
                ..base
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}`: expected beginner, casual, classic, strong or master")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(s)).ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

impl Config {
    /// The plies a turn uses: one, or one per step with `step_depth`.
    pub fn cost(&self, turn: &fanorona_rules::Turn) -> i32 {
        if self.step_depth { turn.len().max(1) as i32 } else { 1 }
    }
}

/// How a level searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Config {
    /// The deepest iteration (in turns, or in steps with `step_depth`).
    pub depth: u32,
    /// Deepen one ply at a time (otherwise search `depth` at once).
    pub iterative: bool,
    /// A turn costs one ply per step (the classic horizon), not one per turn.
    pub step_depth: bool,
    /// Size of the transposition table as a power of two, if any.
    pub tt_bits: Option<u32>,
    /// Order moves: table move, captures by size, killers, history.
    pub ordering: bool,
    /// Principal variation search (null windows after the first child).
    pub pvs: bool,
    /// Try the table move before generating the other turns (needs `ordering`).
    pub staged: bool,
    /// Aspiration windows around the previous iteration's score (needs `iterative`).
    pub aspiration: bool,
    /// Late move reductions: late quiet turns are searched a ply or two less first, late captures that take at most
    /// half as much as the largest one a ply less (needs `pvs`).
    pub lmr: bool,
    /// Extra plies searched while captures are compulsory, below the nominal depth.
    pub quiescence: u32,
    /// Extra quiescence plies for a capture that only one piece can make.
    pub lone_extra: u32,
    /// Delta pruning in quiescence with this margin (hundredths of a piece): a capture answering a capture whose
    /// material balance, plus the margin, still cannot reach alpha is not searched (needs `ordering`).
    pub delta: Option<i32>,
    /// The evaluation.
    pub eval: Eval,
    /// Random noise added to each root turn's score, up to this much (the root is then searched exactly).
    pub noise: i32,
    /// Probability of playing a random legal turn instead.
    pub blunder: f64,
    /// Thinking time when the caller gives no time or depth limit.
    pub default_time: Option<Duration>,
    /// Whether the level uses endgame tables handed to it ([`crate::Search::with_tablebase`]).
    pub tablebase: bool,
    /// Whether the level plays the opening book handed to it ([`crate::Search::with_book`]).
    pub book: bool,
    /// Whether the level searches with several threads when given them (see `Search::with_threads`).
    pub parallel: bool,
}
