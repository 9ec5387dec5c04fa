//! `moves`: the legal turns of a position. Its output is an interface other programs rely on: keep it exactly.

use std::fmt::Write as _;

use crate::args::{self, CliError};

/// Print every legal turn in notation, one per line, sorted by byte order.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    position: args::PositionArg,
}

impl Args {
    /// The turns, a line each.
    pub fn run(self) -> Result<String, CliError> {
        let position = self.position.read()?;
        let mut turns: Vec<String> = position.legal_turns().iter().map(ToString::to_string).collect();
        turns.sort();
        let mut out = String::new();
        for t in turns {
            let _ = writeln!(out, "{t}");
        }
        Ok(out)
    }
}
