//! The tournaments on screen: the lobby's tab (the events, the standings and the crosstable), the question put to
//! a player busy with another game when their tournament game begins, and the countdown over the board before a
//! tournament game's first clock starts. They show what [`super::tournaments`] knows and send [`OnlineCommand`]s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_protocol::{
    GameVariant, MAX_MODERATION_REASON_CHARS, MAX_TOURNAMENT_NAME_CHARS, MAX_TOURNAMENT_PASSWORD_CHARS,
    MIN_TOURNAMENT_PASSWORD_CHARS, PlayerView, StandingView, TermsError, TimeControl, TournamentFormat,
    TournamentGameView, TournamentOutcome, TournamentSettings, TournamentStage, TournamentTerms, TournamentView,
};

use crate::board::layout::UiInsets;
use crate::i18n::{Locale, Text};
use crate::online::OnlineCommand;
use crate::online::correspondence::now_ms;
use crate::online::lobby::TIME_CONTROLS;
use crate::online::tournaments::{Call, TournamentCall, Tournaments};
use crate::online::words::{challenge_text, player_text, seconds_left, time_left_text};
use crate::ui::theme;
use crate::ui::widgets::{dialog_width, room_over_panel};
use crate::{text, tr};

/// The question (the lobby's tab is drawn by the lobby, `panel`; the countdown by the game's panel).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, call_ui);
}

/// The button that takes the player to their tournament game.
fn go_button(locale: &Locale) -> egui::Button<'static> {
    let words = egui::RichText::new(tr!(locale, "online-tournament-go")).color(theme::IVORY);
    egui::Button::new(words).fill(theme::MALAGASY_GREEN)
}

/// "Your tournament game against Bob", after the event's name once the lobby has listed it.
fn call_text(locale: &Locale, tournaments: &Tournaments, call: &Call) -> String {
    let words = tr!(locale, "online-tournament-call", name = &call.game.player(!call.me).name);
    match call.game.tournament.as_deref().and_then(|id| tournaments.event(id)) {
        Some(event) => format!("{} · {words}", event.terms.name),
        None => words,
    }
}

/// The tournament game that waits for the player, with the button to go to it: at the top of the lobby, whatever
/// its tab (a player who put it off finds it there).
pub(super) fn call_line(
    ui: &mut egui::Ui,
    locale: &Locale,
    tournaments: &Tournaments,
    call: &TournamentCall,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let Some(call) = &call.0 else { return };
    ui.horizontal_wrapped(|ui| {
        if ui.add(go_button(locale)).clicked() {
            commands.write(OnlineCommand::GoToGame(call.game.id.clone()));
        }
        ui.label(egui::RichText::new(call_text(locale, tournaments, call)).strong());
    });
    ui.separator();
}

/// Asks the player busy with another game whether to go to their tournament game, which begins (or has begun):
/// over any screen, until they answer; over the top of the panel beside a board, where it hides none of its points.
fn call_ui(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    call: Res<TournamentCall>,
    tournaments: Res<Tournaments>,
    insets: Res<UiInsets>,
    mut commands: MessageWriter<OnlineCommand>,
) -> Result {
    let Some(call) = call.0.as_ref().filter(|c| !c.put_off) else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let locale = &*locale;
    let (anchor, offset, width) = match room_over_panel(ctx, &insets, 0.0) {
        Some(room) => {
            let width = room.width() - 2.0 * ctx.global_style().spacing.window_margin.sum().x;
            (egui::Align2::LEFT_TOP, room.min - ctx.viewport_rect().min, width)
        }
        None => (egui::Align2::CENTER_TOP, egui::vec2(0.0, 24.0), dialog_width(ctx)),
    };
    egui::Window::new(tr!(locale, "online-tab-tournaments"))
        .id(egui::Id::new("tournament-call"))
        .anchor(anchor, offset)
        .max_width(width)
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(call_text(locale, &tournaments, call));
            let left = call.countdown_ms();
            let when = if left > 0 {
                tr!(locale, "online-tournament-begins", seconds = seconds_left(left))
            } else {
                tr!(locale, "online-tournament-begun")
            };
            ui.label(when);
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                if ui.add(go_button(locale)).clicked() {
                    commands.write(OnlineCommand::GoToGame(call.game.id.clone()));
                }
                let later = ui.button(tr!(locale, "online-tournament-not-now"));
                if later.on_hover_text(tr!(locale, "online-tournament-not-now-hint")).clicked() {
                    commands.write(OnlineCommand::NotNow);
                }
            });
        });
    Ok(())
}

