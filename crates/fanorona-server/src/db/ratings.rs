//! The ratings' history: each rated game's change to both players, read for a profile and for a game that is over.

use sqlx::{AnyConnection, Row};

use super::Db;
use crate::error::DbError;
use crate::protocol::{RatingChange, RatingChanges, RatingPoint};
use crate::rating::Rating;

impl Db {
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

    /// The rating changes a game made, if it was rated.
    pub(super) async fn rating_changes(
        &self,
        game: &str,
        players: [&str; 2],
    ) -> Result<Option<RatingChanges>, DbError> {
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
}

pub(super) async fn rating_of(connection: &mut AnyConnection, id: &str) -> Result<Rating, DbError> {
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
