//! The limits of the server's connections: time to say hello, pings and silence (and the clock they run on),
//! connections per address, HTTP header and idle time, the web pages that may open a WebSocket, and what one address
//! may do: new guests, wrong passwords.

use std::sync::Arc;
use std::time::Duration;

use crate::clock::{Clock, SystemClock};

/// The limits that keep idle or abandoned connections from holding the server's sockets and file handles.
/// [`Limits::default`] holds the values in service (docs/PROTOCOL.md, docs/DEPLOYMENT.md); tests shorten them.
#[derive(Clone, Debug)]
pub struct Limits {
    /// How long a WebSocket may stay open without `hello`: then it gets `hello_first` and is closed.
    pub hello_timeout: Duration,
    /// How often the server pings each WebSocket.
    pub ping_interval: Duration,
    /// How long a WebSocket may stay silent (no message, no pong) before it is closed and its player counts as gone.
    pub silence_timeout: Duration,
    /// The clock a WebSocket's deadlines run on (the three above, and the grace of its last messages): the system's
    /// in service. Not the game clock the server is configured with: tests move that one by hours
    /// between two messages of clients that read only when told to, which would leave no connection a chance to
    /// answer a ping; a test of these deadlines gives a clock of its own, moved by hand.
    pub connection_clock: Arc<dyn Clock>,
    /// The most connections (HTTP or WebSocket) open at once from one IP address; more are closed at once.
    pub connections_per_address: usize,
    /// How long a plain HTTP connection may take to send a request's headers, and may stay idle between requests.
    pub header_timeout: Duration,
    /// The most new guests one address (an IPv6 address's /64) may make in an hour; one more `hello` without a
    /// token is refused with `too_many_guests`.
    pub guests_per_address_per_hour: u32,
    /// The wrong passwords one address may send in a row before it must wait (`login_throttled`), a second, then
    /// twice as long at each further one.
    pub login_failures_per_address: u32,
    /// The wrong passwords for one name, from anywhere, before its logins from devices not trusted for it must wait
    /// (as an address's): high, so that one address guessing as fast as its own back-off lets it needs about four
    /// hours to make the name wait (5 at once, 10 more in 17 minutes, then one every quarter of an hour), while the
    /// owner's trusted devices never wait for it.
    pub login_failures_per_name: u32,
    /// The web pages (origins, such as `https://fanorona.example.org`) besides the server's own that may open a
    /// WebSocket: a browser says which page opens one in `Origin`, and a page from elsewhere is refused (403) so
    /// that it cannot play as its visitor. A client that sends no `Origin` (the desktop game, the bot) is let in.
    pub allowed_origins: Vec<String>,
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
            connection_clock: Arc::new(SystemClock),
            // A household or a club behind one NAT address plays a few dozen games at most; one attacker address
            // then holds 32 file handles, not 1,024.
            connections_per_address: 32,
            header_timeout: Duration::from_secs(10),
            // A family or a club behind one address starts a few guests an evening; a script started 300 in 0.8 s.
            guests_per_address_per_hour: 10,
            // Twice a name's allowance (5): players behind one address mistype their own passwords too.
            login_failures_per_address: 10,
            login_failures_per_name: 30,
            allowed_origins: Vec::new(),
        }
    }
}

/// Reads an origin as `--allowed-origin` takes it (`https://host[:port]`), in the form browsers send: lower case,
/// without a path or a trailing slash.
pub fn parse_origin(text: &str) -> Result<String, String> {
    let origin = text.trim().trim_end_matches('/').to_ascii_lowercase();
    let host = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://"));
    match host {
        Some(host) if !host.is_empty() && !host.contains('/') => Ok(origin),
        _ => Err(format!(
            "an origin is http:// or https:// and a host (with its port if not the usual one), not {text:?}"
        )),
    }
}
