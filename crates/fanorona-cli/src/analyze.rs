//! `analyze`: the master engine's best lines from a position.

use std::fmt::Write as _;
use std::time::Duration;

use fanorona_ai::review::score_text;
use fanorona_ai::{Analysis, Limits, Resumable, line_text};
use fanorona_rules::{Game, Side};

use crate::args::{self, CliError};
use crate::review::LINE_TURNS;

/// Print the master engine's best lines from a position, with their scores for White and their depth.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    position: args::PositionArg,
    /// How many lines.
    #[arg(long, default_value_t = 3)]
    lines: usize,
    /// Depth limit in turns.
    #[arg(long)]
    depth: Option<u32>,
    /// Thinking time per line in milliseconds (without --depth or --time: one second).
    #[arg(long)]
    time: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

impl Args {
    /// The best lines, each searched to the depth (or for the time) asked for, with their scores for White.
    pub fn run(self) -> Result<String, CliError> {
        let position = self.position.read()?;
        let limits = Limits { time: self.time.map(Duration::from_millis), depth: self.depth, nodes: None };
        let found = Analysis::new(&Game::new(position), limits, self.lines).with_threads(self.threads).run();
        let mut out = String::new();
        if found.is_empty() {
            let _ = writeln!(out, "no legal turn: the game is over");
        }
        let white = position.side_to_move() == Side::White;
        for (i, line) in found.iter().enumerate() {
            let score = if white { line.score } else { -line.score };
            let _ = writeln!(
                out,
                "{}. {:>7} depth {:>2}: {}",
                i + 1,
                score_text(score),
                line.depth,
                line_text(&line.pv, LINE_TURNS)
            );
        }
        Ok(out)
    }
}
