//! The move list: a game's turns two to a row, numbered as players write them, for the game's panel, the review and
//! an online game.

use bevy_egui::egui;
use fanorona_rules::{Position, Side, Turn};

use super::theme;
use super::widgets::list_height;
use crate::i18n::{Locale, side_key};
use crate::tr;

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
pub fn move_list(
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
        let cell = |ui: &mut egui::Ui, width: f32, text: egui::RichText, sense: bool| {
            move_cell(ui, width, text, sense.then_some(look.as_str()))
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

/// One cell of the move list, a fixed width, so the columns line up and a long chain wraps within its own. With a
/// `hint`, it can be clicked (and says so when hovered): returns whether it was.
fn move_cell(ui: &mut egui::Ui, width: f32, text: egui::RichText, hint: Option<&str>) -> bool {
    ui.allocate_ui(egui::vec2(width, 0.0), |ui| {
        ui.set_width(width);
        let label = egui::Label::new(text).wrap();
        match hint {
            Some(hint) => {
                let response = ui.add(label.sense(egui::Sense::click()));
                response.on_hover_cursor(egui::CursorIcon::PointingHand).on_hover_text(hint).clicked()
            }
            None => {
                ui.add(label);
                false
            }
        }
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;
    use fanorona_rules::{Game, Variant};

    fn turns(start: Position, notations: &[&str]) -> Vec<Turn> {
        let mut game = Game::new(start);
        for n in notations {
            game.play_notation(n).expect("a legal turn");
        }
        game.turns().to_vec()
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
