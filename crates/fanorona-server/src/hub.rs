//! The heart of the server: players' connections, the lobby and the games in progress, with their clocks. Every
//! change is written to the database before anyone hears of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use fanorona_rules::{Game, Side};
use tokio::sync::{Notify, mpsc};

use crate::clock::Clock;
use crate::db::{ChallengeRecord, Db, DbError, EndRecord, PlayerRecord, StoredGame, TurnRecord};
use crate::protocol::{
    ChallengeView, ClientMessage, Clocks, Color, EndReason, Envelope, ErrorCode, GameResult, GameVariant, GameView,
    PROTOCOL_VERSION, PlayerView, RatingChanges, ServerMessage, TimeControl,
};
use crate::rating::Rating;
use crate::secret::{self, RandomError};

/// How many messages may wait for a slow connection before it is dropped (its client then reconnects and resumes).
pub const SESSION_QUEUE: usize = 256;

/// A refused message: what the client hears in an `error`; nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    /// For programs.
    pub code: ErrorCode,
    /// For people.
    pub message: String,
}

impl Refusal {
    /// A refusal with its code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into() }
    }
}

impl From<DbError> for Refusal {
    fn from(error: DbError) -> Refusal {
        tracing::error!("{error}");
        Refusal::new(ErrorCode::Internal, "the server could not store that; please try again")
    }
}

impl From<RandomError> for Refusal {
    fn from(error: RandomError) -> Refusal {
        tracing::error!("{error}");
        Refusal::new(ErrorCode::Internal, "the server could not do that; please try again")
    }
}

/// One connection of a player, as the hub reaches it.
#[derive(Clone, Debug)]
pub struct Session {
    /// The connection's number, unique in this process.
    pub connection: u64,
    /// Where its outgoing messages (JSON text) go.
    pub sender: mpsc::Sender<String>,
    /// Told when the connection falls too far behind, to close it.
    pub kicked: Arc<Notify>,
}

/// A game in progress: who plays it (readable without waiting for the game's lock) and its state.
#[derive(Debug)]
struct Slot {
    players: [String; 2],
    live: tokio::sync::Mutex<LiveGame>,
}

impl Slot {
    fn new(live: LiveGame) -> Arc<Slot> {
        Arc::new(Slot { players: live.player_ids(), live: tokio::sync::Mutex::new(live) })
    }
}

/// The state of a game in progress.
#[derive(Debug)]
struct LiveGame {
    settings: ChallengeRecord,
    /// White's and black's records as of the start of the game.
    players: [PlayerRecord; 2],
    game: Game,
    /// The time each side had left at `since`; the side to move has used `now - since` of its own since then.
    clocks: [i64; 2],
    since: i64,
    draw_offer: Option<Side>,
    /// The connections watching the game (not its players'), dropped when they close.
    watchers: Vec<Session>,
    /// Set once the end is stored: a request that waited for the lock meanwhile must find the game over.
    over: bool,
}

impl LiveGame {
    fn from_stored(stored: StoredGame) -> Result<LiveGame, String> {
        let mut game = Game::of_variant(stored.settings.variant.variant());
        for (ply, turn) in stored.turns.iter().enumerate() {
            game.play_notation(turn).map_err(|e| format!("turn {} ({turn}): {e}", ply + 1))?;
        }
        if let Some(outcome) = game.outcome() {
            return Err(format!("it is over on the board ({outcome}) but stored as in progress"));
        }
        Ok(LiveGame {
            settings: stored.settings,
            players: [stored.white, stored.black],
            game,
            clocks: stored.clocks,
            since: stored.since,
            draw_offer: None,
            watchers: Vec::new(),
            over: false,
        })
    }

    fn id(&self) -> &str {
        &self.settings.id
    }

    /// White's and black's ids.
    fn player_ids(&self) -> [String; 2] {
        self.players.clone().map(|p| p.id)
    }

    fn to_move(&self) -> Side {
        self.game.position().side_to_move()
    }

    /// The number of the next turn, from 1.
    fn next_ply(&self) -> u32 {
        u32::try_from(self.game.turns().len() + 1).unwrap_or(u32::MAX)
    }

