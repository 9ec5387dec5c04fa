//! The dialogs every board shares: the approach/withdrawal choice and questions before something is replaced.
//! (Notices are toasts, in [`super::toasts`]; the kept game's own dialogs are in `playing`.)

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_rules::CaptureKind;

use super::theme;
use super::widgets::{board_centre, dialog_width};
use crate::board::highlights::Highlights;
use crate::board::layout::UiInsets;
use crate::game::commands::{GameCommand, PendingConfirmation};
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::i18n::Locale;
use crate::persistence::settings::Settings;
use crate::screens::OnBoard;
use crate::tr;

/// The dialogs.
pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (confirmation_ui, choice_ui.run_if(in_state(OnBoard))));
}

/// Asks before a command replaces a game or the saved game.
fn confirmation_ui(
    mut contexts: EguiContexts,
    pending: Res<PendingConfirmation>,
    insets: Res<UiInsets>,
    mut game: MessageWriter<GameCommand>,
    locale: Res<Locale>,
) -> Result {
    let Some(what) = pending.0 else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(tr!(locale, "game-are-you-sure"))
        .anchor(egui::Align2::CENTER_CENTER, [board_centre(ctx, &insets), 0.0])
        .max_width(dialog_width(ctx))
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(locale.text(&what.question()));
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                if ui.button(locale.text(&what.action())).clicked() {
                    game.write(GameCommand::Confirm);
                }
                if ui.button(tr!(locale, "game-cancel-esc")).clicked() {
                    game.write(GameCommand::Decline);
                }
            });
        });
    Ok(())
}

fn choice_ui(
    mut contexts: EguiContexts,
    session: Res<Session>,
    settings: Res<Settings>,
    insets: Res<UiInsets>,
    mut turn: MessageWriter<TurnCommand>,
    locale: Res<Locale>,
) -> Result {
    let Some(pair) = session.choice else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let highlights = Highlights::of(&settings);
    egui::Window::new(tr!(locale, "game-choice-title"))
        .anchor(egui::Align2::CENTER_TOP, [board_centre(ctx, &insets), 12.0])
        .max_width(dialog_width(ctx))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(tr!(locale, "game-choice-about"));
            ui.horizontal_wrapped(|ui| {
                for step in pair {
                    let n = session.would_capture(step).len();
                    let (words, color) = match step.capture() {
                        Some(CaptureKind::Approach) => {
                            (tr!(locale, "game-choice-approach", count = n), highlights.approach)
                        }
                        _ => (tr!(locale, "game-choice-withdrawal", count = n), highlights.withdrawal),
                    };
                    let label = egui::RichText::new(words).color(theme::colour(color));
                    if ui.button(label).clicked() {
                        turn.write(TurnCommand::Choose(step.capture().unwrap_or(CaptureKind::Approach)));
                    }
                }
                if ui.button(tr!(locale, "game-cancel-esc")).clicked() {
                    turn.write(TurnCommand::Cancel);
                }
            });
        });
    Ok(())
}
