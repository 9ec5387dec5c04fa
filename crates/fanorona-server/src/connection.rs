//! One WebSocket connection: reads the client's messages, checks size, rate and form, and hands them to the hub.

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::Value;
use tokio::sync::Notify;
use tokio::time::Instant;

use crate::clock::{Clock, millis};
use crate::error::Refusal;
use crate::hub::{self, Caller, Greeting, Hub, Outbox, Outgoing};
use crate::limits::Limits;
use crate::protocol::{ClientMessage, Envelope, ErrorCode, MAX_MESSAGE_BYTES, ServerMessage};

/// Messages a connection may send per second on average.
pub const RATE_PER_SECOND: f64 = 20.0;

/// Messages a connection may send at once after a quiet spell.
pub const RATE_BURST: f64 = 40.0;

/// The most characters of an unknown message type that the error quotes: enough to recognise a typing error, too
/// few to echo a flood back.
const QUOTED_TYPE_CHARS: usize = 32;

/// How long the last messages of a closing connection may take to go out, on [`Limits::connection_clock`].
const CLOSE_GRACE: Duration = Duration::from_secs(5);

/// Numbers the connections of this process, so that the hub can tell them apart.
static NEXT_CONNECTION: AtomicU64 = AtomicU64::new(1);

/// A token bucket: each message takes a token; tokens come back at a steady rate up to the burst.
#[derive(Debug)]
struct RateLimit {
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    fn new() -> RateLimit {
        RateLimit { tokens: RATE_BURST, last: Instant::now() }
    }

