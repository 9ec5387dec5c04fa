//! docs/ARCHITECTURE.md's table of crates says which of our crates each one uses, and which only in its tests. The
//! table was wrong once for months (the server linked the engine again, for the puzzles, while the table said it did
//! not): this test holds it to what cargo resolves. And the code stays in small functions with few arguments
//! (issue 72): none over 80 lines outside tests, no `too_many_arguments` allowance. Its table of the screens' feature
//! folders names folders and files that exist.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
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

/// The longest a function may be, in lines, outside tests.
const MOST_LINES: usize = 80;

/// The Rust files of the game's and the crates' code (not their tests' folders).
fn code_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, files);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("src"), &mut files);
    let crates = std::fs::read_dir(root.join("crates")).map(|dir| dir.flatten().map(|e| e.path()).collect::<Vec<_>>());
    for krate in crates.unwrap_or_default() {
        walk(&krate.join("src"), &mut files);
    }
    files.sort();
    files
}

/// The functions of `text` longer than [`MOST_LINES`], before its tests (a `#[cfg(test)]` at the start of a line
/// ends the code: the tests' module comes last), as (line, name, lines). A function's body ends at the first line
/// that is its closing brace alone, at the indentation of its `fn`.
fn long_functions(text: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines.iter().position(|l| l.starts_with("#[cfg(test)]")).unwrap_or(lines.len());
    let mut long = Vec::new();
    for (i, line) in lines[..end].iter().enumerate() {
        let code = line.trim_start();
        let words: Vec<&str> = code.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else { continue };
        let before = &words[..at];
        let qualifiers = ["pub", "const", "async", "unsafe", "extern"];
        if !before.iter().all(|w| qualifiers.contains(w) || w.starts_with("pub(")) || code.starts_with("//") {
            continue;
        }
        let name = words.get(at + 1).map_or("", |w| w.split(['(', '<']).next().unwrap_or(w));
        // The signature ends on the first line ending in `{` (a body), `;` (a declaration) or `}` (a body of one
        // line).
        let Some(opened) = (i..end).find(|&k| lines[k].trim_end().ends_with(['{', ';', '}'])) else { continue };
        if !lines[opened].trim_end().ends_with('{') {
            continue;
        }
        let indent = &line[..line.len() - code.len()];
        let closing = format!("{indent}}}");
        if let Some(closed) = (opened + 1..lines.len()).find(|&k| lines[k].trim_end() == closing) {
            let length = closed - i + 1;
            if length > MOST_LINES {
                long.push((i + 1, name.to_owned(), length));
            }
        }
    }
    long
}

/// No function of the code is longer than [`MOST_LINES`] lines, and none allows clippy's `too_many_arguments`: a
/// long function is split by what it does, and a Bevy system with many parameters takes a `SystemParam`.
#[test]
fn functions_are_short_and_take_few_arguments() {
    let mut found = Vec::new();
    let files = code_files();
    assert!(files.len() > 100, "the code's files: {}", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (line, name, length) in long_functions(&text) {
            found.push(format!("{}:{line}: {name} is {length} lines long", path.display()));
        }
        for (i, line) in text.lines().enumerate() {
            if line.contains("clippy::too_many_arguments") {
                found.push(format!("{}:{}: allows too_many_arguments", path.display(), i + 1));
            }
        }
    }
    assert!(found.is_empty(), "over {MOST_LINES} lines or too many arguments:\n{}", found.join("\n"));
}

/// The measure itself: a function's lines from its `fn` to its closing brace, a one-line body and a declaration
/// not counted as long, and the tests' module left out.
#[test]
fn a_long_function_is_found() {
    let body = |n: usize| "    let x = 1;\n".repeat(n);
    let text = format!(
        "/// Doc.\npub(crate) fn long(\n    a: u32,\n) -> u32 {{\n{}    a\n}}\n\nfn short() {{ }}\nfn declared();\n\
         impl X {{\n    async fn method(&self) {{\n{}    }}\n}}\n#[cfg(test)]\nmod tests {{\n    fn test() {{\n{}    }}\n}}\n",
        body(MOST_LINES),
        body(MOST_LINES - 2),
        body(200)
    );
    let long = long_functions(&text);
    assert_eq!(long, vec![(2, "long".to_owned(), MOST_LINES + 5)]);
    let method = format!("impl X {{\n    fn method(&self) {{\n{}    }}\n}}\n", body(MOST_LINES - 1));
    assert_eq!(long_functions(&method), vec![(2, "method".to_owned(), MOST_LINES + 1)]);
}

/// docs/ARCHITECTURE.md's table of the screens' feature folders is true: each folder it lists is a folder of `src/`
/// with the files its last column names, and each folder with start scenes (a screen's slice) is listed.
#[test]
fn the_feature_folders_listed_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap_or_else(|e| panic!("{e}"));
    let mut listed = Vec::new();
    for row in text.lines().filter(|l| l.starts_with("| `") && l.split('|').nth(1).is_some_and(|c| c.ends_with("/` ")))
    {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let folder = cells[1].trim_matches('`').trim_end_matches('/');
        let dir = root.join("src").join(folder);
        assert!(dir.is_dir(), "docs/ARCHITECTURE.md lists src/{folder}/, which is no folder");
        // The files the drawn column names (`panel.rs`, `marks.rs`, ...).
        let drawn = cells.get(cells.len().saturating_sub(2)).copied().unwrap_or_default();
        for file in drawn.split('`').skip(1).step_by(2).filter(|f| f.ends_with(".rs")) {
            assert!(dir.join(file).is_file(), "docs/ARCHITECTURE.md names src/{folder}/{file}, which is not there");
        }
        listed.push(folder.to_owned());
    }
    assert!(listed.len() >= 7, "the folders listed: {listed:?}");
    let entries = std::fs::read_dir(root.join("src")).unwrap_or_else(|e| panic!("{e}"));
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().join("scenes.rs").is_file() {
            assert!(listed.contains(&name), "src/{name}/ has start scenes but docs/ARCHITECTURE.md does not list it");
        }
    }
}
