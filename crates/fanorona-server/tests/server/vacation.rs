//! Vacations: days in which a player's clock stands still in their correspondence games (not in live ones), so
//! many a year, ended early with the days not begun given back; and a flag fall decided on another server's clocks
//! of before the vacation, refused.

use fanorona_bot::client::Client;
use fanorona_server::protocol::{
    ClientMessage, Clocks, Color, ErrorCode, GameView, ServerMessage, VACATION_DAYS_PER_YEAR, VacationView,
};
use sqlx::{AnyPool, Row};

use crate::common::{TestServer, choose, clock, open_db, play, rules_game, start_game, wait};

const HOUR: u64 = 3_600;
const DAY: u64 = 86_400;
const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 86_400_000;

fn vacation(days: u32) -> ClientMessage {
    ClientMessage::Vacation { days }
}

/// The game `id` as a new connection of the player of `token` sees it.
async fn seen_by(server: &TestServer, token: &str, id: &str) -> GameView {
    let mut client = Client::connect(&server.url).await.unwrap();
    let welcome = client.hello(Some(token), None).await.unwrap();
    client.close().await.unwrap();
    welcome.games.into_iter().find(|g| g.id == id).unwrap()
}

async fn status(pool: &AnyPool, id: &str) -> (String, Option<String>) {
    let row = sqlx::query("SELECT status, reason FROM games WHERE id = $1").bind(id).fetch_one(pool).await.unwrap();
    (row.get("status"), row.get("reason"))
}

#[tokio::test]
async fn a_vacation_stops_the_players_clock_in_correspondence_games_for_its_days() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let ([(mut white, white_in), (mut black, black_in)], game) =
        start_game(&server, ["alice", "bob"], false, "1d").await;
    assert_eq!(white_in.vacation, VacationView { left_ms: 0, days_left: VACATION_DAYS_PER_YEAR });
    let black_token = black_in.token.unwrap();
    // White has a live game too, which a vacation leaves alone.
    let live = ClientMessage::CreateChallenge {
        variant: fanorona_server::protocol::GameVariant::Tsivy,
        rated: false,
        time: "5+0".parse().unwrap(),
        vela: false,
        opponent: None,
    };
    let Ok(ServerMessage::ChallengeCreated { challenge }) = white.request(live).await else { panic!() };
    let (mut carol, _) = server.guest("carol").await;
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    let Ok(ServerMessage::GameState { game: live }) = carol.request(accept).await else { panic!() };
    assert!(matches!(white.next().await.unwrap().message, ServerMessage::GameState { .. }));

    // Half of White's day gone, White takes three days off: Black is told that White's clock stands still.
    wait(&clock, 12 * HOUR);
    let reply = white.request(vacation(3)).await.unwrap();
    assert_eq!(reply, ServerMessage::Vacation { vacation: VacationView { left_ms: 3 * DAY_MS, days_left: 11 } });
    let stopped =
        Clocks { white_ms: 12 * HOUR_MS, black_ms: DAY_MS, running: Some(Color::White), stopped_ms: 3 * DAY_MS };
    assert_eq!(black.next().await.unwrap().message, ServerMessage::Clocks { game: game.id.clone(), clocks: stopped });
    let told = white.next().await.unwrap().message;
    assert_eq!(told, ServerMessage::Clocks { game: game.id.clone(), clocks: stopped }, "White's other screens too");

    // Three days less a second on: still White's twelve hours; the live game's clock ran all the same.
    wait(&clock, 3 * DAY - 1);
    server.hub.check_clocks().await;
    let pool = open_db(&server.db).await;
    assert_eq!(status(&pool, &game.id).await, ("playing".into(), None));
    assert_eq!(status(&pool, &live.id).await, ("finished".into(), Some("timeout".into())));
    assert!(matches!(white.next().await.unwrap().message, ServerMessage::GameOver { .. }));
    let seen = seen_by(&server, &black_token, &game.id).await;
    assert_eq!((seen.clocks.white_ms, seen.clocks.stopped_ms), (12 * HOUR_MS, 1_000));
    // The vacation over, the clock runs again.
    wait(&clock, 6 * HOUR + 1);
    let seen = seen_by(&server, &black_token, &game.id).await;
    assert_eq!((seen.clocks.white_ms, seen.clocks.stopped_ms), (6 * HOUR_MS, 0));

    // Each side plays; then White asks for more days than are left, takes five, and ends them after a day and a
    // half: the three not begun come back, and the clock that stood still runs again from where it stood.
    let first = choose(&rules_game(&[])).to_string();
    play(&mut white, &mut black, &game.id, 1, &first).await;
    let reply = choose(&rules_game(std::slice::from_ref(&first))).to_string();
    play(&mut black, &mut white, &game.id, 2, &reply).await;
    wait(&clock, HOUR);
    let refused = white.request(vacation(12)).await.unwrap_err();
    assert_eq!(refused.code().unwrap(), ErrorCode::NoVacationLeft, "{refused}");
    assert_eq!(white.request(vacation(u32::MAX)).await.unwrap_err().code(), Some(ErrorCode::NoVacationLeft));
    let reply = white.request(vacation(5)).await.unwrap();
    assert_eq!(reply, ServerMessage::Vacation { vacation: VacationView { left_ms: 5 * DAY_MS, days_left: 6 } });
    black.next().await.unwrap();
    white.next().await.unwrap();
    wait(&clock, 36 * HOUR);
    let reply = white.request(vacation(0)).await.unwrap();
    assert_eq!(reply, ServerMessage::Vacation { vacation: VacationView { left_ms: 0, days_left: 9 } });
    let running = Clocks { white_ms: 23 * HOUR_MS, black_ms: DAY_MS, running: Some(Color::White), stopped_ms: 0 };
    assert_eq!(black.next().await.unwrap().message, ServerMessage::Clocks { game: game.id.clone(), clocks: running });
    assert_eq!(white.request(vacation(0)).await.unwrap(), reply, "no vacation to end: nothing changes");

    // White's 23 hours run out: lost on time.
    wait(&clock, 23 * HOUR - 1);
    server.hub.check_clocks().await;
    assert_eq!(status(&pool, &game.id).await, ("playing".into(), None));
    wait(&clock, 1);
    server.hub.check_clocks().await;
    assert_eq!(status(&pool, &game.id).await, ("finished".into(), Some("timeout".into())));
    // A player who comes back sees the days left.
    let welcome = Client::connect(&server.url).await.unwrap().hello(white_in.token.as_deref(), None).await.unwrap();
    assert_eq!(welcome.vacation, VacationView { left_ms: 0, days_left: 9 });
}

