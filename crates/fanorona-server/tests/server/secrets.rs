//! No secret in the log (issue 68): the real program, as an operator starts it, taken through every place a player
//! gives or is given a secret: signing up and in (a wrong password too), a trusted device's token, a login's token
//! used again, a push subscription (its authentication secret and key, and the path of its endpoint, which lets
//! whoever has it post to the browser) with a message sent to it, and a private tournament's password (a wrong guess
//! too). Then every line the program wrote is searched for each of them.
//!
//! The program runs at its most detailed log level (`--log-level trace`, what an operator finding a fault would turn
//! on), and both its standard output (the log) and its standard error are searched.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use fanorona_bot::client::Client;
use fanorona_server::protocol::{ClientMessage, PROTOCOL_VERSION, PushEvent, ServerMessage, TournamentFormat};

use crate::common::{PATIENCE, challenge, password_of, spawn_with};
use crate::push::{Browser, CONTACT, PushService};
use crate::tournament_play::{create, settings};

/// The path token of RFC 8291's example endpoint: a push service's secret address for one browser.
const ENDPOINT_TOKEN: &str = "JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV";

/// A new guest `name` of the program at `ws`, registered with [`password_of`] its name: the connection, the player's
/// id and the device token registering gives. The guest's login token, the password and the device token are added
/// to `secrets`.
async fn sign_up(ws: &str, name: &str, secrets: &mut Vec<String>) -> (Client, String, String) {
    let mut client = Client::connect(ws).await.unwrap();
    secrets.push(client.hello(None, Some(name)).await.unwrap().token.unwrap());
    let register = ClientMessage::Register { name: name.to_owned(), password: password_of(name) };
    let Ok(ServerMessage::Registered { player, device: Some(device) }) = client.request(register).await else {
        panic!("{name} not registered with a device token")
    };
    secrets.extend([password_of(name), device.clone()]);
    (client, player.id, device)
}

#[tokio::test]
async fn the_log_keeps_no_secret_from_sign_up_to_a_private_tournament() {
    let mut service = PushService::start().await;
    let dir = tempfile::tempdir().unwrap();
    let args = ["--push-service", &service.origin, "--push-contact", CONTACT, "--log-level", "trace"];
    let (server, ws) = spawn_with(&dir.path().join("server.db"), &args).await;
    let mut secrets = Vec::new();
    let (mut rasoa, rasoa_id, device) = sign_up(&ws, "Rasoa", &mut secrets).await;
    let (mut rabe, _, _) = sign_up(&ws, "Rabe", &mut secrets).await;

    // A wrong password; then Rasoa signs in with hers on the device she signed up on, with its token (trusted
    // already, it is given no other), and the new login's token opens a third connection.
    let wrong = "Rasoa's old password".to_owned();
    assert!(Client::connect(&ws).await.unwrap().log_in("Rasoa", &wrong).await.is_err());
    let (name, password, device) = (Some("Rasoa".to_owned()), Some(password_of("Rasoa")), Some(device));
    let hello = ClientMessage::Hello { protocol: PROTOCOL_VERSION, token: None, name, password, bot: false, device };
    let Ok(ServerMessage::Welcome { token: Some(token), device: None, push_key: Some(key), .. }) =
        Client::connect(&ws).await.unwrap().request(hello).await
    else {
        panic!("no login on a trusted device")
    };
    let again = Client::connect(&ws).await.unwrap().hello(Some(&token), None).await.unwrap();
    assert_eq!(again.player.id, rasoa_id);
    secrets.extend([wrong, token]);

    // Her browser subscribes, and the server encrypts Rabe's challenge for it and posts it to the push service.
    let browser = Browser::new(11, &service, &format!("/push/{ENDPOINT_TOKEN}"));
    let keys = browser.subscription().keys;
    secrets.extend([keys.auth, keys.p256dh, ENDPOINT_TOKEN.to_owned()]);
    assert!(matches!(rasoa.request(browser.subscribe(&PushEvent::ALL)).await, Ok(ServerMessage::Subscribed { .. })));
    let to_rasoa = challenge().time("1d").to(Some(&rasoa_id));
    let Ok(ServerMessage::ChallengeCreated { challenge }) = rabe.request(to_rasoa.into()).await else { panic!() };
    assert_eq!(service.next(&browser, &key).await.game, challenge.id);

    // Rabe's club event takes a password: a guess is refused, the password lets Rasoa in.
    let (club, guess) = ("the club's password".to_owned(), "a guess at the club's password".to_owned());
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as i64;
    let mut private = settings(TournamentFormat::Swiss { rounds: 5 }, false);
    private.terms.starts_at_ms = now + 3_600_000;
    private.password = Some(club.clone());
    let event = create(&mut rabe, private).await;
    for (password, joins) in [(&guess, false), (&club, true)] {
        let join = ClientMessage::JoinTournament { tournament: event.id.clone(), password: Some(password.clone()) };
        let answer = rasoa.request(join).await;
        assert_eq!(matches!(answer, Ok(ServerMessage::TournamentJoined { .. })), joins, "{answer:?}");
    }
    secrets.extend([club, guess]);

    // Stopped, the program writes its last line: every line before it has been read once that one is.
    let pid = server.0.id().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let began = Instant::now();
    while !server.1.lock().unwrap().iter().any(|line| line.contains("shutting down")) {
        assert!(began.elapsed() < PATIENCE, "the program did not stop in {PATIENCE:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let log = server.1.lock().unwrap().clone();
    for secret in &secrets {
        for line in &log {
            assert!(!line.contains(secret.as_str()), "{secret:?} in the log: {line}");
        }
    }
}