/// What the lobby's tournaments tab reads: the events, the player, whether the server is connected and whether the
/// player is registered (who may create an event).
pub(super) struct TournamentScreen<'a> {
    /// The events and the standings asked for.
    pub tournaments: &'a Tournaments,
    /// The player, once the server has said who.
    pub me: Option<&'a PlayerView>,
    /// Whether the server is connected.
    pub online: bool,
    /// Whether the player has an account.
    pub registered: bool,
}

/// The lobby's tab: the standings of the event chosen (the player's place said, and the crosstable), then the events
/// by stage, each with its terms and a button to join, withdraw or see its standings, then a new event's form. A
/// moderator (with the reason being typed) may cancel an event.
pub(super) fn tournaments_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    screen: &TournamentScreen,
    password: &mut String,
    form: &mut TournamentForm,
    moderation_reason: Option<&mut String>,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let TournamentScreen { tournaments, me, online, registered } = *screen;
    if !tournaments.listed {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr!(locale, "online-asking"));
        });
        return;
    }
    // The event chosen first: joining one shows the player's place at once, however long the list.
    standings_ui(ui, locale, tournaments, me);
    let moderator = moderation_reason.is_some();
    if let Some(reason) = moderation_reason {
        cancel_ui(ui, locale, tournaments, reason, online, commands);
    }
    if tournaments.list.is_empty() {
        ui.label(tr!(locale, "online-tournaments-none"));
    }
    let stages = [
        (TournamentStage::Upcoming, tr!(locale, "online-tournaments-upcoming")),
        (TournamentStage::Running, tr!(locale, "online-tournaments-running")),
        (TournamentStage::Finished, tr!(locale, "online-tournaments-finished")),
    ];
    for (stage, heading) in stages {
        let mut events = tournaments.list.iter().filter(|t| t.stage == stage).peekable();
        if events.peek().is_none() {
            continue;
        }
        ui.heading(heading);
        for event in events {
            event_row(ui, locale, screen, event, (password.as_str(), moderator), commands);
        }
    }
    if tournaments.more && ui.add_enabled(online, egui::Button::new(tr!(locale, "online-tournaments-older"))).clicked()
    {
        commands.write(OnlineCommand::OlderTournaments);
    }
    if tournaments.list.iter().any(|t| t.private && !t.joined && t.stage != TournamentStage::Finished) {
        ui.horizontal(|ui| {
            let label = ui.label(tr!(locale, "online-tournament-password")).id;
            // What the label leaves of the row, so that the field fits a phone's window too.
            let field =
                egui::TextEdit::singleline(password).password(true).desired_width(ui.available_width().min(240.0));
            ui.add(field).labelled_by(label);
        });
    }
    ui.separator();
    // Open at first where there is nothing to join.
    egui::CollapsingHeader::new(tr!(locale, "online-tournament-new"))
        .id_salt("online-tournament-new")
        .default_open(tournaments.list.is_empty())
        .show(ui, |ui| create_ui(ui, locale, form, registered, online, commands));
}

/// One event in the list: joining (with the club's password typed, for a private one) or withdrawing, its standings
/// where the player may see them, its name and terms, and when an upcoming one begins.
fn event_row(
    ui: &mut egui::Ui,
    locale: &Locale,
    screen: &TournamentScreen,
    event: &TournamentView,
    (password, moderator): (&str, bool),
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let online = screen.online;
    // As the games in progress: a row that wraps, the buttons first.
    ui.horizontal_wrapped(|ui| {
        if event.joined {
            if ui.add_enabled(online, egui::Button::new(tr!(locale, "online-tournament-withdraw"))).clicked() {
                commands.write(OnlineCommand::WithdrawTournament(event.id.clone()));
            }
        } else if event.stage != TournamentStage::Finished {
            let join =
                egui::Button::new(egui::RichText::new(tr!(locale, "online-tournament-join")).color(theme::IVORY))
                    .fill(theme::MALAGASY_GREEN);
            if ui.add_enabled(online, join).clicked() {
                let password = event.private.then(|| password.to_owned());
                commands.write(OnlineCommand::JoinTournament { id: event.id.clone(), password });
            }
        }
        // A private event's standings are its club's (the server refuses anyone else): its creator's, its players'
        // and the moderators'.
        let creator = screen.me.is_some_and(|me| event.creator.as_ref() == Some(&me.name));
        let club = event.joined || moderator || creator;
        if (!event.private || club) && ui.button(tr!(locale, "online-tournament-standings")).clicked() {
            commands.write(OnlineCommand::Standings(event.id.clone()));
        }
        ui.label(egui::RichText::new(&event.terms.name).strong());
        ui.label(tournament_text(locale, event));
        if event.stage == TournamentStage::Upcoming {
            let left = time_left_text(locale, event.terms.starts_at_ms - now_ms());
            ui.label(tr!(locale, "online-tournament-starts", time = left));
        }
    });
}

