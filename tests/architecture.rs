//! docs/ARCHITECTURE.md's table of crates says which of our crates each one uses, and which only in its tests. The
//! table was wrong once for months (the server linked the engine again, for the puzzles, while the table said it did
//! not): this test holds it to what cargo resolves.

use std::collections::BTreeMap;
use std::process::Command;

/// Our crates each crate uses: (for its code, for its tests only), by short name ("rules", "ai", ...).
type Uses = BTreeMap<String, (Vec<String>, Vec<String>)>;

/// "fanorona-rules" -> "rules"; the game, the root package, is "fanorona".
fn short(package: &str) -> String {
    package.strip_prefix("fanorona-").unwrap_or(package).to_owned()
}

/// What the table's last column says, for each crate of the first.
fn documented() -> Uses {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/ARCHITECTURE.md")).unwrap();
    let mut uses = Uses::new();
    for row in doc.lines().filter(|line| line.starts_with("| `")) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let Some(name) = cells.first().and_then(|cell| cell.split('`').nth(1)) else { continue };
        // The crates' rows name a folder (`crates/fanorona-ai`) or the root (`fanorona`); other tables' rows do not.
        let name = match name.strip_prefix("crates/") {
            Some(folder) => short(folder),
            None if name == "fanorona" => name.to_owned(),
            None => continue,
        };
        let column = cells.last().unwrap();
        let (code, tests) = match column.split_once("(tests:") {
            Some((code, tests)) => (code, tests.trim_end_matches(')')),
            None => (*column, ""),
        };
        let list = |text: &str| -> Vec<String> {
            let mut names: Vec<String> = text
                .split(',')
                .map(str::trim)
                .filter(|name| !name.is_empty() && *name != "none")
                .map(Into::into)
                .collect();
            names.sort();
            names
        };
        uses.insert(name, (list(code), list(tests)));
    }
    uses
}

/// What `cargo metadata` resolves: each workspace package's dependencies on our crates, normal or dev.
fn resolved() -> Uses {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(output.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let mut uses = Uses::new();
    for package in metadata["packages"].as_array().unwrap() {
        let (mut code, mut tests) = (Vec::new(), Vec::new());
        for dependency in package["dependencies"].as_array().unwrap() {
            let name = dependency["name"].as_str().unwrap();
            if !name.starts_with("fanorona") {
                continue;
            }
            match dependency["kind"].as_str() {
                None => code.push(short(name)),
                Some("dev") => tests.push(short(name)),
                Some(other) => panic!("{name}: a {other} dependency, which the table has no place for"),
            }
        }
        code.sort();
        tests.sort();
        // A crate used by the code is there in its tests too; cargo lists it once.
        tests.retain(|name| !code.contains(name));
        uses.insert(short(package["name"].as_str().unwrap()), (code, tests));
    }
    uses
}

#[test]
fn the_architecture_s_table_of_crates_says_what_cargo_links() {
    let (documented, resolved) = (documented(), resolved());
    assert_eq!(documented.len(), 12, "the table's crates: {:?}", documented.keys());
    assert_eq!(documented, resolved, "docs/ARCHITECTURE.md (left) against cargo metadata (right)");
}
