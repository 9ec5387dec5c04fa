//! What one name or one address may try in a while: a back-off after wrong passwords, and a quota of new guests.
//! Kept in memory by each process, on the server's clock (several processes sharing a database each keep their own:
//! an attacker spread over N of them gets N times the tries).

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::IpAddr;
use std::time::Duration;

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

/// A duration in milliseconds of the server's clock.
fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
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

/// The wrong passwords of one key.
#[derive(Clone, Copy, Debug)]
struct Failures {
    /// Wrong passwords in a row (forgotten [`FORGET_AFTER`] after the last).
    count: u32,
    /// When the key may try again, on the server's clock.
    blocked_until: i64,
    /// When the last wrong password came.
    last: i64,
}

/// The back-off of many keys (account names, or addresses).
#[derive(Debug)]
pub struct Throttle<K> {
    backoff: Backoff,
    keys: HashMap<K, Failures>,
    /// The size above which the table is pruned next.
    prune_above: usize,
}

impl<K: Hash + Eq> Throttle<K> {
    /// No key has failed yet.
    pub fn new(backoff: Backoff) -> Throttle<K> {
        Throttle { backoff, keys: HashMap::new(), prune_above: PRUNE_ABOVE }
    }

    /// How many milliseconds `key` must still wait at `now` before it may try a password; none if it may now.
    pub fn wait(&self, key: &K, now: i64) -> Option<i64> {
        let failures = self.keys.get(key)?;
        (failures.blocked_until > now).then(|| failures.blocked_until - now)
    }

    /// Counts a wrong password of `key` at `now`.
    pub fn fail(&mut self, key: K, now: i64) {
        self.prune(now);
        let failures = self.keys.entry(key).or_insert(Failures { count: 0, blocked_until: 0, last: now });
        if now - failures.last >= millis(FORGET_AFTER) {
            failures.count = 0;
        }
        failures.count = failures.count.saturating_add(1);
        failures.last = now;
        failures.blocked_until = now.saturating_add(self.backoff.wait_after(failures.count));
    }

    /// Forgets the wrong passwords of `key` (its password was right).
    pub fn succeed(&mut self, key: &K) {
        self.keys.remove(key);
    }

    /// Forgets the keys whose last wrong password is [`FORGET_AFTER`] old, once the table has grown enough since it
    /// was last pruned: its memory is bounded by the wrong passwords of the last hour, which the hashing pool bounds.
    fn prune(&mut self, now: i64) {
        if self.keys.len() < self.prune_above {
            return;
        }
        let forget = millis(FORGET_AFTER);
        self.keys.retain(|_, failures| failures.blocked_until > now || now - failures.last < forget);
        self.prune_above = (2 * self.keys.len()).max(PRUNE_ABOVE);
    }
}

/// The back-off of password logins: by the name tried (registered or not, so that the answers tell no names
/// apart) and by the address trying.
#[derive(Debug)]
pub struct Logins {
    names: Throttle<String>,
    addresses: Throttle<IpAddr>,
}

impl Logins {
    /// Nobody has failed yet; names back off by `names`, addresses by `addresses`.
    pub fn new(names: Backoff, addresses: Backoff) -> Logins {
        Logins { names: Throttle::new(names), addresses: Throttle::new(addresses) }
    }

    /// How many milliseconds a login as `name` (lower-cased) from `address` (its [`address_key`]) must still wait at
    /// `now`; none if it may try now.
    pub fn wait(&self, (name, address): &(String, IpAddr), now: i64) -> Option<i64> {
        self.names.wait(name, now).max(self.addresses.wait(address, now))
    }

    /// Counts a wrong password (or an unknown name).
    pub fn fail(&mut self, (name, address): (String, IpAddr), now: i64) {
        self.names.fail(name, now);
        self.addresses.fail(address, now);
    }

    /// Forgets the name's wrong passwords: its player logged in. The address's stay, so that an attacker cannot
    /// wipe them by logging in to an account of its own between guesses; they are forgotten an hour after the last.
    pub fn succeed(&mut self, name: &str) {
        self.names.succeed(&name.to_owned());
    }
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
    fn a_key_waits_after_its_free_failures_and_is_forgotten_after_an_hour_or_a_success() {
        let mut throttle = Throttle::new(BACKOFF);
        for now in 0..5 {
            assert_eq!(throttle.wait(&"alice", now), None);
            throttle.fail("alice", now);
        }
        assert_eq!(throttle.wait(&"alice", 10), None, "five are free");
        throttle.fail("alice", 10);
        assert_eq!(throttle.wait(&"alice", 10), Some(1000));
        assert_eq!(throttle.wait(&"bob", 10), None);
        throttle.fail("alice", 1010);
        assert_eq!(throttle.wait(&"alice", 1010), Some(2000));
        throttle.fail("alice", 1010 + 3_600_000);
        assert_eq!(throttle.wait(&"alice", 1010 + 3_600_000), None, "forgotten after an hour: one failure");
        throttle.succeed(&"alice");
        assert!(throttle.keys.is_empty());
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
