//! Dialogs over the board: the approach/withdrawal choice, the end of the game, and notices.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_rules::CaptureKind;

use crate::animation::Animations;
use crate::control::GameCommand;
use crate::session::Session;
use crate::session::capture_line;
use crate::state::AppState;
use crate::storage::Notices;
use crate::turn::TurnCommand;

/// Whether the game-over dialog was closed (to look at the final board).
#[derive(Resource, Default, Debug)]
pub struct GameOverClosed(pub bool);

/// The dialogs.
pub struct DialogsPlugin;

impl Plugin for DialogsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<GameOverClosed>().add_systems(
            EguiPrimaryContextPass,
            (notices_ui, (choice_ui, game_over_ui).run_if(in_state(AppState::Playing))),
        );
    }
}

fn choice_ui(mut contexts: EguiContexts, session: Res<Session>, mut turn: MessageWriter<TurnCommand>) -> Result {
    let Some(pair) = session.choice else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Capture which line?")
        .anchor(egui::Align2::CENTER_TOP, [120.0, 12.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("This move can capture in two ways. Choose one (or click a piece of the line on the board):");
            ui.horizontal(|ui| {
                for step in pair {
                    let n = capture_line(session.board(), step).len();
                    let (name, key, color) = match step.capture() {
                        Some(CaptureKind::Approach) => ("Approach", "A", crate::visuals::palette::APPROACH),
                        _ => ("Withdrawal", "W", crate::visuals::palette::WITHDRAWAL),
                    };
                    let [r, g, b, _] = color.to_srgba().to_u8_array();
                    let label = egui::RichText::new(format!("{name}: takes {n} ({key})"))
                        .color(egui::Color32::from_rgb(r, g, b));
                    if ui.button(label).clicked() {
                        turn.write(TurnCommand::Choose(step.capture().unwrap_or(CaptureKind::Approach)));
                    }
                }
                if ui.button("Cancel (Esc)").clicked() {
                    turn.write(TurnCommand::Cancel);
                }
            });
        });
    Ok(())
}

fn game_over_ui(
    mut contexts: EguiContexts,
    session: Res<Session>,
    animations: Res<Animations>,
    mut closed: ResMut<GameOverClosed>,
    mut game: MessageWriter<GameCommand>,
) -> Result {
    let Some(outcome) = session.game.outcome() else {
        closed.0 = false;
        return Ok(());
    };
    if closed.0 || animations.busy() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_TOP, [120.0, 24.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(outcome.to_string());
            ui.label(format!("Result {} after {} turns.", outcome.score(), session.game.turns().len()));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("New game").clicked() {
                    game.write(GameCommand::Menu);
                }
                if ui.button("Rematch").clicked() {
                    game.write(GameCommand::Rematch);
                }
                if ui.button("Look at the board").clicked() {
                    closed.0 = true;
                }
            });
        });
    Ok(())
}

fn notices_ui(mut contexts: EguiContexts, mut notices: ResMut<Notices>) -> Result {
    if notices.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut dismissed = false;
    egui::Window::new("Note")
        .anchor(egui::Align2::CENTER_BOTTOM, [120.0, -16.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            for notice in &notices.0 {
                ui.label(notice);
            }
            dismissed = ui.button("OK").clicked();
        });
    if dismissed {
        notices.0.clear();
    }
    Ok(())
}
