//! Position text and game records: round trips and clear errors for bad input.

mod common;

use fanorona_rules::{
    Game, GameRecord, Outcome, ParsePositionError, Position, RecordError, SetupError, Side, Variant, WinReason,
};

#[test]
fn position_text_has_four_fields_and_round_trips() {
    let start = Position::start(Variant::Tsivy);
    assert_eq!(start.to_string(), "bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w 0 -");
    let vela: Position = "bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w 0 w".parse().unwrap();
    assert_eq!(vela, Position::start_vela(Side::White));
    assert_eq!(vela.to_string().parse::<Position>(), Ok(vela));
    let mid: Position = "3/1w1/b2 b 7".parse().unwrap();
    assert_eq!(mid.variant(), Variant::Telo);
    assert_eq!(mid.side_to_move(), Side::Black);
    assert_eq!(mid.quiet_turns(), 7);
    assert_eq!(mid.to_string(), "3/1w1/b2 b 7 -");
}

#[test]
fn bad_position_text_says_what_is_wrong() {
    use ParsePositionError as E;
    let err = |t: &str| t.parse::<Position>().unwrap_err();
    assert_eq!(err(""), E::Fields(0));
    assert_eq!(err("3/3/3"), E::Fields(1));
    assert_eq!(err("3/3/3 w 0 - extra"), E::Fields(5));
    assert_eq!(err("3/3x/3 w"), E::Char { row: 2, ch: 'x' });
    assert_eq!(err("3/3/30 w"), E::Char { row: 1, ch: '0' });
    assert_eq!(err("3/4/3 w"), E::RowWidth { row: 2, found: 4, top: 3, expected: 3 });
    assert_eq!(err("4/4/4 w"), E::Size { width: 4, height: 3 });
    assert_eq!(err("3/3/3 x"), E::Side("x".into()));
    assert_eq!(err("3/3/3 white"), E::Side("white".into()));
    assert_eq!(err("3/3/3 w -1"), E::Counter("-1".into()));
    assert_eq!(err("3/3/3 w 0 q"), E::Vela("q".into()));
    assert_eq!(err("3/3/3 w 0 w"), E::Invalid(SetupError::VelaVariant(Variant::Telo)));
    assert!(matches!(
        err("www/w2/3 b"),
        E::Invalid(SetupError::TooManyPieces { side: Side::White, count: 4, max: 3, .. })
    ));
    // Messages are sentences a player can act on.
    assert_eq!(err("4/4/4 w").to_string(), "a 4 x 3 board is not played: tsivy is 9 x 5, dimy 5 x 5, telo 3 x 3");
}

fn played(variant: Variant, turns: &[&str]) -> Game {
    let mut game = Game::of_variant(variant);
    for t in turns {
        game.play_notation(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    game
}

#[test]
fn a_game_record_saves_and_loads_as_ron() {
    let game = played(Variant::Tsivy, &["f3-e3W", "h4-g3A-f3W"]);
    let mut record = GameRecord::of_game(&game);
    record.white = Some("Rasoa".into());
    record.date = Some("2026-11-29".into());
    let text = record.to_ron();
    assert!(text.contains("variant: tsivy"), "{text}");
    assert!(text.contains("\"f3-e3W\""), "{text}");
    assert_eq!(GameRecord::from_ron(&text), Ok(record.clone()));
    let loaded = GameRecord::load(&text).unwrap();
    assert_eq!(loaded.position(), game.position());
    assert_eq!(loaded.turns(), game.turns());
}

#[test]
fn a_finished_game_keeps_its_result_and_a_custom_start() {
    let start: Position = "3/3/3 w".parse().unwrap();
    let mut game = Game::new(start);
    for t in ["b2", "a3", "a1", "c1", "c3"] {
        game.play_notation(t).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::win(Side::White, WinReason::TeloLine)));
    let record = GameRecord::of_game(&game);
    assert_eq!(record.start, None);
    assert_eq!(GameRecord::load(&record.to_ron()).unwrap().outcome(), game.outcome());

    let custom = Game::new(common::tsivy("a1", "i5", "w 3"));
    let record = GameRecord::of_game(&custom);
    assert_eq!(record.start.as_deref(), Some("8b/9/9/9/w8 w 3 -"));
    assert_eq!(GameRecord::load(&record.to_ron()).unwrap().position(), custom.position());
}

#[test]
fn a_resignation_is_recorded() {
    let mut game = played(Variant::Dimy, &["b2-c3A"]);
    game.resign(Side::Black);
    let record = GameRecord::of_game(&game);
    assert_eq!(
        GameRecord::load(&record.to_ron()).unwrap().outcome(),
        Some(Outcome::win(Side::White, WinReason::Resignation))
    );
}

#[test]
fn a_bad_record_names_the_first_bad_turn() {
    let text = r#"(variant: tsivy, turns: ["f3-e3W", "h4-g3A-f3W", "a1-a2", "e2-e3"])"#;
    match GameRecord::load(text) {
        Err(e @ RecordError::Turn { number: 3, .. }) => {
            assert_eq!(e.to_string(), "turn 3 `a1-a2`: a2 is not empty");
        }
        other => panic!("{other:?}"),
    }
    let text = r#"(variant: tsivy, turns: ["f3-e3W", "zz"])"#;
    assert!(matches!(GameRecord::load(text), Err(RecordError::Turn { number: 2, .. })));
}

#[test]
fn a_record_with_a_syntax_error_names_the_line() {
    let text = "(\n  variant: tsivy,\n  turns: [\"f3-e3W\",\n  result: None,\n)";
    match GameRecord::load(text) {
        Err(RecordError::Syntax { line, .. }) => assert!(line >= 3, "{line}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(GameRecord::load("(variant: chess, turns: [])"), Err(RecordError::Syntax { line: 1, .. })));
    assert!(matches!(GameRecord::load(""), Err(RecordError::Syntax { .. })));
}

#[test]
fn a_record_whose_result_does_not_match_is_refused() {
    let text = r#"(variant: dimy, turns: ["b2-c3A"], result: Some((winner: Some(White), reason: AllCaptured)))"#;
    assert!(matches!(GameRecord::load(text), Err(RecordError::Result { .. })));
    let text = r#"(variant: tsivy, start: "3/3/3 w", turns: [])"#;
    assert_eq!(GameRecord::load(text), Err(RecordError::StartMismatch { field: "variant" }));
}

#[test]
fn turns_after_the_end_are_refused() {
    let text = r#"(variant: telo, turns: ["b2", "a3", "a1", "c1", "c3", "a2"], result: Some((winner: Some(White), reason: TeloLine)))"#;
    assert!(matches!(GameRecord::load(text), Err(RecordError::AfterEnd { number: 6, .. })));
}
