//! Puzzles: the file format, the only good turn, and the shipped sets still solved as they were made.

use fanorona_ai::puzzle::{self, ParsePuzzleError, Puzzle, PuzzleError, Theme};
use fanorona_ai::tablebase::LazyTables;
use fanorona_rules::{Game, Position, Turn, Variant};

/// The budget the shipped sets were made and are checked with (`fanorona-cli puzzles`' default).
const SHIPPED_NODES: u64 = 20_000;

fn shipped() -> Vec<(&'static str, Vec<Puzzle>)> {
    [("tsivy", Variant::Tsivy), ("dimy", Variant::Dimy)]
        .into_iter()
        .map(|(name, variant)| {
            (name, puzzle::parse_set(puzzle::shipped(variant)).unwrap_or_else(|(line, e)| panic!("{name}:{line}: {e}")))
        })
        .collect()
}

/// Every shipped puzzle reads, has a unique id, and its solution is legal and still the only good line at the budget
/// it was made with.
#[test]
fn the_shipped_puzzles_are_legal_and_still_unique() {
    let tables = LazyTables::default();
    for (name, puzzles) in shipped() {
        assert!(puzzles.len() >= 100, "{name}: {} puzzles", puzzles.len());
        let mut ids: Vec<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), puzzles.len(), "{name}: ids repeat");
        for p in &puzzles {
            assert!(!p.themes.is_empty(), "{name} {}", p.id);
            if let Err(e) = puzzle::check(p, SHIPPED_NODES, &tables) {
                panic!("{name} {}: {e}\n{p}", p.id);
            }
        }
    }
}

/// A puzzle reads back what it prints; a line that is no puzzle says what is wrong.
#[test]
fn a_puzzle_line_round_trips_and_bad_lines_say_why() {
    let (_, puzzles) = &shipped()[0];
    let first = &puzzles[0];
    assert_eq!(first.to_string().parse::<Puzzle>(), Ok(first.clone()));
    let fields: Vec<String> = first.to_string().split(" | ").map(str::to_owned).collect();
    let with = |i: usize, value: &str| {
        let mut f = fields.clone();
        f[i] = value.to_owned();
        f.join(" | ").parse::<Puzzle>()
    };
    assert_eq!("t1 | 1200".parse::<Puzzle>(), Err(ParsePuzzleError::Fields));
    assert_eq!(with(0, "a b"), Err(ParsePuzzleError::Id("a b".into())));
    assert_eq!(with(1, "high"), Err(ParsePuzzleError::Rating("high".into())));
    assert_eq!(with(2, "chain,fork"), Err(ParsePuzzleError::Theme("fork".into())));
    assert!(matches!(with(3, "9/9 w"), Err(ParsePuzzleError::Position(_))));
    assert!(matches!(with(4, "a1-a2"), Err(ParsePuzzleError::Turn { number: 1, .. })));
    if first.solution.len() >= 3 {
        let two: Vec<String> = first.solution[..2].iter().map(ToString::to_string).collect();
        assert_eq!(with(4, &two.join(" ")), Err(ParsePuzzleError::Length));
    }
    let set = format!("# a comment\n\n{first}\n{}\n", fields[..4].join(" | "));
    assert_eq!(puzzle::parse_set(&set).map(|_| ()), Err((4, ParsePuzzleError::Fields)));
}

/// The sixth field lists other turns accepted for the solver's last turn: it reads and prints back, the puzzle
/// accepts those turns there and nowhere else; a turn that is not legal there, the solution's own, one listed twice
/// or an empty field is refused with the turn named, and the check refuses a puzzle whose alternative is not another
/// legal turn.
#[test]
fn alternatives_for_the_last_turn_read_and_bad_ones_are_refused() {
    let (_, puzzles) = &shipped()[0];
    let p = puzzles.iter().find(|p| p.solution.len() >= 3 && p.alternatives.is_empty()).expect("a longer puzzle");
    let last = p.solution.len() - 1;
    let mut before_last = Game::new(p.position);
    for turn in &p.solution[..last] {
        before_last.play(turn).unwrap();
    }
    let others: Vec<Turn> = before_last.legal_turns().into_iter().filter(|t| *t != p.solution[last]).collect();
    assert!(others.len() >= 2, "{}: too few turns to choose from", p.id);
    let line = |field: &str| format!("{p} | {field}").parse::<Puzzle>();
    let two = format!("{} {}", others[0], others[1]);
    let read = line(&two).unwrap();
    assert_eq!(read.alternatives, others[..2]);
    assert_eq!(read.to_string(), format!("{p} | {two}"));
    assert_eq!(read.to_string().parse::<Puzzle>(), Ok(read.clone()));
    assert!(read.accepts(last, &others[1]) && read.accepts(last, &p.solution[last]) && read.accepts(0, &p.solution[0]));
    assert!(!p.accepts(last, &others[1]), "without the field, the solution only");
    // Not at an earlier turn of the solver (the line would go another way).
    let first_others = Game::new(p.position).legal_turns();
    assert!(first_others.iter().filter(|t| **t != p.solution[0]).all(|t| !read.accepts(0, t)));

    let refused = |field: &str| match line(field) {
        Err(ParsePuzzleError::Alternative { text, error }) => (text, error),
        other => panic!("{field:?}: {other:?}"),
    };
    assert_eq!(refused("a1-a2").0, "a1-a2");
    let own = p.solution[last].to_string();
    assert_eq!(refused(&format!("{} {own}", others[0])), (own.clone(), "it is the solution's own turn".to_owned()));
    let twice = others[0].to_string();
    assert_eq!(refused(&format!("{twice} {twice}")), (twice.clone(), "it is listed twice".to_owned()));
    assert_eq!(refused(""), (String::new(), "the field is empty".to_owned()));
    assert_eq!(format!("{p} | {twice} | {twice}").parse::<Puzzle>(), Err(ParsePuzzleError::Fields));
    assert!(line("a1-a2").unwrap_err().to_string().starts_with("alternative `a1-a2`: "));

    // The check: an alternative must be another legal turn where the solver's last turn is played.
    let tables = LazyTables::default();
    assert_eq!(puzzle::check(&read, SHIPPED_NODES, &tables), Ok(()));
    let mut own_turn = read.clone();
    own_turn.alternatives.push(p.solution[last]);
    assert_eq!(puzzle::check(&own_turn, SHIPPED_NODES, &tables), Err(PuzzleError::Alternative(own.clone())));
    // The reply before it: it moved a piece of the other side from a point now empty.
    let mut illegal = read;
    illegal.alternatives = vec![p.solution[last - 1]];
    let text = p.solution[last - 1].to_string();
    assert_eq!(puzzle::check(&illegal, SHIPPED_NODES, &tables), Err(PuzzleError::Alternative(text)));
}