    /// Both clocks as of `now`: the side to move has used the time since its clock started.
    fn clocks_at(&self, now: i64) -> [i64; 2] {
        let mut clocks = self.clocks;
        if !self.over {
            let mover = &mut clocks[self.to_move().index()];
            *mover = (*mover - (now - self.since).max(0)).max(0);
        }
        clocks
    }

    fn clocks_view(&self, now: i64) -> Clocks {
        let [white_ms, black_ms] = self.clocks_at(now);
        Clocks { white_ms, black_ms, running: (!self.over).then(|| self.to_move().into()) }
    }

    fn view(&self, now: i64) -> GameView {
        let [white, black] = self.players.clone().map(player_view);
        GameView {
            id: self.id().to_owned(),
            white,
            black,
            variant: self.settings.variant,
            rated: self.settings.rated,
            time: self.settings.time,
            turns: self.game.turns().iter().map(ToString::to_string).collect(),
            position: self.game.position().to_string(),
            to_move: self.to_move().into(),
            clocks: self.clocks_view(now),
            draw_offer: self.draw_offer.map(Color::from),
        }
    }

    fn end_record(&self, result: GameResult, now: i64) -> EndRecord<'_> {
        let rated = self.settings.rated && result.reason != EndReason::Aborted;
        EndRecord {
            game: self.id(),
            result,
            clocks: self.clocks_at(now),
            at: now,
            rated: rated.then(|| (self.players[0].id.as_str(), self.players[1].id.as_str())),
        }
    }
}

fn player_view(player: PlayerRecord) -> PlayerView {
    PlayerView { id: player.id, name: player.name, rating: player.rating.rating, deviation: player.rating.deviation }
}

fn challenge_view(challenge: ChallengeRecord) -> ChallengeView {
    ChallengeView {
        id: challenge.id,
        by: player_view(challenge.creator),
        variant: challenge.variant,
        rated: challenge.rated,
        time: challenge.time,
    }
}

