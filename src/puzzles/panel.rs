//! The puzzles' panel: the puzzle, what to find, how the last turn went, the buttons, the choice of board and theme,
//! and the player's puzzle rating and streak.

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use fanorona_puzzles::{Puzzle, Theme, VARIANTS};

use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::i18n::{Locale, side_key};
use crate::online::link::Link;
use crate::persistence::profile::{Profile, PuzzleProgress};
use crate::screens::{AppState, ShowMenu};
use crate::tr;
use crate::ui::theme::{MALAGASY_GREEN, Tones};
use crate::ui::widgets::{SidePanel, board_side_panel};

use super::{PuzzleBoard, PuzzleCommand, PuzzleStatus};

/// The puzzles' panel.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, puzzles_ui.run_if(in_state(AppState::Puzzles)));
}

/// A theme's name, or "every theme" for none.
fn theme_name(locale: &Locale, theme: Option<Theme>) -> String {
    tr!(locale, "puzzle-theme", theme = theme.map_or("all", Theme::name))
}

/// The puzzles' panel: the puzzle (or why there is none), how the player is doing on it, its buttons, the player's
/// rating and the choice of puzzles.
fn puzzles_ui(
    mut panel: SidePanel,
    board: Res<PuzzleBoard>,
    session: Res<Session>,
    profile: Res<Profile>,
    link: Res<Link>,
    mut commands: Commands,
) -> Result {
    let SidePanel { contexts, insets, locale, settings } = &mut panel;
    let ctx = contexts.ctx_mut()?;
    let tones = Tones::of(settings);
    let locale = &**locale;
    let progress = &profile.puzzles;
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        ui.heading(tr!(locale, "puzzle-heading"));
        let Some(puzzle) = board.puzzle() else {
            no_puzzle_ui(ui, locale, &board, &link, tones);
            choices(ui, locale, &board, &mut commands);
            if ui.button(tr!(locale, "puzzle-leave")).clicked() {
                commands.write_message(ShowMenu);
            }
            return;
        };
        let themes: Vec<String> = puzzle.themes.iter().map(|t| theme_name(locale, Some(*t))).collect();
        let about = tr!(locale, "puzzle-about", id = &puzzle.id, rating = puzzle.rating, themes = themes.join(", "));
        ui.label(egui::RichText::new(about).small());
        ui.separator();
        status_ui(ui, locale, &board, puzzle, progress, tones);
        ui.add_space(6.0);
        puzzle_buttons(ui, locale, &board, &session, &mut commands);
        ui.separator();
        if board.from_server() {
            if let Some(rating) = board.server_rating {
                ui.label(tr!(locale, "puzzle-server-rating", rating = rating.round() as i64));
            }
        } else {
            let points = progress.rating.round() as i64;
            let (solved, failed) = (progress.solved, progress.failed);
            ui.label(tr!(locale, "puzzle-your-rating", rating = points, solved = solved, failed = failed));
            ui.label(tr!(locale, "puzzle-streak", streak = progress.streak, best = progress.best_streak));
        }
        choices(ui, locale, &board, &mut commands);
        if ui.button(tr!(locale, "puzzle-leave")).clicked() {
            commands.write_message(ShowMenu);
        }
    };
    insets.set_if_neq(board_side_panel(ctx, "puzzles-panel", contents));
    Ok(())
}

/// No puzzle on the board: one being fetched (and the connection, when it is not up), or none to offer.
fn no_puzzle_ui(ui: &mut egui::Ui, locale: &Locale, board: &PuzzleBoard, link: &Link, tones: &Tones) {
    if board.fetching() {
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(tr!(locale, "puzzle-fetching"));
        });
        if !link.is_online() {
            ui.label(locale.text(&link.describe()));
            if let Some(problem) = link.problem() {
                ui.colored_label(tones.warn, locale.text(problem));
            }
        }
    } else {
        ui.label(tr!(locale, "puzzle-none"));
    }
}

