//! Online play against people through the game server (`fanorona-server`): the WebSocket link, its greeting and its
//! reconnection ([`link`]), the lobby of challenges ([`lobby`]), a game whose opponent plays from elsewhere on the same
//! board as any other game ([`play`]), correspondence games ([`correspondence`]) and their notifications on the web
//! ([`notifications`]), the player's own data downloaded or deleted ([`own_data`]), reports and blocks ([`reports`]),
//! the moderators' screen ([`moderation`]) and tournaments ([`tournaments`]). The server decides every result and keeps the clocks; the game shows
//! what it says. The screens are in [`panel`] (the lobby) and `game_panel` (a game), drawn by [`view_plugin`]; everything else runs headless.

pub mod correspondence;
mod game_panel;
pub mod link;
pub mod lobby;
pub mod moderation;
pub mod notifications;
pub mod own_data;
pub mod panel;
pub mod play;
pub mod reports;
#[cfg(feature = "dev")]
mod scenes;
mod tournament_panel;
pub mod tournaments;
mod words;

use bevy::prelude::*;
use fanorona_protocol::{
    ErrorCode, FinishedGame, GameVariant, ModerationAction, ReportReason, TimeControl, TournamentSettings,
};

use crate::i18n::Text;
use crate::keys::{AddKeys, KeySet};
use crate::screens::AppState;
use crate::title::{AddMenuEntry, MenuEntry};
use crate::{action, text};

/// The settings of a challenge: the board, whether it is rated, the time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChallengeSettings {
    /// The board.
    pub variant: GameVariant,
    /// Whether the game changes ratings (standard tsivy only).
    pub rated: bool,
    /// The time control.
    pub time: TimeControl,
}

/// A request from the online screens (their buttons and keys).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineCommand {
    /// Show the lobby and connect.
    Open,
    /// Show the lobby's tournaments and connect.
    OpenTournaments,
    /// Ask for the next page of the finished tournaments, older than those listed.
    OlderTournaments,
    /// A moderator's: cancel a player's event, for this reason.
    CancelTournament {
        /// The event's id.
        id: String,
        /// Why, for the log.
        reason: String,
    },
    /// Connect again now (after a failure, or with another address or name).
    Connect,
    /// Go offline: the lobby's Back (an open challenge of the player's is withdrawn first).
    Close,
    /// Open a challenge that anyone may accept.
    Create(ChallengeSettings),
    /// Accept a challenge: the game starts.
    Accept(String),
    /// Withdraw the player's open challenge.
    Cancel,
    /// Withdraw this challenge of the player's (a correspondence challenge, of which they may have several).
    Withdraw(String),
    /// Decline this challenge addressed to the player.
    Decline(String),
    /// Open this correspondence game of the player's as the device knows it (with no connection too).
    Resume(String),
    /// A new challenge with the settings of the game that ended, to its opponent alone.
    Rematch,
    /// Resign the game (after the player's yes to the question it puts).
    Resign,
    /// Offer a draw (or accept the opponent's standing offer).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// End the game without result, before each side has played a turn.
    Abort,
    /// Leave a finished game, or a game watched, for the lobby.
    Leave,
    /// Watch a game in progress.
    Watch(String),
    /// Ask the server for the player's profile: the rating history and the finished games.
    Profile,
    /// Put a finished game of the player's profile on the board, to replay and review it.
    Replay(Box<FinishedGame>),
    /// Make the guest a registered player with this name and password, to sign in with on any device.
    Register {
        /// The name (the guest's own, or another).
        name: String,
        /// 8 to 128 bytes.
        password: String,
    },
    /// Sign in as a registered player (the guest on this device is left behind).
    SignIn {
        /// The player's name.
        name: String,
        /// Their password.
        password: String,
    },
    /// End this device's login: the player becomes a new guest here.
    SignOut,
    /// Turn this device's notifications of correspondence games on (the browser asks the player) or off.
    Notify(bool),
    /// Begin a vacation of this many days, in which the player's clock stands still in their correspondence games
    /// (0: end the one under way).
    Vacation(u32),
    /// Download what the server keeps about the player, into one file.
    DownloadData,
    /// Delete the player's account for good (after their yes): a registered player's with their password.
    DeleteAccount {
        /// The password (a guest has none).
        password: Option<String>,
    },
    /// Report a player to the server's moderators.
    Report {
        /// The player's id.
        player: String,
        /// The game it happened in.
        game: Option<String>,
        /// Why.
        reason: ReportReason,
        /// What happened, in the player's words.
        note: String,
    },
    /// Block the player with this id: no challenges between the two any more.
    Block(String),
    /// Unblock the player with this id.
    Unblock(String),
    /// (Moderators) ask for the open reports and flags: the first page of the moderators' queue.
    ListReports,
    /// (Moderators) ask for the next page of the moderators' queue, after the lines listed.
    MoreReports,
    /// (Moderators) act on a player, for the reason given.
    Moderate {
        /// The player's id.
        player: String,
        /// What to do.
        action: ModerationAction,
        /// Why, for the log (and, for a warning, the player).
        reason: String,
    },
    /// Ask for the tournaments, and keep the list fresh while the lobby is shown.
    Tournaments,
    /// Enter the player in this tournament (a private one with its password).
    JoinTournament {
        /// The tournament's id.
        id: String,
        /// A private event's password.
        password: Option<String>,
    },
    /// Withdraw the player from this tournament.
    WithdrawTournament(String),
    /// Show this tournament's standings and games.
    Standings(String),
    /// Go to this tournament game of the player's, which began while they were busy with another game.
    GoToGame(String),
    /// Create this tournament (a registered player).
    CreateTournament(TournamentSettings),
    /// Not now: the tournament game that began while the player was busy goes on without them for now.
    NotNow,
}

