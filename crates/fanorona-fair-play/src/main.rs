//! `fanorona-fair-play`: reviews a game server's finished rated games not reviewed yet with the engine, stores each
//! player's figures in the server's database, flags for the moderators the players whose last games are beyond the
//! thresholds, and exits. Run it now and then beside the server (from cron, say): each run reviews only the games
//! finished since the last. It never acts on a player: moderators read its flags with their evidence.
//!
//! A player's figures in a game are [`fanorona_fair_play::figures`]'s.

use std::process::ExitCode;

use clap::Parser;
use fanorona_ai::tablebase::LazyTables;
use fanorona_fair_play::figures;
use fanorona_server::db::Db;
use fanorona_server::hub::{Thresholds, review_games};
use fanorona_server::tool::{DatabaseArgs, finish};

/// Reviews the game server's finished rated games with the engine and flags the players beyond the thresholds.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    #[command(flatten)]
    database: DatabaseArgs,
    /// The depth each position is searched to (the game review's is 7).
    #[arg(long, default_value_t = 5)]
    depth: u32,
    /// How many of a player's last reviewed rated games make the window judged.
    #[arg(long, default_value_t = 20)]
    window: usize,
    /// The fewest complex positions over the window for a finding.
    #[arg(long, default_value_t = 100)]
    min_complex: u32,
    /// The share of complex positions with the engine's choice at or above which (with the accuracy) a player is
    /// flagged (how it was chosen: docs/fair-play.txt).
    #[arg(long, default_value_t = 0.9)]
    match_rate: f64,
    /// The mean accuracy (0..100) at or above which (with the share) a player is flagged.
    #[arg(long, default_value_t = 93.0)]
    accuracy: f64,
}

#[tokio::main]
async fn main() -> ExitCode {
    finish("fanorona-fair-play", run(Args::parse()).await)
}

async fn run(args: Args) -> Result<String, Box<dyn std::error::Error>> {
    let db = Db::connect(&args.database.url()?, None).await?;
    let thresholds = Thresholds {
        window: args.window,
        min_complex: args.min_complex,
        match_rate: args.match_rate,
        accuracy: args.accuracy,
    };
    // The endgame tables, built once for every game.
    let tables = LazyTables::default();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_millis();
    let now = i64::try_from(now)?;
    let run = review_games(&db, &thresholds, now, |game| Some(figures(game, args.depth, &tables))).await?;
    Ok(format!("{} rated games reviewed, {} players flagged", run.games, run.flagged))
}
