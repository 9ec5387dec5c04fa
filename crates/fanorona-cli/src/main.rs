//! `fanorona-cli`: the Fanorona engine from the command line.
//!
//! The output of `moves` and `perft` is an interface other programs rely on: keep it exactly.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use fanorona_rules::{Point, Position, Side, Variant, divide, perft};

/// The Fanorona engine from the command line.
///
/// POSITION is position text (quoted, or as separate words) or one of `tsivy`, `dimy`, `telo` for the start
/// positions.
#[derive(Parser, Debug)]
#[command(name = "fanorona-cli", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print every legal turn in notation, one per line, sorted by byte order.
    Moves {
        /// The position: text such as `bbbbb/bbbbb/wb1wb/wwwww/wwwww w`, or tsivy, dimy, telo.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
    },
    /// Count turn sequences of DEPTH turns (whole-turn perft); the count is the last line.
    Perft {
        /// Print the count below each legal turn first (`turn: count`).
        #[arg(long)]
        divide: bool,
        /// The position, then the depth, e.g. `tsivy 5`.
        #[arg(required = true, num_args = 2.., value_name = "POSITION... DEPTH")]
        args: Vec<String>,
    },
    /// Draw the board as text, with coordinates.
    Show {
        /// The position.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
    },
    /// Time perft from a position (build with --release for meaningful figures).
    Bench {
        /// The depth.
        #[arg(long, default_value_t = 6)]
        depth: u32,
        /// The position.
        #[arg(long, default_value = "tsivy")]
        position: String,
    },
}

/// A command-line error: printed on stderr, exit status 2.
#[derive(Debug)]
struct CliError(String);

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(CliError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<String, CliError> {
    let mut out = String::new();
    match command {
        Command::Moves { position } => {
            let position = parse_position(&position.join(" "))?;
            let mut turns: Vec<String> = position.legal_turns().iter().map(ToString::to_string).collect();
            turns.sort();
            for t in turns {
                let _ = writeln!(out, "{t}");
            }
        }
        Command::Perft { divide: by_turn, mut args } => {
            let depth_text = args.pop().unwrap_or_default();
            let depth = parse_depth(&depth_text)?;
            let position = parse_position(&args.join(" "))?;
            if by_turn {
                for (turn, count) in divide(&position, depth) {
                    let _ = writeln!(out, "{turn}: {count}");
                }
            }
            let _ = writeln!(out, "{}", perft(&position, depth));
        }
        Command::Show { position } => out = show(&parse_position(&position.join(" "))?),
        Command::Bench { depth, position } => {
            let position = parse_position(&position)?;
            let started = Instant::now();
            let count = perft(&position, depth);
            let seconds = started.elapsed().as_secs_f64();
            let _ = writeln!(out, "position: {position}");
            let _ = writeln!(out, "perft({depth}) = {count}");
            let _ = writeln!(out, "time: {seconds:.3} s");
            let _ = writeln!(out, "speed: {:.1} million turns/s", count as f64 / seconds.max(1e-9) / 1e6);
        }
    }
    Ok(out)
}

/// Position text, or the name of a variant for its start position.
fn parse_position(text: &str) -> Result<Position, CliError> {
    if let Ok(variant) = text.trim().parse::<Variant>() {
        return Ok(Position::start(variant));
    }
    text.parse().map_err(|e| CliError(format!("bad position `{text}`: {e}")))
}

fn parse_depth(text: &str) -> Result<u32, CliError> {
    text.parse().map_err(|_| CliError(format!("bad depth `{text}`: expected a whole number such as 5")))
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
                    out.push_str(if (x - 1 + y - 1) % 2 == 0 { " / " } else { " \\ " });
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
