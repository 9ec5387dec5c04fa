//! Lists that stay fast however many rows are stored (issue 69, point 1): the real program on a database holding
//! [`FLOODED`] finished tournaments, as a creators' flood of one-round events left them before the daily cap.
//!
//! Two bounds, each a ratio of two figures of the same run, so that what else the machine does falls on both:
//!
//! - the list's median time on that database at most [`MOST_LIST_RATIO`] times its time on one of [`FEW`] events: a
//!   page is one range of an index. Before the fix the list read every finished event: 10.8 ms at 904 rows,
//!   3,579 ms at 250,904 (the figures);
//! - an unrelated game's median turn latency while one guest keeps [`IN_FLIGHT`] lists in flight at most
//!   [`MOST_TURN_RATIO`] times its median while the same guest asks for the live games instead, in windows interleaved
//!   a second or so apart. Before the fix every request waited on SQLite's one connection behind the lists: a turn
//!   took 1,610 ms at the median (1.3 ms idle).
//!
//! It prints the figures, and takes about 15 s (the rows are written in one statement). `figures_lists_at_a_million`
//! (ignored; `cargo test --release -p fanorona-server --locked --test measured figures_lists -- --ignored --nocapture`)
//! takes the same figures on a million events, and the turns' 99th percentile, for docs/DECISIONS.md.

use std::path::Path;
use std::time::{Duration, Instant};

use fanorona_bot::client::Client;
use fanorona_server::protocol::{ClientMessage, ServerMessage};
use sqlx::AnyPool;

use crate::abuse::{Referee, median};
use crate::common::{Running, database_url, spawn_with};

/// The finished events of the flooded database.
const FLOODED: u32 = 250_000;

/// The finished events of the database the list is timed on beside it.
const FEW: u32 = 1_000;

/// The lists the guest keeps asked for and not yet answered during a window of the flood.
const IN_FLIGHT: usize = 5;

/// Lists timed one at a time on each database.
const TIMED_LISTS: usize = 15;

/// Windows of the flood, each followed by one of harmless requests, and the turns measured in each.
const WINDOWS: usize = 6;
const WINDOW_TURNS: usize = 8;

/// The most the list's median time on [`FLOODED`] events may be, in units of its median on [`FEW`]. Measured: see
/// docs/DECISIONS.md ("Lists that stay fast").
const MOST_LIST_RATIO: f64 = 3.0;

/// The most the game's median turn latency beside the list flood may be, in units of its median beside harmless
/// requests of the same guest. Measured: see docs/DECISIONS.md ("Lists that stay fast").
const MOST_TURN_RATIO: f64 = 4.0;

#[test]
fn lists_of_a_quarter_million_events_take_a_page_s_time_and_leave_the_games_their_pace() {
    let _alone = crate::alone();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(measure_lists(FLOODED));
}

#[test]
#[ignore = "figures for docs/DECISIONS.md: run with --release"]
fn figures_lists_at_a_million() {
    let _alone = crate::alone();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(measure_lists(1_000_000));
}

/// A database at `path` holding `finished` finished tournaments, started by the real program on it.
async fn server_with_events(path: &Path, finished: u32) -> (Running, String) {
    let url = database_url(path).await;
    // The schema first (the program makes it, and the file private), then the rows in one statement.
    drop(fanorona_server::db::Db::connect(&url, None).await.unwrap());
    let pool = AnyPool::connect(&url).await.unwrap();
    sqlx::query(
        "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1) \
         INSERT INTO tournaments (id, kind, name, creator, variant, time_control, rated, starts, length_ms, rounds, \
         password_hash, status, round, created) \
         SELECT 'flood' || i, 'swiss', 'Flood', NULL, 'tsivy', '3+2', 0, 1000 + i, 0, 1, NULL, 'finished', 1, 1000 + i \
         FROM n",
    )
    .bind(i64::from(finished))
    .execute(&pool)
    .await
    .unwrap();
    // The statistics PostgreSQL's autovacuum would gather after so many new rows (those of the empty table made
    // PostgreSQL sort every finished event for a page, 150 ms, in this test's first run); SQLite's too.
    sqlx::query("ANALYZE").execute(&pool).await.unwrap();
    pool.close().await;
    spawn_with(path, &[]).await
}

/// A guest of the server at `url`.
async fn guest(url: &str, name: &str) -> Client {
    let mut client = Client::connect(url).await.unwrap();
    client.hello(None, Some(name)).await.unwrap();
    client
}

/// The first page of the tournaments, as `client` asks for it: how many events it holds.
async fn list(client: &mut Client) -> usize {
    match client.request(ClientMessage::ListTournaments { after: None }).await {
        Ok(ServerMessage::Tournaments { tournaments, .. }) => tournaments.len(),
        other => panic!("{other:?}"),
    }
}

