//! What the hub shows of its state: players, the games in progress (a player's own, and the list of the best-rated),
//! and a player's profile with their finished games.

use std::sync::Arc;

use super::live::{LiveGame, Slot};
use super::{Hub, lock};
use crate::db::StoredGame;
use crate::error::Refusal;
use crate::protocol::{
    FinishedGame, GameResult, GameView, MAX_LISTED_GAMES, MAX_PROFILE_RATINGS, PlayerView, RatingChanges, ServerMessage,
};

impl Hub {
    /// The games in progress, the best-rated pair of players first, at most [`MAX_LISTED_GAMES`].
    pub(super) async fn games_in_progress(&self) -> Vec<GameView> {
        let slots: Vec<Arc<Slot>> = lock(&self.games).values().cloned().collect();
        let mut views = self.views(slots).await;
        let strength = |view: &GameView| -(view.white.rating + view.black.rating);
        views.sort_by(|a, b| strength(a).total_cmp(&strength(b)).then_with(|| a.id.cmp(&b.id)));
        views.truncate(MAX_LISTED_GAMES);
        views
    }

    /// A player's profile: as they are now, their rating history and their finished games.
    pub(super) async fn profile(&self, id: &str) -> Result<ServerMessage, Refusal> {
        let player = self.db.player(id).await?.ok_or_else(|| Refusal::not_found(id))?;
        let history = self.db.rating_history(id, MAX_PROFILE_RATINGS).await?;
        let games = self.db.finished_games(id).await?.into_iter().filter_map(stored_view);
        let games = games
            .filter_map(|game| {
                let (result, ratings) = game.end?;
                Some(FinishedGame { game: game.view, result, ratings, ended_ms: game.updated_ms })
            })
            .collect();
        Ok(ServerMessage::Profile { player: PlayerView::from(player), history, games })
    }

    /// The player's games in progress.
    pub(super) async fn games_of(&self, player: &str) -> Vec<GameView> {
        let slots: Vec<Arc<Slot>> =
            lock(&self.games).values().filter(|s| s.players.iter().any(|p| p == player)).cloned().collect();
        let mut views = self.views(slots).await;
        views.sort_by(|a, b| a.id.cmp(&b.id));
        views
    }

    /// The games of `slots` that are not over, as they stand.
    pub(super) async fn views(&self, slots: Vec<Arc<Slot>>) -> Vec<GameView> {
        let mut views = Vec::with_capacity(slots.len());
        for slot in slots {
            let live = slot.live.lock().await;
            if !live.over {
                views.push(live.view(self.clock.now_ms()));
            }
        }
        views
    }
}

/// A stored game as players see it.
pub(super) struct StoredView {
    /// The game with its turns, its clocks as stored (stopped, for a game that is over).
    pub view: GameView,
    /// How it ended, with the rating changes of a rated game; none while it is played.
    pub end: Option<(GameResult, Option<RatingChanges>)>,
    /// When it last changed: its end, for a game that is over.
    pub updated_ms: i64,
}

/// The stored game as players see it; none (logged) if its turns cannot be replayed.
pub(super) fn stored_view(stored: StoredGame) -> Option<StoredView> {
    let (id, updated_ms, end) = (stored.settings.id.clone(), stored.updated, stored.end);
    match LiveGame::replay(stored) {
        Ok(mut live) => {
            live.over = end.is_some();
            Some(StoredView { view: live.view(updated_ms), end, updated_ms })
        }
        Err(error) => {
            tracing::error!("game {id} cannot be replayed: {error}");
            None
        }
    }
}
