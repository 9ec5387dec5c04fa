//! Web Push: a browser's subscription, the events it asks for, and the words of its notifications.

use serde::{Deserialize, Serialize};

/// The most Web Push subscriptions (devices) a player may have at once; one more is refused with
/// [`ErrorCode::TooManySubscriptions`](crate::ErrorCode::TooManySubscriptions).
pub const MAX_PUSH_SUBSCRIPTIONS: usize = 5;

/// The longest a subscription's push service address may be, in bytes (the browsers' are under 500).
pub const MAX_PUSH_ENDPOINT_BYTES: usize = 1024;

/// The longest each of a subscription's [`PushWords`] may be, in bytes.
pub const MAX_PUSH_WORD_BYTES: usize = 200;

/// A browser's Web Push subscription: where its push service receives messages for it, and the keys that encrypt
/// them (RFC 8291).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushSubscription {
    /// The push service's address for this subscription (`https://`, at most [`MAX_PUSH_ENDPOINT_BYTES`]).
    pub endpoint: String,
    /// Its keys.
    pub keys: PushKeys,
}

/// The keys of a [`PushSubscription`], base64url as browsers give them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushKeys {
    /// The browser's P-256 public key (65 bytes, uncompressed).
    pub p256dh: String,
    /// The authentication secret (16 bytes).
    pub auth: String,
}

/// What a player may be told of by Web Push, in their correspondence games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PushEvent {
    /// The opponent played (or a game started with the player to move).
    Turn,
    /// A correspondence challenge addressed to the player.
    Challenge,
    /// A game ended.
    Result,
    /// A day left to play (a quarter of the time in a game of one day per turn).
    Reminder,
}

impl PushEvent {
    /// Every event, in the order of the protocol.
    pub const ALL: [PushEvent; 4] = [PushEvent::Turn, PushEvent::Challenge, PushEvent::Result, PushEvent::Reminder];

    /// Its name in messages (`turn`, `challenge`, `result`, `reminder`).
    pub const fn name(self) -> &'static str {
        match self {
            PushEvent::Turn => "turn",
            PushEvent::Challenge => "challenge",
            PushEvent::Result => "result",
            PushEvent::Reminder => "reminder",
        }
    }

    /// The event named `name`.
    pub fn from_name(name: &str) -> Option<PushEvent> {
        PushEvent::ALL.into_iter().find(|event| event.name() == name)
    }
}

/// What the notifications say, in the player's language: the server knows no language, so the client sends its
/// words with the subscription. `{opponent}` in each is replaced by the opponent's name. At most
/// [`MAX_PUSH_WORD_BYTES`] each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushWords {
    /// The notifications' title (the game's name).
    pub title: String,
    /// It is the player's turn: "Your turn against {opponent}".
    pub turn: String,
    /// A challenge: "{opponent} challenges you".
    pub challenge: String,
    /// A game won.
    pub won: String,
    /// A game lost.
    pub lost: String,
    /// A game drawn (or aborted).
    pub drawn: String,
    /// A day left to play.
    pub reminder: String,
}

impl PushWords {
    /// Each of the words with its field's name.
    pub fn each(&self) -> [(&'static str, &str); 7] {
        [
            ("title", &self.title),
            ("turn", &self.turn),
            ("challenge", &self.challenge),
            ("won", &self.won),
            ("lost", &self.lost),
            ("drawn", &self.drawn),
            ("reminder", &self.reminder),
        ]
    }
}

/// What a Web Push message carries (encrypted) to the service worker, which shows it as a notification.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushMessage {
    /// The notification's title.
    pub title: String,
    /// Its text.
    pub body: String,
    /// What happened.
    pub event: PushEvent,
    /// The game (or challenge) it is about: a later notification about it replaces this one.
    pub game: String,
}
