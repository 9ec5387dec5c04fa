//! Moderation (issue 51, point 3): the moderator's role given by the program's `moderator` command and by nothing a
//! client sends; reports checked and bounded; a moderator reads them with the player's history and warns (now, or at
//! the next hello), suspends (connections closed, sign-in refused until it ends) and closes (games resigned), each
//! action logged with who and why; and blocks, which keep two players out of each other's lobby and games.

use std::process::Command;

use fanorona_bot::client::Client;
use fanorona_server::protocol::{
    ClientMessage, ErrorCode, MAX_REPORT_NOTE_CHARS, ModerationAction, REPORTS_PER_DAY, ReportReason, ServerMessage,
};
use sqlx::Row;

use crate::common::{TestServer, challenge, clock, database_url, open_db, password_of, start_game, wait};

/// Runs `fanorona-server moderator NAME [--revoke] --database URL`: whether it succeeded, and what it said.
async fn moderator_command(db: &std::path::Path, name: &str, revoke: bool) -> (bool, String) {
    let url = database_url(db).await;
    let mut command = Command::new(env!("CARGO_BIN_EXE_fanorona-server"));
    command.args(["moderator", name, "--database", &url]);
    if revoke {
        command.arg("--revoke");
    }
    let output = tokio::task::spawn_blocking(move || command.output().unwrap()).await.unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), said)
}

fn report(player: &str, game: Option<&str>, note: &str) -> ClientMessage {
    ClientMessage::Report {
        player: player.to_owned(),
        game: game.map(str::to_owned),
        reason: ReportReason::Name,
        note: note.to_owned(),
    }
}

fn moderate(player: &str, action: ModerationAction, reason: &str) -> ClientMessage {
    ClientMessage::Moderate { player: player.to_owned(), action, reason: reason.to_owned() }
}

async fn refused(client: &mut Client, message: ClientMessage) -> Option<ErrorCode> {
    client.request(message).await.unwrap_err().code()
}

