//! The online screens: the lobby (connection, the player, a new challenge, the open challenges, the games to watch,
//! the player's profile with the online rating's history and finished games) and the panel of an online game (both
//! clocks, the state of the connection, draw offers, resign, abort, the result, a rematch and the review). They
//! show what `online` knows and send [`OnlineCommand`]s; the server decides everything.

use bevy::prelude::*;
use bevy_egui::{EguiClipboard, EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_protocol::{ChallengeView, Color, EndReason, FinishedGame, GameVariant, GameView, PlayerView};

use super::how_to_play::ToggleHowToPlay;
use super::theme;
use super::widgets::{
    board_centre, board_side_panel, rating_change_text, rating_chart, screen_window, side_line, trays,
};
use crate::board::FlipBoard;
use crate::board::animation::Animations;
use crate::board::layout::UiInsets;
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::online::link::{Link, LinkState, server_url};
use crate::online::lobby::{Lobby, Profile, TIME_CONTROLS, challenge_link};
use crate::online::play::{OnlineGame, OnlineMatch};
use crate::online::{ChallengeSettings, OnlineCommand};
use crate::persistence::settings::{OnlineSettings, Settings};
use crate::persistence::storage::Notices;
use crate::review::ReviewCommand;
use crate::screens::{AppState, ShowMenu};
use crate::text;

/// Below this much time a clock is shown in red.
const LOW_TIME_MS: i64 = 20_000;

/// The lobby and the online game's panel.
pub struct OnlineUiPlugin;

impl Plugin for OnlineUiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LobbyTab>().add_systems(
            EguiPrimaryContextPass,
            (
                lobby_ui.run_if(in_state(AppState::Lobby)),
                (online_panel_ui, online_game_over_ui).chain().run_if(in_state(AppState::Online)),
            ),
        );
    }
}

/// The lobby's part on screen.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LobbyTab {
    /// A new challenge and the open ones.
    #[default]
    Play,
    /// The games in progress.
    Watch,
    /// The player's online rating and finished games.
    Profile,
}

/// The name and password being typed to register or sign in.
#[derive(Default)]
struct AccountForm {
    name: String,
    password: String,
}

/// Signed in: who, and signing out. A guest: register (keep this player, with a password) or sign in as a registered
/// player.
fn account_ui(
    ui: &mut egui::Ui,
    online: &OnlineSettings,
    connected: bool,
    form: &mut AccountForm,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    if online.account {
        ui.label(format!("Signed in as {}: sign in with your name and password on any other device.", online.name));
        if ui.add_enabled(connected, egui::Button::new("Sign out")).clicked() {
            commands.write(OnlineCommand::SignOut);
        }
        return;
    }
    ui.label("You play as a guest, on this device only. With a password you keep your name and rating anywhere.");
    egui::Grid::new("account").num_columns(2).show(ui, |ui| {
        ui.label("Name:");
        ui.add(egui::TextEdit::singleline(&mut form.name).hint_text("3 to 20 letters, digits, _ or -"));
        ui.end_row();
        ui.label("Password:");
        ui.add(egui::TextEdit::singleline(&mut form.password).password(true).hint_text("8 characters or more"));
        ui.end_row();
    });
    let ready = connected && !form.name.trim().is_empty() && !form.password.is_empty();
    ui.horizontal_wrapped(|ui| {
        let register = ui.add_enabled(ready, egui::Button::new("Register this guest"));
        if register.on_hover_text("Keep this player, its games and rating, under this name").clicked() {
            let (name, password) = (form.name.clone(), std::mem::take(&mut form.password));
            commands.write(OnlineCommand::Register { name, password });
        }
        if ui.add_enabled(ready, egui::Button::new("Sign in")).on_hover_text("Play as a registered player").clicked() {
            let (name, password) = (form.name.clone(), std::mem::take(&mut form.password));
            commands.write(OnlineCommand::SignIn { name, password });
        }
    });
}

/// The new challenge being made up in the lobby.
struct ChallengeForm {
    variant: GameVariant,
    rated: bool,
    time: usize,
}

