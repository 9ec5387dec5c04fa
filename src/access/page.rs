//! The page's own controls, on the web: the canvas is opaque to screen readers and out of the Tab key's way, so the
//! page keeps a move box and the main actions as real HTML controls beside it, in the game's language, where a board
//! is shown. Each button sends what its key sends on the screen of the moment (the key map's own action, named by the
//! key map's words for it), so the page decides nothing the keys do not. What they bring about is said in the page's
//! live region, as everything else.
//!
//! What a control asks for ([`PageRequest`]) and what the page shows ([`page_controls`]) are worked out on every
//! platform, where the app tests check them; only the HTML is the web's.

use bevy::prelude::*;

use super::typed::{ToggleMoveBox, TypedTurn};
use crate::AppSystems;
use crate::action;
use crate::game::commands::PendingConfirmation;
use crate::i18n::Text;
use crate::keys::{KeyMap, Modifiers};
use crate::screens::AppState;

/// What a control of the page asks for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum PageRequest {
    /// A turn (or a question) typed in the page's move box.
    Typed(String),
    /// A button: what this key, without modifiers, sends on the screen of the moment.
    Key(KeyCode),
}

/// The keys the page has buttons for, in the order shown: the board described, the turn's own actions, the game's,
/// and leaving. A key that does nothing on a screen has no button there; the cursor's keys (the arrows, Enter) are
/// the canvas's.
pub const PAGE_KEYS: [KeyCode; 10] = [
    KeyCode::KeyP,
    KeyCode::KeyL,
    KeyCode::Space,
    KeyCode::KeyU,
    KeyCode::KeyR,
    KeyCode::KeyH,
    KeyCode::KeyT,
    KeyCode::KeyV,
    KeyCode::KeyN,
    KeyCode::Escape,
];

/// What the page shows on a screen.
#[derive(Clone, Debug, PartialEq)]
pub struct PageControls {
    /// Whether turns can be typed here (the move box is shown).
    pub move_box: bool,
    /// The buttons: each key of [`PAGE_KEYS`] that does something here, with the key map's words for it.
    pub buttons: Vec<(KeyCode, Text)>,
}

/// The page's controls on `screen`, while a question is (or is not) `asking`.
pub fn page_controls(map: &KeyMap, screen: AppState, asking: bool) -> PageControls {
    let move_box = map.action(KeyCode::KeyK, Modifiers::default(), screen, asking) == Some(action!(ToggleMoveBox));
    let mut buttons: Vec<(KeyCode, Text)> = Vec::new();
    for key in PAGE_KEYS {
        let Some(row) = map.row(key, Modifiers::default(), screen, asking) else { continue };
        // Two keys with the same words would be two buttons no one could tell apart.
        if !buttons.iter().any(|(_, t)| t.id == row.help.id) {
            buttons.push((key, row.help.clone()));
        }
    }
    PageControls { move_box, buttons }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PageRequest>().add_systems(Update, answer_page.in_set(AppSystems::Input));
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Startup, dom::build).add_systems(Update, dom::update.in_set(AppSystems::Presentation));
}

/// Sends what the page's controls ask for: a typed turn to the move box's reader, a button's key through the key map.
fn answer_page(
    mut requests: MessageReader<PageRequest>,
    map: Res<KeyMap>,
    state: Res<State<AppState>>,
    pending: Res<PendingConfirmation>,
    mut typed: MessageWriter<TypedTurn>,
    mut commands: Commands,
) {
    let (screen, asking) = (*state.get(), pending.0.is_some());
    for request in requests.read() {
        match request {
            PageRequest::Typed(text) if page_controls(&map, screen, asking).move_box => {
                typed.write(TypedTurn(text.clone()));
            }
            PageRequest::Typed(_) => {}
            PageRequest::Key(key) => {
                let shown = page_controls(&map, screen, asking).buttons.iter().any(|(k, _)| k == key);
                if let Some(action) = map.action(*key, Modifiers::default(), screen, asking).filter(|_| shown) {
                    commands.queue(move |world: &mut World| action.send(world));
                }
            }
        }
    }
}

/// The HTML: a form after the canvas, read by screen readers and reached with F6 (index.html), shown when it has the
/// focus.
#[cfg(target_arch = "wasm32")]
mod dom {
    use std::sync::Mutex;

    use bevy::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;

    use super::{PAGE_KEYS, PageControls, PageRequest, page_controls};
    use crate::game::commands::PendingConfirmation;
    use crate::i18n::{Language, Locale};
    use crate::keys::KeyMap;
    use crate::screens::AppState;
    use crate::tr;

