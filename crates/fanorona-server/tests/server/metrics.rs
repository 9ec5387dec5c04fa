//! What whoever runs the server reads of it (issue 51, point 1): the metrics at `/metrics` on a port of their own
//! (`--metrics-listen`) and not on the players', counting what was played and refused; and the log as one JSON
//! object a line (`--log-format json`), without a password or a login's token in it. The real program, as an
//! operator starts it.

use std::time::{Duration, Instant};

use fanorona_bot::client::Client;
use fanorona_server::protocol::{ClientMessage, ErrorCode, ServerMessage};
use serde_json::Value;

use crate::common::{challenge, choose, get, metrics_address, password_of, register, rules_game, sample, spawn_with};

#[tokio::test]
async fn the_metrics_count_turns_and_refusals_on_a_port_of_their_own_and_the_json_log_keeps_no_secret() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--metrics-listen", "127.0.0.1:0", "--log-format", "json"];
    let (server, ws) = spawn_with(&dir.path().join("server.db"), &args).await;
    let metrics = metrics_address(&server.1).await;
    let public = ws.trim_start_matches("ws://").trim_end_matches("/ws").to_owned();

    // Two players with passwords; one signs in again on a second device, after a wrong password.
    let mut tokens = Vec::new();
    let mut players = Vec::new();
    for name in ["Rasoa", "Rabe"] {
        let mut client = Client::connect(&ws).await.unwrap();
        tokens.push(client.hello(None, None).await.unwrap().token.unwrap());
        register(&mut client, name).await;
        players.push(client);
    }
    let mut wrong = Client::connect(&ws).await.unwrap();
    assert!(wrong.log_in("Rasoa", "not Rasoa's password").await.is_err());
    let mut again = Client::connect(&ws).await.unwrap();
    tokens.push(again.log_in("Rasoa", &password_of("Rasoa")).await.unwrap().token.unwrap());
    again.close().await.unwrap();
    wrong.close().await.unwrap();

    // A game of six turns, and a turn out of turn.
    let Ok(ServerMessage::ChallengeCreated { challenge }) = players[0].request(challenge().into()).await else {
        panic!()
    };
    let Ok(ServerMessage::GameState { game }) =
        players[1].request(ClientMessage::AcceptChallenge { challenge: challenge.id }).await
    else {
        panic!()
    };
    assert!(matches!(players[0].next().await.unwrap().message, ServerMessage::GameState { .. }));
    let white = usize::from(game.white.name != "Rasoa");
    let mut turns = Vec::new();
    for ply in 1..=6 {
        let mover = (white + ply as usize + 1) % 2;
        let turn = choose(&rules_game(&turns)).to_string();
        let play = ClientMessage::Play { game: game.id.clone(), ply, turn: turn.clone() };
        assert!(matches!(players[mover].request(play).await.unwrap(), ServerMessage::Played { .. }));
        assert!(matches!(players[1 - mover].next().await.unwrap().message, ServerMessage::Played { .. }));
        turns.push(turn);
    }
    let out_of_turn = ClientMessage::Play { game: game.id.clone(), ply: 7, turn: "A1-B2".to_owned() };
    let refused = players[1 - white].request(out_of_turn).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::NotYourTurn));

    // The figures, as Prometheus reads them, once the server has seen the two closed connections go.
    let began = Instant::now();
    let text = loop {
        let answer = get(&metrics, "/metrics", None).await;
        assert_eq!(answer.status, 200);
        assert_eq!(answer.header("content-type"), Some("text/plain; version=0.0.4; charset=utf-8"));
        let text = String::from_utf8(answer.body).unwrap();
        if sample(&text, "fanorona_connections") == Some(2.0) || began.elapsed() > Duration::from_secs(10) {
            break text;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(sample(&text, "fanorona_turns_total"), Some(6.0), "{text}");
    assert_eq!(sample(&text, "fanorona_turn_seconds_count"), Some(6.0), "{text}");
    assert_eq!(sample(&text, "fanorona_refusals_total{code=\"not_your_turn\"}"), Some(1.0), "{text}");
    assert_eq!(sample(&text, "fanorona_refusals_total{code=\"bad_login\"}"), Some(1.0), "{text}");
    assert_eq!(sample(&text, "fanorona_connections"), Some(2.0), "{text}");
    assert_eq!(sample(&text, "fanorona_players_online"), Some(2.0), "{text}");
    assert_eq!(sample(&text, "fanorona_games_running"), Some(1.0), "{text}");
    assert_eq!(sample(&text, "fanorona_hashing_queue"), Some(0.0), "{text}");
    // Each turn is a transaction, and so were the players, their logins, the challenge and the game.
    let writes = sample(&text, "fanorona_database_write_seconds_count").unwrap();
    assert!(writes >= 12.0, "{writes} writes counted\n{text}");
    // Players do not reach them.
    assert_eq!(get(&public, "/metrics", None).await.status, 404);

    // Every line of the log is a JSON object with a level and a message, and none holds a secret.
    let log = server.1.lock().unwrap().clone();
    assert!(log.iter().any(|line| line.contains("listening on http://")), "{log:?}");
    let secrets = [password_of("Rasoa"), password_of("Rabe"), "not Rasoa's password".to_owned()];
    for line in &log {
        let object: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(object["level"].is_string() && object["fields"]["message"].is_string(), "{line}");
        for secret in secrets.iter().chain(&tokens) {
            assert!(!line.contains(secret.as_str()), "{line}");
        }
    }
}
