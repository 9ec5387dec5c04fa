//! Online play against a real game server, started inside the test on loopback with its database in a temporary
//! folder and a clock moved by hand: two headless games find each other in the lobby and play a game to its end with
//! identical boards after every turn while a third watches it from the lobby, then the finished game is replayed
//! and reviewed from the player's profile; a dropped connection comes back by itself and the game goes on (a turn
//! played meanwhile reaches the opponent); a clock runs out, ticking in its last seconds, and a rematch is offered to
//! the opponent and accepted.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use fanorona::access::Spoken;
use fanorona::audio::SoundCue;
use fanorona::game::commands::{GameCommand, PendingConfirmation, Question};
use fanorona::game::session::BoardUse;
use fanorona::online::link::{Link, LinkState};
use fanorona::online::lobby::{Lobby, LobbyTab};
use fanorona::online::moderation::Moderation;
use fanorona::online::play::{OnlineGame, OnlineMatch};
use fanorona::online::reports::BlockedPlayers;
use fanorona::online::tournaments::{Call, TournamentCall, Tournaments};
use fanorona::online::{ChallengeSettings, OnlineCommand};
use fanorona::persistence::game_files::GameFiles;
use fanorona::persistence::profile::Profile;
use fanorona::persistence::settings::Settings;
use fanorona::persistence::storage::Notices;
use fanorona::puzzles::{PuzzleBoard, PuzzleCommand, PuzzleStatus};
use fanorona::review::{ReviewCommand, Reviewing};
use fanorona::screens::AppState;
use fanorona_protocol::{
    Color, EndReason, GameVariant, ModerationAction, ReportReason, TimeControl, TournamentFormat, TournamentSettings,
    TournamentTerms,
};
use fanorona_puzzles::shipped_puzzle;
use fanorona_server::clock::{Clock, ManualClock};
use fanorona_server::server::{Limits, PushConfig, Server, ServerConfig};

use crate::common::{PATIENCE, app, english, humans, play, session, settle, start_with, state, temp_dir, turns};

/// A server in a runtime of its own: dropping the runtime stops it at once, connections and all.
pub(crate) struct TestServer {
    runtime: Option<tokio::runtime::Runtime>,
    pub(crate) address: SocketAddr,
}

impl TestServer {
    /// Starts a server on `address` (port 0: any free one) with the SQLite database `db`. It looks for fallen flags
    /// every 10 ms, as in service, on `clock`.
    pub(crate) fn start(db: &Path, address: SocketAddr, clock: &Arc<ManualClock>) -> TestServer {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        // The port of a server just stopped may take a moment to be free again.
        let server = loop {
            let config = ServerConfig {
                listen: address,
                metrics_listen: None,
                database_url: format!("sqlite://{}", db.display()),
                sqlite_max_pages: None,
                static_dir: db.with_file_name("dist"),
                clock: Arc::clone(clock) as _,
                flag_check_interval: Duration::from_millis(10),
                limits: Limits::default(),
                push: PushConfig::default(),
                schedule: Vec::new(),
            };
            match runtime.block_on(Server::bind(config)) {
                Ok(server) => break server,
                Err(e) if Instant::now() < deadline => {
                    eprintln!("binding {address}: {e}");
                    std::thread::sleep(Duration::from_millis(100));
                }
                Err(e) => panic!("the server did not start: {e}"),
            }
        };
        let address = server.local_addr().unwrap();
        runtime.spawn(server.run(std::future::pending()));
        TestServer { runtime: Some(runtime), address }
    }

    pub(crate) fn url(&self) -> String {
        format!("ws://{}/ws", self.address)
    }

    /// Stops the server in the middle of whatever it was doing.
    pub(crate) fn kill(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.kill();
    }
}

pub(crate) fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new(1_800_000_000_000))
}

pub(crate) fn any_port() -> SocketAddr {
    SocketAddr::from((Ipv4Addr::LOCALHOST, 0))
}

/// A game in its own folder, set to play on `url` as a new guest named `name`, opening the lobby.
pub(crate) fn player(url: &str, name: &str) -> App {
    let mut app = app();
    go_online(&mut app, url, name);
    app
}

/// Sets `app` to play on `url` as a new guest named `name`, and opens the lobby.
pub(crate) fn go_online(app: &mut App, url: &str, name: &str) {
    let mut settings = app.world_mut().resource_mut::<Settings>();
    settings.online.server = url.to_owned();
    settings.online.name = name.to_owned();
    app.world_mut().write_message(OnlineCommand::Open);
}

/// Runs frames of every app (and lets real time pass, for the sockets) until `done`, within the patience given to
/// work on threads.
pub(crate) fn run_until_all(apps: &mut [&mut App], what: &str, done: impl Fn(&[&mut App]) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        for app in apps.iter_mut() {
            app.update();
        }
        if done(apps) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

pub(crate) fn link(app: &App) -> &Link {
    app.world().resource::<Link>()
}

pub(crate) fn game(app: &App) -> Option<&OnlineGame> {
    app.world().resource::<OnlineMatch>().0.as_ref()
}

pub(crate) fn command(app: &mut App, command: OnlineCommand) {
    app.world_mut().write_message(command);
}

/// Alice opens a challenge, Bob finds it in his lobby and accepts it: both are on the board of the same game.
/// Returns them as (White, Black).
fn start_game(server: &TestServer, variant: GameVariant, time: &str) -> (App, App) {
    let mut alice = player(&server.url(), "alice");
    let mut bob = player(&server.url(), "bob");
    run_until_all(&mut [&mut alice, &mut bob], "both welcomed", |apps| apps.iter().all(|a| link(a).is_online()));
    assert_eq!(state(&alice), AppState::Lobby);
    let time: TimeControl = time.parse().unwrap();
    command(&mut alice, OnlineCommand::Create(ChallengeSettings { variant, rated: false, time }));
    // Each hears of the challenge on its own connection: wait for both.
    run_until_all(&mut [&mut alice, &mut bob], "the challenge in Bob's lobby and as Alice's own", |apps| {
        apps[1].world().resource::<Lobby>().challenges.iter().any(|c| c.by.name == "alice")
            && apps[0].world().resource::<Lobby>().mine.is_some()
    });
    let lobby = bob.world().resource::<Lobby>();
    let challenge = lobby.challenges.iter().find(|c| c.by.name == "alice").unwrap().clone();
    assert_eq!((challenge.variant, challenge.time, challenge.rated), (variant, time, false));
    assert_eq!(alice.world().resource::<Lobby>().mine.as_ref().map(|c| &c.id), Some(&challenge.id));
    command(&mut bob, OnlineCommand::Accept(challenge.id.clone()));
    run_until_all(&mut [&mut alice, &mut bob], "both on the board", |apps| {
        apps.iter().all(|a| state(a) == AppState::Online && game(a).is_some_and(|g| g.id == challenge.id))
    });
    assert!(alice.world().resource::<Lobby>().mine.is_none(), "an accepted challenge is no longer open");
    match game(&alice).unwrap().me {
        Some(Color::White) => (alice, bob),
        _ => (bob, alice),
    }
}

/// The app whose person is to move, and the other.
fn mover<'a>(white: &'a mut App, black: &'a mut App) -> (&'a mut App, &'a mut App) {
    if session(white).human_to_move() { (white, black) } else { (black, white) }
}

