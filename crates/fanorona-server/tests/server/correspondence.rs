//! Correspondence games (days per turn): a challenge that waits while its creator is away, a clock that starts again
//! after every turn, a restart between turns, time running out with nobody connected, and a rating of their own.

use fanorona_bot::client::Client;
use fanorona_server::protocol::{
    ClientMessage, Clocks, Color, ErrorCode, GameView, MAX_CORRESPONDENCE_CHALLENGES, MAX_OPEN_CHALLENGES,
    ServerMessage, TimeControl,
};
use sqlx::Row;

use crate::common::{
    TestServer, challenge, choose, clock, leave, open_db, play, rules_game, start_game, stored_turns, wait,
};

const DAY: u64 = 86_400;
const DAY_MS: i64 = 86_400_000;

/// A player back after a while: a new connection with the token it kept, and its games in progress.
async fn back(server: &TestServer, token: &str) -> (Client, Vec<GameView>) {
    let mut client = Client::connect(&server.url).await.unwrap();
    let welcome = client.hello(Some(token), None).await.unwrap();
    (client, welcome.games)
}

#[tokio::test]
async fn a_correspondence_game_is_played_over_days_and_lost_on_time_with_nobody_connected() {
    let clock = clock();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let server = TestServer::start(&db, &clock).await;
    let (mut alice, alice_in) = server.registered("alice").await;
    let (mut carol, _) = server.guest("carol").await;
    let (mut bob, bob_in) = server.registered("bob").await;
    let days = challenge().rated(true).time("3d");
    let Ok(ServerMessage::ChallengeCreated { challenge: open }) = alice.request(days.into()).await else { panic!() };
    assert_eq!(open.time, TimeControl::Correspondence { days: 3 });
    let Ok(ServerMessage::ChallengeCreated { challenge: live }) = carol.request(challenge().into()).await else {
        panic!()
    };
    let pool = open_db(&db).await;
    leave(&clock, &pool, vec![alice, carol], &[&open.id, &live.id]).await;

    // Ten minutes later the live challenge of a player who left is gone; the correspondence one waits.
    wait(&clock, 600);
    server.hub.sweep_lobby().await;
    let Ok(ServerMessage::Challenges { challenges, .. }) = bob.request(ClientMessage::ListChallenges).await else {
        panic!()
    };
    assert_eq!(challenges.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), [open.id.as_str()]);
    let Ok(ServerMessage::GameState { game }) =
        bob.request(ClientMessage::AcceptChallenge { challenge: open.id.clone() }).await
    else {
        panic!()
    };
    assert_eq!(
        game.clocks,
        Clocks { white_ms: 3 * DAY_MS, black_ms: 3 * DAY_MS, running: Some(Color::White), stopped_ms: 0 }
    );
    bob.close().await.unwrap();

    // The server restarts between turns; the players come back days apart.
    server.kill();
    let server = TestServer::start(&db, &clock).await;
    let tokens = [alice_in.token.unwrap(), bob_in.token.unwrap()];
    let white_token = if game.white.id == alice_in.player.id { &tokens[0] } else { &tokens[1] };
    let black_token = if game.white.id == alice_in.player.id { &tokens[1] } else { &tokens[0] };
    wait(&clock, 2 * DAY);
    let (mut white, games) = back(&server, white_token).await;
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].clocks.white_ms, DAY_MS, "two of White's three days used");
    let (mut black, _) = back(&server, black_token).await;
    let first = choose(&rules_game(&[])).to_string();
    let played = play(&mut white, &mut black, &game.id, 1, &first).await;
    let ServerMessage::Played { clocks, .. } = played else { panic!("{played:?}") };
    assert_eq!(
        clocks,
        Clocks { white_ms: 3 * DAY_MS, black_ms: 3 * DAY_MS, running: Some(Color::Black), stopped_ms: 0 }
    );
    wait(&clock, DAY);
    let reply = choose(&rules_game(std::slice::from_ref(&first))).to_string();
    let played = play(&mut black, &mut white, &game.id, 2, &reply).await;
    let ServerMessage::Played { clocks, .. } = played else { panic!("{played:?}") };
    assert_eq!(
        clocks,
        Clocks { white_ms: 3 * DAY_MS, black_ms: 3 * DAY_MS, running: Some(Color::White), stopped_ms: 0 }
    );
    white.close().await.unwrap();
    black.close().await.unwrap();

    // White lets three days pass with nobody connected: no grace, the game is lost on time.
    wait(&clock, 3 * DAY - 1);
    server.hub.check_clocks().await;
    let status = async || {
        let row = sqlx::query("SELECT status, result, reason FROM games WHERE id = $1").bind(&game.id);
        let row = row.fetch_one(&pool).await.unwrap();
        (row.get::<String, _>("status"), row.get::<Option<String>, _>("result"), row.get::<Option<String>, _>("reason"))
    };
    assert_eq!(status().await, ("playing".into(), None, None), "a second was left");
    wait(&clock, 1);
    server.hub.check_clocks().await;
    assert_eq!(status().await, ("finished".into(), Some("0-1".into()), Some("timeout".into())));

    // The correspondence ratings changed; the live ones did not, and the live history has no game.
    for (id, won) in [(&game.white.id, false), (&game.black.id, true)] {
        let row = sqlx::query("SELECT rating, deviation, correspondence_rating FROM players WHERE id = $1").bind(id);
        let row = row.fetch_one(&pool).await.unwrap();
        assert_eq!((row.get::<f64, _>("rating"), row.get::<f64, _>("deviation")), (1500.0, 350.0), "{id}");
        let correspondence: f64 = row.get("correspondence_rating");
        assert_eq!(correspondence > 1500.0, won, "{id}: {correspondence}");
    }
    let (mut white, _) = back(&server, white_token).await;
    let profile = ClientMessage::Profile { player: Some(game.white.id.clone()) };
    let Ok(ServerMessage::Profile { history, .. }) = white.request(profile).await else { panic!() };
    assert!(history.is_empty(), "{history:?}");
    // A challenge shows the rating of its kind of game.
    for (time, lost) in [("3d", true), ("5+3", false)] {
        let Ok(ServerMessage::ChallengeCreated { challenge }) = white.request(challenge().time(time).into()).await
        else {
            panic!()
        };
        assert_eq!(challenge.by.rating < 1500.0, lost, "{time}: {:?}", challenge.by);
    }
}