impl Default for ChallengeForm {
    fn default() -> ChallengeForm {
        ChallengeForm { variant: GameVariant::Tsivy, rated: true, time: 2 }
    }
}

fn player_text(player: &PlayerView) -> String {
    let bot = if player.bot { " (bot)" } else { "" };
    format!("{}{bot} · {:.0}", player.name, player.rating)
}

fn challenge_text(variant: GameVariant, rated: bool, time: impl std::fmt::Display) -> String {
    format!("{} {time} · {}", variant.name(), if rated { "rated" } else { "unrated" })
}

/// A dot in the colour of the connection's state, and the sentence that says it.
fn link_line(ui: &mut egui::Ui, link: &Link) {
    let colour = match link.state() {
        LinkState::Online => theme::MALAGASY_GREEN,
        LinkState::Connecting => theme::PALE_WOOD,
        LinkState::Offline | LinkState::Waiting(_) => theme::MALAGASY_RED,
    };
    ui.horizontal_wrapped(|ui| {
        // Painted: the interface's fonts have no round bullet.
        let size = ui.text_style_height(&egui::TextStyle::Body);
        let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
        ui.painter().circle_filled(rect.center(), size * 0.3, colour);
        ui.label(link.describe());
    });
}

#[allow(clippy::too_many_arguments)]
fn lobby_ui(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    link: Res<Link>,
    lobby: Res<Lobby>,
    mut form: Local<ChallengeForm>,
    mut tab: ResMut<LobbyTab>,
    mut account: Local<AccountForm>,
    mut commands: MessageWriter<OnlineCommand>,
    mut menu: MessageWriter<ShowMenu>,
    mut clipboard: ResMut<EguiClipboard>,
    mut notices: ResMut<Notices>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut online = settings.online.clone();
    screen_window(ctx, "Play online", 560.0, |ui| {
        ui.vertical_centered(|ui| ui.label(theme::title("Play online")));
        link_line(ui, &link);
        if let Some(me) = link.me() {
            let kind = if online.account { "signed in" } else { "guest" };
            ui.label(format!("You: {} ({kind}) · rating {:.0} ± {:.0}", me.name, me.rating, me.deviation));
        }
        ui.collapsing("Account", |ui| account_ui(ui, &online, link.is_online(), &mut account, &mut commands));
        ui.collapsing("Server and name", |ui| {
            if !cfg!(target_arch = "wasm32") {
                ui.horizontal(|ui| {
                    ui.label("Server:");
                    ui.add(egui::TextEdit::singleline(&mut online.server).hint_text(server_url(&Default::default())));
                });
            }
            ui.add_enabled_ui(online.token.is_none(), |ui| {
                ui.horizontal(|ui| {
                    ui.label("Name:");
                    ui.add(egui::TextEdit::singleline(&mut online.name).hint_text("chosen by the server"));
                });
            });
            if online.token.is_some() {
                ui.label(egui::RichText::new("Signed in on this device: you come back as the same player.").small());
            }
            if ui.button("Connect again").clicked() {
                commands.write(OnlineCommand::Connect);
            }
        });
        ui.separator();
        ui.horizontal(|ui| {
            let games = format!("Watch ({})", lobby.games.len());
            for (value, label) in
                [(LobbyTab::Play, "Play"), (LobbyTab::Watch, games.as_str()), (LobbyTab::Profile, "Your games")]
            {
                if ui.selectable_label(*tab == value, label).clicked() && *tab != value {
                    *tab = value;
                    if value == LobbyTab::Profile {
                        commands.write(OnlineCommand::Profile);
                    }
                }
            }
        });
        ui.separator();
        match *tab {
            LobbyTab::Play => {
                ui.heading("New challenge");
                challenge_form_ui(ui, &mut form);
                match &lobby.mine {
                    Some(mine) => mine_ui(ui, mine, &settings, &mut commands, &mut clipboard, &mut notices),
                    None => {
                        let create = egui::Button::new(egui::RichText::new("Create challenge").color(theme::IVORY))
                            .fill(theme::MALAGASY_GREEN);
                        if ui.add_enabled(link.is_online(), create).clicked() {
                            let rated = form.rated && form.variant == GameVariant::Tsivy;
                            let time = TIME_CONTROLS[form.time.min(TIME_CONTROLS.len() - 1)];
                            let settings = ChallengeSettings { variant: form.variant, rated, time };
                            commands.write(OnlineCommand::Create(settings));
                        }
                    }
                }
                ui.separator();
                ui.heading("Open challenges");
                challenges_ui(ui, &lobby, link.me(), &mut commands);
            }
            LobbyTab::Watch => games_ui(ui, &lobby.games, &mut commands),
            LobbyTab::Profile => match &lobby.profile {
                Some(profile) => profile_ui(ui, profile, &mut commands),
                None if link.is_online() => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label("Asking the server…");
                    });
                }
                None => {
                    ui.label("Your online games are shown once connected.");
                }
            },
        }
        ui.add_space(8.0);
        if ui.button("Back to the menu").clicked() {
            commands.write(OnlineCommand::Close);
            menu.write(ShowMenu);
        }
    });
    if online != settings.online {
        settings.online = online;
    }
    Ok(())
}

