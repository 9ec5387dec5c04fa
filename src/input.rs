//! Pointer and keyboard input: a click or tap on the board becomes a [`BoardClick`] on the nearest point; keys
//! become the same [`Action`]s as the buttons ([`key_action`] is the key map, [`bindings`] its rows for the keyboard
//! help). Input that egui is using (menus, panels, text fields) never reaches the board or the key map.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{EguiWantsInput, egui_wants_any_pointer_input};
use fanorona_rules::CaptureKind;

use crate::AppSystems;
use crate::analysis::AnalysisCommand;
use crate::board::Dragging;
use crate::board::layout::{BoardLayout, HoveredPoint};
use crate::game::commands::{GameCommand, PendingConfirmation};
use crate::game::person::{BoardClick, BoardDrop, TurnCommand};
use crate::game::session::Session;
use crate::i18n::Text;
use crate::puzzles::PuzzleCommand;
use crate::review::ReviewCommand;
use crate::screens::{AppState, OnBoard};
use crate::text;
use crate::tutorial::TutorialCommand;
use crate::ui::actions::{Action, Actions};
use crate::ui::how_to_play::ToggleHowToPlay;
use crate::ui::{CopyGame, CopyPosition, ToggleOpenGame};
use crate::window::ToggleFullScreen;

/// The modifier keys held with a key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// Shift.
    pub shift: bool,
    /// Ctrl (or Cmd on a Mac).
    pub ctrl: bool,
}

/// The key map: what `key` with `mods` asks for on `screen`, while a question is (or is not) `asking` for an
/// answer. Nothing that replaces a game or a saved file hangs on a single unmodified key: saving and loading need
/// Ctrl and ask before they replace anything, resigning needs Shift, and a question is answered with Esc (no) or its
/// buttons only.
pub fn key_action(key: KeyCode, mods: Modifiers, screen: AppState, asking: bool) -> Option<Action> {
    // Full screen changes nothing in the game: it works everywhere, even while a question waits.
    if key == FULL_SCREEN.key {
        return Some(FULL_SCREEN.action);
    }
    if asking {
        return (key == SAY_NO.key).then_some(SAY_NO.action);
    }
    // In the game and the tutorial Ctrl makes a key another shortcut (Ctrl+S saves, S alone does nothing): a Ctrl
    // combination there is one of the Ctrl rows or nothing, even for keys that ignore Ctrl on other screens (F1,
    // Space, Esc, Shift+Q).
    let ctrl_rows_only = mods.ctrl && GAME.contains(&screen);
    KEY_MAP
        .iter()
        .find(|row| {
            row.key == key
                && row.screens.contains(&screen)
                && row.mods.accept(mods)
                && (!ctrl_rows_only || row.mods.ctrl == Some(true))
        })
        .map(|row| row.action)
}

/// Every key the game knows, for the keyboard help and its tests: the key map's rows in their order, then the two
/// keys [`key_action`] answers before the map (Esc says no to a question, F11 works everywhere).
pub fn bindings() -> impl Iterator<Item = &'static Binding> {
    KEY_MAP.iter().chain([SAY_NO, FULL_SCREEN])
}

/// One row of the key map: `key`, held with `mods`, on one of `screens`, asks for `action`; the keyboard help
/// says what it does with `help`.
pub struct Binding {
    /// The key.
    pub key: KeyCode,
    /// What the row needs of Shift and Ctrl.
    pub mods: Needs,
    /// The screens on which the key does it.
    pub screens: &'static [AppState],
    /// What the key asks for.
    pub action: Action,
    /// What it does, in the players' words: keys with the same text share one line of the keyboard help.
    pub help: Text,
}

const fn bind(key: KeyCode, mods: Needs, screens: &'static [AppState], action: Action, help: Text) -> Binding {
    Binding { key, mods, screens, action, help }
}

/// What a row asks of the modifier keys: held (`Some(true)`), not held (`Some(false)`) or either way (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    /// Shift.
    pub shift: Option<bool>,
    /// Ctrl (or Cmd on a Mac).
    pub ctrl: Option<bool>,
}

impl Needs {
    fn accept(self, mods: Modifiers) -> bool {
        self.shift.is_none_or(|shift| shift == mods.shift) && self.ctrl.is_none_or(|ctrl| ctrl == mods.ctrl)
    }
}

