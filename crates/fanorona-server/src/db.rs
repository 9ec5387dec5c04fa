//! The data layer: one set of queries for SQLite and PostgreSQL through sqlx's `Any` driver, checked at run time.
//!
//! The SQL is written to run unchanged on both: `$1` placeholders (SQLite reads `$N` as parameter N), TEXT, BIGINT
//! and DOUBLE PRECISION columns only (booleans as 0/1, times as milliseconds since the Unix epoch).

use std::borrow::Cow;
use std::collections::HashMap;
use std::future::Future;
use std::ops::{Deref, DerefMut};
use std::pin::Pin;

use sqlx::any::{AnyArguments, AnyConnectOptions, AnyPoolOptions, AnyQueryResult, AnyRow};
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::pool::PoolConnection;
use sqlx::postgres::PgListener;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AnyPool, Executor, Row};

use crate::protocol::{
    Color, EndReason, GameResult, GameVariant, MAX_LISTED_GAMES, RatingChange, RatingChanges, RatingPoint, TimeControl,
};
use crate::rating::{self, Rating};
use crate::secret::{self, RandomError};

/// The migrations, built into the program so that it needs no files beside it.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "initial", include_str!("../migrations/0001_initial.sql")),
    (2, "shared games", include_str!("../migrations/0002_shared_games.sql")),
    (3, "accounts", include_str!("../migrations/0003_accounts.sql")),
    (4, "bots", include_str!("../migrations/0004_bots.sql")),
    (5, "sessions", include_str!("../migrations/0005_sessions.sql")),
    (6, "vela", include_str!("../migrations/0006_vela.sql")),
    (7, "addressed challenges", include_str!("../migrations/0007_addressed_challenges.sql")),
];

/// The PostgreSQL channel on which a process says which game it changed, so that the others sharing the database
/// pass the change on to their own connections.
const CHANNEL: &str = "fanorona_games";

/// What a notification on [`CHANNEL`] says before a token's hash to tell of a logout instead of a changed game.
const LOGOUT: &str = "logout:";

/// A failure of the database.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// A query or the connection failed.
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A row would repeat a unique value (a display name, most likely).
    #[error("that value is already taken")]
    Duplicate,
    /// A stored value makes no sense (edited by hand, or written by a newer server).
    #[error("database: bad stored value: {0}")]
    Corrupt(String),
    /// The game changed since this process last read it (another process sharing the database stored a turn or
    /// its end meanwhile): nothing was written.
    #[error("the game changed meanwhile")]
    Stale,
    /// No id for this process could be drawn.
    #[error(transparent)]
    Random(#[from] RandomError),
}

impl DbError {
    /// Turns a unique-key violation into [`DbError::Duplicate`].
    fn from_insert(error: sqlx::Error) -> DbError {
        match &error {
            sqlx::Error::Database(e) if e.is_unique_violation() => DbError::Duplicate,
            _ => DbError::Sql(error),
        }
    }
}

/// A player's id, name and rating.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRecord {
    /// The id.
    pub id: String,
    /// The display name.
    pub name: String,
    /// The rating.
    pub rating: Rating,
    /// Whether a program plays for the player.
    pub bot: bool,
    /// Whether the player has a password (registered), not only tokens (a guest).
    pub registered: bool,
}

/// An open challenge.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRecord {
    /// The id.
    pub id: String,
    /// Who opened it.
    pub creator: PlayerRecord,
    /// The board.
    pub variant: GameVariant,
    /// Whether it is rated.
    pub rated: bool,
    /// The time control.
    pub time: TimeControl,
    /// The id of the one player who may accept it; anyone may without it.
    pub opponent: Option<String>,
    /// A vela game, in which the creator plays with the handicap.
    pub vela: bool,
}

/// A game as stored (in progress or over): enough to take it up again after a restart, or to catch up with what
/// another process stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The challenge it was, with its settings.
    pub settings: ChallengeRecord,
    /// The white player.
    pub white: PlayerRecord,
    /// The black player.
    pub black: PlayerRecord,
    /// The turns in order.
    pub turns: Vec<StoredTurn>,
    /// The time each side had left at `since` (white's first); at the end for a game that is over.
    pub clocks: [i64; 2],
    /// When the side to move's clock started.
    pub since: i64,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// Which sides had the grace of a dropped connection (white's first).
    pub grace_used: [bool; 2],
    /// When it last changed: its end, for a game that is over.
    pub updated: i64,
    /// How a game that is over ended, with the rating changes of a rated one; none while it is played.
    pub end: Option<(GameResult, Option<RatingChanges>)>,
}

