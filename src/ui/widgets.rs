//! Pieces of interface shared by the screens: the panel beside the board, a side's disc with a text, and the
//! keyboard help.

use bevy::ecs::system::SystemParam;
use bevy::prelude::{Res, ResMut};
use bevy_egui::{EguiContexts, egui};

use fanorona_rules::{DrawReason, Game, Outcome, Side, WinReason};

use super::theme;
use crate::board::drawing::side_color;
use crate::board::layout::UiInsets;
use crate::i18n::{Locale, Text, side_key};
use crate::persistence::settings::Settings;
use crate::{text, tr};

/// The width of the panel beside the board, in points.
const PANEL_WIDTH: f32 = 300.0;

/// A screen of its own in the middle of the window (the menu, the lobby): at most `max_width` wide, scrolling when a
/// small window or a large UI size leaves too little room for it.
pub fn screen_window(ctx: &egui::Context, id: &str, max_width: f32, contents: impl FnOnce(&mut egui::Ui)) {
    let viewport = ctx.viewport_rect();
    let max_height = (viewport.height() - 72.0).max(200.0);
    let width = (viewport.width() - 56.0).min(max_width);
    egui::Window::new(id)
        .title_bar(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().max_height(max_height).min_scrolled_height(max_height).show(ui, contents);
        });
}

/// The player's rating before and after a game, as the game-over dialogs say it.
pub fn rating_change_text(locale: &Locale, before: f64, after: f64) -> String {
    let change = format!("{:+.0}", after - before);
    tr!(locale, "game-rating-change", before = before.round() as i64, after = after.round() as i64, change = change)
}

/// How a game ended, in words (the rules' own `Display` is English only).
pub fn outcome_text(outcome: Outcome) -> Text {
    match outcome {
        Outcome::Win { winner, reason } => {
            let winner = side_key(winner);
            match reason {
                WinReason::AllCaptured => text!("game-outcome-all-captured", winner = winner),
                WinReason::NoLegalTurn => text!("game-outcome-no-legal-turn", winner = winner),
                WinReason::TeloLine => text!("game-outcome-telo-line", winner = winner),
                WinReason::Resignation => text!("game-outcome-resignation", winner = winner),
            }
        }
        Outcome::Draw(DrawReason::FiftyTurns) => text!("game-outcome-fifty-turns"),
        Outcome::Draw(DrawReason::Repetition) => text!("game-outcome-repetition"),
    }
}

/// What a screen's side panel is drawn with: egui, the room it leaves the board, the language and the settings (its
/// colours).
#[derive(SystemParam)]
pub struct SidePanel<'w, 's> {
    /// Egui.
    pub contexts: EguiContexts<'w, 's>,
    /// The room the panel leaves the board, set by [`board_side_panel`]'s answer.
    pub insets: ResMut<'w, UiInsets>,
    /// The language.
    pub locale: Res<'w, Locale>,
    /// The settings.
    pub settings: Res<'w, Settings>,
}

/// What a dialog over the board is drawn with: egui, the room the panels leave the board (the dialog centres on
/// it), and the language.
#[derive(SystemParam)]
pub struct OverBoard<'w, 's> {
    /// Egui.
    pub contexts: EguiContexts<'w, 's>,
    /// The room the panels leave the board.
    pub insets: Res<'w, UiInsets>,
    /// The language.
    pub locale: Res<'w, Locale>,
}

/// Shows a panel beside the board: to the left, or below the board on a narrow screen (a phone, or a large UI size).
/// Returns the room it takes in the window's logical pixels (egui's points times the UI size), for fitting the
/// board.
pub fn board_side_panel(ctx: &egui::Context, id: &str, contents: impl FnOnce(&mut egui::Ui)) -> UiInsets {
    let zoom = ctx.zoom_factor();
    // egui 0.36 shows panels inside a `Ui`: a root one covering the whole window.
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    if ctx.viewport_rect().width() < 700.0 {
        let height = (ctx.viewport_rect().height() * 0.36).max(120.0);
        egui::Panel::bottom(format!("{id}-bottom")).exact_size(height).resizable(false).show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, contents);
        });
        UiInsets { left: 0.0, top: 0.0, bottom: height * zoom }
    } else {
        let width = egui::Panel::left(id.to_owned())
            .resizable(false)
            .exact_size(PANEL_WIDTH)
            .show(&mut root, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    contents(ui);
                });
            })
            .response
            .rect
            .width();
        UiInsets { left: width * zoom, top: 0.0, bottom: 0.0 }
    }
}

/// The id of the move box, the window over the panel that the toasts stand above.
pub const MOVE_BOX: &str = "move-box";

