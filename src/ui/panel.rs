//! The game panel: whose turn, piece counts, the move list, and the buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_rules::{Position, Side, Turn};

use super::actions::{Action, Actions};
use super::keys::shortcuts;
use super::theme;
use super::widgets::{board_side_panel, list_height, outcome_text, side_line, trays};
use crate::analysis::AnalysisCommand;
use crate::board::layout::UiInsets;
use crate::game::commands::GameCommand;
use crate::game::computer::{Purpose, Thinking};
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::i18n::{Locale, side_key};
use crate::persistence::profile::Profile;
use crate::persistence::settings::Settings;
use crate::review::ReviewCommand;
use crate::screens::AppState;
use crate::tr;

/// The panel beside the board.
pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, panel_ui.run_if(in_state(AppState::Playing)));
}

#[allow(clippy::too_many_arguments)]
fn panel_ui(
    mut contexts: EguiContexts,
    session: Res<Session>,
    thinking: Res<Thinking>,
    mut insets: ResMut<UiInsets>,
    mut actions: Actions,
    settings: Res<Settings>,
    profile: Res<Profile>,
    locale: Res<Locale>,
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
            actions.send(Action::Turn(TurnCommand::Stop));
        }
        ui.separator();
        // Buttons two to a row in columns of half the panel each, their words wrapping within: a longer language
        // (French runs a third longer than English) must not push the second column off the panel.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        button_grid(ui, "buttons").show(ui, |ui| {
            let undo = ui.add_enabled(session.game().can_undo(), egui::Button::new(tr!(locale, "game-undo")));
            if undo.on_hover_text(&unrated).clicked() {
                actions.send(Action::Game(GameCommand::Undo));
            }
            if ui.add_enabled(session.game().can_redo(), egui::Button::new(tr!(locale, "game-redo"))).clicked() {
                actions.send(Action::Game(GameCommand::Redo));
            }
            ui.end_row();
            let can_hint = session.human_to_move() && !thinking.is(Purpose::Hint);
            let hint = ui.add_enabled(can_hint, egui::Button::new(tr!(locale, "game-hint")));
            if hint.on_hover_text(&unrated).clicked() {
                actions.send(Action::Hint);
            }
            if ui.button(tr!(locale, "game-flip")).clicked() {
                actions.send(Action::Flip);
            }
            ui.end_row();
            if ui.add_enabled(!session.is_over(), egui::Button::new(tr!(locale, "game-resign"))).clicked() {
                actions.send(Action::Game(GameCommand::Resign));
            }
            if ui.button(tr!(locale, "game-new-game")).clicked() {
                actions.send(Action::Menu);
            }
            ui.end_row();
            if ui.button(tr!(locale, "game-save")).on_hover_text(tr!(locale, "game-save-about")).clicked() {
                actions.send(Action::Game(GameCommand::Save));
            }
            if ui.button(tr!(locale, "game-load")).on_hover_text(tr!(locale, "game-load-about")).clicked() {
                actions.send(Action::Game(GameCommand::Load));
            }
            ui.end_row();
            let sound = if settings.sound { tr!(locale, "game-sound-on") } else { tr!(locale, "game-sound-off") };
            if ui.button(sound).clicked() {
                actions.send(Action::Sound);
            }
            if ui.button(tr!(locale, "how-to-play")).clicked() {
                actions.send(Action::HowToPlay);
            }
            ui.end_row();
        });
        // Sharing and files two to a row, like the buttons above: three to a row overflow the narrow panel.
        button_grid(ui, "files").show(ui, |ui| {
            let copy_game = ui.button(tr!(locale, "game-copy-game"));
            if copy_game.on_hover_text(tr!(locale, "game-copy-game-about")).clicked() {
                actions.send(Action::CopyGame);
            }
            let copy = ui.button(tr!(locale, "game-copy-position"));
            if copy.on_hover_text(tr!(locale, "game-copy-position-about")).clicked() {
                actions.send(Action::Copy);
            }
            ui.end_row();
            if ui.button(tr!(locale, "game-open")).on_hover_text(tr!(locale, "game-open-about")).clicked() {
                actions.send(Action::OpenGame);
            }
            let (save, hint) = if cfg!(target_arch = "wasm32") {
                (tr!(locale, "game-download"), tr!(locale, "game-download-about"))
            } else {
                (tr!(locale, "game-save-file"), tr!(locale, "game-save-file-about"))
            };
            if ui.button(save).on_hover_text(hint).clicked() {
                actions.send(Action::SaveGameFile);
            }
            ui.end_row();
            let review =
                ui.add_enabled(!session.game().turns().is_empty(), egui::Button::new(tr!(locale, "game-review")));
            if review.on_hover_text(tr!(locale, "game-review-about")).clicked() {
                actions.send(Action::Review(ReviewCommand::Open));
            }
            let analyse = ui.button(tr!(locale, "game-analyse"));
            if analyse.on_hover_text(tr!(locale, "game-analyse-about")).clicked() {
                actions.send(Action::Analysis(AnalysisCommand::Open));
            }
            ui.end_row();
        });
        ui.separator();
        if let Some(ply) = move_list(ui, locale, session.game().start(), session.game().turns(), true) {
            actions.send(Action::Review(ReviewCommand::OpenAt(ply)));
        }
        ui.collapsing(tr!(locale, "game-keyboard"), |ui| {
            egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
                for (keys, what) in shortcuts(locale) {
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
pub(super) fn move_list(
    ui: &mut egui::Ui,
    locale: &Locale,
    start: &Position,
    turns: &[Turn],
    clickable: bool,
) -> Option<usize> {
    let mut clicked = None;
    let first = start.side_to_move();
    let heading = tr!(locale, "game-moves");
    ui.label(egui::RichText::new(heading).font(egui::FontId::new(20.0, theme::display_family())));
    super::opening::opening_line(ui, locale, start, turns.first());
    if turns.is_empty() {
        ui.label(egui::RichText::new(tr!(locale, "game-no-turns")).weak());
    }
    let look = tr!(locale, "game-look-after-turn");
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
                    response.on_hover_text(&look).clicked()
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
            let side = |s: Side| egui::RichText::new(tr!(locale, "side-name", side = side_key(s))).small().weak();
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

/// A grid of two equal columns that share the panel's width.
fn button_grid(ui: &egui::Ui, id: &str) -> egui::Grid {
    let half = ((ui.available_width() - ui.spacing().item_spacing.x) / 2.0).max(40.0);
    egui::Grid::new(id).num_columns(2).min_col_width(half).max_col_width(half)
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
