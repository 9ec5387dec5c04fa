//! Correspondence games (days per turn): a player has many at once and plays them now and then, often without a
//! network. Each is kept on the device as the server last showed it ([`Correspondence`], saved like the settings), so
//! that it can be opened and a turn played with no connection. Such a turn is kept as well, and sent each time the
//! server welcomes the game, with its number: the server counts it once (a turn it has already is acknowledged
//! again), and refuses one that no longer fits the game, which the player is then told and shown as it stands.

use std::cmp::Ordering;

use bevy::prelude::*;
use fanorona_protocol::{ClientMessage, Clocks, Color, ErrorCode, GameView, PlayerView, ServerMessage, VacationView};
use serde::{Deserialize, Serialize};
use web_time::{SystemTime, UNIX_EPOCH};

use super::OnlineCommand;
use super::link::{FromServer, Link, ToServer};
use super::play::{OnlineMatch, ShowGame, color_of};
use crate::AppSystems;
use crate::game::session::{Session, TurnCommitted};
use crate::persistence::Kept;
use crate::persistence::settings::Settings;
use crate::persistence::storage::Notices;
use crate::screens::AppState;
use crate::text;
use crate::title::MenuNotes;

/// The player's correspondence games in progress, as the server last showed them, with the turns not yet sent.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Correspondence {
    games: Vec<KeptGame>,
    /// The player's vacation as the server last said, and when (device clock, milliseconds since the Unix epoch).
    #[serde(default)]
    vacation: (VacationView, i64),
}

impl Kept for Correspondence {
    const FILE: &'static str = "correspondence.ron";
    const WHAT: &'static str = "correspondence";
}

/// A correspondence game of the player's, as kept on the device.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptGame {
    /// The game as the server last showed it, with the turns it has stored.
    pub view: GameView,
    /// The side the player plays.
    pub me: Color,
    /// When the clocks of `view` were read, in milliseconds since the Unix epoch on this device's clock.
    pub read_at_ms: i64,
    /// The player's turn played on this device that the server has not acknowledged yet.
    #[serde(default)]
    pub unsent: Option<UnsentTurn>,
}

/// A turn played on the device and not yet acknowledged by the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnsentTurn {
    /// Its number in the game, from 1.
    pub ply: u32,
    /// Its notation.
    pub turn: String,
}

/// Milliseconds since the Unix epoch on this device's clock.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl KeptGame {
    /// The server's turn number `ply` of this game (`turn`, leading to `position`), with the clocks after it:
    /// added when it is the next one. Returns how it compares with the next one (greater: turns were missed).
    fn follow(&mut self, ply: u32, turn: &str, position: &str, clocks: Clocks) -> Ordering {
        let view = &mut self.view;
        let next = (ply as usize).cmp(&(view.turns.len() + 1));
        if next == Ordering::Equal {
            view.turns.push(turn.to_owned());
            position.clone_into(&mut view.position);
            view.to_move = clocks.running.unwrap_or(view.to_move);
            view.draw_offer = None;
        }
        view.clocks = clocks;
        self.read_at_ms = now_ms();
        next
    }

    /// The player's opponent.
    pub fn opponent(&self) -> &PlayerView {
        if self.me == Color::White { &self.view.black } else { &self.view.white }
    }

    /// Whether the game waits for the player's turn (one played and not yet sent does not wait).
    pub fn waiting_for_me(&self) -> bool {
        self.unsent.is_none() && self.view.clocks.running == Some(self.me)
    }

    /// The side whose time runs, as far as the device knows: the player's turn played here stops theirs.
    pub fn running(&self) -> Option<Color> {
        let running = self.view.clocks.running?;
        Some(if self.unsent.is_some() && running == self.me { !self.me } else { running })
    }

    /// The time left to the side whose time runs at `now_ms` (device clock), in milliseconds: none once it is over.
    pub fn time_left_ms(&self, now_ms: i64) -> Option<i64> {
        let clocks = &self.view.clocks;
        Some(clocks.left_after(clocks.running?, now_ms.saturating_sub(self.read_at_ms)))
    }

    /// Whether the clock of the side whose time runs stands still at `now_ms` (device clock): its player is on
    /// vacation.
    pub fn stopped(&self, now_ms: i64) -> bool {
        let clocks = &self.view.clocks;
        clocks.running.is_some_and(|side| clocks.stopped_after(side, now_ms.saturating_sub(self.read_at_ms)))
    }

    /// The game as the board shows it: the server's, with the turn waiting to be sent played.
    pub fn on_device(&self) -> GameView {
        let mut view = self.view.clone();
        if let Some(unsent) = &self.unsent {
            view.turns.push(unsent.turn.clone());
        }
        view
    }
}