/// The player to move plays the first legal turn by clicks; the opponent's board gets it.
pub(crate) fn play_a_turn(white: &mut App, black: &mut App) {
    // Clicks wait until the board has shown the opponent's turn, as a person would.
    settle(white);
    settle(black);
    let (mover, other) = mover(white, black);
    assert!(!session(other).human_to_move(), "only one side may move");
    let turn = session(mover).position().legal_turns()[0].to_string();
    play(mover, &turn);
    let count = turns(mover).len();
    run_until_all(&mut [mover, other], "the turn on the other board", |apps| turns(apps[1]).len() == count);
    assert_eq!(turns(mover), turns(other), "both boards have the same game");
    assert_eq!(session(mover).position(), session(other).position());
}

#[test]
fn two_players_find_each_other_in_the_lobby_and_play_to_the_end() {
    let dir = temp_dir();
    let clock = clock();
    let server = TestServer::start(&dir.join("server.db"), any_port(), &clock);
    let (mut white, mut black) = start_game(&server, GameVariant::Dimy, "5+0");
    assert_eq!((game(&white).unwrap().me, game(&black).unwrap().me), (Some(Color::White), Some(Color::Black)));
    assert!(session(&white).human_to_move() && !session(&black).human_to_move());
    let id = game(&white).unwrap().id.clone();
    // Carol finds the game among those being played, and watches it.
    let mut carol = player(&server.url(), "carol");
    run_until_all(&mut [&mut carol], "the game in Carol's lobby", |apps| {
        apps[0].world().resource::<Lobby>().games.iter().any(|g| g.id == id)
    });
    command(&mut carol, OnlineCommand::Watch(id.clone()));
    run_until_all(&mut [&mut carol], "Carol watching", |apps| {
        state(apps[0]) == AppState::Online && game(apps[0]).is_some_and(|g| g.id == id)
    });
    assert_eq!(game(&carol).unwrap().me, None, "a spectator plays neither side");
    let mut played = 0;
    while game(&white).unwrap().result.is_none() {
        assert!(played < 300, "the game did not end");
        play_a_turn(&mut white, &mut black);
        played += 1;
        let count = turns(&white).len();
        run_until_all(&mut [&mut carol], "the turn on the spectator's board", |apps| turns(apps[0]).len() == count);
        assert_eq!(turns(&carol), turns(&white));
        assert!(!session(&carol).human_to_move(), "a spectator never moves");
        run_until_all(&mut [&mut white, &mut black], "the server's word on the turn", |apps| {
            let ended = session(apps[0]).is_over();
            // A turn that ends the game is followed by the server's result on both boards.
            !ended || apps.iter().all(|a| game(a).is_some_and(|g| g.result.is_some()))
        });
    }
    let (result, other) = (game(&white).unwrap().result, game(&black).unwrap().result);
    assert_eq!(result, other);
    let outcome = session(&white).outcome().expect("the rules ended the game");
    assert_eq!(result.map(|r| r.winner.map(Into::into)), Some(outcome.winner()));
    let over = |app: &App| session(app).board_use() == BoardUse::Online { over: true };
    assert!(over(&white) && over(&black), "a finished online game takes no more turns");
    run_until_all(&mut [&mut carol], "the result on the spectator's board", |apps| {
        game(apps[0]).is_some_and(|g| g.result == result)
    });
    let winner = result.and_then(|r| r.winner).map(|w| game(&carol).unwrap().player(w).name.clone());
    let text = english(&game(&carol).unwrap().result_text().unwrap());
    assert!(text.starts_with(&winner.map_or("Draw".to_owned(), |w| format!("{w} won"))), "{text}");
    // Back in the lobby, the game is gone from the board's resources.
    command(&mut white, OnlineCommand::Leave);
    run_until_all(&mut [&mut white], "the lobby", |apps| state(apps[0]) == AppState::Lobby);
    assert!(game(&white).is_none());

    // White's profile lists the game; replayed, it is on the board as it ended, and can be reviewed.
    command(&mut white, OnlineCommand::Profile);
    run_until_all(&mut [&mut white], "the profile", |apps| apps[0].world().resource::<Lobby>().profile.is_some());
    let profile = white.world().resource::<Lobby>().profile.clone().unwrap();
    assert!(profile.history.is_empty(), "a dimy game is not rated");
    let [finished] = profile.games.as_slice() else { panic!("{:?}", profile.games) };
    assert_eq!((finished.game.id.as_str(), finished.result), (id.as_str(), result.unwrap()));
    command(&mut white, OnlineCommand::Replay(Box::new(finished.clone())));
    run_until_all(&mut [&mut white], "the game replayed", |apps| state(apps[0]) == AppState::Online);
    assert_eq!(turns(&white), turns(&black));
    assert_eq!((game(&white).unwrap().result, game(&white).unwrap().me), (result, Some(Color::White)));
    assert!(over(&white), "a replayed game takes no turns");
    white.world_mut().write_message(ReviewCommand::Open);
    run_until_all(&mut [&mut white], "the review", |apps| state(apps[0]) == AppState::Review);
    assert_eq!(white.world().resource::<Reviewing>().game().turns().len(), turns(&black).len());
    assert!(!white.world().resource::<Reviewing>().can_try_again(), "an online game is not played on");
    white.world_mut().write_message(ReviewCommand::Close);
    run_until_all(&mut [&mut white], "back from the review", |apps| state(apps[0]) == AppState::Online);
    assert_eq!(turns(&white), turns(&black), "the game is back on the board as it ended");
}

