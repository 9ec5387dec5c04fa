//! The worker on a server's database: a rated game played to its end on a real server is reviewed once, each
//! player's figures stored, and the players flagged when the thresholds say so (here, thresholds of nothing); a
//! database it cannot open is an error and a failure status.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use fanorona_bot::client::Client;
use fanorona_rules::{Game, Side, Variant};
use fanorona_server::clock::SystemClock;
use fanorona_server::protocol::{ClientMessage, GameVariant, ServerMessage, TimeControl};
use fanorona_server::server::{Limits, PushConfig, Server, ServerConfig};
use sqlx::Row;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fanorona-fair-play")).args(args).env_remove("DATABASE_URL").output().unwrap()
}

/// Plays a rated game between two new registered players to its end on a server on `db`: White takes all it can,
/// Black as little.
async fn rated_game(db: &Path) {
    let config = ServerConfig {
        listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
        metrics_listen: None,
        database_url: format!("sqlite://{}", db.display()),
        sqlite_max_pages: None,
        static_dir: db.with_file_name("dist"),
        clock: Arc::new(SystemClock),
        flag_check_interval: Duration::from_millis(100),
        limits: Limits::default(),
        push: PushConfig::default(),
        schedule: Vec::new(),
    };
    let server = Server::bind(config).await.unwrap();
    let url = format!("ws://{}/ws", server.local_addr().unwrap());
    let serving = tokio::spawn(server.run(std::future::pending()));
    let mut players = Vec::new();
    for name in ["Rasoa", "Rabe"] {
        let mut client = Client::connect(&url).await.unwrap();
        client.hello(None, Some(name)).await.unwrap();
        let register = ClientMessage::Register { name: name.into(), password: format!("{name}'s password") };
        assert!(matches!(client.request(register).await, Ok(ServerMessage::Registered { .. })));
        players.push(client);
    }
    let time = TimeControl::Live { minutes: 15, increment: 10 };
    let create =
        ClientMessage::CreateChallenge { variant: GameVariant::Tsivy, rated: true, time, vela: false, opponent: None };
    let Ok(ServerMessage::ChallengeCreated { challenge }) = players[0].request(create).await else { panic!() };
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    let Ok(ServerMessage::GameState { game }) = players[1].request(accept).await else { panic!() };
    if game.white.name != "Rasoa" {
        players.swap(0, 1);
    }
    let mut rules = Game::of_variant(Variant::Tsivy);
    while !rules.is_over() {
        let mover = rules.position().side_to_move();
        let left = |turn: &fanorona_rules::Turn| rules.position().play(turn).map_or(0, |p| p.pieces(!mover).len());
        let turns = rules.legal_turns();
        let turn = match mover {
            Side::White => turns.iter().min_by_key(|t| left(t)),
            Side::Black => turns.iter().max_by_key(|t| left(t)),
        };
        let turn = *turn.unwrap();
        let ply = u32::try_from(rules.turns().len() + 1).unwrap();
        let play = ClientMessage::Play { game: game.id.clone(), ply, turn: turn.to_string() };
        let index = usize::from(mover == Side::Black);
        assert!(matches!(players[index].request(play).await, Ok(ServerMessage::Played { .. })));
        rules.play(&turn).unwrap();
    }
    serving.abort();
}

#[tokio::test]
async fn a_finished_rated_game_is_reviewed_once_and_its_players_flagged_as_the_thresholds_say() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    rated_game(&db).await;
    let url = format!("sqlite://{}", db.display());
    // Thresholds of nothing: any reviewed player is flagged.
    let nothing = ["--min-complex", "0", "--match-rate", "0", "--accuracy", "0"];
    let out = run(&[&["--database", url.as_str(), "--depth", "2"][..], &nothing[..]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1 rated games reviewed, 2 players flagged\n");
    let out = run(&["--database", &url, "--depth", "2"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0 rated games reviewed, 0 players flagged\n", "once");

    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let rows = sqlx::query("SELECT complex, matched, accuracy FROM fair_play_games").fetch_all(&pool).await.unwrap();
    assert_eq!(rows.len(), 2, "one row for each player");
    for row in &rows {
        let (complex, matched, accuracy): (i64, i64, f64) = (row.get(0), row.get(1), row.get(2));
        assert!(matched <= complex && (0.0..=100.0).contains(&accuracy), "{complex} {matched} {accuracy}");
    }
    let flags: i64 =
        sqlx::query("SELECT COUNT(*) FROM fair_play_flags WHERE closed IS NULL").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(flags, 2);
}

#[test]
fn a_database_that_cannot_be_opened_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = format!("sqlite://{}/no/such/folder/db", dir.path().display());
    let out = run(&["--database", &missing]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("fanorona-fair-play: "), "{stderr}");
    assert!(out.stdout.is_empty());
}
