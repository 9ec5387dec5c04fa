//! Web Push: a push service on loopback stands in for a browser vendor's. It receives the server's messages, and the
//! test decrypts each with the keys of the "browser" that subscribed and checks the server's VAPID signature, as the
//! push service and the browser would. The decryption is the test's own, written from RFC 8188 and RFC 8291, not the
//! crate's that the server encrypts with, whose mistakes would otherwise cancel themselves out between the server's
//! encryption and the test's decryption; both are checked on RFC 8291's example.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes128Gcm, Nonce};
use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use fanorona_bot::client::Client;
use fanorona_server::clock::ManualClock;
use fanorona_server::protocol::{
    ClientMessage, ErrorCode, MAX_PUSH_SUBSCRIPTIONS, PushEvent, PushKeys, PushMessage, PushSubscription, PushWords,
    ServerMessage,
};
use fanorona_server::server::{PushConfig, Services};
use hkdf::Hkdf;
use p256::ecdsa::signature::Verifier;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use sha2::Sha256;
use sqlx::{AnyPool, Row};
use tempfile::TempDir;
use tokio::sync::mpsc;

use crate::common::{TestServer, challenge, choose, clock, open_db, play, rules_game, wait};

/// The operator's contact the tests' servers sign with.
pub const CONTACT: &str = "mailto:ops@fanorona.test";

/// A message the push service received.
#[derive(Debug)]
struct Received {
    path: String,
    headers: HeaderMap,
    body: Bytes,
}

/// A push service on loopback: it keeps what is posted under `/push/` (201 Created, as the vendors' answer) and
/// answers 410 Gone under `/gone/` (a subscription the browser dropped).
pub struct PushService {
    pub origin: String,
    received: mpsc::UnboundedReceiver<Received>,
}

impl PushService {
    pub async fn start() -> PushService {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let (keep, received) = mpsc::unbounded_channel();
        let app = Router::new()
            .route(
                "/push/{id}",
                post(move |uri: axum::http::Uri, headers: HeaderMap, body: Bytes| async move {
                    keep.send(Received { path: uri.path().to_owned(), headers, body }).unwrap();
                    StatusCode::CREATED
                }),
            )
            .route("/gone/{id}", post(|| async { StatusCode::GONE }));
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        PushService { origin, received }
    }

    /// The push configuration of a server that may post here.
    fn config(&self) -> PushConfig {
        PushConfig { contact: CONTACT.into(), services: Services { extra: vec![self.origin.clone()] } }
    }

    /// The next message received, read by `browser`, checked to be signed by the server whose public key is `key`.
    pub async fn next(&mut self, browser: &Browser, key: &str) -> PushMessage {
        let received = tokio::time::timeout(Duration::from_secs(20), self.received.recv()).await;
        let received = received.expect("no push message in 20 s").unwrap();
        assert_eq!(received.path, browser.path);
        browser.read(&received, &self.origin, key)
    }

    /// Checks that nothing more arrives for a while.
    async fn assert_quiet(&mut self) {
        let received = tokio::time::timeout(Duration::from_millis(500), self.received.recv()).await;
        assert!(received.is_err(), "an unexpected push message: {received:?}");
    }
}

/// A browser's subscription: its keys, and its address at the push service.
pub struct Browser {
    secret: p256::SecretKey,
    auth: [u8; 16],
    path: String,
    endpoint: String,
}

impl Browser {
    /// A browser whose keys are made from `seed`, subscribed at the push service's `path`.
    pub fn new(seed: u8, service: &PushService, path: &str) -> Browser {
        Browser {
            secret: p256::SecretKey::from_slice(&[seed; 32]).unwrap(),
            auth: [seed.wrapping_add(1); 16],
            path: path.to_owned(),
            endpoint: format!("{}{path}", service.origin),
        }
    }

