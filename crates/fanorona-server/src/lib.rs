//! The Fanorona game server: people play rated games against each other over a WebSocket.
//!
//! - [`server::Server`]: binds an address, opens the database (SQLite or PostgreSQL, [`db::Db`]), takes up the
//!   games in progress and serves the WebSocket at `/ws` and the web game at `/` (precompressed, cached by name: `static_files`). On PostgreSQL it also hears
//!   the changes of the other processes sharing the database (LISTEN/NOTIFY, `docs/DEPLOYMENT.md`).
//! - [`error`]: the refusals a client hears, the database's failures and the server's, in one module.
//! - [`hub::Hub`]: players (guests and password accounts), the lobby of challenges, games with server-kept clocks
//!   ([`clock::Clock`]) and the grace of a dropped connection, results and Glicko-2 ratings ([`rating`]). Every turn
//!   is checked by `fanorona-rules` and stored (by a conditional write, so that processes sharing a database never
//!   both accept it) before it is announced.
//! - `push`: Web Push messages about correspondence games to the players' browsers (their turn, a challenge, a
//!   result, a day left), from a queue of their own, never in a turn's way.
//! - [`metrics`]: what the server counts for whoever runs it, in Prometheus's text format on a port of its own.
//! - [`tournament`]: the arithmetic of arenas and Swiss events (pairings, streaks, tie-breaks), pure functions of the
//!   games played.
//! - [`tool`]: what the programs working on the database beside the server share (`fanorona-find-puzzles`,
//!   `fanorona-fair-play`).
//! - [`backup`]: a consistent copy of a SQLite database while the server plays on (`fanorona-server backup PATH`).
//! - [`protocol`]: the JSON messages (the `fanorona-protocol` crate; `docs/PROTOCOL.md` describes them with an
//!   example session).
//!
//! The protocol's client and the bot (the engine playing online) are the `fanorona-bot` crate: the server does not
//! depend on the engine.

pub mod backup;
pub mod clock;
mod connection;
pub mod db;
pub mod error;
mod hashing;
pub mod hub;
mod limits;
mod listener;
pub mod metrics;
pub use fanorona_protocol as protocol;
mod push;
pub mod rating;
mod secret;
pub mod server;
mod static_files;
mod throttle;
pub mod tool;
pub mod tournament;
pub mod vacation;
