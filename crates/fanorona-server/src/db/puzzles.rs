//! Puzzles: the shipped sets added at start, the next puzzle for a player, and a player's result with both ratings.

use std::collections::HashSet;

use fanorona_puzzles::{Candidate, Puzzle, Theme, nearest_untried, rate, starting};
use fanorona_rules::Turn;
use sqlx::{AnyConnection, Row};

use super::Db;
use super::tx::Tx;
use crate::error::DbError;
use crate::protocol::{GameVariant, PuzzleView, RatingChange};
use crate::rating::Rating;

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
        let mut tx = Tx::begin(self).await?;
        let added = async {
            let mut added = 0;
            for p in puzzles {
                let start = starting(f64::from(p.rating));
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
                .bind(start.rating)
                .bind(start.deviation)
                .bind(start.volatility)
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
            .fetch_all(&self.reads)
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
            sqlx::query("SELECT puzzle_rating FROM players WHERE id = $1").bind(player).fetch_one(&self.reads).await?;
        Ok(row.try_get("puzzle_rating")?)
    }

    /// The puzzle of `variant` (about `theme`, if given) to offer `player`, whose puzzle rating is `rating`: the one
    /// the player has sent no result for whose rating is nearest, the first by id among equals
    /// ([`fanorona_puzzles::nearest_untried`], the game's choice too); retired puzzles are not served.
    pub async fn next_puzzle(
        &self,
        player: &str,
        variant: GameVariant,
        theme: Option<Theme>,
        rating: f64,
    ) -> Result<Option<PuzzleView>, DbError> {
        let served = sqlx::query("SELECT id, rating, themes FROM puzzles WHERE variant = $1 AND retired = 0")
            .bind(variant.name())
            .fetch_all(&self.reads)
            .await?;
        let mut offered = served
            .iter()
            .map(|row| {
                let themes: String = row.try_get("themes")?;
                let themes = themes.split(',').filter_map(Theme::from_name).collect();
                Ok(Offered { id: row.try_get("id")?, rating: row.try_get("rating")?, themes })
            })
            .collect::<Result<Vec<Offered>, DbError>>()?;
        // By id as Rust orders text, whatever the database's collation.
        offered.sort_by(|a, b| a.id.cmp(&b.id));
        let tried =
            sqlx::query("SELECT puzzle FROM puzzle_results WHERE player = $1").bind(player).fetch_all(&self.reads);
        let tried =
            tried.await?.iter().map(|row| row.try_get("puzzle")).collect::<Result<HashSet<String>, sqlx::Error>>()?;
        let Some(chosen) = nearest_untried(&offered, theme, rating, |id| tried.contains(id)) else { return Ok(None) };
        let row = sqlx::query(
            "SELECT id, position, solution, alternatives, themes, rating, attempts FROM puzzles WHERE id = $1",
        )
        .bind(&chosen.id)
        .fetch_optional(&self.reads)
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

    /// Stores `player`'s result on `puzzle` and moves both ratings ([`fanorona_puzzles::rate`]: solved is a win
    /// against the puzzle); `None` if no puzzle has that id. [`DbError::Duplicate`] if the player sent a result for it
    /// before: nothing was written. Both rows are locked before their ratings are read, as a game's end locks its
    /// players' (`games::store_end`): the player's first, then the puzzle's, so that two results never deadlock and
    /// a result of the same player or on the same puzzle at the same moment, from another process, waits for this
    /// one instead of overwriting it.
    pub async fn record_puzzle(
        &self,
        player: &str,
        puzzle: &str,
        solved: bool,
        now: i64,
    ) -> Result<Option<PuzzleRated>, DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            sqlx::query("UPDATE players SET puzzle_rating = puzzle_rating WHERE id = $1")
                .bind(player)
                .execute(&mut *tx)
                .await?;
            let locked =
                sqlx::query("UPDATE puzzles SET rating = rating WHERE id = $1").bind(puzzle).execute(&mut *tx).await?;
            if locked.rows_affected() != 1 {
                return Ok(None);
            }
            let (before_player, before_puzzle) = puzzle_ratings(&mut tx, player, puzzle).await?;
            let (after_player, after_puzzle) = rate(before_player.into(), before_puzzle.into(), solved);
            let (after_player, after_puzzle) = (Rating::from(after_player), Rating::from(after_puzzle));
            let result = PuzzleResult { player, puzzle, solved, now };
            store_puzzle_result(&mut tx, &result, before_player, [after_player, after_puzzle]).await?;
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

/// The player's puzzle rating and the puzzle's, read inside the caller's transaction (which locked both rows).
async fn puzzle_ratings(
    connection: &mut AnyConnection,
    player: &str,
    puzzle: &str,
) -> Result<(Rating, Rating), DbError> {
    let row = sqlx::query("SELECT rating, deviation, volatility FROM puzzles WHERE id = $1")
        .bind(puzzle)
        .fetch_one(&mut *connection)
        .await?;
    let before_puzzle = Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    };
    let row = sqlx::query("SELECT puzzle_rating, puzzle_deviation, puzzle_volatility FROM players WHERE id = $1")
        .bind(player)
        .fetch_one(&mut *connection)
        .await?;
    let before_player = Rating {
        rating: row.try_get("puzzle_rating")?,
        deviation: row.try_get("puzzle_deviation")?,
        volatility: row.try_get("puzzle_volatility")?,
    };
    Ok((before_player, before_puzzle))
}

/// A player's result on a puzzle, and when it came.
struct PuzzleResult<'a> {
    player: &'a str,
    puzzle: &'a str,
    solved: bool,
    now: i64,
}

/// Stores the result (refused as [`DbError::Duplicate`] if the player sent one before) and both new ratings, inside
/// the caller's transaction.
async fn store_puzzle_result(
    connection: &mut AnyConnection,
    result: &PuzzleResult<'_>,
    before_player: Rating,
    [after_player, after_puzzle]: [Rating; 2],
) -> Result<(), DbError> {
    let PuzzleResult { player, puzzle, solved, now } = *result;
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
    .execute(&mut *connection)
    .await
    .map_err(DbError::from_insert)?;
    sqlx::query("UPDATE players SET puzzle_rating = $1, puzzle_deviation = $2, puzzle_volatility = $3 WHERE id = $4")
        .bind(after_player.rating)
        .bind(after_player.deviation)
        .bind(after_player.volatility)
        .bind(player)
        .execute(&mut *connection)
        .await?;
    sqlx::query(
        "UPDATE puzzles SET rating = $1, deviation = $2, volatility = $3, attempts = attempts + 1, \
         solved = solved + $4 WHERE id = $5",
    )
    .bind(after_puzzle.rating)
    .bind(after_puzzle.deviation)
    .bind(after_puzzle.volatility)
    .bind(i64::from(solved))
    .bind(puzzle)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

/// A puzzle served, as the choice of the next one sees it.
struct Offered {
    id: String,
    rating: f64,
    themes: Vec<Theme>,
}

impl Candidate for Offered {
    fn id(&self) -> &str {
        &self.id
    }

    fn rating(&self) -> f64 {
        self.rating
    }

    fn has_theme(&self, theme: Theme) -> bool {
        self.themes.contains(&theme)
    }
}