/// The key alone or with any modifiers.
const ANY: Needs = Needs { shift: None, ctrl: None };
/// Not with Ctrl (with or without Shift).
const NO_CTRL: Needs = Needs { shift: None, ctrl: Some(false) };
/// With Shift (with or without Ctrl).
const SHIFT: Needs = Needs { shift: Some(true), ctrl: None };
/// With Ctrl (with or without Shift).
const CTRL: Needs = Needs { shift: None, ctrl: Some(true) };

/// Every screen: the menu and the lobby have one key (F1), their own pages are egui's.
pub const EVERY: &[AppState] = &[
    AppState::Menu,
    AppState::Lobby,
    AppState::Playing,
    AppState::Tutorial,
    AppState::Puzzles,
    AppState::Review,
    AppState::Analysis,
    AppState::Online,
];
/// Every screen with a board.
const BOARDS: &[AppState] =
    &[AppState::Playing, AppState::Tutorial, AppState::Puzzles, AppState::Review, AppState::Analysis, AppState::Online];
/// The boards on which a turn is played with keys (a review only looks).
const TURNS: &[AppState] =
    &[AppState::Playing, AppState::Tutorial, AppState::Puzzles, AppState::Analysis, AppState::Online];
/// A game against someone (the computer, a friend, a lesson's opponent, a player online): Esc cancels the turn in
/// progress, and the game can be resigned.
const AGAINST: &[AppState] = &[AppState::Playing, AppState::Tutorial, AppState::Online];
/// The game and the tutorial: undo, redo, hints, Ctrl combinations, back to the menu.
const GAME: &[AppState] = &[AppState::Playing, AppState::Tutorial];
/// The game only: its files, and leaving it for the review or the analysis board.
const PLAYING: &[AppState] = &[AppState::Playing];
const TUTORIAL: &[AppState] = &[AppState::Tutorial];
const PUZZLES: &[AppState] = &[AppState::Puzzles];
const REVIEW: &[AppState] = &[AppState::Review];
const ANALYSIS: &[AppState] = &[AppState::Analysis];

/// F11, before the map: full screen on every screen, even while a question waits.
const FULL_SCREEN: &Binding = &bind(KeyCode::F11, ANY, EVERY, Action::FullScreen, text!("game-key-full-screen"));
/// Esc while a question waits, before the map: no (and no other key answers).
const SAY_NO: &Binding =
    &bind(KeyCode::Escape, ANY, EVERY, Action::Game(GameCommand::Decline), text!("game-key-cancel"));

/// Shift+O: the browser's file picker on the web; the desktop's box takes a path.
const OPEN_FILE: Action = if cfg!(target_arch = "wasm32") { Action::ChooseGameFile } else { Action::OpenGame };

