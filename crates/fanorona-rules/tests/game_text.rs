//! Game text: round trips with real games and RON records, the hand-written forms it accepts, and errors that name
//! their line.

mod common;

use fanorona_rules::{
    DrawReason, Game, GameForm, GameRecord, GameTextError, GameTextErrorKind as K, Outcome, ParsePositionError,
    ParseTurnError, Position, ReadGameError, RecordError, Side, Variant, WinReason,
};

use common::{Rng, starts};

/// A random game from `start` of at most `length` turns, resigned now and then.
fn random_game(rng: &mut Rng, start: Position, length: usize) -> Game {
    let mut game = Game::new(start);
    for _ in 0..length {
        let turns = game.legal_turns();
        if turns.is_empty() || game.is_over() {
            break;
        }
        let turn = turns[rng.below(turns.len())];
        game.play(&turn).unwrap();
    }
    if !game.is_over() && rng.below(4) == 0 {
        game.resign(Side::BOTH[rng.below(2)]);
    }
    game
}

fn check_round_trip(record: &GameRecord) {
    let text = record.to_text();
    assert_eq!(GameRecord::from_text(&text).as_ref(), Ok(record), "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 80 || !line.contains(' ') || line.starts_with('['), "long line: {line}");
    }
}

#[test]
fn random_games_of_every_variant_round_trip() {
    let mut rng = Rng(0x1234_5678);
    let starts = starts();
    let mut finished = 0;
    let mut custom = 0;
    for n in 0..400 {
        let start = starts[n % starts.len()];
        let length = if n % 3 == 0 { 400 } else { rng.below(60) };
        let game = random_game(&mut rng, start, length);
        finished += usize::from(game.is_over());
        let mut record = GameRecord::of_game(&game);
        if n % 2 == 0 {
            record.white = Some(format!("Rasoa \"R\" \\ {n}"));
            record.black = Some("Computer (master)".into());
            record.date = Some("2026-11-30".into());
            record.event = Some("Antananarivo\nopen".into());
        }
        check_round_trip(&record);
        let loaded = GameRecord::load_text(&record.to_text()).unwrap_or_else(|e| panic!("{e}\n{}", record.to_text()));
        assert_eq!(loaded, game);
        // The same game from a later position, so that Black may move first.
        let from = rng.below(game.positions().len());
        let mut later = Game::new(game.positions()[from]);
        for turn in &game.turns()[from..] {
            later.play(turn).unwrap();
        }
        if game.outcome().is_some_and(|o| o == Outcome::win(Side::White, WinReason::Resignation))
            || game.outcome().is_some_and(|o| o == Outcome::win(Side::Black, WinReason::Resignation))
        {
            later.resign(!game.outcome().and_then(|o| o.winner()).unwrap());
        }
        let record = GameRecord::of_game(&later);
        custom += usize::from(record.start.is_some());
        check_round_trip(&record);
        assert_eq!(GameRecord::load_text(&record.to_text()), Ok(later));
    }
    assert!(finished > 50 && custom > 100, "finished {finished}, custom starts {custom}");
}

#[test]
fn a_ron_record_converts_to_text_and_back() {
    let ron = r#"(
        variant: tsivy,
        vela: None,
        turns: ["f3-e3W", "d3-e3A"],
        result: None,
        white: Some("Rasoa"),
    )"#;
    let record = GameRecord::from_ron(ron).unwrap();
    let text = record.to_text();
    assert_eq!(text, "[White \"Rasoa\"]\n[Variant \"tsivy\"]\n[Result \"*\"]\n\n1. f3-e3W d3-e3A *\n");
    assert_eq!(GameRecord::from_text(&text), Ok(record.clone()));
    assert_eq!(GameRecord::from_ron(&GameRecord::from_text(&text).unwrap().to_ron()), Ok(record));
}

#[test]
fn the_documented_example_loads() {
    let text = r#"[Event "Friendly game"]
[Date "2026-11-30"]
[White "Rasoa"]
[Black "Computer (master)"]
[Variant "tsivy"]
[Result "0-1"]
[Termination "Black wins: White resigned"]

1. f3-e3W {the usual opening} f4-f3A 2. g2-g3A-f4A-g4W 0-1
"#;
    let record = GameRecord::from_text(text).unwrap();
    assert_eq!(record.result, Some(Outcome::win(Side::Black, WinReason::Resignation)));
    assert_eq!(record.turns, ["f3-e3W", "f4-f3A", "g2-g3A-f4A-g4W"]);
    assert_eq!(record.white.as_deref(), Some("Rasoa"));
    let game = GameRecord::load_text(text).unwrap();
    assert_eq!(game.turns().len(), 3);
    assert_eq!(GameRecord::from_text(&record.to_text()), Ok(record.clone()));
    // The RON form beside it in docs/GAME-FILES.md.
    let ron = r#"(
    variant: tsivy,
    vela: None,
    turns: ["f3-e3W", "f4-f3A", "g2-g3A-f4A-g4W"],
    result: Some((winner: Some(Black), reason: Resignation)),
    white: Some("Rasoa"),
    black: Some("Computer (master)"),
    date: Some("2026-11-30"),
    event: Some("Friendly game"),
)"#;
    assert_eq!(GameRecord::from_ron(ron), Ok(record.clone()));
    assert_eq!(record.to_text(), text.replace(" {the usual opening}", ""));
}

