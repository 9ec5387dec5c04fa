//! `fanorona-cli tb`: the verdict of the endgame tables on a position.

use std::fmt::Write as _;
use std::time::Instant;

use fanorona_ai::tablebase::{DEFAULT_PIECES, MAX_PIECES, Tablebase, TbResult};
use fanorona_rules::{Position, Side};

use crate::args::{self, CliError};

/// Build the perfect endgame tables of the position's variant (every position with at most 4 pieces, or 5 for a
/// position of five) and print the position's verdict with a best turn, then how long the build took.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    position: args::PositionArg,
}

impl Args {
    /// The verdict.
    pub fn run(self) -> Result<String, CliError> {
        verdict(&self.position.read()?)
    }
}

/// Builds the tables of the position's variant and says who wins, in how many turns, and a best turn; or why the
/// position is not in the tables (without building them).
fn verdict(position: &Position) -> Result<String, CliError> {
    let mut out = String::new();
    let pieces = position.occupied().len();
    if let Some(outcome) = position.outcome() {
        let _ = writeln!(out, "the game is over: {outcome}");
        return Ok(out);
    }
    if let Some(side) = Side::BOTH.into_iter().find(|&s| position.pieces(s).is_empty()) {
        let _ = writeln!(out, "not in the tables: {side} has no pieces (the game is over)");
        return Ok(out);
    }
    if pieces > MAX_PIECES {
        let _ = writeln!(out, "not in the tables: {pieces} pieces (the tables hold at most {MAX_PIECES})");
        return Ok(out);
    }
    let started = Instant::now();
    // The four-piece tables take a second; five pieces take tens of seconds, built only when needed.
    let tables = Tablebase::build_pieces(position.variant(), pieces.max(DEFAULT_PIECES))?;
    let seconds = started.elapsed().as_secs_f64();
    let us = position.side_to_move();
    // The game is not over and both sides have pieces, so the position is in the tables and has a legal turn.
    let line = match tables.best_turn(position) {
        Some((turn, TbResult::Win(d))) => format!("{us} wins in {d} {}: best {turn}", turns(d)),
        Some((turn, TbResult::Loss(d))) => format!("{} wins in {d} {}: {us}'s longest defence {turn}", !us, turns(d)),
        Some((turn, TbResult::Draw)) => format!("draw: best {turn}"),
        None => format!("not in the tables: {position}"),
    };
    let _ = writeln!(out, "{line}");
    let _ = writeln!(out, "(a distance counts the turns of both sides to a capture into a won ending, or to the end)");
    let stats = tables.stats();
    let _ = writeln!(
        out,
        "tables: {}, {} entries ({} won, {} drawn, {} lost for the side to move; longest {} turns), built in {seconds:.2} s",
        position.variant(),
        stats.entries,
        stats.wins,
        stats.draws,
        stats.losses,
        stats.longest,
    );
    Ok(out)
}

/// `turn` or `turns`.
fn turns(n: u16) -> &'static str {
    if n == 1 { "turn" } else { "turns" }
}
