//! A client of the Fanorona game server's protocol, and a bot that plays through it.
//!
//! - [`client::Client`]: connects to a server's WebSocket, sends messages with ids and pairs the replies with them
//!   (the server's tests play through it).
//! - [`bot`]: the engine of `fanorona-ai` playing online as a bot account through the client (the `fanorona-bot`
//!   program).
//!
//! The server itself does not depend on this crate (only its tests do), so that it neither builds nor links the
//! engine.

pub mod bot;
pub mod client;
pub use fanorona_protocol as protocol;
