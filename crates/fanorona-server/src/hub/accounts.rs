//! Players and their logins: `hello` (a token, a password or a new guest), registering, logging out, and the
//! back-off of wrong passwords and the quota of new guests that keep guessing and flooding cheap.

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::sync::Notify;

use super::connections::ConnectionHandle;
use super::outbox::Outbox;
use super::{Caller, Hub, lock, millis};
use crate::db::PlayerRecord;
use crate::error::{DbError, Refusal};
use crate::protocol::{ErrorCode, PROTOCOL_VERSION, PlayerView, ServerMessage};
use crate::secret;
use crate::throttle::{self, Backoff, LoginKeys};

/// How wrong passwords for one name from one address slow down its next logins from there: 5 free, then a wait of
/// 1 s, doubled at each further wrong one, at most a quarter of an hour. A player logged in on their devices keeps
/// playing (a token is no password); only new password logins wait. Addresses back off alike after
/// [`Limits::login_failures_per_address`](crate::limits::Limits::login_failures_per_address), whatever names they try,
/// and names from anywhere after [`Limits::login_failures_per_name`](crate::limits::Limits::login_failures_per_name).
pub(super) const NAME_BACKOFF: Backoff =
    Backoff { free: 5, first_wait: Duration::from_secs(1), longest_wait: Duration::from_secs(15 * 60) };

/// How long a login (a token) may go unused before it ends: a token found on an old device, or stolen from one,
/// does not work for ever. Each `hello` with it starts the time again.
pub const LOGIN_EXPIRES_AFTER: Duration = Duration::from_secs(180 * 24 * 3600);

/// How often the logins unused for [`LOGIN_EXPIRES_AFTER`] are deleted (those that come back meanwhile are refused
/// anyway).
const LOGIN_PURGE_INTERVAL: Duration = Duration::from_secs(3600);

/// What a `hello` says about who the client is.
#[derive(Clone, Debug)]
pub struct Greeting {
    /// The protocol version the client speaks.
    pub protocol: u32,
    /// A returning player's token.
    pub token: Option<String>,
    /// A new guest's wanted name, or a registered player's name (with `password`).
    pub name: Option<String>,
    /// A registered player's password.
    pub password: Option<String>,
    /// Whether a program plays for the player.
    pub bot: bool,
    /// With a password: the device token that makes this device trusted for the player.
    pub device: Option<String>,
}