/// Which games [`Db::games`] reads.
#[derive(Clone, Copy, Debug)]
enum Which<'a> {
    /// Every game in progress.
    InProgress,
    /// The game with this id, whatever its status but open.
    One(&'a str),
    /// The finished games of the player with this id, the newest [`MAX_LISTED_GAMES`].
    FinishedOf(&'a str),
}

/// A stored turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTurn {
    /// Its notation.
    pub notation: String,
    /// The mover's time left after it, increment included.
    pub clock_after_ms: i64,
}

/// A turn to store.
#[derive(Clone, Debug)]
pub struct TurnRecord<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The turn's number, from 1.
    pub ply: u32,
    /// The turn's notation.
    pub notation: &'a str,
    /// Both clocks after the turn (white's first).
    pub clocks: [i64; 2],
    /// When it was played.
    pub at: i64,
}

/// The end of a game to store.
#[derive(Clone, Debug)]
pub struct EndRecord<'a> {
    /// The game's id.
    pub game: &'a str,
    /// How it ended.
    pub result: GameResult,
    /// Both clocks at the end (white's first).
    pub clocks: [i64; 2],
    /// When it ended.
    pub at: i64,
    /// The number of turns the game has at its end: the end is stored only if no other turn was stored meanwhile.
    pub plies: u32,
    /// White's and black's ids when the ratings change.
    pub rated: Option<(&'a str, &'a str)>,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
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

/// The columns of the player table under `alias`, named `{alias}_{column}` for [`player_from`].
fn player_columns(alias: &str) -> String {
    let columns =
        ["id", "name", "rating", "deviation", "volatility", "bot"].map(|c| format!("{alias}.{c} AS {alias}_{c}"));
    // A BIGINT on both databases (PostgreSQL would make a bare CASE of small numbers an INTEGER).
    let registered =
        format!("CAST(CASE WHEN {alias}.password_hash IS NULL THEN 0 ELSE 1 END AS BIGINT) AS {alias}_registered");
    format!("{}, {registered}", columns.join(", "))
}

fn player_from(row: &AnyRow, alias: &str) -> Result<PlayerRecord, DbError> {
    let column = |c: &str| format!("{alias}_{c}");
    Ok(PlayerRecord {
        id: row.try_get(column("id").as_str())?,
        name: row.try_get(column("name").as_str())?,
        rating: Rating {
            rating: row.try_get(column("rating").as_str())?,
            deviation: row.try_get(column("deviation").as_str())?,
            volatility: row.try_get(column("volatility").as_str())?,
        },
        bot: row.try_get::<i64, _>(column("bot").as_str())? != 0,
        registered: row.try_get::<i64, _>(column("registered").as_str())? != 0,
    })
}

/// Reads the settings of a game row selected with `g.*` and the creator as `c`.
fn challenge_from(row: &AnyRow) -> Result<ChallengeRecord, DbError> {
    let variant: String = row.try_get("variant")?;
    let time: String = row.try_get("time_control")?;
    Ok(ChallengeRecord {
        id: row.try_get("id")?,
        creator: player_from(row, "c")?,
        variant: GameVariant::from_name(&variant).ok_or_else(|| DbError::Corrupt(format!("variant {variant:?}")))?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        time: time.parse().map_err(|e| DbError::Corrupt(format!("{e}")))?,
        vela: row.try_get::<i64, _>("vela")? != 0,
        opponent: row.try_get("opponent")?,
    })
}

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
struct Tx {
    connection: PoolConnection<Any>,
    /// Set by a `COMMIT` or `ROLLBACK` that succeeded: the connection may serve again.
    ended: bool,
}

impl Tx {
    /// Takes a connection from the pool and begins a transaction on it.
    async fn begin(pool: &AnyPool) -> Result<Tx, DbError> {
        let mut tx = Tx { connection: pool.acquire().await?, ended: false };
        tx.connection.execute("BEGIN").await?;
        Ok(tx)
    }

