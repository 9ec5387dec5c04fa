//! The board as text.

use std::fmt::Write as _;

use fanorona_rules::{Point, Position, Side};

use crate::args::{self, CliError};

/// Draw the board as text, with coordinates.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    position: args::PositionArg,
}

impl Args {
    /// The board drawn.
    pub fn run(self) -> Result<String, CliError> {
        Ok(show(&self.position.read()?))
    }
}

/// The board drawn with its lines and coordinates, and the state of play below it.
fn show(position: &Position) -> String {
    let variant = position.variant();
    let mut out = String::new();
    for y in (0..variant.height()).rev() {
        let _ = write!(out, "{} ", y + 1);
        for x in 0..variant.width() {
            let symbol = match Point::new(x, y).and_then(|p| position.piece_at(p)) {
                Some(Side::White) => 'W',
                Some(Side::Black) => 'B',
                None => '.',
            };
            if x > 0 {
                out.push_str("---");
            }
            out.push(symbol);
        }
        out.push('\n');
        if y > 0 {
            out.push_str("  ");
            for x in 0..variant.width() {
                if x > 0 {
                    // Between columns x-1 and x, rows y-1 and y: the diagonal joins the two strong points.
                    out.push_str(if (x - 1 + y - 1).is_multiple_of(2) { " / " } else { " \\ " });
                }
                out.push('|');
            }
            out.push('\n');
        }
    }
    out.push_str("  ");
    for x in 0..variant.width() {
        if x > 0 {
            out.push_str("   ");
        }
        out.push((b'a' + x) as char);
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "{variant}, {} to move, {} turns without capture (W: {}, B: {} pieces)",
        position.side_to_move(),
        position.quiet_turns(),
        position.pieces(Side::White).len(),
        position.pieces(Side::Black).len(),
    );
    if let Some(side) = position.vela() {
        let state = if position.vela_active().is_some() { "active" } else { "over" };
        let _ = writeln!(out, "vela: {side} is handicapped ({state})");
    }
    if let Some(outcome) = position.outcome() {
        let _ = writeln!(out, "{outcome}");
    }
    let _ = writeln!(out, "{position}");
    out
}
