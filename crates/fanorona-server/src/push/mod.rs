//! Web Push (RFC 8030): the notifications that tell players of their correspondence games while the game is closed.
//!
//! A browser subscribes with the server's public key (`vapid`) and sends the subscription, checked by
//! `subscription` before it is stored. When something happens that a player may be told of (a [`Notice`]), the hub
//! hands it to the [`Pusher`]'s queue and goes on: a task of its own reads the player's subscriptions, encrypts the
//! message for each (RFC 8291, `web-push-native`), signs the request (RFC 8292) and posts it to the push service. A
//! turn never waits for a push service, and a push service that answers slowly or not at all holds up nothing but
//! its own messages. A message is best effort: the game itself is the record, and a message that fails is logged
//! and dropped; a subscription whose push service says it is gone (404, 410) is forgotten.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::http::{Request, StatusCode, Uri, header};
use http_body_util::Full;
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use tokio::sync::{Semaphore, mpsc};

use crate::db::{Db, SubscriptionRecord};
use crate::error::{DbError, Refusal};
use crate::protocol::{PushEvent, PushMessage, PushSubscription, PushWords};

mod subscription;
mod vapid;

pub use subscription::Services;
use subscription::{BrowserKeys, check};
use vapid::{VapidKeys, origin};

/// The name of the VAPID key among the server's keys in the database.
const VAPID_KEY: &str = "vapid";

/// How many notices may wait to be sent; one more is dropped (and logged) rather than holding up a turn.
const QUEUE: usize = 10_000;

/// How many requests to push services may be under way at once.
const AT_ONCE: usize = 32;

/// How long a push service may take to answer one request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a push service keeps a message for a browser that is offline (its `TTL`): two days, the shortest time a
/// correspondence game gives to answer but one.
const MESSAGE_TTL: Duration = Duration::from_secs(2 * 86_400);

/// How long each request's VAPID token is valid (RFC 8292 allows up to a day).
const TOKEN_VALIDITY: Duration = Duration::from_secs(12 * 3600);

/// What a server needs to send Web Push messages.
#[derive(Clone, Debug)]
pub struct PushConfig {
    /// Who runs the server, for the push services to write to about its traffic (`mailto:` or `https:`): in each
    /// request's VAPID token. Apple's push service refuses requests without a real one.
    pub contact: String,
    /// The push services subscriptions may name besides the browsers' own.
    pub services: Services,
}

impl Default for PushConfig {
    fn default() -> PushConfig {
        PushConfig { contact: "mailto:fanorona-server@localhost".into(), services: Services::default() }
    }
}

/// What a player is told of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Told {
    /// It is their turn.
    Turn,
    /// A challenge is addressed to them.
    Challenge,
    /// They won.
    Won,
    /// They lost.
    Lost,
    /// Nobody won.
    Drawn,
    /// Their time runs out in a day.
    Reminder,
}

impl Told {
    /// The event a subscription chooses to be told of this.
    fn event(self) -> PushEvent {
        match self {
            Told::Turn => PushEvent::Turn,
            Told::Challenge => PushEvent::Challenge,
            Told::Won | Told::Lost | Told::Drawn => PushEvent::Result,
            Told::Reminder => PushEvent::Reminder,
        }
    }

    /// The subscription's words for it.
    fn words(self, words: &PushWords) -> &str {
        match self {
            Told::Turn => &words.turn,
            Told::Challenge => &words.challenge,
            Told::Won => &words.won,
            Told::Lost => &words.lost,
            Told::Drawn => &words.drawn,
            Told::Reminder => &words.reminder,
        }
    }
}

/// Something to tell a player by Web Push.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The player's id.
    pub player: String,
    /// What happened.
    pub told: Told,
    /// The opponent's name.
    pub opponent: String,
    /// The game's (or the challenge's) id.
    pub game: String,
}

/// Sends Web Push messages, from a queue, on a task of its own.
#[derive(Clone, Debug)]
pub struct Pusher {
    queue: mpsc::Sender<Notice>,
    public_key: String,
    services: Services,
}

impl Pusher {
    /// Reads the server's VAPID keys from the database (making them on the first start) and starts the task that
    /// sends messages. `now` is when keys made now are said to be made.
    pub async fn start(db: Db, config: PushConfig, now: i64) -> Result<Pusher, DbError> {
        let made = VapidKeys::generate()?;
        let stored = db.server_key(VAPID_KEY, &made, now).await?;
        let keys = VapidKeys::from_stored(&stored).map_err(|error| DbError::Corrupt(error.to_string()))?;
        let public_key = keys.public().to_owned();
        let connector = hyper_rustls::HttpsConnectorBuilder::new()
            .with_webpki_roots()
            // Plain HTTP only to the services the operator added with an http:// origin.
            .https_or_http()
            .enable_http1()
            .build();
        let client = Client::builder(TokioExecutor::new()).build(connector);
        let (queue, notices) = mpsc::channel(QUEUE);
        let sender = Arc::new(Sender { db, keys, contact: config.contact, client });
        tokio::spawn(deliver(notices, sender));
        Ok(Pusher { queue, public_key, services: config.services })
    }

