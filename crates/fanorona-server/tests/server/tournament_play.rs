//! Tournaments played through the server: a Swiss event of seven players over five rounds and an arena of sixteen
//! bots over thirty minutes of the injected clock, each checked against a tally the test keeps itself; and what a
//! player may not do (malformed settings, a creator's flood, of events to come and of events over at their start,
//! joining after the end, a wrong password); a moderator's cancellation.

use std::collections::{HashMap, HashSet};

use fanorona_ai::Level;
use fanorona_bot::bot::{self, BotConfig};
use fanorona_bot::client::Client;
use fanorona_rules::{Game, Side, Variant};
use fanorona_server::protocol::{
    ClientMessage, ErrorCode, GameVariant, GameView, MAX_TOURNAMENTS_PER_DAY, MAX_TOURNAMENTS_PER_PLAYER,
    ServerMessage, StandingView, TOURNAMENT_COUNTDOWN_MS, TournamentFormat, TournamentGameView, TournamentOutcome,
    TournamentSettings, TournamentStage, TournamentTerms, TournamentView,
};

use fanorona_server::tournament::schedule::Scheduled;

use crate::common::{TestServer, choose, clock, open_db, until_metric, wait};

/// The test clock's start (`common::clock`).
pub const START: i64 = 1_800_000_000_000;

/// A 3+2 tsivy event of `format`, starting a minute after [`START`].
pub fn settings(format: TournamentFormat, rated: bool) -> TournamentSettings {
    let terms = TournamentTerms {
        name: "Friday club".into(),
        format,
        variant: GameVariant::Tsivy,
        time: "3+2".parse().unwrap(),
        rated,
        starts_at_ms: START + 60_000,
    };
    TournamentSettings { terms, password: None }
}

/// Creates a tournament as `client`.
pub async fn create(client: &mut Client, settings: TournamentSettings) -> TournamentView {
    match client.request(ClientMessage::CreateTournament { settings }).await {
        Ok(ServerMessage::TournamentCreated { tournament }) => tournament,
        other => panic!("{other:?}"),
    }
}

/// Enters `client` in `tournament`.
pub async fn join(client: &mut Client, tournament: &str) {
    let join = ClientMessage::JoinTournament { tournament: tournament.into(), password: None };
    assert!(matches!(client.request(join).await, Ok(ServerMessage::TournamentJoined { .. })));
}

/// The tournament `id`, its standings and its games, as `client` asks for them.
pub async fn standings(client: &mut Client, id: &str) -> (TournamentView, Vec<StandingView>, Vec<TournamentGameView>) {
    match client.request(ClientMessage::Standings { tournament: id.into() }).await {
        Ok(ServerMessage::Standings { tournament, standings, games }) => (tournament, standings, games),
        other => panic!("{other:?}"),
    }
}

fn refused(answer: Result<ServerMessage, fanorona_bot::client::ClientError>) -> Option<ErrorCode> {
    answer.err().and_then(|e| e.code())
}

/// The next game of a tournament that reaches `client`, past the ends of its games before.
pub async fn next_game(client: &mut Client) -> GameView {
    loop {
        match client.next().await.unwrap().message {
            ServerMessage::GameState { game } if game.tournament.is_some() => return game,
            ServerMessage::GameOver { .. } | ServerMessage::DrawOffered { .. } => {}
            other => panic!("{other:?}"),
        }
    }
}

/// Ends `game` as `outcome` says, `loser` resigning (a draw: one offers, the other accepts).
pub async fn finish(white: &mut Client, black: &mut Client, game: &str, outcome: TournamentOutcome) {
    let game = game.to_owned();
    let ended = match outcome {
        TournamentOutcome::White => black.request(ClientMessage::Resign { game }).await,
        TournamentOutcome::Black => white.request(ClientMessage::Resign { game }).await,
        _ => {
            white.request(ClientMessage::OfferDraw { game: game.clone() }).await.unwrap();
            black.request(ClientMessage::AcceptDraw { game }).await
        }
    };
    assert!(matches!(ended, Ok(ServerMessage::GameOver { .. })), "{ended:?}");
}

/// Two mutable clients of `clients`.
fn two(clients: &mut [Client], a: usize, b: usize) -> (&mut Client, &mut Client) {
    assert_ne!(a, b);
    if a < b {
        let (left, right) = clients.split_at_mut(b);
        (&mut left[a], &mut right[0])
    } else {
        let (left, right) = clients.split_at_mut(a);
        (&mut right[0], &mut left[b])
    }
}

/// Seven players, five rounds.
#[tokio::test]
async fn a_swiss_event_of_seven_players_over_five_rounds() {
    swiss_event(7, 5).await;
}

