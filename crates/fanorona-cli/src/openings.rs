//! `openings`: opening positions for matches that can see small differences between engines.
//!
//! Two strong engines draw about four games in five from tsivy's first turns, and a draw says nothing about which
//! engine is better. From a position where a deep search finds one side slightly better, the better side wins more
//! often and the other must hold: games are decided more often, and a pair of games (each engine on each side of
//! the opening once) tells the engines apart. `match --openings FILE` plays them.
//!
//! The file has one opening a line, the turns from tsivy's start in the notation (`d2-e3A f5-f4A ...`); lines
//! starting with `#` say how it was made. The same arguments give the same file, whatever the number of threads.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

use fanorona_ai::{Level, Limits, Resumable, Search};
use fanorona_rules::{Game, Variant};

use crate::args::CliError;
use crate::opening::random_opening;

/// Write opening positions where the master finds one side slightly better, for `match --openings`: random turns
/// from tsivy's start, each position judged by a search of the master, kept when its score is within the window.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Openings to write.
    #[arg(long, default_value_t = 1000)]
    count: usize,
    /// The fewest random turns of an opening.
    #[arg(long, default_value_t = 4)]
    min_turns: u32,
    /// The most random turns of an opening.
    #[arg(long, default_value_t = 8)]
    max_turns: u32,
    /// Nodes of the master's search that judges each position.
    #[arg(long, default_value_t = 200_000)]
    nodes: u64,
    /// The smallest advantage kept, for either side, in hundredths of a piece.
    #[arg(long, default_value_t = 20)]
    min_score: i32,
    /// The largest advantage kept, in hundredths of a piece (beyond it, one side wins too easily).
    #[arg(long, default_value_t = 150)]
    max_score: i32,
    /// Seed of the random turns.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Positions judged at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Candidates judged between two looks at how many were kept (the same batches whatever the threads).
const BATCH: u64 = 64;

impl Args {
    /// The file's text: how it was made, then the openings.
    pub fn run(self) -> Result<String, CliError> {
        if self.min_turns > self.max_turns || self.min_score > self.max_score {
            return Err(CliError("--min-turns and --min-score must not exceed their --max".into()));
        }
        let mut kept: Vec<Game> = Vec::with_capacity(self.count);
        let mut seen = HashSet::new();
        let mut judged = 0;
        let me = &self;
        while kept.len() < self.count {
            let batch = judged..judged + BATCH;
            judged = batch.end;
            let threads = self.threads.clamp(1, BATCH as usize) as u64;
            let mut found: Vec<(u64, Option<Game>)> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let batch = batch.clone();
                        scope.spawn(move || {
                            batch.filter(|i| i % threads == t).map(|i| (i, me.judge(i))).collect::<Vec<_>>()
                        })
                    })
                    .collect();
                handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
            });
            found.sort_by_key(|(i, _)| *i);
            for game in found.into_iter().filter_map(|(_, game)| game) {
                if kept.len() < self.count && seen.insert(*game.position()) {
                    kept.push(game);
                }
            }
            if judged > 1000 * self.count as u64 + 10_000 {
                return Err(CliError(format!("only {} of {} openings found in the window", kept.len(), self.count)));
            }
        }
        let mut out = format!(
            "# fanorona-cli openings --count {} --min-turns {} --max-turns {} --nodes {} --min-score {} \
             --max-score {} --seed {}: {} positions judged\n",
            self.count, self.min_turns, self.max_turns, self.nodes, self.min_score, self.max_score, self.seed, judged
        );
        for game in &kept {
            let turns: Vec<String> = game.turns().iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "{}", turns.join(" "));
        }
        Ok(out)
    }

    /// Candidate `i`: its random turns, kept if the master's score of it is within the window.
    fn judge(&self, i: u64) -> Option<Game> {
        let seed = self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i;
        let turns = self.min_turns
            + (seed.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as u32 % (1 + self.max_turns - self.min_turns);
        let game = random_opening(Variant::Tsivy, turns, seed);
        if game.is_over() || game.turns().len() < turns as usize {
            return None;
        }
        let limits = Limits { nodes: Some(self.nodes), ..Limits::NONE };
        let score = Search::for_level(&game, Level::Master, limits, seed).run().score.abs();
        (self.min_score..=self.max_score).contains(&score).then_some(game)
    }
}

/// The openings of a file `openings` wrote: each line's turns played from tsivy's start. A line that does not play
/// is an error naming it.
pub fn read(path: &Path) -> Result<Vec<Game>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut game = Game::of_variant(Variant::Tsivy);
        for turn in line.split_whitespace() {
            game.play_notation(turn).map_err(|e| CliError(format!("{}:{}: {turn}: {e}", path.display(), n + 1)))?;
        }
        games.push(game);
    }
    if games.is_empty() {
        return Err(CliError(format!("{}: no openings", path.display())));
    }
    Ok(games)
}
