//! Spectators: connections that watch a game in progress they do not play, and get its events until it ends, they
//! unwatch it or they close.

use std::sync::Arc;

use super::live::Slot;
use super::{Caller, Hub, lock};
use crate::error::Refusal;
use crate::protocol::ServerMessage;

impl Hub {
    /// The game as it stands; a spectator then gets its events until it ends (its players get them anyway).
    pub(super) async fn watch(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let known = lock(&self.games).get(id).cloned();
        let slot = match known {
            Some(slot) => slot,
            // A game another process sharing the database started may not have reached this one yet (its news comes
            // a moment later): the database says, and the game is taken up now.
            None if self.db.is_shared() => {
                self.try_sync(id).await?;
                lock(&self.games).get(id).cloned().ok_or_else(|| Refusal::not_found(id))?
            }
            None => return Err(Refusal::not_found(id)),
        };
        let mut live = slot.live.lock().await;
        if live.over {
            return Err(Refusal::not_found(id));
        }
        let watching = live.watchers.iter().any(|s| s.connection == caller.connection);
        if !slot.players.contains(&caller.player)
            && !watching
            && let Some(handle) = self.handle_of(caller)
        {
            live.watchers.push(handle);
            lock(&self.watching).entry(caller.connection).or_default().push(id.to_owned());
        }
        Ok(ServerMessage::GameState { game: live.view(self.clock.now_ms()) })
    }

    /// Stops sending the caller's connection the events of a game it watches (a player's own game is not watched:
    /// its events keep coming).
    pub(super) async fn unwatch(&self, caller: &Caller, id: String) -> Result<ServerMessage, Refusal> {
        let slot = lock(&self.games).get(&id).cloned().ok_or_else(|| Refusal::not_found(&id))?;
        let mut live = slot.live.lock().await;
        if live.over {
            return Err(Refusal::not_found(&id));
        }
        live.watchers.retain(|s| s.connection != caller.connection);
        if let Some(games) = lock(&self.watching).get_mut(&caller.connection) {
            games.retain(|game| *game != id);
        }
        Ok(ServerMessage::Unwatched { game: id })
    }

    /// How many connections watch games in progress, all games together (the tests count them).
    pub async fn spectators(&self) -> usize {
        let slots: Vec<Arc<Slot>> = lock(&self.games).values().cloned().collect();
        let mut count = 0;
        for slot in slots {
            count += slot.live.lock().await.watchers.len();
        }
        count
    }
}
