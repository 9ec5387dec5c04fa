//! Puzzles served and rated across players: each player gets the untried puzzle nearest their puzzle rating, and
//! each first result moves both the player's rating and the puzzle's, stored before it is acknowledged.

use fanorona_ai::puzzle;
use fanorona_ai::tablebase::LazyTables;
use fanorona_bot::client::{Client, ClientError};
use fanorona_puzzles::{Puzzle, Theme};
use fanorona_rules::Variant;
use fanorona_server::protocol::{ClientMessage, ErrorCode, GameVariant, PuzzleView, ServerMessage};
use sqlx::Row;

use fanorona_server::db::Db;
use fanorona_server::hub::{PuzzleSearch, find_puzzles};

use crate::common::{TestServer, choose, clock, database_url, open_db, play, rules_game, start_game};

fn next(variant: GameVariant, theme: Option<&str>) -> ClientMessage {
    ClientMessage::NextPuzzle { variant, theme: theme.map(str::to_owned) }
}

async fn next_puzzle(client: &mut Client, variant: GameVariant, theme: Option<&str>) -> Option<PuzzleView> {
    match client.request(next(variant, theme)).await {
        Ok(ServerMessage::Puzzle { puzzle, .. }) => puzzle,
        other => panic!("{other:?}"),
    }
}

fn result(puzzle: &str, solved: bool) -> ClientMessage {
    ClientMessage::PuzzleResult { puzzle: puzzle.to_owned(), solved }
}

fn code(reply: Result<ServerMessage, ClientError>) -> Option<ErrorCode> {
    reply.err().and_then(|e| e.code())
}

fn shipped(variant: Variant) -> &'static [Puzzle] {
    fanorona_puzzles::shipped(variant).unwrap()
}

/// The shipped puzzle nearest `rating`, the first by id among equals (as the server orders them).
fn nearest(puzzles: &[Puzzle], rating: f64) -> &Puzzle {
    let distance = |p: &Puzzle| (f64::from(p.rating) - rating).abs();
    puzzles.iter().min_by(|a, b| distance(a).total_cmp(&distance(b)).then_with(|| a.id.cmp(&b.id))).unwrap()
}

