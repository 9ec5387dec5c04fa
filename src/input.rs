//! Pointer and keyboard input: a click or tap on the board becomes a [`BoardClick`] on the nearest point; keys
//! become the features' messages, looked up in the key map (`keys`). Input that egui is using
//! (menus, panels, text fields) never reaches the board or the key map.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{EguiWantsInput, egui_wants_any_pointer_input};
use fanorona_rules::Point;

use crate::AppSystems;
use crate::board::Dragging;
use crate::board::layout::{BoardCursor, BoardLayout, HoveredPoint};
use crate::game::commands::PendingConfirmation;
use crate::game::person::{BoardClick, BoardDrop};
use crate::game::session::Session;
use crate::keys::{AddKeys, Binding, KeyMap, Modifiers, Needs, On, Tier, bind};
use crate::screens::{AppState, OnBoard};
use crate::ui::ToggleHowToPlay;
use crate::window::ToggleFullScreen;
use crate::{action, text};

/// Turns keys into the features' messages, through the key map their plugins fill (no window needed: usable
/// headless with Bevy's input plugin).
pub fn keyboard_plugin(app: &mut App) {
    // The interface's own messages, for a headless game that has no interface to read them.
    app.add_message::<ToggleHowToPlay>()
        .add_message::<ToggleFullScreen>()
        .init_resource::<KeyMap>()
        .add_keys(Tier::Always, ALWAYS)
        .add_keys(Tier::Shared, HOW_TO_PLAY)
        .add_systems(Update, keyboard_shortcuts.in_set(AppSystems::Input).run_if(keys_for_the_game));
}

/// F11: full screen changes nothing in the game, so it works on every screen, even while a question waits.
const ALWAYS: &[Binding] =
    &[bind(KeyCode::F11, Needs::ANY, On::Every, action!(ToggleFullScreen), text!("game-key-full-screen"))];

/// F1: how to play, on every screen (the menu and the lobby have this one key; their own pages are egui's).
const HOW_TO_PLAY: &[Binding] =
    &[bind(KeyCode::F1, Needs::ANY, On::Every, action!(ToggleHowToPlay), text!("game-key-how-to-play"))];

/// Turns the pointer on the board into clicks and hover (needs a window and a camera).
pub fn pointer_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (track_hover, click_board)
            .in_set(AppSystems::Input)
            .run_if(in_state(OnBoard).and_then(not(egui_wants_any_pointer_input))),
    );
}

/// Keys go to the game unless egui is using them (a text field has focus, a popup is open).
fn keys_for_the_game(egui: Option<Res<EguiWantsInput>>) -> bool {
    egui.is_none_or(|wants| !wants.wants_any_keyboard_input())
}

fn world_position(camera: &Camera, transform: &GlobalTransform, screen: Vec2) -> Option<Vec2> {
    camera.viewport_to_world_2d(transform, screen).ok()
}

fn track_hover(pointer: Pointer, mut hovered: ResMut<HoveredPoint>) {
    let point = pointer.window.cursor_position().and_then(|c| pointer.point(c));
    hovered.set_if_neq(HoveredPoint(point));
}

/// Where the mouse and the fingers are, on the screen and on the board.
#[derive(SystemParam)]
struct Pointer<'w, 's> {
    mouse: Res<'w, ButtonInput<MouseButton>>,
    touches: Res<'w, Touches>,
    window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    layout: Res<'w, BoardLayout>,
}

impl Pointer<'_, '_> {
    /// The world position of a screen position.
    fn world(&self, screen: Vec2) -> Option<Vec2> {
        let (camera, transform) = *self.camera;
        world_position(camera, transform, screen)
    }

    /// The board's point at a screen position, if one is there.
    fn point(&self, screen: Vec2) -> Option<Point> {
        self.world(screen).and_then(|w| self.layout.point_at(w))
    }

    /// The mouse's position if `pressed` (the left button's state asked about).
    fn cursor(&self, pressed: bool) -> Option<Vec2> {
        pressed.then(|| self.window.cursor_position()).flatten()
    }

