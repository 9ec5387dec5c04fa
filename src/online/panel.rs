//! The online screens: the lobby (connection, the player, a new challenge, the open challenges, the games to watch,
//! the player's profile with the online rating's history and finished games) and the panel of an online game (both
//! clocks, the state of the connection, draw offers, resign, abort, the result, a rematch and the review). They
//! show what `online` knows and send [`OnlineCommand`]s; the server decides everything.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiClipboard, EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_protocol::{
    ChallengeView, Color, FinishedGame, GameVariant, GameView, MAX_MODERATION_REASON_CHARS, MAX_REPORT_NOTE_CHARS,
    ModerationAction, PlayerView, PushEvent, ReportReason, TimeControl, VACATION_DAYS_PER_YEAR, VacationView,
};

use crate::board::FlipBoard;
use crate::board::animation::Animations;
use crate::board::layout::UiInsets;
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::i18n::Locale;
use crate::online::correspondence::{Correspondence, KeptGame, now_ms};
use crate::online::link::{Link, LinkState, server_url};
use crate::online::lobby::{Lobby, LobbyTab, Profile, TIME_CONTROLS, challenge_link};
use crate::online::moderation::Moderation;
use crate::online::notifications::{Notifications, PushState};
use crate::online::own_data::{AccountDeletion, DataDownload};
use crate::online::play::{OnlineGame, OnlineMatch, end_key};
use crate::online::reports::BlockedPlayers;
use crate::online::tournament_panel::{TournamentForm, call_line, tournaments_ui};
use crate::online::tournaments::{TournamentCall, Tournaments};
use crate::online::words::{
    challenge_text, clock_text, player_text, seconds_left, time_left_text, time_text, whole, yes,
};
use crate::online::{ChallengeSettings, OnlineCommand};
use crate::persistence::settings::{OnlineSettings, Settings};
use crate::persistence::storage::Notices;
use crate::review::ReviewCommand;
use crate::screens::{AppState, ShowMenu};
use crate::ui::ToggleHowToPlay;
use crate::ui::theme;
use crate::ui::widgets::{
    board_centre, board_side_panel, rating_change_text, rating_chart, screen_window, side_line, trays,
};
use crate::{text, tr};

/// Below this much time a clock is shown in red.
const LOW_TIME_MS: i64 = 20_000;

/// The lobby and the online game's panel.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            lobby_ui.run_if(in_state(AppState::Lobby)),
            (online_panel_ui, online_game_over_ui).chain().run_if(in_state(AppState::Online)),
        ),
    );
}

/// What the lobby's account sections and the moderators' tab read: the data's download, the account's deletion,
/// the players blocked, the reports, and the moderator's reason being typed.
#[derive(SystemParam)]
struct AccountScreens<'w, 's> {
    download: Res<'w, DataDownload>,
    deletion: ResMut<'w, AccountDeletion>,
    blocked: Res<'w, BlockedPlayers>,
    moderation: Res<'w, Moderation>,
    moderation_reason: Local<'s, String>,
    tournaments: Res<'w, Tournaments>,
    call: Res<'w, TournamentCall>,
    /// The password being typed for a private tournament.
    tournament_password: Local<'s, String>,
    /// A new tournament being set.
    tournament_form: Local<'s, TournamentForm>,
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
    locale: &Locale,
    online: &OnlineSettings,
    connected: bool,
    form: &mut AccountForm,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    if online.account {
        ui.label(tr!(locale, "online-account-signed-in", name = &online.name));
        if ui.add_enabled(connected, egui::Button::new(tr!(locale, "online-sign-out"))).clicked() {
            commands.write(OnlineCommand::SignOut);
        }
        return;
    }
    ui.label(tr!(locale, "online-account-guest"));
    egui::Grid::new("account").num_columns(2).show(ui, |ui| {
        let label = ui.label(tr!(locale, "online-name-label")).id;
        ui.add(egui::TextEdit::singleline(&mut form.name).hint_text(tr!(locale, "online-name-hint")))
            .labelled_by(label);
        ui.end_row();
        let label = ui.label(tr!(locale, "online-password-label")).id;
        let password = egui::TextEdit::singleline(&mut form.password).password(true);
        ui.add(password.hint_text(tr!(locale, "online-password-hint"))).labelled_by(label);
        ui.end_row();
    });
    let ready = connected && !form.name.trim().is_empty() && !form.password.is_empty();
    ui.horizontal_wrapped(|ui| {
        let register = ui.add_enabled(ready, egui::Button::new(tr!(locale, "online-register")));
        if register.on_hover_text(tr!(locale, "online-register-hint")).clicked() {
            let (name, password) = (form.name.clone(), std::mem::take(&mut form.password));
            commands.write(OnlineCommand::Register { name, password });
        }
        let sign_in = ui.add_enabled(ready, egui::Button::new(tr!(locale, "online-sign-in")));
        if sign_in.on_hover_text(tr!(locale, "online-sign-in-hint")).clicked() {
            let (name, password) = (form.name.clone(), std::mem::take(&mut form.password));
            commands.write(OnlineCommand::SignIn { name, password });
        }
    });
}