/// The height over the panel that a box standing there leaves for the toasts above it, in points: a toast of two
/// lines.
pub const TOAST_ROOM: f32 = 72.0;

/// The room between a box over the panel and the panel's edges, in points.
const OVER_PANEL_MARGIN: f32 = 8.0;

/// The room over the panel beside the board (left of it on a wide window, below it on a narrow one) that a box
/// shown during play may take, in points: the panel less a margin, and less `below` points at its bottom, where
/// another box stands. The panel scrolls, so what the box hides there stays within reach; the board's points are
/// never under it. None when no panel is shown (the menus).
pub fn room_over_panel(ctx: &egui::Context, insets: &UiInsets, below: f32) -> Option<egui::Rect> {
    let zoom = ctx.zoom_factor();
    let screen = ctx.viewport_rect();
    let panel = if insets.left > 0.0 {
        egui::Rect::from_min_max(screen.min, egui::pos2(screen.left() + insets.left / zoom, screen.bottom()))
    } else if insets.bottom > 0.0 {
        egui::Rect::from_min_max(egui::pos2(screen.left(), screen.bottom() - insets.bottom / zoom), screen.max)
    } else {
        return None;
    };
    let room = panel.shrink(OVER_PANEL_MARGIN);
    Some(egui::Rect::from_min_max(room.min, egui::pos2(room.right(), (room.bottom() - below).max(room.top()))))
}

/// The offset that puts an area anchored at its bottom left corner (`egui::Align2::LEFT_BOTTOM`) at the bottom left
/// of `room`.
pub fn bottom_left_of(ctx: &egui::Context, room: egui::Rect) -> egui::Vec2 {
    let screen = ctx.viewport_rect();
    egui::vec2(room.left() - screen.left(), room.bottom() - screen.bottom())
}

/// The horizontal offset, in points, that centres a dialog or a toast over the board (beside the panel, if one stands
/// to the left).
pub fn board_centre(ctx: &egui::Context, insets: &UiInsets) -> f32 {
    insets.left / 2.0 / ctx.zoom_factor()
}

/// The widest a dialog over the board gets: 480 points, less on a narrow window (a phone), so that it never runs
/// off the screen; its rows of buttons wrap instead.
pub fn dialog_width(ctx: &egui::Context) -> f32 {
    (ctx.viewport_rect().width() - 40.0).min(480.0)
}

/// The shortest a list in a panel gets: a few rows (the panel scrolls when a large UI size leaves less room).
const MIN_LIST_HEIGHT: f32 = 120.0;

/// The height a list in a panel may take: what is left of the panel's visible height under the list's top, less
/// `below` for what follows the list.
pub fn list_height(ui: &egui::Ui, below: f32) -> f32 {
    (ui.clip_rect().bottom() - ui.cursor().top() - below).max(MIN_LIST_HEIGHT)
}

/// A piece of `side` drawn `size` across, in the text's line.
fn piece_disc(ui: &mut egui::Ui, side: Side, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let stroke = egui::Stroke::new((size / 10.0).max(1.0), theme::PALE_WOOD);
    ui.painter().circle(rect.center(), size * 0.44, theme::colour(side_color(side)), stroke);
}

/// A disc in a side's piece colour followed by a text, for "White to move" and the like.
pub fn side_line(ui: &mut egui::Ui, side: Side, text: &str) {
    ui.horizontal(|ui| {
        piece_disc(ui, side, 16.0);
        ui.label(egui::RichText::new(text).strong());
    });
}

/// The size of a taken piece in a tray.
const TAKEN_SIZE: f32 = 11.0;

/// `count` pieces of `side` in a row as wide as what is left of the line: one beside the other while they fit, then
/// overlapping ever closer, so that a tray of every piece a game can take (22) stays one line of the same height.
fn pile(ui: &mut egui::Ui, side: Side, count: u32) {
    let width = ui.available_width().max(TAKEN_SIZE);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, TAKEN_SIZE), egui::Sense::hover());
    let step = match count {
        0 | 1 => 0.0,
        _ => ((width - TAKEN_SIZE) / (count - 1) as f32).min(TAKEN_SIZE + 1.0),
    };
    let stroke = egui::Stroke::new(1.1, theme::PALE_WOOD);
    let fill = theme::colour(side_color(side));
    for i in 0..count {
        let centre = egui::pos2(rect.left() + TAKEN_SIZE / 2.0 + step * i as f32, rect.center().y);
        ui.painter().circle(centre, TAKEN_SIZE * 0.44, fill, stroke);
    }
}

