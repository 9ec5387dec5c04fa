//! `review`: a saved game annotated turn by turn.

use std::fmt::Write as _;
use std::path::PathBuf;

use fanorona_ai::review::{Class, Review, Reviewer, score_text};
use fanorona_ai::{Resumable, line_text};
use fanorona_rules::{Game, Side};

use crate::args::CliError;
use crate::convert;

/// Turns of the engine's line printed after a better turn (and in each of `analyze`'s lines).
pub(crate) const LINE_TURNS: usize = 6;

/// Review a saved game (RON or game text): every turn with its class (best, good, inaccuracy, mistake,
/// blunder) from the master engine, the better turn and the engine's line after each error, and each side's
/// accuracy.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game file; `-` reads standard input.
    file: PathBuf,
    /// The depth (turns) each position is searched to.
    #[arg(long, default_value_t = fanorona_ai::review::REVIEW_DEPTH)]
    depth: u32,
}

impl Args {
    /// Reviews the game and prints every turn with its class, and the better turn after each error.
    pub fn run(self) -> Result<String, CliError> {
        let (_, game, _) = convert::load(&self.file).map_err(CliError)?;
        let review = Reviewer::new(&game, self.depth).run();
        Ok(annotate(&game, &review))
    }
}

/// The review as text: one line a turn, then each side's accuracy and counts.
fn annotate(game: &Game, review: &Review) -> String {
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
