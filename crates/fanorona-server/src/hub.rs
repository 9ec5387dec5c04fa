//! The heart of the server: players' connections, the lobby and the games in progress, with their clocks. Every
//! change is written to the database before anyone hears of it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use fanorona_rules::{Game, Position, Side};
use tokio::sync::{Notify, mpsc};

use crate::clock::Clock;
use crate::db::{ChallengeRecord, Db, DbError, EndRecord, PlayerRecord, StoredGame, TurnRecord};
use crate::hashing::HashingPool;
use crate::limits::Limits;
use crate::protocol::{
    ChallengeView, ClientMessage, Clocks, Color, EndReason, Envelope, ErrorCode, FinishedGame, GameResult, GameVariant,
    GameView, MAX_ADDRESSED_CHALLENGES, MAX_LISTED_CHALLENGES, MAX_LISTED_GAMES, MAX_OPEN_CHALLENGES, PROTOCOL_VERSION,
    PlayerView, RatingChanges, ServerMessage, TimeControl,
};
use crate::rating::Rating;
use crate::secret::{self, PasswordError, RandomError};
use crate::throttle::{self, Backoff, GuestQuota, Logins};

/// How many bytes of messages may wait for a slow connection before it is dropped (its client then reconnects and
/// resumes): a client that does not read holds this much of the server's memory at most, whatever it asks for.
pub const MAX_QUEUED_BYTES: usize = 1024 * 1024;

/// What each waiting message counts for besides its text (the queue's bookkeeping and the allocation's), so that a
/// flood of tiny messages is bounded too.
const QUEUED_MESSAGE_OVERHEAD: usize = 64;

/// How wrong passwords for one name slow down its next logins: 5 free, then a wait of 1 s, doubled at each further
/// wrong one, at most a quarter of an hour. A player logged in on their devices keeps playing (a token is no
/// password); only new password logins wait. Addresses back off alike after [`Limits::login_failures_per_address`].
const NAME_BACKOFF: Backoff =
    Backoff { free: 5, first_wait: Duration::from_secs(1), longest_wait: Duration::from_secs(15 * 60) };

/// How long a login (a token) may go unused before it ends: a token found on an old device, or stolen from one,
/// does not work for ever. Each `hello` with it starts the time again.
pub const LOGIN_EXPIRES_AFTER: Duration = Duration::from_secs(180 * 24 * 3600);

/// How often the logins unused for [`LOGIN_EXPIRES_AFTER`] are deleted (those that come back meanwhile are refused
/// anyway).
const LOGIN_PURGE_INTERVAL: Duration = Duration::from_secs(3600);

/// How many times a request is tried on a game that another process sharing the database keeps changing under it
/// (each failed try first catches up with the change). Two are enough unless the game changes again within
/// milliseconds; more would only hide a fault.
const ATTEMPTS: usize = 3;

/// The time a side gets, once a game, when its flag falls while it has no connection to the server: enough to
/// reconnect after a network failure and play a turn, too little to be worth disconnecting on purpose.
pub const DISCONNECT_GRACE: Duration = Duration::from_secs(30);

/// How long after a flag fell a server that does not hold the side's connection waits before giving the grace: a
/// server that holds it (another process sharing the database) ends the game at once, well within this.
pub const AWAY_MARGIN: Duration = Duration::from_secs(2);

/// How long the open challenges of a player with no connection stay in the lobby: a page reload or a dropped
/// connection keeps them, a player who left does not leave a challenge that nobody answers.
pub const CHALLENGE_ABANDONED_AFTER: Duration = Duration::from_secs(60);

/// How often (on the server's clock) the lobby is swept: the challenges of connected players are marked seen and
/// those of players gone for [`CHALLENGE_ABANDONED_AFTER`] dropped, so a challenge goes at most this much later.
pub const LOBBY_SWEEP_INTERVAL: Duration = Duration::from_secs(5);

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

impl From<PasswordError> for Refusal {
    fn from(error: PasswordError) -> Refusal {
        tracing::error!("{error}");
        Refusal::new(ErrorCode::Internal, "the server could not do that; please try again")
    }
}

impl From<RandomError> for Refusal {
    fn from(error: RandomError) -> Refusal {
        tracing::error!("{error}");
        Refusal::new(ErrorCode::Internal, "the server could not do that; please try again")
    }
}

/// The messages (JSON text) waiting to go out on one connection, at most [`MAX_QUEUED_BYTES`] of them.
#[derive(Clone, Debug)]
pub struct Outbox {
    sender: mpsc::UnboundedSender<String>,
    /// The bytes waiting, each message with [`QUEUED_MESSAGE_OVERHEAD`]: added here, taken off by [`Outgoing`].
    queued: Arc<AtomicUsize>,
}

/// The other end of an [`Outbox`]: the connection's writer takes its messages from it.
#[derive(Debug)]
pub struct Outgoing {
    receiver: mpsc::UnboundedReceiver<String>,
    queued: Arc<AtomicUsize>,
}

/// A new, empty outbox and its other end.
pub fn outbox() -> (Outbox, Outgoing) {
    let (sender, receiver) = mpsc::unbounded_channel();
    let queued = Arc::new(AtomicUsize::new(0));
    (Outbox { sender, queued: Arc::clone(&queued) }, Outgoing { receiver, queued })
}

impl Outbox {
    /// Queues `text`; false if the connection is gone, or if the messages waiting would pass [`MAX_QUEUED_BYTES`]
    /// (one message alone always fits: the server's messages are bounded, and a reply must be able to go out).
    pub fn try_send(&self, text: String) -> bool {
        let size = text.len() + QUEUED_MESSAGE_OVERHEAD;
        let before = self.queued.fetch_add(size, Ordering::SeqCst);
        if (before > 0 && before + size > MAX_QUEUED_BYTES) || self.sender.send(text).is_err() {
            self.queued.fetch_sub(size, Ordering::SeqCst);
            return false;
        }
        true
    }
}

impl Outgoing {
    /// The next message to send; none once every [`Outbox`] is gone. The caller calls [`Outgoing::sent`] after
    /// sending it.
    pub async fn recv(&mut self) -> Option<String> {
        self.receiver.recv().await
    }