#[test]
fn a_dropped_connection_comes_back_and_the_game_goes_on() {
    let dir = temp_dir();
    let db = dir.join("server.db");
    let clock = clock();
    let mut server = TestServer::start(&db, any_port(), &clock);
    let address = server.address;
    let (mut white, mut black) = start_game(&server, GameVariant::Tsivy, "10+5");
    play_a_turn(&mut white, &mut black);
    play_a_turn(&mut white, &mut black);

    server.kill();
    run_until_all(&mut [&mut white, &mut black], "both to see the connection drop", |apps| {
        apps.iter().all(|a| matches!(link(a).state(), LinkState::Waiting(_)))
    });
    let describe = english(&link(&white).describe());
    assert!(describe.starts_with("Connection lost"), "{describe}");
    // The board stays, and the player to move may play: the turn waits for the connection.
    assert_eq!(state(&white), AppState::Online);
    assert_eq!(turns(&white).len(), 2);
    settle(&mut white);
    let turn = session(&white).position().legal_turns()[0].to_string();
    play(&mut white, &turn);
    assert_eq!(turns(&white).len(), 3);

    let server = TestServer::start(&db, address, &clock);
    assert_eq!(server.address, address);
    run_until_all(&mut [&mut white, &mut black], "the turn played offline on the other board", |apps| {
        apps.iter().all(|a| link(a).is_online()) && turns(apps[1]).len() == 3
    });
    assert_eq!(turns(&white), turns(&black));
    assert_eq!(session(&white).position(), session(&black).position());
    // And the game goes on.
    play_a_turn(&mut white, &mut black);
    assert_eq!(turns(&white).len(), 4);
}

/// The ticks of the last seconds heard so far.
#[derive(Resource, Default)]
struct Ticks(usize);

fn count_ticks(mut cues: MessageReader<SoundCue>, mut ticks: ResMut<Ticks>) {
    ticks.0 += cues.read().filter(|c| **c == SoundCue::Tick).count();
}

#[test]
fn a_clock_that_runs_out_ends_the_game() {
    let dir = temp_dir();
    let clock = clock();
    let server = TestServer::start(&dir.join("server.db"), any_port(), &clock);
    let (mut white, mut black) = start_game(&server, GameVariant::Tsivy, "1+0");
    for app in [&mut white, &mut black] {
        app.init_resource::<Ticks>().add_systems(Update, count_ticks);
    }
    assert_eq!(game(&white).unwrap().running(), Some(Color::White));
    // White thinks 52 s over the first turn; Black answers at once: White's clock runs with 8 s, and ticks.
    clock.advance(Duration::from_secs(52));
    play_a_turn(&mut white, &mut black);
    play_a_turn(&mut white, &mut black);
    let started = Instant::now();
    run_until_all(&mut [&mut white, &mut black], "a second and a half", |_| started.elapsed().as_millis() > 1500);
    let ticks = |app: &App| app.world().resource::<Ticks>().0;
    assert!(ticks(&white) >= 1, "White's last seconds tick");
    assert_eq!(ticks(&black), 0, "Black's clock is not running");
    // And White is told, in words, once.
    let warned = |app: &App| {
        let said = app.world().resource::<Spoken>().said().map(english).collect::<Vec<_>>();
        said.iter().filter(|t| t.ends_with("seconds left on your clock.")).cloned().collect::<Vec<_>>()
    };
    assert_eq!(warned(&white), ["10 seconds left on your clock."]);
    assert_eq!(warned(&black), Vec::<String>::new());
    // Without sound, nothing ticks.
    white.world_mut().resource_mut::<Settings>().sound = false;
    let before = ticks(&white);
    let started = Instant::now();
    run_until_all(&mut [&mut white], "another second and a half", |_| started.elapsed().as_millis() > 1500);
    assert_eq!(ticks(&white), before);
    clock.advance(Duration::from_secs(9));
    run_until_all(&mut [&mut white, &mut black], "the flag to fall", |apps| {
        apps.iter().all(|a| game(a).is_some_and(|g| g.result.is_some()))
    });
    for app in [&white, &black] {
        let game = game(app).unwrap();
        let result = game.result.unwrap();
        assert_eq!((result.winner, result.reason), (Some(Color::Black), EndReason::Timeout));
        assert_eq!(game.clock_ms(Color::White), 0);
        assert_eq!(game.running(), None);
    }
    let name = game(&white).unwrap().white.name.clone();
    assert_eq!(english(&game(&white).unwrap().result_text().unwrap()), "You lost on time.");
    assert_eq!(english(&game(&black).unwrap().result_text().unwrap()), format!("You won: {name}'s time ran out."));
    assert!(!session(&white).human_to_move(), "no turn after the flag fell");

    // White asks for a rematch: Black is offered it on the game-over screen, accepts, and both are in a new game.
    let old = game(&white).unwrap().id.clone();
    command(&mut white, OnlineCommand::Rematch);
    run_until_all(&mut [&mut white, &mut black], "the rematch offered to Black", |apps| {
        apps[1].world().resource::<Lobby>().rematch_offer(game(apps[1]).unwrap()).is_some()
    });
    assert_eq!(state(&black), AppState::Online, "the offer comes to the game-over screen");
    let offer = black.world().resource::<Lobby>().rematch_offer(game(&black).unwrap()).unwrap().clone();
    assert_eq!((offer.by.name.as_str(), offer.time.to_string().as_str()), (name.as_str(), "1+0"));
    command(&mut black, OnlineCommand::Accept(offer.id.clone()));
    run_until_all(&mut [&mut white, &mut black], "both in the rematch", |apps| {
        apps.iter().all(|a| state(a) == AppState::Online && game(a).is_some_and(|g| g.id == offer.id))
    });
    assert_ne!(offer.id, old);
    assert!(game(&white).unwrap().result.is_none() && turns(&white).is_empty());

    // Resigning asks first, from the button and from its key (Shift+Q) alike: a no leaves the game going; a yes ends
    // it, told to the one who resigned in their own words.
    let asking = |app: &App| app.world().resource::<PendingConfirmation>().0;
    command(&mut white, OnlineCommand::Resign);
    run_until_all(&mut [&mut white], "the question", |apps| asking(apps[0]) == Some(Question::Resign));
    white.world_mut().write_message(GameCommand::Decline);
    run_until_all(&mut [&mut white], "the question answered", |apps| asking(apps[0]).is_none());
    let started = Instant::now();
    run_until_all(&mut [&mut white, &mut black], "half a second", |_| started.elapsed().as_millis() > 500);
    assert!(game(&white).unwrap().result.is_none() && game(&black).unwrap().result.is_none(), "no resigns nothing");
    white.world_mut().write_message(GameCommand::Resign);
    run_until_all(&mut [&mut white], "the question again", |apps| asking(apps[0]) == Some(Question::Resign));
    white.world_mut().write_message(GameCommand::Confirm);
    run_until_all(&mut [&mut white, &mut black], "the resignation", |apps| {
        apps.iter().all(|a| game(a).is_some_and(|g| g.result.is_some()))
    });
    let quitter = game(&white).unwrap().player(game(&white).unwrap().me.unwrap()).name.clone();
    assert_eq!(english(&game(&white).unwrap().result_text().unwrap()), "You resigned.");
    assert_eq!(english(&game(&black).unwrap().result_text().unwrap()), format!("You won: {quitter} resigned."));
}

