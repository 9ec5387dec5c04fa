//! The fair-play review's rules (issue 51, point 4), with the engine's figures given by the test: finished rated games
//! reviewed once, each player's figures stored, the player beyond the thresholds flagged and the other not, the flag
//! shown to moderators with its evidence and closed by their action, and opened again only by a game played after.

use std::collections::HashMap;

use fanorona_bot::client::Client;
use fanorona_server::db::Db;
use fanorona_server::hub::{SideFigures, Thresholds, review_games};
use fanorona_server::protocol::{ClientMessage, ModerationAction, ServerMessage};

use crate::common::{TestServer, challenge, clock, database_url, play, rules_game, wait};

const THRESHOLDS: Thresholds = Thresholds { window: 20, min_complex: 10, match_rate: 0.9, accuracy: 95.0 };
const ENGINE: SideFigures = SideFigures { complex: 10, matched: 10, accuracy: 99.0 };
const HUMAN: SideFigures = SideFigures { complex: 10, matched: 6, accuracy: 82.0 };

/// A rated game between `a` and `b` (ids `ids`), White's first turn the `n`th legal one, Black's answer, then
/// Black's resignation: finished and rated. Returns White's first turn and whether `a` played White.
async fn short_game(a: &mut Client, b: &mut Client, ids: [&str; 2], n: usize) -> (String, bool) {
    let Ok(ServerMessage::ChallengeCreated { challenge }) = a.request(challenge().rated(true).into()).await else {
        panic!()
    };
    let Ok(ServerMessage::GameState { game }) =
        b.request(ClientMessage::AcceptChallenge { challenge: challenge.id.clone() }).await
    else {
        panic!()
    };
    assert!(matches!(a.next().await.unwrap().message, ServerMessage::GameState { .. }));
    let a_white = game.white.id == ids[0];
    let (white, black) = if a_white { (a, b) } else { (b, a) };
    let first = rules_game(&[]).legal_turns()[n].to_string();
    play(white, black, &game.id, 1, &first).await;
    let answer = rules_game(std::slice::from_ref(&first)).legal_turns()[0].to_string();
    play(black, white, &game.id, 2, &answer).await;
    let resign = ClientMessage::Resign { game: game.id.clone() };
    assert!(matches!(black.request(resign).await, Ok(ServerMessage::GameOver { .. })));
    assert!(matches!(white.next().await.unwrap().message, ServerMessage::GameOver { .. }));
    (first, a_white)
}

#[tokio::test]
async fn the_player_beyond_the_thresholds_is_flagged_for_moderators_and_the_other_is_not() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let (mut rasoa, rasoa_in) = server.registered("Rasoa").await;
    let (mut rabe, rabe_in) = server.registered("Rabe").await;
    let (mut moderator, _) = server.registered("Mpandrindra").await;
    let db = Db::connect(&database_url(&server.db).await, None).await.unwrap();
    assert!(db.set_moderator("Mpandrindra", true).await.unwrap());
    let ids = [rasoa_in.player.id.as_str(), rabe_in.player.id.as_str()];

    // Two games; the engine's "review" gives Rasoa's side the engine's figures and Rabe's a person's.
    let mut rasoa_white = HashMap::new();
    for n in 0..2 {
        let (first, white) = short_game(&mut rasoa, &mut rabe, ids, n).await;
        rasoa_white.insert(first, white);
    }
    let figures = |rasoa_white: &HashMap<String, bool>, game: &fanorona_rules::Game| {
        let white = rasoa_white[&game.turns()[0].to_string()];
        Some(if white { [ENGINE, HUMAN] } else { [HUMAN, ENGINE] })
    };
    let run = review_games(&db, &THRESHOLDS, 1_000, |game| figures(&rasoa_white, game)).await.unwrap();
    assert_eq!((run.games, run.flagged), (2, 1));
    let again = review_games(&db, &THRESHOLDS, 2_000, |game| figures(&rasoa_white, game)).await.unwrap();
    assert_eq!((again.games, again.flagged), (0, 0), "each game is reviewed once");

    let Ok(ServerMessage::Reports { flags, .. }) = moderator.request(ClientMessage::ListReports { after: None }).await
    else {
        panic!()
    };
    assert_eq!(flags.len(), 1);
    let flag = &flags[0];
    assert_eq!((flag.player.id.as_str(), flag.complex, flag.matched, flag.accuracy), (ids[0], 20, 20, 99.0));
    assert_eq!(flag.evidence.len(), 2, "both games as evidence");

    // The moderator judges: nothing to act on. The flag closes, and stays closed for those games.
    let dismiss = ClientMessage::Moderate {
        player: ids[0].to_owned(),
        action: ModerationAction::Dismiss,
        reason: "a strong player: her over-the-board games match".into(),
    };
    assert!(matches!(moderator.request(dismiss).await, Ok(ServerMessage::Moderated { .. })));
    wait(&clock, 60);
    let Ok(ServerMessage::Reports { flags, .. }) = moderator.request(ClientMessage::ListReports { after: None }).await
    else {
        panic!()
    };
    assert!(flags.is_empty());

    // A game played after the dismissal, with the same figures, opens it again.
    let (first, white) = short_game(&mut rasoa, &mut rabe, ids, 2).await;
    rasoa_white.insert(first, white);
    let run = review_games(&db, &THRESHOLDS, 3_000, |game| figures(&rasoa_white, game)).await.unwrap();
    assert_eq!((run.games, run.flagged), (1, 1));
    let Ok(ServerMessage::Reports { flags, .. }) = moderator.request(ClientMessage::ListReports { after: None }).await
    else {
        panic!()
    };
    assert_eq!(flags.iter().map(|f| f.evidence.len()).collect::<Vec<_>>(), [3]);
}
