//! Several processes on one database: catching up with a game another process changed (its start, a turn, a draw
//! offer, a vacation, its end), and reading a game again after a write the database did not confirm.

use std::sync::Arc;

use fanorona_rules::Side;

use super::games::played;
use super::live::{LiveGame, Slot};
use super::{Hub, lock};
use crate::error::{DbError, Refusal};
use crate::protocol::ServerMessage;

impl Hub {
    /// Brings a game up to what the database holds (the turns, draw offer or end another process stored) and tells
    /// this process's connections of each change, as the process that made it told its own.
    pub(super) async fn catch_up(&self, live: &mut LiveGame) -> Result<(), Refusal> {
        let Some(stored) = self.db.game(live.id()).await? else {
            return Err(DbError::Corrupt(format!("game {} vanished", live.id())).into());
        };
        for (index, turn) in stored.turns.iter().enumerate().skip(live.game.turns().len()) {
            let mover = live.to_move();
            let played_turn = live.game.play_notation(&turn.notation).map_err(|e| {
                DbError::Corrupt(format!("game {}, turn {} ({}): {e}", live.id(), index + 1, turn.notation))
            })?;
            // The other side's clock did not run during this turn: its stored value still holds.
            live.clocks[mover.index()] = turn.clock_after_ms;
            live.since = stored.since;
            let message = played(live, u32::try_from(index + 1).unwrap_or(u32::MAX), played_turn.to_string());
            self.notify(live, None, &message);
        }
        let offer = stored.draw_offer.map(Side::from);
        if offer != live.draw_offer {
            live.draw_offer = offer;
            if let Some(by) = offer {
                let message = ServerMessage::DrawOffered { game: live.id().to_owned(), by: by.into() };
                self.notify(live, None, &message);
            }
        }
        live.clocks = stored.clocks;
        live.since = stored.since;
        // A vacation begun or ended through another process (which stored the clocks as of then).
        let vacations = [stored.white.vacation, stored.black.vacation];
        if vacations != live.players.each_ref().map(|p| p.vacation) {
            for (player, vacation) in live.players.iter_mut().zip(vacations) {
                player.vacation = vacation;
            }
            if stored.end.is_none() {
                let message =
                    ServerMessage::Clocks { game: live.id().to_owned(), clocks: live.clocks_view(live.since) };
                self.notify(live, None, &message);
            }
        }
        for side in [Side::White, Side::Black] {
            if stored.grace_used[side.index()] && !live.grace_used[side.index()] {
                live.grace_used[side.index()] = true;
                if stored.end.is_none() {
                    self.announce_grace(live, side);
                }
            }
        }
        if let Some((result, ratings)) = stored.end {
            // The clocks are stored as they were at the end: none runs on.
            let now = self.clock.now_ms();
            live.since = now;
            self.announce_end(live, result, ratings, now, None);
        }
        Ok(())
    }

    /// The refusal (`internal`) for a change of `live` that the database did not confirm: an error, not a game that
    /// moved on. The change may be stored all the same (PostgreSQL may have committed before the connection dropped
    /// with its answer), so the game is read again and what is stored counts: a turn found stored reaches both
    /// players as a `played`, as from another process. On SQLite a failed COMMIT stored nothing and the game reads
    /// as it was.
    pub(super) async fn unconfirmed(&self, live: &mut LiveGame, error: DbError) -> Refusal {
        let refusal = Refusal::from(error);
        self.reread(live).await;
        refusal
    }

    /// Reads `live` again after a write the database did not confirm, so that what is stored counts.
    pub(super) async fn reread(&self, live: &mut LiveGame) {
        if let Err(reread) = self.catch_up(live).await {
            // The next write's condition (`plies = N - 1`) still finds out what was stored, and catches up then.
            tracing::error!("game {}: not read again after a failed write: {reread}", live.id());
        }
    }

    /// Takes up a change that another process sharing the database made to the game `id`: its start (a challenge
    /// of a player of this process accepted there), a turn, a draw offer or its end.
    pub async fn sync(&self, id: &str) {
        if let Err(refusal) = self.try_sync(id).await {
            tracing::error!("game {id}: a change of another process not taken up: {refusal}");
        }
    }

    pub(super) async fn try_sync(&self, id: &str) -> Result<(), Refusal> {
        let slot = lock(&self.games).get(id).cloned();
        if let Some(slot) = slot {
            let mut live = slot.live.lock().await;
            return if live.over { Ok(()) } else { self.catch_up(&mut live).await };
        }
        // Not known here: a game that started elsewhere, or an open challenge or a game that is over, which this
        // process has nothing to pass on about (the lobby is read from the database).
        let Some(stored) = self.db.game(id).await? else { return Ok(()) };
        if stored.end.is_some() {
            return Ok(());
        }
        let live = LiveGame::from_stored(stored).map_err(|e| DbError::Corrupt(format!("game {id}: {e}")))?;
        let slot = {
            let mut games = lock(&self.games);
            if games.contains_key(id) {
                return Ok(());
            }
            let slot = Slot::new(live);
            games.insert(id.to_owned(), Arc::clone(&slot));
            slot
        };
        let mut live = slot.live.lock().await;
        let message = ServerMessage::GameState { game: live.view(self.clock.now_ms()) };
        self.notify(&mut live, None, &message);
        Ok(())
    }

    /// Takes up every change the other processes may have made while this one could not hear them (its connection
    /// to the database was lost): every game known here and every game in progress in the database.
    pub async fn sync_all(&self) {
        let mut ids: Vec<String> = lock(&self.games).keys().cloned().collect();
        match self.db.games_in_progress().await {
            Ok(stored) => ids.extend(stored.into_iter().map(|game| game.settings.id)),
            Err(error) => tracing::error!("games in progress not read: {error}"),
        }
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            self.sync(&id).await;
        }
    }
}