/// Nine players, four rounds: an event of the size the pairing's own tests play (`tournament::swiss`), here with the
/// colours and opponents each round is paired from read back from the database.
#[tokio::test]
async fn a_swiss_event_of_nine_players_over_four_rounds() {
    swiss_event(9, 4).await;
}

/// An event of `count` players (odd) over `rounds` rounds: every round pairs everyone but one, who gets the bye (a
/// different player each round), no two players meet twice, nobody has one colour three games in a row, a game
/// reaches both players with its clock standing still for the countdown, and the final standings (score, Buchholz,
/// Sonneborn-Berger) equal the test's own tally of the results.
async fn swiss_event(count: usize, rounds: u32) {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut host, _) = server.registered("host").await;
    let event = create(&mut host, settings(TournamentFormat::Swiss { rounds }, true)).await;
    assert_eq!((event.stage, event.players, event.joined), (TournamentStage::Upcoming, 0, false));
    let mut clients = Vec::new();
    let mut ids = Vec::new();
    for n in 0..count {
        let (mut client, welcome) = server.registered(&format!("player{n}")).await;
        join(&mut client, &event.id).await;
        clients.push(client);
        ids.push(welcome.player.id);
    }
    let index: HashMap<&String, usize> = ids.iter().enumerate().map(|(i, id)| (id, i)).collect();
    server.hub.run_tournaments().await;
    assert!(standings(&mut host, &event.id).await.2.is_empty(), "nobody is paired before the start");
    wait(&clock, 60);
    // The test's own tally: half points, and each player's opponents with the half points they took off them.
    let mut score = vec![0u32; count];
    let mut met: Vec<Vec<(usize, u32)>> = vec![Vec::new(); count];
    let mut byes: Vec<Vec<u32>> = vec![Vec::new(); count];
    // Each player's colours, in order: `true` for White.
    let mut colours: Vec<Vec<bool>> = vec![Vec::new(); count];
    for round in 1..=rounds {
        server.hub.run_tournaments().await;
        let (view, _, games) = standings(&mut host, &event.id).await;
        assert_eq!((view.stage, view.round), (TournamentStage::Running, round));
        let this: Vec<&TournamentGameView> = games.iter().filter(|g| g.round == round).collect();
        assert_eq!(this.len(), count / 2, "round {round}");
        let mut seated: HashSet<usize> = HashSet::new();
        for (board, game) in this.iter().enumerate() {
            let (w, b) = (index[&game.white], index[&game.black]);
            assert!(seated.insert(w) && seated.insert(b));
            assert!(!met[w].iter().any(|(o, _)| *o == b), "round {round}: {w} and {b} met before");
            let (white, black) = two(&mut clients, w, b);
            let (seen_white, seen_black) = (next_game(white).await, next_game(black).await);
            assert_eq!((seen_white.id.as_str(), seen_black.id.as_str()), (game.game.as_str(), game.game.as_str()));
            assert_eq!(seen_white.tournament.as_deref(), Some(event.id.as_str()));
            assert_eq!(seen_white.clocks.stopped_ms, TOURNAMENT_COUNTDOWN_MS, "the countdown before the clock");
            assert!(seen_white.rated, "both registered, neither a bot");
            // The top board is drawn in round 2, Black wins the third board, White the others.
            let outcome = match (round, board) {
                (2, 0) => TournamentOutcome::Draw,
                (_, 2) => TournamentOutcome::Black,
                _ => TournamentOutcome::White,
            };
            finish(white, black, &game.game, outcome).await;
            let (to_white, to_black) = match outcome {
                TournamentOutcome::White => (2, 0),
                TournamentOutcome::Black => (0, 2),
                _ => (1, 1),
            };
            score[w] += to_white;
            score[b] += to_black;
            met[w].push((b, to_white));
            met[b].push((w, to_black));
            colours[w].push(true);
            colours[b].push(false);
        }
        for (p, colours) in colours.iter().enumerate() {
            let thrice = colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
            assert!(!thrice, "round {round}: {p} has one colour three times in a row: {colours:?}");
        }
        let bye: Vec<usize> = (0..count).filter(|p| !seated.contains(p)).collect();
        assert_eq!(bye.len(), 1);
        assert!(byes[bye[0]].is_empty(), "round {round}: a second bye for {}", bye[0]);
        byes[bye[0]].push(round);
        score[bye[0]] += 2;
    }
    server.hub.run_tournaments().await;
    let (view, table, games) = standings(&mut host, &event.id).await;
    assert_eq!((view.stage, games.len()), (TournamentStage::Finished, rounds as usize * (count / 2)));
    assert!(games.iter().all(|g| g.outcome.is_some()));
    for line in &table {
        let p = index[&line.player.id];
        let buchholz: u32 = met[p].iter().map(|(o, _)| score[*o]).sum();
        let sonneborn_berger: u32 = met[p].iter().map(|(o, points)| score[*o] * points).sum();
        assert_eq!((line.points, line.buchholz, line.sonneborn_berger), (score[p], buchholz, sonneborn_berger), "{p}");
        assert_eq!(line.byes, byes[p], "{p}'s byes");
    }
    let keys: Vec<(u32, u32, u32)> = table.iter().map(|l| (l.points, l.buchholz, l.sonneborn_berger)).collect();
    assert!(keys.windows(2).all(|w| w[0] >= w[1]), "best first: {keys:?}");
    assert_eq!(table.iter().map(|l| l.rank).collect::<Vec<_>>(), (1..=count as u32).collect::<Vec<_>>());
    // Over: nobody joins, and another run pairs nothing.
    let (mut late, _) = server.registered("late").await;
    let join = ClientMessage::JoinTournament { tournament: event.id.clone(), password: None };
    assert_eq!(refused(late.request(join).await), Some(ErrorCode::TournamentOver));
    wait(&clock, 5);
    server.hub.run_tournaments().await;
    assert_eq!(standings(&mut host, &event.id).await.2.len(), rounds as usize * (count / 2));
}

