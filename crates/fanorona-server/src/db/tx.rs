//! The transaction every write of the server runs in, with the connection it holds.

use std::ops::{Deref, DerefMut};
use std::time::Instant;

use prometheus_client::metrics::histogram::Histogram;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, Executor};

use super::Db;
use crate::error::DbError;

/// A transaction on a connection of the pool: every write of the server runs in one.
///
/// It says `BEGIN`, `COMMIT` and `ROLLBACK` itself instead of using sqlx's `Transaction`, whose SQLite driver
/// counts the transactions it opened rather than asking SQLite. After SQLITE_FULL or an I/O error SQLite has rolled
/// the transaction back by itself; sqlx's count stays one too high (its `ROLLBACK` fails), so the connection's next
/// transaction begins as a `SAVEPOINT` and commits as a `RELEASE`. A `RELEASE` that fails in turn, or a rollback to
/// that savepoint (a refused name), leaves SQLite's own transaction open under it, and every later commit only
/// releases a savepoint inside it: the server acknowledged turns that it never stored (issue 31;
/// `docs/DECISIONS.md`, "Game server").
///
/// The connection goes back to the pool only after a `COMMIT` or `ROLLBACK` that succeeded. After anything else (a
/// failed statement, a failed `COMMIT` or `ROLLBACK`, a request dropped half-way) its state is unknown: it is
/// closed, which rolls back whatever it still held (SQLite on close, PostgreSQL when the session ends), and the pool
/// opens a new one.
#[derive(Debug)]
pub(super) struct Tx {
    connection: PoolConnection<Any>,
    /// Set by a `COMMIT` or `ROLLBACK` that succeeded: the connection may serve again.
    ended: bool,
    /// When the transaction asked for its connection, and where its time goes when it ends.
    began: Instant,
    timed: Histogram,
}

impl Tx {
    /// Takes a connection from `db`'s pool and begins a transaction on it.
    pub(super) async fn begin(db: &Db) -> Result<Tx, DbError> {
        let began = Instant::now();
        let connection = db.pool.acquire().await?;
        let mut tx = Tx { connection, ended: false, began, timed: db.write_seconds() };
        tx.connection.execute("BEGIN").await?;
        Ok(tx)
    }

    /// Commits. An error means that the outcome is unknown (PostgreSQL may have committed before the connection
    /// dropped) and the connection is closed.
    pub(super) async fn commit(mut self) -> Result<(), DbError> {
        self.connection.execute("COMMIT").await?;
        self.ended = true;
        Ok(())
    }

    /// Rolls back; the connection is closed if that fails.
    async fn rollback(mut self) -> Result<(), DbError> {
        self.connection.execute("ROLLBACK").await?;
        self.ended = true;
        Ok(())
    }

    /// Ends the transaction as `result` says: commits after success; rolls back after a refusal that the database
    /// made on purpose ([`DbError::Stale`], [`DbError::Duplicate`]: the connection is sound, and the refusal stands
    /// whatever the rollback does); and after any other error leaves the connection to be closed (SQLite may have
    /// rolled back by itself, or the connection be gone).
    pub(super) async fn end<T>(self, result: Result<T, DbError>) -> Result<T, DbError> {
        match result {
            Ok(value) => self.commit().await.map(|()| value),
            Err(refusal @ (DbError::Stale | DbError::Duplicate)) => {
                if let Err(error) = self.rollback().await {
                    tracing::error!("rollback after a refusal: {error}; the connection is closed");
                }
                Err(refusal)
            }
            Err(error) => Err(error),
        }
    }
}

impl Drop for Tx {
    fn drop(&mut self) {
        self.timed.observe(self.began.elapsed().as_secs_f64());
        if !self.ended {
            self.connection.close_on_drop();
        }
    }
}

impl Deref for Tx {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.connection
    }
}

impl DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.connection
    }
}
