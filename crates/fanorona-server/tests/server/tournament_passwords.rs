//! A private event's password under attack (issue 69, point 2: a 4-digit password fell after 9,722 tries from one
//! guest in 13 s): 6 characters at least, stored as an account's password is (salted argon2id, not the SHA-256 of
//! before, which the events made before still answer to), and wrong ones backing off as wrong account passwords do,
//! by the event from an address, by the address, and by the event from anywhere, in every process sharing the
//! database; the players in the event are not kept out by the guessers.

use std::net::IpAddr;

use fanorona_bot::client::{Client, ClientError};
use fanorona_server::protocol::{ClientMessage, ErrorCode, ServerMessage, TournamentFormat, TournamentSettings};
use fanorona_server::server::Limits;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::common::{TestServer, attacker, clock, open_db, test_limits, wait};
use crate::tournament_play::{create, settings};

/// An unrated Swiss event (guests may join), private with `password`.
fn private(password: &str) -> TournamentSettings {
    TournamentSettings { password: Some(password.into()), ..settings(TournamentFormat::Swiss { rounds: 5 }, false) }
}

/// The refusal's code and words.
fn refused(answer: Result<ServerMessage, ClientError>) -> (ErrorCode, String) {
    match answer {
        Err(ClientError::Refused { code, message }) => (code, message),
        other => panic!("{other:?}"),
    }
}

/// `client`'s try to join `event` with `password`: joined, or the refusal's code.
async fn join(client: &mut Client, event: &str, password: Option<&str>) -> Result<(), ErrorCode> {
    let join = ClientMessage::JoinTournament { tournament: event.into(), password: password.map(str::to_owned) };
    match client.request(join).await {
        Ok(ServerMessage::TournamentJoined { tournament }) => {
            assert!(tournament.joined);
            Ok(())
        }
        other => Err(refused(other).0),
    }
}

/// A new guest on a connection from `address`.
async fn guest_from(server: &TestServer, address: IpAddr) -> Client {
    let mut client = Client::connect_from(&server.url, address).await.unwrap();
    client.hello(None, None).await.unwrap();
    client
}

/// The SHA-256 of `text` in hex: how the events made before issue 69 stored their password.
fn sha_256(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test]
async fn a_private_events_password_has_six_characters_and_is_stored_as_an_accounts() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut alice, _) = server.registered("alice").await;
    let hashes = server.hub.password_hashes();
    // Five characters are refused with the terms' reason; six are enough.
    let answer = alice.request(ClientMessage::CreateTournament { settings: private("12345") }).await;
    assert_eq!(
        refused(answer),
        (ErrorCode::BadTournament, "a private event's password has 6 to 128 characters".to_owned())
    );
    assert_eq!(server.hub.password_hashes(), hashes, "a refused password was hashed");
    let event = create(&mut alice, private("123456")).await;
    assert!(event.private);
    assert_eq!(server.hub.password_hashes(), hashes + 1, "the password is hashed on the hashing threads");

    // Stored salted and slow, not as its SHA-256.
    let pool = open_db(&server.db).await;
    let stored = |id: String| {
        let pool = pool.clone();
        async move {
            let row = sqlx::query("SELECT password_hash FROM tournaments WHERE id = $1").bind(id).fetch_one(&pool);
            row.await.unwrap().get::<String, _>("password_hash")
        }
    };
    let hash = stored(event.id.clone()).await;
    assert_ne!(hash, sha_256("123456"));
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    let again = create(&mut alice, private("123456")).await;
    assert_ne!(stored(again.id.clone()).await, hash, "no salt of its own");

    // The right password joins; a wrong one does not.
    let mut bob = guest_from(&server, attacker(2)).await;
    assert_eq!(join(&mut bob, &event.id, Some("123457")).await, Err(ErrorCode::WrongPassword));
    assert_eq!(join(&mut bob, &event.id, None).await, Err(ErrorCode::WrongPassword));
    assert_eq!(join(&mut bob, &event.id, Some("123456")).await, Ok(()));

    // An event made before keeps its SHA-256, and answers to its password still.
    sqlx::query("UPDATE tournaments SET password_hash = $1 WHERE id = $2")
        .bind(sha_256("old club"))
        .bind(&again.id)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(join(&mut bob, &again.id, Some("old clu")).await, Err(ErrorCode::WrongPassword));
    assert_eq!(join(&mut bob, &again.id, Some("old club")).await, Ok(()));
}

#[tokio::test]
async fn wrong_event_passwords_back_off_by_address_and_by_event_in_every_process() {
    let clock = clock();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    // The event from anywhere backs off as a name does: after 8 here, 30 in service.
    let limits = || Limits { login_failures_per_name: 8, ..test_limits() };
    let server = TestServer::start_with_limits(&db, &clock, limits()).await;
    let (mut alice, _) = server.registered("alice").await;
    let event = create(&mut alice, private("club secret")).await.id;
    let hashes = || server.hub.password_hashes();

    // One guest on one address: five wrong passwords are free, the sixth makes the address wait a second for this
    // event, and the seventh try is refused with the wait, the right password too, without a hash.
    let mut guesser = guest_from(&server, attacker(9)).await;
    for n in 1..=6 {
        assert_eq!(join(&mut guesser, &event, Some(&format!("{n:06}"))).await, Err(ErrorCode::WrongPassword), "{n}");
    }
    let before = hashes();
    for password in ["000007", "club secret"] {
        let answer = guesser
            .request(ClientMessage::JoinTournament { tournament: event.clone(), password: Some(password.into()) });
        let throttled = (ErrorCode::LoginThrottled, "too many wrong passwords lately: try again in 1 s".to_owned());
        assert_eq!(refused(answer.await), throttled, "{password}");
    }
    assert_eq!(hashes(), before, "a try refused for its wait cost a hash");
    // Another address is not kept out.
    let mut carol = guest_from(&server, attacker(3)).await;
    assert_eq!(join(&mut carol, &event, Some("club secret")).await, Ok(()));
    // The wait over, the right password lets the guesser's address in; the next wrong ones start again from nothing.
    wait(&clock, 1);
    assert_eq!(join(&mut guesser, &event, Some("club secret")).await, Ok(()));

    // Guesses spread over addresses: 6 from the first, 3 more make 9 for the event (8 free), which then waits for
    // everyone not in it yet, in every process on the database, the right password too.
    for n in 10..13 {
        let mut spread = guest_from(&server, attacker(n)).await;
        assert_eq!(join(&mut spread, &event, Some("a guess")).await, Err(ErrorCode::WrongPassword), "{n}");
    }
    let mut dave = guest_from(&server, attacker(4)).await;
    assert_eq!(join(&mut dave, &event, Some("club secret")).await, Err(ErrorCode::LoginThrottled));
    let second = TestServer::start_with_limits(&db, &clock, limits()).await;
    let mut erin = guest_from(&second, attacker(5)).await;
    assert_eq!(join(&mut erin, &event, Some("club secret")).await, Err(ErrorCode::LoginThrottled));
    // A player in the event comes back without the password: the guessers keep no player out.
    let withdraw = ClientMessage::WithdrawTournament { tournament: event.clone() };
    assert!(matches!(carol.request(withdraw).await, Ok(ServerMessage::TournamentWithdrawn { .. })));
    assert_eq!(join(&mut carol, &event, None).await, Ok(()));
    // The wait over, the right password joins.
    wait(&clock, 1);
    assert_eq!(join(&mut dave, &event, Some("club secret")).await, Ok(()));
}
