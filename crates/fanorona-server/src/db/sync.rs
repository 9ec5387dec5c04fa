//! Several processes on one PostgreSQL database: each tells the others which game it changed (or which login ended)
//! through LISTEN/NOTIFY, and hears theirs.

use sqlx::AnyConnection;
use sqlx::postgres::PgListener;

use super::Db;
use crate::error::DbError;

/// The PostgreSQL channel on which a process says which game it changed, so that the others sharing the database
/// pass the change on to their own connections.
const CHANNEL: &str = "fanorona_games";

/// What a notification on [`CHANNEL`] says before a token's hash to tell of a logout instead of a changed game.
const LOGOUT: &str = "logout:";

/// What another process changed, as [`Listener::next`] reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The game (or challenge) with this id: a turn, a draw offer, its start or its end.
    Game(String),
    /// The login whose token has this hash ended: its connections are to be closed.
    Logout(String),
    /// The connection to the database was lost and is made again: changes may have been missed.
    Missed,
}

/// Hears the changes other processes make to the shared database (PostgreSQL's LISTEN/NOTIFY).
#[derive(Debug)]
pub struct Listener {
    listener: PgListener,
    origin: String,
}

impl Listener {
    /// The next change made by another process.
    pub async fn next(&mut self) -> Result<Change, DbError> {
        loop {
            // `try_recv` reports a lost connection (and reconnects on the next call); `recv` would hide it, and the
            // changes missed meanwhile with it.
            let Some(notification) = self.listener.try_recv().await? else { return Ok(Change::Missed) };
            match notification.payload().split_once(' ') {
                Some((origin, _)) if origin == self.origin => {}
                // Game ids are hex digits: a payload with the prefix is a logout.
                Some((_, subject)) => {
                    return Ok(match subject.strip_prefix(LOGOUT) {
                        Some(token_hash) => Change::Logout(token_hash.to_owned()),
                        None => Change::Game(subject.to_owned()),
                    });
                }
                None => tracing::warn!("a notification not of this server: {:?}", notification.payload()),
            }
        }
    }
}

impl Db {
    /// Starts hearing the changes of the other processes sharing a PostgreSQL database; none on SQLite, which one
    /// process has to itself. Called before the games are read, so that no change falls in between.
    pub async fn listen(&self) -> Result<Option<Listener>, DbError> {
        let Some(shared) = &self.shared else { return Ok(None) };
        let mut listener = PgListener::connect(&shared.url).await?;
        listener.listen(CHANNEL).await?;
        Ok(Some(Listener { listener, origin: shared.origin.clone() }))
    }

    /// Tells the other processes (on commit, if inside a transaction) that `game` changed.
    pub(super) async fn announce(&self, connection: &mut AnyConnection, game: &str) -> Result<(), DbError> {
        self.notify_others(connection, game).await
    }

    /// Tells the other processes (on commit) that each login of `logins` (its token's hash) ended or is to be closed:
    /// they close its connections.
    pub(super) async fn announce_logouts(
        &self,
        connection: &mut AnyConnection,
        logins: &[String],
    ) -> Result<(), DbError> {
        for login in logins {
            self.notify_others(connection, &format!("{LOGOUT}{login}")).await?;
        }
        Ok(())
    }

    /// Sends `subject` (a game's id, or [`LOGOUT`] and a token's hash) to the other processes sharing the database.
    pub(super) async fn notify_others(&self, connection: &mut AnyConnection, subject: &str) -> Result<(), DbError> {
        if let Some(shared) = &self.shared {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("{} {subject}", shared.origin))
                .execute(&mut *connection)
                .await?;
        }
        Ok(())
    }
}
