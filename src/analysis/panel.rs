//! The analysis board's panel: the evaluation bar, the engine's lines, the moves played (drawn as a tree), and setting up
//! a position by hand or from its text.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_ai::line_text;
use fanorona_ai::review::{score_text, win_probability};
use fanorona_rules::{Position, Setup, Side, Variant};

use crate::analysis::{AnalysisBoard, AnalysisCommand, AnalysisText};
use crate::board::drawing::palette;
use crate::board::layout::UiInsets;
use crate::game::files::CopyPosition;
use crate::game::session::Session;
use crate::i18n::{Locale, side_key};
use crate::screens::AppState;
use crate::tr;
use crate::ui::theme;
use crate::ui::widgets::{board_side_panel, list_height, side_line};

/// The analysis board's panel.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, analysis_ui.run_if(in_state(AppState::Analysis)));
}

/// Turns of each line shown.
const LINE_TURNS: usize = 6;

fn analysis_ui(
    mut contexts: EguiContexts,
    board: Res<AnalysisBoard>,
    session: Res<Session>,
    mut insets: ResMut<UiInsets>,
    mut commands: Commands,
    // The position text being typed, and where it goes when set.
    (mut text, mut texts): (Local<String>, MessageWriter<AnalysisText>),
    locale: Res<Locale>,
) -> Result {
    let locale = &*locale;
    let ctx = contexts.ctx_mut()?;
    let mut send = None;
    let position = *session.position();
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        ui.heading(tr!(locale, "menu-analysis"));
        if let Some(message) = board.message() {
            ui.colored_label(ui.visuals().error_fg_color, locale.text(message));
        }
        if board.editing() {
            send = set_up(ui, locale, &position, &mut text, &mut texts).or(send);
        } else {
            side_line(ui, position.side_to_move(), &to_move(locale, &position));
            engine_lines(ui, locale, &board, &position);
            ui.separator();
            send = moves(ui, locale, &board).or(send);
        }
        ui.separator();
        ui.horizontal(|ui| {
            let edit = if board.editing() { tr!(locale, "analysis-done") } else { tr!(locale, "analysis-set-up") };
            if ui.button(edit).clicked() {
                send = Some(AnalysisCommand::ToggleEdit);
            }
            if ui.button(tr!(locale, "analysis-close")).clicked() {
                send = Some(AnalysisCommand::Close);
            }
        });
        if ui.button(tr!(locale, "analysis-copy")).clicked() {
            commands.write_message(CopyPosition);
        }
    };
    insets.set_if_neq(board_side_panel(ctx, "analysis-panel", contents));
    if let Some(command) = send {
        commands.write_message(command);
    }
    Ok(())
}

/// The evaluation bar (White's expected result) and the engine's lines, scores for White.
fn engine_lines(ui: &mut egui::Ui, locale: &Locale, board: &AnalysisBoard, position: &Position) {
    let (lines, depth) = board.lines();
    let white = position.side_to_move() == Side::White;
    let for_white = |score: i32| if white { score } else { -score };
    if let Some(best) = lines.first() {
        let score = for_white(best.score);
        let share = win_probability(score) as f32;
        let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 14.0), egui::Sense::hover());
        // Black's share in the black pieces' charcoal, White's in their ivory.
        ui.painter().rect_filled(rect, 3.0, theme::colour(palette::BLACK_BODY));
        let mut light = rect;
        light.set_width(rect.width() * share);
        ui.painter().rect_filled(light, 3.0, theme::colour(palette::WHITE_BODY));
        ui.label(tr!(locale, "analysis-score", score = score_text(score)));
    }
    let depth = if board.thinking() {
        tr!(locale, "analysis-depth-thinking", depth = depth)
    } else {
        tr!(locale, "review-engine-depth", depth = depth)
    };
    ui.label(egui::RichText::new(depth).small());
    for (i, line) in lines.iter().enumerate() {
        let score = score_text(for_white(line.score));
        let text = format!("{}. {score:>6}  {}", i + 1, line_text(&line.pv, LINE_TURNS));
        ui.label(egui::RichText::new(text).monospace());
    }
    if lines.is_empty() && !board.thinking() {
        ui.label(tr!(locale, "analysis-game-over"));
    }
}

