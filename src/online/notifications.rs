//! Web Push notifications of correspondence games, in the web game: the player turns them on for this device and
//! chooses what they are told of; the browser asks the player's leave, subscribes with the server's key, and the
//! subscription goes to the server with the notifications' words in the player's language (the server knows no
//! language). The page's service worker shows what the server sends while the game is closed (`web/sw.js`). The
//! desktop game has no push service: there the game says "your turn against X" while it runs.
//!
//! The browser's side is the page's `fanoronaPush` (`web/index.html`), called from [`web`]; its answers come back in a
//! later frame.

use bevy::prelude::*;
use fanorona_protocol::{ClientMessage, PushEvent, PushSubscription, PushWords, ServerMessage};

use super::OnlineCommand;
use super::link::{FromServer, ToServer};
use crate::AppSystems;
use crate::i18n::{Locale, Text};
use crate::persistence::settings::Settings;
use crate::{text, tr};

/// Where this device's notifications stand.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum PushState {
    /// Not known yet: the server has not welcomed the game, or the browser has not answered.
    #[default]
    Unknown,
    /// Not to be had here: the desktop game, a browser without Web Push, or a server that sends none.
    Unsupported,
    /// Off on this device.
    Off,
    /// The browser asks the player, or subscribes; or the server has not answered yet.
    Asking,
    /// On: the server has this device's subscription.
    On,
    /// The browser or the server refused: why.
    Refused(Text),
}

/// This device's notifications: the server's key and where they stand.
#[derive(Resource, Debug, Default)]
pub struct Notifications {
    /// The server's VAPID public key, from its last welcome.
    key: Option<String>,
    /// Where they stand.
    pub state: PushState,
}

/// What the browser answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The subscription it holds for this page, if any.
    Current(Option<PushSubscription>),
    /// It subscribed (the player allowed notifications).
    Subscribed(PushSubscription),
    /// It unsubscribed the subscription at this endpoint (none if there was none).
    Unsubscribed(Option<String>),
    /// It could not: the player said no (`denied`), it has no Web Push (`unsupported`), or another failure.
    Failed(String),
}

/// The notifications' words in the player's language, `{opponent}` left for the server to fill in.
pub fn words(locale: &Locale) -> PushWords {
    const OPPONENT: &str = "{opponent}";
    PushWords {
        title: tr!(locale, "push-title"),
        turn: tr!(locale, "push-turn", opponent = OPPONENT),
        challenge: tr!(locale, "push-challenge", opponent = OPPONENT),
        won: tr!(locale, "push-won", opponent = OPPONENT),
        lost: tr!(locale, "push-lost", opponent = OPPONENT),
        drawn: tr!(locale, "push-drawn", opponent = OPPONENT),
        reminder: tr!(locale, "push-reminder", opponent = OPPONENT),
    }
}

/// The events the player chose (those of the settings not turned off), in the protocol's order.
pub fn chosen(settings: &Settings) -> Vec<PushEvent> {
    PushEvent::ALL.into_iter().filter(|event| !settings.online.push_off.contains(event)).collect()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notifications>()
        .add_systems(Update, (ask_browser, take_answers, follow_server).chain().in_set(AppSystems::Commands));
}

/// Asks the browser what the player's commands and the server's welcome call for.
fn ask_browser(
    mut commands: MessageReader<OnlineCommand>,
    mut received: MessageReader<FromServer>,
    mut notifications: ResMut<Notifications>,
) {
    for FromServer { message, .. } in received.read() {
        if let ServerMessage::Welcome { push_key, .. } = message {
            notifications.key = push_key.clone();
            // A subscription the browser holds goes to the server again: its words in today's language, and the
            // server forgets it with a login that ended.
            notifications.state = if push_key.is_some() && web::available() {
                web::current();
                PushState::Asking
            } else {
                PushState::Unsupported
            };
        }
    }
    for command in commands.read() {
        let OnlineCommand::Notify(on) = command else { continue };
        // Nothing to ask where there are no notifications to be had (the desktop, a server without Web Push).
        if notifications.state == PushState::Unsupported {
            continue;
        }
        match (on, &notifications.key) {
            (true, Some(key)) => web::subscribe(key),
            (false, _) => web::unsubscribe(),
            (true, None) => continue,
        }
        notifications.state = PushState::Asking;
    }
}

/// Passes the browser's answers on to the server.
fn take_answers(
    mut notifications: ResMut<Notifications>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for answer in web::answers() {
        match answer {
            Answer::Current(Some(subscription)) | Answer::Subscribed(subscription) => {
                let (events, words) = (chosen(&settings), words(&locale));
                outgoing.write(ToServer(ClientMessage::Subscribe { subscription, events, words }));
            }
            Answer::Current(None) => notifications.state = PushState::Off,
            Answer::Unsubscribed(endpoint) => {
                if let Some(endpoint) = endpoint {
                    outgoing.write(ToServer(ClientMessage::Unsubscribe { endpoint }));
                }
                notifications.state = PushState::Off;
            }
            Answer::Failed(reason) => {
                info!("notifications not turned on: {reason}");
                notifications.state = PushState::Refused(match reason.as_str() {
                    "denied" => text!("online-notify-denied"),
                    "unsupported" => text!("online-notify-unsupported"),
                    _ => text!("online-notify-failed", reason = reason),
                });
            }
        }
    }
}

