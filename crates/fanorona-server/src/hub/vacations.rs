//! Vacations: a player stops the clock of their correspondence games for whole days, so many a year.

use std::sync::Arc;

use super::games::ATTEMPTS;
use super::live::Slot;
use super::{Caller, Hub, lock};
use crate::db::SettledClocks;
use crate::error::{DbError, Refusal};
use crate::protocol::{ErrorCode, ServerMessage};
use crate::vacation::NotEnoughDays;

impl Hub {
    /// Begins a vacation of `days` days for the caller (0: ends the one under way, if there is one), and tells the
    /// players of their correspondence games of the clocks as they are then.
    pub(super) async fn vacation(&self, caller: &Caller, days: u32) -> Result<ServerMessage, Refusal> {
        // Every correspondence game of the caller's, locked in the order of their ids (as every vacation locks them)
        // until the vacation is stored: a turn meanwhile would start a clock on the vacation's old terms.
        let mut slots: Vec<(String, Arc<Slot>)> = lock(&self.games)
            .iter()
            .filter(|(_, slot)| slot.players.contains(&caller.player))
            .map(|(id, slot)| (id.clone(), Arc::clone(slot)))
            .collect();
        slots.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut games = Vec::with_capacity(slots.len());
        for (_, slot) in &slots {
            let live = slot.live.lock().await;
            if live.settings.time.is_correspondence() && !live.over {
                games.push(live);
            }
        }
        for _ in 0..ATTEMPTS {
            let old = self.current(caller).await?.vacation;
            let now = self.clock.now_ms();
            let new = old.ask(days, now).map_err(|NotEnoughDays(left)| {
                let message = format!("you have {left} days of vacation left this year, not {days}");
                Refusal::new(ErrorCode::NoVacationLeft, message)
            })?;
            // Nothing to end (`days: 0` with no vacation under way): nothing is written and nobody told, so that a
            // client asking again and again cannot have every opponent sent the same clocks each time.
            if new == old {
                return Ok(ServerMessage::Vacation { vacation: new.view(now) });
            }
            // Each clock as of now, on the vacation's old terms: a clock that stood still during a vacation over
            // before this one keeps that time.
            let settled: Vec<SettledClocks> = games
                .iter()
                .map(|live| SettledClocks {
                    game: live.id().to_owned(),
                    plies: live.plies(),
                    clocks: live.clocks_at(now),
                })
                .collect();
            match self.db.take_vacation(&caller.player, old, new, &settled, now).await {
                Ok(()) => {
                    for (live, settled) in games.iter_mut().zip(settled) {
                        live.clocks = settled.clocks;
                        live.since = now;
                        for player in live.players.iter_mut().filter(|p| p.id == caller.player) {
                            player.vacation = new;
                        }
                        let message =
                            ServerMessage::Clocks { game: live.id().to_owned(), clocks: live.clocks_view(now) };
                        self.notify(live, None, &message);
                    }
                    return Ok(ServerMessage::Vacation { vacation: new.view(now) });
                }
                Err(DbError::Stale) => {
                    // A game moved on or ended, or the player asked on another connection: decided again on what
                    // is stored now.
                    for live in &mut games {
                        self.catch_up(live).await?;
                    }
                    games.retain(|live| !live.over);
                }
                Err(error) => {
                    // Perhaps stored all the same (PostgreSQL): the games are read again, and what is stored counts.
                    for live in &mut games {
                        self.reread(live).await;
                    }
                    return Err(error.into());
                }
            }
        }
        Err(Refusal::busy())
    }
}
