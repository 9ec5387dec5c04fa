//! Two servers sharing one PostgreSQL database, as two processes behind a load balancer: players connected to
//! different servers play each other, see one lobby, and the database's conditional writes keep the servers from
//! both accepting a turn or both ending a game. Only with `FANORONA_TEST_POSTGRES` (SQLite is one process's): the tests
//! are ignored, and CI's PostgreSQL pass runs them with `--include-ignored`; run without the database, they fail.

use std::path::PathBuf;
use std::sync::Arc;

use fanorona_bot::client::{Client, ClientError, Welcome};
use fanorona_server::clock::ManualClock;
use fanorona_server::protocol::{
    ClientMessage, Color, EndReason, ErrorCode, ServerMessage, TournamentFormat, TournamentOutcome,
};
use sqlx::Row;
use tempfile::TempDir;

use crate::common::{
    PATIENCE, TestServer, challenge, choose, clock, open_db, play, play_out, rules_game, stored_turns, wait,
};
use crate::tournament_play::{create, finish, join, next_game, settings, standings};

/// A temporary folder, the path that names the database the servers share in it, and their clock. Panics without
/// PostgreSQL: a test that cannot run must not pass.
fn shared_database() -> (TempDir, PathBuf, Arc<ManualClock>) {
    assert!(
        std::env::var_os("FANORONA_TEST_POSTGRES").is_some(),
        "two servers share a database only on PostgreSQL: set FANORONA_TEST_POSTGRES to run this test"
    );
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    (dir, db, clock())
}

/// Alice, on `first`, opens a challenge; Bob, on `second`, finds it in the lobby and accepts it. Returns the id and
/// the clients as (white, black), each with its token and the URL of its server.
async fn start_across(
    first: &TestServer,
    second: &TestServer,
    rated: bool,
    time: &str,
) -> (String, [(Client, String, String); 2]) {
    // Rated games are for registered players.
    let player =
        async |server: &TestServer, name| if rated { server.registered(name).await } else { server.guest(name).await };
    let (mut alice, alice_welcome) = player(first, "alice").await;
    let (mut bob, bob_welcome) = player(second, "bob").await;
    let create = challenge().rated(rated).time(time).into();
    let ServerMessage::ChallengeCreated { challenge } = alice.request(create).await.unwrap() else { panic!() };
    let lobby = |challenges| match challenges {
        Ok(ServerMessage::Challenges { challenges, .. }) => challenges,
        other => panic!("{other:?}"),
    };
    assert_eq!(lobby(bob.request(ClientMessage::ListChallenges).await), vec![challenge.clone()]);
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    let ServerMessage::GameState { game } = bob.request(accept).await.unwrap() else { panic!() };
    // Alice hears of it through her own server.
    assert_eq!(alice.next().await.unwrap().message, ServerMessage::GameState { game: game.clone() });
    assert_eq!(lobby(alice.request(ClientMessage::ListChallenges).await), vec![]);
    let token = |welcome: Welcome| welcome.token.unwrap();
    let alice_is_white = game.white.id == alice_welcome.player.id;
    let alice = (alice, token(alice_welcome), first.url.clone());
    let bob = (bob, token(bob_welcome), second.url.clone());
    (game.id, if alice_is_white { [alice, bob] } else { [bob, alice] })
}

#[tokio::test]
#[ignore = "PostgreSQL only: FANORONA_TEST_POSTGRES and --include-ignored"]
async fn players_on_two_servers_play_a_game_through_one_database() {
    let (_dir, db, clock) = shared_database();
    let (first, second) = (TestServer::start(&db, &clock).await, TestServer::start(&db, &clock).await);
    let (game, [(mut white, ..), (mut black, ..)]) = start_across(&first, &second, true, "5+3").await;
    // A spectator on the first server.
    let (mut carol, _) = first.guest("carol").await;
    let ServerMessage::GameState { game: watched } =
        carol.request(ClientMessage::Watch { game: game.clone() }).await.unwrap()
    else {
        panic!()
    };
    assert!(watched.turns.is_empty());

    // A draw offer crosses over, and is declined by playing on.
    let offer = black.request(ClientMessage::OfferDraw { game: game.clone() }).await.unwrap();
    assert_eq!(white.next().await.unwrap().message, offer);
    assert_eq!(carol.next().await.unwrap().message, offer);

    let (turns, over) = play_out(&clock, &game, [&mut white, &mut black], &mut carol, u32::MAX).await;
    let ServerMessage::GameOver { result, ratings: Some(ratings), .. } = over else { panic!("{over:?}") };
    assert_eq!((result.winner, result.reason), (Some(Color::White), EndReason::AllCaptured));
    assert!(ratings.white.after > ratings.white.before);

    let pool = open_db(&db).await;
    let stored = stored_turns(&pool, &game).await;
    assert_eq!(stored, turns);
}

