//! `fanorona-cli`: the Fanorona engine from the command line.
//!
//! Each subcommand's module owns its arguments (an `Args` struct, whose doc comment is the subcommand's help) and
//! its `run`, which returns the text to print; this file only dispatches. The output of `moves` and `perft` is an
//! interface other programs rely on: keep it exactly.

mod analyze;
mod args;
mod bench;
mod bestmove;
mod book;
mod convert;
mod engine;
mod learn;
mod matches;
mod moves;
mod opening;
mod openings;
mod perft;
mod puzzles;
mod review;
mod selfplay;
mod show;
mod spsa;
mod stats;
mod tables;
mod texel;
mod tune;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use args::CliError;

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

// The subcommands, in the order `--help` lists them (a doc comment here would be the program's help).
#[derive(Subcommand, Debug)]
enum Command {
    Moves(moves::Args),
    Perft(perft::Args),
    Show(show::Args),
    Bestmove(bestmove::Args),
    Match(matches::Args),
    Openings(openings::Args),
    Book(book::Args),
    Convert(convert::Args),
    Review(review::Args),
    Analyze(analyze::Args),
    Tb(tables::Args),
    /// Speak the engine protocol on standard input and output (see README).
    Engine,
    Puzzles(puzzles::Args),
    Tune(tune::Args),
    Spsa(spsa::Args),
    Texel(texel::Args),
    Learn(learn::Args),
    Selfplay(selfplay::Args),
    Bench(bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Moves(args) => args.run(),
        Command::Perft(args) => args.run(),
        Command::Show(args) => args.run(),
        Command::Bestmove(args) => args.run(),
        Command::Match(args) => args.run(),
        Command::Openings(args) => args.run(),
        Command::Book(args) => args.run(),
        Command::Convert(args) => args.run(),
        Command::Review(args) => args.run(),
        Command::Analyze(args) => args.run(),
        Command::Tb(args) => args.run(),
        Command::Engine => {
            engine::run(std::io::stdin().lock(), std::io::stdout().lock());
            Ok(String::new())
        }
        Command::Puzzles(args) => args.run(),
        Command::Tune(args) => args.run(),
        Command::Spsa(args) => args.run(),
        Command::Texel(args) => args.run(),
        Command::Learn(args) => args.run(),
        Command::Selfplay(args) => args.run(),
        Command::Bench(args) => args.run(),
    };
    match result {
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
