//! No stray key loses anything: every key, alone or with Shift or Ctrl, in every screen, leaves the game in progress
//! (its start, its players and every turn, undone ones included) and the saved files as they were, unless the
//! player confirms. Driven through Bevy's keyboard input, as a window reports keys.

use std::path::Path;

use crate::common::*;
use bevy::prelude::*;
use fanorona::analysis::AnalysisCommand;
use fanorona::game::commands::{GameCommand, PendingConfirmation, Question};
use fanorona::game::saving::{AUTOSAVE_FILE, SAVED_FILE, SavedSession};
use fanorona::game::session::{PlayerKind, Session};
use fanorona::persistence::settings::Settings;
use fanorona::review::ReviewCommand;
use fanorona::screens::{AppState, ShowMenu};
use fanorona::tutorial::TutorialCommand;
use fanorona_rules::{Position, Turn};

/// The screens the keys are tried in.
#[derive(Clone, Copy, Debug)]
enum Screen {
    /// A game in progress, with a turn taken back (so there is something to redo).
    Playing,
    /// A finished game.
    GameOver,
    /// The menu, with an unfinished game to continue.
    Menu,
    /// A lesson of the tutorial, with an unfinished game saved.
    Tutorial,
    /// A question is open: save over the saved game?
    Asking,
    /// The game in progress under review.
    Review,
    /// The analysis board, opened on the game in progress.
    Analysis,
}

/// A game as a player would miss it: where it started, who played, and every turn (undone ones too, which redo
/// brings back).
#[derive(Debug, PartialEq, Eq)]
struct GameKept {
    start: Position,
    players: [PlayerKind; 2],
    history: Vec<Turn>,
}

fn kept(session: &Session) -> GameKept {
    let game = session.game();
    GameKept {
        start: *game.start(),
        players: session.players,
        history: game.turns().iter().chain(game.redoable()).copied().collect(),
    }
}

/// A file's text, as it is (shown as text when a test fails).
fn read(dir: &Path, name: &str) -> String {
    std::fs::read(dir.join(name)).map(|bytes| String::from_utf8_lossy(&bytes).into_owned()).unwrap_or_default()
}

/// The autosaved session.
fn autosaved(dir: &Path) -> Session {
    SavedSession::parse(&read(dir, AUTOSAVE_FILE)).unwrap_or_else(|e| panic!("the autosave: {e}"))
}

/// The autosaved game: the same game as `game`, at one of its turns (an undo saves the game taken back).
fn assert_autosave_keeps(dir: &Path, game: &GameKept, what: &str) {
    let saved = autosaved(dir);
    let turns = saved.game().turns();
    assert_eq!((*saved.game().start(), saved.players), (game.start, game.players), "{what}");
    assert!(!turns.is_empty() && game.history.starts_with(turns), "{what}: {turns:?} of {:?}", game.history);
}

/// Plays the first legal turn, by clicks.
fn play_first_turn(app: &mut App) {
    let turn = session(app).position().legal_turns()[0].to_string();
    play(app, &turn);
}

/// A fresh app in `screen`, with a game saved in the save slot and an unfinished game in progress (returned as it
/// was before the screen was entered).
fn app_in_screen(screen: Screen) -> (App, TempDir, GameKept) {
    let dir = temp_dir();
    let mut app = app_with_keys(&dir);
    // Quick animations: many apps are played here.
    app.world_mut().resource_mut::<Settings>().animation_speed = 4.0;
    start_with(&mut app, humans);
    play_first_turn(&mut app);
    command(&mut app, GameCommand::Save);
    play_first_turn(&mut app);
    play_first_turn(&mut app);
    command(&mut app, GameCommand::Undo);
    assert_eq!(turns(&app).len(), 2);
    let game = kept(session(&app));
    match screen {
        Screen::Playing => {}
        Screen::GameOver => resign(&mut app),
        Screen::Menu => {
            app.world_mut().write_message(ShowMenu);
            settle(&mut app);
        }
        Screen::Tutorial => {
            app.world_mut().write_message(TutorialCommand::Open);
            settle(&mut app);
        }
        Screen::Asking => {
            command(&mut app, GameCommand::Save);
            assert_eq!(app.world().resource::<PendingConfirmation>().0, Some(Question::SavedGame));
        }
        Screen::Review => {
            app.world_mut().write_message(ReviewCommand::Open);
            settle(&mut app);
            assert_eq!(state(&app), AppState::Review);
        }
        Screen::Analysis => {
            app.world_mut().write_message(AnalysisCommand::Open);
            settle(&mut app);
            assert_eq!(state(&app), AppState::Analysis);
        }
    }
    (app, dir, game)
}

