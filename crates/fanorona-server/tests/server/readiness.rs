//! `/readyz` when the database cannot serve players (issue 68, point 4): without a migration of the program, held
//! by another writer, read-only or refusing connections, it answers 503 and the log says why, so that a load
//! balancer sends players to other processes; and `ready` once the database is put right, without a restart. The
//! real program, as an operator runs it.

use std::process::Command;
use std::time::{Duration, Instant};

use sqlx::{AnyPool, Row};

use crate::common::{Log, TestServer, clock, database_url, get, open_db, spawn_on};

/// How long a test waits for the program to answer as it should: far less than the half hour after which its
/// database pool replaces a connection by itself.
const PATIENCE: Duration = Duration::from_secs(30);

/// What `/readyz` answers while the database serves players.
fn ready() -> (u16, String) {
    (200, "ready\n".to_owned())
}

/// What `/readyz` answers when the database fails the server's check.
fn cannot_serve() -> (u16, String) {
    (503, "the database cannot serve players (the server's log says why)\n".to_owned())
}

/// `GET /readyz` of the program whose WebSocket is `ws`: the status and the body.
async fn readyz(ws: &str) -> (u16, String) {
    let address = ws.trim_start_matches("ws://").trim_end_matches("/ws");
    let answer = get(address, "/readyz", None).await;
    (answer.status, String::from_utf8_lossy(&answer.body).into_owned())
}

