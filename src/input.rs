//! Pointer and keyboard input: a click or tap on the board becomes a [`BoardClick`] on the nearest point; keys
//! become turn and game commands. Input that egui is using (menus, panels) never reaches the board.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use fanorona_rules::{CaptureKind, Point};

use crate::ai_player::HintRequest;
use crate::board::BoardLayout;
use crate::control::GameCommand;
use crate::state::{AppState, OnBoard};
use crate::turn::{BoardClick, TurnCommand};
use crate::tutorial::TutorialCommand;

/// The point under the pointer, for hover feedback.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoveredPoint(pub Option<Point>);

/// Turns pointer and keys into the game's messages.
pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<HoveredPoint>().add_systems(
            Update,
            (
                (track_hover, click_board).run_if(not(egui_wants_any_pointer_input)),
                keyboard_shortcuts.run_if(not(egui_wants_any_keyboard_input)),
            )
                .run_if(in_state(OnBoard))
                .before(crate::turn::TurnPlugin::SET),
        );
    }
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

fn click_board(
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    mut clicks: MessageWriter<BoardClick>,
) {
    let (camera, transform) = *camera;
    let mut screens: Vec<Vec2> = touches.iter_just_pressed().map(|t| t.position()).collect();
    if mouse.just_pressed(MouseButton::Left) {
        screens.extend(window.cursor_position());
    }
    for screen in screens {
        if let Some(point) = world_position(camera, transform, screen).and_then(|w| layout.point_at(w)) {
            clicks.write(BoardClick(point));
        }
    }
}

/// The keyboard shortcuts, also listed in the README, the panel and the how-to-play screen.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Space / Enter", "Stop here (end a capture chain)"),
    ("A / W", "Choose approach / withdrawal"),
    ("Esc", "Cancel the selection"),
    ("Ctrl+Z or U", "Undo"),
    ("Ctrl+Y or R", "Redo"),
    ("H", "Hint"),
    ("F", "Flip the board"),
    ("S / L", "Save / load the game"),
    ("C", "Copy the position text"),
    ("M", "Sound on / off"),
    ("Shift+Q", "Resign"),
    ("N", "New game (back to the menu); in the tutorial: Next"),
    ("T", "Tutorial: try again"),
    ("F1", "How to play"),
];

fn keyboard_shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    state: Res<State<AppState>>,
    mut turn: MessageWriter<TurnCommand>,
    mut game: MessageWriter<GameCommand>,
    mut hint: MessageWriter<HintRequest>,
    mut tutorial: MessageWriter<TutorialCommand>,
) {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let in_tutorial = *state.get() == AppState::Tutorial;
    for key in keys.get_just_pressed() {
        let command = match key {
            KeyCode::KeyN | KeyCode::KeyT if in_tutorial => {
                tutorial.write(if *key == KeyCode::KeyN { TutorialCommand::Next } else { TutorialCommand::Retry });
                continue;
            }
            KeyCode::Space | KeyCode::Enter | KeyCode::NumpadEnter => {
                turn.write(TurnCommand::Stop);
                continue;
            }
            KeyCode::KeyA => {
                turn.write(TurnCommand::Choose(CaptureKind::Approach));
                continue;
            }
            KeyCode::KeyW => {
                turn.write(TurnCommand::Choose(CaptureKind::Withdrawal));
                continue;
            }
            KeyCode::Escape => {
                turn.write(TurnCommand::Cancel);
                continue;
            }
            KeyCode::KeyH => {
                hint.write(HintRequest);
                continue;
            }
            KeyCode::KeyZ | KeyCode::KeyU => GameCommand::Undo,
            KeyCode::KeyY | KeyCode::KeyR => GameCommand::Redo,
            KeyCode::KeyF => GameCommand::Flip,
            KeyCode::KeyS => GameCommand::Save,
            KeyCode::KeyL => GameCommand::Load,
            KeyCode::KeyC => GameCommand::CopyPosition,
            KeyCode::KeyM => GameCommand::ToggleSound,
            KeyCode::KeyQ if shift => GameCommand::Resign,
            KeyCode::KeyN => GameCommand::Menu,
            KeyCode::F1 => GameCommand::HowToPlay,
            _ => continue,
        };
        game.write(command);
    }
}
