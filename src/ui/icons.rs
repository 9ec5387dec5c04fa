//! Icons drawn with egui's painter for the bars of frequent actions: no image files to download, sharp at any text
//! size, in the theme's colours; and the square button that shows one, named for screen readers, with a tooltip that
//! gives its name and keys.

use bevy_egui::egui::{self, Pos2, Rect, Stroke, pos2, vec2};

/// What an icon shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// Take the last turn back: an arrow turning left.
    Undo,
    /// Play it again: an arrow turning right.
    Redo,
    /// Ask for a hint: a light bulb.
    Hint,
    /// Turn the board round: an arrow up beside an arrow down.
    Flip,
    /// End the chain here: a square, as on a player's stop button.
    Stop,
    /// Review the game: a magnifying glass.
    Review,
    /// The analysis board: a line that branches.
    Analysis,
    /// The other actions: three lines.
    Menu,
    /// To the start: a chevron pointing left against a bar.
    First,
    /// One back: a chevron pointing left.
    Previous,
    /// One on: a chevron pointing right.
    Next,
    /// To the end: a chevron pointing right against a bar.
    Last,
}

/// The side of an icon's button, in points, at the most: a finger's width on a phone.
const BUTTON: f32 = 40.0;

/// The side of each of `count` icon buttons in a row that fills the width left: a desktop's narrow panel takes a
/// bar of eight in one row at about 32 points each; a phone's wider one, at 40.
pub fn button_side(ui: &egui::Ui, count: usize) -> f32 {
    let gaps = ui.spacing().item_spacing.x * (count.saturating_sub(1)) as f32;
    ((ui.available_width() - gaps) / count.max(1) as f32).floor().clamp(24.0, BUTTON)
}

/// A square button `side` points across showing `icon`, named `name` for screen readers; its tooltip is the name
/// with `keys`, when there are keys.
pub fn icon_button(
    ui: &mut egui::Ui,
    icon: Icon,
    side: f32,
    enabled: bool,
    name: &str,
    keys: Option<&str>,
) -> egui::Response {
    let response = ui.add_enabled(enabled, egui::Button::new("").min_size(vec2(side, side)));
    dress(ui, &response, icon, name, keys)
}

/// A square button `side` points across showing [`Icon::Menu`], which opens a menu of `contents`.
pub fn menu_button(ui: &mut egui::Ui, side: f32, name: &str, contents: impl FnOnce(&mut egui::Ui)) -> egui::Response {
    let button = egui::Button::new("").min_size(vec2(side, side));
    let (response, _) = egui::containers::menu::MenuButton::from_button(button).ui(ui, contents);
    dress(ui, &response, Icon::Menu, name, None)
}

fn dress(ui: &egui::Ui, response: &egui::Response, icon: Icon, name: &str, keys: Option<&str>) -> egui::Response {
    let enabled = response.enabled();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, enabled, name));
    let colour = ui.style().interact(response).fg_stroke.color;
    let colour = if enabled { colour } else { ui.visuals().weak_text_color() };
    let rect = response.rect;
    paint(ui.painter(), rect.shrink(rect.width() * 0.24), icon, Stroke::new((rect.width() / 18.0).max(1.5), colour));
    let tip = keys.map_or_else(|| name.to_owned(), |keys| format!("{name} ({keys})"));
    response.clone().on_hover_text(&tip).on_disabled_hover_text(tip)
}

/// Draws `icon` in `rect` with `stroke`.
pub fn paint(painter: &egui::Painter, rect: Rect, icon: Icon, stroke: Stroke) {
    let (c, w, h) = (rect.center(), rect.width(), rect.height());
    let at = |x: f32, y: f32| pos2(c.x + x * w, c.y + y * h);
    let line = |points: Vec<Pos2>| painter.add(egui::Shape::line(points, stroke));
    match icon {
        Icon::Undo | Icon::Redo => {
            // Three quarters of a circle, open at the bottom left (undo) or right (redo), with the arrowhead there.
            let side = if icon == Icon::Undo { -1.0 } else { 1.0 };
            let arc: Vec<Pos2> = (0..=16)
                .map(|i| {
                    let a = std::f32::consts::PI * (-0.25 + 1.25 * i as f32 / 16.0);
                    at(-side * 0.36 * a.cos(), 0.08 - 0.36 * a.sin())
                })
                .collect();
            let end = arc[arc.len() - 1];
            line(arc);
            let tip = pos2(end.x, end.y + 0.3 * h);
            line(vec![
                pos2(end.x - side * 0.26 * w, end.y + 0.06 * h),
                tip,
                pos2(end.x + side * 0.2 * w, end.y + 0.12 * h),
            ]);
        }
        Icon::Hint => {
            painter.circle_stroke(at(0.0, -0.14), 0.3 * w, stroke);
            line(vec![at(-0.14, 0.3), at(0.14, 0.3)]);
            line(vec![at(-0.1, 0.45), at(0.1, 0.45)]);
        }
        Icon::Flip => {
            for (x, dir) in [(-0.2, -1.0), (0.2, 1.0)] {
                line(vec![at(x, -0.45 * dir), at(x, 0.45 * dir)]);
                line(vec![at(x - 0.16, 0.27 * dir), at(x, 0.45 * dir), at(x + 0.16, 0.27 * dir)]);
            }
        }
        Icon::Stop => {
            painter.rect_stroke(
                Rect::from_center_size(c, vec2(0.7 * w, 0.7 * h)),
                2.0,
                stroke,
                egui::StrokeKind::Middle,
            );
        }
        Icon::Review => {
            painter.circle_stroke(at(-0.1, -0.1), 0.3 * w, stroke);
            line(vec![at(0.12, 0.12), at(0.45, 0.45)]);
        }
        Icon::Analysis => {
            line(vec![at(-0.45, 0.0), at(-0.05, 0.0), at(0.4, -0.38)]);
            line(vec![at(-0.05, 0.0), at(0.4, 0.38)]);
            for p in [at(-0.45, 0.0), at(0.4, -0.38), at(0.4, 0.38)] {
                painter.circle_filled(p, stroke.width * 1.4, stroke.color);
            }
        }
        Icon::Menu => {
            for y in [-0.32, 0.0, 0.32] {
                line(vec![at(-0.4, y), at(0.4, y)]);
            }
        }
        Icon::First | Icon::Previous | Icon::Next | Icon::Last => {
            // Left for back, right for on; the chevron moves over to leave room for the bar.
            let dir = if matches!(icon, Icon::First | Icon::Previous) { -1.0 } else { 1.0 };
            let bar = matches!(icon, Icon::First | Icon::Last);
            let tip = if bar { 0.12 } else { 0.2 };
            line(vec![at(-dir * (0.36 - tip), -0.4), at(dir * tip, 0.0), at(-dir * (0.36 - tip), 0.4)]);
            if bar {
                line(vec![at(dir * 0.3, -0.4), at(dir * 0.3, 0.4)]);
            }
        }
    }
}
