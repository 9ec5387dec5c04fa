//! What is shown over the board hides none of its points: the move box and the toasts stand over the panel beside
//! the board, on a desktop's window and on a phone's, with the interface drawn by egui (headless, at the window's
//! size) and the board fitted as the game fits it.

use crate::common::*;
use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiInput, egui};
use fanorona::access::ToggleMoveBox;
use fanorona::board::layout::{BoardLayout, UiInsets};
use fanorona::persistence::settings::Settings;
use fanorona::persistence::storage::Notices;
use fanorona::text;

/// The windows the game is played in: two desktops' and a phone's held upright (logical pixels).
const WINDOWS: [(f32, f32); 3] = [(1280.0, 720.0), (1280.0, 800.0), (390.0, 844.0)];

/// How far around a point a player must see: a piece lifted as it moves (0.38 of the spacing) and the marks
/// around it (0.41).
const SEEN: f32 = 0.42;

/// A game between two people with its interface drawn in a window `size` large, in English.
fn game_in_window(dir: &TempDir, size: Vec2) -> App {
    let mut app = app_with_interface(dir);
    app.world_mut().resource_mut::<Settings>().language = Some("en".into());
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.x, size.y));
    let mut inputs = app.world_mut().query::<&mut EguiInput>();
    for mut input in inputs.iter_mut(app.world_mut()) {
        // egui keeps the size it was last given (a window would give it every frame).
        input.screen_rect = Some(screen);
    }
    start_with(&mut app, humans);
    app
}

/// Where egui drew the area `id` (in points), if it was shown in the last frame.
fn shown_area(app: &mut App, id: &str, order: egui::Order) -> Option<egui::Rect> {
    let mut contexts = app.world_mut().query::<&mut EguiContext>();
    let ctx = contexts.single_mut(app.world_mut()).ok()?.get_mut().clone();
    let layer = egui::LayerId::new(order, egui::Id::new(id));
    ctx.memory(|m| m.areas().visible_last_frame(&layer).then(|| m.area_rect(layer.id)).flatten())
}

/// The board's points that `rect` (egui's points) hides, as the game lays the board out in a window `size` large
/// beside the panel drawn.
fn points_hidden_by(app: &mut App, rect: egui::Rect, size: Vec2) -> Vec<String> {
    let insets = *app.world().resource::<UiInsets>();
    let zoom = app.world().resource::<Settings>().ui_scale;
    let layout = BoardLayout::in_window(session(app).position().variant(), size, &insets, false);
    let radius = layout.spacing * SEEN / zoom;
    layout
        .variant
        .points()
        .iter()
        .filter(|p| {
            let at = layout.on_screen(*p, size) / zoom;
            rect.distance_to_pos(egui::pos2(at.x, at.y)) < radius
        })
        .map(|p| p.to_string())
        .collect()
}

fn notices(app: &mut App, count: usize) {
    for _ in 0..count {
        // A long notice, two lines or more at a phone's width.
        app.world_mut().resource_mut::<Notices>().problem(text!(
            "file-not-saved",
            what = "game",
            error = "No space left on the device (os error 28)"
        ));
    }
}

#[test]
fn the_move_box_and_the_toasts_hide_no_point_of_the_board_on_a_desktop_or_a_phone() {
    for (width, height) in WINDOWS {
        let size = Vec2::new(width, height);
        let dir = temp_dir();
        let mut app = game_in_window(&dir, size);
        // K opens the move box; four notices come (as many toasts as are shown at once).
        press(&mut app, KeyCode::KeyK, false, false);
        notices(&mut app, 4);
        for _ in 0..4 {
            app.update();
        }
        assert!(app.world().resource::<UiInsets>() != &UiInsets::default(), "{size}: a panel beside the board");
        let move_box = shown_area(&mut app, "move-box", egui::Order::Middle).expect("the move box shown");
        // Within the panel, whose contents scroll (of the board's room, it takes nothing).
        let insets = *app.world().resource::<UiInsets>();
        let zoom = app.world().resource::<Settings>().ui_scale;
        assert!(move_box.right() <= insets.left / zoom || insets.left == 0.0, "{size}: {move_box:?} {insets:?}");
        assert!(move_box.top() >= height - insets.bottom / zoom || insets.bottom == 0.0, "{size}: {move_box:?}");
        assert!(move_box.height() > 60.0, "{size}: the move box's field and offers, {move_box:?}");
        let toasts = shown_area(&mut app, "toasts", egui::Order::Foreground).expect("a toast shown");
        assert!(toasts.height() > 20.0, "{size}: at least one toast, {toasts:?}");
        assert!(!toasts.intersects(move_box), "{size}: the toasts {toasts:?} over the move box {move_box:?}");
        for (what, rect) in [("the move box", move_box), ("the toasts", toasts)] {
            let hidden = points_hidden_by(&mut app, rect, size);
            assert!(hidden.is_empty(), "{size}: {what} at {rect:?} hides {hidden:?}");
        }
        // The move box closed (its button in the panel), the toasts take its room, and still hide nothing.
        app.world_mut().write_message(ToggleMoveBox);
        for _ in 0..4 {
            app.update();
        }
        assert!(shown_area(&mut app, "move-box", egui::Order::Middle).is_none(), "{size}: closed");
        let toasts = shown_area(&mut app, "toasts", egui::Order::Foreground).expect("the toasts shown");
        let hidden = points_hidden_by(&mut app, toasts, size);
        assert!(hidden.is_empty(), "{size}: the toasts at {toasts:?} hide {hidden:?}");
    }
}
