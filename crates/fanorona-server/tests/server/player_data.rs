//! A player's own data (issue 51, point 5): downloaded a page at a time, every game they played and nobody else's;
//! and their account deleted, with the password asked again: games in progress resigned, logins ended everywhere,
//! finished games kept for their opponents under a name nobody can take, and the name free again only after
//! `NAME_HELD_DAYS`; and what was theirs alone gone from the database, table by table (issue 68, point 5).

use std::collections::BTreeSet;

use fanorona_bot::client::Client;
use fanorona_server::clock::Clock;
use fanorona_server::protocol::{
    AccountData, ClientMessage, DAY_MS, EXPORT_PAGE_GAMES, EndReason, ErrorCode, ExportedGame, GameVariant,
    NAME_HELD_DAYS, PushEvent, PushKeys, PushSubscription, PushWords, ReportReason, ServerMessage,
};
use sqlx::{AnyPool, Row};

use crate::common::{TestServer, challenge, choose, clock, open_db, password_of, play, rules_game, start_game, wait};

/// A game between `creator` and `acceptor`, aborted by the creator at once; its id.
async fn aborted_game(creator: &mut Client, acceptor: &mut Client) -> String {
    let created = creator.request(challenge().into()).await;
    let Ok(ServerMessage::ChallengeCreated { challenge }) = created else { panic!("{created:?}") };
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    assert!(matches!(acceptor.request(accept).await, Ok(ServerMessage::GameState { .. })));
    assert!(matches!(creator.next().await.unwrap().message, ServerMessage::GameState { .. }));
    let abort = ClientMessage::Abort { game: challenge.id.clone() };
    assert!(matches!(creator.request(abort).await, Ok(ServerMessage::GameOver { .. })));
    assert!(matches!(acceptor.next().await.unwrap().message, ServerMessage::GameOver { .. }));
    challenge.id
}

/// Every page of `client`'s data: the account (first page) and all the games.
async fn export(client: &mut Client) -> (AccountData, Vec<ExportedGame>, usize) {
    let (mut account, mut games, mut pages, mut after) = (None, Vec::new(), 0, None);
    loop {
        let Ok(ServerMessage::ExportedData { account: first, games: page, next }) =
            client.request(ClientMessage::ExportData { after: after.take() }).await
        else {
            panic!("no page")
        };
        assert_eq!(first.is_some(), pages == 0, "the account comes on the first page only");
        assert!(page.len() <= EXPORT_PAGE_GAMES);
        account = account.or(first);
        games.extend(page);
        pages += 1;
        match next {
            Some(next) => after = Some(next),
            None => return (*account.unwrap(), games, pages),
        }
    }
}

#[tokio::test]
async fn a_player_downloads_their_account_and_every_game_they_played_a_page_at_a_time() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    // A game in progress of four turns, and a hundred aborted ones: two pages.
    let ([(mut white, white_in), (mut black, black_in)], game) =
        start_game(&server, ["Rasoa", "Rabe"], false, "5+3").await;
    let mut turns = Vec::new();
    for ply in 1..=4 {
        let turn = choose(&rules_game(&turns)).to_string();
        let (mover, other) = if ply % 2 == 1 { (&mut white, &mut black) } else { (&mut black, &mut white) };
        play(mover, other, &game.id, ply, &turn).await;
        turns.push(turn);
    }
    let mut ids = BTreeSet::from([game.id.clone()]);
    let tokens = [white_in.token.clone().unwrap(), black_in.token.unwrap()];
    // Ten games on each pair of new connections of the two players: a connection may send 40 messages at once.
    for _ in 0..EXPORT_PAGE_GAMES / 10 {
        let [mut creator, mut acceptor] =
            [Client::connect(&server.url).await.unwrap(), Client::connect(&server.url).await.unwrap()];
        creator.hello(Some(&tokens[0]), None).await.unwrap();
        acceptor.hello(Some(&tokens[1]), None).await.unwrap();
        for _ in 0..10 {
            ids.insert(aborted_game(&mut creator, &mut acceptor).await);
        }
    }
    // Somebody else's game is not White's.
    let (mut carol, _) = server.guest("Carol").await;
    let (mut dave, _) = server.guest("Dave").await;
    aborted_game(&mut carol, &mut dave).await;

    let (account, games, pages) = export(&mut white).await;
    assert_eq!(pages, 2);
    assert_eq!(account.player, white_in.player);
    assert!(!account.registered);
    assert_eq!(account.logins.len(), 1, "{:?}", account.logins);
    let exported: BTreeSet<String> = games.iter().map(|g| g.game.id.clone()).collect();
    assert_eq!(exported, ids);
    assert_eq!(games.len(), ids.len(), "each game once");
    let in_progress = games.iter().find(|g| g.game.id == game.id).unwrap();
    assert_eq!((&in_progress.game.turns, in_progress.result), (&turns, None));
    let aborted = games.iter().find(|g| g.game.id != game.id).unwrap();
    assert_eq!(aborted.result.map(|r| r.reason), Some(EndReason::Aborted));
}