/// An arena's points as the test counts them: 2 a win and 1 a draw, doubled after two wins in a row until a game is
/// not won.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    points: u32,
    wins_in_a_row: u32,
    /// Whether a win ever counted double.
    doubled: bool,
}

impl Tally {
    fn add(&mut self, points: u32) {
        let double = if self.wins_in_a_row >= 2 { 2 } else { 1 };
        self.points += points * double;
        self.doubled |= double == 2 && points == 2;
        self.wins_in_a_row = if points == 2 { self.wins_in_a_row + 1 } else { 0 };
    }
}

/// Sixteen bots in a thirty-minute arena, a game a minute each: whoever finishes is paired again at the next run,
/// never with their last opponent; a player who withdraws during a game finishes it (it counts) and is not paired
/// again; no pairing after the end, while a game still playing then counts when it ends; the final standings equal
/// the test's tally, streaks included.
#[tokio::test]
async fn an_arena_of_sixteen_bots_over_thirty_minutes() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut host, _) = server.registered("host").await;
    let event = create(&mut host, settings(TournamentFormat::Arena { minutes: 30 }, false)).await;
    let mut clients = Vec::new();
    let mut ids = Vec::new();
    for n in 0..16 {
        let mut client = Client::connect(&server.url).await.unwrap();
        let welcome = client.greet(None, Some(&format!("bot{n}")), None, true).await.unwrap();
        join(&mut client, &event.id).await;
        clients.push(client);
        ids.push(welcome.player.id);
    }
    let index: HashMap<&String, usize> = ids.iter().enumerate().map(|(i, id)| (id, i)).collect();
    let mut tally = [Tally::default(); 16];
    let mut last_opponent: [Option<usize>; 16] = [None; 16];
    let mut handled = HashSet::new();
    let mut withdrawn = None;
    let mut left_playing = None;
    wait(&clock, 60);
    for minute in 0..30 {
        server.hub.run_tournaments().await;
        let games = standings(&mut host, &event.id).await.2;
        let new: Vec<&TournamentGameView> = games.iter().filter(|g| handled.insert(g.game.clone())).collect();
        assert!(minute == 29 || new.len() >= 7, "minute {minute}: {} games", new.len());
        for (board, game) in new.iter().enumerate() {
            let (w, b) = (index[&game.white], index[&game.black]);
            assert_ne!(last_opponent[w], Some(b), "minute {minute}: {w} meets {b} again at once");
            let (white, black) = two(&mut clients, w, b);
            assert_eq!(next_game(white).await.id, game.game);
            assert_eq!(next_game(black).await.id, game.game);
            if minute == 10 && board == 0 {
                // Withdrawing during a game: it goes on and counts.
                let leave = ClientMessage::WithdrawTournament { tournament: event.id.clone() };
                assert!(matches!(white.request(leave).await, Ok(ServerMessage::TournamentWithdrawn { .. })));
                withdrawn = Some(w);
            }
            if minute == 29 && board == 0 {
                // Still playing when the arena ends.
                left_playing = Some((w, b, game.game.clone()));
                continue;
            }
            // The lower-numbered bot wins, but every fifth minute's games are drawn.
            let outcome = match (minute % 5 == 4, w < b) {
                (true, _) => TournamentOutcome::Draw,
                (false, true) => TournamentOutcome::White,
                (false, false) => TournamentOutcome::Black,
            };
            finish(white, black, &game.game, outcome).await;
            let (to_white, to_black) = match outcome {
                TournamentOutcome::White => (2, 0),
                TournamentOutcome::Black => (0, 2),
                _ => (1, 1),
            };
            tally[w].add(to_white);
            tally[b].add(to_black);
            (last_opponent[w], last_opponent[b]) = (Some(b), Some(w));
        }
        wait(&clock, 60);
    }
    let withdrawn = withdrawn.unwrap();
    // The arena is over (started a minute in, thirty minutes long): nobody is paired again.
    server.hub.run_tournaments().await;
    let (view, _, games) = standings(&mut host, &event.id).await;
    assert_eq!(view.stage, TournamentStage::Finished);
    let (w, b, game) = left_playing.unwrap();
    let (white, black) = two(&mut clients, w, b);
    finish(white, black, &game, TournamentOutcome::White).await;
    tally[w].add(2);
    tally[b].add(0);
    server.hub.run_tournaments().await;
    let (_, table, after) = standings(&mut host, &event.id).await;
    assert_eq!(after.len(), games.len(), "no pairing after the end");
    let last = |p: usize| after.iter().filter(|g| g.white == ids[p] || g.black == ids[p]).map(|g| g.round).max();
    assert!(last(withdrawn) <= Some(11), "{withdrawn} withdrew in the tenth minute's game: {:?}", last(withdrawn));
    for line in &table {
        let p = index[&line.player.id];
        assert_eq!(line.points, tally[p].points, "bot{p}");
        assert_eq!(line.on_fire, tally[p].wins_in_a_row >= 2, "bot{p}");
        assert_eq!(line.withdrawn, p == withdrawn);
    }
    assert!(tally.iter().any(|t| t.doubled), "a win on fire was scored");
    assert!(table.windows(2).all(|w| w[0].points >= w[1].points));
}

