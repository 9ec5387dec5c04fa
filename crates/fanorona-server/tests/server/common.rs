//! Starting and killing servers, and the steps most tests share.

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use fanorona_bot::client::{Client, Welcome};
use fanorona_rules::{Game, Side, Turn, Variant};
use fanorona_server::clock::{Clock, ManualClock};
use fanorona_server::hub::Hub;
use fanorona_server::protocol::{ClientMessage, GameVariant, GameView, PlayerView, ServerMessage, TimeControl};
use fanorona_server::server::{Limits, PushConfig, Server, ServerConfig};
use fanorona_server::tournament::schedule::Scheduled;
use sqlx::{AnyPool, Row};
use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::runtime::Runtime;

/// A server in its own runtime, so that killing it drops every task it had, connections included, like `kill -9`
/// (each turn it acknowledged is already committed).
pub struct TestServer {
    runtime: Option<Runtime>,
    pub url: String,
    /// The server's hub, to count what it did (password hashes, spectators).
    pub hub: Arc<Hub>,
    /// Its SQLite file (or the name of its PostgreSQL database: [`database_url`]), to look into with [`open_db`].
    pub db: PathBuf,
    /// The temporary folder of a server started by [`TestServer::fresh`] and its kin, deleted with the server.
    _dir: Option<TempDir>,
}

impl TestServer {
    /// Starts a server as [`TestServer::start`] does, on a database of its own in a new temporary folder (deleted with
    /// the server). A test that starts another server on the same database uses [`TestServer::start`] instead.
    pub async fn fresh(clock: &Arc<ManualClock>) -> TestServer {
        TestServer::fresh_with_limits(clock, test_limits()).await
    }