/// The player's data: a download of what the server keeps, and the account's deletion, which asks first (and, for
/// a registered player, the password).
fn own_data_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    registered: bool,
    connected: bool,
    downloading: Option<usize>,
    deletion: &mut AccountDeletion,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    ui.label(egui::RichText::new(tr!(locale, "online-data-hint")).small());
    match downloading {
        Some(games) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr!(locale, "online-data-downloading", games = games));
            });
        }
        None => {
            if ui.add_enabled(connected, egui::Button::new(tr!(locale, "online-data-download"))).clicked() {
                commands.write(OnlineCommand::DownloadData);
            }
        }
    }
    if !deletion.asked {
        if ui.add_enabled(connected, egui::Button::new(tr!(locale, "online-delete-account"))).clicked() {
            deletion.asked = true;
        }
        return;
    }
    ui.label(egui::RichText::new(tr!(locale, "online-delete-question")).color(theme::MALAGASY_RED));
    if registered {
        ui.horizontal(|ui| {
            let label = ui.label(tr!(locale, "online-delete-password")).id;
            ui.add(egui::TextEdit::singleline(&mut deletion.password).password(true)).labelled_by(label);
        });
    }
    ui.horizontal_wrapped(|ui| {
        let ready = connected && (!registered || !deletion.password.is_empty());
        let words = egui::RichText::new(tr!(locale, "online-delete-confirm")).color(theme::IVORY);
        if ui.add_enabled(ready, egui::Button::new(words).fill(theme::MALAGASY_RED)).clicked() {
            let password = std::mem::take(&mut deletion.password);
            commands.write(OnlineCommand::DeleteAccount { password: registered.then_some(password) });
            deletion.asked = false;
        }
        if ui.button(tr!(locale, "online-delete-keep")).clicked() {
            *deletion = AccountDeletion::default();
        }
    });
}

/// Why a player is reported, in the reader's words.
fn reason_text(locale: &Locale, reason: ReportReason) -> String {
    match reason {
        ReportReason::Name => tr!(locale, "online-report-name"),
        ReportReason::Cheating => tr!(locale, "online-report-cheating"),
        ReportReason::Stalling => tr!(locale, "online-report-stalling"),
        ReportReason::Other => tr!(locale, "online-report-other"),
    }
}

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

/// The players the player blocks, each with a way to unblock them.
fn blocked_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    blocked: &BlockedPlayers,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let Some(players) = blocked.0.as_ref().filter(|players| !players.is_empty()) else { return };
    ui.label(tr!(locale, "online-blocked-list"));
    for player in players {
        ui.horizontal(|ui| {
            ui.label(&player.name);
            if ui.small_button(tr!(locale, "online-unblock")).clicked() {
                commands.write(OnlineCommand::Unblock(player.id.clone()));
            }
        });
    }
}

/// A moderator's screen: the reason to log, then each line of the reports' queue and each flag with the actions on its
/// player, and a button for the queue's next page when there is one.
fn moderation_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    moderation: &Moderation,
    reason: &mut String,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    if !moderation.listed {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr!(locale, "online-asking"));
        });
        return;
    }
    let label = ui.label(tr!(locale, "online-moderation-reason")).id;
    ui.add(egui::TextEdit::multiline(reason).desired_rows(2).char_limit(MAX_MODERATION_REASON_CHARS))
        .labelled_by(label);
    if moderation.reports.is_empty() && moderation.flags.is_empty() {
        ui.label(tr!(locale, "online-moderation-empty"));
    }
    // One set of buttons for each player named: the action closes every report and the flag on them.
    let mut actions = |ui: &mut egui::Ui, player: &PlayerView| {
        ui.horizontal_wrapped(|ui| {
            let ready = !reason.trim().is_empty();
            let choices = [
                (ModerationAction::Warn, tr!(locale, "online-moderate-warn")),
                (ModerationAction::Suspend { days: 7 }, tr!(locale, "online-moderate-suspend")),
                (ModerationAction::Close, tr!(locale, "online-moderate-close")),
                (ModerationAction::Dismiss, tr!(locale, "online-moderate-dismiss")),
            ];
            for (action, label) in choices {
                if ui.add_enabled(ready, egui::Button::new(label)).clicked() {
                    let (player, reason) = (player.id.clone(), reason.trim().to_owned());
                    commands.write(OnlineCommand::Moderate { player, action, reason });
                }
            }
        });
    };
    for report in &moderation.reports {
        ui.separator();
        let why = reason_text(locale, report.reason);
        let (reporter, player) = (&report.reporter.name, &report.player.name);
        ui.label(egui::RichText::new(tr!(locale, "online-report-line", reporter = reporter, player = player)).strong());
        ui.label(why);
        if !report.note.is_empty() {
            ui.label(egui::RichText::new(&report.note).italics());
        }
        ui.label(egui::RichText::new(tr!(locale, "online-report-history", actions = report.history.len())).small());
        actions(ui, &report.player);
    }
    for flag in &moderation.flags {
        ui.separator();
        let (name, games) = (&flag.player.name, flag.evidence.len());
        let (matched, complex, accuracy) = (flag.matched, flag.complex, format!("{:.1}", flag.accuracy));
        let line = tr!(
            locale,
            "online-flag-line",
            player = name,
            matched = matched,
            complex = complex,
            accuracy = accuracy,
            games = games
        );
        ui.label(egui::RichText::new(line).strong());
        actions(ui, &flag.player);
    }
    // The queue's next page, below the lines shown, when the server has more.
    if moderation.next.is_some() {
        ui.separator();
        if ui.button(tr!(locale, "online-moderation-more")).clicked() {
            commands.write(OnlineCommand::MoreReports);
        }
    }
}

