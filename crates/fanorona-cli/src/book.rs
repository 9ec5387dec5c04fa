//! `book`: writing the opening book from long master searches.
//!
//! The positions are taken layer by layer from the tsivy start. The first `full` layers hold every position reached
//! by any turns, so the book answers whatever the opponent (or a random opening) played. Beyond them, up to
//! `plies`, a layer holds only what follows the book's own turn and any reply: the book's side goes on playing from
//! it, the other side may have played anything. Each position is searched by the master to a number of nodes, not for
//! a time, so that the same command writes the same book on any machine, however loaded, and with any number of
//! threads; the layers are searched in order, since a later one follows the turns chosen in the one two before it.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use fanorona_ai::{BookEntry, Level, Limits, Resumable, Search};
use fanorona_rules::{Game, Position, Variant};

use crate::args::CliError;

/// Write the opening book of tsivy from long master searches (see docs/TUNING.md): every position after fewer
/// than FULL turns, then, up to PLIES, the positions after the book's own turn and any reply. The text goes to
/// standard output (the shipped book is crates/fanorona-ai/book/tsivy.txt).
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct Args {
    /// Turns from the start within which every position is in the book.
    #[arg(long, default_value_t = 4)]
    full: u32,
    /// Turns from the start within which positions after the book's own turns are in the book.
    #[arg(long, default_value_t = 5)]
    plies: u32,
    /// The nodes of each position's search (3,000,000: about 1.5 seconds on one core).
    #[arg(long, default_value_t = 3_000_000)]
    nodes: u64,
    /// Positions searched at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

impl Args {
    /// The book text.
    pub fn run(self) -> Result<String, CliError> {
        Ok(write(&self))
    }
}

/// Searches the book's positions and returns the book text: a comment with the settings, then the entries layer by
/// layer, each layer in the order of its position text (so that a book written again compares line by line).
fn write(settings: &Args) -> String {
    let mut seen = HashSet::new();
    let mut layers: Vec<Vec<BookEntry>> = Vec::new();
    let start = Position::start(Variant::Tsivy);
    seen.insert(start.hash());
    let mut layer = vec![start];
    for ply in 0..settings.plies {
        eprintln!("layer {ply}: {} positions", layer.len());
        let mut entries = search_all(&layer, settings);
        entries.sort_by_cached_key(|e| e.position.to_string());
        layers.push(entries);
        let next = ply + 1;
        layer = if next < settings.full {
            // Every turn of every position.
            let mut children = Vec::new();
            for pos in &layer {
                pos.for_each_turn(|turn| children.push(pos.play_unchecked(turn)));
            }
            children
        } else if next >= 2 {
            // The book's turn two layers back, then every reply.
            let mut grandchildren = Vec::new();
            for entry in &layers[next as usize - 2] {
                let after = entry.position.play_unchecked(&entry.turn);
                after.for_each_turn(|turn| grandchildren.push(after.play_unchecked(turn)));
            }
            grandchildren
        } else {
            Vec::new()
        };
        layer.retain(|pos| pos.has_legal_turn() && seen.insert(pos.hash()));
    }
    let mut text = format!(
        "# The opening book of tsivy: `fanorona-cli book --full {} --plies {} --nodes {}`.\n\
         # POSITION TURN SCORE DEPTH: the master's turn after a search of that many nodes, its score for the side \
         to move and the depth reached.\n",
        settings.full, settings.plies, settings.nodes
    );
    for entry in layers.iter().flatten() {
        let _ = writeln!(text, "{entry}");
    }
    text
}

/// Searches every position on `settings.threads` threads.
fn search_all(positions: &[Position], settings: &Args) -> Vec<BookEntry> {
    let next = AtomicUsize::new(0);
    let found = Mutex::new(Vec::with_capacity(positions.len()));
    let limits = Limits { nodes: Some(settings.nodes), ..Limits::NONE };
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| {
                while let Some(&position) = positions.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let game = Game::new(position);
                    let result = Search::for_level(&game, Level::Master, limits, 1).run();
                    if let Some(turn) = result.best {
                        let entry = BookEntry { position, turn, score: result.score, depth: result.depth };
                        if let Ok(mut found) = found.lock() {
                            found.push(entry);
                        }
                    }
                }
            });
        }
    });
    found.into_inner().unwrap_or_default()
}
