//! The fair-play review's tables: each rated game's figures for each player, and the players flagged for the
//! moderators.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Db;
use super::accounts::{player_columns, player_from};
use super::tx::Tx;
use crate::error::DbError;
use crate::protocol::{FairPlayFlag, FairPlayGame, PlayerView};

/// A flag to store: the player's window of games and its sums.
#[derive(Clone, Debug)]
pub struct FlagRecord<'a> {
    /// The player's id.
    pub player: &'a str,
    /// The window's games, newest first.
    pub evidence: &'a [FairPlayGame],
    /// When the newest of them ended: a flag a moderator closed opens again only for games that ended after that.
    pub newest: i64,
    /// When.
    pub at: i64,
}

impl Db {
    /// Stores the review of the game `game`, which ended at `ended`: each player's figures, and the game marked
    /// reviewed, in one transaction.
    pub async fn store_fair_play(
        &self,
        game: &str,
        ended: i64,
        figures: &[(String, FairPlayGame)],
    ) -> Result<(), DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            for (player, figures) in figures {
                sqlx::query(
                    "INSERT INTO fair_play_games (game, player, complex, matched, accuracy, ended) \
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                )
                .bind(game)
                .bind(player)
                .bind(i64::from(figures.complex))
                .bind(i64::from(figures.matched))
                .bind(figures.accuracy)
                .bind(ended)
                .execute(&mut *tx)
                .await?;
            }
            sqlx::query("UPDATE games SET fair_play_reviewed = 1 WHERE id = $1").bind(game).execute(&mut *tx).await?;
            Ok(())
        };
        let stored = stored.await;
        tx.end(stored).await
    }

    /// The player's last `most` reviewed games, newest first, with when each ended.
    pub async fn fair_play_window(&self, player: &str, most: usize) -> Result<Vec<(FairPlayGame, i64)>, DbError> {
        let rows = sqlx::query(
            "SELECT game, complex, matched, accuracy, ended FROM fair_play_games WHERE player = $1 \
             ORDER BY ended DESC, game LIMIT $2",
        )
        .bind(player)
        .bind(i64::try_from(most).unwrap_or(i64::MAX))
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|row| {
                let game = FairPlayGame {
                    game: row.try_get("game")?,
                    complex: count(row, "complex")?,
                    matched: count(row, "matched")?,
                    accuracy: row.try_get("accuracy")?,
                };
                Ok((game, row.try_get("ended")?))
            })
            .collect()
    }

    /// Flags a player (again): an open flag takes the new figures; a flag a moderator closed opens again only if a
    /// game of the window ended after it was closed.
    pub async fn flag_player(&self, flag: &FlagRecord<'_>) -> Result<(), DbError> {
        let complex: u32 = flag.evidence.iter().map(|g| g.complex).sum();
        let matched: u32 = flag.evidence.iter().map(|g| g.matched).sum();
        let games = flag.evidence.len().max(1) as f64;
        let accuracy = flag.evidence.iter().map(|g| g.accuracy).sum::<f64>() / games;
        let evidence = serde_json::to_string(flag.evidence).map_err(|e| DbError::Corrupt(e.to_string()))?;
        let statement = sqlx::query(
            "INSERT INTO fair_play_flags (player, at, complex, matched, accuracy, evidence) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (player) DO UPDATE SET at = excluded.at, \
             complex = excluded.complex, matched = excluded.matched, accuracy = excluded.accuracy, \
             evidence = excluded.evidence, \
             closed = CASE WHEN fair_play_flags.closed < $7 THEN NULL ELSE fair_play_flags.closed END",
        )
        .bind(flag.player)
        .bind(flag.at)
        .bind(i64::from(complex))
        .bind(i64::from(matched))
        .bind(accuracy)
        .bind(evidence)
        .bind(flag.newest);
        self.write(statement).await?;
        Ok(())
    }

    /// The open flags, oldest first, at most `most`.
    pub async fn open_flags(&self, most: usize) -> Result<Vec<FairPlayFlag>, DbError> {
        let sql = format!(
            "SELECT f.at, f.complex, f.matched, f.accuracy, f.evidence, {} FROM fair_play_flags f \
             JOIN players p ON p.id = f.player WHERE f.closed IS NULL ORDER BY f.at, f.player LIMIT $1",
            player_columns("p")
        );
        let rows = sqlx::query(&sql).bind(i64::try_from(most).unwrap_or(i64::MAX)).fetch_all(&self.reads).await?;
        rows.iter()
            .map(|row| {
                let evidence: String = row.try_get("evidence")?;
                Ok(FairPlayFlag {
                    player: PlayerView::from(player_from(row, "p")?),
                    complex: count(row, "complex")?,
                    matched: count(row, "matched")?,
                    accuracy: row.try_get("accuracy")?,
                    at_ms: row.try_get("at")?,
                    evidence: serde_json::from_str(&evidence).map_err(|e| DbError::Corrupt(e.to_string()))?,
                })
            })
            .collect()
    }
}

/// A count column of `row`.
fn count(row: &AnyRow, column: &str) -> Result<u32, DbError> {
    let n: i64 = row.try_get(column)?;
    u32::try_from(n).map_err(|_| DbError::Corrupt(format!("{column} {n}")))
}
