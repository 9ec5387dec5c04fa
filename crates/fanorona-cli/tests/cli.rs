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

/// `bench --search --threads 2` times the search with two threads to the depth asked for.
#[test]
fn bench_search_reports_time_to_depth_with_threads() {
    let middle = "bbbbb2bb/bbbbb1bbb/wbw1wb1wb/www1wwwww/www1wwwww b";
    let text = stdout(&cli(&["bench", "--search", "--threads", "2", "--depth", "4", "--position", middle]));
    assert!(text.starts_with("master search, 2 thread(s)"), "{text}");
    assert!(text.contains("  depth  4: ") && text.contains(" nodes\n") && text.contains("total: "), "{text}");
}

#[test]
fn bestmove_prints_a_legal_turn_as_the_last_line() {
    let legal = stdout(&cli(&["moves", "tsivy"]));
    for level in ["beginner", "casual", "classic", "strong", "master"] {
        let out = stdout(&cli(&["bestmove", "tsivy", "--level", level, "--depth", "2"]));
        let last = out.lines().last().unwrap_or_default().to_owned();
        assert!(legal.lines().any(|l| l == last), "{level}: {out}");
    }
    let out = stdout(&cli(&["bestmove", "telo"]));
    assert_eq!(out.lines().last(), Some("b2"));
    let over = cli(&["bestmove", "9/9/9/9/w8 b"]);
    assert_eq!(over.status.code(), Some(2));
    assert_eq!(cli(&["bestmove", "tsivy", "--level", "grandmaster"]).status.code(), Some(2));
}

#[test]
fn match_prints_a_result_table() {
    let out = stdout(&cli(&["match", "--white", "casual", "--black", "beginner", "--games", "4", "--alternate"]));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("wins") && lines[0].contains("score") && lines[0].contains("ms/move"), "{out}");
    assert!(lines[1].starts_with("casual") && lines[2].starts_with("beginner"), "{out}");
    assert!(out.contains("games: 4"), "{out}");
    let pairs = out.lines().find(|l| l.starts_with("pairs scoring 0, ½, 1, 1½, 2: [")).unwrap_or_default();
    let counts: Vec<u32> = pairs[pairs.find('[').map_or(0, |i| i + 1)..pairs.find(']').unwrap_or(0)]
        .split(", ")
        .filter_map(|n| n.parse().ok())
        .collect();
    assert_eq!((counts.len(), counts.iter().sum::<u32>()), (5, 2), "two pairs of games: {out}");
}