/// The settings of a new challenge: the board, rated or not, the time control.
fn challenge_form_ui(ui: &mut egui::Ui, form: &mut ChallengeForm) {
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut form.variant, GameVariant::Tsivy, "Tsivy 9×5");
        ui.radio_value(&mut form.variant, GameVariant::Dimy, "Dimy 5×5");
        let tsivy = form.variant == GameVariant::Tsivy;
        ui.add_enabled(tsivy, egui::Checkbox::new(&mut form.rated, "Rated"))
            .on_disabled_hover_text("Only tsivy is rated");
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Time:");
        for (i, time) in TIME_CONTROLS.iter().enumerate() {
            ui.selectable_value(&mut form.time, i, time.to_string())
                .on_hover_text(format!("{} minutes each, {} s added after each turn", time.minutes, time.increment));
        }
    });
}

/// The games in progress, each with a button to watch it.
fn games_ui(ui: &mut egui::Ui, games: &[GameView], commands: &mut MessageWriter<OnlineCommand>) {
    if games.is_empty() {
        ui.label("Nobody is playing just now.");
        return;
    }
    // Rows that wrap rather than a grid, the button first so that the buttons line up: a phone's window is narrower
    // than a grid's columns.
    for game in games {
        ui.horizontal_wrapped(|ui| {
            if ui.button("Watch").clicked() {
                commands.write(OnlineCommand::Watch(game.id.clone()));
            }
            ui.label(format!("{} – {}", player_text(&game.white), player_text(&game.black)));
            ui.label(format!(
                "{} · turn {}",
                challenge_text(game.variant, game.rated, game.time),
                game.turns.len() + 1
            ));
        });
    }
}

/// A finished game from its player's side: won, lost or drawn, and why in a word.
fn verdict(game: &FinishedGame, me: Color) -> (&'static str, egui::Color32) {
    match game.result.winner {
        Some(winner) if winner == me => ("Won", theme::MALAGASY_GREEN),
        Some(_) => ("Lost", theme::MALAGASY_RED),
        None => ("Draw", theme::PALE_WOOD),
    }
}

fn reason_text(reason: EndReason) -> &'static str {
    match reason {
        EndReason::AllCaptured => "all captured",
        EndReason::NoLegalTurn => "no move",
        EndReason::TeloLine => "telo",
        EndReason::Resignation => "resigned",
        EndReason::Timeout => "on time",
        EndReason::FiftyTurns => "50 turns",
        EndReason::Repetition => "repetition",
        EndReason::Agreement => "agreed",
        EndReason::Aborted => "aborted",
    }
}

