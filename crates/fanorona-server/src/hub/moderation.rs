//! Moderation: players report players and block them; moderators (a role given from the command line, never by a
//! message) read the open reports with each player's history and warn, suspend or close, each action logged with who
//! did it and why.

use super::{Caller, Hub};
use crate::db::{Filing, ModerationEntry, QueueCursor, ReportRecord};
use crate::error::Refusal;
use crate::protocol::{
    DAY_MS, ErrorCode, MAX_LISTED_REPORTS, MAX_MODERATION_REASON_CHARS, MAX_REPORT_NOTE_CHARS, MAX_SUSPENSION_DAYS,
    ModerationAction, PlayerView, REPORTS_PER_ADDRESS_PER_DAY, REPORTS_PER_DAY, ReportReason, ServerMessage,
};
use crate::throttle::address_key;

impl Hub {
    /// Stores the caller's report of `player`, in `game` if any. A guest reports only the other player of a game they
    /// played: a guest costs nothing to make, and eleven of them from two addresses once filed 110 reports that hid a
    /// real one (issue 69). Every report counts against the reporter's day and their address's.
    pub(super) async fn report(
        &self,
        caller: &Caller,
        player: &str,
        game: Option<&str>,
        reason: ReportReason,
        note: &str,
    ) -> Result<ServerMessage, Refusal> {
        if note.chars().count() > MAX_REPORT_NOTE_CHARS {
            let message = format!("a report's note is at most {MAX_REPORT_NOTE_CHARS} characters");
            return Err(Refusal::new(ErrorCode::BadReport, message));
        }
        if player == caller.player {
            return Err(Refusal::new(ErrorCode::BadReport, "you cannot report yourself"));
        }
        if self.db.player(player).await?.is_none() {
            return Err(Refusal::new(ErrorCode::BadReport, format!("no player has the id {player:?}")));
        }
        let ids = |g: &crate::db::StoredGame| [g.white.id.clone(), g.black.id.clone()];
        let mut with_caller = false;
        if let Some(id) = game {
            let played = self.db.game(id).await?.map(|g| ids(&g));
            if !played.as_ref().is_some_and(|ids| ids.iter().any(|p| p == player)) {
                return Err(Refusal::new(ErrorCode::BadReport, format!("the player played no game {id:?}")));
            }
            with_caller = played.is_some_and(|ids| ids.contains(&caller.player));
        }
        let registered = self.db.player(&caller.player).await?.is_some_and(|p| p.registered);
        if !registered && !with_caller {
            let message = "a guest reports only the other player of a game they played: register to report anyone";
            return Err(Refusal::new(ErrorCode::GuestReport, message));
        }
        let now = self.clock.now_ms();
        let address = address_key(caller.address).to_string();
        let game = game.unwrap_or("");
        let record = ReportRecord { reporter: &caller.player, player, game, reason, note, at: now, address: &address };
        let since = now.saturating_sub(DAY_MS);
        let message = match self.db.report(&record, since, REPORTS_PER_DAY, REPORTS_PER_ADDRESS_PER_DAY).await? {
            Filing::Filed => return Ok(ServerMessage::Reported),
            Filing::ReporterFull => format!("you made {REPORTS_PER_DAY} reports in the last day"),
            Filing::AddressFull => {
                format!("the players of your address made {REPORTS_PER_ADDRESS_PER_DAY} reports in the last day")
            }
        };
        Err(Refusal::new(ErrorCode::TooManyReports, format!("{message}: the moderators read them first")))
    }

    /// Blocks `player` for the caller, or no longer; answers with everyone the caller blocks.
    pub(super) async fn block(&self, caller: &Caller, player: &str, block: bool) -> Result<ServerMessage, Refusal> {
        if block {
            if player == caller.player {
                return Err(Refusal::new(ErrorCode::OwnChallenge, "you cannot block yourself"));
            }
            self.db.player(player).await?.ok_or_else(|| Refusal::not_found(player))?;
        }
        self.db.set_block(&caller.player, player, block, self.clock.now_ms()).await?;
        Ok(ServerMessage::Blocked { players: self.db.blocked_by(&caller.player).await? })
    }

    /// Refuses a challenge between `a` and `b` when either blocks the other.
    pub(super) async fn refuse_blocked(&self, a: &str, b: &str) -> Result<(), Refusal> {
        if self.db.blocked_between(a, b).await? {
            return Err(Refusal::new(ErrorCode::Blocked, "one of you blocks the other"));
        }
        Ok(())
    }

