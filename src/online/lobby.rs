//! The lobby: the open challenges and the games in progress, kept fresh while the lobby is on screen, the player's
//! own challenge, and the player's profile. The server lists challenges and games on request only, so the lobby
//! asks again every [`REFRESH`]. A challenge's link opens the
//! web game straight into it ([`challenge_link`]).

use bevy::prelude::*;
use fanorona_protocol::{
    CORRESPONDENCE_DAYS, ChallengeView, ClientMessage, FinishedGame, GameView, PlayerView, RatingPoint, ServerMessage,
    TimeControl,
};
use web_time::{Duration, Instant};

use super::link::{FromServer, Link, ToServer};
use super::play::{OnlineGame, OnlineMatch};
use super::{ChallengeSettings, OnlineCommand};
use crate::AppSystems;
use crate::screens::AppState;

/// How often the open challenges are asked for while the lobby is shown.
pub const REFRESH: Duration = Duration::from_secs(2);

/// The time controls offered for a new challenge: live ones (minutes + increment seconds), then correspondence ones
/// (days per turn).
pub const TIME_CONTROLS: [TimeControl; 11] = [
    TimeControl::Live { minutes: 1, increment: 0 },
    TimeControl::Live { minutes: 3, increment: 2 },
    TimeControl::Live { minutes: 5, increment: 3 },
    TimeControl::Live { minutes: 10, increment: 5 },
    TimeControl::Live { minutes: 15, increment: 10 },
    TimeControl::Correspondence { days: CORRESPONDENCE_DAYS[0] },
    TimeControl::Correspondence { days: CORRESPONDENCE_DAYS[1] },
    TimeControl::Correspondence { days: CORRESPONDENCE_DAYS[2] },
    TimeControl::Correspondence { days: CORRESPONDENCE_DAYS[3] },
    TimeControl::Correspondence { days: CORRESPONDENCE_DAYS[4] },
    TimeControl::Correspondence { days: CORRESPONDENCE_DAYS[5] },
];

/// The lobby's part on screen.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LobbyTab {
    /// A new challenge and the open ones.
    #[default]
    Play,
    /// The games in progress.
    Watch,
    /// The player's online rating and finished games.
    Profile,
    /// The tournaments, and one's standings.
    Tournaments,
    /// The open reports and flags, for a moderator.
    Moderation,
}

/// What the lobby knows.
#[derive(Resource, Debug, Default)]
pub struct Lobby {
    /// The open challenges, oldest first (the player's own among them).
    pub challenges: Vec<ChallengeView>,
    /// The games in progress, to watch.
    pub games: Vec<GameView>,
    /// The player's profile, once asked for.
    pub profile: Option<Profile>,
    /// The player's own open live challenge, waiting for an opponent (their correspondence challenges, which stay
    /// open for days, are among `challenges`).
    pub mine: Option<ChallengeView>,
    asked: Option<Instant>,
    /// A challenge to accept once welcomed: the one the page's address named.
    invited: Option<String>,
}

impl Lobby {
    /// The opponent's offer of a rematch after `game`: their challenge addressed to the player.
    pub fn rematch_offer(&self, game: &OnlineGame) -> Option<&ChallengeView> {
        let me = game.me?;
        let (mine, theirs) = (&game.player(me).id, &game.player(!me).id);
        self.challenges.iter().find(|c| c.by.id == *theirs && c.opponent.as_ref() == Some(mine))
    }
}

/// A player's online profile, as the server keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// The player as they are now.
    pub player: PlayerView,
    /// The rating after each rated game, oldest first.
    pub history: Vec<RatingPoint>,
    /// The finished games, newest first.
    pub games: Vec<FinishedGame>,
}