    /// Takes a message of `size` bytes that went out off the queue's count.
    pub fn sent(&self, size: usize) {
        self.queued.fetch_sub(size + QUEUED_MESSAGE_OVERHEAD, Ordering::SeqCst);
    }
}

/// One connection of a player, as the hub reaches it.
#[derive(Clone, Debug)]
pub struct Session {
    /// The connection's number, unique in this process.
    pub connection: u64,
    /// Where its outgoing messages (JSON text) go.
    pub sender: Outbox,
    /// Told when the connection falls too far behind, or its login ends, to close it.
    pub kicked: Arc<Notify>,
    /// The hash of the token of the login the connection said hello with.
    pub login: String,
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
    /// Which sides had the grace of a dropped connection (white's first).
    grace_used: [bool; 2],
    /// The connections watching the game (not its players'), dropped when they close.
    watchers: Vec<Session>,
    /// Set once the end is stored: a request that waited for the lock meanwhile must find the game over.
    over: bool,
}

impl LiveGame {
    /// A game about to start, or to be replayed from its turns: from the start position of the variant, with the
    /// challenger's side handicapped in a vela game.
    fn new(settings: ChallengeRecord, players: [PlayerRecord; 2], clocks: [i64; 2], since: i64) -> LiveGame {
        let handicapped = vela_side(&settings, &players);
        let game = Game::new(Position::start(settings.variant.variant()).with_vela(handicapped));
        LiveGame {
            settings,
            players,
            game,
            clocks,
            since,
            draw_offer: None,
            grace_used: [false; 2],
            watchers: Vec::new(),
            over: false,
        }
    }

    fn from_stored(stored: StoredGame) -> Result<LiveGame, String> {
        let live = LiveGame::replay(stored)?;
        if let Some(outcome) = live.game.outcome() {
            return Err(format!("it is over on the board ({outcome}) but stored as in progress"));
        }
        Ok(live)
    }

    /// A stored game with its turns played again, whether or not it is over.
    fn replay(stored: StoredGame) -> Result<LiveGame, String> {
        let mut live = LiveGame::new(stored.settings, [stored.white, stored.black], stored.clocks, stored.since);
        live.draw_offer = stored.draw_offer.map(Side::from);
        live.grace_used = stored.grace_used;
        let game = &mut live.game;
        for (ply, turn) in stored.turns.iter().enumerate() {
            let notation = &turn.notation;
            game.play_notation(notation).map_err(|e| format!("turn {} ({notation}): {e}", ply + 1))?;
        }
        Ok(live)
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

    /// The number of turns played.
    fn plies(&self) -> u32 {
        u32::try_from(self.game.turns().len()).unwrap_or(u32::MAX)
    }

    /// The number of the next turn, from 1.
    fn next_ply(&self) -> u32 {
        self.plies().saturating_add(1)
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
            vela: self.game.position().vela().map(Color::from),
            turns: self.game.turns().iter().map(ToString::to_string).collect(),
            position: self.game.position().to_string(),
            to_move: self.to_move().into(),
            clocks: self.clocks_view(now),
            draw_offer: self.draw_offer.map(Color::from),
        }
    }

    fn end_record(&self, result: GameResult, now: i64) -> EndRecord<'_> {
        // A game that ends before each side has played a turn (resigned, lost on time or aborted at once) changes no
        // rating: otherwise two accounts of one person could trade rating points with a resignation each. A game
        // between players who are not both registered is not rated either (one stored by an older server).
        let rated = self.settings.rated
            && result.reason != EndReason::Aborted
            && self.plies() >= 2
            && self.players.iter().all(|p| p.registered);
        EndRecord {
            game: self.id(),
            result,
            clocks: self.clocks_at(now),
            at: now,
            plies: self.plies(),
            rated: rated.then(|| (self.players[0].id.as_str(), self.players[1].id.as_str())),
        }
    }
}

/// The handicapped side of a vela game between `players` (white's first): the challenger's, who offered the
/// handicap.
fn vela_side(settings: &ChallengeRecord, players: &[PlayerRecord; 2]) -> Option<Side> {
    let side = if players[0].id == settings.creator.id { Side::White } else { Side::Black };
    settings.vela.then_some(side)
}

fn player_view(player: PlayerRecord) -> PlayerView {
    PlayerView {
        id: player.id,
        name: player.name,
        rating: player.rating.rating,
        deviation: player.rating.deviation,
        bot: player.bot,
    }
}

/// What a challenge offers: the board, rated or not, the time control, vela.
#[derive(Clone, Copy, Debug)]
struct ChallengeTerms {
    variant: GameVariant,
    rated: bool,
    time: TimeControl,
    vela: bool,
}

