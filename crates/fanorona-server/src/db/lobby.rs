//! Open challenges: stored as rows of `games` with the status `open`, until accepted (a game starts) or dropped.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Db;
use super::accounts::{PlayerRecord, player_columns, player_from};
use super::tx::Tx;
use crate::error::DbError;
use crate::protocol::{GameVariant, TimeControl};

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
    /// The tournament whose game it is (never an open challenge).
    pub tournament: Option<String>,
}

/// Reads the settings of a game row selected with `g.*` and the creator as `c`.
pub(super) fn challenge_from(row: &AnyRow) -> Result<ChallengeRecord, DbError> {
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
        tournament: row.try_get("tournament")?,
    })
}

impl Db {
    /// Stores a new open challenge unless its creator has `most` open challenges of its kind already (addressed to a
    /// player, correspondence to anyone, or live to anyone); false then. One statement counts and inserts, so that two requests at once cannot both
    /// pass on SQLite (on PostgreSQL two processes may, rarely, let one more through).
    pub async fn create_challenge(
        &self,
        challenge: &ChallengeRecord,
        initial_ms: i64,
        now: i64,
        most: usize,
    ) -> Result<bool, DbError> {
        let kind = match (&challenge.opponent, challenge.time.is_correspondence()) {
            (Some(_), _) => "opponent IS NOT NULL",
            (None, true) => "opponent IS NULL AND correspondence = 1",
            (None, false) => "opponent IS NULL AND correspondence = 0",
        };
        let most = i64::try_from(most).unwrap_or(i64::MAX);
        // Counted first by a read: a flood of challenges past the cap is then refused without a write transaction,
        // which would take SQLite's write lock (and a sync of the disk) from the games' turns each time (the abuse
        // test's game took twice as long per turn under 120 refused challenges a second).
        let count = format!("SELECT COUNT(*) AS n FROM games WHERE creator = $1 AND status = 'open' AND {kind}");
        let open: i64 = sqlx::query(&count).bind(&challenge.creator.id).fetch_one(&self.reads).await?.try_get("n")?;
        if open >= most {
            return Ok(false);
        }
        let sql = format!(
            "INSERT INTO games (id, creator, variant, rated, time_control, vela, opponent, status, white_clock_ms, \
             black_clock_ms, created, updated, correspondence) \
             SELECT $1, $2, $3, $4, $5, $6, $7, 'open', $8, $8, $9, $9, $11 \
             WHERE (SELECT COUNT(*) FROM games WHERE creator = $2 AND status = 'open' AND {kind}) < $10"
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
            .bind(most)
            .bind(i64::from(challenge.time.is_correspondence()));
        Ok(self.write(insert).await?.rows_affected() == 1)
    }

    /// The open challenges `viewer` may see (those to anyone, those addressed to the viewer and the viewer's own, but
    /// none of a player either of them blocks),
    /// oldest first, at most `most` of them: the viewer's own, then the newest of the others; and how many there are
    /// in all.
    pub async fn listed_challenges(&self, viewer: &str, most: usize) -> Result<(Vec<ChallengeRecord>, u64), DbError> {
        // Neither the challenges of players the viewer blocks nor those of players who block the viewer.
        const VISIBLE: &str = "g.status = 'open' AND (g.opponent IS NULL OR g.opponent = $1 OR g.creator = $1) \
            AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker = $1 AND b.blocked = g.creator) \
            OR (b.blocker = g.creator AND b.blocked = $1))";
        let sql = format!(
            "SELECT g.id, g.variant, g.rated, g.time_control, g.vela, g.opponent, g.tournament, g.created, {} FROM games g \
             JOIN players c ON c.id = g.creator WHERE {VISIBLE} \
             ORDER BY CASE WHEN g.creator = $1 THEN 0 ELSE 1 END, g.created DESC, g.id DESC LIMIT $2",
            player_columns("c")
        );
        let most = i64::try_from(most).unwrap_or(i64::MAX);
        let rows = sqlx::query(&sql).bind(viewer).bind(most).fetch_all(&self.reads).await?;
        let mut listed = rows
            .iter()
            .map(|row| Ok((row.try_get::<i64, _>("created")?, challenge_from(row)?)))
            .collect::<Result<Vec<_>, DbError>>()?;
        listed.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.id.cmp(&y.id)));
        let count = format!("SELECT COUNT(*) AS n FROM games g WHERE {VISIBLE}");
        let total: i64 = sqlx::query(&count).bind(viewer).fetch_one(&self.reads).await?.try_get("n")?;
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

    /// Deletes the open live challenges whose creator was last seen before `seen_before` (a correspondence challenge
    /// waits for its answer however long its creator is away); returns their ids and the players they were addressed
    /// to.
    pub async fn drop_stale_challenges(&self, seen_before: i64) -> Result<Vec<(String, Option<String>)>, DbError> {
        let mut tx = Tx::begin(self).await?;
        let delete =
            "DELETE FROM games WHERE status = 'open' AND correspondence = 0 AND updated < $1 RETURNING id, opponent";
        let rows = sqlx::query(delete).bind(seen_before).fetch_all(&mut *tx).await.map_err(DbError::from);
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
            "SELECT g.id, g.variant, g.rated, g.time_control, g.vela, g.opponent, g.tournament, {} FROM games g \
             JOIN players c ON c.id = g.creator WHERE g.status = 'open' AND g.id = $1",
            player_columns("c")
        );
        let row = sqlx::query(&sql).bind(id).fetch_optional(&self.reads).await?;
        row.map(|row| challenge_from(&row)).transpose()
    }

    /// Deletes an open challenge of `creator`; whether there was one.
    pub async fn cancel_challenge(&self, id: &str, creator: &str) -> Result<bool, DbError> {
        let delete =
            sqlx::query("DELETE FROM games WHERE id = $1 AND creator = $2 AND status = 'open'").bind(id).bind(creator);
        Ok(self.write(delete).await?.rows_affected() == 1)
    }

    /// Deletes an open challenge addressed to `opponent`; whether there was one.
    pub async fn decline_challenge(&self, id: &str, opponent: &str) -> Result<bool, DbError> {
        let delete = sqlx::query("DELETE FROM games WHERE id = $1 AND opponent = $2 AND status = 'open'")
            .bind(id)
            .bind(opponent);
        Ok(self.write(delete).await?.rows_affected() == 1)
    }

    /// Turns an open challenge into a game between `white` and `black` whose first clock starts at `now`; false if
    /// the challenge was no longer open (accepted or withdrawn meanwhile, perhaps by another server process).
    pub async fn start_game(&self, id: &str, white: &str, black: &str, now: i64) -> Result<bool, DbError> {
        let mut tx = Tx::begin(self).await?;
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
}
