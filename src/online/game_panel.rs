//! The online game's screen: its panel (who plays, both clocks, the connection, the turn, draw offers, resigning,
//! aborting, the result, a rematch, reporting the opponent, the move list) and the result over the board. It shows
//! what `online::play` knows and sends [`OnlineCommand`]s; the server decides everything.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use fanorona_protocol::{ChallengeView, Color, MAX_REPORT_NOTE_CHARS, PlayerView, ReportReason};

use crate::board::FlipBoard;
use crate::board::animation::Animations;
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::i18n::Locale;
use crate::online::OnlineCommand;
use crate::online::correspondence::Correspondence;
use crate::online::link::{Link, LinkState};
use crate::online::lobby::Lobby;
use crate::online::panel::{link_line, vacation_mark};
use crate::online::play::{OnlineGame, OnlineMatch};
use crate::online::reports::BlockedPlayers;
use crate::online::tournaments::Tournaments;
use crate::online::words::{challenge_text, clock_text, player_text, reason_text, seconds_left, time_left_text, whole};
use crate::review::ReviewCommand;
use crate::screens::AppState;
use crate::tr;
use crate::ui::ToggleHowToPlay;
use crate::ui::theme;
use crate::ui::widgets::{OverBoard, SidePanel, board_centre, board_side_panel, rating_change_text, side_line, trays};

/// The online game's panel and the result over the board.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (online_panel_ui, online_game_over_ui).chain().run_if(in_state(AppState::Online)),
    );
}

/// Below this much time a clock is shown in red.
const LOW_TIME_MS: i64 = 20_000;

/// A report being written.
#[derive(Default)]
struct ReportForm {
    reason: Option<ReportReason>,
    note: String,
}

/// Reporting the opponent to the moderators (a reason, a note), and blocking or unblocking them.
fn report_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    game: &OnlineGame,
    opponent: &PlayerView,
    blocked: bool,
    form: &mut ReportForm,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let label = ui.label(tr!(locale, "online-report-reason")).id;
    let reasons = [ReportReason::Name, ReportReason::Cheating, ReportReason::Stalling, ReportReason::Other];
    for reason in reasons {
        ui.radio_value(&mut form.reason, Some(reason), reason_text(locale, reason));
    }
    let note = egui::TextEdit::multiline(&mut form.note).desired_rows(2).char_limit(MAX_REPORT_NOTE_CHARS);
    ui.add(note.hint_text(tr!(locale, "online-report-note"))).labelled_by(label);
    if let Some(reason) = form.reason
        && ui.button(tr!(locale, "online-report-send")).clicked()
    {
        let note = std::mem::take(&mut form.note).trim().to_owned();
        let (player, game) = (opponent.id.clone(), Some(game.id.clone()));
        commands.write(OnlineCommand::Report { player, game, reason, note });
        form.reason = None;
    }
    ui.separator();
    let mut block = blocked;
    let label = tr!(locale, "online-block", name = &opponent.name);
    if ui.checkbox(&mut block, label).on_hover_text(tr!(locale, "online-block-hint")).changed() {
        let id = opponent.id.clone();
        commands.write(if block { OnlineCommand::Block(id) } else { OnlineCommand::Unblock(id) });
    }
}

/// One player's line: the side, the name and rating, and the clock (lit while it runs, red when time is low).
fn player_row(ui: &mut egui::Ui, locale: &Locale, game: &OnlineGame, color: Color) {
    let running = game.running() == Some(color);
    let ms = game.clock_ms(color);
    let fill = if running { theme::CHARCOAL_RAISED } else { egui::Color32::TRANSPARENT };
    egui::Frame::new().fill(fill).corner_radius(6.0).inner_margin(6.0).show(ui, |ui| {
        // The clock first, from the right, so that a long name is cut beside it instead of running under it; one
        // row high (a layout of its own would take the rest of the panel).
        let row = egui::vec2(ui.available_width(), theme::HEADING_SIZE * 1.3);
        ui.allocate_ui_with_layout(row, egui::Layout::right_to_left(egui::Align::Center), |ui| {
            // A fifth of a correspondence game's days is low: a day of 5, say.
            let time = game.settings.time;
            let low = if time.is_correspondence() { ms < time.initial_ms() / 5 } else { ms < LOW_TIME_MS };
            let colour = match (low, running) {
                (true, _) => theme::MALAGASY_RED,
                (false, true) => theme::IVORY,
                (false, false) => theme::PALE_WOOD,
            };
            // Days and hours in words take more room than a clock's digits: smaller, and not in the clock's font.
            let clock = if time.is_correspondence() {
                egui::RichText::new(time_left_text(locale, ms)).size(theme::BODY_SIZE).strong()
            } else {
                egui::RichText::new(clock_text(ms)).monospace().size(theme::HEADING_SIZE)
            };
            ui.label(clock.color(colour));
            // A tournament game's clock stands still before the game begins (`tournament_panel` counts it down).
            if game.stopped(color) && game.countdown_ms().is_none() {
                ui.label(vacation_mark(locale));
            }
            ui.add_space(6.0);
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                let player = game.player(color);
                let text = if Some(color) == game.me {
                    tr!(locale, "online-player-you", name = &player.name, rating = whole(player.rating))
                } else {
                    player_text(locale, player)
                };
                side_line(ui, color.into(), &text);
            });
        });
    });
}

