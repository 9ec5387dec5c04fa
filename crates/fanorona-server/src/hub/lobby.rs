//! The lobby: open challenges (to anyone or addressed to one player), their acceptance, which starts a game, and
//! the sweep that drops the challenges of players who left.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::live::{LiveGame, Slot};
use super::{Caller, Hub, lock, millis};
use crate::db::ChallengeRecord;
use crate::error::Refusal;
use crate::protocol::{
    ChallengeView, ErrorCode, GameVariant, MAX_ADDRESSED_CHALLENGES, MAX_CORRESPONDENCE_CHALLENGES,
    MAX_LISTED_CHALLENGES, MAX_OPEN_CHALLENGES, ServerMessage, TimeControl,
};
use crate::push::{Notice, Told};
use crate::rating::Pool;
use crate::secret;

/// How long the open live challenges of a player with no connection stay in the lobby: a page reload or a dropped
/// connection keeps them, a player who left does not leave a challenge that nobody answers. A correspondence
/// challenge stays until it is answered or withdrawn.
pub const CHALLENGE_ABANDONED_AFTER: Duration = Duration::from_secs(60);

/// How often (on the server's clock) the lobby is swept: the challenges of connected players are marked seen and
/// those of players gone for [`CHALLENGE_ABANDONED_AFTER`] dropped, so a challenge goes at most this much later.
pub const LOBBY_SWEEP_INTERVAL: Duration = Duration::from_secs(5);

/// What a challenge offers: the board, rated or not, the time control, vela.
#[derive(Clone, Copy, Debug)]
pub(super) struct ChallengeTerms {
    pub(super) variant: GameVariant,
    pub(super) rated: bool,
    pub(super) time: TimeControl,
    pub(super) vela: bool,
}

impl Hub {
    /// Marks the open challenges of the players connected here as seen, and drops those whose creator was last seen
    /// [`CHALLENGE_ABANDONED_AFTER`] ago or more (on any process: a process sharing the database marks its own
    /// players' challenges, and after a restart nobody's are marked until they come back). Runs at most every
    /// [`LOBBY_SWEEP_INTERVAL`] of the server's clock; the server calls it with the flag checks.
    pub async fn sweep_lobby(&self) {
        let now = self.clock.now_ms();
        self.purge_logins(now).await;
        if now < self.next_sweep.load(Ordering::Relaxed) {
            return;
        }
        self.next_sweep.store(now.saturating_add(millis(LOBBY_SWEEP_INTERVAL)), Ordering::Relaxed);
        let present: Vec<String> = lock(&self.connections).keys().cloned().collect();
        if let Err(error) = self.db.touch_challenges(&present, now).await {
            // Without the marks, connected players' challenges could be taken for abandoned ones: drop none.
            tracing::error!("lobby not swept: {error}");
            return;
        }
        match self.db.drop_stale_challenges(now.saturating_sub(millis(CHALLENGE_ABANDONED_AFTER))).await {
            Ok(dropped) => {
                for (challenge, opponent) in dropped {
                    if let Some(opponent) = opponent {
                        self.tell(&opponent, &ServerMessage::ChallengeCancelled { challenge });
                    }
                }
            }
            Err(error) => tracing::error!("abandoned challenges not dropped: {error}"),
        }
    }

    /// The open challenges the caller may see, at most [`MAX_LISTED_CHALLENGES`], and how many there are.
    pub(super) async fn list_challenges(&self, caller: &Caller) -> Result<ServerMessage, Refusal> {
        // A challenge addressed to a player is theirs and its creator's to see. The caller's own come first (a client
        // takes its own challenge missing from the list for one accepted or withdrawn).
        let (challenges, total) = self.db.listed_challenges(&caller.player, MAX_LISTED_CHALLENGES).await?;
        Ok(ServerMessage::Challenges { challenges: challenges.into_iter().map(challenge_view).collect(), total })
    }

    pub(super) async fn create_challenge(
        &self,
        caller: &Caller,
        ChallengeTerms { variant, rated, time, vela }: ChallengeTerms,
        opponent: Option<String>,
    ) -> Result<ServerMessage, Refusal> {
        if vela && variant != GameVariant::Tsivy {
            return Err(Refusal::new(ErrorCode::VelaVariant, "vela is played on tsivy only"));
        }
        if rated && (variant != GameVariant::Tsivy || vela) {
            return Err(Refusal::new(ErrorCode::UnratedVariant, "only standard tsivy without vela is rated"));
        }
        let creator = self.current(caller).await?;
        if rated && creator.bot {
            return Err(Refusal::bot_unrated());
        }
        if rated && !creator.registered {
            return Err(Refusal::guest_unrated());
        }
        if let Some(opponent) = &opponent {
            if *opponent == caller.player {
                return Err(Refusal::new(ErrorCode::OwnChallenge, "you cannot challenge yourself"));
            }
            let player = self.db.player(opponent).await?.ok_or_else(|| Refusal::not_found(opponent))?;
            if rated && player.bot {
                return Err(Refusal::bot_unrated());
            }
            self.refuse_blocked(&caller.player, opponent).await?;
        }
        let (most, kind) = match (&opponent, time.is_correspondence()) {
            (Some(_), _) => (MAX_ADDRESSED_CHALLENGES, "addressed to players"),
            (None, true) => (MAX_CORRESPONDENCE_CHALLENGES, "open by correspondence"),
            (None, false) => (MAX_OPEN_CHALLENGES, "open"),
        };
        let challenge =
            ChallengeRecord { id: secret::new_id()?, creator, variant, rated, time, vela, opponent, tournament: None };
        if !self.db.create_challenge(&challenge, time.initial_ms(), self.clock.now_ms(), most).await? {
            let message = format!("you have {most} challenges {kind} already: withdraw one first");
            return Err(Refusal::new(ErrorCode::TooManyChallenges, message));
        }
        if let (Some(opponent), true) = (&challenge.opponent, time.is_correspondence()) {
            let told = Told::Challenge;
            let opponent = opponent.clone();
            let (opponent_name, game) = (challenge.creator.name.clone(), challenge.id.clone());
            self.pusher.tell(Notice { player: opponent, told, opponent: opponent_name, game });
        }
        let message = ServerMessage::ChallengeCreated { challenge: challenge_view(challenge) };
        self.tell_opponent(&message);
        Ok(message)
    }