/// The address of the web game opened straight into a challenge: the server's page (its WebSocket address with
/// `http` for `ws`, without `/ws`) with `?challenge=ID`.
pub fn challenge_link(server: &str, id: &str) -> String {
    let page = server.strip_suffix("/ws").unwrap_or(server).trim_end_matches('/');
    let page = match (page.strip_prefix("wss://"), page.strip_prefix("ws://")) {
        (Some(rest), _) => format!("https://{rest}"),
        (None, Some(rest)) => format!("http://{rest}"),
        (None, None) => page.to_owned(),
    };
    format!("{page}/?challenge={id}")
}

/// The challenge named by the page's address (`?challenge=ID`), on the web.
#[cfg(target_arch = "wasm32")]
fn challenge_in_address() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    let id = search.strip_prefix('?')?.split('&').find_map(|pair| pair.strip_prefix("challenge="))?;
    // Ids are the server's own letters and digits; anything else in an address is not one.
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')).then(|| id.to_owned())
}

#[cfg(not(target_arch = "wasm32"))]
fn challenge_in_address() -> Option<String> {
    None
}

/// A page opened from a challenge's link goes to the lobby and accepts it once connected.
fn follow_invitation(mut lobby: ResMut<Lobby>, mut commands: MessageWriter<OnlineCommand>) {
    if let Some(id) = challenge_in_address() {
        lobby.invited = Some(id);
        commands.write(OnlineCommand::Open);
    }
}

/// Runs the lobby.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lobby>().init_resource::<LobbyTab>().add_systems(Startup, follow_invitation).add_systems(
        Update,
        (lobby_commands, lobby_messages, refresh.run_if(in_state(AppState::Lobby)))
            .chain()
            .in_set(AppSystems::Commands),
    );
}

/// Opens a challenge, for anyone or (a rematch) for the player with the id `opponent`.
fn create(outgoing: &mut MessageWriter<ToServer>, settings: ChallengeSettings, opponent: Option<String>) {
    let ChallengeSettings { variant, rated, time } = settings;
    outgoing.write(ToServer(ClientMessage::CreateChallenge { variant, rated, time, vela: false, opponent }));
}

fn lobby_commands(
    mut commands: MessageReader<OnlineCommand>,
    mut lobby: ResMut<Lobby>,
    current: Res<OnlineMatch>,
    mut outgoing: MessageWriter<ToServer>,
    mut next: ResMut<NextState<AppState>>,
    mut tab: ResMut<LobbyTab>,
) {
    for command in commands.read() {
        match command {
            OnlineCommand::Open => {
                lobby.asked = None;
                (*next).set_if_neq(AppState::Lobby);
            }
            OnlineCommand::OpenTournaments => {
                lobby.asked = None;
                *tab = LobbyTab::Tournaments;
                (*next).set_if_neq(AppState::Lobby);
            }
            OnlineCommand::Create(settings) if lobby.mine.is_none() || settings.time.is_correspondence() => {
                create(&mut outgoing, *settings, None);
            }
            OnlineCommand::Accept(id) => {
                outgoing.write(ToServer(ClientMessage::AcceptChallenge { challenge: id.clone() }));
            }
            OnlineCommand::Cancel | OnlineCommand::Close => {
                if let Some(mine) = lobby.mine.take() {
                    outgoing.write(ToServer(ClientMessage::CancelChallenge { challenge: mine.id }));
                }
            }
            OnlineCommand::Withdraw(id) => {
                outgoing.write(ToServer(ClientMessage::CancelChallenge { challenge: id.clone() }));
            }
            OnlineCommand::Decline(id) => {
                outgoing.write(ToServer(ClientMessage::DeclineChallenge { challenge: id.clone() }));
            }
            OnlineCommand::Profile => {
                outgoing.write(ToServer(ClientMessage::Profile { player: None }));
            }
            OnlineCommand::Register { name, password } => {
                let (name, password) = (name.trim().to_owned(), password.clone());
                outgoing.write(ToServer(ClientMessage::Register { name, password }));
            }
            OnlineCommand::SignOut => {
                outgoing.write(ToServer(ClientMessage::Logout));
            }
            OnlineCommand::Vacation(days) => {
                outgoing.write(ToServer(ClientMessage::Vacation { days: *days }));
            }
            // The same game again, against the same opponent, who is sent the challenge.
            OnlineCommand::Rematch if lobby.mine.is_none() => {
                if let Some(game) = current.0.as_ref().filter(|g| g.result.is_some()) {
                    let opponent = game.me.map(|me| game.player(!me).id.clone());
                    if opponent.is_some() {
                        create(&mut outgoing, game.settings, opponent);
                        (*next).set_if_neq(AppState::Lobby);
                    }
                }
            }
            _ => {}
        }
    }
}

