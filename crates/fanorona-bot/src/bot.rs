//! A bot: the engine of `fanorona-ai` playing on a server through the protocol, as a player marked `bot`.
//!
//! It keeps one unrated challenge open in the lobby while it has no game, plays each game that starts (a search on
//! a blocking thread, with a time budget from its clock, while the connection keeps being read), accepts a draw
//! only when its engine scores the position drawn or worse for it, resigns a game it sees lost for certain, and
//! opens a new challenge after each game. A lost connection is made again with the bot's token, and its games are
//! taken up from `welcome`.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fanorona_ai::tablebase::LazyTables;
use fanorona_ai::{Book, Level, Limits, MATE, Ponder, Resumable, Search, SearchResult};
use fanorona_rules::{Game, Position, Side};
use tokio::task::{JoinError, JoinSet};

use crate::client::{Client, ClientError, Welcome};
use crate::protocol::{
    ClientMessage, Clocks, ErrorCode, GameVariant, GameView, ServerMessage, TimeControl, TournamentStage,
};

/// Scores at or below this (hundredths of a piece, for the bot) count as drawn or worse: a draw offer is accepted.
pub const DRAW_MARGIN: i32 = 30;

/// Scores at or below minus this are losses the search has proved (`MATE - n` is a win in `n` plies): the bot
/// resigns instead of playing them out.
const PROVED: i32 = MATE - 1_000;

/// The shortest thought: enough for a turn of the lower levels, which do not use their time anyway.
const LEAST_THOUGHT: Duration = Duration::from_millis(10);

/// How long the bot waits before it connects again after losing its connection.
const RECONNECT_DELAY: Duration = Duration::from_secs(5);

/// What a bot plays, and where.
#[derive(Clone, Debug)]
pub struct BotConfig {
    /// The server's WebSocket, such as `ws://127.0.0.1:8080/ws`.
    pub url: String,
    /// The engine's level.
    pub level: Level,
    /// The bot's name: a new guest's, or a registered player's with `password`.
    pub name: Option<String>,
    /// The password of a registered bot; on the first run the name is registered with it.
    pub password: Option<String>,
    /// The board of its challenges.
    pub variant: GameVariant,
    /// The time control of its challenges.
    pub time: TimeControl,
    /// Stop after this many games (none: play for ever).
    pub games: Option<u32>,
    /// The most it thinks about one turn, whatever its clock says.
    pub most_thought: Duration,
    /// Search threads of each search (the master level; see `Search::with_threads`).
    pub threads: usize,
    /// Whether it thinks on its opponent's time (strong and master), on the reply its last search expected.
    pub ponder: bool,
    /// Whether it joins the server's open tournaments of its board (looking every [`TOURNAMENT_LOOK`]) instead of
    /// opening challenges.
    pub tournaments: bool,
}

/// How often a bot in tournament mode looks for tournaments to join.
pub const TOURNAMENT_LOOK: Duration = Duration::from_secs(60);

/// Why a bot stopped.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The server refused to let it in (a bad password, a name taken), or the connection failed on the way in.
    #[error("signing in: {0}")]
    SignIn(ClientError),
    /// The server refused something a bot needs (to open a challenge).
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The server sent a game the rules do not accept.
    #[error("game {game}: {error}")]
    BadGame {
        /// The game's id.
        game: String,
        /// What is wrong with it.
        error: String,
    },
    /// A search failed (it panicked).
    #[error("the engine failed: {0}")]
    Engine(#[from] JoinError),
}

/// The time to think about a turn with `left_ms` on the clock and `increment_ms` added after it: a thirtieth of
/// the clock and most of the increment, never more than half of what is left (the rest is the margin for the
/// network), nor more than `most`.
pub fn thinking_time(left_ms: i64, increment_ms: i64, most: Duration) -> Duration {
    let left = left_ms.max(0);
    let budget = (left / 30 + increment_ms.max(0) * 3 / 4).min(left / 2);
    Duration::from_millis(u64::try_from(budget).unwrap_or(0)).clamp(LEAST_THOUGHT, most.max(LEAST_THOUGHT))
}

