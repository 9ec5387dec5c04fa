//! The lobby: the connection, the player, a new challenge, the open challenges, the games to watch, the player's
//! profile with the online rating's history and finished games, correspondence games and vacations, tournaments, the
//! account and its data, and the moderators' tab (the online game's own screen is `game_panel`). It shows
//! what `online` knows and sends [`OnlineCommand`]s; the server decides everything.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiClipboard, EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_protocol::{
    ChallengeView, Color, FinishedGame, GameVariant, GameView, MAX_MODERATION_REASON_CHARS, ModerationAction,
    PlayerView, PushEvent, TimeControl, VACATION_DAYS_PER_YEAR, VacationView,
};

use crate::i18n::Locale;
use crate::online::correspondence::{Correspondence, KeptGame, now_ms};
use crate::online::link::{Link, LinkState, server_url};
use crate::online::lobby::{Lobby, LobbyTab, Profile, TIME_CONTROLS, challenge_link};
use crate::online::moderation::Moderation;
use crate::online::notifications::{Notifications, PushState};
use crate::online::own_data::{AccountDeletion, DataDownload};
use crate::online::play::end_key;
use crate::online::reports::BlockedPlayers;
use crate::online::tournament_panel::{TournamentForm, TournamentScreen, call_line, tournaments_ui};
use crate::online::tournaments::{TournamentCall, Tournaments};
use crate::online::words::{challenge_text, player_text, reason_text, time_left_text, time_text, whole, yes};
use crate::online::{ChallengeSettings, OnlineCommand};
use crate::persistence::settings::{OnlineSettings, Settings};
use crate::persistence::storage::Notices;
use crate::screens::{AppState, ShowMenu};
use crate::ui::theme;
use crate::ui::widgets::{rating_chart, screen_window};
use crate::{text, tr};

/// The lobby.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, lobby_ui.run_if(in_state(AppState::Lobby)));
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
pub(super) fn link_line(ui: &mut egui::Ui, locale: &Locale, link: &Link) {
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

/// What the lobby shows: the language, the connection, the lobby's lists, the player's correspondence games and
/// the state of this device's notifications.
#[derive(SystemParam)]
struct LobbyView<'w> {
    locale: Res<'w, Locale>,
    link: Res<'w, Link>,
    lobby: Res<'w, Lobby>,
    kept: Res<'w, Correspondence>,
    notifications: Res<'w, Notifications>,
}

/// What the lobby sends: the server's commands and the way back to the menu, and what copying a challenge's link
/// uses (the clipboard, the notice that says it is copied).
#[derive(SystemParam)]
struct LobbyActions<'w> {
    commands: MessageWriter<'w, OnlineCommand>,
    menu: MessageWriter<'w, ShowMenu>,
    clipboard: ResMut<'w, EguiClipboard>,
    notices: ResMut<'w, Notices>,
}

/// What is being typed or chosen in the lobby: a new challenge, a vacation's days, an account's name and password.
#[derive(Default)]
struct LobbyForms {
    challenge: ChallengeForm,
    vacation_days: u32,
    account: AccountForm,
}

/// The lobby's screen: the player and their account, the server, the notifications, then the tab chosen.
fn lobby_ui(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut tab: ResMut<LobbyTab>,
    view: LobbyView,
    mut actions: LobbyActions,
    mut forms: Local<LobbyForms>,
    mut account_data: AccountScreens,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut online = settings.online.clone();
    let locale = &*view.locale;
    screen_window(ctx, "online-lobby", 560.0, |ui| {
        ui.vertical_centered(|ui| ui.label(theme::title(&tr!(locale, "online-title"))));
        link_line(ui, locale, &view.link);
        account_headers(ui, &view, &online, &mut forms.account, &mut account_data, &mut actions.commands);
        connection_headers(ui, &view, &mut online, &mut actions.commands);
        ui.separator();
        lobby_tabs(ui, &view, &mut tab, &mut actions.commands);
        ui.separator();
        match *tab {
            LobbyTab::Play => play_tab(ui, &view, &settings, &mut forms, &mut actions),
            LobbyTab::Watch => games_ui(ui, locale, &view.lobby.games, &mut actions.commands),
            LobbyTab::Profile => profile_tab(ui, &view, &mut actions.commands),
            LobbyTab::Moderation => {
                let AccountScreens { moderation, moderation_reason, .. } = &mut account_data;
                moderation_ui(ui, locale, moderation, moderation_reason, &mut actions.commands);
            }
            LobbyTab::Tournaments => {
                let AccountScreens { tournaments, tournament_password, tournament_form, moderation_reason, .. } =
                    &mut account_data;
                let screen = TournamentScreen {
                    tournaments,
                    me: view.link.me(),
                    online: view.link.is_online(),
                    registered: settings.online.account,
                };
                let reason = view.link.is_moderator().then_some(&mut **moderation_reason);
                tournaments_ui(
                    ui,
                    locale,
                    &screen,
                    tournament_password,
                    tournament_form,
                    reason,
                    &mut actions.commands,
                );
            }
        }
        ui.add_space(8.0);
        if ui.button(tr!(locale, "online-back-to-menu")).clicked() {
            actions.commands.write(OnlineCommand::Close);
            actions.menu.write(ShowMenu);
        }
    });
    if online != settings.online {
        settings.online = online;
    }
    Ok(())
}

