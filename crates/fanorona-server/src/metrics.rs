//! What the server counts for whoever runs it, in Prometheus's text format: connections, players online, games
//! running, turns stored and their latency, the database's write latency, refusals by code, the passwords waiting
//! to be checked, and the pongs that answer the server's pings. Served at `/metrics` on a listener of its own
//! (`--metrics-listen`), never on the players' port: the figures say who is online and how busy the server is, which
//! is the operator's business.

use std::time::Duration;

use prometheus_client::encoding::prometheus_text;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Registry, Unit};

use crate::protocol::ErrorCode;

/// The `Content-Type` of what [`Metrics::render`] writes.
pub const CONTENT_TYPE: &str = prometheus_text::CONTENT_TYPE;

/// A refusal's label: its code, as in the protocol (`not_your_turn`).
type CodeLabel = [(&'static str, String); 1];

/// The server's figures, one set per process.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    connections: Gauge,
    players_online: Gauge,
    games_running: Gauge,
    hashing_queue: Gauge,
    turns: Counter,
    turn_seconds: Histogram,
    refusals: Family<CodeLabel, Counter>,
    pongs: Counter,
}

/// What the hub knows when the figures are read: counted then rather than kept up to date at each change.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counts {
    /// Players with a connection to this process.
    pub players_online: usize,
    /// Games this process holds in progress (live and correspondence).
    pub games_running: usize,
    /// Passwords waiting for a thread to hash or check them.
    pub hashing_queue: usize,
}

impl Metrics {
    /// The figures, with `database_seconds` (the [`Db`](crate::db::Db)'s, which times its transactions) among them.
    pub fn new(database_seconds: Histogram) -> Metrics {
        let mut registry = Registry::with_prefix("fanorona");
        let metrics = Metrics {
            connections: Gauge::default(),
            players_online: Gauge::default(),
            games_running: Gauge::default(),
            hashing_queue: Gauge::default(),
            turns: Counter::default(),
            // 0.5 ms to 8 s: a turn on a quiet server takes a millisecond or two; seconds mean a queue.
            turn_seconds: Histogram::new(exponential_buckets(0.0005, 2.0, 15)),
            refusals: Family::default(),
            pongs: Counter::default(),
            registry: Registry::default(),
        };
        registry.register("connections", "WebSocket connections open", metrics.connections.clone());
        registry.register(
            "players_online",
            "Players with a connection to this process",
            metrics.players_online.clone(),
        );
        registry.register("games_running", "Games in progress held by this process", metrics.games_running.clone());
        registry.register(
            "hashing_queue",
            "Passwords waiting for a thread to hash or check them",
            metrics.hashing_queue.clone(),
        );
        registry.register("turns", "Turns stored", metrics.turns.clone());
        registry.register_with_unit(
            "turn",
            "From a turn's arrival to its storing, which its acknowledgement follows at once",
            Unit::Seconds,
            metrics.turn_seconds.clone(),
        );
        registry.register_with_unit(
            "database_write",
            "Each write transaction, from asking the pool for a connection to its commit or rollback",
            Unit::Seconds,
            database_seconds,
        );
        registry.register("refusals", "Messages refused, by the protocol's error code", metrics.refusals.clone());
        registry.register("pongs", "Pongs received: clients answering the server's pings", metrics.pongs.clone());
        Metrics { registry, ..metrics }
    }

    /// Counts a WebSocket connection as open until what this returns is dropped.
    pub fn connection_opened(&self) -> OpenConnection {
        self.connections.inc();
        OpenConnection(self.connections.clone())
    }

    /// Counts a turn stored, `took` after it arrived.
    pub fn turn_stored(&self, took: Duration) {
        self.turns.inc();
        self.turn_seconds.observe(took.as_secs_f64());
    }

    /// Counts a message refused with `code`.
    pub fn refused(&self, code: ErrorCode) {
        self.refusals.get_or_create(&[("code", code.name())]).inc();
    }

    /// Counts a pong received.
    pub fn pong_received(&self) {
        self.pongs.inc();
    }

    /// The figures in Prometheus's text format (version 0.0.4), with `counts` as they are now.
    pub fn render(&self, counts: Counts) -> String {
        let gauge = |count: usize| i64::try_from(count).unwrap_or(i64::MAX);
        self.players_online.set(gauge(counts.players_online));
        self.games_running.set(gauge(counts.games_running));
        self.hashing_queue.set(gauge(counts.hashing_queue));
        let mut text = String::new();
        // Writing to a String cannot fail, nor can the encoding of these metrics; an empty page would say so.
        if let Err(error) = prometheus_text::encode(&mut text, &self.registry) {
            tracing::error!("the metrics could not be written: {error}");
        }
        text
    }
}

/// A WebSocket connection counted as open ([`Metrics::connection_opened`]).
#[derive(Debug)]
pub struct OpenConnection(Gauge);

impl Drop for OpenConnection {
    fn drop(&mut self) {
        self.0.dec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the sample `name` (with its labels) in `text`.
    fn sample(text: &str, name: &str) -> Option<f64> {
        text.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
    }

    #[test]
    fn the_figures_read_as_prometheus_text() {
        let database = Histogram::new(exponential_buckets(0.001, 2.0, 4));
        let metrics = Metrics::new(database.clone());
        let first = metrics.connection_opened();
        let second = metrics.connection_opened();
        drop(first);
        metrics.turn_stored(Duration::from_millis(3));
        metrics.turn_stored(Duration::from_millis(20));
        metrics.refused(ErrorCode::NotYourTurn);
        metrics.refused(ErrorCode::NotYourTurn);
        metrics.refused(ErrorCode::BadJson);
        metrics.pong_received();
        database.observe(0.0015);
        let text = metrics.render(Counts { players_online: 7, games_running: 3, hashing_queue: 2 });
        assert_eq!(sample(&text, "fanorona_connections"), Some(1.0), "{text}");
        assert_eq!(sample(&text, "fanorona_players_online"), Some(7.0));
        assert_eq!(sample(&text, "fanorona_games_running"), Some(3.0));
        assert_eq!(sample(&text, "fanorona_hashing_queue"), Some(2.0));
        assert_eq!(sample(&text, "fanorona_turns_total"), Some(2.0));
        assert_eq!(sample(&text, "fanorona_turn_seconds_count"), Some(2.0));
        assert_eq!(sample(&text, "fanorona_turn_seconds_bucket{le=\"0.004\"}"), Some(1.0));
        assert_eq!(sample(&text, "fanorona_turn_seconds_sum"), Some(0.023));
        assert_eq!(sample(&text, "fanorona_database_write_seconds_count"), Some(1.0));
        assert_eq!(sample(&text, "fanorona_refusals_total{code=\"not_your_turn\"}"), Some(2.0));
        assert_eq!(sample(&text, "fanorona_refusals_total{code=\"bad_json\"}"), Some(1.0));
        assert_eq!(sample(&text, "fanorona_pongs_total"), Some(1.0));
        assert!(text.contains("# TYPE fanorona_turn_seconds histogram"), "{text}");
        drop(second);
        assert_eq!(sample(&metrics.render(Counts::default()), "fanorona_connections"), Some(0.0));
    }
}
