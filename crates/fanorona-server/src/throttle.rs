//! What one name or one address may try in a while: a back-off after wrong passwords, and a quota of new guests,
//! on the server's clock. The wrong passwords are counted in the database (`db::logins`), so that every process
//! sharing it and every restart sees them; the quota of guests is kept in memory by each process.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::Duration;

use crate::clock::millis;

/// How long a name or an address stays known after its last wrong password (or its last new guest): its count then
/// starts again from nothing.
pub const FORGET_AFTER: Duration = Duration::from_secs(3600);

/// How many keys a table holds before it forgets those it may forget: the tables are pruned when they pass it, and
/// then when they have doubled since (a table under attack from many addresses is pruned rarely, not on every try).
const PRUNE_ABOVE: usize = 1024;

/// The key under which an address is counted: an IPv4 address as it is, an IPv6 address by its /64 network (one
/// household or host has a whole /64, and would otherwise have 2^64 addresses to try from).
pub fn address_key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::from(segments)
            }
        },
    }
}

/// Seconds to wait for `ms` milliseconds, rounded up (a client told "0 s" would try again at once).
pub fn seconds(ms: i64) -> i64 {
    (ms.max(0) + 999) / 1000
}

/// How wrong passwords slow down the next tries of one key: `free` wrong ones in a row cost nothing; each one after
/// them makes the key wait `first_wait`, twice as long at each further one, never more than `longest_wait`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    /// Wrong passwords without any wait.
    pub free: u32,
    /// The wait after the first wrong password past `free`.
    pub first_wait: Duration,
    /// The longest wait.
    pub longest_wait: Duration,
}

impl Backoff {
    /// The wait after `failures` wrong passwords in a row, in milliseconds (0 within the free ones).
    fn wait_after(&self, failures: u32) -> i64 {
        let Some(past) = failures.checked_sub(self.free).filter(|&past| past > 0) else { return 0 };
        let factor = 1_i64.checked_shl(past - 1).filter(|&factor| factor > 0).unwrap_or(i64::MAX);
        millis(self.first_wait).saturating_mul(factor).min(millis(self.longest_wait))
    }
}

/// The back-offs of password logins, one per count a wrong password goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoginBackoffs {
    /// One name from one address: what stops a guesser.
    pub pair: Backoff,
    /// One address, whatever names it tries.
    pub address: Backoff,
    /// One name from anywhere, on devices not trusted for it: what stops guesses spread over many addresses.
    /// Looser, so that one address cannot make it wait: the owner's other devices are not stopped by one guesser.
    pub name: Backoff,
}

/// The counts a password login is judged by, each a key of the `login_failures` table: the name from the address,
/// the address, and the name from anywhere; from a device trusted for the name, that device instead of the name. A
/// private event's password is judged alike, the event in place of the name ([`LoginKeys::event`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoginKeys {
    /// The name (or the event) from the address.
    pub pair: String,
    /// The address.
    pub address: String,
    /// The name from anywhere (`name:`), or the trusted device (`device:`, by its token's hash), or the event from
    /// anywhere (`event:`).
    pub wide: String,
}

impl LoginKeys {
    /// The keys of a login as `name` (lower-cased) from `address` (its [`address_key`]), from the device whose token
    /// hash is `trusted_device` if it is trusted for the name.
    pub fn new(name: &str, address: IpAddr, trusted_device: Option<&str>) -> LoginKeys {
        LoginKeys {
            pair: format!("pair:{address} {name}"),
            address: format!("address:{address}"),
            wide: trusted_device.map_or_else(|| format!("name:{name}"), |device| format!("device:{device}")),
        }
    }

    /// The keys of a try of the password of the private event `event` from `address` (its [`address_key`]): the
    /// event from the address, the address (the count its logins go to: one address's guesses add up, whatever they
    /// guess), and the event from anywhere, which backs off as a name does. No registered name has a `:`, so no
    /// login's right password clears an event's count.
    pub fn event(event: &str, address: IpAddr) -> LoginKeys {
        LoginKeys {
            pair: format!("pair:{address} event:{event}"),
            address: format!("address:{address}"),
            wide: format!("event:{event}"),
        }
    }

    /// Every key.
    pub fn all(&self) -> [&str; 3] {
        [&self.pair, &self.address, &self.wide]
    }

