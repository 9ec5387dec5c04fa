//! The lobby: open challenges, and how many a player may have.

use serde::{Deserialize, Serialize};

use crate::game::{GameVariant, PlayerView, TimeControl};

/// The most challenges a `challenges` message lists: the caller's own, then the newest of the others.
pub const MAX_LISTED_CHALLENGES: usize = 100;

/// The most open live challenges to anyone (without an `opponent`) a player may have at once; one more is refused with
/// [`ErrorCode::TooManyChallenges`](crate::ErrorCode::TooManyChallenges).
pub const MAX_OPEN_CHALLENGES: usize = 3;

/// The most open correspondence challenges to anyone a player may have at once (they stay open while the player is
/// away); one more is refused with [`ErrorCode::TooManyChallenges`](crate::ErrorCode::TooManyChallenges).
pub const MAX_CORRESPONDENCE_CHALLENGES: usize = 10;

/// The most open challenges addressed to a player (rematches) a player may have at once, whoever they are addressed
/// to; one more is refused with [`ErrorCode::TooManyChallenges`](crate::ErrorCode::TooManyChallenges).
pub const MAX_ADDRESSED_CHALLENGES: usize = 3;

/// An open challenge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChallengeView {
    /// The challenge's id, which becomes the game's id when it is accepted.
    pub id: String,
    /// Who opened it.
    pub by: PlayerView,
    /// The board.
    pub variant: GameVariant,
    /// Whether the game will be rated.
    pub rated: bool,
    /// The time control.
    pub time: TimeControl,
    /// A vela game, in which the challenger plays with the handicap.
    #[serde(default)]
    pub vela: bool,
    /// The one player who may accept it, if it is addressed to one (a rematch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
}
