//! An online game: the same board, highlights, chains, choices and animations as any other game. The opponent's
//! turns come from the server and are played on the board step by step; the player's turns go to it. The server
//! keeps the clocks and decides how a game ends (a turn, resignation, time, agreement, abort); between its messages
//! the running clock is counted down here for the screen. An online game is never autosaved: the server keeps it,
//! and the player's own unfinished game stays in its slot. A game of others can be watched the same way (every
//! side played from elsewhere), and a finished game of the player's profile put back on the board to replay and
//! review.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use fanorona_protocol::{
    ClientMessage, Clocks, Color, EndReason, FinishedGame, GameResult, GameView, PlayerView, RatingChange,
    RatingChanges, ServerMessage,
};
use fanorona_rules::{Game, Position, Side};
use web_time::Instant;

use super::link::{FromServer, Link, ToServer};
use super::tournaments::{Call, TournamentCall};
use super::words::seconds_left;
use super::{ChallengeSettings, OnlineCommand, refusal};
use crate::AppSystems;
use crate::access::Say;
use crate::audio::SoundCue;
use crate::game::commands::{GameCommand, PendingConfirmation, Question};
use crate::game::keeper::BoardKeeper;
use crate::game::session::{Announce, BoardUse, PlayerKind, Session, TurnCommitted};
use crate::i18n::Text;
use crate::persistence::settings::Settings;
use crate::persistence::storage::Notices;
use crate::screens::AppState;
use crate::text;

/// The online game on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineGame {
    /// The game's id on the server.
    pub id: String,
    /// The side the player plays; none in a game watched.
    pub me: Option<Color>,
    /// The white player.
    pub white: PlayerView,
    /// The black player.
    pub black: PlayerView,
    /// The board, rating and time control.
    pub settings: ChallengeSettings,
    clocks: Clocks,
    /// When the clocks were read from the server.
    clocks_at: Instant,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// How the game ended, once it has.
    pub result: Option<GameResult>,
    /// The rating changes of a rated game that ended.
    pub ratings: Option<RatingChanges>,
    /// The tournament the game is part of.
    pub tournament: Option<String>,
    /// The server refused a turn of the board's: its next word on the game replaces the board's.
    refused: bool,
}

impl OnlineGame {
    fn new(view: &GameView, me: Option<Color>) -> OnlineGame {
        OnlineGame {
            id: view.id.clone(),
            me,
            white: view.white.clone(),
            black: view.black.clone(),
            settings: ChallengeSettings { variant: view.variant, rated: view.rated, time: view.time },
            clocks: view.clocks,
            clocks_at: Instant::now(),
            draw_offer: view.draw_offer,
            result: None,
            ratings: None,
            tournament: view.tournament.clone(),
            refused: false,
        }
    }

    fn set_clocks(&mut self, clocks: Clocks) {
        self.clocks = clocks;
        self.clocks_at = Instant::now();
    }

    /// The time left on `color`'s clock in milliseconds: as the server last said, less the time since for the
    /// running clock (once it no longer stands still).
    pub fn clock_ms(&self, color: Color) -> i64 {
        let elapsed = if self.running() == Some(color) { self.elapsed_ms() } else { 0 };
        self.clocks.left_after(color, elapsed)
    }

    /// Whether `color`'s clock stands still: its player is on vacation.
    pub fn stopped(&self, color: Color) -> bool {
        self.running() == Some(color) && self.clocks.stopped_after(color, self.elapsed_ms())
    }

    /// The time since the server last said what the clocks are.
    fn elapsed_ms(&self) -> i64 {
        i64::try_from(self.clocks_at.elapsed().as_millis()).unwrap_or(i64::MAX)
    }

    /// How long until the first clock of a tournament game starts: the countdown before the game begins (none once
    /// it has begun).
    pub fn countdown_ms(&self) -> Option<i64> {
        let first = self.running()?;
        (self.tournament.is_some() && self.stopped(first)).then(|| self.clocks.stopped_ms - self.elapsed_ms())
    }

