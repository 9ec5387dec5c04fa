//! The main menu: a title page over the board where the computer plays itself, with the game's choices (Continue
//! first); the new game's page (variant, vela, opponent, level, side; Start); and the settings.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_ai::Level;
use fanorona_rules::{Side, Variant};

use super::{MenuEntries, MenuNotes};
use crate::game::commands::GameCommand;
use crate::game::saving::CanContinue;
use crate::i18n::{Language, Locale};
use crate::persistence::profile::{PlayerRating, Profile};
use crate::persistence::settings::{MOST_THREADS, Opponent, Settings, SideChoice, UI_SCALES, automatic_threads};
use crate::screens::AppState;
use crate::tr;
use crate::ui::how_to_play::HowToPlayOpen;
use crate::ui::theme;
use crate::ui::widgets::{rating_chart, screen_window};

/// The menu screen.
pub fn plugin(app: &mut App) {
    // The menu steps aside while the how-to-play screen is open.
    app.init_resource::<MenuPage>().add_systems(OnExit(AppState::Menu), open_title_page).add_systems(
        EguiPrimaryContextPass,
        menu_ui.run_if(in_state(AppState::Menu).and_then(|open: Res<HowToPlayOpen>| !open.0)),
    );
}

/// A level's choice, named for screen readers by the label beside it.
fn level_combo(ui: &mut egui::Ui, locale: &Locale, id: &str, level: &mut Level, label: egui::Id) {
    let combo = egui::ComboBox::from_id_salt(id).selected_text(tr!(locale, "level-name", level = level.name()));
    let shown = combo.show_ui(ui, |ui| {
        for l in Level::ALL {
            ui.selectable_value(level, l, tr!(locale, "level-name", level = l.name())).on_hover_text(tr!(
                locale,
                "level-about",
                level = l.name()
            ));
        }
    });
    shown.response.labelled_by(label);
}

/// The person's rating, and a small chart of its history.
fn rating_ui(ui: &mut egui::Ui, locale: &Locale, rating: &PlayerRating) {
    ui.heading(tr!(locale, "menu-your-rating"));
    let points = rating.rating.round() as i64;
    if rating.games == 0 {
        ui.label(tr!(locale, "menu-rating-untested", rating = points));
        return;
    }
    ui.label(match rating.history.last() {
        Some(last) => {
            let result = match last.score {
                s if s > 0.75 => "won",
                s if s > 0.25 => "drew",
                _ => "lost",
            };
            let level = last.opponent.name();
            tr!(locale, "menu-rating-last", rating = points, games = rating.games, result = result, level = level)
        }
        None => tr!(locale, "menu-rating", rating = points, games = rating.games),
    });
    let values: Vec<f64> = rating.history.iter().map(|g| g.rating).collect();
    rating_chart(ui, &values, 48.0);
}

/// The page of the title screen that is open: the title with the game's choices, the new game's setup, or the
/// settings. The title comes first whenever the menu opens (the page is put back when the menu is left); Back or Esc
/// returns to it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuPage {
    /// The game's name and its choices, over the board where the computer plays itself.
    #[default]
    Title,
    /// Board, players and level of a new game, and Start.
    NewGame,
    /// Animation, sound, colours and text size.
    Settings,
}

fn open_title_page(mut page: ResMut<MenuPage>) {
    *page = MenuPage::Title;
}

/// The title page's measures, in points, from the window's: the name's size, the buttons' height, and the column's
/// height and width. A short window (a landscape phone, a large UI size) gets a smaller name and lower buttons
/// before the column has to scroll.
struct TitleMeasures {
    name: f32,
    button: f32,
    height: f32,
    width: f32,
}

impl TitleMeasures {
    fn of(viewport: egui::Rect) -> TitleMeasures {
        TitleMeasures {
            name: (viewport.width() / 7.0).min(viewport.height() / 9.0).clamp(40.0, theme::TITLE_SIZE * 1.8),
            button: ((viewport.height() - 200.0) / 8.0 - 10.0).clamp(30.0, 46.0),
            height: viewport.height() - 48.0,
            width: 300.0_f32.min(viewport.width() - 80.0),
        }
    }
}

