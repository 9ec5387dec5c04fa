//! `perft`: the number of turn sequences from a position. Its output is an interface other programs rely on: keep it
//! exactly.

use std::fmt::Write as _;

use fanorona_rules::{divide, perft};

use crate::args::{self, CliError};

/// Count turn sequences of DEPTH turns (whole-turn perft); the count is the last line.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the count below each legal turn first (`turn: count`).
    #[arg(long)]
    divide: bool,
    /// The position, then the depth, e.g. `tsivy 5`.
    #[arg(required = true, num_args = 2.., value_name = "POSITION... DEPTH")]
    args: Vec<String>,
}

impl Args {
    /// The count, after the count below each turn with --divide.
    pub fn run(mut self) -> Result<String, CliError> {
        let depth = args::parse_depth(&self.args.pop().unwrap_or_default())?;
        let position = args::position(&self.args)?;
        let mut out = String::new();
        if self.divide {
            for (turn, count) in divide(&position, depth) {
                let _ = writeln!(out, "{turn}: {count}");
            }
        }
        let _ = writeln!(out, "{}", perft(&position, depth));
        Ok(out)
    }
}
