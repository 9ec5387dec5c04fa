//! Password accounts: a guest registers a name and a password, then logs in with them on another connection.

use std::path::Path;

use fanorona_bot::client::{Client, ClientError};
use fanorona_server::protocol::{ClientMessage, ErrorCode, ServerMessage};
use sha2::{Digest, Sha256};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Row};

use crate::common::{TestServer, clock, database_url, open_db, private_file};

fn register(name: &str, password: &str) -> ClientMessage {
    ClientMessage::Register { name: name.to_owned(), password: password.to_owned() }
}

#[tokio::test]
async fn a_guest_registers_and_logs_in_with_name_and_password() {
    let server = TestServer::fresh(&clock()).await;
    let (mut guest, welcome) = server.guest("guest-1").await;
    let (mut other, _) = server.guest("Alice").await;

    // Refused: a short password, a bad name, a name someone else has (in any case).
    let refused = |reply: Result<ServerMessage, _>| reply.map_err(|e: fanorona_bot::client::ClientError| e.code());
    assert_eq!(refused(guest.request(register("alicia", "short")).await), Err(Some(ErrorCode::BadPassword)));
    assert_eq!(refused(guest.request(register("a!", "long enough")).await), Err(Some(ErrorCode::BadName)));
    assert_eq!(refused(guest.request(register("ALICE", "long enough")).await), Err(Some(ErrorCode::NameTaken)));

    let registered = guest.request(register("Alicia", "correct horse")).await.unwrap();
    let ServerMessage::Registered { player, .. } = registered else { panic!("{registered:?}") };
    assert_eq!((player.id.as_str(), player.name.as_str()), (welcome.player.id.as_str(), "Alicia"));
    assert_eq!(
        refused(guest.request(register("Alicia", "another one")).await),
        Err(Some(ErrorCode::AlreadyRegistered))
    );
    assert_eq!(refused(other.request(register("alicia", "another one")).await), Err(Some(ErrorCode::NameTaken)));

    // Logging in: the name in any case and the password; a wrong password and an unknown name get one answer.
    let mut again = Client::connect(&server.url).await.unwrap();
    let logged_in = again.log_in("alicia", "correct horse").await.unwrap();
    assert_eq!(logged_in.player, player);
    assert!(logged_in.token.is_some_and(|token| Some(token) != welcome.token), "a login of its own");
    for (name, password) in [("Alicia", "correct horsf"), ("nobody", "correct horse"), ("Alice", "correct horse")] {
        let mut client = Client::connect(&server.url).await.unwrap();
        let refusal = client.log_in(name, password).await.unwrap_err();
        assert_eq!(refusal.code(), Some(ErrorCode::BadLogin), "{name} {password}");
    }
    // The token still works too.
    let mut by_token = Client::connect(&server.url).await.unwrap();
    assert_eq!(by_token.hello(welcome.token.as_deref(), None).await.unwrap().player.name, "Alicia");

    // Only an argon2 hash is stored.
    let pool = open_db(&server.db).await;
    let row = sqlx::query("SELECT password_hash FROM players WHERE id = $1").bind(&welcome.player.id);
    let hash: String = row.fetch_one(&pool).await.unwrap().get("password_hash");
    assert!(hash.starts_with("$argon2id$") && !hash.contains("correct"), "{hash}");
}

#[tokio::test]
async fn a_login_ends_with_logout_and_its_token_acts_no_more() {
    let server = TestServer::fresh(&clock()).await;
    let (mut alice, welcome) = server.guest("alice").await;
    let token = welcome.token.unwrap();
    alice.request(register("alice", "correct horse")).await.unwrap();
    // A second connection of the same login, and a second login (with the password) of the same player.
    let mut same_login = Client::connect(&server.url).await.unwrap();
    same_login.hello(Some(&token), None).await.unwrap();
    let mut other_login = Client::connect(&server.url).await.unwrap();
    let other_token = other_login.log_in("alice", "correct horse").await.unwrap().token.unwrap();
    let pool = open_db(&server.db).await;
    let logins = async || {
        let rows = sqlx::query("SELECT token_hash, created, last_seen FROM sessions WHERE player = $1")
            .bind(&welcome.player.id)
            .fetch_all(&pool)
            .await
            .unwrap();
        rows.iter().map(|row| row.get::<String, _>("token_hash")).collect::<Vec<_>>()
    };
    let stored = logins().await;
    assert_eq!(stored.len(), 2, "one row per login");
    assert!(stored.iter().all(|hash| hash.len() == 64 && *hash != token && *hash != other_token), "{stored:?}");

    assert_eq!(alice.request(ClientMessage::Logout).await.unwrap(), ServerMessage::LoggedOut);
    // The connection that logged out is closed, and so is the other connection of that login.
    let closed =
        |result: Result<_, ClientError>| matches!(result, Err(ClientError::Closed | ClientError::WebSocket(_)));
    assert!(closed(alice.next().await.map(|_| ())));
    let answer = same_login.request(ClientMessage::ListChallenges).await;
    let shown = format!("{answer:?}");
    assert!(closed(answer.map(|_| ())), "the other connection of the login answered: {shown}");
    // Its token no longer says who anyone is; the other login still does.
    let mut again = Client::connect(&server.url).await.unwrap();
    assert_eq!(again.hello(Some(&token), None).await.unwrap_err().code(), Some(ErrorCode::BadToken));
    assert!(matches!(other_login.request(ClientMessage::ListChallenges).await, Ok(ServerMessage::Challenges { .. })));
    assert_eq!(again.hello(Some(&other_token), None).await.unwrap().player.id, welcome.player.id);
    assert_eq!(logins().await.len(), 1);
}

#[tokio::test]
async fn a_guest_from_before_logins_were_stored_keeps_its_token() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    // The schema as it was before the sessions table: the first three migrations, with one guest.
    let old = dir.path().join("migrations");
    std::fs::create_dir(&old).unwrap();
    for file in ["0001_initial.sql", "0002_shared_games.sql", "0003_accounts.sql"] {
        std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(file), old.join(file)).unwrap();
    }
    private_file(&db);
    let url = database_url(&db).await;
    let url = if url.starts_with("sqlite:") { format!("{url}?mode=rwc") } else { url };
    sqlx::any::install_default_drivers();
    let pool = AnyPool::connect(&url).await.unwrap();
    Migrator::new(old.as_path()).await.unwrap().run(&pool).await.unwrap();
    let token = "an old guest's token";
    let hash: String = Sha256::digest(token).iter().map(|byte| format!("{byte:02x}")).collect();
    sqlx::query(
        "INSERT INTO players (id, name, name_key, token_hash, rating, deviation, volatility, created) \
         VALUES ('00112233aabbccdd', 'Elder', 'elder', $1, 1500, 350, 0.06, 1799000000000)",
    )
    .bind(&hash)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    let server = TestServer::start(&db, &clock()).await;
    let mut elder = Client::connect(&server.url).await.unwrap();
    let welcome = elder.hello(Some(token), None).await.unwrap();
    assert_eq!((welcome.player.id.as_str(), welcome.player.name.as_str()), ("00112233aabbccdd", "Elder"));
    let pool = open_db(&db).await;
    let row = sqlx::query("SELECT s.token_hash, p.token_hash AS old FROM sessions s JOIN players p ON p.id = s.player")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>("token_hash"), hash);
    assert_eq!(row.get::<String, _>("old"), "00112233aabbccdd", "the old column logs nobody in");
}