impl Hub {
    /// Answers a `hello` on the connection numbered `connection` from `address`, whose messages go to `sender`:
    /// finds the player of the token, or logs in the registered player of the name and password, or creates a guest
    /// with the name (or a generated name). The connection then receives the player's game events (and is closed
    /// through `kicked`). The replies: the welcome, then the warnings moderators gave while the player was away.
    pub async fn hello(
        &self,
        connection: u64,
        address: IpAddr,
        sender: Outbox,
        kicked: Arc<Notify>,
        greeting: Greeting,
    ) -> Result<(Caller, Vec<ServerMessage>), Refusal> {
        let Greeting { protocol, token, name, password, bot, device } = greeting;
        if protocol != PROTOCOL_VERSION {
            let message = format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}");
            return Err(Refusal::new(ErrorCode::UnsupportedProtocol, message));
        }
        let now = self.clock.now_ms();
        let mut trusted = None;
        let (mut player, login, token) = match (token, password) {
            (Some(token), _) => {
                let login = secret::token_hash(&token);
                let refused = || Refusal::new(ErrorCode::BadToken, "no player is logged in with this token");
                let expired_before = now.saturating_sub(millis(LOGIN_EXPIRES_AFTER));
                let player = self.db.session_player(&login, now, expired_before).await?.ok_or_else(refused)?;
                self.refuse_suspended(&player.id, now).await?;
                (player, login, None)
            }
            (None, Some(password)) => {
                let (player, device_trusted) = self.log_in(name.unwrap_or_default(), password, address, device).await?;
                self.refuse_suspended(&player.id, now).await?;
                if !device_trusted {
                    trusted = Some(self.trust_device(&player.id, now).await?);
                }
                let token = secret::new_token()?;
                let login = secret::token_hash(&token);
                self.db.create_session(&login, &player.id, now).await?;
                (player, login, Some(token))
            }
            (None, None) => {
                let address = throttle::address_key(address);
                if let Some(wait) = lock(&self.guests).wait(address, now) {
                    let message = format!(
                        "too many new guests from your address this hour: try again in {} s, or log in",
                        throttle::seconds(wait)
                    );
                    return Err(Refusal::new(ErrorCode::TooManyGuests, message));
                }
                let token = secret::new_token()?;
                let login = secret::token_hash(&token);
                let guest = self.create_guest(name, &login, bot).await?;
                lock(&self.guests).made(address, now);
                (guest, login, Some(token))
            }
        };
        if bot && !player.bot {
            self.db.mark_bot(&player.id).await?;
            player.bot = true;
        }
        let handle = ConnectionHandle { connection, sender, kicked, login: login.clone() };
        // Registered before the games are read: a turn played meanwhile then reaches this connection as an event
        // (a client skips a `played` whose ply its game already has) instead of being missed.
        lock(&self.connections).entry(player.id.clone()).or_default().push(handle);
        let games = self.games_of(&player.id).await;
        let caller = Caller { player: player.id.clone(), connection, login, address };
        let vacation = player.vacation.view(self.clock.now_ms());
        let moderator = self.db.is_moderator(&player.id).await?;
        let welcome = ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION,
            player: PlayerView::from(player),
            token,
            games,
            push_key: Some(self.pusher.public_key().to_owned()),
            vacation,
            device: trusted,
            moderator,
        };
        // A moderator's warnings given while the player was away come right after the welcome.
        let warnings = self.db.take_unseen_warnings(&caller.player).await?;
        let warnings = warnings.into_iter().map(|w| ServerMessage::Warned { reason: w.reason, at_ms: w.at_ms });
        Ok((caller, std::iter::once(welcome).chain(warnings).collect()))
    }

    /// Refuses a player whom a moderator suspended until after `now`.
    async fn refuse_suspended(&self, player: &str, now: i64) -> Result<(), Refusal> {
        match self.db.suspended_until(player, now).await? {
            Some(until) => {
                let hours = (until - now + 3_599_999) / 3_600_000;
                let message = format!("a moderator suspended this account: {hours} hours more");
                Err(Refusal::new(ErrorCode::Suspended, message))
            }
            None => Ok(()),
        }
    }

    /// Ends the caller's login: its token works no more, and every other connection of this process that uses it
    /// is closed (the other processes sharing the database close theirs when they hear of it). The caller's own
    /// connection closes after the reply.
    pub(super) async fn log_out(&self, caller: &Caller) -> Result<ServerMessage, Refusal> {
        self.db.delete_session(&caller.login).await?;
        self.close_login(&caller.login, Some(caller.connection));
        Ok(ServerMessage::LoggedOut)
    }

    /// The registered player `name` if `password` is its password, and whether `device` is a device token trusted
    /// for it. An unknown name costs what a wrong password costs (a hash checked) and counts as one against the name
    /// and the address, so that neither the answer nor its time nor the back-off tells which names are registered.
    pub(super) async fn log_in(
        &self,
        name: String,
        password: String,
        address: IpAddr,
        device: Option<String>,
    ) -> Result<(PlayerRecord, bool), Refusal> {
        let refused = || Refusal::new(ErrorCode::BadLogin, "no registered player has this name and password");
        let now = self.clock.now_ms();
        let (name_key, address) = (name.to_lowercase(), throttle::address_key(address));
        // Refused before any query while this process knows that the name waits from this address, or the address
        // does: a flood's guesses then cost nothing but this.
        let known = lock(&self.logins).wait(&LoginKeys::new(&name_key, address, None).local(), now);
        known.map_or(Ok(()), |wait| Err(throttled(wait)))?;
        let found = self.db.registered(&name).await?;
        // Looked up for an unknown name too (as nobody's), so that the time taken tells no names apart.
        let device = device.map(|token| secret::token_hash(&token));
        let player_id = found.as_ref().map_or("", |(player, _)| player.id.as_str());
        let expired_before = now.saturating_sub(millis(LOGIN_EXPIRES_AFTER));
        let trusted = match &device {
            Some(hash) => self.db.device_trusted(hash, player_id, now, expired_before).await?,
            None => false,
        };
        let keys = LoginKeys::new(&name_key, address, device.as_deref().filter(|_| trusted));
        // Refused before the hash while a count waits, as every process and restart sees it.
        let waits = self.db.login_waits(&keys.all()).await?;
        {
            let mut known = lock(&self.logins);
            for (key, until) in &waits {
                known.set(key, *until, now);
            }
            known.wait(&keys.all(), now).map_or(Ok(()), |wait| Err(throttled(wait)))?;
        }
        let hash = found.as_ref().map_or(secret::DUMMY_HASH, |(_, hash)| hash.as_str()).to_owned();
        let (logins, clock, hashes) = (Arc::clone(&self.logins), Arc::clone(&self.clock), Arc::clone(&self.hashes));
        let check_keys = keys.clone();
        let checked = self.hashing.run(move || {
            // Looked at again when the check's turn comes: the guesses queued behind a flood are then refused
            // without a hash once the flood's first wrong ones have set the wait.
            if let Some(wait) = lock(&logins).wait(&check_keys.all(), clock.now_ms()) {
                return Err(throttled(wait));
            }
            hashes.fetch_add(1, Ordering::Relaxed);
            Ok(secret::password_matches(&password, &hash))
        });
        let matches = checked.await.ok_or_else(Refusal::busy)??;
        let now = self.clock.now_ms();
        match found {
            Some((player, _)) if matches => {
                let cleared = keys.cleared_by_success();
                self.db.forget_login_failures(&cleared).await?;
                let mut known = lock(&self.logins);
                for key in cleared {
                    known.set(key, 0, now);
                }
                Ok((player, trusted))
            }
            _ => {
                let forget_before = now.saturating_sub(millis(throttle::FORGET_AFTER));
                for (key, backoff) in keys.with_backoffs(&self.login_backoffs) {
                    let until = move |failures| throttle::blocked_until(backoff, failures, now);
                    let until = self.db.count_login_failure(key, now, forget_before, until).await?;
                    lock(&self.logins).set(key, until, now);
                }
                Err(refused())
            }
        }
    }

    /// A new device token trusted for `player` from `now` on (its hash stored).
    async fn trust_device(&self, player: &str, now: i64) -> Result<String, Refusal> {
        let token = secret::new_token()?;
        self.db.trust_device(&secret::token_hash(&token), player, now).await?;
        Ok(token)
    }

    /// Makes the caller, a guest, a registered player named `name` with `password`.
    pub(super) async fn register(
        &self,
        caller: &Caller,
        name: String,
        password: String,
    ) -> Result<ServerMessage, Refusal> {
        check_name(&name)?;
        if !(8..=128).contains(&password.len()) {
            return Err(Refusal::new(ErrorCode::BadPassword, "a password is 8 to 128 bytes"));
        }
        // The refusals the database can tell at once come before the hash (19 MiB and tens of milliseconds): a taken
        // name tried again and again costs a query each, not a hash. The update below still refuses both, should
        // another request have taken the name meanwhile.
        if self.current(caller).await?.registered {
            return Err(Refusal::new(ErrorCode::AlreadyRegistered, "you are registered already"));
        }
        if self.db.name_taken(&name, &caller.player, self.clock.now_ms()).await? {
            return Err(Refusal::new(ErrorCode::NameTaken, "another player has that name"));
        }
        let hashes = Arc::clone(&self.hashes);
        let hashed = self.hashing.run(move || {
            hashes.fetch_add(1, Ordering::Relaxed);
            secret::password_hash(&password)
        });
        let hash = hashed.await.ok_or_else(Refusal::busy)??;
        match self.db.register(&caller.player, &name, &hash).await {
            Ok(true) => {
                let player = PlayerView::from(self.current(caller).await?);
                let device = Some(self.trust_device(&caller.player, self.clock.now_ms()).await?);
                Ok(ServerMessage::Registered { player, device })
            }
            Ok(false) => Err(Refusal::new(ErrorCode::AlreadyRegistered, "you are registered already")),
            Err(DbError::Duplicate) => Err(Refusal::new(ErrorCode::NameTaken, "another player has that name")),
            Err(error) => Err(error.into()),
        }
    }

    /// How many passwords this hub hashed or checked (the tests count them).
    pub fn password_hashes(&self) -> u64 {
        self.hashes.load(Ordering::Relaxed)
    }

    /// Deletes the logins unused for [`LOGIN_EXPIRES_AFTER`], at most every [`LOGIN_PURGE_INTERVAL`] of the server's
    /// clock (the lobby's sweep calls it).
    pub(super) async fn purge_logins(&self, now: i64) {
        if now >= self.next_purge.load(Ordering::Relaxed) {
            self.next_purge.store(now.saturating_add(millis(LOGIN_PURGE_INTERVAL)), Ordering::Relaxed);
            let expired_before = now.saturating_sub(millis(LOGIN_EXPIRES_AFTER));
            if let Err(error) = self.db.delete_sessions_unused_since(expired_before).await {
                // They are refused when they come back all the same: only their rows stay a while longer.
                tracing::error!("expired logins not deleted: {error}");
            }
            if let Err(error) = self.db.delete_devices_unused_since(expired_before).await {
                tracing::error!("expired trusted devices not deleted: {error}");
            }
            let forget_before = now.saturating_sub(millis(throttle::FORGET_AFTER));
            if let Err(error) = self.db.delete_login_failures_before(forget_before, now).await {
                tracing::error!("old wrong passwords not forgotten: {error}");
            }
            if let Err(error) = self.db.free_held_names(now).await {
                // They are free to take all the same once their time is over: only their rows stay.
                tracing::error!("the names of deleted accounts not freed: {error}");
            }
        }
    }

    /// A new player named `name` (or a generated name) with its first login, the token whose hash is `login`.
    async fn create_guest(&self, name: Option<String>, login: &str, bot: bool) -> Result<PlayerRecord, Refusal> {
        let now = self.clock.now_ms();
        if let Some(name) = name {
            check_name(&name)?;
            // A free name is taken by the insert below; a deleted account's, held a while, is not free.
            if self.db.name_taken(&name, "", now).await? {
                return Err(Refusal::new(ErrorCode::NameTaken, "another player has that name"));
            }
            let player = PlayerRecord::guest(secret::new_id()?, name, bot);
            return match self.db.create_player(&player, login, now).await {
                Ok(()) => Ok(player),
                Err(DbError::Duplicate) => Err(Refusal::new(ErrorCode::NameTaken, "another player has that name")),
                Err(error) => Err(error.into()),
            };
        }
        // A generated name may already exist; a few tries among a million names make a clash vanishingly rare.
        for _ in 0..5 {
            let name = format!("guest-{:06}", secret::below(1_000_000)?);
            let player = PlayerRecord::guest(secret::new_id()?, name, bot);
            match self.db.create_player(&player, login, now).await {
                Ok(()) => return Ok(player),
                Err(DbError::Duplicate) => continue,
                Err(error) => return Err(error.into()),
            }
        }
        Err(Refusal::new(ErrorCode::Internal, "no free guest name was found; please choose a name"))
    }
}

/// Checks a display name: 3 to 20 ASCII letters, digits, `_` or `-` (ASCII only, so that no two names look alike).
fn check_name(name: &str) -> Result<(), Refusal> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if (3..=20).contains(&name.len()) && name.chars().all(allowed) {
        Ok(())
    } else {
        Err(Refusal::new(ErrorCode::BadName, "a name is 3 to 20 letters, digits, _ or -"))
    }
}

/// The refusal of a password login that must wait `wait` milliseconds more.
fn throttled(wait: i64) -> Refusal {
    let message = format!("too many wrong passwords lately: try again in {} s", throttle::seconds(wait));
    Refusal::new(ErrorCode::LoginThrottled, message)
}
