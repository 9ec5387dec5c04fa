//! `review` and `analyze`: a saved game annotated turn by turn, and the best lines of a position.

use std::fmt::Write as _;
use std::path::Path;

use fanorona_ai::review::{Class, Review, Reviewer, score_text};
use fanorona_ai::{Analysis, Limits, Resumable, line_text};
use fanorona_rules::{Game, Position, Side};

use crate::convert;

/// Turns of the engine's line printed after a better turn.
const LINE_TURNS: usize = 6;

/// Reviews the game in `file` at `depth` and prints every turn with its class, and the better turn after each
/// error.
pub fn review(file: &Path, depth: u32) -> Result<String, String> {
    let (_, game, _) = convert::load(file)?;
    let review = Reviewer::new(&game, depth).run();
    Ok(annotate(&game, &review))
}

/// The review as text: one line a turn, then each side's accuracy and counts.
pub fn annotate(game: &Game, review: &Review) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Review of {} turns by the master engine at depth {}; scores are for White.",
        review.turns.len(),
        review.depth
    );
    let white_starts = game.start().side_to_move() == Side::White;
    for (ply, turn) in review.turns.iter().enumerate() {
        let number = (ply + usize::from(!white_starts)) / 2 + 1;
        let dots = if turn.side == Side::White { "." } else { "..." };
        let played = format!("{}{}", turn.played, turn.class.symbol());
        let after = review.scores.get(ply + 1).map_or_else(String::new, |s| score_text(*s));
        let _ = write!(out, "{number:>3}{dots:<4}{played:<20} {after:>7}");
        if let Some(better) = turn.better() {
            let best = review.scores.get(ply).map_or_else(String::new, |s| score_text(*s));
            let _ = write!(
                out,
                "  {} (lost {:.0}%); better {better} ({best}): {}",
                turn.class,
                turn.loss * 100.0,
                line_text(&turn.best, LINE_TURNS)
            );
        }
        out.push('\n');
    }
    for side in [Side::White, Side::Black] {
        let counts = review.counts(side);
        let classes: Vec<String> =
            Class::ALL.iter().zip(counts).map(|(class, count)| format!("{count} {class}")).collect();
        let _ = writeln!(out, "{side}: accuracy {:.1}; {}", review.accuracy(side), classes.join(", "));
    }
    out
}

/// The best `lines` lines of `position`, each searched to `depth` (or for `time`) with `threads` threads, with their
/// scores for White.
pub fn analyze(position: Position, lines: usize, limits: Limits, threads: usize) -> String {
    let found = Analysis::new(&Game::new(position), limits, lines).with_threads(threads).run();
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
    out
}
