//! `fanorona-find-puzzles`: looks through a game server's finished games not looked through yet for puzzles, adds
//! them to the puzzles it serves, and exits. Run it now and then, beside the server or not: each run looks only at
//! the games finished since the last.

use std::process::ExitCode;

use clap::Parser;
use fanorona_ai::puzzle::find_in_game;
use fanorona_ai::tablebase::LazyTables;
use fanorona_server::db::Db;
use fanorona_server::hub::find_puzzles;
use fanorona_server::tool::{DatabaseArgs, finish};

/// Finds the puzzles of the game server's finished games (the engine's search, as `fanorona-cli puzzles` makes the
/// shipped sets) and adds them to the puzzles the server serves.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    #[command(flatten)]
    database: DatabaseArgs,
    /// The nodes of each search of a position (confirmed at four times as many), as `fanorona-cli puzzles --nodes`.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
}

#[tokio::main]
async fn main() -> ExitCode {
    finish("fanorona-find-puzzles", run(Args::parse()).await)
}

async fn run(args: Args) -> Result<String, Box<dyn std::error::Error>> {
    let db = Db::connect(&args.database.url()?, None).await?;
    // The four-piece endgame tables, built once for every game.
    let tables = LazyTables::default();
    let search = find_puzzles(&db, |game, prefix| find_in_game(game, 0, args.nodes, &tables, prefix)).await?;
    Ok(format!("{} finished games looked through, {} puzzles added", search.games, search.added))
}
