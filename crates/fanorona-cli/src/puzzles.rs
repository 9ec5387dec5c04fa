//! `puzzles`: puzzles from the engine's own games (see `fanorona_ai::puzzle` and docs/PUZZLES.md), the check of a
//! puzzle file, and its confirmation by a much deeper search.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use fanorona_ai::puzzle;
use fanorona_ai::review::score_text;
use fanorona_ai::tablebase::LazyTables;
use fanorona_ai::{Limits, Line, TB_WIN};
use fanorona_puzzles::{Puzzle, Theme, parse_set};
use fanorona_rules::Variant;

use crate::args::CliError;

/// Find puzzles in the master's self-play games and print them as a puzzle file (docs/PUZZLES.md): positions
/// where exactly one turn keeps a decisive advantage, confirmed by a deeper search, with the line that follows.
/// With --check FILE, check a puzzle file instead: every solution legal and still the only good line at --nodes.
/// With --confirm FILE, search each puzzle of a file again at --nodes (far more than it was made with) and print
/// the file made again: turns as good as the solution's last accepted, puzzles cut short or dropped where a turn
/// does not hold (docs/PUZZLES.md); a line for each puzzle on standard error.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    settings: Settings,
    /// Check this puzzle file instead (exit status 2 if a puzzle fails).
    #[arg(long, value_name = "FILE", conflicts_with = "confirm")]
    check: Option<PathBuf>,
    /// Confirm this puzzle file instead, and print it made again.
    #[arg(long, value_name = "FILE")]
    confirm: Option<PathBuf>,
}

impl Args {
    /// The puzzle file made, checked or confirmed; an error naming the file if it cannot be read or a puzzle fails
    /// the check.
    pub fn run(self) -> Result<String, CliError> {
        let nodes = self.settings.nodes;
        if let Some(file) = &self.confirm {
            let text = read(file)?;
            return confirm(&text, nodes, |line| eprintln!("{line}")).map_err(|e| in_file(file, e));
        }
        if let Some(file) = &self.check {
            let (report, passed) = check(&read(file)?, nodes).map_err(|e| in_file(file, e))?;
            return if passed { Ok(report) } else { Err(CliError(report)) };
        }
        Ok(generate(&self.settings))
    }
}

/// The text of a puzzle file.
fn read(file: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(file).map_err(|e| in_file(file, e.to_string()))
}

/// An error in a puzzle file, or in reading it.
fn in_file(file: &Path, error: String) -> CliError {
    CliError(format!("{}: {error}", file.display()))
}

/// What to generate, and the nodes of a check or a confirmation.
#[derive(Clone, Copy, Debug, clap::Args)]
struct Settings {
    /// The board: tsivy or dimy.
    #[arg(long, default_value = "tsivy")]
    variant: Variant,
    /// Self-play games to look through.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Nodes of each test of a position (two lines of this many, four times as many to confirm), and of the check.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Nodes of each self-play turn: fewer than the test's, so that the games have mistakes to punish.
    #[arg(long, default_value_t = 2_000)]
    play_nodes: u64,
    /// Random opening turns of each game (the master plays the same game from the same opening: four turns give
    /// thousands of openings, two only a few dozen).
    #[arg(long, default_value_t = 4)]
    opening: u32,
    /// Seed for the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games looked through at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
}

/// A game longer than this many turns is looked through no further.
const MOST_TURNS: usize = 300;

/// The puzzles of one self-play game, in the order they came.
fn game_puzzles(settings: &Settings, tables: &LazyTables, g: u32) -> Vec<Puzzle> {
    let seed = settings.seed ^ u64::from(g).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let opening = crate::opening::random_opening(settings.variant, settings.opening, seed);
    // The random opening's positions are not the engine's play: the look begins after it.
    let from = opening.turns().len();
    let limits = Limits { nodes: Some(settings.play_nodes), ..Limits::NONE };
    let game = crate::opening::self_play(opening, limits, 1, tables.get(settings.variant), MOST_TURNS).game;
    puzzle::find_in_game(&game, from, settings.nodes, tables, "")
}

/// Generates puzzles from `settings.games` self-play games and prints them as a puzzle file (with a header saying how
/// it was made and how many of each theme), numbered in the order of the games. The same settings give the same file,
/// whatever the concurrency.
fn generate(settings: &Settings) -> String {
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
    let _ = writeln!(out, "{}", themes_line(&puzzles));
    for p in &puzzles {
        let _ = writeln!(out, "{p}");
    }
    out
}