/// The new challenge being made up in the lobby.
struct ChallengeForm {
    variant: GameVariant,
    rated: bool,
    time: usize,
}

impl ChallengeForm {
    /// Whether the challenge may be rated: rated games are played on the 9×5 board, between registered players (a
    /// guest's rated challenge is refused, docs/DECISIONS.md "Game server").
    fn may_rate(&self, registered: bool) -> bool {
        registered && self.variant == GameVariant::Tsivy
    }
}

impl Default for ChallengeForm {
    fn default() -> ChallengeForm {
        ChallengeForm { variant: GameVariant::Tsivy, rated: true, time: 2 }
    }
}

/// A dot in the colour of the connection's state, and the sentence that says it.
fn link_line(ui: &mut egui::Ui, locale: &Locale, link: &Link) {
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
        let state = locale.text(&link.describe());
        match link.problem() {
            Some(problem) => ui.label(format!("{state} {}", locale.text(problem))),
            None => ui.label(state),
        };
    });
}

#[allow(clippy::too_many_arguments)]
fn lobby_ui(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    mut settings: ResMut<Settings>,
    link: Res<Link>,
    lobby: Res<Lobby>,
    kept: Res<Correspondence>,
    notifications: Res<Notifications>,
    mut form: Local<ChallengeForm>,
    mut vacation_days: Local<u32>,
    mut tab: ResMut<LobbyTab>,
    mut account: Local<AccountForm>,
    mut account_data: AccountScreens,
    mut commands: MessageWriter<OnlineCommand>,
    mut menu: MessageWriter<ShowMenu>,
    mut clipboard: ResMut<EguiClipboard>,
    mut notices: ResMut<Notices>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut online = settings.online.clone();
    let locale = &*locale;
    screen_window(ctx, "online-lobby", 560.0, |ui| {
        ui.vertical_centered(|ui| ui.label(theme::title(&tr!(locale, "online-title"))));
        link_line(ui, locale, &link);
        if let Some(me) = link.me() {
            let (name, account) = (&me.name, yes(online.account));
            let (rating, deviation) = (whole(me.rating), whole(me.deviation));
            ui.label(tr!(locale, "online-you", name = name, account = account, rating = rating, deviation = deviation));
        }
        // Ids of their own: the headers' words change with the language, and they should stay open when it does.
        let AccountScreens {
            download,
            deletion,
            blocked,
            moderation,
            moderation_reason,
            tournaments,
            call,
            tournament_password,
            tournament_form,
        } = &mut account_data;
        call_line(ui, locale, tournaments, call, &mut commands);
        egui::CollapsingHeader::new(tr!(locale, "online-account")).id_salt("online-account").show(ui, |ui| {
            account_ui(ui, locale, &online, link.is_online(), &mut account, &mut commands);
            blocked_ui(ui, locale, blocked, &mut commands);
        });
        let downloading = download.under_way();
        // Held open while something is under way, so that the player sees it (the question, the download's progress).
        let under_way = deletion.asked || downloading.is_some();
        let header = egui::CollapsingHeader::new(tr!(locale, "online-data-header")).open(under_way.then_some(true));
        header.id_salt("online-data").show(ui, |ui| {
            own_data_ui(ui, locale, online.account, link.is_online(), downloading, deletion, &mut commands);
        });
        egui::CollapsingHeader::new(tr!(locale, "online-server-and-name")).id_salt("online-server").show(ui, |ui| {
            if !cfg!(target_arch = "wasm32") {
                ui.horizontal(|ui| {
                    let label = ui.label(tr!(locale, "online-server-label")).id;
                    let server =
                        egui::TextEdit::singleline(&mut online.server).hint_text(server_url(&Default::default()));
                    ui.add(server).labelled_by(label);
                });
            }
            ui.add_enabled_ui(online.token.is_none(), |ui| {
                ui.horizontal(|ui| {
                    let label = ui.label(tr!(locale, "online-name-label")).id;
                    let name = egui::TextEdit::singleline(&mut online.name);
                    ui.add(name.hint_text(tr!(locale, "online-name-by-server"))).labelled_by(label);
                });
            });
            if online.token.is_some() {
                ui.label(egui::RichText::new(tr!(locale, "online-token-kept")).small());
            }
            if ui.button(tr!(locale, "online-connect-again")).clicked() {
                commands.write(OnlineCommand::Connect);
            }
        });
        // On the web, with a server that sends them.
        if notifications.state != PushState::Unsupported && notifications.state != PushState::Unknown {
            egui::CollapsingHeader::new(tr!(locale, "online-notify-header")).id_salt("online-notify").show(ui, |ui| {
                notifications_ui(ui, locale, &notifications.state, &mut online, &mut commands);
            });
        }
        ui.separator();
        // Wrapped: the tabs' words in Malagasy are wider than a phone's screen.
        ui.horizontal_wrapped(|ui| {
            let tabs = [
                (LobbyTab::Play, tr!(locale, "online-tab-play")),
                (LobbyTab::Watch, tr!(locale, "online-tab-watch", count = lobby.games.len())),
                (LobbyTab::Profile, tr!(locale, "online-tab-profile")),
                (LobbyTab::Tournaments, tr!(locale, "online-tab-tournaments")),
            ];
            let moderation = link.is_moderator().then(|| (LobbyTab::Moderation, tr!(locale, "online-tab-moderation")));
            for (value, label) in tabs.into_iter().chain(moderation) {
                if ui.selectable_label(*tab == value, label).clicked() && *tab != value {
                    *tab = value;
                    match value {
                        LobbyTab::Profile => commands.write(OnlineCommand::Profile),
                        LobbyTab::Moderation => commands.write(OnlineCommand::ListReports),
                        LobbyTab::Tournaments => commands.write(OnlineCommand::Tournaments),
                        LobbyTab::Play | LobbyTab::Watch => continue,
                    };
                }
            }
        });
        ui.separator();
        match *tab {
            LobbyTab::Play => {
                let vacation = kept.vacation(now_ms());
                if !kept.in_order(0).is_empty() || vacation.left_ms > 0 {
                    ui.heading(tr!(locale, "online-correspondence-games", count = kept.waiting()));
                    correspondence_ui(ui, locale, &kept, &mut commands);
                    let header = tr!(locale, "online-vacation-header", on = yes(vacation.left_ms > 0));
                    // Open while a vacation is under way: the player sees it, and the way to end it.
                    let header = egui::CollapsingHeader::new(header).default_open(vacation.left_ms > 0);
                    header.id_salt("online-vacation").show(ui, |ui| {
                        vacation_ui(ui, locale, vacation, link.is_online(), &mut vacation_days, &mut commands);
                    });
                    ui.separator();
                }
                ui.heading(tr!(locale, "online-new-challenge"));
                challenge_form_ui(ui, locale, &mut form, settings.online.account);
                let time = TIME_CONTROLS[form.time.min(TIME_CONTROLS.len() - 1)];
                if let Some(mine) = &lobby.mine {
                    mine_ui(ui, locale, mine, &settings, &mut commands, &mut clipboard, &mut notices);
                }
                // One live challenge at a time waits with its spinner; correspondence ones, several, wait listed.
                if lobby.mine.is_none() || time.is_correspondence() {
                    let words = egui::RichText::new(tr!(locale, "online-create-challenge")).color(theme::IVORY);
                    let create = egui::Button::new(words).fill(theme::MALAGASY_GREEN);
                    if ui.add_enabled(link.is_online(), create).clicked() {
                        let rated = form.rated && form.may_rate(settings.online.account);
                        commands.write(OnlineCommand::Create(ChallengeSettings { variant: form.variant, rated, time }));
                    }
                }
                ui.separator();
                ui.heading(tr!(locale, "online-open-challenges"));
                challenges_ui(ui, locale, &lobby, link.me(), &mut commands);
            }
            LobbyTab::Watch => games_ui(ui, locale, &lobby.games, &mut commands),
            LobbyTab::Profile => match &lobby.profile {
                Some(profile) => profile_ui(ui, locale, profile, &mut commands),
                None if link.is_online() => {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(tr!(locale, "online-asking"));
                    });
                }
                None => {
                    ui.label(tr!(locale, "online-profile-offline"));
                }
            },
            LobbyTab::Moderation => moderation_ui(ui, locale, moderation, moderation_reason, &mut commands),
            LobbyTab::Tournaments => {
                let can = (link.is_online(), settings.online.account);
                let (me, password) = (link.me(), &mut **tournament_password);
                let reason = link.is_moderator().then_some(&mut **moderation_reason);
                tournaments_ui(ui, locale, tournaments, me, can, password, tournament_form, reason, &mut commands);
            }
        }
        ui.add_space(8.0);
        if ui.button(tr!(locale, "online-back-to-menu")).clicked() {
            commands.write(OnlineCommand::Close);
            menu.write(ShowMenu);
        }
    });
    if online != settings.online {
        settings.online = online;
    }
    Ok(())
}

