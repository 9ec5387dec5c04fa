//! The HTTP side: the WebSocket at `/ws`, the web game's files at `/`, `/healthz` and `/readyz` for whoever runs
//! the server, `/metrics` on a listener of its own, and the loop that watches the clocks.

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use fanorona_puzzles::{Puzzle, VARIANTS};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;

use crate::clock::Clock;
use crate::connection;
use crate::db::{Change, Db, Listener};
pub use crate::error::ServerError;
use crate::hashing::HashingPool;
use crate::hub::Hub;
pub use crate::limits::{Limits, parse_origin};
use crate::listener::CappedListener;
use crate::metrics::{self, Metrics};
use crate::protocol::MAX_MESSAGE_BYTES;
use crate::push::Pusher;
pub use crate::push::{PushConfig, Services};
use crate::static_files;
use crate::tournament::schedule::Scheduled;

/// How often a server in service looks for fallen flags: a flag falls at most this late.
pub const FLAG_CHECK_INTERVAL: Duration = Duration::from_millis(100);

/// How long the requests under way at shutdown may take to finish.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How long `/readyz` waits for the database.
const READY_WITHIN: Duration = Duration::from_secs(2);

/// The read buffer of each WebSocket connection.
const READ_BUFFER_BYTES: usize = 4 * 1024;

/// What a server needs to start.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on (port 0: one the system chooses).
    pub listen: SocketAddr,
    /// Where to serve `/metrics` (Prometheus's text format), if anywhere: never on `listen`, which players reach.
    pub metrics_listen: Option<SocketAddr>,
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
    /// Timeouts and the per-address connection cap ([`Limits::default`] in service).
    pub limits: Limits,
    /// Web Push: who runs the server, and the push services besides the browsers'.
    pub push: PushConfig,
    /// The server's own tournaments ([`read_schedule`](crate::tournament::schedule::read_schedule)).
    pub schedule: Vec<Scheduled>,
}

/// A server with its database open, its games resumed and its address bound, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: CappedListener,
    /// Where `/metrics` is served, if anywhere.
    metrics_listener: Option<CappedListener>,
    hub: Arc<Hub>,
    /// The changes of the other processes sharing a PostgreSQL database.
    changes: Option<Listener>,
    static_dir: PathBuf,
    flag_check_interval: Duration,
    limits: Limits,
}

impl Server {
    /// Opens (creating and migrating) the database, takes up the games in progress and binds the address.
    pub async fn bind(config: ServerConfig) -> Result<Server, ServerError> {
        let db = Db::connect(&config.database_url, config.sqlite_max_pages).await?;
        let shipped = shipped_puzzles();
        let added = db.add_puzzles(&shipped).await?;
        let retired = db.retire_unshipped(&shipped).await?;
        tracing::info!("{added} puzzles added or changed, {retired} no longer shipped");
        // Listening before the games are read: a change made in between is then heard (and found already known).
        let changes = db.listen().await?;
        let pusher = Pusher::start(db.clone(), config.push, config.clock.now_ms()).await?;
        let metrics = Arc::new(Metrics::new(db.write_seconds()));
        let hashing = HashingPool::new()?;
        let hub =
            Arc::new(Hub::load(db, config.clock, &config.limits, hashing, pusher, metrics, config.schedule).await?);
        let cap = config.limits.connections_per_address;
        let listener = CappedListener::new(TcpListener::bind(config.listen).await?, cap);
        let metrics_listener = match config.metrics_listen {
            Some(address) => Some(CappedListener::new(TcpListener::bind(address).await?, cap)),
            None => None,
        };
        Ok(Server {
            listener,
            metrics_listener,
            hub,
            changes,
            static_dir: config.static_dir,
            flag_check_interval: config.flag_check_interval,
            limits: config.limits,
        })
    }

    /// The hub, to look into while the server runs (tests count its password hashes and spectators).
    pub fn hub(&self) -> Arc<Hub> {
        Arc::clone(&self.hub)
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The address `/metrics` is served on, if it is.
    pub fn metrics_addr(&self) -> Option<std::io::Result<SocketAddr>> {
        self.metrics_listener.as_ref().map(CappedListener::local_addr)
    }

    /// Serves until `shutdown` completes.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) -> Result<(), ServerError> {
        let app = Router::new()
            .route("/ws", get(upgrade))
            .route("/healthz", get(healthz))
            .route("/readyz", get(readyz))
            .fallback_service(static_files::router(&self.static_dir))
            .with_state(Serving { hub: Arc::clone(&self.hub), limits: self.limits.clone() });
        let hub = Arc::clone(&self.hub);
        let flags = tokio::spawn(async move {
            let mut interval = tokio::time::interval(self.flag_check_interval);
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                interval.tick().await;
                hub.check_clocks().await;
                hub.sweep_lobby().await;
                hub.run_tournaments().await;
            }
        });
        let changes = self.changes.map(|changes| tokio::spawn(take_up_changes(changes, Arc::clone(&self.hub))));
        let metrics = self.metrics_listener.map(|listener| {
            let app = Router::new().route("/metrics", get(render_metrics)).with_state(Arc::clone(&self.hub));
            // Stopped with the rest below: a scrape under way at shutdown is of no use to anyone.
            tokio::spawn(serve_http(listener, app, self.limits.header_timeout, std::future::pending()))
        });
        serve_http(self.listener, app, self.limits.header_timeout, shutdown).await;
        if let Some(metrics) = metrics {
            metrics.abort();
        }
        flags.abort();
        if let Some(changes) = changes {
            changes.abort();
        }
        Ok(())
    }
}

