//! The ratings' history: each rated game's change to both players, read for a profile and for a game that is over.

use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use super::Db;
use crate::error::DbError;
use crate::protocol::{RatingChange, RatingChanges, RatingPoint};
use crate::rating::{Pool, Rating};

impl Db {
    /// The player's live rating after each of their last `most` rated live games, oldest first.
    pub async fn rating_history(&self, player: &str, most: usize) -> Result<Vec<RatingPoint>, DbError> {
        let rows = sqlx::query(
            "SELECT h.game, h.rating, h.deviation, h.recorded FROM rating_history h JOIN games g ON g.id = h.game \
             WHERE h.player = $1 AND g.correspondence = 0 ORDER BY h.recorded DESC, h.game DESC LIMIT $2",
        )
        .bind(player)
        .bind(i64::try_from(most).unwrap_or(i64::MAX))
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .rev()
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

    /// The rating changes of the rated games among those `condition` selects (a `WHERE` clause on `games g`, its `$1`
    /// and `$2` bound to `keys`), by game id: one query for them all.
    pub(super) async fn rating_changes(
        &self,
        condition: &str,
        keys: [&str; 2],
    ) -> Result<HashMap<String, RatingChanges>, DbError> {
        let sql = format!(
            "SELECT h.game, h.player, h.rating_before, h.rating, h.deviation, g.white, g.black \
             FROM rating_history h JOIN games g ON g.id = h.game WHERE {condition} ORDER BY h.game, h.player"
        );
        let rows = sqlx::query(&sql).bind(keys[0]).bind(keys[1]).fetch_all(&self.reads).await?;
        // White's change and Black's, by game: a rated game has both.
        let mut sides: HashMap<String, [Option<RatingChange>; 2]> = HashMap::new();
        for row in &rows {
            let player: String = row.try_get("player")?;
            let (white, black): (String, String) = (row.try_get("white")?, row.try_get("black")?);
            let Some(index) = [white, black].iter().position(|p| *p == player) else { continue };
            sides.entry(row.try_get("game")?).or_default()[index] = Some(RatingChange {
                before: row.try_get("rating_before")?,
                after: row.try_get("rating")?,
                deviation: row.try_get("deviation")?,
            });
        }
        Ok(sides
            .into_iter()
            .filter_map(|(game, changes)| match changes {
                [Some(white), Some(black)] => Some((game, RatingChanges { white, black })),
                _ => None,
            })
            .collect())
    }
}

/// The player's rating in `pool`.
pub(super) async fn rating_of(connection: &mut AnyConnection, id: &str, pool: Pool) -> Result<Rating, DbError> {
    let [rating, deviation, volatility] = pool.columns();
    let sql = format!("SELECT {rating}, {deviation}, {volatility} FROM players WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_one(&mut *connection).await?;
    Ok(Rating {
        rating: row.try_get(rating)?,
        deviation: row.try_get(deviation)?,
        volatility: row.try_get(volatility)?,
    })
}
