//! The real program, killed with SIGKILL between turns and started again on the same database.

use fanorona_bot::client::Client;
use fanorona_server::protocol::{ClientMessage, ServerMessage};

use crate::common::{challenge, choose, rules_game, spawn};

async fn guest(url: &str, name: &str) -> (Client, String) {
    let mut client = Client::connect(url).await.unwrap();
    let token = client.hello(None, Some(name)).await.unwrap().token.unwrap();
    (client, token)
}

#[tokio::test]
async fn the_program_killed_with_sigkill_loses_no_turn() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let (server, url) = spawn(&db).await;
    let (mut alice, alice_token) = guest(&url, "alice").await;
    let (mut bob, bob_token) = guest(&url, "bob").await;
    let create = challenge().time("10+0").into();
    let Ok(ServerMessage::ChallengeCreated { challenge }) = alice.request(create).await else { panic!() };
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id };
    let Ok(ServerMessage::GameState { game }) = bob.request(accept).await else { panic!() };
    let mut players = [(alice, alice_token), (bob, bob_token)];
    if game.white.name != "alice" {
        players.reverse();
    }
    let mut turns: Vec<String> = Vec::new();
    for ply in 1..=4 {
        let turn = choose(&rules_game(&turns)).to_string();
        let play = ClientMessage::Play { game: game.id.clone(), ply, turn: turn.clone() };
        // The acknowledgement is the promise: the turn is stored.
        let mover = &mut players[usize::from(ply % 2 == 0)].0;
        assert!(matches!(mover.request(play).await, Ok(ServerMessage::Played { .. })));
        turns.push(turn);
    }
    drop(server);

    let (_server, url) = spawn(&db).await;
    for (_, token) in &players {
        let mut client = Client::connect(&url).await.unwrap();
        let welcome = client.hello(Some(token), None).await.unwrap();
        let [resumed] = &welcome.games[..] else { panic!("{:?}", welcome.games) };
        assert_eq!(resumed.turns, turns);
        assert!(resumed.clocks.white_ms <= 600_000 && resumed.clocks.white_ms > 500_000, "{:?}", resumed.clocks);
    }
}