#[test]
fn hand_written_text_may_leave_out_numbers_tags_and_the_result_reason() {
    // No tags at all: tsivy from the start, not finished.
    let record = GameRecord::from_text("f3-e3W d3-e3A\r\n").unwrap();
    assert_eq!(record.variant, Variant::Tsivy);
    assert_eq!(record.turns, ["f3-e3W", "d3-e3A"]);
    assert_eq!(record.result, None);
    // Numbers glued to the turns, comments of both kinds, unknown tags, tags in any case.
    let text = "[site \"Fianarantsoa\"]\n[variant \"dimy\"]\n\n1.b3-c3A ; rest of line\n{a\ncomment} c4-c3A *";
    let record = GameRecord::from_text(text).unwrap();
    assert_eq!(record.variant, Variant::Dimy);
    assert_eq!(record.turns, ["b3-c3A", "c4-c3A"]);
    // A win without a Termination tag: its reason comes from the turns.
    let mut game = Game::of_variant(Variant::Telo);
    for turn in ["b2", "a1", "a3", "c3", "c1"] {
        game.play_notation(turn).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::win(Side::White, WinReason::TeloLine)));
    let text = "[Variant \"telo\"]\n1. b2 a1 2. a3 c3 3. c1 1-0";
    assert_eq!(GameRecord::from_text(text).unwrap().result, game.outcome());
    assert_eq!(GameRecord::load_text(text), Ok(game));
    // A win before the end of the game is a resignation.
    let record = GameRecord::from_text("1. f3-e3W 0-1").unwrap();
    assert_eq!(record.result, Some(Outcome::win(Side::Black, WinReason::Resignation)));
    // Black first from a custom start, with its `1...`; vela from the start position.
    let start = "bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww b 0 w";
    let text = format!("[Start \"{start}\"]\n\n1... e4-e3 2. d2-e2 *");
    let record = GameRecord::from_text(&text).unwrap();
    assert_eq!(record.vela, Some(Side::White));
    assert_eq!(record.start.as_deref(), Some(start));
    assert_eq!(record.turns, ["e4-e3", "d2-e2"]);
    assert!(record.to_text().ends_with("\n\n1... e4-e3 2. d2-e2 *\n"), "{}", record.to_text());
}

fn err(text: &str) -> GameTextError {
    GameRecord::load_text(text).unwrap_err()
}

fn at(text: &str) -> (usize, usize, K) {
    let e = err(text);
    (e.line, e.column, e.kind)
}

#[test]
fn bad_tags_are_reported_with_their_line() {
    let (line, column, kind) = at("[White \"Rasoa\"]\n[Black Rakoto]\n");
    assert_eq!((line, column), (2, 8));
    assert!(matches!(kind, K::TagSyntax(_)), "{kind}");
    assert!(matches!(at("[White \"Rasoa]\n").2, K::TagSyntax(_)));
    assert!(matches!(at("[\"Rasoa\"]\n").2, K::TagSyntax(_)));
    assert!(matches!(at("[White \"a\\qb\"]\n").2, K::TagSyntax(_)));
    assert!(matches!(at("[White \"Rasoa\"] x\n").2, K::TagSyntax(_)));
    assert_eq!(at("[White \"a\"]\n\n[white \"b\"]").0, 3);
    assert!(matches!(at("[White \"a\"]\n[white \"b\"]").2, K::DuplicateTag(name) if name == "white"));
    let (line, column, kind) = at("[Variant \"chess\"]");
    assert_eq!((line, column), (1, 11));
    assert_eq!(kind.to_string(), "unknown variant `chess`: expected tsivy, dimy or telo");
    assert_eq!(at("\n[Vela \"x\"]").0, 2);
    assert!(matches!(at("[Vela \"x\"]").2, K::Vela(v) if v == "x"));
    assert_eq!(at("[Variant \"dimy\"]\n[Vela \"w\"]"), (2, 8, K::VelaVariant(Variant::Dimy)));
    assert_eq!(at("[Start \"3/3/3\"]").2, K::Start(ParsePositionError::Fields(1)));
    assert_eq!(at("[Result \"2-0\"]").2, K::Result("2-0".into()));
    let (line, _, kind) = at("[Result \"1-0\"]\n[Termination \"Draw: the same position for the third time\"]");
    assert_eq!(line, 2);
    assert!(matches!(kind, K::Termination { .. }), "{kind}");
    assert_eq!(at("1. f3-e3W\n[White \"late\"]").0, 2);
    assert_eq!(at("1. f3-e3W\n[White \"late\"]").2, K::TagAfterTurns);
}