#[tokio::test]
#[ignore = "PostgreSQL only: FANORONA_TEST_POSTGRES and --include-ignored"]
async fn two_servers_never_both_accept_a_turn_nor_both_end_a_game() {
    let (_dir, db, clock) = shared_database();
    // Both look for fallen flags, as in service.
    let first = TestServer::start_watching_flags(&db, &clock).await;
    let second = TestServer::start_watching_flags(&db, &clock).await;
    let (game, [(mut white, white_token, white_server), (mut black, ..)]) =
        start_across(&first, &second, true, "1+0").await;

    // White, connected to the other server as well, sends two different first turns at once, one to each server:
    // one is played, the other refused, and both connections hear of the one played.
    let other_server = if white_server == first.url { &second.url } else { &first.url };
    let mut white_again = Client::connect(other_server).await.unwrap();
    white_again.hello(Some(&white_token), None).await.unwrap();
    let legal = rules_game(&[]).legal_turns();
    let send = |turn: String| ClientMessage::Play { game: game.clone(), ply: 1, turn };
    let sent = [
        white.send(send(legal[0].to_string())).await.unwrap(),
        white_again.send(send(legal[1].to_string())).await.unwrap(),
    ];
    let replies = [white.reply_to(sent[0]).await, white_again.reply_to(sent[1]).await];
    let (played, refused): (Vec<_>, Vec<_>) = replies.into_iter().enumerate().partition(|(_, reply)| reply.is_ok());
    assert_eq!((played.len(), refused.len()), (1, 1), "{played:?} {refused:?}");
    let Ok(played) = &played[0].1 else { unreachable!() };
    assert!(matches!(played, ServerMessage::Played { ply: 1, .. }), "{played:?}");
    let Err(refusal) = &refused[0].1 else { unreachable!() };
    assert!(matches!(refusal.code(), Some(ErrorCode::NotYourTurn | ErrorCode::WrongPly)), "{refusal:?}");
    assert_eq!(&black.next().await.unwrap().message, played);
    // The connection whose turn was refused hears of the other one's.
    let refused_connection = if refused[0].0 == 0 { &mut white } else { &mut white_again };
    assert_eq!(&refused_connection.next().await.unwrap().message, played);

    // Black's flag falls; both servers look for it every 10 ms, one of them ends the game, and every connection
    // hears of the end once. Black never played a turn: the game changes no rating (docs/DECISIONS.md, "Guests and
    // rated play"), and neither server writes one.
    wait(&clock, 61);
    let over = black.next().await.unwrap().message;
    let ServerMessage::GameOver { result, ratings: None, .. } = &over else { panic!("{over:?}") };
    assert_eq!((result.winner, result.reason), (Some(Color::White), EndReason::Timeout));
    assert_eq!(white.next().await.unwrap().message, over);
    assert_eq!(white_again.next().await.unwrap().message, over);
    for client in [&mut white, &mut white_again, &mut black] {
        let reply = client.request(ClientMessage::ListChallenges).await.unwrap();
        assert!(matches!(reply, ServerMessage::Challenges { .. }), "{reply:?}");
    }
    let pool = open_db(&db).await;
    let rows = sqlx::query("SELECT player FROM rating_history WHERE game = $1").bind(&game).fetch_all(&pool).await;
    assert_eq!(rows.unwrap().len(), 0, "no rating change before both sides played");
}