/// Checks a display name: 3 to 20 ASCII letters, digits, `_` or `-` (ASCII only, so that no two names look alike).
fn check_name(name: &str) -> Result<(), Refusal> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if (3..=20).contains(&name.len()) && name.chars().all(allowed) {
        Ok(())
    } else {
        Err(Refusal::new(ErrorCode::BadName, "a name is 3 to 20 letters, digits, _ or -"))
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // The maps stay consistent whatever panicked while holding them (each change is one insert or remove).
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Who sent a message: the player a connection said `hello` as, and the connection.
#[derive(Clone, Debug)]
pub struct Caller {
    /// The player's id.
    pub player: String,
    /// The connection's number.
    pub connection: u64,
}

/// The lobby, the games in progress and the connected players of one server process.
#[derive(Debug)]
pub struct Hub {
    db: Db,
    clock: Arc<dyn Clock>,
    games: Mutex<HashMap<String, Arc<Slot>>>,
    /// The connections of each player, by player id.
    sessions: Mutex<HashMap<String, Vec<Session>>>,
}

impl Hub {
    /// A hub on `db` that takes up every game in progress stored there (a game that cannot be replayed is logged and
    /// left as it is).
    pub async fn load(db: Db, clock: Arc<dyn Clock>) -> Result<Hub, DbError> {
        let mut games = HashMap::new();
        for stored in db.games_in_progress().await? {
            let id = stored.settings.id.clone();
            match LiveGame::from_stored(stored) {
                Ok(live) => {
                    games.insert(id, Slot::new(live));
                }
                Err(error) => tracing::error!("game {id} not resumed: {error}"),
            }
        }
        tracing::info!("{} games in progress resumed", games.len());
        Ok(Hub { db, clock, games: Mutex::new(games), sessions: Mutex::new(HashMap::new()) })
    }

    /// Answers a `hello`: finds the player of `token`, or creates a guest named `name` (or a generated name). The
    /// session then receives the player's game events.
    pub async fn hello(
        &self,
        session: Session,
        protocol: u32,
        token: Option<String>,
        name: Option<String>,
    ) -> Result<(PlayerRecord, ServerMessage), Refusal> {
        if protocol != PROTOCOL_VERSION {
            let message = format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}");
            return Err(Refusal::new(ErrorCode::UnsupportedProtocol, message));
        }
        let (player, token) = match token {
            Some(token) => {
                let player = self.db.player_by_token(&secret::token_hash(&token)).await?;
                (player.ok_or_else(|| Refusal::new(ErrorCode::BadToken, "no player has this token"))?, None)
            }
            None => {
                let token = secret::new_token()?;
                (self.create_guest(name, &token).await?, Some(token))
            }
        };
        // Registered before the games are read: a turn played meanwhile then reaches this connection as an event
        // (a client skips a `played` whose ply its game already has) instead of being missed.
        lock(&self.sessions).entry(player.id.clone()).or_default().push(session);
        let games = self.games_of(&player.id).await;
        let welcome =
            ServerMessage::Welcome { protocol: PROTOCOL_VERSION, player: player_view(player.clone()), token, games };
        Ok((player, welcome))
    }

    async fn create_guest(&self, name: Option<String>, token: &str) -> Result<PlayerRecord, Refusal> {
        let hash = secret::token_hash(token);
        let now = self.clock.now_ms();
        if let Some(name) = name {
            check_name(&name)?;
            let player = PlayerRecord { id: secret::new_id()?, name, rating: Rating::new_player() };
            return match self.db.create_player(&player, &hash, now).await {
                Ok(()) => Ok(player),
                Err(DbError::Duplicate) => Err(Refusal::new(ErrorCode::NameTaken, "another player has that name")),
                Err(error) => Err(error.into()),
            };
        }
        // A generated name may already exist; a few tries among a million names make a clash vanishingly rare.
        for _ in 0..5 {
            let name = format!("guest-{:06}", secret::below(1_000_000)?);
            let player = PlayerRecord { id: secret::new_id()?, name, rating: Rating::new_player() };
            match self.db.create_player(&player, &hash, now).await {
                Ok(()) => return Ok(player),
                Err(DbError::Duplicate) => continue,
                Err(error) => return Err(error.into()),
            }
        }
        Err(Refusal::new(ErrorCode::Internal, "no free guest name was found; please choose a name"))
    }

    /// Forgets a connection that closed.
    pub fn disconnect(&self, player: &str, connection: u64) {
        let mut sessions = lock(&self.sessions);
        if let Some(list) = sessions.get_mut(player) {
            list.retain(|s| s.connection != connection);
            if list.is_empty() {
                sessions.remove(player);
            }
        }
    }

    /// Carries out a message of a player who said hello; returns the replies to the caller (the first answers the
    /// message). Whatever is refused changes nothing.
    pub async fn handle(&self, caller: &Caller, message: ClientMessage) -> Result<Vec<ServerMessage>, Refusal> {
        let reply = match message {
            ClientMessage::Hello { .. } => {
                return Err(Refusal::new(ErrorCode::AlreadyGreeted, "this connection already said hello"));
            }
            ClientMessage::ListChallenges => {
                let challenges = self.db.open_challenges().await?.into_iter().map(challenge_view).collect();
                ServerMessage::Challenges { challenges }
            }
            ClientMessage::CreateChallenge { variant, rated, time } => {
                self.create_challenge(caller, variant, rated, time).await?
            }
            ClientMessage::CancelChallenge { challenge } => self.cancel_challenge(caller, challenge).await?,
            ClientMessage::AcceptChallenge { challenge } => self.accept_challenge(caller, &challenge).await?,
            ClientMessage::Play { game, ply, turn } => return self.play(caller, &game, ply, &turn).await,
            ClientMessage::Resign { game } => {
                self.end_by_player(caller, &game, |_, side| Ok(GameResult::win(!side, EndReason::Resignation))).await?
            }
            ClientMessage::Watch { game } => self.watch(caller, &game).await?,
            ClientMessage::OfferDraw { game } => self.offer_draw(caller, &game).await?,
            ClientMessage::AcceptDraw { game } => {
                self.end_by_player(caller, &game, |live, side| match live.draw_offer {
                    Some(by) if by != side => Ok(GameResult::no_winner(EndReason::Agreement)),
                    _ => Err(Refusal::new(ErrorCode::NoDrawOffer, "your opponent has not offered a draw")),
                })
                .await?
            }
            ClientMessage::Abort { game } => {
                self.end_by_player(caller, &game, |live, _| {
                    if live.game.turns().len() < 2 {
                        Ok(GameResult::no_winner(EndReason::Aborted))
                    } else {
                        Err(Refusal::new(ErrorCode::TooLateToAbort, "both sides have played: resign or offer a draw"))
                    }
                })
                .await?
            }
        };
        Ok(vec![reply])
    }

    async fn create_challenge(
        &self,
        caller: &Caller,
        variant: GameVariant,
        rated: bool,
        time: TimeControl,
    ) -> Result<ServerMessage, Refusal> {
        if rated && variant != GameVariant::Tsivy {
            return Err(Refusal::new(ErrorCode::UnratedVariant, "only standard tsivy is rated"));
        }
        let creator = self.current(caller).await?;
        let challenge = ChallengeRecord { id: secret::new_id()?, creator, variant, rated, time };
        self.db.create_challenge(&challenge, time.initial_ms(), self.clock.now_ms()).await?;
        Ok(ServerMessage::ChallengeCreated { challenge: challenge_view(challenge) })
    }

    async fn cancel_challenge(&self, caller: &Caller, challenge: String) -> Result<ServerMessage, Refusal> {
        if self.db.cancel_challenge(&challenge, &caller.player).await? {
            Ok(ServerMessage::ChallengeCancelled { challenge })
        } else if self.db.open_challenge(&challenge).await?.is_some() {
            Err(Refusal::new(ErrorCode::NotYourGame, "that challenge is someone else's"))
        } else {
            Err(not_found(&challenge))
        }
    }

    async fn accept_challenge(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let challenge = self.db.open_challenge(id).await?.ok_or_else(|| not_found(id))?;
        if challenge.creator.id == caller.player {
            return Err(Refusal::new(ErrorCode::OwnChallenge, "you cannot accept your own challenge"));
        }
        let mut players = [challenge.creator.clone(), self.current(caller).await?];
        if secret::below(2)? == 1 {
            players.reverse();
        }
        let now = self.clock.now_ms();
        if !self.db.start_game(id, &players[0].id, &players[1].id, now).await? {
            return Err(not_found(id));
        }
        let initial = challenge.time.initial_ms();
        let mut live = LiveGame {
            game: Game::of_variant(challenge.variant.variant()),
            settings: challenge,
            players,
            clocks: [initial; 2],
            since: now,
            draw_offer: None,
            watchers: Vec::new(),
            over: false,
        };
        let message = ServerMessage::GameState { game: live.view(now) };
        self.notify(&mut live, Some(caller.connection), &message);
        lock(&self.games).insert(id.to_owned(), Slot::new(live));
        Ok(message)
    }

    /// The game as it stands; a spectator then gets its events until it ends (its players get them anyway).
    async fn watch(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let slot = lock(&self.games).get(id).cloned().ok_or_else(|| not_found(id))?;
        let mut live = slot.live.lock().await;
        if live.over {
            return Err(not_found(id));
        }
        let watching = live.watchers.iter().any(|s| s.connection == caller.connection);
        if !slot.players.contains(&caller.player) && !watching {
            live.watchers.extend(self.session_of(caller));
        }
        Ok(ServerMessage::GameState { game: live.view(self.clock.now_ms()) })
    }

    /// The caller as stored now (the rating may have changed since its `hello`).
    async fn current(&self, caller: &Caller) -> Result<PlayerRecord, Refusal> {
        let player = self.db.player(&caller.player).await?;
        // Players are never deleted; a missing one means the database was changed under the server.
        player.ok_or_else(|| DbError::Corrupt(format!("player {} vanished", caller.player)).into())
    }

    /// The game `id` in progress and the caller's side in it.
    fn slot(&self, caller: &Caller, id: &str) -> Result<(Arc<Slot>, Side), Refusal> {
        let slot = lock(&self.games).get(id).cloned().ok_or_else(|| not_found(id))?;
        let side = match slot.players.iter().position(|p| *p == caller.player) {
            Some(0) => Side::White,
            Some(_) => Side::Black,
            None => return Err(Refusal::new(ErrorCode::NotYourGame, "that game is someone else's")),
        };
        Ok((slot, side))
    }

    /// Ends the game by flag fall if the side to move has no time left (and says so to both players).
    async fn settle_flag(&self, live: &mut LiveGame, now: i64) -> Result<(), Refusal> {
        if live.over {
            return Err(Refusal::new(ErrorCode::GameOver, "that game is over"));
        }
        let mover = live.to_move();
        if live.clocks_at(now)[mover.index()] > 0 {
            return Ok(());
        }
        // Flag fall loses: while a game runs the opponent always has a piece, and one piece can still win.
        self.conclude(live, GameResult::win(!mover, EndReason::Timeout), now, None).await?;
        Err(Refusal::new(ErrorCode::GameOver, format!("{mover}'s time ran out")))
    }

    /// Stores the end of a game, tells both players (but the connection `except`, which gets the returned message as
    /// its reply) and forgets the game.
    async fn conclude(
        &self,
        live: &mut LiveGame,
        result: GameResult,
        now: i64,
        except: Option<u64>,
    ) -> Result<ServerMessage, Refusal> {
        let ratings = self.db.end_game(&live.end_record(result, now)).await?;
        Ok(self.announce_end(live, result, ratings, now, except))
    }

    /// Marks a game whose end is stored as over, forgets it and tells both players.
    fn announce_end(
        &self,
        live: &mut LiveGame,
        result: GameResult,
        ratings: Option<RatingChanges>,
        now: i64,
        except: Option<u64>,
    ) -> ServerMessage {
        live.clocks = live.clocks_at(now);
        live.over = true;
        lock(&self.games).remove(live.id());
        let message =
            ServerMessage::GameOver { game: live.id().to_owned(), result, clocks: live.clocks_view(now), ratings };
        self.notify(live, except, &message);
        message
    }

    async fn play(&self, caller: &Caller, id: &str, ply: u32, text: &str) -> Result<Vec<ServerMessage>, Refusal> {
        let (slot, side) = self.slot(caller, id)?;
        let mut live = slot.live.lock().await;
        let now = self.clock.now_ms();
        self.settle_flag(&mut live, now).await?;
        if live.to_move() != side {
            return Err(Refusal::new(ErrorCode::NotYourTurn, "it is your opponent's turn"));
        }
        if ply != live.next_ply() {
            let message = format!("this is turn {} of the game, not {ply}", live.next_ply());
            return Err(Refusal::new(ErrorCode::WrongPly, message));
        }
        let mut game = live.game.clone();
        let turn = game.play_notation(text).map_err(|e| Refusal::new(ErrorCode::IllegalTurn, e.to_string()))?;
        let mut clocks = live.clocks_at(now);
        clocks[side.index()] += live.settings.time.increment_ms();
        let notation = turn.to_string();
        let record = TurnRecord { game: id, ply, notation: &notation, clocks, at: now };
        let result = game.outcome().map(GameResult::from);
        let end = result.map(|result| EndRecord { clocks, ..live.end_record(result, now) });
        let ratings = self.db.store_turn(&record, end.as_ref()).await?;
        // Stored: now the turn counts. A standing draw offer of the opponent is declined by playing on.
        live.game = game;
        live.clocks = clocks;
        live.since = now;
        if live.draw_offer == Some(!side) {
            live.draw_offer = None;
        }
        let played = ServerMessage::Played {
            game: id.to_owned(),
            ply,
            turn: notation,
            clocks: live.clocks_view(now),
            position: live.game.position().to_string(),
        };
        self.notify(&mut live, Some(caller.connection), &played);
        let mut replies = vec![played];
        if let Some(result) = result {
            replies.push(self.announce_end(&mut live, result, ratings, now, Some(caller.connection)));
        }
        Ok(replies)
    }

    async fn offer_draw(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let (slot, side) = self.slot(caller, id)?;
        let mut live = slot.live.lock().await;
        let now = self.clock.now_ms();
        self.settle_flag(&mut live, now).await?;
        if live.draw_offer == Some(!side) {
            // Two players who both offer a draw agree on it.
            return self
                .conclude(&mut live, GameResult::no_winner(EndReason::Agreement), now, Some(caller.connection))
                .await;
        }
        live.draw_offer = Some(side);
        let message = ServerMessage::DrawOffered { game: id.to_owned(), by: side.into() };
        self.notify(&mut live, Some(caller.connection), &message);
        Ok(message)
    }

    /// Ends a game on a player's word (resign, accept a draw, abort): `decide` gives the result from the game and the
    /// caller's side, or refuses.
    async fn end_by_player(
        &self,
        caller: &Caller,
        id: &str,
        decide: impl FnOnce(&LiveGame, Side) -> Result<GameResult, Refusal>,
    ) -> Result<ServerMessage, Refusal> {
        let (slot, side) = self.slot(caller, id)?;
        let mut live = slot.live.lock().await;
        let now = self.clock.now_ms();
        self.settle_flag(&mut live, now).await?;
        let result = decide(&live, side)?;
        self.conclude(&mut live, result, now, Some(caller.connection)).await
    }

    /// Ends every game whose side to move has run out of time. The server calls it a few times a second.
    pub async fn check_clocks(&self) {
        let slots: Vec<Arc<Slot>> = lock(&self.games).values().cloned().collect();
        for slot in slots {
            let mut live = slot.live.lock().await;
            let now = self.clock.now_ms();
            match self.settle_flag(&mut live, now).await {
                Ok(()) => {}
                Err(refusal) if refusal.code == ErrorCode::GameOver => {}
                Err(refusal) => tracing::error!("game {}: flag fall not stored: {refusal}", live.id()),
            }
        }
    }

    /// The player's games in progress.
    async fn games_of(&self, player: &str) -> Vec<GameView> {
        let slots: Vec<Arc<Slot>> =
            lock(&self.games).values().filter(|s| s.players.iter().any(|p| p == player)).cloned().collect();
        let mut views = Vec::with_capacity(slots.len());
        for slot in slots {
            let live = slot.live.lock().await;
            if !live.over {
                views.push(live.view(self.clock.now_ms()));
            }
        }
        views.sort_by(|a, b| a.id.cmp(&b.id));
        views
    }

    /// Sends `message` to every connection of `players` but `except`. A connection too slow to take it is dropped:
    /// its client reconnects and gets the game back with `hello`.
    fn notify(&self, live: &mut LiveGame, except: Option<u64>, message: &ServerMessage) {
        let text = match serde_json::to_string(&Envelope { id: None, message }) {
            Ok(text) => text,
            Err(error) => return tracing::error!("a message could not be written: {error}"),
        };
        let mut sessions = lock(&self.sessions);
        for player in live.player_ids() {
            if let Some(list) = sessions.get_mut(&player) {
                deliver(list, except, &text);
            }
        }
        deliver(&mut live.watchers, except, &text);
    }

    /// The caller's session, to send it a game's events.
    fn session_of(&self, caller: &Caller) -> Option<Session> {
        let sessions = lock(&self.sessions);
        sessions.get(&caller.player)?.iter().find(|s| s.connection == caller.connection).cloned()
    }
}

/// Sends `text` to every session of `list` but `except`, and drops (and kicks) those that cannot take it: too slow,
/// or closed.
fn deliver(list: &mut Vec<Session>, except: Option<u64>, text: &str) {
    list.retain(|session| {
        let kept = Some(session.connection) == except || session.sender.try_send(text.to_owned()).is_ok();
        if !kept {
            session.kicked.notify_one();
        }
        kept
    });
}

fn not_found(id: &str) -> Refusal {
    Refusal::new(ErrorCode::NotFound, format!("no open challenge or game in progress has the id {id:?}"))
}
