//! No stray key loses anything: every key, alone or with Shift or Ctrl, in every screen, leaves the game in progress
//! (its start, its players and every turn, undone ones included) and the saved files as they were, unless the
//! player confirms. Driven through Bevy's keyboard input, as a window reports keys.
//!
//! And the key map as a whole: every answer of `KeyMap::action` against a committed golden file, the keyboard help
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
use fanorona::keys::{KeyMap, Modifiers, key_label, shortcuts};
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

/// The key map's every answer, committed: [`key_map_table`] against this file.
const GOLDEN: &str = "tests/app/keys.golden";

/// Every screen, in the golden file's order.
const SCREENS: &[AppState] = AppState::ALL;

/// What the key map says for every key of a full keyboard (every key the map knows and many it does not), with
/// every set of the modifiers it tells apart (Shift, Ctrl; Cmd counts as Ctrl and Alt is not looked at), on every
/// screen, with a question open or not: one line each, `-` for nothing.
fn key_map_table(map: &Map) -> String {
    let mut keys = ALL_KEYS.to_vec();
    for binding in map.keys().bindings() {
        if !keys.contains(&binding.key) {
            keys.push(binding.key);
        }
    }
    let mods = [("-", false, false), ("Shift", true, false), ("Ctrl", false, true), ("Shift+Ctrl", true, true)];
    let mut table = String::from(
        "# The key map (src/keys.rs, KeyMap::action, filled by the features' plugins): screen, a question open (asking) or not, modifiers, key, action.\n\
         # Written by tests/app/keys.rs; after a deliberate change: FANORONA_BLESS=1 cargo test --workspace --locked \
         --test app keys\n",
    );
    for &screen in SCREENS {
        for asking in [false, true] {
            let columns = format!("{:<9} {:<6}", format!("{screen:?}"), if asking { "asking" } else { "-" });
            for &key in &keys {
                for (name, shift, ctrl) in mods {
                    let action = map.ask(key, Modifiers { shift, ctrl }, screen, asking).unwrap_or("-");
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
    let table = key_map_table(&Map::new());
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
    let map = Map::new();
    let help = shortcuts(&locale, map.keys());
    let descriptions: BTreeSet<&String> = help.iter().map(|(_, what)| what).collect();
    assert_eq!(descriptions.len(), help.len(), "one line per description: {help:?}");
    for (keys, what) in &help {
        let rows: BTreeSet<String> =
            map.keys().bindings().filter(|b| locale.text(&b.help) == *what).map(|b| key_label(&locale, b)).collect();
        assert_eq!(help_keys(keys), rows, "the keys for {what:?}");
    }
    assert_eq!(help.len(), map.keys().bindings().map(|b| b.help.id).collect::<BTreeSet<_>>().len());
    // The keys of every screen first, then the board's, whichever plugin added them.
    let first: Vec<&str> = help.iter().take(3).map(|(keys, _)| keys.as_str()).collect();
    assert_eq!(first, ["F1", "F", "M"], "{help:?}");
    // The ones a player would look for, as they read.
    for line in [
        ("S", "Puzzles: show the solution"),
        ("Ctrl+Z or U", "Undo"),
        ("Space", "Stop here (end a capture chain)"),
        ("Enter", "Pick the piece or the point under the cursor (without a cursor: stop here)"),
        ("Up / Down / Left / Right", "Move the cursor on the board"),
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
    let map = Map::new();
    let keys = map.keys();
    let on = |screen: AppState| -> BTreeSet<String> {
        keys.bindings().filter(|b| keys.applies(b, screen)).map(|b| key_label(&locale, b)).collect()
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
        // Lines wrap anywhere: "in a\nreview" is "in a review".
        let part = part.split_whitespace().collect::<Vec<_>>().join(" ");
        let Some(&(_, screen)) = sections.iter().find(|(start, _)| part.starts_with(start)) else {
            panic!("README's keyboard paragraph: a part about no screen the test knows: {part:?}");
        };
        let keys = backticked(&part);
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

// The rows that matter most, one by one.

const NONE: Modifiers = Modifiers { shift: false, ctrl: false };
const SHIFT: Modifiers = Modifiers { shift: true, ctrl: false };
const CTRL: Modifiers = Modifiers { shift: false, ctrl: true };
const BOTH: Modifiers = Modifiers { shift: true, ctrl: true };

/// The game's key map, as its plugins fill it.
struct Map {
    _dir: TempDir,
    app: App,
}

impl Map {
    fn new() -> Map {
        let dir = temp_dir();
        let app = app_with_keys(&dir);
        Map { _dir: dir, app }
    }

    fn keys(&self) -> &KeyMap {
        self.app.world().resource::<KeyMap>()
    }

    /// What `key` with `mods` asks for on `screen`, by name, with a question `asking` or not.
    fn ask(&self, key: KeyCode, mods: Modifiers, screen: AppState, asking: bool) -> Option<&'static str> {
        self.keys().action(key, mods, screen, asking).map(|action| action.name())
    }
}

/// The key map on `screen`, with no question waiting.
fn on(screen: AppState, key: KeyCode, mods: Modifiers) -> Option<&'static str> {
    thread_local! { static MAP: Map = Map::new(); }
    MAP.with(|map| map.ask(key, mods, screen, false))
}

#[test]
fn full_screen_and_questions() {
    let map = Map::new();
    for &screen in AppState::ALL {
        for mods in [NONE, SHIFT, CTRL, BOTH] {
            for asking in [false, true] {
                assert_eq!(map.ask(KeyCode::F11, mods, screen, asking), Some("ToggleFullScreen"));
            }
            assert_eq!(map.ask(KeyCode::Escape, mods, screen, true), Some("GameCommand::Decline"));
            for key in [KeyCode::F1, KeyCode::Space, KeyCode::KeyN, KeyCode::KeyS, KeyCode::KeyQ, KeyCode::KeyZ] {
                assert_eq!(map.ask(key, mods, screen, true), None, "{key:?} {mods:?} {screen:?}");
            }
        }
    }
}

#[test]
fn menu_and_lobby_know_only_f1() {
    for screen in [AppState::Menu, AppState::Lobby] {
        assert_eq!(on(screen, KeyCode::F1, CTRL), Some("ToggleHowToPlay"));
        for key in [KeyCode::KeyF, KeyCode::KeyM, KeyCode::Space, KeyCode::Escape, KeyCode::KeyN] {
            assert_eq!(on(screen, key, NONE), None);
        }
    }
}

#[test]
fn the_game_and_the_tutorial() {
    for screen in [AppState::Playing, AppState::Tutorial] {
        assert_eq!(on(screen, KeyCode::KeyA, SHIFT), Some("TurnCommand::Choose(CaptureKind::Approach)"));
        assert_eq!(on(screen, KeyCode::KeyC, NONE), Some("CopyPosition"));
        assert_eq!(on(screen, KeyCode::KeyC, SHIFT), Some("CopyGame"));
        assert_eq!(on(screen, KeyCode::KeyQ, NONE), None);
        assert_eq!(on(screen, KeyCode::KeyQ, SHIFT), Some("GameCommand::Resign"));
        assert_eq!(on(screen, KeyCode::KeyZ, CTRL), Some("GameCommand::Undo"));
        assert_eq!(on(screen, KeyCode::KeyS, BOTH), Some("GameCommand::Save"));
        // With Ctrl only the Ctrl rows: not even F1, Space, Esc or Shift+Q.
        for key in [KeyCode::F1, KeyCode::Space, KeyCode::Escape, KeyCode::KeyQ, KeyCode::KeyH] {
            assert_eq!(on(screen, key, BOTH), None, "{key:?} {screen:?}");
        }
    }
    let tutorial = AppState::Tutorial;
    assert_eq!(on(tutorial, KeyCode::KeyN, NONE), Some("TutorialCommand::Next"));
    assert_eq!(on(AppState::Playing, KeyCode::KeyN, NONE), Some("ShowMenu"));
    assert_eq!(on(tutorial, KeyCode::KeyT, NONE), Some("TutorialCommand::Retry"));
    assert_eq!(on(AppState::Playing, KeyCode::KeyT, NONE), None);
    for key in [KeyCode::KeyI, KeyCode::KeyV, KeyCode::KeyB] {
        assert!(on(AppState::Playing, key, NONE).is_some());
        assert_eq!(on(tutorial, key, NONE), None);
    }
    assert_eq!(on(AppState::Playing, KeyCode::KeyS, SHIFT), Some("GameFileCommand::Save"));
    assert_eq!(on(tutorial, KeyCode::KeyS, SHIFT), None);
    let open = if cfg!(target_arch = "wasm32") { "GameFileCommand::Choose" } else { "ToggleOpenGame" };
    assert_eq!(on(AppState::Playing, KeyCode::KeyO, SHIFT), Some(open));
    assert_eq!(on(AppState::Playing, KeyCode::KeyO, NONE), None);
}

#[test]
fn a_button_s_tooltip_names_the_keys_that_do_what_it_does() {
    let locale = Locale::new(Language::English);
    let map = Map::new();
    let keys_of = |screen, action| fanorona::keys::keys_of(&locale, map.keys(), screen, action);
    let undo = fanorona::action!(GameCommand::Undo);
    assert_eq!(keys_of(AppState::Playing, undo).as_deref(), Some("Ctrl+Z or U"));
    // Enter presses the board's cursor first: only Space is Stop's own key.
    use fanorona::game::person::TurnCommand;
    let stop = fanorona::action!(TurnCommand::Stop);
    assert_eq!(keys_of(AppState::Playing, stop).as_deref(), Some("Space"));
    assert_eq!(keys_of(AppState::Playing, fanorona::action!(ReviewCommand::Open)).as_deref(), Some("V"));
    assert_eq!(keys_of(AppState::Online, undo), None);
}

#[test]
fn online_review_and_analysis() {
    let online = AppState::Online;
    assert_eq!(on(online, KeyCode::Enter, CTRL), Some("CursorCommand::Press"));
    assert_eq!(on(online, KeyCode::Space, CTRL), Some("TurnCommand::Stop"));
    assert_eq!(on(online, KeyCode::Escape, NONE), Some("TurnCommand::Cancel"));
    assert_eq!(on(online, KeyCode::KeyC, SHIFT), Some("CopyPosition"));
    assert_eq!(on(online, KeyCode::KeyQ, BOTH), Some("GameCommand::Resign"));
    for key in [KeyCode::KeyU, KeyCode::KeyH, KeyCode::KeyN, KeyCode::KeyI] {
        assert_eq!(on(online, key, NONE), None);
    }
    let review = AppState::Review;
    assert_eq!(on(review, KeyCode::ArrowLeft, CTRL), Some("ReviewCommand::Previous"));
    assert_eq!(on(review, KeyCode::Escape, NONE), Some("ReviewCommand::Close"));
    assert_eq!(on(review, KeyCode::KeyF, NONE), Some("FlipBoard"));
    assert_eq!(on(review, KeyCode::KeyF, CTRL), None);
    assert_eq!(on(review, KeyCode::Space, NONE), None);
    assert_eq!(on(review, KeyCode::KeyA, NONE), None);
    let analysis = AppState::Analysis;
    assert_eq!(on(analysis, KeyCode::ArrowRight, NONE), Some("AnalysisCommand::Forward"));
    assert_eq!(on(analysis, KeyCode::KeyE, SHIFT), Some("AnalysisCommand::ToggleEdit"));
    assert_eq!(on(analysis, KeyCode::Escape, CTRL), Some("AnalysisCommand::Close"));
    assert_eq!(on(analysis, KeyCode::KeyW, CTRL), None);
    assert_eq!(on(analysis, KeyCode::KeyQ, SHIFT), None);
    // The analysis board's Left and Right go through its moves; Up and Down move the board's cursor.
    assert_eq!(on(analysis, KeyCode::ArrowLeft, NONE), Some("AnalysisCommand::Back"));
    assert_eq!(on(analysis, KeyCode::ArrowUp, NONE), Some("CursorCommand::Up"));
}

#[test]
fn puzzles() {
    let puzzles = AppState::Puzzles;
    assert_eq!(on(puzzles, KeyCode::KeyH, NONE), Some("PuzzleCommand::Hint"));
    assert_eq!(on(puzzles, KeyCode::KeyN, SHIFT), Some("PuzzleCommand::Next"));
    assert_eq!(on(puzzles, KeyCode::KeyT, NONE), Some("PuzzleCommand::Retry"));
    assert_eq!(on(puzzles, KeyCode::KeyS, NONE), Some("PuzzleCommand::Solution"));
    assert_eq!(on(puzzles, KeyCode::KeyB, NONE), Some("PuzzleCommand::Analyse"));
    assert_eq!(on(puzzles, KeyCode::KeyW, NONE), Some("TurnCommand::Choose(CaptureKind::Withdrawal)"));
    assert_eq!(on(puzzles, KeyCode::Space, NONE), Some("TurnCommand::Stop"));
    assert_eq!(on(puzzles, KeyCode::Escape, NONE), Some("TurnCommand::Cancel"));
    // No game commands: nothing to undo, save or resign in a puzzle.
    for (key, mods) in [(KeyCode::KeyU, NONE), (KeyCode::KeyZ, CTRL), (KeyCode::KeyS, CTRL), (KeyCode::KeyQ, SHIFT)] {
        assert_eq!(on(puzzles, key, mods), None, "{key:?}");
    }
    assert_eq!(on(AppState::Tutorial, KeyCode::KeyS, NONE), None);
}

/// The key map's promise: saving, loading and resigning never hang on a single unmodified key.
#[test]
fn nothing_lost_on_a_single_key() {
    let map = Map::new();
    let losing = ["GameCommand::Save", "GameCommand::Load", "GameCommand::Resign"];
    for &screen in AppState::ALL {
        for row in map.keys().bindings() {
            let action = on(screen, row.key, NONE);
            assert!(action.is_none_or(|a| !losing.contains(&a)), "{:?} on {screen:?}: {action:?}", row.key);
        }
    }
}
