//! `fanorona-server`: serves the Fanorona game server until Ctrl+C or SIGTERM.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use fanorona_server::backup::{Copied, backup};
use fanorona_server::clock::SystemClock;
use fanorona_server::db::{Db, database_url};
use fanorona_server::server::{FLAG_CHECK_INTERVAL, Limits, PushConfig, Server, ServerConfig, Services, parse_origin};
use fanorona_server::tournament::schedule::read_schedule;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// The Fanorona game server: a lobby, rated games with clocks, and the web game, on one port.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    /// What to do instead of serving.
    #[command(subcommand)]
    command: Option<Command>,
    /// The address to listen on.
    #[arg(long, env = "FANORONA_LISTEN", default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Where to serve the metrics, at /metrics in Prometheus's text format, such as 127.0.0.1:9464: an address of its
    /// own, not the players' (none by default).
    #[arg(long, env = "FANORONA_METRICS_LISTEN")]
    metrics_listen: Option<SocketAddr>,
    /// How the log is written: lines for people, or one JSON object a line for a log collector.
    #[arg(long, env = "FANORONA_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    log_format: LogFormat,
    /// How much the log says: error, warn, info, debug or trace. What is more detailed than info is for finding a
    /// fault; it says much more, and still no secret (a test reads it for them).
    #[arg(long, env = "FANORONA_LOG_LEVEL", default_value_t = tracing::Level::INFO, global = true)]
    log_level: tracing::Level,
    /// The database: sqlite://PATH or postgres://USER:PASSWORD@HOST/NAME [default: sqlite://DATA_DIR/fanorona-server.db]
    #[arg(long, env = "DATABASE_URL", global = true)]
    database: Option<String>,
    /// The folder of the default SQLite database, created if missing [default: the platform's data folder]
    #[arg(long, env = "FANORONA_DATA_DIR", global = true)]
    data_dir: Option<PathBuf>,
    /// The folder served at / (the web build).
    #[arg(long, env = "FANORONA_STATIC", default_value = "dist")]
    static_dir: PathBuf,
    /// The most connections open at once from one IP address (loopback too: raise it behind a reverse proxy on the
    /// same machine, which connects from there for everyone).
    #[arg(long, env = "FANORONA_CONNECTIONS_PER_ADDRESS", default_value_t = Limits::default().connections_per_address)]
    connections_per_address: usize,
    /// The most new guests one IP address may make in an hour (raise it behind a reverse proxy on the same machine,
    /// as the connections).
    #[arg(long, env = "FANORONA_GUESTS_PER_ADDRESS_PER_HOUR", default_value_t = Limits::default().guests_per_address_per_hour)]
    guests_per_address_per_hour: u32,
    /// The wrong passwords one IP address may send in a row before it must wait, 1 s and then twice as long at each
    /// further one (raise it behind a reverse proxy on the same machine).
    #[arg(long, env = "FANORONA_LOGIN_FAILURES_PER_ADDRESS", default_value_t = Limits::default().login_failures_per_address)]
    login_failures_per_address: u32,
    /// The wrong passwords for one name, from any address, before its logins from devices not trusted for it must
    /// wait, 1 s and then twice as long at each further one (a device the player signed in on before never waits).
    #[arg(long, env = "FANORONA_LOGIN_FAILURES_PER_NAME", default_value_t = Limits::default().login_failures_per_name)]
    login_failures_per_name: u32,
    /// A web page's origin, besides the server's own, that may open the WebSocket, such as https://fanorona.example.org
    /// (repeat it for several; comma-separated in the variable). Pages from elsewhere are refused; programs that send
    /// no Origin are not.
    #[arg(long = "allowed-origin", env = "FANORONA_ALLOWED_ORIGINS", value_delimiter = ',', value_parser = parse_origin)]
    allowed_origins: Vec<String>,
    /// Who runs the server, for the browsers' push services to write to about its Web Push traffic: mailto:ADDRESS or
    /// an https:// page (Apple's service refuses messages without a real one).
    #[arg(long, env = "FANORONA_PUSH_CONTACT", default_value_t = PushConfig::default().contact)]
    push_contact: String,
    /// A push service besides the browsers' own (Google's, Mozilla's, Apple's, Microsoft's) that players' subscriptions
    /// may name, by its origin, such as https://push.example.org (repeat it for several; comma-separated in the
    /// variable). The server posts only to these.
    #[arg(long = "push-service", env = "FANORONA_PUSH_SERVICES", value_delimiter = ',', value_parser = parse_origin)]
    push_services: Vec<String>,
    /// The server's own tournaments: a JSON file listing each series (docs/DEPLOYMENT.md). The server does not start
    /// with a file it cannot read or whose entries are not allowed.
    #[arg(long, env = "FANORONA_SCHEDULE")]
    schedule: Option<PathBuf>,
}