/// The moves played from the position set up, as a tree: the main line, and each variation indented under the
/// move it is an alternative to, with a guide line; the board's position is selected, and a click goes to a move.
fn moves(ui: &mut egui::Ui, locale: &Locale, board: &AnalysisBoard) -> Option<AnalysisCommand> {
    let mut send = None;
    ui.horizontal(|ui| {
        if ui.button(tr!(locale, "analysis-back")).clicked() {
            send = Some(AnalysisCommand::Back);
        }
        if ui.button(tr!(locale, "analysis-forward")).clicked() {
            send = Some(AnalysisCommand::Forward);
        }
        if ui.selectable_label(board.current() == 0, tr!(locale, "analysis-start")).clicked() {
            send = Some(AnalysisCommand::Goto(0));
        }
    });
    let rows = board.rows();
    if rows.is_empty() {
        ui.label(tr!(locale, "analysis-how"));
        return send;
    }
    // The opening of the line shown (its first move from the root), or of the main line at the root.
    let path = board.path(board.current());
    let first = path.first().or(board.nodes()[0].children.first());
    let first = first.and_then(|&node| board.nodes()[node].turn.as_ref());
    crate::ui::opening::opening_line(ui, locale, board.root(), first);
    egui::ScrollArea::vertical().max_height(list_height(ui, 60.0)).show(ui, |ui| {
        for row in rows {
            ui.horizontal_wrapped(|ui| {
                if row.depth > 0 {
                    guide(ui, row.depth);
                }
                for (i, &node) in row.nodes.iter().enumerate() {
                    let label = egui::RichText::new(board.move_label(node, i == 0)).monospace();
                    let label = if row.depth > 0 { label.italics() } else { label.strong() };
                    if ui.selectable_label(board.current() == node, label).clicked() {
                        send = Some(AnalysisCommand::Goto(node));
                    }
                }
            });
        }
    });
    send
}

/// How far each level of variation is indented, in points.
const TREE_INDENT: f32 = 14.0;

/// The indent of a variation `depth` deep, with the tree's guide line: down from the line above, then across.
fn guide(ui: &mut egui::Ui, depth: usize) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(TREE_INDENT * depth as f32, 16.0), egui::Sense::hover());
    let x = rect.right() - TREE_INDENT / 2.0;
    let stroke = egui::Stroke::new(1.5, ui.visuals().weak_text_color());
    ui.painter().line_segment([egui::pos2(x, rect.top()), egui::pos2(x, rect.center().y)], stroke);
    ui.painter().line_segment([egui::pos2(x, rect.center().y), egui::pos2(rect.right(), rect.center().y)], stroke);
}

/// Setting up a position: what a click does, the side to move, whole boards, and position text.
fn set_up(
    ui: &mut egui::Ui,
    locale: &Locale,
    position: &Position,
    text: &mut String,
    texts: &mut MessageWriter<AnalysisText>,
) -> Option<AnalysisCommand> {
    let mut send = None;
    ui.label(tr!(locale, "analysis-set-up-how"));
    ui.horizontal(|ui| {
        side_line(ui, position.side_to_move(), &to_move(locale, position));
        if ui.button(tr!(locale, "analysis-switch")).clicked() {
            send = Some(AnalysisCommand::ToggleSide);
        }
    });
    for variant in [Variant::Tsivy, Variant::Dimy, Variant::Telo] {
        ui.horizontal(|ui| {
            ui.label(format!("{variant}:"));
            if ui.button(tr!(locale, "analysis-start")).clicked() {
                send = Some(AnalysisCommand::SetPosition(Position::start(variant)));
            }
            if ui.button(tr!(locale, "analysis-empty")).clicked()
                && let Ok(empty) = Setup::empty(variant).position()
            {
                send = Some(AnalysisCommand::SetPosition(empty));
            }
        });
    }
    let label = ui.label(tr!(locale, "analysis-paste")).id;
    let field = egui::TextEdit::singleline(text).font(egui::TextStyle::Monospace).hint_text(position.to_string());
    ui.add(field).labelled_by(label);
    if ui.add_enabled(!text.trim().is_empty(), egui::Button::new(tr!(locale, "analysis-set"))).clicked() {
        texts.write(AnalysisText(std::mem::take(text)));
    }
    send
}

/// Whose turn it is in the position on the board.
fn to_move(locale: &Locale, position: &Position) -> String {
    tr!(locale, "analysis-to-move", side = side_key(position.side_to_move()))
}
