//! Challenges addressed to one player (a rematch): sent to that player, listed for them and the challenger only,
//! accepted by nobody else.

use fanorona_server::protocol::{ClientMessage, ErrorCode, ServerMessage};

use crate::common::{TestServer, challenge, clock, start_game};

fn rematch(opponent: &str) -> ClientMessage {
    challenge().rated(true).to(Some(opponent)).into()
}

#[tokio::test]
async fn a_rematch_is_offered_to_the_opponent_alone() {
    let server = TestServer::fresh(&clock()).await;
    let ([(mut white, white_welcome), (mut black, black_welcome)], game) =
        start_game(&server, ["alice", "bob"], true, "5+3").await;
    let over = white.request(ClientMessage::Resign { game: game.id.clone() }).await.unwrap();
    assert_eq!(black.next().await.unwrap().message, over);
    let (mut carol, carol_welcome) = server.guest("carol").await;
    let (white_id, black_id) = (white_welcome.player.id.clone(), black_welcome.player.id.clone());

    // Nobody challenges themselves, nor a player who does not exist.
    let own = white.request(rematch(&white_id)).await.unwrap_err();
    assert_eq!(own.code(), Some(ErrorCode::OwnChallenge));
    assert_eq!(white.request(rematch("nobody")).await.unwrap_err().code(), Some(ErrorCode::NotFound));

    // The loser asks for a rematch: the winner hears of it at once.
    let created = white.request(rematch(&black_id)).await.unwrap();
    let ServerMessage::ChallengeCreated { challenge } = &created else { panic!("{created:?}") };
    assert_eq!(challenge.opponent.as_deref(), Some(black_id.as_str()));
    assert_eq!(black.next().await.unwrap().message, created);

    // Listed for the two of them, not for Carol, who may not accept it.
    let listed = |reply: ServerMessage| match reply {
        ServerMessage::Challenges { challenges, .. } => challenges.iter().any(|c| c.id == challenge.id),
        other => panic!("{other:?}"),
    };
    assert!(listed(white.request(ClientMessage::ListChallenges).await.unwrap()));
    assert!(listed(black.request(ClientMessage::ListChallenges).await.unwrap()));
    assert!(!listed(carol.request(ClientMessage::ListChallenges).await.unwrap()));
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    assert_eq!(carol.request(accept.clone()).await.unwrap_err().code(), Some(ErrorCode::NotYourGame));

    // Withdrawn, it is withdrawn for the opponent too; the next one is accepted.
    let cancel = ClientMessage::CancelChallenge { challenge: challenge.id.clone() };
    let cancelled = white.request(cancel).await.unwrap();
    assert_eq!(black.next().await.unwrap().message, cancelled);
    let created = white.request(rematch(&black_id)).await.unwrap();
    let ServerMessage::ChallengeCreated { challenge } = &created else { panic!("{created:?}") };
    assert_eq!(black.next().await.unwrap().message, created);
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    let started = black.request(accept).await.unwrap();
    let ServerMessage::GameState { game } = &started else { panic!("{started:?}") };
    let mut players = [game.white.id.as_str(), game.black.id.as_str()];
    players.sort_unstable();
    let mut expected = [white_id.as_str(), black_id.as_str()];
    expected.sort_unstable();
    assert_eq!(players, expected);
    assert_ne!(carol_welcome.player.id, game.white.id);
}