impl From<Vec<KeptGame>> for Correspondence {
    fn from(games: Vec<KeptGame>) -> Correspondence {
        Correspondence { games, ..Default::default() }
    }
}

impl Correspondence {
    /// The player's correspondence games as a new connection's welcome lists them, and their vacation: a kept game
    /// the server no longer lists has ended while the device was away (the player is told).
    fn welcomed(&mut self, games: &[GameView], player: &PlayerView, vacation: VacationView, notices: &mut Notices) {
        self.vacation = (vacation, now_ms());
        let games: Vec<(&GameView, Color)> = games.iter().filter_map(|g| Some((g, mine(g, Some(player))?))).collect();
        // A kept game the server no longer lists has ended while the device was away.
        let (listed, gone): (Vec<KeptGame>, Vec<KeptGame>) =
            std::mem::take(&mut self.games).into_iter().partition(|k| games.iter().any(|(g, _)| g.id == k.view.id));
        self.games = listed;
        for game in gone {
            notices.say(text!("online-correspondence-ended", name = &game.opponent().name));
        }
        for (view, me) in games {
            self.keep(view, me, notices);
        }
    }

    /// The games: those waiting for the player's turn first, each group by the time left, least first.
    pub fn in_order(&self, now_ms: i64) -> Vec<&KeptGame> {
        let mut games: Vec<&KeptGame> = self.games.iter().collect();
        games.sort_by_key(|g| (!g.waiting_for_me(), g.time_left_ms(now_ms).unwrap_or(i64::MAX)));
        games
    }

    /// The player's vacation at `now_ms` (device clock), as far as the device knows.
    pub fn vacation(&self, now_ms: i64) -> VacationView {
        let (vacation, read_at_ms) = self.vacation;
        VacationView { left_ms: (vacation.left_ms - now_ms.saturating_sub(read_at_ms).max(0)).max(0), ..vacation }
    }

    /// How many games wait for the player's turn.
    pub fn waiting(&self) -> usize {
        self.games.iter().filter(|g| g.waiting_for_me()).count()
    }

    /// The game with this id.
    pub fn get(&self, id: &str) -> Option<&KeptGame> {
        self.games.iter().find(|g| g.view.id == id)
    }

    fn get_mut(&mut self, id: &str) -> Option<&mut KeptGame> {
        self.games.iter_mut().find(|g| g.view.id == id)
    }

    /// The player's turns waiting to be sent, as messages to the server.
    fn unsent(&self) -> impl Iterator<Item = ClientMessage> + '_ {
        self.games.iter().filter_map(|g| {
            let UnsentTurn { ply, turn } = g.unsent.clone()?;
            Some(ClientMessage::Play { game: g.view.id.clone(), ply, turn })
        })
    }

    /// Keeps `view` (a game of the player's, on side `me`) as the server shows it now. A turn waiting to be sent
    /// stays while it is still the game's next; one the server has stored is done with; one that no longer fits is
    /// dropped, and said so.
    fn keep(&mut self, view: &GameView, me: Color, notices: &mut Notices) {
        let unsent = self.get(&view.id).and_then(|g| g.unsent.clone());
        let unsent = unsent.filter(|u| {
            let stored = (u.ply as usize).checked_sub(1).and_then(|i| view.turns.get(i));
            if stored.is_none() && u.ply as usize == view.turns.len() + 1 && view.clocks.running == Some(me) {
                return true;
            }
            if stored != Some(&u.turn) {
                let name = if me == Color::White { &view.black.name } else { &view.white.name };
                notices.problem(text!("online-turn-not-played", name = name, reason = "changed"));
            }
            false
        });
        let kept = KeptGame { view: view.clone(), me, read_at_ms: now_ms(), unsent };
        match self.get_mut(&view.id) {
            Some(game) => *game = kept,
            None => self.games.push(kept),
        }
    }
}

/// Runs correspondence games: keeps them, keeps and sends the player's turns, and tells the player of their
/// opponents' turns.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(crate::persistence::keep::<Correspondence>)
        .add_systems(Startup, connect_at_start)
        .add_systems(Update, (resume, follow_server).chain().in_set(AppSystems::Commands))
        .add_systems(Update, keep_own_turns.in_set(AppSystems::Rules).run_if(in_state(AppState::Online)))
        .add_systems(Update, count_on_title.run_if(resource_changed::<Correspondence>));
}