/// Whether the bot accepts a draw offer, given the score of its last search (for itself): only when the position
/// is drawn or worse for it. Before any search it knows nothing, and plays on.
pub fn accepts_draw(last_score: Option<i32>) -> bool {
    last_score.is_some_and(|score| score <= DRAW_MARGIN)
}

/// A game the bot plays.
#[derive(Debug)]
struct Playing {
    side: Side,
    game: Game,
    clocks: Clocks,
    increment_ms: i64,
    /// The score of its last search, for the bot.
    last_score: Option<i32>,
    /// Stops the search under way, if any.
    thinking: Option<Arc<AtomicBool>>,
    /// The search on the opponent's time, if any.
    pondering: Option<Ponder>,
}

impl Playing {
    fn from_view(view: &GameView, side: Side) -> Result<Playing, BotError> {
        let start = Position::start(view.variant.variant()).with_vela(view.vela.map(Side::from));
        let mut game = Game::new(start);
        for turn in &view.turns {
            game.play_notation(turn).map_err(|e| bad_game(&view.id, e))?;
        }
        let thinking = None;
        Ok(Playing {
            side,
            game,
            clocks: view.clocks,
            increment_ms: view.time.increment_ms(),
            last_score: None,
            thinking,
            pondering: None,
        })
    }

    fn next_ply(&self) -> u32 {
        u32::try_from(self.game.turns().len()).unwrap_or(u32::MAX).saturating_add(1)
    }

    fn my_clock(&self) -> i64 {
        if self.side == Side::White { self.clocks.white_ms } else { self.clocks.black_ms }
    }
}

/// A search that ended: for the turn `ply` of `game`.
#[derive(Debug)]
struct Thought {
    game: String,
    ply: u32,
    result: SearchResult,
}

/// A bot at work: its games and its open challenge.
#[derive(Debug)]
struct Bot<'a> {
    config: &'a BotConfig,
    /// The bot's player id.
    me: String,
    games: HashMap<String, Playing>,
    thinking: JoinSet<Thought>,
    challenge: Option<String>,
    /// The tournaments it is in, and when it looks for more.
    tournaments: HashSet<String>,
    next_look: Instant,
    finished: u32,
    seed: u64,
    /// The endgame tables its searches play (strong and master), shared with the searches' threads.
    tables: Arc<LazyTables>,
}

/// A search of `game`'s position at the bot's level, for a clock with `clock_ms` left and `increment_ms` added after
/// each turn (the tables are the caller's to give).
fn search(config: &BotConfig, seed: &mut u64, game: &Game, clock_ms: i64, increment_ms: i64) -> Search {
    let time = thinking_time(clock_ms, increment_ms, config.most_thought);
    *seed = seed.wrapping_add(1);
    Search::for_level(game, config.level, Limits::time(time), *seed)
        .with_book(Book::builtin())
        .with_threads(config.threads)
}

/// Plays on the server until it has played `config.games` games, or `shutdown` completes (it then withdraws its
/// challenge; its games in progress wait for it, on its clock). Returns the number of games finished.
pub async fn run(config: &BotConfig, shutdown: impl Future<Output = ()>) -> Result<u32, BotError> {
    // The tables of its challenges' board are built before it plays (about a second; another board's at its first
    // search there), so that no game's clock pays for them.
    let tables = Arc::new(LazyTables::default());
    if config.level.plays_tables() {
        let (building, variant) = (Arc::clone(&tables), config.variant.variant());
        if let Err(e) = tokio::task::spawn_blocking(move || building.get(variant)).await {
            tracing::warn!("the endgame tables were not built: {e}");
        }
    }
    let (mut client, mut welcome) = sign_in(config).await.map_err(BotError::SignIn)?;
    // Both a new guest and a password login get a token: reconnecting with it is the same login.
    let token = welcome.token.clone();
    let mut bot = Bot::new(config, welcome.player.id.clone(), tables);
    tracing::info!("playing as {} ({}) at level {}", welcome.player.name, welcome.player.id, config.level);
    tokio::pin!(shutdown);
    let result = loop {
        let served = match bot.take_up(&mut client, welcome).await {
            Ok(()) => bot.serve(&mut client, &mut shutdown).await,
            Err(error) => Err(error),
        };
        match served {
            Ok(()) => break Ok(bot.finished),
            Err(BotError::Client(error)) if lost_connection(&error) => {
                let Some(token) = token.as_deref() else { break Err(error.into()) };
                tracing::warn!("connection lost ({error}); connecting again");
                let reconnected = tokio::select! {
                    reconnected = reconnect(&config.url, token) => reconnected,
                    () = &mut shutdown => break Ok(bot.finished),
                };
                match reconnected {
                    Ok(connected) => {
                        tracing::info!("connected again");
                        (client, welcome) = connected;
                    }
                    Err(error) => break Err(error),
                }
            }
            Err(error) => break Err(error),
        }
    };
    // A search left running would hold up the end of the program until its time is up.
    bot.stop_thinking();
    result
}

