//! Helpers shared by the headless game tests: an `App` with the logic plugins and no window, driven by the same
//! messages a click or a button produces.

use std::ops::Deref;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use fanorona::board::Piece;
use fanorona::board::animation::{Animations, Fading, Sliding};
use fanorona::game::commands::GameCommand;
use fanorona::game::computer::{Purpose, Thinking};
use fanorona::game::person::{BoardClick, TurnCommand};
use fanorona::game::session::{BoardReset, PlayerKind, Session};
use fanorona::i18n::{Language, Locale, Text};
use fanorona::persistence::settings::{Opponent, Settings};
use fanorona::persistence::storage::Storage;
use fanorona::screens::AppState;
use fanorona_rules::{Position, Side, Variant};

/// A folder of a test's own, removed when dropped. An app made for one test keeps its folder as a resource, so the
/// folder goes when the app does (the tests made thousands of them a run and left them behind).
#[derive(Resource)]
pub struct TempDir(PathBuf);

impl Deref for TempDir {
    type Target = PathBuf;

    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl From<&TempDir> for PathBuf {
    fn from(dir: &TempDir) -> PathBuf {
        dir.0.clone()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn temp_dir() -> TempDir {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "fanorona-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    TempDir(dir)
}

pub fn app_in(dir: &PathBuf) -> App {
    app_starting_with(dir, |_| {})
}

/// An app in `dir` with what `before` puts into it before its first frame (what the web page hands over at start).
pub fn app_starting_with(dir: &PathBuf, before: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage::in_dir(dir))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    before(&mut app);
    app.add_plugins(fanorona::LogicPlugin);
    app.update();
    app
}

/// An app that also reads the keyboard, as the game does (Bevy's input plugin and the game's key map).
pub fn app_with_keys(dir: &PathBuf) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin))
        .insert_resource(Storage::in_dir(dir))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
        .add_plugins((fanorona::LogicPlugin, fanorona::input::keyboard_plugin));
    app.update();
    app
}

/// An app with the interface drawn by egui but not rendered (no window, no GPU): the logic, the keyboard, and every
/// screen's panels and dialogs, whose output the tests read (the words drawn, the AccessKit tree).
pub fn app_with_interface(dir: &PathBuf) -> App {
    let mut app = App::new();
    // egui without a renderer: its plugin registers its shader and textures, which need only their asset stores.
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin, bevy::asset::AssetPlugin::default()))
        .init_asset::<bevy::shader::Shader>()
        .init_asset::<bevy::image::Image>()
        .init_asset::<bevy::mesh::Mesh>()
        .init_asset::<bevy::mesh::skinning::SkinnedMeshInverseBindposes>()
        .add_plugins(bevy::window::WindowPlugin {
            primary_window: None,
            exit_condition: bevy::window::ExitCondition::DontExit,
            ..default()
        })
        // bevy_egui hands its AccessKit tree to Bevy's accessibility plugin on the desktop.
        .add_plugins((bevy::a11y::AccessibilityPlugin, bevy_egui::EguiPlugin::default()))
        // The tutorial and puzzles draw their marks with gizmos.
        .add_plugins(bevy::gizmos::GizmoPlugin)
        .insert_resource(Storage::in_dir(dir))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
        .add_plugins((fanorona::LogicPlugin, fanorona::window::plugin, fanorona::ui::plugin))
        .add_plugins((
            fanorona::input::keyboard_plugin,
            fanorona::title::menu::plugin,
            fanorona::playing::view_plugin,
            fanorona::tutorial::view_plugin,
            fanorona::puzzles::view_plugin,
            fanorona::review::view_plugin,
            fanorona::analysis::view_plugin,
            fanorona::online::view_plugin,
            fanorona::access::view_plugin,
        ));
    app.world_mut().spawn(bevy_egui::PrimaryEguiContext);
    app.update();
    app
}

/// Presses `key` with the modifiers held, and lets go of all of them, as a window would report it; then lets the
/// game settle.
pub fn press(app: &mut App, key: KeyCode, shift: bool, ctrl: bool) {
    send_key(app, key, shift, ctrl);
    settle(app);
}

