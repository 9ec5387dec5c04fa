//! The link to the game server: one WebSocket (`ewebsock`: a thread with tungstenite on the desktop, the browser's
//! WebSocket on the web), polled once a frame and never waited on. The link greets the server with the kept token
//! (or as a new guest) and keeps the token it is given in the settings. While the player wants to be online, a
//! connection that fails or drops is made again by itself, waiting longer after each failure ([`BACKOFF`]); what
//! was sent meanwhile waits for the next welcome.

use std::collections::HashMap;

use bevy::prelude::*;
use fanorona_protocol::{
    ClientMessage, Envelope, ErrorCode, PROTOCOL_VERSION, PlayerView, ServerMessage, websocket_url,
};
use web_time::{Duration, Instant};

use super::{OnlineCommand, refusal};
use crate::AppSystems;
use crate::i18n::Text;
use crate::persistence::settings::{OnlineSettings, Settings};
use crate::persistence::storage::Notices;
use crate::text;

/// The waits before connecting again after a failure, longer each time; the last one repeats.
pub const BACKOFF: [Duration; 6] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
    Duration::from_secs(8),
    Duration::from_secs(15),
    Duration::from_secs(30),
];

/// The largest message read from the server (the desktop's socket refuses larger frames; the server sends far less).
const MAX_MESSAGE: usize = 1 << 20;

/// At most this many messages wait for a connection; older ones go first (lobby refreshes, not turns, pile up).
const OUTBOX_LIMIT: usize = 64;

/// The server of a desktop game when the settings name none: one started on this computer with its defaults.
pub const LOCAL_SERVER: &str = "ws://127.0.0.1:8080/ws";

/// The WebSocket address the settings point at: theirs (written as people write it, see [`websocket_url`]), or by
/// default the page's own server on the web and [`LOCAL_SERVER`] on the desktop.
pub fn server_url(settings: &OnlineSettings) -> String {
    let chosen = settings.server.trim();
    if chosen.is_empty() { default_server() } else { websocket_url(chosen) }
}

#[cfg(target_arch = "wasm32")]
fn default_server() -> String {
    let location = web_sys::window().map(|w| w.location());
    let host = location.as_ref().and_then(|l| l.host().ok()).unwrap_or_default();
    let secure = location.and_then(|l| l.protocol().ok()).is_some_and(|p| p == "https:");
    if host.is_empty() { LOCAL_SERVER.to_owned() } else { format!("{}://{host}/ws", if secure { "wss" } else { "ws" }) }
}

#[cfg(not(target_arch = "wasm32"))]
fn default_server() -> String {
    LOCAL_SERVER.to_owned()
}

/// Where the connection stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LinkState {
    /// Not connected, and not trying to be.
    #[default]
    Offline,
    /// Connecting, or connected and waiting for the server's welcome.
    Connecting,
    /// Welcomed by the server: messages flow.
    Online,
    /// The connection failed or dropped; the next try starts at this instant.
    Waiting(Instant),
}

/// A message for the server. It is sent once the link is welcomed, in the order written.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ToServer(pub ClientMessage);

/// A message from the server: a reply (with the request it answers) or an event.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct FromServer {
    /// The message.
    pub message: ServerMessage,
    /// The request this message answers, if it is a reply.
    pub request: Option<ClientMessage>,
}

/// The state of the link, for the rest of the game and the screens.
#[derive(Resource, Debug, Default)]
pub struct Link {
    state: LinkState,
    /// The player wants to be online: a connection that drops is made again.
    wanted: bool,
    /// Why the last connection failed or was refused, for the screen (put into words there, in the language of the
    /// moment).
    problem: Option<Text>,
    /// The player on the server, once welcomed (kept while reconnecting, to show who is coming back).
    me: Option<PlayerView>,
    next_id: u64,
    /// The id of the `hello` waiting for its welcome.
    hello: Option<u64>,
    /// Messages waiting for the welcome.
    outbox: Vec<ClientMessage>,
    /// Requests sent and not yet answered, by id.
    pending: HashMap<u64, ClientMessage>,
    /// Messages received that were not the protocol's, in this connection (reported once).
    garbage: u32,
    /// Connections that failed since the last welcome.
    failures: u32,
    /// A sign-in to try with the next `hello` (name and password) instead of the token.
    login: Option<(String, String)>,
    /// Whether the last welcome said that the player is a moderator.
    moderator: bool,
}

impl Link {
    /// Where the connection stands.
    pub fn state(&self) -> LinkState {
        self.state
    }

    /// Whether the server has welcomed this connection.
    pub fn is_online(&self) -> bool {
        self.state == LinkState::Online
    }

    /// Who the player is on the server (known from the last welcome).
    pub fn me(&self) -> Option<&PlayerView> {
        self.me.as_ref()
    }

