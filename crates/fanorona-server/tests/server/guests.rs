//! Guests and rated play (issue 31, point 5): rated games for registered players only, no rating for a game that
//! ends before each side has played, new guests limited per address, one draw offer at a time, logins that expire.

use std::time::Duration;

use fanorona_bot::client::Client;
use fanorona_server::hub::LOGIN_EXPIRES_AFTER;
use fanorona_server::protocol::{ClientMessage, Color, EndReason, ErrorCode, ServerMessage};
use fanorona_server::server::Limits;
use sqlx::Row;

use crate::common::{TestServer, challenge, choose, clock, open_db, play, rules_game, start_game, wait};

/// A legal second turn after `f3-e3W`.
fn reply_to_f3_e3() -> String {
    choose(&rules_game(&["f3-e3W".to_owned()])).to_string()
}

fn rated_challenge() -> ClientMessage {
    challenge().rated(true).into()
}

#[tokio::test]
async fn rated_games_are_for_registered_players() {
    let server = TestServer::fresh(&clock()).await;
    let (mut guest, _) = server.guest("guest").await;
    let (mut alice, _) = server.registered("alice").await;
    // A guest's rated challenge is refused; an unrated one is not.
    assert_eq!(guest.request(rated_challenge()).await.unwrap_err().code(), Some(ErrorCode::GuestUnrated));
    // A guest may not accept a registered player's rated challenge either; a registered player may.
    let Ok(ServerMessage::ChallengeCreated { challenge }) = alice.request(rated_challenge()).await else { panic!() };
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    assert_eq!(guest.request(accept.clone()).await.unwrap_err().code(), Some(ErrorCode::GuestUnrated));
    let (mut bob, _) = server.registered("bob").await;
    assert!(matches!(bob.request(accept).await, Ok(ServerMessage::GameState { game }) if game.rated));
}

#[tokio::test]
async fn a_game_ended_before_each_side_has_played_changes_no_rating() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let resign = |game: &str| ClientMessage::Resign { game: game.to_owned() };
    // Resigned at once, and after White's first turn: a result, no rating.
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["alice", "bob"], true, "5+3").await;
    let over = white.request(resign(&game.id)).await.unwrap();
    assert!(
        matches!(&over, ServerMessage::GameOver { ratings: None, result, .. } if result.reason == EndReason::Resignation),
        "{over:?}"
    );
    assert_eq!(black.next().await.unwrap().message, over);
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["carol", "dave"], true, "5+3").await;
    play(&mut white, &mut black, &game.id, 1, "f3-e3W").await;
    let over = black.request(resign(&game.id)).await.unwrap();
    assert!(
        matches!(&over, ServerMessage::GameOver { ratings: None, result, .. } if result.winner == Some(Color::White)),
        "{over:?}"
    );
    let pool = open_db(&server.db).await;
    let rated: i64 = sqlx::query("SELECT COUNT(*) AS n FROM rating_history").fetch_one(&pool).await.unwrap().get("n");
    assert_eq!(rated, 0);
    // Once both have played, a resignation is rated.
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["erin", "frank"], true, "5+3").await;
    play(&mut white, &mut black, &game.id, 1, "f3-e3W").await;
    play(&mut black, &mut white, &game.id, 2, &reply_to_f3_e3()).await;
    let over = white.request(resign(&game.id)).await.unwrap();
    assert!(matches!(&over, ServerMessage::GameOver { ratings: Some(_), .. }), "{over:?}");
}

#[tokio::test]
async fn a_draw_offer_is_sent_once_while_it_stands() {
    let server = TestServer::fresh(&clock()).await;
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["alice", "bob"], false, "5+3").await;
    let offer = ClientMessage::OfferDraw { game: game.id.clone() };
    let offered = ServerMessage::DrawOffered { game: game.id.clone(), by: Color::White };
    for _ in 0..3 {
        assert_eq!(white.request(offer.clone()).await.unwrap(), offered, "the offerer hears that it stands");
    }
    assert_eq!(black.next().await.unwrap().message, offered);
    // Nothing more came for Black before the reply to its next request.
    let id = black.send(ClientMessage::ListChallenges).await.unwrap();
    assert_eq!(black.next().await.unwrap().id, Some(id), "the offer was sent again");
    // Declined by playing on, it may be made again, and is sent again.
    play(&mut white, &mut black, &game.id, 1, "f3-e3W").await;
    play(&mut black, &mut white, &game.id, 2, &reply_to_f3_e3()).await;
    assert_eq!(white.request(offer).await.unwrap(), offered);
    assert_eq!(black.next().await.unwrap().message, offered);
}

#[tokio::test]
async fn an_address_makes_ten_guests_an_hour() {
    let clock = clock();
    let server = TestServer::fresh_with_limits(&clock, Limits::default()).await;
    let (mut first, welcome) = server.guest("guest-0").await;
    first.request(ClientMessage::Register { name: "guest-0".into(), password: "long enough".into() }).await.unwrap();
    for n in 1..10 {
        server.guest(&format!("guest-{n}")).await;
    }
    let mut eleventh = Client::connect(&server.url).await.unwrap();
    let refusal = eleventh.hello(None, Some("guest-10")).await.unwrap_err();
    assert_eq!(refusal.code(), Some(ErrorCode::TooManyGuests), "{refusal}");
    // Returning and registered players are not concerned.
    eleventh.hello(welcome.token.as_deref(), None).await.unwrap();
    Client::connect(&server.url).await.unwrap().log_in("guest-0", "long enough").await.unwrap();
    // An hour after the first, one more may come.
    wait(&clock, 3600);
    server.guest("guest-10").await;
}

#[tokio::test]
async fn a_login_unused_for_half_a_year_expires() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (_, idle) = server.guest("idle").await;
    let (_, active) = server.guest("active").await;
    let day = Duration::from_secs(24 * 3600);
    let hello = async |token: &Option<String>| {
        let mut client = Client::connect(&server.url).await.unwrap();
        client.hello(token.as_deref(), None).await.map(|welcome| welcome.player.name).map_err(|e| e.code())
    };
    clock.advance(LOGIN_EXPIRES_AFTER / 2);
    assert_eq!(hello(&active.token).await, Ok("active".to_owned()));
    clock.advance(LOGIN_EXPIRES_AFTER / 2 + day);
    assert_eq!(hello(&idle.token).await, Err(Some(ErrorCode::BadToken)), "unused for 181 days");
    assert_eq!(hello(&active.token).await, Ok("active".to_owned()), "used 91 days ago");
}