/// This device's notifications of correspondence games: what the player is told of, and on or off.
fn notifications_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    state: &PushState,
    online: &mut OnlineSettings,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    ui.label(egui::RichText::new(tr!(locale, "online-notify-hint")).small());
    let events = [
        (PushEvent::Turn, tr!(locale, "online-notify-turn")),
        (PushEvent::Challenge, tr!(locale, "online-notify-challenge")),
        (PushEvent::Result, tr!(locale, "online-notify-result")),
        (PushEvent::Reminder, tr!(locale, "online-notify-reminder")),
    ];
    let mut changed = false;
    for (event, label) in events {
        let mut on = !online.push_off.contains(&event);
        if ui.checkbox(&mut on, label).changed() {
            online.push_off.retain(|off| *off != event);
            if !on {
                online.push_off.push(event);
            }
            changed = true;
        }
    }
    // The server has the events with the subscription: a change while it is on goes to it.
    if changed && *state == PushState::On {
        commands.write(OnlineCommand::Notify(true));
    }
    let said = match state {
        PushState::On => tr!(locale, "online-notify-state", state = "on"),
        PushState::Refused(why) => locale.text(why),
        PushState::Asking => tr!(locale, "online-notify-state", state = "asking"),
        _ => tr!(locale, "online-notify-state", state = "off"),
    };
    let colour = if matches!(state, PushState::Refused(_)) { theme::MALAGASY_RED } else { ui.visuals().text_color() };
    ui.label(egui::RichText::new(said).color(colour));
    ui.add_enabled_ui(*state != PushState::Asking, |ui| {
        let (on, words) = match state {
            PushState::On => (false, tr!(locale, "online-notify-off")),
            _ => (true, tr!(locale, "online-notify-on")),
        };
        if ui.button(words).clicked() {
            commands.write(OnlineCommand::Notify(on));
        }
    });
}

