//! `fanorona-server backup`: a copy of a running server's SQLite database, taken while 20 games are played, holds
//! every turn acknowledged before it began, and a new server takes the games up from it; what it cannot do gets a
//! clear error and leaves nothing behind. SQLite on every run: the server copies SQLite databases only (PostgreSQL's
//! is pg_dump's, DEPLOYMENT.md).
//!
//! The time a backup takes of 100,000 finished games of 40 turns (issue 51's figure), with the release build:
//!
//! ```sh
//! cargo test --release --workspace --locked --test server figures_backup -- --ignored --nocapture
//! ```

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fanorona_bot::client::Client;
use fanorona_server::protocol::{ClientMessage, ServerMessage};

use crate::common::{challenge, choose, rules_game, spawn_on, stored_turns};

const GAMES: usize = 20;

/// Runs `fanorona-server backup PATH --database URL` (on a thread of its own: the games go on meanwhile).
async fn backup(path: &Path, url: &str) -> Output {
    let program = env!("CARGO_BIN_EXE_fanorona-server");
    let (path, url) = (path.to_path_buf(), url.to_owned());
    let run = move || Command::new(program).arg("backup").arg(&path).args(["--database", &url]).output().unwrap();
    tokio::task::spawn_blocking(run).await.unwrap()
}

fn said(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// A game between two new guests, as (its id, white's client and token, black's client).
async fn new_game(url: &str, n: usize) -> (String, [Client; 2], String) {
    let mut players = Vec::new();
    for side in ["w", "b"] {
        let mut client = Client::connect(url).await.unwrap();
        let token = client.hello(None, Some(&format!("p{n}{side}"))).await.unwrap().token.unwrap();
        players.push((client, token));
    }
    let Ok(ServerMessage::ChallengeCreated { challenge }) =
        players[0].0.request(challenge().time("15+10").into()).await
    else {
        panic!()
    };
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    let Ok(ServerMessage::GameState { game }) = players[1].0.request(accept).await else { panic!() };
    // The challenger hears of the start too.
    assert!(matches!(players[0].0.next().await.unwrap().message, ServerMessage::GameState { .. }));
    if game.white.name != format!("p{n}w") {
        players.reverse();
    }
    let [(white, token), (black, _)]: [(Client, String); 2] = players.try_into().unwrap();
    (game.id, [white, black], token)
}

#[tokio::test]
async fn a_backup_taken_while_twenty_games_are_played_holds_every_turn_acknowledged_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("server.db").display());
    let limits = ["--guests-per-address-per-hour", "1000", "--connections-per-address", "1000"];
    let (_server, ws) = spawn_on(&url, &limits).await;
    let acknowledged: Arc<Mutex<HashMap<String, Vec<String>>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let mut players = Vec::new();
    let mut tokens = HashMap::new();
    // Every game first, then all of them played at once.
    let mut games = Vec::new();
    for n in 0..GAMES {
        let (id, clients, token) = new_game(&ws, n).await;
        tokens.insert(id.clone(), token);
        games.push((id, clients));
    }
    for (id, [mut white, mut black]) in games {
        let (acknowledged, stop) = (Arc::clone(&acknowledged), Arc::clone(&stop));
        players.push(tokio::spawn(async move {
            let mut turns: Vec<String> = Vec::new();
            while !stop.load(Ordering::SeqCst) && !rules_game(&turns).is_over() {
                let ply = u32::try_from(turns.len() + 1).unwrap();
                let (mover, other) = if ply % 2 == 1 { (&mut white, &mut black) } else { (&mut black, &mut white) };
                let turn = choose(&rules_game(&turns)).to_string();
                let play = ClientMessage::Play { game: id.clone(), ply, turn: turn.clone() };
                let played = mover.request(play).await.unwrap();
                assert!(matches!(played, ServerMessage::Played { .. }), "{played:?}");
                // Acknowledged: the promise the backup must keep.
                turns.push(turn);
                acknowledged.lock().unwrap().insert(id.clone(), turns.clone());
                other.next().await.unwrap();
            }
        }));
    }
    let count = || acknowledged.lock().unwrap().values().map(Vec::len).sum::<usize>();
    while count() < 100 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }

    // The backup, with the games going on: every turn acknowledged before it began must be in it.
    let before = acknowledged.lock().unwrap().clone();
    let copy = dir.path().join("backup.db");
    let output = backup(&copy, &url).await;
    assert!(output.status.success(), "{}", said(&output));
    assert!(said(&output).contains(&format!("{} written: {GAMES} games", copy.display())), "{}", said(&output));
    // The server played on: the games go on after the copy as before it.
    let after_backup = count();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while count() < after_backup + GAMES {
        assert!(std::time::Instant::now() < deadline, "the games stopped after the backup: {after_backup} turns");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    stop.store(true, Ordering::SeqCst);
    for player in players {
        player.await.unwrap();
    }
    // The copy is SQLite's, whichever database the other tests run on.
    let copy_url = format!("sqlite://{}", copy.display());
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&copy_url).await.unwrap();
    for (id, turns) in &before {
        let stored = stored_turns(&pool, id).await;
        assert!(
            stored.starts_with(turns),
            "game {id}: {} turns acknowledged, {} in the backup",
            turns.len(),
            stored.len()
        );
    }

    // A new server on the copy takes the games up: each player finds their game where the backup left it.
    let (_restored, ws) = spawn_on(&copy_url, &[]).await;
    for (id, token) in &tokens {
        let mut client = Client::connect(&ws).await.unwrap();
        let welcome = client.hello(Some(token), None).await.unwrap();
        let stored = stored_turns(&pool, id).await;
        if let Some(game) = welcome.games.iter().find(|g| g.id == *id) {
            assert_eq!(game.turns, stored, "game {id}");
        } else {
            assert!(rules_game(&stored).is_over(), "game {id} neither in progress nor over in the backup");
        }
    }
}

