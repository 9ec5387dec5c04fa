//! Tournaments in the database: events created within the bounds of a player (to come, and a day), joined and left, and a Swiss round paired
//! by exactly one of two processes that decide it at once. On SQLite, and on PostgreSQL with `FANORONA_TEST_POSTGRES`.

use fanorona_rules::Side;
use fanorona_server::db::{
    Cap, Db, EndRecord, GameStart, NewGame, PlayerRecord, TournamentKind, TournamentRecord, TurnRecord, Without,
};
use fanorona_server::error::DbError;
use fanorona_server::protocol::{EndReason, GameResult, GameVariant, TournamentOutcome, TournamentStage};
use fanorona_server::rating::Pool;
use fanorona_server::tournament::swiss::{Pairing, Round, pair_round, standings};

use crate::common::database_url;

async fn database(dir: &tempfile::TempDir) -> Db {
    Db::connect(&database_url(&dir.path().join("server.db")).await, None).await.unwrap()
}

/// The games of `round` under the ids `ids`, unrated.
fn new_games(round: &Round<String>, ids: &[String]) -> Vec<NewGame> {
    let games = round.games.iter().zip(ids);
    games
        .map(|(g, id)| NewGame { id: id.clone(), white: g.white.clone(), black: g.black.clone(), rated: false })
        .collect()
}

/// The players of `round` without a game.
fn without(round: &Round<String>) -> Without<'_> {
    Without { bye: round.bye.as_ref(), absent: &round.absent }
}

/// Games started `now` with 3 minutes a side, the clocks at once.
fn start(now: i64) -> GameStart {
    GameStart { initial_ms: 180_000, clock_since: now, now }
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
        status: TournamentStage::Upcoming,
        round: 0,
    }
}

#[tokio::test]
async fn a_player_creates_events_up_to_the_bound_and_the_servers_schedule_has_none() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(&dir).await;
    players(&db, &["alice"]).await;
    for n in 0..3 {
        assert!(
            db.create_tournament(&swiss(&format!("a{n}"), Some("alice")), Cap::PLAYER, 10).await.unwrap(),
            "event {n}"
        );
    }
    assert!(!db.create_tournament(&swiss("a3", Some("alice")), Cap::PLAYER, 10).await.unwrap(), "a fourth is refused");
    assert!(db.tournament("a3").await.unwrap().is_none(), "and not stored");
    for n in 0..5 {
        assert!(
            db.create_tournament(&swiss(&format!("s{n}"), None), Cap::PLAYER, 10).await.unwrap(),
            "the schedule's {n}"
        );
    }
    assert!(matches!(db.create_tournament(&swiss("s0", None), Cap::PLAYER, 10).await, Err(DbError::Duplicate)));
    let stored = db.tournament("a0").await.unwrap().unwrap();
    assert_eq!(stored, swiss("a0", Some("alice")));
    assert_eq!(db.tournaments(TournamentStage::Upcoming).await.unwrap().len(), 8);
}

#[tokio::test]
async fn finished_events_count_against_a_players_day() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(&dir).await;
    players(&db, &["alice"]).await;
    let day = fanorona_server::protocol::DAY_MS;
    // An event with nobody in it finishes at its start: each is over before the next is created.
    for n in 0..fanorona_server::protocol::MAX_TOURNAMENTS_PER_DAY {
        let id = format!("a{n}");
        assert!(db.create_tournament(&swiss(&id, Some("alice")), Cap::PLAYER, 10).await.unwrap(), "event {n}");
        assert!(db.move_tournament(&id, TournamentStage::Upcoming, TournamentStage::Finished).await.unwrap());
    }
    assert!(!db.create_tournament(&swiss("late", Some("alice")), Cap::PLAYER, 10 + day - 1).await.unwrap());
    assert!(db.tournament("late").await.unwrap().is_none(), "refused, and not stored");
    assert!(db.create_tournament(&swiss("next", Some("alice")), Cap::PLAYER, 10 + day).await.unwrap(), "a day on");
}

