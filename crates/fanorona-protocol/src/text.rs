//! What a name shown to other players may hold: no character that shows as nothing or changes how the text around it
//! shows. One function for the server's check and a client's form, so that both refuse the same names.

/// Whether `c` may not be in a name others see: a control character (Cc), a format character (Cf: the bidirectional
/// controls U+202A to U+202E and U+2066 to U+2069, the marks U+200E, U+200F and U+061C, the zero-width characters
/// U+200B to U+200D, U+2060 and U+FEFF, the soft hyphen, tags...) or a line or paragraph separator (Zl, Zp).
///
/// A right-to-left override turns `Rabe` into what reads as another name, a zero-width space makes two names that look
/// alike, and a line separator breaks a list's layout; lichess refuses them in usernames for the same reasons. The
/// format characters are Unicode 16's (`DerivedGeneralCategory.txt`), listed here: the standard library knows
/// control characters only, and a crate of Unicode tables for 21 ranges would be more to build than to read.
pub fn is_hidden_char(c: char) -> bool {
    /// The format characters (Cf) and the line and paragraph separators (U+2028, U+2029), as inclusive ranges.
    const HIDDEN: [(char, char); 21] = [
        ('\u{00AD}', '\u{00AD}'),
        ('\u{0600}', '\u{0605}'),
        ('\u{061C}', '\u{061C}'),
        ('\u{06DD}', '\u{06DD}'),
        ('\u{070F}', '\u{070F}'),
        ('\u{0890}', '\u{0891}'),
        ('\u{08E2}', '\u{08E2}'),
        ('\u{180E}', '\u{180E}'),
        ('\u{200B}', '\u{200F}'),
        ('\u{2028}', '\u{202E}'),
        ('\u{2060}', '\u{2064}'),
        ('\u{2066}', '\u{206F}'),
        ('\u{FEFF}', '\u{FEFF}'),
        ('\u{FFF9}', '\u{FFFB}'),
        ('\u{110BD}', '\u{110BD}'),
        ('\u{110CD}', '\u{110CD}'),
        ('\u{13430}', '\u{1343F}'),
        ('\u{1BCA0}', '\u{1BCA3}'),
        ('\u{1D173}', '\u{1D17A}'),
        ('\u{E0001}', '\u{E0001}'),
        ('\u{E0020}', '\u{E007F}'),
    ];
    c.is_control() || HIDDEN.iter().any(|&(first, last)| (first..=last).contains(&c))
}

/// Whether `name` holds a character that [`is_hidden_char`] refuses.
pub fn has_hidden_chars(name: &str) -> bool {
    name.chars().any(is_hidden_char)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_controls_zero_width_and_control_characters_are_hidden() {
        let bidi = ['\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}'];
        let marks = ['\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}'];
        let zero_width = ['\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}'];
        let others = ['\0', '\n', '\t', '\u{7F}', '\u{85}', '\u{AD}', '\u{2028}', '\u{2029}', '\u{E0041}', '\u{1D173}'];
        for c in bidi.into_iter().chain(marks).chain(zero_width).chain(others) {
            assert!(is_hidden_char(c), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn letters_of_any_script_spaces_and_emoji_are_not() {
        let shown = "Club d'échecs Antananarivo Fanorona 2026 — ёжик 学校 نادي ☕ 🏆 \u{00A0}·-_!";
        assert!(!has_hidden_chars(shown));
        // The neighbours of the ranges.
        for c in ['\u{00AC}', '\u{00AE}', '\u{200A}', '\u{2027}', '\u{202F}', '\u{2065}', '\u{2070}', '\u{FEFE}'] {
            assert!(!is_hidden_char(c), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn a_name_turned_around_or_padded_is_refused() {
        assert!(has_hidden_chars("Rabe\u{202E}ebaR"));
        assert!(has_hidden_chars("Ra\u{200B}be"));
        assert!(has_hidden_chars("\u{FEFF}Rabe"));
        assert!(!has_hidden_chars("Rabe"));
    }
}