/// What is shown beside a clock that stands still.
fn vacation_mark(locale: &Locale) -> egui::RichText {
    egui::RichText::new(tr!(locale, "online-on-vacation")).small().italics().color(theme::PALE_WOOD)
}

/// The player's vacation: the one under way, with a button to end it; or the days to take and the button that
/// takes them.
fn vacation_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    vacation: VacationView,
    online: bool,
    days: &mut u32,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let VacationView { left_ms, days_left } = vacation;
    ui.label(egui::RichText::new(tr!(locale, "online-vacation-hint", days = VACATION_DAYS_PER_YEAR)).small());
    if left_ms > 0 {
        ui.label(tr!(locale, "online-vacation-under-way", left = time_left_text(locale, left_ms)));
        if ui.add_enabled(online, egui::Button::new(tr!(locale, "online-vacation-end"))).clicked() {
            commands.write(OnlineCommand::Vacation(0));
        }
        return;
    }
    let label = ui.label(tr!(locale, "online-vacation-days-left", days = days_left)).id;
    if days_left == 0 {
        return;
    }
    *days = (*days).clamp(1, days_left);
    ui.horizontal_wrapped(|ui| {
        // The number is on the button beside it; a value box would be a control without a name for screen readers.
        ui.add(egui::Slider::new(days, 1..=days_left).integer().show_value(false)).labelled_by(label);
        let take = egui::Button::new(tr!(locale, "online-vacation-take", days = *days));
        if ui.add_enabled(online, take).clicked() {
            commands.write(OnlineCommand::Vacation(*days));
        }
    });
}