    /// The keys of the address: the name from it, and it.
    pub fn local(&self) -> [&str; 2] {
        [&self.pair, &self.address]
    }

    /// Every key with the back-off of its count. A trusted device's wrong passwords back off as a pair's: a stolen
    /// device token buys a guesser nothing.
    pub fn with_backoffs(&self, backoffs: &LoginBackoffs) -> [(&str, Backoff); 3] {
        let wide = if self.wide.starts_with("device:") { backoffs.pair } else { backoffs.name };
        [(&self.pair, backoffs.pair), (&self.address, backoffs.address), (&self.wide, wide)]
    }

    /// The keys a right password clears: the name's and the device's. The address's stay, so that an attacker
    /// cannot wipe them by logging in to an account of its own between guesses; they are forgotten an hour after
    /// the last.
    pub fn cleared_by_success(&self) -> [&str; 2] {
        [&self.pair, &self.wide]
    }
}

/// Until when each key of password logins waits, as this process last read or wrote it (the database holds the
/// counts, shared by every process and kept across restarts): consulted again, without a query, when a queued
/// password check's turn comes.
#[derive(Debug)]
pub struct LoginWaits {
    until: HashMap<String, i64>,
    /// The size above which the table is pruned next.
    prune_above: usize,
}

impl Default for LoginWaits {
    fn default() -> LoginWaits {
        LoginWaits { until: HashMap::new(), prune_above: PRUNE_ABOVE }
    }
}

impl LoginWaits {
    /// How many milliseconds a login judged by `keys` must still wait at `now`; none if it may try now.
    pub fn wait(&self, keys: &[&str], now: i64) -> Option<i64> {
        keys.iter().filter_map(|key| self.until.get(*key)).map(|until| until - now).filter(|&w| w > 0).max()
    }

    /// Notes that `key` waits until `until` (as read from the database, or just written), at `now`.
    pub fn set(&mut self, key: &str, until: i64, now: i64) {
        if self.until.len() >= self.prune_above {
            // Memory bounded by the waits under way, which the hashing pool bounds.
            self.until.retain(|_, until| *until > now);
            self.prune_above = (2 * self.until.len()).max(PRUNE_ABOVE);
        }
        if until > now {
            self.until.insert(key.to_owned(), until);
        } else {
            self.until.remove(key);
        }
    }
}

/// When a key that has failed `failures` times in a row at `now` may try again, by `backoff`.
pub fn blocked_until(backoff: Backoff, failures: u32, now: i64) -> i64 {
    now.saturating_add(backoff.wait_after(failures))
}

/// The new guests each address made in the last hour, at most `per_hour` of them.
#[derive(Debug)]
pub struct GuestQuota {
    per_hour: u32,
    made: HashMap<IpAddr, VecDeque<i64>>,
    prune_above: usize,
}

impl GuestQuota {
    /// No guest made yet; each address may make `per_hour` an hour.
    pub fn new(per_hour: u32) -> GuestQuota {
        GuestQuota { per_hour, made: HashMap::new(), prune_above: PRUNE_ABOVE }
    }

    /// How many milliseconds `address` must wait at `now` before it may make a new guest; none if it may now.
    pub fn wait(&mut self, address: IpAddr, now: i64) -> Option<i64> {
        let hour = millis(FORGET_AFTER);
        let made = self.made.get_mut(&address)?;
        while made.front().is_some_and(|&at| now - at >= hour) {
            made.pop_front();
        }
        let full = made.len() >= usize::try_from(self.per_hour).unwrap_or(usize::MAX);
        // The oldest of the hour leaves the count first.
        full.then(|| made.front().map_or(0, |&oldest| oldest + hour - now))
    }

