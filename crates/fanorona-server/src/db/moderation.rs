//! Moderation's tables: moderators and suspensions (on the players' rows), reports, the moderators' log, and the
//! players each player blocks.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Db;
use super::accounts::{player_columns, player_from};
use super::tx::Tx;
use crate::error::DbError;
use crate::protocol::{ModerationAction, ModerationRecord, PlayerView, ReportReason, ReportView};

/// A report to store.
#[derive(Clone, Debug)]
pub struct ReportRecord<'a> {
    /// Who reports.
    pub reporter: &'a str,
    /// Who is reported.
    pub player: &'a str,
    /// The game, or "".
    pub game: &'a str,
    /// Why.
    pub reason: ReportReason,
    /// The reporter's words.
    pub note: &'a str,
    /// When.
    pub at: i64,
}

/// A moderator's action to store.
#[derive(Clone, Debug)]
pub struct ModerationEntry<'a> {
    /// On whom.
    pub player: &'a str,
    /// By whom (a moderator's id).
    pub moderator: &'a str,
    /// What.
    pub action: ModerationAction,
    /// Why.
    pub reason: &'a str,
    /// When.
    pub at: i64,
    /// A warning the player has not been shown yet.
    pub unseen: bool,
}

/// A protocol value as its JSON text, for a TEXT column.
fn json<T: serde::Serialize>(value: &T) -> Result<String, DbError> {
    serde_json::to_string(value).map_err(|e| DbError::Corrupt(e.to_string()))
}

/// A protocol value from a TEXT column's JSON (or a bare name, as `ReportReason`s are stored).
fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, DbError> {
    serde_json::from_str(text).map_err(|e| DbError::Corrupt(format!("{text:?}: {e}")))
}

impl Db {
    /// Gives (or takes back) the moderator's role to the registered player named `name`; false if there is none.
    pub async fn set_moderator(&self, name: &str, moderator: bool) -> Result<bool, DbError> {
        let statement =
            sqlx::query("UPDATE players SET moderator = $1 WHERE name_key = $2 AND password_hash IS NOT NULL")
                .bind(i64::from(moderator))
                .bind(name.to_lowercase());
        Ok(self.write(statement).await?.rows_affected() == 1)
    }