fn lobby_messages(
    link: Res<Link>,
    mut received: MessageReader<FromServer>,
    mut lobby: ResMut<Lobby>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for FromServer { message, .. } in received.read() {
        match message {
            ServerMessage::Welcome { .. } => {
                lobby.asked = None;
                if let Some(challenge) = lobby.invited.take() {
                    outgoing.write(ToServer(ClientMessage::AcceptChallenge { challenge }));
                }
            }
            ServerMessage::Challenges { challenges, .. } => {
                lobby.challenges = challenges.clone();
                // A challenge of the player's that is no longer listed was accepted or withdrawn elsewhere.
                let listed = |mine: &ChallengeView| challenges.iter().any(|c| c.id == mine.id);
                if lobby.mine.as_ref().is_some_and(|mine| !listed(mine)) {
                    lobby.mine = None;
                }
            }
            ServerMessage::Games { games } => lobby.games = games.clone(),
            ServerMessage::Profile { player, history, games } => {
                let (history, games) = (history.clone(), games.clone());
                lobby.profile = Some(Profile { player: player.clone(), history, games });
            }
            // The player's own challenge, or a rematch offered to the player (the server sends it unasked).
            ServerMessage::ChallengeCreated { challenge } => {
                let own = link.me().is_some_and(|me| me.id == challenge.by.id);
                if own && !challenge.time.is_correspondence() {
                    lobby.mine = Some(challenge.clone());
                } else if !lobby.challenges.iter().any(|c| c.id == challenge.id) {
                    lobby.challenges.push(challenge.clone());
                }
                lobby.asked = None;
            }
            // Withdrawn by its creator, or declined by the player it was addressed to: gone either way.
            ServerMessage::ChallengeCancelled { challenge } | ServerMessage::ChallengeDeclined { challenge } => {
                lobby.challenges.retain(|c| c.id != *challenge);
                if lobby.mine.as_ref().is_some_and(|mine| mine.id == *challenge) {
                    lobby.mine = None;
                }
            }
            ServerMessage::GameState { game } => {
                lobby.challenges.retain(|c| c.id != game.id);
                if lobby.mine.as_ref().is_some_and(|mine| mine.id == game.id) {
                    lobby.mine = None;
                }
            }
            _ => {}
        }
    }
}

/// Asks for the open challenges and the games in progress now and then while the lobby is shown.
fn refresh(link: Res<Link>, mut lobby: ResMut<Lobby>, mut outgoing: MessageWriter<ToServer>) {
    if link.is_online() && lobby.asked.is_none_or(|at| at.elapsed() >= REFRESH) {
        lobby.asked = Some(Instant::now());
        outgoing.write_batch([ToServer(ClientMessage::ListChallenges), ToServer(ClientMessage::ListGames)]);
    }
}

#[cfg(test)]
mod tests {
    use super::challenge_link;

    #[test]
    fn a_challenge_link_is_the_servers_page_with_the_challenge() {
        assert_eq!(challenge_link("ws://192.168.1.20:8080/ws", "abc"), "http://192.168.1.20:8080/?challenge=abc");
        assert_eq!(challenge_link("wss://fanorona.example/ws", "x1"), "https://fanorona.example/?challenge=x1");
    }
}
