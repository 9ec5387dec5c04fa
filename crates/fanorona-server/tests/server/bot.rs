//! The engine on loopback as a bot account: it opens a challenge, a person accepts it, and they play to the end.

use std::time::{Duration, Instant};

use fanorona_ai::Level;
use fanorona_bot::bot::{self, BotConfig};
use fanorona_bot::client::Client;
use fanorona_rules::{Game, Side, Variant};
use fanorona_server::protocol::{ChallengeView, ClientMessage, ErrorCode, GameVariant, ServerMessage};
use sqlx::Row;

use crate::common::{PATIENCE, TestServer, challenge, choose, clock, open_db, stored_turns};

/// After this many turns the person resigns, should the game still be running.
const MOST_TURNS: usize = 200;

/// The open challenges.
async fn lobby(client: &mut Client) -> Vec<ChallengeView> {
    match client.request(ClientMessage::ListChallenges).await.unwrap() {
        ServerMessage::Challenges { challenges, .. } => challenges,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn the_engine_plays_a_whole_game_online_as_a_bot_account() {
    let server = TestServer::fresh(&clock()).await;
    let config = BotConfig {
        url: server.url.clone(),
        level: Level::Beginner,
        name: Some("BeginnerBot".into()),
        password: Some("a bot's password".into()),
        variant: GameVariant::Tsivy,
        time: "5+0".parse().unwrap(),
        games: Some(1),
        most_thought: Duration::from_millis(50),
        threads: 1,
        ponder: true,
        tournaments: false,
    };
    let bot = tokio::spawn(async move { bot::run(&config, std::future::pending()).await });

    // The bot's challenge comes up in the lobby: unrated, its player marked a bot.
    let (mut carol, carol_welcome) = server.guest("carol").await;
    let start = Instant::now();
    let challenge = loop {
        if let Some(challenge) = lobby(&mut carol).await.into_iter().find(|c| c.by.name == "BeginnerBot") {
            break challenge;
        }
        assert!(start.elapsed() < PATIENCE, "the bot opened no challenge");
        // Within the rate limit, however long the bot takes (its password is hashed first).
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(challenge.by.bot && !challenge.rated && !challenge.vela, "{challenge:?}");
    assert!(!carol_welcome.player.bot);

    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    let ServerMessage::GameState { game: view } = carol.request(accept).await.unwrap() else { panic!() };
    let me = if view.white.id == carol_welcome.player.id { Side::White } else { Side::Black };
    let mut game = Game::of_variant(Variant::Tsivy);
    // Carol plays the turns `choose` picks; the bot answers each of hers, until the game ends.
    let result = loop {
        let ply = game.turns().len() as u32 + 1;
        if !game.is_over() && game.position().side_to_move() == me {
            let request = if game.turns().len() >= MOST_TURNS {
                ClientMessage::Resign { game: view.id.clone() }
            } else {
                ClientMessage::Play { game: view.id.clone(), ply, turn: choose(&game).to_string() }
            };
            match carol.request(request).await.unwrap() {
                ServerMessage::Played { turn, .. } => game.play_notation(&turn).map(drop).unwrap(),
                ServerMessage::GameOver { result, .. } => break result,
                other => panic!("{other:?}"),
            }
            continue;
        }
        match carol.next().await.unwrap().message {
            ServerMessage::Played { ply: played, turn, .. } => {
                assert_eq!(played, ply);
                game.play_notation(&turn).unwrap();
            }
            ServerMessage::GameOver { result, .. } => break result,
            other => panic!("{other:?}"),
        }
    };
    assert!(game.turns().len() >= 2, "the bot played: {result:?} after {:?}", game.turns());

    // One game, as asked: the bot stops, leaving no challenge behind.
    assert_eq!(bot.await.unwrap().unwrap(), 1);
    assert!(lobby(&mut carol).await.is_empty());
    let pool = open_db(&server.db).await;
    let turns: Vec<String> = game.turns().iter().map(ToString::to_string).collect();
    assert_eq!(stored_turns(&pool, &view.id).await, turns);
    let row = sqlx::query("SELECT p.bot, p.password_hash, g.rated FROM players p JOIN games g ON g.creator = p.id")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!((row.get::<i64, _>("bot"), row.get::<i64, _>("rated")), (1, 0));
    assert!(row.get::<Option<String>, _>("password_hash").is_some(), "the bot registered its name");
}

#[tokio::test]
async fn a_bot_is_marked_for_good_and_plays_unrated_games_only() {
    let server = TestServer::fresh(&clock()).await;
    let mut bot = Client::connect(&server.url).await.unwrap();
    let welcome = bot.greet(None, Some("robot"), None, true).await.unwrap();
    assert!(welcome.player.bot);
    // Registered: rated games are for registered players.
    let (mut alice, alice_welcome) = server.registered("alice").await;
    assert!(!alice_welcome.player.bot);

    // A bot opens no rated challenge and accepts none.
    let create = |rated| challenge().rated(rated).into();
    assert_eq!(bot.request(create(true)).await.unwrap_err().code(), Some(ErrorCode::BotUnrated));
    let ServerMessage::ChallengeCreated { challenge: rated } = alice.request(create(true)).await.unwrap() else {
        panic!()
    };
    let accept = ClientMessage::AcceptChallenge { challenge: rated.id.clone() };
    assert_eq!(bot.request(accept).await.unwrap_err().code(), Some(ErrorCode::BotUnrated));

    // Unrated games it plays, shown as a bot's to everyone.
    let ServerMessage::ChallengeCreated { challenge } = bot.request(create(false)).await.unwrap() else { panic!() };
    assert!(challenge.by.bot);
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id };
    let ServerMessage::GameState { game } = alice.request(accept).await.unwrap() else { panic!() };
    assert!(!game.rated && [&game.white, &game.black].iter().any(|p| p.bot && p.name == "robot"));

    // Coming back without saying it is a bot does not take the mark off.
    let mut again = Client::connect(&server.url).await.unwrap();
    assert!(again.hello(welcome.token.as_deref(), None).await.unwrap().player.bot);
}
