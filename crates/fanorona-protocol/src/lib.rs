//! The messages of the Fanorona game server's protocol, version 2: JSON objects tagged by `type`, sent as WebSocket
//! text messages. Every message from a client may carry a numeric `id`, which the server echoes in its reply.
//! `docs/PROTOCOL.md` has the full description and an example session.
//!
//! A crate of its own, with nothing but the rules and serde, so that the game (on the desktop and in the browser)
//! speaks the same messages as the server without building the server.

use std::fmt;
use std::str::FromStr;

use fanorona_rules::{DrawReason, Outcome, Side, Variant, WinReason};
use serde::{Deserialize, Serialize};

mod text;
mod tournament;
pub use text::{has_hidden_chars, is_hidden_char};
pub use tournament::*;

/// The protocol version this server speaks; a `hello` must name it.
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest message the server reads, in bytes; a larger one is answered with [`ErrorCode::TooLarge`].
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The most games a `games` or `profile` message lists.
pub const MAX_LISTED_GAMES: usize = 50;
/// How many rated games a profile's rating history shows at most, the last ones: a graph's worth, whoever has played
/// thousands (a player's data download has every one).
pub const MAX_PROFILE_RATINGS: usize = 500;

/// The most challenges a `challenges` message lists: the caller's own, then the newest of the others.
pub const MAX_LISTED_CHALLENGES: usize = 100;

/// The most open live challenges to anyone (without an `opponent`) a player may have at once; one more is refused with
/// [`ErrorCode::TooManyChallenges`].
pub const MAX_OPEN_CHALLENGES: usize = 3;

/// The most open correspondence challenges to anyone a player may have at once (they stay open while the player is
/// away); one more is refused with [`ErrorCode::TooManyChallenges`].
pub const MAX_CORRESPONDENCE_CHALLENGES: usize = 10;

/// The most open challenges addressed to a player (rematches) a player may have at once, whoever they are addressed
/// to; one more is refused with [`ErrorCode::TooManyChallenges`].
pub const MAX_ADDRESSED_CHALLENGES: usize = 3;

/// The most Web Push subscriptions (devices) a player may have at once; one more is refused with
/// [`ErrorCode::TooManySubscriptions`].
pub const MAX_PUSH_SUBSCRIPTIONS: usize = 5;

/// The days of vacation a player may take in a calendar year (UTC): days in which the clocks of their
/// correspondence games stand still.
pub const VACATION_DAYS_PER_YEAR: u32 = 14;

/// The longest a subscription's push service address may be, in bytes (the browsers' are under 500).
pub const MAX_PUSH_ENDPOINT_BYTES: usize = 1024;

/// The longest each of a subscription's [`PushWords`] may be, in bytes.
pub const MAX_PUSH_WORD_BYTES: usize = 200;

/// The WebSocket URL of a server given as people write it: its WebSocket (`ws://HOST:PORT/ws`), its address
/// (`ws://HOST:PORT`, perhaps behind a path), its web page (`http://` or `https://`), or a bare `HOST:PORT`.
pub fn websocket_url(server: &str) -> String {
    let server = server.trim().trim_end_matches('/');
    let server = match (server.strip_prefix("http://"), server.strip_prefix("https://")) {
        (Some(rest), _) => format!("ws://{rest}"),
        (_, Some(rest)) => format!("wss://{rest}"),
        _ if !server.contains("://") => format!("ws://{server}"),
        _ => server.to_owned(),
    };
    if server.ends_with("/ws") { server } else { format!("{server}/ws") }
}