/// The median time of [`TIMED_LISTS`] lists asked for one after another by `client`.
async fn list_time(client: &mut Client) -> Duration {
    let mut times = Vec::new();
    for _ in 0..TIMED_LISTS {
        let asked = Instant::now();
        assert_eq!(list(client).await, fanorona_server::protocol::MAX_LISTED_TOURNAMENTS);
        times.push(asked.elapsed());
    }
    median(times)
}

/// Sends `request` from `client` [`IN_FLIGHT`] at a time, as fast as the answers come, until `stop` is set; how many
/// were answered.
fn keep_asking(
    mut client: Client,
    request: fn() -> ClientMessage,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> tokio::task::JoinHandle<(Client, usize)> {
    tokio::spawn(async move {
        let mut answered = 0;
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            let mut ids = Vec::new();
            for _ in 0..IN_FLIGHT {
                ids.push(client.send(request()).await.unwrap());
            }
            // Each answered (or refused by the rate limit) in whatever order the server answers them.
            let mut waiting = ids.len();
            while waiting > 0 {
                let envelope = client.next().await.unwrap();
                if envelope.id.is_some_and(|id| ids.contains(&id)) {
                    waiting -= 1;
                    answered += 1;
                }
            }
        }
        (client, answered)
    })
}

/// The latency below which `share` of `latencies` lie.
fn percentile(mut latencies: Vec<Duration>, share: f64) -> Duration {
    latencies.sort_unstable();
    let index = ((latencies.len() as f64 * share).ceil() as usize).clamp(1, latencies.len());
    latencies[index - 1]
}

/// The test on a database of `flooded_events` finished events.
async fn measure_lists(flooded_events: u32) {
    let dir = tempfile::tempdir().unwrap();
    let few_dir = tempfile::tempdir().unwrap();
    let filled = Instant::now();
    let (_few_server, few_url) = server_with_events(&few_dir.path().join("server.db"), FEW).await;
    let (_server, url) = server_with_events(&dir.path().join("server.db"), flooded_events).await;
    let filled = filled.elapsed();

    let mut timer = guest(&few_url, "timer").await;
    let few_time = list_time(&mut timer).await;
    let mut timer = guest(&url, "timer").await;
    let flooded_time = list_time(&mut timer).await;
    drop(timer);

    let mut game = Referee::start(&url);
    let mut asker = Some(guest(&url, "asker").await);
    let (mut harmless, mut flooded, mut lists) = (Vec::new(), Vec::new(), 0);
    for _ in 0..WINDOWS {
        for flood in [true, false] {
            let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let request: fn() -> ClientMessage =
                if flood { || ClientMessage::ListTournaments { after: None } } else { || ClientMessage::ListGames };
            let task = keep_asking(asker.take().unwrap(), request, std::sync::Arc::clone(&stop));
            let latencies = game.play(WINDOW_TURNS).await;
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            let (client, answered) = task.await.unwrap();
            asker = Some(client);
            if flood {
                lists += answered;
                flooded.extend(latencies);
            } else {
                harmless.extend(latencies);
            }
        }
    }

    let list_ratio = flooded_time.as_secs_f64() / few_time.as_secs_f64();
    let ms = |latency: Duration| latency.as_secs_f64() * 1000.0;
    let p99 = (ms(percentile(harmless.clone(), 0.99)), ms(percentile(flooded.clone(), 0.99)));
    let (harmless, flooded) = (median(harmless), median(flooded));
    let turn_ratio = flooded.as_secs_f64() / harmless.as_secs_f64();
    println!(
        "lists: the tournaments' first page in {:.2} ms on {FEW} finished events, {:.2} ms on {flooded_events}: \
         {list_ratio:.2} times (at most {MOST_LIST_RATIO}); an unrelated game's turn latency {:.2} ms at the median \
         ({:.2} ms p99) beside harmless requests, {:.2} ms ({:.2} ms p99) beside {lists} lists {IN_FLIGHT} at a time: \
         {turn_ratio:.2} times at the median (at most {MOST_TURN_RATIO}); the databases filled in {:.1} s",
        ms(few_time),
        ms(flooded_time),
        ms(harmless),
        p99.0,
        ms(flooded),
        p99.1,
        filled.as_secs_f64(),
    );
    assert!(lists >= WINDOWS * IN_FLIGHT, "the flood asked for {lists} lists");
    assert!(
        list_ratio <= MOST_LIST_RATIO,
        "a page took {flooded_time:?} on {flooded_events} events, {few_time:?} on {FEW}"
    );
    assert!(turn_ratio <= MOST_TURN_RATIO, "turn latency {flooded:?} beside lists, {harmless:?} beside harmless ones");
}
