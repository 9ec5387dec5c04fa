//! `tune`: the evaluation's weights tuned by self-play matches, each weight halved and doubled in turn.

use std::fmt::Write as _;

use fanorona_ai::{Eval, Level, Limits, Weights};

use crate::args::CliError;
use crate::matches::{self, Engine};
use crate::texel::TUNABLE;

/// Tune the evaluation weights by self-play: each weight halved and doubled in turn, kept if it wins a match.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Games per trial match.
    #[arg(long, default_value_t = 40)]
    games: u32,
    /// Search depth (turns) of the strong level used for the trials.
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// Seed for the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

impl Args {
    /// Each weight of the full evaluation is halved and doubled in turn; a change is kept when the changed engine
    /// scores at least 55% against the current one. Returns the log and the final weights.
    pub fn run(self) -> Result<String, CliError> {
        let mut current = Weights::TUNED;
        let mut log = String::new();
        for (name, field) in TUNABLE {
            for factor in [2, 0] {
                let mut candidate = current;
                let value = *field(&mut candidate);
                let changed = if factor == 2 { (value * 2).max(1) } else { value / 2 };
                if changed == value {
                    continue;
                }
                *field(&mut candidate) = changed;
                let engines = [
                    Engine { level: Level::Strong, eval: Eval::Full(candidate) },
                    Engine { level: Level::Strong, eval: Eval::Full(current) },
                ];
                let settings = matches::Settings::tuning(
                    engines,
                    self.games,
                    Limits::depth(self.depth),
                    self.seed,
                    3,
                    self.threads,
                );
                let score = matches::run(&settings).score();
                let kept = score >= 0.55;
                let _ = writeln!(
                    log,
                    "{name}: {value} -> {changed}: {:.1}% ({})",
                    score * 100.0,
                    if kept { "kept" } else { "rejected" }
                );
                if kept {
                    current = candidate;
                }
            }
        }
        let _ = writeln!(log, "weights: {current:?}");
        Ok(log)
    }
}
