//! Who is connected to this process: each player's connections, as the hub reaches them (their outbox and the
//! signal that closes them), and the sending of events to them.

use std::sync::Arc;

use tokio::sync::Notify;

use super::outbox::Outbox;
use super::{Caller, Hub, lock};
use crate::protocol::{Envelope, ServerMessage};

/// One connection of a player, as the hub reaches it.
#[derive(Clone, Debug)]
pub struct ConnectionHandle {
    /// The connection's number, unique in this process.
    pub connection: u64,
    /// Where its outgoing messages (JSON text) go.
    pub sender: Outbox,
    /// Told when the connection falls too far behind, or its login ends, to close it.
    pub kicked: Arc<Notify>,
    /// The hash of the token of the login the connection said hello with.
    pub login: String,
}

impl Hub {
    /// Forgets a connection that closed. When it was the player's last here, the player's open challenges are marked
    /// seen now: they are dropped [`CHALLENGE_ABANDONED_AFTER`](super::CHALLENGE_ABANDONED_AFTER) from now unless the player comes back.
    pub async fn disconnect(&self, player: &str, connection: u64) {
        // The games it watched send it nothing more (their lists would otherwise keep it, and its queue, until their
        // next event: the connection's writer waited for that, and its close took 5 s).
        let watched = lock(&self.watching).remove(&connection).unwrap_or_default();
        for id in watched {
            let slot = lock(&self.games).get(&id).cloned();
            if let Some(slot) = slot {
                slot.live.lock().await.watchers.retain(|s| s.connection != connection);
            }
        }
        let gone = {
            let mut connections = lock(&self.connections);
            let Some(list) = connections.get_mut(player) else { return };
            list.retain(|s| s.connection != connection);
            let gone = list.is_empty();
            if gone {
                connections.remove(player);
            }
            gone
        };
        if gone && let Err(error) = self.db.touch_challenges(&[player.to_owned()], self.clock.now_ms()).await {
            // The last sweep's mark stands: the challenges go a few seconds early at worst.
            tracing::error!("challenges of {player} not marked seen: {error}");
        }
    }

    /// Closes every connection of this process that uses the login whose token has the hash `login`, but `except`.
    pub fn close_login(&self, login: &str, except: Option<u64>) {
        let mut connections = lock(&self.connections);
        for list in connections.values_mut() {
            list.retain(|handle| {
                let closed = handle.login == login && Some(handle.connection) != except;
                if closed {
                    handle.kicked.notify_one();
                }
                !closed
            });
        }
        connections.retain(|_, list| !list.is_empty());
    }

    /// Whether `player` has a connection to this process.
    pub(super) fn is_connected(&self, player: &str) -> bool {
        lock(&self.connections).contains_key(player)
    }

    /// Sends `message` to every connection of `player` on this process.
    pub(super) fn tell(&self, player: &str, message: &ServerMessage) {
        let Some(text) = event_text(message) else { return };
        if let Some(list) = lock(&self.connections).get_mut(player) {
            deliver(list, None, &text);
        }
    }

    /// Sends `message` to every connection of `players` on this process and to `watchers`, but `except`. A
    /// connection too slow to take it is dropped: its client reconnects and gets the game back with `hello`.
    pub(super) fn tell_all(
        &self,
        players: &[String],
        watchers: &mut Vec<ConnectionHandle>,
        except: Option<u64>,
        message: &ServerMessage,
    ) {
        let Some(text) = event_text(message) else { return };
        let mut connections = lock(&self.connections);
        for player in players {
            if let Some(list) = connections.get_mut(player) {
                deliver(list, except, &text);
            }
        }
        deliver(watchers, except, &text);
    }

    /// The caller's connection, to send it a game's events.
    pub(super) fn handle_of(&self, caller: &Caller) -> Option<ConnectionHandle> {
        let connections = lock(&self.connections);
        connections.get(&caller.player)?.iter().find(|s| s.connection == caller.connection).cloned()
    }
}

/// A message the server sends unasked, as JSON text (none, logged, if it cannot be written).
fn event_text(message: &ServerMessage) -> Option<String> {
    serde_json::to_string(&Envelope { id: None, message })
        .map_err(|error| tracing::error!("a message could not be written: {error}"))
        .ok()
}

/// Sends `text` to every connection of `list` but `except`, and drops (and kicks) those that cannot take it: too slow,
/// or closed.
fn deliver(list: &mut Vec<ConnectionHandle>, except: Option<u64>, text: &str) {
    list.retain(|handle| {
        let kept = Some(handle.connection) == except || handle.sender.try_send(text.to_owned());
        if !kept {
            handle.kicked.notify_one();
        }
        kept
    });
}
