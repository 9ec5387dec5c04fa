//! Tournaments as the lobby shows them: the server's list (to come, under way, finished), joining and withdrawing,
//! and one event's standings and games, kept fresh while the lobby is on screen. The server pairs the games; each
//! reaches the player as any game of theirs does, with a countdown before its first clock starts, unless the player
//! is busy with another game: then they are asked first ([`TournamentCall`]).

use bevy::prelude::*;
use fanorona_protocol::{
    ClientMessage, Color, GameView, ServerMessage, StandingView, TournamentGameView, TournamentView,
};
use web_time::{Duration, Instant};

use super::OnlineCommand;
use super::link::{FromServer, Link, ToServer};
use crate::AppSystems;
use crate::screens::AppState;

/// How often the list (and the standings shown) are asked for again while the lobby is on screen.
pub const REFRESH: Duration = Duration::from_secs(10);

/// What the lobby knows of the tournaments.
#[derive(Resource, Debug, Default)]
pub struct Tournaments {
    /// The events, as the server last listed them: to come and under way by start, then the latest finished.
    pub list: Vec<TournamentView>,
    /// Whether the server has listed them since the lobby first asked.
    pub listed: bool,
    /// The event whose standings are shown, and its standings and games once the server sent them.
    pub shown: Option<String>,
    /// The shown event's standings, best first, and its games.
    pub standings: Option<(TournamentView, Vec<StandingView>, Vec<TournamentGameView>)>,
    /// When the list was last asked for: none until the player opens the tournaments.
    pub(super) asked: Option<Instant>,
}

impl Tournaments {
    /// The event with this id, as last listed.
    pub fn event(&self, id: &str) -> Option<&TournamentView> {
        self.list.iter().find(|t| t.id == id)
    }
}

/// A tournament game of the player's that began while they were busy with another game: it waits for their word
/// (go to it, or not now) until it ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The game as the server began it.
    pub game: GameView,
    /// The side the player plays.
    pub me: Color,
    /// When it came.
    at: Instant,
    /// The player said not now: the question is put away, and the lobby's tournaments offer the game instead.
    pub put_off: bool,
}

impl Call {
    /// The call of `game`, in which the player plays `me`, as it comes.
    pub fn new(game: GameView, me: Color) -> Call {
        Call { game, me, at: Instant::now(), put_off: false }
    }

    /// How long until the game's first clock starts (0 or less once it has).
    pub fn countdown_ms(&self) -> i64 {
        let elapsed = i64::try_from(self.at.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.game.clocks.stopped_ms.saturating_sub(elapsed)
    }
}

/// The tournament game that waits for the player's word, if any.
#[derive(Resource, Debug, Default)]
pub struct TournamentCall(pub Option<Call>);

/// The tournaments' requests and the server's answers.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tournaments>().init_resource::<TournamentCall>().add_systems(
        Update,
        (tournament_commands, tournament_messages, refresh.run_if(in_state(AppState::Lobby)))
            .chain()
            .in_set(AppSystems::Commands),
    );
}

fn tournament_commands(
    mut commands: MessageReader<OnlineCommand>,
    mut tournaments: ResMut<Tournaments>,
    mut call: ResMut<TournamentCall>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for command in commands.read() {
        match command {
            // The game as it stands now (turns may have been played since it came) comes to the board as any game of
            // the player's asked for.
            OnlineCommand::GoToGame(game) => {
                call.0 = None;
                outgoing.write(ToServer(ClientMessage::Watch { game: game.clone() }));
            }
            OnlineCommand::CreateTournament(settings) => {
                outgoing.write(ToServer(ClientMessage::CreateTournament { settings: settings.clone() }));
            }
            OnlineCommand::NotNow => {
                if let Some(call) = &mut call.0 {
                    call.put_off = true;
                }
            }
            OnlineCommand::Tournaments | OnlineCommand::OpenTournaments => {
                tournaments.asked = Some(Instant::now());
                outgoing.write(ToServer(ClientMessage::ListTournaments));
            }
            OnlineCommand::JoinTournament { id, password } => {
                let (tournament, password) = (id.clone(), password.clone().filter(|p| !p.is_empty()));
                outgoing.write(ToServer(ClientMessage::JoinTournament { tournament, password }));
            }
            OnlineCommand::WithdrawTournament(id) => {
                outgoing.write(ToServer(ClientMessage::WithdrawTournament { tournament: id.clone() }));
            }
            OnlineCommand::Standings(id) => {
                tournaments.shown = Some(id.clone());
                outgoing.write(ToServer(ClientMessage::Standings { tournament: id.clone() }));
            }
            _ => {}
        }
    }
}

fn tournament_messages(
    mut received: MessageReader<FromServer>,
    mut tournaments: ResMut<Tournaments>,
    mut call: ResMut<TournamentCall>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for FromServer { message, .. } in received.read() {
        match message {
            // The game called for ended (unplayed, most likely): nothing waits any more.
            ServerMessage::GameOver { game, .. } if call.0.as_ref().is_some_and(|c| c.game.id == *game) => {
                call.0 = None;
            }
            // A new connection: the game called for waits only while the server still has it going.
            ServerMessage::Welcome { games, .. }
                if call.0.as_ref().is_some_and(|c| !games.iter().any(|g| g.id == c.game.id)) =>
            {
                call.0 = None;
            }
            ServerMessage::Tournaments { tournaments: list } => {
                tournaments.list = list.clone();
                tournaments.listed = true;
            }
            // Created or joined: the event as it is now, and its standings (where a player who joined has a line).
            ServerMessage::TournamentJoined { tournament } | ServerMessage::TournamentCreated { tournament } => {
                match tournaments.list.iter_mut().find(|t| t.id == tournament.id) {
                    Some(listed) => *listed = tournament.clone(),
                    None => tournaments.list.push(tournament.clone()),
                }
                tournaments.shown = Some(tournament.id.clone());
                outgoing.write(ToServer(ClientMessage::Standings { tournament: tournament.id.clone() }));
            }
            ServerMessage::TournamentWithdrawn { tournament } => {
                if let Some(listed) = tournaments.list.iter_mut().find(|t| t.id == *tournament) {
                    listed.joined = false;
                    listed.players = listed.players.saturating_sub(1);
                }
                outgoing.write(ToServer(ClientMessage::ListTournaments));
            }
            // Only the event shown: an answer for one the player has left for another is dropped.
            ServerMessage::Standings { tournament, standings, games }
                if tournaments.shown.as_ref() == Some(&tournament.id) =>
            {
                tournaments.standings = Some((tournament.clone(), standings.clone(), games.clone()));
            }
            _ => {}
        }
    }
}

/// Asks for the list and the standings shown again now and then, once the player has opened the tournaments.
fn refresh(link: Res<Link>, mut tournaments: ResMut<Tournaments>, mut outgoing: MessageWriter<ToServer>) {
    let due = tournaments.asked.is_some_and(|at| at.elapsed() >= REFRESH);
    if link.is_online() && due {
        tournaments.asked = Some(Instant::now());
        outgoing.write(ToServer(ClientMessage::ListTournaments));
        if let Some(id) = tournaments.shown.clone() {
            outgoing.write(ToServer(ClientMessage::Standings { tournament: id }));
        }
    }
}
