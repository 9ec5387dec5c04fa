//! Pointer and keyboard input: a click or tap on the board becomes a [`BoardClick`] on the nearest point; keys
//! become the same [`Action`]s as the buttons ([`key_action`] is the key map). Input that egui is using (menus,
//! panels, text fields) never reaches the board or the key map.

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
use crate::review::ReviewCommand;
use crate::screens::{AppState, OnBoard};
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
    use Action::*;
    // Full screen changes nothing in the game: it works everywhere, even while a question waits.
    if key == KeyCode::F11 {
        return Some(FullScreen);
    }
    if asking {
        return (key == KeyCode::Escape).then_some(Game(GameCommand::Decline));
    }
    if matches!(screen, AppState::Menu | AppState::Lobby) {
        return (key == KeyCode::F1).then_some(HowToPlay);
    }
    if screen == AppState::Online {
        // An online game: the turn, the view and resigning (with Shift); no undo, hint, files or leaving the board.
        return match key {
            KeyCode::Space | KeyCode::Enter | KeyCode::NumpadEnter => Some(Turn(TurnCommand::Stop)),
            KeyCode::KeyA if !mods.ctrl => Some(Turn(TurnCommand::Choose(CaptureKind::Approach))),
            KeyCode::KeyW if !mods.ctrl => Some(Turn(TurnCommand::Choose(CaptureKind::Withdrawal))),
            KeyCode::Escape => Some(Turn(TurnCommand::Cancel)),
            KeyCode::KeyF if !mods.ctrl => Some(Flip),
            KeyCode::KeyM if !mods.ctrl => Some(Sound),
            KeyCode::KeyC if !mods.ctrl => Some(Copy),
            KeyCode::KeyQ if mods.shift => Some(Game(GameCommand::Resign)),
            KeyCode::F1 => Some(HowToPlay),
            _ => None,
        };
    }
    if screen == AppState::Review {
        // Under review the keys move through the game; nothing can change it.
        return match key {
            KeyCode::ArrowLeft => Some(Review(ReviewCommand::Previous)),
            KeyCode::ArrowRight => Some(Review(ReviewCommand::Next)),
            KeyCode::Home => Some(Review(ReviewCommand::First)),
            KeyCode::End => Some(Review(ReviewCommand::Last)),
            KeyCode::ArrowDown => Some(Review(ReviewCommand::LineForward)),
            KeyCode::ArrowUp => Some(Review(ReviewCommand::LineBack)),
            KeyCode::Escape => Some(Review(ReviewCommand::Close)),
            KeyCode::KeyF if !mods.ctrl => Some(Flip),
            KeyCode::KeyM if !mods.ctrl => Some(Sound),
            KeyCode::F1 => Some(HowToPlay),
            _ => None,
        };
    }
    if screen == AppState::Analysis {
        // Moves are played for both sides by clicks; the keys move through the tree and finish a turn.
        return match key {
            KeyCode::ArrowLeft => Some(Analysis(AnalysisCommand::Back)),
            KeyCode::ArrowRight => Some(Analysis(AnalysisCommand::Forward)),
            KeyCode::KeyE if !mods.ctrl => Some(Analysis(AnalysisCommand::ToggleEdit)),
            KeyCode::Escape => Some(Analysis(AnalysisCommand::Close)),
            KeyCode::Space | KeyCode::Enter | KeyCode::NumpadEnter => Some(Turn(TurnCommand::Stop)),
            KeyCode::KeyA if !mods.ctrl => Some(Turn(TurnCommand::Choose(CaptureKind::Approach))),
            KeyCode::KeyW if !mods.ctrl => Some(Turn(TurnCommand::Choose(CaptureKind::Withdrawal))),
            KeyCode::KeyF if !mods.ctrl => Some(Flip),
            KeyCode::KeyM if !mods.ctrl => Some(Sound),
            KeyCode::KeyC if !mods.ctrl => Some(Copy),
            KeyCode::F1 => Some(HowToPlay),
            _ => None,
        };
    }
    if mods.ctrl {
        return match key {
            KeyCode::KeyZ => Some(Game(GameCommand::Undo)),
            KeyCode::KeyY => Some(Game(GameCommand::Redo)),
            KeyCode::KeyS => Some(Game(GameCommand::Save)),
            KeyCode::KeyO => Some(Game(GameCommand::Load)),
            _ => None,
        };
    }
    let tutorial = screen == AppState::Tutorial;
    Some(match key {
        KeyCode::KeyN if tutorial => Tutorial(TutorialCommand::Next),
        KeyCode::KeyT if tutorial => Tutorial(TutorialCommand::Retry),
        KeyCode::Space | KeyCode::Enter | KeyCode::NumpadEnter => Turn(TurnCommand::Stop),
        KeyCode::KeyA => Turn(TurnCommand::Choose(CaptureKind::Approach)),
        KeyCode::KeyW => Turn(TurnCommand::Choose(CaptureKind::Withdrawal)),
        KeyCode::Escape => Turn(TurnCommand::Cancel),
        KeyCode::KeyH => Hint,
        KeyCode::KeyU => Game(GameCommand::Undo),
        KeyCode::KeyR => Game(GameCommand::Redo),
        KeyCode::KeyF => Flip,
        KeyCode::KeyC if mods.shift => CopyGame,
        KeyCode::KeyC => Copy,
        KeyCode::KeyI if !tutorial => OpenGame,
        KeyCode::KeyS if mods.shift && !tutorial => SaveGameFile,
        // The browser's file picker; the desktop's box takes a path.
        KeyCode::KeyO if mods.shift && !tutorial => {
            if cfg!(target_arch = "wasm32") {
                ChooseGameFile
            } else {
                OpenGame
            }
        }
        KeyCode::KeyM => Sound,
        KeyCode::KeyQ if mods.shift => Game(GameCommand::Resign),
        KeyCode::KeyN => Menu,
        KeyCode::KeyV if !tutorial => Review(ReviewCommand::Open),
        KeyCode::KeyB if !tutorial => Analysis(AnalysisCommand::Open),
        KeyCode::F1 => HowToPlay,
        _ => return None,
    })
}

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