/// The player's online rating, its history, and their finished games, each of which can be replayed and reviewed.
fn profile_ui(ui: &mut egui::Ui, profile: &Profile, commands: &mut MessageWriter<OnlineCommand>) {
    let player = &profile.player;
    let rated = profile.history.len();
    ui.label(format!("Online rating {:.0} ± {:.0} after {rated} rated games", player.rating, player.deviation));
    ui.label(egui::RichText::new("Your rating against the computer is kept apart, in the menu.").small());
    let values: Vec<f64> = profile.history.iter().map(|p| p.rating).collect();
    rating_chart(ui, &values, 72.0);
    ui.add_space(4.0);
    if profile.games.is_empty() {
        ui.label("No finished games yet.");
        return;
    }
    for finished in &profile.games {
        ui.horizontal_wrapped(|ui| {
            // As the games in progress: a row that wraps, the button first.
            if ui.button("Replay").on_hover_text("Put the game on the board, to step through and review it").clicked() {
                commands.write(OnlineCommand::Replay(Box::new(finished.clone())));
            }
            let game = &finished.game;
            let me = if game.white.id == player.id { Color::White } else { Color::Black };
            let (verdict, colour) = verdict(finished, me);
            ui.label(egui::RichText::new(format!("{verdict} ({})", reason_text(finished.result.reason))).color(colour));
            let change_of = |color| finished.ratings.map(|r| if color == Color::White { r.white } else { r.black });
            // The opponent as they were then: the game lists players as they are now.
            let mut opponent = game.player(!me).clone();
            opponent.rating = change_of(!me).map_or(opponent.rating, |c| c.before);
            ui.label(format!("vs {}", player_text(&opponent)));
            let change = change_of(me).map(|c| format!(" · {:+.0}", c.after - c.before)).unwrap_or_default();
            ui.label(format!("{}{change}", challenge_text(game.variant, game.rated, game.time)));
        });
    }
}

/// The player's own challenge, waiting: cancel it or copy a link to it.
fn mine_ui(
    ui: &mut egui::Ui,
    mine: &ChallengeView,
    settings: &Settings,
    commands: &mut MessageWriter<OnlineCommand>,
    clipboard: &mut EguiClipboard,
    notices: &mut Notices,
) {
    ui.horizontal_wrapped(|ui| {
        ui.spinner();
        let whom = if mine.opponent.is_some() { "your opponent to accept" } else { "an opponent" };
        ui.label(format!(
            "Your challenge, {}: waiting for {whom}…",
            challenge_text(mine.variant, mine.rated, mine.time)
        ));
    });
    ui.horizontal(|ui| {
        if ui.button("Cancel").clicked() {
            commands.write(OnlineCommand::Cancel);
        }
        let link = challenge_link(&server_url(&settings.online), &mine.id);
        if ui.button("Copy link").on_hover_text("Send it to a friend: it opens this challenge in a browser").clicked() {
            clipboard.set_text(&link);
            notices.say(text!("copied-link", link = link));
        }
    });
}

fn challenges_ui(
    ui: &mut egui::Ui,
    lobby: &Lobby,
    me: Option<&PlayerView>,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    if lobby.challenges.is_empty() {
        ui.label("None yet: create one, or send a friend a link to yours.");
        return;
    }
    egui::Grid::new("challenges").num_columns(3).striped(true).show(ui, |ui| {
        for challenge in &lobby.challenges {
            ui.label(player_text(&challenge.by));
            // Listed to the player, a challenge addressed to someone is either theirs or for them.
            let whom = if challenge.opponent.is_some() { " · a rematch" } else { "" };
            ui.label(format!("{}{whom}", challenge_text(challenge.variant, challenge.rated, challenge.time)));
            if me.is_some_and(|me| me.id == challenge.by.id) {
                ui.label("yours");
            } else if ui.button("Accept").clicked() {
                commands.write(OnlineCommand::Accept(challenge.id.clone()));
            }
            ui.end_row();
        }
    });
}

/// A clock as players read it: minutes and seconds, tenths in the last ten seconds.
pub fn clock_text(ms: i64) -> String {
    let ms = ms.max(0);
    if ms < 10_000 {
        format!("0:{:02}.{}", ms / 1000, ms % 1000 / 100)
    } else {
        format!("{}:{:02}", ms / 60_000, ms / 1000 % 60)
    }
}

