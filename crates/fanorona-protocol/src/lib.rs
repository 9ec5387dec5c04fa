//! The messages of the Fanorona game server's protocol, version 2: JSON objects tagged by `type`, sent as WebSocket
//! text messages. Every message from a client may carry a numeric `id`, which the server echoes in its reply.
//! `docs/PROTOCOL.md` has the full description and an example session.
//!
//! A crate of its own, with nothing but the rules and serde, so that the game (on the desktop and in the browser)
//! speaks the same messages as the server without building the server.

//!
//! A module for each feature's values beside the envelope's (`messages`), all of them at the crate's root.

mod account;
mod game;
mod lobby;
mod messages;
mod moderation;
mod push;
mod puzzles;
mod text;
mod tournament;

pub use account::*;
pub use game::*;
pub use lobby::*;
pub use messages::*;
pub use moderation::*;
pub use push::*;
pub use puzzles::*;
pub use text::{has_hidden_chars, is_hidden_char};
pub use tournament::*;

/// The protocol version this server speaks; a `hello` must name it.
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest message the server reads, in bytes; a larger one is answered with [`ErrorCode::TooLarge`].
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The WebSocket URL of a server given as people write it: its WebSocket (`ws://HOST:PORT/ws`), its address
/// (`ws://HOST:PORT`, perhaps behind a path), its web page (`http://` or `https://`), or a bare `HOST:PORT`.
pub fn websocket_url(server: &str) -> String {
    let server = server.trim().trim_end_matches('/');
    let server = match (server.strip_prefix("http://"), server.strip_prefix("https://")) {
        (Some(rest), _) => format!("ws://{rest}"),
        (_, Some(rest)) => format!("wss://{rest}"),
        _ if !server.contains("://") => format!("ws://{server}"),
        _ => server.to_owned(),
    };
    if server.ends_with("/ws") { server } else { format!("{server}/ws") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_address_leads_to_its_websocket() {
        assert_eq!(websocket_url("ws://127.0.0.1:8080"), "ws://127.0.0.1:8080/ws");
        assert_eq!(websocket_url("ws://127.0.0.1:8080/"), "ws://127.0.0.1:8080/ws");
        assert_eq!(websocket_url("wss://example.org/fanorona/ws"), "wss://example.org/fanorona/ws");
        assert_eq!(websocket_url(" http://192.168.1.20:8080/ "), "ws://192.168.1.20:8080/ws");
        assert_eq!(websocket_url("https://example.org"), "wss://example.org/ws");
        assert_eq!(websocket_url("192.168.1.20:8080"), "ws://192.168.1.20:8080/ws");
    }

    #[test]
    fn codes_and_reasons_are_named_as_in_messages() {
        assert_eq!(ErrorCode::NotYourTurn.name(), "not_your_turn");
        assert_eq!(ErrorCode::LoginThrottled.name(), "login_throttled");
        assert_eq!(EndReason::from_name(&EndReason::FiftyTurns.name()), Some(EndReason::FiftyTurns));
    }

    #[test]
    fn time_controls_read_and_print() {
        assert_eq!("5+3".parse(), Ok(TimeControl::Live { minutes: 5, increment: 3 }));
        assert_eq!(TimeControl::Live { minutes: 180, increment: 0 }.to_string(), "180+0");
        for days in CORRESPONDENCE_DAYS {
            let time = TimeControl::Correspondence { days };
            assert_eq!(time.to_string().parse(), Ok(time));
        }
        assert_eq!("14d".parse(), Ok(TimeControl::Correspondence { days: 14 }));
        for bad in ["0+3", "5", "5+61", "+3", "5+-1", "181+0", "5+3+1", " 5+3", "99999999999+0", "4d", "0d", "d", "3 d"]
        {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_correspondence_clock_starts_again_after_each_turn() {
        let live = TimeControl::Live { minutes: 5, increment: 3 };
        assert_eq!((live.initial_ms(), live.after_turn(1_000)), (300_000, 4_000));
        let days = TimeControl::Correspondence { days: 3 };
        assert_eq!((days.initial_ms(), days.after_turn(1_000)), (3 * 86_400_000, 3 * 86_400_000));
        assert!(days.is_correspondence() && !live.is_correspondence());
        assert_eq!(serde_json::to_string(&days).ok(), Some("\"3d\"".to_owned()));
    }

    #[test]
    fn messages_are_tagged_json_with_an_optional_id() {
        let text = r#"{"type":"play","id":7,"game":"g","ply":1,"turn":"f3-e3A"}"#;
        let read: Envelope<ClientMessage> = serde_json::from_str(text).unwrap();
        let play = ClientMessage::Play { game: "g".into(), ply: 1, turn: "f3-e3A".into() };
        assert_eq!(read, Envelope { id: Some(7), message: play });
        let reply = Envelope { id: None, message: ServerMessage::ChallengeCancelled { challenge: "c".into() } };
        assert_eq!(serde_json::to_string(&reply).unwrap(), r#"{"type":"challenge_cancelled","challenge":"c"}"#);
        assert_eq!(EndReason::FiftyTurns.name(), "fifty_turns");
    }

    #[test]
    fn a_browsers_push_subscription_is_read_as_the_browser_gives_it() {
        // `PushSubscription.toJSON()` has `expirationTime` too, which the server does not use.
        let subscription = r#"{"endpoint":"https://fcm.googleapis.com/fcm/send/x","expirationTime":null,
            "keys":{"p256dh":"BKz","auth":"q1w"}}"#;
        let words = r#"{"title":"Fanorona","turn":"Your turn against {opponent}","challenge":"c","won":"w",
            "lost":"l","drawn":"d","reminder":"r"}"#;
        let text = format!(
            r#"{{"type":"subscribe","id":3,"subscription":{subscription},"events":["turn","reminder"],"words":{words}}}"#
        );
        let envelope: Envelope<ClientMessage> = serde_json::from_str(&text).unwrap();
        let ClientMessage::Subscribe { subscription, events, words } = envelope.message else { panic!("{envelope:?}") };
        assert_eq!(subscription.endpoint, "https://fcm.googleapis.com/fcm/send/x");
        assert_eq!(subscription.keys, PushKeys { p256dh: "BKz".into(), auth: "q1w".into() });
        assert_eq!(events, [PushEvent::Turn, PushEvent::Reminder]);
        assert_eq!(words.turn, "Your turn against {opponent}");
        for event in PushEvent::ALL {
            assert_eq!(PushEvent::from_name(event.name()), Some(event));
            assert_eq!(serde_json::to_value(event).unwrap(), event.name());
        }
        // A server of before Web Push sends no key.
        let welcome = r#"{"type":"welcome","protocol":2,"player":{"id":"a","name":"a","rating":1500,"deviation":350},
            "games":[]}"#;
        let ServerMessage::Welcome { push_key, .. } = serde_json::from_str(welcome).unwrap() else { panic!() };
        assert_eq!(push_key, None);
    }

    #[test]
    fn fields_added_to_version_1_are_optional() {
        let hello: ClientMessage = serde_json::from_str(r#"{"type":"hello","protocol":1}"#).unwrap();
        let plain =
            ClientMessage::Hello { protocol: 1, token: None, name: None, password: None, bot: false, device: None };
        assert_eq!(hello, plain);
        let create = r#"{"type":"create_challenge","variant":"tsivy","rated":true,"time":"5+3"}"#;
        let create: ClientMessage = serde_json::from_str(create).unwrap();
        assert!(matches!(create, ClientMessage::CreateChallenge { vela: false, opponent: None, .. }), "{create:?}");
        let player = r#"{"id":"p","name":"alice","rating":1500.0,"deviation":350.0}"#;
        assert!(!serde_json::from_str::<PlayerView>(player).unwrap().bot);
        // A person's hello is written as before.
        assert_eq!(serde_json::to_string(&plain).unwrap(), r#"{"type":"hello","protocol":1}"#);
        // Clocks that run are written as before, and read without `stopped_ms`.
        let clocks = Clocks { white_ms: 5, black_ms: 7, running: Some(Color::White), stopped_ms: 0 };
        let text = r#"{"white_ms":5,"black_ms":7,"running":"white"}"#;
        assert_eq!(
            (serde_json::to_string(&clocks).unwrap().as_str(), serde_json::from_str(text).ok()),
            (text, Some(clocks))
        );
    }

    #[test]
    fn a_clock_that_stands_still_counts_down_once_it_runs_again() {
        let clocks = Clocks { white_ms: 10_000, black_ms: 20_000, running: Some(Color::White), stopped_ms: 3_000 };
        let left = |elapsed| (clocks.left_after(Color::White, elapsed), clocks.left_after(Color::Black, elapsed));
        assert_eq!(
            [left(0), left(2_999), left(4_000), left(60_000)],
            [(10_000, 20_000), (10_000, 20_000), (9_000, 20_000), (0, 20_000)]
        );
        assert_eq!([0, 2_999, 3_000].map(|e| clocks.stopped_after(Color::White, e)), [true, true, false]);
        assert!(!clocks.stopped_after(Color::Black, 0), "the clock that does not run is not on vacation");
    }

    #[test]
    fn a_tournament_is_written_as_the_protocol_documents_it() {
        let text = r#"{"type":"create_tournament","settings":{"name":"Friday club","format":{"kind":"swiss","rounds":5},"variant":"tsivy","time":"3+2","rated":true,"starts_at_ms":1800000060000,"password":"club secret"}}"#;
        let ClientMessage::CreateTournament { settings } = serde_json::from_str(text).unwrap() else { panic!() };
        assert_eq!(settings.terms.format, TournamentFormat::Swiss { rounds: 5 });
        assert_eq!((settings.terms.name.as_str(), settings.password.as_deref()), ("Friday club", Some("club secret")));
        let sent = ClientMessage::CreateTournament { settings };
        assert_eq!(serde_json::to_string(&sent).unwrap(), text, "written back the same");
        let view = TournamentView {
            id: "t1".into(),
            terms: TournamentTerms {
                name: "Hourly".into(),
                format: TournamentFormat::Arena { minutes: 30 },
                variant: GameVariant::Tsivy,
                time: "3+2".parse().unwrap(),
                rated: true,
                starts_at_ms: 5,
            },
            stage: TournamentStage::Running,
            round: 0,
            private: false,
            creator: None,
            players: 16,
            joined: true,
        };
        let written = serde_json::to_value(&view).unwrap();
        assert_eq!(written["name"], "Hourly", "the terms are fields of the tournament itself");
        assert_eq!(written["format"], serde_json::json!({"kind": "arena", "minutes": 30}));
        assert_eq!(written["stage"], "running");
        assert_eq!(serde_json::from_value::<TournamentView>(written).unwrap(), view);
    }

    #[test]
    fn the_moderators_queue_pages_and_reads_what_earlier_servers_and_clients_sent() {
        // A client of before the queue's pages asks with no `after`: the first page.
        let list: ClientMessage = serde_json::from_str(r#"{"type":"list_reports"}"#).unwrap();
        assert_eq!(list, ClientMessage::ListReports { after: None });
        assert_eq!(serde_json::to_string(&list).unwrap(), r#"{"type":"list_reports"}"#);
        let next = ClientMessage::ListReports { after: Some("1.3.5.p".into()) };
        assert_eq!(serde_json::to_string(&next).unwrap(), r#"{"type":"list_reports","after":"1.3.5.p"}"#);
        // A server of before: no page, no counts.
        let player = r#"{"id":"p","name":"p","rating":1500,"deviation":350}"#;
        let report =
            format!(r#"{{"reporter":{player},"player":{player},"reason":"name","note":"","at_ms":1,"history":[]}}"#);
        let text = format!(r#"{{"type":"reports","reports":[{report}]}}"#);
        let ServerMessage::Reports { reports, flags, after, next } = serde_json::from_str(&text).unwrap() else {
            panic!()
        };
        assert_eq!((reports[0].reporters, reports[0].trusted, flags.len(), after, next), (0, 0, 0, None, None));
    }
}
