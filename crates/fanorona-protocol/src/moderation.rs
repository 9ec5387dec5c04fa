//! Reports, the moderators' queue, their actions, and the fair-play flags.

use serde::{Deserialize, Serialize};

use crate::game::PlayerView;

/// The most reports one player may make in a day.
pub const REPORTS_PER_DAY: usize = 10;

/// The most reports the players of one address (an IPv6 address's /64) may make in a day, together: a household or
/// a club reports a few, and guests made by the dozen from one address cannot bury the moderators' queue.
pub const REPORTS_PER_ADDRESS_PER_DAY: usize = 20;

/// The most characters of a report's note.
pub const MAX_REPORT_NOTE_CHARS: usize = 500;

/// The most characters of a moderator's reason.
pub const MAX_MODERATION_REASON_CHARS: usize = 500;

/// The most lines (reported players) a `reports` message lists: a page of the moderators' queue.
pub const MAX_LISTED_REPORTS: usize = 100;

/// The longest suspension, in days.
pub const MAX_SUSPENSION_DAYS: u32 = 365;

/// Why a player is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    /// An insulting or hateful name.
    Name,
    /// Help from a program (or another person) in rated games.
    Cheating,
    /// Letting the clock run instead of playing or resigning, in a lost game.
    Stalling,
    /// Anything else (the note says what).
    Other,
}

/// What a moderator does about a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ModerationAction {
    /// Nothing but closing the open reports about the player.
    Dismiss,
    /// Tells the player the reason (now, or at their next `hello`).
    Warn,
    /// Keeps the player from signing in for some days; their connections close.
    Suspend {
        /// 1 to [`MAX_SUSPENSION_DAYS`].
        days: u32,
    },
    /// Closes the account, as `delete_account` does: games in progress resigned, rated games kept, the name free
    /// after [`NAME_HELD_DAYS`](crate::NAME_HELD_DAYS).
    Close,
    /// Cancelled an event the player created (`cancel_tournament`, never `moderate`): logged with the event's id.
    CancelTournament,
}

/// A line of the moderators' queue: the weightiest open report about a player (its reporter's of good standing
/// first, then the oldest), with how many players reported them, as a moderator sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportView {
    /// Who reported.
    pub reporter: PlayerView,
    /// Who was reported.
    pub player: PlayerView,
    /// The game it happened in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Why.
    pub reason: ReportReason,
    /// The reporter's words.
    pub note: String,
    /// When, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// What moderators did about the reported player before, oldest first.
    pub history: Vec<ModerationRecord>,
    /// How many players have open reports about the player, this one's reporter included.
    #[serde(default)]
    pub reporters: u32,
    /// Of which, of good standing: registered, and none of their reports dismissed ("nothing to do") before.
    #[serde(default)]
    pub trusted: u32,
}

/// A player whose last rated games played the engine's choice (a turn as good as its best) in complex positions,
/// and as accurately, as no honest player does: the fair-play review's finding, for a moderator to judge (it never
/// acts on its own).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FairPlayFlag {
    /// The player.
    pub player: PlayerView,
    /// The complex positions they moved in, over the games of `evidence`.
    pub complex: u32,
    /// Of which they played the engine's choice (a turn as good as its best).
    pub matched: u32,
    /// Their mean accuracy (0..100) over those games.
    pub accuracy: f64,
    /// When the review flagged them, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// Each game of the window the figures come from, newest first.
    pub evidence: Vec<FairPlayGame>,
}

/// One game's figures for one player in the fair-play review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FairPlayGame {
    /// The game's id.
    pub game: String,
    /// The complex positions the player moved in.
    pub complex: u32,
    /// Of which they played the engine's choice (a turn as good as its best).
    pub matched: u32,
    /// Their mean accuracy (0..100) in the game.
    pub accuracy: f64,
}

/// A moderator's action, as the log keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModerationRecord {
    /// What was done.
    pub action: ModerationAction,
    /// Why.
    pub reason: String,
    /// The moderator's name.
    pub by: String,
    /// When, in milliseconds since the Unix epoch.
    pub at_ms: i64,
    /// The event cancelled, for [`ModerationAction::CancelTournament`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
}
