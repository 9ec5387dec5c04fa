//! Moderation: players report players and block them; moderators (a role given from the command line, never by a
//! message) read the open reports with each player's history and warn, suspend or close, each action logged with who
//! did it and why.

use super::{Caller, Hub};
use crate::db::{ModerationEntry, ReportRecord};
use crate::error::Refusal;
use crate::protocol::{
    DAY_MS, ErrorCode, MAX_LISTED_REPORTS, MAX_MODERATION_REASON_CHARS, MAX_REPORT_NOTE_CHARS, MAX_SUSPENSION_DAYS,
    ModerationAction, PlayerView, REPORTS_PER_DAY, ReportReason, ServerMessage,
};

impl Hub {
    /// Stores the caller's report of `player`, in `game` if any.
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
        if let Some(id) = game {
            let played = self.db.game(id).await?;
            let ids = |g: &crate::db::StoredGame| [g.white.id.clone(), g.black.id.clone()];
            if !played.is_some_and(|g| ids(&g).iter().any(|p| p == player)) {
                return Err(Refusal::new(ErrorCode::BadReport, format!("the player played no game {id:?}")));
            }
        }
        let now = self.clock.now_ms();
        let record = ReportRecord { reporter: &caller.player, player, game: game.unwrap_or(""), reason, note, at: now };
        if !self.db.report(&record, now.saturating_sub(DAY_MS), REPORTS_PER_DAY).await? {
            let message = format!("you made {REPORTS_PER_DAY} reports in the last day: the moderators read them first");
            return Err(Refusal::new(ErrorCode::TooManyReports, message));
        }
        Ok(ServerMessage::Reported)
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

    /// The open reports, for a moderator.
    pub(super) async fn list_reports(&self, caller: &Caller) -> Result<ServerMessage, Refusal> {
        self.moderator(caller).await?;
        let reports = self.db.open_reports(MAX_LISTED_REPORTS).await?;
        Ok(ServerMessage::Reports { reports, flags: self.db.open_flags(MAX_LISTED_REPORTS).await? })
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
        if reason.trim().is_empty() || reason.chars().count() > MAX_MODERATION_REASON_CHARS {
            let message = format!("a reason of 1 to {MAX_MODERATION_REASON_CHARS} characters is needed");
            return Err(Refusal::new(ErrorCode::BadMessage, message));
        }
        if player == caller.player {
            return Err(Refusal::new(ErrorCode::BadMessage, "a moderator does not moderate themselves"));
        }
        self.db.player(player).await?.ok_or_else(|| Refusal::not_found(player))?;
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

    /// Refuses whoever is not a moderator.
    async fn moderator(&self, caller: &Caller) -> Result<(), Refusal> {
        if self.db.is_moderator(&caller.player).await? {
            Ok(())
        } else {
            Err(Refusal::new(ErrorCode::NotModerator, "only moderators may do this"))
        }
    }
}
