//! `fanorona-bot`: the engine plays on a Fanorona game server as a bot account until Ctrl+C (or `--games`).

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use fanorona_ai::Level;
use fanorona_bot::bot::{self, BotConfig};
use fanorona_bot::protocol::{GameVariant, TimeControl};

/// The Fanorona engine as a bot on a game server: it keeps an unrated challenge in the lobby and plays whoever
/// accepts it, one game after another.
#[derive(Debug, Parser)]
#[command(version)]
struct Args {
    /// The server: ws://HOST:PORT (or its WebSocket, ws://HOST:PORT/ws).
    #[arg(long, env = "FANORONA_SERVER", default_value = "ws://127.0.0.1:8080")]
    server: String,
    /// The engine's level: beginner, casual, classic, strong or master.
    #[arg(long, default_value = "master")]
    level: Level,
    /// The bot's name (3 to 20 letters, digits, _ or -) [default: a generated guest name]
    #[arg(long)]
    name: Option<String>,
    /// The password of the bot's account, registered on the first run: the bot keeps its name and takes up its
    /// games after a restart. Without it the bot is a new guest each run.
    #[arg(long, env = "FANORONA_BOT_PASSWORD", requires = "name", hide_env_values = true)]
    password: Option<String>,
    /// The board of its challenges: tsivy or dimy.
    #[arg(long, default_value = "tsivy", value_parser = parse_variant)]
    variant: GameVariant,
    /// The time control of its challenges, minutes+increment seconds.
    #[arg(long, default_value = "5+3")]
    time: TimeControl,
    /// Stop after this many games [default: play until Ctrl+C]
    #[arg(long)]
    games: Option<u32>,
    /// The most it thinks about one turn, in milliseconds, however much time its clock has.
    #[arg(long, default_value_t = 10_000)]
    most_thought_ms: u64,
    /// Search threads of each search (the master level). Its games share the machine's cores: one thread and one
    /// game at a time leaves a core for each other program.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Do not think on the opponent's time (strong and master do, by default, on the reply they expect).
    #[arg(long)]
    no_ponder: bool,
    /// Join the server's open tournaments of its board (looking every minute) instead of opening challenges.
    #[arg(long)]
    tournaments: bool,
}

fn parse_variant(name: &str) -> Result<GameVariant, String> {
    GameVariant::from_name(name).ok_or_else(|| format!("{name:?} is not a board of the server: tsivy or dimy"))
}

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt().with_target(false).init();
    let args = Args::parse();
    let config = BotConfig {
        url: bot::websocket_url(&args.server),
        level: args.level,
        name: args.name,
        password: args.password,
        variant: args.variant,
        time: args.time,
        games: args.games,
        most_thought: Duration::from_millis(args.most_thought_ms),
        threads: args.threads,
        ponder: !args.no_ponder,
        tournaments: args.tournaments,
    };
    let shutdown = async {
        // Without a Ctrl+C handler the bot plays until it is killed (its challenge then stays open).
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    match bot::run(&config, shutdown).await {
        Ok(games) => {
            tracing::info!("{games} games played");
            ExitCode::SUCCESS
        }
        Err(error) => {
            tracing::error!("{error}");
            ExitCode::FAILURE
        }
    }
}
