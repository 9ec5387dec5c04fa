//! Correspondence games in the game, against a real server on loopback: a challenge of days per turn that does not
//! take the place of a live one, a game both players keep on their devices, a turn played with no connection that
//! survives a restart of the game and is sent once when the server is back (sent twice, it counts once), the list
//! with the games waiting for the player first and their count on the title page, and a kept turn the game went on
//! without, which is dropped and said; and a vacation, whose clock stands still on both boards and in both lists.

use bevy::prelude::*;
use fanorona::AppSystems;
use fanorona::game::session::TurnCommitted;
use fanorona::online::correspondence::{Correspondence, UnsentTurn, now_ms};
use fanorona::online::link::LinkState;
use fanorona::online::lobby::Lobby;
use fanorona::online::notifications::{Notifications, PushState};
use fanorona::online::{ChallengeSettings, OnlineCommand};
use fanorona::persistence::storage::Notices;
use fanorona::screens::AppState;
use fanorona::title::MenuNotes;
use fanorona_protocol::{Color, GameVariant, TimeControl, VacationView};

use crate::common::{TempDir, app_in, english, play, session, settle, state, temp_dir, turns};
use crate::online::{TestServer, any_port, clock, command, game, link, player, run_until_all};

fn kept(app: &App) -> &Correspondence {
    app.world().resource::<Correspondence>()
}

/// The unsent turn of the one kept game.
fn unsent(app: &App) -> Option<UnsentTurn> {
    let kept = kept(app);
    let [game] = kept.in_order(0)[..] else { panic!("{kept:?}") };
    game.unsent.clone()
}

/// What the title page says under Play online.
fn title_note(app: &App) -> Option<String> {
    let order = fanorona::online::correspondence::TITLE_ENTRY;
    app.world().resource::<MenuNotes>().get(order).map(english)
}

fn problems(app: &App) -> Vec<String> {
    app.world().resource::<Notices>().0.iter().map(|n| english(&n.text)).collect()
}

/// Alice challenges to a correspondence game of `days` per turn and Bob accepts: (White, Black) on the board, each
/// keeping the game, and its id.
fn start(server: &TestServer, days: u32) -> (App, App, String) {
    let mut alice = player(&server.url(), "alice");
    let mut bob = player(&server.url(), "bob");
    run_until_all(&mut [&mut alice, &mut bob], "both welcomed", |apps| apps.iter().all(|a| link(a).is_online()));
    // Listed as Alice's, not her one waiting live challenge.
    let time = TimeControl::Correspondence { days };
    command(&mut alice, OnlineCommand::Create(ChallengeSettings { variant: GameVariant::Tsivy, rated: false, time }));
    run_until_all(&mut [&mut alice, &mut bob], "the challenge in both lobbies", |apps| {
        apps.iter().all(|a| a.world().resource::<Lobby>().challenges.iter().any(|c| c.time == time))
    });
    assert!(alice.world().resource::<Lobby>().mine.is_none(), "a correspondence challenge waits in the list");
    let id = bob.world().resource::<Lobby>().challenges.iter().find(|c| c.time == time).unwrap().id.clone();
    command(&mut bob, OnlineCommand::Accept(id.clone()));
    run_until_all(&mut [&mut alice, &mut bob], "both on the board and keeping the game", |apps| {
        apps.iter().all(|a| state(a) == AppState::Online && kept(a).get(&id).is_some())
    });
    if game(&alice).unwrap().me == Some(Color::White) { (alice, bob, id) } else { (bob, alice, id) }
}

