//! The how-to-play screen: the rules written for players, with small diagrams drawn from position text.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_rules::{Point, Position, Side};

use super::{ToggleHowToPlay, theme};
use crate::AppSystems;
use crate::board::drawing::palette;
use crate::board::highlights::Highlights;
use crate::i18n::{Locale, Text};
use crate::keys::{KeyMap, shortcuts};
use crate::persistence::settings::Settings;
use crate::{text, tr};

/// Whether the how-to-play screen is open.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HowToPlayOpen(pub bool);

/// The how-to-play screen.
pub fn plugin(app: &mut App) {
    app.init_resource::<HowToPlayOpen>()
        .add_message::<ToggleHowToPlay>()
        .add_systems(Update, toggle_how_to_play.in_set(AppSystems::Commands))
        .add_systems(EguiPrimaryContextPass, how_to_play_ui);
}

fn toggle_how_to_play(mut toggles: MessageReader<ToggleHowToPlay>, mut open: ResMut<HowToPlayOpen>) {
    for _ in toggles.read() {
        open.0 = !open.0;
    }
}

/// A diagram: a position, a path the moving piece takes, and the points whose pieces it captures.
struct Diagram {
    position: &'static str,
    path: &'static [&'static str],
    captured: &'static [&'static str],
}

/// One section of the text: a heading, paragraphs, and an optional diagram with its caption.
struct Section {
    heading: Text,
    text: Vec<Text>,
    diagram: Option<(Diagram, Text)>,
}

/// The sections of the page, their words as message ids (`rules.ftl`).
fn sections() -> Vec<Section> {
    vec![
        Section {
            heading: text!("rules-board-heading"),
            text: vec![text!("rules-board-lattice"), text!("rules-board-points")],
            diagram: Some((
                Diagram { position: "5/5/5/5/5 w", path: &[], captured: &[] },
                text!("rules-board-caption"),
            )),
        },
        Section {
            heading: text!("rules-setup-heading"),
            text: vec![text!("rules-setup-text")],
            diagram: Some((
                Diagram { position: "bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w", path: &[], captured: &[] },
                text!("rules-setup-caption"),
            )),
        },
        Section { heading: text!("rules-moving-heading"), text: vec![text!("rules-moving-text")], diagram: None },
        Section {
            heading: text!("rules-approach-heading"),
            text: vec![text!("rules-approach-text")],
            diagram: Some((
                Diagram { position: "5/2b2/2b2/5/2w2 w", path: &["c1", "c2"], captured: &["c3", "c4"] },
                text!("rules-approach-caption"),
            )),
        },
        Section {
            heading: text!("rules-withdrawal-heading"),
            text: vec![text!("rules-withdrawal-text")],
            diagram: Some((
                Diagram { position: "5/2b2/2b2/2w2/5 w", path: &["c2", "c1"], captured: &["c3", "c4"] },
                text!("rules-withdrawal-caption"),
            )),
        },
        Section {
            heading: text!("rules-chains-heading"),
            text: vec![text!("rules-chains-text")],
            diagram: Some((
                Diagram {
                    position: "4b/5/1b3/3b1/w1b2 w",
                    path: &["a1", "b1", "b2", "c2"],
                    captured: &["c1", "b3", "d2"],
                },
                text!("rules-chains-caption"),
            )),
        },
        Section {
            heading: text!("rules-compulsory-heading"),
            text: vec![text!("rules-compulsory-text")],
            diagram: None,
        },
        Section { heading: text!("rules-winning-heading"), text: vec![text!("rules-winning-text")], diagram: None },
        Section { heading: text!("rules-notation-heading"), text: vec![text!("rules-notation-text")], diagram: None },
        Section {
            heading: text!("rules-variants-heading"),
            text: vec![text!("rules-variants-dimy"), text!("rules-variants-telo"), text!("rules-variants-vela")],
            diagram: None,
        },
    ]
}