/// The lengths offered for a new arena, in minutes.
const ARENA_LENGTHS: [u32; 4] = [30, 60, 90, 120];
/// The numbers of rounds offered for a new Swiss event.
const SWISS_ROUNDS_OFFERED: [u32; 4] = [3, 5, 7, 9];
/// How long from now a new event may begin, in minutes.
const STARTS_IN: [i64; 4] = [5, 15, 30, 60];

/// A new tournament as the player sets it, before it is sent.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TournamentForm {
    name: String,
    format: TournamentFormat,
    variant: GameVariant,
    /// The time control: an index in [`TIME_CONTROLS`] (a live one).
    time: usize,
    rated: bool,
    /// Minutes from now to its start.
    starts_in: i64,
    /// A club's password, or nothing for an event open to all.
    password: String,
}

impl Default for TournamentForm {
    fn default() -> TournamentForm {
        TournamentForm {
            name: String::new(),
            format: TournamentFormat::Arena { minutes: ARENA_LENGTHS[0] },
            variant: GameVariant::Tsivy,
            time: 1,
            rated: true,
            starts_in: STARTS_IN[1],
            password: String::new(),
        }
    }
}

impl TournamentForm {
    /// The settings to send, starting `starts_in` minutes after `now_ms`; none while the event has no name.
    fn settings(&self, now_ms: i64) -> Option<TournamentSettings> {
        let name = self.name.trim();
        let time = TIME_CONTROLS.get(self.time).copied().filter(|t| !t.is_correspondence())?;
        let terms = TournamentTerms {
            name: name.to_owned(),
            format: self.format,
            variant: self.variant,
            time,
            rated: self.rated && self.variant == GameVariant::Tsivy,
            starts_at_ms: now_ms + self.starts_in * 60_000,
        };
        let password = Some(self.password.clone()).filter(|p| !p.is_empty());
        (!name.is_empty()).then_some(TournamentSettings { terms, password })
    }
}

/// A new tournament: its name, format, board, time control, start and password, for a registered player.
fn create_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    form: &mut TournamentForm,
    registered: bool,
    online: bool,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    if !registered {
        ui.label(tr!(locale, "online-refusal-registered-only"));
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label(tr!(locale, "online-tournament-name")).id;
        let field = egui::TextEdit::singleline(&mut form.name)
            .char_limit(MAX_TOURNAMENT_NAME_CHARS)
            .desired_width(ui.available_width().min(240.0));
        ui.add(field).labelled_by(label);
    });
    terms_fields(ui, locale, form);
    let settings = form.settings(now_ms());
    // The server's own check: what it would refuse (a password too short) is said here, and not sent.
    let problem = settings.as_ref().and_then(|settings| settings.check().err());
    let why_not = match problem {
        Some(error) => {
            let words = locale.text(&terms_problem(error));
            ui.label(words.as_str());
            words
        }
        None => tr!(locale, "online-tournament-name-first"),
    };
    let create = egui::Button::new(tr!(locale, "online-tournament-create"));
    let create = ui.add_enabled(online && settings.is_some() && problem.is_none(), create);
    if create.on_disabled_hover_text(why_not).clicked()
        && let Some(settings) = settings
    {
        commands.write(OnlineCommand::CreateTournament(settings));
    }
}