#[tokio::test]
async fn the_list_pages_through_every_event_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(&dir).await;
    players(&db, &["alice"]).await;
    for (n, status) in [(0, TournamentStage::Running), (1, TournamentStage::Upcoming)] {
        let event = TournamentRecord { status, starts: 5_000 + n, ..swiss(&format!("live{n}"), None) };
        assert!(db.create_tournament(&event, Cap::NONE, 10).await.unwrap());
    }
    // 120 finished events, three starting at each time: the pages break ties by id.
    let finished = 120;
    for n in 0..finished {
        let event = TournamentRecord {
            status: TournamentStage::Finished,
            starts: 1_000 + n / 3,
            ..swiss(&format!("f{n:03}"), None)
        };
        assert!(db.create_tournament(&event, Cap::NONE, 10).await.unwrap());
    }
    let most = 50;
    let (first, mut more) = db.listed_tournaments(None, most).await.unwrap().unwrap();
    let ids = |page: &[TournamentRecord]| page.iter().map(|t| t.id.clone()).collect::<Vec<_>>();
    let mut seen = ids(&first);
    assert_eq!(seen[..3], ["live0", "live1", "f119"], "to come by start, then the newest finished");
    while more {
        let last = seen.last().unwrap().clone();
        let (page, next) = db.listed_tournaments(Some(&last), most).await.unwrap().unwrap();
        assert!(page.len() <= most);
        seen.extend(ids(&page));
        more = next;
    }
    let mut expected = vec!["live0".to_owned(), "live1".to_owned()];
    expected.extend((0..finished).rev().map(|n| format!("f{n:03}")));
    assert_eq!(seen, expected, "every event once, newest finished first");
    assert!(db.listed_tournaments(Some("live0"), most).await.unwrap().is_none(), "pages follow finished events");
    assert!(db.listed_tournaments(Some("none"), most).await.unwrap().is_none());
}

#[tokio::test]
async fn players_join_leave_and_come_back_but_not_after_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(&dir).await;
    players(&db, &["alice", "bob"]).await;
    assert!(db.create_tournament(&swiss("t", None), Cap::PLAYER, 10).await.unwrap());
    assert!(db.join_tournament("t", "id-alice", 1600.0, 20).await.unwrap());
    assert!(db.join_tournament("t", "id-bob", 1500.0, 21).await.unwrap());
    assert!(db.join_tournament("t", "id-alice", 1700.0, 22).await.unwrap(), "joining twice is no error");
    assert!(!db.join_tournament("none", "id-alice", 1600.0, 22).await.unwrap(), "no such event");
    assert!(db.withdraw_from_tournament("t", "id-bob").await.unwrap());
    assert!(!db.withdraw_from_tournament("t", "id-bob").await.unwrap(), "already out");
    let entrants = db.tournament_entrants("t").await.unwrap().players;
    let seen: Vec<(&str, f64, bool)> = entrants.iter().map(|e| (e.player.as_str(), e.rating, e.withdrawn)).collect();
    assert_eq!(seen, [("id-alice", 1600.0, false), ("id-bob", 1500.0, true)], "the first rating stays");
    assert!(db.join_tournament("t", "id-bob", 1500.0, 23).await.unwrap(), "back in");
    assert!(!db.tournament_entrants("t").await.unwrap().players[1].withdrawn);
    // Once the event is over, nobody joins.
    let pool = sqlx::AnyPool::connect(&database_url(&dir.path().join("server.db")).await).await.unwrap();
    sqlx::query("UPDATE tournaments SET status = 'finished' WHERE id = 't'").execute(&pool).await.unwrap();
    players(&db, &["carol"]).await;
    assert!(!db.join_tournament("t", "id-carol", 1500.0, 30).await.unwrap());
    assert_eq!(db.tournament_entrants("t").await.unwrap().players.len(), 2);
}

