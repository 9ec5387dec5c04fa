//! The data layer: one set of queries for SQLite and PostgreSQL through sqlx's `Any` driver, checked at run time.
//!
//! The SQL is written to run unchanged on both: `$1` placeholders (SQLite reads `$N` as parameter N), TEXT, BIGINT
//! and DOUBLE PRECISION columns only (booleans as 0/1, times as milliseconds since the Unix epoch).
//!
//! One [`Db`], its queries split by feature as the hub is: `accounts` (players and logins), `lobby` (open challenges),
//! `games` (games and their turns), `ratings` (the ratings' history), `puzzles` (the puzzles, players' results on them
//! and both ratings), `player_data` (what a player downloads or deletes), `moderation` (reports, blocks, the
//! moderators' log), `fair_play` (the engine's review of rated games), `push` (Web Push: the server's keys, the
//! browsers' subscriptions), `tournaments` (the events, their players, the claim of a Swiss round) and `sync` (what
//! the processes sharing a PostgreSQL database tell each other); every write runs in a `tx` transaction, and the
//! schema comes from the embedded `migrations`.

use std::borrow::Cow;
use std::path::PathBuf;

use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use sqlx::any::{AnyArguments, AnyConnectOptions, AnyPoolOptions, AnyQueryResult};
use sqlx::migrate::Migrator;
use sqlx::query::Query;
use sqlx::{Any, AnyPool, Executor};

use crate::error::DbError;
use crate::secret;

mod accounts;
mod fair_play;
mod files;
mod games;
mod lobby;
mod logins;
mod migrations;
mod moderation;
mod player_data;
mod push;
mod puzzles;
mod ratings;
mod sync;
mod tournaments;
mod tx;
mod vacations;

pub use accounts::PlayerRecord;
pub use fair_play::FlagRecord;
pub use files::{make_private, sqlite_path};
pub use games::{EndRecord, StoredGame, StoredTurn, TurnRecord, UNSEARCHED_AT_ONCE};
pub use lobby::ChallengeRecord;
use migrations::Embedded;
pub use moderation::{Filing, ModerationEntry, QueueCursor, ReportRecord};
pub use push::{Subscribed, SubscriptionRecord};
pub use puzzles::PuzzleRated;
pub use sync::{Change, Listener};
pub use tournaments::{Cap, Entrants, GameStart, NewGame, TournamentGame, TournamentKind, TournamentRecord, Without};
use tx::Tx;
pub use vacations::SettledClocks;

/// The database to open: `url` if given, else the SQLite file `fanorona-server.db` in `data_dir`, or in the
/// platform's data folder without one (the folder is created if missing). The server and `fanorona-find-puzzles`
/// find it the same way.
pub fn database_url(url: Option<String>, data_dir: Option<PathBuf>) -> std::io::Result<String> {
    if let Some(url) = url {
        return Ok(url);
    }
    let dir = match data_dir {
        Some(dir) => dir,
        None => directories::ProjectDirs::from("", "", "fanorona")
            .ok_or_else(|| std::io::Error::other("no home folder: pass --data-dir or --database"))?
            .data_dir()
            .to_path_buf(),
    };
    files::create_private_dir(&dir)
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot create {}: {e}", dir.display())))?;
    Ok(format!("sqlite://{}", dir.join("fanorona-server.db").display()))
}

/// Held by each unit test of this crate that uses a database: one of them counts the statements the whole process
/// runs (`db::games`), which another's would swell whenever a busy machine makes the two overlap.
#[cfg(test)]
pub(crate) static DATABASE_TEST: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// How many connections read outside a transaction on SQLite (the `reads` pool of [`Db`]).
const READERS_SQLITE: u32 = 2;
/// How many connections read outside a transaction on PostgreSQL.
const READERS_POSTGRES: u32 = 5;

/// The database.
#[derive(Clone, Debug)]
pub struct Db {
    /// The writes, each in a [`Tx`], and the reads inside them: on SQLite one connection (one writer at a time).
    pool: AnyPool,
    /// The reads outside a transaction (lists, views, lookups), on connections of their own: a slow read never holds
    /// a turn's write waiting for the writer's connection. On SQLite in WAL mode, readers see every commit made
    /// before they begin and never wait for the writer; their connections are `query_only`.
    reads: AnyPool,
    /// How long each write transaction takes ([`Tx`]): one of the server's metrics.
    write_seconds: Histogram,
    /// On PostgreSQL, which several processes may share: how to tell the others of a change.
    shared: Option<Shared>,
}

/// What a process sharing a PostgreSQL database needs to tell the others of its changes.
#[derive(Clone, Debug)]
struct Shared {
    url: String,
    /// This process's random id, in each notification it sends, so that it skips its own.
    origin: String,
}

impl Db {
    /// Whether other processes may share this database (PostgreSQL): what this process knows of games may lag
    /// behind it until their news arrives.
    pub fn is_shared(&self) -> bool {
        self.shared.is_some()
    }

