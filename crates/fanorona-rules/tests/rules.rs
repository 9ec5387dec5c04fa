//! One test (or a few) for each rule of RULES.md, on small hand-built positions.

mod common;

use common::{moves, pt, setup, tsivy};
use fanorona_rules::{
    CaptureKind, Direction, DrawReason, Game, IllegalTurn, Outcome, ParseTurnError, Position, Progress, Side, Step,
    TurnBuilder, TurnError, Variant, WinReason,
};

fn illegal(position: &Position, text: &str) -> IllegalTurn {
    match position.parse_turn(text) {
        Err(TurnError::Illegal(e)) => e,
        other => panic!("{text}: expected an illegal turn, got {other:?}"),
    }
}

fn after(position: &Position, text: &str) -> Position {
    let turn = position.parse_turn(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    position.play_unchecked(&turn)
}

// --- Captures ---

#[test]
fn approach_takes_the_enemy_line_up_to_an_empty_point() {
    let p = tsivy("c3", "e3 f3 h3", "w");
    assert_eq!(moves(&p), ["c3-d3A"]);
    let next = after(&p, "c3-d3A");
    assert_eq!(next.pieces(Side::Black).iter().collect::<Vec<_>>(), [pt("h3")]);
    assert_eq!(next.quiet_turns(), 0);
}

#[test]
fn withdrawal_takes_the_enemy_line_behind_up_to_an_own_piece() {
    let p = tsivy("e3 a3", "b3 c3 d3", "w");
    assert_eq!(moves(&p), ["e3-f3W"]);
    let next = after(&p, "e3-f3W");
    assert!(next.pieces(Side::Black).is_empty());
    assert_eq!(next.outcome(), Some(Outcome::win(Side::White, WinReason::AllCaptured)));
}

#[test]
fn a_captured_line_stops_at_the_edge() {
    let p = tsivy("f3", "g3 h3 i3", "w");
    assert_eq!(moves(&p), ["f3-e3W"]);
    assert!(after(&p, "f3-e3W").pieces(Side::Black).is_empty());
}

#[test]
fn a_step_with_both_captures_gives_two_turns_and_the_mover_chooses() {
    // Withdrawal takes one piece, approach takes three: both are legal (no obligation to take the most).
    let p = tsivy("e3", "d3 g3 h3 i3", "w");
    assert_eq!(moves(&p), ["e3-f3A", "e3-f3W"]);
    assert_eq!(after(&p, "e3-f3A").pieces(Side::Black).len(), 1);
    assert_eq!(after(&p, "e3-f3W").pieces(Side::Black).len(), 3);
    match illegal(&p, "e3-f3") {
        IllegalTurn::MarkCapture { with_kind, .. } => assert_eq!(with_kind, "e3-f3A or e3-f3W"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_wrong_capture_letter_is_refused() {
    let p = tsivy("c3", "e3 f3 h3", "w");
    let step = Step::between(pt("c3"), pt("d3"), Some(CaptureKind::Withdrawal)).unwrap();
    assert_eq!(illegal(&p, "c3-d3W"), IllegalTurn::NothingToCapture { step, kind: CaptureKind::Withdrawal });
}

// --- Compulsory capture and paika ---

#[test]
fn capturing_is_compulsory() {
    let p = tsivy("a1 e3", "e5", "w");
    assert_eq!(moves(&p), ["e3-e4A"]);
    assert!(matches!(illegal(&p, "a1-b1"), IllegalTurn::CaptureRequired(_)));
    assert_eq!(p.movable_pieces().iter().collect::<Vec<_>>(), [pt("e3")]);
    assert!(p.must_capture());
}

#[test]
fn without_a_capture_every_step_to_an_empty_point_is_a_paika() {
    let p = tsivy("a1", "i5", "w");
    assert_eq!(moves(&p), ["a1-a2", "a1-b1", "a1-b2"]);
    let next = after(&p, "a1-b2");
    assert_eq!(next.quiet_turns(), 1);
    assert_eq!(next.side_to_move(), Side::Black);
}

#[test]
fn weak_points_have_no_diagonal_lines() {
    // From b1 a diagonal step to c2 would approach d3, but b1 is a weak point.
    let p = tsivy("b1", "d3", "w");
    assert_eq!(moves(&p), ["b1-a1", "b1-b2", "b1-c1"]);
    assert_eq!(
        p.parse_turn("b1-c2A"),
        Err(TurnError::Parse(ParseTurnError::NoDiagonal { from: pt("b1"), to: pt("c2") }))
    );
}

// --- Chains ---

#[test]
fn a_chain_goes_on_with_the_same_piece_and_every_stop_is_a_turn() {
    let p = tsivy("c3", "e3 d5", "w");
    assert_eq!(moves(&p), ["c3-d3A", "c3-d3A-d4A"]);
    assert!(after(&p, "c3-d3A-d4A").pieces(Side::Black).is_empty());
}

#[test]
fn a_chain_may_not_go_in_the_same_direction_twice() {
    // b3-c3W takes a3; going on east to d3 would approach e3, but the last step went east.
    let p = tsivy("b3", "a3 e3", "w");
    assert_eq!(moves(&p), ["b3-c3W"]);
    assert_eq!(illegal(&p, "b3-c3W-d3A"), IllegalTurn::SameDirection(Direction::E));
}

#[test]
fn a_chain_may_not_return_to_a_point_it_stood_on() {
    // e3-f3W-f4A, then f4-e3 would approach d2, but the piece started on e3.
    let p = tsivy("e3", "d3 f5 d2", "w");
    let turns = moves(&p);
    assert!(turns.contains(&"e3-f3W-f4A".to_owned()), "{turns:?}");
    assert!(!turns.iter().any(|t| t.starts_with("e3-f3W-f4A-")), "{turns:?}");
    assert_eq!(illegal(&p, "e3-f3W-f4A-e3A"), IllegalTurn::Revisit(pt("e3")));
}

#[test]
fn a_chain_step_must_capture() {
    let p = tsivy("c3", "e3 d5", "w");
    assert_eq!(p.parse_turn("c3-d3A-d2"), Err(TurnError::Parse(ParseTurnError::PaikaInChain { step: 2 })));
}

#[test]
fn the_builder_continues_chains_and_stops_on_request() {
    let p = tsivy("c3", "e3 d5", "w");
    let mut b = TurnBuilder::new(p);
    assert_eq!(b.movable_pieces().iter().collect::<Vec<_>>(), [pt("c3")]);
    let first = b.legal_steps_from(pt("c3"));
    assert_eq!(first.len(), 1);
    assert_eq!(b.captures_of(first[0]), Some(pt("e3").set()));
    let played = b.play(first[0]).unwrap();
    assert_eq!(played.progress, Progress::CanContinue);
    assert_eq!(played.captured, pt("e3").set());
    assert!(b.can_stop());
    assert_eq!(b.chain_point(), Some(pt("d3")));
    assert_eq!(b.visited().iter().collect::<Vec<_>>(), [pt("c3"), pt("d3")]);
    assert_eq!(b.current().pieces(Side::Black).len(), 1);
    // A click on another piece's step, a revisit, the same direction: all refused, nothing changes.
    let back = Step::between(pt("d3"), pt("c3"), Some(CaptureKind::Withdrawal)).unwrap();
    assert_eq!(b.play(back), Err(IllegalTurn::Revisit(pt("c3"))));
    assert_eq!(b.legal_steps().iter().map(ToString::to_string).collect::<Vec<_>>(), ["d3-d4A"]);
    let stopped = b.clone().stop().unwrap();
    assert_eq!(stopped.to_string(), "c3-d3A");
    let next = b.legal_steps()[0];
    match b.play(next).map(|played| (played.progress, played.captured)) {
        Ok((Progress::Complete(turn), captured)) => {
            assert_eq!(turn.to_string(), "c3-d3A-d4A");
            assert_eq!(captured, pt("d5").set());
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(b.captured(), pt("e3").set() | pt("d5").set());
    assert!(b.is_complete());
    assert_eq!(b.play(next), Err(IllegalTurn::TurnOver));
}

// --- Piece errors ---

#[test]
fn moves_of_missing_or_enemy_pieces_or_onto_pieces_are_refused() {
    let p = tsivy("a1 a2", "i5", "w");
    assert_eq!(illegal(&p, "c1-c2"), IllegalTurn::NoPiece(pt("c1")));
    assert!(matches!(illegal(&p, "i5-i4"), IllegalTurn::NotYourPiece { owner: Side::Black, .. }));
    assert_eq!(illegal(&p, "a1-a2"), IllegalTurn::Occupied(pt("a2")));
    let dimy = Position::start(Variant::Dimy);
    assert!(matches!(illegal(&dimy, "f2-f3"), IllegalTurn::OffBoard { .. }));
}

// --- Vela ---

#[test]
fn a_vela_side_makes_paika_moves_that_capture_nothing() {
    let start = Position::start_vela(Side::White);
    assert!(start.is_restricted());
    // The four steps into e3 would capture; under vela each is a paika and takes nothing.
    assert_eq!(moves(&start), ["d2-e3", "e2-e3", "f2-e3", "f3-e3"]);
    assert!(matches!(illegal(&start, "f3-e3W"), IllegalTurn::Vela(Side::White)));
    let next = after(&start, "f3-e3");
    assert_eq!(next.pieces(Side::Black).len(), 22);
    // Black is not handicapped: it must capture.
    assert!(next.must_capture());
}

#[test]
fn vela_ends_when_the_handicapped_side_is_down_to_five() {
    let six = tsivy("a1 b1 c1 d1 e1 f1", "e3 e5", "w 0 w");
    assert!(six.is_restricted());
    let five = tsivy("a1 b1 c1 d1 e1", "e3 e5", "w 0 w");
    assert!(!five.is_restricted());
    assert_eq!(five.vela_active(), None);
    assert_eq!(five.vela(), Some(Side::White));
    // Now White captures normally (and must).
    let five = tsivy("a1 b1 c1 d1 d2", "d4 e5", "w 0 w");
    assert_eq!(moves(&five), ["d2-d3A"]);
}

#[test]
fn a_vela_side_without_a_paika_has_no_legal_turn_and_loses() {
    // White's six pieces are boxed in by Black.
    let p = tsivy("a1 b1 c1 a2 b2 c2", "d1 d2 d3 a3 b3 c3", "w 0 w");
    assert!(p.legal_turns().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Black, WinReason::NoLegalTurn)));
}

#[test]
fn vela_is_tsivy_only() {
    assert!("bbbbb/bbbbb/wb1wb/wwwww/wwwww w 0 w".parse::<Position>().is_err());
}

// --- Telo ---

#[test]
fn telo_begins_by_placing_three_pieces_each() {
    let p = Position::start(Variant::Telo);
    assert!(p.is_placing());
    assert_eq!(p.legal_turns().len(), 9);
    assert!(matches!(illegal(&p, "a1-a2"), IllegalTurn::MustPlace(Side::White)));
    let p = after(&p, "b2");
    assert_eq!(illegal(&p, "b2"), IllegalTurn::Occupied(pt("b2")));
    assert!(matches!(p.parse_turn("d1"), Err(TurnError::Illegal(IllegalTurn::OffBoard { .. }))));
    // After three each, pieces move one step along a line.
    let moving = setup(Variant::Telo, "a1 b1 a2", "c1 c3 b3", "w");
    assert!(!moving.is_placing());
    assert_eq!(moves(&moving), ["a1-b2", "a2-a3", "a2-b2", "b1-b2"]);
    assert_eq!(illegal(&moving, "c2"), IllegalTurn::CannotPlace);
}

#[test]
fn three_in_a_line_wins_telo_while_placing_and_while_moving() {
    let placing = setup(Variant::Telo, "a1 b2", "a3 c1", "w");
    let won = after(&placing, "c3");
    assert_eq!(won.outcome(), Some(Outcome::win(Side::White, WinReason::TeloLine)));
    assert!(won.legal_turns().is_empty());
    let moving = setup(Variant::Telo, "a1 b2 b1", "a2 c2 a3", "w");
    let won = after(&moving, "b1-c1");
    assert_eq!(won.telo_line(), None);
    let moving = setup(Variant::Telo, "a1 b2 c2", "a2 b1 a3", "w");
    let won = after(&moving, "c2-c3");
    assert_eq!(won.outcome(), Some(Outcome::win(Side::White, WinReason::TeloLine)));
}

// --- End of the game ---

#[test]
fn a_side_with_no_legal_turn_loses() {
    let p = tsivy("a1", "b1 b2 a2 a3 b3 c3 c1 c2", "w");
    // White a1 cannot move: all three neighbours are taken, and there is nothing to capture by withdrawal.
    assert!(p.legal_turns().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Black, WinReason::NoLegalTurn)));
}

#[test]
fn fifty_turns_without_capture_draw() {
    let p = tsivy("a1", "i5", "w 49");
    assert_eq!(p.outcome(), None);
    let next = after(&p, "a1-b1");
    assert_eq!(next.outcome(), Some(Outcome::draw(DrawReason::FiftyTurns)));
    let mut game = Game::new(p);
    game.play_notation("a1-b1").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::draw(DrawReason::FiftyTurns)));
    assert!(game.legal_turns().is_empty());
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    let mut game = Game::new(tsivy("a1", "i5", "w"));
    for turn in ["a1-b1", "i5-h5", "b1-a1", "h5-i5", "a1-b1", "i5-h5", "b1-a1"] {
        assert_eq!(game.outcome(), None, "{turn}");
        game.play_notation(turn).unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    game.play_notation("h5-i5").unwrap();
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::draw(DrawReason::Repetition)));
    assert!(matches!(game.play_notation("a1-b1"), Err(TurnError::Illegal(IllegalTurn::GameEnded(_)))));
    // Undo takes the draw back.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn resignation_ends_the_game_and_undo_takes_it_back() {
    let mut game = Game::of_variant(Variant::Tsivy);
    game.resign(Side::White);
    assert_eq!(game.outcome(), Some(Outcome::win(Side::Black, WinReason::Resignation)));
    assert!(game.legal_turns().is_empty());
    assert!(matches!(game.play_notation("f3-e3W"), Err(TurnError::Illegal(IllegalTurn::GameEnded(_)))));
    let mut game = Game::of_variant(Variant::Tsivy);
    game.play_notation("f3-e3W").unwrap();
    game.resign(Side::Black);
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn outcomes_read_as_sentences() {
    assert_eq!(
        Outcome::win(Side::White, WinReason::AllCaptured).to_string(),
        "White wins: every Black piece has been captured"
    );
    assert_eq!(Outcome::win(Side::Black, WinReason::NoLegalTurn).to_string(), "Black wins: White has no legal move");
    assert_eq!(Outcome::draw(DrawReason::Repetition).to_string(), "Draw: the same position for the third time");
    assert_eq!(Outcome::draw(DrawReason::FiftyTurns).score(), "1/2-1/2");
}
