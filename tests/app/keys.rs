//! No stray key loses anything: every key, alone or with Shift or Ctrl, in every screen, leaves the game in progress
//! (its start, its players and every turn, undone ones included) and the saved files as they were, unless the
//! player confirms. Driven through Bevy's keyboard input, as a window reports keys.
//!
//! And the key map as a whole: every answer of `key_action` against a committed golden file, the keyboard help
//! (built from the map's rows) and README's keyboard paragraph against the map.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::*;
use bevy::prelude::*;
use fanorona::analysis::AnalysisCommand;
use fanorona::game::commands::{GameCommand, PendingConfirmation, Question};
use fanorona::game::saving::{AUTOSAVE_FILE, SAVED_FILE, SavedSession};
use fanorona::game::session::{PlayerKind, Session};
use fanorona::i18n::{Language, Locale};
use fanorona::persistence::settings::Settings;
use fanorona::review::ReviewCommand;
use fanorona::screens::{AppState, ShowMenu};
use fanorona::tutorial::TutorialCommand;
use fanorona::ui::keys::{Modifiers, bindings, key_action, key_label, shortcuts};
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

/// The key map's every answer, committed: [`key_map_table`] against this file.
const GOLDEN: &str = "tests/app/keys.golden";

/// Every screen, in the golden file's order.
const SCREENS: &[AppState] = fanorona::ui::keys::EVERY;

/// The build stops here when a screen is added (this match has no arm for it), so that it gets into the key map's
/// `EVERY` ([`SCREENS`]), the golden file and the README check too.
const _: fn(AppState) = |screen| match screen {
    AppState::Menu
    | AppState::Lobby
    | AppState::Playing
    | AppState::Tutorial
    | AppState::Puzzles
    | AppState::Review
    | AppState::Analysis
    | AppState::Online => {}
};

/// What `key_action` says for every key of a full keyboard (every key the map knows and many it does not), with
/// every set of the modifiers it tells apart (Shift, Ctrl; Cmd counts as Ctrl and Alt is not looked at), on every
/// screen, with a question open or not: one line each, `-` for nothing.
fn key_map_table() -> String {
    let mut keys = ALL_KEYS.to_vec();
    for binding in bindings() {
        if !keys.contains(&binding.key) {
            keys.push(binding.key);
        }
    }
    let mods = [("-", false, false), ("Shift", true, false), ("Ctrl", false, true), ("Shift+Ctrl", true, true)];
    let mut table = String::from(
        "# The key map (src/input.rs, key_action): screen, a question open (asking) or not, modifiers, key, action.\n\
         # Written by tests/app/keys.rs; after a deliberate change: FANORONA_BLESS=1 cargo test --workspace --locked \
         --test app keys\n",
    );
    for &screen in SCREENS {
        for asking in [false, true] {
            let columns = format!("{:<9} {:<6}", format!("{screen:?}"), if asking { "asking" } else { "-" });
            for &key in &keys {
                for (name, shift, ctrl) in mods {
                    let action = key_action(key, Modifiers { shift, ctrl }, screen, asking);
                    let action = action.map_or_else(|| "-".to_owned(), |a| format!("{a:?}"));
                    table.push_str(&format!("{columns} {name:<10} {:<14} {action}\n", format!("{key:?}")));
                }
            }
        }
    }
    table
}

