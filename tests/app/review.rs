//! The post-game review as a player uses it: opened from the game, the engine's verdicts, stepping through the game
//! and the better line with the keys, and back to the game exactly as it was; "try again from here" after a
//! finished game.

use std::path::Path;

use crate::common::*;
use bevy::prelude::*;
use fanorona::access::Spoken;
use fanorona::game::saving::AUTOSAVE_FILE;
use fanorona::game::session::PlayerKind;
use fanorona::persistence::profile::Profile;
use fanorona::review::REVIEW_GAME;
use fanorona::review::{ReviewCommand, Reviewing};
use fanorona::screens::AppState;
use fanorona_ai::Level;
use fanorona_ai::review::Class;
use fanorona_rules::{Game, GameRecord, Position};

fn blunder_game() -> Game {
    GameRecord::load_text(REVIEW_GAME).unwrap_or_else(|e| panic!("{e}"))
}

fn reviewing(app: &App) -> &Reviewing {
    app.world().resource::<Reviewing>()
}

fn review(app: &mut App, command: ReviewCommand) {
    app.world_mut().write_message(command);
    settle(app);
}

/// Runs frames until the engine is through the game (the review runs on a thread, as on the desktop).
fn wait_for_review(app: &mut App) {
    run_until(
        app,
        0,
        "the review finishes",
        |_| true,
        |app| {
            let (done, total) = reviewing(app).progress();
            assert!(done <= total);
            reviewing(app).review().is_some()
        },
    );
}

/// The last `count` texts said, in English.
fn last_said(app: &App, count: usize) -> Vec<String> {
    let said: Vec<String> = app.world().resource::<Spoken>().said().map(english).collect();
    said[said.len().saturating_sub(count)..].to_vec()
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_default()
}

#[test]
fn a_review_finds_the_blunder_steps_through_the_game_and_gives_it_back_untouched() {
    let dir = temp_dir();
    let mut app = app_with_keys(&dir);
    start_with(&mut app, humans);
    let game = blunder_game();
    for turn in game.turns() {
        play(&mut app, &turn.to_string());
    }
    assert_eq!(turns(&app).len(), 14);
    let autosave = read(&dir, AUTOSAVE_FILE);
    assert!(autosave.contains("c5-b5"), "the game was autosaved");
    let profile = app.world().resource::<Profile>().clone();

    press(&mut app, KeyCode::KeyV, false, false);
    assert_eq!(state(&app), AppState::Review);
    wait_for_review(&mut app);
    let found = reviewing(&app).review().cloned().unwrap_or_else(|| unreachable!());
    assert_eq!(found.turns[7].class, Class::Blunder);
    assert_eq!(found.turns[7].better().map(|t| t.to_string()).as_deref(), Some("e4-e3A"));
    assert_eq!(reviewing(&app).progress(), (15, 15));

    // The review starts at the end; the board shows the position looked at.
    assert_eq!(session(&app).position(), &game.positions()[14]);
    review(&mut app, ReviewCommand::Goto(8));
    assert_eq!(session(&app).position(), &game.positions()[8]);
    assert_pieces_match(&mut app);
    assert_eq!(session(&app).last_turn.as_ref().map(|t| t.path.len()), Some(2), "b3-c3W is marked");
    // Each position looked at is said: the turn that led there step by step, its class, the better turn.
    let told = last_said(&app, 3);
    assert!(told[0].starts_with("Black, b3 to c3, withdrawal, takes"), "{told:?}");
    assert_eq!(told[1], "Blunder");
    assert!(told[2].starts_with("Better: e4-e3A ("), "{told:?}");

    // Down shows the better turn on the position before the blunder, then steps along the engine's line.
    press(&mut app, KeyCode::ArrowDown, false, false);
    assert_eq!(session(&app).position(), &game.positions()[7]);
    assert_eq!(session(&app).hint.map(|t| t.to_string()).as_deref(), Some("e4-e3A"));
    let captured = session(&app).last_turn.as_ref().map(|t| t.captured.clone()).unwrap_or_default();
    assert!(!captured.is_empty(), "what the better turn would capture is marked");
    press(&mut app, KeyCode::ArrowDown, false, false);
    assert_eq!(last_said(&app, 1)[0], "The better line, turn 1 of 7: e4-e3A.");
    let better = game.positions()[7].parse_turn("e4-e3A").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(session(&app).position(), &game.positions()[7].play_unchecked(&better));
    assert_pieces_match(&mut app);
    press(&mut app, KeyCode::ArrowUp, false, false);
    press(&mut app, KeyCode::ArrowUp, false, false);
    assert_eq!(session(&app).position(), &game.positions()[8], "back to the game's own position");

    // Left, Right, Home and End move through the game.
    press(&mut app, KeyCode::ArrowLeft, false, false);
    assert_eq!(reviewing(&app).ply(), 7);
    press(&mut app, KeyCode::Home, false, false);
    assert_eq!(session(&app).position(), &game.positions()[0]);
    assert_eq!(last_said(&app, 1)[0], "The start of the game.");
    press(&mut app, KeyCode::ArrowRight, false, false);
    assert_eq!(reviewing(&app).ply(), 1);
    press(&mut app, KeyCode::End, false, false);
    assert_eq!(reviewing(&app).ply(), 14);

    // Clicks on the board change nothing, even along a legal turn; "try again" waits for the end of the game.
    let legal = game.positions()[14].legal_turns()[0];
    for point in legal.path() {
        click(&mut app, &point.to_string());
    }
    review(&mut app, ReviewCommand::TryAgain);
    assert_eq!(state(&app), AppState::Review);
    assert_eq!(session(&app).position(), &game.positions()[14]);

    // Esc: back to the game as it was, not saved again, not rated.
    press(&mut app, KeyCode::Escape, false, false);
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(session(&app).game().turns(), game.turns());
    assert_eq!(session(&app).players, HUMANS);
    assert_eq!(read(&dir, AUTOSAVE_FILE), autosave);
    assert_eq!(app.world().resource::<Profile>().rating, profile.rating);
    assert_pieces_match(&mut app);
    // The game goes on.
    let next = session(&app).position().legal_turns()[0].to_string();
    play(&mut app, &next);
    assert_eq!(turns(&app).len(), 15);
}

