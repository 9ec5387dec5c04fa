//! Puzzles: the shipped sets added at start, the next puzzle for a player, and a player's result with both ratings.

use std::collections::HashSet;

use fanorona_ai::puzzle::{self, Puzzle};
use fanorona_rules::Turn;
use sqlx::Row;

use super::Db;
use super::tx::Tx;
use crate::error::DbError;
use crate::protocol::{Color, GameVariant, PuzzleView, RatingChange};
use crate::rating::{self, Rating};

/// A stored result: the player's puzzle rating and the puzzle's, before and after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRated {
    /// The player's puzzle rating.
    pub player: RatingChange,
    /// The puzzle's rating.
    pub puzzle: RatingChange,
}

impl Db {
    /// Adds the puzzles not stored yet, and brings those stored up to date (position, solution, alternatives and
    /// themes, as a confirmation of the shipped sets changes them; served again if they were retired), keeping the
    /// rating players gave them; returns how many were added or changed. Several processes starting at once add each
    /// puzzle once.
    pub async fn add_puzzles(&self, puzzles: &[Puzzle]) -> Result<u64, DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        let added = async {
            let mut added = 0;
            for p in puzzles {
                let turns = |turns: &[Turn]| turns.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
                let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
                // A puzzle stored as it is is not written again (nor counted).
                let done = sqlx::query(
                    "INSERT INTO puzzles (id, variant, position, solution, alternatives, themes, rating, deviation, \
                     volatility, attempts, solved) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, 0) \
                     ON CONFLICT (id) DO UPDATE SET position = excluded.position, solution = excluded.solution, \
                     alternatives = excluded.alternatives, themes = excluded.themes, retired = 0 \
                     WHERE puzzles.position <> excluded.position OR puzzles.solution <> excluded.solution \
                     OR puzzles.alternatives <> excluded.alternatives OR puzzles.themes <> excluded.themes \
                     OR puzzles.retired <> 0",
                )
                .bind(&p.id)
                .bind(p.position.variant().name())
                .bind(p.position.to_string())
                .bind(turns(&p.solution))
                .bind(turns(&p.alternatives))
                .bind(themes.join(","))
                .bind(f64::from(p.rating))
                .bind(puzzle::STARTING_DEVIATION)
                .bind(Rating::new_player().volatility)
                .execute(&mut *tx)
                .await?;
                added += done.rows_affected();
            }
            Ok(added)
        };
        let added = added.await;
        tx.end(added).await
    }

    /// Stops serving the shipped puzzles that `shipped` (the sets of this build) no longer holds: every stored
    /// puzzle not found in a game here (those are named `g<game>-<ply>`) whose id is not one of `shipped`'s. They are
    /// kept with their results; [`Db::add_puzzles`] serves one again if a later set ships it. Returns how many were
    /// retired.
    pub async fn retire_unshipped(&self, shipped: &[Puzzle]) -> Result<u64, DbError> {
        let ids: HashSet<&str> = shipped.iter().map(|p| p.id.as_str()).collect();
        let stored = sqlx::query("SELECT id FROM puzzles WHERE retired = 0 AND id NOT LIKE 'g%-%'")
            .fetch_all(&self.pool)
            .await?;
        let mut retired = 0;
        for row in stored {
            let id: String = row.try_get("id")?;
            if !ids.contains(id.as_str()) {
                let done = sqlx::query("UPDATE puzzles SET retired = 1 WHERE id = $1").bind(&id).execute(&self.pool);
                retired += done.await?.rows_affected();
            }
        }
        Ok(retired)
    }

    /// The puzzle rating of `player`.
    pub async fn puzzle_rating(&self, player: &str) -> Result<f64, DbError> {
        let row =
            sqlx::query("SELECT puzzle_rating FROM players WHERE id = $1").bind(player).fetch_one(&self.pool).await?;
        Ok(row.try_get("puzzle_rating")?)
    }

    /// The puzzle of `variant` (with `theme`, a theme's name, if given) that `player` has sent no result for, whose
    /// rating is nearest the player's puzzle rating (the first by id among equals); retired puzzles are not served.
    pub async fn next_puzzle(
        &self,
        player: &str,
        variant: GameVariant,
        theme: Option<&str>,
    ) -> Result<Option<PuzzleView>, DbError> {
        // Themes are stored between commas, so that `,chain,` finds one whole name.
        let pattern = theme.map_or_else(|| "%".to_owned(), |t| format!("%,{t},%"));
        let row = sqlx::query(
            "SELECT p.id, p.position, p.solution, p.alternatives, p.themes, p.rating, p.attempts \
             FROM puzzles p, players me \
             WHERE me.id = $1 AND p.variant = $2 AND (',' || p.themes || ',') LIKE $3 AND p.retired = 0 \
             AND NOT EXISTS (SELECT 1 FROM puzzle_results r WHERE r.player = $1 AND r.puzzle = p.id) \
             ORDER BY ABS(p.rating - me.puzzle_rating), p.id LIMIT 1",
        )
        .bind(player)
        .bind(variant.name())
        .bind(pattern)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let words = |column: &str, separator: char| -> Result<Vec<String>, DbError> {
            let text: String = row.try_get(column)?;
            Ok(text.split(separator).filter(|w| !w.is_empty()).map(str::to_owned).collect())
        };
        let attempts: i64 = row.try_get("attempts")?;
        Ok(Some(PuzzleView {
            id: row.try_get("id")?,
            variant,
            position: row.try_get("position")?,
            solution: words("solution", ' ')?,
            alternatives: words("alternatives", ' ')?,
            themes: words("themes", ',')?,
            rating: row.try_get("rating")?,
            attempts: u64::try_from(attempts).map_err(|_| DbError::Corrupt(format!("{attempts} attempts")))?,
        }))
    }

    /// Stores `player`'s result on `puzzle` and moves both ratings (Glicko-2, the puzzle playing Black: solved is a
    /// win); `None` if no puzzle has that id. [`DbError::Duplicate`] if the player sent a result for it before;
    /// [`DbError::Stale`] if either rating changed meanwhile (another process): nothing was written.
    pub async fn record_puzzle(
        &self,
        player: &str,
        puzzle: &str,
        solved: bool,
        now: i64,
    ) -> Result<Option<PuzzleRated>, DbError> {
        let mut tx = Tx::begin(&self.pool).await?;
        let stored = async {
            let row = sqlx::query("SELECT rating, deviation, volatility FROM puzzles WHERE id = $1")
                .bind(puzzle)
                .fetch_optional(&mut *tx)
                .await?;
            let Some(row) = row else { return Ok(None) };
            let before_puzzle = Rating {
                rating: row.try_get("rating")?,
                deviation: row.try_get("deviation")?,
                volatility: row.try_get("volatility")?,
            };
            let row =
                sqlx::query("SELECT puzzle_rating, puzzle_deviation, puzzle_volatility FROM players WHERE id = $1")
                    .bind(player)
                    .fetch_one(&mut *tx)
                    .await?;
            let before_player = Rating {
                rating: row.try_get("puzzle_rating")?,
                deviation: row.try_get("puzzle_deviation")?,
                volatility: row.try_get("puzzle_volatility")?,
            };
            let winner = if solved { Color::White } else { Color::Black };
            let [after_player, after_puzzle] = rating::update([before_player, before_puzzle], Some(winner));
            sqlx::query(
                "INSERT INTO puzzle_results (player, puzzle, solved, rating_before, rating, recorded) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(player)
            .bind(puzzle)
            .bind(i64::from(solved))
            .bind(before_player.rating)
            .bind(after_player.rating)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(DbError::from_insert)?;
            // Each update only if the rating is still the one read: otherwise another process moved it meanwhile.
            let done = sqlx::query(
                "UPDATE players SET puzzle_rating = $1, puzzle_deviation = $2, puzzle_volatility = $3 \
                 WHERE id = $4 AND puzzle_rating = $5 AND puzzle_deviation = $6",
            )
            .bind(after_player.rating)
            .bind(after_player.deviation)
            .bind(after_player.volatility)
            .bind(player)
            .bind(before_player.rating)
            .bind(before_player.deviation)
            .execute(&mut *tx)
            .await?;
            let moved = sqlx::query(
                "UPDATE puzzles SET rating = $1, deviation = $2, volatility = $3, attempts = attempts + 1, \
                 solved = solved + $4 WHERE id = $5 AND rating = $6 AND deviation = $7",
            )
            .bind(after_puzzle.rating)
            .bind(after_puzzle.deviation)
            .bind(after_puzzle.volatility)
            .bind(i64::from(solved))
            .bind(puzzle)
            .bind(before_puzzle.rating)
            .bind(before_puzzle.deviation)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 || moved.rows_affected() != 1 {
                return Err(DbError::Stale);
            }
            let change = |before: Rating, after: Rating| RatingChange {
                before: before.rating,
                after: after.rating,
                deviation: after.deviation,
            };
            Ok(Some(PuzzleRated {
                player: change(before_player, after_player),
                puzzle: change(before_puzzle, after_puzzle),
            }))
        };
        let stored = stored.await;
        tx.end(stored).await
    }
}
