//! Playing without a pointer or without sight: whole games played by the keyboard's cursor alone and by typed turns
//! alone, with every step, choice and result said in words.

use crate::common::*;
use bevy::prelude::*;
use fanorona::access::{Spoken, TypedTurn};
use fanorona::board::layout::BoardCursor;
use fanorona::game::session::Session;
use fanorona::persistence::settings::Settings;
use fanorona_rules::{Point, Position, Side, Turn, Variant};

fn dimy(s: &mut Settings) {
    humans(s);
    s.variant = Variant::Dimy;
}

/// The turn a test player picks: the one that takes the most (the first of them), so that games end.
fn greedy(position: &Position) -> Turn {
    let count = |p: &Position| p.pieces(!position.side_to_move()).len();
    let turns = position.legal_turns();
    let best = turns.iter().min_by_key(|t| position.play(t).map_or(u32::MAX, |after| count(&after)));
    *best.unwrap_or_else(|| panic!("no legal turn in {position}"))
}

fn said(app: &App) -> Vec<String> {
    app.world().resource::<Spoken>().said().map(english).collect()
}

fn cursor(app: &App) -> Option<Point> {
    app.world().resource::<BoardCursor>().0
}

/// Moves the cursor to `to` with the arrow keys (the board is drawn plain: White at the bottom, not turned) and
/// checks that it is there and that the point was said.
fn go_to(app: &mut App, to: Point) {
    if cursor(app).is_none() {
        press(app, KeyCode::ArrowUp, false, false);
    }
    let at = cursor(app).unwrap_or_else(|| panic!("an arrow shows the cursor"));
    let (dx, dy) = (i32::from(to.x()) - i32::from(at.x()), i32::from(to.y()) - i32::from(at.y()));
    let horizontal = if dx > 0 { KeyCode::ArrowRight } else { KeyCode::ArrowLeft };
    let vertical = if dy > 0 { KeyCode::ArrowUp } else { KeyCode::ArrowDown };
    for key in std::iter::repeat_n(horizontal, dx.unsigned_abs() as usize)
        .chain(std::iter::repeat_n(vertical, dy.unsigned_abs() as usize))
    {
        press(app, key, false, false);
    }
    assert_eq!(cursor(app), Some(to), "from {at}");
    let told = said(app);
    assert!(told.iter().any(|t| t.starts_with(&format!("{to}: "))), "{to} said: {told:?}");
}

#[test]
fn a_whole_dimy_game_is_played_with_the_keyboard_alone_and_said_in_words() {
    let dir = temp_dir();
    let mut app = app_with_keys(&dir);
    app.world_mut().resource_mut::<Settings>().language = Some("en".into());
    start_with(&mut app, dimy);
    let mut played = 0;
    while session(&app).outcome().is_none() {
        assert!(played < 200, "the game ends");
        let before = *session(&app).board();
        let turn = greedy(&before);
        go_to(&mut app, turn.from());
        press(&mut app, KeyCode::Enter, false, false);
        let picked = said(&app);
        assert!(picked.last().is_some_and(|t| t.contains(&format!("{} picked", turn.from()))), "{picked:?}");
        for step in turn.steps() {
            go_to(&mut app, step.to());
            press(&mut app, KeyCode::Enter, false, false);
            if session(&app).choice.is_some() {
                let asked = said(&app);
                assert!(asked.last().is_some_and(|t| t.starts_with("Approach or withdrawal")), "{asked:?}");
                let key = if step.capture() == Some(fanorona_rules::CaptureKind::Approach) {
                    KeyCode::KeyA
                } else {
                    KeyCode::KeyW
                };
                press(&mut app, key, false, false);
            }
        }
        if session(&app).builder.can_stop() {
            press(&mut app, KeyCode::Space, false, false);
        }
        played += 1;
        let game = session(&app).game();
        assert_eq!(game.turns().len(), played, "{turn} was played by keys");
        assert_eq!(game.turns().last(), Some(&turn));
        // Each step was said, with the pieces it took.
        let told = said(&app);
        let last = turn.steps().last().map_or(turn.from(), |s| s.to());
        let side = if before.side_to_move() == fanorona_rules::Side::White { "White" } else { "Black" };
        let step_said = format!("{side}, ");
        assert!(
            told.iter().any(|t| t.starts_with(&step_said) && t.contains(&format!(" to {last}"))),
            "{turn}: {told:?}"
        );
    }
    let outcome = session(&app).outcome().unwrap_or_else(|| unreachable!());
    let told = said(&app);
    let ended = english(&fanorona::ui::widgets::outcome_text(outcome));
    assert_eq!(told.last(), Some(&ended), "the result is said last");
}

