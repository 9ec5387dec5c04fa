//! The review panel: the engine's progress, the evaluation chart (click a point to go there), each side's accuracy,
//! the turn looked at with its class and the better turn, and the move list marked with the classes.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_ai::line_text;
use fanorona_ai::review::{Class, Review, score_text};
use fanorona_rules::Side;

use crate::board::layout::UiInsets;
use crate::i18n::{Locale, side_key};
use crate::keys::{KeyMap, keys_of};
use crate::persistence::settings::Settings;
use crate::review::{ReviewCommand, Reviewing};
use crate::screens::AppState;
use crate::ui::icons::{Icon, button_side, icon_button};
use crate::ui::theme::{self, Tones};
use crate::ui::widgets::{board_side_panel, list_height};
use crate::{action, text, tr};

/// The review screen's panel.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, review_ui.run_if(in_state(AppState::Review)));
}

/// The chart shows scores up to this many pieces either way (a forced result sits on the edge).
const CHART_PIECES: f64 = 8.0;

/// The colour of a class in the move list and the chart (its symbol and name say the same in words), in the
/// palette the settings ask for.
fn class_colour(class: Class, tones: &Tones) -> egui::Color32 {
    match class {
        Class::Best | Class::Good => tones.good,
        Class::Inaccuracy => tones.slip,
        Class::Mistake => tones.warn,
        Class::Blunder => tones.bad,
    }
}

fn review_ui(
    mut contexts: EguiContexts,
    reviewing: Res<Reviewing>,
    settings: Res<Settings>,
    mut insets: ResMut<UiInsets>,
    mut commands: Commands,
    locale: Res<Locale>,
    keys: Res<KeyMap>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let tones = Tones::of(&settings);
    let locale = &*locale;
    let mut send = None;
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        ui.heading(tr!(locale, "review-heading"));
        let (done, total) = reviewing.progress();
        match reviewing.review() {
            None => {
                let fraction = done as f32 / total.max(1) as f32;
                ui.add(egui::ProgressBar::new(fraction).show_percentage().text(tr!(
                    locale,
                    "review-progress",
                    done = done,
                    total = total
                )));
            }
            Some(review) => {
                if let Some(ply) = chart(ui, locale, review, reviewing.ply(), tones) {
                    send = Some(ReviewCommand::Goto(ply));
                }
                accuracy_lines(ui, locale, review);
            }
        }
        ui.separator();
        if let Some(command) = current_turn(ui, locale, &reviewing, tones) {
            send = Some(command);
        }
        ui.horizontal(|ui| {
            // Each button sends what its keys send: the key map's own action.
            let side = button_side(ui, 4);
            for (icon, name, command, action) in [
                (Icon::First, text!("review-first"), ReviewCommand::First, action!(ReviewCommand::First)),
                (Icon::Previous, text!("review-previous"), ReviewCommand::Previous, action!(ReviewCommand::Previous)),
                (Icon::Next, text!("review-next"), ReviewCommand::Next, action!(ReviewCommand::Next)),
                (Icon::Last, text!("review-last"), ReviewCommand::Last, action!(ReviewCommand::Last)),
            ] {
                let keys = keys_of(locale, &keys, AppState::Review, action);
                if icon_button(ui, icon, side, true, &locale.text(&name), keys.as_deref()).clicked() {
                    send = Some(command);
                }
            }
        });
        let again = ui
            .add_enabled(reviewing.can_try_again(), egui::Button::new(tr!(locale, "review-try-again")))
            .on_hover_text(tr!(locale, "review-try-again-about"))
            .on_disabled_hover_text(tr!(locale, "review-try-again-later"));
        if again.clicked() {
            send = Some(ReviewCommand::TryAgain);
        }
        if ui.button(tr!(locale, "review-close")).clicked() {
            send = Some(ReviewCommand::Close);
        }
        ui.separator();
        let game = reviewing.game();
        crate::ui::opening::opening_line(ui, locale, game.start(), game.turns().first());
        if let Some(ply) = move_list(ui, locale, &reviewing, tones) {
            send = Some(ReviewCommand::Goto(ply));
        }
    };
    insets.set_if_neq(board_side_panel(ctx, "review-panel", contents));
    if let Some(command) = send {
        commands.write_message(command);
    }
    Ok(())
}