    /// Commits. An error means that the outcome is unknown (PostgreSQL may have committed before the connection
    /// dropped) and the connection is closed.
    async fn commit(mut self) -> Result<(), DbError> {
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
    async fn end<T>(self, result: Result<T, DbError>) -> Result<T, DbError> {
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

/// The embedded migrations, handed to sqlx's migrator like a folder of files.
#[derive(Debug)]
struct Embedded;

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send>> {
        let migrations = MIGRATIONS
            .iter()
            .map(|&(version, description, sql)| {
                Migration::new(version, Cow::Borrowed(description), MigrationType::Simple, Cow::Borrowed(sql), false)
            })
            .collect();
        Box::pin(async move { Ok(migrations) })
    }
}

impl Db {
    /// Connects to `url` (`sqlite://PATH` or `postgres://...`) and brings the schema up to date. A SQLite file is
    /// created when missing (its folder must exist). `sqlite_max_pages` caps a SQLite file's size in pages (`PRAGMA
    /// max_page_count` on every connection; it is never set below the file's size): a test fills the "disk" with
    /// it; in service it is `None` and the disk is the limit.
    pub async fn connect(url: &str, sqlite_max_pages: Option<u32>) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
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
        let shared = if sqlite { None } else { Some(Shared { url: url.into_owned(), origin: secret::new_id()? }) };
        Ok(Db { pool, shared })
    }

    /// Starts hearing the changes of the other processes sharing a PostgreSQL database; none on SQLite, which one
    /// process has to itself. Called before the games are read, so that no change falls in between.
    pub async fn listen(&self) -> Result<Option<Listener>, DbError> {
        let Some(shared) = &self.shared else { return Ok(None) };
        let mut listener = PgListener::connect(&shared.url).await?;
        listener.listen(CHANNEL).await?;
        Ok(Some(Listener { listener, origin: shared.origin.clone() }))
    }

    /// Tells the other processes (on commit, if inside a transaction) that `game` changed.
    async fn announce(&self, connection: &mut AnyConnection, game: &str) -> Result<(), DbError> {
        self.notify_others(connection, game).await
    }

    /// Sends `subject` (a game's id, or [`LOGOUT`] and a token's hash) to the other processes sharing the database.
    async fn notify_others(&self, connection: &mut AnyConnection, subject: &str) -> Result<(), DbError> {
        if let Some(shared) = &self.shared {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("{} {subject}", shared.origin))
                .execute(&mut *connection)
                .await?;
        }
        Ok(())
    }