/// At start, a player with correspondence games connects to their server quietly (the screen stays as it is): turns
/// kept while the game was closed go, and the list and the title page's count come up to date as opponents play.
fn connect_at_start(kept: Res<Correspondence>, settings: Res<Settings>, mut online: MessageWriter<OnlineCommand>) {
    if !kept.games.is_empty() && settings.online.token.is_some() {
        online.write(OnlineCommand::Connect);
    }
}

/// Opens a kept game on the board, as the device knows it (with no connection too).
fn resume(mut commands: MessageReader<OnlineCommand>, kept: Res<Correspondence>, mut show: MessageWriter<ShowGame>) {
    for command in commands.read() {
        if let OnlineCommand::Resume(id) = command
            && let Some(game) = kept.get(id)
        {
            show.write(ShowGame { view: game.on_device(), me: Some(game.me) });
        }
    }
}

/// The side `me` plays in `view`, if it is a correspondence game of theirs.
fn mine(view: &GameView, me: Option<&PlayerView>) -> Option<Color> {
    color_of(view, me?).filter(|_| view.time.is_correspondence())
}

/// Follows what the server says of the player's correspondence games, and sends the turns waiting for it.
fn follow_server(
    mut received: MessageReader<FromServer>,
    link: Res<Link>,
    current: Res<OnlineMatch>,
    mut kept: ResMut<Correspondence>,
    mut notices: ResMut<Notices>,
    mut outgoing: MessageWriter<ToServer>,
) {
    let on_board = |id: &str| current.0.as_ref().is_some_and(|g| g.id == id);
    for FromServer { message, request } in received.read() {
        match message {
            ServerMessage::Welcome { games, player, vacation, .. } => {
                kept.welcomed(games, player, *vacation, &mut notices);
                outgoing.write_batch(kept.unsent().map(ToServer).collect::<Vec<_>>());
            }
            ServerMessage::Vacation { vacation } => kept.vacation = (*vacation, now_ms()),
            ServerMessage::Clocks { game, clocks } if kept.get(game).is_some() => {
                if let Some(kept_game) = kept.get_mut(game) {
                    kept_game.view.clocks = *clocks;
                    kept_game.read_at_ms = now_ms();
                }
            }
            ServerMessage::GameState { game } => {
                if let Some(me) = mine(game, link.me()) {
                    kept.keep(game, me, &mut notices);
                }
            }
            ServerMessage::Played { game, ply, turn, clocks, position } => {
                // Looked up first: a live game's turns leave the kept games (and their file) untouched.
                if kept.get(game).is_none() {
                    continue;
                }
                let Some(kept_game) = kept.get_mut(game) else { continue };
                // Turns were missed: the game as it is is asked for (the board asks for its own).
                if kept_game.follow(*ply, turn, position, *clocks) == Ordering::Greater && !on_board(game) {
                    outgoing.write(ToServer(ClientMessage::Watch { game: game.clone() }));
                }
                if kept_game.unsent.as_ref().is_some_and(|u| u.ply == *ply) {
                    info!("turn {ply} of {game} acknowledged by the server");
                    kept_game.unsent = None;
                } else if clocks.running == Some(kept_game.me) && !on_board(game) {
                    notices.say(text!("online-your-turn-against", name = &kept_game.opponent().name));
                }
            }
            ServerMessage::DrawOffered { game, by } if kept.get(game).is_some() => {
                if let Some(kept_game) = kept.get_mut(game) {
                    kept_game.view.draw_offer = Some(*by);
                }
            }
            ServerMessage::GameOver { game, .. } => {
                let Some(at) = kept.games.iter().position(|g| g.view.id == *game) else { continue };
                let ended = kept.games.remove(at);
                if !on_board(game) {
                    notices.say(text!("online-correspondence-ended", name = &ended.opponent().name));
                }
            }
            // A turn of the device's refused: it does not fit the game any more. The game as it is is asked for.
            ServerMessage::Error { code, .. } => {
                let Some(ClientMessage::Play { game, ply, .. }) = request else { continue };
                if kept.get(game).is_none_or(|g| g.unsent.as_ref().is_none_or(|u| u.ply != *ply)) {
                    continue;
                }
                if let Some(kept_game) = kept.get_mut(game) {
                    kept_game.unsent = None;
                    let name = kept_game.opponent().name.clone();
                    let reason = refused_because(*code);
                    notices.problem(text!("online-turn-not-played", name = name, reason = reason));
                    if !on_board(game) {
                        outgoing.write(ToServer(ClientMessage::Watch { game: game.clone() }));
                    }
                }
            }
            _ => {}
        }
    }
}