#[tokio::test]
async fn a_deleted_account_resigns_its_games_ends_its_logins_and_holds_its_name_for_a_while() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let ([(white, white_in), (black, black_in)], game) = start_game(&server, ["Rasoa", "Rabe"], true, "5+3").await;
    let (mut rasoa, rabe) = if white_in.player.name == "Rasoa" {
        ((white, white_in), (black, black_in))
    } else {
        ((black, black_in), (white, white_in))
    };
    let (mut rabe, rabe_in) = rabe;
    // Each side plays a turn: the game is then rated whatever its end.
    let mut turns = Vec::new();
    for ply in 1..=2 {
        let turn = choose(&rules_game(&turns)).to_string();
        let rasoa_moves = (game.white.name == "Rasoa") == (ply == 1);
        let (mover, other) = if rasoa_moves { (&mut rasoa.0, &mut rabe) } else { (&mut rabe, &mut rasoa.0) };
        play(mover, other, &game.id, ply, &turn).await;
        turns.push(turn);
    }
    // Rasoa has a challenge open and a second device signed in.
    let Ok(ServerMessage::ChallengeCreated { challenge: open }) = rasoa.0.request(challenge().into()).await else {
        panic!()
    };
    let token = rasoa.1.token.clone().unwrap();
    let mut second = Client::connect(&server.url).await.unwrap();
    second.log_in("Rasoa", &password_of("Rasoa")).await.unwrap();

    // A registered player's account goes only with the password.
    for password in [None, Some("not Rasoa's password".to_owned())] {
        let refused = rasoa.0.request(ClientMessage::DeleteAccount { password }).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::BadLogin));
    }
    let delete = ClientMessage::DeleteAccount { password: Some(password_of("Rasoa")) };
    assert_eq!(rasoa.0.request(delete).await.unwrap(), ServerMessage::AccountDeleted);

    // Rabe wins the game in progress by resignation; Rasoa's connections close, her token and password work no more.
    let ServerMessage::GameOver { result, .. } = rabe.next().await.unwrap().message else { panic!() };
    assert_eq!(result.reason, EndReason::Resignation);
    assert!(rasoa.0.next().await.is_err(), "the connection that deleted the account closes");
    // The second device hears of the game's end, then its connection closes.
    assert!(matches!(second.next().await.unwrap().message, ServerMessage::GameOver { .. }));
    assert!(second.next().await.is_err(), "the other login's connection closes");
    let mut again = Client::connect(&server.url).await.unwrap();
    assert_eq!(again.hello(Some(&token), None).await.unwrap_err().code(), Some(ErrorCode::BadToken));
    let mut again = Client::connect(&server.url).await.unwrap();
    let refused = again.log_in("Rasoa", &password_of("Rasoa")).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::BadLogin));

    // Rabe's game stays, against a player named `~` and Rasoa's id; her challenge is gone.
    let Ok(ServerMessage::Profile { games, .. }) = rabe.request(ClientMessage::Profile { player: None }).await else {
        panic!()
    };
    let kept = games.iter().find(|g| g.game.id == game.id).unwrap();
    let deleted = [&kept.game.white, &kept.game.black].into_iter().find(|p| p.id != rabe_in.player.id).unwrap();
    assert_eq!(deleted.name, format!("~{}", rasoa.1.player.id));
    assert!(kept.ratings.is_some(), "the rated game changed both ratings");
    let Ok(ServerMessage::Challenges { challenges, .. }) = rabe.request(ClientMessage::ListChallenges).await else {
        panic!()
    };
    assert!(challenges.iter().all(|c| c.id != open.id));

    // The name is nobody's for NAME_HELD_DAYS, in any case, then free.
    let (mut newcomer, _) = server.guest("Newcomer").await;
    let taken = ClientMessage::Register { name: "rasoa".to_owned(), password: password_of("rasoa") };
    assert_eq!(newcomer.request(taken.clone()).await.unwrap_err().code(), Some(ErrorCode::NameTaken));
    let mut guest = Client::connect(&server.url).await.unwrap();
    assert_eq!(guest.hello(None, Some("RASOA")).await.unwrap_err().code(), Some(ErrorCode::NameTaken));
    wait(&clock, u64::try_from(NAME_HELD_DAYS).unwrap() * 86_400 + 1);
    assert!(matches!(newcomer.request(taken).await, Ok(ServerMessage::Registered { .. })));
}

