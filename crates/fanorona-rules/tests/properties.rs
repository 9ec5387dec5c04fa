//! Property tests over random games and random positions.

mod common;

use std::collections::BTreeSet;

use common::{moves, naive_moves};
use fanorona_rules::{
    Game, GameForm, GameRecord, Point, Position, Progress, RecordError, Side, Turn, TurnBuilder, Variant,
};
use proptest::prelude::*;

/// Every turn the step-by-step builder can produce, found by trying every legal step at every stage.
fn builder_turns(position: &Position) -> BTreeSet<String> {
    fn walk(builder: &TurnBuilder, out: &mut BTreeSet<String>) {
        for step in builder.legal_steps() {
            let mut next = builder.clone();
            match next.play(step).map(|played| played.progress) {
                Ok(Progress::Complete(turn)) => {
                    out.insert(turn.to_string());
                }
                Ok(Progress::CanContinue) => {
                    assert!(next.can_stop());
                    let mut stopped = next.clone();
                    out.insert(stopped.stop().expect("stopping after a capture is allowed").to_string());
                    walk(&next, out);
                }
                Err(e) => panic!("legal step {step} refused: {e}"),
            }
        }
    }
    let mut out = BTreeSet::new();
    let builder = TurnBuilder::new(*position);
    for p in position.legal_placements() {
        out.insert(p.to_string());
    }
    walk(&builder, &mut out);
    out
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop_oneof![3 => Just(Variant::Tsivy), 2 => Just(Variant::Dimy), 1 => Just(Variant::Telo)]
}

fn vela_strategy() -> impl Strategy<Value = Option<Side>> {
    prop_oneof![4 => Just(None), 1 => Just(Some(Side::White)), 1 => Just(Some(Side::Black))]
}