/// `openings` writes the same openings whatever the threads, each a few random turns from the start; `match
/// --openings` plays them in pairs, and a file with a turn that does not play is refused with its line.
#[test]
fn openings_are_written_reproducibly_and_a_match_plays_them() {
    let args = ["openings", "--count", "4", "--nodes", "3000", "--min-score", "0", "--max-score", "400", "--seed", "3"];
    let one = stdout(&cli(&args));
    let two = stdout(&cli(&[&args[..], &["--threads", "2"]].concat()));
    assert_eq!(one, two);
    let lines: Vec<&str> = one.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 4, "{one}");
    assert!(lines.iter().all(|l| (4..=8).contains(&l.split(' ').count())), "{one}");
    let dir = std::env::temp_dir().join(format!("fanorona-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("openings.txt");
    std::fs::write(&file, &one).expect("written");
    let path = file.to_string_lossy().into_owned();
    let base = ["match", "--white", "casual", "--black", "beginner", "--games", "4", "--tables", "0", "--openings"];
    let out = stdout(&cli(&[&base[..], &[path.as_str(), "--alternate"]].concat()));
    assert!(out.contains("games: 4") && out.contains("pairs scoring"), "{out}");
    std::fs::write(&file, format!("{}\nd2-e3A a1-a2\n", lines[0])).expect("written");
    let bad = cli(&[&base[..], &[path.as_str()]].concat());
    let error = String::from_utf8_lossy(&bad.stderr).into_owned();
    assert!(bad.status.code() == Some(2) && error.contains("openings.txt:2: a1-a2"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The sequential test stops a match as soon as it is decided (after 20 pairs at the least): the casual level
/// against the beginner is far more than 10 Elo better (H1), and the other way round far from it (H0), long before
/// 400 games.
#[test]
fn match_with_a_sequential_test_stops_once_it_is_decided() {
    for (white, black, verdict) in [("casual", "beginner", "H1 accepted"), ("beginner", "casual", "H0 accepted")] {
        let args = ["match", "--white", white, "--black", black, "--games", "400", "--sprt", "0,10", "--tables", "0"];
        let out = stdout(&cli(&args));
        let games: u32 =
            out.lines().find_map(|l| l.strip_prefix("games: ")?.split(',').next()?.parse().ok()).unwrap_or_default();
        assert!(out.contains(verdict) && (40..400).contains(&games), "{white} against {black}: {out}");
    }
    assert_eq!(cli(&["match", "--white", "casual", "--black", "beginner", "--sprt", "10,0"]).status.code(), Some(2));
}

#[test]
fn match_plays_another_engine_program_through_the_protocol() {
    let me = env!("CARGO_BIN_EXE_fanorona-cli");
    let args = ["match", "--white", "strong", "--black", "strong", "--games", "2", "--depth", "1", "--alternate"];
    let out = stdout(&cli(&[&args[..], &["--versus", me]].concat()));
    assert!(out.contains("strong (tables) (this)") && out.contains("strong (other)"), "{out}");
    assert!(out.contains("games: 2") && !out.contains("bad answer"), "{out}");
}

/// At a fixed number of nodes a move, `go nodes` included, two copies of one engine play the same game from each
/// side of an opening: the match is exactly even, whatever the machine's load.
#[test]
fn a_match_at_fixed_nodes_against_a_copy_through_the_protocol_is_even() {
    let me = env!("CARGO_BIN_EXE_fanorona-cli");
    let args = ["match", "--white", "master", "--black", "master", "--games", "4", "--nodes", "3000", "--alternate"];
    // The engine protocol's master plays its book and the tables: the first engine is given both.
    let out = stdout(&cli(&[&args[..], &["--book", "--tables", "--versus", me]].concat()));
    let scores: Vec<&str> = out.lines().skip(1).take(2).filter_map(|l| l.split_whitespace().nth_back(1)).collect();
    assert_eq!(scores, ["50.0%", "50.0%"], "{out}");
}

/// `--time 80,16`: each engine thinks its own time a move, named in the table; three times are an error.
#[test]
fn a_match_gives_each_engine_its_own_time() {
    let args = ["match", "--white", "master", "--black", "master", "--games", "2", "--alternate", "--tables", "0"];
    let out = stdout(&cli(&[&args[..], &["--time", "80,16"]].concat()));
    let per_move = |prefix: &str| {
        let line = out.lines().find(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("no {prefix}: {out}"));
        line.split_whitespace().last().and_then(|ms| ms.parse::<f64>().ok()).unwrap_or_else(|| panic!("{line}"))
    };
    let (first, second) = (per_move("master (80 ms)"), per_move("master (16 ms)"));
    // Without the book and the tables every turn is searched until its time runs out, unless the search proves the
    // game won or lost first. The times are five to one so that what a busy machine adds to each turn (the thread
    // waiting for a core after its time is up: some milliseconds) cannot bring them within two to one, while a
    // match that gave both engines one time (either) would.
    assert!(first > second * 2.0, "{first} against {second}: {out}");
    assert_eq!(cli(&["match", "--white", "master", "--black", "master", "--time", "1,2,3"]).status.code(), Some(2));
}

/// Two search threads against one, the first engine pondering: legal games, the threads and the pondering named in
/// the table, and the pondering counted (some of its guesses right: in a self-match the reply is often the one the
/// first engine's search expected).
#[test]
fn a_match_with_threads_and_pondering_plays_legal_games() {
    let args = ["match", "--white", "master", "--black", "master", "--games", "2", "--nodes", "4000", "--alternate"];
    let out = stdout(&cli(&[&args[..], &["--threads", "2,1", "--ponder", "--tables", "0"]].concat()));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with("master (2 threads) (ponder) ") && lines[2].starts_with("master "), "{out}");
    assert!(out.contains("games: 2") && !out.contains("bad answer"), "{out}");
    let guessed = out.lines().find_map(|l| l.strip_prefix("master (2 threads) (ponder): guessed "));
    let (hits, pondered) = guessed
        .and_then(|g| g.split_once(" of "))
        .and_then(|(hits, rest)| Some((hits.parse::<u32>().ok()?, rest.split(' ').next()?.parse::<u32>().ok()?)))
        .unwrap_or_else(|| panic!("no pondering line: {out}"));
    assert!(pondered >= 5 && hits >= 1 && hits <= pondered, "{out}");
    assert_eq!(cli(&["match", "--white", "master", "--black", "master", "--threads", "1,2,3"]).status.code(), Some(2));
}

/// `puzzles` gives the same file for the same options whatever the concurrency, and `--check` passes it at the same
/// budget; a file with a line that is no puzzle fails with status 2 and the line's number.
#[test]
fn puzzles_are_found_the_same_way_every_time_and_checked() {
    let args = ["puzzles", "--variant", "dimy", "--games", "4", "--nodes", "3000"];
    let alone = stdout(&cli(&args));
    assert_eq!(alone, stdout(&cli(&[&args[..], &["--concurrency", "2"]].concat())));
    let found = alone.lines().filter(|l| !l.starts_with('#')).count();
    assert!(found >= 1 && alone.starts_with(&format!("# {found} puzzles of dimy from 4 self-play games")), "{alone}");
    let file = std::env::temp_dir().join(format!("fanorona-puzzles-{}.txt", std::process::id()));
    std::fs::write(&file, &alone).expect("a temporary file");
    let path = file.to_string_lossy().into_owned();
    let checked = cli(&["puzzles", "--check", &path, "--nodes", "3000"]);
    assert!(checked.status.success(), "{}", String::from_utf8_lossy(&checked.stderr));
    assert_eq!(stdout(&checked), format!("{found} puzzles checked at 3000 nodes a line, 0 failed\n"));
    std::fs::write(&file, format!("{alone}d9 | 1200 | chain | 5/5/5 w | a1-a2\n")).expect("a temporary file");
    let bad = cli(&["puzzles", "--check", &path]);
    let _ = std::fs::remove_file(&file);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains(&format!("line {}: ", found + 3)), "{bad:?}");
}

/// `puzzles --confirm` searches each puzzle of a file again, far deeper, and prints the file made again: t121's
/// other turn that wins as clearly (`a3-b4A`, issue 53) is accepted beside the solution, a puzzle whose turn does not
/// win is dropped, the themes are counted again and a header line says what was done; each puzzle's searches go to
/// standard error.
#[test]
fn a_confirmation_accepts_turns_as_good_and_drops_turns_that_do_not_win() {
    let position = "b1bb1w3/b7b/w4b1w1/w8/7w1 w 0 -";
    let (t121, losing) =
        (format!("t121 | 1200 | capture | {position} | f5-f4A"), format!("x1 | 1200 | quiet | {position} | f5-e5A"));
    let file = std::env::temp_dir().join(format!("fanorona-confirm-{}.txt", std::process::id()));
    std::fs::write(&file, format!("# made by hand\n# themes: 1 quiet, 1 capture\n{t121}\n{losing}\n"))
        .expect("a temporary file");
    let out = cli(&["puzzles", "--confirm", &file.to_string_lossy(), "--nodes", "5000000"]);
    let _ = std::fs::remove_file(&file);
    let report = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{report}");
    assert_eq!(
        stdout(&out),
        format!(
            "# made by hand\n# themes: 0 chain, 0 choice, 0 quiet, 0 sacrifice, 0 endgame, 1 capture\n# confirmed at \
             5000000 nodes a line (`fanorona-cli puzzles --confirm FILE --nodes 5000000`): 1 of 2 kept, 1 with \
             alternatives (t121), 0 cut short; 1 dropped (x1)\n{t121} | a3-b4A\n"
        )
    );
    let lines: Vec<&str> = report.lines().collect();
    assert!(
        lines[0].starts_with("t121: alternatives; turn 1 f5-f4A tables win, as good a3-b4A tables win, next "),
        "{report}"
    );
    assert_eq!(lines[1], "x1: dropped; turn 1 f5-e5A tables loss, next f5-f4A tables win", "{report}");
}

#[test]
fn spsa_prints_its_progress_and_the_weights() {
    let out = cli(&["spsa", "--pairs", "2", "--nodes", "300", "--every", "1"]);
    assert!(out.status.success());
    let progress = String::from_utf8_lossy(&out.stderr);
    assert_eq!(progress.lines().filter(|l| l.starts_with("pair ")).count(), 2, "{progress}");
    let log = stdout(&out);
    assert!(log.lines().last().is_some_and(|l| l.starts_with("weights: Weights { material: 100")), "{log}");
}

/// Runs `fanorona-cli engine` on `script` and returns what it printed.
fn engine(script: &str) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fanorona-cli"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("write");
    let out = child.wait_with_output().expect("the engine ends");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_engine_protocol_answers_and_survives_bad_commands() {
    let text = engine(
        "isready\nfly away\nposition tsivy moves f3-e3W\ngo depth 2 level classic\nposition dimy moves z9\n\
         go movetime x\nposition telo\ngo\nposition 9/9/9/9/w8 b\ngo depth 1\nquit\nisready\n",
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert_eq!(lines[0], "readyok");
    assert!(lines[1].starts_with("error unknown command"), "{text}");
    assert!(lines[2].starts_with("bestmove "), "{text}");
    assert!(lines[3].starts_with("error turn 1 `z9`"), "{text}");
    assert!(lines[4].starts_with("error bad movetime"), "{text}");
    assert_eq!(lines[5], "bestmove b2");
    assert_eq!(lines[6], "bestmove none");
}

/// `threads N` sets the master's search threads; a count that is not a whole number from 1 is an error line.
#[test]
fn the_engine_protocol_sets_its_threads() {
    let middle = "bbbbb2bb/bbbbb1bbb/wbw1wb1wb/www1wwwww/www1wwwww b";
    let text = engine(&format!("threads 2\nposition {middle}\ngo depth 3\nthreads 0\nthreads\nthreads 2 3\nquit\n"));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("bestmove "), "{text}");
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[1..].iter().all(|l| l.starts_with("error bad threads")), "{text}");
}

/// The engine protocol's master plays the opening book, as the game's does: in a book position where a search to
/// depth 1 chooses another turn, `go depth 1` answers with the book's.
#[test]
fn the_engine_protocol_plays_the_book() {
    let searched = |entry: &&fanorona_ai::BookEntry| {
        let game = fanorona_rules::Game::new(entry.position);
        let limits = fanorona_ai::Limits::depth(1);
        fanorona_ai::Resumable::run(&mut fanorona_ai::Search::for_level(&game, fanorona_ai::Level::Master, limits, 1))
            .best
            != Some(entry.turn)
    };
    let entry =
        fanorona_ai::Book::builtin().entries().find(searched).expect("a book turn a shallow search would not play");
    let text = engine(&format!("position {}\ngo depth 1 level master\nquit\n", entry.position));
    assert_eq!(text, format!("bestmove {}\n", entry.turn));
}

/// The engine protocol's strong and master play the endgame tables, as the game's do: in a won four-piece tsivy
/// ending where a search to depth 1 plays a turn that gives the win away, `go depth 1` answers with one that keeps it.
#[test]
fn the_engine_protocol_plays_the_tables() {
    use fanorona_ai::tablebase::{Tablebase, TbResult};
    use fanorona_rules::{Position, Side, Variant};
    let tables = Tablebase::build(Variant::Tsivy).expect("tsivy has tables");
    // White still wins after the turn: it took the last black piece, or the tables say Black loses.
    let keeps_win = |pos: &Position, turn: &fanorona_rules::Turn| {
        let after = pos.play_unchecked(turn);
        after.outcome().is_some_and(|o| o.winner() == Some(Side::White))
            || matches!(tables.probe(&after), Some(TbResult::Loss(_)))
    };
    // Two white pieces on the second row against two black ones on the fourth, in every arrangement, White to move.
    let row = |y: u8| (0..9u8).filter_map(move |x| fanorona_rules::Point::new(x, y));
    let pairs = |y: u8| row(y).flat_map(move |a| row(y).filter(move |b| a.x() < b.x()).map(move |b| (a, b)));
    let found = pairs(1).flat_map(|w| pairs(3).map(move |b| (w, b))).find_map(|((w1, w2), (b1, b2))| {
        let mut setup = fanorona_rules::Setup::empty(Variant::Tsivy);
        for (point, side) in [(w1, Side::White), (w2, Side::White), (b1, Side::Black), (b2, Side::Black)] {
            setup.put(point, Some(side));
        }
        let pos = setup.position().ok()?;
        let game = fanorona_rules::Game::new(pos);
        let searched = fanorona_ai::Resumable::run(&mut fanorona_ai::Search::for_level(
            &game,
            fanorona_ai::Level::Master,
            fanorona_ai::Limits::depth(1),
            1,
        ));
        let won = matches!(tables.probe(&pos), Some(TbResult::Win(_)));
        (won && !keeps_win(&pos, &searched.best?)).then_some(pos)
    });
    let pos = found.expect("a won ending a one-turn search gives away");
    for level in ["master", "strong"] {
        let text = engine(&format!("position {pos}\ngo depth 1 level {level}\nquit\n"));
        let turn = text.trim().strip_prefix("bestmove ").and_then(|t| pos.parse_turn(t).ok());
        assert!(turn.is_some_and(|t| keeps_win(&pos, &t)), "{level} in {pos}: {text}");
    }
}

/// A tiny book: every position after no turn or one (six), then the replies to the book's own first turn; every
/// turn legal, and the same text from one thread or two, as a node-limited search gives.
#[test]
fn book_writes_a_tiny_book_of_legal_turns_the_same_on_any_number_of_threads() {
    let write = |threads: &str| {
        let out = cli(&["book", "--full", "2", "--plies", "3", "--nodes", "3000", "--threads", threads]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        stdout(&out)
    };
    let text = write("1");
    assert!(text.starts_with("# The opening book of tsivy: `fanorona-cli book --full 2 --plies 3 --nodes 3000`"));
    let book: fanorona_ai::Book = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    let start = fanorona_rules::Position::start(fanorona_rules::Variant::Tsivy);
    let first = book.probe(&start).expect("the start is in the book");
    let after = start.play_unchecked(&first.turn);
    let distinct = |turns: Vec<fanorona_rules::Turn>, from: fanorona_rules::Position| {
        turns.iter().map(|t| from.play_unchecked(t)).collect::<std::collections::HashSet<_>>().len()
    };
    let replies = distinct(after.legal_turns(), after);
    assert!(replies > 1, "{replies}");
    assert_eq!(book.len(), 1 + distinct(start.legal_turns(), start) + replies, "{text}");
    for entry in book.entries() {
        assert!(entry.position.legal_turns().contains(&entry.turn), "{entry}");
        assert!(entry.depth > 0, "{entry}");
    }
    assert_eq!(write("2"), text);
}

/// Writes `text` to a fresh file in the temporary folder and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("fanorona-cli-test-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the temporary file is written");
    path.to_string_lossy().into_owned()
}

#[test]
fn convert_turns_ron_into_game_text_and_back() {
    let ron =
        "(\n    variant: tsivy,\n    turns: [\"f3-e3W\", \"f4-f3A\"],\n    result: None,\n    white: \"Rasoa\",\n)\n";
    let ron_file = temp_file("game.ron", ron);
    let out = cli(&["convert", &ron_file]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert_eq!(text, "[White \"Rasoa\"]\n[Variant \"tsivy\"]\n[Result \"*\"]\n\n1. f3-e3W f4-f3A *\n");
    let text_file = temp_file("game.txt", &text);
    let back = stdout(&cli(&["convert", &text_file]));
    assert!(back.starts_with('(') && back.contains("\"f4-f3A\"") && back.contains("white: Some(\"Rasoa\")"), "{back}");
    // Asked for the form it is in: checked and printed again.
    assert_eq!(stdout(&cli(&["convert", &text_file, "--to", "text"])), text);
    assert_eq!(stdout(&cli(&["convert", &ron_file, "--to", "ron"])), back);
    // Game text without tags is recognised by its turns.
    let bare = temp_file("bare.txt", "1. f3-e3W f4-f3A\n");
    assert!(stdout(&cli(&["convert", &bare])).starts_with('('));
    for file in [ron_file, text_file, bare] {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn convert_reports_a_bad_game_with_its_line_and_status_2() {
    let illegal = temp_file("illegal.txt", "[White \"Rasoa\"]\n\n1. f3-e3W f4-f3A\n2. f3-f4 *\n");
    let unreadable = temp_file("tags.txt", "[White \"Rasoa\"]\n[Variant chess]\n");
    let bad_ron = temp_file("bad.ron", "(\n    variant: tsivy,\n    turns: [\"f3-e3W\", \"z9\"],\n)\n");
    for (file, message) in [
        (&illegal, "line 4, column 4: turn 3 `f3-f4`"),
        (&unreadable, "line 2, column 10: bad tag line"),
        (&bad_ron, "turn 2 `z9`"),
        (&"/nonexistent/game.txt".to_owned(), "cannot read"),
    ] {
        let out = cli(&["convert", file]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(out.stdout.is_empty(), "{file}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{file}: {stderr}");
    }
    assert_eq!(cli(&["convert", &illegal, "--to", "pgn"]).status.code(), Some(2));
    for file in [illegal, unreadable, bad_ron] {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn review_marks_the_blunder_and_names_the_better_turn() {
    let file = temp_file(
        "blunder.txt",
        "[Variant \"tsivy\"]\n\n1. d2-e3A f5-f4A 2. e1-f2A-f3A h5-h4A 3. c3-d2W i3-h2A-g3W-h3W 4. g2-g3A-f4A-g4A\n\
         b3-c3W 5. a2-a3A-b3A-b4A-a4W d5-e5 *\n",
    );
    let out = cli(&["review", &file]);
    let _ = std::fs::remove_file(&file);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    let blunder = text.lines().find(|l| l.contains("b3-c3W")).unwrap_or_default();
    assert!(blunder.starts_with("  4... b3-c3W??"), "{text}");
    assert!(blunder.contains("blunder") && blunder.contains("better e4-e3A"), "{text}");
    // The only other turn called an error is White's 3. c3-d2W, which lets Black capture three times in one turn
    // (i3-h2A-g3W-h3W) where g1-h2A keeps the material (a mistake or a blunder, as the evaluation's scale puts it
    // just under or over the line): no sound turn is called one.
    let errors: Vec<&str> =
        text.lines().filter(|l| l.contains("mistake (lost") || l.contains("blunder (lost")).collect();
    assert_eq!(errors.len(), 2, "{text}");
    assert!(errors[0].starts_with("  3.   c3-d2W?") && errors[0].contains("better g1-h2A"), "{text}");
    assert!(text.contains("Black: accuracy ") && text.contains(", 1 blunder"), "{text}");
    let missing = cli(&["review", "/nonexistent/game.txt"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
}

#[test]
fn analyze_prints_the_best_lines_in_order() {
    let out = cli(&["analyze", "tsivy", "--lines", "3", "--depth", "3"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let mut firsts = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        assert!(line.starts_with(&format!("{}. ", i + 1)), "{text}");
        assert!(line.contains("depth  3: "), "{text}");
        let turn = line.split(": ").nth(1).and_then(|pv| pv.split(' ').next()).unwrap_or_default();
        assert!(["d2-e3A", "e2-e3A", "f2-e3A", "f3-e3A", "f3-e3W"].contains(&turn), "{text}");
        firsts.push(turn.to_owned());
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{text}");
    assert_eq!(cli(&["analyze", "not a position"]).status.code(), Some(2));
}

#[test]
fn tb_prints_the_verdict_of_the_endgame_tables() {
    let won = stdout(&cli(&["tb", "5/2b2/5/1w3/w4 w"]));
    let mut lines = won.lines();
    assert_eq!(lines.next(), Some("White wins in 6 turns: best b2-b3"), "{won}");
    assert!(won.contains("tables: dimy, 191500 entries ("), "{won}");
    assert!(won.contains(" s\n"), "{won}");
    // The same position as Black sees it when it is Black's turn (colours swapped, so Black wins), and with too
    // few turns left before the 50-turn draw.
    let black = stdout(&cli(&["tb", "5/2w2/5/1b3/b4 b"]));
    assert!(black.starts_with("Black wins in 6 turns: best b2-b3\n"), "{black}");
    let late = stdout(&cli(&["tb", "5/2b2/5/1w3/w4", "w", "45"]));
    assert!(late.starts_with("draw: best "), "{late}");
    let lost = stdout(&cli(&["tb", "bb3/5/5/5/4w w"]));
    assert!(lost.starts_with("Black wins in 10 turns: White's longest defence "), "{lost}");
    assert_eq!(stdout(&cli(&["tb", "dimy"])), "not in the tables: 24 pieces (the tables hold at most 5)\n");
    // A position of five pieces is answered from the five-piece tables, built for it.
    let five = stdout(&cli(&["tb", "5/2b2/5/1w1b1/w1w2 w"]));
    assert!(five.contains("tables: dimy, 1785400 entries ("), "{five}");
    let empty = stdout(&cli(&["tb", "5/5/5/1w3/w4 w"]));
    assert_eq!(empty, "not in the tables: Black has no pieces (the game is over)\n");
    let over = stdout(&cli(&["tb", "5/2b2/5/1w3/w4 w 50"]));
    assert_eq!(over, "the game is over: Draw: 50 turns in a row without a capture\n");
    let telo = cli(&["tb", "3/1w1/b2 w"]);
    assert_eq!(telo.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&telo.stderr).contains("only for tsivy and dimy"));
    assert_eq!(cli(&["tb", "5/5/5 w"]).status.code(), Some(2));
    // The master with the tables answers at once with the tables' best turn.
    let best = stdout(&cli(&["bestmove", "--tables", "5/2b2/5/1w3/w4 w"]));
    assert_eq!(best, "info depth 0 score 19994 nodes 0 pv b2-b3\nb2-b3\n");
}

/// `selfplay` writes positions, `learn` fits weights to them and writes a file that `match --learned` plays with;
/// a weights file that does not read is refused with the reason.
#[test]
fn self_play_data_fits_weights_that_a_match_plays() {
    let data = temp_file("selfplay.txt", "");
    let args = ["selfplay", "--out", &data, "--games", "40", "--nodes", "500", "--max-random", "4", "--threads", "2"];
    let made = stdout(&cli(&args));
    assert!(made.contains(": 40 games"), "{made}");
    let weights = temp_file("learned.txt", "");
    let fitted = stdout(&cli(&["learn", "--data", &data, "--out", &weights, "--epochs", "30", "--hold-out", "5"]));
    assert!(fitted.contains("held out") && fitted.contains("learned"), "{fitted}");
    let text = std::fs::read_to_string(&weights).expect("the weights are written");
    assert!(text.starts_with("# fanorona-cli learn --data "), "{text}");
    let base = ["match", "--white", "master", "--black", "master", "--games", "2", "--nodes", "2000", "--tables", "0"];
    let out = stdout(&cli(&[&base[..], &["--alternate", "--learned", &weights]].concat()));
    assert!(out.contains("games: 2"), "{out}");
    let bad = cli(&[&base[..], &["--learned", &temp_file("bad.txt", "1 2 x")]].concat());
    let error = String::from_utf8_lossy(&bad.stderr).into_owned();
    assert!(bad.status.code() == Some(2) && error.contains("\"x\" is not an integer"), "{error}");
    for file in [data, weights] {
        let _ = std::fs::remove_file(file);
    }
}