    /// Starts a server as [`TestServer::fresh`] does, with the timeouts and connection cap `limits`.
    pub async fn fresh_with_limits(clock: &Arc<ManualClock>, limits: Limits) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let mut server = TestServer::start_with_limits(&dir.path().join("server.db"), clock, limits).await;
        server._dir = Some(dir);
        server
    }

    /// Starts a server as [`TestServer::fresh`] does, that looks for fallen flags every 10 ms (of real time).
    pub async fn fresh_watching_flags(clock: &Arc<ManualClock>) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let mut server = TestServer::start_watching_flags(&dir.path().join("server.db"), clock).await;
        server._dir = Some(dir);
        server
    }

    /// Starts a server on an OS-chosen loopback port and the SQLite file `db`. Its flags fall only when a player of
    /// the game acts, never between a test moving its clock and its next message.
    /// Its limits are those in service but for new guests, which the tests make many of, all from loopback.
    pub async fn start(db: &Path, clock: &Arc<ManualClock>) -> TestServer {
        TestServer::start_with(
            db,
            clock,
            Duration::from_secs(24 * 3600),
            None,
            test_limits(),
            PushConfig::default(),
            Vec::new(),
        )
        .await
    }

    /// Starts a server, as [`TestServer::start`] does, with the timeouts and connection cap `limits`.
    pub async fn start_with_limits(db: &Path, clock: &Arc<ManualClock>, limits: Limits) -> TestServer {
        TestServer::start_with(
            db,
            clock,
            Duration::from_secs(24 * 3600),
            None,
            limits,
            PushConfig::default(),
            Vec::new(),
        )
        .await
    }

    /// Starts a server that looks for fallen flags every 10 ms (of real time), as in service.
    pub async fn start_watching_flags(db: &Path, clock: &Arc<ManualClock>) -> TestServer {
        TestServer::start_with(
            db,
            clock,
            Duration::from_millis(10),
            None,
            test_limits(),
            PushConfig::default(),
            Vec::new(),
        )
        .await
    }

    /// Starts a server, as [`TestServer::start`] does, that runs the tournaments of `schedule` besides players' own.
    pub async fn start_with_schedule(db: &Path, clock: &Arc<ManualClock>, schedule: Vec<Scheduled>) -> TestServer {
        let day = Duration::from_secs(24 * 3600);
        TestServer::start_with(db, clock, day, None, test_limits(), PushConfig::default(), schedule).await
    }

    /// Starts a server, as [`TestServer::start`] does, whose SQLite file may grow to `max_pages` pages and no
    /// further: its disk is full once the file has them all. A page limit is SQLite's, so the server is on SQLite
    /// even with `FANORONA_TEST_POSTGRES`.
    pub async fn start_with_max_pages(db: &Path, clock: &Arc<ManualClock>, max_pages: u32) -> TestServer {
        TestServer::start_with(
            db,
            clock,
            Duration::from_secs(24 * 3600),
            Some(max_pages),
            test_limits(),
            PushConfig::default(),
            Vec::new(),
        )
        .await
    }

    async fn start_with(
        db: &Path,
        clock: &Arc<ManualClock>,
        flag_check_interval: Duration,
        sqlite_max_pages: Option<u32>,
        limits: Limits,
        push: PushConfig,
        schedule: Vec<Scheduled>,
    ) -> TestServer {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        let config = ServerConfig {
            listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            metrics_listen: None,
            database_url: match sqlite_max_pages {
                Some(_) => format!("sqlite://{}", db.display()),
                None => database_url(db).await,
            },
            sqlite_max_pages,
            static_dir: db.with_file_name("dist"),
            clock: Arc::clone(clock) as _,
            flag_check_interval,
            limits,
            push,
            schedule,
        };
        let server = runtime.spawn(Server::bind(config)).await.unwrap().unwrap();
        let url = format!("ws://{}/ws", server.local_addr().unwrap());
        let hub = server.hub();
        runtime.spawn(server.run(std::future::pending()));
        TestServer { runtime: Some(runtime), url, hub, db: db.to_path_buf(), _dir: None }
    }

    /// Starts a server as [`TestServer::start`] does that posts Web Push messages to the push services `push` names.
    pub async fn start_with_push(db: &Path, clock: &Arc<ManualClock>, push: PushConfig) -> TestServer {
        TestServer::start_with(db, clock, Duration::from_secs(24 * 3600), None, test_limits(), push, Vec::new()).await
    }

    /// A new connection, greeted as a new guest named `name`.
    pub async fn guest(&self, name: &str) -> (Client, Welcome) {
        let mut client = Client::connect(&self.url).await.unwrap();
        let welcome = client.hello(None, Some(name)).await.unwrap();
        (client, welcome)
    }

    /// A new connection of a new guest named `name`, registered with [`password_of`] its name (rated games are for
    /// registered players).
    pub async fn registered(&self, name: &str) -> (Client, Welcome) {
        let (mut client, mut welcome) = self.guest(name).await;
        welcome.player = register(&mut client, name).await;
        (client, welcome)
    }

    /// Stops the server at once, in the middle of whatever it was doing.
    pub fn kill(mut self) {
        self.runtime.take().unwrap().shutdown_background();
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// The limits of [`TestServer::start`]: those in service, but for as many new guests as the tests make.
pub fn test_limits() -> Limits {
    Limits { guests_per_address_per_hour: u32::MAX, ..Limits::default() }
}

/// A loopback address other than 127.0.0.1 (Linux answers on all of 127.0.0.0/8): another device, or an attacker.
pub fn attacker(n: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, n))
}

/// The password the tests give the player `name`.
pub fn password_of(name: &str) -> String {
    format!("{name}'s password")
}

/// Registers the guest of `client` under `name` with [`password_of`] it; the player as registered.
pub async fn register(client: &mut Client, name: &str) -> PlayerView {
    let register = ClientMessage::Register { name: name.to_owned(), password: password_of(name) };
    match client.request(register).await {
        Ok(ServerMessage::Registered { player, .. }) => player,
        other => panic!("{other:?}"),
    }
}

