//! The game panel: the players (whose turn, what each has taken), the state of the turn, a bar of icons for the
//! frequent actions with a menu for the rare ones, the move list, and the keys.

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use fanorona_rules::Side;

use crate::access::ToggleMoveBox;
use crate::analysis::AnalysisCommand;
use crate::audio::ToggleSound;
use crate::board::FlipBoard;
use crate::game::commands::GameCommand;
use crate::game::computer::HintRequest;
use crate::game::computer::{Purpose, Thinking};
use crate::game::files::{CopyGame, CopyPosition, GameFileCommand, ToggleOpenGame};
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::i18n::{Locale, Text, side_key};
use crate::keys::{KeyMap, keys_of, shortcuts};
use crate::persistence::profile::Profile;
use crate::persistence::settings::Settings;
use crate::review::ReviewCommand;
use crate::screens::AppState;
use crate::screens::ShowMenu;
use crate::ui::ToggleHowToPlay;
use crate::ui::icons::{Icon, button_side, icon_button, menu_button};
use crate::ui::moves::move_list;
use crate::ui::widgets::{SidePanel, board_side_panel, outcome_text, player_card, side_line, taken};
use crate::{action, text, tr};

/// The panel beside the board.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, panel_ui.run_if(in_state(AppState::Playing)));
}

