//! The translations against the code: every message the code asks for exists in every language with the variables
//! the code passes, no language has messages nothing asks for, and no text a player reads is left in the code as an
//! English literal.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fanorona::i18n::{AREAS, Language, Locale, sources};
use fanorona::persistence::settings::{SETTINGS_FILE, Settings};
use fanorona::persistence::storage::Notices;
use fluent_syntax::ast;

use crate::common::{app_in, english, temp_dir};
use bevy::prelude::*;
use bevy_egui::{EguiFullOutput, EguiPostUpdateSet, egui};
use fanorona::game::commands::{GameCommand, PendingConfirmation};

/// The languages with files of their own.
const LANGUAGES: [Language; 3] = Language::CHOICES;

/// The variables of each message of one language, by id.
type Messages = BTreeMap<String, BTreeSet<String>>;

fn messages(language: Language) -> Messages {
    let mut all = Messages::new();
    for (area, source) in AREAS.iter().zip(sources(language)) {
        read_messages(language, area, source, &mut all);
    }
    all
}

/// The web page's own messages (`page.ftl`: its loading screen and light board, which web/words.mjs puts into the
/// page with the game's messages it uses; the game itself never reads them).
fn page_messages(language: Language) -> Messages {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/locales/{}/page.ftl", language.code()));
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut all = Messages::new();
    read_messages(language, "page", &source, &mut all);
    all
}

fn read_messages(language: Language, area: &str, source: &str, all: &mut Messages) {
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{}/{area}.ftl does not parse: {errors:?}", language.code()));
    for entry in resource.body {
        match entry {
            ast::Entry::Message(message) => {
                assert!(message.attributes.is_empty(), "{}: attributes are not used", message.id.name);
                let mut variables = BTreeSet::new();
                if let Some(pattern) = &message.value {
                    pattern_variables(pattern, &mut variables);
                }
                let id = message.id.name.to_owned();
                assert!(all.insert(id.clone(), variables).is_none(), "{id} twice in {}", language.code());
            }
            ast::Entry::Term(term) => panic!("-{}: terms are not used", term.id.name),
            ast::Entry::Junk { content } => panic!("{}/{area}.ftl: junk {content}", language.code()),
            _ => {}
        }
    }
}

fn pattern_variables(pattern: &ast::Pattern<&str>, variables: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, variables);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, variables: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, variables);
            for variant in variants {
                pattern_variables(&variant.value, variables);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, variables),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, variables: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            variables.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, variables),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, variables);
            }
        }
        _ => {}
    }
}

/// The game's source files, and those of the crate that gives the rules' reasons as its messages.
fn source_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, files);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut files = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    walk(&root.join("src"), &mut files);
    walk(&root.join("crates/fanorona-reasons/src"), &mut files);
    files.sort();
    files
}

/// A file's code without its comment lines and its tests (a `#[cfg(test)]` module is last in a file, by the style
/// of this codebase).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = text.find("#[cfg(test)]\nmod tests").map_or(text.as_str(), |at| &text[..at]);
    text.lines().filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// Every `text!(...)`, `tr!(locale, ...)` and `reason!(...)` in the code: the message id, the names of the arguments passed, and
/// where it is.
fn uses() -> Vec<(String, BTreeSet<String>, String)> {
    let mut found = Vec::new();
    for path in source_files() {
        let code = code(&path);
        for (macro_name, skip) in [("text!(", 0), ("tr!(", 1), ("reason!(", 0)] {
            let mut rest = code.as_str();
            while let Some(at) = rest.find(macro_name) {
                let before = &rest[..at];
                rest = &rest[at + macro_name.len()..];
                // `tr!(` inside `text!(`'s own definition or a word ending in it (`ctr!(`) is not a use.
                if before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$') {
                    continue;
                }
                let inside = balanced(rest);
                if inside.contains("$id") {
                    continue; // the macros' own definitions
                }
                let parts = top_level_parts(inside);
                let Some(id) = parts.get(skip).map(|p| p.trim()) else { continue };
                let id = id
                    .strip_prefix('"')
                    .and_then(|i| i.strip_suffix('"'))
                    .unwrap_or_else(|| panic!("{}: a message id must be a literal, not {id}", path.display()));
                let args = parts[skip + 1..]
                    .iter()
                    .filter_map(|p| p.split_once('=').map(|(name, _)| name.trim().to_owned()))
                    .collect();
                let line = code[..code.len() - rest.len()].lines().count();
                found.push((id.to_owned(), args, format!("{}:{line}", path.display())));
            }
        }
    }
    found
}