/// Serves HTTP/1 (and WebSocket upgrades) on each connection `listener` accepts until `shutdown` completes, then
/// lets the requests under way finish for up to [`SHUTDOWN_GRACE`]. `axum::serve` would do the same but sets no
/// timer on hyper's builder, so a connection that sends no request, or half of one, would stay open for ever.
async fn serve_http(
    mut listener: CappedListener,
    app: Router,
    header_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) {
    // Told at shutdown; each connection holds a receiver until it ends, so that its closing can be awaited.
    let (stop, stopping) = tokio::sync::watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, address) = tokio::select! {
            accepted = axum::serve::Listener::accept(&mut listener) => accepted,
            () = &mut shutdown => break,
        };
        // Each request of the connection carries its address: the hub counts new guests and wrong passwords by it.
        let app = app.clone().layer(Extension(Peer(address.ip())));
        let service = hyper_util::service::TowerToHyperService::new(app);
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            // hyper runs this timer whenever it waits for a request's head: from the connection's start, and
            // between two requests of a kept-alive one. A WebSocket leaves it behind with the upgrade.
            builder.timer(TokioTimer::new()).header_read_timeout(header_timeout);
            let connection = builder.serve_connection(TokioIo::new(stream), service).with_upgrades();
            let mut connection = std::pin::pin!(connection);
            let served = tokio::select! {
                served = connection.as_mut() => served,
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(error) = served {
                tracing::debug!("an HTTP connection ended: {error}");
            }
        });
    }
    drop(stopping);
    stop.send_replace(());
    if tokio::time::timeout(SHUTDOWN_GRACE, stop.closed()).await.is_err() {
        tracing::warn!("some HTTP requests were still under way at shutdown");
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

/// What the WebSocket handler needs.
#[derive(Clone, Debug)]
struct Serving {
    hub: Arc<Hub>,
    limits: Limits,
}

/// The IP address a request came from.
#[derive(Clone, Copy, Debug)]
struct Peer(IpAddr);

/// Alive: the process answers HTTP (for a supervisor's liveness check).
async fn healthz() -> &'static str {
    "ok\n"
}

/// Ready for players: within [`READY_WITHIN`], the database answers, has every migration of this program and takes
/// writes ([`Db::ping`]). A load balancer sends players elsewhere while it says 503. Why is logged, not answered:
/// anyone may ask.
async fn readyz(State(Serving { hub, .. }): State<Serving>) -> Response {
    match tokio::time::timeout(READY_WITHIN, hub.database_answers()).await {
        Ok(Ok(())) => "ready\n".into_response(),
        Ok(Err(error)) => {
            tracing::warn!("not ready: {error}");
            (StatusCode::SERVICE_UNAVAILABLE, "the database cannot serve players (the server's log says why)\n")
                .into_response()
        }
        Err(_) => {
            tracing::warn!("not ready: the database did not answer within {READY_WITHIN:?}");
            (StatusCode::SERVICE_UNAVAILABLE, "the database does not answer in time\n").into_response()
        }
    }
}

/// The server's metrics, for Prometheus to scrape.
async fn render_metrics(State(hub): State<Arc<Hub>>) -> Response {
    ([(header::CONTENT_TYPE, metrics::CONTENT_TYPE)], hub.render_metrics()).into_response()
}

async fn upgrade(
    socket: WebSocketUpgrade,
    headers: HeaderMap,
    Extension(Peer(address)): Extension<Peer>,
    State(Serving { hub, limits }): State<Serving>,
) -> Response {
    if !origin_allowed(&headers, &limits.allowed_origins) {
        // A page of another site would otherwise play as its visitor, with the cookies and address of their browser.
        return (StatusCode::FORBIDDEN, "this page's origin may not open the game's WebSocket").into_response();
    }
    // Messages a little over the protocol's limit still arrive, to be answered with `too_large`; far larger ones
    // close the connection before the server buffers them. The read buffer is allocated whole for each connection
    // (128 KiB by default: 125 MiB for 1,000 connections, most of the server's memory in the load test); a few
    // KiB hold the usual message, and a larger one is read in several pieces.
    socket
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(4 * MAX_MESSAGE_BYTES)
        .max_frame_size(4 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection::serve(socket, address, hub, limits))
}

/// The shipped puzzles of every board that has some. `fanorona-puzzles`' tests check that they read: a set that does
/// not is a build gone wrong, logged and left out rather than keeping the server down.
fn shipped_puzzles() -> Vec<Puzzle> {
    VARIANTS
        .into_iter()
        .flat_map(|variant| {
            fanorona_puzzles::shipped(variant).unwrap_or_else(|error| {
                tracing::error!("the {} puzzles, {error}", variant.name());
                &[]
            })
        })
        .cloned()
        .collect()
}

/// Whether a WebSocket may open for a request with these headers: without `Origin` (a program, not a web page), or
/// from a page of the server itself (its origin names the request's `Host`), or from one of `allowed`.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else { return true };
    let Ok(origin) = origin.to_str() else { return false };
    let origin = origin.trim_end_matches('/').to_ascii_lowercase();
    let host = headers.get(header::HOST).and_then(|host| host.to_str().ok()).map(str::to_ascii_lowercase);
    // Behind a TLS proxy the server sees plain HTTP while the page's origin is https: either scheme is its own.
    let own = host.is_some_and(|host| {
        origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://")) == Some(host.as_str())
    });
    own || allowed.contains(&origin)
}