#[tokio::test]
async fn a_guest_deletes_their_account_without_a_password() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut guest, welcome) = server.guest("Soa").await;
    let token = welcome.token.unwrap();
    let mut other_tab = Client::connect(&server.url).await.unwrap();
    other_tab.hello(Some(&token), None).await.unwrap();
    let deleted = guest.request(ClientMessage::DeleteAccount { password: None }).await.unwrap();
    assert_eq!(deleted, ServerMessage::AccountDeleted);
    assert!(other_tab.next().await.is_err(), "the other connection of the login closes");
    let mut again = Client::connect(&server.url).await.unwrap();
    assert_eq!(again.hello(Some(&token), None).await.unwrap_err().code(), Some(ErrorCode::BadToken));
    // Its name is held as a registered player's is.
    let mut third = Client::connect(&server.url).await.unwrap();
    assert_eq!(third.hello(None, Some("Soa")).await.unwrap_err().code(), Some(ErrorCode::NameTaken));
}

/// What is a player's alone, as tables and a condition on the player's id (`$1`): it goes with their account
/// (docs/DECISIONS.md, "A deleted account is anonymised, not erased").
const THEIRS: [&str; 5] = [
    "sessions WHERE player = $1",
    "trusted_devices WHERE player = $1",
    "push_subscriptions WHERE player = $1",
    "games WHERE status = 'open' AND (creator = $1 OR opponent = $1)",
    "blocks WHERE blocker = $1",
];

/// What others keep of a player: it stays, under the name `~` and the id. Their finished games and ratings' history
/// are their opponents' too; reports are the moderators' cases, those the player wrote and those about them; other
/// players' blocks are theirs; the puzzles tried are the figures behind the puzzle rating the row keeps.
const KEPT: [&str; 6] = [
    "games WHERE status = 'finished' AND (white = $1 OR black = $1)",
    "rating_history WHERE player = $1",
    "reports WHERE reporter = $1",
    "reports WHERE player = $1",
    "blocks WHERE blocked = $1",
    "puzzle_results WHERE player = $1",
];

/// How many rows `from` (a table and a condition on `$1`) holds of the player `id`.
async fn rows(pool: &AnyPool, from: &str, id: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {from}")).bind(id).fetch_one(pool).await.unwrap()
}

/// The player `id`'s row: name, name key, password hash, vacation, deletion and rating.
async fn player_row(pool: &AnyPool, id: &str) -> (String, String, Option<String>, [Option<i64>; 3], f64) {
    let sql = "SELECT name, name_key, password_hash, vacation_from, vacation_until, deleted, rating FROM players \
               WHERE id = $1";
    let row = sqlx::query(sql).bind(id).fetch_one(pool).await.unwrap();
    let vacation_and_deletion = [row.get("vacation_from"), row.get("vacation_until"), row.get("deleted")];
    (row.get("name"), row.get("name_key"), row.get("password_hash"), vacation_and_deletion, row.get("rating"))
}