/// The characters of `text` that are code (outside string literals), with how deep in brackets each is.
fn code_characters(text: &str) -> impl Iterator<Item = (usize, char, i32)> + '_ {
    let (mut depth, mut in_string, mut escaped) = (0, false, false);
    text.char_indices().filter_map(move |(i, c)| {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            _ if in_string => {}
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                return Some((i, c, depth + 1));
            }
            _ => return Some((i, c, depth)),
        }
        None
    })
}

/// The text up to the parenthesis that closes the one just opened.
fn balanced(text: &str) -> &str {
    match code_characters(text).find(|&(_, c, depth)| matches!(c, ')' | ']' | '}') && depth == 0) {
        Some((at, ..)) => &text[..at],
        None => text,
    }
}

/// The comma-separated parts of a macro's arguments, commas inside brackets and strings left alone.
fn top_level_parts(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    for (at, ..) in code_characters(text).filter(|&(_, c, depth)| c == ',' && depth == 0) {
        parts.push(&text[start..at]);
        start = at + 1;
    }
    if !text[start..].trim().is_empty() {
        parts.push(&text[start..]);
    }
    parts
}

#[test]
fn every_message_the_code_asks_for_is_in_every_language_with_its_variables() {
    let uses = uses();
    assert!(uses.len() > 20, "the scan finds the code's messages: {}", uses.len());
    for language in LANGUAGES {
        let messages = messages(language);
        for (id, args, place) in &uses {
            let Some(variables) = messages.get(id) else {
                panic!("{place}: {id} is not in {}", language.code());
            };
            let missing: Vec<_> = variables.difference(args).collect();
            assert!(missing.is_empty(), "{place}: {id} in {} uses {missing:?}, not passed", language.code());
        }
    }
}

#[test]
fn every_language_has_the_same_messages_and_none_that_nothing_uses() {
    let used: BTreeSet<String> = uses().into_iter().map(|(id, ..)| id).collect();
    let english: BTreeSet<String> = messages(Language::English).into_keys().collect();
    let unused: Vec<_> = english.difference(&used).collect();
    assert!(unused.is_empty(), "messages nothing asks for: {unused:?}");
    for language in [Language::French, Language::Malagasy] {
        let theirs: BTreeSet<String> = messages(language).into_keys().collect();
        assert_eq!(theirs, english, "the messages of {} and en", language.code());
    }
}

/// The page's messages: the same in every language, with the same variables, none the game's own too, and none left
/// in English. (Which of them the page uses, and that every message it asks for exists, web/words.mjs checks as it
/// builds the page.)
#[test]
fn the_web_page_s_messages_are_in_every_language_with_their_variables() {
    let english = page_messages(Language::English);
    assert!(english.len() >= 8, "the page's messages are read: {}", english.len());
    let game = messages(Language::English);
    let shared: Vec<_> = english.keys().filter(|id| game.contains_key(*id)).collect();
    assert!(shared.is_empty(), "in page.ftl and in the game's files: {shared:?}");
    for language in [Language::French, Language::Malagasy] {
        assert_eq!(page_messages(language), english, "page.ftl's messages and variables in {} and en", language.code());
        let path = |code: &str| Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/locales/{code}/page.ftl"));
        let lines = |code: &str| -> BTreeMap<String, String> {
            let text = std::fs::read_to_string(path(code)).unwrap_or_else(|e| panic!("{code}/page.ftl: {e}"));
            text.lines()
                .filter_map(|line| line.split_once(" = "))
                .map(|(id, words)| (id.to_owned(), words.to_owned()))
                .collect()
        };
        let (theirs, en) = (lines(language.code()), lines("en"));
        let same: Vec<_> = theirs.iter().filter(|(id, words)| en.get(*id) == Some(*words)).map(|(id, _)| id).collect();
        assert!(same.is_empty(), "page.ftl's words in {} as in English: {same:?}", language.code());
    }
}