fn challenge_view(challenge: ChallengeRecord) -> ChallengeView {
    ChallengeView {
        id: challenge.id,
        by: player_view(challenge.creator),
        variant: challenge.variant,
        rated: challenge.rated,
        time: challenge.time,
        vela: challenge.vela,
        opponent: challenge.opponent,
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

/// What a `hello` says about who the client is.
#[derive(Clone, Debug)]
pub struct Greeting {
    /// The protocol version the client speaks.
    pub protocol: u32,
    /// A returning player's token.
    pub token: Option<String>,
    /// A new guest's wanted name, or a registered player's name (with `password`).
    pub name: Option<String>,
    /// A registered player's password.
    pub password: Option<String>,
    /// Whether a program plays for the player.
    pub bot: bool,
}

/// Who sent a message: the player a connection said `hello` as, and the connection.
#[derive(Clone, Debug)]
pub struct Caller {
    /// The player's id.
    pub player: String,
    /// The connection's number.
    pub connection: u64,
    /// The hash of the token of the connection's login.
    pub login: String,
}

/// The lobby, the games in progress and the connected players of one server process.
#[derive(Debug)]
pub struct Hub {
    db: Db,
    clock: Arc<dyn Clock>,
    games: Mutex<HashMap<String, Arc<Slot>>>,
    /// The connections of each player, by player id.
    sessions: Mutex<HashMap<String, Vec<Session>>>,
    /// The threads that hash and check passwords.
    hashing: HashingPool,
    /// How many passwords were hashed or checked.
    hashes: Arc<AtomicU64>,
    /// The back-off of wrong passwords, by name and by address.
    logins: Arc<Mutex<Logins>>,
    /// The new guests of each address in the last hour.
    guests: Mutex<GuestQuota>,
    /// The games each connection watches, to stop sending it their events when it closes.
    watching: Mutex<HashMap<u64, Vec<String>>>,
    /// When the lobby is next swept ([`Hub::sweep_lobby`]), on the server's clock.
    next_sweep: AtomicI64,
    /// When unused logins are next deleted, on the server's clock.
    next_purge: AtomicI64,
}

impl Hub {
    /// A hub on `db` that takes up every game in progress stored there (a game that cannot be replayed is logged and
    /// left as it is).
    /// `limits` gives what one address may do (new guests, wrong passwords); `hashing` checks the passwords.
    pub(crate) async fn load(
        db: Db,
        clock: Arc<dyn Clock>,
        limits: &Limits,
        hashing: HashingPool,
    ) -> Result<Hub, DbError> {
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
        Ok(Hub {
            db,
            clock,
            games: Mutex::new(games),
            sessions: Mutex::new(HashMap::new()),
            hashing,
            hashes: Arc::new(AtomicU64::new(0)),
            logins: Arc::new(Mutex::new(Logins::new(
                NAME_BACKOFF,
                Backoff { free: limits.login_failures_per_address, ..NAME_BACKOFF },
            ))),
            guests: Mutex::new(GuestQuota::new(limits.guests_per_address_per_hour)),
            watching: Mutex::new(HashMap::new()),
            next_sweep: AtomicI64::new(i64::MIN),
            next_purge: AtomicI64::new(i64::MIN),
        })
    }

    /// Answers a `hello` on the connection numbered `connection` from `address`, whose messages go to `sender`:
    /// finds the player of the token, or logs in the registered player of the name and password, or creates a guest
    /// with the name (or a generated name). The connection then receives the player's game events (and is closed
    /// through `kicked`).
    pub async fn hello(
        &self,
        connection: u64,
        address: IpAddr,
        sender: Outbox,
        kicked: Arc<Notify>,
        greeting: Greeting,
    ) -> Result<(Caller, ServerMessage), Refusal> {
        let Greeting { protocol, token, name, password, bot } = greeting;
        if protocol != PROTOCOL_VERSION {
            let message = format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}");
            return Err(Refusal::new(ErrorCode::UnsupportedProtocol, message));
        }
        let now = self.clock.now_ms();
        let (mut player, login, token) = match (token, password) {
            (Some(token), _) => {
                let login = secret::token_hash(&token);
                let refused = || Refusal::new(ErrorCode::BadToken, "no player is logged in with this token");
                let expired_before = now.saturating_sub(millis(LOGIN_EXPIRES_AFTER));
                (self.db.session_player(&login, now, expired_before).await?.ok_or_else(refused)?, login, None)
            }
            (None, Some(password)) => {
                let player = self.log_in(name.unwrap_or_default(), password, address).await?;
                let token = secret::new_token()?;
                let login = secret::token_hash(&token);
                self.db.create_session(&login, &player.id, now).await?;
                (player, login, Some(token))
            }
            (None, None) => {
                let address = throttle::address_key(address);
                if let Some(wait) = lock(&self.guests).wait(address, now) {
                    let message = format!(
                        "too many new guests from your address this hour: try again in {} s, or log in",
                        throttle::seconds(wait)
                    );
                    return Err(Refusal::new(ErrorCode::TooManyGuests, message));
                }
                let token = secret::new_token()?;
                let login = secret::token_hash(&token);
                let guest = self.create_guest(name, &login, bot).await?;
                lock(&self.guests).made(address, now);
                (guest, login, Some(token))
            }
        };
        if bot && !player.bot {
            self.db.mark_bot(&player.id).await?;
            player.bot = true;
        }
        let session = Session { connection, sender, kicked, login: login.clone() };
        // Registered before the games are read: a turn played meanwhile then reaches this connection as an event
        // (a client skips a `played` whose ply its game already has) instead of being missed.
        lock(&self.sessions).entry(player.id.clone()).or_default().push(session);
        let games = self.games_of(&player.id).await;
        let caller = Caller { player: player.id.clone(), connection, login };
        let welcome = ServerMessage::Welcome { protocol: PROTOCOL_VERSION, player: player_view(player), token, games };
        Ok((caller, welcome))
    }

    /// Ends the caller's login: its token works no more, and every other connection of this process that uses it
    /// is closed (the other processes sharing the database close theirs when they hear of it). The caller's own
    /// connection closes after the reply.
    async fn log_out(&self, caller: &Caller) -> Result<ServerMessage, Refusal> {
        self.db.delete_session(&caller.login).await?;
        self.close_login(&caller.login, Some(caller.connection));
        Ok(ServerMessage::LoggedOut)
    }

    /// Closes every connection of this process that uses the login whose token has the hash `login`, but `except`.
    pub fn close_login(&self, login: &str, except: Option<u64>) {
        let mut sessions = lock(&self.sessions);
        for list in sessions.values_mut() {
            list.retain(|session| {
                let closed = session.login == login && Some(session.connection) != except;
                if closed {
                    session.kicked.notify_one();
                }
                !closed
            });
        }
        sessions.retain(|_, list| !list.is_empty());
    }

    /// The registered player `name` if `password` is its password. An unknown name costs what a wrong password
    /// costs (a hash checked) and counts as one against the name and the address, so that neither the answer nor its
    /// time nor the back-off tells which names are registered.
    async fn log_in(&self, name: String, password: String, address: IpAddr) -> Result<PlayerRecord, Refusal> {
        let refused = || Refusal::new(ErrorCode::BadLogin, "no registered player has this name and password");
        let keys = (name.to_lowercase(), throttle::address_key(address));
        // Refused before anything else while the name or the address waits: a guess then costs nothing.
        lock(&self.logins).wait(&keys, self.clock.now_ms()).map_or(Ok(()), |wait| Err(throttled(wait)))?;
        let found = self.db.registered(&name).await?;
        let hash = found.as_ref().map_or(secret::DUMMY_HASH, |(_, hash)| hash.as_str()).to_owned();
        let (logins, clock, hashes) = (Arc::clone(&self.logins), Arc::clone(&self.clock), Arc::clone(&self.hashes));
        let check_keys = keys.clone();
        let checked = self.hashing.run(move || {
            // Looked at again when the check's turn comes: the guesses queued behind a flood are then refused
            // without a hash once the flood's first wrong ones have set the wait.
            if let Some(wait) = lock(&logins).wait(&check_keys, clock.now_ms()) {
                return Err(throttled(wait));
            }
            hashes.fetch_add(1, Ordering::Relaxed);
            Ok(secret::password_matches(&password, &hash))
        });
        let matches = checked.await.ok_or_else(busy)??;
        match found {
            Some((player, _)) if matches => {
                lock(&self.logins).succeed(&keys.0);
                Ok(player)
            }
            _ => {
                lock(&self.logins).fail(keys, self.clock.now_ms());
                Err(refused())
            }
        }
    }

    /// Makes the caller, a guest, a registered player named `name` with `password`.
    async fn register(&self, caller: &Caller, name: String, password: String) -> Result<ServerMessage, Refusal> {
        check_name(&name)?;
        if !(8..=128).contains(&password.len()) {
            return Err(Refusal::new(ErrorCode::BadPassword, "a password is 8 to 128 bytes"));
        }
        // The refusals the database can tell at once come before the hash (19 MiB and tens of milliseconds): a taken
        // name tried again and again costs a query each, not a hash. The update below still refuses both, should
        // another request have taken the name meanwhile.
        if self.current(caller).await?.registered {
            return Err(Refusal::new(ErrorCode::AlreadyRegistered, "you are registered already"));
        }
        if self.db.name_taken(&name, &caller.player).await? {
            return Err(Refusal::new(ErrorCode::NameTaken, "another player has that name"));
        }
        let hashes = Arc::clone(&self.hashes);
        let hashed = self.hashing.run(move || {
            hashes.fetch_add(1, Ordering::Relaxed);
            secret::password_hash(&password)
        });
        let hash = hashed.await.ok_or_else(busy)??;
        match self.db.register(&caller.player, &name, &hash).await {
            Ok(true) => Ok(ServerMessage::Registered { player: player_view(self.current(caller).await?) }),
            Ok(false) => Err(Refusal::new(ErrorCode::AlreadyRegistered, "you are registered already")),
            Err(DbError::Duplicate) => Err(Refusal::new(ErrorCode::NameTaken, "another player has that name")),
            Err(error) => Err(error.into()),
        }
    }

    /// How many passwords this hub hashed or checked (the tests count them).
    pub fn password_hashes(&self) -> u64 {
        self.hashes.load(Ordering::Relaxed)
    }

    /// How many connections watch games in progress, all games together (the tests count them).
    pub async fn spectators(&self) -> usize {
        let slots: Vec<Arc<Slot>> = lock(&self.games).values().cloned().collect();
        let mut count = 0;
        for slot in slots {
            count += slot.live.lock().await.watchers.len();
        }
        count
    }

    /// A new player named `name` (or a generated name) with its first login, the token whose hash is `login`.
    async fn create_guest(&self, name: Option<String>, login: &str, bot: bool) -> Result<PlayerRecord, Refusal> {
        let now = self.clock.now_ms();
        if let Some(name) = name {
            check_name(&name)?;
            let player =
                PlayerRecord { id: secret::new_id()?, name, rating: Rating::new_player(), bot, registered: false };
            return match self.db.create_player(&player, login, now).await {
                Ok(()) => Ok(player),
                Err(DbError::Duplicate) => Err(Refusal::new(ErrorCode::NameTaken, "another player has that name")),
                Err(error) => Err(error.into()),
            };
        }
        // A generated name may already exist; a few tries among a million names make a clash vanishingly rare.
        for _ in 0..5 {
            let name = format!("guest-{:06}", secret::below(1_000_000)?);
            let player =
                PlayerRecord { id: secret::new_id()?, name, rating: Rating::new_player(), bot, registered: false };
            match self.db.create_player(&player, login, now).await {
                Ok(()) => return Ok(player),
                Err(DbError::Duplicate) => continue,
                Err(error) => return Err(error.into()),
            }
        }
        Err(Refusal::new(ErrorCode::Internal, "no free guest name was found; please choose a name"))
    }

    /// Forgets a connection that closed. When it was the player's last here, the player's open challenges are marked
    /// seen now: they are dropped [`CHALLENGE_ABANDONED_AFTER`] from now unless the player comes back.
    pub async fn disconnect(&self, player: &str, connection: u64) {
        // The games it watched send it nothing more (their lists would otherwise keep it, and its queue, until their
        // next event: the connection's writer waited for that, and its close took 5 s).
        let watched = lock(&self.watching).remove(&connection).unwrap_or_default();
        for id in watched {
            let slot = lock(&self.games).get(&id).cloned();
            if let Some(slot) = slot {
                slot.live.lock().await.watchers.retain(|s| s.connection != connection);
            }
        }
        let gone = {
            let mut sessions = lock(&self.sessions);
            let Some(list) = sessions.get_mut(player) else { return };
            list.retain(|s| s.connection != connection);
            let gone = list.is_empty();
            if gone {
                sessions.remove(player);
            }
            gone
        };
        if gone && let Err(error) = self.db.touch_challenges(&[player.to_owned()], self.clock.now_ms()).await {
            // The last sweep's mark stands: the challenges go a few seconds early at worst.
            tracing::error!("challenges of {player} not marked seen: {error}");
        }
    }

    /// Marks the open challenges of the players connected here as seen, and drops those whose creator was last seen
    /// [`CHALLENGE_ABANDONED_AFTER`] ago or more (on any process: a process sharing the database marks its own
    /// players' challenges, and after a restart nobody's are marked until they come back). Runs at most every
    /// [`LOBBY_SWEEP_INTERVAL`] of the server's clock; the server calls it with the flag checks.
    pub async fn sweep_lobby(&self) {
        let now = self.clock.now_ms();
        if now >= self.next_purge.load(Ordering::Relaxed) {
            self.next_purge.store(now.saturating_add(millis(LOGIN_PURGE_INTERVAL)), Ordering::Relaxed);
            if let Err(error) =
                self.db.delete_sessions_unused_since(now.saturating_sub(millis(LOGIN_EXPIRES_AFTER))).await
            {
                // They are refused when they come back all the same: only their rows stay a while longer.
                tracing::error!("expired logins not deleted: {error}");
            }
        }
        if now < self.next_sweep.load(Ordering::Relaxed) {
            return;
        }
        self.next_sweep.store(now.saturating_add(millis(LOBBY_SWEEP_INTERVAL)), Ordering::Relaxed);
        let present: Vec<String> = lock(&self.sessions).keys().cloned().collect();
        if let Err(error) = self.db.touch_challenges(&present, now).await {
            // Without the marks, connected players' challenges could be taken for abandoned ones: drop none.
            tracing::error!("lobby not swept: {error}");
            return;
        }
        match self.db.drop_stale_challenges(now.saturating_sub(millis(CHALLENGE_ABANDONED_AFTER))).await {
            Ok(dropped) => {
                for (challenge, opponent) in dropped {
                    if let Some(opponent) = opponent {
                        self.tell(&opponent, &ServerMessage::ChallengeCancelled { challenge });
                    }
                }
            }
            Err(error) => tracing::error!("abandoned challenges not dropped: {error}"),
        }
    }

    /// Carries out a message of a player who said hello; returns the replies to the caller (the first answers the
    /// message). Whatever is refused changes nothing.
    pub async fn handle(&self, caller: &Caller, message: ClientMessage) -> Result<Vec<ServerMessage>, Refusal> {
        let reply = match message {
            ClientMessage::Hello { .. } => {
                return Err(Refusal::new(ErrorCode::AlreadyGreeted, "this connection already said hello"));
            }
            ClientMessage::Register { name, password } => self.register(caller, name, password).await?,
            ClientMessage::Logout => self.log_out(caller).await?,
            ClientMessage::ListChallenges => {
                // A challenge addressed to a player is theirs and its creator's to see. The caller's own come first
                // (a client takes its own challenge missing from the list for one accepted or withdrawn).
                let (challenges, total) = self.db.listed_challenges(&caller.player, MAX_LISTED_CHALLENGES).await?;
                ServerMessage::Challenges { challenges: challenges.into_iter().map(challenge_view).collect(), total }
            }
            ClientMessage::ListGames => ServerMessage::Games { games: self.games_in_progress().await },
            ClientMessage::Profile { player } => self.profile(player.as_deref().unwrap_or(&caller.player)).await?,
            ClientMessage::CreateChallenge { variant, rated, time, vela, opponent } => {
                self.create_challenge(caller, ChallengeTerms { variant, rated, time, vela }, opponent).await?
            }
            ClientMessage::CancelChallenge { challenge } => self.cancel_challenge(caller, challenge).await?,
            ClientMessage::AcceptChallenge { challenge } => self.accept_challenge(caller, &challenge).await?,
            ClientMessage::Play { game, ply, turn } => return self.play(caller, &game, ply, &turn).await,
            ClientMessage::Resign { game } => {
                self.end_by_player(caller, &game, |_, side| Ok(GameResult::win(!side, EndReason::Resignation))).await?
            }
            ClientMessage::Watch { game } => self.watch(caller, &game).await?,
            ClientMessage::Unwatch { game } => self.unwatch(caller, game).await?,
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
        ChallengeTerms { variant, rated, time, vela }: ChallengeTerms,
        opponent: Option<String>,
    ) -> Result<ServerMessage, Refusal> {
        if vela && variant != GameVariant::Tsivy {
            return Err(Refusal::new(ErrorCode::VelaVariant, "vela is played on tsivy only"));
        }
        if rated && (variant != GameVariant::Tsivy || vela) {
            return Err(Refusal::new(ErrorCode::UnratedVariant, "only standard tsivy without vela is rated"));
        }
        let creator = self.current(caller).await?;
        if rated && creator.bot {
            return Err(bot_unrated());
        }
        if rated && !creator.registered {
            return Err(guest_unrated());
        }
        if let Some(opponent) = &opponent {
            if *opponent == caller.player {
                return Err(Refusal::new(ErrorCode::OwnChallenge, "you cannot challenge yourself"));
            }
            let player = self.db.player(opponent).await?.ok_or_else(|| not_found(opponent))?;
            if rated && player.bot {
                return Err(bot_unrated());
            }
        }
        let (most, kind) = match opponent {
            Some(_) => (MAX_ADDRESSED_CHALLENGES, "addressed to players"),
            None => (MAX_OPEN_CHALLENGES, "open"),
        };
        let challenge = ChallengeRecord { id: secret::new_id()?, creator, variant, rated, time, vela, opponent };
        if !self.db.create_challenge(&challenge, time.initial_ms(), self.clock.now_ms(), most).await? {
            let message = format!("you have {most} challenges {kind} already: withdraw one first");
            return Err(Refusal::new(ErrorCode::TooManyChallenges, message));
        }
        let message = ServerMessage::ChallengeCreated { challenge: challenge_view(challenge) };
        self.tell_opponent(&message);
        Ok(message)
    }

    async fn cancel_challenge(&self, caller: &Caller, challenge: String) -> Result<ServerMessage, Refusal> {
        let record = self.db.open_challenge(&challenge).await?.ok_or_else(|| not_found(&challenge))?;
        if !self.db.cancel_challenge(&challenge, &caller.player).await? {
            return Err(if record.creator.id == caller.player {
                not_found(&challenge)
            } else {
                Refusal::new(ErrorCode::NotYourGame, "that challenge is someone else's")
            });
        }
        if let Some(opponent) = &record.opponent {
            self.tell(opponent, &ServerMessage::ChallengeCancelled { challenge: challenge.clone() });
        }
        Ok(ServerMessage::ChallengeCancelled { challenge })
    }

    /// Sends a challenge addressed to a player to that player's connections (to this process's: on another, the
    /// player finds it in the lobby's list).
    fn tell_opponent(&self, message: &ServerMessage) {
        if let ServerMessage::ChallengeCreated { challenge: ChallengeView { opponent: Some(opponent), .. } } = message {
            self.tell(opponent, message);
        }
    }

    /// Sends `message` to every connection of `player` on this process.
    fn tell(&self, player: &str, message: &ServerMessage) {
        let Some(text) = event_text(message) else { return };
        if let Some(list) = lock(&self.sessions).get_mut(player) {
            deliver(list, None, &text);
        }
    }

    async fn accept_challenge(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let challenge = self.db.open_challenge(id).await?.ok_or_else(|| not_found(id))?;
        if challenge.creator.id == caller.player {
            return Err(Refusal::new(ErrorCode::OwnChallenge, "you cannot accept your own challenge"));
        }
        if challenge.opponent.as_ref().is_some_and(|o| *o != caller.player) {
            return Err(Refusal::new(ErrorCode::NotYourGame, "that challenge is for another player"));
        }
        let mut players = [challenge.creator.clone(), self.current(caller).await?];
        // The challenger may have become a bot since it opened the challenge.
        if challenge.rated && players.iter().any(|p| p.bot) {
            return Err(bot_unrated());
        }
        // A rated challenge of a guest stored by an older server is refused too.
        if challenge.rated && players.iter().any(|p| !p.registered) {
            return Err(guest_unrated());
        }
        if secret::below(2)? == 1 {
            players.reverse();
        }
        let now = self.clock.now_ms();
        match self.db.start_game(id, &players[0].id, &players[1].id, now).await {
            Ok(true) => {}
            Ok(false) => return Err(not_found(id)),
            Err(error) => {
                let refusal = Refusal::from(error);
                // The game may have started all the same (a COMMIT whose answer was lost with the connection): if the
                // database has it, it is taken up and both players get it, as from another process.
                self.sync(id).await;
                return Err(refusal);
            }
        }
        let initial = challenge.time.initial_ms();
        let mut live = LiveGame::new(challenge, players, [initial; 2], now);
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
        if !slot.players.contains(&caller.player)
            && !watching
            && let Some(session) = self.session_of(caller)
        {
            live.watchers.push(session);
            lock(&self.watching).entry(caller.connection).or_default().push(id.to_owned());
        }
        Ok(ServerMessage::GameState { game: live.view(self.clock.now_ms()) })
    }

    /// Stops sending the caller's connection the events of a game it watches (a player's own game is not watched:
    /// its events keep coming).
    async fn unwatch(&self, caller: &Caller, id: String) -> Result<ServerMessage, Refusal> {
        let slot = lock(&self.games).get(&id).cloned().ok_or_else(|| not_found(&id))?;
        let mut live = slot.live.lock().await;
        if live.over {
            return Err(not_found(&id));
        }
        live.watchers.retain(|s| s.connection != caller.connection);
        if let Some(games) = lock(&self.watching).get_mut(&caller.connection) {
            games.retain(|game| *game != id);
        }
        Ok(ServerMessage::Unwatched { game: id })
    }

    /// The games in progress, the best-rated pair of players first, at most [`MAX_LISTED_GAMES`].
    async fn games_in_progress(&self) -> Vec<GameView> {
        let slots: Vec<Arc<Slot>> = lock(&self.games).values().cloned().collect();
        let mut views = self.views(slots).await;
        let strength = |view: &GameView| -(view.white.rating + view.black.rating);
        views.sort_by(|a, b| strength(a).total_cmp(&strength(b)).then_with(|| a.id.cmp(&b.id)));
        views.truncate(MAX_LISTED_GAMES);
        views
    }

    /// A player's profile: as they are now, their rating history and their finished games.
    async fn profile(&self, id: &str) -> Result<ServerMessage, Refusal> {
        let player = self.db.player(id).await?.ok_or_else(|| not_found(id))?;
        let history = self.db.rating_history(id).await?;
        let mut games = Vec::new();
        for stored in self.db.finished_games(id).await? {
            let game_id = stored.settings.id.clone();
            let ended_ms = stored.updated;
            let Some((result, ratings)) = stored.end else { continue };
            match LiveGame::replay(stored) {
                Ok(mut live) => {
                    live.over = true;
                    games.push(FinishedGame { game: live.view(ended_ms), result, ratings, ended_ms });
                }
                Err(error) => tracing::error!("game {game_id} cannot be replayed: {error}"),
            }
        }
        Ok(ServerMessage::Profile { player: player_view(player), history, games })
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

    /// Ends the game by flag fall if the side to move has no time left (and says so to both players), unless the
    /// side is away (it has no connection to this server) and has not had the grace of a dropped connection yet:
    /// then it gets it, [`AWAY_MARGIN`] after its flag fell.
    async fn settle_flag(&self, live: &mut LiveGame, now: i64) -> Result<(), Refusal> {
        for _ in 0..ATTEMPTS {
            if live.over {
                return Err(Refusal::new(ErrorCode::GameOver, "that game is over"));
            }
            let mover = live.to_move();
            let mut clocks = live.clocks_at(now);
            if clocks[mover.index()] > 0 {
                return Ok(());
            }
            let present = lock(&self.sessions).contains_key(&live.players[mover.index()].id);
            let stored = if !present && !live.grace_used[mover.index()] {
                let fell = live.since + live.clocks[mover.index()];
                if now < fell + millis(AWAY_MARGIN) {
                    return Ok(());
                }
                clocks[mover.index()] = millis(DISCONNECT_GRACE);
                self.db.grant_grace(live.id(), live.plies(), mover.into(), clocks, now).await.map(|()| {
                    live.grace_used[mover.index()] = true;
                    live.clocks = clocks;
                    live.since = now;
                    self.announce_grace(live, mover);
                    None
                })
            } else {
                // Flag fall loses: while a game runs the opponent always has a piece, and one piece can still win.
                // Every process sharing the database may see the flag fall; the conditional write lets one end it.
                let result = GameResult::win(!mover, EndReason::Timeout);
                self.db.end_game(&live.end_record(result, now)).await.map(|ratings| {
                    self.announce_end(live, result, ratings, now, None);
                    Some(Refusal::new(ErrorCode::GameOver, format!("{mover}'s time ran out")))
                })
            };
            match stored {
                Ok(None) => return Ok(()),
                Ok(Some(refusal)) => return Err(refusal),
                Err(DbError::Stale) => self.catch_up(live).await?,
                Err(error) => return Err(self.unconfirmed(live, error).await),
            }
        }
        Err(busy())
    }

    /// Tells both players that `side` got the grace of a dropped connection, with the clocks as they are now.
    fn announce_grace(&self, live: &mut LiveGame, side: Side) {
        let message = ServerMessage::Grace {
            game: live.id().to_owned(),
            color: side.into(),
            clocks: live.clocks_view(live.since),
        };
        self.notify(live, None, &message);
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
        for _ in 0..ATTEMPTS {
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
            let end = result.map(|result| EndRecord { clocks, plies: ply, ..live.end_record(result, now) });
            let ratings = match self.db.store_turn(&record, end.as_ref()).await {
                Ok(ratings) => ratings,
                // Another process stored a turn or the end meanwhile (the same player on a second connection, an
                // opponent's resignation): look again with the game as it is now.
                Err(DbError::Stale) => {
                    self.catch_up(&mut live).await?;
                    continue;
                }
                Err(error) => return Err(self.unconfirmed(&mut live, error).await),
            };
            // Stored: now the turn counts. A standing draw offer of the opponent is declined by playing on.
            live.game = game;
            live.clocks = clocks;
            live.since = now;
            if live.draw_offer == Some(!side) {
                live.draw_offer = None;
            }
            let played = played(&live, ply, notation);
            self.notify(&mut live, Some(caller.connection), &played);
            let mut replies = vec![played];
            if let Some(result) = result {
                replies.push(self.announce_end(&mut live, result, ratings, now, Some(caller.connection)));
            }
            return Ok(replies);
        }
        Err(busy())
    }

    async fn offer_draw(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let (slot, side) = self.slot(caller, id)?;
        let mut live = slot.live.lock().await;
        for _ in 0..ATTEMPTS {
            let now = self.clock.now_ms();
            self.settle_flag(&mut live, now).await?;
            if live.draw_offer == Some(side) {
                // Offered already and not answered: the opponent is not told again (a repeated offer would nag), the
                // offerer hears that it stands.
                return Ok(ServerMessage::DrawOffered { game: id.to_owned(), by: side.into() });
            }
            let stored = if live.draw_offer == Some(!side) {
                // Two players who both offer a draw agree on it.
                let result = GameResult::no_winner(EndReason::Agreement);
                self.db
                    .end_game(&live.end_record(result, now))
                    .await
                    .map(|ratings| self.announce_end(&mut live, result, ratings, now, Some(caller.connection)))
            } else {
                self.db.offer_draw(id, live.plies(), side.into()).await.map(|()| {
                    live.draw_offer = Some(side);
                    let message = ServerMessage::DrawOffered { game: id.to_owned(), by: side.into() };
                    self.notify(&mut live, Some(caller.connection), &message);
                    message
                })
            };
            match stored {
                Ok(message) => return Ok(message),
                Err(DbError::Stale) => self.catch_up(&mut live).await?,
                Err(error) => return Err(self.unconfirmed(&mut live, error).await),
            }
        }
        Err(busy())
    }

    /// Ends a game on a player's word (resign, accept a draw, abort): `decide` gives the result from the game and the
    /// caller's side, or refuses.
    async fn end_by_player(
        &self,
        caller: &Caller,
        id: &str,
        decide: impl Fn(&LiveGame, Side) -> Result<GameResult, Refusal>,
    ) -> Result<ServerMessage, Refusal> {
        let (slot, side) = self.slot(caller, id)?;
        let mut live = slot.live.lock().await;
        for _ in 0..ATTEMPTS {
            let now = self.clock.now_ms();
            self.settle_flag(&mut live, now).await?;
            let result = decide(&live, side)?;
            match self.db.end_game(&live.end_record(result, now)).await {
                Ok(ratings) => return Ok(self.announce_end(&mut live, result, ratings, now, Some(caller.connection))),
                // A turn stored meanwhile by another process may change the answer (too late to abort, the draw
                // offer declined): decide again.
                Err(DbError::Stale) => self.catch_up(&mut live).await?,
                Err(error) => return Err(self.unconfirmed(&mut live, error).await),
            }
        }
        Err(busy())
    }

    /// Brings a game up to what the database holds (the turns, draw offer or end another process stored) and tells
    /// this process's connections of each change, as the process that made it told its own.
    async fn catch_up(&self, live: &mut LiveGame) -> Result<(), Refusal> {
        let Some(stored) = self.db.game(live.id()).await? else {
            return Err(DbError::Corrupt(format!("game {} vanished", live.id())).into());
        };
        for (index, turn) in stored.turns.iter().enumerate().skip(live.game.turns().len()) {
            let mover = live.to_move();
            let played_turn = live.game.play_notation(&turn.notation).map_err(|e| {
                DbError::Corrupt(format!("game {}, turn {} ({}): {e}", live.id(), index + 1, turn.notation))
            })?;
            // The other side's clock did not run during this turn: its stored value still holds.
            live.clocks[mover.index()] = turn.clock_after_ms;
            live.since = stored.since;
            let message = played(live, u32::try_from(index + 1).unwrap_or(u32::MAX), played_turn.to_string());
            self.notify(live, None, &message);
        }
        let offer = stored.draw_offer.map(Side::from);
        if offer != live.draw_offer {
            live.draw_offer = offer;
            if let Some(by) = offer {
                let message = ServerMessage::DrawOffered { game: live.id().to_owned(), by: by.into() };
                self.notify(live, None, &message);
            }
        }
        live.clocks = stored.clocks;
        live.since = stored.since;
        for side in [Side::White, Side::Black] {
            if stored.grace_used[side.index()] && !live.grace_used[side.index()] {
                live.grace_used[side.index()] = true;
                if stored.end.is_none() {
                    self.announce_grace(live, side);
                }
            }
        }
        if let Some((result, ratings)) = stored.end {
            // The clocks are stored as they were at the end: none runs on.
            let now = self.clock.now_ms();
            live.since = now;
            self.announce_end(live, result, ratings, now, None);
        }
        Ok(())
    }

    /// The refusal (`internal`) for a change of `live` that the database did not confirm: an error, not a game that
    /// moved on. The change may be stored all the same (PostgreSQL may have committed before the connection dropped
    /// with its answer), so the game is read again and what is stored counts: a turn found stored reaches both
    /// players as a `played`, as from another process. On SQLite a failed COMMIT stored nothing and the game reads
    /// as it was.
    async fn unconfirmed(&self, live: &mut LiveGame, error: DbError) -> Refusal {
        let refusal = Refusal::from(error);
        if let Err(reread) = self.catch_up(live).await {
            // The next write's condition (`plies = N - 1`) still finds out what was stored, and catches up then.
            tracing::error!("game {}: not read again after a failed write: {reread}", live.id());
        }
        refusal
    }

    /// Takes up a change that another process sharing the database made to the game `id`: its start (a challenge
    /// of a player of this process accepted there), a turn, a draw offer or its end.
    pub async fn sync(&self, id: &str) {
        if let Err(refusal) = self.try_sync(id).await {
            tracing::error!("game {id}: a change of another process not taken up: {refusal}");
        }
    }

    async fn try_sync(&self, id: &str) -> Result<(), Refusal> {
        let slot = lock(&self.games).get(id).cloned();
        if let Some(slot) = slot {
            let mut live = slot.live.lock().await;
            return if live.over { Ok(()) } else { self.catch_up(&mut live).await };
        }
        // Not known here: a game that started elsewhere, or an open challenge or a game that is over, which this
        // process has nothing to pass on about (the lobby is read from the database).
        let Some(stored) = self.db.game(id).await? else { return Ok(()) };
        if stored.end.is_some() {
            return Ok(());
        }
        let live = LiveGame::from_stored(stored).map_err(|e| DbError::Corrupt(format!("game {id}: {e}")))?;
        let slot = {
            let mut games = lock(&self.games);
            if games.contains_key(id) {
                return Ok(());
            }
            let slot = Slot::new(live);
            games.insert(id.to_owned(), Arc::clone(&slot));
            slot
        };
        let mut live = slot.live.lock().await;
        let message = ServerMessage::GameState { game: live.view(self.clock.now_ms()) };
        self.notify(&mut live, None, &message);
        Ok(())
    }

    /// Takes up every change the other processes may have made while this one could not hear them (its connection
    /// to the database was lost): every game known here and every game in progress in the database.
    pub async fn sync_all(&self) {
        let mut ids: Vec<String> = lock(&self.games).keys().cloned().collect();
        match self.db.games_in_progress().await {
            Ok(stored) => ids.extend(stored.into_iter().map(|game| game.settings.id)),
            Err(error) => tracing::error!("games in progress not read: {error}"),
        }
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            self.sync(&id).await;
        }
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
        let mut views = self.views(slots).await;
        views.sort_by(|a, b| a.id.cmp(&b.id));
        views
    }

    /// The games of `slots` that are not over, as they stand.
    async fn views(&self, slots: Vec<Arc<Slot>>) -> Vec<GameView> {
        let mut views = Vec::with_capacity(slots.len());
        for slot in slots {
            let live = slot.live.lock().await;
            if !live.over {
                views.push(live.view(self.clock.now_ms()));
            }
        }
        views
    }

    /// Sends `message` to every connection of `players` but `except`. A connection too slow to take it is dropped:
    /// its client reconnects and gets the game back with `hello`.
    fn notify(&self, live: &mut LiveGame, except: Option<u64>, message: &ServerMessage) {
        let Some(text) = event_text(message) else { return };
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

/// A message the server sends unasked, as JSON text (none, logged, if it cannot be written).
fn event_text(message: &ServerMessage) -> Option<String> {
    serde_json::to_string(&Envelope { id: None, message })
        .map_err(|error| tracing::error!("a message could not be written: {error}"))
        .ok()
}

/// Sends `text` to every session of `list` but `except`, and drops (and kicks) those that cannot take it: too slow,
/// or closed.
fn deliver(list: &mut Vec<Session>, except: Option<u64>, text: &str) {
    list.retain(|session| {
        let kept = Some(session.connection) == except || session.sender.try_send(text.to_owned());
        if !kept {
            session.kicked.notify_one();
        }
        kept
    });
}

/// The `played` message of the turn `ply` just played in `live`, its clocks as they were when it was stored.
fn played(live: &LiveGame, ply: u32, turn: String) -> ServerMessage {
    ServerMessage::Played {
        game: live.id().to_owned(),
        ply,
        turn,
        clocks: live.clocks_view(live.since),
        position: live.game.position().to_string(),
    }
}

/// A duration in milliseconds, as the clocks count.
fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// The refusal for a game that other processes kept changing under a request.
fn busy() -> Refusal {
    Refusal::new(ErrorCode::Internal, "the game kept changing; please try again")
}

fn bot_unrated() -> Refusal {
    Refusal::new(ErrorCode::BotUnrated, "bots play unrated games only")
}

fn guest_unrated() -> Refusal {
    Refusal::new(ErrorCode::GuestUnrated, "rated games are for registered players: register first")
}

/// The refusal of a password login that must wait `wait` milliseconds more.
fn throttled(wait: i64) -> Refusal {
    let message = format!("too many wrong passwords lately: try again in {} s", throttle::seconds(wait));
    Refusal::new(ErrorCode::LoginThrottled, message)
}

fn not_found(id: &str) -> Refusal {
    Refusal::new(ErrorCode::NotFound, format!("no open challenge or game in progress has the id {id:?}"))
}
