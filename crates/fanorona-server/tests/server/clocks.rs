//! Server-kept clocks on a clock moved by hand, flag fall, and the other ways a game ends early.

use std::time::{Duration, Instant};

use fanorona_bot::client::Client;
use fanorona_server::protocol::{ClientMessage, Clocks, Color, EndReason, ErrorCode, GameResult, ServerMessage};
use sqlx::Row;

use crate::common::{PATIENCE, TestServer, choose, clock, open_db, play, rules_game, start_game, wait};

fn clocks_of(message: &ServerMessage) -> Clocks {
    match message {
        ServerMessage::Played { clocks, .. } | ServerMessage::GameOver { clocks, .. } => *clocks,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn the_mover_s_clock_runs_from_the_previous_turn_and_gains_the_increment() {
    let clock = clock();
    let server = TestServer::fresh_watching_flags(&clock).await;
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["alice", "bob"], false, "1+2").await;
    assert_eq!(game.clocks, Clocks { white_ms: 60_000, black_ms: 60_000, running: Some(Color::White), stopped_ms: 0 });

    wait(&clock, 10);
    let played = play(&mut white, &mut black, &game.id, 1, "f3-e3W").await;
    assert_eq!(
        clocks_of(&played),
        Clocks { white_ms: 52_000, black_ms: 60_000, running: Some(Color::Black), stopped_ms: 0 }
    );
    wait(&clock, 30);
    let reply = choose(&rules_game(&["f3-e3W".into()])).to_string();
    let played = play(&mut black, &mut white, &game.id, 2, &reply).await;
    assert_eq!(
        clocks_of(&played),
        Clocks { white_ms: 52_000, black_ms: 32_000, running: Some(Color::White), stopped_ms: 0 }
    );

    // White thinks too long: with a second left it is still playing (and offers a draw); at 52 s its flag falls
    // when the server next looks, without a message from anyone, and Black wins.
    wait(&clock, 51);
    let offer = white.request(ClientMessage::OfferDraw { game: game.id.clone() }).await.unwrap();
    assert_eq!(offer, ServerMessage::DrawOffered { game: game.id.clone(), by: Color::White });
    assert_eq!(black.next().await.unwrap().message, offer);
    wait(&clock, 1);
    let over = white.next().await.unwrap().message;
    assert_eq!(black.next().await.unwrap().message, over);
    let ServerMessage::GameOver { result, ratings, .. } = &over else { panic!("{over:?}") };
    assert_eq!(*result, GameResult { winner: Some(Color::Black), reason: EndReason::Timeout });
    assert_eq!(clocks_of(&over), Clocks { white_ms: 0, black_ms: 32_000, running: None, stopped_ms: 0 });
    assert_eq!(*ratings, None, "unrated");

    let refused = white.request(ClientMessage::Play { game: game.id.clone(), ply: 3, turn: "e2-e3".into() }).await;
    assert_eq!(refused.unwrap_err().code(), Some(ErrorCode::NotFound), "the game is over");
}

#[tokio::test]
async fn a_turn_played_after_the_flag_fell_ends_the_game_instead() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["alice", "bob"], true, "1+0").await;
    wait(&clock, 61);
    let refused = white.request(ClientMessage::Play { game: game.id.clone(), ply: 1, turn: "f3-e3W".into() }).await;
    assert_eq!(refused.unwrap_err().code(), Some(ErrorCode::GameOver));
    let over = white.next().await.unwrap().message;
    assert_eq!(black.next().await.unwrap().message, over);
    let ServerMessage::GameOver { result, ratings, .. } = over else { panic!("{over:?}") };
    assert_eq!(result, GameResult { winner: Some(Color::Black), reason: EndReason::Timeout });
    // Lost on time before either side played: a result, no rating (issue 31, point 5).
    assert_eq!(ratings, None);

    let pool = open_db(&server.db).await;
    let row = sqlx::query("SELECT status, result, white_clock_ms FROM games WHERE id = $1")
        .bind(&game.id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>("status"), "finished");
    assert_eq!(row.get::<String, _>("result"), "0-1");
    assert_eq!(row.get::<i64, _>("white_clock_ms"), 0);
    let turns = sqlx::query("SELECT ply FROM turns WHERE game = $1").bind(&game.id).fetch_all(&pool).await.unwrap();
    assert!(turns.is_empty(), "the late turn was not stored");
}