#[test]
fn a_whole_dimy_game_is_played_by_typed_turns_in_long_and_short_forms() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().language = Some("en".into());
    start_with(&mut app, dimy);
    let (mut played, mut short) = (0, 0);
    while session(&app).outcome().is_none() {
        assert!(played < 200, "the game ends");
        let before = *session(&app).board();
        let turn = greedy(&before);
        // A one-step turn whose destination no other piece reaches is typed as the destination alone.
        let steps: Vec<_> = turn.steps().collect();
        let others = before.first_steps().iter().filter(|s| s.to() == turn.to() && s.from() != turn.from()).count();
        let kinds = before.first_steps().iter().filter(|s| s.from() == turn.from() && s.to() == turn.to()).count();
        let typed = if steps.len() == 1 && others == 0 && kinds == 1 {
            short += 1;
            turn.to().to_string()
        } else {
            turn.to_string()
        };
        app.world_mut().write_message(TypedTurn(typed.clone()));
        settle(&mut app);
        if session(&app).builder.can_stop() {
            // The destination alone leaves the chain open; a one-step turn typed so ends with Stop here.
            turn_command(&mut app, fanorona::game::person::TurnCommand::Stop);
        }
        played += 1;
        assert_eq!(session(&app).game().turns().last(), Some(&turn), "{typed} played {turn}");
        assert_eq!(session(&app).game().turns().len(), played);
    }
    assert!(short > 0 && short < played, "both forms were typed: {short} short of {played}");
}

#[test]
fn a_typed_turn_the_rules_refuse_is_refused_with_their_reason_and_every_notice_is_said() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().language = Some("en".into());
    start_with(&mut app, humans);
    let before: Session = session(&app).clone();
    for (typed, reason) in [
        ("c2-c3", "c2 cannot go to c3: c3 is not empty."),
        ("e3", "Several pieces can go to e3"),
        ("d2-e3W", "d2 to e3 cannot take that way"),
        ("k9", "“k9” is not a point of the board"),
    ] {
        app.world_mut().write_message(TypedTurn(typed.into()));
        settle(&mut app);
        let told = said(&app);
        assert!(told.last().is_some_and(|t| t.starts_with(reason)), "{typed}: {told:?}");
        assert_eq!(session(&app).game().turns().len(), before.game().turns().len(), "{typed} played nothing");
        assert_eq!(session(&app).board(), before.board());
    }
    // What the player is told besides the turns is said too: a game saved.
    command(&mut app, fanorona::game::commands::GameCommand::Save);
    assert_eq!(said(&app).last().map(String::as_str), Some("Game saved."));
}

#[test]
fn the_screen_reader_setting_says_who_is_to_move_and_moves_pieces_at_once() {
    for reader in [false, true] {
        let mut app = app();
        app.world_mut().resource_mut::<Settings>().language = Some("en".into());
        start_with(&mut app, |s| {
            humans(s);
            s.screen_reader = reader;
        });
        app.world_mut().write_message(TypedTurn("d2-e3A".into()));
        for _ in 0..4 {
            app.update();
        }
        let busy = app.world().resource::<fanorona::board::animation::Animations>().busy();
        assert_eq!(busy, !reader, "four frames after the turn, the pieces still move: {busy}");
        settle(&mut app);
        let told = said(&app);
        let to_move = told.iter().any(|t| t == "Black to move; White has 22, Black 20.");
        assert_eq!(to_move, reader, "{told:?}");
    }
}