#[test]
fn no_key_loses_the_game_being_played() {
    try_every_key(Screen::Playing);
}

#[test]
fn no_key_loses_a_finished_game() {
    try_every_key(Screen::GameOver);
}

#[test]
fn no_key_in_the_menu_loses_the_game_to_continue() {
    try_every_key(Screen::Menu);
}

#[test]
fn no_key_in_the_tutorial_loses_the_game_in_progress() {
    try_every_key(Screen::Tutorial);
}

#[test]
fn no_key_answers_yes_to_a_question() {
    try_every_key(Screen::Asking);
}

#[test]
fn no_key_in_a_review_changes_the_game_reviewed() {
    try_every_key(Screen::Review);
}

#[test]
fn no_key_on_the_analysis_board_changes_the_game_in_progress() {
    try_every_key(Screen::Analysis);
}

/// Presses every key, alone and with Shift or Ctrl, each in a fresh app in `screen`, and checks that neither the
/// game nor a saved file changed (beyond an undo or redo, which loses nothing).
fn try_every_key(screen: Screen) {
    let mut tried = 0;
    for &key in ALL_KEYS {
        for (shift, ctrl) in [(false, false), (true, false), (false, true)] {
            let (mut app, dir, game) = app_in_screen(screen);
            let what = format!("{screen:?}: {key:?} shift {shift} ctrl {ctrl}");
            let saved = read(&dir, SAVED_FILE);
            press(&mut app, key, shift, ctrl);
            // The board shows the review's or the analysis board's positions: the game comes back when they end.
            match state(&app) {
                AppState::Review => {
                    app.world_mut().write_message(ReviewCommand::Close);
                }
                AppState::Analysis => {
                    app.world_mut().write_message(AnalysisCommand::Close);
                }
                _ => {}
            }
            settle(&mut app);
            if state(&app) != AppState::Tutorial {
                // Leaving the board for the menu keeps the game: it is still the session.
                assert_eq!(kept(session(&app)), game, "{what}");
            }
            assert_autosave_keeps(&dir, &game, &what);
            assert_eq!(read(&dir, SAVED_FILE), saved, "{what}");
            tried += 1;
        }
    }
    assert_eq!(tried, ALL_KEYS.len() * 3);
}

#[test]
fn saving_over_the_saved_game_and_loading_over_a_game_ask_first() {
    let (mut app, dir, _) = app_in_screen(Screen::Playing);
    let saved = read(&dir, SAVED_FILE);
    assert!(!saved.is_empty());
    // Ctrl+S asks; Esc says no and nothing is written.
    press(&mut app, KeyCode::KeyS, false, true);
    assert_eq!(app.world().resource::<PendingConfirmation>().0, Some(Question::SavedGame));
    press(&mut app, KeyCode::Escape, false, false);
    assert_eq!(app.world().resource::<PendingConfirmation>().0, None);
    assert_eq!(read(&dir, SAVED_FILE), saved);
    // Yes (the dialog's button) saves.
    press(&mut app, KeyCode::KeyS, false, true);
    command(&mut app, GameCommand::Confirm);
    assert_ne!(read(&dir, SAVED_FILE), saved);
    let two = turns(&app);
    assert!(read(&dir, SAVED_FILE).contains(&two[1]));

    // Ctrl+O over the unfinished game asks too; after yes the saved game (two turns) is on the board.
    play_first_turn(&mut app);
    assert_eq!(turns(&app).len(), 3);
    press(&mut app, KeyCode::KeyO, false, true);
    assert_eq!(app.world().resource::<PendingConfirmation>().0, Some(Question::GameInProgress));
    assert_eq!(turns(&app).len(), 3, "nothing is loaded before the answer");
    command(&mut app, GameCommand::Confirm);
    assert_eq!(turns(&app), two);
    assert_pieces_match(&mut app);

    // A new game over an unfinished one asks as well; any other command drops the question.
    command(&mut app, GameCommand::Start);
    assert_eq!(app.world().resource::<PendingConfirmation>().0, Some(Question::NewGame));
    command(&mut app, GameCommand::Undo);
    assert_eq!(app.world().resource::<PendingConfirmation>().0, None);
    command(&mut app, GameCommand::Confirm);
    assert_eq!(turns(&app), two[..1], "a stale yes starts nothing");
    command(&mut app, GameCommand::Start);
    command(&mut app, GameCommand::Confirm);
    assert!(turns(&app).is_empty(), "a new game");
}
