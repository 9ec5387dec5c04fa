//! The command on a database of its own: it creates and migrates it as the server would, finds no finished game the
//! first time, and says so; a database it cannot open is an error and a failure status, not a panic.

use std::process::Command;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fanorona-find-puzzles")).args(args).env_remove("DATABASE_URL").output().unwrap()
}

#[test]
fn an_empty_database_has_no_game_to_look_through() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("data");
    let out = run(&["--data-dir", data_dir.to_str().unwrap(), "--nodes", "1000"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0 finished games looked through, 0 puzzles added\n");
    assert!(data_dir.join("fanorona-server.db").is_file(), "the default database is the server's");
}

#[test]
fn a_database_that_cannot_be_opened_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = format!("sqlite://{}/no/such/folder/db", dir.path().display());
    let out = run(&["--database", &missing]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("fanorona-find-puzzles: "), "{stderr}");
    assert!(out.stdout.is_empty());
}
