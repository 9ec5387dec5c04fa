//! Connection limits and timeouts (issue 31, point 3): a WebSocket must greet in time and answer pings, one address
//! may hold only so many connections, and a plain HTTP connection must send its headers in time. Each test shortens
//! the limit it checks to a fraction of a second.

use std::time::{Duration, Instant};

use fanorona_server::server::Limits;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;

use crate::common::{TestServer, clock};

/// Long enough for any limit of these tests to act, short enough for a failing test to end soon.
pub const PATIENCE: Duration = Duration::from_secs(3);

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn open(server: &TestServer) -> Socket {
    tokio_tungstenite::connect_async(&server.url).await.unwrap().0
}

pub async fn hello(socket: &mut Socket, name: &str) {
    let hello = format!(r#"{{"type":"hello","protocol":1,"name":"{name}","id":1}}"#);
    socket.send(Message::text(hello)).await.unwrap();
    let welcome = next_text(socket).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
}

/// The next text message, skipping pings.
pub async fn next_text(socket: &mut Socket) -> Value {
    loop {
        match timeout(PATIENCE, socket.next()).await.expect("no message in time") {
            Some(Ok(Message::Text(text))) => return serde_json::from_str(text.as_str()).unwrap(),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("{other:?}"),
        }
    }
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
    let hello_timeout = Duration::from_millis(300);
    let server = TestServer::fresh_with_limits(&clock(), Limits { hello_timeout, ..Limits::default() }).await;
    let mut greeted = open(&server).await;
    hello(&mut greeted, "alice").await;
    let started = Instant::now();
    let mut silent = open(&server).await;
    let error = next_text(&mut silent).await;
    assert_eq!((&error["type"], &error["code"]), (&"error".into(), &"hello_first".into()), "{error}");
    until_closed(&mut silent).await;
    assert!(started.elapsed() >= hello_timeout, "closed after {:?}", started.elapsed());
    // A connection that said hello is not concerned.
    greeted.send(Message::text(r#"{"type":"list_challenges","id":2}"#)).await.unwrap();
    assert_eq!(next_text(&mut greeted).await["id"], 2);
}

#[tokio::test]
async fn the_server_pings_and_closes_a_websocket_that_goes_silent() {
    let limits = Limits {
        ping_interval: Duration::from_millis(100),
        silence_timeout: Duration::from_millis(500),
        ..Limits::default()
    };
    let server = TestServer::fresh_with_limits(&clock(), limits).await;
    // A client that reads answers each ping (tungstenite does on reading) and stays, silent as its player may be;
    // one that stops reading (a dropped network, a closed laptop) answers none and is closed as gone.
    let mut awake = open(&server).await;
    hello(&mut awake, "alice").await;
    let mut asleep = open(&server).await;
    hello(&mut asleep, "bob").await;
    let mut pings = 0;
    let read = timeout(Duration::from_millis(1_200), async {
        while let Some(Ok(message)) = awake.next().await {
            assert!(matches!(message, Message::Ping(_)), "{message:?}");
            pings += 1;
        }
    });
    assert!(read.await.is_err(), "the connection of a client that answers pings was closed");
    assert!(pings >= 5, "{pings} pings in 1.2 s");
    until_closed(&mut asleep).await;
    awake.send(Message::text(r#"{"type":"list_challenges","id":2}"#)).await.unwrap();
    assert_eq!(next_text(&mut awake).await["id"], 2);
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

#[tokio::test]
async fn a_plain_http_connection_must_send_its_headers_in_time() {
    use tokio::io::AsyncWriteExt;
    let header_timeout = Duration::from_millis(300);
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
    read_until_closed(&mut partial).await;
    let answered = read_until_closed(&mut idle).await;
    assert!(answered.starts_with("HTTP/1.1 404"), "{answered}");
    assert!(started.elapsed() >= header_timeout, "closed after {:?}", started.elapsed());
    greeted.send(Message::text(r#"{"type":"list_challenges","id":2}"#)).await.unwrap();
    assert_eq!(next_text(&mut greeted).await["id"], 2);
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

/// The soft and hard limits of open files of process `pid` (Linux's `/proc`).
#[cfg(target_os = "linux")]
fn open_files_limits(pid: u32) -> Option<(String, String)> {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).ok()?;
    let line = limits.lines().find(|line| line.starts_with("Max open files"))?;
    let mut fields = line.trim_start_matches("Max open files").split_whitespace();
    Some((fields.next()?.to_owned(), fields.next()?.to_owned()))
}

#[cfg(target_os = "linux")]
#[tokio::test]
async fn the_program_raises_its_open_files_limit_to_the_hard_one() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("server.db").display());
    let program = env!("CARGO_BIN_EXE_fanorona-server");
    // Started with a low soft limit, as a shell's default of 1,024 would be.
    let child = std::process::Command::new("sh")
        .args([
            "-c",
            r#"ulimit -Sn 256 && exec "$0" "$@""#,
            program,
            "--listen",
            "127.0.0.1:0",
            "--database",
            &database,
        ])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let server = crate::common::Running(child);
    let started = Instant::now();
    loop {
        // Read once the shell has set the limit and become the program.
        let exe = std::fs::read_link(format!("/proc/{}/exe", server.0.id()));
        let started_program = exe.is_ok_and(|exe| exe == std::path::Path::new(program));
        if started_program && let Some((soft, hard)) = open_files_limits(server.0.id()) {
            if hard.parse::<u64>().is_ok_and(|hard| hard <= 256) {
                eprintln!("the hard limit is {hard}: nothing to raise");
                return;
            }
            if soft == hard {
                return;
            }
            assert!(started.elapsed() < PATIENCE, "the soft limit stayed at {soft} (hard {hard})");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
