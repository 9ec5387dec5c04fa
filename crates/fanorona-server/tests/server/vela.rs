//! Vela challenges: tsivy only and never rated; the challenger plays with the handicap, by the rules, and a
//! restarted server keeps it.

use fanorona_bot::client::Client;
use fanorona_rules::{Game, Position, Side, Turn};
use fanorona_server::protocol::{ClientMessage, Color, ErrorCode, GameVariant, ServerMessage};
use sqlx::Row;

use crate::common::{TestServer, challenge, clock, open_db, play};

#[tokio::test]
async fn a_vela_game_handicaps_the_challenger_and_is_never_rated() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let clock = clock();
    let server = TestServer::start(&db, &clock).await;
    let (mut alice, alice_welcome) = server.guest("alice").await;
    let (mut bob, bob_welcome) = server.guest("bob").await;
    let create = |variant, rated| challenge().variant(variant).rated(rated).vela().into();

    // Vela on tsivy only, and unrated.
    let refused = alice.request(create(GameVariant::Dimy, false)).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::VelaVariant));
    let refused = alice.request(create(GameVariant::Tsivy, true)).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::UnratedVariant));

    let ServerMessage::ChallengeCreated { challenge } = alice.request(create(GameVariant::Tsivy, false)).await.unwrap()
    else {
        panic!()
    };
    assert!(challenge.vela && !challenge.rated);
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    let ServerMessage::GameState { game: view } = bob.request(accept).await.unwrap() else { panic!() };
    alice.next().await.unwrap();
    // Alice, who offered the handicap, has it, whichever colour she drew.
    let alice_side = if view.white.id == alice_welcome.player.id { Side::White } else { Side::Black };
    assert_eq!(view.vela, Some(Color::from(alice_side)));
    assert!(view.position.ends_with(if alice_side == Side::White { " w" } else { " b" }), "{}", view.position);
    let mut game = Game::new(Position::start_vela(alice_side));
    assert_eq!(view.position, game.position().to_string());
    let mut players = if alice_side == Side::White { [alice, bob] } else { [bob, alice] };

    // Each plays a legal turn; when it is Alice's, a capture she could make without the handicap is refused first.
    let mut refused_captures = 0;
    for ply in 1..=4 {
        let mover = game.position().side_to_move();
        let [white, black] = &mut players;
        let (moving, other) = if mover == Side::White { (white, black) } else { (black, white) };
        if mover == alice_side {
            let vela_turns = game.legal_turns();
            let free_turns = Game::new(game.position().with_vela(None)).legal_turns();
            if let Some(capture) = free_turns.iter().find(|turn| !vela_turns.contains(turn)) {
                let play = ClientMessage::Play { game: view.id.clone(), ply, turn: capture.to_string() };
                assert_eq!(moving.request(play).await.unwrap_err().code(), Some(ErrorCode::IllegalTurn), "{capture}");
                refused_captures += 1;
            }
        }
        // A turn that leaves the opponent a turn: a handicapped side with no paika has none, and loses at once.
        let keeps_going = |turn: &&Turn| {
            let mut next = game.clone();
            next.play(turn).is_ok() && !next.is_over()
        };
        let turn = *game.legal_turns().iter().find(keeps_going).unwrap();
        let played = play(moving, other, &view.id, ply, &turn.to_string()).await;
        game.play(&turn).unwrap();
        let ServerMessage::Played { position, .. } = played else { panic!() };
        assert_eq!(position, game.position().to_string());
    }
    assert!(refused_captures > 0, "the handicap was tried");

    // Stored as a vela game, and taken up as one after a restart.
    let pool = open_db(&db).await;
    let row = sqlx::query("SELECT vela, rated FROM games WHERE id = $1").bind(&view.id).fetch_one(&pool).await.unwrap();
    assert_eq!((row.get::<i64, _>("vela"), row.get::<i64, _>("rated")), (1, 0));
    server.kill();
    let server = TestServer::start(&db, &clock).await;
    let mut bob = Client::connect(&server.url).await.unwrap();
    let welcome = bob.hello(bob_welcome.token.as_deref(), None).await.unwrap();
    let [resumed] = &welcome.games[..] else { panic!("{:?}", welcome.games) };
    assert_eq!((resumed.vela, resumed.position.as_str()), (view.vela, game.position().to_string().as_str()));
}