    /// The side whose clock runs (none once the game is over).
    pub fn running(&self) -> Option<Color> {
        if self.result.is_some() { None } else { self.clocks.running }
    }

    /// The player of `color`.
    pub fn player(&self, color: Color) -> &PlayerView {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The side shown at the top of the panel: the opponent's, or Black in a game watched.
    pub fn top_color(&self) -> Color {
        self.me.map_or(Color::Black, |me| !me)
    }

    /// The player's rating before and after the game, once a rated game of theirs has ended.
    pub fn my_rating_change(&self) -> Option<RatingChange> {
        let (ratings, me) = (self.ratings?, self.me?);
        Some(if me == Color::White { ratings.white } else { ratings.black })
    }

    /// How the game ended, for the player (or the spectator): who won and why. A game the player lost is told in
    /// their own words ("You resigned."), not with their name as the loser.
    pub fn result_text(&self) -> Option<Text> {
        let result = self.result?;
        let reason = end_key(result.reason);
        let verdict = match (result.winner, self.me) {
            (Some(winner), Some(me)) if winner == me => "won",
            (Some(_), Some(_)) => return Some(text!("online-you-lost", reason = reason)),
            (Some(_), None) => "winner",
            (None, _) if result.reason == EndReason::Aborted => "aborted",
            (None, _) => "draw",
        };
        let winner = result.winner.map(|w| self.player(w).name.clone()).unwrap_or_default();
        let loser = result.winner.map(|w| self.player(!w).name.clone()).unwrap_or_default();
        Some(text!("online-result", verdict = verdict, reason = reason, winner = winner, loser = loser))
    }
}

/// The key by which messages choose their words for how a game ended (`{ $reason -> [timeout] ... }`).
pub const fn end_key(reason: EndReason) -> &'static str {
    match reason {
        EndReason::AllCaptured => "all_captured",
        EndReason::NoLegalTurn => "no_legal_turn",
        EndReason::TeloLine => "telo_line",
        EndReason::Resignation => "resignation",
        EndReason::Timeout => "timeout",
        EndReason::FiftyTurns => "fifty_turns",
        EndReason::Repetition => "repetition",
        EndReason::Agreement => "agreement",
        EndReason::Aborted => "aborted",
    }
}

/// The side `me` plays in `view`, if it is theirs.
pub(super) fn color_of(view: &GameView, me: &PlayerView) -> Option<Color> {
    if view.white.id == me.id {
        Some(Color::White)
    } else if view.black.id == me.id {
        Some(Color::Black)
    } else {
        None
    }
}

/// The online game on the board, if any (it stays after it ends, until the player leaves it).
#[derive(Resource, Debug, Default)]
pub struct OnlineMatch(pub Option<OnlineGame>);

/// Puts a game of the player's on the board as the device knows it (a correspondence game opened with no
/// connection, say): the server's word comes later, when it is reachable.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ShowGame {
    /// The game, with any turn of the player's that waits to be sent.
    pub view: GameView,
    /// The side the player plays.
    pub me: Option<Color>,
}

/// Runs online games.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineMatch>()
        .add_message::<ShowGame>()
        .add_systems(Update, (play_commands, game_messages).chain().in_set(AppSystems::Commands))
        .add_systems(Update, send_own_turns.in_set(AppSystems::Rules).run_if(in_state(AppState::Online)))
        .add_systems(
            Update,
            (tick_last_seconds, say_clock_warnings).in_set(AppSystems::Presentation).run_if(in_state(AppState::Online)),
        );
}

/// The rules' game of a game on the server: its start (with vela) and its turns, checked one by one. A turn the
/// rules refuse is the error (why they refuse it goes to the log: the rules say it in English).
fn rules_game(view: &GameView) -> Result<Game, String> {
    let start = Position::start(view.variant.variant()).with_vela(view.vela.map(Side::from));
    let mut game = Game::new(start);
    for text in &view.turns {
        if let Err(e) = game.play_notation(text) {
            warn!("online game {}, turn {text}: {e}", view.id);
            return Err(text.clone());
        }
    }
    Ok(game)
}