    fn allow(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * RATE_PER_SECOND).min(RATE_BURST);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Serves one connection until the client closes it (or it fails, or it is too slow to keep up, or it says no
/// `hello` in time, or it goes silent: `limits`, whose deadlines run on [`Limits::connection_clock`]).
pub async fn serve(socket: WebSocket, address: IpAddr, hub: Arc<Hub>, limits: Limits) {
    let connection = NEXT_CONNECTION.fetch_add(1, Ordering::Relaxed);
    let _open = hub.metrics().connection_opened();
    let clock = Arc::clone(&limits.connection_clock);
    let (sink, mut stream) = socket.split();
    let (sender, outgoing) = hub::outbox();
    let opened = clock.now_ms();
    let mut writer = tokio::spawn(write(sink, outgoing, Arc::clone(&clock), opened, millis(limits.ping_interval)));
    let kicked = Arc::new(Notify::new());
    let mut state = State {
        hub: &hub,
        sender,
        kicked: Arc::clone(&kicked),
        connection,
        address,
        caller: None,
        rate: RateLimit::new(),
    };
    let hello_deadline = opened.saturating_add(millis(limits.hello_timeout));
    let mut heard = opened;
    loop {
        let silence_deadline = heard.saturating_add(millis(limits.silence_timeout));
        // Which deadline comes first is settled before the wait: its end then says which one passed, without reading
        // again a clock that may have been set back meanwhile.
        let hello_due = state.caller.is_none() && hello_deadline <= silence_deadline;
        let deadline = if hello_due { hello_deadline } else { silence_deadline };
        // Biased, the kick first: a connection whose login ended must not act on a message that arrived as the
        // kick did (a busy machine wakes this task only once both are there).
        let message = tokio::select! {
            biased;
            () = kicked.notified() => break,
            message = stream.next() => match message {
                Some(Ok(message)) => message,
                _ => break,
            },
            () = clock.sleep_until(deadline) => {
                // A connection that never greets holds a socket for nothing; one that went silent (not even a pong)
                // is gone, and its player's games get the reconnection grace from here.
                if hello_due {
                    let message = format!("no hello within {:?}; the connection closes", limits.hello_timeout);
                    state.refuse(None, Refusal::new(ErrorCode::HelloFirst, message));
                }
                break;
            }
        };
        heard = clock.now_ms();
        if !state.take(message).await {
            break;
        }
    }
    if let Some(caller) = &state.caller {
        hub.disconnect(&caller.player, connection).await;
    }
    drop(state);
    // The writer ends once every sender is gone, after the last replies went out; a client that does not read them
    // (the kicked one, most likely) is not waited for.
    let grace = clock.sleep_until(clock.now_ms().saturating_add(millis(CLOSE_GRACE)));
    tokio::select! {
        _ = &mut writer => {}
        () = grace => writer.abort(),
    }
}

/// The connection's one writer: the replies of this connection and the hub's events for its player share one queue,
/// in order, with a ping every `ping_interval` milliseconds from `opened` on; ends when the queue's senders are gone
/// or the socket fails, closing the socket.
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut outgoing: Outgoing,
    clock: Arc<dyn Clock>,
    opened: i64,
    ping_interval: i64,
) {
    // The pings get a pong from a live client even when its player is thinking: its silence then means that the
    // connection is gone (a dropped Wi-Fi, a closed laptop), which TCP alone would notice only much later.
    let mut ping = clock.sleep_until(opened.saturating_add(ping_interval));
    loop {
        tokio::select! {
            text = outgoing.recv() => {
                let Some(text) = text else { break };
                // Counted off only once the socket took it: a client that does not read holds it up to here.
                let size = text.len();
                let sent = sink.send(Message::Text(text.into())).await;
                outgoing.sent(size);
                if sent.is_err() {
                    break;
                }
            }
            () = &mut ping => {
                // The next a whole interval after this one: a ping sent late (by a busy server, or after a clock
                // moved by hours at once) is not followed at once by those missed meanwhile.
                ping = clock.sleep_until(clock.now_ms().saturating_add(ping_interval));
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
    // The reader ended: close politely; failing that, the connection is gone anyway.
    let _ = sink.close().await;
}

/// What a connection knows between messages.
struct State<'a> {
    hub: &'a Hub,
    sender: Outbox,
    /// Told when the hub drops this connection for being too slow.
    kicked: Arc<Notify>,
    connection: u64,
    /// Where the connection comes from.
    address: IpAddr,
    /// The player, once `hello` was answered.
    caller: Option<Caller>,
    rate: RateLimit,
}

impl State<'_> {
    /// Sends a message to this connection; false if the connection is gone or too far behind.
    fn send(&self, id: Option<u64>, message: ServerMessage) -> bool {
        match serde_json::to_string(&Envelope { id, message }) {
            Ok(text) => self.sender.try_send(text),
            Err(error) => {
                tracing::error!("a reply could not be written: {error}");
                true
            }
        }
    }

    fn refuse(&self, id: Option<u64>, refusal: Refusal) -> bool {
        self.hub.metrics().refused(refusal.code);
        self.send(id, ServerMessage::Error { code: refusal.code, message: refusal.message })
    }

    /// Acts on one message of the client's (a pong only counted, a text within the rate limit received); false when
    /// the connection is to close.
    async fn take(&mut self, message: Message) -> bool {
        match message {
            Message::Close(_) => false,
            // axum answers pings itself; a pong (or any message) only shows that the client is there.
            Message::Ping(_) => true,
            Message::Pong(_) => {
                self.hub.metrics().pong_received();
                true
            }
            _ if !self.rate.allow() => {
                // The request's id, if it has one, so that a client waiting for the reply hears of the refusal.
                let id = match &message {
                    Message::Text(text) if text.len() <= MAX_MESSAGE_BYTES => request_id(text.as_str()),
                    _ => None,
                };
                self.refuse(id, Refusal::new(ErrorCode::RateLimited, "too many messages; slow down"))
            }
            Message::Binary(_) => {
                self.refuse(None, Refusal::new(ErrorCode::BadJson, "messages are JSON text, not binary"))
            }
            Message::Text(text) => self.receive(text.as_str()).await,
        }
    }

    /// Reads one text message and answers it; false when the connection should close.
    async fn receive(&mut self, text: &str) -> bool {
        if text.len() > MAX_MESSAGE_BYTES {
            let message = format!("a message is at most {MAX_MESSAGE_BYTES} bytes; this one has {}", text.len());
            return self.refuse(None, Refusal::new(ErrorCode::TooLarge, message));
        }
        let value: Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(error) => return self.refuse(None, Refusal::new(ErrorCode::BadJson, format!("not JSON: {error}"))),
        };
        let id = value.get("id").and_then(Value::as_u64);
        let message = match ClientMessage::deserialize(&value) {
            Ok(message) => message,
            Err(error) => return self.refuse(id, misread(&value, &error)),
        };
        let replies = match (&self.caller, message) {
            (None, ClientMessage::Hello { protocol, token, name, password, bot, device }) => {
                let greeting = Greeting { protocol, token, name, password, bot, device };
                let (sender, kicked) = (self.sender.clone(), Arc::clone(&self.kicked));
                let address = self.address;
                self.hub.hello(self.connection, address, sender, kicked, greeting).await.map(|(caller, replies)| {
                    self.caller = Some(caller);
                    replies
                })
            }
            (None, _) => Err(Refusal::new(ErrorCode::HelloFirst, "the first message must be hello")),
            (Some(caller), message) => self.hub.handle(caller, message).await,
        };
        match replies {
            Ok(replies) => {
                // A connection whose login ended (or whose account went) closes once it has sent the reply.
                let logged_out =
                    matches!(replies.first(), Some(ServerMessage::LoggedOut | ServerMessage::AccountDeleted));
                let mut id = id;
                replies.into_iter().all(|reply| self.send(id.take(), reply)) && !logged_out
            }
            Err(refusal) => self.refuse(id, refusal),
        }
    }
}

/// The `id` of a request, read without reading the rest (for a refusal that does not read the message).
fn request_id(text: &str) -> Option<u64> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: Option<u64>,
    }
    serde_json::from_str::<Id>(text).ok()?.id
}

/// The refusal of a JSON object that is no client message: `unknown_type` when its `type` is missing or none of
/// the protocol's (quoting at most [`QUOTED_TYPE_CHARS`] of it), `bad_message` when a known type has missing or wrong
/// fields (a wrong variant or time control among them).
fn misread(value: &Value, error: &serde_json::Error) -> Refusal {
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        return Refusal::new(ErrorCode::UnknownType, "a message needs a \"type\" naming one of the protocol's");
    };
    // A known type read alone fails on its first missing field (or succeeds: `logout`); an unknown one fails on the
    // tag. serde words that "unknown variant `x`, expected one of ...", for the tag and for a field's value alike,
    // which is why the tag is tried on its own.
    let alone = serde_json::from_value::<ClientMessage>(serde_json::json!({ "type": kind }));
    if alone.is_err_and(|e| e.to_string().starts_with("unknown variant")) {
        let quoted = shortened(kind, QUOTED_TYPE_CHARS);
        return Refusal::new(ErrorCode::UnknownType, format!("no message has the type {quoted:?}"));
    }
    // serde quotes a wrong value whole: at most a line of it.
    Refusal::new(ErrorCode::BadMessage, shortened(&error.to_string(), 4 * QUOTED_TYPE_CHARS))
}

/// The first `most` characters of `text`, with an ellipsis if there were more.
fn shortened(text: &str, most: usize) -> String {
    let mut short: String = text.chars().take(most).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}