/// The database of a test whose SQLite file is `db`. With `FANORONA_TEST_POSTGRES` set to a PostgreSQL server's
/// URL (`postgres://USER@HOST:PORT`, a user who may create databases), a database of that server named after the
/// test's temporary folder instead, created on first use: the same tests then run on PostgreSQL.
pub async fn database_url(db: &Path) -> String {
    let Ok(server) = std::env::var("FANORONA_TEST_POSTGRES") else {
        return format!("sqlite://{}", db.display());
    };
    let folder = db.parent().and_then(Path::file_name).unwrap().to_string_lossy();
    let folder: String = folder.chars().filter(char::is_ascii_alphanumeric).collect();
    let name = format!("test_{}", folder.to_lowercase());
    sqlx::any::install_default_drivers();
    let admin = AnyPool::connect(&format!("{server}/postgres")).await.unwrap();
    let exists = sqlx::query("SELECT 1 FROM pg_database WHERE datname = $1").bind(&name).fetch_optional(&admin);
    if exists.await.unwrap().is_none() {
        sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin).await.unwrap();
    }
    format!("{server}/{name}")
}

/// The running program, killed with SIGKILL when dropped (so that a failing test leaves no process behind), and the
/// lines of its log so far.
pub struct Running(pub Child, pub Log);

/// The lines a program logged so far.
pub type Log = Arc<std::sync::Mutex<Vec<String>>>;

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the program on an OS-chosen port; returns it with its WebSocket URL (read from its log line). The rest of
/// its log goes to the test's output (shown when the test fails).
pub async fn spawn(db: &Path) -> (Running, String) {
    // The load test's thousand clients all come from loopback.
    spawn_with(db, &["--connections-per-address", "100000", "--guests-per-address-per-hour", "100000"]).await
}

/// Starts the program as [`spawn`] does, with the options `args` besides its address and database.
pub async fn spawn_with(db: &Path, args: &[&str]) -> (Running, String) {
    spawn_on(&database_url(db).await, args).await
}

/// Starts the program as [`spawn`] does on the database of `url`, with the options `args`.
pub async fn spawn_on(url: &str, args: &[&str]) -> (Running, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fanorona-server"))
        .args(["--listen", "127.0.0.1:0", "--database", url])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (stdout, stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let (address, read) = tokio::sync::oneshot::channel();
    let log = Log::default();
    let kept = Arc::clone(&log);
    // Standard error (a panic's message, what a library prints) is kept with the log.
    let errors = Arc::clone(&log);
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            eprintln!("server: {line}");
            errors.lock().unwrap().push(line);
        }
    });
    // A thread of its own reads the log for as long as the program runs: a log nobody reads fills the pipe, and the
    // program's writes would block or fail.
    std::thread::spawn(move || {
        let mut address = Some(address);
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            kept.lock().unwrap().push(line.clone());
            match line.split_once("listening on http://") {
                Some((_, rest)) if address.is_some() => {
                    let found = rest.split(' ').next().unwrap_or_default().to_owned();
                    address.take().map(|sender| sender.send(found));
                }
                _ => eprintln!("server: {line}"),
            }
        }
    });
    let address = read.await.unwrap();
    (Running(child, log), format!("ws://{address}/ws"))
}

/// The resident memory of process `pid`, in KiB (0 where /proc cannot tell).
pub fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap_or_default();
    line.split_whitespace().nth(1).and_then(|kib| kib.parse().ok()).unwrap_or_default()
}

/// The greatest value of a figure of a process (its memory, its thread count), sampled every 100 ms from when it is
/// started until it is read.
pub struct Peak {
    sample: Arc<dyn Fn() -> u64 + Send + Sync>,
    peak: Arc<AtomicU64>,
    sampler: tokio::task::JoinHandle<()>,
}

