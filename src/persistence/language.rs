//! The language spoken: the one the settings name, or until the player chooses one the system's (`sys-locale` on the
//! desktop, `navigator.languages` on the web), English when neither is one of ours. A setting the game does not know
//! falls back to English and says so.

use bevy::prelude::*;

use super::settings::Settings;
use super::storage::Notices;
use crate::i18n::{Language, Locale};
use crate::text;

/// The language the system prefers, among ours.
fn system_language() -> Language {
    #[cfg(target_arch = "wasm32")]
    let preferred: Vec<String> = web_sys::window()
        .map(|w| w.navigator().languages().iter().filter_map(|l| l.as_string()).collect())
        .unwrap_or_default();
    #[cfg(not(target_arch = "wasm32"))]
    let preferred: Vec<String> = sys_locale::get_locales().collect();
    Language::first_spoken(preferred)
}

/// The language the settings ask for: theirs, the system's when they name none, English (and a notice) when they name
/// one the game does not speak.
fn chosen_language(settings: &Settings, notices: &mut Notices) -> Language {
    match settings.language.as_deref() {
        None => system_language(),
        Some(code) => Language::from_code(code).unwrap_or_else(|| {
            notices.problem(text!("language-unknown", code = code));
            Language::English
        }),
    }
}

/// Speaks the language of the settings from the start, and changes language as soon as the settings do.
pub fn plugin(app: &mut App) {
    // One system, in Update only: the settings loaded before start-up count as changed on the first frame, which
    // runs before the interface first draws; a second instance at Startup would keep a `seen` of its own and say
    // an unknown language twice.
    app.init_resource::<Locale>().add_systems(Update, speak_chosen_language.run_if(resource_changed::<Settings>));
}

/// `seen` is the setting last acted on: other settings' changes neither rebuild the messages nor repeat a notice.
fn speak_chosen_language(
    settings: Res<Settings>,
    mut locale: ResMut<Locale>,
    mut notices: ResMut<Notices>,
    mut seen: Local<Option<Option<String>>>,
) {
    if seen.as_ref() == Some(&settings.language) {
        return;
    }
    *seen = Some(settings.language.clone());
    let language = chosen_language(&settings, &mut notices);
    // Logged for the browser test, which checks that a French browser's first visit speaks French.
    info!("language: {}", language.code());
    if locale.language() != language {
        *locale = Locale::new(language);
    }
}