    /// Whether the player is one of the server's moderators (known from the last welcome).
    pub fn is_moderator(&self) -> bool {
        self.moderator
    }

    /// What the connection is doing, in a sentence for the screen (followed there by [`Link::problem`]).
    pub fn describe(&self) -> Text {
        match self.state {
            LinkState::Offline => text!("online-link-offline"),
            LinkState::Connecting => text!("online-link-connecting"),
            LinkState::Online => match &self.me {
                Some(me) => text!("online-link-connected-as", name = &me.name),
                None => text!("online-link-connected"),
            },
            LinkState::Waiting(at) => {
                let seconds = at.saturating_duration_since(Instant::now()).as_secs_f64().ceil();
                let was_online = if self.me.is_some() { "yes" } else { "no" };
                text!("online-link-waiting", was_online = was_online, seconds = seconds, attempt = self.failures + 1)
            }
        }
    }

    /// Why the last connection failed or was refused, in a sentence of its own, while offline or waiting to try
    /// again.
    pub fn problem(&self) -> Option<&Text> {
        match self.state {
            LinkState::Offline | LinkState::Waiting(_) => self.problem.as_ref(),
            LinkState::Connecting | LinkState::Online => None,
        }
    }

    /// Forgets the connection: what was waiting for replies will get none.
    fn drop_connection(&mut self, socket: &mut Socket) {
        socket.0 = None;
        self.hello = None;
        self.pending.clear();
    }

    /// The connection failed or dropped: try again later if the player still wants to be online.
    fn failed(&mut self, socket: &mut Socket, problem: Text) {
        self.drop_connection(socket);
        self.problem = Some(problem);
        self.state = if self.wanted {
            let wait = BACKOFF[(self.failures as usize).min(BACKOFF.len() - 1)];
            self.failures += 1;
            LinkState::Waiting(Instant::now() + wait)
        } else {
            LinkState::Offline
        };
    }

    fn send(&mut self, socket: &mut Socket, message: ClientMessage) -> Option<u64> {
        let (sender, _) = socket.0.as_mut()?;
        self.next_id += 1;
        let id = self.next_id;
        match serde_json::to_string(&Envelope { id: Some(id), message: message.clone() }) {
            Ok(text) => sender.send(ewebsock::WsMessage::Text(text)),
            Err(e) => error!("a message could not be written: {e}"),
        }
        self.pending.insert(id, message);
        Some(id)
    }
}

/// The socket itself: on the web it holds the browser's WebSocket, which may not leave the main thread.
#[derive(Default)]
pub struct Socket(Option<(ewebsock::WsSender, ewebsock::WsReceiver)>);

/// Runs the link.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Link>()
        .init_non_send::<Socket>()
        .add_message::<ToServer>()
        .add_message::<FromServer>()
        .add_systems(Update, (poll_socket, retry).chain().in_set(AppSystems::Input))
        // After the lobby and the game have said what to send this frame.
        .add_systems(Update, send_and_connect.in_set(AppSystems::Presentation));
}

/// Connects to the settings' server (the old connection, if any, is dropped).
fn connect(link: &mut Link, socket: &mut Socket, settings: &Settings) {
    link.drop_connection(socket);
    link.garbage = 0;
    let url = server_url(&settings.online);
    let options = ewebsock::Options { max_incoming_frame_size: MAX_MESSAGE, ..Default::default() };
    match ewebsock::connect(&url, options) {
        Ok(pair) => {
            info!("connecting to {url}");
            socket.0 = Some(pair);
            link.state = LinkState::Connecting;
        }
        Err(e) => {
            warn!("connecting to {url}: {e}");
            link.failed(socket, plain(&e));
        }
    }
}

/// The greeting: a sign-in asked for (name and password), else the kept token, else a new guest with the chosen name
/// (if `with_name`; else one the server makes up).
fn hello(online: &OnlineSettings, login: Option<&(String, String)>, with_name: bool) -> ClientMessage {
    if let Some((name, password)) = login {
        let device = online.devices.get(&name.trim().to_lowercase()).cloned();
        let (name, password) = (Some(name.clone()), Some(password.clone()));
        return ClientMessage::Hello { protocol: PROTOCOL_VERSION, token: None, name, password, bot: false, device };
    }
    let name = online.name.trim();
    let name = (online.token.is_none() && with_name && !name.is_empty()).then(|| name.to_owned());
    let token = online.token.clone();
    ClientMessage::Hello { protocol: PROTOCOL_VERSION, token, name, password: None, bot: false, device: None }
}