fn online_settings(app: &App) -> &fanorona::persistence::settings::OnlineSettings {
    &app.world().resource::<Settings>().online
}

#[test]
fn a_guest_registers_and_signs_in_on_another_device_then_signs_out() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("server.db"), any_port(), &clock());
    let mut first = player(&server.url(), "alice");
    let mut second = player(&server.url(), "someone");
    run_until_all(&mut [&mut first, &mut second], "both welcomed", |apps| apps.iter().all(|a| link(a).is_online()));
    let alice = link(&first).me().unwrap().id.clone();
    assert!(!online_settings(&first).account, "a new player is a guest");

    // The guest on the first device registers under its name.
    let (name, password) = ("alice".to_owned(), "correct horse".to_owned());
    command(&mut first, OnlineCommand::Register { name: name.clone(), password: password.clone() });
    run_until_all(&mut [&mut first], "registered", |apps| online_settings(apps[0]).account);
    assert_eq!(link(&first).me().unwrap().id, alice, "the same player, now registered");
    assert!(online_settings(&first).devices.contains_key("alice"), "the device is trusted for her");

    // A wrong password on the second device changes nothing there.
    let someone = link(&second).me().unwrap().id.clone();
    command(&mut second, OnlineCommand::SignIn { name: name.clone(), password: "wrong horse".into() });
    run_until_all(&mut [&mut second], "the refusal", |apps| {
        apps[0]
            .world()
            .resource::<Notices>()
            .0
            .iter()
            .any(|n| n.problem && english(&n.text).starts_with("Not signed in"))
    });
    run_until_all(&mut [&mut second], "back as before", |apps| link(apps[0]).is_online());
    assert_eq!(link(&second).me().unwrap().id, someone);
    assert!(!online_settings(&second).account);

    // The right one makes the second device Alice's, and trusted for her.
    command(&mut second, OnlineCommand::SignIn { name: name.clone(), password: password.clone() });
    run_until_all(&mut [&mut second], "signed in", |apps| link(apps[0]).me().is_some_and(|me| me.id == alice));
    assert!(online_settings(&second).account && online_settings(&second).token.is_some());
    let device = online_settings(&second).devices.get("alice").cloned().expect("a device token");

    // Signing out there leaves a new guest on that device, and Alice signed in on the first.
    command(&mut second, OnlineCommand::SignOut);
    run_until_all(&mut [&mut second], "a new guest", |apps| {
        link(apps[0]).is_online() && link(apps[0]).me().is_some_and(|me| me.id != alice)
    });
    assert!(!online_settings(&second).account);
    // The device stays trusted: signing in again there sends its token, and the server, trusting it, gives no other.
    assert_eq!(online_settings(&second).devices.get("alice"), Some(&device), "kept after signing out");
    command(&mut second, OnlineCommand::SignIn { name: name.clone(), password });
    run_until_all(&mut [&mut second], "signed in again", |apps| link(apps[0]).me().is_some_and(|me| me.id == alice));
    assert_eq!(online_settings(&second).devices.get("alice"), Some(&device));
    command(&mut first, OnlineCommand::Connect);
    run_until_all(&mut [&mut first], "the first device back", |apps| link(apps[0]).is_online());
    assert_eq!(link(&first).me().unwrap().id, alice, "the first device's login is its own");
}

/// Whether `app` told the player something whose English begins with `start`.
pub(crate) fn told(app: &App, start: &str) -> bool {
    app.world().resource::<Notices>().0.iter().any(|n| english(&n.text).starts_with(start))
}

