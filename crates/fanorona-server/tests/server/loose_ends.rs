//! The low ones of issue 31 (point 6): the empty id finds nothing, a wrong value is `bad_message`, an unknown type
//! is quoted short, `rate_limited` answers the request's id, and a web page of another site may not open a WebSocket.

use fanorona_server::protocol::{ClientMessage, ErrorCode, ServerMessage};
use fanorona_server::server::Limits;
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::common::{TestServer, challenge, clock, test_limits};
use crate::timeouts::{hello, next_text};

#[tokio::test]
async fn the_empty_id_finds_no_challenge() {
    let server = TestServer::fresh(&clock()).await;
    let (mut alice, _) = server.guest("alice").await;
    let (mut bob, bob_welcome) = server.guest("bob").await;
    let (mut carol, _) = server.guest("carol").await;
    // A challenge addressed to Bob: Carol must not learn of it, nor take it.
    let private = challenge().to(Some(&bob_welcome.player.id)).into();
    let Ok(ServerMessage::ChallengeCreated { challenge }) = alice.request(private).await else { panic!() };
    for message in [
        ClientMessage::AcceptChallenge { challenge: String::new() },
        ClientMessage::CancelChallenge { challenge: String::new() },
    ] {
        let refusal = carol.request(message.clone()).await.unwrap_err();
        assert_eq!(refusal.code(), Some(ErrorCode::NotFound), "{message:?}: {refusal}");
        let refusal = alice.request(message).await.unwrap_err();
        assert_eq!(refusal.code(), Some(ErrorCode::NotFound), "its creator's too: {refusal}");
    }
    // The challenge is still there for Bob.
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id };
    assert!(matches!(bob.request(accept).await, Ok(ServerMessage::GameState { .. })));
}

#[tokio::test]
async fn refusals_name_the_fault_briefly_and_answer_the_request() {
    let server = TestServer::fresh(&clock()).await;
    let (mut carol, _) = server.guest("carol").await;
    let refusal = async |client: &mut fanorona_bot::client::Client, text: String| {
        client.send_text(text).await.unwrap();
        match client.next().await.unwrap() {
            envelope @ fanorona_server::protocol::Envelope { message: ServerMessage::Error { .. }, .. } => envelope,
            other => panic!("{other:?}"),
        }
    };
    // A wrong value of a known type's field is the message's fault, not its type's.
    let wrong_variant = r#"{"type":"create_challenge","id":3,"variant":"telo","rated":false,"time":"5+3"}"#;
    let reply = refusal(&mut carol, wrong_variant.to_owned()).await;
    let ServerMessage::Error { code, message } = reply.message else { unreachable!() };
    assert_eq!((code, reply.id), (ErrorCode::BadMessage, Some(3)), "{message}");
    let long_variant =
        format!(r#"{{"type":"create_challenge","variant":"{}","rated":false,"time":"5+3"}}"#, "v".repeat(9000));
    let ServerMessage::Error { code, message } = refusal(&mut carol, long_variant).await.message else {
        unreachable!()
    };
    assert_eq!(code, ErrorCode::BadMessage);
    assert!(message.len() < 200, "{} bytes", message.len());
    // An unknown type is quoted, 32 characters at most.
    let long_type = format!(r#"{{"type":"{}","id":4}}"#, "x".repeat(9000));
    let reply = refusal(&mut carol, long_type).await;
    let ServerMessage::Error { code, message } = reply.message else { unreachable!() };
    assert_eq!((code, reply.id), (ErrorCode::UnknownType, Some(4)));
    assert_eq!(message, format!("no message has the type \"{}…\"", "x".repeat(32)));
    // A request refused for the rate carries its id: a client waiting for that reply hears of the refusal.
    for _ in 0..100 {
        carol.send(ClientMessage::ListChallenges).await.unwrap();
    }
    let mut limited = 0;
    for _ in 0..100 {
        let envelope = carol.next().await.unwrap();
        assert!(envelope.id.is_some(), "{envelope:?}");
        if matches!(envelope.message, ServerMessage::Error { code: ErrorCode::RateLimited, .. }) {
            limited += 1;
        }
    }
    assert!(limited > 0, "none of 100 messages at once was refused");
}

/// Opens the server's WebSocket with `origin` as the request's `Origin` (none: no header); the HTTP status of a
/// refusal.
async fn open_from(server: &TestServer, origin: Option<&str>) -> Result<crate::timeouts::Socket, u16> {
    let mut request = server.url.as_str().into_client_request().unwrap();
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", origin.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(other) => panic!("{other}"),
    }
}

#[tokio::test]
async fn only_the_server_s_own_pages_and_the_allowed_ones_open_a_websocket() {
    let limits = Limits { allowed_origins: vec!["https://fanorona.example.org".into()], ..test_limits() };
    let server = TestServer::fresh_with_limits(&clock(), limits).await;
    let host = server.url.trim_start_matches("ws://").trim_end_matches("/ws").to_owned();
    let own = format!("http://{host}");
    for (origin, name) in
        [(None, "desktop"), (Some(own.as_str()), "own-page"), (Some("https://fanorona.example.org"), "allowed")]
    {
        let mut socket = open_from(&server, origin).await.unwrap_or_else(|status| panic!("{origin:?}: {status}"));
        hello(&mut socket, name).await;
        socket.send(Message::text(r#"{"type":"list_challenges","id":2}"#)).await.unwrap();
        assert_eq!(next_text(&mut socket).await["id"], 2);
    }
    for origin in ["https://evil.example.com", "http://127.0.0.1:1", "null", "https://fanorona.example.org.evil.com"] {
        assert_eq!(open_from(&server, Some(origin)).await.err(), Some(403), "{origin}");
    }
}
