//! Every kind of bad input is answered with an `error` and changes nothing; the connection stays open.

use fanorona_bot::client::{Client, ClientError};
use fanorona_server::protocol::{ClientMessage, ErrorCode, GameVariant, GameView, MAX_MESSAGE_BYTES, ServerMessage};

use crate::common::{TestServer, challenge, clock, play, start_game};

/// Messages sent at once to hit the rate limit: even a server slowed down to reading them over five seconds (when
/// 100 more would be allowed) refuses some.
const SPAM: usize = 150;

/// The code of the error a raw text gets.
async fn error_for(client: &mut Client, text: &str) -> ErrorCode {
    client.send_text(text).await.unwrap();
    match client.next().await.unwrap().message {
        ServerMessage::Error { code, .. } => code,
        other => panic!("{other:?}"),
    }
}

fn code<T: std::fmt::Debug>(reply: Result<T, ClientError>) -> ErrorCode {
    reply.unwrap_err().code().unwrap()
}

/// The game as its player finds it on a new connection.
async fn game_now(server: &TestServer, token: &str) -> GameView {
    let mut client = Client::connect(&server.url).await.unwrap();
    client.hello(Some(token), None).await.unwrap().games.remove(0)
}

#[tokio::test]
async fn bad_input_is_refused_and_changes_nothing() {
    let clock = clock();
    let server = TestServer::fresh(&clock).await;
    let ([(mut white, white_welcome), (mut black, _)], game) = start_game(&server, ["alice", "bob"], true, "5+3").await;
    play(&mut white, &mut black, &game.id, 1, "f3-e3W").await;
    let token = white_welcome.token.clone().unwrap();
    let before = game_now(&server, &token).await;
    let (mut carol, _) = server.guest("carol").await;

    // Not the protocol.
    assert_eq!(error_for(&mut carol, "not json").await, ErrorCode::BadJson);
    assert_eq!(error_for(&mut carol, r#"{"type": "fly", "id": 1}"#).await, ErrorCode::UnknownType);
    assert_eq!(error_for(&mut carol, r#"{"id": 1}"#).await, ErrorCode::UnknownType);
    assert_eq!(error_for(&mut carol, r#"{"type": "play", "game": 5}"#).await, ErrorCode::BadMessage);
    let huge = format!(r#"{{"type": "list_challenges", "pad": "{}"}}"#, "x".repeat(MAX_MESSAGE_BYTES));
    assert_eq!(error_for(&mut carol, &huge).await, ErrorCode::TooLarge);
    let hello = ClientMessage::Hello { protocol: 2, token: None, name: None, password: None, bot: false, device: None };
    assert_eq!(code(carol.request(hello).await), ErrorCode::AlreadyGreeted);
    let rated_dimy = challenge().variant(GameVariant::Dimy).rated(true).into();
    assert_eq!(code(carol.request(rated_dimy).await), ErrorCode::UnratedVariant);
    let bad_time = r#"{"type": "create_challenge", "variant": "tsivy", "rated": false, "time": "0+5"}"#;
    assert_eq!(error_for(&mut carol, bad_time).await, ErrorCode::BadMessage);

    // Hello: first, with the right protocol (a client of version 1 cannot read correspondence time controls), a known
    // token, a good and free name.
    let mut stranger = Client::connect(&server.url).await.unwrap();
    assert_eq!(code(stranger.request(ClientMessage::ListChallenges).await), ErrorCode::HelloFirst);
    let wrong_version =
        ClientMessage::Hello { protocol: 1, token: None, name: None, password: None, bot: false, device: None };
    assert_eq!(code(stranger.request(wrong_version).await), ErrorCode::UnsupportedProtocol);
    assert_eq!(code(stranger.hello(Some("0123"), None).await), ErrorCode::BadToken);
    for name in ["ab", "twenty-one-characters", "with space", "émile", "a;DROP"] {
        assert_eq!(code(stranger.hello(None, Some(name)).await), ErrorCode::BadName, "{name}");
    }
    assert_eq!(code(stranger.hello(None, Some("ALICE")).await), ErrorCode::NameTaken);
    let guest = stranger.hello(None, None).await.unwrap();
    assert!(guest.player.name.starts_with("guest-"), "{}", guest.player.name);

    // Challenges: not one's own to accept, not someone else's to cancel, not unknown ones.
    let Ok(ServerMessage::ChallengeCreated { challenge }) = carol.request(challenge().into()).await else { panic!() };
    let accept = ClientMessage::AcceptChallenge { challenge: challenge.id.clone() };
    assert_eq!(code(carol.request(accept).await), ErrorCode::OwnChallenge);
    let cancel = ClientMessage::CancelChallenge { challenge: challenge.id.clone() };
    assert_eq!(code(stranger.request(cancel).await), ErrorCode::NotYourGame);
    let unknown = ClientMessage::AcceptChallenge { challenge: "nope".into() };
    assert_eq!(code(stranger.request(unknown).await), ErrorCode::NotFound);
    let Ok(ServerMessage::Challenges { challenges, .. }) = stranger.request(ClientMessage::ListChallenges).await else {
        panic!()
    };
    assert_eq!(challenges, vec![challenge]);

    // Turns: only in one's own game, on one's own turn, with the right number, legal.
    let play_as = |ply: u32, turn: &str| ClientMessage::Play { game: game.id.clone(), ply, turn: turn.into() };
    let elsewhere = ClientMessage::Play { game: "nope".into(), ply: 2, turn: "e4-f3W".into() };
    assert_eq!(code(black.request(elsewhere).await), ErrorCode::NotFound);
    assert_eq!(code(carol.request(play_as(2, "e4-f3W")).await), ErrorCode::NotYourGame);
    assert_eq!(code(carol.request(ClientMessage::Resign { game: game.id.clone() }).await), ErrorCode::NotYourGame);
    // The same turn sent twice is acknowledged again (stored once: see `correspondence.rs`); another is refused.
    assert!(matches!(white.request(play_as(1, "f3-e3W")).await, Ok(ServerMessage::Played { ply: 1, .. })));
    assert_eq!(code(white.request(play_as(1, "f3-e3")).await), ErrorCode::NotYourTurn, "another first turn");
    assert_eq!(code(white.request(play_as(2, "e4-f3W")).await), ErrorCode::NotYourTurn);
    assert_eq!(code(black.request(play_as(1, "e4-f3W")).await), ErrorCode::WrongPly);
    assert_eq!(code(black.request(play_as(3, "e4-f3W")).await), ErrorCode::WrongPly);
    for turn in ["e4-f3W", "a5-a4", "z9", "", "d4-d3"] {
        assert_eq!(code(black.request(play_as(2, turn)).await), ErrorCode::IllegalTurn, "{turn:?}");
    }
    let accept = ClientMessage::AcceptDraw { game: game.id.clone() };
    assert_eq!(code(black.request(accept).await), ErrorCode::NoDrawOffer);

    // Too many messages at once: some are refused, and the connection still works afterwards.
    for _ in 0..SPAM {
        carol.send(ClientMessage::ListChallenges).await.unwrap();
    }
    let mut limited = 0;
    for _ in 0..SPAM {
        if let ServerMessage::Error { code, .. } = carol.next().await.unwrap().message {
            assert_eq!(code, ErrorCode::RateLimited);
            limited += 1;
        }
    }
    assert!(limited > 0 && limited < SPAM, "{limited} of {SPAM} refused");

    // Nothing changed, and every connection is still open.
    assert_eq!(game_now(&server, &token).await, before);
    for client in [&mut white, &mut black, &mut stranger] {
        assert!(matches!(client.request(ClientMessage::ListChallenges).await, Ok(ServerMessage::Challenges { .. })));
    }
}

/// Names others see hold no hidden character (issue 69): a right-to-left override or a zero-width space in a player's
/// name, at `hello` or at registration, is refused with `bad_name`; in an event's, with `bad_tournament`, and nothing
/// is stored.
#[tokio::test]
async fn names_with_bidi_overrides_or_zero_width_characters_are_refused() {
    use fanorona_server::protocol::TournamentFormat;

    let server = TestServer::fresh(&clock()).await;
    let hidden = ["Rabe\u{202E}ebaR", "Ra\u{200B}be", "\u{2066}Rabe\u{2069}", "Rabe\u{200F}", "\u{FEFF}Rabe"];
    let (mut guest, _) = server.guest("guest-1").await;
    for name in hidden {
        let mut stranger = Client::connect(&server.url).await.unwrap();
        assert_eq!(code(stranger.hello(None, Some(name)).await), ErrorCode::BadName, "{name:?}");
        let register = ClientMessage::Register { name: name.to_owned(), password: "long enough".into() };
        assert_eq!(code(guest.request(register).await), ErrorCode::BadName, "{name:?}");
    }

    let (mut organiser, _) = server.registered("organiser").await;
    let swiss = crate::tournament_play::settings(TournamentFormat::Swiss { rounds: 3 }, false);
    for name in hidden.into_iter().chain(["Friday\u{2028}club", "Friday\u{00AD}club"]) {
        let mut settings = swiss.clone();
        settings.terms.name = name.to_owned();
        let refusal = organiser.request(ClientMessage::CreateTournament { settings }).await.unwrap_err();
        assert_eq!(refusal.code(), Some(ErrorCode::BadTournament), "{name:?}");
        assert!(refusal.to_string().contains("none of them invisible"), "{refusal}");
    }
    let listed = organiser.request(ClientMessage::ListTournaments { after: None }).await.unwrap();
    let ServerMessage::Tournaments { tournaments, .. } = listed else { panic!("{listed:?}") };
    assert!(tournaments.is_empty(), "nothing refused is stored: {tournaments:?}");
    // Letters of any script are welcome in an event's name (a player's is ASCII, so that no two look alike).
    let mut settings = swiss;
    settings.terms.name = "Fifaninanana — Antsirabe نادي".into();
    let created = organiser.request(ClientMessage::CreateTournament { settings }).await;
    assert!(matches!(created, Ok(ServerMessage::TournamentCreated { .. })), "{created:?}");
}