/// The player's own data: downloaded into one file with their game in it, then the account deleted with the
/// password: the opponent wins the game in progress, and the device comes back as a new guest trusted for nobody.
#[test]
fn a_player_downloads_their_data_then_deletes_their_account() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("server.db"), any_port(), &clock());
    let (mut white, mut black) = start_game(&server, GameVariant::Tsivy, "5+3");
    play_a_turn(&mut white, &mut black);
    play_a_turn(&mut white, &mut black);
    let me = link(&white).me().unwrap().clone();

    command(&mut white, OnlineCommand::DownloadData);
    run_until_all(&mut [&mut white], "the data saved", |apps| told(apps[0], "Your data (one game) was saved as"));
    let folder = white.world().resource::<GameFiles>().folder().unwrap().to_path_buf();
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("fanorona-data-1.json")).unwrap()).unwrap();
    assert_eq!(saved["account"]["player"]["id"], me.id.as_str());
    assert_eq!(saved["games"][0]["game"]["turns"].as_array().map(Vec::len), Some(2), "{saved}");
    assert_eq!(saved["server"], server.url().as_str());

    // Registered, the player deletes the account with the password.
    let password = "correct horse".to_owned();
    command(&mut white, OnlineCommand::Register { name: me.name.clone(), password: password.clone() });
    run_until_all(&mut [&mut white], "registered", |apps| online_settings(apps[0]).account);
    assert!(online_settings(&white).devices.contains_key(&me.name.to_lowercase()));
    command(&mut white, OnlineCommand::DeleteAccount { password: Some(password) });
    run_until_all(&mut [&mut white, &mut black], "a new guest, and the game over", |apps| {
        link(apps[0]).is_online()
            && link(apps[0]).me().is_some_and(|now| now.id != me.id)
            && game(apps[1]).is_some_and(|g| g.result.is_some())
    });
    assert!(told(&white, "Your account was deleted"));
    assert!(!online_settings(&white).account);
    assert!(online_settings(&white).devices.is_empty(), "the device is trusted for nobody");
    let result = game(&black).unwrap().result.unwrap();
    assert_eq!((result.reason, result.winner), (EndReason::Resignation, game(&black).unwrap().me));
}

/// Reporting the opponent of a game to the moderators, and blocking them: the server's answers told, the list of
/// blocked players kept, and asked for again after a new connection.
#[test]
fn a_player_reports_and_blocks_their_opponent() {
    let dir = temp_dir();
    let server = TestServer::start(&dir.join("server.db"), any_port(), &clock());
    let (mut white, mut black) = start_game(&server, GameVariant::Tsivy, "5+3");
    let (opponent, id) = (link(&black).me().unwrap().clone(), game(&white).unwrap().id.clone());
    let report = OnlineCommand::Report {
        player: opponent.id.clone(),
        game: Some(id),
        reason: ReportReason::Cheating,
        note: "every turn in one second".into(),
    };
    command(&mut white, report);
    run_until_all(&mut [&mut white], "the report taken", |apps| told(apps[0], "Your report was sent"));
    let blocks = |app: &App| app.world().resource::<BlockedPlayers>().0.clone();
    assert_eq!(blocks(&white), Some(Vec::new()), "asked for at the welcome");
    command(&mut white, OnlineCommand::Block(opponent.id.clone()));
    run_until_all(&mut [&mut white], "blocked", |apps| {
        apps[0].world().resource::<BlockedPlayers>().contains(&opponent.id)
    });
    assert!(told(&white, &format!("You block {} now", opponent.name)));
    // A new connection asks the server again: the block is the server's, not this device's.
    white.world_mut().resource_mut::<BlockedPlayers>().0 = None;
    command(&mut white, OnlineCommand::Connect);
    run_until_all(&mut [&mut white, &mut black], "the list again", |apps| {
        apps[0].world().resource::<BlockedPlayers>().contains(&opponent.id)
    });
    command(&mut white, OnlineCommand::Unblock(opponent.id.clone()));
    run_until_all(&mut [&mut white], "unblocked", |apps| {
        apps[0].world().resource::<BlockedPlayers>().0.as_ref().is_some_and(Vec::is_empty)
    });
    assert!(told(&white, &format!("You no longer block {}", opponent.name)));
}

/// Registers the player of `app` as `name`, makes them a moderator in the server's database `db` as the server's
/// `moderator` command does, and connects them again: the role comes with the new connection.
pub(crate) fn become_moderator(app: &mut App, db: &Path, name: &str) {
    let password = "correct horse".to_owned();
    command(app, OnlineCommand::Register { name: name.into(), password });
    run_until_all(&mut [&mut *app], "registered", |apps| online_settings(apps[0]).account);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let db = fanorona_server::db::Db::connect(&format!("sqlite://{}", db.display()), None).await.unwrap();
        assert!(db.set_moderator(name, true).await.unwrap());
    });
    command(app, OnlineCommand::Connect);
    run_until_all(&mut [&mut *app], "welcomed as a moderator", |apps| link(apps[0]).is_moderator());
}

