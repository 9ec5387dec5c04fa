//! The interface, drawn with egui: the main menu, the game panel, and the dialogs.

mod dialogs;
mod menu;
mod panel;

use bevy::prelude::*;
use bevy_egui::egui;

/// All of the interface.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((menu::MenuUiPlugin, panel::PanelUiPlugin, dialogs::DialogsPlugin));
    }
}

/// A root `Ui` covering the whole window, for panels (egui 0.36 shows panels inside a `Ui`).
pub(crate) fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    )
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