/// A message with the optional `id` that pairs a request with its reply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    /// Chosen by the client; the server's reply to that message carries the same id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    /// The message itself.
    #[serde(flatten)]
    pub message: T,
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message of every connection: a new guest (no token) or a returning player (its token).
    Hello {
        /// Must be [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The token a previous `welcome` gave, to play as that player again.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The display name wanted for a new guest (a name is generated without it), or the name of a registered
        /// player logging in with `password`; ignored with a token.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// A registered player's password, with `name`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        password: Option<String>,
        /// Says that a program plays for this player: the player is marked a bot, for good, and plays unrated games
        /// only.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        bot: bool,
        /// With `name` and `password`: the device token an earlier `welcome` (or `registered`) gave this device
        /// for that player. Wrong passwords sent for the name from elsewhere do not make it wait.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        device: Option<String>,
    },
    /// Makes the current guest a registered player: `name` becomes its name and `password` logs in as it from
    /// then on (with `hello`).
    Register {
        /// The name, as for a guest; it may be the guest's own.
        name: String,
        /// 8 to 128 bytes.
        password: String,
    },
    /// Ends this login: its token no longer works, and every connection that uses it is closed (this one after the
    /// reply).
    Logout,
    /// Asks for the open challenges.
    ListChallenges,
    /// Asks for the games in progress, to watch one.
    ListGames,
    /// Asks for a player's profile: rating history and finished games.
    Profile {
        /// The player's id; the caller's own profile without it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// Opens a challenge that anyone may accept.
    CreateChallenge {
        /// The board.
        variant: GameVariant,
        /// Whether the game changes ratings (standard tsivy without vela only).
        rated: bool,
        /// The time control, such as `5+3`.
        time: TimeControl,
        /// A vela game (tsivy only) in which the challenger plays with the handicap.
        #[serde(default)]
        vela: bool,
        /// The id of the one player who may accept it (a rematch): they are sent the challenge, and only they and
        /// the challenger see it listed. Anyone may accept a challenge without it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opponent: Option<String>,
    },
    /// Accepts a challenge (listed or known from a link): the game starts.
    AcceptChallenge {
        /// The challenge's id.
        challenge: String,
    },
    /// Withdraws one's own open challenge.
    CancelChallenge {
        /// The challenge's id.
        challenge: String,
    },
    /// Declines a challenge addressed to oneself (a rematch, a correspondence game offered): it goes, and its
    /// creator is told.
    DeclineChallenge {
        /// The challenge's id.
        challenge: String,
    },
    /// Plays a turn in one's own game.
    Play {
        /// The game's id.
        game: String,
        /// The number of this turn in the game, from 1: a turn sent twice is refused the second time.
        ply: u32,
        /// The turn in the notation of the rules, such as `f3-e3A`.
        turn: String,
    },
    /// Resigns a game.
    Resign {
        /// The game's id.
        game: String,
    },
    /// Asks for a game in progress as it stands; a spectator then receives its events until it ends.
    Watch {
        /// The game's id.
        game: String,
    },
    /// Stops watching a game: the connection no longer gets its events.
    Unwatch {
        /// The game's id.
        game: String,
    },
    /// Offers a draw (or accepts the opponent's standing offer).
    OfferDraw {
        /// The game's id.
        game: String,
    },
    /// Accepts the opponent's draw offer.
    AcceptDraw {
        /// The game's id.
        game: String,
    },
    /// Ends a game without result, allowed until each side has played a turn.
    Abort {
        /// The game's id.
        game: String,
    },
    /// Asks for a page of the tournaments, at most [`MAX_LISTED_TOURNAMENTS`]: every upcoming and running one, then
    /// the latest finished; or, `after` a finished one, the finished events before it.
    ListTournaments {
        /// The last finished event of the page before: the id of the last one the client was sent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
    },
    /// Creates a tournament (registered players only, at most [`MAX_TOURNAMENTS_PER_PLAYER`] upcoming or running and
    /// [`MAX_TOURNAMENTS_PER_DAY`] created in a day).
    /// Its creator is not entered in it: they join as anyone does.
    CreateTournament {
        /// How it is set.
        settings: TournamentSettings,
    },
    /// Enters the caller in a tournament that is not over (again after withdrawing: the points stay). The caller is
    /// paired from then on; each game reaches them as a `game_state` whose `tournament` is set.
    JoinTournament {
        /// The tournament's id.
        tournament: String,
        /// A private event's password.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        password: Option<String>,
    },
    /// Withdraws the caller from a tournament: not paired any more; a game under way is played to its end, and the
    /// points stay in the standings.
    WithdrawTournament {
        /// The tournament's id.
        tournament: String,
    },
    /// Asks for a tournament's standings and games.
    Standings {
        /// The tournament's id.
        tournament: String,
    },
    /// Asks for a puzzle: the one of this board (and theme) that the caller has not tried whose rating is nearest
    /// the caller's puzzle rating.
    NextPuzzle {
        /// The board.
        variant: GameVariant,
        /// A theme, by its name in puzzle files (`chain`, `choice`, `quiet`, `sacrifice`, `endgame`, `capture`);
        /// any theme without it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        theme: Option<String>,
    },
    /// The caller's result on a puzzle: stored and rated on its first result only (both the caller's puzzle rating
    /// and the puzzle's move).
    PuzzleResult {
        /// The puzzle's id.
        puzzle: String,
        /// Whether the caller found every turn of the solution without a hint.
        solved: bool,
    },
    /// Asks the server to send Web Push messages for the caller's correspondence games to a browser's push
    /// subscription (made with the `push_key` of `welcome`), for the chosen events, in the given words. A
    /// subscription sent again (the same `endpoint`) replaces the one stored; it belongs to this login, and goes
    /// with it at `logout`.
    Subscribe {
        /// The browser's subscription, as `PushSubscription.toJSON()` gives it.
        subscription: PushSubscription,
        /// The events to be told of; none stops them without forgetting the subscription.
        events: Vec<PushEvent>,
        /// What the notifications say, in the player's language.
        words: PushWords,
    },
    /// Stops the Web Push messages to a subscription (the browser's unsubscribed, or the player changed their mind).
    Unsubscribe {
        /// The subscription's `endpoint`.
        endpoint: String,
    },
    /// Starts a vacation of `days` whole days from now (replacing one under way), or ends the one under way with
    /// `days: 0`: meanwhile the caller's clock stands still in their correspondence games (the opponent's does
    /// not). Each day asked for counts against [`VACATION_DAYS_PER_YEAR`]; a vacation ended early gives back the
    /// whole days it had not begun.
    Vacation {
        /// The days, at most those left this year; 0 ends the vacation.
        days: u32,
    },
    /// Asks for a page of what the server keeps about the caller, to download it: their account on the first page,
    /// then every game they played (challenges not accepted aside), [`EXPORT_PAGE_GAMES`] a page, in the order of
    /// their ids.
    ExportData {
        /// The previous page's `next`; none for the first page.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
    },
    /// Deletes the caller's account for good: their games in progress are resigned, their challenges withdrawn, their
    /// logins, trusted devices and push subscriptions forgotten, and the player who played their finished games is
    /// shown under a name nobody can take (`~` and the id). Their name is free again after [`NAME_HELD_DAYS`].
    DeleteAccount {
        /// The password: a registered player's account is deleted only with it (a guest sends none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        password: Option<String>,
    },
    /// Reports a player to the moderators, with the game it happened in if any. At most [`REPORTS_PER_DAY`] a day,
    /// and [`REPORTS_PER_ADDRESS_PER_DAY`] from one address; a second report of the same player and game replaces the
    /// first. A guest reports only the other player of a game they played (`game` named); registered players, anyone.
    Report {
        /// The player's id.
        player: String,
        /// The game's id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
        /// Why.
        reason: ReportReason,
        /// What happened, in the reporter's words (at most [`MAX_REPORT_NOTE_CHARS`] characters).
        #[serde(default)]
        note: String,
    },
    /// Blocks a player: they can no longer challenge the caller nor accept the caller's challenges, and the caller no
    /// longer sees theirs.
    Block {
        /// The player's id.
        player: String,
    },
    /// Unblocks a player.
    Unblock {
        /// The player's id.
        player: String,
    },
    /// Asks for the players the caller blocks.
    ListBlocked,
    /// A moderator's: a page of the moderators' queue, one line per reported player, the weightiest first (most
    /// reporters of good standing, then most reporters, then the oldest open report), at most [`MAX_LISTED_REPORTS`]
    /// lines.
    ListReports {
        /// The previous page's `next`; none for the first page.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
    },
    /// A moderator's: cancels an event a player created (a flood's, or one whose name offends): it ends at once, no
    /// more games are paired (those under way are played out), it is listed no more, and the action is logged on
    /// its creator. The server's own schedule is its operator's.
    CancelTournament {
        /// The tournament's id.
        tournament: String,
        /// Why, for the log.
        reason: String,
    },
    /// A moderator's: acts on a player (and closes the open reports about them), logged with who did it and why.
    Moderate {
        /// The player's id.
        player: String,
        /// What to do.
        action: ModerationAction,
        /// Why, for the log (and, for a warning, for the player).
        reason: String,
    },
}

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
    /// after [`NAME_HELD_DAYS`].
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