/// Reads what the socket has: the opening, messages, errors and the end.
fn poll_socket(
    mut link: ResMut<Link>,
    mut socket: NonSendMut<Socket>,
    mut settings: ResMut<Settings>,
    mut received: MessageWriter<FromServer>,
    mut notices: ResMut<Notices>,
) {
    let link = &mut *link;
    let socket = &mut *socket;
    while let Some(event) = socket.0.as_ref().and_then(|(_, receiver)| receiver.try_recv()) {
        match event {
            ewebsock::WsEvent::Opened => {
                let hello = hello(&settings.online, link.login.as_ref(), true);
                link.hello = link.send(socket, hello);
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                match serde_json::from_str::<Envelope<ServerMessage>>(&text) {
                    Ok(envelope) => receive(link, socket, envelope, &mut settings, &mut received, &mut notices),
                    Err(e) => {
                        warn!("not a message of the server's: {e}");
                        link.garbage += 1;
                        if link.garbage == 1 {
                            notices.problem(text!("online-garbage"));
                        }
                    }
                }
            }
            ewebsock::WsEvent::Message(_) => {}
            ewebsock::WsEvent::Error(e) => {
                warn!("connection to the server: {e}");
                link.failed(socket, plain(&e));
            }
            ewebsock::WsEvent::Closed => link.failed(socket, text!("online-problem-closed")),
        }
    }
}

/// A socket's failure as a player would say it (its own words go to the log), or as the socket said it when it is
/// none of the usual ones.
fn plain(problem: &str) -> Text {
    // The socket's own words (English, from tungstenite or the browser), by the words that tell the cases apart.
    let lower = problem.to_lowercase();
    let says = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    if says(&["unable", "refused"]) {
        text!("online-problem-unreachable")
    } else if says(&["url"]) {
        text!("online-problem-bad-address")
    } else if says(&["reset", "closed", "connection"]) {
        text!("online-problem-cut")
    } else {
        text!("online-problem-other", error = problem)
    }
}

/// Handles one message: the welcome (or a refused greeting) here, everything else passed on.
fn receive(
    link: &mut Link,
    socket: &mut Socket,
    envelope: Envelope<ServerMessage>,
    // The resource itself, not `&mut Settings`: only a changed token marks the settings changed (and saves them).
    settings: &mut ResMut<Settings>,
    received: &mut MessageWriter<FromServer>,
    notices: &mut Notices,
) {
    let request = envelope.id.and_then(|id| link.pending.remove(&id));
    if envelope.id.is_none() || envelope.id != link.hello {
        account_news(link, &envelope.message, settings, notices);
        received.write(FromServer { message: envelope.message, request });
        return;
    }
    link.hello = None;
    hello_answered(link, socket, FromServer { message: envelope.message, request }, settings, received, notices);
}

/// What the link and the settings keep of a message besides the answer to `hello`: an account registered, signed
/// out or deleted, and a moderator's warning.
fn account_news(link: &mut Link, message: &ServerMessage, settings: &mut ResMut<Settings>, notices: &mut Notices) {
    match message {
        ServerMessage::Registered { player, device } => {
            settings.online.account = true;
            settings.online.name = player.name.clone();
            if let Some(device) = device {
                settings.online.devices.insert(player.name.to_lowercase(), device.clone());
            }
            link.me = Some(player.clone());
            notices.say(text!("online-registered", name = &player.name));
        }
        // The server closes the connection next; the next one is a new guest's.
        ServerMessage::LoggedOut | ServerMessage::AccountDeleted => {
            settings.online.token = None;
            settings.online.account = false;
            if *message == ServerMessage::AccountDeleted {
                // The device is trusted for nobody any more, and the name is the server's to hold.
                let name = settings.online.name.to_lowercase();
                settings.online.devices.remove(&name);
                notices.say(text!("online-account-deleted"));
            } else {
                notices.say(text!("online-signed-out"));
            }
            // The registered name is taken: the new guest gets one from the server.
            settings.online.name.clear();
        }
        // A moderator's words, shown as they wrote them.
        ServerMessage::Warned { reason, .. } => notices.problem(text!("online-warned", reason = reason)),
        _ => {}
    }
}