/// Malformed settings are refused with the reason, a guest may not create, a player only so many, a private event
/// takes its password, and nothing refused is stored.
#[tokio::test]
async fn what_a_player_may_not_do_with_tournaments() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut alice, _) = server.registered("alice").await;
    let swiss = settings(TournamentFormat::Swiss { rounds: 5 }, true);
    let with = |terms: TournamentTerms| TournamentSettings { terms, password: None };
    let base = swiss.terms.clone();
    let bad = [
        with(TournamentTerms { name: "  ".into(), ..base.clone() }),
        with(TournamentTerms { name: "x".repeat(41), ..base.clone() }),
        with(TournamentTerms { name: "a\u{7}bell".into(), ..base.clone() }),
        with(TournamentTerms { format: TournamentFormat::Arena { minutes: 5 }, ..base.clone() }),
        with(TournamentTerms { format: TournamentFormat::Swiss { rounds: 0 }, ..base.clone() }),
        with(TournamentTerms { format: TournamentFormat::Swiss { rounds: 16 }, ..base.clone() }),
        with(TournamentTerms { time: "1d".parse().unwrap(), ..base.clone() }),
        with(TournamentTerms { starts_at_ms: START - 3_600_000, ..base.clone() }),
        with(TournamentTerms { starts_at_ms: START + 31 * 24 * 3_600_000, ..base.clone() }),
        TournamentSettings { password: Some(String::new()), ..swiss.clone() },
    ];
    for settings in bad {
        let shown = format!("{settings:?}");
        let answer = alice.request(ClientMessage::CreateTournament { settings }).await;
        assert_eq!(refused(answer), Some(ErrorCode::BadTournament), "{shown}");
    }
    let dimy = with(TournamentTerms { variant: GameVariant::Dimy, ..base.clone() });
    assert_eq!(
        refused(alice.request(ClientMessage::CreateTournament { settings: dimy }).await),
        Some(ErrorCode::UnratedVariant)
    );
    // Malformed JSON for the settings: a clear error.
    let raw = r#"{"id":9,"type":"create_tournament","settings":{"name":"x","format":{"kind":"knockout"}}}"#;
    alice.send_text(raw).await.unwrap();
    assert!(matches!(alice.reply_to(9).await, Err(e) if e.code() == Some(ErrorCode::BadMessage)));
    let (mut guest, _) = server.guest("guest").await;
    let answer = guest.request(ClientMessage::CreateTournament { settings: swiss.clone() }).await;
    assert_eq!(refused(answer), Some(ErrorCode::RegisteredOnly));
    let listed = |answer| match answer {
        Ok(ServerMessage::Tournaments { tournaments, .. }) => tournaments,
        other => panic!("{other:?}"),
    };
    assert!(
        listed(alice.request(ClientMessage::ListTournaments { after: None }).await).is_empty(),
        "nothing refused is stored"
    );
    // A flood: the first few stored, the rest refused.
    let private = TournamentSettings { password: Some("club secret".into()), ..swiss.clone() };
    let first = create(&mut alice, private).await;
    assert!(first.private);
    for _ in 1..MAX_TOURNAMENTS_PER_PLAYER {
        create(&mut alice, swiss.clone()).await;
    }
    for _ in 0..20 {
        let answer = alice.request(ClientMessage::CreateTournament { settings: swiss.clone() }).await;
        assert_eq!(refused(answer), Some(ErrorCode::TooManyTournaments));
    }
    assert_eq!(
        listed(guest.request(ClientMessage::ListTournaments { after: None }).await).len(),
        MAX_TOURNAMENTS_PER_PLAYER
    );
    // The private event takes its password; a rated one takes registered players.
    let (mut bob, _) = server.registered("bob").await;
    for password in [None, Some("guess".to_owned())] {
        let join = ClientMessage::JoinTournament { tournament: first.id.clone(), password };
        assert_eq!(refused(bob.request(join).await), Some(ErrorCode::WrongPassword));
    }
    let join = ClientMessage::JoinTournament { tournament: first.id.clone(), password: Some("club secret".into()) };
    match bob.request(join).await {
        Ok(ServerMessage::TournamentJoined { tournament }) => {
            assert_eq!((tournament.players, tournament.joined), (1, true))
        }
        other => panic!("{other:?}"),
    }
    let join = ClientMessage::JoinTournament { tournament: first.id.clone(), password: Some("club secret".into()) };
    assert_eq!(refused(guest.request(join).await), Some(ErrorCode::GuestUnrated));
    let join = ClientMessage::JoinTournament { tournament: "no such event".into(), password: None };
    assert_eq!(refused(bob.request(join).await), Some(ErrorCode::NotFound));
    let leave = ClientMessage::WithdrawTournament { tournament: "no such event".into() };
    assert_eq!(refused(bob.request(leave).await), Some(ErrorCode::NotFound));
}