    /// The screen positions pressed in this frame, fingers first.
    fn presses(&self) -> Vec<Vec2> {
        let mut presses: Vec<Vec2> = self.touches.iter_just_pressed().map(|t| t.position()).collect();
        presses.extend(self.cursor(self.mouse.just_pressed(MouseButton::Left)));
        presses
    }

    /// Where a finger or the pressed mouse is held.
    fn held(&self) -> Option<Vec2> {
        let touch = self.touches.iter().next().map(|t| t.position());
        touch.or_else(|| self.cursor(self.mouse.pressed(MouseButton::Left)))
    }

    /// Where a finger or the mouse was let go in this frame.
    fn released(&self) -> Option<Vec2> {
        let touch = self.touches.iter_just_released().next().map(|t| t.position());
        touch.or_else(|| self.cursor(self.mouse.just_released(MouseButton::Left)))
    }
}

/// Presses are clicks where they land (click, click plays a turn); a piece of the side to move carried off its
/// point follows the pointer, and letting it go on another point drops it there.
fn click_board(
    pointer: Pointer,
    session: Res<Session>,
    mut dragging: ResMut<Dragging>,
    mut keyboard_cursor: ResMut<BoardCursor>,
    mut clicks: MessageWriter<BoardClick>,
    mut drops: MessageWriter<BoardDrop>,
) {
    for screen in pointer.presses() {
        if let Some(point) = pointer.point(screen) {
            // The pointer takes over from the keyboard's cursor.
            keyboard_cursor.set_if_neq(BoardCursor(None));
            clicks.write(BoardClick(point));
            *dragging = Dragging { from: Some(point), ..default() };
        }
    }
    // Held: a piece that may move follows the pointer once it leaves the piece's point.
    let held = pointer.held();
    if let (Some(from), Some(world)) = (dragging.from, held.and_then(|h| pointer.world(h))) {
        let layout = &pointer.layout;
        let carried = dragging.at.is_some() || layout.world(from).distance(world) > layout.spacing * 0.4;
        let source = session.piece_in_play();
        if carried && (session.movable().contains(from) || source == Some(from)) {
            dragging.at = Some(world);
        }
    }
    // Let go (or the pointer is gone): a carried piece is dropped where the pointer is; off the board, or back on
    // its own point, it just goes back.
    if held.is_none() && dragging.from.is_some() {
        let mut let_go = None;
        if let (Some(from), Some(_)) = (dragging.from, dragging.at)
            && let Some(to) = pointer.released().and_then(|r| pointer.point(r))
            && to != from
        {
            drops.write(BoardDrop { from, to });
            let_go = Some(to);
        }
        *dragging = Dragging { let_go, ..default() };
    }
}

/// Looks up the keys pressed in this frame and sends what they ask for at once, so that the features' commands
/// read them in this frame (an exclusive system: an action is a message of any feature).
fn keyboard_shortcuts(world: &mut World) {
    let actions: Vec<_> = {
        let (Some(keys), Some(state), Some(pending), Some(map)) = (
            world.get_resource::<ButtonInput<KeyCode>>(),
            world.get_resource::<State<AppState>>(),
            world.get_resource::<PendingConfirmation>(),
            world.get_resource::<KeyMap>(),
        ) else {
            return;
        };
        // A modifier pressed and let go within the frame (a quick chord, or keys sent by a script) still counts.
        let held = |modifier: [KeyCode; 2]| keys.any_pressed(modifier) || keys.any_just_pressed(modifier);
        let mods = Modifiers {
            shift: held([KeyCode::ShiftLeft, KeyCode::ShiftRight]),
            ctrl: held([KeyCode::ControlLeft, KeyCode::ControlRight])
                || held([KeyCode::SuperLeft, KeyCode::SuperRight]),
        };
        let asking = pending.0.is_some();
        keys.get_just_pressed().filter_map(|key| map.action(*key, mods, *state.get(), asking)).collect()
    };
    for action in actions {
        action.send(world);
    }
}
