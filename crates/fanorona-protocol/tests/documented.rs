//! Every message and error code of the protocol is in docs/PROTOCOL.md: each message type in the first cell of a
//! row of its side's table, each error code in the list of codes. The names are the ones serde reads, taken from
//! serde's own refusal of a name that is none of them ("expected one of ..."), so a variant added to an enum is
//! found without a list to keep in step.

use serde::de::DeserializeOwned;

use fanorona_protocol::{ClientMessage, ErrorCode, ServerMessage};

/// The names serde accepts for `T`, from its refusal of `json`, which holds a name that is none of them.
fn names<T: DeserializeOwned + std::fmt::Debug>(json: &str) -> Vec<String> {
    let error = serde_json::from_str::<T>(json).expect_err("no such name").to_string();
    let listed = error.split("expected one of ").nth(1).unwrap_or_else(|| panic!("no list in {error}"));
    let names: Vec<String> = listed.split('`').skip(1).step_by(2).map(str::to_owned).collect();
    assert!(names.len() > 5, "{error}");
    names
}

/// The text of docs/PROTOCOL.md from the heading `from` to the next heading of its level.
fn section(from: &str) -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/PROTOCOL.md"))
        .expect("docs/PROTOCOL.md is read");
    let start = text.find(from).unwrap_or_else(|| panic!("no {from} in docs/PROTOCOL.md"));
    let rest = &text[start + from.len()..];
    rest[..rest.find("\n## ").unwrap_or(rest.len())].to_owned()
}

/// The names in the first cells of a section's table rows.
fn table_names(section: &str) -> Vec<String> {
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| "))
        .filter_map(|row| row.split(" |").next())
        .flat_map(|cell| cell.split('`').skip(1).step_by(2).map(str::to_owned).collect::<Vec<_>>())
        .collect()
}

#[test]
fn every_message_type_is_a_row_of_its_side_s_table() {
    for (names, heading) in [
        (names::<ClientMessage>(r#"{"type": "?"}"#), "## Client messages"),
        (names::<ServerMessage>(r#"{"type": "?"}"#), "## Server messages"),
    ] {
        let rows = table_names(&section(heading));
        let missing: Vec<&String> = names.iter().filter(|name| !rows.contains(name)).collect();
        assert!(missing.is_empty(), "not in the table of {heading}: {missing:?}");
        let unknown: Vec<&String> = rows.iter().filter(|row| !names.contains(row)).collect();
        assert!(unknown.is_empty(), "in the table of {heading}, not a message: {unknown:?}");
    }
}

#[test]
fn every_error_code_is_listed() {
    let text = section("## Server messages");
    let list = &text[text.find("Error codes: ").expect("the list of error codes")..];
    let listed: Vec<String> = list.split('`').skip(1).step_by(2).map(str::to_owned).collect();
    let missing: Vec<String> = names::<ErrorCode>(r#""?""#).into_iter().filter(|code| !listed.contains(code)).collect();
    assert!(missing.is_empty(), "error codes not in docs/PROTOCOL.md: {missing:?}");
}