/// The key map, every combination, is the committed golden file: a change to any answer fails here with the lines
/// that changed. After a deliberate change, `FANORONA_BLESS=1 cargo test --workspace --locked --test app keys`
/// rewrites the file (then read its diff before committing it).
#[test]
fn the_key_map_is_the_golden_file() {
    let table = key_map_table();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    if std::env::var_os("FANORONA_BLESS").is_some_and(|bless| bless == "1") {
        std::fs::write(&path, &table).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let changed: Vec<String> = golden
        .lines()
        .zip(table.lines())
        .filter(|(was, is)| was != is)
        .map(|(was, is)| format!("- {was}\n+ {is}"))
        .collect();
    let (was, is) = (golden.lines().count(), table.lines().count());
    assert!(
        changed.is_empty() && was == is,
        "the key map is not {GOLDEN}: {} lines changed, {was} lines there and {is} now; the first:\n{}\n\
         A deliberate change: FANORONA_BLESS=1 cargo test --workspace --locked --test app keys",
        changed.len(),
        changed[..changed.len().min(20)].join("\n"),
    );
}

/// The keys of one line of the keyboard help, in English.
fn help_keys(keys: &str) -> BTreeSet<String> {
    keys.split(" / ").flat_map(|k| k.split(" or ")).map(str::to_owned).collect()
}

/// The keyboard help (the panel's and how to play's) has one line per description of the key map's rows, with
/// exactly the keys of those rows: a key the map gains is in the help.
#[test]
fn the_keyboard_help_lists_the_keys_of_the_map() {
    let locale = Locale::new(Language::English);
    let help = shortcuts(&locale);
    let descriptions: BTreeSet<&String> = help.iter().map(|(_, what)| what).collect();
    assert_eq!(descriptions.len(), help.len(), "one line per description: {help:?}");
    for (keys, what) in &help {
        let rows: BTreeSet<String> =
            bindings().filter(|b| locale.text(&b.help) == *what).map(|b| key_label(&locale, b)).collect();
        assert_eq!(help_keys(keys), rows, "the keys for {what:?}");
    }
    assert_eq!(help.len(), bindings().map(|b| b.help.id).collect::<BTreeSet<_>>().len());
    // The ones a player would look for, as they read.
    for line in [
        ("S", "Puzzles: show the solution"),
        ("Ctrl+Z or U", "Undo"),
        ("Space or Enter", "Stop here (end a capture chain)"),
        ("Ctrl+S / Ctrl+O", "Save / load the game (asks before replacing anything)"),
        ("Left / Right / Home / End", "Review: previous / next turn, start / end"),
        ("F11", "Full screen on / off"),
    ] {
        assert!(help.contains(&(line.0.to_owned(), line.1.to_owned())), "{line:?} in {help:?}");
    }
}

/// README's keyboard paragraph: from "Keyboard (every panel button has one):" to the blank line after it.
fn readme_keyboard() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let start = readme.find("Keyboard (every panel button has one):").expect("README's keyboard paragraph");
    let paragraph = &readme[start..];
    paragraph[..paragraph.find("\n\n").unwrap_or(paragraph.len())].to_owned()
}

/// The keys a part of README's paragraph names: what it writes between backticks.
fn backticked(text: &str) -> BTreeSet<String> {
    text.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

/// README's keyboard paragraph names the keys of every screen and no key that does nothing there. Its parts are
/// separated by semicolons: the first is the game's keys (and those of every screen), each other starts with the
/// screen it is about; the keys are between backticks, as the keyboard help writes them.
#[test]
fn readme_names_the_keys_of_each_screen_and_no_other() {
    let locale = Locale::new(Language::English);
    let on = |screen: AppState| -> BTreeSet<String> {
        bindings().filter(|b| b.screens.contains(&screen)).map(|b| key_label(&locale, b)).collect()
    };
    let sections = [
        ("in the tutorial", AppState::Tutorial),
        ("in puzzles", AppState::Puzzles),
        ("in a review", AppState::Review),
        ("on the analysis board", AppState::Analysis),
    ];
    let paragraph = readme_keyboard();
    let mut parts = paragraph.split(';');
    let general = backticked(parts.next().unwrap_or_default());
    let stray: Vec<_> = general.difference(&on(AppState::Playing)).cloned().collect();
    assert!(stray.is_empty(), "README names keys that do nothing in a game: {stray:?}");
    let mut named = Vec::new();
    for part in parts {
        let part = part.trim();
        let Some(&(_, screen)) = sections.iter().find(|(start, _)| part.starts_with(start)) else {
            panic!("README's keyboard paragraph: a part about no screen the test knows: {part:?}");
        };
        let keys = backticked(part);
        let stray: Vec<_> = keys.difference(&on(screen)).cloned().collect();
        assert!(stray.is_empty(), "README names keys that do nothing on {screen:?}: {stray:?}");
        named.push((screen, keys));
    }
    assert_eq!(named.len(), sections.len(), "a part per screen with keys of its own: {named:?}");
    for &screen in SCREENS {
        let mut said = general.clone();
        said.extend(named.iter().filter(|(s, _)| *s == screen).flat_map(|(_, keys)| keys.iter().cloned()));
        let missing: Vec<_> = on(screen).difference(&said).cloned().collect();
        assert!(missing.is_empty(), "README does not name these keys of {screen:?}: {missing:?}");
    }
}