/// Plays a random game (choices pick among the legal turns) and checks each position and turn on the way.
fn check_random_game(variant: Variant, vela: Option<Side>, choices: &[usize]) -> Result<(), TestCaseError> {
    let mut game = Game::new(Position::start(variant).with_vela(vela));
    for &choice in choices {
        let position = *game.position();
        // Text round trip, hash included.
        prop_assert_eq!(position.to_string().parse::<Position>(), Ok(position));
        let turns = game.legal_turns();
        if turns.is_empty() {
            prop_assert!(game.is_over());
            break;
        }
        // Engine, naive generator and builder agree.
        let engine = moves(&position);
        prop_assert_eq!(&engine, &naive_moves(&position));
        prop_assert_eq!(engine.iter().cloned().collect::<BTreeSet<_>>(), builder_turns(&position));
        prop_assert_eq!(position.count_turns(), turns.len() as u64);
        for turn in &turns {
            let text = turn.to_string();
            prop_assert_eq!(text.parse::<Turn>(), Ok(*turn));
            prop_assert_eq!(position.parse_turn(&text), Ok(*turn));
            let next = position.play_unchecked(turn);
            for side in Side::BOTH {
                prop_assert!(
                    next.pieces(side).len() <= position.pieces(side).len() + u32::from(turn.placement().is_some())
                );
            }
            prop_assert_eq!(
                next.pieces(!position.side_to_move()).len() < position.pieces(!position.side_to_move()).len(),
                turn.is_capture()
            );
        }
        let before = game.clone();
        let turn = turns[choice % turns.len()];
        game.play(&turn).map_err(|e| TestCaseError::fail(e.to_string()))?;
        game.undo();
        prop_assert_eq!(game.positions(), before.positions());
        prop_assert_eq!(game.turns(), before.turns());
        prop_assert_eq!(game.outcome(), before.outcome());
        prop_assert_eq!(game.redo(), Some(turn));
    }
    // The record of the game loads back to the same game.
    let record = GameRecord::of_game(&game);
    let loaded = GameRecord::load(&record.to_ron()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(loaded.positions(), game.positions());
    prop_assert_eq!(loaded.outcome(), game.outcome());
    Ok(())
}

fn random_position() -> impl Strategy<Value = Position> {
    (variant_strategy(), prop::collection::vec(0u8..3, 45), any::<bool>(), vela_strategy()).prop_map(
        |(variant, cells, black, vela)| {
            let mut rows = Vec::new();
            let max = variant.pieces_per_side() as usize;
            let mut counts = [0, 0];
            for y in (0..variant.height()).rev() {
                let mut row = String::new();
                for x in 0..variant.width() {
                    let c = cells[usize::from(y * 9 + x)];
                    let side = usize::from(c) - usize::from(c > 0);
                    if c > 0 && counts[side] < max {
                        counts[side] += 1;
                        row.push(if c == 1 { 'w' } else { 'b' });
                    } else {
                        row.push('1');
                    }
                }
                rows.push(row);
            }
            let vela = if variant == Variant::Tsivy { vela.map_or('-', Side::letter) } else { '-' };
            let side = if black { 'b' } else { 'w' };
            common::pos(&format!("{} {side} 0 {vela}", rows.join("/")))
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(
        variant in variant_strategy(),
        vela in vela_strategy(),
        choices in prop::collection::vec(any::<usize>(), 0..80),
    ) {
        check_random_game(variant, vela, &choices)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_positions_agree_with_the_naive_generator(position in random_position()) {
        let engine = moves(&position);
        prop_assert_eq!(&engine, &naive_moves(&position));
        prop_assert_eq!(engine.into_iter().collect::<BTreeSet<_>>(), builder_turns(&position));
        prop_assert_eq!(position.to_string().parse::<Position>(), Ok(position));
    }

    #[test]
    fn parsers_never_panic(text in any::<String>(), ascii in "[a-jA-J0-9/ wbWB\\-AW]{0,40}") {
        for t in [&text, &ascii] {
            let _ = t.parse::<Point>();
            let _ = t.parse::<Turn>();
            let _ = t.parse::<Position>();
            let _ = t.parse::<Side>();
            let _ = t.parse::<Variant>();
            let _ = Position::start(Variant::Tsivy).parse_turn(t);
            let _ = Position::start(Variant::Telo).parse_turn(t);
            let _ = GameRecord::load(t);
        }
    }

    #[test]
    fn records_with_random_turn_text_fail_cleanly(
        turns in prop::collection::vec("[a-e][1-5](-[a-e][1-5][AW]?){0,3}", 0..6),
        legal_prefix in 0usize..4,
    ) {
        check_random_record(turns, legal_prefix)?;
    }
}

/// Loads a dimy record of `legal_prefix` legal turns followed by random turn text: it either replays to a game whose
/// record round-trips, or fails at the first turn that cannot be read or played, naming that turn.
fn check_random_record(random: Vec<String>, legal_prefix: usize) -> Result<(), TestCaseError> {
    let mut turns = Vec::new();
    let mut game = Game::of_variant(Variant::Dimy);
    for _ in 0..legal_prefix {
        let Some(turn) = game.legal_turns().first().copied() else { break };
        game.play(&turn).map_err(|e| TestCaseError::fail(e.to_string()))?;
        turns.push(turn.to_string());
    }
    turns.extend(random);
    let record = GameRecord {
        variant: Variant::Dimy,
        vela: None,
        start: None,
        turns: turns.clone(),
        result: None,
        white: None,
        black: None,
        date: None,
        event: None,
    };
    // The turns played one at a time: the first one that fails is the one the record must name.
    let mut expected = Game::of_variant(Variant::Dimy);
    let first_bad = turns.iter().position(|t| expected.play_notation(t).is_err());
    match (GameRecord::load(&record.to_ron()), first_bad) {
        (Ok(game), None) => {
            prop_assert_eq!(game.positions(), expected.positions());
            prop_assert_eq!(game.outcome(), None);
            let again = GameRecord::of_game(&game);
            prop_assert_eq!(
                &again.turns,
                &turns.iter().map(|t| t.parse::<Turn>().map(|t| t.to_string()).unwrap_or_default()).collect::<Vec<_>>()
            );
            let reloaded = GameRecord::load(&again.to_ron()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(reloaded.positions(), game.positions());
        }
        (Err(e @ (RecordError::Turn { .. } | RecordError::AfterEnd { .. })), Some(bad)) => {
            let (RecordError::Turn { number, text, .. } | RecordError::AfterEnd { number, text, .. }) = &e else {
                unreachable!()
            };
            prop_assert_eq!(*number, bad + 1);
            prop_assert_eq!(text, &turns[bad]);
            let message = e.to_string();
            let prefix = format!("turn {} `{}`: ", bad + 1, turns[bad]);
            prop_assert!(message.starts_with(&prefix), "{}", message);
        }
        (Err(RecordError::Result { .. }), None) => prop_assert!(expected.is_over()),
        (other, bad) => prop_assert!(false, "{:?} (first bad turn: {:?})", other, bad),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Game text round-trips: a random game (of any variant, vela or not, resigned or not) written as text reads
    /// back as the same game, in the same form, and is written again identically.
    #[test]
    fn game_text_round_trips(
        variant in variant_strategy(),
        vela in vela_strategy(),
        choices in prop::collection::vec(any::<usize>(), 0..60),
        resign in any::<Option<bool>>(),
    ) {
        let mut game = Game::new(Position::start(variant).with_vela(vela));
        for choice in choices {
            let turns = game.legal_turns();
            if turns.is_empty() {
                break;
            }
            game.play(&turns[choice % turns.len()]).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        if let Some(white) = resign {
            game.resign(if white { Side::White } else { Side::Black });
        }
        let text = GameRecord::of_game(&game).to_text();
        let (record, read, form) = GameRecord::read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(form, GameForm::Text);
        prop_assert_eq!(read.turns(), game.turns());
        prop_assert_eq!(read.outcome(), game.outcome());
        prop_assert_eq!(record.to_text(), text);
    }
}