/// What follows a finished game, in the panel and the game-over dialog: the rating change of a rated game, then a
/// row with a rematch (for a player), the review, the lobby and whatever `more` adds.
fn after_the_game(
    ui: &mut egui::Ui,
    locale: &Locale,
    game: &OnlineGame,
    offer: Option<&ChallengeView>,
    commands: &mut MessageWriter<OnlineCommand>,
    review: &mut MessageWriter<ReviewCommand>,
    more: impl FnOnce(&mut egui::Ui),
) {
    if let Some(change) = game.my_rating_change() {
        ui.label(rating_change_text(locale, change.before, change.after));
    }
    if let Some(offer) = offer {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(tr!(locale, "online-rematch-offered", name = &offer.by.name)).strong());
            let words = egui::RichText::new(tr!(locale, "online-accept")).color(theme::IVORY);
            let accept = egui::Button::new(words).fill(theme::MALAGASY_GREEN);
            if ui.add(accept).clicked() {
                commands.write(OnlineCommand::Accept(offer.id.clone()));
            }
        });
    }
    // A tournament's next game comes from its pairings, not from a rematch: its standings instead.
    if game.tournament.is_some() && game.me.is_some() {
        ui.label(tr!(locale, "online-tournament-next"));
    }
    ui.horizontal_wrapped(|ui| {
        let rematch = egui::Button::new(tr!(locale, "online-rematch"));
        let hint = tr!(locale, "online-rematch-hint");
        if let Some(event) = &game.tournament {
            if ui.button(tr!(locale, "online-tournament-standings")).clicked() {
                commands.write(OnlineCommand::Leave);
                commands.write(OnlineCommand::OpenTournaments);
                commands.write(OnlineCommand::Standings(event.clone()));
            }
        } else if game.me.is_some() && offer.is_none() && ui.add(rematch).on_hover_text(hint).clicked() {
            commands.write(OnlineCommand::Rematch);
        }
        if ui.button(tr!(locale, "online-review")).on_hover_text(tr!(locale, "online-review-hint")).clicked() {
            review.write(ReviewCommand::Open);
        }
        if ui.button(tr!(locale, "online-back-to-lobby")).clicked() {
            commands.write(OnlineCommand::Leave);
        }
        more(ui);
    });
}

/// What the online game's panel shows besides the game: the session on the board, the lobby's offers, the player's
/// correspondence games, the connection, the players blocked and the tournaments.
#[derive(SystemParam)]
struct LiveGame<'w> {
    session: Res<'w, Session>,
    current: Res<'w, OnlineMatch>,
    lobby: Res<'w, Lobby>,
    kept: Res<'w, Correspondence>,
    link: Res<'w, Link>,
    blocked: Res<'w, BlockedPlayers>,
    tournaments: Res<'w, Tournaments>,
}

/// What the online game's panel sends: the person's turn, the board turned over, how to play, the server's commands
/// and the review.
#[derive(SystemParam)]
struct GameActions<'w> {
    turn: MessageWriter<'w, TurnCommand>,
    flip: MessageWriter<'w, FlipBoard>,
    how_to_play: MessageWriter<'w, ToggleHowToPlay>,
    commands: MessageWriter<'w, OnlineCommand>,
    review: MessageWriter<'w, ReviewCommand>,
}

