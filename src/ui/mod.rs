//! The interface, drawn with egui: the main menu, the game panel, the tutorial panel, the how-to-play screen, and
//! the dialogs.

mod dialogs;
mod menu;
mod panel;
pub mod rules;
mod tutorial;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::visuals::UiInsets;

/// All of the interface.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            menu::MenuUiPlugin,
            panel::PanelUiPlugin,
            dialogs::DialogsPlugin,
            rules::RulesUiPlugin,
            tutorial::TutorialUiPlugin,
        ));
    }
}

/// Shows a panel beside the board: to the left, or below the board on a narrow screen (a phone). Returns the room
/// it takes, for fitting the board.
pub(crate) fn board_side_panel(ctx: &egui::Context, id: &str, contents: impl FnOnce(&mut egui::Ui)) -> UiInsets {
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
        UiInsets { left: 0.0, top: 0.0, bottom: height }
    } else {
        let width = egui::Panel::left(id.to_owned())
            .resizable(false)
            .exact_size(250.0)
            .show(&mut root, contents)
            .response
            .rect
            .width();
        UiInsets { left: width, top: 0.0, bottom: 0.0 }
    }
}

/// A disc in a side's piece colour followed by a text, for "White to move" and the like.
pub(crate) fn side_line(ui: &mut egui::Ui, side: fanorona_rules::Side, text: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        let [r, g, b, _] = crate::visuals::side_color(side).to_srgba().to_u8_array();
        ui.painter().circle(
            rect.center(),
            7.0,
            egui::Color32::from_rgb(r, g, b),
            egui::Stroke::new(1.5, egui::Color32::GRAY),
        );
        ui.label(egui::RichText::new(text).strong());
    });
}