#[test]
fn the_board_is_described_on_demand_by_keys_and_by_questions_typed_in_the_move_box() {
    let dir = temp_dir();
    let mut app = app_with_keys(&dir);
    app.world_mut().resource_mut::<Settings>().language = Some("en".into());
    start_with(&mut app, humans);
    let last = |app: &App, count: usize| {
        let told = said(app);
        told[told.len().saturating_sub(count)..].to_vec()
    };
    // P: each side's pieces, where they stand.
    press(&mut app, KeyCode::KeyP, false, false);
    let told = last(&app, 2);
    let white: Vec<String> = session(&app).board().pieces(Side::White).into_iter().map(|p| p.to_string()).collect();
    assert_eq!(told[0], format!("White: 22 pieces, on {}.", white.join(", ")));
    assert!(told[1].starts_with("Black: 22 pieces, on b3, d3, g3, i3, a4, "), "{told:?}");
    // L: the last turn, step by step.
    press(&mut app, KeyCode::KeyL, false, false);
    assert_eq!(last(&app, 1), ["No turn has been played yet."]);
    app.world_mut().write_message(TypedTurn("d2-e3A".into()));
    settle(&mut app);
    press(&mut app, KeyCode::KeyL, false, false);
    assert_eq!(last(&app, 1), ["White, d2 to e3, approach, takes 2 pieces."]);
    // D: the cursor's point and where its piece can go; without a cursor, how to get one.
    press(&mut app, KeyCode::KeyD, false, false);
    assert_eq!(last(&app, 1), ["There is no cursor on the board: move it with the arrow keys first."]);
    press(&mut app, KeyCode::ArrowUp, false, false);
    let at = cursor(&app).unwrap_or_else(|| panic!("an arrow shows the cursor"));
    let steps = session(&app).builder.legal_steps_from(at);
    assert!(!steps.is_empty(), "the cursor starts on a piece that can move");
    press(&mut app, KeyCode::KeyD, false, false);
    let told = last(&app, steps.len() + 1);
    assert_eq!(told[0], format!("{at}: a black piece, can move."));
    for (step, text) in steps.iter().zip(&told[1..]) {
        assert!(text.starts_with(&format!("Black, {at} to {}", step.to())), "{step}: {told:?}");
    }
    // Typed questions: `e3?` for a piece that cannot move now, `?` for the pieces; nothing is played.
    let turns = session(&app).game().turns().len();
    app.world_mut().write_message(TypedTurn("e3?".into()));
    settle(&mut app);
    assert_eq!(last(&app, 2), ["e3: a white piece.", "The piece on e3 cannot move now."]);
    app.world_mut().write_message(TypedTurn(" ? ".into()));
    settle(&mut app);
    let told = last(&app, 2);
    assert!(told[0].starts_with("White: 22 pieces") && told[1].starts_with("Black: 20 pieces"), "{told:?}");
    assert_eq!(session(&app).game().turns().len(), turns, "a question plays nothing");
}

#[test]
fn the_web_pages_controls_show_what_the_keys_do_on_each_screen_and_send_it() {
    use fanorona::access::page::{PageRequest, page_controls};
    use fanorona::keys::KeyMap;
    use fanorona::screens::AppState;
    let dir = temp_dir();
    let mut app = app_with_keys(&dir);
    app.world_mut().resource_mut::<Settings>().language = Some("en".into());
    start_with(&mut app, humans);
    let shown = |app: &App, screen: AppState| {
        let controls = page_controls(app.world().resource::<KeyMap>(), screen, false);
        let buttons: Vec<String> =
            controls.buttons.iter().map(|(key, help)| format!("{key:?}: {}", english(help))).collect();
        (controls.move_box, buttons)
    };
    let (move_box, buttons) = shown(&app, AppState::Playing);
    assert!(move_box);
    assert_eq!(
        buttons,
        [
            "KeyP: Say where the pieces stand",
            "KeyL: Say what the last turn did",
            "Space: Stop here (end a capture chain)",
            "KeyU: Undo",
            "KeyR: Redo",
            "KeyH: Hint",
            "KeyV: Review the game",
            "KeyN: Back to the menu (the game is kept); in the tutorial: Next",
            "Escape: Cancel the selection, or say no to a question",
        ]
    );
    let (move_box, buttons) = shown(&app, AppState::Review);
    assert!(!move_box, "nothing is played in a review");
    assert_eq!(buttons.len(), 3, "{buttons:?}");
    assert_eq!(shown(&app, AppState::Menu), (false, Vec::new()));

    // A turn typed in the page's box is played; its buttons send their keys' actions.
    app.world_mut().write_message(PageRequest::Typed("d2-e3A".into()));
    settle(&mut app);
    assert_eq!(session(&app).game().turns().len(), 1);
    app.world_mut().write_message(PageRequest::Key(KeyCode::KeyP));
    settle(&mut app);
    assert!(said(&app).last().is_some_and(|t| t.starts_with("Black: 20 pieces")), "{:?}", said(&app));
    app.world_mut().write_message(PageRequest::Key(KeyCode::KeyU));
    settle(&mut app);
    assert_eq!(session(&app).game().turns().len(), 0, "U undid the turn");
    // A key the page has no button for here sends nothing: F flips the board, but the page has no F.
    let flipped = app.world().resource::<fanorona::board::layout::BoardLayout>().flipped;
    app.world_mut().write_message(PageRequest::Key(KeyCode::KeyF));
    settle(&mut app);
    assert_eq!(app.world().resource::<fanorona::board::layout::BoardLayout>().flipped, flipped);
}
