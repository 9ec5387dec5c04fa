//! Password accounts: a guest registers a name and a password, then logs in with them on another connection.

use fanorona_server::client::Client;
use fanorona_server::protocol::{ClientMessage, ErrorCode, ServerMessage};
use sqlx::Row;

use crate::common::{TestServer, clock, open_db};

fn register(name: &str, password: &str) -> ClientMessage {
    ClientMessage::Register { name: name.to_owned(), password: password.to_owned() }
}

#[tokio::test]
async fn a_guest_registers_and_logs_in_with_name_and_password() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let server = TestServer::start(&db, &clock()).await;
    let (mut guest, welcome) = server.guest("guest-1").await;
    let (mut other, _) = server.guest("Alice").await;

    // Refused: a short password, a bad name, a name someone else has (in any case).
    let refused = |reply: Result<ServerMessage, _>| reply.map_err(|e: fanorona_server::client::ClientError| e.code());
    assert_eq!(refused(guest.request(register("alicia", "short")).await), Err(Some(ErrorCode::BadPassword)));
    assert_eq!(refused(guest.request(register("a!", "long enough")).await), Err(Some(ErrorCode::BadName)));
    assert_eq!(refused(guest.request(register("ALICE", "long enough")).await), Err(Some(ErrorCode::NameTaken)));

    let registered = guest.request(register("Alicia", "correct horse")).await.unwrap();
    let ServerMessage::Registered { player } = registered else { panic!("{registered:?}") };
    assert_eq!((player.id.as_str(), player.name.as_str()), (welcome.player.id.as_str(), "Alicia"));
    assert_eq!(
        refused(guest.request(register("Alicia", "another one")).await),
        Err(Some(ErrorCode::AlreadyRegistered))
    );
    assert_eq!(refused(other.request(register("alicia", "another one")).await), Err(Some(ErrorCode::NameTaken)));

    // Logging in: the name in any case and the password; a wrong password and an unknown name get one answer.
    let mut again = Client::connect(&server.url).await.unwrap();
    let logged_in = again.log_in("alicia", "correct horse").await.unwrap();
    assert_eq!((logged_in.player, logged_in.token), (player, None));
    for (name, password) in [("Alicia", "correct horsf"), ("nobody", "correct horse"), ("Alice", "correct horse")] {
        let mut client = Client::connect(&server.url).await.unwrap();
        let refusal = client.log_in(name, password).await.unwrap_err();
        assert_eq!(refusal.code(), Some(ErrorCode::BadLogin), "{name} {password}");
    }
    // The token still works too.
    let mut by_token = Client::connect(&server.url).await.unwrap();
    assert_eq!(by_token.hello(welcome.token.as_deref(), None).await.unwrap().player.name, "Alicia");

    // Only an argon2 hash is stored.
    let pool = open_db(&db).await;
    let row = sqlx::query("SELECT password_hash FROM players WHERE id = $1").bind(&welcome.player.id);
    let hash: String = row.fetch_one(&pool).await.unwrap().get("password_hash");
    assert!(hash.starts_with("$argon2id$") && !hash.contains("correct"), "{hash}");
}
