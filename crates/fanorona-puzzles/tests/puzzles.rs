//! Puzzles as text: a line reads back what it prints, bad lines say why, the alternatives of the last turn, the shipped
//! sets, the biggest capture a wrong turn lets through, and the choice of the next puzzle.

use fanorona_puzzles::{
    Candidate, ParsePuzzleError, Puzzle, SetError, Theme, VARIANTS, biggest_capture, nearest_untried, parse_set,
    shipped, shipped_puzzle,
};
use fanorona_rules::{Game, Turn, Variant};

fn tsivy() -> &'static [Puzzle] {
    shipped(Variant::Tsivy).unwrap_or_else(|e| panic!("tsivy: {e}"))
}

/// Every shipped set reads, has a hundred puzzles or more with unique ids, each with a theme, and each found by its id;
/// telo has none.
#[test]
fn the_shipped_sets_read() {
    for variant in VARIANTS {
        let puzzles = shipped(variant).unwrap_or_else(|e| panic!("{}: {e}", variant.name()));
        assert!(puzzles.len() >= 100, "{}: {} puzzles", variant.name(), puzzles.len());
        let mut ids: Vec<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), puzzles.len(), "{}: ids repeat", variant.name());
        for p in puzzles {
            assert!(!p.themes.is_empty(), "{}", p.id);
            assert_eq!(p.position.variant(), variant, "{}", p.id);
            assert_eq!(shipped_puzzle(&p.id), Some(p));
        }
    }
    assert_eq!(shipped(Variant::Telo), Ok(&[][..]));
    assert_eq!(shipped_puzzle("nothing"), None);
    assert!(Theme::ALL.iter().all(|t| !t.name().contains(' ') && Theme::from_name(t.name()) == Some(*t)));
}

/// A puzzle from its parts (as the server sends it) is the puzzle its line gives, with the same checks.
#[test]
fn a_puzzle_from_its_parts_is_the_one_its_line_gives() {
    for p in tsivy().iter().take(20) {
        let words = |turns: &[Turn]| turns.iter().map(ToString::to_string).collect::<Vec<_>>();
        let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
        let themes: Vec<String> = themes.iter().map(|t| (*t).to_owned()).collect();
        let position = p.position.to_string();
        let parts = |solution: &[String]| {
            Puzzle::from_parts(&p.id, p.rating, &themes, &position, solution, &words(&p.alternatives))
        };
        assert_eq!(parts(&words(&p.solution)).as_ref(), Ok(p));
        assert!(matches!(parts(&["a1-a2".to_owned()]), Err(ParsePuzzleError::Turn { number: 1, .. })));
        let none: [&str; 0] = [];
        let no_theme = Puzzle::from_parts(&p.id, p.rating, &none, &position, &none, &none);
        assert_eq!(no_theme, Err(ParsePuzzleError::Theme(String::new())));
    }
}

/// The next puzzle is the untried one nearest the player's rating, about the theme asked for, the first in the
/// candidates' order among equals; none once every one was tried.
#[test]
fn the_next_puzzle_is_the_untried_one_nearest_the_rating() {
    let puzzles = tsivy();
    let distance = |p: &Puzzle, rating: f64| (f64::from(p.rating) - rating).abs();
    for rating in [900.0, 1500.0, 1725.0, 2400.0] {
        let chosen = nearest_untried(puzzles, None, rating, |_| false).unwrap();
        let best = puzzles.iter().map(|p| distance(p, rating)).fold(f64::INFINITY, f64::min);
        assert_eq!(distance(chosen, rating), best);
        let first = puzzles.iter().find(|p| distance(p, rating) == best).unwrap();
        assert_eq!(chosen.id, first.id, "the first among equals");
        // Tried, it is passed over for the next nearest.
        let next = nearest_untried(puzzles, None, rating, |id| id == chosen.id).unwrap();
        assert_ne!(next.id, chosen.id);
        assert!(distance(next, rating) >= best);
    }
    let quiet = nearest_untried(puzzles, Some(Theme::Quiet), 1500.0, |_| false).unwrap();
    assert!(quiet.has_theme(Theme::Quiet), "{quiet}");
    assert_eq!(nearest_untried(puzzles, Some(Theme::Quiet), 1500.0, |_| true), None);
}

/// A puzzle reads back what it prints; a line that is no puzzle says what is wrong.
#[test]
fn a_puzzle_line_round_trips_and_bad_lines_say_why() {
    let first = &tsivy()[0];
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
    assert_eq!(parse_set(&set).map(|_| ()), Err(SetError { line: 4, error: ParsePuzzleError::Fields }));
}

/// The sixth field lists other turns accepted for the solver's last turn: it reads and prints back, the puzzle
/// accepts those turns there and nowhere else; a turn that is not legal there, the solution's own, one listed twice
/// or an empty field is refused with the turn named.
#[test]
fn alternatives_for_the_last_turn_read_and_bad_ones_are_refused() {
    let p = tsivy().iter().find(|p| p.solution.len() >= 3 && p.alternatives.is_empty()).expect("a longer puzzle");
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
}

/// The biggest capture is the most any legal turn takes, and the turn given takes that many (checked by playing every
/// turn after the first turn of each shipped tsivy puzzle, where the opponent is to move).
#[test]
fn the_biggest_capture_takes_the_most() {
    let puzzles = tsivy();
    let mut captures = 0;
    for p in puzzles {
        let position = p.position.play_unchecked(&p.solution[0]);
        let mover = position.side_to_move();
        let taken =
            |turn: &Turn| (position.pieces(!mover).len() - position.play_unchecked(turn).pieces(!mover).len()) as usize;
        let most = position.legal_turns().iter().map(taken).max().unwrap_or(0);
        match biggest_capture(&position) {
            Some((turn, n)) => {
                assert_eq!((n, taken(&turn)), (most, most), "{}", p.id);
                captures += 1;
            }
            None => assert_eq!(most, 0, "{}", p.id),
        }
    }
    assert!(captures > 50, "only {captures} positions with a capture");
}