#[tokio::test]
async fn puzzles_are_served_by_rating_and_theme_and_rated_once_across_players() {
    let server = TestServer::fresh(&clock()).await;
    let (mut alice, welcome) = server.guest("alice").await;
    let tsivy = shipped(Variant::Tsivy);

    let first = next_puzzle(&mut alice, GameVariant::Tsivy, None).await.expect("a puzzle");
    let expected = nearest(tsivy, 1500.0);
    assert_eq!(first.id, expected.id);
    assert_eq!(first.position, expected.position.to_string());
    assert_eq!(first.solution, expected.solution.iter().map(ToString::to_string).collect::<Vec<_>>());
    assert_eq!((first.variant, first.rating, first.attempts), (GameVariant::Tsivy, f64::from(expected.rating), 0));

    let endgame = next_puzzle(&mut alice, GameVariant::Dimy, Some("endgame")).await.expect("a dimy endgame");
    assert!(endgame.themes.iter().any(|t| t == "endgame"), "{endgame:?}");
    assert!(endgame.id.starts_with('d'));
    assert_eq!(code(alice.request(next(GameVariant::Tsivy, Some("end"))).await), Some(ErrorCode::BadMessage));

    // Solved: the player gains, the puzzle loses; a second result for it is refused and changes nothing.
    let rated = alice.request(result(&first.id, true)).await.unwrap();
    let ServerMessage::PuzzleRated { puzzle, player, rating } = rated else { panic!("{rated:?}") };
    assert_eq!(puzzle, first.id);
    assert_eq!(player.before, 1500.0);
    assert!(player.after > 1500.0 && player.deviation < 350.0, "{player:?}");
    assert_eq!(rating.before, first.rating);
    assert!(rating.after < first.rating, "{rating:?}");
    assert_eq!(code(alice.request(result(&first.id, false)).await), Some(ErrorCode::PuzzleTried));
    assert_eq!(code(alice.request(result("t999999", true)).await), Some(ErrorCode::NotFound));

    // Alice is not offered it again; the reply gives her new puzzle rating. Bob is, at its new rating, with Alice's
    // attempt counted.
    let reply = alice.request(next(GameVariant::Tsivy, None)).await.unwrap();
    let ServerMessage::Puzzle { puzzle: Some(second), rating: alice_rating } = reply else { panic!("{reply:?}") };
    assert_ne!(second.id, first.id);
    assert_eq!(alice_rating, player.after);
    let (mut bob, _) = server.guest("bob").await;
    let for_bob = next_puzzle(&mut bob, GameVariant::Tsivy, None).await.expect("a puzzle");
    if for_bob.id == first.id {
        assert_eq!((for_bob.rating, for_bob.attempts), (rating.after, 1));
    }
    // Bob fails it: his rating falls, the puzzle's rises back.
    let ServerMessage::PuzzleRated { player: bob_rating, rating: puzzle_rating, .. } =
        bob.request(result(&first.id, false)).await.unwrap()
    else {
        panic!()
    };
    assert!(bob_rating.after < 1500.0);
    assert_eq!(puzzle_rating.before, rating.after);
    assert!(puzzle_rating.after > rating.after);

    // Every puzzle of a theme once, then none: a player is never offered a puzzle tried.
    let (mut carol, _) = server.guest("carol").await;
    let sacrifices = shipped(Variant::Tsivy).iter().filter(|p| p.themes.contains(&Theme::Sacrifice)).count();
    let mut seen = Vec::new();
    for i in 0..sacrifices {
        let puzzle = next_puzzle(&mut carol, GameVariant::Tsivy, Some("sacrifice")).await.expect("one more");
        assert!(!seen.contains(&puzzle.id), "{} offered again", puzzle.id);
        carol.request(result(&puzzle.id, i % 2 == 0)).await.unwrap();
        seen.push(puzzle.id);
    }
    assert_eq!(next_puzzle(&mut carol, GameVariant::Tsivy, Some("sacrifice")).await, None);

    // All of it is stored: the results, both players' puzzle ratings, the puzzle's rating and counts.
    let pool = open_db(&server.db).await;
    let results = sqlx::query("SELECT player, solved FROM puzzle_results WHERE puzzle = $1 ORDER BY recorded, player")
        .bind(&first.id)
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(results.len(), 2);
    let row = sqlx::query("SELECT puzzle_rating, rating FROM players WHERE id = $1")
        .bind(&welcome.player.id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let (puzzle_rating_of_alice, game_rating): (f64, f64) = (row.get("puzzle_rating"), row.get("rating"));
    assert_eq!((puzzle_rating_of_alice, game_rating), (player.after, 1500.0), "the game rating is apart");
    let row = sqlx::query("SELECT rating, attempts, solved FROM puzzles WHERE id = $1")
        .bind(&first.id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let stored: (f64, i64, i64) = (row.get("rating"), row.get("attempts"), row.get("solved"));
    assert_eq!(stored, (puzzle_rating.after, 2, 1));
}

/// The shipped puzzles are stored once and keep the ratings players gave them; a start brings them up to date with
/// the sets (as a confirmation of the sets changes them: alternatives added, puzzles dropped) and serves the
/// alternatives with the solution.
#[tokio::test]
async fn the_shipped_puzzles_are_added_once_and_keep_their_ratings_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let clock = clock();
    let server = TestServer::start(&db, &clock).await;
    let (mut alice, welcome) = server.guest("alice").await;
    let first = next_puzzle(&mut alice, GameVariant::Dimy, None).await.expect("a puzzle");
    let ServerMessage::PuzzleRated { rating, .. } = alice.request(result(&first.id, true)).await.unwrap() else {
        panic!()
    };
    server.kill();
    drop(alice);
    // As a server stored them before the sets changed: a puzzle that now has alternatives without them (at a rating
    // players gave it), and one the sets have dropped since, named and rated to be the first a new player is offered.
    let tsivy = shipped(Variant::Tsivy);
    let changed = tsivy.iter().find(|p| !p.alternatives.is_empty()).expect("a shipped puzzle with alternatives");
    let pool = open_db(&db).await;
    let query = "UPDATE puzzles SET alternatives = '', rating = 1234 WHERE id = $1";
    sqlx::query(query).bind(&changed.id).execute(&pool).await.unwrap();
    let query = "INSERT INTO puzzles (id, variant, position, solution, themes, rating, deviation, volatility, \
                 attempts, solved) SELECT 't0', variant, position, solution, themes, 1500, deviation, volatility, 0, 0 \
                 FROM puzzles WHERE id = $1";
    sqlx::query(query).bind(&changed.id).execute(&pool).await.unwrap();
    // Alice's puzzle rating is the changed puzzle's: it is the one she is offered next.
    let query = "UPDATE players SET puzzle_rating = 1234 WHERE id = $1";
    sqlx::query(query).bind(&welcome.player.id).execute(&pool).await.unwrap();
    pool.close().await;

    let server = TestServer::start(&db, &clock).await;
    let pool = open_db(&server.db).await;
    let count = |query: &'static str| {
        let pool = pool.clone();
        async move { sqlx::query(query).fetch_one(&pool).await.unwrap().get::<i64, _>("n") as usize }
    };
    assert_eq!(
        count("SELECT COUNT(*) AS n FROM puzzles WHERE retired = 0").await,
        tsivy.len() + shipped(Variant::Dimy).len()
    );
    assert_eq!(count("SELECT COUNT(*) AS n FROM puzzles WHERE retired = 1 AND id = 't0'").await, 1, "kept, not served");
    let row = sqlx::query("SELECT rating FROM puzzles WHERE id = $1").bind(&first.id).fetch_one(&pool).await.unwrap();
    assert_eq!(row.get::<f64, _>("rating"), rating.after, "a stored puzzle keeps its rating");
    let (mut bob, _) = server.guest("bob").await;
    let for_bob = next_puzzle(&mut bob, GameVariant::Tsivy, None).await.expect("a puzzle");
    assert_eq!(for_bob.id, nearest(tsivy, 1500.0).id, "not the dropped one");
    // The same player, back with its token, is not offered the puzzle it tried.
    let mut alice = Client::connect(&server.url).await.unwrap();
    alice.hello(welcome.token.as_deref(), None).await.unwrap();
    let again = next_puzzle(&mut alice, GameVariant::Dimy, None).await.expect("a puzzle");
    assert_ne!(again.id, first.id);
    let served = next_puzzle(&mut alice, GameVariant::Tsivy, None).await.expect("a puzzle");
    assert_eq!((served.id.as_str(), served.rating), (changed.id.as_str(), 1234.0), "brought up to date, rating kept");
    let alternatives: Vec<String> = changed.alternatives.iter().map(ToString::to_string).collect();
    assert_eq!((served.solution.len(), served.alternatives), (changed.solution.len(), alternatives));
}