/// Asks `/readyz` of the program whose WebSocket is `ws` until it answers `expected`, as a load balancer asks every
/// few seconds, for at most [`PATIENCE`]: on a busy machine, one check may outlast the program's 2 s.
async fn answers(ws: &str, expected: (u16, String)) {
    let began = Instant::now();
    loop {
        let answer = tokio::time::timeout(PATIENCE, readyz(ws)).await.expect("/readyz does not answer");
        if answer == expected {
            return;
        }
        assert!(began.elapsed() < PATIENCE, "/readyz answers {answer:?}, not {expected:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until a line of `log` says `not ready` and `why`.
async fn logged(log: &Log, why: &str) {
    let began = Instant::now();
    while !log.lock().unwrap().iter().any(|line| line.contains("not ready") && line.contains(why)) {
        assert!(began.elapsed() < PATIENCE, "no line saying \"not ready\" and {why:?} in the log");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn not_ready_while_the_database_lacks_a_migration_of_the_program_then_ready_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let (server, ws) = spawn_on(&database_url(&db).await, &[]).await;
    let pool = open_db(&db).await;
    answers(&ws, ready()).await;

    // The database as an older copy put in its place would be: its newest migration missing. The program ran them
    // all at its start and does not run them again; its queries of what that migration made would fail.
    let newest: i64 = sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations").fetch_one(&pool).await.unwrap();
    let record = sqlx::query("SELECT description, checksum, execution_time FROM _sqlx_migrations WHERE version = $1")
        .bind(newest)
        .fetch_one(&pool)
        .await
        .unwrap();
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = $1").bind(newest).execute(&pool).await.unwrap();
    answers(&ws, cannot_serve()).await;
    let description: String = record.get("description");
    logged(&server.1, &format!("migration {newest} ({description}) is not applied")).await;

    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ($1, $2, TRUE, $3, $4)",
    )
    .bind(newest)
    .bind(description)
    .bind(record.get::<Vec<u8>, _>("checksum"))
    .bind(record.get::<i64, _>("execution_time"))
    .execute(&pool)
    .await
    .unwrap();
    answers(&ws, ready()).await;
}

/// A server in the test's process, which sweeps its lobby once a day: the program's sweeps, every few seconds, would
/// wait for the writer too and keep `/readyz` from the one connection of a SQLite pool, which would then say 503
/// whatever it checks.
#[tokio::test]
async fn not_ready_while_another_program_holds_the_database_for_writing_then_ready_again() {
    let server = TestServer::fresh(&clock()).await;
    let (url, ws) = (database_url(&server.db).await, server.url.as_str());
    let pool = open_db(&server.db).await;
    answers(ws, ready()).await;

    // Another program's write transaction left open (a shell on the database, a stuck script): every turn would
    // wait for it. SQLite has one writer at a time, the transaction that wrote first; PostgreSQL locks rows one by
    // one, so that only a lock of the table keeps its every writer waiting.
    let hold = if url.starts_with("sqlite:") {
        "UPDATE games SET plies = plies WHERE 1 = 0"
    } else {
        "LOCK TABLE games IN EXCLUSIVE MODE"
    };
    let mut writer = pool.begin().await.unwrap();
    sqlx::query(hold).execute(&mut *writer).await.unwrap();
    // The answer comes when `/readyz` stops waiting, while the writer holds on.
    answers(ws, (503, "the database does not answer in time\n".to_owned())).await;

    writer.rollback().await.unwrap();
    answers(ws, ready()).await;
}

/// SQLite only: what a PostgreSQL database that becomes read-only does is the next test's.
#[tokio::test]
async fn a_sqlite_file_the_program_may_only_read_stops_it_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("server.db").display());
    drop(spawn_on(&url, &[]).await);
    // SQLite opens a file its user may not write (one restored by root for a server run as another user) read-only,
    // without a word, as `mode=ro` does whoever runs the test, root included. The program then writes at its start
    // and stops there, saying why, rather than listening to players none of whose turns could be stored.
    let read_only = format!("{url}?mode=ro");
    let mut program = Command::new(env!("CARGO_BIN_EXE_fanorona-server"));
    program.args(["--listen", "127.0.0.1:0", "--database", &read_only]);
    let output = tokio::task::spawn_blocking(move || program.output().unwrap()).await.unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(!output.status.success(), "{said}");
    assert!(said.contains("readonly database") && !said.contains("listening on"), "{said}");
}

/// A server in the test's process, which sweeps its lobby once a day: the program's sweeps would close the read-only
/// sessions too, when their writes fail, and hide whether `/readyz` closes those it finds.
#[tokio::test]
#[ignore = "PostgreSQL only: FANORONA_TEST_POSTGRES and --include-ignored"]
async fn not_ready_while_postgresql_is_read_only_or_refuses_connections_then_ready_again() {
    let postgres = std::env::var("FANORONA_TEST_POSTGRES").expect("set FANORONA_TEST_POSTGRES to run this test");
    let server = TestServer::fresh(&clock()).await;
    let (url, ws) = (database_url(&server.db).await, server.url.as_str());
    let name = url.rsplit('/').next().unwrap();
    answers(ws, ready()).await;

    let admin = AnyPool::connect(&format!("{postgres}/postgres")).await.unwrap();
    let changes = [
        // A database put read-only (for maintenance, or by a host when its disk is full), as a standby after a
        // failover is: sessions begin read-only, and every write fails.
        ("SET default_transaction_read_only = on", "RESET default_transaction_read_only"),
        // A database that takes no connection: the server's are ended, and it cannot open new ones.
        ("ALLOW_CONNECTIONS false", "ALLOW_CONNECTIONS true"),
    ];
    for (change, back) in changes {
        sqlx::query(&format!("ALTER DATABASE {name} {change}")).execute(&admin).await.unwrap();
        // A setting of the database applies to the sessions that begin after it.
        let sessions = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1";
        sqlx::query(sessions).bind(name).execute(&admin).await.unwrap();
        answers(ws, cannot_serve()).await;
        // Put back, without ending the sessions that began read-only: each check that fails on one closes it, so
        // that none is left to fail a later check once one has passed.
        sqlx::query(&format!("ALTER DATABASE {name} {back}")).execute(&admin).await.unwrap();
        answers(ws, ready()).await;
        for _ in 0..3 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            assert_ne!(readyz(ws).await, cannot_serve(), "after {back}");
        }
    }
}