/// The new event's terms: its format (an arena's length or a Swiss event's rounds), the board, rated or not, the
/// time control, when it begins, and a club's password.
fn terms_fields(ui: &mut egui::Ui, locale: &Locale, form: &mut TournamentForm) {
    ui.horizontal_wrapped(|ui| {
        for minutes in ARENA_LENGTHS {
            let arena = TournamentFormat::Arena { minutes };
            ui.radio_value(&mut form.format, arena, tr!(locale, "online-tournament-arena", minutes = minutes));
        }
    });
    ui.horizontal_wrapped(|ui| {
        for rounds in SWISS_ROUNDS_OFFERED {
            let swiss = TournamentFormat::Swiss { rounds };
            ui.radio_value(&mut form.format, swiss, tr!(locale, "online-tournament-swiss", rounds = rounds));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut form.variant, GameVariant::Tsivy, format!("{} 9×5", GameVariant::Tsivy.name()));
        ui.radio_value(&mut form.variant, GameVariant::Dimy, format!("{} 5×5", GameVariant::Dimy.name()));
        let tsivy = form.variant == GameVariant::Tsivy;
        let mut unrated = false;
        let rated = if tsivy { &mut form.rated } else { &mut unrated };
        ui.add_enabled(tsivy, egui::Checkbox::new(rated, tr!(locale, "online-rated-choice")))
            .on_disabled_hover_text(tr!(locale, "online-rated-tsivy-only"));
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!(locale, "online-time-label"));
        for (i, time) in TIME_CONTROLS.iter().enumerate() {
            if let TimeControl::Live { .. } = time {
                ui.selectable_value(&mut form.time, i, time.to_string());
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!(locale, "online-tournament-starts-label"));
        for minutes in STARTS_IN {
            ui.selectable_value(&mut form.starts_in, minutes, tr!(locale, "online-minutes", minutes = minutes));
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label(tr!(locale, "online-tournament-new-password")).id;
        let field = egui::TextEdit::singleline(&mut form.password)
            .password(true)
            .hint_text(tr!(locale, "online-tournament-new-password-hint"))
            .desired_width(ui.available_width().min(240.0));
        ui.add(field).labelled_by(label);
    });
}

/// Why the server's check refuses settings, in the player's words. The form can only break the password's rule (its
/// name is asked for first, and its lengths, time controls and rating are chosen among those allowed); the other
/// reasons say what the server's refusal would.
fn terms_problem(error: TermsError) -> Text {
    match error {
        TermsError::Password => text!(
            "online-tournament-password-length",
            least = MIN_TOURNAMENT_PASSWORD_CHARS,
            most = MAX_TOURNAMENT_PASSWORD_CHARS
        ),
        TermsError::Name | TermsError::Length | TermsError::Correspondence | TermsError::UnratedVariant => {
            text!("online-refusal-bad-tournament")
        }
    }
}

/// The event chosen: its name and terms, the player's place, and its standings as a crosstable.
fn standings_ui(ui: &mut egui::Ui, locale: &Locale, tournaments: &Tournaments, me: Option<&PlayerView>) {
    let Some((event, standings, games)) = &tournaments.standings else { return };
    ui.heading(&event.terms.name);
    ui.label(format!(
        "{} · {}",
        tournament_text(locale, event),
        tr!(locale, "online-tournament-games", count = games.len())
    ));
    let mine = me.and_then(|me| standings.iter().find(|line| line.player.id == me.id));
    if let Some(mine) = mine {
        ui.label(tr!(locale, "online-tournament-your-place", rank = mine.rank, count = standings.len()));
    }
    crosstable_ui(ui, locale, event, standings, games, mine.map(|m| m.player.id.as_str()));
    ui.separator();
}

/// A moderator's cancellation of the event shown, when a player created it and it is not over: the reason for the
/// log (the one the reports' tab uses), then the button, which waits for a reason.
fn cancel_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    tournaments: &Tournaments,
    reason: &mut String,
    online: bool,
    commands: &mut MessageWriter<OnlineCommand>,
) {
    let Some((event, _, _)) = &tournaments.standings else { return };
    if event.creator.is_none() || event.stage == TournamentStage::Finished {
        return;
    }
    let label = ui.label(tr!(locale, "online-moderation-reason")).id;
    ui.add(egui::TextEdit::singleline(reason).char_limit(MAX_MODERATION_REASON_CHARS)).labelled_by(label);
    let ready = online && !reason.trim().is_empty();
    if ui.add_enabled(ready, egui::Button::new(tr!(locale, "online-moderate-cancel-tournament"))).clicked() {
        commands.write(OnlineCommand::CancelTournament { id: event.id.clone(), reason: reason.trim().to_owned() });
    }
    ui.separator();
}

