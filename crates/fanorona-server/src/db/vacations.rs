//! Vacations: a player's stored with the clocks of their correspondence games as it begins or ends.

use super::Db;
use super::tx::Tx;
use crate::error::DbError;
use crate::vacation::VacationState;

/// The clocks of a game in progress as a vacation begins or ends.
#[derive(Clone, Debug)]
pub struct SettledClocks {
    /// The game's id.
    pub game: String,
    /// The number of turns it has: the clocks are stored only if no other turn was stored meanwhile.
    pub plies: u32,
    /// Both clocks as of then (white's first): the side to move's clock starts again from there.
    pub clocks: [i64; 2],
}

impl Db {
    /// Stores `player`'s vacation as `new` and, in the same transaction, the clocks of their correspondence games
    /// in progress as of `now`, when the vacation began or ended (a clock that stood still during a vacation over
    /// before the next begins keeps that time). [`DbError::Stale`] if the vacation stored is no longer `old` (the
    /// player asked on another connection meanwhile) or one of the games moved on or ended. `games` comes sorted by
    /// id, as every vacation locks their rows in the same order.
    pub async fn take_vacation(
        &self,
        player: &str,
        old: VacationState,
        new: VacationState,
        games: &[SettledClocks],
        now: i64,
    ) -> Result<(), DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            // The games first, in the order given, then the player: the order in which the end of a rated game locks
            // its row and then its players', so that the two cannot deadlock on PostgreSQL.
            for game in games {
                let done = sqlx::query(
                    "UPDATE games SET white_clock_ms = $1, black_clock_ms = $2, clock_since = $3, updated = $3 \
                     WHERE id = $4 AND status = 'playing' AND plies = $5",
                )
                .bind(game.clocks[0])
                .bind(game.clocks[1])
                .bind(now)
                .bind(&game.game)
                .bind(i64::from(game.plies))
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() != 1 {
                    return Err(DbError::Stale);
                }
                self.announce(&mut tx, &game.game).await?;
            }
            let done = sqlx::query(
                "UPDATE players SET vacation_from = $1, vacation_until = $2, vacation_year = $3, vacation_days = $4 \
                 WHERE id = $5 AND COALESCE(vacation_until, 0) = $6 AND vacation_year = $7 AND vacation_days = $8",
            )
            .bind(new.vacation.map(|v| v.from))
            .bind(new.vacation.map(|v| v.until))
            .bind(new.allowance.year)
            .bind(i64::from(new.allowance.days))
            .bind(player)
            .bind(old.vacation.map_or(0, |v| v.until))
            .bind(old.allowance.year)
            .bind(i64::from(old.allowance.days))
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                return Err(DbError::Stale);
            }
            Ok(())
        };
        let stored = stored.await;
        tx.end(stored).await
    }
}
