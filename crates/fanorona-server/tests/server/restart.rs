//! A server killed in the middle of games loses nothing: a new one on the same database takes every game up again,
//! with its turns and clocks, and the players go on.

use fanorona_bot::client::Client;
use fanorona_server::protocol::{ClientMessage, Clocks, Color, GameVariant, ServerMessage};

use crate::common::{TestServer, challenge, choose, clock, play, rules_game, start_game, wait};

#[tokio::test]
async fn a_killed_server_restarts_with_every_game_and_clock() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let clock = clock();
    let server = TestServer::start(&db, &clock).await;
    let ([(mut white, white_welcome), (mut black, black_welcome)], game) =
        start_game(&server, ["alice", "bob"], true, "5+3").await;
    let mut turns: Vec<String> = Vec::new();
    for ply in 1..=3 {
        let turn = choose(&rules_game(&turns)).to_string();
        wait(&clock, 10);
        let (mover, other) = if ply % 2 == 1 { (&mut white, &mut black) } else { (&mut black, &mut white) };
        play(mover, other, &game.id, ply, &turn).await;
        turns.push(turn);
    }
    // An open challenge is kept too.
    let create = challenge().variant(GameVariant::Dimy).time("3+2").into();
    let Ok(ServerMessage::ChallengeCreated { challenge }) = white.request(create).await else { panic!() };

    server.kill();
    drop((white, black));
    wait(&clock, 7);
    let server = TestServer::start(&db, &clock).await;

    // Black, to move, has used the 7 s since White's last turn; White has 5 min - 2 x 10 s + 2 x 3 s.
    let mut black = Client::connect(&server.url).await.unwrap();
    let welcome = black.hello(black_welcome.token.as_deref(), None).await.unwrap();
    assert_eq!(welcome.player.id, black_welcome.player.id);
    let [resumed] = &welcome.games[..] else { panic!("{:?}", welcome.games) };
    assert_eq!((&resumed.id, &resumed.turns), (&game.id, &turns));
    let expected = Clocks {
        white_ms: 286_000,
        black_ms: 300_000 - 10_000 + 3_000 - 7_000,
        running: Some(Color::Black),
        stopped_ms: 0,
    };
    assert_eq!(resumed.clocks, expected);
    assert_eq!(resumed.position, rules_game(&turns).position().to_string());

    let mut white = Client::connect(&server.url).await.unwrap();
    let welcome = white.hello(white_welcome.token.as_deref(), None).await.unwrap();
    assert_eq!(welcome.games.len(), 1);
    let Ok(ServerMessage::Challenges { challenges, .. }) = white.request(ClientMessage::ListChallenges).await else {
        panic!()
    };
    assert_eq!(challenges, vec![challenge]);

    // The game goes on where it was.
    let turn = choose(&rules_game(&turns)).to_string();
    wait(&clock, 1);
    let played = play(&mut black, &mut white, &game.id, 4, &turn).await;
    let ServerMessage::Played { clocks, .. } = played else { panic!() };
    assert_eq!(clocks.black_ms, expected.black_ms - 1_000 + 3_000);
}