impl Peak {
    /// Starts sampling `sample`.
    pub fn start(sample: impl Fn() -> u64 + Send + Sync + 'static) -> Peak {
        let sample: Arc<dyn Fn() -> u64 + Send + Sync> = Arc::new(sample);
        let peak = Arc::new(AtomicU64::new(sample()));
        let sampler = {
            let (sample, peak) = (Arc::clone(&sample), Arc::clone(&peak));
            tokio::spawn(async move {
                loop {
                    peak.fetch_max(sample(), Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            })
        };
        Peak { sample, peak, sampler }
    }

    /// Stops sampling; the peak, now included.
    pub fn stop(self) -> u64 {
        self.sampler.abort();
        let now = (self.sample)();
        self.peak.fetch_max(now, Ordering::Relaxed).max(now)
    }
}

/// A thread of a process, as Linux's `/proc` shows it.
#[derive(Clone, Debug)]
pub struct ThreadStat {
    /// Its id (the system's, not Rust's).
    pub id: u32,
    /// Its name, cut at 15 bytes.
    pub name: String,
    /// The processor time it used so far, user and system, in clock ticks.
    pub cpu_ticks: u64,
}

/// The id, name and processor time (user and system, in clock ticks) in a `stat` file of Linux's `/proc`.
fn read_stat(path: &Path) -> Option<ThreadStat> {
    // `id (name) state ...`: the name may hold spaces and parentheses, the fields after the last `)` do not.
    let stat = std::fs::read_to_string(path).ok()?;
    let (open, close) = (stat.find('(')?, stat.rfind(')')?);
    let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
    // Fields 14 and 15 of the line (utime, stime), the third and later being after the name.
    let ticks = |n: usize| fields.get(n - 3).and_then(|field| field.parse::<u64>().ok());
    Some(ThreadStat {
        id: stat[..open].trim().parse().ok()?,
        name: stat[open + 1..close].to_owned(),
        cpu_ticks: ticks(14)? + ticks(15)?,
    })
}

/// The threads of process `pid` now (none where /proc cannot tell).
pub fn threads(pid: u32) -> Vec<ThreadStat> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return Vec::new() };
    tasks.map_while(Result::ok).filter_map(|task| read_stat(&task.path().join("stat"))).collect()
}

/// Makes the empty SQLite file `db` as the server makes it, its owner's alone (a test that opens it before the server
/// does would otherwise make it readable by others, and the server refuses such a file).
pub fn private_file(db: &Path) {
    std::fs::write(db, b"").unwrap();
    fanorona_server::db::make_private(db).unwrap();
}

/// A pool on the test's database, to check what the server stored.
pub async fn open_db(db: &Path) -> AnyPool {
    sqlx::any::install_default_drivers();
    AnyPool::connect(&database_url(db).await).await.unwrap()
}

