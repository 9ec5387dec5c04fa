//! A full disk (SQLITE_FULL) costs the server the turns it refuses and nothing else (issue 31): every turn, draw
//! offer and challenge it acknowledged is stored, before the disk fills, while it is full and after it is freed,
//! as a second connection to the file and a restarted server both see; no refused turn is stored; and the server
//! holds no transaction open afterwards.
//!
//! The disk is the server's page limit (`PRAGMA max_page_count` on each of its connections), filled by another
//! connection's ballast and freed by deleting it. Then a transaction that the server rolls back on purpose (a taken
//! name) runs before play goes on: on a connection whose transaction count went wrong after the failures, that
//! rollback (`ROLLBACK TO SAVEPOINT`) leaves SQLite's own transaction open, and every later commit is only the
//! release of a savepoint inside it, acknowledged but never stored.

use fanorona_bot::client::Client;
use fanorona_server::clock::ManualClock;
use fanorona_server::protocol::{ClientMessage, ErrorCode, GameVariant, ServerMessage};
use sqlx::{AnyPool, Executor, Row};

use crate::common::{TestServer, challenge, clock, patient, private_file, rules_game, start_game, stored_turns, wait};

/// The server's page limit: room for the schema and a game, in pages of [`PAGE_BYTES`].
const MAX_PAGES: u32 = 1_000;

/// The file's page size, set before the server creates its tables: small, so that a turn needs a new page every
/// few turns and a full file refuses one soon.
const PAGE_BYTES: i64 = 512;

#[tokio::test]
async fn a_full_disk_loses_no_acknowledged_turn_and_stores_no_refused_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    // The second connection, which fills the disk and looks at what the server stored.
    sqlx::any::install_default_drivers();
    private_file(&db);
    let other = AnyPool::connect(&format!("sqlite://{}?mode=rwc", db.display())).await.unwrap();
    other.execute(format!("PRAGMA page_size = {PAGE_BYTES}; CREATE TABLE ballast (b BLOB)").as_str()).await.unwrap();
    let clock = clock();
    let server = TestServer::start_with_max_pages(&db, &clock, MAX_PAGES).await;
    let ([(mut white, white_welcome), (mut black, _)], game) =
        start_game(&server, ["alice", "bob"], false, "5+3").await;
    let mut turns: Vec<String> = Vec::new();
    for _ in 0..4 {
        assert!(try_next_turn(&clock, [&mut white, &mut black], &game.id, &mut turns).await);
    }

    // The disk fills up: the ballast takes every page the server may have.
    let fill = sqlx::query("INSERT INTO ballast (b) VALUES (zeroblob($1))").bind(i64::from(MAX_PAGES) * PAGE_BYTES);
    fill.execute(&other).await.unwrap();
    // Turns go on until one needs a new page; that one is refused, and again when it is sent again.
    let mut refusals = 0;
    for _ in 0..40 {
        if !try_next_turn(&clock, [&mut white, &mut black], &game.id, &mut turns).await {
            refusals += 1;
            if refusals == 2 {
                break;
            }
        }
    }
    assert_eq!(refusals, 2, "the full disk refused no turn twice in 40 tries ({} turns played)", turns.len());
    assert_eq!(stored_turns(&other, &game.id).await, turns, "stored while the disk is full");

    // The disk is freed; a new player asks for a taken name, which the server refuses and rolls back; play goes on.
    other.execute("DELETE FROM ballast").await.unwrap();
    let mut late = Client::connect(&server.url).await.unwrap();
    let refused = late.hello(None, Some("alice")).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::NameTaken), "{refused:?}");
    for _ in 0..4 {
        assert!(
            try_next_turn(&clock, [&mut white, &mut black], &game.id, &mut turns).await,
            "after the disk was freed"
        );
    }
    // The side to move offers a draw, and White opens a challenge.
    let (offerer, offeree) =
        if turns.len().is_multiple_of(2) { (&mut white, &mut black) } else { (&mut black, &mut white) };
    let offer = offerer.request(ClientMessage::OfferDraw { game: game.id.clone() }).await.unwrap();
    let ServerMessage::DrawOffered { by, .. } = offer else { panic!("{offer:?}") };
    assert_eq!(offeree.next().await.unwrap().message, offer);
    let create = challenge().variant(GameVariant::Dimy).time("3+2").into();
    let Ok(ServerMessage::ChallengeCreated { challenge }) = white.request(create).await else { panic!() };

    // Everything acknowledged is stored, as another connection sees it, and nothing else.
    assert_eq!(stored_turns(&other, &game.id).await, turns, "stored after the disk was freed");
    let row = sqlx::query("SELECT draw_offer FROM games WHERE id = $1").bind(&game.id).fetch_one(&other).await.unwrap();
    assert_eq!(row.get::<Option<String>, _>("draw_offer").as_deref(), Some(by.name()));
    let open = sqlx::query("SELECT COUNT(*) AS n FROM games WHERE id = $1 AND status = 'open'").bind(&challenge.id);
    assert_eq!(open.fetch_one(&other).await.unwrap().get::<i64, _>("n"), 1, "the challenge is stored");
    // The server holds no transaction open: another writer gets the database's lock.
    let mut writer = other.acquire().await.unwrap();
    writer.execute("BEGIN IMMEDIATE").await.unwrap();
    writer.execute("ROLLBACK").await.unwrap();
    drop(writer);

    // A restarted server has it all too.
    server.kill();
    drop((white, black, late));
    let server = TestServer::start_with_max_pages(&db, &clock, MAX_PAGES).await;
    let mut white = Client::connect(&server.url).await.unwrap();
    let welcome = white.hello(white_welcome.token.as_deref(), None).await.unwrap();
    let [resumed] = &welcome.games[..] else { panic!("{:?}", welcome.games) };
    assert_eq!(resumed.turns, turns, "after a restart");
    assert_eq!(resumed.draw_offer, Some(by));
    let Ok(ServerMessage::Challenges { challenges, .. }) = white.request(ClientMessage::ListChallenges).await else {
        panic!()
    };
    assert_eq!(challenges, vec![challenge]);
}

/// Sends the next turn of the game (the one [`patient`] chooses) from the side to move, a second after the last:
/// true, with the turn added to `turns`, if the server acknowledged it (and the opponent heard of it); false if it
/// answered `internal`.
async fn try_next_turn(
    clock: &ManualClock,
    [white, black]: [&mut Client; 2],
    game: &str,
    turns: &mut Vec<String>,
) -> bool {
    let board = rules_game(turns);
    assert!(!board.is_over(), "the game ended after {} turns, before the test did", turns.len());
    let turn = patient(&board);
    let ply = turns.len() as u32 + 1;
    let (mover, other) = if ply % 2 == 1 { (white, black) } else { (black, white) };
    wait(clock, 1);
    match mover.request(ClientMessage::Play { game: game.to_owned(), ply, turn: turn.clone() }).await {
        Ok(played @ ServerMessage::Played { .. }) => {
            assert_eq!(other.next().await.unwrap().message, played);
            turns.push(turn);
            true
        }
        Err(refused) if refused.code() == Some(ErrorCode::Internal) => false,
        reply => panic!("turn {ply}: {reply:?}"),
    }
}