/// Why the server refused a message, in the player's words: from its code, never from the server's own English.
pub fn refusal(code: ErrorCode) -> Text {
    match code {
        ErrorCode::BadJson => text!("online-refusal-bad-json"),
        ErrorCode::UnknownType => text!("online-refusal-unknown-type"),
        ErrorCode::BadMessage => text!("online-refusal-bad-message"),
        ErrorCode::TooLarge => text!("online-refusal-too-large"),
        ErrorCode::RateLimited => text!("online-refusal-rate-limited"),
        ErrorCode::HelloFirst => text!("online-refusal-hello-first"),
        ErrorCode::AlreadyGreeted => text!("online-refusal-already-greeted"),
        ErrorCode::UnsupportedProtocol => text!("online-refusal-unsupported-protocol"),
        ErrorCode::BadToken => text!("online-refusal-bad-token"),
        ErrorCode::BadName => text!("online-refusal-bad-name"),
        ErrorCode::NameTaken => text!("online-refusal-name-taken"),
        ErrorCode::BadPassword => text!("online-refusal-bad-password"),
        ErrorCode::BadLogin => text!("online-refusal-bad-login"),
        ErrorCode::AlreadyRegistered => text!("online-refusal-already-registered"),
        ErrorCode::UnratedVariant => text!("online-refusal-unrated-variant"),
        ErrorCode::BotUnrated => text!("online-refusal-bot-unrated"),
        ErrorCode::VelaVariant => text!("online-refusal-vela-variant"),
        ErrorCode::NotFound => text!("online-refusal-not-found"),
        ErrorCode::NotYourGame => text!("online-refusal-not-your-game"),
        ErrorCode::OwnChallenge => text!("online-refusal-own-challenge"),
        ErrorCode::NotYourTurn => text!("online-refusal-not-your-turn"),
        ErrorCode::WrongPly => text!("online-refusal-wrong-ply"),
        ErrorCode::IllegalTurn => text!("online-refusal-illegal-turn"),
        ErrorCode::GameOver => text!("online-refusal-game-over"),
        ErrorCode::TooLateToAbort => text!("online-refusal-too-late-to-abort"),
        ErrorCode::NoDrawOffer => text!("online-refusal-no-draw-offer"),
        ErrorCode::TooManyChallenges => text!("online-refusal-too-many-challenges"),
        ErrorCode::LoginThrottled => text!("online-refusal-login-throttled"),
        ErrorCode::TooManyGuests => text!("online-refusal-too-many-guests"),
        ErrorCode::GuestUnrated => text!("online-refusal-guest-unrated"),
        ErrorCode::PuzzleTried => text!("online-refusal-puzzle-tried"),
        ErrorCode::BadSubscription => text!("online-refusal-bad-subscription"),
        ErrorCode::TooManySubscriptions => text!("online-refusal-too-many-subscriptions"),
        ErrorCode::NoVacationLeft => text!("online-refusal-no-vacation-left"),
        ErrorCode::BadReport => text!("online-refusal-bad-report"),
        ErrorCode::TooManyReports => text!("online-refusal-too-many-reports"),
        ErrorCode::GuestReport => text!("online-refusal-guest-report"),
        ErrorCode::Blocked => text!("online-refusal-blocked"),
        ErrorCode::NotModerator => text!("online-refusal-not-moderator"),
        ErrorCode::Suspended => text!("online-refusal-suspended"),
        ErrorCode::BadTournament => text!("online-refusal-bad-tournament"),
        ErrorCode::TooManyTournaments => text!("online-refusal-too-many-tournaments"),
        ErrorCode::RegisteredOnly => text!("online-refusal-registered-only"),
        ErrorCode::TournamentOver => text!("online-refusal-tournament-over"),
        ErrorCode::WrongPassword => text!("online-refusal-wrong-password"),
        ErrorCode::Internal => text!("online-refusal-internal"),
    }
}

/// What online play draws: the lobby's and an online game's panels, and the tournaments' question and countdown
/// (needs a window).
pub fn view_plugin(app: &mut App) {
    app.add_plugins((panel::plugin, game_panel::plugin, tournament_panel::plugin));
}

/// Where the title page lists the tournaments: right after online play.
const TOURNAMENTS_ENTRY: u8 = correspondence::TITLE_ENTRY + 1;

/// Online play.
pub fn plugin(app: &mut App) {
    #[cfg(feature = "dev")]
    app.add_plugins(scenes::plugin);
    app.add_message::<OnlineCommand>()
        .key_sets(AppState::Online, &[KeySet::Board, KeySet::Turns, KeySet::Opponent])
        .add_menu_entry(MenuEntry {
            order: correspondence::TITLE_ENTRY,
            label: |_| text!("menu-play-online"),
            action: action!(OnlineCommand::Open),
        })
        .add_menu_entry(MenuEntry {
            order: TOURNAMENTS_ENTRY,
            label: |_| text!("menu-tournaments"),
            action: action!(OnlineCommand::OpenTournaments),
        })
        .add_plugins((
            link::plugin,
            lobby::plugin,
            play::plugin,
            correspondence::plugin,
            notifications::plugin,
            own_data::plugin,
            reports::plugin,
            moderation::plugin,
            tournaments::plugin,
        ));
}
