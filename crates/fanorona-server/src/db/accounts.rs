//! Players and their logins (the `sessions` table: one row per token, by its hash).

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::Db;
use super::tx::Tx;
use crate::error::DbError;
use crate::protocol::PlayerView;
use crate::rating::{Pool, Rating};
use crate::vacation::{Allowance, Vacation, VacationState};

/// What every player may see of a player, with the live rating.
impl From<PlayerRecord> for PlayerView {
    fn from(player: PlayerRecord) -> PlayerView {
        player.view(Pool::Live)
    }
}

impl PlayerRecord {
    /// A new guest `id` named `name`: a new player's ratings, no password yet.
    pub fn guest(id: String, name: String, bot: bool) -> PlayerRecord {
        PlayerRecord {
            id,
            name,
            rating: Rating::new_player(),
            correspondence: Rating::new_player(),
            bot,
            registered: false,
            vacation: VacationState::default(),
        }
    }

    /// What every player may see of the player, with the rating of `pool`: in a correspondence challenge or game,
    /// the correspondence rating.
    pub fn view(self, pool: Pool) -> PlayerView {
        let rating = match pool {
            Pool::Live => self.rating,
            Pool::Correspondence => self.correspondence,
        };
        PlayerView { id: self.id, name: self.name, rating: rating.rating, deviation: rating.deviation, bot: self.bot }
    }
}

/// A player's id, name and rating.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRecord {
    /// The id.
    pub id: String,
    /// The display name.
    pub name: String,
    /// The live games' rating.
    pub rating: Rating,
    /// The correspondence games' rating.
    pub correspondence: Rating,
    /// Whether a program plays for the player.
    pub bot: bool,
    /// Whether the player has a password (registered), not only tokens (a guest).
    pub registered: bool,
    /// The player's vacation and the days they took.
    pub vacation: VacationState,
}

/// The columns of the player table under `alias`, named `{alias}_{column}` for [`player_from`].
pub(super) fn player_columns(alias: &str) -> String {
    let [rating, deviation, volatility] = Pool::Correspondence.columns();
    let columns = [
        "id",
        "name",
        "rating",
        "deviation",
        "volatility",
        rating,
        deviation,
        volatility,
        "bot",
        "vacation_from",
        "vacation_until",
        "vacation_year",
        "vacation_days",
    ]
    .map(|c| format!("{alias}.{c} AS {alias}_{c}"));
    // A BIGINT on both databases (PostgreSQL would make a bare CASE of small numbers an INTEGER).
    let registered =
        format!("CAST(CASE WHEN {alias}.password_hash IS NULL THEN 0 ELSE 1 END AS BIGINT) AS {alias}_registered");
    format!("{}, {registered}", columns.join(", "))
}

pub(super) fn player_from(row: &AnyRow, alias: &str) -> Result<PlayerRecord, DbError> {
    let column = |c: &str| format!("{alias}_{c}");
    Ok(PlayerRecord {
        id: row.try_get(column("id").as_str())?,
        name: row.try_get(column("name").as_str())?,
        rating: rating_from(row, alias, Pool::Live)?,
        correspondence: rating_from(row, alias, Pool::Correspondence)?,
        bot: row.try_get::<i64, _>(column("bot").as_str())? != 0,
        registered: row.try_get::<i64, _>(column("registered").as_str())? != 0,
        vacation: vacation_from(row, alias)?,
    })
}

/// The vacation in a row read with [`player_columns`].
fn vacation_from(row: &AnyRow, alias: &str) -> Result<VacationState, DbError> {
    let column = |c: &str| format!("{alias}_vacation_{c}");
    let from: Option<i64> = row.try_get(column("from").as_str())?;
    let until: Option<i64> = row.try_get(column("until").as_str())?;
    let days: i64 = row.try_get(column("days").as_str())?;
    Ok(VacationState {
        vacation: from.zip(until).map(|(from, until)| Vacation { from, until }),
        allowance: Allowance {
            year: row.try_get(column("year").as_str())?,
            days: u32::try_from(days).map_err(|_| DbError::Corrupt(format!("{days} days of vacation")))?,
        },
    })
}

/// The rating of `pool` in a row read with [`player_columns`].
fn rating_from(row: &AnyRow, alias: &str, pool: Pool) -> Result<Rating, DbError> {
    let [rating, deviation, volatility] = pool.columns().map(|c| format!("{alias}_{c}"));
    Ok(Rating {
        rating: row.try_get(rating.as_str())?,
        deviation: row.try_get(deviation.as_str())?,
        volatility: row.try_get(volatility.as_str())?,
    })
}

impl Db {
    /// Stores a new player with its first login, the token whose hash is `token_hash`; [`DbError::Duplicate`] when
    /// the name (in any case) is taken.
    pub async fn create_player(&self, player: &PlayerRecord, token_hash: &str, now: i64) -> Result<(), DbError> {
        let mut tx = Tx::begin(self).await?;
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
        let mut tx = Tx::begin(self).await?;
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
        let row = sqlx::query(&sql).bind(token_hash).fetch_optional(&self.reads).await?;
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
        let mut tx = Tx::begin(self).await?;
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(&mut *tx).await?;
        self.announce_logouts(&mut tx, &[token_hash.to_owned()]).await?;
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

    /// Whether a player other than `except` (an id) has the name `name`, in any case, or a deleted account's name
    /// is held from anyone else at `now`.
    pub async fn name_taken(&self, name: &str, except: &str, now: i64) -> Result<bool, DbError> {
        let found = sqlx::query(
            "SELECT id FROM players WHERE name_key = $1 AND id <> $2 \
             UNION ALL SELECT name_key FROM held_names WHERE name_key = $1 AND until >= $3",
        )
        .bind(name.to_lowercase())
        .bind(except)
        .bind(now)
        .fetch_optional(&self.reads);
        Ok(found.await?.is_some())
    }

    /// The registered player named `name` (in any case), with its password hash.
    pub async fn registered(&self, name: &str) -> Result<Option<(PlayerRecord, String)>, DbError> {
        let sql = format!(
            "SELECT {}, p.password_hash FROM players p WHERE p.name_key = $1 AND p.password_hash IS NOT NULL",
            player_columns("p")
        );
        let row = sqlx::query(&sql).bind(name.to_lowercase()).fetch_optional(&self.reads).await?;
        row.map(|row| Ok((player_from(&row, "p")?, row.try_get("password_hash")?))).transpose()
    }

    /// The player with this id, with the rating as it is now.
    pub async fn player(&self, id: &str) -> Result<Option<PlayerRecord>, DbError> {
        let sql = format!("SELECT {} FROM players p WHERE p.id = $1", player_columns("p"));
        let row = sqlx::query(&sql).bind(id).fetch_optional(&self.reads).await?;
        row.map(|row| player_from(&row, "p")).transpose()
    }
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
