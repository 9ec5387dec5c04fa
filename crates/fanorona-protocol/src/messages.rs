//! The envelope and the two sides' messages (tagged by `type`), and the codes of a refusal.

use serde::{Deserialize, Serialize};

use crate::account::{AccountData, ExportedGame, FinishedGame, RatingPoint, VacationView};
use crate::game::{
    Clocks, Color, GameResult, GameVariant, GameView, PlayerView, RatingChange, RatingChanges, TimeControl, serde_name,
};
use crate::lobby::ChallengeView;
use crate::moderation::{FairPlayFlag, ModerationAction, ReportReason, ReportView};
use crate::push::{PushEvent, PushSubscription, PushWords};
use crate::puzzles::PuzzleView;
use crate::tournament::{StandingView, TournamentGameView, TournamentSettings, TournamentView};

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
        /// Must be [`PROTOCOL_VERSION`](crate::PROTOCOL_VERSION).
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
    /// Asks for a page of the tournaments, at most [`MAX_LISTED_TOURNAMENTS`](crate::MAX_LISTED_TOURNAMENTS): every
    /// upcoming and running one, then the latest finished; or, `after` a finished one, the finished events before it.
    ListTournaments {
        /// The last finished event of the page before: the id of the last one the client was sent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
    },
    /// Creates a tournament (registered players only, at most
    /// [`MAX_TOURNAMENTS_PER_PLAYER`](crate::MAX_TOURNAMENTS_PER_PLAYER) upcoming or running and
    /// [`MAX_TOURNAMENTS_PER_DAY`](crate::MAX_TOURNAMENTS_PER_DAY) created in a day). Its creator is not entered in it:
    /// they join as anyone does.
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
    /// not). Each day asked for counts against [`VACATION_DAYS_PER_YEAR`](crate::VACATION_DAYS_PER_YEAR); a vacation
    /// ended early gives back the whole days it had not begun.
    Vacation {
        /// The days, at most those left this year; 0 ends the vacation.
        days: u32,
    },
    /// Asks for a page of what the server keeps about the caller, to download it: their account on the first page,
    /// then every game they played (challenges not accepted aside), [`EXPORT_PAGE_GAMES`](crate::EXPORT_PAGE_GAMES) a
    /// page, in the order of their ids.
    ExportData {
        /// The previous page's `next`; none for the first page.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<String>,
    },
    /// Deletes the caller's account for good: their games in progress are resigned, their challenges withdrawn, their
    /// logins, trusted devices and push subscriptions forgotten, and the player who played their finished games is
    /// shown under a name nobody can take (`~` and the id). Their name is free again after
    /// [`NAME_HELD_DAYS`](crate::NAME_HELD_DAYS).
    DeleteAccount {
        /// The password: a registered player's account is deleted only with it (a guest sends none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        password: Option<String>,
    },
    /// Reports a player to the moderators, with the game it happened in if any. At most
    /// [`REPORTS_PER_DAY`](crate::REPORTS_PER_DAY) a day, and
    /// [`REPORTS_PER_ADDRESS_PER_DAY`](crate::REPORTS_PER_ADDRESS_PER_DAY) from one address; a second report of the
    /// same player and game replaces the first. A guest reports only the other player of a game they played (`game`
    /// named); registered players, anyone.
    Report {
        /// The player's id.
        player: String,
        /// The game's id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
        /// Why.
        reason: ReportReason,
        /// What happened, in the reporter's words (at most [`MAX_REPORT_NOTE_CHARS`](crate::MAX_REPORT_NOTE_CHARS)
        /// characters).
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
    /// reporters of good standing, then most reporters, then the oldest open report), at most
    /// [`MAX_LISTED_REPORTS`](crate::MAX_LISTED_REPORTS) lines.
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
    /// The open challenges the caller may see, oldest first: at most
    /// [`MAX_LISTED_CHALLENGES`](crate::MAX_LISTED_CHALLENGES), the caller's own and then the newest of the others.
    Challenges {
        /// The challenges.
        challenges: Vec<ChallengeView>,
        /// How many open challenges the caller may see in all, listed or not (0 from a server that does not say).
        #[serde(default)]
        total: u64,
    },
    /// The games in progress, at most [`MAX_LISTED_GAMES`](crate::MAX_LISTED_GAMES) (the best-rated players' first).
    Games {
        /// The games.
        games: Vec<GameView>,
    },
    /// A player's profile.
    Profile {
        /// The player as they are now.
        player: PlayerView,
        /// The player's rating after each of their last [`MAX_PROFILE_RATINGS`](crate::MAX_PROFILE_RATINGS) rated
        /// games, oldest first.
        history: Vec<RatingPoint>,
        /// The player's finished games, newest first, at most [`MAX_LISTED_GAMES`](crate::MAX_LISTED_GAMES).
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
    /// The message is larger than [`MAX_MESSAGE_BYTES`](crate::MAX_MESSAGE_BYTES).
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
    /// The player has [`MAX_OPEN_CHALLENGES`](crate::MAX_OPEN_CHALLENGES) open challenges to anyone already (or
    /// [`MAX_ADDRESSED_CHALLENGES`](crate::MAX_ADDRESSED_CHALLENGES) addressed ones, for a challenge with an
    /// `opponent`).
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
    /// The player has [`MAX_PUSH_SUBSCRIPTIONS`](crate::MAX_PUSH_SUBSCRIPTIONS) push subscriptions already: unsubscribe
    /// a device first.
    TooManySubscriptions,
    /// A vacation of more days than the player has left this year
    /// ([`VACATION_DAYS_PER_YEAR`](crate::VACATION_DAYS_PER_YEAR) a year).
    NoVacationLeft,
    /// A report of oneself, of no one known, or with a note too long.
    BadReport,
    /// The player made [`REPORTS_PER_DAY`](crate::REPORTS_PER_DAY) reports in the last day already, or the players of
    /// their address [`REPORTS_PER_ADDRESS_PER_DAY`](crate::REPORTS_PER_ADDRESS_PER_DAY).
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
    /// The player has [`MAX_TOURNAMENTS_PER_PLAYER`](crate::MAX_TOURNAMENTS_PER_PLAYER) upcoming or running tournaments
    /// already, or created [`MAX_TOURNAMENTS_PER_DAY`](crate::MAX_TOURNAMENTS_PER_DAY) in the last day.
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

impl ErrorCode {
    /// The name in messages (`not_your_turn`), as the server's metrics label refusals.
    pub fn name(self) -> String {
        serde_name(self)
    }
}