#[tokio::test]
async fn a_deleted_account_takes_what_was_the_players_alone_from_the_database_and_keeps_the_rest_anonymous() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let pool = open_db(&server.db).await;
    // Rasoa and Rabe, registered, play a rated game, which Rasoa resigns after a turn each.
    let ([white, black], game) = start_game(&server, ["Rasoa", "Rabe"], true, "5+3").await;
    let ((mut rasoa, rasoa_in), (mut rabe, rabe_in)) =
        if white.1.player.name == "Rasoa" { (white, black) } else { (black, white) };
    let (id, rabe_id) = (rasoa_in.player.id, rabe_in.player.id);
    let mut turns = Vec::new();
    for ply in 1..=2 {
        let turn = choose(&rules_game(&turns)).to_string();
        let rasoa_moves = (game.white.id == id) == (ply == 1);
        let (mover, other) = if rasoa_moves { (&mut rasoa, &mut rabe) } else { (&mut rabe, &mut rasoa) };
        play(mover, other, &game.id, ply, &turn).await;
        turns.push(turn);
    }
    let over = rasoa.request(ClientMessage::Resign { game: game.id.clone() }).await.unwrap();
    assert!(matches!(over, ServerMessage::GameOver { .. }), "{over:?}");
    assert_eq!(rabe.next().await.unwrap().message, over);

    // Then Rasoa leaves a trace in every table that keeps one, as the game would: a second device signed in (a login
    // and a trusted device, besides those of her registration), a browser told of her games, a challenge of hers
    // and one addressed to her, a vacation, a report on Rabe and a block of Carol, who blocks her too, and a puzzle.
    // Rabe reports her.
    let mut second = Client::connect(&server.url).await.unwrap();
    second.log_in("Rasoa", &password_of("Rasoa")).await.unwrap();
    let word = || "w".to_owned();
    let subscribe = ClientMessage::Subscribe {
        subscription: PushSubscription {
            endpoint: "https://fcm.googleapis.com/fcm/send/rasoa".into(),
            // A browser's keys (RFC 8291's example). Reminders are of correspondence games, which Rasoa has none
            // of: nothing is ever sent.
            keys: PushKeys {
                p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
                    .into(),
                auth: "BTBZMqHH6r4Tts7J_aSIgg".into(),
            },
        },
        events: vec![PushEvent::Reminder],
        words: PushWords {
            title: word(),
            turn: word(),
            challenge: word(),
            won: word(),
            lost: word(),
            drawn: word(),
            reminder: word(),
        },
    };
    assert!(matches!(rasoa.request(subscribe).await, Ok(ServerMessage::Subscribed { .. })));
    assert!(matches!(rasoa.request(challenge().into()).await, Ok(ServerMessage::ChallengeCreated { .. })));
    let to_rasoa = challenge().to(Some(&id)).into();
    assert!(matches!(rabe.request(to_rasoa).await, Ok(ServerMessage::ChallengeCreated { .. })));
    assert!(matches!(rasoa.request(ClientMessage::Vacation { days: 1 }).await, Ok(ServerMessage::Vacation { .. })));
    let report = |player: &str, note: &str| ClientMessage::Report {
        player: player.to_owned(),
        game: Some(game.id.clone()),
        reason: ReportReason::Other,
        note: note.to_owned(),
    };
    assert_eq!(rasoa.request(report(&rabe_id, "Rasoa's words")).await.unwrap(), ServerMessage::Reported);
    assert_eq!(rabe.request(report(&id, "Rabe's words")).await.unwrap(), ServerMessage::Reported);
    let (mut carol, carol_in) = server.guest("Carol").await;
    let block = ClientMessage::Block { player: carol_in.player.id.clone() };
    assert!(matches!(rasoa.request(block).await, Ok(ServerMessage::Blocked { .. })));
    assert!(matches!(
        carol.request(ClientMessage::Block { player: id.clone() }).await,
        Ok(ServerMessage::Blocked { .. })
    ));
    let next = ClientMessage::NextPuzzle { variant: GameVariant::Tsivy, theme: None };
    let Ok(ServerMessage::Puzzle { puzzle: Some(puzzle), .. }) = rasoa.request(next).await else { panic!("no puzzle") };
    let tried = ClientMessage::PuzzleResult { puzzle: puzzle.id, solved: true };
    assert!(matches!(rasoa.request(tried).await, Ok(ServerMessage::PuzzleRated { .. })));

    // Every table holds something of hers, or the test would prove nothing.
    for from in THEIRS.iter().chain(&KEPT) {
        assert!(rows(&pool, from, &id).await > 0, "nothing of Rasoa's in {from}");
    }
    let (_, _, password_hash, [vacation_from, vacation_until, _], rating) = player_row(&pool, &id).await;
    assert!(password_hash.is_some() && vacation_from.is_some() && vacation_until.is_some());
    let mut kept = Vec::new();
    for from in KEPT {
        kept.push(rows(&pool, from, &id).await);
    }
    let rabe_logins = [rows(&pool, THEIRS[0], &rabe_id).await, rows(&pool, THEIRS[1], &rabe_id).await];
    let turns_stored = rows(&pool, "turns WHERE game = $1", &game.id).await;

    let delete = ClientMessage::DeleteAccount { password: Some(password_of("Rasoa")) };
    assert_eq!(rasoa.request(delete).await.unwrap(), ServerMessage::AccountDeleted);

    // Hers alone is gone; her row keeps only what her games need, under a name nobody can take.
    for from in THEIRS {
        assert_eq!(rows(&pool, from, &id).await, 0, "{from}");
    }
    let hidden = format!("~{id}");
    let now = clock.now_ms();
    assert_eq!(
        player_row(&pool, &id).await,
        (hidden.clone(), hidden.to_lowercase(), None, [None, None, Some(now)], rating)
    );
    let held: i64 =
        sqlx::query_scalar("SELECT until FROM held_names WHERE name_key = 'rasoa'").fetch_one(&pool).await.unwrap();
    assert_eq!(held, now + NAME_HELD_DAYS * DAY_MS);
    // What others keep stays, the game with its turns, and shows her only as `~` and her id: the moderators read
    // her report as one from that name.
    for (from, before) in KEPT.into_iter().zip(kept) {
        assert_eq!(rows(&pool, from, &id).await, before, "{from}");
    }
    assert_eq!(rows(&pool, "turns WHERE game = $1", &game.id).await, turns_stored);
    let reporter: String =
        sqlx::query_scalar("SELECT p.name FROM reports r JOIN players p ON p.id = r.reporter WHERE r.reporter = $1")
            .bind(&id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(reporter, hidden);
    // Rabe's own logins are his still.
    assert_eq!([rows(&pool, THEIRS[0], &rabe_id).await, rows(&pool, THEIRS[1], &rabe_id).await], rabe_logins);
}