fn panel_ui(
    mut panel: SidePanel,
    session: Res<Session>,
    thinking: Res<Thinking>,
    mut commands: Commands,
    profile: Res<Profile>,
    keys: Res<KeyMap>,
) -> Result {
    let SidePanel { contexts, insets, locale, settings } = &mut panel;
    let ctx = contexts.ctx_mut()?;
    let position = *session.position();
    let locale = &*locale;
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        let vela = position.vela_active().map_or("none", side_key);
        ui.heading(tr!(locale, "game-title", variant = position.variant().name(), vela = vela));
        // The players first, as game apps show them: who plays, what each has taken, whose turn it is.
        let taken = taken(session.game());
        for side in Side::BOTH {
            let to_move = !session.is_over() && position.side_to_move() == side;
            let name = locale.text(&session.players[side.index()].describe());
            player_card(ui, locale, side, &name, taken[side.index()], to_move);
        }
        if session.is_rated() {
            let rating = profile.rating.rating.round() as i64;
            ui.label(egui::RichText::new(tr!(locale, "game-rated", rating = rating)).small());
        }
        status(ui, locale, &session, &thinking);
        ui.add_space(4.0);
        toolbar(ui, locale, &session, &thinking, settings, &keys, &mut commands);
        ui.separator();
        if let Some(ply) = move_list(ui, locale, session.game().start(), session.game().turns(), true) {
            commands.write_message(ReviewCommand::OpenAt(ply));
        }
        ui.collapsing(tr!(locale, "game-keyboard"), |ui| {
            egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
                for (keys, what) in shortcuts(locale, &keys) {
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

/// What the side to move is doing: the result, the computer thinking, a chain that can go on, a capture due.
fn status(ui: &mut egui::Ui, locale: &Locale, session: &Session, thinking: &Thinking) {
    let position = session.position();
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
    let quiet = position.quiet_turns();
    if quiet > 0 {
        ui.label(egui::RichText::new(tr!(locale, "game-quiet-turns", count = quiet)).small().weak());
    }
}

/// The frequent actions as a bar of icons, each with its name and keys in a tooltip; the rare ones in its menu.
fn toolbar(
    ui: &mut egui::Ui,
    locale: &Locale,
    session: &Session,
    thinking: &Thinking,
    settings: &Settings,
    keys: &KeyMap,
    commands: &mut Commands,
) {
    // What the Undo and Hint buttons say about the rating, and what the review and the analysis board are.
    let unrated = tr!(locale, "game-unrated-warning");
    let (review, analyse) = (tr!(locale, "game-review-about"), tr!(locale, "game-analyse-about"));
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        let game = session.game();
        let can_hint = session.human_to_move() && !thinking.is(Purpose::Hint);
        // Each button sends what its keys send: the key map's own action.
        let buttons = [
            (Icon::Undo, game.can_undo(), text!("game-undo"), Some(&unrated), action!(GameCommand::Undo)),
            (Icon::Redo, game.can_redo(), text!("game-redo"), None, action!(GameCommand::Redo)),
            (Icon::Hint, can_hint, text!("game-hint"), Some(&unrated), action!(HintRequest)),
            (Icon::Stop, session.builder.can_stop(), text!("game-stop-here"), None, action!(TurnCommand::Stop)),
            (Icon::Flip, true, text!("game-flip"), None, action!(FlipBoard)),
            (Icon::Review, !game.turns().is_empty(), text!("game-review"), Some(&review), action!(ReviewCommand::Open)),
            (Icon::Analysis, true, text!("game-analyse"), Some(&analyse), action!(AnalysisCommand::Open)),
        ];
        // One row: the seven buttons and the menu's.
        let side = button_side(ui, buttons.len() + 1);
        for (icon, enabled, name, about, action) in buttons {
            let keys = keys_of(locale, keys, AppState::Playing, action);
            let mut button = icon_button(ui, icon, side, enabled, &locale.text(&name), keys.as_deref());
            if let Some(about) = about {
                button = button.on_hover_text(about);
            }
            if button.clicked() {
                commands.queue(move |world: &mut World| action.send(world));
            }
        }
        menu_button(ui, side, &tr!(locale, "game-more"), |ui| rare_actions(ui, locale, session, settings, commands));
    });
}

/// The menu's actions: files, sharing, sound, help, leaving and resigning.
fn rare_actions(ui: &mut egui::Ui, locale: &Locale, session: &Session, settings: &Settings, commands: &mut Commands) {
    let (save_file, save_file_about) = if cfg!(target_arch = "wasm32") {
        (text!("game-download"), text!("game-download-about"))
    } else {
        (text!("game-save-file"), text!("game-save-file-about"))
    };
    let sound = if settings.sound { text!("game-sound-on") } else { text!("game-sound-off") };
    let entries: [(Text, Option<Text>, bool); 11] = [
        (text!("game-new-game"), None, true),
        (text!("typed-title"), None, session.human_to_move()),
        (text!("game-save"), Some(text!("game-save-about")), true),
        (text!("game-load"), Some(text!("game-load-about")), true),
        (text!("game-copy-game"), Some(text!("game-copy-game-about")), true),
        (text!("game-copy-position"), Some(text!("game-copy-position-about")), true),
        (text!("game-open"), Some(text!("game-open-about")), true),
        (save_file, Some(save_file_about), true),
        (sound, None, true),
        (text!("how-to-play"), None, true),
        (text!("game-resign"), None, !session.is_over()),
    ];
    for (name, about, enabled) in entries {
        let mut button = ui.add_enabled(enabled, egui::Button::new(locale.text(&name)));
        if let Some(about) = about {
            button = button.on_hover_text(locale.text(&about));
        }
        if !button.clicked() {
            continue;
        }
        match name.id {
            "game-new-game" => commands.write_message(ShowMenu),
            "typed-title" => commands.write_message(ToggleMoveBox),
            "game-save" => commands.write_message(GameCommand::Save),
            "game-load" => commands.write_message(GameCommand::Load),
            "game-copy-game" => commands.write_message(CopyGame),
            "game-copy-position" => commands.write_message(CopyPosition),
            "game-open" => commands.write_message(ToggleOpenGame),
            "game-sound-on" | "game-sound-off" => commands.write_message(ToggleSound),
            "how-to-play" => commands.write_message(ToggleHowToPlay),
            "game-resign" => commands.write_message(GameCommand::Resign),
            _ => commands.write_message(GameFileCommand::Save),
        };
    }
}

#[cfg(test)]
mod tests {
    use crate::ui::widgets::taken;
    use fanorona_rules::{Game, Variant};

    #[test]
    fn the_trays_count_what_each_side_took() {
        let mut game = Game::of_variant(Variant::Tsivy);
        assert_eq!(taken(&game), [0, 0]);
        game.play_notation("d2-e3A").expect("a legal turn");
        assert_eq!(taken(&game), [2, 0], "f4 and g5");
        game.play_notation("f5-f4A").expect("a legal turn");
        assert_eq!(taken(&game), [2, 3], "f3, f2 and f1");
    }
}