#[tokio::test]
#[ignore = "PostgreSQL only: FANORONA_TEST_POSTGRES and --include-ignored"]
async fn a_grace_given_by_one_server_reaches_the_others() {
    let (_dir, db, clock) = shared_database();
    let mut servers = vec![
        TestServer::start_watching_flags(&db, &clock).await,
        TestServer::start_watching_flags(&db, &clock).await,
        TestServer::start_watching_flags(&db, &clock).await,
    ];
    let (game, [(white, _, white_server), (mut black, ..)]) = start_across(&servers[0], &servers[1], true, "1+0").await;
    let (mut carol, _) = servers[2].guest("carol").await;
    let ServerMessage::GameState { .. } = carol.request(ClientMessage::Watch { game: game.clone() }).await.unwrap()
    else {
        panic!()
    };

    // White's server dies with White's connection; White's flag falls. One of the two servers left gives the grace
    // (after the margin), the other passes it on: Black and the spectator hear the same.
    let index = servers.iter().position(|server| server.url == white_server).unwrap();
    servers.remove(index).kill();
    drop(white);
    wait(&clock, 61);
    // Within the margin neither gives it: each server looks here, so as to know that both looked at this time.
    for server in &servers {
        server.hub.check_clocks().await;
    }
    let pool = open_db(&db).await;
    let grace_used = sqlx::query("SELECT grace_used FROM games WHERE id = $1").bind(&game).fetch_one(&pool).await;
    assert_eq!(grace_used.unwrap().get::<i64, _>("grace_used"), 0, "not before the margin");
    wait(&clock, 1);
    let grace = black.next().await.unwrap().message;
    assert!(matches!(&grace, ServerMessage::Grace { color: Color::White, clocks, .. } if clocks.white_ms == 30_000));
    assert_eq!(carol.next().await.unwrap().message, grace);
}

#[tokio::test]
#[ignore = "PostgreSQL only: FANORONA_TEST_POSTGRES and --include-ignored"]
async fn a_logout_on_one_server_closes_the_login_s_connections_on_the_others() {
    let (_dir, db, clock) = shared_database();
    let (first, second) = (TestServer::start(&db, &clock).await, TestServer::start(&db, &clock).await);
    let (mut alice, welcome) = first.guest("alice").await;
    let token = welcome.token.unwrap();
    let mut elsewhere = Client::connect(&second.url).await.unwrap();
    elsewhere.hello(Some(&token), None).await.unwrap();

    assert_eq!(alice.request(ClientMessage::Logout).await.unwrap(), ServerMessage::LoggedOut);
    // The second server hears of it through the database and closes its connection of that login.
    let closed = elsewhere.next().await.map(|envelope| envelope.message);
    assert!(matches!(closed, Err(ClientError::Closed | ClientError::WebSocket(_))), "{closed:?}");
    let mut again = Client::connect(&second.url).await.unwrap();
    assert_eq!(again.hello(Some(&token), None).await.unwrap_err().code(), Some(ErrorCode::BadToken));
}

