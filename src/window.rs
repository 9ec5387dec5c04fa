//! The game's window: its title, the smallest size the interface still fits in, full screen (F11), and on the
//! desktop the size it had last time.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode, WindowResizeConstraints, WindowResized, WindowResolution};

use crate::AppSystems;
use crate::persistence::settings::{Settings, WindowSize};

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

/// The largest window size taken from the settings file, in logical pixels: a hand-edited size beyond it is not
/// believed.
const MAX_SIZE: f32 = 16_384.0;

/// Seconds a window's size must stay the same before it is remembered: a window dragged to a new size is saved
/// once, not at every frame of the drag.
pub const REMEMBER_AFTER_SECONDS: f32 = 0.5;

/// Full screen on request, and the window's size remembered between runs (on the desktop; on the web the page
/// decides).
pub struct FullScreenPlugin;

impl Plugin for FullScreenPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<ToggleFullScreen>().add_systems(Update, toggle_full_screen.in_set(AppSystems::Commands));
        // Bevy's window plugin registers the message too; without it (headless) the size is only never remembered.
        #[cfg(not(target_arch = "wasm32"))]
        app.add_message::<WindowResized>()
            .add_systems(Update, (restore_size, remember_size).chain().in_set(AppSystems::Commands));
    }
}

/// Opens the window at the size it had last time, within sensible bounds.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn restore_size(settings: Res<Settings>, mut windows: Query<&mut Window, Added<PrimaryWindow>>) {
    let Some(size) = settings.window else { return };
    let size = Vec2::new(size.width as f32, size.height as f32);
    for mut window in &mut windows {
        let size = size.clamp(MIN_SIZE, Vec2::splat(MAX_SIZE));
        window.resolution.set(size.x, size.y);
    }
}

/// Keeps the window's size in the settings once it has stayed the same for a moment (not while full screen).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn remember_size(
    mut resized: MessageReader<WindowResized>,
    windows: Query<&Window, With<PrimaryWindow>>,
    time: Res<Time<Real>>,
    mut pending: Local<Option<(WindowSize, f32)>>,
    mut settings: ResMut<Settings>,
) {
    for event in resized.read() {
        if let Ok(window) = windows.get(event.window)
            && window.mode == WindowMode::Windowed
        {
            let size = WindowSize { width: event.width.round() as u32, height: event.height.round() as u32 };
            *pending = Some((size, 0.0));
        }
    }
    let Some((size, waited)) = pending.as_mut() else { return };
    *waited += time.delta_secs();
    if *waited >= REMEMBER_AFTER_SECONDS {
        let size = Some(*size);
        *pending = None;
        if settings.window != size {
            settings.window = size;
        }
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
