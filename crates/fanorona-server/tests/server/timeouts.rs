//! Connection limits and timeouts (issue 31, point 3): a WebSocket must greet in time and answer pings, one address
//! may hold only so many connections, and a plain HTTP connection must send its headers in time. Each test shortens
//! the limit it checks to a fraction of a second, or two seconds for the silence of a client that answers pings.
//!
//! These limits run on tokio's clock in the server's own runtime, which the tests cannot move (nor pause: the clients
//! are in another runtime, and a paused runtime would skip its timers ahead while it waits on their network): wall
//! time is the point here. The tests wait for the server to act (a connection closed) rather than for a while, and
//! hold it to act no sooner than its limit and within [`PATIENCE`], ten times the short limits they set.

use std::time::{Duration, Instant};

use fanorona_server::server::Limits;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;

use crate::common::{TestServer, clock};

/// Long enough for any limit of these tests to act, short enough for a failing test to end soon (and shorter than the
/// 5 s a closing connection may wait for its last messages: `spectators.rs` counts on it).
pub const PATIENCE: Duration = Duration::from_secs(3);

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

/// The opcodes of WebSocket frames, RFC 6455.
const TEXT: u8 = 0x1;
const CLOSE: u8 = 0x8;
const PING: u8 = 0x9;

/// A WebSocket opened and greeted by hand on the server, then never read: it answers no ping, as the client of a
/// dropped network or a closed laptop. (tungstenite answers every ping it reads.)
async fn deaf_websocket(server: &TestServer, name: &str) -> tokio::net::TcpStream {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = server.url.trim_start_matches("ws://").trim_end_matches("/ws");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let upgrade = format!(
        "GET /ws HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(upgrade.as_bytes()).await.unwrap();
    // The response's head, a byte at a time so as to read nothing past it.
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        head.push(stream.read_u8().await.unwrap());
    }
    assert!(head.starts_with(b"HTTP/1.1 101"), "{}", String::from_utf8_lossy(&head));
    // A client's frames are masked: a zero mask leaves the text as it is.
    let hello = format!(r#"{{"type":"hello","protocol":2,"name":"{name}","id":1}}"#);
    assert!(hello.len() < 126, "a longer text needs a longer header");
    let mut frame = vec![0x80 | TEXT, 0x80 | hello.len() as u8, 0, 0, 0, 0];
    frame.extend_from_slice(hello.as_bytes());
    stream.write_all(&frame).await.unwrap();
    stream
}

/// The opcodes of the frames a server sent (unmasked), in order.
fn opcodes(mut bytes: &[u8]) -> Vec<u8> {
    let mut found = Vec::new();
    while let [first, second, rest @ ..] = bytes {
        let (header, length) = match second & 0x7f {
            126 => (2, rest.get(..2).map_or(0, |n| u16::from_be_bytes([n[0], n[1]]) as usize)),
            127 => (8, rest.get(..8).map_or(0, |n| u64::from_be_bytes(n.try_into().unwrap()) as usize)),
            length => (0, usize::from(length)),
        };
        found.push(first & 0x0f);
        bytes = rest.get(header + length..).unwrap_or_default();
    }
    found
}

#[tokio::test]
async fn the_server_pings_and_closes_a_websocket_that_goes_silent() {
    use tokio::io::AsyncReadExt;
    // Ten pings in the silence: a reading client answers each within milliseconds, far within the silence even on a
    // busy machine.
    let silence_timeout = Duration::from_secs(2);
    let limits = Limits { ping_interval: Duration::from_millis(200), silence_timeout, ..Limits::default() };
    let server = TestServer::fresh_with_limits(&clock(), limits).await;
    // A client that reads answers each ping (tungstenite does on reading) and stays, silent as its player may be;
    // one that stops reading answers none and is closed as gone. The one that reads greeted first: were its pongs not
    // counted, it would be closed first.
    let mut awake = open(&server).await;
    hello(&mut awake, "alice").await;
    let mut asleep = deaf_websocket(&server, "bob").await;
    let greeted = Instant::now();
    let (mut pings, mut received) = (0, Vec::new());
    tokio::select! {
        biased;
        message = async {
            loop {
                match awake.next().await {
                    Some(Ok(Message::Ping(_))) => pings += 1,
                    other => break other,
                }
            }
        } => panic!("the connection of a client that answers pings ended: {message:?}"),
        read = timeout(silence_timeout + PATIENCE, asleep.read_to_end(&mut received)) => {
            read.expect("the server kept a silent connection open").unwrap();
        }
    }
    let closed_after = greeted.elapsed();
    let frames = opcodes(&received);
    assert!(frames.contains(&TEXT) && frames.contains(&PING) && frames.last() == Some(&CLOSE), "{frames:?}");
    assert!(closed_after >= silence_timeout, "closed {closed_after:?} after its hello");
    assert!(pings > 1, "the reading client got {pings} pings in {closed_after:?}");
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
