//! What CI leaves out of this program's tests, read from their sources. An ignored test is either PostgreSQL-only
//! (its reason says "PostgreSQL only"; CI's PostgreSQL pass runs it with `--include-ignored`) or run by hand for the
//! figures it prints, named `figures_...` (that pass leaves those out with `--skip figures_`). An ignored test that is
//! neither would run in that pass without anybody reading what it prints; a test that is not ignored but whose name
//! holds `figures_` (the filter matches anywhere in a test's path) would be skipped there without anybody knowing.

use std::path::Path;

/// A test function as its source declares it.
#[derive(Debug)]
struct Declared {
    /// `module::name`, as the test harness names it.
    path: String,
    /// Its `#[ignore ...]` attribute, if it has one.
    ignore: Option<String>,
}

/// The name of the function declared on `line`, if it declares one.
fn function_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("pub ").unwrap_or(line);
    let rest = rest.strip_prefix("async ").unwrap_or(rest);
    let rest = rest.strip_prefix("fn ")?;
    rest.split(['(', '<']).next()
}

/// The test functions of the module `module` whose source is `source`.
fn declared_tests(module: &str, source: &str) -> Vec<Declared> {
    let mut tests = Vec::new();
    // The attributes above the next item; comments between them and the item do not end them.
    let mut attributes: Vec<&str> = Vec::new();
    for line in source.lines().map(str::trim) {
        if line.starts_with("#[") {
            attributes.push(line);
            continue;
        }
        if line.starts_with("//") {
            continue;
        }
        let is_test = attributes.iter().any(|a| a.starts_with("#[test]") || a.starts_with("#[tokio::test"));
        if let Some(name) = function_name(line).filter(|_| is_test) {
            let ignore = attributes.iter().find(|a| a.contains("ignore")).map(|a| (*a).to_owned());
            tests.push(Declared { path: format!("{module}::{name}"), ignore });
        }
        attributes.clear();
    }
    tests
}

/// Every test of this program, from the sources of its modules.
fn all_tests() -> Vec<Declared> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/server");
    let mut tests = Vec::new();
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "rs") {
            let module = path.file_stem().unwrap().to_string_lossy().into_owned();
            tests.extend(declared_tests(&module, &std::fs::read_to_string(&path).unwrap()));
        }
    }
    tests
}

#[test]
fn every_ignored_test_is_postgresql_only_or_run_by_hand_for_its_figures() {
    let tests = all_tests();
    let ignored: Vec<&Declared> = tests.iter().filter(|test| test.ignore.is_some()).collect();
    // The scan sees what is there: the PostgreSQL-only tests of two servers on one database, and the figures.
    assert!(ignored.iter().filter(|test| test.path.starts_with("cluster::")).count() >= 4, "{ignored:#?}");
    assert!(ignored.iter().any(|test| test.path.contains("::figures_")), "{ignored:#?}");
    for test in &tests {
        let name = test.path.rsplit("::").next().unwrap_or_default();
        match &test.ignore {
            Some(reason) => assert!(
                reason.contains("PostgreSQL only") || name.starts_with("figures_"),
                "{}: ignored tests are PostgreSQL-only (their reason says \"PostgreSQL only\") or named figures_..., \
                 which CI leaves out; this one would run in CI's PostgreSQL pass ({reason})",
                test.path,
            ),
            None => assert!(
                !test.path.contains("figures_"),
                "{}: CI's PostgreSQL pass skips every test whose path holds figures_, ignored or not",
                test.path,
            ),
        }
    }
}