#[test]
fn translations_are_not_left_in_english() {
    let english = messages(Language::English);
    for language in [Language::French, Language::Malagasy] {
        let (theirs, locale, en) = (messages(language), Locale::new(language), Locale::new(Language::English));
        let same: Vec<_> = theirs
            .keys()
            .filter(|id| {
                let text = fanorona::i18n::Text { id: leak(id), args: Vec::new() };
                english.get(*id).is_some_and(|v| v.is_empty()) && locale.text(&text) == en.text(&text)
            })
            .filter(|id| !SAME_IN_EVERY_LANGUAGE.contains(&id.as_str()))
            .collect();
        assert!(same.is_empty(), "the same words in {} as in English: {same:?}", language.code());
    }
}

/// Messages whose words are the same in every language (a name, a symbol).
const SAME_IN_EVERY_LANGUAGE: [&str; 4] = ["menu-tsivy", "menu-dimy", "menu-telo", "push-title"];

fn leak(id: &str) -> &'static str {
    Box::leak(id.to_owned().into_boxed_str())
}

/// Literals that a player may read but that are the same in every language: the game's name, notation, symbols.
const NOT_WORDS: [&str; 13] = [
    "Fanorona",
    // Game text, as the source has it (its escapes), which is the same in every language.
    r#"[Variant \"tsivy\"]\n\n1. f3-e3A d4-d3A ..."#,
    // Keys, as printed on keyboards.
    "Space / Enter",
    "Esc",
    "Ctrl+Z",
    "Ctrl+Y",
    "Ctrl+S / Ctrl+O",
    "Shift+C",
    "Shift+S",
    "Shift+O",
    "Shift+Q",
    "Left / Right, Home / End",
    "Down / Up",
];

/// Macros and attributes whose strings no player reads: logs, panics on the program's own mistakes, attributes.
const NOT_FOR_PLAYERS: [&str; 12] = [
    "info!(",
    "warn!(",
    "error!(",
    "debug!(",
    "trace!(",
    "panic!(",
    "unreachable!(",
    "expect(",
    "#[",
    "include_str!(",
    "include_bytes!(",
    "concat!(",
];

/// The code with the calls of [`NOT_FOR_PLAYERS`] and the comments taken out.
fn player_facing(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    'outer: while !rest.is_empty() {
        if rest.starts_with("//") {
            rest = rest.find('\n').map_or("", |at| &rest[at..]);
            continue;
        }
        if rest.starts_with('"') {
            let end = string_end(&rest[1..]) + 2;
            out.push_str(&rest[..end.min(rest.len())]);
            rest = &rest[end.min(rest.len())..];
            continue;
        }
        for skip in NOT_FOR_PLAYERS {
            if rest.starts_with(skip) && !out.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                let inside = balanced(&rest[skip.len()..]);
                rest = &rest[(skip.len() + inside.len() + 1).min(rest.len())..];
                continue 'outer;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Where the string literal that `text` is inside ends (the index of its closing quote).
fn string_end(text: &str) -> usize {
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '"' => return i,
            _ => {}
        }
    }
    text.len()
}

/// The string literals in `code` that look like words for a player: a capital letter and a word, or words with a
/// space between (but for position text).
fn english_literals(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find('"') {
        // A character literal ('"') or a raw string's hash is no string here.
        let after = &rest[at + 1..];
        if rest[..at].ends_with('\'') {
            rest = after;
            continue;
        }
        // A byte string (`b"RIFF"`) is data, never words for a player.
        if rest[..at].ends_with('b') && !rest[..at - 1].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            rest = &after[(string_end(after) + 1).min(after.len())..];
            continue;
        }
        let end = string_end(after);
        let literal = &after[..end];
        rest = &after[(end + 1).min(after.len())..];
        let letters = literal.split(|c: char| !c.is_alphabetic()).any(|w| w.chars().count() >= 2);
        let capital = literal.starts_with(|c: char| c.is_uppercase());
        let spaced = literal.contains(' ') && !literal.starts_with('{');
        // Position text is notation, the same in every language.
        let position = literal.parse::<fanorona_rules::Position>().is_ok();
        if letters && (capital || spaced) && !NOT_WORDS.contains(&literal) && !position {
            found.push(literal.to_owned());
        }
    }
    found
}

