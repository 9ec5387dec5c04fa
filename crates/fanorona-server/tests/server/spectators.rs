//! Spectators: watching a game, and stopping, by `unwatch` or by leaving.

use fanorona_server::protocol::{ClientMessage, ErrorCode, ServerMessage};
use fanorona_server::server::Limits;
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

use crate::common::{TestServer, choose, clock, play, rules_game, start_game, test_limits};
use crate::timeouts::{hello, next_text, open, until_closed};

#[tokio::test]
async fn a_spectator_stops_watching_with_unwatch() {
    let server = TestServer::fresh(&clock()).await;
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["alice", "bob"], false, "5+3").await;
    let (mut carol, _) = server.guest("carol").await;
    let watch = ClientMessage::Watch { game: game.id.clone() };
    let unwatch = ClientMessage::Unwatch { game: game.id.clone() };
    assert!(matches!(carol.request(watch.clone()).await, Ok(ServerMessage::GameState { .. })));
    let mut turns: Vec<String> = Vec::new();
    let next_turn = async |mover: &mut _, other: &mut _, turns: &mut Vec<String>| {
        let turn = choose(&rules_game(turns)).to_string();
        let played = play(mover, other, &game.id, turns.len() as u32 + 1, &turn).await;
        turns.push(turn);
        played
    };
    let played = next_turn(&mut white, &mut black, &mut turns).await;
    assert_eq!(carol.next().await.unwrap().message, played);

    let unwatched = ServerMessage::Unwatched { game: game.id.clone() };
    assert_eq!(carol.request(unwatch.clone()).await.unwrap(), unwatched);
    next_turn(&mut black, &mut white, &mut turns).await;
    // The turn reached every connection before Black heard it was stored: had Carol still been watching, it would
    // come before the reply to her next request.
    let id = carol.send(ClientMessage::ListChallenges).await.unwrap();
    let next = carol.next().await.unwrap();
    assert_eq!(next.id, Some(id), "{next:?}");
    assert!(matches!(next.message, ServerMessage::Challenges { .. }));
    // Unwatching again says the same; an unknown game is not found.
    assert_eq!(carol.request(unwatch).await.unwrap(), unwatched);
    let unknown = ClientMessage::Unwatch { game: "nope".into() };
    assert_eq!(carol.request(unknown).await.unwrap_err().code(), Some(ErrorCode::NotFound));

    // Watching again brings the events back.
    assert!(matches!(carol.request(watch).await, Ok(ServerMessage::GameState { .. })));
    let played = next_turn(&mut white, &mut black, &mut turns).await;
    assert_eq!(carol.next().await.unwrap().message, played);
}

#[tokio::test]
async fn a_spectator_that_leaves_is_forgotten_and_closes_at_once() {
    // The grace a closing connection gives its last messages runs on a clock that nothing moves here: it never ends.
    let limits = Limits { connection_clock: clock(), ..test_limits() };
    let server = TestServer::fresh_with_limits(&clock(), limits).await;
    let (_, game) = start_game(&server, ["alice", "bob"], false, "5+3").await;
    let mut watchers = Vec::new();
    for n in 0..3 {
        let mut socket = open(&server).await;
        hello(&mut socket, &format!("watcher-{n}")).await;
        let watch = format!(r#"{{"type":"watch","id":2,"game":"{}"}}"#, game.id);
        socket.send(Message::text(watch)).await.unwrap();
        assert_eq!(next_text(&mut socket).await["type"], "game_state");
        watchers.push(socket);
    }
    assert_eq!(server.hub.spectators().await, 3);
    // The game sends nothing meanwhile: the server must not wait for its next event to let them go. Each close is
    // answered before the grace ends, which here is never (the server once held it for the grace, 5 s, waiting for
    // the game to drop the watcher).
    for mut socket in watchers {
        socket.close(None).await.unwrap();
        until_closed(&mut socket).await;
    }
    assert_eq!(server.hub.spectators().await, 0, "spectators kept after their connections closed");
}