/// A side's tray on one line: "White took 3" and the pieces taken, drawn as small pieces of the other colour.
fn tray(ui: &mut egui::Ui, locale: &Locale, side: Side, taken: u32, text_style: egui::TextStyle) {
    ui.horizontal(|ui| {
        let words = egui::RichText::new(tr!(locale, "game-took", side = side_key(side), count = taken));
        ui.add(egui::Label::new(words.text_style(text_style)).extend());
        ui.add_space(4.0);
        pile(ui, !side, taken);
    });
}

/// A player's card, two lines of the same height whatever happens in the game: their piece's colour and name
/// (shortened to fit), framed when it is their turn; then the pieces they have taken.
pub fn player_card(ui: &mut egui::Ui, locale: &Locale, side: Side, name: &str, taken: u32, to_move: bool) {
    let frame = egui::Frame::group(ui.style()).inner_margin(egui::Margin::symmetric(6, 2));
    let frame = if to_move { frame.stroke(egui::Stroke::new(2.0, theme::PALE_WOOD)) } else { frame };
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.spacing_mut().item_spacing.y = 1.0;
        ui.horizontal(|ui| {
            piece_disc(ui, side, 18.0);
            let name = egui::RichText::new(name);
            ui.add(egui::Label::new(if to_move { name.strong() } else { name }).truncate());
        });
        tray(ui, locale, side, taken, egui::TextStyle::Small);
    });
}

/// The pieces each side has taken so far (White's first), turn by turn.
pub fn taken(game: &Game) -> [u32; 2] {
    let mut taken = [0; 2];
    for pair in game.positions().windows(2) {
        let mover = pair[0].side_to_move();
        let lost = pair[0].pieces(!mover).len().saturating_sub(pair[1].pieces(!mover).len());
        taken[mover.index()] += lost;
    }
    taken
}

/// Each side's tray, a line each.
pub fn trays(ui: &mut egui::Ui, locale: &Locale, game: &Game) {
    let taken = taken(game);
    for side in Side::BOTH {
        tray(ui, locale, side, taken[side.index()], egui::TextStyle::Body);
    }
}

/// A rating's history as a line in a frame, `height` high (nothing for fewer than two ratings): the lowest rating at
/// the bottom and at least 50 points from bottom to top, so that small changes stay small.
pub fn rating_chart(ui: &mut egui::Ui, values: &[f64], height: f32) {
    if values.len() < 2 {
        return;
    }
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width().min(320.0), height), egui::Sense::hover());
    let (lo, hi) = values.iter().fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
    let span = (hi - lo).max(50.0);
    let step = rect.width() / (values.len() - 1) as f32;
    let points: Vec<egui::Pos2> = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            egui::pos2(rect.left() + step * i as f32, rect.bottom() - ((v - lo) / span) as f32 * rect.height())
        })
        .collect();
    let painter = ui.painter_at(rect);
    painter.rect_stroke(rect, 4.0, ui.visuals().widgets.noninteractive.bg_stroke, egui::StrokeKind::Inside);
    painter.line(points, egui::Stroke::new(2.0, theme::PALE_WOOD));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;

    /// Where a player's card lies when drawn in a column `width` points wide, in the game's fonts and style.
    fn card(locale: &Locale, width: f32, name: &str, taken: u32) -> egui::Rect {
        let ctx = egui::Context::default();
        ctx.set_fonts(theme::fonts());
        ctx.set_global_style(theme::style(false));
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(width, 600.0));
        let mut rect = egui::Rect::NOTHING;
        // The fonts are taken up as the first pass begins: the second one measures.
        for _ in 0..2 {
            let input = egui::RawInput { screen_rect: Some(screen), ..Default::default() };
            let mut output = ctx.run_ui(input, |ui| {
                rect = ui.scope(|ui| player_card(ui, locale, Side::Black, name, taken, true)).response.rect;
            });
            // No renderer takes the font's texture.
            output.textures_delta.clear();
        }
        rect
    }

    #[test]
    fn a_card_keeps_its_height_and_width_at_every_count_in_every_language_and_width() {
        // The panel's inside on the desktop and on a phone, and a narrow one.
        for width in [284.0, 374.0, 200.0] {
            for language in Language::CHOICES {
                let locale = Locale::new(language);
                // The longest name a game against the computer shows, and an online player's longest.
                let computer = locale.text(&text!("game-player", kind = "computer", level = "beginner"));
                let name = format!("{computer} {}", "W".repeat(24));
                let empty = card(&locale, width, &name, 0);
                assert!(empty.height() < 60.0, "{language:?} at {width}: two lines, {}", empty.height());
                for taken in 1..=22 {
                    let full = card(&locale, width, &name, taken);
                    assert_eq!(full.height(), empty.height(), "{language:?} at {width}, {taken} taken");
                    assert!(full.width() <= width, "{language:?} at {width}, {taken} taken: {}", full.width());
                }
            }
        }
    }
}