/// The answer to `hello`: a welcome (the player, the login kept, the messages that waited sent), or a refusal, after
/// which the greeting is sent again (as a new guest, or with another name) or the link gives up.
fn hello_answered(
    link: &mut Link,
    socket: &mut Socket,
    answer: FromServer,
    settings: &mut ResMut<Settings>,
    received: &mut MessageWriter<FromServer>,
    notices: &mut Notices,
) {
    let FromServer { message, request } = answer;
    match message {
        ServerMessage::Welcome { player, token, games, protocol, push_key, vacation, device, moderator } => {
            link.moderator = moderator;
            info!("welcomed as {} ({} games in progress)", player.name, games.len());
            if let Some(token) = token {
                settings.online.token = Some(token);
            }
            if link.login.take().is_some() {
                settings.online.account = true;
                settings.online.name = player.name.clone();
                if let Some(device) = device {
                    settings.online.devices.insert(player.name.to_lowercase(), device);
                }
                notices.say(text!("online-signed-in", name = &player.name));
            }
            link.me = Some(player.clone());
            link.state = LinkState::Online;
            link.problem = None;
            link.failures = 0;
            for message in std::mem::take(&mut link.outbox) {
                link.send(socket, message);
            }
            received.write(FromServer {
                message: ServerMessage::Welcome {
                    protocol,
                    player,
                    token: None,
                    games,
                    push_key,
                    vacation,
                    device: None,
                    moderator,
                },
                request,
            });
        }
        // A sign-in that failed, or that must wait after too many wrong passwords, leaves the player as they were.
        ServerMessage::Error { code: code @ (ErrorCode::BadLogin | ErrorCode::LoginThrottled), .. }
            if link.login.take().is_some() =>
        {
            notices.problem(if code == ErrorCode::BadLogin { text!("online-not-signed-in") } else { refusal(code) });
            link.hello = link.send(socket, hello(&settings.online, None, true));
        }
        ServerMessage::Error { code: ErrorCode::BadToken, .. } => {
            // The login ended (logged out elsewhere, or another server): come back as a new guest.
            settings.online.token = None;
            settings.online.account = false;
            notices.say(text!("online-login-ended"));
            link.hello = link.send(socket, hello(&settings.online, None, true));
        }
        ServerMessage::Error { code: code @ (ErrorCode::NameTaken | ErrorCode::BadName), .. } => {
            let reason = if code == ErrorCode::NameTaken { "taken" } else { "invalid" };
            notices.problem(text!("online-name-refused", name = &settings.online.name, reason = reason));
            link.hello = link.send(socket, hello(&settings.online, None, false));
        }
        ServerMessage::Error { code, message } => {
            // The server will not have this game (another protocol version): trying again would not help.
            warn!("the server refused hello: {message}");
            link.wanted = false;
            link.failed(socket, refusal(code));
        }
        other => {
            warn!("the server answered hello with {other:?}");
            link.wanted = false;
            link.failed(socket, text!("online-problem-unexpected"));
        }
    }
}

/// Connects again when the wait after a failure is over.
fn retry(mut link: ResMut<Link>, mut socket: NonSendMut<Socket>, settings: Res<Settings>) {
    if let LinkState::Waiting(at) = link.state
        && Instant::now() >= at
    {
        connect(&mut link, &mut socket, &settings);
    }
}

/// Sends this frame's messages (or keeps them for the welcome), then connects or goes offline as asked.
fn send_and_connect(
    mut link: ResMut<Link>,
    mut socket: NonSendMut<Socket>,
    settings: Res<Settings>,
    mut outgoing: MessageReader<ToServer>,
    mut commands: MessageReader<OnlineCommand>,
) {
    for ToServer(message) in outgoing.read() {
        if link.is_online() {
            link.send(&mut socket, message.clone());
        } else if link.wanted {
            if link.outbox.len() == OUTBOX_LIMIT {
                link.outbox.remove(0);
            }
            link.outbox.push(message.clone());
        }
    }
    for command in commands.read() {
        match command {
            OnlineCommand::Open | OnlineCommand::OpenTournaments if link.state != LinkState::Offline => {}
            OnlineCommand::Open | OnlineCommand::OpenTournaments | OnlineCommand::Connect => {
                link.wanted = true;
                link.problem = None;
                link.failures = 0;
                connect(&mut link, &mut socket, &settings);
            }
            OnlineCommand::SignIn { name, password } => {
                link.login = Some((name.trim().to_owned(), password.clone()));
                link.wanted = true;
                link.failures = 0;
                connect(&mut link, &mut socket, &settings);
            }
            OnlineCommand::Close => {
                // What was just sent goes first: the socket's thread sends what it has before it closes.
                link.wanted = false;
                link.outbox.clear();
                link.drop_connection(&mut socket);
                link.state = LinkState::Offline;
                link.problem = None;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::plain;
    use crate::text;

    #[test]
    fn socket_failures_read_as_a_player_would_say_them() {
        let refused = "Connect: URL error: Unable to connect to ws://127.0.0.1:8080/ws";
        assert_eq!(plain(refused), text!("online-problem-unreachable"));
        let reset = "read: WebSocket protocol error: Connection reset without closing handshake";
        assert_eq!(plain(reset), text!("online-problem-cut"));
        assert_eq!(plain("Failed to parse URL \"x y\": invalid"), text!("online-problem-bad-address"));
        assert_eq!(plain("something new"), text!("online-problem-other", error = "something new"));
    }
}