/// The most games an `exported_data` page holds.
pub const EXPORT_PAGE_GAMES: usize = 100;

/// How long a deleted account's name stays out of anyone else's reach, so that nobody passes for the player before
/// their opponents and friends know that the account is gone.
pub const NAME_HELD_DAYS: i64 = 30;

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

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`: who the client plays as, and its games in progress.
    Welcome {
        /// The server's protocol version.
        protocol: u32,
        /// The player.
        player: PlayerView,
        /// The token of the login this `hello` opened (as a new guest or with a password), to keep and send in later
        /// `hello`s; none when the `hello` came with a token. It is shown once.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The player's games in progress, to resume.
        games: Vec<GameView>,
        /// The server's VAPID public key (base64url, RFC 8292), for a browser's push subscription (`subscribe`);
        /// none from a server that sends no Web Push.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        push_key: Option<String>,
        /// The player's vacation (none under way and every day left from a server that does not say).
        #[serde(default)]
        vacation: VacationView,
        /// After a `hello` with a password: a token that makes this device trusted for the player, to keep (even
        /// after `logout`) and send with the next password `hello` from it. It is shown once.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        device: Option<String>,
        /// Whether the player is one of the server's moderators (`list_reports`, `moderate`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        moderator: bool,
    },
    /// The open challenges the caller may see, oldest first: at most [`MAX_LISTED_CHALLENGES`], the caller's own
    /// and then the newest of the others.
    Challenges {
        /// The challenges.
        challenges: Vec<ChallengeView>,
        /// How many open challenges the caller may see in all, listed or not (0 from a server that does not say).
        #[serde(default)]
        total: u64,
    },
    /// The games in progress, at most [`MAX_LISTED_GAMES`] (the best-rated players' first).
    Games {
        /// The games.
        games: Vec<GameView>,
    },
    /// A player's profile.
    Profile {
        /// The player as they are now.
        player: PlayerView,
        /// The player's rating after each of their last [`MAX_PROFILE_RATINGS`] rated games, oldest first.
        history: Vec<RatingPoint>,
        /// The player's finished games, newest first, at most [`MAX_LISTED_GAMES`].
        games: Vec<FinishedGame>,
    },
    /// A challenge was opened: the answer to `create_challenge`, and sent to the player a challenge is addressed to.
    ChallengeCreated {
        /// The challenge; its id works as a direct link.
        challenge: ChallengeView,
    },
    /// The player is registered under this name.
    Registered {
        /// The player as it now is.
        player: PlayerView,
        /// A token that makes this device trusted for the player, as `welcome.device`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        device: Option<String>,
    },
    /// The login ended: its token no longer works; the server closes the connection.
    LoggedOut,
    /// The connection no longer watches the game.
    Unwatched {
        /// The game's id.
        game: String,
    },
    /// A challenge was withdrawn: the answer to `cancel_challenge`, and sent to the player it was addressed to.
    ChallengeCancelled {
        /// The challenge's id.
        challenge: String,
    },
    /// A challenge addressed to a player was declined by them: the answer to `decline_challenge`, and sent to the
    /// challenge's creator.
    ChallengeDeclined {
        /// The challenge's id.
        challenge: String,
    },
    /// A game as it stands: sent to both players when a game starts, and in answer to `watch`.
    GameState {
        /// The game.
        game: GameView,
    },
    /// A turn was played and stored.
    Played {
        /// The game's id.
        game: String,
        /// The number of the turn, from 1.
        ply: u32,
        /// The turn's notation.
        turn: String,
        /// The clocks after the turn.
        clocks: Clocks,
        /// The position after the turn, as position text.
        position: String,
    },
    /// A player offered a draw.
    DrawOffered {
        /// The game's id.
        game: String,
        /// The side that offered it.
        by: Color,
    },
    /// A side ran out of time while it had no connection to the server: it gets the grace of a dropped
    /// connection on its clock, once a game, instead of losing.
    Grace {
        /// The game's id.
        game: String,
        /// The side that got it.
        color: Color,
        /// The clocks with the grace.
        clocks: Clocks,
    },
    /// A game ended.
    GameOver {
        /// The game's id.
        game: String,
        /// How it ended.
        result: GameResult,
        /// The clocks when it ended.
        clocks: Clocks,
        /// The rating changes of a rated game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<RatingChanges>,
    },
    /// The answer to `next_puzzle`: a puzzle, or none when the caller has tried every one of that board and theme.
    Puzzle {
        /// The puzzle.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        puzzle: Option<PuzzleView>,
        /// The caller's puzzle rating (Glicko-2, apart from the game rating).
        rating: f64,
    },
    /// The answer to `puzzle_result`: the result is stored, and both ratings moved.
    PuzzleRated {
        /// The puzzle's id.
        puzzle: String,
        /// The caller's puzzle rating.
        player: RatingChange,
        /// The puzzle's rating.
        rating: RatingChange,
    },
    /// The answer to `subscribe`: the events the subscription is told of from now on.
    Subscribed {
        /// The events, each once.
        events: Vec<PushEvent>,
    },
    /// The answer to `unsubscribe`: no more messages go to that subscription (there may have been none).
    Unsubscribed,
    /// The answer to `vacation`: the caller's vacation as it is now.
    Vacation {
        /// The vacation.
        vacation: VacationView,
    },
    /// A page of what the server keeps about the caller: the answer to `export_data`.
    ExportedData {
        /// The account: on the first page only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account: Option<Box<AccountData>>,
        /// The page's games.
        games: Vec<ExportedGame>,
        /// The `after` of the next page; none on the last.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<String>,
    },
    /// The answer to `delete_account`: the account is gone; the server closes every connection of its logins.
    AccountDeleted,
    /// The answer to `report`: the moderators will see it.
    Reported,
    /// The answer to `block`, `unblock` and `list_blocked`: the players the caller blocks.
    Blocked {
        /// The players.
        players: Vec<PlayerView>,
    },
    /// The answer to `list_reports`: one page of the moderators' queue.
    Reports {
        /// The page's lines, one per reported player, the weightiest first.
        reports: Vec<ReportView>,
        /// The players the fair-play review flags, with its evidence (none from a server without it): on the first
        /// page only.
        #[serde(default)]
        flags: Vec<FairPlayFlag>,
        /// The request's `after`: this page continues the one whose `next` it was, or is the first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
        /// The `after` of the next page; none on the last.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<String>,
    },
    /// The answer to `moderate`: done and logged.
    Moderated {
        /// The player as they are now (a closed account under its new name).
        player: PlayerView,
        /// What was done.
        action: ModerationAction,
    },
    /// A moderator's warning to the player: sent at once to a player connected, else after the welcome of their next
    /// `hello`.
    Warned {
        /// The moderator's reason.
        reason: String,
        /// When, in milliseconds since the Unix epoch.
        at_ms: i64,
    },
    /// A game's clocks changed without a turn: a player's vacation began or ended.
    Clocks {
        /// The game's id.
        game: String,
        /// The clocks as they are now.
        clocks: Clocks,
    },
    /// The answer to `list_tournaments`: one page.
    Tournaments {
        /// Upcoming and running events by start, then finished ones, newest first.
        tournaments: Vec<TournamentView>,
        /// Whether older finished events follow: the next page is `after` the last of these.
        more: bool,
        /// The request's `after`: this page continues the one that ended with it, or is the first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
    },
    /// The answer to `create_tournament`.
    TournamentCreated {
        /// The new tournament.
        tournament: TournamentView,
    },
    /// The answer to `join_tournament`.
    TournamentJoined {
        /// The tournament, as it is now.
        tournament: TournamentView,
    },
    /// The answer to `withdraw_tournament`.
    TournamentWithdrawn {
        /// The tournament's id.
        tournament: String,
    },
    /// The answer to `cancel_tournament`: the event is over and listed no more, the action logged.
    TournamentCancelled {
        /// The tournament's id.
        tournament: String,
    },
    /// The answer to `standings`: recomputed from the games stored, so the same on every server process.
    Standings {
        /// The tournament.
        tournament: TournamentView,
        /// Its players, best first.
        standings: Vec<StandingView>,
        /// Its games, in the order they were paired.
        games: Vec<TournamentGameView>,
    },
    /// A message was refused; nothing changed.
    Error {
        /// What went wrong, for programs.
        code: ErrorCode,
        /// What went wrong, for people.
        message: String,
    },
}

/// Why a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The message is not JSON (or is a binary message).
    BadJson,
    /// The message's `type` is not one this protocol has.
    UnknownType,
    /// The message has a known type but missing or wrong fields.
    BadMessage,
    /// The message is larger than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// Too many messages too fast.
    RateLimited,
    /// The first message must be `hello`.
    HelloFirst,
    /// `hello` was already sent on this connection.
    AlreadyGreeted,
    /// The `hello` names a protocol version this server does not speak.
    UnsupportedProtocol,
    /// The token belongs to no player.
    BadToken,
    /// The display name is not 3 to 20 letters, digits, `_` or `-`.
    BadName,
    /// Another player has that display name.
    NameTaken,
    /// The password is not 8 to 128 bytes.
    BadPassword,
    /// No registered player has this name and password.
    BadLogin,
    /// The player is registered already.
    AlreadyRegistered,
    /// Only standard tsivy without vela is rated.
    UnratedVariant,
    /// Bots play unrated games only.
    BotUnrated,
    /// Vela is played on tsivy only.
    VelaVariant,
    /// No such challenge or game (or it has ended).
    NotFound,
    /// The game is someone else's.
    NotYourGame,
    /// One's own challenge cannot be accepted.
    OwnChallenge,
    /// It is the opponent's turn.
    NotYourTurn,
    /// The `ply` is not the number of the turn to play (a turn sent twice, or out of date).
    WrongPly,
    /// The turn is not legal (or not notation).
    IllegalTurn,
    /// The game is over.
    GameOver,
    /// A game can be aborted only before each side has played a turn.
    TooLateToAbort,
    /// There is no draw offer from the opponent to accept.
    NoDrawOffer,
    /// The player has [`MAX_OPEN_CHALLENGES`] open challenges to anyone already (or [`MAX_ADDRESSED_CHALLENGES`]
    /// addressed ones, for a challenge with an `opponent`).
    TooManyChallenges,
    /// Too many wrong passwords for this name, or from this address, lately: the message says how many seconds to
    /// wait before the next try (each wrong one after the first few doubles the wait).
    LoginThrottled,
    /// Too many new guests from this address in the last hour: the message says how many seconds to wait (a
    /// registered player may still log in, and a returning guest come back with its token).
    TooManyGuests,
    /// Rated games are for registered players: a guest's rated challenge, or a guest accepting a rated challenge.
    GuestUnrated,
    /// The caller has sent a result for this puzzle already: a puzzle is rated once.
    PuzzleTried,
    /// A push subscription the server cannot use: not a known push service's address, keys that are not the
    /// browser's, words too long, an event twice, or an address another player subscribed (theirs until they turn
    /// it off or log out).
    BadSubscription,
    /// The player has [`MAX_PUSH_SUBSCRIPTIONS`] push subscriptions already: unsubscribe a device first.
    TooManySubscriptions,
    /// A vacation of more days than the player has left this year ([`VACATION_DAYS_PER_YEAR`] a year).
    NoVacationLeft,
    /// A report of oneself, of no one known, or with a note too long.
    BadReport,
    /// The player made [`REPORTS_PER_DAY`] reports in the last day already, or the players of their address
    /// [`REPORTS_PER_ADDRESS_PER_DAY`].
    TooManyReports,
    /// A guest's report that names no game they played with the player: guests report only the other player of a
    /// game they played; registered players, anyone.
    GuestReport,
    /// One of the two players blocks the other: no challenge between them.
    Blocked,
    /// Only moderators may do this.
    NotModerator,
    /// The account is suspended by a moderator; the message says until when.
    Suspended,
    /// A tournament's settings are not allowed; the message says which.
    BadTournament,
    /// The player has [`MAX_TOURNAMENTS_PER_PLAYER`] upcoming or running tournaments already, or created
    /// [`MAX_TOURNAMENTS_PER_DAY`] in the last day.
    TooManyTournaments,
    /// Only registered players may create tournaments.
    RegisteredOnly,
    /// The tournament is over: nobody joins it any more.
    TournamentOver,
    /// The password of a private tournament is missing or wrong; or the standings of a private tournament asked for
    /// by a player neither in it nor its creator.
    WrongPassword,
    /// The server failed (its database); try again.
    Internal,
}

/// The boards that can be played on the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameVariant {
    /// Fanoron-tsivy, 9 x 5: the standard game, the only rated one.
    Tsivy,
    /// Fanoron-dimy, 5 x 5.
    Dimy,
}

impl GameVariant {
    /// The rules' variant.
    pub const fn variant(self) -> Variant {
        match self {
            GameVariant::Tsivy => Variant::Tsivy,
            GameVariant::Dimy => Variant::Dimy,
        }
    }

    /// The name in messages and in the database.
    pub const fn name(self) -> &'static str {
        match self {
            GameVariant::Tsivy => "tsivy",
            GameVariant::Dimy => "dimy",
        }
    }

    /// Reads [`GameVariant::name`].
    pub fn from_name(name: &str) -> Option<GameVariant> {
        [GameVariant::Tsivy, GameVariant::Dimy].into_iter().find(|v| v.name() == name)
    }
}

/// A side, as the protocol spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Color {
    /// The name in messages and in the database.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Reads [`Color::name`].
    pub fn from_name(name: &str) -> Option<Color> {
        [Color::White, Color::Black].into_iter().find(|c| c.name() == name)
    }
}

impl std::ops::Not for Color {
    type Output = Color;

    /// The other side.
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// A time control: a live game's, minutes for the whole game plus seconds added after each turn, written `5+3`; or
/// a correspondence game's, days to answer each turn, written `3d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum TimeControl {
    /// A live game: each side's clock starts with `minutes` (1 to 180) and gains `increment` seconds (0 to 60) after
    /// each of its turns.
    Live {
        /// Minutes on each clock at the start.
        minutes: u32,
        /// Seconds added to the mover's clock after each turn.
        increment: u32,
    },
    /// A correspondence game: each side has `days` (one of [`CORRESPONDENCE_DAYS`]) to answer each turn, its time
    /// starting again in full after every turn it plays.
    Correspondence {
        /// Days to answer each turn.
        days: u32,
    },
}