#[test]
fn no_text_for_players_is_left_in_the_code_as_english() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut left = Vec::new();
    for path in source_files() {
        // The start scenes (`dev` and each feature's `scenes.rs`) set up test positions; the languages' module names
        // the languages in their own words.
        let scenes = path.file_name().is_some_and(|name| name == "scenes.rs");
        if scenes || path.starts_with(src.join("dev")) || path.starts_with(src.join("i18n")) {
            continue;
        }
        for literal in english_literals(&player_facing(&code(&path))) {
            left.push(format!("{}: {literal:?}", path.strip_prefix(&src).unwrap_or(&path).display()));
        }
    }
    assert!(left.is_empty(), "{} English literals:\n{}", left.len(), left.join("\n"));
}

#[test]
fn the_language_chosen_is_spoken_at_once_and_kept_for_the_next_start() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    for language in [Language::French, Language::Malagasy] {
        app.world_mut().resource_mut::<Settings>().language = Some(language.code().to_owned());
        app.update();
        assert_eq!(app.world().resource::<Locale>().language(), language, "spoken on the next frame");
    }
    let kept = std::fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap_or_default();
    assert!(kept.contains("language: Some(\"mg\")"), "{kept}");
    let again = app_in(&dir);
    assert_eq!(again.world().resource::<Locale>().language(), Language::Malagasy);
    assert!(again.world().resource::<Notices>().0.is_empty());
}

#[test]
fn a_language_the_game_does_not_speak_gives_english_and_a_notice() {
    let dir = temp_dir();
    std::fs::write(dir.join(SETTINGS_FILE), "(language: Some(\"tlh\"))").unwrap_or_else(|e| panic!("{e}"));
    let mut app = app_in(&dir);
    // Other settings changing later (the window's size, say) do not say it again.
    app.world_mut().resource_mut::<Settings>().sound = false;
    app.update();
    assert_eq!(app.world().resource::<Locale>().language(), Language::English);
    let notices: Vec<String> = app.world().resource::<Notices>().0.iter().map(|n| english(&n.text)).collect();
    let told = notices.iter().filter(|n| n.contains("\"tlh\"") && n.contains("English is used")).count();
    assert_eq!(told, 1, "{notices:?}");
}

/// The words egui drew in the last frame.
#[derive(Resource, Default)]
struct Drawn(String);

/// Keeps the words of the frame's shapes before bevy_egui turns them into meshes for the renderer.
fn keep_drawn_words(outputs: Query<&EguiFullOutput>, mut drawn: ResMut<Drawn>) {
    drawn.0.clear();
    for output in outputs.iter().filter_map(|o| o.0.as_ref()) {
        for clipped in &output.shapes {
            if let egui::epaint::Shape::Text(text) = &clipped.shape {
                drawn.0.push_str(text.galley.text());
                drawn.0.push('\n');
            }
        }
    }
}

#[test]
fn a_question_open_when_the_language_changes_is_asked_again_in_the_new_language() {
    let dir = temp_dir();
    let mut app = crate::common::app_with_interface(&dir);
    app.init_resource::<Drawn>().add_systems(
        PostUpdate,
        keep_drawn_words.after(EguiPostUpdateSet::EndPass).before(EguiPostUpdateSet::ProcessOutput),
    );
    app.world_mut().resource_mut::<Settings>().language = Some("en".into());
    // A game with a turn played, saved; loading the saved game then asks first.
    crate::common::start_with(&mut app, crate::common::humans);
    crate::common::play(&mut app, "f3-e3A");
    crate::common::command(&mut app, GameCommand::Save);
    crate::common::play(&mut app, "d4-d3A");
    crate::common::command(&mut app, GameCommand::Load);
    app.update();
    assert!(app.world().resource::<PendingConfirmation>().0.is_some(), "the question is open");
    let drawn = app.world().resource::<Drawn>().0.clone();
    assert!(drawn.contains("Are you sure?"), "{drawn}");
    app.world_mut().resource_mut::<Settings>().language = Some("fr".into());
    app.update();
    app.update();
    let drawn = app.world().resource::<Drawn>().0.clone();
    assert!(drawn.contains("Êtes-vous sûr"), "{drawn}");
    assert!(app.world().resource::<PendingConfirmation>().0.is_some(), "still open");
}