/// The settings of a new challenge: the board, rated or not, the time control.
fn challenge_form_ui(ui: &mut egui::Ui, locale: &Locale, form: &mut ChallengeForm, registered: bool) {
    ui.horizontal_wrapped(|ui| {
        // The boards' names are the same in every language, and so are their sizes.
        ui.radio_value(&mut form.variant, GameVariant::Tsivy, format!("{} 9×5", GameVariant::Tsivy.name()));
        ui.radio_value(&mut form.variant, GameVariant::Dimy, format!("{} 5×5", GameVariant::Dimy.name()));
        // Where a rated game cannot be had, the box shows unticked (the choice is kept for when it can).
        let allowed = form.may_rate(registered);
        let mut unrated = false;
        let rated = if allowed { &mut form.rated } else { &mut unrated };
        let why_not = if registered {
            tr!(locale, "online-rated-tsivy-only")
        } else {
            tr!(locale, "online-rated-registered-only")
        };
        ui.add_enabled(allowed, egui::Checkbox::new(rated, tr!(locale, "online-rated-choice")))
            .on_disabled_hover_text(why_not);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!(locale, "online-time-label"));
        for (i, time) in TIME_CONTROLS.iter().enumerate() {
            let TimeControl::Live { minutes, increment } = *time else { continue };
            let hint = tr!(locale, "online-time-hint", minutes = minutes, increment = increment);
            ui.selectable_value(&mut form.time, i, time.to_string()).on_hover_text(hint);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!(locale, "online-days-label"));
        for (i, time) in TIME_CONTROLS.iter().enumerate() {
            let TimeControl::Correspondence { days } = *time else { continue };
            let hint = tr!(locale, "online-days-hint", days = days);
            ui.selectable_value(&mut form.time, i, tr!(locale, "online-days", days = days)).on_hover_text(hint);
        }
    });
}

/// The player's correspondence games, those waiting for their turn first: each opens on the board, with no
/// connection too.
fn correspondence_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    kept: &Correspondence,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let now = now_ms();
    for game in kept.in_order(now) {
        ui.horizontal_wrapped(|ui| {
            // As the games in progress: a row that wraps, the button first.
            if ui.button(tr!(locale, "online-open-game")).clicked() {
                commands.write(OnlineCommand::Resume(game.view.id.clone()));
            }
            let opponent = game.opponent();
            ui.label(tr!(
                locale,
                "online-against",
                name = &opponent.name,
                rating = whole(opponent.rating),
                bot = yes(opponent.bot)
            ));
            let (status, colour) = correspondence_status(locale, game, now);
            let status = egui::RichText::new(status).color(colour);
            ui.label(if game.waiting_for_me() { status.strong() } else { status });
            if game.stopped(now) {
                ui.label(vacation_mark(locale));
            }
        });
    }
}

/// Where a correspondence game stands for the player: their turn, the opponent's, or a turn waiting to be sent; and
/// the time left to whoever is to play.
fn correspondence_status(locale: &Locale, game: &KeptGame, now: i64) -> (String, egui::Color32) {
    let left = game.time_left_ms(now).map(|ms| time_left_text(locale, ms)).unwrap_or_default();
    if game.unsent.is_some() {
        (tr!(locale, "online-turn-unsent"), theme::PALE_WOOD)
    } else if game.waiting_for_me() {
        (tr!(locale, "online-your-turn-left", left = left), theme::IVORY)
    } else {
        (tr!(locale, "online-their-turn-left", name = &game.opponent().name, left = left), theme::PALE_WOOD)
    }
}

/// The games in progress, each with a button to watch it.
fn games_ui(ui: &mut egui::Ui, locale: &Locale, games: &[GameView], commands: &mut MessageWriter<OnlineCommand>) {
    if games.is_empty() {
        ui.label(tr!(locale, "online-no-games"));
        return;
    }
    // Rows that wrap rather than a grid, the button first so that the buttons line up: a phone's window is narrower
    // than a grid's columns.
    for game in games {
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr!(locale, "online-watch")).clicked() {
                commands.write(OnlineCommand::Watch(game.id.clone()));
            }
            ui.label(format!("{} – {}", player_text(locale, &game.white), player_text(locale, &game.black)));
            let turn = tr!(locale, "online-turn-number", turn = game.turns.len() + 1);
            ui.label(format!("{} · {turn}", challenge_text(locale, game.variant, game.rated, game.time)));
        });
    }
}

/// A finished game from its player's side: won, lost or drawn (the key of `online-finished`), and its colour.
fn verdict(game: &FinishedGame, me: Color) -> (&'static str, egui::Color32) {
    match game.result.winner {
        Some(winner) if winner == me => ("won", theme::MALAGASY_GREEN),
        Some(_) => ("lost", theme::MALAGASY_RED),
        None => ("draw", theme::PALE_WOOD),
    }
}

