//! The languages the game speaks: Malagasy, French and English, with Project Fluent's messages in
//! `assets/locales/<language>/<area>.ftl`, embedded in the program (the web build reads no file at run time).
//!
//! The interface asks the [`Locale`] for each text as it draws it (`tr!(locale, "menu-new-game")`), so a change of
//! language shows at once, in an open dialog or lesson too. Systems that tell the player something later (notices,
//! the reason a drop was refused) keep a [`Text`], a message id with its arguments, made by `text!`; it is put into
//! words when it is shown, in the language of that moment.
//!
//! Which language is spoken is decided with the settings, where it is kept. `pseudo` is English made
//! about 40% longer, with accents, to find layouts that do not hold (docs/DECISIONS.md, "Languages").

use std::borrow::Cow;

use bevy::prelude::*;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue, concurrent::FluentBundle};
use unic_langid::LanguageIdentifier;

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// Malagasy, the language of Madagascar.
    Malagasy,
    /// French, Madagascar's other official language.
    French,
    /// English.
    English,
    /// English made longer and accented, for testing layouts; not offered on the settings page.
    Pseudo,
}

impl Language {
    /// The languages the settings page offers, each shown in its own name.
    pub const CHOICES: [Language; 3] = [Language::Malagasy, Language::French, Language::English];

    /// The code kept in the settings and naming the folder of its messages.
    pub const fn code(self) -> &'static str {
        match self {
            Language::Malagasy => "mg",
            Language::French => "fr",
            Language::English => "en",
            Language::Pseudo => "pseudo",
        }
    }

    /// The language's name in the language itself, as the settings page lists it (the same in every language, so
    /// that a player who cannot read the current one still finds their own).
    pub const fn own_name(self) -> &'static str {
        match self {
            Language::Malagasy => "Malagasy",
            Language::French => "Français",
            Language::English => "English",
            Language::Pseudo => "Pseudo",
        }
    }

    /// The language a code names: a settings value (`mg`, `pseudo`) or a system's locale (`fr-FR`, `fr_FR.UTF-8`,
    /// `mg-MG`), by its primary language; `None` for languages the game does not speak.
    pub fn from_code(code: &str) -> Option<Language> {
        let primary = code.split(['-', '_', '.', '@']).next().unwrap_or_default().to_ascii_lowercase();
        match primary.as_str() {
            "mg" | "plt" => Some(Language::Malagasy),
            "fr" => Some(Language::French),
            "en" => Some(Language::English),
            "pseudo" => Some(Language::Pseudo),
            _ => None,
        }
    }

    /// The first of the system's preferred languages that the game speaks, English when none is.
    pub fn first_spoken<S: AsRef<str>>(preferred: impl IntoIterator<Item = S>) -> Language {
        preferred
            .into_iter()
            .find_map(|code| Language::from_code(code.as_ref()).filter(|l| *l != Language::Pseudo))
            .unwrap_or(Language::English)
    }

    /// The messages' folder: the pseudo-language is English, transformed.
    const fn messages(self) -> Language {
        match self {
            Language::Pseudo => Language::English,
            other => other,
        }
    }
}

/// An argument of a message: a number (which also chooses a plural form) or a word that is not translated (a
/// player's name, a move, a file name, an error the system gave, or a key that a message's selector chooses by).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A number.
    Number(f64),
    /// A text shown as it is.
    Plain(String),
}

macro_rules! number_args {
    ($($t:ty)+) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        }
    )+};
}
number_args!(i32 i64 u8 u16 u32 u64 usize f32 f64);

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Plain(s.to_owned())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Plain(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Plain(s.clone())
    }
}

pub use fanorona_reasons::side_key;

/// A text to put into words when it is shown: a message id and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// The message's id in the `.ftl` files.
    pub id: &'static str,
    /// The message's variables, by name.
    pub args: Vec<(&'static str, Arg)>,
}

impl From<fanorona_reasons::Reason> for Text {
    fn from(reason: fanorona_reasons::Reason) -> Text {
        Text { id: reason.id, args: reason.args.into_iter().map(|(name, value)| (name, Arg::Plain(value))).collect() }
    }
}

/// A [`Text`]: `text!("id")` or `text!("id", name = value, ...)`, each value a number or a string.
#[macro_export]
macro_rules! text {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Text { id: $id, args: vec![$((stringify!($name), $crate::i18n::Arg::from($value))),*] }
    };
}

/// A message in the current language: `tr!(locale, "id")` or `tr!(locale, "id", name = value, ...)`.
#[macro_export]
macro_rules! tr {
    ($locale:expr, $id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $locale.text(&$crate::text!($id $(, $name = $value)*))
    };
}

/// The areas of the messages, one `.ftl` file each per language.
pub const AREAS: [&str; 8] = ["common", "menu", "game", "tutorial", "rules", "review", "online", "puzzles"];

macro_rules! area_files {
    ($language:literal) => {
        [
            include_str!(concat!("../../assets/locales/", $language, "/common.ftl")),
            include_str!(concat!("../../assets/locales/", $language, "/menu.ftl")),
            include_str!(concat!("../../assets/locales/", $language, "/game.ftl")),
            include_str!(concat!("../../assets/locales/", $language, "/tutorial.ftl")),
            include_str!(concat!("../../assets/locales/", $language, "/rules.ftl")),
            include_str!(concat!("../../assets/locales/", $language, "/review.ftl")),
            include_str!(concat!("../../assets/locales/", $language, "/online.ftl")),
            include_str!(concat!("../../assets/locales/", $language, "/puzzles.ftl")),
        ]
    };
}

