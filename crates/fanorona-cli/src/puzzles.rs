//! `puzzles`: puzzles from the engine's own games (see `fanorona_ai::puzzle` and docs/PUZZLES.md), and the check of
//! a puzzle file.

use std::collections::HashSet;
use std::fmt::Write as _;

use fanorona_ai::Limits;
use fanorona_ai::puzzle::{self, Puzzle};
use fanorona_ai::tablebase::LazyTables;
use fanorona_rules::Variant;

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The board.
    pub variant: Variant,
    /// Self-play games to look through.
    pub games: u32,
    /// Nodes of each test of a position (two lines of this many; four times as many to confirm).
    pub nodes: u64,
    /// Nodes of each self-play turn: fewer than the test's, so that the games have the mistakes a puzzle punishes.
    pub play_nodes: u64,
    /// Random opening turns of each game.
    pub opening: u32,
    /// Seed for the openings.
    pub seed: u64,
    /// Games looked through at once.
    pub concurrency: usize,
}

/// A game longer than this many turns is looked through no further.
const MOST_TURNS: usize = 300;
/// The deeper look that confirms a puzzle searches this many times the nodes.
const CONFIRM: u64 = 4;

/// The puzzles of one self-play game, in the order they came.
fn game_puzzles(settings: &Settings, tables: &LazyTables, g: u32) -> Vec<Puzzle> {
    let seed = settings.seed ^ u64::from(g).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let opening = crate::opening::random_opening(settings.variant, settings.opening, seed);
    // The random opening's positions are not the engine's play: the look begins after it.
    let from = opening.turns().len();
    let limits = Limits { nodes: Some(settings.play_nodes), ..Limits::NONE };
    let game = crate::opening::self_play(opening, limits, 1, tables.get(settings.variant), MOST_TURNS);
    puzzle::find_in_game(&game, from, settings.nodes, settings.nodes * CONFIRM, tables, "")
}

/// Generates puzzles from `settings.games` self-play games and prints them as a puzzle file (with a header saying how
/// it was made and how many of each theme), numbered in the order of the games. The same settings give the same file,
/// whatever the concurrency.
pub fn generate(settings: &Settings) -> String {
    let concurrency = settings.concurrency.max(1);
    // The four-piece endgame tables, built once for every game.
    let tables = &LazyTables::default();
    let mut per_game: Vec<(u32, Vec<Puzzle>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..concurrency)
            .map(|t| {
                scope.spawn(move || {
                    (0..settings.games)
                        .filter(|g| *g as usize % concurrency == t)
                        .map(|g| (g, game_puzzles(settings, tables, g)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    per_game.sort_by_key(|(g, _)| *g);
    let prefix = &settings.variant.to_string()[..1];
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    for mut p in per_game.into_iter().flat_map(|(_, found)| found) {
        if seen.insert(p.position.hash()) {
            p.id = format!("{prefix}{}", puzzles.len() + 1);
            puzzles.push(p);
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} puzzles of {} from {} self-play games: `fanorona-cli puzzles --variant {} --games {} --nodes {} \
         --play-nodes {} --opening {} --seed {}` (docs/PUZZLES.md)",
        puzzles.len(),
        settings.variant,
        settings.games,
        settings.variant,
        settings.games,
        settings.nodes,
        settings.play_nodes,
        settings.opening,
        settings.seed
    );
    let counts: Vec<String> = puzzle::Theme::ALL
        .iter()
        .map(|theme| format!("{} {}", puzzles.iter().filter(|p| p.themes.contains(theme)).count(), theme.name()))
        .collect();
    let _ = writeln!(out, "# themes: {}", counts.join(", "));
    for p in &puzzles {
        let _ = writeln!(out, "{p}");
    }
    out
}

/// Checks every puzzle of a puzzle file at `nodes` nodes a line: legal, and each of the solver's turns still the only
/// good one. Returns the report, and whether every puzzle passed.
pub fn check(text: &str, nodes: u64) -> Result<(String, bool), String> {
    let puzzles = puzzle::parse_set(text).map_err(|(line, e)| format!("line {line}: {e}"))?;
    let mut out = String::new();
    let mut failed = 0;
    let tables = LazyTables::default();
    for p in &puzzles {
        if let Err(e) = puzzle::check(p, nodes, &tables) {
            failed += 1;
            let _ = writeln!(out, "{}: {e}", p.id);
        }
    }
    let _ = writeln!(out, "{} puzzles checked at {nodes} nodes a line, {failed} failed", puzzles.len());
    Ok((out, failed == 0))
}