/// The evaluation chart over the game, for White (up above, Black down below): the score after each turn, the
/// errors marked in their class's colour, the position on the board as a vertical line; returns the position clicked,
/// if any. Drawn with egui's painter: a plotting crate for one line cost the web download more than it gave.
fn chart(ui: &mut egui::Ui, locale: &Locale, review: &Review, ply: usize, tones: &Tones) -> Option<usize> {
    let last = review.scores.len().saturating_sub(1).max(1);
    ui.label(egui::RichText::new(tr!(locale, "side-name", side = "white")).small());
    let (rect, response) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 120.0), egui::Sense::click());
    let x = |i: usize| rect.left() + rect.width() * i as f32 / last as f32;
    let y = |score: i32| {
        let pieces = (f64::from(score) / 100.0).clamp(-CHART_PIECES, CHART_PIECES);
        rect.center().y - (pieces / CHART_PIECES) as f32 * rect.height() / 2.0
    };
    let painter = ui.painter_at(rect);
    let faint = ui.visuals().widgets.noninteractive.bg_stroke;
    painter.rect_stroke(rect, 4.0, faint, egui::StrokeKind::Inside);
    painter.hline(rect.x_range(), rect.center().y, faint);
    painter.vline(x(ply), rect.y_range(), egui::Stroke::new(1.0, theme::IVORY));
    let points: Vec<egui::Pos2> = review.scores.iter().enumerate().map(|(i, &s)| egui::pos2(x(i), y(s))).collect();
    painter.line(points, egui::Stroke::new(2.0, theme::PALE_WOOD));
    for (i, turn) in review.turns.iter().enumerate() {
        if turn.class.is_error()
            && let Some(&score) = review.scores.get(i + 1)
        {
            painter.circle_filled(egui::pos2(x(i + 1), y(score)), 4.0, class_colour(turn.class, tones));
        }
    }
    let clicked = response.interact_pointer_pos().filter(|_| response.clicked())?;
    let fraction = ((clicked.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
    Some((fraction * last as f32).round() as usize)
}

/// Each side's accuracy and how many turns fell in each error class.
fn accuracy_lines(ui: &mut egui::Ui, locale: &Locale, review: &Review) {
    for side in [Side::White, Side::Black] {
        let counts = review.counts(side);
        ui.label(tr!(
            locale,
            "review-accuracy",
            side = side_key(side),
            accuracy = review.accuracy(side).round() as i64,
            inaccuracies = counts[Class::Inaccuracy as usize],
            mistakes = counts[Class::Mistake as usize],
            blunders = counts[Class::Blunder as usize],
        ));
    }
    ui.label(egui::RichText::new(tr!(locale, "review-engine-depth", depth = review.depth)).small());
}

/// The turn looked at: its class and, for an error, the better turn and the engine's line.
fn current_turn(ui: &mut egui::Ui, locale: &Locale, reviewing: &Reviewing, tones: &Tones) -> Option<ReviewCommand> {
    let ply = reviewing.ply();
    let Some(played) = ply.checked_sub(1).and_then(|i| reviewing.game().turns().get(i)) else {
        ui.label(tr!(locale, "review-start"));
        return None;
    };
    let mut send = None;
    ui.label(egui::RichText::new(format!("{} {played}", number(ply - 1))).monospace().strong());
    let turn = reviewing.current_turn()?;
    ui.label(
        egui::RichText::new(tr!(
            locale,
            "review-turn-class",
            class = turn.class.name(),
            symbol = turn.class.symbol(),
            lost = (turn.loss * 100.0).round() as i64
        ))
        .color(class_colour(turn.class, tones)),
    );
    if let (Some(better), Some(review)) = (turn.better(), reviewing.review()) {
        let before = review.scores.get(ply - 1).copied().unwrap_or_default();
        ui.label(tr!(locale, "review-better", turn = better.to_string(), score = score_text(before)));
        ui.label(egui::RichText::new(line_text(&turn.best, usize::MAX)).small().monospace());
        ui.horizontal(|ui| {
            let step = reviewing.line_step();
            let label = match step {
                None => tr!(locale, "review-show-line"),
                Some(k) if k < turn.best.len() => {
                    tr!(locale, "review-line-step", step = k + 1, steps = turn.best.len())
                }
                Some(_) => tr!(locale, "review-line-end"),
            };
            if ui.button(label).clicked() {
                send = Some(ReviewCommand::LineForward);
            }
            if step.is_some() && ui.button(tr!(locale, "review-line-back")).clicked() {
                send = Some(ReviewCommand::LineBack);
            }
        });
    }
    send
}

/// The move number of the turn at `index` as players write it: `3.` for White's, `3...` for Black's.
fn number(index: usize) -> String {
    format!("{}{}", index / 2 + 1, if index.is_multiple_of(2) { "." } else { "..." })
}

/// The game's turns, one a row, each with its class's symbol and colour; returns the position clicked.
fn move_list(ui: &mut egui::Ui, locale: &Locale, reviewing: &Reviewing, tones: &Tones) -> Option<usize> {
    let mut clicked = None;
    let classes = reviewing.review().map(|r| &r.turns[..]).unwrap_or_default();
    egui::ScrollArea::vertical().max_height(list_height(ui, 8.0)).show(ui, |ui| {
        // Rows close together, as in a score sheet.
        ui.spacing_mut().item_spacing.y = 1.0;
        for (index, turn) in reviewing.game().turns().iter().enumerate() {
            let class = classes.get(index).map(|t| t.class);
            let symbol = class.map_or("", Class::symbol);
            let selected = reviewing.ply() == index + 1;
            let mut text = egui::RichText::new(format!("{:<6}{turn}{symbol}", number(index))).monospace();
            // The selected row keeps the selection's own text colour, which reads on its background.
            if let Some(class) = class.filter(|c| c.is_error() && !selected) {
                text = text.color(class_colour(class, tones));
            }
            let label = ui.selectable_label(selected, text);
            let label = match class {
                Some(class) => label.on_hover_text(tr!(locale, "review-class", class = class.name())),
                None => label,
            };
            if label.clicked() {
                clicked = Some(index + 1);
            }
        }
    });
    clicked
}
