//! Tournaments as the lobby shows them: the server's list (to come, under way, finished), joining and withdrawing,
//! and one event's standings and games, kept fresh while the lobby is on screen. The server pairs the games; each
//! reaches the player as any game of theirs does.

use bevy::prelude::*;
use fanorona_protocol::{ClientMessage, ServerMessage, StandingView, TournamentGameView, TournamentView};
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

/// The tournaments' requests and the server's answers.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tournaments>().add_systems(
        Update,
        (tournament_commands, tournament_messages, refresh.run_if(in_state(AppState::Lobby)))
            .chain()
            .in_set(AppSystems::Commands),
    );
}

fn tournament_commands(
    mut commands: MessageReader<OnlineCommand>,
    mut tournaments: ResMut<Tournaments>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for command in commands.read() {
        match command {
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
    mut outgoing: MessageWriter<ToServer>,
) {
    for FromServer { message, .. } in received.read() {
        match message {
            ServerMessage::Tournaments { tournaments: list } => {
                tournaments.list = list.clone();
                tournaments.listed = true;
            }
            // Joined: the event as it is now, and its standings, where the player now has a line.
            ServerMessage::TournamentJoined { tournament } => {
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