/// Why a turn kept on the device was refused, as the key by which `online-turn-not-played` chooses its words (the
/// server's own refusal is shown beside it, as every refusal is).
fn refused_because(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::NotYourTurn | ErrorCode::WrongPly | ErrorCode::IllegalTurn => "changed",
        ErrorCode::GameOver | ErrorCode::NotFound => "over",
        _ => "other",
    }
}

/// Keeps the player's turns in a correspondence game on the device, and sends them when the server is there.
fn keep_own_turns(
    mut committed: MessageReader<TurnCommitted>,
    current: Res<OnlineMatch>,
    session: Res<Session>,
    link: Res<Link>,
    mut kept: ResMut<Correspondence>,
    mut outgoing: MessageWriter<ToServer>,
) {
    let turns: Vec<TurnCommitted> = committed.read().copied().collect();
    let Some(game) = current.0.as_ref().filter(|g| g.result.is_none() && g.settings.time.is_correspondence()) else {
        return;
    };
    let Some(kept_game) = kept.get_mut(&game.id) else { return };
    for TurnCommitted { turn, ply } in turns {
        let mover = session.game().positions()[ply - 1].side_to_move();
        if Color::from(mover) != kept_game.me {
            continue;
        }
        let unsent = UnsentTurn { ply: u32::try_from(ply).unwrap_or(u32::MAX), turn: turn.to_string() };
        if link.is_online() {
            let UnsentTurn { ply, turn } = unsent.clone();
            outgoing.write(ToServer(ClientMessage::Play { game: game.id.clone(), ply, turn }));
        }
        info!("turn {} of {} kept on this device until the server has it", unsent.ply, game.id);
        kept_game.unsent = Some(unsent);
    }
}

/// The order of the title page's Play online entry, beside which the count of games waiting is shown.
pub const TITLE_ENTRY: u8 = 10;

/// Shows on the title page how many correspondence games wait for the player's turn.
fn count_on_title(kept: Res<Correspondence>, mut notes: ResMut<MenuNotes>) {
    let waiting = kept.waiting();
    notes.set(TITLE_ENTRY, (waiting > 0).then(|| text!("menu-correspondence-waiting", count = waiting)));
}

#[cfg(test)]
mod tests {
    use fanorona_protocol::{Clocks, GameVariant, TimeControl};

    use super::*;
    use crate::persistence::parse;

    fn kept(id: &str, running: Color, left_ms: i64, unsent: bool) -> KeptGame {
        let player =
            |id: &str| PlayerView { id: id.into(), name: id.into(), rating: 1500.0, deviation: 350.0, bot: false };
        let view = GameView {
            id: id.into(),
            white: player("me"),
            black: player(id),
            variant: GameVariant::Tsivy,
            rated: false,
            time: TimeControl::Correspondence { days: 3 },
            vela: None,
            turns: vec!["f3-e3W".into()],
            position: String::new(),
            to_move: running,
            clocks: Clocks { white_ms: left_ms, black_ms: left_ms, running: Some(running), stopped_ms: 0 },
            draw_offer: None,
            tournament: None,
        };
        let unsent = unsent.then(|| UnsentTurn { ply: 2, turn: "d3-e2A".into() });
        KeptGame { view, me: Color::White, read_at_ms: 1_000, unsent }
    }

    #[test]
    fn games_waiting_for_the_player_come_first_least_time_left_first() {
        let games = Correspondence::from(vec![
            kept("theirs", Color::Black, 1_000, false),
            kept("sent-later", Color::White, 500, true),
            kept("mine-later", Color::White, 9_000, false),
            kept("mine-soon", Color::White, 2_000, false),
        ]);
        let order: Vec<&str> = games.in_order(1_500).iter().map(|g| g.view.id.as_str()).collect();
        assert_eq!(order, ["mine-soon", "mine-later", "sent-later", "theirs"]);
        assert_eq!(games.waiting(), 2, "a turn waiting to be sent waits for nobody");
        assert_eq!(games.get("mine-soon").unwrap().time_left_ms(1_500), Some(1_500));
        assert_eq!(games.get("sent-later").unwrap().time_left_ms(9_999), Some(0));
        assert_eq!(games.get("sent-later").unwrap().on_device().turns, ["f3-e3W", "d3-e2A"]);
    }

    #[test]
    fn kept_games_read_back_as_written() {
        let games = Correspondence::from(vec![kept("a", Color::White, 5, true), kept("b", Color::Black, 7, false)]);
        let text = ron::ser::to_string_pretty(&games, ron::ser::PrettyConfig::default()).unwrap();
        assert!(text.contains("\"3d\""), "the time control as players write it: {text}");
        assert_eq!(parse::<Correspondence>(&text), Ok(games));
    }
}