/// The moderators' screen: shown to a moderator only (the role given through the database, as the server's
/// `moderator` command gives it), it lists a player's report, and a warning given there reaches the reported player.
#[test]
fn a_moderator_reads_a_report_and_warns_the_player() {
    let dir = temp_dir();
    let db = dir.join("server.db");
    let server = TestServer::start(&db, any_port(), &clock());
    let mut moderator = player(&server.url(), "Mpandrindra");
    let mut reporter = player(&server.url(), "Rabe");
    let mut reported = player(&server.url(), "Rasoa");
    run_until_all(&mut [&mut moderator, &mut reporter, &mut reported], "all welcomed", |apps| {
        apps.iter().all(|a| link(a).is_online())
    });
    assert!(!link(&moderator).is_moderator());
    become_moderator(&mut moderator, &db, "Mpandrindra");
    // A guest reports only the other player of a game they played: Rabe registers to report anyone.
    let password = "correct horse".to_owned();
    command(&mut reporter, OnlineCommand::Register { name: "Rabe".into(), password });
    run_until_all(&mut [&mut reporter], "Rabe registered", |apps| online_settings(apps[0]).account);

    let rasoa = link(&reported).me().unwrap().clone();
    let note = "her name insults people".to_owned();
    let report = OnlineCommand::Report { player: rasoa.id.clone(), game: None, reason: ReportReason::Name, note };
    command(&mut reporter, report);
    run_until_all(&mut [&mut reporter], "the report taken", |apps| told(apps[0], "Your report was sent"));
    command(&mut moderator, OnlineCommand::ListReports);
    run_until_all(&mut [&mut moderator], "the reports listed", |apps| apps[0].world().resource::<Moderation>().listed);
    let listed = &moderator.world().resource::<Moderation>().reports;
    assert_eq!(listed.iter().map(|r| r.player.id.as_str()).collect::<Vec<_>>(), [rasoa.id.as_str()]);

    let warn = OnlineCommand::Moderate {
        player: rasoa.id.clone(),
        action: ModerationAction::Warn,
        reason: "choose another name".into(),
    };
    command(&mut moderator, warn);
    run_until_all(&mut [&mut moderator, &mut reported], "the warning given and told", |apps| {
        told(apps[0], &format!("Done: {}", rasoa.name)) && told(apps[1], "A moderator warns you: choose another name")
    });
    run_until_all(&mut [&mut moderator], "the list again, empty", |apps| {
        let moderation = apps[0].world().resource::<Moderation>();
        moderation.listed && moderation.reports.is_empty()
    });
}

/// Puzzles rated online: the puzzles screen connects, the server's puzzle comes, the player solves it by clicks, and
/// the server's rating of the result comes back; the profile on this device is left as it was.
#[test]
fn a_puzzle_from_the_server_is_solved_by_clicks_and_rated_there() {
    let dir = temp_dir();
    let clock = clock();
    let server = TestServer::start(&dir.join("server.db"), any_port(), &clock);
    let mut app = app();
    let mut settings = app.world_mut().resource_mut::<Settings>();
    settings.online.server = server.url();
    settings.online.name = "solver".to_owned();
    app.world_mut().write_message(PuzzleCommand::Open);
    settle(&mut app);
    assert_eq!(state(&app), AppState::Puzzles);
    assert!(!puzzles(&app).from_server(), "offline until asked");
    app.world_mut().write_message(PuzzleCommand::Online(true));
    run_until_all(&mut [&mut app], "the server's puzzle", |apps| puzzles(apps[0]).puzzle().is_some());
    assert!(link(&app).is_online() && puzzles(&app).from_server());
    let puzzle = puzzles(&app).puzzle().cloned().expect("a puzzle");
    assert_eq!(shipped_puzzle(&puzzle.id), Some(&puzzle), "a shipped puzzle, as the server stores it");
    assert_eq!(puzzles(&app).server_rating, Some(1500.0));
    assert_eq!(*session(&app).position(), puzzle.position);

    for turn in puzzle.solution.iter().step_by(2) {
        play(&mut app, &turn.to_string());
    }
    assert_eq!(puzzles(&app).status(), Some(&PuzzleStatus::Solved));
    run_until_all(&mut [&mut app], "the server's rating", |apps| puzzles(apps[0]).rating_change().is_some());
    let (before, after) = puzzles(&app).rating_change().expect("a change");
    assert!(before == 1500.0 && after > 1500.0, "{before} -> {after}");
    assert_eq!(puzzles(&app).server_rating, Some(after));
    let local = &app.world().resource::<Profile>().puzzles;
    assert_eq!((local.solved, local.tried.len()), (0, 0), "rated on the server, not here");

    // The next puzzle comes from the server too, and is another.
    app.world_mut().write_message(PuzzleCommand::Next);
    run_until_all(&mut [&mut app], "the next puzzle", |apps| {
        puzzles(apps[0]).puzzle().is_some_and(|p| p.id != puzzle.id)
    });
    assert!(puzzles(&app).from_server());
}

fn puzzles(app: &App) -> &PuzzleBoard {
    app.world().resource::<PuzzleBoard>()
}

pub(crate) fn tournaments(app: &App) -> &Tournaments {
    app.world().resource::<Tournaments>()
}

/// A server with its database in `dir`, holding the unrated 30-minute tsivy arena "zoma", to begin `starts_in_ms`
/// after `clock`'s time.
fn server_with_arena(dir: &Path, clock: &Arc<ManualClock>, starts_in_ms: i64) -> TestServer {
    let db = dir.join("server.db");
    let server = TestServer::start(&db, any_port(), clock);
    let terms = TournamentTerms {
        name: "Zoma".into(),
        format: TournamentFormat::Arena { minutes: 30 },
        variant: GameVariant::Tsivy,
        time: "3+2".parse().unwrap(),
        rated: false,
        starts_at_ms: clock.now_ms() + starts_in_ms,
    };
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let db = fanorona_server::db::Db::connect(&format!("sqlite://{}", db.display()), None).await.unwrap();
        let event = fanorona_server::db::TournamentRecord::new("zoma".into(), terms, None, None);
        assert!(db.create_tournament(&event, fanorona_server::db::Cap::NONE, clock.now_ms()).await.unwrap());
    });
    server
}