    /// Counts a new guest of `address` at `now`.
    pub fn made(&mut self, address: IpAddr, now: i64) {
        if self.made.len() >= self.prune_above {
            let hour = millis(FORGET_AFTER);
            self.made.retain(|_, made| made.back().is_some_and(|&at| now - at < hour));
            self.prune_above = (2 * self.made.len()).max(PRUNE_ABOVE);
        }
        self.made.entry(address).or_default().push_back(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BACKOFF: Backoff =
        Backoff { free: 5, first_wait: Duration::from_secs(1), longest_wait: Duration::from_secs(900) };

    #[test]
    fn waits_double_after_the_free_failures_up_to_the_longest() {
        let waits: Vec<i64> = (1..=20).map(|n| BACKOFF.wait_after(n)).collect();
        assert_eq!(&waits[..9], &[0, 0, 0, 0, 0, 1000, 2000, 4000, 8000]);
        assert_eq!(waits[19], 900_000);
        assert_eq!(BACKOFF.wait_after(u32::MAX), 900_000);
    }

    #[test]
    fn a_login_is_judged_by_its_name_from_its_address_its_address_and_its_name_or_trusted_device() {
        let address = IpAddr::from([192, 0, 2, 1]);
        let keys = LoginKeys::new("alice", address, None);
        assert_eq!(keys.all(), ["pair:192.0.2.1 alice", "address:192.0.2.1", "name:alice"]);
        let trusted = LoginKeys::new("alice", address, Some("abc"));
        assert_eq!(trusted.all(), ["pair:192.0.2.1 alice", "address:192.0.2.1", "device:abc"]);
        let backoffs = LoginBackoffs {
            pair: BACKOFF,
            address: Backoff { free: 10, ..BACKOFF },
            name: Backoff { free: 30, ..BACKOFF },
        };
        let frees = |keys: &LoginKeys| keys.with_backoffs(&backoffs).map(|(_, backoff)| backoff.free);
        assert_eq!((frees(&keys), frees(&trusted)), ([5, 10, 30], [5, 10, 5]));
        assert_eq!(keys.cleared_by_success(), ["pair:192.0.2.1 alice", "name:alice"]);

        // The longest wait of the three counts; a wait over is forgotten.
        let mut waits = LoginWaits::default();
        waits.set("address:192.0.2.1", blocked_until(BACKOFF, 6, 100), 100);
        waits.set("name:alice", blocked_until(BACKOFF, 7, 100), 100);
        assert_eq!(waits.wait(&keys.all(), 100), Some(2000));
        assert_eq!(waits.wait(&trusted.all(), 100), Some(1000), "a trusted device passes the name's wait");
        assert_eq!(waits.wait(&keys.local(), 100), Some(1000));
        let elsewhere = LoginKeys::new("alice", IpAddr::from([192, 0, 2, 2]), Some("abc"));
        assert_eq!(waits.wait(&elsewhere.all(), 100), None);
        waits.set("name:alice", 0, 200);
        assert_eq!(waits.wait(&keys.all(), 200), Some(900));
        assert_eq!(waits.wait(&keys.all(), 1100), None);
    }

    #[test]
    fn an_events_password_is_judged_by_the_event_from_the_address_the_address_and_the_event() {
        let address = IpAddr::from([192, 0, 2, 1]);
        let keys = LoginKeys::event("0123abcd", address);
        assert_eq!(keys.all(), ["pair:192.0.2.1 event:0123abcd", "address:192.0.2.1", "event:0123abcd"]);
        // The address's count is its logins' count.
        assert_eq!(keys.address, LoginKeys::new("alice", address, None).address);
        let backoffs = LoginBackoffs {
            pair: BACKOFF,
            address: Backoff { free: 10, ..BACKOFF },
            name: Backoff { free: 30, ..BACKOFF },
        };
        assert_eq!(keys.with_backoffs(&backoffs).map(|(_, backoff)| backoff.free), [5, 10, 30]);
    }

    #[test]
    fn an_address_makes_so_many_guests_an_hour() {
        let mut quota = GuestQuota::new(2);
        let address = IpAddr::from([192, 0, 2, 1]);
        assert_eq!(quota.wait(address, 0), None);
        quota.made(address, 0);
        quota.made(address, 1000);
        assert_eq!(quota.wait(address, 2000), Some(3_598_000));
        assert_eq!(quota.wait(IpAddr::from([192, 0, 2, 2]), 2000), None);
        assert_eq!(quota.wait(address, 3_600_000), None, "the first left the hour");
    }

    #[test]
    fn an_ipv6_address_counts_by_its_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key("2001:db8:1:3::1".parse().unwrap()));
        assert_eq!(address_key("::ffff:192.0.2.1".parse().unwrap()), IpAddr::from([192, 0, 2, 1]));
    }
}