/// The key map, read from the top: the first row that fits a key is its action. An online game has the turn, the
/// view and resigning (no undo, hint, files or leaving the board); under review the keys move through the game and
/// nothing can change it; on the analysis board clicks play both sides and the keys move through the tree and finish
/// a turn.
#[rustfmt::skip]
const KEY_MAP: &[Binding] = {
    use Action::*;
    // Named one by one: `KeyCode::*` would bring a `Copy` key beside the `Copy` action.
    use KeyCode::{
        ArrowDown, ArrowLeft, ArrowRight, ArrowUp, End, Enter, Escape, F1, Home, KeyA, KeyB, KeyC, KeyE, KeyF, KeyH,
        KeyI, KeyM, KeyN, KeyO, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyY, KeyZ, NumpadEnter, Space,
    };
    const STOP: Action = Turn(TurnCommand::Stop);
    const APPROACH: Action = Turn(TurnCommand::Choose(CaptureKind::Approach));
    const WITHDRAWAL: Action = Turn(TurnCommand::Choose(CaptureKind::Withdrawal));
    &[
        bind(F1,          ANY,     EVERY,    HowToPlay,                             text!("game-key-how-to-play")),
        bind(KeyF,        NO_CTRL, BOARDS,   Flip,                                  text!("game-key-flip")),
        bind(KeyM,        NO_CTRL, BOARDS,   Sound,                                 text!("game-key-sound")),
        // The turn.
        bind(Space,       ANY,     TURNS,    STOP,                                  text!("game-key-stop")),
        bind(Enter,       ANY,     TURNS,    STOP,                                  text!("game-key-stop")),
        bind(NumpadEnter, ANY,     TURNS,    STOP,                                  text!("game-key-stop")),
        bind(KeyA,        NO_CTRL, TURNS,    APPROACH,                              text!("game-key-choose")),
        bind(KeyW,        NO_CTRL, TURNS,    WITHDRAWAL,                            text!("game-key-choose")),
        // Before plain C: online and in analysis Shift+C is Copy.
        bind(KeyC,        SHIFT,   GAME,     CopyGame,                              text!("game-key-copy-game")),
        bind(KeyC,        NO_CTRL, TURNS,    Copy,                                  text!("game-key-copy-position")),
        bind(KeyQ,        SHIFT,   AGAINST,  Game(GameCommand::Resign),             text!("game-key-resign")),
        bind(Escape,      ANY,     AGAINST,  Turn(TurnCommand::Cancel),             text!("game-key-cancel")),
        // The game and the tutorial.
        bind(KeyZ,        CTRL,    GAME,     Game(GameCommand::Undo),               text!("game-key-undo")),
        bind(KeyY,        CTRL,    GAME,     Game(GameCommand::Redo),               text!("game-key-redo")),
        bind(KeyS,        CTRL,    GAME,     Game(GameCommand::Save),               text!("game-key-save-load")),
        bind(KeyO,        CTRL,    GAME,     Game(GameCommand::Load),               text!("game-key-save-load")),
        bind(KeyH,        ANY,     GAME,     Hint,                                  text!("game-key-hint")),
        bind(KeyU,        ANY,     GAME,     Game(GameCommand::Undo),               text!("game-key-undo")),
        bind(KeyR,        ANY,     GAME,     Game(GameCommand::Redo),               text!("game-key-redo")),
        // Before N for the menu.
        bind(KeyN,        ANY,     TUTORIAL, Tutorial(TutorialCommand::Next),       text!("game-key-menu")),
        bind(KeyT,        ANY,     TUTORIAL, Tutorial(TutorialCommand::Retry),      text!("game-key-try-again")),
        bind(KeyN,        ANY,     GAME,     Menu,                                  text!("game-key-menu")),
        // Puzzles.
        bind(KeyH,        ANY,     PUZZLES,  Puzzle(PuzzleCommand::Hint),           text!("game-key-hint")),
        bind(KeyN,        ANY,     PUZZLES,  Puzzle(PuzzleCommand::Next),           text!("game-key-puzzle-next")),
        bind(KeyT,        ANY,     PUZZLES,  Puzzle(PuzzleCommand::Retry),          text!("game-key-puzzle-try-again")),
        bind(KeyS,        NO_CTRL, PUZZLES,  Puzzle(PuzzleCommand::Solution),       text!("game-key-puzzle-solution")),
        bind(KeyB,        ANY,     PUZZLES,  Analysis(AnalysisCommand::Open),       text!("game-key-analysis")),
        bind(Escape,      ANY,     PUZZLES,  Turn(TurnCommand::Cancel),             text!("game-key-cancel")),
        bind(KeyI,        ANY,     PLAYING,  OpenGame,                              text!("game-key-open")),
        bind(KeyS,        SHIFT,   PLAYING,  SaveGameFile,                          text!("game-key-save-file")),
        bind(KeyO,        SHIFT,   PLAYING,  OPEN_FILE,                             text!("game-key-open-file")),
        bind(KeyV,        ANY,     PLAYING,  Review(ReviewCommand::Open),           text!("game-key-review")),
        bind(KeyB,        ANY,     PLAYING,  Analysis(AnalysisCommand::Open),       text!("game-key-analysis")),
        // The review.
        bind(ArrowLeft,   ANY,     REVIEW,   Review(ReviewCommand::Previous),       text!("game-key-review-turns")),
        bind(ArrowRight,  ANY,     REVIEW,   Review(ReviewCommand::Next),           text!("game-key-review-turns")),
        bind(Home,        ANY,     REVIEW,   Review(ReviewCommand::First),          text!("game-key-review-turns")),
        bind(End,         ANY,     REVIEW,   Review(ReviewCommand::Last),           text!("game-key-review-turns")),
        bind(ArrowDown,   ANY,     REVIEW,   Review(ReviewCommand::LineForward),    text!("game-key-review-line")),
        bind(ArrowUp,     ANY,     REVIEW,   Review(ReviewCommand::LineBack),       text!("game-key-review-line")),
        bind(Escape,      ANY,     REVIEW,   Review(ReviewCommand::Close),          text!("game-key-close")),
        // The analysis board.
        bind(ArrowLeft,   ANY,     ANALYSIS, Analysis(AnalysisCommand::Back),       text!("game-key-analysis-moves")),
        bind(ArrowRight,  ANY,     ANALYSIS, Analysis(AnalysisCommand::Forward),    text!("game-key-analysis-moves")),
        bind(KeyE,        NO_CTRL, ANALYSIS, Analysis(AnalysisCommand::ToggleEdit), text!("game-key-analysis-edit")),
        bind(Escape,      ANY,     ANALYSIS, Analysis(AnalysisCommand::Close),      text!("game-key-close")),
    ]
};

