//! The game panel: whose turn, piece counts, the move list, and the buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_rules::Side;

use super::actions::{Action, Actions};
use super::widgets::{SHORTCUTS, board_side_panel, side_line};
use crate::analysis::AnalysisCommand;
use crate::board::layout::UiInsets;
use crate::game::commands::GameCommand;
use crate::game::computer::{Purpose, Thinking};
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::persistence::profile::Profile;
use crate::persistence::settings::Settings;
use crate::review::ReviewCommand;
use crate::screens::AppState;

/// The panel beside the board.
pub struct PanelUiPlugin;

impl Plugin for PanelUiPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(EguiPrimaryContextPass, panel_ui.run_if(in_state(AppState::Playing)));
    }
}

/// What the Undo and Hint buttons say about the rating.
const UNRATED: &str = "Using this makes a rated game unrated";

fn panel_ui(
    mut contexts: EguiContexts,
    session: Res<Session>,
    thinking: Res<Thinking>,
    mut insets: ResMut<UiInsets>,
    mut actions: Actions,
    settings: Res<Settings>,
    profile: Res<Profile>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let position = *session.position();
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        let vela = position.vela_active().map(|s| format!(" — vela: {s} handicapped")).unwrap_or_default();
        ui.heading(format!("Fanoron-{}{vela}", position.variant()));
        ui.label(format!("{} vs {}", session.players[0], session.players[1]));
        if session.is_rated() {
            ui.label(egui::RichText::new(format!("Rated · your rating {:.0}", profile.rating.rating)).small());
        }
        ui.separator();
        match session.outcome() {
            Some(outcome) => {
                ui.label(egui::RichText::new(outcome.to_string()).strong());
            }
            None => {
                let side = position.side_to_move();
                side_line(ui, side, &format!("{side} to move"));
                if thinking.is(Purpose::Move) {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("The computer is thinking…");
                    });
                } else if session.builder.can_stop() {
                    ui.label("Capture again with the same piece, or stop.");
                } else if position.must_capture() && session.human_to_move() {
                    ui.label("A capture is possible, so you must capture.");
                } else if position.is_placing() {
                    ui.label("Place a piece on an empty point.");
                }
            }
        }
        let board = session.board();
        ui.label(format!(
            "Pieces: White {} · Black {}   ({} turns without capture)",
            board.pieces(Side::White).len(),
            board.pieces(Side::Black).len(),
            position.quiet_turns()
        ));
        ui.add_space(4.0);
        if ui.add_enabled(session.builder.can_stop(), egui::Button::new("Stop here (Space)")).clicked() {
            actions.send(Action::Turn(TurnCommand::Stop));
        }
        ui.separator();
        egui::Grid::new("buttons").num_columns(2).show(ui, |ui| {
            let undo = ui.add_enabled(session.game().can_undo(), egui::Button::new("Undo"));
            if undo.on_hover_text(UNRATED).clicked() {
                actions.send(Action::Game(GameCommand::Undo));
            }
            if ui.add_enabled(session.game().can_redo(), egui::Button::new("Redo")).clicked() {
                actions.send(Action::Game(GameCommand::Redo));
            }
            ui.end_row();
            let can_hint = session.human_to_move() && !thinking.is(Purpose::Hint);
            if ui.add_enabled(can_hint, egui::Button::new("Hint")).on_hover_text(UNRATED).clicked() {
                actions.send(Action::Hint);
            }
            if ui.button("Flip board").clicked() {
                actions.send(Action::Flip);
            }
            ui.end_row();
            if ui.add_enabled(!session.is_over(), egui::Button::new("Resign")).clicked() {
                actions.send(Action::Game(GameCommand::Resign));
            }
            if ui.button("New game").clicked() {
                actions.send(Action::Menu);
            }
            ui.end_row();
            if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                actions.send(Action::Game(GameCommand::Save));
            }
            if ui.button("Load").on_hover_text("Ctrl+O").clicked() {
                actions.send(Action::Game(GameCommand::Load));
            }
            ui.end_row();
            if ui.button(if settings.sound { "Sound: on" } else { "Sound: off" }).clicked() {
                actions.send(Action::Sound);
            }
            if ui.button("How to play").clicked() {
                actions.send(Action::HowToPlay);
            }
            ui.end_row();
        });
        // Sharing and files two to a row, like the buttons above: three to a row overflow the narrow panel.
        egui::Grid::new("files").num_columns(2).show(ui, |ui| {
            if ui.button("Copy game").on_hover_text("The game as text, to share or open elsewhere (Shift+C)").clicked()
            {
                actions.send(Action::CopyGame);
            }
            if ui.button("Copy position").on_hover_text("The position text (C)").clicked() {
                actions.send(Action::Copy);
            }
            ui.end_row();
            if ui.button("Open a game…").on_hover_text("Paste a game's text or open a game file (I)").clicked() {
                actions.send(Action::OpenGame);
            }
            let (save, hint) = if cfg!(target_arch = "wasm32") {
                ("Download game", "The game as a text file, to keep or share (Shift+S)")
            } else {
                ("Save as file", "The game as a new text file in your documents' Fanorona folder (Shift+S)")
            };
            if ui.button(save).on_hover_text(hint).clicked() {
                actions.send(Action::SaveGameFile);
            }
            ui.end_row();
            let review = ui.add_enabled(!session.game().turns().is_empty(), egui::Button::new("Review"));
            if review.on_hover_text("The engine goes through the game: where it turned, and better turns (V)").clicked()
            {
                actions.send(Action::Review(ReviewCommand::Open));
            }
            if ui.button("Analyse").on_hover_text("This position on the analysis board (B)").clicked() {
                actions.send(Action::Analysis(AnalysisCommand::Open));
            }
            ui.end_row();
        });
        ui.separator();
        ui.label("Moves");
        egui::ScrollArea::vertical().max_height(ui.available_height() - 40.0).stick_to_bottom(true).show(ui, |ui| {
            let turns = session.game().turns();
            egui::Grid::new("moves").num_columns(3).striped(true).show(ui, |ui| {
                for (i, pair) in turns.chunks(2).enumerate() {
                    ui.label(format!("{}.", i + 1));
                    for (j, t) in pair.iter().enumerate() {
                        let text = egui::RichText::new(t.to_string()).monospace();
                        let current = i * 2 + j + 1 == turns.len();
                        ui.label(if current { text.strong().underline() } else { text });
                    }
                    ui.end_row();
                }
            });
        });
        ui.collapsing("Keyboard", |ui| {
            for (keys, what) in SHORTCUTS {
                ui.label(format!("{keys}: {what}"));
            }
        });
    };
    insets.set_if_neq(board_side_panel(ctx, "game-panel", contents));
    Ok(())
}
