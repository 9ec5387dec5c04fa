//! `bestmove`: one search of a position, its line and its chosen turn.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use fanorona_ai::tablebase::Tablebase;
use fanorona_ai::{Level, Limits, Resumable, Search};
use fanorona_rules::Game;

use crate::args::{self, CliError};

/// Search a position and print the chosen turn as the last line (after `info` lines).
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    position: args::PositionArg,
    /// The level: beginner, casual, classic, strong, master.
    #[arg(long, default_value = "master")]
    level: Level,
    /// Thinking time in milliseconds.
    #[arg(long)]
    time: Option<u64>,
    /// Depth limit in turns (steps for classic).
    #[arg(long)]
    depth: Option<u32>,
    /// Seed for the lower levels' randomness.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Build the endgame tables of the variant first (tsivy and dimy; the strong and master levels use them).
    #[arg(long)]
    tables: bool,
    /// Search threads (the master level; other levels search alone).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

impl Args {
    /// The search's `info` line, then the turn; an error if the game is over.
    pub fn run(self) -> Result<String, CliError> {
        let game = Game::new(self.position.read()?);
        let limits = Limits { time: self.time.map(Duration::from_millis), depth: self.depth, nodes: None };
        let mut search = Search::for_level(&game, self.level, limits, self.seed).with_threads(self.threads);
        if self.tables {
            search = search.with_tablebase(Arc::new(Tablebase::build(game.position().variant())?));
        }
        let result = search.run();
        let pv: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "info depth {} score {} nodes {} pv {}",
            result.depth,
            result.score,
            result.nodes,
            pv.join(" ")
        );
        match result.best {
            Some(turn) => {
                let _ = writeln!(out, "{turn}");
                Ok(out)
            }
            None => Err(CliError("no legal turn: the game is over".into())),
        }
    }
}
