//! The main menu: variant, vela, opponent, level, side; Start and Continue.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_ai::Level;
use fanorona_rules::{Side, Variant};

use super::actions::{Action, Actions};
use super::how_to_play::HowToPlayOpen;
use super::theme;
use super::widgets::{rating_chart, screen_window};
use crate::analysis::AnalysisCommand;
use crate::game::commands::GameCommand;
use crate::game::saving::CanContinue;
use crate::persistence::profile::{PlayerRating, Profile};
use crate::persistence::settings::{Opponent, Settings, SideChoice, UI_SCALES};
use crate::screens::AppState;
use crate::tutorial::TutorialCommand;

/// The menu screen.
pub struct MenuUiPlugin;

impl Plugin for MenuUiPlugin {
    fn build(&self, app: &mut App) {
        // The menu steps aside while the how-to-play screen is open.
        app.add_systems(
            EguiPrimaryContextPass,
            menu_ui.run_if(in_state(AppState::Menu).and_then(|open: Res<HowToPlayOpen>| !open.0)),
        );
    }
}

fn level_combo(ui: &mut egui::Ui, id: &str, level: &mut Level) {
    egui::ComboBox::from_id_salt(id).selected_text(capitalise(level.name())).show_ui(ui, |ui| {
        for l in Level::ALL {
            ui.selectable_value(level, l, capitalise(l.name())).on_hover_text(l.description());
        }
    });
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The person's rating, and a small chart of its history.
fn rating_ui(ui: &mut egui::Ui, rating: &PlayerRating) {
    ui.heading("Your rating");
    if rating.games == 0 {
        ui.label(format!(
            "{:.0}, not yet tested: play tsivy against the computer without undo or hints to be rated.",
            rating.rating
        ));
        return;
    }
    let last = rating.history.last().map(|g| {
        let result = match g.score {
            s if s > 0.75 => "won",
            s if s > 0.25 => "drew",
            _ => "lost",
        };
        format!(" · last game {result} against {}", g.opponent)
    });
    ui.label(format!("{:.0} after {} rated games{}", rating.rating, rating.games, last.unwrap_or_default()));
    let values: Vec<f64> = rating.history.iter().map(|g| g.rating).collect();
    rating_chart(ui, &values, 48.0);
}

fn menu_ui(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    profile: Res<Profile>,
    can_continue: Res<CanContinue>,
    mut actions: Actions,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edit a copy so that the settings change (and are saved) only when something really changed.
    let mut s = settings.clone();
    screen_window(ctx, "Fanorona", 500.0, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(theme::title("Fanorona"));
            ui.label(egui::RichText::new("The board game of Madagascar").italics().color(theme::PALE_WOOD));
        });
        ui.add_space(4.0);
        ui.separator();
        ui.heading("Board");
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut s.variant, Variant::Tsivy, "Tsivy 9×5")
                .on_hover_text("The standard game, 22 pieces each");
            ui.radio_value(&mut s.variant, Variant::Dimy, "Dimy 5×5").on_hover_text("A shorter game, 12 pieces each");
            ui.radio_value(&mut s.variant, Variant::Telo, "Telo 3×3")
                .on_hover_text("Place three, then move: make a line");
        });
        ui.add_enabled_ui(s.variant == Variant::Tsivy, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut s.vela, "Vela handicap").on_hover_text(
                    "The previous winner makes only paika moves (no captures) until it has 5 pieces left",
                );
                ui.add_enabled_ui(s.vela, |ui| {
                    ui.label("handicapped:");
                    ui.radio_value(&mut s.vela_side, Side::White, "White");
                    ui.radio_value(&mut s.vela_side, Side::Black, "Black");
                });
            });
        });
        ui.add_space(8.0);
        ui.heading("Players");
        ui.radio_value(&mut s.opponent, Opponent::Computer, "Play against the computer");
        ui.radio_value(&mut s.opponent, Opponent::Human, "Two people on this device");
        ui.radio_value(&mut s.opponent, Opponent::ComputerVsComputer, "Watch the computer play itself");
        match s.opponent {
            Opponent::Computer => {
                ui.horizontal(|ui| {
                    ui.label("Level:");
                    level_combo(ui, "level", &mut s.level);
                });
                ui.label(egui::RichText::new(s.level.description()).small().color(theme::PALE_WOOD));
                ui.horizontal_wrapped(|ui| {
                    ui.label("You play:");
                    ui.radio_value(&mut s.side, SideChoice::White, "White (first)");
                    ui.radio_value(&mut s.side, SideChoice::Black, "Black");
                    ui.radio_value(&mut s.side, SideChoice::Random, "Random");
                });
            }
            Opponent::ComputerVsComputer => {
                ui.horizontal(|ui| {
                    ui.label("White:");
                    level_combo(ui, "white-level", &mut s.level);
                    ui.label("Black:");
                    level_combo(ui, "black-level", &mut s.second_level);
                });
            }
            Opponent::Human => {}
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.label("Animation speed:");
            ui.add(egui::Slider::new(&mut s.animation_speed, 0.5..=3.0).step_by(0.25));
        });
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut s.sound, "Sound");
            ui.checkbox(&mut s.colour_blind, "Colour-blind friendly colours");
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Text size:").on_hover_text("The size of the menus and panels (the board fits the window)");
            for scale in UI_SCALES {
                ui.selectable_value(&mut s.ui_scale, scale, format!("{:.0}%", scale * 100.0));
            }
        });
        ui.add_space(8.0);
        rating_ui(ui, &profile.rating);
        ui.add_space(12.0);
        ui.horizontal_wrapped(|ui| {
            let start = egui::Button::new(egui::RichText::new("Start").heading().color(theme::IVORY))
                .fill(theme::MALAGASY_GREEN)
                .min_size(egui::vec2(120.0, 40.0));
            if ui.add(start).clicked() {
                actions.send(Action::Game(GameCommand::Start));
            }
            if can_continue.saved && ui.button("Continue the last game").clicked() {
                actions.send(Action::Game(GameCommand::Continue));
            }
            if ui.button("Play online").on_hover_text("Play people through a game server").clicked() {
                actions.send(Action::PlayOnline);
            }
        });
        ui.add_space(8.0);
        ui.horizontal_wrapped(|ui| {
            let new_player = profile.lessons_done.is_empty();
            let label = if new_player { "New to fanorona? Learn to play" } else { "Tutorial" };
            if ui.button(label).clicked() {
                actions.send(Action::Tutorial(TutorialCommand::Open));
            }
            if ui.button("How to play").clicked() {
                actions.send(Action::HowToPlay);
            }
            if ui.button("Analysis board").on_hover_text("Set up any position; the engine's best lines").clicked() {
                actions.send(Action::Analysis(AnalysisCommand::Open));
            }
        });
    });
    if s != *settings {
        *settings = s;
    }
    Ok(())
}
