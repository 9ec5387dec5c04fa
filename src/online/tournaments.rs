//! Tournaments as the lobby shows them: the server's list (to come, under way, finished), joining and withdrawing,
//! and one event's standings and games, kept fresh while the lobby is on screen. The server pairs the games; each
//! reaches the player as any game of theirs does, with a countdown before its first clock starts, unless the player
//! is busy with another game: then they are asked first ([`TournamentCall`]).

use bevy::prelude::*;
use fanorona_protocol::{
    ClientMessage, Color, GameView, ServerMessage, StandingView, TournamentGameView, TournamentStage, TournamentView,
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
    /// The events, as the server last listed them: to come and under way by start, then the latest finished, and
    /// the older finished ones of the pages the player asked for after the first.
    pub list: Vec<TournamentView>,
    /// Whether the server has older finished events than the last of `list`.
    pub more: bool,
    /// Whether the player asked for older pages: the refresh of the first then keeps them.
    pub(super) older: bool,
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
    /// The next page's request: the finished events after the last listed.
    fn older_request(&self) -> Option<ClientMessage> {
        let last = self.list.iter().rev().find(|t| t.stage == TournamentStage::Finished)?;
        Some(ClientMessage::ListTournaments { after: Some(last.id.clone()) })
    }

    /// Takes a page of the list: the first replaces the events listed but keeps the older finished ones of later
    /// pages the player asked for (finished events do not change); a later one adds its events at the end.
    fn take_page(&mut self, page: &[TournamentView], more: bool, after: Option<&str>) {
        match after {
            None => {
                let older = std::mem::take(&mut self.list).into_iter().filter(|t| {
                    self.older && t.stage == TournamentStage::Finished && !page.iter().any(|p| p.id == t.id)
                });
                let older: Vec<TournamentView> = older.collect();
                if older.is_empty() {
                    self.more = more;
                }
                self.list = page.to_vec();
                self.list.extend(older);
            }
            // Only the page that follows the list: one asked for before a refresh came is dropped.
            Some(after)
                if self.list.iter().rev().find(|t| t.stage == TournamentStage::Finished).map(|t| t.id.as_str())
                    == Some(after) =>
            {
                self.list.extend(
                    page.iter().filter(|p| !self.list.iter().any(|t| t.id == p.id)).cloned().collect::<Vec<_>>(),
                );
                self.more = more;
            }
            Some(_) => {}
        }
        self.listed = true;
    }

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
                outgoing.write(ToServer(ClientMessage::ListTournaments { after: None }));
            }
            OnlineCommand::OlderTournaments => {
                if let Some(request) = tournaments.older_request() {
                    tournaments.older = true;
                    outgoing.write(ToServer(request));
                }
            }
            OnlineCommand::JoinTournament { id, password } => {
                let (tournament, password) = (id.clone(), password.clone().filter(|p| !p.is_empty()));
                outgoing.write(ToServer(ClientMessage::JoinTournament { tournament, password }));
            }
            OnlineCommand::WithdrawTournament(id) => {
                outgoing.write(ToServer(ClientMessage::WithdrawTournament { tournament: id.clone() }));
            }
            OnlineCommand::CancelTournament { id, reason } => {
                let (tournament, reason) = (id.clone(), reason.clone());
                outgoing.write(ToServer(ClientMessage::CancelTournament { tournament, reason }));
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
            ServerMessage::Tournaments { tournaments: page, more, after } => {
                tournaments.take_page(page, *more, after.as_deref());
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
            // Cancelled by the moderator: gone from the list, and from the standings shown.
            ServerMessage::TournamentCancelled { tournament } => {
                tournaments.list.retain(|t| t.id != *tournament);
                if tournaments.shown.as_ref() == Some(tournament) {
                    tournaments.shown = None;
                    tournaments.standings = None;
                }
            }
            ServerMessage::TournamentWithdrawn { tournament } => {
                if let Some(listed) = tournaments.list.iter_mut().find(|t| t.id == *tournament) {
                    listed.joined = false;
                    listed.players = listed.players.saturating_sub(1);
                }
                outgoing.write(ToServer(ClientMessage::ListTournaments { after: None }));
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
        outgoing.write(ToServer(ClientMessage::ListTournaments { after: None }));
        if let Some(id) = tournaments.shown.clone() {
            outgoing.write(ToServer(ClientMessage::Standings { tournament: id }));
        }
    }
}

#[cfg(test)]
mod tests {
    use fanorona_protocol::{GameVariant, TimeControl, TournamentFormat, TournamentTerms};

    use super::*;

    fn event(id: &str, stage: TournamentStage) -> TournamentView {
        TournamentView {
            id: id.to_owned(),
            terms: TournamentTerms {
                name: id.to_owned(),
                format: TournamentFormat::Swiss { rounds: 1 },
                variant: GameVariant::Tsivy,
                time: TimeControl::Live { minutes: 3, increment: 2 },
                rated: false,
                starts_at_ms: 0,
            },
            stage,
            round: 0,
            private: false,
            creator: None,
            players: 0,
            joined: false,
        }
    }

    fn ids(tournaments: &Tournaments) -> Vec<&str> {
        tournaments.list.iter().map(|t| t.id.as_str()).collect()
    }

    #[test]
    fn older_pages_follow_the_list_and_stay_through_a_refresh() {
        use TournamentStage::{Finished, Upcoming};
        let mut tournaments = Tournaments::default();
        tournaments.take_page(&[event("u", Upcoming), event("f3", Finished), event("f2", Finished)], true, None);
        assert_eq!((ids(&tournaments), tournaments.more), (vec!["u", "f3", "f2"], true));
        let asked = tournaments.older_request();
        assert_eq!(asked, Some(ClientMessage::ListTournaments { after: Some("f2".into()) }), "after the last finished");
        tournaments.older = true;
        tournaments.take_page(&[event("f1", Finished), event("f0", Finished)], false, Some("f2"));
        assert_eq!((ids(&tournaments), tournaments.more), (vec!["u", "f3", "f2", "f1", "f0"], false));
        // A page that does not follow the list (asked for before a refresh changed it) is dropped.
        tournaments.take_page(&[event("x", Finished)], true, Some("f3"));
        assert_eq!(ids(&tournaments), ["u", "f3", "f2", "f1", "f0"]);
        // The refresh: a new event, one more finished; the older pages stay after the first, and so does `more`.
        let first = [event("v", Upcoming), event("f4", Finished), event("f3", Finished)];
        tournaments.take_page(&first, true, None);
        assert_eq!((ids(&tournaments), tournaments.more), (vec!["v", "f4", "f3", "f2", "f1", "f0"], false));
    }

    #[test]
    fn without_older_pages_a_refresh_is_the_first_page() {
        let mut tournaments = Tournaments::default();
        tournaments.take_page(&[event("f1", TournamentStage::Finished)], true, None);
        tournaments.take_page(&[event("f2", TournamentStage::Finished)], true, None);
        assert_eq!((ids(&tournaments), tournaments.more, tournaments.listed), (vec!["f2"], true, true));
    }
}