/// Turns keys into the game's messages (no window needed: usable headless with Bevy's input plugin).
pub struct KeyboardPlugin;

impl Plugin for KeyboardPlugin {
    fn build(&self, app: &mut App) {
        // The interface's own messages, for a headless game that has no interface to read them.
        app.add_message::<CopyPosition>()
            .add_message::<CopyGame>()
            .add_message::<ToggleOpenGame>()
            .add_message::<ToggleHowToPlay>()
            .add_message::<ToggleFullScreen>()
            .add_systems(Update, keyboard_shortcuts.in_set(AppSystems::Input).run_if(keys_for_the_game));
    }
}

/// Turns the pointer on the board into clicks and hover (needs a window and a camera).
pub struct PointerPlugin;

impl Plugin for PointerPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (track_hover, click_board)
                .in_set(AppSystems::Input)
                .run_if(in_state(OnBoard).and_then(not(egui_wants_any_pointer_input))),
        );
    }
}

/// Keys go to the game unless egui is using them (a text field has focus, a popup is open).
fn keys_for_the_game(egui: Option<Res<EguiWantsInput>>) -> bool {
    egui.is_none_or(|wants| !wants.wants_any_keyboard_input())
}

fn world_position(camera: &Camera, transform: &GlobalTransform, screen: Vec2) -> Option<Vec2> {
    camera.viewport_to_world_2d(transform, screen).ok()
}

fn track_hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    mut hovered: ResMut<HoveredPoint>,
) {
    let (camera, transform) = *camera;
    let point =
        window.cursor_position().and_then(|c| world_position(camera, transform, c)).and_then(|w| layout.point_at(w));
    hovered.set_if_neq(HoveredPoint(point));
}

/// Presses are clicks where they land (click, click plays a turn); a piece of the side to move carried off its
/// point follows the pointer, and letting it go on another point drops it there.
#[allow(clippy::too_many_arguments)]
fn click_board(
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    mut dragging: ResMut<Dragging>,
    mut clicks: MessageWriter<BoardClick>,
    mut drops: MessageWriter<BoardDrop>,
) {
    let (camera, transform) = *camera;
    let to_world = |screen: Vec2| world_position(camera, transform, screen);
    let cursor = |pressed: bool| pressed.then(|| window.cursor_position()).flatten();
    let mut presses: Vec<Vec2> = touches.iter_just_pressed().map(|t| t.position()).collect();
    presses.extend(cursor(mouse.just_pressed(MouseButton::Left)));
    for screen in presses {
        if let Some(point) = to_world(screen).and_then(|w| layout.point_at(w)) {
            clicks.write(BoardClick(point));
            *dragging = Dragging { from: Some(point), ..default() };
        }
    }
    // Held: a piece that may move follows the pointer once it leaves the piece's point.
    let held = touches.iter().next().map(|t| t.position()).or_else(|| cursor(mouse.pressed(MouseButton::Left)));
    if let (Some(from), Some(world)) = (dragging.from, held.and_then(to_world)) {
        let carried = dragging.at.is_some() || layout.world(from).distance(world) > layout.spacing * 0.4;
        let source = session.builder.chain_point().or(session.selected);
        if carried && (session.movable().contains(from) || source == Some(from)) {
            dragging.at = Some(world);
        }
    }
    // Let go (or the pointer is gone): a carried piece is dropped where the pointer is; off the board, or back on
    // its own point, it just goes back.
    let released = touches.iter_just_released().next().map(|t| t.position());
    let released = released.or_else(|| cursor(mouse.just_released(MouseButton::Left)));
    if held.is_none() && dragging.from.is_some() {
        let mut let_go = None;
        if let (Some(from), Some(_)) = (dragging.from, dragging.at)
            && let Some(to) = released.and_then(to_world).and_then(|w| layout.point_at(w))
            && to != from
        {
            drops.write(BoardDrop { from, to });
            let_go = Some(to);
        }
        *dragging = Dragging { let_go, ..default() };
    }
}

