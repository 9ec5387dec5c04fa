//! The kept game's dialogs: the end of the game (rematch, review, back to the menu) and the box to open a game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::AppSystems;
use crate::board::animation::Animations;
use crate::board::layout::UiInsets;
use crate::game::commands::{GameCommand, OpenGame};
use crate::game::files::{GameFileCommand, ToggleOpenGame};
use crate::game::rating::LastRatingChange;
use crate::game::session::{BoardReset, GameEnded, Session};
use crate::i18n::{Locale, side_key};
use crate::persistence::game_files::GameFiles;
use crate::review::ReviewCommand;
use crate::screens::{AppState, ShowMenu};
use crate::tr;
use crate::ui::widgets::{OverBoard, board_centre, dialog_width, outcome_text, rating_change_text};

/// The box in which a game's text is pasted to open it.
#[derive(Resource, Default, Debug)]
pub struct OpenGameDialog {
    /// Whether it is shown.
    pub open: bool,
    /// What has been pasted or typed so far.
    pub text: String,
    /// The path of a game file typed (the desktop).
    pub path: String,
}

/// Whether the game-over dialog was closed (to look at the final board).
#[derive(Resource, Default, Debug)]
pub struct GameOverClosed(pub bool);

/// The kept game's dialogs.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameOverClosed>()
        .init_resource::<OpenGameDialog>()
        .add_systems(Update, reopen_game_over.in_set(AppSystems::Presentation))
        .add_systems(Update, toggle_open_game.in_set(AppSystems::Commands))
        .add_systems(EguiPrimaryContextPass, (game_over_ui, open_game_ui).run_if(in_state(AppState::Playing)));
}

/// A game that ends, or another game on the board, shows its game-over dialog again.
fn reopen_game_over(
    mut ended: MessageReader<GameEnded>,
    mut resets: MessageReader<BoardReset>,
    mut closed: ResMut<GameOverClosed>,
) {
    if ended.read().count() + resets.read().count() > 0 {
        closed.0 = false;
    }
}

fn game_over_ui(
    mut over: OverBoard,
    session: Res<Session>,
    animations: Res<Animations>,
    rating: Res<LastRatingChange>,
    mut closed: ResMut<GameOverClosed>,
    mut commands: Commands,
) -> Result {
    let Some(outcome) = session.outcome() else { return Ok(()) };
    if closed.0 || animations.busy() {
        return Ok(());
    }
    let OverBoard { contexts, insets, locale } = &mut over;
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(tr!(locale, "game-over"))
        .anchor(egui::Align2::CENTER_TOP, [board_centre(ctx, insets), 24.0])
        .max_width(dialog_width(ctx))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(locale.text(&outcome_text(outcome)));
            let turns = session.game().turns().len();
            ui.label(tr!(locale, "game-result", score = outcome.score(), count = turns));
            if let Some((before, after)) = rating.0 {
                ui.label(rating_change_text(locale, before, after));
            }
            if let Some(winner) = session.vela_offer() {
                ui.add_space(4.0);
                ui.label(tr!(locale, "game-vela-offer", winner = side_key(winner)));
                if ui.button(tr!(locale, "game-vela-play", winner = side_key(winner))).clicked() {
                    commands.write_message(GameCommand::Vela);
                }
            }
            ui.add_space(8.0);
            // Wrapped: the three buttons do not fit one row on a phone in every language.
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr!(locale, "game-new-game")).clicked() {
                    commands.write_message(ShowMenu);
                }
                if ui.button(tr!(locale, "game-rematch")).clicked() {
                    commands.write_message(GameCommand::Rematch);
                }
                if ui.button(tr!(locale, "game-look-at-board")).clicked() {
                    closed.0 = true;
                }
            });
            ui.add_space(4.0);
            if ui.button(tr!(locale, "game-review-game")).clicked() {
                commands.write_message(ReviewCommand::Open);
            }
        });
    Ok(())
}

fn toggle_open_game(
    mut toggles: MessageReader<ToggleOpenGame>,
    mut dialog: ResMut<OpenGameDialog>,
    files: Res<GameFiles>,
) {
    if toggles.read().count() % 2 == 1 {
        dialog.open = !dialog.open;
        // The folder where saved games go, ready for a file's name.
        if dialog.path.is_empty()
            && let Some(folder) = files.folder()
        {
            dialog.path = format!("{}{}", folder.display(), std::path::MAIN_SEPARATOR);
        }
    }
}

/// The box to paste a game in (game text, as "Copy game" gives, or a RON record) and open it.
fn open_game_ui(
    mut contexts: EguiContexts,
    mut dialog: ResMut<OpenGameDialog>,
    insets: Res<UiInsets>,
    mut open: MessageWriter<OpenGame>,
    mut files: MessageWriter<GameFileCommand>,
    locale: Res<Locale>,
) -> Result {
    if !dialog.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let dialog = &mut *dialog;
    egui::Window::new(tr!(locale, "game-open-title"))
        .anchor(egui::Align2::CENTER_CENTER, [board_centre(ctx, &insets), 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            let label = ui.label(tr!(locale, "game-open-paste")).id;
            egui::ScrollArea::vertical().max_height(260.0).show(ui, |ui| {
                ui.add(
                    egui::TextEdit::multiline(&mut dialog.text)
                        .font(egui::TextStyle::Monospace)
                        .desired_rows(8)
                        .desired_width(420.0)
                        .hint_text("[Variant \"tsivy\"]\n\n1. f3-e3A d4-d3A ..."),
                )
                .labelled_by(label);
            });
            ui.horizontal(|ui| {
                let open_button = egui::Button::new(tr!(locale, "game-open-button"));
                if ui.add_enabled(!dialog.text.trim().is_empty(), open_button).clicked() {
                    open.write(OpenGame(dialog.text.clone()));
                    dialog.open = false;
                }
                if ui.button(tr!(locale, "game-cancel")).clicked() {
                    dialog.open = false;
                }
            });
            ui.separator();
            if cfg!(target_arch = "wasm32") {
                if ui.button(tr!(locale, "game-open-a-file")).clicked() {
                    files.write(GameFileCommand::Choose);
                    dialog.open = false;
                }
            } else {
                let label = ui.label(tr!(locale, "game-open-path")).id;
                ui.horizontal(|ui| {
                    ui.add(egui::TextEdit::singleline(&mut dialog.path).desired_width(330.0)).labelled_by(label);
                    let open_file = egui::Button::new(tr!(locale, "game-open-file"));
                    if ui.add_enabled(!dialog.path.trim().is_empty(), open_file).clicked() {
                        files.write(GameFileCommand::Open(dialog.path.clone()));
                        dialog.open = false;
                    }
                });
            }
        });
    Ok(())
}