/// How the player is doing on the puzzle: what to find, right so far, solved or why not; a hint shown; the rating
/// change, or that a puzzle tried before is not rated again.
fn status_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    board: &PuzzleBoard,
    puzzle: &Puzzle,
    progress: &PuzzleProgress,
    tones: &Tones,
) {
    let side = side_key(puzzle.position.side_to_move());
    match board.status() {
        None => {}
        Some(PuzzleStatus::Solving) if board.found() == 0 => {
            ui.label(egui::RichText::new(tr!(locale, "puzzle-find", side = side)).strong());
        }
        Some(PuzzleStatus::Solving) => {
            let text = tr!(locale, "puzzle-right-next", side = side);
            ui.colored_label(tones.good, egui::RichText::new(text).strong());
        }
        Some(PuzzleStatus::Solved) => {
            ui.colored_label(tones.good, egui::RichText::new(tr!(locale, "puzzle-solved")).strong());
        }
        Some(PuzzleStatus::Failed(why)) => {
            ui.colored_label(tones.warn, egui::RichText::new(locale.text(why)).strong());
        }
    }
    if board.hint().is_some() {
        ui.label(tr!(locale, "puzzle-hint-shown"));
    }
    match board.rating_change() {
        Some((before, after)) => {
            let change = format!("{:+.0}", after - before);
            let (before, after) = (before.round() as i64, after.round() as i64);
            ui.label(tr!(locale, "puzzle-rating-change", before = before, after = after, change = change));
        }
        None if progress.tried(&puzzle.id) => {
            ui.label(egui::RichText::new(tr!(locale, "puzzle-not-rated")).small());
        }
        None => {}
    }
}

/// Stopping a chain, a hint, the solution, trying again, the analysis board, and the next puzzle.
fn puzzle_buttons(ui: &mut egui::Ui, locale: &Locale, board: &PuzzleBoard, session: &Session, commands: &mut Commands) {
    if session.builder.can_stop() && ui.button(tr!(locale, "tutorial-stop-here")).clicked() {
        commands.write_message(TurnCommand::Stop);
    }
    // Button rows wrap: in French or Malagasy two buttons can be wider than the panel.
    ui.horizontal_wrapped(|ui| {
        let asked = session.human_to_move() && board.hint().is_none();
        if ui.add_enabled(asked, egui::Button::new(tr!(locale, "puzzle-hint"))).clicked() {
            commands.write_message(PuzzleCommand::Hint);
        }
        let over = board.is_over() && !board.showing();
        if ui.add_enabled(over, egui::Button::new(tr!(locale, "puzzle-solution"))).clicked() {
            commands.write_message(PuzzleCommand::Solution);
        }
        if ui.add_enabled(board.is_over(), egui::Button::new(tr!(locale, "puzzle-retry"))).clicked() {
            commands.write_message(PuzzleCommand::Retry);
        }
        if ui.add_enabled(board.is_over(), egui::Button::new(tr!(locale, "puzzle-analyse"))).clicked() {
            commands.write_message(PuzzleCommand::Analyse);
        }
    });
    let next = egui::Button::new(tr!(locale, "puzzle-next"));
    if ui.add(if board.is_over() { next.fill(MALAGASY_GREEN) } else { next }).clicked() {
        commands.write_message(PuzzleCommand::Next);
    }
}

/// The board and the theme of the puzzles offered.
fn choices(ui: &mut egui::Ui, locale: &Locale, board: &PuzzleBoard, commands: &mut Commands) {
    ui.horizontal_wrapped(|ui| {
        for variant in VARIANTS {
            let name = tr!(locale, "puzzle-variant", variant = variant.name());
            if ui.radio(board.variant == variant, name).clicked() {
                commands.write_message(PuzzleCommand::Variant(variant));
            }
        }
    });
    let mut online = board.online;
    if ui.checkbox(&mut online, tr!(locale, "puzzle-online")).clicked() {
        commands.write_message(PuzzleCommand::Online(online));
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(tr!(locale, "puzzle-theme-label")).id;
        let combo = egui::ComboBox::from_id_salt("puzzle-theme").selected_text(theme_name(locale, board.theme));
        let shown = combo.show_ui(ui, |ui| {
            for theme in std::iter::once(None).chain(Theme::ALL.map(Some)) {
                if ui.selectable_label(board.theme == theme, theme_name(locale, theme)).clicked() {
                    commands.write_message(PuzzleCommand::Theme(theme));
                }
            }
        });
        shown.response.labelled_by(label);
    });
}