pub use crate::protocol::websocket_url;

/// Logs in with the name and password, registering the name the first time, or comes in as a new guest; marks the
/// player a bot either way.
async fn sign_in(config: &BotConfig) -> Result<(Client, Welcome), ClientError> {
    let mut client = Client::connect(&config.url).await?;
    let name = config.name.as_deref();
    let Some(password) = config.password.as_deref() else {
        let welcome = client.greet(None, name, None, true).await?;
        return Ok((client, welcome));
    };
    match client.greet(None, name, Some(password), true).await {
        Err(error) if error.code() == Some(ErrorCode::BadLogin) => {
            // The first run: no such account yet (or a wrong password, which registering then reports as the name
            // taken). A refused `hello` changed nothing, so the connection may say it again.
            let welcome = client.greet(None, name, None, true).await?;
            let register = ClientMessage::Register { name: welcome.player.name.clone(), password: password.to_owned() };
            client.request(register).await?;
            Ok((client, welcome))
        }
        welcome => Ok((client, welcome?)),
    }
}

/// Connects again and says hello with the bot's token, every [`RECONNECT_DELAY`] until the server answers; a
/// refusal (the token no longer works) ends the bot.
async fn reconnect(url: &str, token: &str) -> Result<(Client, Welcome), BotError> {
    loop {
        tokio::time::sleep(RECONNECT_DELAY).await;
        let attempt = async {
            let mut client = Client::connect(url).await?;
            let welcome = client.hello(Some(token), None).await?;
            Ok::<_, ClientError>((client, welcome))
        };
        match attempt.await {
            Ok(connected) => return Ok(connected),
            Err(error) if lost_connection(&error) || matches!(error, ClientError::Timeout) => {
                tracing::warn!("connecting again: {error}");
            }
            Err(error) => return Err(error.into()),
        }
    }
}

/// Whether the connection is gone (rather than a request refused).
fn lost_connection(error: &ClientError) -> bool {
    matches!(error, ClientError::WebSocket(_) | ClientError::Closed)
}

fn bad_game(game: &str, error: impl ToString) -> BotError {
    BotError::BadGame { game: game.to_owned(), error: error.to_string() }
}

