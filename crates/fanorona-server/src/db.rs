//! The data layer: one set of queries for SQLite and PostgreSQL through sqlx's `Any` driver, checked at run time.
//!
//! The SQL is written to run unchanged on both: `$1` placeholders (SQLite reads `$N` as parameter N), TEXT, BIGINT
//! and DOUBLE PRECISION columns only (booleans as 0/1, times as milliseconds since the Unix epoch).

use std::borrow::Cow;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyConnection, AnyPool, Executor, Row};

use crate::protocol::{EndReason, GameResult, GameVariant, RatingChange, RatingChanges, TimeControl};
use crate::rating::{self, Rating};

/// The migrations, built into the program so that it needs no files beside it.
const MIGRATIONS: &[(i64, &str, &str)] = &[(1, "initial", include_str!("../migrations/0001_initial.sql"))];

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
}

/// A game in progress as stored: enough to take it up again after a restart.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The challenge it was, with its settings.
    pub settings: ChallengeRecord,
    /// The white player.
    pub white: PlayerRecord,
    /// The black player.
    pub black: PlayerRecord,
    /// The turns in order.
    pub turns: Vec<String>,
    /// The time each side had left at `since` (white's first).
    pub clocks: [i64; 2],
    /// When the side to move's clock started.
    pub since: i64,
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
    /// White's and black's ids when the ratings change.
    pub rated: Option<(&'a str, &'a str)>,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
}