/// Everything that follows a message from the server.
#[derive(SystemParam)]
struct Context<'w> {
    current: ResMut<'w, OnlineMatch>,
    board: BoardKeeper<'w>,
    announce: Announce<'w>,
    notices: ResMut<'w, Notices>,
    outgoing: MessageWriter<'w, ToServer>,
    state: Res<'w, State<AppState>>,
    next: ResMut<'w, NextState<AppState>>,
    call: ResMut<'w, TournamentCall>,
    say: MessageWriter<'w, Say>,
}

impl Context<'_> {
    /// Whether a game coming to the board would take the player away from another: a game, lesson, puzzle, review
    /// or analysis on the board, or an online game of theirs not over. The menu, the lobby and a finished or
    /// watched game hold nothing of theirs.
    fn busy(&self) -> bool {
        match **self.state {
            AppState::Menu | AppState::Lobby => false,
            AppState::Online => self.current.0.as_ref().is_some_and(|g| g.me.is_some() && g.result.is_none()),
            _ => true,
        }
    }

    /// A game of the player's that began on the server without being asked for: to the board, unless it is a
    /// tournament's and the player is busy with another game; then they are asked (`tournaments::Call`).
    fn arrive(&mut self, view: &GameView, color: Option<Color>) {
        let on_board = self.current.0.as_ref().is_some_and(|g| g.id == view.id);
        match color {
            Some(me) if view.tournament.is_some() && !on_board && self.busy() => {
                let again = self.call.0.as_ref().filter(|c| c.game.id == view.id);
                // A new connection asks again only if the player had not answered.
                let put_off = again.is_some_and(|c| c.put_off);
                if again.is_none() {
                    info!("tournament game {} waits for the player's word", view.id);
                    self.say.write(Say(text!("say-tournament-call", name = view.player(!me).name.clone())));
                }
                let mut call = Call::new(view.clone(), me);
                call.put_off = put_off;
                self.call.0 = Some(call);
            }
            Some(me) if view.tournament.is_some() && !on_board => {
                let (name, seconds) = (view.player(!me).name.clone(), seconds_left(view.clocks.stopped_ms));
                self.say.write(Say(text!("say-tournament-game", name = name, seconds = seconds)));
                self.adopt(view, color);
            }
            _ => self.adopt(view, color),
        }
    }

    /// Puts a game on the board (the player's, or one watched: `color` none), or brings the one there up to date.
    fn adopt(&mut self, view: &GameView, color: Option<Color>) {
        let local: Vec<String> = self.board.session().game().turns().iter().map(ToString::to_string).collect();
        let same_game = self.current.0.as_ref().is_some_and(|g| g.id == view.id && g.result.is_none() && !g.refused);
        // A turn of the player's that the server has not had yet (it waits for the connection) stays on the board.
        if same_game && local.starts_with(&view.turns) && local.len() <= view.turns.len() + 1 {
            if let Some(game) = &mut self.current.0 {
                game.set_clocks(view.clocks);
                game.draw_offer = view.draw_offer;
            }
            return;
        }
        self.show(view, color, None);
    }

    /// Puts a finished game of the player's on the board, as it ended.
    fn replay(&mut self, finished: &FinishedGame, me: &PlayerView) {
        let view = &finished.game;
        self.show(view, color_of(view, me), Some(finished));
    }

    /// Puts `view` on the board with the player on side `color` (none: watching), over if `end` says how it ended.
    fn show(&mut self, view: &GameView, color: Option<Color>, end: Option<&FinishedGame>) {
        match rules_game(view) {
            Ok(game) => {
                let mut players = [PlayerKind::Online; 2];
                if let Some(color) = color {
                    players[Side::from(color).index()] = PlayerKind::Human;
                }
                // An online game is never autosaved: the server keeps it.
                self.board.put(Session::from_game(game, players), BoardUse::Online { over: end.is_some() });
                let mut online = OnlineGame::new(view, color);
                if let Some(end) = end {
                    online.result = Some(end.result);
                    online.ratings = end.ratings;
                }
                self.current.0 = Some(online);
                (*self.next).set_if_neq(AppState::Online);
                info!(
                    "online game {} as {}: {} turns",
                    view.id,
                    color.map_or("spectator", Color::name),
                    view.turns.len()
                );
            }
            Err(turn) => self.notices.problem(text!("online-game-not-shown", turn = turn)),
        }
    }

    /// Asks the server for the game as it stands: the board here has gone out of step with it.
    fn resync(&mut self, id: &str) {
        self.outgoing.write(ToServer(ClientMessage::Watch { game: id.to_owned() }));
    }

    /// A game as the server has it: the game on the board brought up to date; a live game of the player's that began
    /// by itself, or one asked to watch, put on the board; a correspondence game of the player's only when they
    /// accepted it (or their challenge was accepted while they were in the lobby).
    fn game_state(&mut self, game: &GameView, request: Option<&ClientMessage>, me: Option<&PlayerView>) {
        let color = me.and_then(|me| color_of(game, me));
        let on_board = self.current.0.as_ref().is_some_and(|g| g.id == game.id);
        let show = match (color, request) {
            _ if on_board => true,
            // A game that began by itself (a tournament's pairing, an accepted challenge).
            (Some(_), None) if !game.time.is_correspondence() => {
                self.arrive(game, color);
                false
            }
            // A game watched, as asked.
            (None, Some(ClientMessage::Watch { game: id })) => *id == game.id,
            (None, _) => false,
            // A correspondence game of the player's comes to the board when they accepted it, or when their
            // challenge is accepted while they are in the lobby; else it waits in their list.
            (Some(_), _) if game.time.is_correspondence() => {
                matches!(request, Some(ClientMessage::AcceptChallenge { .. }))
                    || (request.is_none() && game.turns.is_empty() && **self.state == AppState::Lobby)
            }
            (Some(_), _) => true,
        };
        if show {
            self.adopt(game, color);
        }
    }

    /// A turn of the game on the board: played here when it is the next one, taken from the server again when the
    /// board here has missed one or cannot read it.
    fn played(&mut self, game: &str, ply: u32, turn: &str, clocks: Clocks) {
        let Some(current) = self.current.0.as_mut().filter(|g| g.id == *game) else { return };
        current.set_clocks(clocks);
        current.draw_offer = None;
        let have = self.board.session().game().turns().len();
        match (ply as usize).cmp(&(have + 1)) {
            // The player's own turn, coming back.
            std::cmp::Ordering::Less => {}
            std::cmp::Ordering::Equal => match self.board.session().position().parse_turn(turn) {
                Ok(turn) => self.announce.whole_turn(self.board.session_mut(), turn),
                Err(e) => {
                    warn!("turn {ply} {turn} from the server: {e}");
                    self.resync(game);
                }
            },
            std::cmp::Ordering::Greater => self.resync(game),
        }
    }

    fn handle(&mut self, message: &ServerMessage, request: Option<&ClientMessage>, me: Option<&PlayerView>) {
        match message {
            ServerMessage::Welcome { games, player, .. } => {
                // The game on the board comes up to date; else a live game in progress is resumed (correspondence
                // games wait in their list).
                let on_board = |g: &&GameView| self.current.0.as_ref().is_some_and(|c| c.id == g.id);
                let live = |g: &&GameView| !g.time.is_correspondence();
                if let Some(view) = games.iter().find(on_board).or_else(|| games.iter().find(live)) {
                    self.arrive(view, color_of(view, player));
                } else if let Some(watched) = self.current.0.as_ref().filter(|g| g.me.is_none() && g.result.is_none()) {
                    // A new connection watches nothing: watch the game on the board again.
                    let id = watched.id.clone();
                    self.resync(&id);
                }
            }
            ServerMessage::GameState { game } => self.game_state(game, request, me),
            ServerMessage::Played { game, ply, turn, clocks, .. } => self.played(game, *ply, turn, *clocks),
            ServerMessage::DrawOffered { game, by } => {
                let Some(current) = self.current.0.as_mut().filter(|g| g.id == *game) else { return };
                current.draw_offer = Some(*by);
                if current.me.is_some_and(|me| me != *by) {
                    let name = current.player(*by).name.clone();
                    self.notices.say(text!("online-draw-offered", name = name));
                }
            }
            ServerMessage::Grace { game, color, clocks } => {
                let Some(current) = self.current.0.as_mut().filter(|g| g.id == *game) else { return };
                current.set_clocks(*clocks);
                let name = current.player(*color).name.clone();
                self.notices.say(text!("online-grace", name = name));
            }
            // A player's vacation began or ended.
            ServerMessage::Clocks { game, clocks } => {
                let Some(current) = self.current.0.as_mut().filter(|g| g.id == *game) else { return };
                current.set_clocks(*clocks);
            }
            ServerMessage::GameOver { game, result, clocks, ratings } => {
                let Some(current) = self.current.0.as_mut().filter(|g| g.id == *game) else { return };
                current.set_clocks(*clocks);
                current.result = Some(*result);
                current.ratings = *ratings;
                current.draw_offer = None;
                let session = self.board.session_mut();
                session.reset_turn();
                session.set_use(BoardUse::Online { over: true });
                info!("online game over: {result:?}");
            }
            ServerMessage::Error { code, message } => {
                // The server's own words are English: the log has them, the player the code's.
                info!("the server refused: {message}");
                self.notices.problem(refusal(*code));
                // A refused turn means the board here is not the server's: take the server's.
                if let Some(ClientMessage::Play { game, .. }) = request
                    && let Some(current) = self.current.0.as_mut().filter(|g| g.id == *game)
                {
                    current.refused = true;
                    self.resync(game);
                }
            }
            _ => {}
        }
    }
}