/// The days per turn a correspondence game may give.
pub const CORRESPONDENCE_DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];

/// A day in milliseconds: the unit of correspondence games' clocks and of vacations.
pub const DAY_MS: i64 = 86_400_000;

impl TimeControl {
    /// Each clock at the start, in milliseconds.
    pub const fn initial_ms(self) -> i64 {
        match self {
            TimeControl::Live { minutes, .. } => minutes as i64 * 60_000,
            TimeControl::Correspondence { days } => days as i64 * DAY_MS,
        }
    }

    /// The mover's clock just after its turn, from the `left_ms` it had: the increment added in a live game, the
    /// whole time to answer again in a correspondence game.
    pub const fn after_turn(self, left_ms: i64) -> i64 {
        match self {
            TimeControl::Live { increment, .. } => left_ms + increment as i64 * 1000,
            TimeControl::Correspondence { .. } => self.initial_ms(),
        }
    }

    /// The time added to the mover's clock after each turn in a live game, in milliseconds (none in correspondence,
    /// where the clock starts again instead).
    pub const fn increment_ms(self) -> i64 {
        match self {
            TimeControl::Live { increment, .. } => increment as i64 * 1000,
            TimeControl::Correspondence { .. } => 0,
        }
    }

    /// Whether this is a correspondence game's: days per turn.
    pub const fn is_correspondence(self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }
}