/// The player's line (name, account, rating), a tournament's call, and the account's and its data's sections.
fn account_headers(
    ui: &mut egui::Ui,
    view: &LobbyView,
    online: &OnlineSettings,
    form: &mut AccountForm,
    account_data: &mut AccountScreens,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let (locale, link) = (&*view.locale, &view.link);
    if let Some(me) = link.me() {
        let (name, account) = (&me.name, yes(online.account));
        let (rating, deviation) = (whole(me.rating), whole(me.deviation));
        ui.label(tr!(locale, "online-you", name = name, account = account, rating = rating, deviation = deviation));
    }
    let AccountScreens { download, deletion, blocked, tournaments, call, .. } = account_data;
    call_line(ui, locale, tournaments, call, commands);
    // Ids of their own: the headers' words change with the language, and they should stay open when it does.
    egui::CollapsingHeader::new(tr!(locale, "online-account")).id_salt("online-account").show(ui, |ui| {
        account_ui(ui, locale, online, link.is_online(), form, commands);
        blocked_ui(ui, locale, blocked, commands);
    });
    let downloading = download.under_way();
    // Held open while something is under way, so that the player sees it (the question, the download's progress).
    let under_way = deletion.asked || downloading.is_some();
    let header = egui::CollapsingHeader::new(tr!(locale, "online-data-header")).open(under_way.then_some(true));
    header.id_salt("online-data").show(ui, |ui| {
        own_data_ui(ui, locale, online.account, link.is_online(), downloading, deletion, commands);
    });
}

/// The server and the player's name (the server only on the desktop: the web game's is the page's), connecting
/// again, and this device's notifications where the browser and the server have them.
fn connection_headers(
    ui: &mut egui::Ui,
    view: &LobbyView,
    online: &mut OnlineSettings,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let locale = &*view.locale;
    egui::CollapsingHeader::new(tr!(locale, "online-server-and-name")).id_salt("online-server").show(ui, |ui| {
        if !cfg!(target_arch = "wasm32") {
            ui.horizontal(|ui| {
                let label = ui.label(tr!(locale, "online-server-label")).id;
                let server = egui::TextEdit::singleline(&mut online.server).hint_text(server_url(&Default::default()));
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
    let state = &view.notifications.state;
    if *state != PushState::Unsupported && *state != PushState::Unknown {
        egui::CollapsingHeader::new(tr!(locale, "online-notify-header")).id_salt("online-notify").show(ui, |ui| {
            notifications_ui(ui, locale, state, online, commands);
        });
    }
}

/// The lobby's tabs (the moderators' for a moderator); choosing one asks the server for what it lists.
fn lobby_tabs(ui: &mut egui::Ui, view: &LobbyView, tab: &mut LobbyTab, commands: &mut MessageWriter<OnlineCommand>) {
    let locale = &*view.locale;
    // Wrapped: the tabs' words in Malagasy are wider than a phone's screen.
    ui.horizontal_wrapped(|ui| {
        let tabs = [
            (LobbyTab::Play, tr!(locale, "online-tab-play")),
            (LobbyTab::Watch, tr!(locale, "online-tab-watch", count = view.lobby.games.len())),
            (LobbyTab::Profile, tr!(locale, "online-tab-profile")),
            (LobbyTab::Tournaments, tr!(locale, "online-tab-tournaments")),
        ];
        let moderation = view.link.is_moderator().then(|| (LobbyTab::Moderation, tr!(locale, "online-tab-moderation")));
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
}

/// The play tab: the player's correspondence games and vacation, a new challenge (and the player's own, waiting),
/// and the open challenges.
fn play_tab(
    ui: &mut egui::Ui,
    view: &LobbyView,
    settings: &Settings,
    forms: &mut LobbyForms,
    actions: &mut LobbyActions,
) {
    let (locale, link, lobby, kept) = (&*view.locale, &view.link, &view.lobby, &view.kept);
    let commands = &mut actions.commands;
    let vacation = kept.vacation(now_ms());
    if !kept.in_order(0).is_empty() || vacation.left_ms > 0 {
        ui.heading(tr!(locale, "online-correspondence-games", count = kept.waiting()));
        correspondence_ui(ui, locale, kept, commands);
        let header = tr!(locale, "online-vacation-header", on = yes(vacation.left_ms > 0));
        // Open while a vacation is under way: the player sees it, and the way to end it.
        let header = egui::CollapsingHeader::new(header).default_open(vacation.left_ms > 0);
        header.id_salt("online-vacation").show(ui, |ui| {
            vacation_ui(ui, locale, vacation, link.is_online(), &mut forms.vacation_days, commands);
        });
        ui.separator();
    }
    ui.heading(tr!(locale, "online-new-challenge"));
    let form = &mut forms.challenge;
    challenge_form_ui(ui, locale, form, settings.online.account);
    let time = TIME_CONTROLS[form.time.min(TIME_CONTROLS.len() - 1)];
    if let Some(mine) = &lobby.mine {
        mine_ui(ui, locale, mine, settings, commands, &mut actions.clipboard, &mut actions.notices);
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
    challenges_ui(ui, locale, lobby, link.me(), commands);
}

/// The profile tab: the player's profile once the server has sent it.
fn profile_tab(ui: &mut egui::Ui, view: &LobbyView, commands: &mut MessageWriter<OnlineCommand>) {
    let locale = &*view.locale;
    match &view.lobby.profile {
        Some(profile) => profile_ui(ui, locale, profile, commands),
        None if view.link.is_online() => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr!(locale, "online-asking"));
            });
        }
        None => {
            ui.label(tr!(locale, "online-profile-offline"));
        }
    }
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
pub(super) fn vacation_mark(locale: &Locale) -> egui::RichText {
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