#[test]
fn try_again_plays_on_against_the_computer_from_before_the_turn() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    start_with(&mut app, humans);
    // White's c3-d3A-d4A takes both Black pieces: a finished one-turn game.
    set_position(&mut app, "3b5/9/2w1b4/9/9 w", [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)]);
    play(&mut app, "c3-d3A-d4A");
    assert!(session(&app).is_over());
    review(&mut app, ReviewCommand::Open);
    wait_for_review(&mut app);
    assert!(reviewing(&app).can_try_again());
    review(&mut app, ReviewCommand::TryAgain);
    assert_eq!(state(&app), AppState::Playing);
    let start: Position = "3b5/9/2w1b4/9/9 w".parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(session(&app).position(), &start);
    assert!(!session(&app).is_over() && !session(&app).is_rated());
    assert_eq!(session(&app).players, [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)]);
    assert!(!session(&app).game().can_redo(), "the old ending is not there to redo");
    assert!(read(&dir, AUTOSAVE_FILE).contains("3b5/9/2w1b4/9/9 w"), "the new game is autosaved");
    assert!(!read(&dir, AUTOSAVE_FILE).contains("c3-d3A-d4A"));
    assert_pieces_match(&mut app);
}

#[test]
fn a_past_move_clicked_in_the_list_shows_its_position_read_only_and_back_returns_to_the_game() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    start_with(&mut app, humans);
    let game = blunder_game();
    for turn in &game.turns()[..5] {
        play(&mut app, &turn.to_string());
    }
    // What a click on White's second turn in the move list sends.
    review(&mut app, ReviewCommand::OpenAt(3));
    assert_eq!(state(&app), AppState::Review);
    assert_eq!(reviewing(&app).ply(), 3);
    assert_eq!(session(&app).position(), &game.positions()[3]);
    assert_pieces_match(&mut app);
    // Read-only: a legal turn clicked on the board changes nothing.
    let legal = game.positions()[3].legal_turns()[0];
    for point in legal.path() {
        click(&mut app, &point.to_string());
    }
    assert_eq!(session(&app).position(), &game.positions()[3]);
    review(&mut app, ReviewCommand::Close);
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(session(&app).game().turns(), &game.turns()[..5]);
    assert_pieces_match(&mut app);
}