/// The server's own schedule, run by two processes on one database: each series has its next event to join ahead,
/// once; at its time the event begins (its players paired) and the series' next one is there.
#[tokio::test]
async fn the_servers_schedule_holds_each_series_next_event_once() {
    let clock = clock();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("server.db");
    let series = |name: &str, format, variant, starts_at_ms, every_hours| {
        let terms = TournamentTerms {
            name: name.into(),
            format,
            variant,
            time: "3+2".parse().unwrap(),
            rated: false,
            starts_at_ms,
        };
        Scheduled { terms, every_hours }
    };
    let schedule = vec![
        series("Hourly arena", TournamentFormat::Arena { minutes: 30 }, GameVariant::Tsivy, START + 1_800_000, 1),
        series("Daily dimy", TournamentFormat::Swiss { rounds: 3 }, GameVariant::Dimy, START + 18 * 3_600_000, 24),
    ];
    let first = TestServer::start_with_schedule(&db, &clock, schedule.clone()).await;
    let second = TestServer::start_with_schedule(&db, &clock, schedule).await;
    tokio::join!(first.hub.run_tournaments(), second.hub.run_tournaments());
    let (mut alice, _) = first.registered("alice").await;
    let (mut bob, _) = second.registered("bob").await;
    let list = async |client: &mut Client| match client.request(ClientMessage::ListTournaments { after: None }).await {
        Ok(ServerMessage::Tournaments { tournaments, .. }) => tournaments,
        other => panic!("{other:?}"),
    };
    let listed = list(&mut alice).await;
    let seen: Vec<(&str, i64, TournamentStage, Option<&str>)> =
        listed.iter().map(|t| (t.terms.name.as_str(), t.terms.starts_at_ms, t.stage, t.creator.as_deref())).collect();
    assert_eq!(
        seen,
        [
            ("Hourly arena", START + 1_800_000, TournamentStage::Upcoming, None),
            ("Daily dimy", START + 18 * 3_600_000, TournamentStage::Upcoming, None)
        ]
    );
    join(&mut alice, &listed[0].id).await;
    join(&mut bob, &listed[0].id).await;
    wait(&clock, 31 * 60);
    tokio::join!(first.hub.run_tournaments(), second.hub.run_tournaments());
    let (view, _, games) = standings(&mut alice, &listed[0].id).await;
    assert_eq!((view.stage, games.len()), (TournamentStage::Running, 1), "begun, its two players paired once");
    let listed = list(&mut bob).await;
    let mut seen: Vec<(&str, i64, TournamentStage)> =
        listed.iter().map(|t| (t.terms.name.as_str(), t.terms.starts_at_ms, t.stage)).collect();
    seen.sort_by_key(|s| s.1);
    assert_eq!(
        seen,
        [
            ("Hourly arena", START + 1_800_000, TournamentStage::Running),
            ("Hourly arena", START + 5_400_000, TournamentStage::Upcoming),
            ("Daily dimy", START + 18 * 3_600_000, TournamentStage::Upcoming)
        ]
    );
}