#[tokio::test]
#[ignore = "PostgreSQL only: FANORONA_TEST_POSTGRES and --include-ignored"]
async fn a_correspondence_game_nobody_is_connected_to_is_lost_on_time_once() {
    let (_dir, db, clock) = shared_database();
    // Both look for fallen flags, as in service.
    let first = TestServer::start_watching_flags(&db, &clock).await;
    let second = TestServer::start_watching_flags(&db, &clock).await;
    let (game, [(mut white, ..), (mut black, ..)]) = start_across(&first, &second, true, "2d").await;
    let first_turn = choose(&rules_game(&[])).to_string();
    play(&mut white, &mut black, &game, 1, &first_turn).await;
    let reply = choose(&rules_game(std::slice::from_ref(&first_turn))).to_string();
    play(&mut black, &mut white, &game, 2, &reply).await;
    white.close().await.unwrap();
    black.close().await.unwrap();

    // Two days pass with nobody connected: both servers see White's flag fall, one ends the game and rates it once.
    wait(&clock, 2 * 86_400 + 1);
    let pool = open_db(&db).await;
    let started = std::time::Instant::now();
    loop {
        let row = sqlx::query("SELECT status, reason FROM games WHERE id = $1").bind(&game).fetch_one(&pool).await;
        let row = row.unwrap();
        if row.get::<String, _>("status") == "finished" {
            assert_eq!(row.get::<Option<String>, _>("reason").as_deref(), Some("timeout"));
            break;
        }
        assert!(started.elapsed() < PATIENCE, "the game is still being played");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // Both servers look again (here, so as to know that they did): still one rating change a player.
    first.hub.check_clocks().await;
    second.hub.check_clocks().await;
    let rows = sqlx::query("SELECT player FROM rating_history WHERE game = $1").bind(&game).fetch_all(&pool).await;
    assert_eq!(rows.unwrap().len(), 2, "one rating change for each player");
}

/// A Swiss event run by two servers, one of them killed (as by `kill -9`) in the middle of a round: the round's
/// games are paired once between the two, the game played on the killed server is taken up when it comes back
/// and finished, and the next round is paired once, from both games' results; both servers show the same
/// standings.
#[tokio::test]
#[ignore = "PostgreSQL only: FANORONA_TEST_POSTGRES and --include-ignored"]
async fn a_swiss_round_survives_a_server_killed_in_its_middle() {
    let (_dir, db, clock) = shared_database();
    let first = TestServer::start(&db, &clock).await;
    let second = TestServer::start(&db, &clock).await;
    let (mut host, _) = second.registered("host").await;
    let event = create(&mut host, settings(TournamentFormat::Swiss { rounds: 2 }, true)).await;
    let mut players = Vec::new();
    for n in 0..4 {
        let server = if n < 2 { &first } else { &second };
        let (mut client, welcome) = server.registered(&format!("player{n}")).await;
        join(&mut client, &event.id).await;
        players.push((client, welcome));
    }
    wait(&clock, 60);
    tokio::join!(first.hub.run_tournaments(), second.hub.run_tournaments());
    let games = standings(&mut host, &event.id).await.2;
    assert_eq!(games.len(), 2, "round 1 paired once: {games:?}");
    let ids: Vec<String> = players.iter().map(|(_, w)| w.player.id.clone()).collect();
    let index = |id: &str| ids.iter().position(|p| p == id).unwrap();
    for (client, _) in &mut players {
        next_game(client).await;
    }
    // A game of a player of the first server ends; the first server dies while the other game is under way.
    let on_first = games.iter().position(|g| index(&g.white) < 2 || index(&g.black) < 2).unwrap();
    let (done, left) = (&games[on_first], &games[1 - on_first]);
    {
        let (w, b) = (index(&done.white), index(&done.black));
        let [white, black] = players.get_disjoint_mut([w, b]).unwrap();
        finish(&mut white.0, &mut black.0, &done.game, TournamentOutcome::White).await;
    }
    first.kill();
    tokio::join!(second.hub.run_tournaments());
    assert_eq!(standings(&mut host, &event.id).await.2.len(), 2, "no round 2 while a game of round 1 is played");
    // Back up: its players come back with their tokens and finish the game.
    let first = TestServer::start(&db, &clock).await;
    for (n, (client, welcome)) in players.iter_mut().enumerate() {
        let url = if n < 2 { &first.url } else { &second.url };
        *client = Client::connect(url).await.unwrap();
        let resumed = client.hello(welcome.token.as_deref(), None).await.unwrap();
        let playing: Vec<&str> = resumed.games.iter().map(|g| g.id.as_str()).collect();
        let in_left = [&left.white, &left.black].contains(&&welcome.player.id);
        assert_eq!(playing, if in_left { vec![left.game.as_str()] } else { vec![] }, "player{n}");
    }
    {
        let (w, b) = (index(&left.white), index(&left.black));
        let [white, black] = players.get_disjoint_mut([w, b]).unwrap();
        finish(&mut white.0, &mut black.0, &left.game, TournamentOutcome::Black).await;
    }
    tokio::join!(first.hub.run_tournaments(), second.hub.run_tournaments());
    let (view, table, games) = standings(&mut host, &event.id).await;
    assert_eq!((view.round, games.len()), (2, 4), "round 2 paired once: {games:?}");
    assert!(games.iter().filter(|g| g.round == 1).all(|g| g.outcome.is_some()), "no game of round 1 lost");
    let (mut other, _) = first.guest("onlooker").await;
    assert_eq!(standings(&mut other, &event.id).await.1, table, "the same standings on both servers");
    assert_eq!(table.iter().map(|l| l.points).sum::<u32>(), 4, "two games won");
}
