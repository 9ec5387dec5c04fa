//! Moderation's tables: moderators and suspensions (on the players' rows), reports, the moderators' log, and the
//! players each player blocks.

use std::fmt;
use std::str::FromStr;

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
    /// The key of the reporter's address ([`crate::throttle::address_key`]), for the daily cap per address.
    pub address: &'a str,
}

/// What became of a report to store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filing {
    /// Stored.
    Filed,
    /// Not stored: the reporter made their day's reports already.
    ReporterFull,
    /// Not stored: the players of the reporter's address made their day's reports already.
    AddressFull,
}

/// Where a page of the moderators' queue ends: the last line's place in the queue's order, which the next page
/// starts after. Written `trusted.reporters.oldest.player` (`2.5.1700000000000.p3`) for the protocol's `next`: a
/// place in the order rather than a count of lines, so that a line acted on meanwhile moves no other line from one
/// page to the next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueCursor {
    /// Its reporters of good standing.
    pub trusted: i64,
    /// Its reporters.
    pub reporters: i64,
    /// Its oldest open report.
    pub oldest: i64,
    /// The reported player's id.
    pub player: String,
}

impl fmt::Display for QueueCursor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}.{}", self.trusted, self.reporters, self.oldest, self.player)
    }
}

/// A `list_reports` `after` that is no `next` of a `reports` page.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is no page of the moderators' queue")]
pub struct BadQueueCursor(pub String);

impl FromStr for QueueCursor {
    type Err = BadQueueCursor;

    fn from_str(text: &str) -> Result<QueueCursor, BadQueueCursor> {
        let bad = || BadQueueCursor(text.chars().take(64).collect());
        let mut parts = text.splitn(4, '.');
        let mut number = || parts.next().and_then(|part| part.parse::<i64>().ok()).ok_or_else(bad);
        let (trusted, reporters, oldest) = (number()?, number()?, number()?);
        let player = parts.next().filter(|player| !player.is_empty()).ok_or_else(bad)?;
        Ok(QueueCursor { trusted, reporters, oldest, player: player.to_owned() })
    }
}