#[test]
fn a_turn_played_offline_survives_a_restart_and_is_sent_once() {
    let dir = temp_dir();
    let clock = clock();
    let db = dir.join("server.db");
    let mut server = TestServer::start(&db, any_port(), &clock);
    let (mut white, mut black, id) = start(&server, 2);
    // The desktop game has no push service: the lobby offers no notifications, and asking for them does nothing.
    command(&mut white, OnlineCommand::Notify(true));
    settle(&mut white);
    assert_eq!(white.world().resource::<Notifications>().state, PushState::Unsupported);
    assert_eq!(title_note(&white).as_deref(), Some("A correspondence game waits for your turn"));
    assert_eq!(title_note(&black), None);

    // White plays online: the turn is acknowledged, and Black's game now waits for Black.
    settle(&mut white);
    let first = session(&white).position().legal_turns()[0].to_string();
    play(&mut white, &first);
    run_until_all(&mut [&mut white, &mut black], "the first turn acknowledged and on Black's board", |apps| {
        unsent(apps[0]).is_none() && kept(apps[0]).get(&id).unwrap().view.turns.len() == 1 && turns(apps[1]).len() == 1
    });
    assert_eq!(kept(&black).waiting(), 1);
    assert_eq!(title_note(&white), None);

    // Black loses the network, plays its turn all the same, and the game is closed.
    command(&mut black, OnlineCommand::Close);
    run_until_all(&mut [&mut black], "Black offline", |apps| !link(apps[0]).is_online());
    settle(&mut black);
    let reply = session(&black).position().legal_turns()[0].to_string();
    play(&mut black, &reply);
    black.update();
    assert_eq!(unsent(&black), Some(UnsentTurn { ply: 2, turn: reply.clone() }));
    assert_eq!(kept(&black).waiting(), 0, "a turn waiting to be sent waits for nobody");
    let folder = black.world_mut().remove_resource::<TempDir>().unwrap();
    drop(black);

    // Started again while the server is down, the game tries to connect by itself (it has correspondence games),
    // has the turn kept, and shows it on the board as waiting.
    let address = server.address;
    server.kill();
    let mut black = app_in(&folder);
    black.insert_resource(folder);
    assert_eq!(unsent(&black), Some(UnsentTurn { ply: 2, turn: reply.clone() }), "kept across the restart");
    command(&mut black, OnlineCommand::Resume(id.clone()));
    run_until_all(&mut [&mut black], "the kept game on the board, and a connection tried", |apps| {
        state(apps[0]) == AppState::Online && matches!(link(apps[0]).state(), LinkState::Waiting(_))
    });
    assert_eq!(turns(&black), [first.clone(), reply.clone()]);
    assert!(!session(&black).human_to_move(), "the turn is played: White is to move");

    // The server back: both games connect again by themselves, and the turn goes, once, and White gets it.
    let _server = TestServer::start(&db, address, &clock);
    run_until_all(&mut [&mut white, &mut black], "the kept turn on White's board", |apps| {
        turns(apps[0]).len() == 2 && unsent(apps[1]).is_none()
    });
    assert_eq!(turns(&white), turns(&black));
    assert_eq!(kept(&white).waiting(), 1);

    // Black plays its next turn online and loses the network before the server's answer: the turn stays kept, and
    // the next welcome shows that it counted. It is not played twice.
    let third = white_turn(&mut white, &mut black, 3);
    settle(&mut black);
    let fourth = session(&black).position().legal_turns()[0].to_string();
    black.insert_resource(CutAfterTurn).add_systems(Update, cut_after_turn.in_set(AppSystems::Rules));
    play(&mut black, &fourth);
    assert!(!link(&black).is_online());
    assert_eq!(unsent(&black), Some(UnsentTurn { ply: 4, turn: fourth.clone() }), "no answer came");
    command(&mut black, OnlineCommand::Connect);
    run_until_all(&mut [&mut white, &mut black], "the fourth turn counted", |apps| {
        turns(apps[0]).len() == 4 && link(apps[1]).is_online() && unsent(apps[1]).is_none()
    });
    assert_eq!(turns(&white), [first, reply, third, fourth]);
    assert_eq!(turns(&black), turns(&white));
    assert!(!problems(&black).iter().any(|p| p.contains("not played")), "{:?}", problems(&black));

    // Black also plays on a second device (a copy of this one's folder). This one, offline, keeps a turn; the other
    // plays another one first. Back online, this one's turn is dropped, the player told, and the board shows the game.
    let fifth = white_turn(&mut white, &mut black, 5);
    command(&mut black, OnlineCommand::Close);
    black.update();
    let other_folder = temp_dir();
    let folder = black.world().resource::<TempDir>();
    for file in ["settings.ron", "correspondence.ron"] {
        std::fs::copy(folder.join(file), other_folder.join(file)).unwrap();
    }
    let mut other = app_in(&other_folder);
    other.insert_resource(other_folder);
    settle(&mut black);
    let choices = session(&black).position().legal_turns();
    let (kept_here, played_there) = (choices[0].to_string(), choices[1].to_string());
    play(&mut black, &kept_here);
    black.update();
    command(&mut other, OnlineCommand::Open);
    run_until_all(&mut [&mut other], "the other device online", |apps| link(apps[0]).is_online());
    command(&mut other, OnlineCommand::Resume(id.clone()));
    run_until_all(&mut [&mut other], "the other device on the game", |apps| {
        state(apps[0]) == AppState::Online && turns(apps[0]).len() == 5
    });
    settle(&mut other);
    play(&mut other, &played_there);
    run_until_all(&mut [&mut white, &mut other], "the other device's turn on White's board", |apps| {
        turns(apps[0]).len() == 6 && unsent(apps[1]).is_none()
    });
    command(&mut black, OnlineCommand::Connect);
    run_until_all(&mut [&mut black], "the kept turn dropped and the game shown", |apps| {
        unsent(apps[0]).is_none() && turns(apps[0]).len() == 6
    });
    assert_eq!(turns(&black), turns(&white));
    assert_eq!(turns(&black)[4..], [fifth, played_there]);
    let told = problems(&black);
    assert!(told.iter().any(|p| p.starts_with("Your turn against") && p.contains("went on without it")), "{told:?}");
}

