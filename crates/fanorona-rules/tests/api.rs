//! The API around the rules: setups, outcomes in saved games, the error layers, what steps capture, early stops.

mod common;

use std::ops::ControlFlow;

use common::{Rng, pos, pt, starts, tsivy};
use fanorona_rules::{
    DrawReason, Game, GameRecord, IllegalTurn, Outcome, ParsePositionError, Point, PointSet, Position, Progress,
    RecordError, Setup, SetupError, Side, Step, Turn, TurnBuilder, TurnError, Variant, WinReason,
};

// --- Setup ---

#[test]
fn a_setup_round_trips_through_position_and_text() {
    for variant in Variant::ALL {
        let start = Position::start(variant);
        let setup = start.setup();
        assert_eq!(setup.position(), Ok(start));
        assert_eq!(Position::try_from(setup), Ok(start));
        assert_eq!(Setup::from(start), setup);
        assert_eq!(setup.to_string(), start.to_string());
        assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
    }
    let mut setup = Setup::empty(Variant::Tsivy);
    setup.put(pt("e3"), Some(Side::Black));
    setup.put(pt("e3"), Some(Side::White));
    setup.side_to_move = Side::Black;
    setup.quiet_turns = 12;
    setup.vela = Some(Side::White);
    assert_eq!(setup.piece_at(pt("e3")), Some(Side::White));
    let position = setup.position().unwrap();
    assert_eq!(position.to_string(), "9/9/4w4/9/9 b 12 w");
    assert_eq!(position.setup(), setup);
}

#[test]
fn a_setup_that_is_no_position_says_why() {
    let mut off = Setup::empty(Variant::Dimy);
    off.pieces[Side::Black.index()] = pt("f2").set();
    assert_eq!(
        off.position(),
        Err(SetupError::OffBoard { side: Side::Black, point: pt("f2"), variant: Variant::Dimy })
    );
    assert_eq!(off.position().unwrap_err().to_string(), "Black has a piece on f2, which is not on the dimy board");

    let mut raw = Setup::empty(Variant::Tsivy);
    raw.pieces[Side::White.index()] = PointSet(1 << 9);
    assert_eq!(raw.position(), Err(SetupError::NotAPoint { side: Side::White, index: 9 }));

    let mut both = Setup::empty(Variant::Telo);
    both.pieces = [pt("b2").set(), pt("b2").set()];
    assert_eq!(both.position(), Err(SetupError::Overlap(pt("b2"))));

    let mut many = Setup::empty(Variant::Telo);
    many.pieces[0] = [pt("a1"), pt("a2"), pt("a3"), pt("b1")].into_iter().collect();
    assert_eq!(
        many.position(),
        Err(SetupError::TooManyPieces { side: Side::White, count: 4, max: 3, variant: Variant::Telo })
    );

    let mut vela = Setup::empty(Variant::Dimy);
    vela.vela = Some(Side::Black);
    assert_eq!(vela.position(), Err(SetupError::VelaVariant(Variant::Dimy)));

    let mut quiet = Setup::empty(Variant::Tsivy);
    quiet.quiet_turns = 50;
    assert!(quiet.position().is_ok());
    quiet.quiet_turns = 51;
    assert_eq!(quiet.position(), Err(SetupError::QuietTurns(51)));
    // Position text goes through the same checks.
    assert_eq!("9/9/9/9/9 w 51".parse::<Position>(), Err(ParsePositionError::Invalid(SetupError::QuietTurns(51))));
    assert_eq!(
        "9/9/9/9/9 w 51".parse::<Position>().unwrap_err().to_string(),
        "51 turns without a capture: the game is drawn at 50, so the count is at most 50"
    );
    // The text form alone does not check: a setup reads even when it is no position.
    assert_eq!("3/3/3 w 0 w".parse::<Setup>().map(|s| s.vela), Ok(Some(Side::White)));
}

// --- Outcome ---

#[test]
fn an_outcome_is_a_win_with_a_winner_or_a_draw_without_one() {
    let win = Outcome::win(Side::Black, WinReason::TeloLine);
    assert_eq!(win.winner(), Some(Side::Black));
    assert!(!win.is_draw());
    assert_eq!(win.score(), "0-1");
    let draw = Outcome::draw(DrawReason::FiftyTurns);
    assert_eq!(draw.winner(), None);
    assert!(draw.is_draw());
    assert_eq!(draw.to_string(), "Draw: 50 turns in a row without a capture");
    assert_eq!(Outcome::win(Side::White, WinReason::Resignation).to_string(), "White wins: Black resigned");
}

/// A record as the previous release wrote it (`GameRecord::to_ron`), with a resignation.
const OLD_RECORD: &str = r#"(
    variant: dimy,
    vela: None,
    turns: [
        "b2-c3A",
    ],
    result: Some((
        winner: Some(White),
        reason: Resignation,
    )),
    white: Some("Rasoa"),
)"#;

