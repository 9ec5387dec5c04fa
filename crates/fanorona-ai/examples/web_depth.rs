//! How deep the master looks in the web build's thinking time (issue 10, point 6).
//!
//! The game on the web searches on the main thread, at least 8 ms of each frame (`MIN_SLICE_MS` in the game's
//! engine jobs, 2,000 nodes a step), for the master's own thinking time of a second. This program does the same,
//! spending the rest of each frame idle as drawing would, at 60 and 30 frames a second, then searches without
//! pausing to see how fast depth comes. `scripts/web-depth.sh` runs it as WebAssembly in Node (the browser's engine, built with the
//! web build's profile); run natively (`cargo run --release -p fanorona-ai --example web_depth`) it gives the
//! desktop's figures for comparison.

use fanorona_ai::{Level, Limits, Resumable, Search};
use fanorona_rules::{Game, Position, Variant};
use web_time::Instant;

/// The game's search time a frame on the web, in milliseconds.
const SLICE_MS: f64 = 8.0;

/// The depth the unpaused search goes to.
const MAX_DEPTH: u32 = 10;

fn millis(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

/// Searches as the web build does, in frames of `frame_ms`: the depth completed, the nodes, the milliseconds spent
/// searching and the frames it took.
fn sliced(game: &Game, frame_ms: f64) -> (u32, u64, f64, usize) {
    let mut search = Search::for_level(game, Level::Master, Limits::NONE, 1);
    let (mut searching, mut frames) = (0.0, 0);
    loop {
        let frame = Instant::now();
        frames += 1;
        loop {
            match search.step(2_000) {
                Some(result) => return (result.depth, result.nodes, searching + millis(frame), frames),
                None if millis(frame) >= SLICE_MS => break,
                None => {}
            }
        }
        searching += millis(frame);
        while millis(frame) < frame_ms {}
    }
}

/// Searches without pausing to `MAX_DEPTH`: when each depth was completed, and the nodes by then.
fn to_depth(game: &Game) -> String {
    let mut search = Search::for_level(game, Level::Master, Limits::depth(MAX_DEPTH), 1);
    let started = Instant::now();
    let mut out = String::new();
    let mut last = 0;
    loop {
        let (depth, nodes, done) = match search.step(2_000) {
            None => (search.completed_depth(), search.nodes(), false),
            Some(result) => (result.depth, result.nodes, true),
        };
        if depth > last {
            last = depth;
            out += &format!("\n    depth {depth:>2}: {:>6.0} ms {nodes:>9} nodes", millis(started));
        }
        if done {
            return out;
        }
    }
}

fn main() {
    let start = *Game::of_variant(Variant::Tsivy).position();
    let mut positions = vec![("start", start)];
    match "bbbbbbbbb/bbbbbbbbb/wbw1w1bwb/wwwwwwwww/wwwwwwwww b 0 -".parse::<Position>() {
        Ok(position) => positions.push(("start after f3-e3A", position)),
        Err(e) => eprintln!("the position after f3-e3A: {e}"),
    }
    for (name, position) in positions {
        let game = Game::new(position);
        println!("{name} (without the book):");
        for fps in [60.0, 30.0] {
            let (depth, nodes, searching, frames) = sliced(&game, 1000.0 / fps);
            println!(
                "  in the master's second at {fps:.0} frames a second: depth {depth}, {nodes} nodes, \
                 {searching:.0} ms of search in {frames} frames"
            );
        }
        println!("  without pauses:{}", to_depth(&game));
    }
}
