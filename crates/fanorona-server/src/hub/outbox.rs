//! The queue of messages waiting to go out on one connection, bounded in bytes: a client that does not read holds
//! [`MAX_QUEUED_BYTES`] of the server's memory at most, whatever it asks for.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::mpsc;

/// How many bytes of messages may wait for a slow connection before it is dropped (its client then reconnects and
/// resumes): a client that does not read holds this much of the server's memory at most, whatever it asks for.
pub const MAX_QUEUED_BYTES: usize = 1024 * 1024;

/// What each waiting message counts for besides its text (the queue's bookkeeping and the allocation's), so that a
/// flood of tiny messages is bounded too.
const QUEUED_MESSAGE_OVERHEAD: usize = 64;

/// The messages (JSON text) waiting to go out on one connection, at most [`MAX_QUEUED_BYTES`] of them.
#[derive(Clone, Debug)]
pub struct Outbox {
    sender: mpsc::UnboundedSender<String>,
    /// The bytes waiting, each message with [`QUEUED_MESSAGE_OVERHEAD`]: added here, taken off by [`Outgoing`].
    queued: Arc<AtomicUsize>,
}

/// The other end of an [`Outbox`]: the connection's writer takes its messages from it.
#[derive(Debug)]
pub struct Outgoing {
    receiver: mpsc::UnboundedReceiver<String>,
    queued: Arc<AtomicUsize>,
}

/// A new, empty outbox and its other end.
pub fn outbox() -> (Outbox, Outgoing) {
    let (sender, receiver) = mpsc::unbounded_channel();
    let queued = Arc::new(AtomicUsize::new(0));
    (Outbox { sender, queued: Arc::clone(&queued) }, Outgoing { receiver, queued })
}

impl Outbox {
    /// Queues `text`; false if the connection is gone, or if the messages waiting would pass [`MAX_QUEUED_BYTES`]
    /// (one message alone always fits: the server's messages are bounded, and a reply must be able to go out).
    pub fn try_send(&self, text: String) -> bool {
        let size = text.len() + QUEUED_MESSAGE_OVERHEAD;
        let before = self.queued.fetch_add(size, Ordering::SeqCst);
        if (before > 0 && before + size > MAX_QUEUED_BYTES) || self.sender.send(text).is_err() {
            self.queued.fetch_sub(size, Ordering::SeqCst);
            return false;
        }
        true
    }
}

impl Outgoing {
    /// The next message to send; none once every [`Outbox`] is gone. The caller calls [`Outgoing::sent`] after
    /// sending it.
    pub async fn recv(&mut self) -> Option<String> {
        self.receiver.recv().await
    }

    /// Takes a message of `size` bytes that went out off the queue's count.
    pub fn sent(&self, size: usize) {
        self.queued.fetch_sub(size + QUEUED_MESSAGE_OVERHEAD, Ordering::SeqCst);
    }
}