fn game_messages(
    mut received: MessageReader<FromServer>,
    mut commands: MessageReader<OnlineCommand>,
    mut shown: MessageReader<ShowGame>,
    link: Res<Link>,
    mut context: Context,
) {
    for FromServer { message, request } in received.read() {
        context.handle(message, request.as_ref(), link.me());
    }
    for command in commands.read() {
        if let (OnlineCommand::Replay(finished), Some(me)) = (command, link.me()) {
            context.replay(finished, me);
        }
    }
    for ShowGame { view, me } in shown.read() {
        context.show(view, *me, None);
    }
}

fn play_commands(
    mut commands: MessageReader<OnlineCommand>,
    mut game_commands: MessageReader<GameCommand>,
    session: Res<Session>,
    mut current: ResMut<OnlineMatch>,
    mut pending: ResMut<PendingConfirmation>,
    mut outgoing: MessageWriter<ToServer>,
    mut next: ResMut<NextState<AppState>>,
) {
    // The board's use says whose game commands are (`game::commands::applies` leaves these to this one).
    let online = session.board_use().online();
    let playing = |g: &&OnlineGame| g.result.is_none() && g.me.is_some();
    let mine = current.0.as_ref().filter(playing).map(|g| g.id.clone());
    // Resign from its key asks like the button, and the question's answer comes as a game command; the other game
    // commands mean nothing in an online game.
    for command in game_commands.read().filter(|_| online) {
        match command {
            GameCommand::Resign if mine.is_some() => pending.0 = Some(Question::Resign),
            GameCommand::Confirm if pending.0 == Some(Question::Resign) => {
                pending.0 = None;
                if let Some(game) = mine.clone() {
                    outgoing.write(ToServer(ClientMessage::Resign { game }));
                }
            }
            GameCommand::Decline => pending.0 = None,
            _ => {}
        }
    }
    for command in commands.read().cloned() {
        if command == OnlineCommand::Leave {
            match current.0.as_ref() {
                // A game watched is left whenever the spectator likes, and a correspondence game (it waits in the
                // player's list); the player's own live game only once it is over.
                Some(game) if game.me.is_none() && game.result.is_none() => {
                    outgoing.write(ToServer(ClientMessage::Unwatch { game: game.id.clone() }));
                }
                Some(game) if game.result.is_none() && !game.settings.time.is_correspondence() => continue,
                _ => {}
            }
            current.0 = None;
            (*next).set_if_neq(AppState::Lobby);
            continue;
        }
        if let OnlineCommand::Watch(game) = command {
            outgoing.write(ToServer(ClientMessage::Watch { game }));
            continue;
        }
        let Some(game) = mine.clone() else { continue };
        let message = match command {
            // Resigning loses the game: the player is asked first, and a yes sends it (above).
            OnlineCommand::Resign => {
                pending.0 = Some(Question::Resign);
                continue;
            }
            OnlineCommand::OfferDraw => ClientMessage::OfferDraw { game },
            OnlineCommand::AcceptDraw => ClientMessage::AcceptDraw { game },
            OnlineCommand::Abort => ClientMessage::Abort { game },
            _ => continue,
        };
        outgoing.write(ToServer(message));
    }
}

