//! A whole rated game between two clients, then the ratings and the game as stored.

use fanorona_server::protocol::{ClientMessage, Color, EndReason, ErrorCode, ServerMessage};
use sqlx::Row;

use crate::common::{TestServer, clock, open_db, play_out, rules_game, start_game, stored_turns};

/// After this many turns the side to move resigns, should the game still be running.
const MOST_TURNS: u32 = 150;

#[tokio::test]
async fn a_rated_game_is_played_to_the_end_and_stored_with_both_ratings() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let ([(mut white, white_welcome), (mut black, black_welcome)], game) =
        start_game(&server, ["alice", "bob"], true, "5+3").await;
    assert!(game.rated && game.turns.is_empty());
    // A spectator sees the game as it stands, then every turn and the end.
    let (mut carol, _) = server.guest("carol").await;
    let watched = carol.request(ClientMessage::Watch { game: game.id.clone() }).await.unwrap();
    assert_eq!(watched, ServerMessage::GameState { game: game.clone() });
    // The game is listed among the games in progress, to watch.
    assert_eq!(
        carol.request(ClientMessage::ListGames).await.unwrap(),
        ServerMessage::Games { games: vec![game.clone()] }
    );

    // Both play legal turns from the rules until the game ends on the board, or the side to move resigns.
    let (turns, over) = play_out(&clock, &game.id, [&mut white, &mut black], &mut carol, MOST_TURNS).await;
    let ServerMessage::GameOver { result, ratings: Some(ratings), .. } = over else { panic!("{over:?}") };
    assert_eq!(result.winner, Some(Color::White), "{result:?} after {} turns", turns.len());
    assert_eq!(result.reason, EndReason::AllCaptured, "{turns:?}");
    assert!(ratings.white.after > 1500.0 && ratings.black.after < 1500.0, "{ratings:?}");

    // The game, its turns and the ratings, as stored.
    let pool = open_db(&server.db).await;
    let row = sqlx::query("SELECT status, result, reason, rated FROM games WHERE id = $1")
        .bind(&game.id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>("status"), "finished");
    assert_eq!(row.get::<String, _>("result"), "1-0");
    assert_eq!(row.get::<String, _>("reason"), "all_captured");
    assert_eq!(row.get::<i64, _>("rated"), 1);
    let stored = stored_turns(&pool, &game.id).await;
    assert_eq!(stored, turns);
    for (welcome, change) in [(&white_welcome, ratings.white), (&black_welcome, ratings.black)] {
        let row = sqlx::query(
            "SELECT p.rating, h.rating_before, h.rating AS after FROM players p \
             JOIN rating_history h ON h.player = p.id WHERE p.id = $1 AND h.game = $2",
        )
        .bind(&welcome.player.id)
        .bind(&game.id)
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(row.get::<f64, _>("rating"), change.after);
        assert_eq!(row.get::<f64, _>("after"), change.after);
        assert_eq!(row.get::<f64, _>("rating_before"), 1500.0);
    }

    // Coming back with the token: the new rating, and no game to resume.
    let mut again = fanorona_bot::client::Client::connect(&server.url).await.unwrap();
    let welcome = again.hello(white_welcome.token.as_deref(), None).await.unwrap();
    assert_eq!(welcome.player.rating, ratings.white.after);
    assert!(welcome.token.is_none() && welcome.games.is_empty());
    let watch = ClientMessage::Watch { game: game.id.clone() };
    assert_eq!(carol.request(watch).await.unwrap_err().code(), Some(ErrorCode::NotFound), "the game is over");
    assert_eq!(carol.request(ClientMessage::ListGames).await.unwrap(), ServerMessage::Games { games: Vec::new() });

    // Black's profile, asked for by anyone: the rating history and the game, with everything to replay it.
    let black_id = black_welcome.player.id.clone();
    let profile = carol.request(ClientMessage::Profile { player: Some(black_id.clone()) }).await.unwrap();
    let ServerMessage::Profile { player, history, games } = profile else { panic!("{profile:?}") };
    assert_eq!((player.id.as_str(), player.rating), (black_id.as_str(), ratings.black.after));
    assert_eq!(history.len(), 1, "{history:?}");
    assert_eq!((history[0].game.as_str(), history[0].rating), (game.id.as_str(), ratings.black.after));
    let [finished] = games.as_slice() else { panic!("{games:?}") };
    assert_eq!((finished.result, finished.ratings), (result, Some(ratings)));
    assert_eq!(finished.game.turns, turns);
    assert_eq!(finished.game.position, rules_game(&turns).position().to_string());
    assert_eq!((finished.game.clocks.running, history[0].at_ms), (None, finished.ended_ms));
    // One's own profile without an id; an unknown player's is not found.
    let own = white.request(ClientMessage::Profile { player: None }).await.unwrap();
    assert!(
        matches!(&own, ServerMessage::Profile { player, games, .. } if player.id == white_welcome.player.id && games.len() == 1),
        "{own:?}"
    );
    let unknown = carol.request(ClientMessage::Profile { player: Some("nobody".into()) }).await;
    assert_eq!(unknown.unwrap_err().code(), Some(ErrorCode::NotFound));
}