/// The program does not start with a schedule it cannot use, and says which entry is wrong and why.
#[test]
fn the_program_refuses_a_schedule_it_cannot_use() {
    let dir = tempfile::tempdir().unwrap();
    let schedule = dir.path().join("schedule.json");
    let entry = r#"{"name": "Hourly", "format": {"kind": "arena", "minutes": 30}, "variant": "tsivy", "time": "3+2",
        "rated": true, "starts_at_ms": 0, "every_hours": 1}"#;
    std::fs::write(&schedule, format!("[{entry}, {}]", entry.replace("\"tsivy\"", "\"dimy\""))).unwrap();
    let missing = dir.path().join("none.json");
    for (path, why) in [(&schedule, "entry 2: only tsivy is rated"), (&missing, "none.json")] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_fanorona-server"))
            .arg("--database")
            .arg(format!("sqlite://{}", dir.path().join("server.db").display()))
            .arg("--listen")
            .arg("127.0.0.1:0")
            .arg("--schedule")
            .arg(path)
            .output()
            .unwrap();
        let said = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        assert!(!output.status.success() && said.contains(why), "{said}");
    }
}

/// `fanorona-bot --tournaments` joins an open tournament of its board, plays its game there, and leaves the event
/// when it stops.
#[tokio::test]
async fn a_bot_joins_a_tournament_and_plays_its_game() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut host, _) = server.registered("host").await;
    let event = create(&mut host, settings(TournamentFormat::Swiss { rounds: 1 }, false)).await;
    let (mut carol, carol_welcome) = server.registered("carol").await;
    join(&mut carol, &event.id).await;
    let config = BotConfig {
        url: server.url.clone(),
        level: Level::Beginner,
        name: Some("ArenaBot".into()),
        password: None,
        variant: GameVariant::Tsivy,
        time: "5+0".parse().unwrap(),
        games: Some(1),
        most_thought: std::time::Duration::from_millis(50),
        threads: 1,
        ponder: false,
        tournaments: true,
    };
    let bot = tokio::spawn(async move { bot::run(&config, std::future::pending()).await });
    let mut players = 0;
    for _ in 0..500 {
        players = standings(&mut host, &event.id).await.0.players;
        if players == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(players, 2, "the bot joined");
    wait(&clock, 60);
    server.hub.run_tournaments().await;
    let view = next_game(&mut carol).await;
    let me = if view.white.id == carol_welcome.player.id { Side::White } else { Side::Black };
    assert!(view.black.bot || view.white.bot);
    let mut game = Game::of_variant(Variant::Tsivy);
    if me == Side::White {
        let turn = choose(&game).to_string();
        let play = ClientMessage::Play { game: view.id.clone(), ply: 1, turn };
        let Ok(ServerMessage::Played { turn, .. }) = carol.request(play).await else { panic!() };
        game.play_notation(&turn).unwrap();
    }
    // The bot answers.
    loop {
        if let ServerMessage::Played { ply, .. } = carol.next().await.unwrap().message
            && ply == game.turns().len() as u32 + 1
        {
            break;
        }
    }
    let resign = ClientMessage::Resign { game: view.id.clone() };
    assert!(matches!(carol.request(resign).await, Ok(ServerMessage::GameOver { .. })));
    assert_eq!(bot.await.unwrap().unwrap(), 1, "one game played");
    let (_, table, games) = standings(&mut host, &event.id).await;
    assert_eq!(
        games[0].outcome,
        Some(if me == Side::White { TournamentOutcome::Black } else { TournamentOutcome::White })
    );
    let bot_line = table.iter().find(|l| l.player.bot).unwrap();
    assert!(bot_line.withdrawn && bot_line.points == 2, "it won, then left: {bot_line:?}");
}

