//! Puzzles: the next one for a player, and a player's result, which moves both the player's puzzle rating and the
//! puzzle's, so that the puzzles' ratings come from everyone who plays them.

use fanorona_ai::puzzle::Theme;

use super::{Caller, Hub};
use crate::error::{DbError, Refusal};
use crate::protocol::{ErrorCode, GameVariant, ServerMessage};

/// How many times a result is tried again when another process moved one of its ratings meanwhile.
const RETRIES: usize = 3;

impl Hub {
    /// The puzzle of `variant` (and `theme`) the caller has not tried, nearest the caller's puzzle rating.
    pub(super) async fn next_puzzle(
        &self,
        caller: &Caller,
        variant: GameVariant,
        theme: Option<String>,
    ) -> Result<ServerMessage, Refusal> {
        if let Some(theme) = theme.as_deref()
            && !Theme::ALL.iter().any(|t| t.name() == theme)
        {
            let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
            let message = format!("no theme is called {theme:?}; the themes are {}", names.join(", "));
            return Err(Refusal::new(ErrorCode::BadMessage, message));
        }
        let puzzle = self.db.next_puzzle(&caller.player, variant, theme.as_deref()).await?;
        let rating = self.db.puzzle_rating(&caller.player).await?;
        Ok(ServerMessage::Puzzle { puzzle, rating })
    }

    /// Stores the caller's result on `puzzle` and answers with both ratings once stored.
    pub(super) async fn puzzle_result(
        &self,
        caller: &Caller,
        puzzle: String,
        solved: bool,
    ) -> Result<ServerMessage, Refusal> {
        for _ in 0..RETRIES {
            match self.db.record_puzzle(&caller.player, &puzzle, solved, self.clock.now_ms()).await {
                Ok(Some(rated)) => {
                    return Ok(ServerMessage::PuzzleRated { puzzle, player: rated.player, rating: rated.puzzle });
                }
                Ok(None) => {
                    return Err(Refusal::new(ErrorCode::NotFound, format!("no puzzle has the id {puzzle:?}")));
                }
                Err(DbError::Duplicate) => {
                    return Err(Refusal::new(ErrorCode::PuzzleTried, "you have sent a result for this puzzle already"));
                }
                Err(DbError::Stale) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Err(Refusal::busy())
    }
}