/// Presses `key` with the modifiers held for one frame, then lets go of all of them in the next.
pub fn send_key(app: &mut App, key: KeyCode, shift: bool, ctrl: bool) {
    let held: Vec<KeyCode> = [(shift, KeyCode::ShiftLeft), (ctrl, KeyCode::ControlLeft)]
        .into_iter()
        .filter_map(|(on, k)| on.then_some(k))
        .chain([key])
        .collect();
    for state in [ButtonState::Pressed, ButtonState::Released] {
        for &key_code in &held {
            app.world_mut().write_message(KeyboardInput {
                key_code,
                logical_key: Key::Unidentified(NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
        }
        app.update();
    }
}

/// Every key of a full keyboard that the game might be sent.
#[rustfmt::skip]
pub const ALL_KEYS: &[KeyCode] = &[
    KeyCode::KeyA, KeyCode::KeyB, KeyCode::KeyC, KeyCode::KeyD, KeyCode::KeyE, KeyCode::KeyF, KeyCode::KeyG,
    KeyCode::KeyH, KeyCode::KeyI, KeyCode::KeyJ, KeyCode::KeyK, KeyCode::KeyL, KeyCode::KeyM, KeyCode::KeyN,
    KeyCode::KeyO, KeyCode::KeyP, KeyCode::KeyQ, KeyCode::KeyR, KeyCode::KeyS, KeyCode::KeyT, KeyCode::KeyU,
    KeyCode::KeyV, KeyCode::KeyW, KeyCode::KeyX, KeyCode::KeyY, KeyCode::KeyZ, KeyCode::Digit0, KeyCode::Digit1,
    KeyCode::Digit2, KeyCode::Digit3, KeyCode::Digit4, KeyCode::Digit5, KeyCode::Digit6, KeyCode::Digit7,
    KeyCode::Digit8, KeyCode::Digit9, KeyCode::F1, KeyCode::F2, KeyCode::F3, KeyCode::F4, KeyCode::F5, KeyCode::F6,
    KeyCode::F7, KeyCode::F8, KeyCode::F9, KeyCode::F10, KeyCode::F11, KeyCode::F12, KeyCode::Space, KeyCode::Enter,
    KeyCode::NumpadEnter, KeyCode::Escape, KeyCode::Tab, KeyCode::Backspace, KeyCode::Delete, KeyCode::Insert,
    KeyCode::Home, KeyCode::End, KeyCode::PageUp, KeyCode::PageDown, KeyCode::ArrowUp, KeyCode::ArrowDown,
    KeyCode::ArrowLeft, KeyCode::ArrowRight, KeyCode::Minus, KeyCode::Equal, KeyCode::BracketLeft,
    KeyCode::BracketRight, KeyCode::Backslash, KeyCode::Semicolon, KeyCode::Quote, KeyCode::Comma, KeyCode::Period,
    KeyCode::Slash, KeyCode::Backquote, KeyCode::Numpad0, KeyCode::Numpad1, KeyCode::Numpad5, KeyCode::NumpadAdd,
    KeyCode::NumpadSubtract, KeyCode::CapsLock, KeyCode::AltLeft, KeyCode::SuperLeft, KeyCode::ContextMenu,
];

/// An app in a folder of its own, which goes with it.
pub fn app() -> App {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    app.insert_resource(dir);
    app
}

pub fn command(app: &mut App, c: GameCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

/// The person resigns: Resign, then yes to the question it puts.
pub fn resign(app: &mut App) {
    command(app, GameCommand::Resign);
    command(app, GameCommand::Confirm);
}

pub fn turn_command(app: &mut App, c: TurnCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

pub fn click(app: &mut App, point: &str) {
    app.world_mut().write_message(BoardClick(point.parse().expect("a point")));
    settle(app);
}

/// How long a test waits, in wall time, for work done on a thread (a search, a review, the endgame tables, a
/// socket) before it calls the game stuck: far beyond what any of them takes on a quiet machine (seconds), so that a
/// hang fails and a busy machine does not.
pub const PATIENCE: Duration = Duration::from_secs(300);

/// Runs frames until `done` holds (asked before each frame). After a frame in which `working` holds (a thread of the
/// game is busy: the computer thinking, a review, ...) the test sleeps a millisecond, so that the thread has the
/// core, and the frame does not count against `frames`, the simulated time the rest (animations, the lead-in before
/// a computer's turn) may take: a busy machine slows the threads, never the simulated clock. Waiting on threads is
/// bounded by [`PATIENCE`] alone.
pub fn run_until(
    app: &mut App,
    frames: usize,
    what: &str,
    working: impl Fn(&App) -> bool,
    mut done: impl FnMut(&mut App) -> bool,
) {
    let started = std::time::Instant::now();
    let mut counted = 0;
    while !done(app) {
        assert!(started.elapsed() < PATIENCE, "{what}: not within {PATIENCE:?}");
        app.update();
        if working(app) {
            std::thread::sleep(Duration::from_millis(1));
        } else {
            counted += 1;
            assert!(counted <= frames, "{what}: not within {frames} frames of simulated time");
        }
    }
}

/// Whether the computer is thinking about a turn.
pub fn thinking(app: &App) -> bool {
    app.world().resource::<Thinking>().is(Purpose::Move)
}

/// Runs frames until nothing moves and the computer has not been thinking for a few frames in a row (messages
/// written in one frame are handled in the next): at most 20 simulated seconds of animations, and any time the
/// computer takes to think.
pub fn settle(app: &mut App) {
    let mut idle = 0;
    run_until(app, 1250, "the game settles", thinking, |app| {
        let busy = app.world().resource::<Animations>().busy() || thinking(app);
        idle = if busy { 0 } else { idle + 1 };
        idle > 4
    });
}

/// The screen the app is on.
pub fn state(app: &App) -> AppState {
    *app.world().resource::<State<AppState>>().get()
}

pub fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

pub fn turns(app: &App) -> Vec<String> {
    session(app).game().turns().iter().map(ToString::to_string).collect()
}

/// The drawn pieces agree with the board of the session.
pub fn assert_pieces_match(app: &mut App) {
    let board = *session(app).board();
    assert_pieces_show(app, &board);
}

/// The piece entities stand still, exactly where `board` has pieces.
pub fn assert_pieces_show(app: &mut App, board: &Position) {
    let mut query = app.world_mut().query::<(&Piece, Option<&Sliding>, Option<&Fading>)>();
    let mut drawn: Vec<(Side, String)> = Vec::new();
    for (piece, sliding, fading) in query.iter(app.world()) {
        assert!(sliding.is_none() && fading.is_none(), "an animation did not finish");
        drawn.push((piece.side, piece.point.to_string()));
    }
    drawn.sort();
    let mut expected: Vec<(Side, String)> = Vec::new();
    for side in Side::BOTH {
        expected.extend(board.pieces(side).iter().map(|p| (side, p.to_string())));
    }
    expected.sort();
    assert_eq!(drawn, expected);
}

pub fn start_with(app: &mut App, f: impl FnOnce(&mut Settings)) {
    f(&mut app.world_mut().resource_mut::<Settings>());
    command(app, GameCommand::Start);
    assert_eq!(state(app), AppState::Playing);
}

pub fn humans(s: &mut Settings) {
    s.opponent = Opponent::Human;
    s.variant = Variant::Tsivy;
    s.vela = false;
}

/// Puts a new game from `text` on the board, for the same use as the one there.
pub fn set_position(app: &mut App, text: &str, players: [PlayerKind; 2]) {
    let position: Position = text.parse().expect("position");
    let mut session = Session::new(position, players);
    session.set_use(app.world().resource::<Session>().board_use());
    *app.world_mut().resource_mut::<Session>() = session;
    app.world_mut().write_message(BoardReset);
    settle(app);
}

pub const HUMANS: [PlayerKind; 2] = [PlayerKind::Human, PlayerKind::Human];

/// Plays `notation` from the current board by clicks, as a person would: the piece, each destination, the
/// approach/withdrawal choice when one is offered, and Stop here when the turn could go on. Returns how many choices
/// were offered.
pub fn play(app: &mut App, notation: &str) -> usize {
    let mut choices = 0;
    let turn = session(app).board().parse_turn(notation).unwrap_or_else(|e| panic!("{notation}: {e}"));
    let path: Vec<String> = turn.path().map(|p| p.to_string()).collect();
    let kinds: Vec<_> = turn.steps().map(|s| s.capture()).collect();
    click(app, &path[0]);
    for (to, kind) in path[1..].iter().zip(kinds) {
        click(app, to);
        if let (Some(kind), true) = (kind, session(app).choice.is_some()) {
            turn_command(app, TurnCommand::Choose(kind));
            choices += 1;
        }
    }
    if session(app).builder.can_stop() {
        turn_command(app, TurnCommand::Stop);
    }
    choices
}

/// A notice's or a message's words in English, as the tests check them.
pub fn english(text: &Text) -> String {
    Locale::new(Language::English).text(text)
}