/// An arena player who lets a game go by without a turn is shown out of the event (not joined, withdrawn in the
/// standings) and paired no more; joining again brings them back.
#[tokio::test]
async fn an_arena_player_who_lets_a_game_go_by_is_out_until_they_join_again() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut host, _) = server.registered("host").await;
    let event = create(&mut host, settings(TournamentFormat::Arena { minutes: 60 }, false)).await;
    let mut clients = Vec::new();
    for name in ["lova", "hery"] {
        let mut client = Client::connect(&server.url).await.unwrap();
        let welcome = client.greet(None, Some(name), None, true).await.unwrap();
        join(&mut client, &event.id).await;
        clients.push((client, welcome.player.id));
    }
    wait(&clock, 60);
    server.hub.run_tournaments().await;
    let game = next_game(&mut clients[0].0).await;
    assert_eq!(next_game(&mut clients[1].0).await.id, game.id);
    // White never plays: the countdown and the whole clock go by.
    let white = clients.iter().position(|(_, id)| *id == game.white.id).unwrap();
    wait(&clock, 10 + 3 * 60 + 1);
    server.hub.check_clocks().await;
    let (view, lines, games) = standings(&mut clients[white].0, &event.id).await;
    assert_eq!(games[0].outcome, Some(TournamentOutcome::WhiteAbsent));
    assert!(!view.joined, "paused: out of the event");
    let out = |lines: &[StandingView], id: &str| lines.iter().find(|s| s.player.id == id).unwrap().withdrawn;
    assert!(out(&lines, &game.white.id) && !out(&lines, &game.black.id));
    let black = 1 - white;
    assert!(standings(&mut clients[black].0, &event.id).await.0.joined, "the opponent played on");
    // Joining again: in, and shown so.
    join(&mut clients[white].0, &event.id).await;
    let (view, lines, _) = standings(&mut clients[white].0, &event.id).await;
    assert!(view.joined && !out(&lines, &game.white.id));
}

/// A private event is its club's (issue 69): everyone sees in the list that it is there, when, that it is private and
/// how many play, but its players and standings only its creator and those who joined it with the password (still
/// after withdrawing); anyone else asking for the standings is refused as a wrong password is.
#[tokio::test]
async fn a_private_events_players_and_standings_are_for_those_inside() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut organiser, _) = server.registered("organiser").await;
    let (mut member, member_in) = server.registered("member").await;
    let (mut outsider, _) = server.registered("outsider").await;
    let (mut guest, _) = server.guest("passer-by").await;
    let private = TournamentSettings {
        password: Some("club secret".into()),
        ..settings(TournamentFormat::Swiss { rounds: 3 }, false)
    };
    let event = create(&mut organiser, private).await;
    let join = ClientMessage::JoinTournament { tournament: event.id.clone(), password: Some("club secret".into()) };
    assert!(matches!(member.request(join).await, Ok(ServerMessage::TournamentJoined { .. })));

    // Listed for everyone, without its players.
    let Ok(ServerMessage::Tournaments { tournaments, .. }) =
        outsider.request(ClientMessage::ListTournaments { after: None }).await
    else {
        panic!()
    };
    let listed = tournaments.iter().find(|t| t.id == event.id).expect("listed for outsiders");
    assert_eq!((listed.private, listed.players, listed.joined), (true, 1, false));
    for client in [&mut outsider, &mut guest] {
        let answer = client.request(ClientMessage::Standings { tournament: event.id.clone() }).await;
        assert_eq!(refused(answer), Some(ErrorCode::WrongPassword));
    }

    // Inside: the creator, the member, and the member after withdrawing.
    for client in [&mut organiser, &mut member] {
        let (_, lines, _) = standings(client, &event.id).await;
        assert_eq!(lines.iter().map(|l| l.player.id.as_str()).collect::<Vec<_>>(), [member_in.player.id.as_str()]);
    }
    let leave = ClientMessage::WithdrawTournament { tournament: event.id.clone() };
    assert!(matches!(member.request(leave).await, Ok(ServerMessage::TournamentWithdrawn { .. })));
    let (shown, _, _) = standings(&mut member, &event.id).await;
    assert!(!shown.joined);

    // An event open to all shows its standings to anyone.
    let open = create(&mut organiser, settings(TournamentFormat::Swiss { rounds: 3 }, false)).await;
    assert!(standings(&mut outsider, &open.id).await.1.is_empty());
}

