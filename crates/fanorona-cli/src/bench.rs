//! `bench`: the speed of perft, and with `--search` the time to depth and nodes per second of the master search on a
//! fixed set of positions.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use fanorona_ai::{Level, Limits, Resumable, Search};
use fanorona_rules::{Game, Position, perft};

use crate::args::{self, CliError};

/// Time perft (or, with --search, the master search) from a position; build with --release for real figures.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The depth (turns): 6 for perft; for --search, the one depth to time (default: 8 and 10).
    #[arg(long)]
    depth: Option<u32>,
    /// Time the master level's search instead of perft: time and nodes to each depth, nodes per second. Without
    /// --position, on the fixed suite: the start after f3-e3A and three middle games.
    #[arg(long)]
    search: bool,
    /// The position (default: tsivy for perft, the suite for --search).
    #[arg(long)]
    position: Option<String>,
    /// With --search: the most seconds spent on each position.
    #[arg(long, default_value_t = 60)]
    cap: u64,
    /// With --search: search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

impl Args {
    /// The figures of perft or of the search.
    pub fn run(self) -> Result<String, CliError> {
        if self.search {
            let positions = match self.position {
                Some(text) => vec![("position".to_owned(), args::parse_position(&text)?)],
                None => SUITE
                    .iter()
                    .map(|(name, text)| Ok(((*name).to_owned(), args::parse_position(text)?)))
                    .collect::<Result<_, CliError>>()?,
            };
            let depths = self.depth.map_or_else(|| vec![8, 10], |d| vec![d]);
            return Ok(search_suite(&positions, &depths, Duration::from_secs(self.cap), self.threads));
        }
        let depth = self.depth.unwrap_or(6);
        let position = args::parse_position(self.position.as_deref().unwrap_or("tsivy"))?;
        let started = Instant::now();
        let count = perft(&position, depth);
        let seconds = started.elapsed().as_secs_f64();
        let mut out = String::new();
        let _ = writeln!(out, "position: {position}");
        let _ = writeln!(out, "perft({depth}) = {count}");
        let _ = writeln!(out, "time: {seconds:.3} s");
        let _ = writeln!(out, "speed: {:.1} million turns/s", count as f64 / seconds.max(1e-9) / 1e6);
        Ok(out)
    }
}

/// The fixed positions of the search benchmark: the start after `f3-e3A`, then three middle games reached by
/// master-against-master play at depth 5 after two random opening turns (early, middle, late). Keep them unchanged so
/// that figures stay comparable between versions.
const SUITE: [(&str, &str); 4] = [
    ("start f3-e3A", "bbbbbbbbb/bbbbbbbbb/wbw1w1bwb/wwwwwwwww/wwwwwwwww b 0 -"),
    ("middle 20v18", "bbbbb2bb/bbbbb1bbb/wbw1wb1wb/www1wwwww/www1wwwww b 0 -"),
    ("middle 14v14", "b2b1bb2/bbb1bbbbb/3b1w2b/wwwwwww1w/2ww1ww1w w 0 -"),
    ("middle 10v12", "b2b1bb2/2bbbbb1b/3b1ww2/1bw1w1www/3w1w2w w 0 -"),
];

/// When a search first completed a depth.
struct Reached {
    depth: u32,
    seconds: f64,
    nodes: u64,
}

/// Searches `game` with the master level up to `max_depth` (or until `cap`), noting when each depth completes.
fn time_to_depths(game: &Game, max_depth: u32, cap: Duration, threads: usize) -> (Vec<Reached>, f64, u64) {
    let limits = Limits { time: Some(cap), ..Limits::depth(max_depth) };
    let mut search = Search::for_level(game, Level::Master, limits, 1).with_threads(threads);
    let started = Instant::now();
    let mut reached: Vec<Reached> = Vec::new();
    let note = |depth: u32, nodes: u64, reached: &mut Vec<Reached>| {
        if depth > reached.last().map_or(0, |r| r.depth) {
            reached.push(Reached { depth, seconds: started.elapsed().as_secs_f64(), nodes });
        }
    };
    loop {
        match search.step(2_000) {
            None => note(search.completed_depth(), search.nodes(), &mut reached),
            Some(result) => {
                note(result.depth, result.nodes, &mut reached);
                return (reached, started.elapsed().as_secs_f64(), result.nodes);
            }
        }
    }
}

/// Times the master search with `threads` threads on the suite (or on one position) to each of `depths`, each search
/// capped at `cap`. The nodes are every thread's; the depths the main thread's (or a helper's, once it finishes).
fn search_suite(positions: &[(String, Position)], depths: &[u32], cap: Duration, threads: usize) -> String {
    let mut out = String::new();
    let max_depth = depths.iter().copied().max().unwrap_or(1);
    let _ = writeln!(
        out,
        "master search, {threads} thread(s), each position capped at {:.0} s (times within 2000 nodes)",
        cap.as_secs_f64()
    );
    let (mut all_nodes, mut all_seconds) = (0u64, 0f64);
    for (name, position) in positions {
        let game = Game::new(*position);
        let (reached, seconds, nodes) = time_to_depths(&game, max_depth, cap, threads);
        all_nodes += nodes;
        all_seconds += seconds;
        let _ = writeln!(out, "{name}: {position}");
        for &d in depths {
            match reached.iter().find(|r| r.depth >= d) {
                Some(r) => {
                    let _ = writeln!(out, "  depth {d:>2}: {:>8.3} s {:>11} nodes", r.seconds, r.nodes);
                }
                None => {
                    let deepest = reached.last().map_or(0, |r| r.depth);
                    let _ = writeln!(out, "  depth {d:>2}: not reached in {seconds:.1} s (deepest {deepest})");
                }
            }
        }
        let _ = writeln!(out, "  speed: {:.0} thousand nodes/s", nodes as f64 / seconds.max(1e-9) / 1e3);
    }
    let _ = writeln!(
        out,
        "total: {all_seconds:.3} s, {all_nodes} nodes, {:.0} thousand nodes/s",
        all_nodes as f64 / all_seconds.max(1e-9) / 1e3
    );
    out
}