#[tokio::test]
async fn a_backup_it_cannot_make_is_refused_clearly_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let url = format!("sqlite://{}", db.display());
    let (server, _) = spawn_on(&url, &[]).await;
    drop(server);
    let taken = dir.path().join("taken.db");
    std::fs::write(&taken, "a file of the operator's").unwrap();
    let cases = [
        (taken.clone(), url.clone(), "exists already: a backup never replaces a file"),
        (dir.path().join("no/such/folder/copy.db"), url.clone(), "there is no folder"),
        (dir.path().join("copy.db"), "postgres://u@127.0.0.1/fanorona".to_owned(), "use pg_dump"),
        (dir.path().join("copy.db"), format!("sqlite://{}", dir.path().join("none.db").display()), "no database at"),
    ];
    for (path, url, why) in cases {
        let output = backup(&path, &url).await;
        assert!(!output.status.success() && said(&output).contains(why), "{}: {}", path.display(), said(&output));
    }
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "a file of the operator's");
    // No copy, no half-made one, no database made where there was none: the server's files and the operator's.
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(name.starts_with("server.db") || name == "taken.db", "{name} left behind");
    }
}

/// Issue 51's figure: a backup of 100,000 finished games of 40 turns each (4 million turns, between 1,000 players),
/// stored by SQL before it is taken; prints how long it took and what the copy holds, checked.
#[tokio::test]
#[ignore = "a benchmark: run it with the release build"]
async fn figures_backup_of_100000_games() {
    const GAMES: i64 = 100_000;
    const TURNS: i64 = 40;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("server.db").display());
    // The schema, as the server makes it.
    drop(spawn_on(&url, &[]).await);
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let seed = [
        "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999) \
         INSERT INTO players (id, name, name_key, token_hash, rating, deviation, volatility, created) \
         SELECT 'p' || i, 'p' || i, 'p' || i, 'p' || i, 1500, 350, 0.06, 0 FROM n"
            .to_owned(),
        format!(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {last}) \
             INSERT INTO games (id, creator, white, black, variant, rated, time_control, status, result, reason, \
             white_clock_ms, black_clock_ms, created, updated, plies) \
             SELECT 'g' || i, 'p' || (i % 1000), 'p' || (i % 1000), 'p' || ((i + 1) % 1000), 'tsivy', 1, '5+3', \
             'finished', '1-0', 'resignation', 1000, 1000, i, i, {TURNS} FROM n",
            last = GAMES - 1
        ),
        format!(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {last}), \
             p(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM p WHERE j < {TURNS}) \
             INSERT INTO turns (game, ply, notation, clock_after_ms, played_at) \
             SELECT 'g' || i, j, 'e2-e3A', 1000, i FROM n, p",
            last = GAMES - 1
        ),
    ];
    let started = Instant::now();
    for statement in &seed {
        sqlx::query(statement).execute(&pool).await.unwrap();
    }
    pool.close().await;
    eprintln!("{GAMES} games of {TURNS} turns stored in {:.1} s", started.elapsed().as_secs_f64());

    let copy = dir.path().join("backup.db");
    let started = Instant::now();
    let output = backup(&copy, &url).await;
    let seconds = started.elapsed().as_secs_f64();
    assert!(output.status.success(), "{}", said(&output));
    let holds = format!("written: {GAMES} games, {} turns", GAMES * TURNS);
    assert!(said(&output).contains(&holds), "{}", said(&output));
    let bytes = std::fs::metadata(&copy).unwrap().len();
    println!("backup of {GAMES} games ({} turns): {seconds:.2} s, {:.0} MB", GAMES * TURNS, bytes as f64 / 1e6);
}

/// The files that hold the password hashes and the push key are the server's user's alone (issue 69, point 4): the
/// database and its log are made 0600, a backup too, and a database the machine's other users may read stops the
/// program at its start, naming the command that mends it.
#[cfg(unix)]
#[tokio::test]
async fn the_databases_files_and_its_backups_are_their_owners_alone() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let url = format!("sqlite://{}", db.display());
    let (server, ws) = spawn_on(&url, &[]).await;
    Client::connect(&ws).await.unwrap().hello(None, Some("alice")).await.unwrap();
    assert_eq!(mode(&db), 0o600);
    assert_eq!(mode(&dir.path().join("server.db-wal")), 0o600);
    let copy = dir.path().join("copy.db");
    let output = backup(&copy, &url).await;
    assert!(output.status.success(), "{}", said(&output));
    assert_eq!(mode(&copy), 0o600);
    drop(server);

    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
    let program = env!("CARGO_BIN_EXE_fanorona-server");
    let output = Command::new(program).args(["--listen", "127.0.0.1:0", "--database", &url]).output().unwrap();
    assert!(!output.status.success(), "{}", said(&output));
    assert!(said(&output).contains(&format!("`chmod 600 {}`", db.display())), "{}", said(&output));
}