    /// What the page's controls asked for since the last frame (the browser calls back between frames).
    static ASKED: Mutex<Vec<PageRequest>> = Mutex::new(Vec::new());

    fn ask(request: PageRequest) {
        if let Ok(mut asked) = ASKED.lock() {
            asked.push(request);
        }
    }

    fn document() -> Option<web_sys::Document> {
        web_sys::window()?.document()
    }

    /// Makes the form: a labelled text field with a Play button, then one button for each of [`PAGE_KEYS`], hidden
    /// until [`update`] fills in their words.
    pub(super) fn build() {
        if let Err(e) = try_build() {
            warn!("the page's controls: {e:?}");
        }
    }

    fn try_build() -> Result<(), wasm_bindgen::JsValue> {
        let Some(document) = document() else { return Ok(()) };
        let Some(body) = document.body() else { return Ok(()) };
        let form = document.create_element("form")?;
        form.set_id("page-controls");
        form.set_class_name("for-readers");
        form.set_attribute("hidden", "")?;
        let label = document.create_element("label")?;
        label.set_id("page-move-label");
        label.set_attribute("for", "page-move")?;
        let input: web_sys::HtmlInputElement = document.create_element("input")?.dyn_into()?;
        input.set_id("page-move");
        input.set_attribute("autocomplete", "off")?;
        input.set_attribute("autocapitalize", "off")?;
        input.set_attribute("spellcheck", "false")?;
        let play = document.create_element("button")?;
        play.set_id("page-play");
        play.set_attribute("type", "submit")?;
        for element in [&label, input.as_ref(), &play] {
            form.append_child(element)?;
        }
        for (index, key) in PAGE_KEYS.into_iter().enumerate() {
            let button = document.create_element("button")?;
            button.set_id(&format!("page-key-{index}"));
            button.set_attribute("type", "button")?;
            button.set_attribute("hidden", "")?;
            let on_click = Closure::<dyn FnMut()>::new(move || ask(PageRequest::Key(key)));
            button.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref())?;
            // The button lives as long as the page.
            on_click.forget();
            form.append_child(&button)?;
        }
        let on_submit = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            event.prevent_default();
            let text = input.value();
            if !text.trim().is_empty() {
                ask(PageRequest::Typed(text));
            }
            input.set_value("");
        });
        form.add_event_listener_with_callback("submit", on_submit.as_ref().unchecked_ref())?;
        on_submit.forget();
        body.append_child(&form)?;
        Ok(())
    }

    /// Hands on what the page asked for, and shows the controls of the screen in the language of the moment.
    pub(super) fn update(
        mut requests: MessageWriter<PageRequest>,
        map: Res<KeyMap>,
        state: Res<State<AppState>>,
        pending: Res<PendingConfirmation>,
        locale: Res<Locale>,
        mut shown: Local<Option<(PageControls, Language)>>,
    ) {
        if let Ok(mut asked) = ASKED.lock() {
            requests.write_batch(asked.drain(..));
        }
        let controls = page_controls(&map, *state.get(), pending.0.is_some());
        let now = Some((controls, locale.language()));
        if *shown == now {
            return;
        }
        *shown = now;
        let (Some((controls, _)), Some(document)) = (shown.as_ref(), document()) else { return };
        let element = |id: &str| document.get_element_by_id(id);
        let show = |id: &str, words: Option<String>| {
            let Some(element) = element(id) else { return };
            match words {
                Some(words) => {
                    element.set_text_content(Some(&words));
                    _ = element.remove_attribute("hidden");
                }
                None => _ = element.set_attribute("hidden", ""),
            }
        };
        let any = controls.move_box || !controls.buttons.is_empty();
        if let Some(form) = element("page-controls") {
            _ = form.set_attribute("aria-label", &tr!(locale, "access-page"));
            _ = if any { form.remove_attribute("hidden") } else { form.set_attribute("hidden", "") };
        }
        let move_box = |words: String| controls.move_box.then_some(words);
        show("page-move-label", move_box(tr!(locale, "typed-title")));
        show("page-play", move_box(tr!(locale, "access-page-play")));
        if let Some(input) = element("page-move") {
            _ = input.set_attribute("title", &tr!(locale, "typed-help"));
            _ = if controls.move_box { input.remove_attribute("hidden") } else { input.set_attribute("hidden", "") };
        }
        for (index, key) in PAGE_KEYS.into_iter().enumerate() {
            let words = controls.buttons.iter().find(|(k, _)| *k == key).map(|(_, help)| locale.text(help));
            show(&format!("page-key-{index}"), words);
        }
    }
}