#[tokio::test]
async fn moderators_read_reports_and_warn_suspend_and_close_each_action_logged() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    // A correspondence game: the suspension's two days pass without a flag falling.
    let ([white, black], game) = start_game(&server, ["Rasoa", "Rabe"], true, "14d").await;
    let ((mut rasoa_client, rasoa_in), (mut rabe, rabe_in)) =
        if white.1.player.name == "Rasoa" { (white, black) } else { (black, white) };
    let rasoa = rasoa_in.player.id.clone();
    let (mut moderator, moderator_in) = server.registered("Mpandrindra").await;

    // The role comes from the program's command, for registered players only; no message gives it.
    assert_eq!(
        refused(&mut moderator, ClientMessage::ListReports { after: None }).await,
        Some(ErrorCode::NotModerator)
    );
    let (done, said) = moderator_command(&server.db, "nobody", false).await;
    assert!(!done && said.contains("no registered player is named \"nobody\""), "{said}");
    let (done, said) = moderator_command(&server.db, "MPANDRINDRA", false).await;
    assert!(done && said.contains("MPANDRINDRA is a moderator"), "{said}");
    let warn = moderate(&rasoa, ModerationAction::Warn, "your name insults people");
    assert_eq!(refused(&mut rabe, warn.clone()).await, Some(ErrorCode::NotModerator));

    // Reports are checked: not oneself, the game one played, a short note; ten a day.
    let rabe_id = rabe_in.player.id.clone();
    assert_eq!(refused(&mut rabe, report(&rabe_id, None, "")).await, Some(ErrorCode::BadReport));
    assert_eq!(refused(&mut rabe, report("nobody", None, "")).await, Some(ErrorCode::BadReport));
    let long = "x".repeat(MAX_REPORT_NOTE_CHARS + 1);
    assert_eq!(refused(&mut rabe, report(&rasoa, None, &long)).await, Some(ErrorCode::BadReport));
    let (_, carol) = server.guest("Carol").await;
    assert_eq!(
        refused(&mut rabe, report(&carol.player.id, Some(&game.id), "")).await,
        Some(ErrorCode::BadReport),
        "Carol did not play that game"
    );
    assert_eq!(rabe.request(report(&rasoa, Some(&game.id), "an insult")).await.unwrap(), ServerMessage::Reported);
    let (mut flooder, _) = server.registered("Flooder").await;
    let mut targets = Vec::new();
    for n in 0..REPORTS_PER_DAY {
        let (_, target) = server.guest(&format!("Target{n}")).await;
        assert_eq!(flooder.request(report(&target.player.id, None, "")).await.unwrap(), ServerMessage::Reported);
        targets.push(target.player.id);
    }
    assert_eq!(refused(&mut flooder, report(&rasoa, None, "")).await, Some(ErrorCode::TooManyReports));
    // The same report again replaces the first: no more counted.
    assert_eq!(flooder.request(report(&targets[0], None, "again")).await.unwrap(), ServerMessage::Reported);

    // The moderator reads the reports and warns Rasoa, who is told at once.
    let Ok(ServerMessage::Reports { reports, .. }) =
        moderator.request(ClientMessage::ListReports { after: None }).await
    else {
        panic!()
    };
    assert_eq!(reports.len(), 1 + REPORTS_PER_DAY);
    let first = reports.iter().find(|r| r.reporter.name == "Rabe").unwrap();
    assert_eq!(
        (&first.reporter.name, &first.player.id, first.game.as_ref()),
        (&"Rabe".to_owned(), &rasoa, Some(&game.id))
    );
    assert_eq!((first.reason, first.note.as_str(), first.history.len()), (ReportReason::Name, "an insult", 0));
    let Ok(ServerMessage::Moderated { action, .. }) = moderator.request(warn).await else { panic!() };
    assert_eq!(action, ModerationAction::Warn);
    let ServerMessage::Warned { reason, .. } = rasoa_client.next().await.unwrap().message else { panic!() };
    assert_eq!(reason, "your name insults people");
    // A second between actions, for the log's order.
    wait(&clock, 1);
    let Ok(ServerMessage::Reports { reports, .. }) =
        moderator.request(ClientMessage::ListReports { after: None }).await
    else {
        panic!()
    };
    assert!(reports.iter().all(|r| r.player.id != rasoa), "the action closed the reports about her");

    // Warned while away: told right after the next welcome, once.
    rasoa_client.close().await.unwrap();
    let away = moderate(&rasoa, ModerationAction::Warn, "second warning");
    assert!(matches!(moderator.request(away).await, Ok(ServerMessage::Moderated { .. })));
    let token = rasoa_in.token.clone().unwrap();
    let mut back = Client::connect(&server.url).await.unwrap();
    back.hello(Some(&token), None).await.unwrap();
    let ServerMessage::Warned { reason, .. } = back.next().await.unwrap().message else { panic!() };
    assert_eq!(reason, "second warning");
    let pool = open_db(&server.db).await;
    let unseen: i64 =
        sqlx::query("SELECT COUNT(*) FROM moderation_log WHERE unseen = 1").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(unseen, 0, "shown once: marked shown");
    wait(&clock, 1);

    // Suspended for two days: her connection closes, and she may not sign in until they are over.
    let bad = moderate(&rasoa, ModerationAction::Suspend { days: 0 }, "too short");
    assert_eq!(refused(&mut moderator, bad).await, Some(ErrorCode::BadMessage));
    let empty = moderate(&rasoa, ModerationAction::Suspend { days: 2 }, " ");
    assert_eq!(refused(&mut moderator, empty).await, Some(ErrorCode::BadMessage));
    let suspend = moderate(&rasoa, ModerationAction::Suspend { days: 2 }, "insults again");
    assert!(matches!(moderator.request(suspend).await, Ok(ServerMessage::Moderated { .. })));
    while back.next().await.is_ok() {}
    let mut again = Client::connect(&server.url).await.unwrap();
    assert_eq!(again.hello(Some(&token), None).await.unwrap_err().code(), Some(ErrorCode::Suspended));
    let mut again = Client::connect(&server.url).await.unwrap();
    let by_password = again.log_in("Rasoa", &password_of("Rasoa")).await.unwrap_err();
    assert_eq!(by_password.code(), Some(ErrorCode::Suspended));
    wait(&clock, 2 * 86_400 + 1);
    let mut again = Client::connect(&server.url).await.unwrap();
    again.hello(Some(&token), None).await.unwrap();

    // Closed: her game in progress is resigned, and her account goes as a deleted one does.
    let close = moderate(&rasoa, ModerationAction::Close, "third time");
    let Ok(ServerMessage::Moderated { player, .. }) = moderator.request(close).await else { panic!() };
    assert_eq!(player.name, format!("~{rasoa}"));
    let over = loop {
        match rabe.next().await.unwrap().message {
            ServerMessage::GameOver { result, .. } => break result,
            _ => continue,
        }
    };
    assert_eq!(over.reason, fanorona_server::protocol::EndReason::Resignation);

    // The log: four actions, each by the moderator, with its reason.
    let rows = sqlx::query("SELECT moderator, reason FROM moderation_log WHERE player = $1 ORDER BY at, reason")
        .bind(&rasoa)
        .fetch_all(&pool)
        .await
        .unwrap();
    let logged: Vec<(String, String)> = rows.iter().map(|r| (r.get("moderator"), r.get("reason"))).collect();
    let by = &moderator_in.player.id;
    let expected = ["your name insults people", "second warning", "insults again", "third time"];
    assert_eq!(logged, expected.map(|reason| (by.clone(), reason.to_owned())).to_vec());
    let (done, said) = moderator_command(&server.db, "Mpandrindra", true).await;
    assert!(done && said.contains("no longer a moderator"), "{said}");
    assert_eq!(
        refused(&mut moderator, ClientMessage::ListReports { after: None }).await,
        Some(ErrorCode::NotModerator)
    );
}