/// A button of the title page: large, one under the other; the first choice in the Malagasy green.
fn title_button(ui: &mut egui::Ui, measures: &TitleMeasures, text: &str, first: bool) -> egui::Response {
    let size = (measures.button * 0.48).clamp(theme::BODY_SIZE, theme::HEADING_SIZE * 0.85);
    let button = egui::Button::new(egui::RichText::new(text).size(size).color(theme::IVORY))
        .min_size(egui::vec2(measures.width, measures.button));
    ui.add(if first { button.fill(theme::MALAGASY_GREEN) } else { button })
}

/// What the title page offers: Continue when there is a game to continue, the features' entries with their notes,
/// and the player's rating.
#[derive(SystemParam)]
struct Offers<'w> {
    profile: Res<'w, Profile>,
    can_continue: Res<'w, CanContinue>,
    entries: Res<'w, MenuEntries>,
    notes: Res<'w, MenuNotes>,
}

/// The title page: the name over the board (veiled so that the words read well), and the game's choices, Continue
/// first when there is a game to continue.
fn title_page(ctx: &egui::Context, locale: &Locale, page: &mut MenuPage, offers: &Offers, commands: &mut Commands) {
    let measures = TitleMeasures::of(ctx.viewport_rect());
    // A card of dark wood under the words, so that they read over the moving pieces.
    let card = egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(36, 30, 27, 200))
        .corner_radius(14.0)
        .inner_margin(egui::Margin::symmetric(24, 12));
    egui::Area::new("title".into()).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
        card.show(ui, |ui| title_choices(ui, locale, &measures, page, offers, commands));
    });
}

/// The title page's words and buttons, in a column that scrolls when the window is too short for it.
fn title_choices(
    ui: &mut egui::Ui,
    locale: &Locale,
    measures: &TitleMeasures,
    page: &mut MenuPage,
    offers: &Offers,
    commands: &mut Commands,
) {
    let Offers { profile, can_continue, entries, notes } = offers;
    egui::ScrollArea::vertical().max_height(measures.height).min_scrolled_height(measures.height).show(ui, |ui| {
        ui.set_width(measures.width);
        ui.vertical_centered(|ui| {
            let name = egui::RichText::new("Fanorona").font(egui::FontId::new(measures.name, theme::display_family()));
            ui.add(egui::Label::new(name).extend());
            ui.label(egui::RichText::new(tr!(locale, "menu-subtitle")).italics().color(theme::PALE_WOOD));
            ui.add_space(measures.name * 0.3);
            ui.spacing_mut().item_spacing.y = 10.0;
            if can_continue.saved && title_button(ui, measures, &tr!(locale, "menu-continue"), true).clicked() {
                commands.write_message(GameCommand::Continue);
            }
            if title_button(ui, measures, &tr!(locale, "menu-new-game"), !can_continue.saved).clicked() {
                *page = MenuPage::NewGame;
            }
            for entry in entries.in_order() {
                if title_button(ui, measures, &locale.text(&(entry.label)(profile)), false).clicked() {
                    let action = entry.action;
                    commands.queue(move |world: &mut World| action.send(world));
                }
                if let Some(note) = notes.get(entry.order) {
                    ui.label(egui::RichText::new(locale.text(note)).strong().color(theme::IVORY));
                }
            }
            if title_button(ui, measures, &tr!(locale, "menu-settings"), false).clicked() {
                *page = MenuPage::Settings;
            }
            ui.add_space(6.0);
            let rating = &profile.rating;
            let line = tr!(locale, "menu-rating-line", rating = rating.rating.round() as i64, games = rating.games);
            ui.label(egui::RichText::new(line).color(theme::PALE_WOOD));
        });
    });
}