/// The budget of the search of finished games: a tenth of the shipped sets', so that the test's searches (in a debug
/// build) do not slow the timing tests that run beside it.
const NODES: u64 = 2_000;

/// The server's own finished games give puzzles: a game played on it (White taking all it can, Black as little, as
/// the test players do) gives some that players are then served, and a second run looks at no game twice.
#[tokio::test]
async fn the_puzzles_of_finished_games_are_found_and_served() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["alice", "bob"], false, "5+3").await;
    let mut turns: Vec<String> = Vec::new();
    while !rules_game(&turns).is_over() && turns.len() < 40 {
        let turn = choose(&rules_game(&turns)).to_string();
        let (mover, other) =
            if turns.len().is_multiple_of(2) { (&mut white, &mut black) } else { (&mut black, &mut white) };
        play(mover, other, &game.id, turns.len() as u32 + 1, &turn).await;
        turns.push(turn);
    }
    if !rules_game(&turns).is_over() {
        black.request(ClientMessage::Resign { game: game.id.clone() }).await.unwrap();
    }

    let db = Db::connect(&database_url(&server.db).await, None).await.unwrap();
    // The engine's search, as `fanorona-find-puzzles` runs it (the server does not link the engine).
    let tables = LazyTables::default();
    let find = |game: &fanorona_rules::Game, prefix: &str| puzzle::find_in_game(game, 0, NODES, &tables, prefix);
    let search = find_puzzles(&db, find).await.unwrap();
    assert_eq!(search.games, 1);
    assert!(search.added >= 1, "{search:?} in {turns:?}");
    // Each is a position of the game, named by its ply, with a solution starting with a legal turn there.
    let pool = open_db(&server.db).await;
    let prefix = format!("g{}-", game.id);
    let rows = sqlx::query("SELECT id, position, solution FROM puzzles WHERE id LIKE $1").bind(format!("{prefix}%"));
    let rows = rows.fetch_all(&pool).await.unwrap();
    assert_eq!(rows.len() as u64, search.added);
    for row in &rows {
        let id: String = row.get("id");
        let ply: usize = id[prefix.len()..].parse().unwrap();
        let before = rules_game(&turns[..ply]);
        assert_eq!(row.get::<String, _>("position"), before.position().to_string(), "{id}");
        let solution: String = row.get("solution");
        let first = solution.split(' ').next().unwrap();
        assert!(before.position().parse_turn(first).is_ok(), "{id}: {solution}");
    }
    // Players are served them like the shipped ones (set aside here, so that a few requests see every found one).
    sqlx::query("DELETE FROM puzzles WHERE id NOT LIKE $1").bind(format!("{prefix}%")).execute(&pool).await.unwrap();
    let ids: Vec<String> = rows.iter().map(|r| r.get("id")).collect();
    let (mut carol, _) = server.guest("carol").await;
    let mut served = Vec::new();
    while let Some(p) = next_puzzle(&mut carol, GameVariant::Tsivy, None).await {
        carol.request(result(&p.id, true)).await.unwrap();
        served.push(p.id);
    }
    served.sort();
    let mut ids = ids;
    ids.sort();
    assert_eq!(served, ids);
    assert_eq!(find_puzzles(&db, find).await.unwrap(), PuzzleSearch::default(), "nothing new");
}