#[tokio::test]
async fn a_blocked_player_can_neither_challenge_nor_accept_and_their_challenges_are_hidden() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut soa, soa_in) = server.guest("Soa").await;
    let (mut bozy, bozy_in) = server.guest("Bozy").await;
    let (soa_id, bozy_id) = (soa_in.player.id.clone(), bozy_in.player.id.clone());
    let Ok(ServerMessage::ChallengeCreated { challenge: bozys }) = bozy.request(challenge().into()).await else {
        panic!()
    };
    let Ok(ServerMessage::Blocked { players }) = soa.request(ClientMessage::Block { player: bozy_id.clone() }).await
    else {
        panic!()
    };
    assert_eq!(players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["Bozy"]);
    let listed =
        |challenges: &[fanorona_server::protocol::ChallengeView], by: &str| challenges.iter().any(|c| c.by.id == by);
    let Ok(ServerMessage::Challenges { challenges, .. }) = soa.request(ClientMessage::ListChallenges).await else {
        panic!()
    };
    assert!(!listed(&challenges, &bozy_id), "Soa no longer sees Bozy's challenge");
    let Ok(ServerMessage::Blocked { players: listed_blocked }) = soa.request(ClientMessage::ListBlocked).await else {
        panic!()
    };
    assert_eq!(listed_blocked, players);
    let accept = ClientMessage::AcceptChallenge { challenge: bozys.id.clone() };
    assert_eq!(refused(&mut soa, accept.clone()).await, Some(ErrorCode::Blocked));
    let Ok(ServerMessage::ChallengeCreated { challenge: soas }) = soa.request(challenge().into()).await else {
        panic!()
    };
    let Ok(ServerMessage::Challenges { challenges, .. }) = bozy.request(ClientMessage::ListChallenges).await else {
        panic!()
    };
    assert!(!listed(&challenges, &soa_id), "nor Bozy Soa's");
    let accept_soas = ClientMessage::AcceptChallenge { challenge: soas.id.clone() };
    assert_eq!(refused(&mut bozy, accept_soas).await, Some(ErrorCode::Blocked));
    let addressed = challenge().to(Some(&soa_id)).into();
    assert_eq!(refused(&mut bozy, addressed).await, Some(ErrorCode::Blocked));
    assert_eq!(refused(&mut soa, ClientMessage::Block { player: soa_id.clone() }).await, Some(ErrorCode::OwnChallenge));

    // Unblocked, they may play again.
    let Ok(ServerMessage::Blocked { players }) = soa.request(ClientMessage::Unblock { player: bozy_id }).await else {
        panic!()
    };
    assert!(players.is_empty());
    assert!(matches!(soa.request(accept).await, Ok(ServerMessage::GameState { .. })));
}

/// A moderator may not act on another (issue 69): not warn, suspend, close, nor close the reports about them. The
/// operator who gave the role takes it back first; then the former moderator is a player like any other.
#[tokio::test]
async fn a_moderator_cannot_moderate_another_until_the_operator_takes_the_role_back() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut rogue, _) = server.registered("Rogue").await;
    let (mut other, other_in) = server.registered("Other").await;
    for name in ["Rogue", "Other"] {
        assert!(moderator_command(&server.db, name, false).await.0);
    }
    let target = other_in.player.id.clone();
    let actions = [
        ModerationAction::Dismiss,
        ModerationAction::Warn,
        ModerationAction::Suspend { days: 365 },
        ModerationAction::Close,
    ];
    for action in actions {
        let refusal = rogue.request(moderate(&target, action, "in my way")).await.unwrap_err();
        assert_eq!(refusal.code(), Some(ErrorCode::BadMessage), "{action:?}: {refusal}");
    }
    // Nothing happened to Other: still connected, still a moderator, nothing logged.
    assert!(matches!(
        other.request(ClientMessage::ListReports { after: None }).await,
        Ok(ServerMessage::Reports { .. })
    ));
    let pool = open_db(&server.db).await;
    let logged: i64 = sqlx::query("SELECT COUNT(*) FROM moderation_log").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(logged, 0);

    // The operator takes Other's role back: now a moderator may suspend them.
    assert!(moderator_command(&server.db, "Other", true).await.0);
    let suspend = moderate(&target, ModerationAction::Suspend { days: 1 }, "abused the role");
    assert!(matches!(rogue.request(suspend).await, Ok(ServerMessage::Moderated { .. })));
}
