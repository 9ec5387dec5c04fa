//! Pieces of interface shared by the screens: the panel beside the board, a side's disc with a text, and the
//! keyboard help.

use bevy_egui::egui;

use fanorona_rules::{DrawReason, Game, Outcome, Side, WinReason};

use super::theme;
use crate::board::drawing::side_color;
use crate::board::layout::UiInsets;
use crate::i18n::{Locale, Text, side_key};
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

/// A player's card, one line where it fits: their piece's colour and name, framed when it is their turn, and the
/// pieces they have taken.
pub fn player_card(ui: &mut egui::Ui, locale: &Locale, side: Side, name: &str, taken: u32, to_move: bool) {
    let frame = egui::Frame::group(ui.style()).inner_margin(egui::Margin::symmetric(6, 2));
    let frame = if to_move { frame.stroke(egui::Stroke::new(2.0, theme::PALE_WOOD)) } else { frame };
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            piece_disc(ui, side, 18.0);
            let name = egui::RichText::new(name);
            ui.label(if to_move { name.strong() } else { name });
            ui.add_space(6.0);
            ui.spacing_mut().item_spacing.x = 1.0;
            ui.label(egui::RichText::new(tr!(locale, "game-took", side = side_key(side), count = taken)).small());
            ui.add_space(3.0);
            for _ in 0..taken {
                piece_disc(ui, !side, 11.0);
            }
        });
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

/// Each side's tray: the pieces it has taken, drawn as small pieces of the other colour.
pub fn trays(ui: &mut egui::Ui, locale: &Locale, game: &Game) {
    let taken = taken(game);
    ui.spacing_mut().item_spacing.x = 1.0;
    for side in Side::BOTH {
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!(locale, "game-took", side = side_key(side), count = taken[side.index()]));
            ui.add_space(4.0);
            for _ in 0..taken[side.index()] {
                piece_disc(ui, !side, 11.0);
            }
        });
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
