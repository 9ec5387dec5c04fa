//! Reports that a flood cannot bury (issue 69, point 3): eleven guests from two addresses filed 110 reports, and the
//! moderators' list of the oldest 100 hid a real report made afterwards. Now an address makes at most
//! `REPORTS_PER_ADDRESS_PER_DAY` reports a day, a guest reports only the other player of a game they played, and the
//! moderators read a queue of one line per reported player, the weightiest first, in pages.

use std::collections::HashSet;

use fanorona_bot::client::Client;
use fanorona_server::clock::Clock;
use fanorona_server::protocol::{
    ClientMessage, ErrorCode, MAX_LISTED_REPORTS, ModerationAction, REPORTS_PER_ADDRESS_PER_DAY, ReportReason,
    ReportView, ServerMessage,
};
use sqlx::{AnyPool, Row};

use crate::common::{TestServer, attacker, clock, open_db, register, start_game, wait};

fn report(player: &str, game: Option<&str>, note: &str) -> ClientMessage {
    ClientMessage::Report {
        player: player.to_owned(),
        game: game.map(str::to_owned),
        reason: ReportReason::Other,
        note: note.to_owned(),
    }
}

async fn refused(client: &mut Client, message: ClientMessage) -> Option<ErrorCode> {
    client.request(message).await.unwrap_err().code()
}

/// A registered moderator named `name` (the role given by the program's command, as in `moderation.rs`).
async fn moderator(server: &TestServer, name: &str) -> Client {
    let (client, _) = server.registered(name).await;
    let pool = open_db(&server.db).await;
    sqlx::query("UPDATE players SET moderator = 1 WHERE name_key = $1")
        .bind(name.to_lowercase())
        .execute(&pool)
        .await
        .unwrap();
    client
}

/// One page of the queue: its lines, and the next page's `after`.
async fn page(moderator: &mut Client, after: Option<String>) -> (Vec<ReportView>, Option<String>) {
    match moderator.request(ClientMessage::ListReports { after: after.clone() }).await {
        Ok(ServerMessage::Reports { reports, after: echoed, next, .. }) => {
            assert_eq!(echoed, after, "the page says which one it continues");
            (reports, next)
        }
        other => panic!("{other:?}"),
    }
}

/// Players made in the database at once, named and keyed by their ids (a test of the queue needs many).
async fn insert_players(pool: &AnyPool, ids: &[String], now: i64) {
    let rows: Vec<String> =
        ids.iter().map(|p| format!("('{p}', '{p}', '{p}', '{p}', 1500, 350, 0.06, {now})")).collect();
    let sql = format!(
        "INSERT INTO players (id, name, name_key, token_hash, rating, deviation, volatility, created) VALUES {}",
        rows.join(", ")
    );
    sqlx::query(&sql).execute(pool).await.unwrap();
}

/// Open reports put in the database as the server of before took them: `(reporter, player, game, at)`.
async fn insert_reports(pool: &AnyPool, reports: &[(String, String, String, i64)]) {
    for chunk in reports.chunks(200) {
        let rows: Vec<String> =
            chunk.iter().map(|(f, p, g, at)| format!("('{f}', '{p}', '{g}', '\"other\"', 'flood', {at})")).collect();
        let sql = format!("INSERT INTO reports (reporter, player, game, reason, note, at) VALUES {}", rows.join(", "));
        sqlx::query(&sql).execute(pool).await.unwrap();
    }
}