/// The header line of a puzzle file that counts the puzzles of each theme.
fn themes_line(puzzles: &[Puzzle]) -> String {
    let counts: Vec<String> = Theme::ALL
        .iter()
        .map(|theme| format!("{} {}", puzzles.iter().filter(|p| p.themes.contains(theme)).count(), theme.name()))
        .collect();
    format!("{THEMES}{}", counts.join(", "))
}

/// How the header line of [`themes_line`] begins.
const THEMES: &str = "# themes: ";

/// Checks every puzzle of a puzzle file at `nodes` nodes a line: legal, and each of the solver's turns still the only
/// good one. Returns the report, and whether every puzzle passed.
fn check(text: &str, nodes: u64) -> Result<(String, bool), String> {
    let puzzles = parse_set(text).map_err(|e| e.to_string())?;
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

/// What the confirmation found at one of the solver's turns, for the report: the solution's turn and score, the
/// turns as good, and the best other.
fn describe(number: usize, turn: &puzzle::Confirmed) -> String {
    // Scores as players read them (`+4.21`, `#+7` for a win the search proved), for the solver; a win or loss the
    // endgame tables know (19,000 to 20,000 from either side) as such, not as its two hundred pieces.
    let line = |l: &Line| match l.score {
        s if (puzzle::PROVEN..=TB_WIN).contains(&s) => format!("{} tables win", l.turn),
        s if (puzzle::PROVEN..=TB_WIN).contains(&-s) => format!("{} tables loss", l.turn),
        s => format!("{} {}", l.turn, score_text(s)),
    };
    let mut text = format!("turn {number} {}", line(&turn.solution));
    for alternative in &turn.alternatives {
        let _ = write!(text, ", as good {}", line(alternative));
    }
    if let Some(next) = &turn.next {
        let _ = write!(text, ", next {}", line(next));
    }
    text
}

/// Confirms every puzzle of a puzzle file at `nodes` nodes a line ([`puzzle::confirm`]) and returns the file made
/// again: the comment lines as they were (the themes' counted again), a line saying what the confirmation did, and
/// the puzzles kept, with their alternatives and cut short where it found them so. `report` gets a line for each
/// puzzle as it is done (what the searches found), for the record of the run.
fn confirm(text: &str, nodes: u64, mut report: impl FnMut(&str)) -> Result<String, String> {
    let puzzles = parse_set(text).map_err(|e| e.to_string())?;
    let tables = LazyTables::default();
    let mut kept = Vec::new();
    let (mut with_alternatives, mut cut, mut dropped) = (Vec::new(), Vec::new(), Vec::new());
    for p in &puzzles {
        let confirmation = puzzle::confirm(p, nodes, &tables);
        let turns: Vec<String> = confirmation.turns.iter().enumerate().map(|(i, turn)| describe(i + 1, turn)).collect();
        let verdict = match &confirmation.puzzle {
            None => {
                dropped.push(p.id.clone());
                "dropped".to_owned()
            }
            Some(confirmed) => {
                let mut verdict = Vec::new();
                if confirmed.solution.len() < p.solution.len() {
                    cut.push(p.id.clone());
                    verdict.push(format!("cut short after turn {}", confirmed.solver_turns()));
                }
                if !confirmed.alternatives.is_empty() {
                    with_alternatives.push(p.id.clone());
                    verdict.push("alternatives".to_owned());
                }
                kept.push(confirmed.clone());
                if verdict.is_empty() { "kept".to_owned() } else { verdict.join(", ") }
            }
        };
        report(&format!("{}: {verdict}; {}", p.id, turns.join("; ")));
    }
    let ids = |ids: &[String]| if ids.is_empty() { String::new() } else { format!(" ({})", ids.join(" ")) };
    let mut out = String::new();
    for line in text.lines().filter(|l| l.trim_start().starts_with('#')) {
        let line = if line.starts_with(THEMES) { themes_line(&kept) } else { line.to_owned() };
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(
        out,
        "# confirmed at {nodes} nodes a line (`fanorona-cli puzzles --confirm FILE --nodes {nodes}`): {} of {} kept, \
         {} with alternatives{}, {} cut short{}; {} dropped{}",
        kept.len(),
        puzzles.len(),
        with_alternatives.len(),
        ids(&with_alternatives),
        cut.len(),
        ids(&cut),
        dropped.len(),
        ids(&dropped)
    );
    for p in &kept {
        let _ = writeln!(out, "{p}");
    }
    Ok(out)
}