/// A turn played on a device that went offline before the acknowledgement came: sent again from a new connection a day
/// later, it is acknowledged again and stored once, and the opponent hears of it once.
#[tokio::test]
async fn a_turn_sent_again_is_acknowledged_and_stored_once() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let ([(mut white, white_in), (mut black, _)], game) = start_game(&server, ["alice", "bob"], false, "2d").await;
    let first = choose(&rules_game(&[])).to_string();
    let played = play(&mut white, &mut black, &game.id, 1, &first).await;
    let ServerMessage::Played { position: after_first, .. } = &played else { panic!("{played:?}") };
    white.close().await.unwrap();
    wait(&clock, DAY);
    let (mut white, _) = back(&server, white_in.token.as_deref().unwrap()).await;
    let send = |ply: u32, turn: &str| ClientMessage::Play { game: game.id.clone(), ply, turn: turn.to_owned() };
    let again = white.request(send(1, &first)).await.unwrap();
    let clocks = Clocks { white_ms: 2 * DAY_MS, black_ms: DAY_MS, running: Some(Color::Black), stopped_ms: 0 };
    let acknowledged = ServerMessage::Played {
        game: game.id.clone(),
        ply: 1,
        turn: first.clone(),
        clocks,
        position: after_first.clone(),
    };
    assert_eq!(again, acknowledged);
    let pool = open_db(&server.db).await;
    assert_eq!(stored_turns(&pool, &game.id).await, std::slice::from_ref(&first));

    // Another first turn, or a third before Black's second, would answer a position that is not the game's: refused.
    let other = rules_game(&[]).legal_turns().iter().map(ToString::to_string).find(|t| *t != first).unwrap();
    assert_eq!(white.request(send(1, &other)).await.unwrap_err().code(), Some(ErrorCode::NotYourTurn));
    assert_eq!(white.request(send(3, &first)).await.unwrap_err().code(), Some(ErrorCode::NotYourTurn));
    // Black's next message is White's next turn, not the first one again.
    let reply = choose(&rules_game(std::slice::from_ref(&first))).to_string();
    play(&mut black, &mut white, &game.id, 2, &reply).await;
    let third = choose(&rules_game(&[first.clone(), reply.clone()])).to_string();
    play(&mut white, &mut black, &game.id, 3, &third).await;
    assert_eq!(stored_turns(&pool, &game.id).await, [first, reply, third]);
}

#[tokio::test]
async fn correspondence_challenges_have_a_bound_of_their_own() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut alice, _) = server.guest("alice").await;
    for _ in 0..MAX_CORRESPONDENCE_CHALLENGES {
        let created = alice.request(challenge().time("7d").into()).await;
        assert!(matches!(created, Ok(ServerMessage::ChallengeCreated { .. })), "{created:?}");
    }
    let refused = alice.request(challenge().time("1d").into()).await;
    assert_eq!(refused.unwrap_err().code(), Some(ErrorCode::TooManyChallenges));
    for _ in 0..MAX_OPEN_CHALLENGES {
        let created = alice.request(challenge().time("5+3").into()).await;
        assert!(matches!(created, Ok(ServerMessage::ChallengeCreated { .. })), "live ones apart: {created:?}");
    }
    let refused = alice.request(challenge().time("5+3").into()).await;
    assert_eq!(refused.unwrap_err().code(), Some(ErrorCode::TooManyChallenges));
}

#[tokio::test]
async fn a_challenge_addressed_to_a_player_is_declined_by_that_player_only() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut alice, _) = server.guest("alice").await;
    let (mut bob, bob_in) = server.guest("bob").await;
    let (mut carol, _) = server.guest("carol").await;
    let offer = challenge().time("7d").to(Some(&bob_in.player.id));
    let Ok(ServerMessage::ChallengeCreated { challenge: offered }) = alice.request(offer.into()).await else {
        panic!()
    };
    assert!(matches!(bob.next().await.unwrap().message, ServerMessage::ChallengeCreated { .. }));
    let decline = ClientMessage::DeclineChallenge { challenge: offered.id.clone() };

    // Neither someone else nor its creator may decline it.
    for client in [&mut carol, &mut alice] {
        assert_eq!(client.request(decline.clone()).await.unwrap_err().code(), Some(ErrorCode::NotYourGame));
    }
    let declined = ServerMessage::ChallengeDeclined { challenge: offered.id.clone() };
    assert_eq!(bob.request(decline.clone()).await.unwrap(), declined);
    assert_eq!(alice.next().await.unwrap().message, declined, "its creator is told");
    assert_eq!(bob.request(decline).await.unwrap_err().code(), Some(ErrorCode::NotFound), "declined once");
    let accept = ClientMessage::AcceptChallenge { challenge: offered.id };
    assert_eq!(bob.request(accept).await.unwrap_err().code(), Some(ErrorCode::NotFound));
}