/// The player's online rating, its history, and their finished games, each of which can be replayed and reviewed.
fn profile_ui(ui: &mut egui::Ui, locale: &Locale, profile: &Profile, commands: &mut MessageWriter<OnlineCommand>) {
    let player = &profile.player;
    let (rating, deviation, count) = (whole(player.rating), whole(player.deviation), profile.history.len());
    ui.label(tr!(locale, "online-profile-rating", rating = rating, deviation = deviation, count = count));
    ui.label(egui::RichText::new(tr!(locale, "online-rating-apart")).small());
    let values: Vec<f64> = profile.history.iter().map(|p| p.rating).collect();
    rating_chart(ui, &values, 72.0);
    ui.add_space(4.0);
    if profile.games.is_empty() {
        ui.label(tr!(locale, "online-no-finished-games"));
        return;
    }
    for finished in &profile.games {
        ui.horizontal_wrapped(|ui| {
            // As the games in progress: a row that wraps, the button first.
            let replay = ui.button(tr!(locale, "online-replay"));
            if replay.on_hover_text(tr!(locale, "online-replay-hint")).clicked() {
                commands.write(OnlineCommand::Replay(Box::new(finished.clone())));
            }
            let game = &finished.game;
            let me = if game.white.id == player.id { Color::White } else { Color::Black };
            let (verdict, colour) = verdict(finished, me);
            let reason = end_key(finished.result.reason);
            let finished_text = tr!(locale, "online-finished", verdict = verdict, reason = reason);
            ui.label(egui::RichText::new(finished_text).color(colour));
            let change_of = |color| finished.ratings.map(|r| if color == Color::White { r.white } else { r.black });
            // The opponent as they were then: the game lists players as they are now.
            let opponent = game.player(!me);
            let rating = whole(change_of(!me).map_or(opponent.rating, |c| c.before));
            let bot = yes(opponent.bot);
            ui.label(tr!(locale, "online-versus", name = &opponent.name, rating = rating, bot = bot));
            let change = change_of(me).map(|c| format!(" · {:+.0}", c.after - c.before)).unwrap_or_default();
            ui.label(format!("{}{change}", challenge_text(locale, game.variant, game.rated, game.time)));
        });
    }
}

/// The player's own challenge, waiting: cancel it or copy a link to it.
fn mine_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    mine: &ChallengeView,
    settings: &Settings,
    commands: &mut MessageWriter<OnlineCommand>,
    clipboard: &mut EguiClipboard,
    notices: &mut Notices,
) {
    ui.horizontal_wrapped(|ui| {
        ui.spinner();
        ui.label(tr!(
            locale,
            "online-my-challenge",
            variant = mine.variant.name(),
            time = time_text(locale, mine.time),
            rated = yes(mine.rated),
            rematch = yes(mine.opponent.is_some()),
        ));
    });
    ui.horizontal(|ui| {
        if ui.button(tr!(locale, "online-cancel")).clicked() {
            commands.write(OnlineCommand::Cancel);
        }
        let link = challenge_link(&server_url(&settings.online), &mine.id);
        let copy = ui.button(tr!(locale, "online-copy-link"));
        if copy.on_hover_text(tr!(locale, "online-copy-link-hint")).clicked() {
            clipboard.set_text(&link);
            notices.say(text!("copied-link", link = link));
        }
    });
}

fn challenges_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    lobby: &Lobby,
    me: Option<&PlayerView>,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    if lobby.challenges.is_empty() {
        ui.label(tr!(locale, "online-no-challenges"));
        return;
    }
    let mut row = |ui: &mut egui::Ui, challenge: &fanorona_protocol::ChallengeView| {
        ui.label(player_text(locale, &challenge.by));
        let what = challenge_text(locale, challenge.variant, challenge.rated, challenge.time);
        // Listed to the player, a challenge addressed to someone is either theirs or for them.
        match challenge.opponent {
            Some(_) => ui.label(format!("{what} · {}", tr!(locale, "online-rematch-label"))),
            None => ui.label(what),
        };
        if me.is_some_and(|me| me.id == challenge.by.id) {
            // The live one is withdrawn where it waits (`mine_ui`); correspondence ones, of which there may be
            // several, here.
            if !challenge.time.is_correspondence() {
                ui.label(tr!(locale, "online-yours"));
            } else if ui.button(tr!(locale, "online-withdraw")).clicked() {
                commands.write(OnlineCommand::Withdraw(challenge.id.clone()));
            }
        } else {
            ui.horizontal(|ui| {
                if ui.button(tr!(locale, "online-accept")).clicked() {
                    commands.write(OnlineCommand::Accept(challenge.id.clone()));
                }
                if challenge.opponent.is_some() && ui.button(tr!(locale, "online-decline")).clicked() {
                    commands.write(OnlineCommand::Decline(challenge.id.clone()));
                }
            });
        }
    };
    // In columns where they fit; on a phone each challenge wraps on its own, or the longer languages would push the
    // Accept button off the screen.
    if ui.available_width() >= CHALLENGE_COLUMNS_WIDTH {
        egui::Grid::new("challenges").num_columns(3).striped(true).show(ui, |ui| {
            for challenge in &lobby.challenges {
                row(ui, challenge);
                ui.end_row();
            }
        });
    } else {
        for challenge in &lobby.challenges {
            ui.horizontal_wrapped(|ui| row(ui, challenge));
            ui.separator();
        }
    }
}