/// The columns of the player table under `alias`, named `{alias}_{column}` for [`player_from`].
fn player_columns(alias: &str) -> String {
    ["id", "name", "rating", "deviation", "volatility"].map(|c| format!("{alias}.{c} AS {alias}_{c}")).join(", ")
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
    })
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
    /// created when missing (its folder must exist).
    pub async fn connect(url: &str) -> Result<Db, DbError> {
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
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        Migrator::new(Embedded).await?.run(&pool).await?;
        Ok(Db { pool })
    }

    /// Stores a new player; [`DbError::Duplicate`] when the name (in any case) is taken.
    pub async fn create_player(&self, player: &PlayerRecord, token_hash: &str, now: i64) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO players (id, name, name_key, token_hash, rating, deviation, volatility, created) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&player.id)
        .bind(&player.name)
        .bind(player.name.to_lowercase())
        .bind(token_hash)
        .bind(player.rating.rating)
        .bind(player.rating.deviation)
        .bind(player.rating.volatility)
        .bind(now)
        .execute(&self.pool)
        .await
        .map_err(DbError::from_insert)?;
        Ok(())
    }

    /// The player whose token has this hash.
    pub async fn player_by_token(&self, token_hash: &str) -> Result<Option<PlayerRecord>, DbError> {
        self.player_where("token_hash", token_hash).await
    }

    /// The player with this id, with the rating as it is now.
    pub async fn player(&self, id: &str) -> Result<Option<PlayerRecord>, DbError> {
        self.player_where("id", id).await
    }

    async fn player_where(&self, column: &'static str, value: &str) -> Result<Option<PlayerRecord>, DbError> {
        let sql = format!("SELECT {} FROM players p WHERE p.{column} = $1", player_columns("p"));
        let row = sqlx::query(&sql).bind(value).fetch_optional(&self.pool).await?;
        row.map(|row| player_from(&row, "p")).transpose()
    }

    /// Stores a new open challenge.
    pub async fn create_challenge(
        &self,
        challenge: &ChallengeRecord,
        initial_ms: i64,
        now: i64,
    ) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO games (id, creator, variant, rated, time_control, status, white_clock_ms, black_clock_ms, \
             created, updated) VALUES ($1, $2, $3, $4, $5, 'open', $6, $6, $7, $7)",
        )
        .bind(&challenge.id)
        .bind(&challenge.creator.id)
        .bind(challenge.variant.name())
        .bind(i64::from(challenge.rated))
        .bind(challenge.time.to_string())
        .bind(initial_ms)
        .bind(now)
        .execute(&self.pool)
        .await
        .map_err(DbError::from_insert)?;
        Ok(())
    }

    /// The open challenges (all, or the one with `id`), oldest first.
    async fn challenges(&self, id: Option<&str>) -> Result<Vec<ChallengeRecord>, DbError> {
        let sql = format!(
            "SELECT g.id, g.variant, g.rated, g.time_control, {} FROM games g JOIN players c ON c.id = g.creator \
             WHERE g.status = 'open' AND ($1 = '' OR g.id = $1) ORDER BY g.created, g.id",
            player_columns("c")
        );
        let rows = sqlx::query(&sql).bind(id.unwrap_or_default()).fetch_all(&self.pool).await?;
        rows.iter().map(challenge_from).collect()
    }

    /// The open challenges, oldest first.
    pub async fn open_challenges(&self) -> Result<Vec<ChallengeRecord>, DbError> {
        self.challenges(None).await
    }

    /// The open challenge with this id.
    pub async fn open_challenge(&self, id: &str) -> Result<Option<ChallengeRecord>, DbError> {
        Ok(self.challenges(Some(id)).await?.pop())
    }

    /// Deletes an open challenge of `creator`; whether there was one.
    pub async fn cancel_challenge(&self, id: &str, creator: &str) -> Result<bool, DbError> {
        let done = sqlx::query("DELETE FROM games WHERE id = $1 AND creator = $2 AND status = 'open'")
            .bind(id)
            .bind(creator)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Turns an open challenge into a game between `white` and `black` whose first clock starts at `now`; false if
    /// the challenge was no longer open (accepted or withdrawn meanwhile, perhaps by another server process).
    pub async fn start_game(&self, id: &str, white: &str, black: &str, now: i64) -> Result<bool, DbError> {
        let done = sqlx::query(
            "UPDATE games SET white = $1, black = $2, status = 'playing', clock_since = $3, updated = $3 \
             WHERE id = $4 AND status = 'open'",
        )
        .bind(white)
        .bind(black)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Every game in progress, with its turns.
    pub async fn games_in_progress(&self) -> Result<Vec<StoredGame>, DbError> {
        let sql = format!(
            "SELECT g.id, g.variant, g.rated, g.time_control, g.white_clock_ms, g.black_clock_ms, g.clock_since, \
             {}, {}, {} FROM games g JOIN players c ON c.id = g.creator JOIN players w ON w.id = g.white \
             JOIN players b ON b.id = g.black WHERE g.status = 'playing' ORDER BY g.id",
            player_columns("c"),
            player_columns("w"),
            player_columns("b")
        );
        let rows = sqlx::query(&sql).fetch_all(&self.pool).await?;
        let turn_rows = sqlx::query(
            "SELECT t.game, t.ply, t.notation FROM turns t JOIN games g ON g.id = t.game \
             WHERE g.status = 'playing' ORDER BY t.game, t.ply",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut turns: HashMap<String, Vec<String>> = HashMap::new();
        for row in &turn_rows {
            let list = turns.entry(row.try_get("game")?).or_default();
            let ply: i64 = row.try_get("ply")?;
            if usize::try_from(ply).ok() != Some(list.len() + 1) {
                return Err(DbError::Corrupt(format!("turn {ply} follows {} turns", list.len())));
            }
            list.push(row.try_get("notation")?);
        }
        rows.iter()
            .map(|row| {
                let settings = challenge_from(row)?;
                Ok(StoredGame {
                    turns: turns.remove(&settings.id).unwrap_or_default(),
                    settings,
                    white: player_from(row, "w")?,
                    black: player_from(row, "b")?,
                    clocks: [row.try_get("white_clock_ms")?, row.try_get("black_clock_ms")?],
                    since: row.try_get::<Option<i64>, _>("clock_since")?.unwrap_or_default(),
                })
            })
            .collect()
    }

    /// Stores a turn with the clocks after it, and the end of the game if the turn ended it, all at once; returns
    /// the rating changes of a rated game that ended.
    pub async fn store_turn(
        &self,
        turn: &TurnRecord<'_>,
        end: Option<&EndRecord<'_>>,
    ) -> Result<Option<RatingChanges>, DbError> {
        let mut tx = self.pool.begin().await?;
        // White plays the odd turns, Black the even ones: the mover's clock after the turn is stored with it.
        let (ply, side) = (i64::from(turn.ply), usize::from(turn.ply.is_multiple_of(2)));
        sqlx::query("INSERT INTO turns (game, ply, notation, clock_after_ms, played_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(turn.game)
            .bind(ply)
            .bind(turn.notation)
            .bind(turn.clocks[side])
            .bind(turn.at)
            .execute(&mut *tx)
            .await
            .map_err(DbError::from_insert)?;
        sqlx::query(
            "UPDATE games SET white_clock_ms = $1, black_clock_ms = $2, clock_since = $3, updated = $3 \
             WHERE id = $4 AND status = 'playing'",
        )
        .bind(turn.clocks[0])
        .bind(turn.clocks[1])
        .bind(turn.at)
        .bind(turn.game)
        .execute(&mut *tx)
        .await?;
        let changes = match end {
            Some(end) => store_end(&mut tx, end).await?,
            None => None,
        };
        tx.commit().await?;
        Ok(changes)
    }

    /// Stores the end of a game (with both ratings and their history if rated); returns the rating changes.
    pub async fn end_game(&self, end: &EndRecord<'_>) -> Result<Option<RatingChanges>, DbError> {
        let mut tx = self.pool.begin().await?;
        let changes = store_end(&mut tx, end).await?;
        tx.commit().await?;
        Ok(changes)
    }
}

/// Stores a result and, for a rated game, the new ratings and their history, inside the caller's transaction.
async fn store_end(connection: &mut AnyConnection, end: &EndRecord<'_>) -> Result<Option<RatingChanges>, DbError> {
    let status = if end.result.reason == EndReason::Aborted { "aborted" } else { "finished" };
    sqlx::query(
        "UPDATE games SET status = $1, result = $2, reason = $3, white_clock_ms = $4, black_clock_ms = $5, \
         clock_since = NULL, updated = $6 WHERE id = $7 AND status = 'playing'",
    )
    .bind(status)
    .bind(end.result.score())
    .bind(end.result.reason.name())
    .bind(end.clocks[0])
    .bind(end.clocks[1])
    .bind(end.at)
    .bind(end.game)
    .execute(&mut *connection)
    .await?;
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
