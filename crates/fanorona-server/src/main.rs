//! `fanorona-server`: serves the Fanorona game server until Ctrl+C.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use fanorona_server::clock::SystemClock;
use fanorona_server::server::{FLAG_CHECK_INTERVAL, Server, ServerConfig};

/// The Fanorona game server: a lobby, rated games with clocks, and the web game, on one port.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    /// The address to listen on.
    #[arg(long, env = "FANORONA_LISTEN", default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The database: sqlite://PATH or postgres://USER:PASSWORD@HOST/NAME [default: sqlite://DATA_DIR/fanorona-server.db]
    #[arg(long, env = "DATABASE_URL")]
    database: Option<String>,
    /// The folder of the default SQLite database, created if missing [default: the platform's data folder]
    #[arg(long, env = "FANORONA_DATA_DIR")]
    data_dir: Option<PathBuf>,
    /// The folder served at / (the web build).
    #[arg(long, env = "FANORONA_STATIC", default_value = "dist")]
    static_dir: PathBuf,
}

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt().with_target(false).init();
    let args = Args::parse();
    match run(args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let database_url = match args.database {
        Some(url) => url,
        None => {
            let dir = match args.data_dir {
                Some(dir) => dir,
                None => directories::ProjectDirs::from("", "", "fanorona")
                    .ok_or("no home folder: pass --data-dir or --database")?
                    .data_dir()
                    .to_path_buf(),
            };
            std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            format!("sqlite://{}", dir.join("fanorona-server.db").display())
        }
    };
    let config = ServerConfig {
        listen: args.listen,
        database_url,
        sqlite_max_pages: None,
        static_dir: args.static_dir,
        clock: Arc::new(SystemClock),
        flag_check_interval: FLAG_CHECK_INTERVAL,
    };
    let server = Server::bind(config).await?;
    tracing::info!("listening on http://{} (WebSocket at /ws)", server.local_addr()?);
    server
        .run(async {
            // Without a Ctrl+C handler the server runs until it is killed, which loses nothing either.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await?;
    Ok(())
}
