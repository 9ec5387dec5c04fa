//! The translations against the code: every message the code asks for exists in every language with the variables
//! the code passes, no language has messages nothing asks for, and no text a player reads is left in the code as an
//! English literal.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fanorona::i18n::{AREAS, Language, Locale, sources};
use fluent_syntax::ast;

/// The languages with files of their own.
const LANGUAGES: [Language; 3] = Language::CHOICES;

/// The variables of each message of one language, by id.
type Messages = BTreeMap<String, BTreeSet<String>>;

fn messages(language: Language) -> Messages {
    let mut all = Messages::new();
    for (area, source) in AREAS.iter().zip(sources(language)) {
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
    all
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

/// The game's source files, but for the start scenes (which set up test positions, not texts).
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
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
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

/// Every `text!(...)` and `tr!(locale, ...)` in the code: the message id, the names of the arguments passed, and
/// where it is.
fn uses() -> Vec<(String, BTreeSet<String>, String)> {
    let mut found = Vec::new();
    for path in source_files() {
        let code = code(&path);
        for (macro_name, skip) in [("text!(", 0), ("tr!(", 1)] {
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

/// The text up to the parenthesis that closes the one just opened.
fn balanced(text: &str) -> &str {
    let mut depth = 1;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '(' | '[' | '{' if !in_string => depth += 1,
            ')' | ']' | '}' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return &text[..i];
                }
            }
            _ => {}
        }
    }
    text
}

/// The comma-separated parts of a macro's arguments, commas inside brackets and strings left alone.
fn top_level_parts(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut in_string, mut escaped, mut start) = (0, false, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            '(' | '[' | '{' if !in_string => depth += 1,
            ')' | ']' | '}' if !in_string => depth -= 1,
            ',' if !in_string && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
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
const SAME_IN_EVERY_LANGUAGE: [&str; 0] = [];

fn leak(id: &str) -> &'static str {
    Box::leak(id.to_owned().into_boxed_str())
}

/// Literals that a player may read but that are the same in every language: the game's name, notation, symbols.
const NOT_WORDS: [&str; 1] = ["Fanorona"];

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
/// space between.
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
        let end = string_end(after);
        let literal = &after[..end];
        rest = &after[(end + 1).min(after.len())..];
        let letters = literal.split(|c: char| !c.is_alphabetic()).any(|w| w.chars().count() >= 2);
        let capital = literal.starts_with(|c: char| c.is_uppercase());
        let spaced = literal.contains(' ') && !literal.starts_with('{');
        if letters && (capital || spaced) && !NOT_WORDS.contains(&literal) {
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
        // The start scenes set up test positions; the languages' module names the languages in their own words.
        if path.starts_with(src.join("dev")) || path.starts_with(src.join("i18n")) {
            continue;
        }
        for literal in english_literals(&player_facing(&code(&path))) {
            left.push(format!("{}: {literal:?}", path.strip_prefix(&src).unwrap_or(&path).display()));
        }
    }
    assert!(left.is_empty(), "{} English literals:\n{}", left.len(), left.join("\n"));
}