/// Two servers share a database; the second, started after the game, holds it too. A vacation taken through the
/// first stops the clock on the second even before the second hears of it (SQLite has no notifications): its flag
/// fall, decided on the clock it knew, is refused by the database and decided again on the game as stored.
#[tokio::test]
async fn a_flag_fall_decided_on_clocks_from_before_a_vacation_is_refused() {
    let clock = clock();
    let first = TestServer::fresh(&clock).await;
    let ([(mut white, _), (mut black, _)], game) = start_game(&first, ["alice", "bob"], false, "1d").await;
    let second = TestServer::start(&first.db, &clock).await;
    wait(&clock, 20 * HOUR);
    white.request(vacation(2)).await.unwrap();
    black.next().await.unwrap();
    wait(&clock, DAY);
    second.hub.check_clocks().await;
    first.hub.check_clocks().await;
    let pool = open_db(&first.db).await;
    assert_eq!(status(&pool, &game.id).await, ("playing".into(), None));
    // The vacation over, White's four hours run on the second server too.
    wait(&clock, DAY + 4 * HOUR);
    second.hub.check_clocks().await;
    assert_eq!(status(&pool, &game.id).await, ("finished".into(), Some("timeout".into())));
}

/// The next message `client` gets is the answer to a request sent now: nothing else came first.
async fn assert_nothing_came(client: &mut Client) {
    let id = client.send(ClientMessage::ListChallenges).await.unwrap();
    let next = client.next().await.unwrap();
    assert_eq!(next.id, Some(id), "a message came first: {:?}", next.message);
}

/// `days: 0` with no vacation under way changes nothing: it is answered, but neither written (the game's row keeps
/// its clocks' time) nor told to anyone, however often it is sent (issue 69: 60 requests once sent every opponent 60
/// messages in 4 s).
#[tokio::test]
async fn ending_no_vacation_writes_nothing_and_tells_nobody() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let ([(mut white, _), (mut black, _)], game) = start_game(&server, ["alice", "bob"], false, "3d").await;
    let pool = open_db(&server.db).await;
    let stored = async || {
        let query = sqlx::query("SELECT clock_since, updated FROM games WHERE id = $1").bind(&game.id);
        let row = query.fetch_one(&pool).await.unwrap();
        (row.get::<i64, _>("clock_since"), row.get::<i64, _>("updated"))
    };
    let before = stored().await;
    wait(&clock, HOUR);
    let none = ServerMessage::Vacation { vacation: VacationView { left_ms: 0, days_left: VACATION_DAYS_PER_YEAR } };
    // Within the connection's burst of messages, so that every one is answered.
    for _ in 0..30 {
        assert_eq!(white.request(vacation(0)).await.unwrap(), none);
    }
    assert_eq!(stored().await, before, "nothing written");
    assert_nothing_came(&mut black).await;
    assert_nothing_came(&mut white).await;

    // A vacation under way is still ended, and told.
    white.request(vacation(2)).await.unwrap();
    assert!(matches!(black.next().await.unwrap().message, ServerMessage::Clocks { .. }));
    wait(&clock, HOUR);
    let reply = white.request(vacation(0)).await.unwrap();
    assert_eq!(reply, ServerMessage::Vacation { vacation: VacationView { left_ms: 0, days_left: 13 } });
    assert!(matches!(black.next().await.unwrap().message, ServerMessage::Clocks { .. }));
}