    /// Runs one statement that writes, in a transaction of its own ([`Tx`]): a statement outside one would leave
    /// the connection in the pool after SQLITE_FULL or an I/O error. A unique-key violation is
    /// [`DbError::Duplicate`].
    async fn write<'q>(&self, statement: Query<'q, Any, AnyArguments<'q>>) -> Result<AnyQueryResult, DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        let done = statement.execute(&mut *tx).await.map_err(DbError::from_insert);
        tx.end(done).await
    }

    /// Stores a new player with its first login, the token whose hash is `token_hash`; [`DbError::Duplicate`] when
    /// the name (in any case) is taken.
    pub async fn create_player(&self, player: &PlayerRecord, token_hash: &str, now: i64) -> Result<(), DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        let stored = async {
            // `token_hash` of the players table is read no more (migration 5): it gets the id, unique and no token's
            // hash.
            sqlx::query(
                "INSERT INTO players (id, name, name_key, token_hash, rating, deviation, volatility, bot, created) \
                 VALUES ($1, $2, $3, $1, $4, $5, $6, $7, $8)",
            )
            .bind(&player.id)
            .bind(&player.name)
            .bind(player.name.to_lowercase())
            .bind(player.rating.rating)
            .bind(player.rating.deviation)
            .bind(player.rating.volatility)
            .bind(i64::from(player.bot))
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(DbError::from_insert)?;
            insert_session(&mut tx, token_hash, &player.id, now).await
        };
        let stored = stored.await;
        tx.end(stored).await
    }

    /// Stores a new login of `player`, the token whose hash is `token_hash`.
    pub async fn create_session(&self, token_hash: &str, player: &str, now: i64) -> Result<(), DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        insert_session(&mut tx, token_hash, player, now).await?;
        tx.commit().await
    }

    /// The player logged in with the token whose hash is `token_hash` (none once logged out, or if the login was
    /// last used before `expired_before`); the login is marked as seen at `now`.
    pub async fn session_player(
        &self,
        token_hash: &str,
        now: i64,
        expired_before: i64,
    ) -> Result<Option<PlayerRecord>, DbError> {
        let seen = sqlx::query("UPDATE sessions SET last_seen = $1 WHERE token_hash = $2 AND last_seen >= $3")
            .bind(now)
            .bind(token_hash)
            .bind(expired_before);
        if self.write(seen).await?.rows_affected() == 0 {
            return Ok(None);
        }
        let sql = format!(
            "SELECT {} FROM sessions s JOIN players p ON p.id = s.player WHERE s.token_hash = $1",
            player_columns("p")
        );
        let row = sqlx::query(&sql).bind(token_hash).fetch_optional(&self.pool).await?;
        row.map(|row| player_from(&row, "p")).transpose()
    }

    /// Deletes the logins last used before `before`: they were refused anyway.
    pub async fn delete_sessions_unused_since(&self, before: i64) -> Result<(), DbError> {
        self.write(sqlx::query("DELETE FROM sessions WHERE last_seen < $1").bind(before)).await?;
        Ok(())
    }

    /// Ends the login whose token has the hash `token_hash` (if it has not ended already) and tells the other
    /// processes, to close its connections there too.
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(&mut *tx).await?;
        self.notify_others(&mut tx, &format!("{LOGOUT}{token_hash}")).await?;
        tx.commit().await
    }

    /// Marks the player `id` as a bot, for good.
    pub async fn mark_bot(&self, id: &str) -> Result<(), DbError> {
        self.write(sqlx::query("UPDATE players SET bot = 1 WHERE id = $1").bind(id)).await?;
        Ok(())
    }

    /// Makes the guest `id` a registered player named `name` with this password hash; false if it is registered
    /// already, [`DbError::Duplicate`] if another player has the name.
    pub async fn register(&self, id: &str, name: &str, password_hash: &str) -> Result<bool, DbError> {
        let done = self.write(
            sqlx::query(
                "UPDATE players SET name = $1, name_key = $2, password_hash = $3 \
                 WHERE id = $4 AND password_hash IS NULL",
            )
            .bind(name)
            .bind(name.to_lowercase())
            .bind(password_hash)
            .bind(id),
        );
        Ok(done.await?.rows_affected() == 1)
    }

    /// Whether a player other than `except` (an id) has the name `name`, in any case.
    pub async fn name_taken(&self, name: &str, except: &str) -> Result<bool, DbError> {
        let found = sqlx::query("SELECT id FROM players WHERE name_key = $1 AND id <> $2")
            .bind(name.to_lowercase())
            .bind(except)
            .fetch_optional(&self.pool);
        Ok(found.await?.is_some())
    }

    /// The registered player named `name` (in any case), with its password hash.
    pub async fn registered(&self, name: &str) -> Result<Option<(PlayerRecord, String)>, DbError> {
        let sql = format!(
            "SELECT {}, p.password_hash FROM players p WHERE p.name_key = $1 AND p.password_hash IS NOT NULL",
            player_columns("p")
        );
        let row = sqlx::query(&sql).bind(name.to_lowercase()).fetch_optional(&self.pool).await?;
        row.map(|row| Ok((player_from(&row, "p")?, row.try_get("password_hash")?))).transpose()
    }

    /// The player with this id, with the rating as it is now.
    pub async fn player(&self, id: &str) -> Result<Option<PlayerRecord>, DbError> {
        let sql = format!("SELECT {} FROM players p WHERE p.id = $1", player_columns("p"));
        let row = sqlx::query(&sql).bind(id).fetch_optional(&self.pool).await?;
        row.map(|row| player_from(&row, "p")).transpose()
    }

    /// Stores a new open challenge unless its creator has `most` open challenges of its kind already (addressed to a
    /// player, or to anyone); false then. One statement counts and inserts, so that two requests at once cannot both
    /// pass on SQLite (on PostgreSQL two processes may, rarely, let one more through).
    pub async fn create_challenge(
        &self,
        challenge: &ChallengeRecord,
        initial_ms: i64,
        now: i64,
        most: usize,
    ) -> Result<bool, DbError> {
        let kind = if challenge.opponent.is_some() { "IS NOT NULL" } else { "IS NULL" };
        let most = i64::try_from(most).unwrap_or(i64::MAX);
        // Counted first by a read: a flood of challenges past the cap is then refused without a write transaction,
        // which would take SQLite's write lock (and a sync of the disk) from the games' turns each time (the abuse
        // test's game took twice as long per turn under 120 refused challenges a second).
        let count =
            format!("SELECT COUNT(*) AS n FROM games WHERE creator = $1 AND status = 'open' AND opponent {kind}");
        let open: i64 = sqlx::query(&count).bind(&challenge.creator.id).fetch_one(&self.pool).await?.try_get("n")?;
        if open >= most {
            return Ok(false);
        }
        let sql = format!(
            "INSERT INTO games (id, creator, variant, rated, time_control, vela, opponent, status, white_clock_ms, \
             black_clock_ms, created, updated) SELECT $1, $2, $3, $4, $5, $6, $7, 'open', $8, $8, $9, $9 \
             WHERE (SELECT COUNT(*) FROM games WHERE creator = $2 AND status = 'open' AND opponent {kind}) < $10"
        );
        let insert = sqlx::query(&sql)
            .bind(&challenge.id)
            .bind(&challenge.creator.id)
            .bind(challenge.variant.name())
            .bind(i64::from(challenge.rated))
            .bind(challenge.time.to_string())
            .bind(i64::from(challenge.vela))
            .bind(challenge.opponent.as_deref())
            .bind(initial_ms)
            .bind(now)
            .bind(most);
        Ok(self.write(insert).await?.rows_affected() == 1)
    }

    /// The open challenges `viewer` may see (those to anyone, those addressed to the viewer and the viewer's own),
    /// oldest first, at most `most` of them: the viewer's own, then the newest of the others; and how many there are
    /// in all.
    pub async fn listed_challenges(&self, viewer: &str, most: usize) -> Result<(Vec<ChallengeRecord>, u64), DbError> {
        const VISIBLE: &str = "g.status = 'open' AND (g.opponent IS NULL OR g.opponent = $1 OR g.creator = $1)";
        let sql = format!(
            "SELECT g.id, g.variant, g.rated, g.time_control, g.vela, g.opponent, g.created, {} FROM games g \
             JOIN players c ON c.id = g.creator WHERE {VISIBLE} \
             ORDER BY CASE WHEN g.creator = $1 THEN 0 ELSE 1 END, g.created DESC, g.id DESC LIMIT $2",
            player_columns("c")
        );
        let most = i64::try_from(most).unwrap_or(i64::MAX);
        let rows = sqlx::query(&sql).bind(viewer).bind(most).fetch_all(&self.pool).await?;
        let mut listed = rows
            .iter()
            .map(|row| Ok((row.try_get::<i64, _>("created")?, challenge_from(row)?)))
            .collect::<Result<Vec<_>, DbError>>()?;
        listed.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.id.cmp(&y.id)));
        let count = format!("SELECT COUNT(*) AS n FROM games g WHERE {VISIBLE}");
        let total: i64 = sqlx::query(&count).bind(viewer).fetch_one(&self.pool).await?.try_get("n")?;
        Ok((listed.into_iter().map(|(_, challenge)| challenge).collect(), u64::try_from(total).unwrap_or(0)))
    }

    /// Marks the open challenges of `creators` as seen at `now`: their creators are connected (or have just left).
    /// An open challenge's `updated` is the last time its creator was seen.
    pub async fn touch_challenges(&self, creators: &[String], now: i64) -> Result<(), DbError> {
        // A few hundred parameters a statement: well within SQLite's and PostgreSQL's limits.
        for chunk in creators.chunks(500) {
            let places: Vec<String> = (2..chunk.len() + 2).map(|n| format!("${n}")).collect();
            let sql =
                format!("UPDATE games SET updated = $1 WHERE status = 'open' AND creator IN ({})", places.join(", "));
            let mut update = sqlx::query(&sql).bind(now);
            for creator in chunk {
                update = update.bind(creator);
            }
            self.write(update).await?;
        }
        Ok(())
    }

    /// Deletes the open challenges whose creator was last seen before `seen_before`; returns their ids and the
    /// players they were addressed to.
    pub async fn drop_stale_challenges(&self, seen_before: i64) -> Result<Vec<(String, Option<String>)>, DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        let rows = sqlx::query("DELETE FROM games WHERE status = 'open' AND updated < $1 RETURNING id, opponent")
            .bind(seen_before)
            .fetch_all(&mut *tx)
            .await
            .map_err(DbError::from);
        let dropped = rows.and_then(|rows| {
            rows.iter().map(|row| Ok((row.try_get("id")?, row.try_get("opponent")?))).collect::<Result<Vec<_>, _>>()
        });
        tx.end(dropped).await
    }

    /// The open challenge with this id (none for any other id, the empty one included).
    pub async fn open_challenge(&self, id: &str) -> Result<Option<ChallengeRecord>, DbError> {
        // Only this id: the query once read `$1 = '' OR g.id = $1`, shared with a listing of every challenge, and
        // the id "" then found the newest challenge, a private one too (issue 31).
        let sql = format!(
            "SELECT g.id, g.variant, g.rated, g.time_control, g.vela, g.opponent, {} FROM games g \
             JOIN players c ON c.id = g.creator WHERE g.status = 'open' AND g.id = $1",
            player_columns("c")
        );
        let row = sqlx::query(&sql).bind(id).fetch_optional(&self.pool).await?;
        row.map(|row| challenge_from(&row)).transpose()
    }

    /// Deletes an open challenge of `creator`; whether there was one.
    pub async fn cancel_challenge(&self, id: &str, creator: &str) -> Result<bool, DbError> {
        let delete =
            sqlx::query("DELETE FROM games WHERE id = $1 AND creator = $2 AND status = 'open'").bind(id).bind(creator);
        Ok(self.write(delete).await?.rows_affected() == 1)
    }

    /// Turns an open challenge into a game between `white` and `black` whose first clock starts at `now`; false if
    /// the challenge was no longer open (accepted or withdrawn meanwhile, perhaps by another server process).
    pub async fn start_game(&self, id: &str, white: &str, black: &str, now: i64) -> Result<bool, DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        let done = sqlx::query(
            "UPDATE games SET white = $1, black = $2, status = 'playing', clock_since = $3, updated = $3 \
             WHERE id = $4 AND status = 'open'",
        )
        .bind(white)
        .bind(black)
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        self.announce(&mut tx, id).await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Every game in progress, with its turns.
    pub async fn games_in_progress(&self) -> Result<Vec<StoredGame>, DbError> {
        self.games(Which::InProgress).await
    }

    /// The game with this id, in progress or over (not an open challenge).
    pub async fn game(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        Ok(self.games(Which::One(id)).await?.pop())
    }

    /// The player's finished games (not aborted ones), newest first, at most [`MAX_LISTED_GAMES`].
    pub async fn finished_games(&self, player: &str) -> Result<Vec<StoredGame>, DbError> {
        self.games(Which::FinishedOf(player)).await
    }

    /// The player's rating after each of their rated games, oldest first.
    pub async fn rating_history(&self, player: &str) -> Result<Vec<RatingPoint>, DbError> {
        let rows = sqlx::query(
            "SELECT game, rating, deviation, recorded FROM rating_history WHERE player = $1 ORDER BY recorded, game",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingPoint {
                    game: row.try_get("game")?,
                    rating: row.try_get("rating")?,
                    deviation: row.try_get("deviation")?,
                    at_ms: row.try_get("recorded")?,
                })
            })
            .collect()
    }

    /// The games `which` names, with their turns, most recently changed first.
    async fn games(&self, which: Which<'_>) -> Result<Vec<StoredGame>, DbError> {
        let (condition, key) = match which {
            Which::InProgress => ("g.status = 'playing' AND $1 = ''".to_owned(), ""),
            Which::One(id) => ("g.status <> 'open' AND g.id = $1".to_owned(), id),
            Which::FinishedOf(player) => (
                format!(
                    "g.id IN (SELECT id FROM games WHERE status = 'finished' AND (white = $1 OR black = $1) \
                     ORDER BY updated DESC, id LIMIT {MAX_LISTED_GAMES})"
                ),
                player,
            ),
        };
        let sql = format!(
            "SELECT g.id, g.variant, g.rated, g.time_control, g.vela, g.opponent, g.white_clock_ms, g.black_clock_ms, \
             g.clock_since, \
             g.status, g.result, g.reason, g.draw_offer, g.grace_used, g.updated, {}, {}, {} FROM games g \
             JOIN players c ON c.id = g.creator JOIN players w ON w.id = g.white JOIN players b ON b.id = g.black \
             WHERE {condition} ORDER BY g.updated DESC, g.id",
            player_columns("c"),
            player_columns("w"),
            player_columns("b")
        );
        let rows = sqlx::query(&sql).bind(key).fetch_all(&self.pool).await?;
        let turns_sql = format!(
            "SELECT t.game, t.ply, t.notation, t.clock_after_ms FROM turns t JOIN games g ON g.id = t.game \
             WHERE {condition} ORDER BY t.game, t.ply"
        );
        let turn_rows = sqlx::query(&turns_sql).bind(key).fetch_all(&self.pool).await?;
        let mut turns: HashMap<String, Vec<StoredTurn>> = HashMap::new();
        for row in &turn_rows {
            let list = turns.entry(row.try_get("game")?).or_default();
            let ply: i64 = row.try_get("ply")?;
            if usize::try_from(ply).ok() != Some(list.len() + 1) {
                return Err(DbError::Corrupt(format!("turn {ply} follows {} turns", list.len())));
            }
            list.push(StoredTurn {
                notation: row.try_get("notation")?,
                clock_after_ms: row.try_get("clock_after_ms")?,
            });
        }
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let settings = challenge_from(row)?;
            let white = player_from(row, "w")?;
            let black = player_from(row, "b")?;
            let draw_offer: Option<String> = row.try_get("draw_offer")?;
            let draw_offer = draw_offer
                .map(|name| Color::from_name(&name).ok_or_else(|| DbError::Corrupt(format!("draw offer {name:?}"))))
                .transpose()?;
            let end = if row.try_get::<String, _>("status")? == "playing" {
                None
            } else {
                let score: String = row.try_get("result")?;
                let reason: String = row.try_get("reason")?;
                let result = GameResult::from_stored(&score, &reason)
                    .ok_or_else(|| DbError::Corrupt(format!("result {score:?} ({reason:?})")))?;
                let ratings = self.rating_changes(&settings.id, [&white.id, &black.id]).await?;
                Some((result, ratings))
            };
            let grace_used: i64 = row.try_get("grace_used")?;
            games.push(StoredGame {
                turns: turns.remove(&settings.id).unwrap_or_default(),
                settings,
                white,
                black,
                clocks: [row.try_get("white_clock_ms")?, row.try_get("black_clock_ms")?],
                since: row.try_get::<Option<i64>, _>("clock_since")?.unwrap_or_default(),
                draw_offer,
                grace_used: [grace_used & 1 != 0, grace_used & 2 != 0],
                updated: row.try_get("updated")?,
                end,
            });
        }
        Ok(games)
    }

    /// The rating changes a game made, if it was rated.
    async fn rating_changes(&self, game: &str, players: [&str; 2]) -> Result<Option<RatingChanges>, DbError> {
        let mut changes = [None, None];
        let rows = sqlx::query(
            "SELECT player, rating_before, rating, deviation FROM rating_history WHERE game = $1 ORDER BY player",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        for row in &rows {
            let player: String = row.try_get("player")?;
            if let Some(index) = players.iter().position(|p| *p == player) {
                changes[index] = Some(RatingChange {
                    before: row.try_get("rating_before")?,
                    after: row.try_get("rating")?,
                    deviation: row.try_get("deviation")?,
                });
            }
        }
        Ok(match changes {
            [Some(white), Some(black)] => Some(RatingChanges { white, black }),
            _ => None,
        })
    }

    /// Ends a conditional change of the game `id`: rolls it back as [`DbError::Stale`] (nothing is written) unless
    /// the condition held (`changed`), else tells the other processes and commits.
    async fn commit_change(&self, mut tx: Tx, changed: bool, id: &str) -> Result<(), DbError> {
        let announced = if changed { self.announce(&mut tx, id).await } else { Err(DbError::Stale) };
        tx.end(announced).await
    }

    /// Gives `to` the grace of a dropped connection in the game `id` of `plies` turns: both clocks as of `now`, the
    /// grace on `to`'s; [`DbError::Stale`] if it had it already, or the game moved on or ended meanwhile.
    pub async fn grant_grace(
        &self,
        id: &str,
        plies: u32,
        to: Color,
        clocks: [i64; 2],
        now: i64,
    ) -> Result<(), DbError> {
        let bit = if to == Color::White { 1 } else { 2 };
        let mut tx = Tx::begin(&self.pool).await?;
        let done = sqlx::query(
            "UPDATE games SET white_clock_ms = $1, black_clock_ms = $2, clock_since = $3, updated = $3, \
             grace_used = grace_used | $4 WHERE id = $5 AND status = 'playing' AND plies = $6 AND (grace_used & $4) = 0",
        )
        .bind(clocks[0])
        .bind(clocks[1])
        .bind(now)
        .bind(bit)
        .bind(id)
        .bind(i64::from(plies))
        .execute(&mut *tx)
        .await?;
        self.commit_change(tx, done.rows_affected() == 1, id).await
    }

    /// Stores a draw offer of `by` in the game `id` of `plies` turns; [`DbError::Stale`] if the game has moved on or
    /// the opponent offered a draw meanwhile (perhaps through another process).
    pub async fn offer_draw(&self, id: &str, plies: u32, by: Color) -> Result<(), DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        let done = sqlx::query(
            "UPDATE games SET draw_offer = $1 WHERE id = $2 AND status = 'playing' AND plies = $3 \
             AND (draw_offer IS NULL OR draw_offer = $1)",
        )
        .bind(by.name())
        .bind(id)
        .bind(i64::from(plies))
        .execute(&mut *tx)
        .await?;
        self.commit_change(tx, done.rows_affected() == 1, id).await
    }

    /// Stores a turn with the clocks after it, and the end of the game if the turn ended it, all at once; returns
    /// the rating changes of a rated game that ended.
    pub async fn store_turn(
        &self,
        turn: &TurnRecord<'_>,
        end: Option<&EndRecord<'_>>,
    ) -> Result<Option<RatingChanges>, DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        let stored = async {
            // White plays the odd turns, Black the even ones: the mover's clock after the turn is stored with it.
            let (ply, side) = (i64::from(turn.ply), usize::from(turn.ply.is_multiple_of(2)));
            let mover = if side == 0 { Color::White } else { Color::Black };
            // First the guard: only the process that finds turn `ply - 1` as the last may store turn `ply` (a second
            // one waits for the row's lock, then finds `plies` moved on). Playing on declines the opponent's draw
            // offer.
            let done = sqlx::query(
                "UPDATE games SET white_clock_ms = $1, black_clock_ms = $2, clock_since = $3, updated = $3, \
                 plies = $4, draw_offer = CASE WHEN draw_offer = $5 THEN draw_offer ELSE NULL END \
                 WHERE id = $6 AND status = 'playing' AND plies = $4 - 1",
            )
            .bind(turn.clocks[0])
            .bind(turn.clocks[1])
            .bind(turn.at)
            .bind(ply)
            .bind(mover.name())
            .bind(turn.game)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                return Err(DbError::Stale);
            }
            let insert =
                "INSERT INTO turns (game, ply, notation, clock_after_ms, played_at) VALUES ($1, $2, $3, $4, $5)";
            sqlx::query(insert)
                .bind(turn.game)
                .bind(ply)
                .bind(turn.notation)
                .bind(turn.clocks[side])
                .bind(turn.at)
                .execute(&mut *tx)
                .await
                .map_err(DbError::from_insert)?;
            let changes = match end {
                Some(end) => store_end(&mut tx, end).await?,
                None => None,
            };
            self.announce(&mut tx, turn.game).await?;
            Ok(changes)
        };
        let stored = stored.await;
        tx.end(stored).await
    }

    /// Stores the end of a game (with both ratings and their history if rated); returns the rating changes.
    pub async fn end_game(&self, end: &EndRecord<'_>) -> Result<Option<RatingChanges>, DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        let stored = async {
            let changes = store_end(&mut tx, end).await?;
            self.announce(&mut tx, end.game).await?;
            Ok(changes)
        };
        let stored = stored.await;
        tx.end(stored).await
    }
}