/// Why a time control was not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a time control is minutes (1 to 180) + increment seconds (0 to 60), such as 5+3, or days per turn (1, 2, 3, 5, 7 \
     or 14) and d, such as 3d; not {0:?}"
)]
pub struct ParseTimeControlError(String);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = || ParseTimeControlError(text.to_owned());
        let number = |part: &str| if part.bytes().all(|b| b.is_ascii_digit()) { part.parse().ok() } else { None };
        if let Some(days) = text.strip_suffix('d') {
            return match number(days) {
                Some(days) if CORRESPONDENCE_DAYS.contains(&days) => Ok(TimeControl::Correspondence { days }),
                _ => Err(error()),
            };
        }
        let (minutes, increment) = text.split_once('+').ok_or_else(error)?;
        match (number(minutes), number(increment)) {
            (Some(minutes @ 1..=180), Some(increment @ 0..=60)) => Ok(TimeControl::Live { minutes, increment }),
            _ => Err(error()),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Live { minutes, increment } => write!(f, "{minutes}+{increment}"),
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

impl From<TimeControl> for String {
    fn from(time: TimeControl) -> String {
        time.to_string()
    }
}

impl TryFrom<String> for TimeControl {
    type Error = ParseTimeControlError;

    fn try_from(text: String) -> Result<TimeControl, ParseTimeControlError> {
        text.parse()
    }
}

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The player's id.
    pub id: String,
    /// The display name.
    pub name: String,
    /// The Glicko-2 rating.
    pub rating: f64,
    /// The rating's deviation (how uncertain it is).
    pub deviation: f64,
    /// Whether a program plays for this player.
    #[serde(default)]
    pub bot: bool,
}

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