/// How a game went for the player on White's side (`white`) or Black's: 2 a win, 1 a draw, 0 a loss, and whether
/// it was played.
fn result_for(outcome: TournamentOutcome, white: bool) -> (u32, bool) {
    (outcome.points(white), !outcome.absent(true) && !outcome.absent(false))
}

/// One cell of a player's row: the result (1, ½, 0; + and − for a game the loser never played), then, in a Swiss
/// event, the colour (`colours`: White's letter and Black's, in the player's language) and the opponent's place:
/// "1 w5". A game under way is "*".
fn cell_text(
    game: &TournamentGameView,
    player: &str,
    opponent_rank: Option<u32>,
    swiss: bool,
    colours: &[String; 2],
) -> String {
    let white = game.white == player;
    let result = match game.outcome.map(|o| result_for(o, white)) {
        None => "*",
        Some((2, true)) => "1",
        Some((1, _)) => "½",
        Some((0, true)) => "0",
        Some((2, false)) => "+",
        Some(_) => "−",
    };
    match (swiss, opponent_rank) {
        (true, Some(rank)) => format!("{result} {}{rank}", colours[usize::from(!white)]),
        _ => result.to_owned(),
    }
}

/// The standings as a crosstable: each player in their place, with their games and points (the player's own line
/// marked). A Swiss event has a column per round (its bye a plain "1", a round without a game of theirs "–": absent
/// when paired, or not in the event then); an arena lists each player's games in the order they were paired.
fn crosstable_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    event: &TournamentView,
    standings: &[StandingView],
    games: &[TournamentGameView],
    mine: Option<&str>,
) {
    let swiss = matches!(event.terms.format, TournamentFormat::Swiss { .. });
    let rank = |id: &str| standings.iter().find(|s| s.player.id == id).map(|s| s.rank);
    let rounds = games.iter().map(|g| g.round).max().unwrap_or(0);
    let colours = [tr!(locale, "online-crosstable-white"), tr!(locale, "online-crosstable-black")];
    egui::ScrollArea::horizontal().id_salt("crosstable-scroll").show(ui, |ui| {
        egui::Grid::new(("crosstable", &event.id)).striped(true).spacing([10.0, 4.0]).show(ui, |ui| {
            ui.label("#");
            ui.label(tr!(locale, "online-crosstable-player"));
            // The points before the games: on a phone the games scroll sideways, the places and points stay in view.
            ui.label(tr!(locale, "online-crosstable-points"));
            if swiss {
                for round in 1..=rounds {
                    ui.label(round.to_string());
                }
            } else {
                ui.label(tr!(locale, "online-crosstable-games"));
            }
            ui.end_row();
            for line in standings {
                let id = line.player.id.as_str();
                let name = standing_name(locale, line, mine == Some(id));
                let points = if swiss { half_points(line.points) } else { line.points.to_string() };
                ui.label(line.rank.to_string());
                ui.label(name);
                ui.label(egui::RichText::new(points).strong());
                let theirs: Vec<&TournamentGameView> =
                    games.iter().filter(|g| g.white == id || g.black == id).collect();
                let cell = |ui: &mut egui::Ui, game: &TournamentGameView| {
                    let opponent = if game.white == id { &game.black } else { &game.white };
                    let text = cell_text(game, id, rank(opponent), swiss, &colours);
                    let colour = match game.outcome.map(|o| result_for(o, game.white == id).0) {
                        Some(2) => theme::MALAGASY_GREEN,
                        Some(0) => theme::MALAGASY_RED,
                        _ => theme::PALE_WOOD,
                    };
                    ui.label(egui::RichText::new(text).monospace().color(colour));
                };
                if swiss {
                    for round in 1..=rounds {
                        match theirs.iter().find(|g| g.round == round) {
                            Some(game) => cell(ui, game),
                            // The bye: a win with no opponent.
                            None if line.byes.contains(&round) => {
                                let bye = egui::RichText::new("1").monospace().color(theme::MALAGASY_GREEN);
                                ui.label(bye).on_hover_text(tr!(locale, "online-crosstable-bye"));
                            }
                            None => {
                                ui.label("–");
                            }
                        }
                    }
                } else {
                    ui.horizontal(|ui| {
                        for game in &theirs {
                            cell(ui, game);
                        }
                    });
                }
                ui.end_row();
            }
        });
    });
}