/// Stores a result and, for a rated game, the new ratings and their history, inside the caller's transaction;
/// [`DbError::Stale`] if the game ended or moved on meanwhile (so that two processes never both end it).
async fn store_end(connection: &mut AnyConnection, end: &EndRecord<'_>) -> Result<Option<RatingChanges>, DbError> {
    let status = if end.result.reason == EndReason::Aborted { "aborted" } else { "finished" };
    let done = sqlx::query(
        "UPDATE games SET status = $1, result = $2, reason = $3, white_clock_ms = $4, black_clock_ms = $5, \
         clock_since = NULL, draw_offer = NULL, updated = $6 WHERE id = $7 AND status = 'playing' AND plies = $8",
    )
    .bind(status)
    .bind(end.result.score())
    .bind(end.result.reason.name())
    .bind(end.clocks[0])
    .bind(end.clocks[1])
    .bind(end.at)
    .bind(end.game)
    .bind(i64::from(end.plies))
    .execute(&mut *connection)
    .await?;
    if done.rows_affected() != 1 {
        return Err(DbError::Stale);
    }
    let Some((white, black)) = end.rated else { return Ok(None) };
    // Lock both players' rows before reading their ratings, in a fixed order so that two results cannot deadlock:
    // on PostgreSQL another game of the same player ending at the same moment then waits for this one instead of
    // overwriting its rating (each statement after the lock sees the latest commit). SQLite's one connection already
    // runs this transaction alone.
    let mut ids = [white, black];
    ids.sort_unstable();
    for id in ids {
        sqlx::query("UPDATE players SET rating = rating WHERE id = $1").bind(id).execute(&mut *connection).await?;
    }
    let before = [rating_of(connection, white).await?, rating_of(connection, black).await?];
    let after = rating::update(before, end.result.winner);
    for ((id, old), new) in [white, black].into_iter().zip(before).zip(after) {
        sqlx::query("UPDATE players SET rating = $1, deviation = $2, volatility = $3 WHERE id = $4")
            .bind(new.rating)
            .bind(new.deviation)
            .bind(new.volatility)
            .bind(id)
            .execute(&mut *connection)
            .await?;
        sqlx::query(
            "INSERT INTO rating_history (player, game, rating_before, rating, deviation, volatility, recorded) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(end.game)
        .bind(old.rating)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .bind(end.at)
        .execute(&mut *connection)
        .await?;
    }
    let change =
        |old: Rating, new: Rating| RatingChange { before: old.rating, after: new.rating, deviation: new.deviation };
    Ok(Some(RatingChanges { white: change(before[0], after[0]), black: change(before[1], after[1]) }))
}

/// Stores a login of `player`, inside the caller's transaction or on its connection.
async fn insert_session(
    connection: &mut AnyConnection,
    token_hash: &str,
    player: &str,
    now: i64,
) -> Result<(), DbError> {
    sqlx::query("INSERT INTO sessions (token_hash, player, created, last_seen) VALUES ($1, $2, $3, $3)")
        .bind(token_hash)
        .bind(player)
        .bind(now)
        .execute(&mut *connection)
        .await?;
    Ok(())
}

async fn rating_of(connection: &mut AnyConnection, id: &str) -> Result<Rating, DbError> {
    let row = sqlx::query("SELECT rating, deviation, volatility FROM players WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *connection)
        .await?;
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    })
}