#[tokio::test]
async fn games_end_by_abort_resignation_and_agreement() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;

    // Abort: allowed after one turn, never rated.
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["alice", "bob"], true, "5+3").await;
    play(&mut white, &mut black, &game.id, 1, "f3-e3W").await;
    let over = black.request(ClientMessage::Abort { game: game.id.clone() }).await.unwrap();
    assert_eq!(white.next().await.unwrap().message, over);
    let ServerMessage::GameOver { result, ratings, .. } = over else { panic!("{over:?}") };
    assert_eq!((result.winner, result.reason, ratings), (None, EndReason::Aborted, None));

    // Too late to abort after two turns; a resignation then.
    let accept = ClientMessage::AcceptChallenge { challenge: String::new() };
    assert_eq!(white.request(accept).await.unwrap_err().code(), Some(ErrorCode::NotFound));
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["carol", "dave"], true, "5+3").await;
    play(&mut white, &mut black, &game.id, 1, "f3-e3W").await;
    let reply = choose(&rules_game(&["f3-e3W".into()])).to_string();
    play(&mut black, &mut white, &game.id, 2, &reply).await;
    let refused = white.request(ClientMessage::Abort { game: game.id.clone() }).await;
    assert_eq!(refused.unwrap_err().code(), Some(ErrorCode::TooLateToAbort));
    let over = black.request(ClientMessage::Resign { game: game.id.clone() }).await.unwrap();
    assert_eq!(white.next().await.unwrap().message, over);
    let ServerMessage::GameOver { result, ratings: Some(_), .. } = over else { panic!("{over:?}") };
    assert_eq!(result, GameResult { winner: Some(Color::White), reason: EndReason::Resignation });

    // A draw offer, declined by playing on, then offered again and accepted.
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["erin", "frank"], false, "5+3").await;
    let offer = ClientMessage::OfferDraw { game: game.id.clone() };
    assert!(matches!(black.request(offer.clone()).await.unwrap(), ServerMessage::DrawOffered { by: Color::Black, .. }));
    assert!(matches!(white.next().await.unwrap().message, ServerMessage::DrawOffered { .. }));
    play(&mut white, &mut black, &game.id, 1, "f3-e3W").await;
    let accept = ClientMessage::AcceptDraw { game: game.id.clone() };
    assert_eq!(white.request(accept.clone()).await.unwrap_err().code(), Some(ErrorCode::NoDrawOffer));
    black.request(offer).await.unwrap();
    white.next().await.unwrap();
    let over = white.request(accept).await.unwrap();
    assert_eq!(black.next().await.unwrap().message, over);
    let ServerMessage::GameOver { result, .. } = over else { panic!("{over:?}") };
    assert_eq!(result, GameResult { winner: None, reason: EndReason::Agreement });
}

#[tokio::test]
async fn a_side_away_when_its_flag_falls_gets_the_grace_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let clock = clock();
    let server = TestServer::start_watching_flags(&db, &clock).await;
    let ([(white, white_welcome), (black, black_welcome)], game) =
        start_game(&server, ["alice", "bob"], true, "1+0").await;
    let stored = async || {
        let pool = open_db(&db).await;
        let row = sqlx::query("SELECT status, result, grace_used FROM games WHERE id = $1").bind(&game.id);
        let row = row.fetch_one(&pool).await.unwrap();
        (row.get::<String, _>("status"), row.get::<Option<String>, _>("result"), row.get::<i64, _>("grace_used"))
    };
    // A restarted server is one that White is certainly not connected to (a connection that closes is forgotten a
    // moment later, which a test cannot see).
    let restart = async |server: TestServer| {
        server.kill();
        TestServer::start_watching_flags(&db, &clock).await
    };
    let reconnect = async |server: &TestServer, token: &Option<String>| {
        let mut client = Client::connect(&server.url).await.unwrap();
        let welcome = client.hello(token.as_deref(), None).await.unwrap();
        (client, welcome)
    };
    drop((white, black));

    // White's flag falls while it is away: for the margin nothing happens, then it gets the grace instead of losing.
    // The clock moves with the first server stopped: that server may not have seen White's connection close yet,
    // and would judge White present and lost (as it did under load).
    server.kill();
    wait(&clock, 61);
    let server = TestServer::start_watching_flags(&db, &clock).await;
    let (mut black, _) = reconnect(&server, &black_welcome.token).await;
    // The server's own look at the clocks, taken here so as to know that one was taken at this time.
    server.hub.check_clocks().await;
    assert_eq!(stored().await, ("playing".to_owned(), None, 0), "not before the margin");
    wait(&clock, 1);
    let grace = black.next().await.unwrap().message;
    let with_grace = Clocks { white_ms: 30_000, black_ms: 60_000, running: Some(Color::White), stopped_ms: 0 };
    assert_eq!(grace, ServerMessage::Grace { game: game.id.clone(), color: Color::White, clocks: with_grace });
    assert_eq!(stored().await, ("playing".to_owned(), None, 1));

    // White comes back in time, sees the grace on its clock and plays.
    let (mut white, welcome) = reconnect(&server, &white_welcome.token).await;
    assert_eq!(welcome.games[0].clocks, with_grace);
    wait(&clock, 10);
    let played = play(&mut white, &mut black, &game.id, 1, "f3-e3W").await;
    assert_eq!(
        clocks_of(&played),
        Clocks { white_ms: 20_000, black_ms: 60_000, running: Some(Color::Black), stopped_ms: 0 }
    );
    let reply = choose(&rules_game(&["f3-e3W".into()])).to_string();
    play(&mut black, &mut white, &game.id, 2, &reply).await;

    // Away again when its flag falls: the grace was had, the game is lost on time at once.
    drop((white, black));
    wait(&clock, 21);
    let _server = restart(server).await;
    let start = Instant::now();
    let mut over = stored().await;
    while over.0 == "playing" {
        assert!(start.elapsed() < PATIENCE, "the game is still being played");
        tokio::time::sleep(Duration::from_millis(20)).await;
        over = stored().await;
    }
    assert_eq!(over, ("finished".to_owned(), Some("0-1".to_owned()), 1));
}