/// Sends the player's turns to the server, numbered as the server counts them.
fn send_own_turns(
    mut committed: MessageReader<TurnCommitted>,
    current: Res<OnlineMatch>,
    session: Res<Session>,
    mut outgoing: MessageWriter<ToServer>,
) {
    let turns: Vec<TurnCommitted> = committed.read().copied().collect();
    // A correspondence game's turns are kept on the device until the server has them (`correspondence`).
    let live = |g: &&OnlineGame| g.result.is_none() && !g.settings.time.is_correspondence();
    let Some(game) = current.0.as_ref().filter(live) else { return };
    for TurnCommitted { turn, ply } in turns {
        let mover = session.game().positions()[ply - 1].side_to_move();
        if Some(Color::from(mover)) == game.me {
            let ply = u32::try_from(ply).unwrap_or(u32::MAX);
            outgoing.write(ToServer(ClientMessage::Play { game: game.id.clone(), ply, turn: turn.to_string() }));
        }
    }
}

/// Below this much time on the player's running clock, each second ticks (with the sound on).
pub const TICKING_MS: i64 = 10_000;

/// The time left on the player's own clock while it runs, in milliseconds.
fn my_running_clock(current: &OnlineMatch) -> Option<i64> {
    current.0.as_ref().and_then(|g| Some(g.clock_ms(g.me.filter(|me| g.running() == Some(*me))?)))
}