/// The embedded `.ftl` files of a language, in the order of [`AREAS`].
pub fn sources(language: Language) -> [&'static str; AREAS.len()] {
    match language.messages() {
        Language::Malagasy => area_files!("mg"),
        Language::French => area_files!("fr"),
        _ => area_files!("en"),
    }
}

type Bundle = FluentBundle<FluentResource>;

/// The language being spoken and its messages. English is kept beside it: a message missing from a translation
/// (which the tests prevent) is shown in English rather than as its id.
#[derive(Resource)]
pub struct Locale {
    language: Language,
    bundle: Bundle,
    english: Bundle,
}

impl Default for Locale {
    fn default() -> Locale {
        Locale::new(Language::English)
    }
}

impl Locale {
    /// The messages of `language`.
    pub fn new(language: Language) -> Locale {
        Locale { language, bundle: bundle(language), english: bundle(Language::English) }
    }

    /// The language being spoken.
    pub fn language(&self) -> Language {
        self.language
    }

    /// A message put into words, with its arguments.
    pub fn text(&self, text: &Text) -> String {
        let mut args = FluentArgs::with_capacity(text.args.len());
        for (name, value) in &text.args {
            let value = match value {
                Arg::Number(n) => FluentValue::from(*n),
                Arg::Plain(s) => FluentValue::from(s.as_str()),
            };
            args.set(*name, value);
        }
        for bundle in [&self.bundle, &self.english] {
            if let Some(pattern) = bundle.get_message(text.id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let words = bundle.format_pattern(pattern, Some(&args), &mut errors);
                if !errors.is_empty() {
                    warn!("message {} in {}: {errors:?}", text.id, self.language.code());
                }
                return words.into_owned();
            }
        }
        warn!("no message {}", text.id);
        text.id.to_owned()
    }
}

/// A language's bundle of messages. The embedded files are checked by the tests; should one still not parse, what
/// parses is used and the rest is logged.
fn bundle(language: Language) -> Bundle {
    let id: LanguageIdentifier = language.messages().code().parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // egui would draw Unicode's isolation marks around each variable as boxes; our texts mix no scripts.
    bundle.set_use_isolating(false);
    if language == Language::Pseudo {
        bundle.set_transform(Some(pseudo));
    }
    for (area, source) in AREAS.iter().zip(sources(language)) {
        let resource = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(partial, errors)| {
            error!("{}/{area}.ftl: {errors:?}", language.code());
            partial
        });
        if let Err(errors) = bundle.add_resource(resource) {
            error!("{}/{area}.ftl: {errors:?}", language.code());
        }
    }
    bundle
}

/// The pseudo-language's words: every vowel accented and doubled, which makes English about 40% longer (as French
/// often is) and shows at a glance any text that did not come through the messages.
fn pseudo(words: &str) -> Cow<'_, str> {
    let mut out = String::with_capacity(words.len() * 2);
    for c in words.chars() {
        let accented = match c {
            'a' => Some('á'),
            'e' => Some('é'),
            'i' => Some('ì'),
            'o' => Some('ô'),
            'u' => Some('ü'),
            'A' => Some('À'),
            'E' => Some('É'),
            'I' => Some('Ì'),
            'O' => Some('Ô'),
            'U' => Some('Ü'),
            _ => None,
        };
        match accented {
            Some(a) => {
                out.push(a);
                out.push(a.to_lowercase().next().unwrap_or(a));
            }
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_locales_are_matched_by_their_primary_language() {
        assert_eq!(Language::first_spoken(["de-DE", "fr_FR.UTF-8", "en"]), Language::French);
        assert_eq!(Language::first_spoken(["mg-MG"]), Language::Malagasy);
        assert_eq!(Language::first_spoken(["de", "ja"]), Language::English);
        assert_eq!(Language::first_spoken(Vec::<String>::new()), Language::English);
        assert_eq!(Language::first_spoken(["pseudo", "fr"]), Language::French);
    }

    #[test]
    fn a_number_chooses_the_plural_and_a_missing_translation_falls_back_to_english() {
        let english = Locale::new(Language::English);
        let french = Locale::new(Language::French);
        assert_eq!(tr!(english, "language-unknown", code = "xx"), tr!(english, "language-unknown", code = "xx"));
        assert_ne!(tr!(french, "language-unknown", code = "xx"), tr!(english, "language-unknown", code = "xx"));
        assert_eq!(french.text(&Text { id: "no-such-message", args: vec![] }), "no-such-message");
    }

    #[test]
    fn the_pseudo_language_is_longer_and_accented() {
        let english = tr!(Locale::new(Language::English), "language-unknown", code = "xx");
        let pseudo = tr!(Locale::new(Language::Pseudo), "language-unknown", code = "xx");
        let (e, p) = (english.chars().count() as f32, pseudo.chars().count() as f32);
        assert!(p > e * 1.25 && p < e * 1.6, "{english} -> {pseudo}");
        assert!(pseudo.contains("xx"), "a variable is not transformed: {pseudo}");
        assert!(pseudo.contains('é'));
    }
}