/// The width, in points, under which the challenges are not listed in columns.
const CHALLENGE_COLUMNS_WIDTH: f32 = 460.0;

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

#[allow(clippy::too_many_arguments)]
fn online_panel_ui(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    session: Res<Session>,
    current: Res<OnlineMatch>,
    lobby: Res<Lobby>,
    kept: Res<Correspondence>,
    link: Res<Link>,
    mut insets: ResMut<UiInsets>,
    mut turn: MessageWriter<TurnCommand>,
    mut flip: MessageWriter<FlipBoard>,
    mut how_to_play: MessageWriter<ToggleHowToPlay>,
    mut commands: MessageWriter<OnlineCommand>,
    mut review: MessageWriter<ReviewCommand>,
    (blocked, mut report, tournaments): (Res<BlockedPlayers>, Local<ReportForm>, Res<Tournaments>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(game) = current.0.as_ref() else { return Ok(()) };
    let locale = &*locale;
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        let settings = game.settings;
        let what = if game.me.is_some() { tr!(locale, "online-playing") } else { tr!(locale, "online-watching") };
        ui.heading(format!("{what} · {}", challenge_text(locale, settings.variant, settings.rated, settings.time)));
        if let Some(event) = game.tournament.as_deref() {
            let words = tr!(locale, "online-tournament-game");
            match tournaments.event(event) {
                Some(event) => ui.label(format!("{words} · {}", event.terms.name)),
                None => ui.label(words),
            };
        }
        // The seconds before a tournament game's first clock starts, large and first in the panel: over the board
        // it would hide its far row on a phone.
        if let Some(left) = game.countdown_ms() {
            let words = tr!(locale, "online-tournament-begins", seconds = seconds_left(left));
            ui.label(egui::RichText::new(words).size(theme::HEADING_SIZE).strong().color(theme::IVORY));
        }
        player_row(ui, locale, game, game.top_color());
        player_row(ui, locale, game, !game.top_color());
        // Said first, where a phone's panel shows it without scrolling.
        if kept.get(&game.id).is_some_and(|g| g.unsent.is_some()) {
            let waiting = tr!(locale, "online-turn-unsent-long");
            ui.label(egui::RichText::new(waiting).strong().color(theme::MALAGASY_RED));
        }
        trays(ui, locale, session.game());
        if link.state() != LinkState::Online {
            link_line(ui, locale, &link);
        }
        ui.separator();
        match game.result_text() {
            Some(text) => {
                ui.label(egui::RichText::new(locale.text(&text)).strong());
                after_the_game(ui, locale, game, lobby.rematch_offer(game), &mut commands, &mut review, |_| {});
            }
            None if game.me.is_none() => {
                let mover = Color::from(session.position().side_to_move());
                ui.label(tr!(locale, "online-to-move", name = &game.player(mover).name));
                if let Some(by) = game.draw_offer {
                    ui.label(tr!(locale, "online-draw-offered", name = &game.player(by).name));
                }
                if ui.button(tr!(locale, "online-back-to-lobby")).clicked() {
                    commands.write(OnlineCommand::Leave);
                }
            }
            None => {
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
                    turn.write(TurnCommand::Stop);
                }
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
                        && ui
                            .button(tr!(locale, "online-abort"))
                            .on_hover_text(tr!(locale, "online-abort-hint"))
                            .clicked()
                    {
                        commands.write(OnlineCommand::Abort);
                    }
                    // A correspondence game waits in the player's list while they play their others.
                    if settings.time.is_correspondence() && ui.button(tr!(locale, "online-back-to-lobby")).clicked() {
                        commands.write(OnlineCommand::Leave);
                    }
                });
            }
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr!(locale, "online-flip-board")).clicked() {
                flip.write(FlipBoard);
            }
            if ui.button(tr!(locale, "how-to-play")).clicked() {
                how_to_play.write(ToggleHowToPlay);
            }
        });
        if let Some(me) = game.me {
            let opponent = game.player(!me);
            let header = egui::CollapsingHeader::new(tr!(locale, "online-report-header", name = &opponent.name));
            header.id_salt("online-report").show(ui, |ui| {
                let blocked = blocked.contains(&opponent.id);
                report_ui(ui, locale, game, opponent, blocked, &mut report, &mut commands);
            });
        }
        // A finished game's turns can be looked at (in the review); a game in progress is not interrupted.
        let over = session.board_use().online_game_over();
        if let Some(ply) = crate::ui::moves::move_list(ui, locale, session.game().start(), session.game().turns(), over)
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
    locale: Res<Locale>,
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
    let locale = &*locale;
    // An id of its own: the title changes with the language.
    egui::Window::new(tr!(locale, "online-game-over"))
        .id(egui::Id::new("online-game-over"))
        .anchor(egui::Align2::CENTER_TOP, [board_centre(ctx, &insets), 24.0])
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