/// Tournaments from the title page: the lobby opens on them, the server's event is listed, the player joins it and
/// sees their own line in its standings, then withdraws.
#[test]
fn a_player_joins_a_tournament_from_the_title_page_and_withdraws() {
    let dir = temp_dir();
    let clock = clock();
    let server = server_with_arena(&dir, &clock, 3_600_000);
    let mut app = app();
    let mut settings = app.world_mut().resource_mut::<Settings>();
    settings.online.server = server.url();
    settings.online.name = "Rakoto".to_owned();
    command(&mut app, OnlineCommand::OpenTournaments);
    settle(&mut app);
    assert_eq!((state(&app), *app.world().resource::<LobbyTab>()), (AppState::Lobby, LobbyTab::Tournaments));
    run_until_all(&mut [&mut app], "the tournaments listed", |apps| {
        link(apps[0]).is_online() && tournaments(apps[0]).list.iter().any(|t| t.id == "zoma")
    });
    assert!(!tournaments(&app).list[0].joined);
    command(&mut app, OnlineCommand::JoinTournament { id: "zoma".into(), password: None });
    run_until_all(&mut [&mut app], "joined, the standings shown", |apps| {
        let shown = tournaments(apps[0]).standings.as_ref();
        shown.is_some_and(|(event, lines, _)| event.joined && lines.iter().any(|l| l.player.name == "Rakoto"))
    });
    assert!(tournaments(&app).list[0].joined);
    command(&mut app, OnlineCommand::WithdrawTournament("zoma".into()));
    run_until_all(&mut [&mut app], "withdrawn", |apps| !tournaments(apps[0]).list[0].joined);
}

pub(crate) fn call(app: &App) -> Option<&Call> {
    app.world().resource::<TournamentCall>().0.as_ref()
}

fn said(app: &App) -> Vec<String> {
    app.world().resource::<Spoken>().said().map(english).collect()
}

/// An arena's first pairing: the player in the lobby is taken to the game at once, which counts down before its
/// first clock starts; the player busy with a game of their own is asked first, may put it off and go to it from
/// the lobby; once the game is over, its standings and crosstable are one button away.
#[test]
fn a_tournament_game_counts_down_and_asks_a_player_busy_with_another_game_first() {
    let dir = temp_dir();
    let clock = clock();
    let server = server_with_arena(&dir, &clock, 60_000);
    let (mut alice, mut bob) = (player(&server.url(), "Alice"), player(&server.url(), "Bob"));
    run_until_all(&mut [&mut alice, &mut bob], "both online", |apps| apps.iter().all(|a| link(a).is_online()));
    for app in [&mut alice, &mut bob] {
        command(app, OnlineCommand::JoinTournament { id: "zoma".into(), password: None });
    }
    run_until_all(&mut [&mut alice, &mut bob], "both joined", |apps| {
        apps.iter().all(|a| tournaments(a).standings.as_ref().is_some_and(|(event, ..)| event.joined))
    });
    // Bob plays a game of his own on the board while he waits.
    start_with(&mut bob, humans);
    play(&mut bob, "f3-e3A");
    assert!(link(&bob).is_online());

    clock.advance(Duration::from_secs(61));
    run_until_all(&mut [&mut alice, &mut bob], "the pairing", |apps| {
        game(apps[0]).is_some() && call(apps[1]).is_some()
    });
    // Alice, in the lobby, is on the game's board, its first clock standing still for the countdown.
    let id = game(&alice).unwrap().id.clone();
    settle(&mut alice);
    assert_eq!(state(&alice), AppState::Online);
    assert_eq!(game(&alice).unwrap().tournament.as_deref(), Some("zoma"));
    let countdown = game(&alice).unwrap().countdown_ms().expect("a countdown");
    assert!((1..=10_000).contains(&countdown), "{countdown} ms to go");
    assert!(said(&alice).contains(&"Your tournament game against Bob: it begins in 10 seconds.".to_owned()));
    // Bob is asked, his own game untouched.
    assert_eq!(call(&bob).map(|c| c.game.id.as_str()), Some(id.as_str()));
    assert!(!call(&bob).unwrap().put_off);
    assert_eq!((state(&bob), session(&bob).board_use()), (AppState::Playing, BoardUse::Game { autosave: true }));
    assert_eq!(turns(&bob), ["f3-e3A"]);
    assert!(game(&bob).is_none());
    assert!(said(&bob).contains(&"Your tournament game against Alice begins. Go to it now?".to_owned()));
    // Not now: the question is put away and the game still waits for him, as the lobby shows it.
    command(&mut bob, OnlineCommand::NotNow);
    settle(&mut bob);
    assert!(call(&bob).is_some_and(|c| c.put_off));
    assert_eq!(state(&bob), AppState::Playing);
    command(&mut bob, OnlineCommand::GoToGame(id.clone()));
    run_until_all(&mut [&mut alice, &mut bob], "Bob at the game", |apps| game(apps[1]).is_some());
    settle(&mut bob);
    assert_eq!((state(&bob), game(&bob).unwrap().id.clone()), (AppState::Online, id.clone()));
    assert!(call(&bob).is_none());

    // Alice resigns (asked first); the game's panel offers the standings, where the game is in the crosstable.
    command(&mut alice, OnlineCommand::Resign);
    settle(&mut alice);
    alice.world_mut().write_message(GameCommand::Confirm);
    run_until_all(&mut [&mut alice, &mut bob], "the game over", |apps| {
        apps.iter().all(|a| game(a).is_some_and(|g| g.result.is_some()))
    });
    for message in [OnlineCommand::Leave, OnlineCommand::OpenTournaments, OnlineCommand::Standings("zoma".into())] {
        command(&mut bob, message);
    }
    run_until_all(&mut [&mut bob], "the standings after the game", |apps| {
        tournaments(apps[0]).standings.as_ref().is_some_and(|(_, _, games)| games.iter().any(|g| g.outcome.is_some()))
    });
    assert_eq!((state(&bob), *bob.world().resource::<LobbyTab>()), (AppState::Lobby, LobbyTab::Tournaments));
    let (_, standings, games) = tournaments(&bob).standings.clone().unwrap();
    assert_eq!(standings[0].player.name, "Bob");
    assert_eq!((games.len(), games[0].game.clone()), (1, id));
}