/// Another first turn than the solution's fails the check (every other turn is clearly worse), as does a solution
/// with a turn that is not legal.
#[test]
fn the_check_refuses_a_wrong_turn() {
    let (_, puzzles) = &shipped()[0];
    let p = &puzzles[0];
    let other = Game::new(p.position).legal_turns().into_iter().find(|t| *t != p.solution[0]);
    let mut wrong = p.clone();
    wrong.solution[0] = other.unwrap_or_else(|| panic!("{} has one legal turn", p.id));
    wrong.solution.truncate(1);
    let tables = LazyTables::default();
    assert_eq!(puzzle::check(&wrong, SHIPPED_NODES, &tables), Err(PuzzleError::NotUnique(1)));
    let mut illegal = p.clone();
    illegal.solution = vec![p.solution[0], p.solution[0], p.solution[0]];
    assert!(matches!(puzzle::check(&illegal, SHIPPED_NODES, &tables), Err(PuzzleError::Illegal(2))), "{illegal}");
}

/// `find` gives the same puzzle for the same position and budget, and one that passes the check at that budget.
#[test]
fn finding_is_deterministic_and_passes_its_check() {
    let (_, puzzles) = &shipped()[1];
    let tables = LazyTables::default();
    for p in puzzles.iter().take(5) {
        let found = puzzle::find(p.position, SHIPPED_NODES, SHIPPED_NODES * 4, &tables, p.id.clone());
        assert_eq!(found.as_ref(), Some(p), "{}", p.id);
        assert_eq!(puzzle::check(p, SHIPPED_NODES, &tables), Ok(()));
    }
    // The start has no such turn.
    let start = Position::start(fanorona_rules::Variant::Dimy);
    assert_eq!(puzzle::find(start, 2_000, 8_000, &tables, "x".into()), None);
    assert!(Theme::ALL.iter().all(|t| !t.name().contains(' ')));
}

/// A game is looked through from the ply given (a self-play game's random opening is not the engine's play), and the
/// positions inside a puzzle's solution are not looked at again.
#[test]
fn a_game_is_looked_through_from_the_ply_given() {
    let (_, puzzles) = &shipped()[1];
    let p = &puzzles[0];
    let mut game = Game::new(p.position);
    for turn in &p.solution {
        game.play(turn).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
    let tables = LazyTables::default();
    let find = |from| puzzle::find_in_game(&game, from, SHIPPED_NODES, SHIPPED_NODES * 4, &tables, "x");
    let whole = Puzzle { id: "x0".into(), ..p.clone() };
    assert_eq!(find(0), vec![whole], "{}", p.id);
    let later = find(1);
    assert!(later.iter().all(|q| q.id != "x0" && q.position != p.position), "{later:?}");
}

/// The biggest capture is the most any legal turn takes, and the turn given takes that many (checked by playing every
/// turn after the first turn of each shipped tsivy puzzle, where the opponent is to move).
#[test]
fn the_biggest_capture_takes_the_most() {
    let (_, puzzles) = &shipped()[0];
    let mut captures = 0;
    for p in puzzles {
        let position = p.position.play_unchecked(&p.solution[0]);
        let mover = position.side_to_move();
        let taken =
            |turn: &Turn| (position.pieces(!mover).len() - position.play_unchecked(turn).pieces(!mover).len()) as usize;
        let most = position.legal_turns().iter().map(taken).max().unwrap_or(0);
        match puzzle::biggest_capture(&position) {
            Some((turn, n)) => {
                assert_eq!((n, taken(&turn)), (most, most), "{}", p.id);
                captures += 1;
            }
            None => assert_eq!(most, 0, "{}", p.id),
        }
    }
    assert!(captures > 50, "only {captures} positions with a capture");
}
