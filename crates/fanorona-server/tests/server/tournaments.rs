//! Tournaments in the database: events created within a bound per player, joined and left, and a Swiss round paired
//! by exactly one of two processes that decide it at once. On SQLite, and on PostgreSQL with `FANORONA_TEST_POSTGRES`.

use fanorona_server::db::{Db, PlayerRecord, TournamentKind, TournamentRecord, TournamentStatus};
use fanorona_server::error::DbError;
use fanorona_server::protocol::GameVariant;

use crate::common::database_url;

async fn database(dir: &tempfile::TempDir) -> Db {
    Db::connect(&database_url(&dir.path().join("server.db")).await, None).await.unwrap()
}

async fn players(db: &Db, names: &[&str]) {
    for name in names {
        let player =
            PlayerRecord { registered: true, ..PlayerRecord::guest(format!("id-{name}"), (*name).into(), false) };
        db.create_player(&player, &format!("token-{name}"), 0).await.unwrap();
    }
}

fn swiss(id: &str, creator: Option<&str>) -> TournamentRecord {
    TournamentRecord {
        id: id.into(),
        kind: TournamentKind::Swiss { rounds: 5 },
        name: format!("Swiss {id}"),
        creator: creator.map(|c| format!("id-{c}")),
        variant: GameVariant::Tsivy,
        time: "3+2".parse().unwrap(),
        rated: true,
        starts: 1_000,
        password_hash: None,
        status: TournamentStatus::Upcoming,
        round: 0,
    }
}

#[tokio::test]
async fn a_player_creates_events_up_to_the_bound_and_the_servers_schedule_has_none() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(&dir).await;
    players(&db, &["alice"]).await;
    for n in 0..3 {
        assert!(db.create_tournament(&swiss(&format!("a{n}"), Some("alice")), 3, 10).await.unwrap(), "event {n}");
    }
    assert!(!db.create_tournament(&swiss("a3", Some("alice")), 3, 10).await.unwrap(), "a fourth is refused");
    assert!(db.tournament("a3").await.unwrap().is_none(), "and not stored");
    for n in 0..5 {
        assert!(db.create_tournament(&swiss(&format!("s{n}"), None), 3, 10).await.unwrap(), "the schedule's {n}");
    }
    assert!(matches!(db.create_tournament(&swiss("s0", None), 3, 10).await, Err(DbError::Duplicate)));
    let stored = db.tournament("a0").await.unwrap().unwrap();
    assert_eq!(stored, swiss("a0", Some("alice")));
    assert_eq!(db.tournaments(TournamentStatus::Upcoming).await.unwrap().len(), 8);
}

#[tokio::test]
async fn players_join_leave_and_come_back_but_not_after_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(&dir).await;
    players(&db, &["alice", "bob"]).await;
    assert!(db.create_tournament(&swiss("t", None), 3, 10).await.unwrap());
    assert!(db.join_tournament("t", "id-alice", 1600.0, 20).await.unwrap());
    assert!(db.join_tournament("t", "id-bob", 1500.0, 21).await.unwrap());
    assert!(db.join_tournament("t", "id-alice", 1700.0, 22).await.unwrap(), "joining twice is no error");
    assert!(!db.join_tournament("none", "id-alice", 1600.0, 22).await.unwrap(), "no such event");
    assert!(db.withdraw_from_tournament("t", "id-bob").await.unwrap());
    assert!(!db.withdraw_from_tournament("t", "id-bob").await.unwrap(), "already out");
    let entrants = db.tournament_entrants("t").await.unwrap();
    let seen: Vec<(&str, f64, bool)> = entrants.iter().map(|e| (e.player.as_str(), e.rating, e.withdrawn)).collect();
    assert_eq!(seen, [("id-alice", 1600.0, false), ("id-bob", 1500.0, true)], "the first rating stays");
    assert!(db.join_tournament("t", "id-bob", 1500.0, 23).await.unwrap(), "back in");
    assert!(!db.tournament_entrants("t").await.unwrap()[1].withdrawn);
    // Once the event is over, nobody joins.
    for round in 1..=5 {
        db.pair_swiss_round("t", round, None, &[]).await.unwrap();
    }
    let pool = sqlx::AnyPool::connect(&database_url(&dir.path().join("server.db")).await).await.unwrap();
    sqlx::query("UPDATE tournaments SET status = 'finished' WHERE id = 't'").execute(&pool).await.unwrap();
    players(&db, &["carol"]).await;
    assert!(!db.join_tournament("t", "id-carol", 1500.0, 30).await.unwrap());
    assert_eq!(db.tournament_entrants("t").await.unwrap().len(), 2);
}

/// Two processes (two connections to the database) pair round 1 at once, ten times over: each time exactly one
/// pairs it and the other is told that it is paired already; its bye is stored once.
#[tokio::test]
async fn of_two_processes_pairing_a_round_at_once_exactly_one_does() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (database(&dir).await, database(&dir).await);
    players(&first, &["alice", "bob", "carol"]).await;
    for n in 0..10 {
        let id = format!("race{n}");
        assert!(first.create_tournament(&swiss(&id, None), 3, 10).await.unwrap());
        let (a, b) = tokio::join!(
            first.pair_swiss_round(&id, 1, Some("id-carol"), &[]),
            second.pair_swiss_round(&id, 1, Some("id-carol"), &[]),
        );
        let won = [&a, &b].iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "{a:?} {b:?}");
        assert!([a, b].into_iter().any(|r| matches!(r, Err(DbError::Stale))));
        let stored = first.tournament(&id).await.unwrap().unwrap();
        assert_eq!((stored.round, stored.status), (1, TournamentStatus::Running));
        // Round 1 again, or round 3 before round 2: refused.
        assert!(matches!(second.pair_swiss_round(&id, 1, None, &[]).await, Err(DbError::Stale)));
        assert!(matches!(second.pair_swiss_round(&id, 3, None, &[]).await, Err(DbError::Stale)));
    }
}