#[tokio::test]
async fn a_flood_from_one_address_is_refused_after_its_days_reports_and_keeps_those_it_made() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    // Guests in pairs, each pair in a game (every test client comes from 127.0.0.1): each reports the other, once.
    let mut guests = Vec::new();
    for n in 0..=REPORTS_PER_ADDRESS_PER_DAY / 2 {
        let ([white, black], game) =
            start_game(&server, [&format!("White{n}"), &format!("Black{n}")], false, "5+3").await;
        let (white_id, black_id) = (white.1.player.id.clone(), black.1.player.id.clone());
        guests.push((white.0, black_id, game.id.clone()));
        guests.push((black.0, white_id, game.id));
    }
    let mut accepted = Vec::new();
    for (client, player, game) in &mut guests {
        let answer = client.request(report(player, Some(game), "flood")).await;
        if accepted.len() < REPORTS_PER_ADDRESS_PER_DAY {
            assert_eq!(answer.unwrap(), ServerMessage::Reported);
            accepted.push(player.clone());
        } else {
            let refusal = answer.unwrap_err();
            assert_eq!(refusal.code(), Some(ErrorCode::TooManyReports), "{refusal}");
            assert!(refusal.to_string().contains("address"), "the message says why: {refusal}");
        }
    }
    assert!(guests.len() > REPORTS_PER_ADDRESS_PER_DAY, "the flood goes past the cap");

    // Nothing lost: every accepted report is in the moderators' queue, one line each.
    let mut moderator = moderator(&server, "Mpandrindra").await;
    let (lines, next) = page(&mut moderator, None).await;
    let listed: HashSet<&str> = lines.iter().map(|r| r.player.id.as_str()).collect();
    assert_eq!((listed, next), (accepted.iter().map(String::as_str).collect(), None));

    // Another address reports as before.
    let mut elsewhere = Client::connect_from(&server.url, attacker(2)).await.unwrap();
    elsewhere.hello(None, Some("Elsewhere")).await.unwrap();
    register(&mut elsewhere, "Elsewhere").await;
    assert_eq!(elsewhere.request(report(&accepted[0], None, "")).await.unwrap(), ServerMessage::Reported);

    // A day later the address reports again, and the addresses of the reports of the day before are forgotten.
    wait(&clock, 86_401);
    let (client, player, game) = guests.last_mut().unwrap();
    assert_eq!(client.request(report(player, Some(game), "a day later")).await.unwrap(), ServerMessage::Reported);
    let pool = open_db(&server.db).await;
    let kept: i64 =
        sqlx::query("SELECT COUNT(*) FROM reports WHERE address IS NOT NULL").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(kept, 1, "only the last report's address is kept");
}

#[tokio::test]
async fn a_guest_reports_only_the_other_player_of_a_game_they_played() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let ([(mut white, white_in), (_, black_in)], game) = start_game(&server, ["Soa", "Bozy"], false, "5+3").await;
    let (white_id, black_id) = (white_in.player.id.clone(), black_in.player.id.clone());
    let (mut stranger, stranger_in) = server.guest("Stranger").await;

    // A guest who played no game with the player: refused, with or without a game.
    assert_eq!(refused(&mut stranger, report(&white_id, None, "")).await, Some(ErrorCode::GuestReport));
    let theirs = report(&white_id, Some(&game.id), "");
    assert_eq!(refused(&mut stranger, theirs).await, Some(ErrorCode::GuestReport), "a game of others");
    assert_eq!(refused(&mut white, report(&stranger_in.player.id, None, "")).await, Some(ErrorCode::GuestReport));
    assert_eq!(refused(&mut white, report(&black_id, None, "")).await, Some(ErrorCode::GuestReport), "no game named");

    // The guest who played the game reports the other player of it; a registered player reports anyone.
    assert_eq!(white.request(report(&black_id, Some(&game.id), "")).await.unwrap(), ServerMessage::Reported);
    let (mut registered, _) = server.registered("Rasoa").await;
    let anyone = report(&stranger_in.player.id, None, "");
    assert_eq!(registered.request(anyone).await.unwrap(), ServerMessage::Reported);
}

