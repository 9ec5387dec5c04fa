//! Connection limits and timeouts (issue 31, point 3): a WebSocket must greet in time and answer pings, one address
//! may hold only so many connections, and a plain HTTP connection must send its headers in time.
//!
//! A WebSocket's deadlines run on the clock of its limits ([`Limits::connection_clock`]), which these tests move by
//! hand. The tests of the hello and of the silence move it to just under the limit, show the connection still open
//! with a request and its answer, then move it past the limit and read until the server closes the connection; the
//! test of the pings moves it a ping interval at a time, and moves on only once the server has counted the pong. No
//! test of them waits for time to pass: what a test waits for is an event (an answer, a pong counted, a close), and
//! [`PATIENCE`] only ends a test that fails. The HTTP header timeout alone is hyper's, on tokio's clock in the
//! server's runtime: its test waits real time, and holds the server to close no sooner than the limit.

use std::time::{Duration, Instant};

use fanorona_server::server::Limits;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;

use crate::common::{PATIENCE, TestServer, clock, until_metric};

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn open(server: &TestServer) -> Socket {
    tokio_tungstenite::connect_async(&server.url).await.unwrap().0
}

pub async fn hello(socket: &mut Socket, name: &str) {
    let hello = format!(r#"{{"type":"hello","protocol":2,"name":"{name}","id":1}}"#);
    socket.send(Message::text(hello)).await.unwrap();
    let welcome = next_text(socket).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
}

/// The next message, pings included.
async fn next_message(socket: &mut Socket) -> Message {
    match timeout(PATIENCE, socket.next()).await.expect("no message in time") {
        Some(Ok(message)) => message,
        other => panic!("{other:?}"),
    }
}

/// The next text message, skipping pings.
pub async fn next_text(socket: &mut Socket) -> Value {
    loop {
        match next_message(socket).await {
            Message::Text(text) => return serde_json::from_str(text.as_str()).unwrap(),
            Message::Ping(_) | Message::Pong(_) => {}
            other => panic!("{other:?}"),
        }
    }
}

/// Sends `list_challenges` with `id`: the reply (a refusal before `hello`), pings skipped. Answered, it shows the
/// connection open.
async fn ask(socket: &mut Socket, id: u64) -> Value {
    socket.send(Message::text(format!(r#"{{"type":"list_challenges","id":{id}}}"#))).await.unwrap();
    let reply = next_text(socket).await;
    assert_eq!(reply["id"], id, "{reply}");
    reply
}

/// Reads until the server closes the connection; panics if it is still open after [`PATIENCE`]. Returns the pings.
pub async fn until_closed(socket: &mut Socket) -> usize {
    let mut pings = 0;
    let read = async {
        while let Some(Ok(message)) = socket.next().await {
            match message {
                Message::Close(_) => break,
                Message::Ping(_) => pings += 1,
                other => panic!("{other:?}"),
            }
        }
    };
    timeout(PATIENCE, read).await.expect("the server kept the connection open");
    pings
}

#[tokio::test]
async fn a_websocket_that_never_says_hello_gets_hello_first_and_is_closed() {
    // Within the silence allowed (45 s), so that the limit of the hello is the one that acts.
    let hello_timeout = Duration::from_secs(10);
    let deadlines = clock();
    let limits = Limits { hello_timeout, connection_clock: deadlines.clone(), ..Limits::default() };
    let server = TestServer::fresh_with_limits(&clock(), limits).await;
    let mut greeted = open(&server).await;
    hello(&mut greeted, "alice").await;
    let mut silent = open(&server).await;
    // A request before the hello is refused, and its answer shows the connection served, its limit counted from
    // before the clock moves. Just under the limit it is still open.
    assert_eq!(ask(&mut silent, 2).await["code"], "hello_first");
    deadlines.advance(hello_timeout - Duration::from_millis(1));
    assert_eq!(ask(&mut silent, 3).await["code"], "hello_first");
    deadlines.advance(Duration::from_millis(1));
    let error = next_text(&mut silent).await;
    assert_eq!((&error["type"], &error["code"]), (&"error".into(), &"hello_first".into()), "{error}");
    assert!(error["id"].is_null(), "the answer to a request, not the limit's: {error}");
    until_closed(&mut silent).await;
    // A connection that said hello is not concerned.
    assert_eq!(ask(&mut greeted, 2).await["type"], "challenges");
}

#[tokio::test]
async fn a_websocket_that_answers_pings_stays_though_its_player_says_nothing() {
    let (ping_interval, silence_timeout) = (Duration::from_secs(10), Duration::from_secs(30));
    let deadlines = clock();
    let limits = Limits { ping_interval, silence_timeout, connection_clock: deadlines.clone(), ..Limits::default() };
    let server = TestServer::fresh_with_limits(&clock(), limits).await;
    let mut awake = open(&server).await;
    hello(&mut awake, "alice").await;
    // A ping at each interval, answered, and nothing else said, four times: 40 s after its hello, the connection would
    // have been closed 10 s ago were the pongs not heard.
    for pongs in 1..=4 {
        deadlines.advance(ping_interval);
        let ping = next_message(&mut awake).await;
        assert!(matches!(ping, Message::Ping(_)), "{ping:?}");
        // tungstenite queues the pong as it reads the ping, and sends it with whatever it writes or reads next.
        awake.flush().await.unwrap();
        // The clock moves on once the server has heard the pong, which would otherwise race the deadline.
        until_metric(&server, "fanorona_pongs_total", f64::from(pongs)).await;
    }
    assert_eq!(ask(&mut awake, 2).await["type"], "challenges");
}

#[tokio::test]
async fn the_server_closes_a_websocket_that_goes_silent() {
    // The first ping at the limit itself: no ping comes before the answer read below, whose pong (sent as the ping is
    // read) could reach the server only after the clock moved on, and keep the connection open.
    let silence_timeout = Duration::from_secs(30);
    let deadlines = clock();
    let limits = Limits {
        ping_interval: silence_timeout,
        silence_timeout,
        connection_clock: deadlines.clone(),
        ..Limits::default()
    };
    let server = TestServer::fresh_with_limits(&clock(), limits).await;
    let mut silent = open(&server).await;
    hello(&mut silent, "bob").await;
    // Silent until just under the limit: still open.
    deadlines.advance(silence_timeout - Duration::from_millis(1));
    assert_eq!(ask(&mut silent, 2).await["type"], "challenges");
    // Silent again from that request on for the whole limit, reading nothing, so answering no ping: gone (a dropped
    // network, a closed laptop). Read only once the server has let its player go: a ping read before then would be
    // answered, and the pong might reach the server before it looked at its clock.
    deadlines.advance(silence_timeout);
    until_metric(&server, "fanorona_players_online", 0.0).await;
    // Closed with nothing more said.
    until_closed(&mut silent).await;
}

#[tokio::test]
async fn one_address_may_hold_only_so_many_connections() {
    let server =
        TestServer::fresh_with_limits(&clock(), Limits { connections_per_address: 3, ..Limits::default() }).await;
    let mut sockets = Vec::new();
    for name in ["alice", "bob", "carol"] {
        let mut socket = open(&server).await;
        hello(&mut socket, name).await;
        sockets.push(socket);
    }
    // The fourth is closed before its upgrade.
    let refused = timeout(PATIENCE, tokio_tungstenite::connect_async(&server.url)).await.unwrap();
    assert!(refused.is_err(), "a fourth connection from 127.0.0.1 was accepted");
    // A closed one gives its place back (once the server has seen it close).
    let mut first = sockets.remove(0);
    first.close(None).await.unwrap();
    until_closed(&mut first).await;
    let started = Instant::now();
    loop {
        match tokio_tungstenite::connect_async(&server.url).await {
            Ok((mut socket, _)) => break hello(&mut socket, "dave").await,
            Err(error) if started.elapsed() < PATIENCE => {
                eprintln!("not yet: {error}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(error) => panic!("no place given back: {error}"),
        }
    }
}

/// Reads what the server sends until it closes the connection; panics if it is still open after [`PATIENCE`].
async fn read_until_closed(stream: &mut tokio::net::TcpStream) -> String {
    use tokio::io::AsyncReadExt;
    let mut received = Vec::new();
    let read = timeout(PATIENCE, stream.read_to_end(&mut received)).await;
    assert!(read.is_ok(), "the server kept the connection open");
    String::from_utf8_lossy(&received).into_owned()
}

/// On wall time: hyper times the headers on tokio's clock, in the server's runtime, which a test can neither move nor
/// pause (its clients are in another runtime, and a paused runtime would skip its timers ahead while it waits on
/// their network).
#[tokio::test]
async fn a_plain_http_connection_must_send_its_headers_in_time() {
    use tokio::io::AsyncWriteExt;
    // Seconds, against the microseconds that a request below takes to follow its connection: even a busy machine
    // sends it before the limit.
    let header_timeout = Duration::from_secs(2);
    let server = TestServer::fresh_with_limits(&clock(), Limits { header_timeout, ..Limits::default() }).await;
    let address = server.url.trim_start_matches("ws://").trim_end_matches("/ws").to_owned();
    // A WebSocket is past its headers: it stays.
    let mut greeted = open(&server).await;
    hello(&mut greeted, "alice").await;
    let started = Instant::now();
    // A connection that sends nothing, one that stops in the middle of its headers, and one idle after a request.
    let mut silent = tokio::net::TcpStream::connect(&address).await.unwrap();
    let mut partial = tokio::net::TcpStream::connect(&address).await.unwrap();
    partial.write_all(b"GET /index.html HTTP/1.1\r\nHost: fanorona\r\n").await.unwrap();
    let mut idle = tokio::net::TcpStream::connect(&address).await.unwrap();
    idle.write_all(b"GET /index.html HTTP/1.1\r\nHost: fanorona\r\n\r\n").await.unwrap();
    read_until_closed(&mut silent).await;
    // Accepted after `started`, its timer started then too: closed no sooner than the limit after it (how much later
    // says only how busy the machine is).
    assert!(started.elapsed() >= header_timeout, "closed after {:?}", started.elapsed());
    read_until_closed(&mut partial).await;
    let answered = read_until_closed(&mut idle).await;
    assert!(answered.starts_with("HTTP/1.1 404"), "{answered}");
    assert_eq!(ask(&mut greeted, 2).await["type"], "challenges");
}

#[tokio::test]
async fn the_program_stops_gracefully_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, url) = crate::common::spawn(&dir.path().join("server.db")).await;
    let (mut client, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    hello(&mut client, "alice").await;
    let pid = server.0.id().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < PATIENCE, "the program still runs {PATIENCE:?} after SIGTERM");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    // Killed by the signal, it would have no exit code.
    assert!(status.success(), "{status:?}");
}

/// The soft and hard limits of open files of process `pid` (a number, or `self`), from Linux's `/proc`; no limit
/// reads as `u64::MAX`.
#[cfg(target_os = "linux")]
fn open_files_limits(pid: &str) -> Option<(u64, u64)> {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).ok()?;
    let line = limits.lines().find(|line| line.starts_with("Max open files"))?;
    let mut fields = line.trim_start_matches("Max open files").split_whitespace().map(|field| match field {
        "unlimited" => Some(u64::MAX),
        number => number.parse().ok(),
    });
    Some((fields.next()??, fields.next()??))
}

#[cfg(target_os = "linux")]
#[tokio::test]
async fn the_program_raises_its_open_files_limit_to_the_hard_one() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("server.db").display());
    let program = env!("CARGO_BIN_EXE_fanorona-server");
    // Started with a soft limit below the hard one (which it inherits from this test), as a shell's default of 1,024
    // is below a usual hard limit of 524,288; and above the few dozen files the program needs to start.
    let (_, hard) = open_files_limits("self").unwrap();
    let soft = (hard / 2).min(256);
    assert!(
        soft >= 64 && hard != u64::MAX,
        "the hard limit of open files here is {hard}: nothing to check (run this test where it is a number of 128 or \
         more, as on any usual Linux)"
    );
    let child = std::process::Command::new("sh")
        .args([
            "-c",
            &format!(r#"ulimit -Sn {soft} && exec "$0" "$@""#),
            program,
            "--listen",
            "127.0.0.1:0",
            "--database",
            &database,
        ])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let server = crate::common::Running(child, Default::default());
    let pid = server.0.id().to_string();
    let started = Instant::now();
    loop {
        // Read once the shell has set the limit and become the program.
        let exe = std::fs::read_link(format!("/proc/{pid}/exe"));
        let limits = open_files_limits(&pid);
        if exe.as_deref().is_ok_and(|exe| exe == std::path::Path::new(program)) && limits == Some((hard, hard)) {
            return;
        }
        assert!(started.elapsed() < PATIENCE, "the program ({exe:?}) has the limits {limits:?}, started at {soft}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
