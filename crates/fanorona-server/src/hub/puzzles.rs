//! Puzzles: the next one for a player, and a player's result, which moves both the player's puzzle rating and the
//! puzzle's, so that the puzzles' ratings come from everyone who plays them; and [`find_puzzles`], which adds the
//! puzzles of the server's own finished games to those served.

use std::collections::HashSet;

use fanorona_puzzles::{Puzzle, Theme};
use fanorona_rules::Game;

use super::live::LiveGame;
use super::{Caller, Hub};
use crate::db::{Db, StoredGame};
use crate::error::{DbError, Refusal};
use crate::protocol::{ErrorCode, GameVariant, ServerMessage};

/// What [`find_puzzles`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleSearch {
    /// Finished games looked through.
    pub games: usize,
    /// Puzzles found in them and added.
    pub added: u64,
}

/// Looks through the finished games not looked through yet for puzzles with `find` (given a game and the prefix of
/// its puzzles' ids, `g<game>-`, it returns the puzzles found, named by their ply: the engine's
/// `fanorona_ai::puzzle::find_in_game`, which the server does not link), adds them to the puzzles served, and marks
/// each game, so that the next run looks only at games finished since. Vela games are marked without a look: a
/// puzzle's position cannot say who is handicapped. The searches run on the calling thread: this is a command of its
/// own (`fanorona-find-puzzles`), not part of serving.
pub async fn find_puzzles(db: &Db, mut find: impl FnMut(&Game, &str) -> Vec<Puzzle>) -> Result<PuzzleSearch, DbError> {
    let mut search = PuzzleSearch::default();
    // A game is looked at once a run, even if its mark did not hold.
    let mut seen = HashSet::new();
    loop {
        let games: Vec<StoredGame> =
            db.unsearched_games().await?.into_iter().filter(|g| seen.insert(g.settings.id.clone())).collect();
        if games.is_empty() {
            return Ok(search);
        }
        for stored in games {
            let id = stored.settings.id.clone();
            if !stored.settings.vela {
                match LiveGame::replay(stored) {
                    Ok(live) => {
                        let found = find(&live.game, &format!("g{id}-"));
                        search.added += db.add_puzzles(&found).await?;
                    }
                    Err(error) => tracing::error!("game {id} cannot be replayed: {error}"),
                }
            }
            db.mark_searched(&id).await?;
            search.games += 1;
        }
    }
}

impl Hub {
    /// The puzzle of `variant` (and `theme`) the caller has not tried, nearest the caller's puzzle rating.
    pub(super) async fn next_puzzle(
        &self,
        caller: &Caller,
        variant: GameVariant,
        theme: Option<String>,
    ) -> Result<ServerMessage, Refusal> {
        let theme = match theme {
            None => None,
            Some(name) => Some(Theme::from_name(&name).ok_or_else(|| {
                let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
                let message = format!("no theme is called {name:?}; the themes are {}", names.join(", "));
                Refusal::new(ErrorCode::BadMessage, message)
            })?),
        };
        let rating = self.db.puzzle_rating(&caller.player).await?;
        let puzzle = self.db.next_puzzle(&caller.player, variant, theme, rating).await?;
        Ok(ServerMessage::Puzzle { puzzle, rating })
    }

    /// Stores the caller's result on `puzzle` and answers with both ratings once stored.
    pub(super) async fn puzzle_result(
        &self,
        caller: &Caller,
        puzzle: String,
        solved: bool,
    ) -> Result<ServerMessage, Refusal> {
        match self.db.record_puzzle(&caller.player, &puzzle, solved, self.clock.now_ms()).await {
            Ok(Some(rated)) => Ok(ServerMessage::PuzzleRated { puzzle, player: rated.player, rating: rated.puzzle }),
            Ok(None) => Err(Refusal::new(ErrorCode::NotFound, format!("no puzzle has the id {puzzle:?}"))),
            Err(DbError::Duplicate) => {
                Err(Refusal::new(ErrorCode::PuzzleTried, "you have sent a result for this puzzle already"))
            }
            Err(e) => Err(e.into()),
        }
    }
}