/// A player's name in the crosstable, with their rating, whether they are on fire (an arena's streak) or withdrew;
/// the player's own in green.
fn standing_name(locale: &Locale, line: &StandingView, mine: bool) -> egui::RichText {
    let mut words = player_text(locale, &line.player);
    if line.on_fire {
        words = format!("{words} · {}", tr!(locale, "online-tournament-on-fire"));
    }
    if line.withdrawn {
        words = format!("{words} · {}", tr!(locale, "online-tournament-withdrawn"));
    }
    let name = egui::RichText::new(words);
    if mine { name.strong().color(theme::MALAGASY_GREEN) } else { name }
}

/// A tournament's format, board, time control and players, in a line.
fn tournament_text(locale: &Locale, event: &TournamentView) -> String {
    let format = match event.terms.format {
        TournamentFormat::Arena { minutes } => tr!(locale, "online-tournament-arena", minutes = minutes),
        TournamentFormat::Swiss { rounds } => tr!(locale, "online-tournament-swiss", rounds = rounds),
    };
    let terms = challenge_text(locale, event.terms.variant, event.terms.rated, event.terms.time);
    let players = tr!(locale, "online-tournament-players", count = event.players);
    let private =
        if event.private { format!(" · {}", tr!(locale, "online-tournament-private")) } else { String::new() };
    format!("{format} · {terms} · {players}{private}")
}

/// Half points as a score reads: 5 is "2½".
fn half_points(points: u32) -> String {
    let half = if points % 2 == 1 { "½" } else { "" };
    match (points / 2, half) {
        (0, "½") => half.to_owned(),
        (whole, _) => format!("{whole}{half}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crosstable_cell_says_the_result_then_in_a_swiss_event_the_colour_and_the_opponents_place() {
        let wb = ["w".to_owned(), "b".to_owned()];
        let game =
            |outcome| TournamentGameView { game: "g".into(), round: 1, white: "a".into(), black: "b".into(), outcome };
        assert_eq!(cell_text(&game(Some(TournamentOutcome::White)), "a", Some(3), true, &wb), "1 w3");
        assert_eq!(cell_text(&game(Some(TournamentOutcome::White)), "b", Some(1), true, &wb), "0 b1");
        assert_eq!(cell_text(&game(Some(TournamentOutcome::Black)), "b", Some(1), false, &wb), "1");
        assert_eq!(cell_text(&game(Some(TournamentOutcome::Draw)), "b", Some(1), false, &wb), "½");
        // Won and lost without a turn of the absent player's.
        assert_eq!(cell_text(&game(Some(TournamentOutcome::WhiteAbsent)), "b", Some(1), false, &wb), "+");
        assert_eq!(cell_text(&game(Some(TournamentOutcome::WhiteAbsent)), "a", Some(2), false, &wb), "−");
        assert_eq!(cell_text(&game(Some(TournamentOutcome::BlackAbsent)), "a", Some(2), true, &wb), "+ w2");
        assert_eq!(cell_text(&game(None), "a", Some(2), true, &wb), "* w2");
    }

    #[test]
    fn a_new_tournament_needs_a_name_and_is_rated_on_tsivy_only() {
        let mut form = TournamentForm { name: "  ".into(), ..TournamentForm::default() };
        assert_eq!(form.settings(0), None, "no name");
        form.name = " Zoma ".into();
        let settings = form.settings(1_000).expect("settings");
        assert_eq!((settings.terms.name.as_str(), settings.terms.rated, settings.password), ("Zoma", true, None));
        assert_eq!(settings.terms.starts_at_ms, 1_000 + form.starts_in * 60_000);
        assert_eq!(settings.terms.time, TIME_CONTROLS[form.time]);
        form.variant = GameVariant::Dimy;
        form.password = "club secret".into();
        let settings = form.settings(0).expect("settings");
        assert_eq!((settings.terms.rated, settings.password.as_deref()), (false, Some("club secret")));
        assert_eq!(settings.check(), Ok(()), "the server's own check passes");
        // A password too short is said in the form, as the server would refuse it.
        form.password = "club".into();
        let settings = form.settings(0).expect("settings");
        assert_eq!(settings.check(), Err(TermsError::Password));
        assert_eq!(terms_problem(TermsError::Password).id, "online-tournament-password-length");
    }

    #[test]
    fn half_points_read_as_a_score() {
        assert_eq!([0, 1, 2, 5, 14].map(half_points), ["0", "½", "1", "2½", "7"]);
    }
}
