//! The names players give White's first turn of tsivy, shown with the moves as chess apps show "Sicilian". Two
//! independent sources name the five first turns (docs/GLOSSARY.md, "Openings"): they agree on three, which are
//! shown; they give *havanana* and *havia* to the two diagonal captures the other way round, so those two are not
//! named until a source settles it.

use bevy_egui::egui;
use fanorona_rules::{Position, Turn, Variant};

use crate::i18n::Locale;
use crate::tr;

/// The openings players name, by White's first turn from the start of tsivy, each with its message key.
const NAMED: [(&str, &str); 3] = [("e2-e3A", "vaky-loha"), ("f3-e3A", "fohy"), ("f3-e3W", "kobana")];

/// The message key of the opening of a game from `start` whose first turn is `first`, if players name it: only a
/// game from the start of tsivy (a vela game's first turn captures nothing, and the names are tsivy's).
pub fn opening_key(start: &Position, first: &Turn) -> Option<&'static str> {
    if *start != Position::start(Variant::Tsivy) {
        return None;
    }
    let first = first.to_string();
    NAMED.iter().find(|(turn, _)| *turn == first).map(|&(_, key)| key)
}

/// A line naming the opening of a game from `start` whose first turn is `first` (if any), if players name it.
pub fn opening_line(ui: &mut egui::Ui, locale: &Locale, start: &Position, first: Option<&Turn>) {
    if let Some(key) = first.and_then(|first| opening_key(start, first)) {
        let name = tr!(locale, "opening-name", opening = key);
        ui.label(egui::RichText::new(tr!(locale, "opening-line", name = name)).italics());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(start: &Position, turn: &str) -> Option<&'static str> {
        let found = start.legal_turns().into_iter().find(|t| t.to_string() == turn);
        opening_key(start, &found.unwrap_or_else(|| panic!("{turn} is not legal")))
    }

    #[test]
    fn the_named_first_turns_of_tsivy_and_no_others() {
        let tsivy = Position::start(Variant::Tsivy);
        assert_eq!(key(&tsivy, "e2-e3A"), Some("vaky-loha"));
        assert_eq!(key(&tsivy, "f3-e3A"), Some("fohy"));
        assert_eq!(key(&tsivy, "f3-e3W"), Some("kobana"));
        // The sources disagree on which diagonal is havanana and which havia.
        assert_eq!(key(&tsivy, "d2-e3A"), None);
        assert_eq!(key(&tsivy, "f2-e3A"), None);
        // Another board's start has no names.
        let dimy = Position::start(Variant::Dimy);
        assert!(dimy.legal_turns().iter().all(|first| opening_key(&dimy, first).is_none()));
    }
}