/// A guest's tournament is refused with the reason; registered, the same player creates a private Swiss event, which
/// the lobby lists and shows, created by them and not yet joined.
#[test]
fn a_registered_player_creates_a_private_tournament() {
    let dir = temp_dir();
    let clock = clock();
    let server = TestServer::start(&dir.join("server.db"), any_port(), &clock);
    let mut app = player(&server.url(), "Rasoa");
    run_until_all(&mut [&mut app], "welcomed", |apps| link(apps[0]).is_online());
    let settings = TournamentSettings {
        terms: TournamentTerms {
            name: "Klioba".into(),
            format: TournamentFormat::Swiss { rounds: 5 },
            variant: GameVariant::Tsivy,
            time: "5+3".parse().unwrap(),
            rated: true,
            starts_at_ms: clock.now_ms() + 900_000,
        },
        password: Some("club secret".into()),
    };
    command(&mut app, OnlineCommand::CreateTournament(settings.clone()));
    run_until_all(&mut [&mut app], "the refusal", |apps| told(apps[0], "Register this guest to create tournaments"));
    command(&mut app, OnlineCommand::Register { name: "Rasoa".into(), password: "correct horse".into() });
    run_until_all(&mut [&mut app], "registered", |apps| online_settings(apps[0]).account);
    command(&mut app, OnlineCommand::CreateTournament(settings));
    run_until_all(&mut [&mut app], "the event shown", |apps| tournaments(apps[0]).standings.is_some());
    let (event, standings, games) = tournaments(&app).standings.clone().unwrap();
    assert_eq!((event.terms.name.as_str(), event.creator.as_deref()), ("Klioba", Some("Rasoa")));
    assert_eq!((event.terms.format, event.private, event.joined), (TournamentFormat::Swiss { rounds: 5 }, true, false));
    assert!(standings.is_empty() && games.is_empty());
    assert_eq!(tournaments(&app).list.iter().map(|t| t.id.clone()).collect::<Vec<_>>(), [event.id]);
}

/// A moderator cancels a player's event from the tournaments' tab: it leaves the moderator's list and standings at
/// once, and the creator's list at its next refresh.
#[test]
fn a_moderator_cancels_a_players_tournament() {
    let dir = temp_dir();
    let clock = clock();
    let db = dir.join("server.db");
    let server = TestServer::start(&db, any_port(), &clock);
    let (mut rasoa, mut rabe) = (player(&server.url(), "Rasoa"), player(&server.url(), "Rabe"));
    run_until_all(&mut [&mut rasoa, &mut rabe], "both online", |apps| apps.iter().all(|a| link(a).is_online()));
    command(&mut rasoa, OnlineCommand::Register { name: "Rasoa".into(), password: "correct horse".into() });
    run_until_all(&mut [&mut rasoa], "registered", |apps| online_settings(apps[0]).account);
    let terms = TournamentTerms {
        name: "Lavitra".into(),
        format: TournamentFormat::Arena { minutes: 30 },
        variant: GameVariant::Tsivy,
        time: "3+2".parse().unwrap(),
        rated: false,
        starts_at_ms: clock.now_ms() + 900_000,
    };
    command(&mut rasoa, OnlineCommand::CreateTournament(TournamentSettings { terms, password: None }));
    run_until_all(&mut [&mut rasoa], "the event shown", |apps| tournaments(apps[0]).standings.is_some());
    let id = tournaments(&rasoa).standings.as_ref().unwrap().0.id.clone();
    become_moderator(&mut rabe, &db, "Rabe");
    command(&mut rabe, OnlineCommand::OpenTournaments);
    command(&mut rabe, OnlineCommand::Standings(id.clone()));
    run_until_all(&mut [&mut rabe], "the event shown to the moderator", |apps| {
        tournaments(apps[0]).standings.as_ref().is_some_and(|(event, ..)| event.id == id)
    });
    let reason = "a flood of events".to_owned();
    command(&mut rabe, OnlineCommand::CancelTournament { id: id.clone(), reason });
    run_until_all(&mut [&mut rabe], "cancelled", |apps| {
        let shown = tournaments(apps[0]);
        shown.standings.is_none() && shown.listed && !shown.list.iter().any(|t| t.id == id)
    });
    command(&mut rasoa, OnlineCommand::Tournaments);
    run_until_all(&mut [&mut rasoa], "gone from the creator's list", |apps| {
        !tournaments(apps[0]).list.iter().any(|t| t.id == id)
    });
}

/// More finished events than a page holds: the list offers older ones, and they come after those listed, each once.
#[test]
fn older_tournaments_come_a_page_at_a_time() {
    let dir = temp_dir();
    let clock = clock();
    let db = dir.join("server.db");
    let server = TestServer::start(&db, any_port(), &clock);
    let finished = fanorona_protocol::MAX_LISTED_TOURNAMENTS + 10;
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let db = fanorona_server::db::Db::connect(&format!("sqlite://{}", db.display()), None).await.unwrap();
        for n in 0..finished {
            let terms = TournamentTerms {
                name: format!("Event {n}"),
                format: TournamentFormat::Swiss { rounds: 1 },
                variant: GameVariant::Tsivy,
                time: "3+2".parse().unwrap(),
                rated: false,
                starts_at_ms: 1_000 + n as i64,
            };
            let event = fanorona_server::db::TournamentRecord {
                status: fanorona_protocol::TournamentStage::Finished,
                ..fanorona_server::db::TournamentRecord::new(format!("e{n:03}"), terms, None, None)
            };
            assert!(db.create_tournament(&event, fanorona_server::db::Cap::NONE, 1_000).await.unwrap());
        }
    });
    let mut app = player(&server.url(), "Rasoa");
    command(&mut app, OnlineCommand::OpenTournaments);
    run_until_all(&mut [&mut app], "the first page", |apps| tournaments(apps[0]).listed);
    assert_eq!(tournaments(&app).list.len(), fanorona_protocol::MAX_LISTED_TOURNAMENTS);
    assert!(tournaments(&app).more, "older events are offered");
    command(&mut app, OnlineCommand::OlderTournaments);
    run_until_all(&mut [&mut app], "the next page", |apps| !tournaments(apps[0]).more);
    let listed: Vec<String> = tournaments(&app).list.iter().map(|t| t.id.clone()).collect();
    let expected: Vec<String> = (0..finished).rev().map(|n| format!("e{n:03}")).collect();
    assert_eq!(listed, expected, "newest first, each once");
}
