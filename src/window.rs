//! The game's window: its title, the smallest size the interface still fits in, and full screen (F11).

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode, WindowResizeConstraints, WindowResolution};

use crate::AppSystems;

/// The window's title.
pub const TITLE: &str = "Fanorona";

/// The smallest window, in logical pixels: a small phone held upright still shows the board with the panel below it.
pub const MIN_SIZE: Vec2 = Vec2::new(360.0, 480.0);

/// The game's window as it opens: 1280×800 on the desktop; on the web, the page's canvas, which it fills.
pub fn primary_window() -> Window {
    Window {
        title: TITLE.into(),
        resolution: WindowResolution::new(1280, 800),
        resize_constraints: WindowResizeConstraints { min_width: MIN_SIZE.x, min_height: MIN_SIZE.y, ..default() },
        canvas: Some("#bevy".into()),
        fit_canvas_to_parent: true,
        prevent_default_event_handling: true,
        ..default()
    }
}

/// Full screen on or off (F11).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToggleFullScreen;

/// Full screen on request.
pub struct FullScreenPlugin;

impl Plugin for FullScreenPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<ToggleFullScreen>().add_systems(Update, toggle_full_screen.in_set(AppSystems::Commands));
    }
}

/// Switches the window between windowed and borderless full screen (on the monitor it is on; in a browser, the
/// page's canvas fills the screen).
fn toggle_full_screen(
    mut requests: MessageReader<ToggleFullScreen>,
    window: Option<Single<&mut Window, With<PrimaryWindow>>>,
) {
    let toggles = requests.read().count();
    let Some(mut window) = window else { return };
    if toggles % 2 == 1 {
        window.mode = match window.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
}
