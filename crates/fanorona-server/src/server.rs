//! The HTTP side: the WebSocket at `/ws`, the web game's files at `/`, and the loop that watches the clocks.

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::response::Response;
use axum::routing::get;
use tokio::net::TcpListener;
use tower_http::services::ServeDir;

use crate::clock::Clock;
use crate::connection;
use crate::db::{Change, Db, DbError, Listener};
use crate::hub::Hub;
use crate::protocol::MAX_MESSAGE_BYTES;

/// How often a server in service looks for fallen flags: a flag falls at most this late.
pub const FLAG_CHECK_INTERVAL: Duration = Duration::from_millis(100);

/// The read buffer of each WebSocket connection.
const READ_BUFFER_BYTES: usize = 4 * 1024;

/// What a server needs to start.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on (port 0: one the system chooses).
    pub listen: SocketAddr,
    /// `sqlite://PATH` or `postgres://...`.
    pub database_url: String,
    /// The most pages a SQLite file may grow to ([`Db::connect`]): `None` in service, where the disk is the limit;
    /// a test sets it to fill the disk.
    pub sqlite_max_pages: Option<u32>,
    /// The folder served at `/` (the web build).
    pub static_dir: PathBuf,
    /// The clock the game clocks run on.
    pub clock: Arc<dyn Clock>,
    /// How often to look for fallen flags ([`FLAG_CHECK_INTERVAL`] in service; a test that moves its clock by hand
    /// may want them to fall only when a player acts).
    pub flag_check_interval: Duration,
}

/// Why a server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database could not be opened, migrated or read.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The address could not be listened on, or the listener failed.
    #[error("network: {0}")]
    Io(#[from] std::io::Error),
}

/// A server with its database open, its games resumed and its address bound, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    hub: Arc<Hub>,
    /// The changes of the other processes sharing a PostgreSQL database.
    changes: Option<Listener>,
    static_dir: PathBuf,
    flag_check_interval: Duration,
}

impl Server {
    /// Opens (creating and migrating) the database, takes up the games in progress and binds the address.
    pub async fn bind(config: ServerConfig) -> Result<Server, ServerError> {
        let db = Db::connect(&config.database_url, config.sqlite_max_pages).await?;
        // Listening before the games are read: a change made in between is then heard (and found already known).
        let changes = db.listen().await?;
        let hub = Arc::new(Hub::load(db, config.clock).await?);
        let listener = TcpListener::bind(config.listen).await?;
        Ok(Server {
            listener,
            hub,
            changes,
            static_dir: config.static_dir,
            flag_check_interval: config.flag_check_interval,
        })
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `shutdown` completes.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) -> Result<(), ServerError> {
        let app = Router::new()
            .route("/ws", get(upgrade))
            .fallback_service(ServeDir::new(&self.static_dir))
            .with_state(Arc::clone(&self.hub));
        let hub = Arc::clone(&self.hub);
        let flags = tokio::spawn(async move {
            let mut interval = tokio::time::interval(self.flag_check_interval);
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                interval.tick().await;
                hub.check_clocks().await;
                hub.sweep_lobby().await;
            }
        });
        let changes = self.changes.map(|changes| tokio::spawn(take_up_changes(changes, Arc::clone(&self.hub))));
        let served = axum::serve(self.listener, app).with_graceful_shutdown(shutdown).await;
        flags.abort();
        if let Some(changes) = changes {
            changes.abort();
        }
        Ok(served?)
    }
}

/// Passes the changes other processes make to the shared database on to this process's connections, for ever.
async fn take_up_changes(mut changes: Listener, hub: Arc<Hub>) {
    loop {
        match changes.next().await {
            // Each game on its own task: a game waiting for its lock does not hold up the others' changes.
            Ok(Change::Game(id)) => {
                let hub = Arc::clone(&hub);
                tokio::spawn(async move { hub.sync(&id).await });
            }
            Ok(Change::Logout(login)) => hub.close_login(&login, None),
            Ok(Change::Missed) => hub.sync_all().await,
            Err(error) => {
                // The database is unreachable: try again in a while, then look for what was missed meanwhile.
                tracing::error!("changes of other server processes: {error}");
                tokio::time::sleep(Duration::from_secs(1)).await;
                hub.sync_all().await;
            }
        }
    }
}

async fn upgrade(socket: WebSocketUpgrade, State(hub): State<Arc<Hub>>) -> Response {
    // Messages a little over the protocol's limit still arrive, to be answered with `too_large`; far larger ones
    // close the connection before the server buffers them. The read buffer is allocated whole for each connection
    // (128 KiB by default: 125 MiB for 1,000 connections, most of the server's memory in the load test); a few
    // KiB hold the usual message, and a larger one is read in several pieces.
    socket
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(4 * MAX_MESSAGE_BYTES)
        .max_frame_size(4 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection::serve(socket, hub))
}