/// The new game's page: board, players, level and side, the person's rating, and Start.
fn new_game_page(
    ui: &mut egui::Ui,
    locale: &Locale,
    s: &mut Settings,
    page: &mut MenuPage,
    profile: &Profile,
    commands: &mut Commands,
) {
    wrap_words(ui);
    page_heading(ui, locale, &tr!(locale, "menu-new-game"), page);
    ui.heading(tr!(locale, "menu-board"));
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut s.variant, Variant::Tsivy, tr!(locale, "menu-tsivy"))
            .on_hover_text(tr!(locale, "menu-tsivy-about"));
        ui.radio_value(&mut s.variant, Variant::Dimy, tr!(locale, "menu-dimy"))
            .on_hover_text(tr!(locale, "menu-dimy-about"));
        ui.radio_value(&mut s.variant, Variant::Telo, tr!(locale, "menu-telo"))
            .on_hover_text(tr!(locale, "menu-telo-about"));
    });
    ui.add_enabled_ui(s.variant == Variant::Tsivy, |ui| {
        ui.horizontal_wrapped(|ui| {
            // The players' own names for the two games: riatra, the normal one, and the vela.
            ui.radio_value(&mut s.vela, false, tr!(locale, "menu-riatra"));
            ui.radio_value(&mut s.vela, true, tr!(locale, "menu-vela")).on_hover_text(tr!(locale, "menu-vela-about"));
            ui.add_enabled_ui(s.vela, |ui| {
                ui.label(tr!(locale, "menu-vela-side"));
                ui.radio_value(&mut s.vela_side, Side::White, tr!(locale, "side-name", side = "white"));
                ui.radio_value(&mut s.vela_side, Side::Black, tr!(locale, "side-name", side = "black"));
            });
        });
    });
    ui.add_space(8.0);
    ui.heading(tr!(locale, "menu-players"));
    ui.radio_value(&mut s.opponent, Opponent::Computer, tr!(locale, "menu-against-computer"));
    ui.radio_value(&mut s.opponent, Opponent::Human, tr!(locale, "menu-two-people"));
    ui.radio_value(&mut s.opponent, Opponent::ComputerVsComputer, tr!(locale, "menu-computer-itself"));
    match s.opponent {
        Opponent::Computer => {
            ui.horizontal(|ui| {
                let label = ui.label(tr!(locale, "menu-level")).id;
                level_combo(ui, locale, "level", &mut s.level, label);
            });
            ui.label(
                egui::RichText::new(tr!(locale, "level-about", level = s.level.name())).small().color(theme::PALE_WOOD),
            );
            ui.horizontal_wrapped(|ui| {
                ui.label(tr!(locale, "menu-you-play"));
                ui.radio_value(&mut s.side, SideChoice::White, tr!(locale, "menu-white-first"));
                ui.radio_value(&mut s.side, SideChoice::Black, tr!(locale, "side-name", side = "black"));
                ui.radio_value(&mut s.side, SideChoice::Random, tr!(locale, "menu-random-side"));
            });
        }
        Opponent::ComputerVsComputer => {
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(tr!(locale, "menu-side-level", side = "white")).id;
                level_combo(ui, locale, "white-level", &mut s.level, label);
                let label = ui.label(tr!(locale, "menu-side-level", side = "black")).id;
                level_combo(ui, locale, "black-level", &mut s.second_level, label);
            });
        }
        Opponent::Human => {}
    }
    ui.add_space(8.0);
    rating_ui(ui, locale, &profile.rating);
    ui.add_space(12.0);
    let start = egui::Button::new(egui::RichText::new(tr!(locale, "menu-start")).heading().color(theme::IVORY))
        .fill(theme::MALAGASY_GREEN)
        .min_size(egui::vec2(120.0, 40.0));
    if ui.add(start).clicked() {
        commands.write_message(GameCommand::Start);
    }
}

/// The settings' page: how the game moves, sounds and reads.
fn settings_page(ui: &mut egui::Ui, locale: &Locale, s: &mut Settings, page: &mut MenuPage) {
    wrap_words(ui);
    page_heading(ui, locale, &tr!(locale, "menu-settings"), page);
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!(locale, "settings-language"));
        // Each language in its own name; the one spoken now is selected, whether chosen or the system's.
        for language in Language::CHOICES {
            if ui.selectable_label(locale.language() == language, language.own_name()).clicked() {
                s.language = Some(language.code().to_owned());
            }
        }
    });
    let speed = s.animation_speed;
    let value = if speed == 0.0 { tr!(locale, "settings-animation-off") } else { format!("{speed:.2}×") };
    let name = (tr!(locale, "settings-animation"), tr!(locale, "settings-animation-about"));
    named_slider(ui, name, &value, egui::Slider::new(&mut s.animation_speed, 0.0..=3.0).step_by(0.25));
    // One a line: a checkbox's words wrap only in a column, and in French or Malagasy two do not fit a phone's row.
    ui.checkbox(&mut s.sound, tr!(locale, "settings-sound"));
    ui.checkbox(&mut s.colour_blind, tr!(locale, "settings-colour-blind"));
    ui.checkbox(&mut s.high_contrast, tr!(locale, "settings-high-contrast"));
    let reader = ui.checkbox(&mut s.screen_reader, tr!(locale, "settings-screen-reader"));
    reader.on_hover_text(tr!(locale, "settings-screen-reader-about"));
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!(locale, "settings-text-size")).on_hover_text(tr!(locale, "settings-text-size-about"));
        for scale in UI_SCALES {
            ui.selectable_value(&mut s.ui_scale, scale, format!("{:.0}%", scale * 100.0));
        }
    });
    // A page has no threads: the computer searches alone there, between frames, and never on the person's time.
    if !cfg!(target_arch = "wasm32") {
        engine_settings(ui, locale, s);
    }
}

