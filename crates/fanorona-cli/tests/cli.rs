//! The command-line interface as other programs use it.

use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fanorona-cli")).args(args).output().expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn moves_prints_the_legal_turns_sorted_and_nothing_else() {
    let out = cli(&["moves", "tsivy"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "d2-e3A\ne2-e3A\nf2-e3A\nf3-e3A\nf3-e3W\n");
    assert!(out.stderr.is_empty());
}

#[test]
fn moves_takes_position_text_quoted_or_as_words() {
    let quoted = cli(&["moves", "bbbbb/bbbbb/wb1wb/wwwww/wwwww w"]);
    let words = cli(&["moves", "bbbbb/bbbbb/wb1wb/wwwww/wwwww", "w", "0", "-"]);
    assert_eq!(stdout(&quoted), stdout(&words));
    assert_eq!(stdout(&quoted).lines().count(), 5);
}

#[test]
fn perft_prints_the_count_as_the_last_line() {
    assert_eq!(stdout(&cli(&["perft", "tsivy", "3"])), "724\n");
    assert_eq!(stdout(&cli(&["perft", "dimy", "4"])), "3469\n");
    assert_eq!(stdout(&cli(&["perft", "3/3/3", "w", "2"])), "72\n");
    let divide = stdout(&cli(&["perft", "--divide", "tsivy", "2"]));
    let lines: Vec<&str> = divide.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0], "d2-e3A: 5");
    assert_eq!(lines[5], "39");
}

#[test]
fn show_draws_the_board_with_coordinates() {
    let text = stdout(&cli(&["show", "dimy"]));
    assert!(text.starts_with("5 B---B---B---B---B\n  | \\ | / | \\ | / |\n"), "{text}");
    assert!(text.contains("3 W---B---.---W---B"), "{text}");
    assert!(text.contains("  a   b   c   d   e"), "{text}");
    assert!(text.contains("White to move"), "{text}");
}

#[test]
fn bad_arguments_exit_with_status_2_and_a_message() {
    for args in [
        &["moves", "chess"][..],
        &["moves", "3/3/4 w"],
        &["perft", "tsivy", "deep"],
        &["perft", "tsivy"],
        &["show"],
        &["fly"],
        &[],
    ] {
        let out = cli(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = cli(&["moves", "3/3/4 w"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("row 1 has 4 points but row 3 has 3"));
}

#[test]
fn bench_reports_count_and_speed() {
    let text = stdout(&cli(&["bench", "--depth", "3"]));
    assert!(text.contains("perft(3) = 724"), "{text}");
    assert!(text.contains("million turns/s"), "{text}");
}