    pub fn subscription(&self) -> PushSubscription {
        let p256dh = self.secret.public_key().to_encoded_point(false);
        PushSubscription {
            endpoint: self.endpoint.clone(),
            keys: PushKeys {
                p256dh: URL_SAFE_NO_PAD.encode(p256dh.as_bytes()),
                auth: URL_SAFE_NO_PAD.encode(self.auth),
            },
        }
    }

    pub fn subscribe(&self, events: &[PushEvent]) -> ClientMessage {
        ClientMessage::Subscribe { subscription: self.subscription(), events: events.to_vec(), words: words() }
    }

    /// What the service worker would show: the message decrypted (RFC 8291), after the push service's checks of
    /// the request (its headers and the VAPID token signed with the server's key `key`, RFC 8292).
    fn read(&self, received: &Received, origin: &str, key: &str) -> PushMessage {
        let header = |name: &str| received.headers.get(name).unwrap().to_str().unwrap().to_owned();
        assert_eq!(header("content-encoding"), "aes128gcm");
        assert_eq!(header("ttl"), (2 * 86_400).to_string());
        let authorization = header("authorization");
        let (token, public) = authorization.strip_prefix("vapid t=").unwrap().split_once(", k=").unwrap();
        assert_eq!(public, key);
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let verifying = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(key).unwrap()).unwrap();
        let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
        verifying.verify(signed.as_bytes(), &signature).expect("a VAPID token signed with the server's key");
        let claims = URL_SAFE_NO_PAD.decode(signed.split_once('.').unwrap().1).unwrap();
        let claims: serde_json::Value = serde_json::from_slice(&claims).unwrap();
        assert_eq!((claims["aud"].as_str(), claims["sub"].as_str()), (Some(origin), Some(CONTACT)));
        let plain = decrypt(&received.body, &self.secret, &self.auth).unwrap();
        let message: PushMessage = serde_json::from_slice(&plain).unwrap();
        assert_eq!(header("topic"), message.game, "a newer message about the game replaces an older one");
        message
    }
}

/// The plaintext of a Web Push message `body` (RFC 8291: the `aes128gcm` content coding of RFC 8188) for the browser
/// whose private key is `secret` and authentication secret `auth`, or why a browser would drop it. Written here from
/// the two RFCs on the RustCrypto primitives (P-256, HKDF, AES-GCM), not with `web-push-native`, which the server
/// encrypts with; checked on RFC 8291's example below.
fn decrypt(body: &[u8], secret: &p256::SecretKey, auth: &[u8; 16]) -> Result<Vec<u8>, String> {
    // The header (RFC 8188, section 2.1): the salt, the record size, and the sender's key as the `keyid`, which RFC
    // 8291 makes the 65 bytes of an uncompressed P-256 point.
    let (salt, rest) = body.split_at_checked(16).ok_or("no salt")?;
    let (size, rest) = rest.split_at_checked(4).ok_or("no record size")?;
    let (id_length, rest) = rest.split_first().ok_or("no keyid length")?;
    let (keyid, record) = rest.split_at_checked(usize::from(*id_length)).ok_or("a short keyid")?;
    if keyid.len() != 65 {
        return Err("the keyid is not an uncompressed point".into());
    }
    let sender = p256::PublicKey::from_sec1_bytes(keyid).map_err(|_| "the keyid is not a P-256 key")?;
    // One record, as RFC 8291 sends: it fits the record size, which counts the 16 bytes of the tag.
    let size = u32::from_be_bytes(size.try_into().unwrap()) as usize;
    if record.len() > size {
        return Err(format!("a record of {} bytes in records of {size}", record.len()));
    }
    // The input keying material (RFC 8291, section 3.4): the ECDH secret, keyed with the authentication secret and
    // bound to both public keys, the receiver's first.
    let shared = p256::ecdh::diffie_hellman(secret.to_nonzero_scalar(), sender.as_affine());
    let receiver = secret.public_key().to_encoded_point(false);
    let key_info = [b"WebPush: info\0".as_slice(), receiver.as_bytes(), keyid].concat();
    let mut ikm = [0; 32];
    Hkdf::<Sha256>::new(Some(auth.as_slice()), shared.raw_secret_bytes()).expand(&key_info, &mut ikm).unwrap();
    // The content encryption key and the nonce (RFC 8188, sections 2.2 and 2.3); the only record's sequence number is
    // 0, so the nonce is used as derived.
    let prk = Hkdf::<Sha256>::new(Some(salt), &ikm);
    let (mut cek, mut nonce) = ([0; 16], [0; 12]);
    prk.expand(b"Content-Encoding: aes128gcm\0", &mut cek).unwrap();
    prk.expand(b"Content-Encoding: nonce\0", &mut nonce).unwrap();
    let cipher = Aes128Gcm::new_from_slice(&cek).unwrap();
    let padded = cipher.decrypt(Nonce::from_slice(&nonce), record).map_err(|_| "not authentic")?;
    // The last record's plaintext ends with the delimiter 2 and then any number of zeros (RFC 8188, section 2; RFC
    // 8291, section 4, makes a browser drop a message with another delimiter).
    let end = padded.iter().rposition(|&byte| byte != 0).ok_or("no padding delimiter")?;
    if padded[end] != 2 {
        return Err(format!("the padding delimiter is {}, not 2", padded[end]));
    }
    Ok(padded[..end].to_vec())
}

