//! A client of the protocol: connects, sends messages with ids and pairs replies with them. The tests play through
//! it; a bot can too.

use std::collections::VecDeque;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::protocol::{
    ClientMessage, Envelope, ErrorCode, GameView, PROTOCOL_VERSION, PlayerView, ServerMessage, VacationView,
};

/// How long the client waits for a message before giving up.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// Why a client call failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The WebSocket failed.
    #[error("websocket: {0}")]
    WebSocket(#[from] tungstenite::Error),
    /// The server sent something that is not a message of the protocol.
    #[error("not a server message: {0}")]
    Json(#[from] serde_json::Error),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
    /// No message came within [`TIMEOUT`].
    #[error("no message from the server within {TIMEOUT:?}")]
    Timeout,
    /// The server refused the request.
    #[error("refused ({code:?}): {message}")]
    Refused {
        /// The error's code.
        code: ErrorCode,
        /// The error's message.
        message: String,
    },
    /// The server answered a request with another message than the one expected.
    #[error("unexpected reply: {0:?}")]
    Unexpected(Box<ServerMessage>),
}

impl ClientError {
    /// The code of a refusal.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            ClientError::Refused { code, .. } => Some(*code),
            _ => None,
        }
    }
}

/// The answer to `hello`.
#[derive(Clone, Debug, PartialEq)]
pub struct Welcome {
    /// Who the client plays as.
    pub player: PlayerView,
    /// The token of the login this `hello` opened (a new guest's, or a password login's), to keep.
    pub token: Option<String>,
    /// The player's games in progress.
    pub games: Vec<GameView>,
    /// The server's Web Push key, if it sends Web Push.
    pub push_key: Option<String>,
    /// The player's vacation.
    pub vacation: VacationView,
}

/// A connection to a server.
#[derive(Debug)]
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// Messages read while waiting for a reply, not yet taken by [`Client::next`].
    unread: VecDeque<Envelope<ServerMessage>>,
}

impl Client {
    /// Connects to a server's WebSocket, such as `ws://127.0.0.1:8080/ws`.
    pub async fn connect(url: &str) -> Result<Client, ClientError> {
        let (socket, _) = tokio_tungstenite::connect_async(url).await?;
        Ok(Client { socket, next_id: 1, unread: VecDeque::new() })
    }

    /// Connects as [`Client::connect`] does, from the local address `from`: another loopback address than
    /// 127.0.0.1 (Linux answers on all of 127.0.0.0/8) is another client as far as the server's limits per address
    /// go, which is how the tests play several attackers on one machine.
    pub async fn connect_from(url: &str, from: IpAddr) -> Result<Client, ClientError> {
        let request = url.into_client_request()?;
        let io = |error: std::io::Error| ClientError::WebSocket(tungstenite::Error::Io(error));
        let host = request.uri().host().unwrap_or_default().trim_start_matches('[').trim_end_matches(']').to_owned();
        let port = request.uri().port_u16().unwrap_or(80);
        let mut addresses = tokio::net::lookup_host((host.as_str(), port)).await.map_err(io)?;
        let target = addresses.find(|address| address.is_ipv4() == from.is_ipv4()).ok_or(ClientError::Closed)?;
        let socket = if from.is_ipv4() { TcpSocket::new_v4() } else { TcpSocket::new_v6() }.map_err(io)?;
        socket.bind(SocketAddr::new(from, 0)).map_err(io)?;
        let stream = socket.connect(target).await.map_err(io)?;
        let (socket, _) = tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream)).await?;
        Ok(Client { socket, next_id: 1, unread: VecDeque::new() })
    }

    /// Sends any text, well-formed or not.
    pub async fn send_text(&mut self, text: impl Into<String>) -> Result<(), ClientError> {
        Ok(self.socket.send(Message::text(text.into())).await?)
    }

    /// Sends a message with a new id; returns the id.
    pub async fn send(&mut self, message: ClientMessage) -> Result<u64, ClientError> {
        let id = self.next_id;
        self.next_id += 1;
        self.send_text(serde_json::to_string(&Envelope { id: Some(id), message })?).await?;
        Ok(id)
    }

    /// Sends a message and waits for its reply; an `error` reply is [`ClientError::Refused`]. Other messages that
    /// arrive meanwhile are kept for [`Client::next`].
    pub async fn request(&mut self, message: ClientMessage) -> Result<ServerMessage, ClientError> {
        let id = self.send(message).await?;
        self.reply_to(id).await
    }

    /// Waits for the reply to the message with `id`.
    pub async fn reply_to(&mut self, id: u64) -> Result<ServerMessage, ClientError> {
        loop {
            let envelope = self.read().await?;
            if envelope.id != Some(id) {
                self.unread.push_back(envelope);
                continue;
            }
            return match envelope.message {
                ServerMessage::Error { code, message } => Err(ClientError::Refused { code, message }),
                reply => Ok(reply),
            };
        }
    }

    /// The next message from the server (replies and events alike), oldest first.
    pub async fn next(&mut self) -> Result<Envelope<ServerMessage>, ClientError> {
        match self.unread.pop_front() {
            Some(envelope) => Ok(envelope),
            None => self.read().await,
        }
    }

    /// Says hello: as a new guest without a token (named `name`, or a generated name), else as the token's player.
    pub async fn hello(&mut self, token: Option<&str>, name: Option<&str>) -> Result<Welcome, ClientError> {
        self.greet(token, name, None, false).await
    }

    /// Says hello as the registered player `name`.
    pub async fn log_in(&mut self, name: &str, password: &str) -> Result<Welcome, ClientError> {
        self.greet(None, Some(name), Some(password), false).await
    }

    /// Says hello with every field of `hello`: a token, or a name and password, or a new guest's name, or none;
    /// `bot` marks the player a bot.
    pub async fn greet(
        &mut self,
        token: Option<&str>,
        name: Option<&str>,
        password: Option<&str>,
        bot: bool,
    ) -> Result<Welcome, ClientError> {
        let [token, name, password] = [token, name, password].map(|field| field.map(str::to_owned));
        let hello = ClientMessage::Hello { protocol: PROTOCOL_VERSION, token, name, password, bot, device: None };
        match self.request(hello).await? {
            ServerMessage::Welcome { player, token, games, push_key, vacation, .. } => {
                Ok(Welcome { player, token, games, push_key, vacation })
            }
            other => Err(ClientError::Unexpected(Box::new(other))),
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) -> Result<(), ClientError> {
        Ok(self.socket.close(None).await?)
    }

    async fn read(&mut self) -> Result<Envelope<ServerMessage>, ClientError> {
        loop {
            let message = tokio::time::timeout(TIMEOUT, self.socket.next()).await.map_err(|_| ClientError::Timeout)?;
            match message.ok_or(ClientError::Closed)?? {
                Message::Text(text) => return Ok(serde_json::from_str(text.as_str())?),
                Message::Close(_) => return Err(ClientError::Closed),
                Message::Binary(_) | Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
            }
        }
    }
}