/// The clocks of a game, in milliseconds left; the running one as of when the message was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// White's time left.
    pub white_ms: i64,
    /// Black's time left.
    pub black_ms: i64,
    /// The side whose clock runs (none once the game is over).
    pub running: Option<Color>,
    /// How much longer the running clock stands still before it counts down again: its player is on vacation, or a
    /// tournament game has not begun ([`TOURNAMENT_COUNTDOWN_MS`]) (0 when it counts down).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stopped_ms: i64,
}

impl Clocks {
    /// The time left on `color`'s clock `elapsed_ms` after these clocks were read: the running one counts down once
    /// it no longer stands still.
    pub fn left_after(&self, color: Color, elapsed_ms: i64) -> i64 {
        let left = if color == Color::White { self.white_ms } else { self.black_ms };
        if self.running != Some(color) {
            return left;
        }
        let counted = (elapsed_ms.max(0) - self.stopped_ms).max(0);
        left.saturating_sub(counted).max(0)
    }

    /// Whether `color`'s clock still stands still (its player on vacation) `elapsed_ms` after these clocks were read.
    pub fn stopped_after(&self, color: Color, elapsed_ms: i64) -> bool {
        self.running == Some(color) && self.stopped_ms > elapsed_ms
    }
}

impl ErrorCode {
    /// The name in messages (`not_your_turn`), as the server's metrics label refusals.
    pub fn name(self) -> String {
        serde_name(self)
    }
}

/// The serde name of a unit variant: the one name of each, in messages and in the database (a unit variant always
/// serialises to a string).
fn serde_name(value: impl Serialize) -> String {
    serde_json::to_value(value).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

fn is_zero(ms: &i64) -> bool {
    *ms == 0
}

/// A player's vacation: whether one is under way, and the days left this year.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VacationView {
    /// How long the vacation under way lasts from now (0 when there is none).
    pub left_ms: i64,
    /// The days of vacation the player may still take this year.
    pub days_left: u32,
}

impl Default for VacationView {
    fn default() -> VacationView {
        VacationView { left_ms: 0, days_left: VACATION_DAYS_PER_YEAR }
    }
}

/// A game: its players, settings, turns and state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The white player.
    pub white: PlayerView,
    /// The black player.
    pub black: PlayerView,
    /// The board.
    pub variant: GameVariant,
    /// Whether the game is rated.
    pub rated: bool,
    /// The time control.
    pub time: TimeControl,
    /// In a vela game, the handicapped side (the challenger's); none in a normal game.
    #[serde(default)]
    pub vela: Option<Color>,
    /// The turns played, in notation.
    pub turns: Vec<String>,
    /// The current position, as position text.
    pub position: String,
    /// The side to move.
    pub to_move: Color,
    /// The clocks.
    pub clocks: Clocks,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The tournament the game is part of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
}

/// A player's rating after a rated game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// The game's id.
    pub game: String,
    /// The rating after the game.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// When the game ended, in milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// A finished game, as a player's profile lists it: everything to replay it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The game as it ended (its clocks stopped).
    pub game: GameView,
    /// How it ended.
    pub result: GameResult,
    /// The rating changes of a rated game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingChanges>,
    /// When it ended, in milliseconds since the Unix epoch.
    pub ended_ms: i64,
}

/// What the server keeps of an account besides its games (`exported_data`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AccountData {
    /// The player as others see them, with the live games' rating.
    pub player: PlayerView,
    /// Whether the player has a password.
    pub registered: bool,
    /// When the player was made, in milliseconds since the Unix epoch.
    pub joined_ms: i64,
    /// The correspondence games' rating.
    pub correspondence_rating: f64,
    /// Its deviation.
    pub correspondence_deviation: f64,
    /// The puzzles' rating.
    pub puzzle_rating: f64,
    /// The live rating after each rated game, oldest first.
    pub history: Vec<RatingPoint>,
    /// Each login (a device signed in), when it began and when it was last used.
    pub logins: Vec<LoginData>,
    /// Each puzzle tried, with its first result.
    pub puzzles: Vec<PuzzleData>,
}

/// A login of an account (`exported_data`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoginData {
    /// When it began, in milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// When a connection last said hello with it.
    pub last_seen_ms: i64,
}

/// A puzzle a player tried (`exported_data`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleData {
    /// The puzzle's id.
    pub puzzle: String,
    /// Whether it was solved the first time.
    pub solved: bool,
    /// The puzzle rating after it.
    pub rating: f64,
    /// When, in milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// A game a player played, over or not (`exported_data`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedGame {
    /// The game with its turns, as it stands or ended.
    pub game: GameView,
    /// How it ended, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The rating changes of a rated game that ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingChanges>,
    /// When it last changed (its end, for a game over), in milliseconds since the Unix epoch.
    pub updated_ms: i64,
}

impl GameView {
    /// The player of `color`.
    pub fn player(&self, color: Color) -> &PlayerView {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner; none for a draw or an aborted game.
    pub winner: Option<Color>,
    /// Why.
    pub reason: EndReason,
}

impl GameResult {
    /// A win for `winner`.
    pub fn win(winner: Side, reason: EndReason) -> GameResult {
        GameResult { winner: Some(winner.into()), reason }
    }

    /// A draw or an abort.
    pub const fn no_winner(reason: EndReason) -> GameResult {
        GameResult { winner: None, reason }
    }

    /// Reads a stored [`GameResult::score`] and [`EndReason::name`].
    pub fn from_stored(score: &str, reason: &str) -> Option<GameResult> {
        let winner = match score {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            "1/2-1/2" | "*" => None,
            _ => return None,
        };
        Some(GameResult { winner, reason: EndReason::from_name(reason)? })
    }