/// One player's line: the side, the name and rating, and the clock (lit while it runs, red when time is low).
fn player_row(ui: &mut egui::Ui, game: &OnlineGame, color: Color) {
    let running = game.running() == Some(color);
    let ms = game.clock_ms(color);
    let fill = if running { theme::CHARCOAL_RAISED } else { egui::Color32::TRANSPARENT };
    egui::Frame::new().fill(fill).corner_radius(6.0).inner_margin(6.0).show(ui, |ui| {
        // The clock first, from the right, so that a long name is cut beside it instead of running under it; one
        // row high (a layout of its own would take the rest of the panel).
        let row = egui::vec2(ui.available_width(), theme::HEADING_SIZE * 1.3);
        ui.allocate_ui_with_layout(row, egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let colour = match (ms < LOW_TIME_MS, running) {
                (true, _) => theme::MALAGASY_RED,
                (false, true) => theme::IVORY,
                (false, false) => theme::PALE_WOOD,
            };
            ui.label(egui::RichText::new(clock_text(ms)).monospace().size(theme::HEADING_SIZE).color(colour));
            ui.add_space(6.0);
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                let you = if Some(color) == game.me { " (you)" } else { "" };
                side_line(ui, color.into(), &format!("{}{you}", player_text(game.player(color))));
            });
        });
    });
}

/// What follows a finished game, in the panel and the game-over dialog: the rating change of a rated game, then a
/// row with a rematch (for a player), the review, the lobby and whatever `more` adds.
fn after_the_game(
    ui: &mut egui::Ui,
    game: &OnlineGame,
    offer: Option<&ChallengeView>,
    commands: &mut MessageWriter<OnlineCommand>,
    review: &mut MessageWriter<ReviewCommand>,
    more: impl FnOnce(&mut egui::Ui),
) {
    if let Some(change) = game.my_rating_change() {
        ui.label(rating_change_text(change.before, change.after));
    }
    if let Some(offer) = offer {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(format!("{} offers a rematch.", offer.by.name)).strong());
            let accept =
                egui::Button::new(egui::RichText::new("Accept").color(theme::IVORY)).fill(theme::MALAGASY_GREEN);
            if ui.add(accept).clicked() {
                commands.write(OnlineCommand::Accept(offer.id.clone()));
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        let rematch = egui::Button::new("Rematch");
        let hint = "The same game again: your opponent is asked";
        if game.me.is_some() && offer.is_none() && ui.add(rematch).on_hover_text(hint).clicked() {
            commands.write(OnlineCommand::Rematch);
        }
        if ui.button("Review").on_hover_text("Step through the game with the engine's verdict on each turn").clicked() {
            review.write(ReviewCommand::Open);
        }
        if ui.button("Back to the lobby").clicked() {
            commands.write(OnlineCommand::Leave);
        }
        more(ui);
    });
}