/// Whether the reporter of the open report `r` (joined with their player row as `f`) is of good standing: registered,
/// and none of their reports dismissed. A guest costs nothing to make, and a reporter whose reports were found to be
/// nothing has a record that says so; the moderators' queue weighs the others first (docs/DECISIONS.md).
const GOOD_STANDING: &str = "(f.password_hash IS NOT NULL AND NOT EXISTS \
     (SELECT 1 FROM reports d WHERE d.reporter = r.reporter AND d.dismissed = 1))";

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
pub(super) fn json<T: serde::Serialize>(value: &T) -> Result<String, DbError> {
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
            sqlx::query("SELECT moderator FROM players WHERE id = $1").bind(id).fetch_optional(&self.reads).await?;
        Ok(row.map(|row| row.try_get::<i64, _>("moderator")).transpose()?.unwrap_or(0) != 0)
    }

    /// Until when the player `id` is suspended, if they are at `now`.
    pub async fn suspended_until(&self, id: &str, now: i64) -> Result<Option<i64>, DbError> {
        let row = sqlx::query("SELECT suspended_until FROM players WHERE id = $1 AND suspended_until > $2")
            .bind(id)
            .bind(now)
            .fetch_optional(&self.reads)
            .await?;
        Ok(row.map(|row| row.try_get("suspended_until")).transpose()?)
    }

    /// Stores `report` (replacing the reporter's earlier one about the same player and game, reopened, still
    /// marked if it was dismissed) unless the
    /// reporter made `per_reporter` other reports since `since`, or the players of its address `per_address`. One
    /// statement counts and writes; the addresses of the reports made before `since` are then forgotten, their
    /// count done.
    pub async fn report(
        &self,
        report: &ReportRecord<'_>,
        since: i64,
        per_reporter: usize,
        per_address: usize,
    ) -> Result<Filing, DbError> {
        let count = |most: usize| i64::try_from(most).unwrap_or(i64::MAX);
        let statement = sqlx::query(
            "INSERT INTO reports (reporter, player, game, reason, note, at, address) \
             SELECT $1, $2, $3, $4, $5, $6, $9 \
             WHERE (SELECT COUNT(*) FROM reports WHERE reporter = $1 AND at > $7 \
                    AND NOT (player = $2 AND game = $3)) < $8 \
             AND (SELECT COUNT(*) FROM reports WHERE address = $9 AND at > $7 \
                  AND NOT (reporter = $1 AND player = $2 AND game = $3)) < $10 \
             ON CONFLICT (reporter, player, game) DO UPDATE \
             SET reason = excluded.reason, note = excluded.note, at = excluded.at, address = excluded.address, \
             closed = NULL",
        )
        .bind(report.reporter)
        .bind(report.player)
        .bind(report.game)
        .bind(json(&report.reason)?)
        .bind(report.note)
        .bind(report.at)
        .bind(since)
        .bind(count(per_reporter))
        .bind(report.address)
        .bind(count(per_address));
        if self.write(statement).await?.rows_affected() == 1 {
            let forget = sqlx::query("UPDATE reports SET address = NULL WHERE address IS NOT NULL AND at <= $1");
            self.write(forget.bind(since)).await?;
            return Ok(Filing::Filed);
        }
        // Refused: which cap, for the reporter's message only (a report made meanwhile changes no decision).
        let theirs: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM reports WHERE reporter = $1 AND at > $2 AND NOT (player = $3 AND game = $4)",
        )
        .bind(report.reporter)
        .bind(since)
        .bind(report.player)
        .bind(report.game)
        .fetch_one(&self.pool)
        .await?;
        Ok(if theirs >= count(per_reporter) { Filing::ReporterFull } else { Filing::AddressFull })
    }

    /// A page of the moderators' queue: one line per player with open reports, at most `most`, after `after` (from
    /// the first line if none), and where the next page starts if there are more. Its order (docs/DECISIONS.md):
    /// the most reporters of good standing ([`GOOD_STANDING`]) first, then the most reporters, then the oldest open
    /// report, then the player's id (so that every line has one place). Each line is the player's weightiest open
    /// report (a reporter of good standing's first, then the oldest) with the moderators' log of the player.
    pub async fn report_queue(
        &self,
        after: Option<&QueueCursor>,
        most: usize,
    ) -> Result<(Vec<ReportView>, Option<QueueCursor>), DbError> {
        let sql = format!(
            "SELECT player, reporters, trusted, oldest FROM ( \
                 SELECT player, COUNT(DISTINCT reporter) AS reporters, \
                     COUNT(DISTINCT CASE WHEN good = 1 THEN reporter END) AS trusted, MIN(at) AS oldest \
                 FROM (SELECT r.player, r.reporter, r.at, CASE WHEN {GOOD_STANDING} THEN 1 ELSE 0 END AS good \
                       FROM reports r JOIN players f ON f.id = r.reporter WHERE r.closed IS NULL) o \
                 GROUP BY player) q \
             WHERE $1 = 0 OR q.trusted < $2 OR (q.trusted = $2 AND (q.reporters < $3 OR (q.reporters = $3 \
                 AND (q.oldest > $4 OR (q.oldest = $4 AND q.player > $5))))) \
             ORDER BY q.trusted DESC, q.reporters DESC, q.oldest, q.player LIMIT $6"
        );
        let start =
            after.cloned().unwrap_or(QueueCursor { trusted: 0, reporters: 0, oldest: 0, player: String::new() });
        let most = i64::try_from(most).unwrap_or(i64::MAX);
        let rows = sqlx::query(&sql)
            .bind(i64::from(after.is_some()))
            .bind(start.trusted)
            .bind(start.reporters)
            .bind(start.oldest)
            .bind(&start.player)
            // One more than the page: whether a next page exists.
            .bind(most.saturating_add(1))
            .fetch_all(&self.pool)
            .await?;
        let mut lines = Vec::with_capacity(rows.len());
        for row in &rows {
            lines.push(QueueCursor {
                trusted: row.try_get("trusted")?,
                reporters: row.try_get("reporters")?,
                oldest: row.try_get("oldest")?,
                player: row.try_get("player")?,
            });
        }
        let more = i64::try_from(lines.len()).unwrap_or(i64::MAX) > most;
        lines.truncate(usize::try_from(most).unwrap_or(usize::MAX));
        let mut reports = Vec::with_capacity(lines.len());
        for line in &lines {
            // Gone meanwhile (a moderator acted on the player): the line is left out.
            if let Some(report) = self.weightiest_report(line).await? {
                reports.push(report);
            }
        }
        Ok((reports, if more { lines.pop() } else { None }))
    }

    /// The open report about `line.player` a moderator reads first: a reporter of good standing's, then the oldest.
    async fn weightiest_report(&self, line: &QueueCursor) -> Result<Option<ReportView>, DbError> {
        let sql = format!(
            "SELECT r.game, r.reason, r.note, r.at, {}, {} FROM reports r JOIN players f ON f.id = r.reporter \
             JOIN players p ON p.id = r.player WHERE r.player = $1 AND r.closed IS NULL \
             ORDER BY CASE WHEN {GOOD_STANDING} THEN 0 ELSE 1 END, r.at, r.reporter, r.game LIMIT 1",
            player_columns("f"),
            player_columns("p")
        );
        let Some(row) = sqlx::query(&sql).bind(&line.player).fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let player = PlayerView::from(player_from(&row, "p")?);
        let game: String = row.try_get("game")?;
        let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
        Ok(Some(ReportView {
            reporter: PlayerView::from(player_from(&row, "f")?),
            history: self.moderation_log(&player.id).await?,
            player,
            game: (!game.is_empty()).then_some(game),
            reason: from_json(&row.try_get::<String, _>("reason")?)?,
            note: row.try_get("note")?,
            at_ms: row.try_get("at")?,
            reporters: count(line.reporters),
            trusted: count(line.trusted),
        }))
    }

    /// What moderators did about the player `id`, oldest first.
    pub async fn moderation_log(&self, id: &str) -> Result<Vec<ModerationRecord>, DbError> {
        let rows = sqlx::query(
            "SELECT l.action, l.reason, l.at, l.tournament, m.name FROM moderation_log l \
             JOIN players m ON m.id = l.moderator WHERE l.player = $1 ORDER BY l.at",
        )
        .bind(id)
        .fetch_all(&self.reads)
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
            // A dismissal marks the reports it closes for good (a report filed again stays marked): their reporters'
            // record, which the moderators' queue weighs, counts them.
            sqlx::query(
                "UPDATE reports SET closed = $1, dismissed = CASE WHEN $3 = 1 THEN 1 ELSE dismissed END \
                 WHERE player = $2 AND closed IS NULL",
            )
            .bind(entry.at)
            .bind(entry.player)
            .bind(i64::from(entry.action == ModerationAction::Dismiss))
            .execute(&mut *tx)
            .await?;
            sqlx::query("UPDATE fair_play_flags SET closed = $1 WHERE player = $2 AND closed IS NULL")
                .bind(entry.at)
                .bind(entry.player)
                .execute(&mut *tx)
                .await?;
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
            "SELECT l.action, l.reason, l.at, l.tournament, m.name FROM moderation_log l \
             JOIN players m ON m.id = l.moderator WHERE l.player = $1 AND l.unseen = 1 ORDER BY l.at",
        )
        .bind(id)
        .fetch_all(&self.reads)
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
        let rows = sqlx::query(&sql).bind(blocker).fetch_all(&self.reads).await?;
        rows.iter().map(|row| Ok(PlayerView::from(player_from(row, "p")?))).collect()
    }

    /// Whether either of the two players blocks the other.
    pub async fn blocked_between(&self, a: &str, b: &str) -> Result<bool, DbError> {
        let row = sqlx::query(
            "SELECT 1 AS x FROM blocks WHERE (blocker = $1 AND blocked = $2) OR (blocker = $2 AND blocked = $1)",
        )
        .bind(a)
        .bind(b)
        .fetch_optional(&self.reads)
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
        tournament: row.try_get("tournament")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_of_the_queue_is_written_and_read_back_and_anything_else_is_refused() {
        let cursor = QueueCursor { trusted: 2, reporters: 5, oldest: 1_700_000_000_000, player: "p.3".into() };
        assert_eq!(cursor.to_string(), "2.5.1700000000000.p.3");
        assert_eq!(cursor.to_string().parse(), Ok(cursor));
        for bad in ["", "page two", "1.2.3", "1.2.3.", "a.2.3.p", "1.2.x.p", "99999999999999999999.1.1.p"] {
            assert!(bad.parse::<QueueCursor>().is_err(), "{bad:?}");
        }
    }
}