    /// Whether the player `id` is a moderator.
    pub async fn is_moderator(&self, id: &str) -> Result<bool, DbError> {
        let row =
            sqlx::query("SELECT moderator FROM players WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
        Ok(row.map(|row| row.try_get::<i64, _>("moderator")).transpose()?.unwrap_or(0) != 0)
    }

    /// Until when the player `id` is suspended, if they are at `now`.
    pub async fn suspended_until(&self, id: &str, now: i64) -> Result<Option<i64>, DbError> {
        let row = sqlx::query("SELECT suspended_until FROM players WHERE id = $1 AND suspended_until > $2")
            .bind(id)
            .bind(now)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.try_get("suspended_until")).transpose()?)
    }

    /// Stores `report` (replacing the reporter's earlier one about the same player and game, reopened) unless the
    /// reporter made `most` other reports since `since`; false then. One statement counts and writes.
    pub async fn report(&self, report: &ReportRecord<'_>, since: i64, most: usize) -> Result<bool, DbError> {
        let statement = sqlx::query(
            "INSERT INTO reports (reporter, player, game, reason, note, at) \
             SELECT $1, $2, $3, $4, $5, $6 \
             WHERE (SELECT COUNT(*) FROM reports WHERE reporter = $1 AND at > $7 \
                    AND NOT (player = $2 AND game = $3)) < $8 \
             ON CONFLICT (reporter, player, game) DO UPDATE \
             SET reason = excluded.reason, note = excluded.note, at = excluded.at, closed = NULL",
        )
        .bind(report.reporter)
        .bind(report.player)
        .bind(report.game)
        .bind(json(&report.reason)?)
        .bind(report.note)
        .bind(report.at)
        .bind(since)
        .bind(i64::try_from(most).unwrap_or(i64::MAX));
        Ok(self.write(statement).await?.rows_affected() == 1)
    }

    /// The open reports, oldest first, at most `most`, each with the moderators' log of the reported player.
    pub async fn open_reports(&self, most: usize) -> Result<Vec<ReportView>, DbError> {
        let sql = format!(
            "SELECT r.game, r.reason, r.note, r.at, {}, {} FROM reports r JOIN players f ON f.id = r.reporter \
             JOIN players p ON p.id = r.player WHERE r.closed IS NULL ORDER BY r.at, r.reporter, r.player LIMIT $1",
            player_columns("f"),
            player_columns("p")
        );
        let most = i64::try_from(most).unwrap_or(i64::MAX);
        let rows = sqlx::query(&sql).bind(most).fetch_all(&self.pool).await?;
        let mut reports = Vec::with_capacity(rows.len());
        for row in &rows {
            let player = PlayerView::from(player_from(row, "p")?);
            let game: String = row.try_get("game")?;
            reports.push(ReportView {
                reporter: PlayerView::from(player_from(row, "f")?),
                history: self.moderation_log(&player.id).await?,
                player,
                game: (!game.is_empty()).then_some(game),
                reason: from_json(&row.try_get::<String, _>("reason")?)?,
                note: row.try_get("note")?,
                at_ms: row.try_get("at")?,
            });
        }
        Ok(reports)
    }

    /// What moderators did about the player `id`, oldest first.
    pub async fn moderation_log(&self, id: &str) -> Result<Vec<ModerationRecord>, DbError> {
        let rows = sqlx::query(
            "SELECT l.action, l.reason, l.at, m.name FROM moderation_log l JOIN players m ON m.id = l.moderator \
             WHERE l.player = $1 ORDER BY l.at",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(record_from).collect()
    }

    /// Logs a moderator's action, closes the open reports and fair-play flag about the player and, for a suspension,
    /// suspends them until `suspended_until` and tells the other processes to close the connections of their logins: in
    /// one transaction. Returns the hashes of the suspended player's logins' tokens, to close their connections here.
    pub async fn moderate(
        &self,
        entry: &ModerationEntry<'_>,
        suspended_until: Option<i64>,
    ) -> Result<Vec<String>, DbError> {
        let mut tx = Tx::begin(self).await?;
        let done = async {
            sqlx::query(
                "INSERT INTO moderation_log (player, moderator, action, reason, at, unseen) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(entry.player)
            .bind(entry.moderator)
            .bind(json(&entry.action)?)
            .bind(entry.reason)
            .bind(entry.at)
            .bind(i64::from(entry.unseen))
            .execute(&mut *tx)
            .await?;
            for closing in [
                "UPDATE reports SET closed = $1 WHERE player = $2 AND closed IS NULL",
                "UPDATE fair_play_flags SET closed = $1 WHERE player = $2 AND closed IS NULL",
            ] {
                sqlx::query(closing).bind(entry.at).bind(entry.player).execute(&mut *tx).await?;
            }
            let Some(until) = suspended_until else { return Ok(Vec::new()) };
            sqlx::query("UPDATE players SET suspended_until = $1 WHERE id = $2")
                .bind(until)
                .bind(entry.player)
                .execute(&mut *tx)
                .await?;
            let logins: Vec<String> = sqlx::query_scalar("SELECT token_hash FROM sessions WHERE player = $1")
                .bind(entry.player)
                .fetch_all(&mut *tx)
                .await?;
            self.announce_logouts(&mut tx, &logins).await?;
            Ok(logins)
        };
        let done = done.await;
        tx.end(done).await
    }

    /// The warnings the player `id` has not been shown, oldest first, marked shown. Read first, and written only when
    /// there are some: every `hello` asks, and almost none has any.
    pub async fn take_unseen_warnings(&self, id: &str) -> Result<Vec<ModerationRecord>, DbError> {
        let rows = sqlx::query(
            "SELECT l.action, l.reason, l.at, m.name FROM moderation_log l JOIN players m ON m.id = l.moderator \
             WHERE l.player = $1 AND l.unseen = 1 ORDER BY l.at",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let warnings: Vec<ModerationRecord> = rows.iter().map(record_from).collect::<Result<_, _>>()?;
        let Some(newest) = warnings.last().map(|w| w.at_ms) else { return Ok(warnings) };
        // Those read only: a warning given since waits for the next hello.
        let seen = sqlx::query("UPDATE moderation_log SET unseen = 0 WHERE player = $1 AND unseen = 1 AND at <= $2")
            .bind(id)
            .bind(newest);
        self.write(seen).await?;
        Ok(warnings)
    }

    /// Makes `blocker` block `blocked` (again: nothing changes), or no longer.
    pub async fn set_block(&self, blocker: &str, blocked: &str, block: bool, now: i64) -> Result<(), DbError> {
        let statement = if block {
            sqlx::query("INSERT INTO blocks (blocker, blocked, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(blocker)
                .bind(blocked)
                .bind(now)
        } else {
            sqlx::query("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2").bind(blocker).bind(blocked)
        };
        self.write(statement).await?;
        Ok(())
    }

    /// The players `blocker` blocks, by name.
    pub async fn blocked_by(&self, blocker: &str) -> Result<Vec<PlayerView>, DbError> {
        let sql = format!(
            "SELECT {} FROM blocks b JOIN players p ON p.id = b.blocked WHERE b.blocker = $1 ORDER BY p.name_key",
            player_columns("p")
        );
        let rows = sqlx::query(&sql).bind(blocker).fetch_all(&self.pool).await?;
        rows.iter().map(|row| Ok(PlayerView::from(player_from(row, "p")?))).collect()
    }

    /// Whether either of the two players blocks the other.
    pub async fn blocked_between(&self, a: &str, b: &str) -> Result<bool, DbError> {
        let row = sqlx::query(
            "SELECT 1 AS x FROM blocks WHERE (blocker = $1 AND blocked = $2) OR (blocker = $2 AND blocked = $1)",
        )
        .bind(a)
        .bind(b)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }
}

/// A row of the moderators' log joined with the moderator's name (`m.name`).
fn record_from(row: &AnyRow) -> Result<ModerationRecord, DbError> {
    Ok(ModerationRecord {
        action: from_json(&row.try_get::<String, _>("action")?)?,
        reason: row.try_get("reason")?,
        by: row.try_get("name")?,
        at_ms: row.try_get("at")?,
    })
}