    /// A page of the moderators' queue, for a moderator: the page after `after` (the first if none), with the
    /// fair-play flags on the first page.
    pub(super) async fn list_reports(&self, caller: &Caller, after: Option<String>) -> Result<ServerMessage, Refusal> {
        self.moderator(caller).await?;
        let cursor = match &after {
            Some(text) => {
                Some(text.parse::<QueueCursor>().map_err(|e| Refusal::new(ErrorCode::BadMessage, e.to_string()))?)
            }
            None => None,
        };
        let (reports, next) = self.db.report_queue(cursor.as_ref(), MAX_LISTED_REPORTS).await?;
        let flags = if after.is_none() { self.db.open_flags(MAX_LISTED_REPORTS).await? } else { Vec::new() };
        Ok(ServerMessage::Reports { reports, flags, after, next: next.map(|next| next.to_string()) })
    }

    /// A moderator's action on `player`, logged; the open reports about them are closed.
    pub(super) async fn moderate(
        &self,
        caller: &Caller,
        player: &str,
        action: ModerationAction,
        reason: &str,
    ) -> Result<ServerMessage, Refusal> {
        self.moderator(caller).await?;
        checked_reason(reason)?;
        if action == ModerationAction::CancelTournament {
            return Err(Refusal::new(ErrorCode::BadMessage, "an event is cancelled with cancel_tournament"));
        }
        if player == caller.player {
            return Err(Refusal::new(ErrorCode::BadMessage, "a moderator does not moderate themselves"));
        }
        self.db.player(player).await?.ok_or_else(|| Refusal::not_found(player))?;
        // Moderators answer to the operator who made them, not to each other: otherwise one of them could suspend or
        // close the others and moderate alone. The operator takes the role back first (`moderator NAME --revoke`).
        if self.db.is_moderator(player).await? {
            let message = "a moderator does not moderate another: the server's operator takes their role back first";
            return Err(Refusal::new(ErrorCode::BadMessage, message));
        }
        let now = self.clock.now_ms();
        let suspended_until = match action {
            ModerationAction::Suspend { days } if (1..=MAX_SUSPENSION_DAYS).contains(&days) => {
                Some(now.saturating_add(i64::from(days) * DAY_MS))
            }
            ModerationAction::Suspend { .. } => {
                let message = format!("a suspension is 1 to {MAX_SUSPENSION_DAYS} days");
                return Err(Refusal::new(ErrorCode::BadMessage, message));
            }
            _ => None,
        };
        // A warning reaches the player now if they are connected here, else after their next welcome.
        let warning = ServerMessage::Warned { reason: reason.to_owned(), at_ms: now };
        let warned_now = action == ModerationAction::Warn && self.is_connected(player);
        let unseen = action == ModerationAction::Warn && !warned_now;
        let entry = ModerationEntry { player, moderator: &caller.player, action, reason, at: now, unseen };
        let logins = self.db.moderate(&entry, suspended_until).await?;
        match action {
            ModerationAction::Warn if warned_now => self.tell(player, &warning),
            ModerationAction::Suspend { .. } => {
                for login in logins {
                    self.close_login(&login, None);
                }
            }
            ModerationAction::Close => self.remove_account(player, 0).await?,
            _ => {}
        }
        let player = PlayerView::from(self.db.player(player).await?.ok_or_else(|| Refusal::not_found(player))?);
        tracing::info!("moderator {} on player {}: {action:?}", caller.player, player.id);
        Ok(ServerMessage::Moderated { player, action })
    }

    /// A moderator's cancellation of the event `id`, which a player created: over at once, listed no more, logged on
    /// its creator. Its games under way are played out (their players did nothing wrong), and rated as ever.
    pub(super) async fn cancel_tournament(
        &self,
        caller: &Caller,
        id: &str,
        reason: &str,
    ) -> Result<ServerMessage, Refusal> {
        self.moderator(caller).await?;
        checked_reason(reason)?;
        let Some(creator) = self.db.cancel_tournament(id, &caller.player, reason, self.clock.now_ms()).await? else {
            let message = "no event of a player's that is not over has that id";
            return Err(Refusal::new(ErrorCode::NotFound, message));
        };
        tracing::info!("moderator {} cancelled tournament {id} of player {creator}", caller.player);
        Ok(ServerMessage::TournamentCancelled { tournament: id.to_owned() })
    }

    /// Refuses whoever is not a moderator.
    async fn moderator(&self, caller: &Caller) -> Result<(), Refusal> {
        if self.db.is_moderator(&caller.player).await? {
            Ok(())
        } else {
            Err(Refusal::new(ErrorCode::NotModerator, "only moderators may do this"))
        }
    }
}

/// Refuses a moderator's reason that is empty or longer than [`MAX_MODERATION_REASON_CHARS`].
fn checked_reason(reason: &str) -> Result<(), Refusal> {
    if reason.trim().is_empty() || reason.chars().count() > MAX_MODERATION_REASON_CHARS {
        let message = format!("a reason of 1 to {MAX_MODERATION_REASON_CHARS} characters is needed");
        return Err(Refusal::new(ErrorCode::BadMessage, message));
    }
    Ok(())
}
