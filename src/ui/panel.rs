//! The game panel: whose turn, piece counts, the move list, and the buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_rules::{Side, Turn};

use super::actions::{Action, Actions};
use super::theme;
use super::widgets::{SHORTCUTS, board_side_panel, list_height, side_line, trays};
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
        trays(ui, session.game());
        let quiet = position.quiet_turns();
        if quiet > 0 {
            ui.label(egui::RichText::new(format!("{quiet} turns without a capture")).small().weak());
        }
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
        if let Some(ply) = move_list(ui, session.game().start().side_to_move(), session.game().turns(), true) {
            actions.send(Action::Review(ReviewCommand::OpenAt(ply)));
        }
        ui.collapsing("Keyboard", |ui| {
            for (keys, what) in SHORTCUTS {
                ui.label(format!("{keys}: {what}"));
            }
        });
    };
    insets.set_if_neq(board_side_panel(ctx, "game-panel", contents));
    Ok(())
}

/// One row of the move list: the move number, White's turn and Black's (either is missing when the game starts with
/// Black to move, or ends after White's turn), each with its index among the turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct MoveRow<'a> {
    number: usize,
    white: Option<(usize, &'a Turn)>,
    black: Option<(usize, &'a Turn)>,
}

/// The turns two to a row, White's on the left, numbered as players write them.
fn move_rows(first: Side, turns: &[Turn]) -> Vec<MoveRow<'_>> {
    // A game that starts with Black to move leaves the first row's White cell empty.
    let skip = usize::from(first == Side::Black);
    let cell = |slot: usize| slot.checked_sub(skip).and_then(|i| turns.get(i).map(|t| (i, t)));
    (0..(turns.len() + skip).div_ceil(2))
        .map(|row| MoveRow { number: row + 1, white: cell(row * 2), black: cell(row * 2 + 1) })
        .collect()
}

/// The game's turns as a numbered two-column list (White, Black) like a chess app's; a long chain wraps at its dashes
/// within its column, and the last turn is marked. With `clickable`, a turn can be clicked: returns the number of
/// turns up to and including the one clicked, to look at the position after it.
pub(super) fn move_list(ui: &mut egui::Ui, first: Side, turns: &[Turn], clickable: bool) -> Option<usize> {
    let mut clicked = None;
    ui.label(egui::RichText::new("Moves").font(egui::FontId::new(20.0, theme::display_family())));
    if turns.is_empty() {
        ui.label(egui::RichText::new("No turn played yet.").weak());
    }
    let number_width = 30.0;
    // Room for the Keyboard header below the list.
    let height = list_height(ui, 40.0);
    egui::ScrollArea::vertical().max_height(height).stick_to_bottom(true).show(ui, |ui| {
        let spacing = ui.spacing().item_spacing.x;
        let column = ((ui.available_width() - number_width - 2.0 * spacing) / 2.0).max(60.0);
        // Each cell a fixed width, so the columns line up and a long chain wraps within its own. A turn's cell
        // says whether it was clicked.
        let cell = |ui: &mut egui::Ui, width: f32, text: egui::RichText, sense: bool| {
            ui.allocate_ui(egui::vec2(width, 0.0), |ui| {
                ui.set_width(width);
                let label = egui::Label::new(text).wrap();
                if sense {
                    let response = ui.add(label.sense(egui::Sense::click()));
                    let response = response.on_hover_cursor(egui::CursorIcon::PointingHand);
                    response.on_hover_text("Look at the position after this turn").clicked()
                } else {
                    ui.add(label);
                    false
                }
            })
            .inner
        };
        // Rows laid out one by one rather than in a grid: a row's height is then that of its tallest cell in the
        // same frame (a grid sizes rows from the frame before, so a chain that just wrapped would overlap the next
        // row).
        // Returns which of the two turns was clicked (0 White's, 1 Black's).
        let row = |ui: &mut egui::Ui, striped: bool, cells: [egui::RichText; 3], sense: [bool; 2]| {
            let background = ui.painter().add(egui::Shape::Noop);
            let [number, white, black] = cells;
            let inner = ui.horizontal_top(|ui| {
                cell(ui, number_width, number, false);
                let white = cell(ui, column, white, sense[0]);
                let black = cell(ui, column, black, sense[1]);
                [white, black].iter().position(|c| *c)
            });
            if striped {
                let rect = inner.response.rect.expand(1.0);
                ui.painter().set(background, egui::Shape::rect_filled(rect, 3.0, ui.visuals().faint_bg_color));
            }
            inner.inner
        };
        ui.spacing_mut().item_spacing.y = 2.0;
        if !turns.is_empty() {
            let side = |s: Side| egui::RichText::new(s.to_string()).small().weak();
            row(ui, false, [egui::RichText::new(""), side(Side::White), side(Side::Black)], [false; 2]);
        }
        for (k, r) in move_rows(first, turns).into_iter().enumerate() {
            let turn_text = |turn: Option<(usize, &Turn)>| match turn {
                Some((i, t)) => {
                    let text = egui::RichText::new(t.to_string()).monospace();
                    if i + 1 == turns.len() {
                        text.strong().color(theme::IVORY).background_color(theme::MALAGASY_GREEN)
                    } else {
                        text
                    }
                }
                None => egui::RichText::new(if r.white.is_none() { "…" } else { "" }).weak(),
            };
            let number = egui::RichText::new(format!("{}.", r.number)).weak();
            let sense = [r.white.is_some() && clickable, r.black.is_some() && clickable];
            if let Some(side) = row(ui, k % 2 == 0, [number, turn_text(r.white), turn_text(r.black)], sense) {
                clicked = [r.white, r.black][side].map(|(i, _)| i + 1);
            }
        }
    });
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;
    use fanorona_rules::{Game, Position, Variant};

    fn turns(start: Position, notations: &[&str]) -> Vec<Turn> {
        let mut game = Game::new(start);
        for n in notations {
            game.play_notation(n).expect("a legal turn");
        }
        game.turns().to_vec()
    }

    #[test]
    fn the_trays_count_what_each_side_took() {
        let mut game = Game::of_variant(Variant::Tsivy);
        assert_eq!(crate::ui::widgets::taken(&game), [0, 0]);
        game.play_notation("d2-e3A").expect("a legal turn");
        assert_eq!(crate::ui::widgets::taken(&game), [2, 0], "f4 and g5");
        game.play_notation("f5-f4A").expect("a legal turn");
        assert_eq!(crate::ui::widgets::taken(&game), [2, 3], "f3, f2 and f1");
    }

    #[test]
    fn turns_go_two_to_a_numbered_row_white_on_the_left() {
        let played = turns(Position::start(Variant::Tsivy), &["d2-e3A", "f5-f4A", "e1-f2A-f3A"]);
        let rows = move_rows(Side::White, &played);
        let cells: Vec<_> = rows.iter().map(|r| (r.number, r.white.map(|c| c.0), r.black.map(|c| c.0))).collect();
        assert_eq!(cells, [(1, Some(0), Some(1)), (2, Some(2), None)]);
    }

    #[test]
    fn a_game_that_starts_with_black_leaves_the_first_white_cell_empty() {
        let played = turns("9/9/2w1b4/wwww5/9 b".parse().expect("a position"), &["e3-d3A"]);
        let rows = move_rows(Side::Black, &played);
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].white, rows[0].black.map(|c| c.0)), (None, Some(0)));
    }
}
