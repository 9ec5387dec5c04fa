//! The game's window: its title and icon, the smallest size the interface still fits in, full screen (F11), and on
//! the desktop the size it had last time.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode, WindowResizeConstraints, WindowResized, WindowResolution};

use crate::AppSystems;
use crate::board::drawing::palette;
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
pub fn plugin(app: &mut App) {
    app.add_message::<ToggleFullScreen>().add_systems(Update, toggle_full_screen.in_set(AppSystems::Commands));
    // Bevy's window plugin registers the message too; without it (headless) the size is only never remembered.
    #[cfg(not(target_arch = "wasm32"))]
    app.add_message::<WindowResized>()
        .add_systems(Update, (restore_size, remember_size).chain().in_set(AppSystems::Commands))
        .add_systems(Update, set_icon.in_set(AppSystems::Presentation));
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

/// The icon's size in pixels.
pub const ICON_SIZE: u32 = 64;

/// The window's icon, `ICON_SIZE` pixels square, RGBA: a corner of the board in its frame, the lattice's lines, an
/// ivory piece and a charcoal one on opposite corners; transparent round the frame's rounded corners. Drawn here
/// (four samples a pixel each way) rather than shipped as a file, in the board's own colours. The web page's icon is
/// the same drawing in SVG (web/index.html).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub fn icon_rgba() -> Vec<u8> {
    const SAMPLES: u32 = 4;
    let mut pixels = Vec::with_capacity((ICON_SIZE * ICON_SIZE * 4) as usize);
    for py in 0..ICON_SIZE {
        for px in 0..ICON_SIZE {
            // The colours are opaque: average those of the samples inside, and cover as many as were inside.
            let (mut sum, mut inside) = ([0.0_f32; 3], 0);
            for s in 0..SAMPLES * SAMPLES {
                let offset = Vec2::new((s % SAMPLES) as f32 + 0.5, (s / SAMPLES) as f32 + 0.5) / SAMPLES as f32;
                let at = (Vec2::new(px as f32, py as f32) + offset) / ICON_SIZE as f32;
                if let Some(colour) = icon_colour(at) {
                    let [r, g, b, _] = colour.to_srgba().to_f32_array();
                    sum = [sum[0] + r, sum[1] + g, sum[2] + b];
                    inside += 1;
                }
            }
            let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
            let n = inside.max(1) as f32;
            pixels.extend(sum.map(|c| byte(c / n)));
            pixels.push(byte(inside as f32 / (SAMPLES * SAMPLES) as f32));
        }
    }
    pixels
}

/// The icon's colour at `at` (0 to 1 across and down), or `None` outside it.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn icon_colour(at: Vec2) -> Option<Color> {
    /// Distance from `at` to the rounded square inset by `inset` with corner `radius` (negative inside).
    fn rounded(at: Vec2, inset: f32, radius: f32) -> f32 {
        let d = (at - Vec2::splat(0.5)).abs() - Vec2::splat(0.5 - inset - radius);
        d.max(Vec2::ZERO).length() + d.x.max(d.y).min(0.0) - radius
    }
    const LO: f32 = 0.22;
    const HI: f32 = 0.78;
    let piece = |centre: Vec2, body: Color, rim: Color| {
        let d = at.distance(centre);
        (d < 0.16).then_some(if d > 0.125 { rim } else { body })
    };
    if rounded(at, 0.03, 0.12) > 0.0 {
        return None;
    }
    if let Some(c) = piece(Vec2::new(LO, HI), palette::WHITE_BODY, palette::WHITE_RIM)
        .or_else(|| piece(Vec2::new(HI, LO), palette::BLACK_BODY, palette::BLACK_RIM))
    {
        return Some(c);
    }
    if rounded(at, 0.10, 0.05) > 0.0 {
        return Some(palette::FRAME);
    }
    let inside = (LO - 0.02..=HI + 0.02).contains(&at.x) && (LO - 0.02..=HI + 0.02).contains(&at.y);
    let on_grid = [LO, 0.5, HI].iter().any(|&g| (at.x - g).abs() < 0.02 || (at.y - g).abs() < 0.02);
    let on_diagonal = (at.x - at.y).abs() < 0.028 || (at.x + at.y - 1.0).abs() < 0.028;
    Some(if inside && (on_grid || on_diagonal) { palette::INK } else { palette::WOOD })
}

/// Gives the window its icon once the window exists (Bevy has no icon setting of its own: winit's window is set).
/// The desktop's only: winit is a dependency of the desktop build (the web page has its own icon).
#[cfg(not(target_arch = "wasm32"))]
fn set_icon(window: Option<Single<Entity, With<PrimaryWindow>>>, mut done: Local<bool>) {
    let Some(window) = window else { return };
    if *done {
        return;
    }
    let Ok(icon) = winit::window::Icon::from_rgba(icon_rgba(), ICON_SIZE, ICON_SIZE) else {
        *done = true;
        return;
    };
    bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        if let Some(winit_window) = windows.get_window(*window) {
            winit_window.set_window_icon(Some(icon));
            *done = true;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_icon_is_the_board_with_a_piece_of_each_side_and_round_corners() {
        let pixels = icon_rgba();
        assert_eq!(pixels.len(), (ICON_SIZE * ICON_SIZE * 4) as usize);
        let at = |x: u32, y: u32| {
            let i = ((y * ICON_SIZE + x) * 4) as usize;
            [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
        };
        let byte = |c: Color| c.to_srgba().to_u8_array();
        assert_eq!(at(0, 0)[3], 0, "a rounded corner is transparent");
        assert_eq!(at(32, 3), byte(palette::FRAME), "the frame");
        assert_eq!(at(32, 32), byte(palette::INK), "the lattice's centre");
        assert_eq!(at(40, 26), byte(palette::WOOD), "the wood between the lines");
        assert_eq!(at(14, 50), byte(palette::WHITE_BODY), "an ivory piece at the bottom left");
        assert_eq!(at(50, 14), byte(palette::BLACK_BODY), "a charcoal piece at the top right");
    }
}