#[tokio::test]
async fn a_real_report_is_on_the_first_page_above_a_flood_and_the_pages_repeat_nothing() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let pool = open_db(&server.db).await;
    let now = clock.now_ms();

    // What the issue saw, from before the caps: eleven guests, 110 reports about one player, each in a game of its
    // own; and, for pages, one report each about 120 other players. All older than the real report.
    let flooders: Vec<String> = (0..11).map(|n| format!("flooder{n:02}")).collect();
    let others: Vec<String> = (0..120).map(|n| format!("other{n:03}")).collect();
    let target = "target".to_owned();
    let everyone: Vec<String> = flooders.iter().chain(&others).chain([&target]).cloned().collect();
    insert_players(&pool, &everyone, now).await;
    let mut flood = Vec::new();
    for (f, flooder) in flooders.iter().enumerate() {
        for g in 0..10 {
            let at = now - 100_000 + i64::try_from(10 * f + g).unwrap();
            flood.push((flooder.clone(), target.clone(), format!("game{f}-{g}"), at));
        }
    }
    for (n, other) in others.iter().enumerate() {
        flood.push((flooders[n % 11].clone(), other.clone(), String::new(), now - 50_000 + i64::try_from(n).unwrap()));
    }
    insert_reports(&pool, &flood).await;

    // The real report, from a registered player, comes last.
    wait(&clock, 1);
    let (_, culprit) = server.guest("Culprit").await;
    let (mut reporter, _) = server.registered("Rabe").await;
    let real = report(&culprit.player.id, None, "an insulting name");
    assert_eq!(reporter.request(real).await.unwrap(), ServerMessage::Reported);

    // First the line of a reporter of good standing, then the flood's one line (eleven reporters), then the oldest.
    let mut moderator = moderator(&server, "Mpandrindra").await;
    let (first, next) = page(&mut moderator, None).await;
    assert_eq!(first.len(), MAX_LISTED_REPORTS);
    let top: Vec<(&str, u32, u32)> =
        first.iter().take(3).map(|r| (r.player.id.as_str(), r.reporters, r.trusted)).collect();
    assert_eq!(top, [(culprit.player.id.as_str(), 1, 1), ("target", 11, 0), ("other000", 1, 0)]);
    assert_eq!((first[0].reporter.name.as_str(), first[0].note.as_str()), ("Rabe", "an insulting name"));
    let next = next.expect("more than a page");

    // The moderator acts on a line of the first page before reading the second: no line moves between pages.
    let dismiss = ClientMessage::Moderate {
        player: "target".to_owned(),
        action: ModerationAction::Dismiss,
        reason: "a flood".to_owned(),
    };
    assert!(matches!(moderator.request(dismiss).await, Ok(ServerMessage::Moderated { .. })));
    let (second, last) = page(&mut moderator, Some(next)).await;
    assert_eq!(last, None, "two pages");
    let mut seen: Vec<&str> = first.iter().chain(&second).map(|r| r.player.id.as_str()).collect();
    let count = seen.len();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), count, "no line twice");
    let mut expected: Vec<&str> = others.iter().chain([&target, &culprit.player.id]).map(String::as_str).collect();
    expected.sort_unstable();
    assert_eq!(seen, expected, "every reported player once");

    // A page that is no `next` is refused.
    let bad = ClientMessage::ListReports { after: Some("page two".to_owned()) };
    assert_eq!(refused(&mut moderator, bad).await, Some(ErrorCode::BadMessage));
}

#[tokio::test]
async fn a_reporter_whose_report_was_dismissed_weighs_less_than_one_of_good_standing() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let mut moderator = moderator(&server, "Mpandrindra").await;
    let (mut crier, _) = server.registered("Crier").await;
    let (mut careful, _) = server.registered("Careful").await;
    let [(_, first), (_, second), (_, third)] =
        [server.guest("First").await, server.guest("Second").await, server.guest("Third").await];
    assert_eq!(crier.request(report(&first.player.id, None, "")).await.unwrap(), ServerMessage::Reported);
    let dismiss = ClientMessage::Moderate {
        player: first.player.id.clone(),
        action: ModerationAction::Dismiss,
        reason: "nothing wrong".to_owned(),
    };
    assert!(matches!(moderator.request(dismiss).await, Ok(ServerMessage::Moderated { .. })));

    // The crier reports first, the careful reporter after: the careful one's line comes first.
    assert_eq!(crier.request(report(&second.player.id, None, "")).await.unwrap(), ServerMessage::Reported);
    wait(&clock, 1);
    assert_eq!(careful.request(report(&third.player.id, None, "")).await.unwrap(), ServerMessage::Reported);
    let (lines, _) = page(&mut moderator, None).await;
    let order: Vec<(&str, u32)> = lines.iter().map(|r| (r.player.name.as_str(), r.trusted)).collect();
    assert_eq!(order, [("Third", 1), ("Second", 0)]);
}
