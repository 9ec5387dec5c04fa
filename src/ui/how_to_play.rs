//! The how-to-play screen: the rules written for players, with small diagrams drawn from position text.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_rules::{Point, Position, Side};

use super::theme;
use super::widgets::SHORTCUTS;
use crate::AppSystems;
use crate::board::drawing::palette;
use crate::board::highlights::Highlights;
use crate::persistence::settings::Settings;

/// Whether the how-to-play screen is open.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HowToPlayOpen(pub bool);

/// Open or close the how-to-play screen (a key or a button).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToggleHowToPlay;

/// The how-to-play screen.
pub struct HowToPlayPlugin;

impl Plugin for HowToPlayPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<HowToPlayOpen>()
            .add_message::<ToggleHowToPlay>()
            .add_systems(Update, toggle_how_to_play.in_set(AppSystems::Commands))
            .add_systems(EguiPrimaryContextPass, how_to_play_ui);
    }
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
    heading: &'static str,
    text: &'static [&'static str],
    diagram: Option<(Diagram, &'static str)>,
}

const SECTIONS: &[Section] = &[
    Section {
        heading: "The board",
        text: &[
            "Fanorona is played on the points of a lattice, where the lines meet. Pieces stand on points and move along \
             the lines.",
            "Where diagonals cross is a strong point (drawn larger): eight lines meet there. The other points are weak: \
             only four lines, across and up and down.",
        ],
        diagram: Some((Diagram { position: "5/5/5/5/5 w", path: &[], captured: &[] }, "Fanoron-dimy, 5×5")),
    },
    Section {
        heading: "Setting up",
        text: &[
            "Each side has 22 pieces on the 9×5 board of fanoron-tsivy. They fill the board except the centre point; \
             on the middle row they alternate. White moves first.",
        ],
        diagram: Some((
            Diagram { position: "bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w", path: &[], captured: &[] },
            "The start of fanoron-tsivy",
        )),
    },
    Section {
        heading: "Moving",
        text: &[
            "A turn moves one of your pieces one step along a line to the next point, which must be empty. A step that \
             captures nothing is called a paika.",
        ],
        diagram: None,
    },
    Section {
        heading: "Approach",
        text: &[
            "Move towards an enemy piece so that you stop right next to it, on the same line: it is captured, and so is \
             every enemy piece directly behind it on that line, up to the first gap or your own piece.",
        ],
        diagram: Some((
            Diagram { position: "5/2b2/2b2/5/2w2 w", path: &["c1", "c2"], captured: &["c3", "c4"] },
            "c1-c2A takes c3 and c4",
        )),
    },
    Section {
        heading: "Withdrawal",
        text: &[
            "Move straight away from an enemy piece next to you: it is captured, with the enemy pieces in a row behind \
             it. When one step could capture both ways, you choose which line to take.",
        ],
        diagram: Some((
            Diagram { position: "5/2b2/2b2/2w2/5 w", path: &["c2", "c1"], captured: &["c3", "c4"] },
            "c2-c1W takes c3 and c4",
        )),
    },
    Section {
        heading: "Chains",
        text: &[
            "After a capture, the same piece may capture again, and again: a chain. It may not come back to a point it \
             has visited during the turn, and may not step twice in a row in the same direction. You may stop a chain \
             whenever you like (Stop here).",
        ],
        diagram: Some((
            Diagram { position: "4b/5/1b3/3b1/w1b2 w", path: &["a1", "b1", "b2", "c2"], captured: &["c1", "b3", "d2"] },
            "a1-b1A-b2A-c2A: three captures in one turn",
        )),
    },
    Section {
        heading: "Captures are compulsory",
        text: &[
            "If any of your pieces can capture, you must capture (with any piece that can, and either way). Only when \
             no capture is possible may you make a paika. The board rings the pieces that may move.",
        ],
        diagram: None,
    },
    Section {
        heading: "Winning and draws",
        text: &[
            "You win when the opponent has no pieces left, or has no legal turn. The game is a draw after 50 turns in \
             a row without a capture, or when the same position comes for the third time.",
        ],
        diagram: None,
    },
    Section {
        heading: "Notation",
        text: &[
            "Columns are letters from a on the left, rows numbers from 1 at White's side. A paika is written e2-e3; a \
             capture adds A (approach) or W (withdrawal): f2-e3A. A chain goes on from the last point: e3-d3A-c4W. In \
             telo a placement is the point alone, b2.",
        ],
        diagram: None,
    },
    Section {
        heading: "Variants and vela",
        text: &[
            "Fanoron-tsivy (9×5) is the full game; fanoron-dimy (5×5, 12 pieces each) is a shorter one with the same \
             rules.",
            "Fanoron-telo (3×3) is how children learn: each player places three pieces, then moves them one step at a \
             time; three in a line wins. Nothing is captured.",
            "Vela is the traditional handicap: after a loss, the winner of the previous game may only make paika moves \
             (no captures) until it has lost 17 pieces. Vela games are never rated.",
        ],
        diagram: None,
    },
];

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

fn how_to_play_ui(mut contexts: EguiContexts, mut open: ResMut<HowToPlayOpen>, settings: Res<Settings>) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let highlights = Highlights::of(&settings);
    let viewport = ctx.viewport_rect();
    let width = (viewport.width() - 32.0).clamp(240.0, 640.0);
    let mut keep_open = true;
    egui::Window::new("How to play")
        .open(&mut keep_open)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .fixed_size([width, (viewport.height() - 80.0).max(200.0)])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.label(
                    "Fanorona is the national board game of Madagascar: two players, White and Black, capture each \
                     other's pieces by moving towards them or away from them.",
                );
                for section in SECTIONS {
                    ui.add_space(8.0);
                    ui.heading(section.heading);
                    for paragraph in section.text {
                        ui.label(*paragraph);
                    }
                    if let Some((diagram, caption)) = &section.diagram {
                        let w = if diagram.position.len() > 40 {
                            (width * 0.7).min(400.0)
                        } else {
                            (width * 0.4).min(200.0)
                        };
                        draw_diagram(ui, diagram, highlights, w);
                        ui.label(egui::RichText::new(*caption).italics().small());
                    }
                }
                ui.add_space(8.0);
                ui.heading("Keyboard");
                // The descriptions wrap within the window rather than widening it.
                egui::Grid::new("keys").num_columns(2).max_col_width(width - 200.0).show(ui, |ui| {
                    for (keys, what) in SHORTCUTS {
                        ui.label(egui::RichText::new(*keys).monospace());
                        ui.add(egui::Label::new(*what).wrap());
                        ui.end_row();
                    }
                });
                ui.add_space(8.0);
                ui.label("The tutorial in the main menu teaches all of this on the board, one step at a time.");
            });
        });
    open.0 &= keep_open;
    Ok(())
}