impl<'a> Bot<'a> {
    /// A bot of `config` playing as the player `me`, with no game yet.
    fn new(config: &'a BotConfig, me: String, tables: Arc<LazyTables>) -> Bot<'a> {
        Bot {
            config,
            me,
            games: HashMap::new(),
            thinking: JoinSet::new(),
            challenge: None,
            tournaments: HashSet::new(),
            next_look: Instant::now(),
            finished: 0,
            seed: 1,
            tables,
        }
    }

    /// Starts over from a `welcome`: its games in progress, and its challenge still open, if any.
    async fn take_up(&mut self, client: &mut Client, welcome: Welcome) -> Result<(), BotError> {
        self.stop_thinking();
        self.games.clear();
        for view in &welcome.games {
            self.track(view)?;
        }
        self.challenge = match client.request(ClientMessage::ListChallenges).await? {
            ServerMessage::Challenges { challenges, .. } => {
                challenges.into_iter().find(|c| c.by.id == self.me).map(|challenge| challenge.id)
            }
            other => return Err(ClientError::Unexpected(Box::new(other)).into()),
        };
        Ok(())
    }

    /// Stops every search under way; their results are dropped.
    fn stop_thinking(&mut self) {
        for playing in self.games.values_mut() {
            if let Some(stop) = playing.thinking.take() {
                stop.store(true, Ordering::Relaxed);
            }
        }
        self.thinking.abort_all();
    }

    fn done(&self) -> bool {
        self.config.games.is_some_and(|games| self.finished >= games)
    }

    /// Plays until done or `shutdown`; an error of the connection ends it too, to connect again.
    async fn serve(
        &mut self,
        client: &mut Client,
        shutdown: &mut (impl Future<Output = ()> + Unpin),
    ) -> Result<(), BotError> {
        loop {
            if self.done() && self.games.is_empty() {
                return self.withdraw(client).await;
            }
            if self.config.tournaments {
                if !self.done() && Instant::now() >= self.next_look {
                    self.join_tournaments(client).await?;
                    self.next_look = Instant::now() + TOURNAMENT_LOOK;
                }
            } else if !self.done() && self.games.is_empty() && self.challenge.is_none() {
                self.open_challenge(client).await?;
            }
            self.start_thinking();
            tokio::select! {
                message = client.next() => match message {
                    Ok(envelope) => self.hear(client, envelope.message).await?,
                    // A quiet lobby: nobody accepted the challenge yet.
                    Err(ClientError::Timeout) => {}
                    Err(error) => return Err(error.into()),
                },
                Some(thought) = self.thinking.join_next() => self.play(client, thought?).await?,
                () = &mut *shutdown => return self.withdraw(client).await,
            }
        }
    }

    async fn open_challenge(&mut self, client: &mut Client) -> Result<(), BotError> {
        let config = self.config;
        // Bots play unrated games only.
        let create = ClientMessage::CreateChallenge {
            variant: config.variant,
            rated: false,
            time: config.time,
            vela: false,
            opponent: None,
        };
        match client.request(create).await? {
            ServerMessage::ChallengeCreated { challenge } => {
                tracing::info!("challenge {} open: {} {}", challenge.id, config.variant.name(), config.time);
                self.challenge = Some(challenge.id);
                Ok(())
            }
            other => Err(ClientError::Unexpected(Box::new(other)).into()),
        }
    }

    /// Joins the open tournaments of its board that it is not in: not private, and not rated unless the bot is
    /// registered (its games there are unrated all the same).
    async fn join_tournaments(&mut self, client: &mut Client) -> Result<(), BotError> {
        let ServerMessage::Tournaments { tournaments, .. } =
            client.request(ClientMessage::ListTournaments { after: None }).await?
        else {
            return Ok(());
        };
        let open = tournaments.into_iter().filter(|t| {
            t.stage != TournamentStage::Finished
                && !t.joined
                && !t.private
                && t.terms.variant == self.config.variant
                && (!t.terms.rated || self.config.password.is_some())
        });
        for tournament in open {
            let join = ClientMessage::JoinTournament { tournament: tournament.id.clone(), password: None };
            match client.request(join).await {
                Ok(_) => {
                    tracing::info!("joined the tournament {:?} ({})", tournament.terms.name, tournament.id);
                    self.tournaments.insert(tournament.id);
                }
                // Over meanwhile, or closed to this bot: the next look finds others.
                Err(ClientError::Refused { code, message }) => {
                    tracing::info!("tournament {} not joined: {code:?}: {message}", tournament.id);
                }
                Err(error) => return Err(error.into()),
            }
        }
        Ok(())
    }

    /// Withdraws the open challenge and leaves its tournaments: nobody should start a game with a bot that is
    /// leaving.
    async fn withdraw(&mut self, client: &mut Client) -> Result<(), BotError> {
        for tournament in std::mem::take(&mut self.tournaments) {
            match client.request(ClientMessage::WithdrawTournament { tournament }).await {
                Ok(_) | Err(ClientError::Refused { .. }) => {}
                Err(error) => return Err(error.into()),
            }
        }
        let Some(challenge) = self.challenge.take() else { return Ok(()) };
        match client.request(ClientMessage::CancelChallenge { challenge }).await {
            // Accepted meanwhile: the game waits for the bot on its clock, as after a lost connection.
            Ok(_) | Err(ClientError::Refused { code: ErrorCode::NotFound, .. }) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }

    /// Follows a game of the bot's, as the server sent it.
    fn track(&mut self, view: &GameView) -> Result<(), BotError> {
        let side = if view.white.id == self.me {
            Side::White
        } else if view.black.id == self.me {
            Side::Black
        } else {
            return Ok(());
        };
        if self.challenge.as_deref() == Some(view.id.as_str()) {
            self.challenge = None;
        }
        let playing = Playing::from_view(view, side)?;
        if let Some(old) = self.games.insert(view.id.clone(), playing)
            && let Some(stop) = old.thinking
        {
            stop.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Starts a search in every game where it is the bot's turn and none runs yet.
    fn start_thinking(&mut self) {
        let config = self.config;
        for (id, playing) in &mut self.games {
            if playing.thinking.is_some()
                || playing.game.is_over()
                || playing.game.position().side_to_move() != playing.side
            {
                continue;
            }
            let (game, ply) = (id.clone(), playing.next_ply());
            let played = playing.game.turns().last().copied();
            // A right guess goes on searching; a wrong one is dropped (stopped) here.
            if let Some(ponder) = playing.pondering.take().filter(|p| Some(p.guess()) == played)
                && let Some(played) = played
            {
                playing.thinking = Some(ponder.stop_handle());
                // Should the pondering search have panicked, a search of its own.
                let mut fallback =
                    search(config, &mut self.seed, &playing.game, playing.my_clock(), playing.increment_ms);
                self.thinking.spawn_blocking(move || {
                    let result = ponder.resolve(&played).map_or_else(|| fallback.run(), |(result, _)| result);
                    Thought { game, ply, result }
                });
                continue;
            }
            let mut search = search(config, &mut self.seed, &playing.game, playing.my_clock(), playing.increment_ms);
            playing.thinking = Some(search.stop_handle());
            let (tables, variant) = (Arc::clone(&self.tables), playing.game.position().variant());
            let plays_tables = config.level.plays_tables();
            // A blocking thread: the search takes up to `time` of a core, while the connection keeps being read.
            self.thinking.spawn_blocking(move || {
                // The tables of the board its challenges are on were built before it played; another board's are
                // built here, at its first search (about a second).
                if plays_tables && let Some(tablebase) = tables.get(variant) {
                    search = search.with_tablebase(tablebase);
                }
                Thought { game, ply, result: search.run() }
            });
        }
    }

    /// Thinks on the opponent's time in `id`'s game, about the reply its search `result` expects after its turn.
    fn ponder(&mut self, id: &str, result: &SearchResult) {
        let config = self.config;
        let Some(playing) = self.games.get_mut(id) else { return };
        let (Some(best), Some(&guess)) = (result.best, result.pv.get(1)) else { return };
        let mut after = playing.game.clone();
        if !config.ponder || !config.level.ponders() || after.play(&best).and(after.play(&guess)).is_err() {
            return;
        }
        let mut search = search(config, &mut self.seed, &after, playing.my_clock(), playing.increment_ms);
        // Only tables built already: this runs between messages, where building them would hold up the connection.
        if config.level.plays_tables()
            && let Some(tablebase) = self.tables.built(after.position().variant())
        {
            search = search.with_tablebase(tablebase);
        }
        playing.pondering = Ponder::start(search, guess);
    }

    /// Plays the turn a search chose, or resigns a game it proved lost.
    async fn play(&mut self, client: &mut Client, thought: Thought) -> Result<(), BotError> {
        let Some(playing) = self.games.get_mut(&thought.game) else { return Ok(()) };
        if playing.next_ply() != thought.ply {
            // Stale: the game was taken up again meanwhile.
            return Ok(());
        }
        playing.thinking = None;
        playing.last_score = Some(thought.result.score);
        self.ponder(&thought.game, &thought.result);
        let game = thought.game;
        let request = match thought.result.best {
            Some(_) if thought.result.score <= -PROVED => ClientMessage::Resign { game: game.clone() },
            Some(turn) => ClientMessage::Play { game: game.clone(), ply: thought.ply, turn: turn.to_string() },
            // No legal turn: the game is over on the board, and the server says so.
            None => return Ok(()),
        };
        match client.request(request).await {
            Ok(reply) => self.hear(client, reply).await,
            // Refused (the flag fell, the opponent resigned meanwhile): the game as the server has it says what next.
            Err(ClientError::Refused { code, message }) => {
                tracing::warn!("game {game}: turn refused ({code:?}): {message}");
                self.resync(client, game).await
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Reads a game again from the server, or forgets it if it is over.
    async fn resync(&mut self, client: &mut Client, game: String) -> Result<(), BotError> {
        match client.request(ClientMessage::Watch { game: game.clone() }).await {
            // Boxed: hearing may read the game again, which is hearing again.
            Ok(reply) => Box::pin(self.hear(client, reply)).await,
            Err(ClientError::Refused { code: ErrorCode::NotFound, .. }) => {
                self.end(&game);
                Ok(())
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Takes in a message from the server.
    async fn hear(&mut self, client: &mut Client, message: ServerMessage) -> Result<(), BotError> {
        match message {
            ServerMessage::GameState { game } => self.track(&game),
            ServerMessage::Played { game, ply, turn, clocks, .. } => {
                let Some(playing) = self.games.get_mut(&game) else { return Ok(()) };
                playing.clocks = clocks;
                if ply < playing.next_ply() {
                    // Known already: the game was read again since.
                    return Ok(());
                }
                if ply > playing.next_ply() {
                    return self.resync(client, game).await;
                }
                playing.game.play_notation(&turn).map_err(|e| bad_game(&game, e))?;
                Ok(())
            }
            ServerMessage::Grace { game, clocks, .. } => {
                if let Some(playing) = self.games.get_mut(&game) {
                    playing.clocks = clocks;
                }
                Ok(())
            }
            ServerMessage::DrawOffered { game, by } => {
                let Some(playing) = self.games.get(&game) else { return Ok(()) };
                if Side::from(by) == playing.side || !accepts_draw(playing.last_score) {
                    // Declined by playing on.
                    return Ok(());
                }
                match client.request(ClientMessage::AcceptDraw { game: game.clone() }).await {
                    Ok(reply) => Box::pin(self.hear(client, reply)).await,
                    Err(ClientError::Refused { .. }) => self.resync(client, game).await,
                    Err(error) => Err(error.into()),
                }
            }
            ServerMessage::GameOver { game, result, .. } => {
                if self.games.contains_key(&game) {
                    tracing::info!("game {game} over: {} ({:?})", result.score(), result.reason);
                    self.end(&game);
                }
                Ok(())
            }
            ServerMessage::Error { code, message } => {
                tracing::warn!("the server: {code:?}: {message}");
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Forgets a game that ended, and counts it.
    fn end(&mut self, game: &str) {
        if let Some(playing) = self.games.remove(game) {
            if let Some(stop) = playing.thinking {
                stop.store(true, Ordering::Relaxed);
            }
            self.finished += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_time_follows_the_clock() {
        let most = Duration::from_secs(10);
        // A thirtieth of five minutes, plus three quarters of a 3-second increment.
        assert_eq!(thinking_time(300_000, 3_000, most), Duration::from_millis(12_250).min(most));
        assert_eq!(thinking_time(300_000, 0, most), Duration::from_secs(10));
        assert_eq!(thinking_time(60_000, 0, most), Duration::from_secs(2));
        // Never more than half the clock, even with a large increment; never less than the least thought.
        assert_eq!(thinking_time(1_000, 10_000, most), Duration::from_millis(500));
        assert_eq!(thinking_time(0, 0, most), LEAST_THOUGHT);
        assert_eq!(thinking_time(-5, 0, most), LEAST_THOUGHT);
        // The cap.
        assert_eq!(thinking_time(600_000, 0, Duration::from_millis(50)), Duration::from_millis(50));
    }

    /// A bot with one game, as Black, to move.
    fn pondering_bot(config: &BotConfig) -> Bot<'_> {
        // A middle game out of the book (the book's turns come without an expected reply).
        let position = "bbbbb2bb/bbbbb1bbb/wbw1wb1wb/www1wwwww/www1wwwww b".parse();
        let game = Game::new(position.unwrap_or_else(|e| panic!("{e}")));
        let clocks = Clocks { white_ms: 60_000, black_ms: 60_000, running: None, stopped_ms: 0 };
        let playing = Playing {
            side: Side::Black,
            game,
            clocks,
            increment_ms: 0,
            last_score: None,
            thinking: None,
            pondering: None,
        };
        let mut bot = Bot::new(config, "bot".into(), Arc::new(LazyTables::default()));
        bot.games.insert("g".to_owned(), playing);
        bot
    }

    /// After its turn the bot thinks about the reply its search expects; when that reply comes, the search it
    /// pondered gives the next turn, and a different reply drops it for a search of its own. Without pondering (or
    /// at a level that does not ponder) none starts.
    #[tokio::test]
    async fn the_bot_ponders_on_the_reply_it_expects() {
        let config = BotConfig {
            url: String::new(),
            level: Level::Master,
            name: None,
            password: None,
            variant: GameVariant::Tsivy,
            time: "1+0".parse().unwrap_or_else(|e| panic!("{e:?}")),
            games: None,
            most_thought: Duration::from_millis(100),
            threads: 1,
            ponder: true,
            tournaments: false,
        };
        for hit in [true, false] {
            let mut bot = pondering_bot(&config);
            bot.start_thinking();
            let thought = bot.thinking.join_next().await.unwrap_or_else(|| panic!("no search")).unwrap();
            let best = thought.result.best.unwrap_or_else(|| panic!("no turn"));
            // As `play` does once the search is over: think on, then the turn is played.
            bot.games.get_mut("g").unwrap_or_else(|| panic!("no game")).thinking = None;
            bot.ponder("g", &thought.result);
            let playing = bot.games.get_mut("g").unwrap_or_else(|| panic!("no game"));
            let guess = playing.pondering.as_ref().map(Ponder::guess).unwrap_or_else(|| panic!("no pondering"));
            assert_eq!(Some(&guess), thought.result.pv.get(1));
            playing.game.play(&best).unwrap_or_else(|e| panic!("{e}"));
            let reply = if hit {
                guess
            } else {
                *playing.game.legal_turns().iter().find(|&&t| t != guess).unwrap_or_else(|| panic!("one reply"))
            };
            playing.game.play(&reply).unwrap_or_else(|e| panic!("{e}"));
            let stop = playing.pondering.as_ref().map(Ponder::stop_handle);
            bot.start_thinking();
            let playing = &bot.games["g"];
            assert!(playing.pondering.is_none());
            // On a hit the search under way is the one that pondered.
            let thinking = playing.thinking.as_ref().unwrap_or_else(|| panic!("no search"));
            assert_eq!(stop.as_ref().is_some_and(|s| Arc::ptr_eq(s, thinking)), hit, "hit: {hit}");
            let next = bot.thinking.join_next().await.unwrap_or_else(|| panic!("no search")).unwrap();
            assert!(playing.game.legal_turns().contains(&next.result.best.unwrap_or_else(|| panic!("no turn"))));
        }
        for config in [BotConfig { ponder: false, ..config.clone() }, BotConfig { level: Level::Classic, ..config }] {
            let mut bot = pondering_bot(&config);
            bot.start_thinking();
            let thought = bot.thinking.join_next().await.unwrap_or_else(|| panic!("no search")).unwrap();
            bot.ponder("g", &thought.result);
            assert!(bot.games["g"].pondering.is_none(), "{:?} {}", config.level, config.ponder);
        }
    }

    #[test]
    fn draws_are_accepted_only_when_drawn_or_worse() {
        assert!(!accepts_draw(None), "no search yet");
        assert!(!accepts_draw(Some(DRAW_MARGIN + 1)));
        assert!(!accepts_draw(Some(MATE - 10)));
        assert!(accepts_draw(Some(DRAW_MARGIN)));
        assert!(accepts_draw(Some(0)));
        assert!(accepts_draw(Some(-250)));
    }
}