    /// Connects to `url` (`sqlite://PATH` or `postgres://...`) and brings the schema up to date. A SQLite file is
    /// created when missing (its folder must exist). `sqlite_max_pages` caps a SQLite file's size in pages (`PRAGMA
    /// max_page_count` on every connection; it is never set below the file's size): a test fills the "disk" with
    /// it; in service it is `None` and the disk is the limit.
    pub async fn connect(url: &str, sqlite_max_pages: Option<u32>) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        if let Some(path) = sqlite_path(url) {
            files::guard_database(&path)?;
        }
        let url = if sqlite && !url.contains("mode=") {
            let separator = if url.contains('?') { '&' } else { '?' };
            Cow::Owned(format!("{url}{separator}mode=rwc"))
        } else {
            Cow::Borrowed(url)
        };
        let options: AnyConnectOptions = url.parse()?;
        // SQLite has one writer at a time: one connection makes every transaction (a turn with its clocks, a result
        // with both ratings) run alone, with no "database is locked" retries.
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { 10 })
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if sqlite {
                        // WAL: a commit is one append to the log, and readers never wait for the writer.
                        connection.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON").await?;
                        if let Some(pages) = sqlite_max_pages {
                            connection.execute(format!("PRAGMA max_page_count = {pages}").as_str()).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        Migrator::new(Embedded).await?.run(&pool).await?;
        // After the migrations, so that the file is in WAL mode and has its tables before a reader opens it. Two
        // readers on SQLite (the machine's cores do the rest), five on PostgreSQL beside the writers' ten.
        let reads = AnyPoolOptions::new()
            .max_connections(if sqlite { READERS_SQLITE } else { READERS_POSTGRES })
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if sqlite {
                        connection.execute("PRAGMA query_only = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(url.parse()?)
            .await?;
        let shared = if sqlite { None } else { Some(Shared { url: url.into_owned(), origin: secret::new_id()? }) };
        // 0.1 ms to 3 s: a commit on SQLite in WAL mode takes a fraction of a millisecond; seconds mean a queue for
        // the pool's connections or a struggling disk.
        let write_seconds = Histogram::new(exponential_buckets(0.0001, 2.0, 16));
        Ok(Db { pool, reads, shared, write_seconds })
    }

    /// The times of the write transactions, to be served with the server's other metrics.
    pub fn write_seconds(&self) -> Histogram {
        self.write_seconds.clone()
    }

    /// Whether the database serves players, for `/readyz`. `SELECT 1` is answered by a SQLite file opened read-only,
    /// by an empty one made in place of a file deleted under the server and by a PostgreSQL standby, where every turn
    /// fails. So the database must list every migration of this program (a copy put in its place may lack some; a
    /// newer process sharing it may have added more) and take an update that changes nothing: refused where a turn
    /// would be (a read-only file, disk or transaction), and kept waiting while another program holds the database
    /// for writing. A connection that fails is closed: one SQLite opened read-only stays so, as does a PostgreSQL
    /// session begun read-only, and only a new one can write once the operator has put things right.
    pub async fn ping(&self) -> Result<(), DbError> {
        let mut connection = self.pool.acquire().await?;
        let checked = async {
            let applied: Vec<i64> =
                sqlx::query_scalar("SELECT version FROM _sqlx_migrations").fetch_all(&mut *connection).await?;
            if let Some(missing) = migrations::first_missing(&applied) {
                let message = format!("{missing} is not applied: the database was changed under the server");
                return Err(DbError::Corrupt(message));
            }
            sqlx::query("UPDATE games SET plies = plies WHERE 1 = 0").execute(&mut *connection).await?;
            Ok(())
        };
        let checked = checked.await;
        if checked.is_err() {
            connection.close_on_drop();
        }
        checked
    }

    /// Runs one statement that writes, in a transaction of its own ([`Tx`]): a statement outside one would leave
    /// the connection in the pool after SQLITE_FULL or an I/O error. A unique-key violation is
    /// [`DbError::Duplicate`].
    async fn write<'q>(&self, statement: Query<'q, Any, AnyArguments<'q>>) -> Result<AnyQueryResult, DbError> {
        let mut tx = Tx::begin(self).await?;
        let done = statement.execute(&mut *tx).await.map_err(DbError::from_insert);
        tx.end(done).await
    }

    /// Ends a conditional change of the game `id`: rolls it back as [`DbError::Stale`] (nothing is written) unless
    /// the condition held (`changed`), else tells the other processes and commits.
    async fn commit_change(&self, mut tx: Tx, changed: bool, id: &str) -> Result<(), DbError> {
        let announced = if changed { self.announce(&mut tx, id).await } else { Err(DbError::Stale) };
        tx.end(announced).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_database_that_no_longer_answers_says_so() {
        let _alone = DATABASE_TEST.lock().await;
        let dir = tempfile::tempdir().unwrap();
        let db = Db::connect(&format!("sqlite://{}", dir.path().join("f.db").display()), None).await.unwrap();
        assert!(db.ping().await.is_ok());
        db.pool.close().await;
        assert!(matches!(db.ping().await, Err(DbError::Sql(sqlx::Error::PoolClosed))));
    }
}