/// How the computer uses the machine: thinking on the person's time, and its search threads.
fn engine_settings(ui: &mut egui::Ui, locale: &Locale, s: &mut Settings) {
    ui.checkbox(&mut s.ponder, tr!(locale, "settings-ponder")).on_hover_text(tr!(locale, "settings-ponder-about"));
    let threads = s.threads;
    let value = if threads == 0 {
        tr!(locale, "settings-threads-auto", count = automatic_threads())
    } else {
        threads.to_string()
    };
    let most = std::thread::available_parallelism().map_or(1, |n| n.get() as u32).min(MOST_THREADS);
    let name = (tr!(locale, "settings-threads"), tr!(locale, "settings-threads-about"));
    named_slider(ui, name, &value, egui::Slider::new(&mut s.threads, 0..=most));
}

/// A slider under its name and value ("Animation speed: 1.00×"): side by side they are wider than a phone in the
/// longer languages. The slider's own value box is left out: a screen reader would find a second control there,
/// without a name; the slider is named by the label.
fn named_slider(ui: &mut egui::Ui, (name, about): (String, String), value: &str, slider: egui::Slider) {
    // The name ends with its language's colon ("Animation speed:", "Vitesse des animations :").
    let label = ui.label(format!("{name} {value}")).on_hover_text(about).id;
    ui.add(slider.show_value(false)).labelled_by(label);
}

/// Makes words wrap within the page, in rows of controls too: otherwise a long label in a longer language widens the
/// window past a phone's screen.
fn wrap_words(ui: &mut egui::Ui) {
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
}

/// A page's title, with the way back to the title page beside it.
fn page_heading(ui: &mut egui::Ui, locale: &Locale, text: &str, page: &mut MenuPage) {
    ui.horizontal(|ui| {
        if ui.button(tr!(locale, "menu-back")).clicked() {
            *page = MenuPage::Title;
        }
        ui.label(theme::title(text));
    });
    ui.separator();
}

/// Dims the board behind the menu, so that the menu stands out and the game behind it stays in the background.
fn veil(ctx: &egui::Context) {
    let viewport = ctx.viewport_rect();
    egui::Area::new("menu-veil".into()).order(egui::Order::Background).fixed_pos(viewport.min).show(ctx, |ui| {
        ui.painter().rect_filled(viewport, 0.0, egui::Color32::from_rgba_unmultiplied(20, 24, 22, 170));
    });
}

fn menu_ui(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut page: ResMut<MenuPage>,
    offers: Offers,
    mut commands: Commands,
    locale: Res<Locale>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if *page != MenuPage::Title && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        *page = MenuPage::Title;
    }
    // Edit a copy so that the settings change (and are saved) only when something really changed.
    let mut s = settings.clone();
    veil(ctx);
    let mut open = *page;
    match open {
        MenuPage::Title => {
            title_page(ctx, &locale, &mut open, &offers, &mut commands);
        }
        MenuPage::NewGame => screen_window(ctx, "new-game", 500.0, |ui| {
            new_game_page(ui, &locale, &mut s, &mut open, &offers.profile, &mut commands);
        }),
        MenuPage::Settings => screen_window(ctx, "settings", 500.0, |ui| settings_page(ui, &locale, &mut s, &mut open)),
    }
    page.set_if_neq(open);
    if s != *settings {
        *settings = s;
    }
    Ok(())
}