    pub(super) async fn cancel_challenge(&self, caller: &Caller, challenge: String) -> Result<ServerMessage, Refusal> {
        let record = self.db.open_challenge(&challenge).await?.ok_or_else(|| Refusal::not_found(&challenge))?;
        if !self.db.cancel_challenge(&challenge, &caller.player).await? {
            return Err(if record.creator.id == caller.player {
                Refusal::not_found(&challenge)
            } else {
                Refusal::new(ErrorCode::NotYourGame, "that challenge is someone else's")
            });
        }
        if let Some(opponent) = &record.opponent {
            self.tell(opponent, &ServerMessage::ChallengeCancelled { challenge: challenge.clone() });
        }
        Ok(ServerMessage::ChallengeCancelled { challenge })
    }

    pub(super) async fn decline_challenge(&self, caller: &Caller, challenge: String) -> Result<ServerMessage, Refusal> {
        let record = self.db.open_challenge(&challenge).await?.ok_or_else(|| Refusal::not_found(&challenge))?;
        if record.opponent.as_deref() != Some(caller.player.as_str()) {
            return Err(Refusal::new(ErrorCode::NotYourGame, "that challenge is not addressed to you"));
        }
        // Gone meanwhile (withdrawn, or declined on another connection): nothing to decline.
        if !self.db.decline_challenge(&challenge, &caller.player).await? {
            return Err(Refusal::not_found(&challenge));
        }
        let message = ServerMessage::ChallengeDeclined { challenge };
        self.tell(&record.creator.id, &message);
        Ok(message)
    }

    /// Sends a challenge addressed to a player to that player's connections (to this process's: on another, the
    /// player finds it in the lobby's list).
    fn tell_opponent(&self, message: &ServerMessage) {
        if let ServerMessage::ChallengeCreated { challenge: ChallengeView { opponent: Some(opponent), .. } } = message {
            self.tell(opponent, message);
        }
    }

    pub(super) async fn accept_challenge(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let challenge = self.db.open_challenge(id).await?.ok_or_else(|| Refusal::not_found(id))?;
        if challenge.creator.id == caller.player {
            return Err(Refusal::new(ErrorCode::OwnChallenge, "you cannot accept your own challenge"));
        }
        if challenge.opponent.as_ref().is_some_and(|o| *o != caller.player) {
            return Err(Refusal::new(ErrorCode::NotYourGame, "that challenge is for another player"));
        }
        self.refuse_blocked(&challenge.creator.id, &caller.player).await?;
        let mut players = [challenge.creator.clone(), self.current(caller).await?];
        // The challenger may have become a bot since it opened the challenge.
        if challenge.rated && players.iter().any(|p| p.bot) {
            return Err(Refusal::bot_unrated());
        }
        // A rated challenge of a guest stored by an older server is refused too.
        if challenge.rated && players.iter().any(|p| !p.registered) {
            return Err(Refusal::guest_unrated());
        }
        if secret::below(2)? == 1 {
            players.reverse();
        }
        let now = self.clock.now_ms();
        match self.db.start_game(id, &players[0].id, &players[1].id, now).await {
            Ok(true) => {}
            Ok(false) => return Err(Refusal::not_found(id)),
            Err(error) => {
                let refusal = Refusal::from(error);
                // The game may have started all the same (a COMMIT whose answer was lost with the connection): if the
                // database has it, it is taken up and both players get it, as from another process.
                self.sync(id).await;
                return Err(refusal);
            }
        }
        let initial = challenge.time.initial_ms();
        let mut live = LiveGame::new(challenge, players, [initial; 2], now);
        let message = ServerMessage::GameState { game: live.view(now) };
        self.notify(&mut live, Some(caller.connection), &message);
        // The challenger may be away: a correspondence game starts with White to move.
        if live.players[0].id != caller.player {
            self.push_turn(&live);
        }
        lock(&self.games).insert(id.to_owned(), Slot::new(live));
        Ok(message)
    }
}

fn challenge_view(challenge: ChallengeRecord) -> ChallengeView {
    ChallengeView {
        id: challenge.id,
        by: challenge.creator.view(Pool::of(challenge.time)),
        variant: challenge.variant,
        rated: challenge.rated,
        time: challenge.time,
        vela: challenge.vela,
        opponent: challenge.opponent,
    }
}