/// Two processes (two connections to the database) pair round 1 at once, ten times over: each time exactly one
/// pairs it and the other is told that it is paired already; its game and bye are stored once.
#[tokio::test]
async fn of_two_processes_pairing_a_round_at_once_exactly_one_does() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (database(&dir).await, database(&dir).await);
    players(&first, &["alice", "bob", "carol"]).await;
    for n in 0..10 {
        let event = swiss(&format!("race{n}"), None);
        assert!(first.create_tournament(&event, Cap::PLAYER, 10).await.unwrap());
        let pairing = Round {
            games: vec![Pairing { white: "id-alice".to_owned(), black: "id-bob".to_owned(), result: None }],
            bye: Some("id-carol".to_owned()),
            absent: vec![],
        };
        let (games_a, games_b) = (new_games(&pairing, &[format!("g{n}-a")]), new_games(&pairing, &[format!("g{n}-b")]));
        let bye = without(&pairing);
        let (a, b) = tokio::join!(
            first.pair_swiss_round(&event, 1, &games_a, &bye, start(20)),
            second.pair_swiss_round(&event, 1, &games_b, &bye, start(20)),
        );
        let won = [&a, &b].iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "{a:?} {b:?}");
        assert!([a, b].into_iter().any(|r| matches!(r, Err(DbError::Stale))));
        let stored = first.tournament(&event.id).await.unwrap().unwrap();
        assert_eq!((stored.round, stored.status), (1, TournamentStage::Running));
        assert_eq!(first.swiss_rounds(&event.id).await.unwrap(), std::slice::from_ref(&pairing), "one game, one bye");
        // Round 1 again, or round 3 before round 2: refused.
        let games = new_games(&pairing, &[format!("g{n}-c")]);
        let again = second.pair_swiss_round(&event, 1, &games, &without(&pairing), start(21)).await;
        assert!(matches!(again, Err(DbError::Stale)));
        let games = new_games(&pairing, &[format!("g{n}-d")]);
        let early = second.pair_swiss_round(&event, 3, &games, &without(&pairing), start(21)).await;
        assert!(matches!(early, Err(DbError::Stale)));
    }
}

/// A Swiss event of five players over three rounds, run through the database: each round paired from the
/// entrants and rounds as stored, its games ended as the stored games end (one a no-show), and at every step the
/// rounds read back equal the rounds the event decided, so the standings recomputed from the stored games are the
/// live ones.
#[tokio::test]
async fn the_standings_recomputed_from_the_stored_games_are_the_live_ones() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(&dir).await;
    let names = ["p1", "p2", "p3", "p4", "p5"];
    players(&db, &names).await;
    let mut event = swiss("club", None);
    event.kind = TournamentKind::Swiss { rounds: 3 };
    assert!(db.create_tournament(&event, Cap::PLAYER, 10).await.unwrap());
    for (i, name) in names.iter().enumerate() {
        assert!(db.join_tournament("club", &format!("id-{name}"), 1900.0 - 100.0 * i as f64, 20).await.unwrap());
    }
    let mut live: Vec<Round<String>> = Vec::new();
    let mut now = 1_000;
    for number in 1..=3u32 {
        let entrants = db.tournament_entrants("club").await.unwrap().players;
        let stored = db.swiss_rounds("club").await.unwrap();
        assert_eq!(stored, live, "before round {number}");
        let mut round = pair_round(&entrants, &stored, |_| true);
        let ids: Vec<String> = (0..round.games.len()).map(|g| format!("club-{number}-{g}")).collect();
        db.pair_swiss_round(&event, number, &new_games(&round, &ids), &without(&round), start(now)).await.unwrap();
        // The clocks started as the round was paired.
        let started = now;
        for (board, (game, id)) in round.games.iter_mut().zip(&ids).enumerate() {
            // The higher board's White wins; the last game of round 2 is lost on time by Black, who never moved.
            let (result, plies, outcome) = if number == 2 && board + 1 == ids.len() {
                (GameResult::win(Side::White, EndReason::Timeout), 1, TournamentOutcome::BlackAbsent)
            } else if board == 0 {
                (GameResult::no_winner(EndReason::Agreement), 0, TournamentOutcome::Draw)
            } else {
                (GameResult::win(Side::White, EndReason::Resignation), 0, TournamentOutcome::White)
            };
            now += 1;
            // The clock that runs at the end started with the round, or with White's one turn.
            let mut since = started;
            if plies == 1 {
                let turn = TurnRecord { game: id, ply: 1, notation: "d2-e3A", clocks: [180_000, 180_000], at: now };
                db.store_turn(&turn, None).await.unwrap();
                since = now;
                now += 1;
            }
            let end = EndRecord {
                game: id,
                result,
                clocks: [1, 1],
                at: now,
                plies,
                since,
                rated: Some((game.white.as_str(), game.black.as_str())),
                pool: Pool::Live,
            };
            assert!(db.end_game(&end).await.unwrap().is_some(), "{id} ended");
            game.result = Some(outcome);
        }
        live.push(round);
    }
    let stored = db.swiss_rounds("club").await.unwrap();
    assert_eq!(stored, live);
    let entrants = db.tournament_entrants("club").await.unwrap().players;
    assert_eq!(standings(&entrants, &stored), standings(&entrants, &live));
    assert_eq!(live.iter().filter(|r| r.bye.is_some()).count(), 3, "five players: a bye each round");
}