/// The online game's panel: who plays, the clocks, the turn or the result, and what the player may do.
fn online_panel_ui(
    mut panel: SidePanel,
    live: LiveGame,
    mut actions: GameActions,
    mut report: Local<ReportForm>,
) -> Result {
    let SidePanel { contexts, insets, locale, .. } = &mut panel;
    let ctx = contexts.ctx_mut()?;
    let Some(game) = live.current.0.as_ref() else { return Ok(()) };
    let locale = &**locale;
    let contents = |ui: &mut egui::Ui| {
        game_heading(ui, locale, game, &live);
        ui.separator();
        match game.result_text() {
            Some(text) => {
                ui.label(egui::RichText::new(locale.text(&text)).strong());
                let offer = live.lobby.rematch_offer(game);
                after_the_game(ui, locale, game, offer, &mut actions.commands, &mut actions.review, |_| {});
            }
            None if game.me.is_none() => watching_ui(ui, locale, &live.session, game, &mut actions.commands),
            None => playing_ui(ui, locale, &live.session, game, &mut actions),
        }
        ui.separator();
        game_tools(ui, locale, game, &live, &mut actions, &mut report);
    };
    insets.set_if_neq(board_side_panel(ctx, "online-panel", contents));
    Ok(())
}

/// The panel's top: the game's terms (and its tournament), the seconds before a tournament game begins, both
/// players with their clocks, a turn not yet sent, the pieces taken and a connection that is not up.
fn game_heading(ui: &mut egui::Ui, locale: &Locale, game: &OnlineGame, live: &LiveGame) {
    ui.add_space(6.0);
    let settings = game.settings;
    let what = if game.me.is_some() { tr!(locale, "online-playing") } else { tr!(locale, "online-watching") };
    ui.heading(format!("{what} · {}", challenge_text(locale, settings.variant, settings.rated, settings.time)));
    if let Some(event) = game.tournament.as_deref() {
        let words = tr!(locale, "online-tournament-game");
        match live.tournaments.event(event) {
            Some(event) => ui.label(format!("{words} · {}", event.terms.name)),
            None => ui.label(words),
        };
    }
    // The seconds before a tournament game's first clock starts, large and first in the panel: over the board it
    // would hide its far row on a phone.
    if let Some(left) = game.countdown_ms() {
        let words = tr!(locale, "online-tournament-begins", seconds = seconds_left(left));
        ui.label(egui::RichText::new(words).size(theme::HEADING_SIZE).strong().color(theme::IVORY));
    }
    player_row(ui, locale, game, game.top_color());
    player_row(ui, locale, game, !game.top_color());
    // Said first, where a phone's panel shows it without scrolling.
    if live.kept.get(&game.id).is_some_and(|g| g.unsent.is_some()) {
        let waiting = tr!(locale, "online-turn-unsent-long");
        ui.label(egui::RichText::new(waiting).strong().color(theme::MALAGASY_RED));
    }
    trays(ui, locale, live.session.game());
    if live.link.state() != LinkState::Online {
        link_line(ui, locale, &live.link);
    }
}

/// A game being watched: who is to move, a draw offered, and the way back to the lobby.
fn watching_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    session: &Session,
    game: &OnlineGame,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let mover = Color::from(session.position().side_to_move());
    ui.label(tr!(locale, "online-to-move", name = &game.player(mover).name));
    if let Some(by) = game.draw_offer {
        ui.label(tr!(locale, "online-draw-offered", name = &game.player(by).name));
    }
    if ui.button(tr!(locale, "online-back-to-lobby")).clicked() {
        commands.write(OnlineCommand::Leave);
    }
}