/// The first page of the tournaments as `client` asks for it.
async fn listed(client: &mut Client) -> Vec<TournamentView> {
    match client.request(ClientMessage::ListTournaments { after: None }).await {
        Ok(ServerMessage::Tournaments { tournaments, .. }) => tournaments,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_creators_flood_of_events_over_at_their_start_stops_at_the_days_cap() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut alice, _) = server.registered("alice").await;
    // A one-round Swiss event with nobody in it, starting now: over at its start, so never "to come" for long.
    let mut now = START;
    let over_at_once = |starts_at_ms: i64| {
        let mut flood = settings(TournamentFormat::Swiss { rounds: 1 }, false);
        flood.terms.starts_at_ms = starts_at_ms;
        flood
    };
    for n in 0..MAX_TOURNAMENTS_PER_DAY {
        let event = create(&mut alice, over_at_once(now)).await;
        wait(&clock, 1);
        now += 1_000;
        server.hub.run_tournaments().await;
        assert_eq!(standings(&mut alice, &event.id).await.0.stage, TournamentStage::Finished, "event {n}");
    }
    let hashes = server.hub.password_hashes();
    for n in 0..20 {
        let mut settings = over_at_once(now);
        settings.password = (n % 2 == 0).then(|| "club secret".to_owned());
        let answer = alice.request(ClientMessage::CreateTournament { settings }).await;
        assert_eq!(refused(answer), Some(ErrorCode::TooManyTournaments), "none to come, but the day is full");
    }
    assert_eq!(server.hub.password_hashes(), hashes, "a refused private event's password was hashed");
    assert_eq!(listed(&mut alice).await.len(), MAX_TOURNAMENTS_PER_DAY, "nothing refused is stored");
    // What the operator sees of it.
    until_metric(&server, r#"fanorona_refusals_total{code="too_many_tournaments"}"#, 20.0).await;
    wait(&clock, 24 * 3600);
    now += 24 * 3_600_000;
    create(&mut alice, over_at_once(now + 60_000)).await;
}

#[tokio::test]
async fn a_moderator_cancels_a_players_event_which_is_listed_no_more_and_logged() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut alice, alice_in) = server.registered("alice").await;
    let (mut bob, _) = server.registered("bob").await;
    let event = create(&mut alice, settings(TournamentFormat::Arena { minutes: 30 }, false)).await;
    join(&mut bob, &event.id).await;
    let cancel = |reason: &str| ClientMessage::CancelTournament { tournament: event.id.clone(), reason: reason.into() };
    assert_eq!(refused(bob.request(cancel("spam")).await), Some(ErrorCode::NotModerator));
    let pool = open_db(&server.db).await;
    sqlx::query("UPDATE players SET moderator = 1 WHERE name = 'bob'").execute(&pool).await.unwrap();
    assert_eq!(refused(bob.request(cancel(" ")).await), Some(ErrorCode::BadMessage), "a reason is needed");
    // A private event's standings are its club's, and the moderators', who may have to cancel it.
    let club = TournamentSettings {
        password: Some("club secret".into()),
        ..settings(TournamentFormat::Swiss { rounds: 3 }, false)
    };
    let private = create(&mut alice, club).await;
    assert_eq!(standings(&mut bob, &private.id).await.0.id, private.id);
    assert_eq!(listed(&mut alice).await.len(), 2, "nothing refused changed the event");
    let answer = bob.request(cancel("its name insults a player")).await;
    assert_eq!(answer.unwrap(), ServerMessage::TournamentCancelled { tournament: event.id.clone() });
    assert_eq!(listed(&mut alice).await.iter().map(|t| &t.id).collect::<Vec<_>>(), [&private.id], "listed no more");
    assert_eq!(standings(&mut bob, &event.id).await.0.stage, TournamentStage::Finished, "over, for its players");
    let join = ClientMessage::JoinTournament { tournament: event.id.clone(), password: None };
    assert_eq!(refused(alice.request(join).await), Some(ErrorCode::TournamentOver));
    assert_eq!(refused(bob.request(cancel("again")).await), Some(ErrorCode::NotFound), "cancelled once");
    // Logged on its creator, with the event.
    let logged: Vec<(String, String, Option<String>)> =
        sqlx::query_as("SELECT action, reason, tournament FROM moderation_log WHERE player = $1")
            .bind(&alice_in.player.id)
            .fetch_all(&pool)
            .await
            .unwrap();
    let action = r#"{"kind":"cancel_tournament"}"#.to_owned();
    assert_eq!(logged, [(action, "its name insults a player".to_owned(), Some(event.id.clone()))]);
    // Never through `moderate`.
    let moderate = ClientMessage::Moderate {
        player: alice_in.player.id.clone(),
        action: fanorona_server::protocol::ModerationAction::CancelTournament,
        reason: "by the wrong door".into(),
    };
    assert_eq!(refused(bob.request(moderate).await), Some(ErrorCode::BadMessage));
    // The clock moves on: the cancelled arena never begins.
    wait(&clock, 61);
    server.hub.run_tournaments().await;
    assert!(standings(&mut bob, &event.id).await.2.is_empty(), "nobody paired");
}
