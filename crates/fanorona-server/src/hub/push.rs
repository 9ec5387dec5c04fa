//! Web Push for correspondence games: subscribing and unsubscribing, and what players are told of (their turn, a
//! challenge to them, a result, a day left to play).

use std::time::Duration;

use fanorona_rules::Side;

use super::live::LiveGame;
use super::{Caller, Hub, millis};
use crate::db::{Subscribed, SubscriptionRecord};
use crate::error::Refusal;
use crate::protocol::{
    ErrorCode, GameResult, MAX_PUSH_SUBSCRIPTIONS, PushEvent, PushSubscription, PushWords, ServerMessage,
};
use crate::push::{Notice, Told};

/// How long before a correspondence game's time runs out the side to move is reminded: a day, or a quarter of the
/// time to answer in a game that gives less than four days (so that a game of one day per turn reminds six hours
/// before, not as soon as the opponent has played).
fn reminder_before(time_to_answer_ms: i64) -> i64 {
    millis(REMINDER_BEFORE).min(time_to_answer_ms / 4)
}

/// A day: how long before a correspondence game's time runs out its side to move is reminded.
const REMINDER_BEFORE: Duration = Duration::from_secs(86_400);

impl Hub {
    pub(super) async fn subscribe(
        &self,
        caller: &Caller,
        subscription: PushSubscription,
        events: Vec<PushEvent>,
        words: PushWords,
    ) -> Result<ServerMessage, Refusal> {
        let events = self.pusher.check(&subscription, &events, &words)?;
        let record = SubscriptionRecord {
            endpoint: subscription.endpoint,
            player: caller.player.clone(),
            login: caller.login.clone(),
            keys: subscription.keys,
            events,
            words,
        };
        match self.db.subscribe(&record, MAX_PUSH_SUBSCRIPTIONS, self.clock.now_ms()).await? {
            Subscribed::Stored => Ok(ServerMessage::Subscribed { events: record.events }),
            Subscribed::TooMany => {
                let message =
                    format!("you have {MAX_PUSH_SUBSCRIPTIONS} devices told of your games already: stop one first");
                Err(Refusal::new(ErrorCode::TooManySubscriptions, message))
            }
            // The endpoint is a secret of its browser's: a second player with it is a shared device whose first user
            // did not log out, or someone who should not have it. Either way the first owner keeps it.
            Subscribed::Taken => {
                let message = "this browser's notifications are another player's: they must turn them off first";
                Err(Refusal::new(ErrorCode::BadSubscription, message))
            }
        }
    }

    pub(super) async fn unsubscribe(&self, caller: &Caller, endpoint: String) -> Result<ServerMessage, Refusal> {
        self.db.unsubscribe(&endpoint, &caller.player).await?;
        Ok(ServerMessage::Unsubscribed)
    }

    /// Tells the side to move of a correspondence game that it is its turn.
    pub(super) fn push_turn(&self, live: &LiveGame) {
        if live.settings.time.is_correspondence() {
            self.push(live, live.to_move(), Told::Turn);
        }
    }

    /// Tells the players of a correspondence game how it ended, but for `actor`, who ended it (and knows).
    pub(super) fn push_result(&self, live: &LiveGame, result: GameResult, actor: Option<Side>) {
        if !live.settings.time.is_correspondence() {
            return;
        }
        for side in [Side::White, Side::Black] {
            if Some(side) != actor {
                let told = match result.winner {
                    None => Told::Drawn,
                    Some(winner) if Side::from(winner) == side => Told::Won,
                    Some(_) => Told::Lost,
                };
                self.push(live, side, told);
            }
        }
    }

    /// Reminds the side to move of a correspondence game whose time runs out within [`reminder_before`], once a turn
    /// (whichever process sharing the database marks the game first sends it).
    pub(super) async fn remind(&self, live: &mut LiveGame, now: i64) {
        if !live.settings.time.is_correspondence() || live.over || live.reminded == Some(live.plies()) {
            return;
        }
        let left = live.clocks_at(now)[live.to_move().index()];
        if left > reminder_before(live.settings.time.initial_ms()) {
            return;
        }
        // Marked here whatever the database says: a failed write is not tried again every check of the clocks.
        live.reminded = Some(live.plies());
        match self.db.mark_reminded(live.id(), live.plies()).await {
            Ok(true) => self.push(live, live.to_move(), Told::Reminder),
            Ok(false) => {}
            Err(error) => tracing::error!("game {}: reminder not marked: {error}", live.id()),
        }
    }

    /// Queues a notice for the player of `side` in `live`.
    fn push(&self, live: &LiveGame, side: Side, told: Told) {
        self.pusher.tell(Notice {
            player: live.players[side.index()].id.clone(),
            told,
            opponent: live.players[(!side).index()].name.clone(),
            game: live.id().to_owned(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: i64 = 3_600_000;

    #[test]
    fn the_reminder_comes_a_day_before_or_a_quarter_of_the_time() {
        assert_eq!(reminder_before(24 * HOUR), 6 * HOUR);
        assert_eq!(reminder_before(2 * 24 * HOUR), 12 * HOUR);
        assert_eq!(reminder_before(4 * 24 * HOUR), 24 * HOUR);
        assert_eq!(reminder_before(14 * 24 * HOUR), 24 * HOUR);
    }
}
