//! What the server keeps of one player, for them to download (`export_data`) or delete (`delete_account`).

use sqlx::Row;

use super::Db;
use super::accounts::PlayerRecord;
use super::tx::Tx;
use crate::error::DbError;
use crate::protocol::{AccountData, LoginData, PlayerView, PuzzleData};

impl Db {
    /// What the database keeps of `player` besides their games: when they joined, their ratings and their history,
    /// their logins and the puzzles they tried.
    pub async fn account_data(&self, player: PlayerRecord) -> Result<AccountData, DbError> {
        let id = player.id.as_str();
        let row = sqlx::query("SELECT created, puzzle_rating FROM players WHERE id = $1")
            .bind(id)
            .fetch_one(&self.reads)
            .await?;
        let (joined_ms, puzzle_rating) = (row.try_get("created")?, row.try_get("puzzle_rating")?);
        let logins = sqlx::query("SELECT created, last_seen FROM sessions WHERE player = $1 ORDER BY created")
            .bind(id)
            .fetch_all(&self.reads)
            .await?
            .iter()
            .map(|row| Ok(LoginData { created_ms: row.try_get("created")?, last_seen_ms: row.try_get("last_seen")? }))
            .collect::<Result<_, DbError>>()?;
        let puzzles = sqlx::query(
            "SELECT puzzle, solved, rating, recorded FROM puzzle_results WHERE player = $1 ORDER BY recorded, puzzle",
        )
        .bind(id)
        .fetch_all(&self.reads)
        .await?
        .iter()
        .map(|row| {
            Ok(PuzzleData {
                puzzle: row.try_get("puzzle")?,
                solved: row.try_get::<i64, _>("solved")? != 0,
                rating: row.try_get("rating")?,
                at_ms: row.try_get("recorded")?,
            })
        })
        .collect::<Result<_, DbError>>()?;
        // Every rated game: the download is the player's whole record.
        let history = self.rating_history(id, usize::MAX).await?;
        let (registered, correspondence) = (player.registered, player.correspondence);
        Ok(AccountData {
            player: PlayerView::from(player),
            registered,
            joined_ms,
            correspondence_rating: correspondence.rating,
            correspondence_deviation: correspondence.deviation,
            puzzle_rating,
            history,
            logins,
            puzzles,
        })
    }

    /// Deletes the account of `player` at `now`, in one transaction: their open challenges (theirs and those
    /// addressed to them), push subscriptions, logins (the other processes are told, to close their connections),
    /// trusted devices and the players they block go; their row keeps its id, ratings and finished games under the
    /// name `~` and the id, which no one can take, without a password; their name is held from anyone else until
    /// `held_until`. What is others' stays, under that name: the reports they wrote (the moderators' cases now) and
    /// other players' blocks of them. Returns the hashes of the logins' tokens; [`DbError::Stale`] if the
    /// account was deleted already.
    pub async fn delete_account(&self, player: &str, now: i64, held_until: i64) -> Result<Vec<String>, DbError> {
        let mut tx = Tx::begin(self).await?;
        let deleted = async {
            let name_key: Option<String> =
                sqlx::query_scalar("SELECT name_key FROM players WHERE id = $1 AND deleted IS NULL")
                    .bind(player)
                    .fetch_optional(&mut *tx)
                    .await?;
            let name_key = name_key.ok_or(DbError::Stale)?;
            let statements = [
                "DELETE FROM games WHERE status = 'open' AND (creator = $1 OR opponent = $1)",
                "DELETE FROM push_subscriptions WHERE player = $1",
                "DELETE FROM trusted_devices WHERE player = $1",
                // Whom the player blocks is theirs alone (nobody else is shown it), and of no use once they are gone.
                "DELETE FROM blocks WHERE blocker = $1",
            ];
            for statement in statements {
                sqlx::query(statement).bind(player).execute(&mut *tx).await?;
            }
            let logins: Vec<String> = sqlx::query_scalar("DELETE FROM sessions WHERE player = $1 RETURNING token_hash")
                .bind(player)
                .fetch_all(&mut *tx)
                .await?;
            let hidden = format!("~{player}");
            sqlx::query(
                "UPDATE players SET name = $2, name_key = $3, password_hash = NULL, vacation_from = NULL, \
                 vacation_until = NULL, deleted = $4 WHERE id = $1",
            )
            .bind(player)
            .bind(&hidden)
            .bind(hidden.to_lowercase())
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO held_names (name_key, until) VALUES ($1, $2) \
                 ON CONFLICT (name_key) DO UPDATE SET until = excluded.until",
            )
            .bind(&name_key)
            .bind(held_until)
            .execute(&mut *tx)
            .await?;
            self.announce_logouts(&mut tx, &logins).await?;
            Ok(logins)
        };
        let deleted = deleted.await;
        tx.end(deleted).await
    }

    /// Frees the names held until before `now`.
    pub async fn free_held_names(&self, now: i64) -> Result<(), DbError> {
        self.write(sqlx::query("DELETE FROM held_names WHERE until < $1").bind(now)).await?;
        Ok(())
    }
}