/// How the log is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object a line (time, level, message and fields), for a log collector.
    Json,
}

/// What the program does besides serving.
#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Copies the SQLite database to PATH (which must not exist) while the server plays on: a consistent copy that
    /// holds every turn acknowledged before it began. For PostgreSQL, use pg_dump (docs/DEPLOYMENT.md).
    Backup {
        /// Where to write the copy.
        path: PathBuf,
    },
    /// Makes the registered player NAME a moderator (who reads the players' reports, warns, suspends and closes
    /// accounts), or no longer with --revoke. The role is given here only: no message of the protocol gives it.
    Moderator {
        /// The player's name (in any case).
        name: String,
        /// Take the role back.
        #[arg(long)]
        revoke: bool,
    },
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    // The program's own log at the level asked for, the libraries' at most at info: at debug and trace they write
    // what passes through them (tungstenite each frame, a login's token in it), which no operator must be shown.
    let level = args.log_level;
    let filter = Targets::new()
        .with_target(env!("CARGO_CRATE_NAME"), level)
        .with_default(LevelFilter::from_level(level).min(LevelFilter::INFO));
    let log = tracing_subscriber::fmt().with_target(false).with_max_level(level);
    match args.log_format {
        LogFormat::Text => log.finish().with(filter).init(),
        LogFormat::Json => log.json().finish().with(filter).init(),
    }
    #[cfg(unix)]
    raise_open_files_limit();
    match run(args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let database_url = database_url(args.database, args.data_dir)?;
    match args.command {
        Some(Command::Backup { path }) => {
            let started = std::time::Instant::now();
            let copied = backup(&database_url, &path).await?;
            let seconds = started.elapsed().as_secs_f64();
            let Copied { games, turns, bytes } = copied;
            tracing::info!(
                "{} written: {games} games, {turns} turns, {bytes} bytes, in {seconds:.2} s",
                path.display()
            );
            return Ok(());
        }
        Some(Command::Moderator { name, revoke }) => {
            let db = Db::connect(&database_url, None).await?;
            if !db.set_moderator(&name, !revoke).await? {
                return Err(format!("no registered player is named {name:?}").into());
            }
            let now = if revoke { "no longer a moderator" } else { "a moderator" };
            tracing::info!("{name} is {now}");
            return Ok(());
        }
        None => {}
    }
    let config = ServerConfig {
        listen: args.listen,
        metrics_listen: args.metrics_listen,
        database_url,
        sqlite_max_pages: None,
        static_dir: args.static_dir,
        clock: Arc::new(SystemClock),
        flag_check_interval: FLAG_CHECK_INTERVAL,
        limits: Limits {
            connections_per_address: args.connections_per_address,
            guests_per_address_per_hour: args.guests_per_address_per_hour,
            login_failures_per_address: args.login_failures_per_address,
            login_failures_per_name: args.login_failures_per_name,
            allowed_origins: args.allowed_origins,
            ..Limits::default()
        },
        push: PushConfig { contact: args.push_contact, services: Services { extra: args.push_services } },
        schedule: match &args.schedule {
            Some(path) => read_schedule(path)?,
            None => Vec::new(),
        },
    };
    let server = Server::bind(config).await?;
    tracing::info!("listening on http://{} (WebSocket at /ws)", server.local_addr()?);
    if let Some(address) = server.metrics_addr() {
        tracing::info!("metrics at http://{}/metrics", address?);
    }
    server.run(shutdown_signal()).await?;
    Ok(())
}

/// Completes on Ctrl+C or SIGTERM (what `kill`, systemd and container runtimes send to stop a service): the server
/// then stops accepting and lets the requests under way finish.
async fn shutdown_signal() {
    let ctrl_c = async {
        // Without a Ctrl+C handler the server runs until it is stopped otherwise, which loses nothing either.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut terminate) => {
                terminate.recv().await;
            }
            Err(error) => {
                tracing::warn!("SIGTERM will not stop the server gracefully: {error}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
    tracing::info!("shutting down");
}

/// Raises the soft limit of open files to the hard one, where the process may. Each connection holds a file handle:
/// the usual soft limit, 1,024, was reached by 1,024 idle sockets (issue 31), while the hard limit (often 524,288 on
/// Linux) is the process's to take. Where it cannot be raised the server runs with the limit it has.
#[cfg(unix)]
fn raise_open_files_limit() {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    // No hard limit: left as it is (macOS, for one, refuses an unlimited soft limit of files).
    let Some(maximum) = limit.maximum else { return };
    match limit.current {
        Some(current) if current < maximum => {
            match setrlimit(Resource::Nofile, Rlimit { current: Some(maximum), maximum: Some(maximum) }) {
                Ok(()) => tracing::info!("open files limit raised from {current} to {maximum}"),
                Err(error) => tracing::warn!("open files limit stays at {current}: {error}"),
            }
        }
        _ => {}
    }
}