    /// The public key browsers subscribe with, in base64url.
    pub fn public_key(&self) -> &str {
        &self.public_key
    }

    /// Checks a subscription request; returns its events, each once.
    pub fn check(
        &self,
        subscription: &PushSubscription,
        events: &[PushEvent],
        words: &PushWords,
    ) -> Result<Vec<PushEvent>, Refusal> {
        check(subscription, events, words, &self.services).map(|(_, events)| events)
    }

    /// Queues `notice` to be sent; drops it if the queue is full.
    pub fn tell(&self, notice: Notice) {
        if let Err(error) = self.queue.try_send(notice) {
            tracing::warn!("a push notice was dropped: {error}");
        }
    }
}

/// What the sending task holds.
#[derive(Debug)]
struct Sender {
    db: Db,
    keys: VapidKeys,
    contact: String,
    client: Client<HttpsConnector<HttpConnector>, Full<Bytes>>,
}

/// Sends each notice as it comes, [`AT_ONCE`] requests at most at a time, until the hub is gone.
async fn deliver(mut notices: mpsc::Receiver<Notice>, sender: Arc<Sender>) {
    let under_way = Arc::new(Semaphore::new(AT_ONCE));
    while let Some(notice) = notices.recv().await {
        let subscriptions = match sender.db.subscriptions_of(&notice.player).await {
            Ok(subscriptions) => subscriptions,
            Err(error) => {
                tracing::error!("push subscriptions not read: {error}");
                continue;
            }
        };
        for subscription in subscriptions.into_iter().filter(|s| s.events.contains(&notice.told.event())) {
            // Closed only when the task ends.
            let Ok(permit) = Arc::clone(&under_way).acquire_owned().await else { return };
            let sender = Arc::clone(&sender);
            let notice = notice.clone();
            tokio::spawn(async move {
                sender.send(&subscription, &notice).await;
                drop(permit);
            });
        }
    }
}

impl Sender {
    /// Posts `notice` to `subscription`'s push service, and forgets the subscription if the service says it is gone.
    async fn send(&self, subscription: &SubscriptionRecord, notice: &Notice) {
        let Ok(endpoint) = subscription.endpoint.parse::<Uri>() else {
            tracing::error!("a stored push subscription's endpoint is not an address");
            return;
        };
        let origin = origin(&endpoint);
        let answer = match self.request(&endpoint, subscription, notice) {
            Ok(request) => tokio::time::timeout(REQUEST_TIMEOUT, self.client.request(request)).await,
            Err(error) => {
                tracing::error!("push message to {origin} not made: {error}");
                return;
            }
        };
        // The endpoint is a secret of the browser's (whoever has it may send to it): only its origin is logged.
        match answer {
            Ok(Ok(response)) if response.status().is_success() => {
                tracing::debug!("push message to {origin}: {}", response.status());
            }
            Ok(Ok(response)) if [StatusCode::NOT_FOUND, StatusCode::GONE].contains(&response.status()) => {
                tracing::info!("a push subscription at {origin} is gone ({}): forgotten", response.status());
                if let Err(error) = self.db.drop_subscription(&subscription.endpoint).await {
                    tracing::error!("a gone push subscription not forgotten: {error}");
                }
            }
            Ok(Ok(response)) => tracing::warn!("push message to {origin} refused: {}", response.status()),
            Ok(Err(error)) => tracing::warn!("push message to {origin} not sent: {error}"),
            Err(_) => tracing::warn!("push message to {origin}: no answer in {} s", REQUEST_TIMEOUT.as_secs()),
        }
    }

    /// The request that carries `notice` to `subscription`, at its `endpoint`, encrypted for its browser and signed.
    fn request(
        &self,
        endpoint: &Uri,
        subscription: &SubscriptionRecord,
        notice: &Notice,
    ) -> Result<Request<Full<Bytes>>, String> {
        let keys = BrowserKeys::read(&subscription.keys)?;
        let message = PushMessage {
            title: subscription.words.title.clone(),
            body: notice.told.words(&subscription.words).replace("{opponent}", &notice.opponent),
            event: notice.told.event(),
            game: notice.game.clone(),
        };
        let message = serde_json::to_vec(&message).map_err(|error| error.to_string())?;
        let body = web_push_native::encrypt(message, &keys.public, &keys.auth).map_err(|error| error.to_string())?;
        let expires = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default() + TOKEN_VALIDITY;
        Request::post(endpoint)
            .header("TTL", MESSAGE_TTL.as_secs())
            // A newer message about the same game replaces one the push service still holds for an offline browser.
            .header("Topic", &notice.game)
            .header("Urgency", "normal")
            .header(header::CONTENT_ENCODING, "aes128gcm")
            .header(header::CONTENT_TYPE, "application/octet-stream")
            .header(header::AUTHORIZATION, self.keys.authorization(endpoint, &self.contact, expires.as_secs()))
            .body(Full::new(Bytes::from(body)))
            .map_err(|error| error.to_string())
    }
}