fn keyboard_shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<State<AppState>>,
    pending: Res<PendingConfirmation>,
    mut actions: Actions,
) {
    // A modifier pressed and let go within the frame (a quick chord, or keys sent by a script) still counts.
    let held = |modifier: [KeyCode; 2]| keys.any_pressed(modifier) || keys.any_just_pressed(modifier);
    let mods = Modifiers {
        shift: held([KeyCode::ShiftLeft, KeyCode::ShiftRight]),
        ctrl: held([KeyCode::ControlLeft, KeyCode::ControlRight]) || held([KeyCode::SuperLeft, KeyCode::SuperRight]),
    };
    for key in keys.get_just_pressed() {
        if let Some(action) = key_action(*key, mods, *state.get(), pending.0.is_some()) {
            actions.send(action);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: Modifiers = Modifiers { shift: false, ctrl: false };
    const SHIFT: Modifiers = Modifiers { shift: true, ctrl: false };
    const CTRL: Modifiers = Modifiers { shift: false, ctrl: true };
    const BOTH: Modifiers = Modifiers { shift: true, ctrl: true };

    /// The key map on `screen`, with no question waiting.
    fn on(screen: AppState, key: KeyCode, mods: Modifiers) -> Option<Action> {
        key_action(key, mods, screen, false)
    }

    #[test]
    fn full_screen_and_questions() {
        for &screen in EVERY {
            for mods in [NONE, SHIFT, CTRL, BOTH] {
                for asking in [false, true] {
                    assert_eq!(key_action(KeyCode::F11, mods, screen, asking), Some(Action::FullScreen));
                }
                let decline = Some(Action::Game(GameCommand::Decline));
                assert_eq!(key_action(KeyCode::Escape, mods, screen, true), decline);
                for key in [KeyCode::F1, KeyCode::Space, KeyCode::KeyN, KeyCode::KeyS, KeyCode::KeyQ, KeyCode::KeyZ] {
                    assert_eq!(key_action(key, mods, screen, true), None, "{key:?} {mods:?} {screen:?}");
                }
            }
        }
    }

    #[test]
    fn menu_and_lobby_know_only_f1() {
        for screen in [AppState::Menu, AppState::Lobby] {
            assert_eq!(on(screen, KeyCode::F1, CTRL), Some(Action::HowToPlay));
            for key in [KeyCode::KeyF, KeyCode::KeyM, KeyCode::Space, KeyCode::Escape, KeyCode::KeyN] {
                assert_eq!(on(screen, key, NONE), None);
            }
        }
    }

    #[test]
    fn the_game_and_the_tutorial() {
        use Action::*;
        for screen in [AppState::Playing, AppState::Tutorial] {
            assert_eq!(on(screen, KeyCode::KeyA, SHIFT), Some(Turn(TurnCommand::Choose(CaptureKind::Approach))));
            assert_eq!(on(screen, KeyCode::KeyC, NONE), Some(Copy));
            assert_eq!(on(screen, KeyCode::KeyC, SHIFT), Some(CopyGame));
            assert_eq!(on(screen, KeyCode::KeyQ, NONE), None);
            assert_eq!(on(screen, KeyCode::KeyQ, SHIFT), Some(Game(GameCommand::Resign)));
            assert_eq!(on(screen, KeyCode::KeyZ, CTRL), Some(Game(GameCommand::Undo)));
            assert_eq!(on(screen, KeyCode::KeyS, BOTH), Some(Game(GameCommand::Save)));
            // With Ctrl only the Ctrl rows: not even F1, Space, Esc or Shift+Q.
            for key in [KeyCode::F1, KeyCode::Space, KeyCode::Escape, KeyCode::KeyQ, KeyCode::KeyH] {
                assert_eq!(on(screen, key, BOTH), None, "{key:?} {screen:?}");
            }
        }
        let tutorial = AppState::Tutorial;
        assert_eq!(on(tutorial, KeyCode::KeyN, NONE), Some(Tutorial(TutorialCommand::Next)));
        assert_eq!(on(AppState::Playing, KeyCode::KeyN, NONE), Some(Menu));
        assert_eq!(on(tutorial, KeyCode::KeyT, NONE), Some(Tutorial(TutorialCommand::Retry)));
        assert_eq!(on(AppState::Playing, KeyCode::KeyT, NONE), None);
        for key in [KeyCode::KeyI, KeyCode::KeyV, KeyCode::KeyB] {
            assert!(on(AppState::Playing, key, NONE).is_some());
            assert_eq!(on(tutorial, key, NONE), None);
        }
        assert_eq!(on(AppState::Playing, KeyCode::KeyS, SHIFT), Some(SaveGameFile));
        assert_eq!(on(tutorial, KeyCode::KeyS, SHIFT), None);
        let open = if cfg!(target_arch = "wasm32") { ChooseGameFile } else { OpenGame };
        assert_eq!(on(AppState::Playing, KeyCode::KeyO, SHIFT), Some(open));
        assert_eq!(on(AppState::Playing, KeyCode::KeyO, NONE), None);
    }

    #[test]
    fn online_review_and_analysis() {
        use Action::*;
        let online = AppState::Online;
        assert_eq!(on(online, KeyCode::Enter, CTRL), Some(Turn(TurnCommand::Stop)));
        assert_eq!(on(online, KeyCode::Escape, NONE), Some(Turn(TurnCommand::Cancel)));
        assert_eq!(on(online, KeyCode::KeyC, SHIFT), Some(Copy));
        assert_eq!(on(online, KeyCode::KeyQ, BOTH), Some(Game(GameCommand::Resign)));
        for key in [KeyCode::KeyU, KeyCode::KeyH, KeyCode::KeyN, KeyCode::KeyI] {
            assert_eq!(on(online, key, NONE), None);
        }
        let review = AppState::Review;
        assert_eq!(on(review, KeyCode::ArrowLeft, CTRL), Some(Review(ReviewCommand::Previous)));
        assert_eq!(on(review, KeyCode::Escape, NONE), Some(Review(ReviewCommand::Close)));
        assert_eq!(on(review, KeyCode::KeyF, NONE), Some(Flip));
        assert_eq!(on(review, KeyCode::KeyF, CTRL), None);
        assert_eq!(on(review, KeyCode::Space, NONE), None);
        assert_eq!(on(review, KeyCode::KeyA, NONE), None);
        let analysis = AppState::Analysis;
        assert_eq!(on(analysis, KeyCode::ArrowRight, NONE), Some(Analysis(AnalysisCommand::Forward)));
        assert_eq!(on(analysis, KeyCode::KeyE, SHIFT), Some(Analysis(AnalysisCommand::ToggleEdit)));
        assert_eq!(on(analysis, KeyCode::Escape, CTRL), Some(Analysis(AnalysisCommand::Close)));
        assert_eq!(on(analysis, KeyCode::KeyW, CTRL), None);
        assert_eq!(on(analysis, KeyCode::KeyQ, SHIFT), None);
        assert_eq!(on(analysis, KeyCode::ArrowUp, NONE), None);
    }

    #[test]
    fn puzzles() {
        use Action::*;
        let puzzles = AppState::Puzzles;
        assert_eq!(on(puzzles, KeyCode::KeyH, NONE), Some(Puzzle(PuzzleCommand::Hint)));
        assert_eq!(on(puzzles, KeyCode::KeyN, SHIFT), Some(Puzzle(PuzzleCommand::Next)));
        assert_eq!(on(puzzles, KeyCode::KeyT, NONE), Some(Puzzle(PuzzleCommand::Retry)));
        assert_eq!(on(puzzles, KeyCode::KeyS, NONE), Some(Puzzle(PuzzleCommand::Solution)));
        assert_eq!(on(puzzles, KeyCode::KeyB, NONE), Some(Analysis(AnalysisCommand::Open)));
        assert_eq!(on(puzzles, KeyCode::KeyW, NONE), Some(Turn(TurnCommand::Choose(CaptureKind::Withdrawal))));
        assert_eq!(on(puzzles, KeyCode::Space, NONE), Some(Turn(TurnCommand::Stop)));
        assert_eq!(on(puzzles, KeyCode::Escape, NONE), Some(Turn(TurnCommand::Cancel)));
        // No game commands: nothing to undo, save or resign in a puzzle.
        for (key, mods) in [(KeyCode::KeyU, NONE), (KeyCode::KeyZ, CTRL), (KeyCode::KeyS, CTRL), (KeyCode::KeyQ, SHIFT)]
        {
            assert_eq!(on(puzzles, key, mods), None, "{key:?}");
        }
        assert_eq!(on(AppState::Tutorial, KeyCode::KeyS, NONE), None);
    }

    /// The key map's promise: saving, loading and resigning never hang on a single unmodified key.
    #[test]
    fn nothing_lost_on_a_single_key() {
        let losing = [GameCommand::Save, GameCommand::Load, GameCommand::Resign].map(Action::Game);
        for &screen in EVERY {
            for row in KEY_MAP {
                let action = on(screen, row.key, NONE);
                assert!(action.is_none_or(|a| !losing.contains(&a)), "{:?} on {screen:?}: {action:?}", row.key);
            }
        }
    }
}
