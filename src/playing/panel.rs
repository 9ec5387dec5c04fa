//! The game panel: whose turn, piece counts, the move list, and the buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::analysis::AnalysisCommand;
use crate::audio::ToggleSound;
use crate::board::FlipBoard;
use crate::board::layout::UiInsets;
use crate::game::commands::GameCommand;
use crate::game::computer::HintRequest;
use crate::game::computer::{Purpose, Thinking};
use crate::game::files::{CopyGame, CopyPosition, GameFileCommand, ToggleOpenGame};
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::i18n::{Locale, side_key};
use crate::keys::{KeyMap, shortcuts};
use crate::persistence::profile::Profile;
use crate::persistence::settings::Settings;
use crate::review::ReviewCommand;
use crate::screens::AppState;
use crate::screens::ShowMenu;
use crate::tr;
use crate::ui::ToggleHowToPlay;
use crate::ui::moves::move_list;
use crate::ui::widgets::{board_side_panel, outcome_text, side_line, trays};

/// The panel beside the board.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, panel_ui.run_if(in_state(AppState::Playing)));
}

#[allow(clippy::too_many_arguments)]
fn panel_ui(
    mut contexts: EguiContexts,
    session: Res<Session>,
    thinking: Res<Thinking>,
    mut insets: ResMut<UiInsets>,
    mut commands: Commands,
    settings: Res<Settings>,
    profile: Res<Profile>,
    locale: Res<Locale>,
    keys: Res<KeyMap>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let position = *session.position();
    let locale = &*locale;
    // What the Undo and Hint buttons say about the rating.
    let unrated = tr!(locale, "game-unrated-warning");
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        let vela = position.vela_active().map_or("none", side_key);
        ui.heading(tr!(locale, "game-title", variant = position.variant().name(), vela = vela));
        let [white, black] = session.players.map(|p| locale.text(&p.describe()));
        ui.label(tr!(locale, "game-players", white = white, black = black));
        if session.is_rated() {
            let rating = profile.rating.rating.round() as i64;
            ui.label(egui::RichText::new(tr!(locale, "game-rated", rating = rating)).small());
        }
        ui.separator();
        match session.outcome() {
            Some(outcome) => {
                ui.label(egui::RichText::new(locale.text(&outcome_text(outcome))).strong());
            }
            None => {
                let side = position.side_to_move();
                side_line(ui, side, &tr!(locale, "game-to-move", side = side_key(side)));
                if thinking.is(Purpose::Move) {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(tr!(locale, "game-thinking"));
                    });
                } else if session.builder.can_stop() {
                    ui.label(tr!(locale, "game-capture-again"));
                } else if position.must_capture() && session.human_to_move() {
                    ui.label(tr!(locale, "game-must-capture"));
                } else if position.is_placing() {
                    ui.label(tr!(locale, "game-place"));
                }
            }
        }
        trays(ui, locale, session.game());
        let quiet = position.quiet_turns();
        if quiet > 0 {
            ui.label(egui::RichText::new(tr!(locale, "game-quiet-turns", count = quiet)).small().weak());
        }
        ui.add_space(4.0);
        if ui.add_enabled(session.builder.can_stop(), egui::Button::new(tr!(locale, "game-stop-here"))).clicked() {
            commands.write_message(TurnCommand::Stop);
        }
        ui.separator();
        // Buttons two to a row in columns of half the panel each, their words wrapping within: a longer language
        // (French runs a third longer than English) must not push the second column off the panel.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        button_grid(ui, "buttons").show(ui, |ui| {
            let undo = ui.add_enabled(session.game().can_undo(), egui::Button::new(tr!(locale, "game-undo")));
            if undo.on_hover_text(&unrated).clicked() {
                commands.write_message(GameCommand::Undo);
            }
            if ui.add_enabled(session.game().can_redo(), egui::Button::new(tr!(locale, "game-redo"))).clicked() {
                commands.write_message(GameCommand::Redo);
            }
            ui.end_row();
            let can_hint = session.human_to_move() && !thinking.is(Purpose::Hint);
            let hint = ui.add_enabled(can_hint, egui::Button::new(tr!(locale, "game-hint")));
            if hint.on_hover_text(&unrated).clicked() {
                commands.write_message(HintRequest);
            }
            if ui.button(tr!(locale, "game-flip")).clicked() {
                commands.write_message(FlipBoard);
            }
            ui.end_row();
            if ui.add_enabled(!session.is_over(), egui::Button::new(tr!(locale, "game-resign"))).clicked() {
                commands.write_message(GameCommand::Resign);
            }
            if ui.button(tr!(locale, "game-new-game")).clicked() {
                commands.write_message(ShowMenu);
            }
            ui.end_row();
            if ui.button(tr!(locale, "game-save")).on_hover_text(tr!(locale, "game-save-about")).clicked() {
                commands.write_message(GameCommand::Save);
            }
            if ui.button(tr!(locale, "game-load")).on_hover_text(tr!(locale, "game-load-about")).clicked() {
                commands.write_message(GameCommand::Load);
            }
            ui.end_row();
            let sound = if settings.sound { tr!(locale, "game-sound-on") } else { tr!(locale, "game-sound-off") };
            if ui.button(sound).clicked() {
                commands.write_message(ToggleSound);
            }
            if ui.button(tr!(locale, "how-to-play")).clicked() {
                commands.write_message(ToggleHowToPlay);
            }
            ui.end_row();
        });
        // Sharing and files two to a row, like the buttons above: three to a row overflow the narrow panel.
        button_grid(ui, "files").show(ui, |ui| {
            let copy_game = ui.button(tr!(locale, "game-copy-game"));
            if copy_game.on_hover_text(tr!(locale, "game-copy-game-about")).clicked() {
                commands.write_message(CopyGame);
            }
            let copy = ui.button(tr!(locale, "game-copy-position"));
            if copy.on_hover_text(tr!(locale, "game-copy-position-about")).clicked() {
                commands.write_message(CopyPosition);
            }
            ui.end_row();
            if ui.button(tr!(locale, "game-open")).on_hover_text(tr!(locale, "game-open-about")).clicked() {
                commands.write_message(ToggleOpenGame);
            }
            let (save, hint) = if cfg!(target_arch = "wasm32") {
                (tr!(locale, "game-download"), tr!(locale, "game-download-about"))
            } else {
                (tr!(locale, "game-save-file"), tr!(locale, "game-save-file-about"))
            };
            if ui.button(save).on_hover_text(hint).clicked() {
                commands.write_message(GameFileCommand::Save);
            }
            ui.end_row();
            let review =
                ui.add_enabled(!session.game().turns().is_empty(), egui::Button::new(tr!(locale, "game-review")));
            if review.on_hover_text(tr!(locale, "game-review-about")).clicked() {
                commands.write_message(ReviewCommand::Open);
            }
            let analyse = ui.button(tr!(locale, "game-analyse"));
            if analyse.on_hover_text(tr!(locale, "game-analyse-about")).clicked() {
                commands.write_message(AnalysisCommand::Open);
            }
            ui.end_row();
        });
        ui.separator();
        if let Some(ply) = move_list(ui, locale, session.game().start(), session.game().turns(), true) {
            commands.write_message(ReviewCommand::OpenAt(ply));
        }
        ui.collapsing(tr!(locale, "game-keyboard"), |ui| {
            egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
                for (keys, what) in shortcuts(locale, &keys) {
                    ui.label(egui::RichText::new(keys).monospace());
                    ui.add(egui::Label::new(what).wrap());
                    ui.end_row();
                }
            });
        });
    };
    insets.set_if_neq(board_side_panel(ctx, "game-panel", contents));
    Ok(())
}

/// A grid of two equal columns that share the panel's width.
fn button_grid(ui: &egui::Ui, id: &str) -> egui::Grid {
    let half = ((ui.available_width() - ui.spacing().item_spacing.x) / 2.0).max(40.0);
    egui::Grid::new(id).num_columns(2).min_col_width(half).max_col_width(half)
}

#[cfg(test)]
mod tests {
    use crate::ui::widgets::taken;
    use fanorona_rules::{Game, Variant};

    #[test]
    fn the_trays_count_what_each_side_took() {
        let mut game = Game::of_variant(Variant::Tsivy);
        assert_eq!(taken(&game), [0, 0]);
        game.play_notation("d2-e3A").expect("a legal turn");
        assert_eq!(taken(&game), [2, 0], "f4 and g5");
        game.play_notation("f5-f4A").expect("a legal turn");
        assert_eq!(taken(&game), [2, 3], "f3, f2 and f1");
    }
}