    /// The score as stored: `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub const fn score(&self) -> &'static str {
        match (self.winner, self.reason) {
            (Some(Color::White), _) => "1-0",
            (Some(Color::Black), _) => "0-1",
            (None, EndReason::Aborted) => "*",
            (None, _) => "1/2-1/2",
        }
    }
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win { winner, reason } => GameResult::win(
                winner,
                match reason {
                    WinReason::AllCaptured => EndReason::AllCaptured,
                    WinReason::NoLegalTurn => EndReason::NoLegalTurn,
                    WinReason::TeloLine => EndReason::TeloLine,
                    WinReason::Resignation => EndReason::Resignation,
                },
            ),
            Outcome::Draw(DrawReason::FiftyTurns) => GameResult::no_winner(EndReason::FiftyTurns),
            Outcome::Draw(DrawReason::Repetition) => GameResult::no_winner(EndReason::Repetition),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The loser has no pieces left.
    AllCaptured,
    /// The loser, to move, has no legal turn.
    NoLegalTurn,
    /// Three in a line (telo; not played on the server yet).
    TeloLine,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out.
    Timeout,
    /// 50 turns without a capture.
    FiftyTurns,
    /// The same position for the third time.
    Repetition,
    /// Both players agreed to a draw.
    Agreement,
    /// A player aborted the game before it really began; nobody won and it is never rated.
    Aborted,
}

impl EndReason {
    /// The name in messages and in the database.
    pub fn name(self) -> String {
        serde_name(self)
    }

    /// Reads [`EndReason::name`].
    pub fn from_name(name: &str) -> Option<EndReason> {
        serde_json::from_value(serde_json::Value::String(name.to_owned())).ok()
    }
}

/// The ratings of both players before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChanges {
    /// White's rating change.
    pub white: RatingChange,
    /// Black's rating change.
    pub black: RatingChange,
}

/// One player's rating before and after a game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// The deviation after.
    pub deviation: f64,
}