/// A tick for each whole second the player's running clock passes in its last [`TICKING_MS`].
fn tick_last_seconds(
    current: Res<OnlineMatch>,
    settings: Res<Settings>,
    mut last: Local<Option<i64>>,
    mut cues: MessageWriter<SoundCue>,
) {
    let running = my_running_clock(&current);
    // Whole seconds still to go, counted up: 9 s left and a bit is the tenth second from the end.
    let second = running.filter(|ms| *ms < TICKING_MS).map(|ms| ms / 1000);
    if second.is_some() && second != *last && settings.sound {
        cues.write(SoundCue::Tick);
    }
    *last = second;
}

/// The times left at which the player is told, in words, how little is left on their running clock.
const WARNINGS_MS: [i64; 3] = [60_000, 30_000, 10_000];

/// Says when the player's clock passes one of [`WARNINGS_MS`] (only passing it: a clock that starts below one says
/// nothing of it). The clock passes a mark while it runs, or between two runs, when the player's own turn brings it
/// back below the mark: the last time seen running is kept.
fn say_clock_warnings(current: Res<OnlineMatch>, mut last: Local<Option<i64>>, mut say: MessageWriter<Say>) {
    let Some(now) = my_running_clock(&current) else { return };
    if let Some(before) = *last
        && let Some(&warning) = WARNINGS_MS.iter().rev().find(|&&w| before > w && now < w)
    {
        say.write(Say(text!("say-clock", seconds = warning / 1000)));
    }
    *last = Some(now);
}