/// Follows the server's answers to the subscription.
fn follow_server(mut received: MessageReader<FromServer>, mut notifications: ResMut<Notifications>) {
    for FromServer { message, request } in received.read() {
        match (message, request) {
            (ServerMessage::Subscribed { events }, _) => {
                info!("notifications on for this device: {events:?}");
                notifications.state = PushState::On;
            }
            (ServerMessage::Error { code, .. }, Some(ClientMessage::Subscribe { .. })) => {
                notifications.state = PushState::Refused(super::refusal(*code));
            }
            _ => {}
        }
    }
}

/// The browser's Web Push, through the page's `fanoronaPush`; answers are picked up by [`answers`].
#[cfg(target_arch = "wasm32")]
mod web {
    use std::sync::Mutex;

    use fanorona_protocol::PushSubscription;
    use wasm_bindgen::prelude::*;

    use super::Answer;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(catch, js_namespace = fanoronaPush, js_name = current)]
        async fn js_current() -> Result<JsValue, JsValue>;
        #[wasm_bindgen(catch, js_namespace = fanoronaPush, js_name = subscribe)]
        async fn js_subscribe(key: &str) -> Result<JsValue, JsValue>;
        #[wasm_bindgen(catch, js_namespace = fanoronaPush, js_name = unsubscribe)]
        async fn js_unsubscribe() -> Result<JsValue, JsValue>;
    }

    /// The answers since the last [`answers`].
    static ANSWERS: Mutex<Vec<Answer>> = Mutex::new(Vec::new());

    fn answer(answer: Answer) {
        if let Ok(mut answers) = ANSWERS.lock() {
            answers.push(answer);
        }
    }

    /// A subscription as the page hands it over: `PushSubscription.toJSON()`, as JSON text; none for an empty text.
    fn subscription(value: &JsValue) -> Result<Option<PushSubscription>, String> {
        let text = value.as_string().unwrap_or_default();
        if text.is_empty() {
            return Ok(None);
        }
        // The browser's own words are shown as they are; these are serde's, about what the page handed over.
        serde_json::from_str(&text).map(Some).map_err(|e| e.to_string())
    }

    fn reason(error: JsValue) -> String {
        error.as_string().unwrap_or_else(|| format!("{error:?}"))
    }

    /// Whether the page offers Web Push at all.
    pub fn available() -> bool {
        web_sys::window()
            .and_then(|window| js_sys::Reflect::get(&window, &JsValue::from_str("fanoronaPush")).ok())
            .is_some_and(|push| push.is_object())
    }

    pub fn current() {
        wasm_bindgen_futures::spawn_local(async {
            answer(match js_current().await.map_err(reason).and_then(|v| subscription(&v)) {
                Ok(found) => Answer::Current(found),
                Err(reason) => Answer::Failed(reason),
            });
        });
    }

    pub fn subscribe(key: &str) {
        let key = key.to_owned();
        wasm_bindgen_futures::spawn_local(async move {
            answer(match js_subscribe(&key).await.map_err(reason).and_then(|v| subscription(&v)) {
                Ok(Some(subscription)) => Answer::Subscribed(subscription),
                // A page that answers nothing has no Web Push to speak of.
                Ok(None) => Answer::Failed("unsupported".into()),
                Err(reason) => Answer::Failed(reason),
            });
        });
    }

    pub fn unsubscribe() {
        wasm_bindgen_futures::spawn_local(async {
            answer(match js_unsubscribe().await {
                Ok(endpoint) => Answer::Unsubscribed(endpoint.as_string().filter(|e| !e.is_empty())),
                Err(error) => Answer::Failed(reason(error)),
            });
        });
    }

    pub fn answers() -> Vec<Answer> {
        ANSWERS.lock().map(|mut answers| std::mem::take(&mut *answers)).unwrap_or_default()
    }
}

/// The desktop game: no push service, so nothing to ask and no answers.
#[cfg(not(target_arch = "wasm32"))]
mod web {
    use super::Answer;

    pub fn available() -> bool {
        false
    }

    pub fn current() {}

    pub fn subscribe(_key: &str) {}

    pub fn unsubscribe() {}

    pub fn answers() -> Vec<Answer> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use fanorona_protocol::MAX_PUSH_WORD_BYTES;

    use super::*;
    use crate::i18n::Language;

    #[test]
    fn the_words_leave_the_opponent_to_the_server_in_every_language() {
        for language in Language::CHOICES {
            let words = words(&Locale::new(language));
            for (name, word) in words.each() {
                assert!(!word.trim().is_empty() && word.len() <= MAX_PUSH_WORD_BYTES, "{language:?} {name}: {word}");
                assert_eq!(word.contains("{opponent}"), name != "title", "{language:?} {name}: {word}");
                assert!(!word.contains("push-"), "{language:?} {name}: a key, not its words: {word}");
            }
        }
    }
}