/// Results of one player on several puzzles at the same moment, over connections of its own, all count: each is
/// stored with the rating the one before it left (on PostgreSQL each waits for the others' lock on the player's row),
/// so that they form one chain from 1500 to the rating stored, none lost and none refused.
#[tokio::test]
async fn results_sent_at_once_all_move_the_player_s_rating() {
    const AT_ONCE: usize = 6;
    let server = TestServer::fresh(&clock()).await;
    let (mut alice, welcome) = server.guest("alice").await;
    let ids: Vec<String> = shipped(Variant::Dimy).iter().take(AT_ONCE).map(|p| p.id.clone()).collect();
    let mut clients = vec![];
    for _ in 0..AT_ONCE {
        let mut client = Client::connect(&server.url).await.unwrap();
        client.hello(welcome.token.as_deref(), None).await.unwrap();
        clients.push(client);
    }
    let sent = clients.iter_mut().zip(&ids).enumerate().map(|(i, (client, id))| client.request(result(id, i % 2 == 0)));
    let mut changes: Vec<(f64, f64)> = futures_util::future::join_all(sent)
        .await
        .into_iter()
        .map(|reply| match reply {
            Ok(ServerMessage::PuzzleRated { player, .. }) => (player.before, player.after),
            other => panic!("{other:?}"),
        })
        .collect();
    // The chain: from 1500, each result's rating before is the last one's after.
    let mut rating = 1500.0;
    while !changes.is_empty() {
        let next = changes.iter().position(|(before, _)| *before == rating);
        let next = next.unwrap_or_else(|| panic!("no result moved the rating on from {rating}: {changes:?}"));
        rating = changes.swap_remove(next).1;
    }
    let ServerMessage::Puzzle { rating: stored, .. } = alice.request(next(GameVariant::Tsivy, None)).await.unwrap()
    else {
        panic!()
    };
    assert_eq!(stored, rating, "the rating stored is the chain's end");
}