/// RFC 8291's example (section 5 and appendix A), in base64url, each split where the RFC breaks its line: from the
/// Web Push working group's source of the RFC (github.com/webpush-wg/webpush-encryption, draft-ietf-webpush-
/// encryption.md at ffc7521ea77ff38e4da6a64e1882f5499615cf05, its last change), the same in `web-push-native`'s tests.
mod rfc8291 {
    pub const PLAINTEXT: &[u8] = b"When I grow up, I want to be a watermelon";
    pub const AUTH_SECRET: &str = "BTBZMqHH6r4Tts7J_aSIgg";
    pub const RECEIVER_PRIVATE: &str = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
    pub const RECEIVER_PUBLIC: &str =
        concat!("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcx", "aOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
    pub const SENDER_PRIVATE: &str = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
    pub const SENDER_PUBLIC: &str =
        concat!("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIg", "Dll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8");
    pub const SALT: &str = "DGv6ra1nlYgDCS1FRnbzlw";
    /// The input keying material (`IKM`) of appendix A.
    pub const IKM: &str = "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg";
    /// The content encryption key (`CEK`) and the nonce (`NONCE`) of appendix A.
    pub const CEK: &str = "oIhVW04MRdy2XN9CiKLxTg";
    pub const NONCE: &str = "4h_95klXJ5E_qnoN";
    /// The message's body: header and ciphertext.
    pub const BODY: &str = concat!(
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml",
        "mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT",
        "pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
    );
}

/// RFC 8291's example is what both implementations make of its inputs: the test's decryption, and the crate the server
/// encrypts with. That crate draws the salt and the sender's key at random and takes neither from its caller, so its
/// encryption is checked in its two parts: the content coding under it (`ece-native`, the same version), given the
/// example's keying material, salt and sender's key, writes the example's body byte for byte; and its key
/// combining, which its decryption shares, reads the example's body.
#[test]
fn rfc_8291s_example_reads_the_same_with_the_tests_decryption_and_the_servers_crate() {
    let bytes = |base64url: &str| URL_SAFE_NO_PAD.decode(base64url).unwrap();
    let receiver = p256::SecretKey::from_slice(&bytes(rfc8291::RECEIVER_PRIVATE)).unwrap();
    let sender = p256::SecretKey::from_slice(&bytes(rfc8291::SENDER_PRIVATE)).unwrap();
    // Each public key is its private key's: the keys were copied right.
    assert_eq!(receiver.public_key().to_encoded_point(false).as_bytes(), bytes(rfc8291::RECEIVER_PUBLIC));
    assert_eq!(sender.public_key().to_encoded_point(false).as_bytes(), bytes(rfc8291::SENDER_PUBLIC));
    let auth: [u8; 16] = bytes(rfc8291::AUTH_SECRET).try_into().unwrap();
    let body = bytes(rfc8291::BODY);

    assert_eq!(decrypt(&body, &receiver, &auth).unwrap(), rfc8291::PLAINTEXT);
    let crates_auth = web_push_native::Auth::clone_from_slice(&auth);
    assert_eq!(web_push_native::decrypt(body.clone(), &receiver, &crates_auth).unwrap(), rfc8291::PLAINTEXT);
    // The example's single record of 4096 bytes at most.
    let salt = bytes(rfc8291::SALT).try_into().unwrap();
    let records = std::iter::once(rfc8291::PLAINTEXT.to_vec());
    let written = ece_native::encrypt(bytes(rfc8291::IKM), salt, bytes(rfc8291::SENDER_PUBLIC), records, 4096);
    assert_eq!(written.unwrap(), body);

    // The test's decryption refuses what a browser refuses: a byte changed, another authentication secret, and a
    // padding delimiter other than 2, sealed with the example's content encryption key and nonce (which seal the
    // example's own plaintext into its body).
    let mut changed = body.clone();
    *changed.last_mut().unwrap() ^= 1;
    assert_eq!(decrypt(&changed, &receiver, &auth), Err("not authentic".into()));
    assert_eq!(decrypt(&body, &receiver, &[0; 16]), Err("not authentic".into()));
    let cipher = Aes128Gcm::new_from_slice(&bytes(rfc8291::CEK)).unwrap();
    let sealed = |delimiter: u8| {
        let padded = [rfc8291::PLAINTEXT, &[delimiter]].concat();
        let record = cipher.encrypt(Nonce::from_slice(&bytes(rfc8291::NONCE)), padded.as_slice()).unwrap();
        [&body[..86], record.as_slice()].concat()
    };
    assert_eq!(sealed(2), body);
    assert_eq!(decrypt(&sealed(1), &receiver, &auth), Err("the padding delimiter is 1, not 2".into()));
}

/// A server that posts to a push service on loopback, on a database of its own.
struct Served {
    service: PushService,
    clock: Arc<ManualClock>,
    server: TestServer,
    /// The server's database, to start a second server on and look into.
    db: PathBuf,
    pool: AnyPool,
    /// The folder of the database, deleted when dropped: bound for as long as the test runs.
    _dir: TempDir,
}

async fn served() -> Served {
    let service = PushService::start().await;
    let clock = clock();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let server = TestServer::start_with_push(&db, &clock, service.config()).await;
    let pool = open_db(&db).await;
    Served { service, clock, server, db, pool, _dir: dir }
}

/// A player's words, in French: the server puts the opponent's name in and sends them as they are.
fn words() -> PushWords {
    PushWords {
        title: "Fanorona".into(),
        turn: "À vous de jouer contre {opponent}".into(),
        challenge: "{opponent} vous défie".into(),
        won: "Vous avez gagné contre {opponent}".into(),
        lost: "Vous avez perdu contre {opponent}".into(),
        drawn: "Partie nulle contre {opponent}".into(),
        reminder: "Plus qu'un jour pour jouer contre {opponent}".into(),
    }
}

fn told(body: &str, event: PushEvent, game: &str) -> PushMessage {
    PushMessage { title: "Fanorona".into(), body: body.into(), event, game: game.into() }
}

/// Turns are played until it is `to_move`'s turn in the game `id` (white first); returns the number of turns played.
async fn play_until(players: &mut [&mut Client; 2], id: &str, to_move: usize) -> u32 {
    let mut turns = Vec::new();
    while turns.len() % 2 != to_move || turns.is_empty() {
        let mover = turns.len() % 2;
        let turn = choose(&rules_game(&turns)).to_string();
        let [white, black] = players;
        let (mover_client, other) =
            if mover == 0 { (&mut **white, &mut **black) } else { (&mut **black, &mut **white) };
        play(mover_client, other, id, turns.len() as u32 + 1, &turn).await;
        turns.push(turn);
    }
    turns.len() as u32
}

#[tokio::test]
async fn a_players_browser_is_told_of_a_challenge_their_turn_a_reminder_and_the_result() {
    let Served { mut service, clock, server, _dir, .. } = served().await;
    let (mut alice, _) = server.registered("alice").await;
    let (mut bob, bob_in) = server.registered("bob").await;
    let key = bob_in.push_key.clone().expect("the server's public key in welcome");
    let browser = Browser::new(7, &service, "/push/bob");
    let reply = bob.request(browser.subscribe(&PushEvent::ALL)).await.unwrap();
    assert_eq!(reply, ServerMessage::Subscribed { events: PushEvent::ALL.to_vec() });

    let days = challenge().time("1d").to(Some(&bob_in.player.id));
    let Ok(ServerMessage::ChallengeCreated { challenge: open }) = alice.request(days.into()).await else { panic!() };
    assert!(matches!(bob.next().await.unwrap().message, ServerMessage::ChallengeCreated { .. }));
    assert_eq!(service.next(&browser, &key).await, told("alice vous défie", PushEvent::Challenge, &open.id));

    let accept = ClientMessage::AcceptChallenge { challenge: open.id.clone() };
    let Ok(ServerMessage::GameState { game }) = bob.request(accept).await else { panic!() };
    assert!(matches!(alice.next().await.unwrap().message, ServerMessage::GameState { .. }));
    // Bob is told of his turn when Alice has played, not of his own.
    let bob_side = usize::from(game.black.id == bob_in.player.id);
    let mut players = if bob_side == 0 { [&mut bob, &mut alice] } else { [&mut alice, &mut bob] };
    play_until(&mut players, &game.id, bob_side).await;
    assert_eq!(service.next(&browser, &key).await, told("À vous de jouer contre alice", PushEvent::Turn, &game.id));

    // One day per turn: the reminder comes six hours before the end, once.
    wait(&clock, 18 * 3600 - 1);
    server.hub.check_clocks().await;
    service.assert_quiet().await;
    wait(&clock, 1);
    server.hub.check_clocks().await;
    let reminder = told("Plus qu'un jour pour jouer contre alice", PushEvent::Reminder, &game.id);
    assert_eq!(service.next(&browser, &key).await, reminder);
    wait(&clock, 3600);
    server.hub.check_clocks().await;

    let Ok(ServerMessage::GameOver { .. }) = alice.request(ClientMessage::Resign { game: game.id.clone() }).await
    else {
        panic!()
    };
    assert_eq!(service.next(&browser, &key).await, told("Vous avez gagné contre alice", PushEvent::Result, &game.id));
    service.assert_quiet().await;
}

/// The push subscriptions stored.
async fn subscriptions(pool: &AnyPool) -> Vec<(String, String)> {
    let rows = sqlx::query("SELECT endpoint, events FROM push_subscriptions ORDER BY endpoint").fetch_all(pool);
    rows.await.unwrap().iter().map(|row| (row.get("endpoint"), row.get("events"))).collect()
}

#[tokio::test]
async fn bad_subscriptions_are_refused_and_a_players_are_bounded_and_go_with_the_login() {
    let Served { service, server, pool, _dir, .. } = served().await;
    let (mut bob, _) = server.registered("bob").await;
    let browser = Browser::new(3, &service, "/push/0");
    let refused = async |client: &mut Client, subscription: PushSubscription, words: PushWords| {
        let subscribe = ClientMessage::Subscribe { subscription, events: vec![PushEvent::Turn], words };
        client.request(subscribe).await.unwrap_err().code()
    };
    let with = |change: &dyn Fn(&mut PushSubscription)| {
        let mut subscription = browser.subscription();
        change(&mut subscription);
        subscription
    };
    let bad = Some(ErrorCode::BadSubscription);
    // An address of no push service the server posts to: the server posts nowhere else.
    for endpoint in ["http://127.0.0.1:1/push/0", "https://example.org/push", "not an address", &"x".repeat(2000)] {
        let subscription = with(&|s| s.endpoint = endpoint.to_owned());
        assert_eq!(refused(&mut bob, subscription, words()).await, bad, "{endpoint}");
    }
    // Keys that are not a browser's.
    let garbage = [("p256dh", "bm90IGEga2V5"), ("p256dh", "%%%"), ("auth", "AAAA"), ("auth", "")];
    for (field, value) in garbage {
        let subscription = with(&|s| match field {
            "p256dh" => s.keys.p256dh = value.to_owned(),
            _ => s.keys.auth = value.to_owned(),
        });
        assert_eq!(refused(&mut bob, subscription, words()).await, bad, "{field} {value}");
    }
    // Words too long or empty.
    for turn in ["x".repeat(201), " ".into()] {
        let long = PushWords { turn, ..words() };
        assert_eq!(refused(&mut bob, browser.subscription(), long).await, bad);
    }
    assert_eq!(subscriptions(&pool).await, []);

    // An event named twice is stored once; the same browser subscribing again replaces its subscription.
    let twice = browser.subscribe(&[PushEvent::Turn, PushEvent::Result, PushEvent::Turn]);
    let reply = bob.request(twice).await.unwrap();
    assert_eq!(reply, ServerMessage::Subscribed { events: vec![PushEvent::Turn, PushEvent::Result] });
    bob.request(browser.subscribe(&[PushEvent::Reminder])).await.unwrap();
    assert_eq!(subscriptions(&pool).await, [(browser.endpoint.clone(), "reminder".to_owned())]);

    // A flood of subscriptions: five devices, then a clear refusal, and nothing more stored.
    for n in 1..MAX_PUSH_SUBSCRIPTIONS {
        let device = Browser::new(3, &service, &format!("/push/{n}"));
        bob.request(device.subscribe(&[PushEvent::Turn])).await.unwrap();
    }
    for n in 0..20 {
        let device = Browser::new(3, &service, &format!("/push/more{n}"));
        let refused = bob.request(device.subscribe(&[PushEvent::Turn])).await.unwrap_err().code();
        assert_eq!(refused, Some(ErrorCode::TooManySubscriptions));
    }
    assert_eq!(subscriptions(&pool).await.len(), MAX_PUSH_SUBSCRIPTIONS);
    // Another player cannot stop Bob's.
    let (mut eve, _) = server.registered("eve").await;
    let stop = ClientMessage::Unsubscribe { endpoint: browser.endpoint.clone() };
    assert_eq!(eve.request(stop.clone()).await.unwrap(), ServerMessage::Unsubscribed);
    assert_eq!(subscriptions(&pool).await.len(), MAX_PUSH_SUBSCRIPTIONS);
    assert_eq!(bob.request(stop).await.unwrap(), ServerMessage::Unsubscribed);
    assert_eq!(subscriptions(&pool).await.len(), MAX_PUSH_SUBSCRIPTIONS - 1);
    // Logging out ends the login's subscriptions.
    assert_eq!(bob.request(ClientMessage::Logout).await.unwrap(), ServerMessage::LoggedOut);
    assert_eq!(subscriptions(&pool).await, []);
}

#[tokio::test]
async fn a_subscription_its_push_service_says_is_gone_is_forgotten() {
    let Served { service, server, pool, _dir, .. } = served().await;
    let (mut alice, _) = server.registered("alice").await;
    let (mut bob, bob_in) = server.registered("bob").await;
    let gone = Browser::new(5, &service, "/gone/bob");
    bob.request(gone.subscribe(&[PushEvent::Challenge])).await.unwrap();
    assert_eq!(subscriptions(&pool).await.len(), 1);
    let days = challenge().time("3d").to(Some(&bob_in.player.id));
    alice.request(days.into()).await.unwrap();
    let start = std::time::Instant::now();
    while !subscriptions(&pool).await.is_empty() {
        assert!(start.elapsed() < Duration::from_secs(20), "the gone subscription is still stored");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Two servers sharing one database (two processes on PostgreSQL) have one VAPID key, made by the first, and remind
/// once.
#[tokio::test]
async fn servers_sharing_a_database_share_the_key_and_remind_once() {
    let Served { mut service, clock, server: first, db, _dir, .. } = served().await;
    let (mut alice, alice_in) = first.registered("alice").await;
    let (mut bob, _) = first.registered("bob").await;
    let browser = Browser::new(9, &service, "/push/alice");
    alice.request(browser.subscribe(&[PushEvent::Reminder])).await.unwrap();
    let Ok(ServerMessage::ChallengeCreated { challenge: open }) = bob.request(challenge().time("2d").into()).await
    else {
        panic!()
    };
    let accept = ClientMessage::AcceptChallenge { challenge: open.id.clone() };
    let Ok(ServerMessage::GameState { game }) = alice.request(accept).await else { panic!() };
    let alice_side = usize::from(game.black.id == alice_in.player.id);
    let mut players = if alice_side == 0 { [&mut alice, &mut bob] } else { [&mut bob, &mut alice] };
    // Bob's challenge was accepted: his `game_state` comes first.
    assert!(matches!(players[1 - alice_side].next().await.unwrap().message, ServerMessage::GameState { .. }));
    play_until(&mut players, &game.id, alice_side).await;
    // Started after the game, so that it takes the game up from the database on SQLite too.
    let second = TestServer::start_with_push(&db, &clock, service.config()).await;
    let (_, carol_in) = second.guest("carol").await;
    assert_eq!(carol_in.push_key, alice_in.push_key, "one key for every server of the database");

    // Two days per turn: reminded twelve hours before the end, by one of the two servers.
    wait(&clock, 36 * 3600);
    tokio::join!(first.hub.check_clocks(), second.hub.check_clocks());
    second.hub.check_clocks().await;
    first.hub.check_clocks().await;
    let key = alice_in.push_key.unwrap();
    let reminder = told("Plus qu'un jour pour jouer contre bob", PushEvent::Reminder, &game.id);
    assert_eq!(service.next(&browser, &key).await, reminder);
    service.assert_quiet().await;
}

/// A browser's endpoint stays the player's who subscribed it first: another player who has the address (a shared
/// device whose first user did not log out, or someone who should not have it) is refused, and cannot take the
/// first player's notices away, until the first turns them off.
#[tokio::test]
async fn a_second_player_cannot_take_over_a_subscribed_endpoint() {
    let Served { mut service, server, pool, _dir, .. } = served().await;
    let (mut alice, _) = server.registered("alice").await;
    let (mut bob, bob_in) = server.registered("bob").await;
    let (mut eve, _) = server.registered("eve").await;
    let key = bob_in.push_key.clone().unwrap();
    let browser = Browser::new(7, &service, "/push/bob");
    bob.request(browser.subscribe(&[PushEvent::Challenge])).await.unwrap();
    // Eve with Bob's address and keys of her own, then with his keys too: refused both times, Bob's row as it was.
    let stored = subscriptions(&pool).await;
    let eves = Browser { endpoint: browser.endpoint.clone(), ..Browser::new(8, &service, "/push/bob") };
    for subscribe in [eves.subscribe(&PushEvent::ALL), browser.subscribe(&PushEvent::ALL)] {
        let refused = eve.request(subscribe).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::BadSubscription), "{refused}");
    }
    assert_eq!(subscriptions(&pool).await, stored);

    // Bob is still told, with his own keys.
    let days = challenge().time("3d").to(Some(&bob_in.player.id));
    let Ok(ServerMessage::ChallengeCreated { challenge: open }) = alice.request(days.into()).await else { panic!() };
    assert_eq!(service.next(&browser, &key).await, told("alice vous défie", PushEvent::Challenge, &open.id));

    // Once Bob turns them off, the browser may be anyone's.
    bob.request(ClientMessage::Unsubscribe { endpoint: browser.endpoint.clone() }).await.unwrap();
    assert!(matches!(eve.request(eves.subscribe(&PushEvent::ALL)).await, Ok(ServerMessage::Subscribed { .. })));
}