/// The player's game under way: whose turn, a capture to go on with or to make, stopping a chain, the draw offers,
/// resigning, aborting before the second turn, and (in a correspondence game) the lobby.
fn playing_ui(ui: &mut egui::Ui, locale: &Locale, session: &Session, game: &OnlineGame, actions: &mut GameActions) {
    let mover = Color::from(session.position().side_to_move());
    if session.human_to_move() {
        ui.label(egui::RichText::new(tr!(locale, "online-your-turn")).strong());
    } else {
        ui.label(tr!(locale, "online-to-move", name = &game.player(mover).name));
    }
    if session.builder.can_stop() {
        ui.label(tr!(locale, "online-capture-again"));
    } else if session.position().must_capture() && session.human_to_move() {
        ui.label(tr!(locale, "online-must-capture"));
    }
    let stop = egui::Button::new(tr!(locale, "online-stop-here"));
    if ui.add_enabled(session.builder.can_stop(), stop).clicked() {
        actions.turn.write(TurnCommand::Stop);
    }
    let commands = &mut actions.commands;
    if let Some(by) = game.draw_offer {
        if Some(by) == game.me {
            ui.label(tr!(locale, "online-you-offered-draw"));
        } else {
            ui.label(tr!(locale, "online-draw-offered", name = &game.player(by).name));
            if ui.button(tr!(locale, "online-accept-draw")).clicked() {
                commands.write(OnlineCommand::AcceptDraw);
            }
        }
    }
    ui.horizontal_wrapped(|ui| {
        let offer = egui::Button::new(tr!(locale, "online-offer-draw"));
        if ui.add_enabled(game.draw_offer != game.me, offer).clicked() {
            commands.write(OnlineCommand::OfferDraw);
        }
        let resign = ui.button(tr!(locale, "online-resign"));
        if resign.on_hover_text(tr!(locale, "online-resign-hint")).clicked() {
            commands.write(OnlineCommand::Resign);
        }
        if session.game().turns().len() < 2
            && ui.button(tr!(locale, "online-abort")).on_hover_text(tr!(locale, "online-abort-hint")).clicked()
        {
            commands.write(OnlineCommand::Abort);
        }
        // A correspondence game waits in the player's list while they play their others.
        if game.settings.time.is_correspondence() && ui.button(tr!(locale, "online-back-to-lobby")).clicked() {
            commands.write(OnlineCommand::Leave);
        }
    });
}

/// The panel's foot: turning the board over, how to play, reporting or blocking the opponent, and the move list (a
/// finished game's turns open the review; a game in progress is not interrupted).
fn game_tools(
    ui: &mut egui::Ui,
    locale: &Locale,
    game: &OnlineGame,
    live: &LiveGame,
    actions: &mut GameActions,
    report: &mut ReportForm,
) {
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr!(locale, "online-flip-board")).clicked() {
            actions.flip.write(FlipBoard);
        }
        if ui.button(tr!(locale, "how-to-play")).clicked() {
            actions.how_to_play.write(ToggleHowToPlay);
        }
    });
    if let Some(me) = game.me {
        let opponent = game.player(!me);
        let header = egui::CollapsingHeader::new(tr!(locale, "online-report-header", name = &opponent.name));
        header.id_salt("online-report").show(ui, |ui| {
            let blocked = live.blocked.contains(&opponent.id);
            report_ui(ui, locale, game, opponent, blocked, report, &mut actions.commands);
        });
    }
    let over = live.session.board_use().online_game_over();
    let game = live.session.game();
    if let Some(ply) = crate::ui::moves::move_list(ui, locale, game.start(), game.turns(), over) {
        actions.review.write(ReviewCommand::OpenAt(ply));
    }
}

/// The result over the board once the last turn has been shown, until the player looks at the board instead.
fn online_game_over_ui(
    mut over: OverBoard,
    current: Res<OnlineMatch>,
    lobby: Res<Lobby>,
    animations: Res<Animations>,
    mut closed: Local<Option<String>>,
    mut commands: MessageWriter<OnlineCommand>,
    mut review: MessageWriter<ReviewCommand>,
) -> Result {
    let Some(game) = current.0.as_ref() else { return Ok(()) };
    let Some(text) = game.result_text() else { return Ok(()) };
    if animations.busy() || closed.as_deref() == Some(game.id.as_str()) {
        return Ok(());
    }
    let OverBoard { contexts, insets, locale } = &mut over;
    let ctx = contexts.ctx_mut()?;
    let locale = &**locale;
    // An id of its own: the title changes with the language.
    egui::Window::new(tr!(locale, "online-game-over"))
        .id(egui::Id::new("online-game-over"))
        .anchor(egui::Align2::CENTER_TOP, [board_centre(ctx, insets), 24.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(locale.text(&text));
            ui.add_space(8.0);
            after_the_game(ui, locale, game, lobby.rematch_offer(game), &mut commands, &mut review, |ui| {
                if ui.button(tr!(locale, "online-look-at-board")).clicked() {
                    *closed = Some(game.id.clone());
                }
            });
        });
    Ok(())
}
