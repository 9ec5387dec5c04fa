//! The protocol's version changes when a message does. The wire's types (every item of the crate that derives or
//! implements `Serialize` or `Deserialize`, with its serde attributes; comments and spacing aside) are fingerprinted,
//! and each fingerprint is recorded with the version it belongs to: a change to a message fails here until
//! `PROTOCOL_VERSION` is raised and the new fingerprint recorded with it. A change that keeps the wire as it was (a
//! Rust name changed with its serde name kept) is recorded with the same version, which says so on purpose.

use fanorona_protocol::PROTOCOL_VERSION;

/// Each fingerprint of the wire's types, with its version.
const RECORDED: &[(u32, u64)] = &[(2, 0x2a21_6860_bf95_cb66)];

/// The crate's source files, whose items may be the wire's types.
fn sources() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut files: Vec<_> = std::fs::read_dir(dir).expect("the crate's sources").flatten().map(|e| e.path()).collect();
    files.retain(|path| path.extension().is_some_and(|e| e == "rs"));
    files.iter().map(|path| std::fs::read_to_string(path).expect("a source file is read")).collect()
}

/// `text` from `start` (at an item's beginning) to the end of the item: its closing brace, or its `;` if it has no
/// body (a tuple struct).
fn item(text: &str, start: usize) -> &str {
    let mut depth = 0;
    for (i, c) in text[start..].char_indices() {
        match c {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => {
                depth -= 1;
                if depth == 0 && c == '}' {
                    return &text[start..=start + i];
                }
            }
            ';' if depth == 0 => return &text[start..=start + i],
            _ => {}
        }
    }
    &text[start..]
}

/// The wire's types of one source file, comments and spacing aside, in order.
fn wire_items(source: &str) -> Vec<String> {
    let code: String =
        source.lines().filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    let code = code.split("#[cfg(test)]").next().unwrap_or_default();
    let mut items = Vec::new();
    for (at, _) in code.match_indices("#[derive(") {
        let derive = &code[at..at + code[at..].find(')').unwrap_or(0)];
        if derive.contains("Serialize") || derive.contains("Deserialize") {
            items.push(item(code, at));
        }
    }
    for marker in ["impl Serialize for", "impl<'de> Deserialize<'de> for", "impl serde::Serialize for"] {
        items.extend(code.match_indices(marker).map(|(at, _)| item(code, at)));
    }
    items.into_iter().map(|item| item.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

/// FNV-1a, 64 bits (the same on every machine and every Rust version), of the wire's types in sorted order: an item
/// moved to another file or place is the same wire.
fn fingerprint() -> u64 {
    let mut items: Vec<String> = sources().iter().flat_map(|source| wire_items(source)).collect();
    items.sort();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for item in items {
        for byte in item.bytes().chain([b'\n']) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

#[test]
fn the_version_changes_when_a_message_does() {
    let items: usize = sources().iter().map(|source| wire_items(source).len()).sum();
    assert!(items > 30, "the wire's types are found: {items}");
    let now = fingerprint();
    match RECORDED.iter().find(|(_, recorded)| *recorded == now) {
        Some((version, _)) => assert_eq!(
            *version, PROTOCOL_VERSION,
            "the messages are version {version}'s, but PROTOCOL_VERSION is {PROTOCOL_VERSION}"
        ),
        None => panic!(
            "the protocol's messages changed (fingerprint {now:#018x}): raise PROTOCOL_VERSION to {} and record \
             ({}, {now:#018x}) in RECORDED (the same version only if the wire is unchanged), and docs/PROTOCOL.md",
            PROTOCOL_VERSION + 1,
            PROTOCOL_VERSION + 1
        ),
    }
    let versions: Vec<u32> = RECORDED.iter().map(|(version, _)| *version).collect();
    assert!(versions.windows(2).all(|w| w[0] <= w[1]), "versions recorded in order: {versions:?}");
}

/// A field added to a message changes the fingerprint; a comment does not.
#[test]
fn a_new_field_changes_the_fingerprint_and_a_comment_does_not() {
    let message = "#[derive(Serialize)]\nstruct Played {\n    game: u64,\n}\n";
    let commented = "#[derive(Serialize)]\nstruct Played {\n    /// The game.\n    game: u64,\n}\n";
    let field = "#[derive(Serialize)]\nstruct Played {\n    game: u64,\n    ply: u32,\n}\n";
    assert_eq!(wire_items(message), wire_items(commented));
    assert_ne!(wire_items(message), wire_items(field));
    assert_eq!(wire_items("#[derive(Clone)]\nstruct Local {}\n"), Vec::<String>::new());
    let tuple = "#[derive(Serialize)]\npub struct Key([u8; 32]);\nfn after() {}\n";
    assert_eq!(wire_items(tuple), ["#[derive(Serialize)] pub struct Key([u8; 32]);"]);
}