/// Draws `diagram` at `size` points wide.
fn draw_diagram(ui: &mut egui::Ui, diagram: &Diagram, highlights: &Highlights, width: f32) {
    let Ok(position) = diagram.position.parse::<Position>() else { return };
    let variant = position.variant();
    let (w, h) = (f32::from(variant.width()), f32::from(variant.height()));
    let spacing = width / (w + 0.4);
    let size = egui::vec2(width, spacing * (h + 0.4));
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let color = theme::colour;
    let at = |p: Point| {
        rect.left_bottom() + egui::vec2(spacing * (0.7 + f32::from(p.x())), -spacing * (0.7 + f32::from(p.y())))
    };
    painter.rect_filled(rect, 6.0, color(palette::WOOD));
    let ink = egui::Stroke::new(1.5, color(palette::INK));
    for (p, q) in crate::board::lattice(variant) {
        painter.line_segment([at(p), at(q)], ink);
    }
    for p in variant.points() {
        let r = if p.is_strong() { 3.5 } else { 2.2 };
        painter.circle_filled(at(p), r, color(palette::INK));
        if let Some(side) = position.piece_at(p) {
            let (body, rim) = match side {
                Side::White => (palette::WHITE_BODY, palette::WHITE_RIM),
                Side::Black => (palette::BLACK_BODY, palette::BLACK_RIM),
            };
            painter.circle(at(p), spacing * 0.32, color(body), egui::Stroke::new(1.5, color(rim)));
        }
    }
    let points: Vec<egui::Pos2> = diagram.path.iter().filter_map(|s| s.parse::<Point>().ok()).map(at).collect();
    let path = egui::Stroke::new(3.0, color(highlights.select));
    for pair in points.windows(2) {
        painter.arrow(pair[0], (pair[1] - pair[0]) * 0.85, path);
    }
    let cross = egui::Stroke::new(2.5, color(highlights.captured));
    for p in diagram.captured.iter().filter_map(|s| s.parse::<Point>().ok()) {
        let c = at(p);
        let d = spacing * 0.2;
        painter.line_segment([c + egui::vec2(-d, -d), c + egui::vec2(d, d)], cross);
        painter.line_segment([c + egui::vec2(-d, d), c + egui::vec2(d, -d)], cross);
    }
}

fn how_to_play_ui(
    mut contexts: EguiContexts,
    mut open: ResMut<HowToPlayOpen>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    keys: Res<KeyMap>,
) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let highlights = Highlights::of(&settings);
    let viewport = ctx.viewport_rect();
    let width = (viewport.width() - 32.0).clamp(240.0, 640.0);
    let mut keep_open = true;
    // The window is known by a fixed id: its title changes with the language.
    egui::Window::new(tr!(locale, "rules-title"))
        .id(egui::Id::new("how-to-play"))
        .open(&mut keep_open)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .fixed_size([width, (viewport.height() - 80.0).max(200.0)])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.label(tr!(locale, "rules-intro"));
                for section in sections() {
                    ui.add_space(8.0);
                    ui.heading(locale.text(&section.heading));
                    for paragraph in &section.text {
                        ui.label(locale.text(paragraph));
                    }
                    if let Some((diagram, caption)) = &section.diagram {
                        let w = if diagram.position.len() > 40 {
                            (width * 0.7).min(400.0)
                        } else {
                            (width * 0.4).min(200.0)
                        };
                        draw_diagram(ui, diagram, highlights, w);
                        ui.label(egui::RichText::new(locale.text(caption)).italics().small());
                    }
                }
                ui.add_space(8.0);
                ui.heading(tr!(locale, "rules-keyboard-heading"));
                // The descriptions wrap within the window rather than widening it.
                egui::Grid::new("keys").num_columns(2).max_col_width(width - 200.0).show(ui, |ui| {
                    for (keys, what) in shortcuts(&locale, &keys) {
                        ui.label(egui::RichText::new(keys).monospace());
                        ui.add(egui::Label::new(what).wrap());
                        ui.end_row();
                    }
                });
                ui.add_space(8.0);
                ui.label(tr!(locale, "rules-tutorial"));
            });
        });
    open.0 &= keep_open;
    Ok(())
}