#[allow(clippy::too_many_arguments)]
fn online_panel_ui(
    mut contexts: EguiContexts,
    session: Res<Session>,
    current: Res<OnlineMatch>,
    lobby: Res<Lobby>,
    link: Res<Link>,
    mut insets: ResMut<UiInsets>,
    // Not `Actions`, which writes online commands too: one system may hold one writer of a message.
    mut turn: MessageWriter<TurnCommand>,
    mut flip: MessageWriter<FlipBoard>,
    mut how_to_play: MessageWriter<ToggleHowToPlay>,
    mut commands: MessageWriter<OnlineCommand>,
    mut review: MessageWriter<ReviewCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(game) = current.0.as_ref() else { return Ok(()) };
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        let settings = game.settings;
        let what = if game.me.is_some() { "Online" } else { "Watching" };
        ui.heading(format!("{what} · {}", challenge_text(settings.variant, settings.rated, settings.time)));
        player_row(ui, game, game.top_color());
        player_row(ui, game, !game.top_color());
        trays(ui, session.game());
        if link.state() != LinkState::Online {
            link_line(ui, &link);
        }
        ui.separator();
        match game.result_text() {
            Some(text) => {
                ui.label(egui::RichText::new(text).strong());
                after_the_game(ui, game, lobby.rematch_offer(game), &mut commands, &mut review, |_| {});
            }
            None if game.me.is_none() => {
                let mover = Color::from(session.position().side_to_move());
                ui.label(format!("{} to move…", game.player(mover).name));
                if let Some(by) = game.draw_offer {
                    ui.label(format!("{} offers a draw.", game.player(by).name));
                }
                if ui.button("Back to the lobby").clicked() {
                    commands.write(OnlineCommand::Leave);
                }
            }
            None => {
                let mover = Color::from(session.position().side_to_move());
                if session.human_to_move() {
                    ui.label(egui::RichText::new("Your turn").strong());
                } else {
                    ui.label(format!("{} to move…", game.player(mover).name));
                }
                if session.builder.can_stop() {
                    ui.label("Capture again with the same piece, or stop.");
                } else if session.position().must_capture() && session.human_to_move() {
                    ui.label("A capture is possible, so you must capture.");
                }
                if ui.add_enabled(session.builder.can_stop(), egui::Button::new("Stop here (Space)")).clicked() {
                    turn.write(TurnCommand::Stop);
                }
                if let Some(by) = game.draw_offer {
                    if Some(by) == game.me {
                        ui.label("You offered a draw.");
                    } else {
                        ui.label(format!("{} offers a draw.", game.player(by).name));
                        if ui.button("Accept the draw").clicked() {
                            commands.write(OnlineCommand::AcceptDraw);
                        }
                    }
                }
                ui.horizontal_wrapped(|ui| {
                    if ui.add_enabled(game.draw_offer != game.me, egui::Button::new("Offer a draw")).clicked() {
                        commands.write(OnlineCommand::OfferDraw);
                    }
                    if ui.button("Resign").on_hover_text("Shift+Q").clicked() {
                        commands.write(OnlineCommand::Resign);
                    }
                    if session.game().turns().len() < 2
                        && ui
                            .button("Abort")
                            .on_hover_text("End the game without result: before each side has played")
                            .clicked()
                    {
                        commands.write(OnlineCommand::Abort);
                    }
                });
            }
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if ui.button("Flip board").clicked() {
                flip.write(FlipBoard);
            }
            if ui.button("How to play").clicked() {
                how_to_play.write(ToggleHowToPlay);
            }
        });
        // A finished game's turns can be looked at (in the review); a game in progress is not interrupted.
        let over = session.locked;
        if let Some(ply) =
            super::panel::move_list(ui, session.game().start().side_to_move(), session.game().turns(), over)
        {
            review.write(ReviewCommand::OpenAt(ply));
        }
    };
    insets.set_if_neq(board_side_panel(ctx, "online-panel", contents));
    Ok(())
}

/// The result over the board once the last turn has been shown, until the player looks at the board instead.
#[allow(clippy::too_many_arguments)]
fn online_game_over_ui(
    mut contexts: EguiContexts,
    current: Res<OnlineMatch>,
    lobby: Res<Lobby>,
    animations: Res<Animations>,
    insets: Res<UiInsets>,
    mut closed: Local<Option<String>>,
    mut commands: MessageWriter<OnlineCommand>,
    mut review: MessageWriter<ReviewCommand>,
) -> Result {
    let Some(game) = current.0.as_ref() else { return Ok(()) };
    let Some(text) = game.result_text() else { return Ok(()) };
    if animations.busy() || closed.as_deref() == Some(game.id.as_str()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_TOP, [board_centre(ctx, &insets), 24.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(text);
            ui.add_space(8.0);
            after_the_game(ui, game, lobby.rematch_offer(game), &mut commands, &mut review, |ui| {
                if ui.button("Look at the board").clicked() {
                    *closed = Some(game.id.clone());
                }
            });
        });
    Ok(())
}