/// The network goes the moment the player's next turn has been sent, before the server's answer can come.
#[derive(Resource)]
struct CutAfterTurn;

fn cut_after_turn(
    mut commands: Commands,
    cut: Option<Res<CutAfterTurn>>,
    mut committed: MessageReader<TurnCommitted>,
    mut online: MessageWriter<OnlineCommand>,
) {
    if committed.read().count() > 0 && cut.is_some() {
        // Read after the turn is sent, in the frame it is committed (`link` sends, then goes offline).
        online.write(OnlineCommand::Close);
        commands.remove_resource::<CutAfterTurn>();
    }
}

/// White, to move, plays the first legal turn, turn `ply` of the game, and Black's board gets it.
fn white_turn(white: &mut App, black: &mut App, ply: usize) -> String {
    settle(white);
    let turn = session(white).position().legal_turns()[0].to_string();
    play(white, &turn);
    run_until_all(&mut [white, black], "White's turn on Black's board", |apps| turns(apps[1]).len() == ply);
    turn
}

#[test]
fn a_vacation_stops_the_players_clock_on_both_boards_and_in_the_list() {
    let (dir, clock) = (temp_dir(), clock());
    let server = TestServer::start(&dir.join("server.db"), any_port(), &clock);
    let (mut white, mut black, id) = start(&server, 1);
    let stopped = |app: &App| {
        let on_board = game(app).unwrap();
        (on_board.stopped(Color::White), kept(app).get(&id).unwrap().stopped(now_ms()))
    };
    assert_eq!((stopped(&white), stopped(&black)), ((false, false), (false, false)));
    assert_eq!(kept(&white).vacation(now_ms()), VacationView { left_ms: 0, days_left: 14 });

    // More days than a year has: refused, and said in the player's words.
    command(&mut white, OnlineCommand::Vacation(15));
    run_until_all(&mut [&mut white], "the refusal told", |apps| {
        problems(apps[0]).iter().any(|p| p == "You do not have that many days of vacation left this year.")
    });
    // Three days: White's clock stands still on both boards and in both lists, at the day it had.
    command(&mut white, OnlineCommand::Vacation(3));
    run_until_all(&mut [&mut white, &mut black], "White's clock stopped on both devices", |apps| {
        apps.iter().all(|a| stopped(a) == (true, true)) && kept(apps[0]).vacation(now_ms()).left_ms > 0
    });
    assert_eq!(kept(&white).vacation(now_ms()).days_left, 11);
    assert!(kept(&white).vacation(now_ms()).left_ms > 2 * 86_400_000);
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert_eq!(game(&black).unwrap().clock_ms(Color::White), 86_400_000, "a clock that stands still counts nothing");
    assert_eq!(kept(&black).get(&id).unwrap().time_left_ms(now_ms()), Some(86_400_000));

    // Ended before a day of it went by (the server's clock stood still): every day comes back, the clock runs.
    command(&mut white, OnlineCommand::Vacation(0));
    run_until_all(&mut [&mut white, &mut black], "White's clock running again", |apps| {
        apps.iter().all(|a| stopped(a) == (false, false)) && kept(apps[0]).vacation(now_ms()).left_ms == 0
    });
    assert_eq!(kept(&white).vacation(now_ms()), VacationView { left_ms: 0, days_left: 14 });
    settle(&mut black);
    assert!(game(&black).unwrap().clock_ms(Color::White) < 86_400_000, "counting down again");
}