#[test]
fn results_saved_by_the_previous_release_still_load() {
    let record = GameRecord::from_ron(OLD_RECORD).unwrap();
    assert_eq!(record.result, Some(Outcome::win(Side::White, WinReason::Resignation)));
    let game = record.replay().unwrap();
    assert_eq!(game.outcome(), Some(Outcome::win(Side::White, WinReason::Resignation)));
    // The new code writes the same form, so the text is unchanged.
    assert_eq!(record.to_ron(), OLD_RECORD);
    let draw = r#"(variant: tsivy, turns: [], result: Some((winner: None, reason: Repetition)))"#;
    assert_eq!(GameRecord::from_ron(draw).unwrap().result, Some(Outcome::draw(DrawReason::Repetition)));
    // Implicit `Some` (hand-edited files) reads too.
    let implicit = r#"(variant: telo, turns: [], result: (winner: Black, reason: TeloLine))"#;
    assert_eq!(GameRecord::from_ron(implicit).unwrap().result, Some(Outcome::win(Side::Black, WinReason::TeloLine)));
}

#[test]
fn an_impossible_saved_result_is_refused_clearly() {
    let drawn_by_resigning = r#"(variant: tsivy, turns: [], result: Some((winner: None, reason: Resignation)))"#;
    match GameRecord::from_ron(drawn_by_resigning) {
        Err(RecordError::Syntax { message, .. }) => assert!(message.contains("Resignation is a win"), "{message}"),
        other => panic!("{other:?}"),
    }
    let won_by_fifty = r#"(variant: tsivy, turns: [], result: Some((winner: Some(White), reason: FiftyTurns)))"#;
    match GameRecord::from_ron(won_by_fifty) {
        Err(RecordError::Syntax { message, .. }) => {
            assert!(message.contains("not won by FiftyTurns"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

// --- Error layers ---

#[test]
fn text_that_is_no_turn_and_a_turn_that_is_not_allowed_are_told_apart() {
    let mut game = Game::of_variant(Variant::Tsivy);
    assert!(matches!(game.play_notation("e3-e5"), Err(TurnError::Parse(_))));
    assert!(matches!(game.play_notation("a1-a2"), Err(TurnError::Illegal(IllegalTurn::Occupied(_)))));
    game.resign(Side::White);
    let over = game.play_notation("f3-e3W").unwrap_err();
    assert_eq!(over, TurnError::Illegal(IllegalTurn::GameEnded(Outcome::win(Side::Black, WinReason::Resignation))));
    assert_eq!(over.to_string(), "the game is over: Black wins: White resigned");
    let turn = "f3-e3W".parse().unwrap();
    assert!(matches!(game.play(&turn), Err(IllegalTurn::GameEnded(_))));
}

#[test]
fn the_builder_refuses_a_stop_before_any_step_and_a_paika_in_a_chain() {
    let p = tsivy("c3", "e3 d5", "w");
    let mut b = TurnBuilder::new(p);
    assert_eq!(b.stop(), Err(IllegalTurn::NoStep));
    assert_eq!(IllegalTurn::NoStep.to_string(), "no step played yet: there is no turn to stop");
    b.play(Step::between(pt("c3"), pt("d3"), Some(fanorona_rules::CaptureKind::Approach)).unwrap()).unwrap();
    let paika = Step::between(pt("d3"), pt("d2"), None).unwrap();
    assert_eq!(b.play(paika), Err(IllegalTurn::PaikaInChain(paika)));
    assert_eq!(b.captures_of(paika), None);
    assert!(
        IllegalTurn::PaikaInChain(paika).to_string().contains("a chain continues only with captures"),
        "{}",
        IllegalTurn::PaikaInChain(paika)
    );
}

// --- What steps capture ---

#[test]
fn the_builder_tells_what_each_choice_of_a_step_would_take() {
    // e3-f3 takes d3 by withdrawal or g3 h3 i3 by approach: the two lines a player chooses between.
    let p = tsivy("e3", "d3 g3 h3 i3", "w");
    let b = TurnBuilder::new(p);
    let approach = Step::between(pt("e3"), pt("f3"), Some(fanorona_rules::CaptureKind::Approach)).unwrap();
    let withdrawal = Step::between(pt("e3"), pt("f3"), Some(fanorona_rules::CaptureKind::Withdrawal)).unwrap();
    let line = |points: &[&str]| points.iter().map(|p| pt(p)).collect::<PointSet>();
    assert_eq!(b.captures_of(approach), Some(line(&["g3", "h3", "i3"])));
    assert_eq!(b.captures_of(withdrawal), Some(line(&["d3"])));
    assert_eq!(b.captures_of(Step::between(pt("e3"), pt("f3"), None).unwrap()), None);
    let order: Vec<Point> = approach.captured_in_order(line(&["g3", "h3", "i3"])).collect();
    assert_eq!(order, [pt("g3"), pt("h3"), pt("i3")]);
    let order: Vec<Point> = Step::between(pt("f3"), pt("g3"), Some(fanorona_rules::CaptureKind::Withdrawal))
        .unwrap()
        .captured_in_order(line(&["e3", "d3", "c3"]))
        .collect();
    assert_eq!(order, [pt("e3"), pt("d3"), pt("c3")]);
    assert_eq!(Step::between(pt("e3"), pt("f3"), None).unwrap().captured_in_order(line(&["g3"])).count(), 0);
}

#[test]
fn a_trace_gives_each_step_with_what_it_took() {
    let p = tsivy("c3", "e3 d5 a1", "w");
    let turn = p.parse_turn("c3-d3A-d4A").unwrap();
    let trace: Vec<(String, PointSet)> = p.trace(&turn).map(|(s, t)| (s.to_string(), t)).collect();
    assert_eq!(trace, [("c3-d3A".to_owned(), pt("e3").set()), ("d3-d4A".to_owned(), pt("d5").set())]);
    // The same as the builder reports, step by step.
    let mut b = TurnBuilder::new(p);
    for (step, taken) in p.trace(&turn) {
        assert_eq!(b.play(step).map(|played| played.captured), Ok(taken));
    }
    let placement = Position::start(Variant::Telo);
    assert_eq!(placement.trace(&"b2".parse().unwrap()).count(), 0);
}

#[test]
fn the_start_positions_trace_like_play() {
    for variant in [Variant::Tsivy, Variant::Dimy] {
        let start = Position::start(variant);
        for turn in start.legal_turns() {
            let taken = start.trace(&turn).fold(PointSet::EMPTY, |all, (_, t)| all | t);
            let them = !start.side_to_move();
            assert_eq!(start.pieces(them) & !start.play_unchecked(&turn).pieces(them), taken, "{turn}");
        }
    }
}

/// The pieces `for_each_turn_taking` says each turn takes are the ones playing it takes, turn by turn in the order of
/// `for_each_turn`, along random games of every variant, vela included; `for_each_capture_taking` gives the same
/// captures from the capturing pieces; playing a turn from what it takes (`play_taking`) gives the position, hash
/// included, that `play_unchecked` gives; and a turn ends where its last step does.
#[test]
fn turns_come_with_the_pieces_they_take() {
    let mut rng = Rng(0x5eed);
    for start in starts() {
        for _ in 0..20 {
            let mut position = start;
            for _ in 0..60 {
                let them = !position.side_to_move();
                let mut played = Vec::new();
                position.for_each_turn(|turn| {
                    let after = position.play_unchecked(turn);
                    played.push((*turn, position.pieces(them) & !after.pieces(them), after));
                });
                let mut walked = Vec::new();
                position.for_each_turn_taking(|turn, taken| walked.push((*turn, taken)));
                let expected: Vec<(Turn, PointSet)> = played.iter().map(|&(turn, taken, _)| (turn, taken)).collect();
                assert_eq!(walked, expected, "{position}");
                let capturers = position.capturing_pieces();
                if !capturers.is_empty() {
                    let mut captures = Vec::new();
                    position.for_each_capture_taking(capturers, |turn, taken| captures.push((*turn, taken)));
                    assert_eq!(captures, expected, "{position}");
                }
                for &(turn, taken, after) in &played {
                    assert_eq!(position.play_taking(&turn, taken), after, "{position} {turn}");
                    assert_eq!(after.hash(), position.play_taking(&turn, taken).hash());
                    let end = turn.steps().last().map_or(turn.from(), |step| step.to());
                    assert_eq!(turn.to(), end, "{turn}");
                }
                if played.is_empty() {
                    break;
                }
                position = rng.pick(&played).2;
            }
        }
    }
}

// --- Early stops ---

#[test]
fn generation_stops_when_asked() {
    let start = Position::start(Variant::Tsivy);
    let mut seen = 0;
    let flow = start.try_for_each_turn(|_| {
        seen += 1;
        if seen == 2 { ControlFlow::Break(seen) } else { ControlFlow::Continue(()) }
    });
    assert_eq!(flow, ControlFlow::Break(2));
    assert_eq!(seen, 2);
    let mut steps = 0;
    let flow = start.try_for_each_first_step(|_| {
        steps += 1;
        ControlFlow::<()>::Break(())
    });
    assert!(flow.is_break());
    assert_eq!(steps, 1);
    let all = start.try_for_each_turn(|_| ControlFlow::<()>::Continue(()));
    assert_eq!(all, ControlFlow::Continue(()));
    assert!(start.has_legal_turn());
    assert!(!pos("3/3/3 w").try_for_each_first_step(|_| ControlFlow::Break(())).is_break());
}

#[test]
fn the_builder_says_which_steps_capture_and_completes_turns() {
    let p = tsivy("c3", "e3", "w");
    let mut b = TurnBuilder::new(p);
    let step = b.legal_steps()[0];
    let played = b.play(step).unwrap();
    assert_eq!(played.captured, pt("e3").set());
    assert!(matches!(played.progress, Progress::Complete(_)));
}
