//! The limits of the server's connections: time to say hello, pings and silence, connections per address, HTTP
//! header and idle time.

use std::time::Duration;

/// The limits that keep idle or abandoned connections from holding the server's sockets and file handles.
/// [`Limits::default`] holds the values in service (docs/PROTOCOL.md, docs/DEPLOYMENT.md); tests shorten them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long a WebSocket may stay open without `hello`: then it gets `hello_first` and is closed.
    pub hello_timeout: Duration,
    /// How often the server pings each WebSocket.
    pub ping_interval: Duration,
    /// How long a WebSocket may stay silent (no message, no pong) before it is closed and its player counts as gone.
    pub silence_timeout: Duration,
    /// The most connections (HTTP or WebSocket) open at once from one IP address; more are closed at once.
    pub connections_per_address: usize,
    /// How long a plain HTTP connection may take to send a request's headers, and may stay idle between requests.
    pub header_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            // A minute, not the 10 s first chosen nor the 30 s after: the web game sends `hello` in the frame after
            // its socket opens, and a page's first frames on a slow device (software rendering in the browser test,
            // beside a second page) took 31 s; the web game then sent on a closed socket and had to reconnect.
            hello_timeout: Duration::from_secs(60),
            // Three pings in the silence: a client that misses one or two (a phone waking up) is not dropped.
            ping_interval: Duration::from_secs(15),
            silence_timeout: Duration::from_secs(45),
            // A household or a club behind one NAT address plays a few dozen games at most; one attacker address
            // then holds 32 file handles, not 1,024.
            connections_per_address: 32,
            header_timeout: Duration::from_secs(10),
        }
    }
}