/// A puzzle as the server serves it: a position where one line wins (docs/PUZZLES.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleView {
    /// Its id (`t17`, `d4`).
    pub id: String,
    /// The board.
    pub variant: GameVariant,
    /// The position, as position text; the side to move is the solver.
    pub position: String,
    /// The solution in notation: the solver's turn, the reply, ..., the last the solver's.
    pub solution: Vec<String>,
    /// Other turns accepted for the solver's last turn, in notation (a deeper search scored them as winning as
    /// clearly as the solution's); absent when there are none, and from older servers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<String>,
    /// Its themes, by name.
    pub themes: Vec<String>,
    /// Its rating now, which players' results move.
    pub rating: f64,
    /// How many players have sent a result for it.
    pub attempts: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_address_leads_to_its_websocket() {
        assert_eq!(websocket_url("ws://127.0.0.1:8080"), "ws://127.0.0.1:8080/ws");
        assert_eq!(websocket_url("ws://127.0.0.1:8080/"), "ws://127.0.0.1:8080/ws");
        assert_eq!(websocket_url("wss://example.org/fanorona/ws"), "wss://example.org/fanorona/ws");
        assert_eq!(websocket_url(" http://192.168.1.20:8080/ "), "ws://192.168.1.20:8080/ws");
        assert_eq!(websocket_url("https://example.org"), "wss://example.org/ws");
        assert_eq!(websocket_url("192.168.1.20:8080"), "ws://192.168.1.20:8080/ws");
    }

    #[test]
    fn codes_and_reasons_are_named_as_in_messages() {
        assert_eq!(ErrorCode::NotYourTurn.name(), "not_your_turn");
        assert_eq!(ErrorCode::LoginThrottled.name(), "login_throttled");
        assert_eq!(EndReason::from_name(&EndReason::FiftyTurns.name()), Some(EndReason::FiftyTurns));
    }

    #[test]
    fn time_controls_read_and_print() {
        assert_eq!("5+3".parse(), Ok(TimeControl::Live { minutes: 5, increment: 3 }));
        assert_eq!(TimeControl::Live { minutes: 180, increment: 0 }.to_string(), "180+0");
        for days in CORRESPONDENCE_DAYS {
            let time = TimeControl::Correspondence { days };
            assert_eq!(time.to_string().parse(), Ok(time));
        }
        assert_eq!("14d".parse(), Ok(TimeControl::Correspondence { days: 14 }));
        for bad in ["0+3", "5", "5+61", "+3", "5+-1", "181+0", "5+3+1", " 5+3", "99999999999+0", "4d", "0d", "d", "3 d"]
        {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_correspondence_clock_starts_again_after_each_turn() {
        let live = TimeControl::Live { minutes: 5, increment: 3 };
        assert_eq!((live.initial_ms(), live.after_turn(1_000)), (300_000, 4_000));
        let days = TimeControl::Correspondence { days: 3 };
        assert_eq!((days.initial_ms(), days.after_turn(1_000)), (3 * 86_400_000, 3 * 86_400_000));
        assert!(days.is_correspondence() && !live.is_correspondence());
        assert_eq!(serde_json::to_string(&days).ok(), Some("\"3d\"".to_owned()));
    }

    #[test]
    fn messages_are_tagged_json_with_an_optional_id() {
        let text = r#"{"type":"play","id":7,"game":"g","ply":1,"turn":"f3-e3A"}"#;
        let read: Envelope<ClientMessage> = serde_json::from_str(text).unwrap();
        let play = ClientMessage::Play { game: "g".into(), ply: 1, turn: "f3-e3A".into() };
        assert_eq!(read, Envelope { id: Some(7), message: play });
        let reply = Envelope { id: None, message: ServerMessage::ChallengeCancelled { challenge: "c".into() } };
        assert_eq!(serde_json::to_string(&reply).unwrap(), r#"{"type":"challenge_cancelled","challenge":"c"}"#);
        assert_eq!(EndReason::FiftyTurns.name(), "fifty_turns");
    }

    #[test]
    fn a_browsers_push_subscription_is_read_as_the_browser_gives_it() {
        // `PushSubscription.toJSON()` has `expirationTime` too, which the server does not use.
        let subscription = r#"{"endpoint":"https://fcm.googleapis.com/fcm/send/x","expirationTime":null,
            "keys":{"p256dh":"BKz","auth":"q1w"}}"#;
        let words = r#"{"title":"Fanorona","turn":"Your turn against {opponent}","challenge":"c","won":"w",
            "lost":"l","drawn":"d","reminder":"r"}"#;
        let text = format!(
            r#"{{"type":"subscribe","id":3,"subscription":{subscription},"events":["turn","reminder"],"words":{words}}}"#
        );
        let envelope: Envelope<ClientMessage> = serde_json::from_str(&text).unwrap();
        let ClientMessage::Subscribe { subscription, events, words } = envelope.message else { panic!("{envelope:?}") };
        assert_eq!(subscription.endpoint, "https://fcm.googleapis.com/fcm/send/x");
        assert_eq!(subscription.keys, PushKeys { p256dh: "BKz".into(), auth: "q1w".into() });
        assert_eq!(events, [PushEvent::Turn, PushEvent::Reminder]);
        assert_eq!(words.turn, "Your turn against {opponent}");
        for event in PushEvent::ALL {
            assert_eq!(PushEvent::from_name(event.name()), Some(event));
            assert_eq!(serde_json::to_value(event).unwrap(), event.name());
        }
        // A server of before Web Push sends no key.
        let welcome = r#"{"type":"welcome","protocol":2,"player":{"id":"a","name":"a","rating":1500,"deviation":350},
            "games":[]}"#;
        let ServerMessage::Welcome { push_key, .. } = serde_json::from_str(welcome).unwrap() else { panic!() };
        assert_eq!(push_key, None);
    }

    #[test]
    fn fields_added_to_version_1_are_optional() {
        let hello: ClientMessage = serde_json::from_str(r#"{"type":"hello","protocol":1}"#).unwrap();
        let plain =
            ClientMessage::Hello { protocol: 1, token: None, name: None, password: None, bot: false, device: None };
        assert_eq!(hello, plain);
        let create = r#"{"type":"create_challenge","variant":"tsivy","rated":true,"time":"5+3"}"#;
        let create: ClientMessage = serde_json::from_str(create).unwrap();
        assert!(matches!(create, ClientMessage::CreateChallenge { vela: false, opponent: None, .. }), "{create:?}");
        let player = r#"{"id":"p","name":"alice","rating":1500.0,"deviation":350.0}"#;
        assert!(!serde_json::from_str::<PlayerView>(player).unwrap().bot);
        // A person's hello is written as before.
        assert_eq!(serde_json::to_string(&plain).unwrap(), r#"{"type":"hello","protocol":1}"#);
        // Clocks that run are written as before, and read without `stopped_ms`.
        let clocks = Clocks { white_ms: 5, black_ms: 7, running: Some(Color::White), stopped_ms: 0 };
        let text = r#"{"white_ms":5,"black_ms":7,"running":"white"}"#;
        assert_eq!(
            (serde_json::to_string(&clocks).unwrap().as_str(), serde_json::from_str(text).ok()),
            (text, Some(clocks))
        );
    }

    #[test]
    fn a_clock_that_stands_still_counts_down_once_it_runs_again() {
        let clocks = Clocks { white_ms: 10_000, black_ms: 20_000, running: Some(Color::White), stopped_ms: 3_000 };
        let left = |elapsed| (clocks.left_after(Color::White, elapsed), clocks.left_after(Color::Black, elapsed));
        assert_eq!(
            [left(0), left(2_999), left(4_000), left(60_000)],
            [(10_000, 20_000), (10_000, 20_000), (9_000, 20_000), (0, 20_000)]
        );
        assert_eq!([0, 2_999, 3_000].map(|e| clocks.stopped_after(Color::White, e)), [true, true, false]);
        assert!(!clocks.stopped_after(Color::Black, 0), "the clock that does not run is not on vacation");
    }

    #[test]
    fn a_tournament_is_written_as_the_protocol_documents_it() {
        let text = r#"{"type":"create_tournament","settings":{"name":"Friday club","format":{"kind":"swiss","rounds":5},"variant":"tsivy","time":"3+2","rated":true,"starts_at_ms":1800000060000,"password":"club secret"}}"#;
        let ClientMessage::CreateTournament { settings } = serde_json::from_str(text).unwrap() else { panic!() };
        assert_eq!(settings.terms.format, TournamentFormat::Swiss { rounds: 5 });
        assert_eq!((settings.terms.name.as_str(), settings.password.as_deref()), ("Friday club", Some("club secret")));
        let sent = ClientMessage::CreateTournament { settings };
        assert_eq!(serde_json::to_string(&sent).unwrap(), text, "written back the same");
        let view = TournamentView {
            id: "t1".into(),
            terms: TournamentTerms {
                name: "Hourly".into(),
                format: TournamentFormat::Arena { minutes: 30 },
                variant: GameVariant::Tsivy,
                time: "3+2".parse().unwrap(),
                rated: true,
                starts_at_ms: 5,
            },
            stage: TournamentStage::Running,
            round: 0,
            private: false,
            creator: None,
            players: 16,
            joined: true,
        };
        let written = serde_json::to_value(&view).unwrap();
        assert_eq!(written["name"], "Hourly", "the terms are fields of the tournament itself");
        assert_eq!(written["format"], serde_json::json!({"kind": "arena", "minutes": 30}));
        assert_eq!(written["stage"], "running");
        assert_eq!(serde_json::from_value::<TournamentView>(written).unwrap(), view);
    }

    #[test]
    fn the_moderators_queue_pages_and_reads_what_earlier_servers_and_clients_sent() {
        // A client of before the queue's pages asks with no `after`: the first page.
        let list: ClientMessage = serde_json::from_str(r#"{"type":"list_reports"}"#).unwrap();
        assert_eq!(list, ClientMessage::ListReports { after: None });
        assert_eq!(serde_json::to_string(&list).unwrap(), r#"{"type":"list_reports"}"#);
        let next = ClientMessage::ListReports { after: Some("1.3.5.p".into()) };
        assert_eq!(serde_json::to_string(&next).unwrap(), r#"{"type":"list_reports","after":"1.3.5.p"}"#);
        // A server of before: no page, no counts.
        let player = r#"{"id":"p","name":"p","rating":1500,"deviation":350}"#;
        let report =
            format!(r#"{{"reporter":{player},"player":{player},"reason":"name","note":"","at_ms":1,"history":[]}}"#);
        let text = format!(r#"{{"type":"reports","reports":[{report}]}}"#);
        let ServerMessage::Reports { reports, flags, after, next } = serde_json::from_str(&text).unwrap() else {
            panic!()
        };
        assert_eq!((reports[0].reporters, reports[0].trusted, flags.len(), after, next), (0, 0, 0, None, None));
    }
}