#[test]
fn bad_turns_are_reported_with_their_line_and_column() {
    let (line, column, kind) = at("[Variant \"tsivy\"]\n\n1. f3-e3W d3-e3A\n2. c2-z9A *");
    assert_eq!((line, column), (4, 4));
    assert!(matches!(kind, K::Turn { ref text, source: ParseTurnError::Point { .. } } if text == "c2-z9A"), "{kind}");
    let (line, column, kind) = at("1. f3-e3W d3-e3A 3. c2-d3A");
    assert_eq!((line, column), (1, 18));
    assert_eq!(kind, K::MoveNumber { found: "3.".into(), expected: "2.".into() });
    assert!(matches!(at("1... f3-e3W").2, K::MoveNumber { .. }));
    assert_eq!(at("1. f3-e3W *\n d3-e3A"), (2, 2, K::AfterResult("d3-e3A".into())));
    assert_eq!(at("1. f3-e3W\n  {never closed\n"), (2, 3, K::UnclosedComment));
    let (line, column, kind) = at("[Result \"1-0\"]\n\n1. f3-e3W 0-1");
    assert_eq!((line, column), (3, 11));
    assert_eq!(kind, K::ResultMismatch { tag: "1-0".into(), movetext: "0-1".into() });
}

#[test]
fn illegal_turns_and_wrong_results_are_reported_with_their_line() {
    let e = err("[White \"Rasoa\"]\n\n1. f3-e3W f4-f3A\n2. f3-f4 *");
    assert_eq!((e.line, e.column), (4, 4));
    assert!(matches!(e.kind, K::Replay(RecordError::Turn { number: 3, .. })), "{e}");
    assert!(e.to_string().starts_with("line 4, column 4: turn 3 `f3-f4`: "), "{e}");
    // A turn after the end.
    let e = err("[Variant \"telo\"]\n1. b2 a1 2. a3 c3 3. c1\n3... b1");
    assert_eq!((e.line, e.column), (3, 6));
    assert!(matches!(e.kind, K::Replay(RecordError::AfterEnd { number: 6, .. })), "{e}");
    // A draw that the turns do not reach.
    let e = err("[Result \"1/2-1/2\"]\n\n1. f3-e3W 1/2-1/2");
    assert_eq!((e.line, e.column), (3, 11));
    assert!(matches!(e.kind, K::Replay(RecordError::Result { .. })), "{e}");
    let draw = Outcome::draw(DrawReason::Repetition);
    assert!(e.to_string().contains(&draw.to_string()), "{e}");
    // A start position that contradicts the Variant tag.
    let e = err("[Variant \"dimy\"]\n[Start \"3/3/3 w\"]");
    assert_eq!((e.line, e.column), (2, 9));
    assert!(matches!(e.kind, K::Replay(RecordError::StartMismatch { field: "variant" })), "{e}");
}

#[test]
fn either_form_is_read_and_told_apart() {
    let mut game = Game::of_variant(Variant::Dimy);
    game.play_notation("b2-c3A").unwrap();
    let record = GameRecord::of_game(&game);
    let text = record.to_text();
    let ron = format!("// a saved game\n/* kept by hand */\n{}", record.to_ron());
    assert_eq!(GameForm::of(&text), GameForm::Text);
    assert_eq!(GameForm::of(&ron), GameForm::Ron);
    assert_eq!(GameForm::of("\u{feff}  (variant: dimy)"), GameForm::Ron);
    assert_eq!(GameForm::of("1. f3-e3A"), GameForm::Text);
    for (input, form) in [(&text, GameForm::Text), (&ron, GameForm::Ron)] {
        let (read, replayed, found) = GameRecord::read(input).unwrap();
        assert_eq!((read.turns, replayed.turns(), found), (record.turns.clone(), game.turns(), form));
    }
    // Errors keep their form's detail: the line of game text, the reason of a RON record.
    match GameRecord::read("[Variant \"dimy\"]\n\n1. a1-a2\n") {
        Err(ReadGameError::Text(e)) => assert_eq!(e.line, 3, "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(GameRecord::read("(variant: dimy, turns: [\"a1-a9\"])"), Err(ReadGameError::Ron(_))));
}