/// How long a test waits for the server to do what it must before failing: only a failing test waits this long, so it
/// may be generous enough for the busiest machine.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Waits until the server's metric `name` (with its labels) reads `value`: for what the server does on its own, which a
/// test can only look for.
pub async fn until_metric(server: &TestServer, name: &str, value: f64) {
    let started = Instant::now();
    loop {
        let read = sample(&server.hub.render_metrics(), name);
        if read == Some(value) {
            return;
        }
        assert!(started.elapsed() < PATIENCE, "{name} is {read:?}, not {value}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A manual clock at some fixed date, shared by a test and its servers.
pub fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new(1_800_000_000_000))
}

/// A `create_challenge`: tsivy, unrated, 5+3, no vela, open to anyone, unless its methods say otherwise.
#[derive(Clone, Debug)]
pub struct Challenge {
    variant: GameVariant,
    rated: bool,
    time: TimeControl,
    vela: bool,
    opponent: Option<String>,
}

/// A `create_challenge` of tsivy, unrated, 5+3, no vela, to anyone: [`Challenge`]'s methods change one term each.
pub fn challenge() -> Challenge {
    Challenge { variant: GameVariant::Tsivy, rated: false, time: "5+3".parse().unwrap(), vela: false, opponent: None }
}

impl Challenge {
    /// On this board.
    pub fn variant(self, variant: GameVariant) -> Challenge {
        Challenge { variant, ..self }
    }

    /// Rated or not.
    pub fn rated(self, rated: bool) -> Challenge {
        Challenge { rated, ..self }
    }

    /// With this time control, such as `"1+0"`.
    pub fn time(self, time: &str) -> Challenge {
        Challenge { time: time.parse().unwrap(), ..self }
    }

    /// A vela game.
    pub fn vela(self) -> Challenge {
        Challenge { vela: true, ..self }
    }

    /// Addressed to the player with this id (or to anyone, with none).
    pub fn to(self, opponent: Option<&str>) -> Challenge {
        Challenge { opponent: opponent.map(str::to_owned), ..self }
    }
}

impl From<Challenge> for ClientMessage {
    fn from(Challenge { variant, rated, time, vela, opponent }: Challenge) -> ClientMessage {
        ClientMessage::CreateChallenge { variant, rated, time, vela, opponent }
    }
}

/// Two players in a new game: `alice` opens a challenge and `bob` accepts it. Returns them as (white, black) with
/// the game as both see it.
pub async fn start_game(
    server: &TestServer,
    names: [&str; 2],
    rated: bool,
    time: &str,
) -> ([(Client, Welcome); 2], GameView) {
    // Rated games are for registered players.
    let player = async |name| if rated { server.registered(name).await } else { server.guest(name).await };
    let (mut alice, alice_welcome) = player(names[0]).await;
    let (mut bob, bob_welcome) = player(names[1]).await;
    let challenge = match alice.request(challenge().rated(rated).time(time).into()).await {
        Ok(ServerMessage::ChallengeCreated { challenge }) => challenge,
        other => panic!("{other:?}"),
    };
    let game = match bob.request(ClientMessage::AcceptChallenge { challenge: challenge.id.clone() }).await {
        Ok(ServerMessage::GameState { game }) => game,
        other => panic!("{other:?}"),
    };
    assert_eq!(game.id, challenge.id, "the challenge's id is the game's");
    assert_eq!(next_game_state(&mut alice).await, game);
    let pair = if game.white.id == alice_welcome.player.id {
        [(alice, alice_welcome), (bob, bob_welcome)]
    } else {
        [(bob, bob_welcome), (alice, alice_welcome)]
    };
    (pair, game)
}

async fn next_game_state(client: &mut Client) -> GameView {
    match client.next().await.unwrap().message {
        ServerMessage::GameState { game } => game,
        other => panic!("{other:?}"),
    }
}

/// A game of the rules played along, to choose legal turns.
pub fn rules_game(turns: &[String]) -> Game {
    let mut game = Game::of_variant(Variant::Tsivy);
    for turn in turns {
        game.play_notation(turn).unwrap();
    }
    game
}

/// The turn a test player chooses: White takes as many pieces as it can, Black as few, so that White wins soon.
pub fn choose(game: &Game) -> Turn {
    let position = game.position();
    let mover = position.side_to_move();
    let left = |turn: &Turn| position.play(turn).unwrap().pieces(!mover).len();
    let turns = game.legal_turns();
    let chosen = match mover {
        Side::White => turns.iter().min_by_key(|t| left(t)),
        Side::Black => turns.iter().max_by_key(|t| left(t)),
    };
    *chosen.unwrap()
}

/// The turn that leaves the opponent the most pieces: a long game (41 turns when both sides play it).
pub fn patient(game: &Game) -> String {
    let position = game.position();
    let mover = position.side_to_move();
    let turns = game.legal_turns();
    let left = |turn: &&Turn| position.play(turn).map_or(0, |after| after.pieces(!mover).len());
    turns.iter().max_by_key(left).map_or_else(|| choose(game).to_string(), ToString::to_string)
}

/// Plays `turn` as turn `ply` of `game` from `mover` and checks that both players hear of it; returns the
/// `played` message.
pub async fn play(mover: &mut Client, other: &mut Client, game: &str, ply: u32, turn: &str) -> ServerMessage {
    let message = ClientMessage::Play { game: game.to_owned(), ply, turn: turn.to_owned() };
    let played = mover.request(message).await.unwrap();
    assert!(matches!(&played, ServerMessage::Played { ply: p, .. } if *p == ply), "{played:?}");
    assert_eq!(other.next().await.unwrap().message, played);
    played
}

/// Both players play the turns [`choose`] picks, a second each, until the game ends on the board or, after
/// `most_turns`, the side to move resigns; checks that the opponent and the spectator hear of every turn and of the
/// end. Returns the turns played and the `game_over`.
pub async fn play_out(
    clock: &ManualClock,
    game: &str,
    [white, black]: [&mut Client; 2],
    spectator: &mut Client,
    most_turns: u32,
) -> (Vec<String>, ServerMessage) {
    let mut turns: Vec<String> = Vec::new();
    loop {
        let ply = turns.len() as u32 + 1;
        let (mover, other) = if ply % 2 == 1 { (&mut *white, &mut *black) } else { (&mut *black, &mut *white) };
        if ply > most_turns {
            let over = mover.request(ClientMessage::Resign { game: game.to_owned() }).await.unwrap();
            assert_eq!(other.next().await.unwrap().message, over);
            assert_eq!(spectator.next().await.unwrap().message, over);
            return (turns, over);
        }
        let turn = choose(&rules_game(&turns)).to_string();
        wait(clock, 1);
        let played = play(mover, other, game, ply, &turn).await;
        assert_eq!(spectator.next().await.unwrap().message, played);
        turns.push(turn);
        if rules_game(&turns).is_over() {
            let over = mover.next().await.unwrap().message;
            assert_eq!(other.next().await.unwrap().message, over);
            assert_eq!(spectator.next().await.unwrap().message, over);
            return (turns, over);
        }
    }
}

/// The turns of a game as stored, in order.
pub async fn stored_turns(pool: &AnyPool, game: &str) -> Vec<String> {
    let rows = sqlx::query("SELECT notation FROM turns WHERE game = $1 ORDER BY ply").bind(game).fetch_all(pool);
    rows.await.unwrap().iter().map(|row| row.get("notation")).collect()
}

/// Lets time pass on the server's clock.
pub fn wait(clock: &ManualClock, seconds: u64) {
    clock.advance(Duration::from_secs(seconds));
}

/// Moves the server's clock a second on and closes `leaving`, then waits until the server has marked their open
/// `challenges` seen at that second, as it does when a player's last connection closes: the clock may then move on
/// without the server marking them later. Only the closing marks them at that second: the sweep, which marks the
/// challenges of connected players too, ran when the server started and after each move of the clock that the test
/// then waited on, and runs next [`LOBBY_SWEEP_INTERVAL`](fanorona_server::hub::LOBBY_SWEEP_INTERVAL) later on the
/// server's clock.
pub async fn leave(clock: &ManualClock, pool: &AnyPool, leaving: Vec<Client>, challenges: &[&str]) {
    wait(clock, 1);
    let now = clock.now_ms();
    for client in leaving {
        client.close().await.unwrap();
    }
    let start = Instant::now();
    for id in challenges {
        loop {
            let seen = sqlx::query("SELECT updated FROM games WHERE id = $1").bind(*id).fetch_one(pool);
            let seen: i64 = seen.await.unwrap().get("updated");
            if seen == now {
                break;
            }
            assert!(start.elapsed() < PATIENCE, "challenge {id} last seen at {seen}, not {now}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// An HTTP answer as it came: the status, the headers (names in lower case) and the body's bytes.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// `GET path` on the server at `address` (`HOST:PORT`), with `Accept-Encoding: accept` if given, on a connection
/// closed after the answer.
pub async fn get(address: &str, path: &str, accept: Option<&str>) -> Answer {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let accept = accept.map(|a| format!("Accept-Encoding: {a}\r\n")).unwrap_or_default();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\n{accept}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).await.unwrap();
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n").expect("no end of headers");
    let head = String::from_utf8(bytes[..end].to_vec()).unwrap();
    let mut lines = head.lines();
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .map(|line| {
            let (name, value) = line.split_once(':').unwrap();
            (name.to_ascii_lowercase(), value.trim().to_owned())
        })
        .collect();
    Answer { status, headers, body: bytes[end + 4..].to_vec() }
}

/// The address in the log line `metrics at http://ADDRESS/metrics`, once the program wrote it.
pub async fn metrics_address(log: &Log) -> String {
    let began = Instant::now();
    loop {
        let found = log.lock().unwrap().iter().find_map(|line| {
            let rest = line.split_once("metrics at http://")?.1;
            rest.split_once("/metrics").map(|(address, _)| address.to_owned())
        });
        if let Some(address) = found {
            return address;
        }
        assert!(began.elapsed() < Duration::from_secs(30), "no metrics address in the log");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The value of the sample `name` (with its labels) in the metrics `text`, or none.
pub fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}
