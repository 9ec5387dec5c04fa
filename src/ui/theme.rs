//! The look of every egui screen, in one place: colours taken from the board (its wood, ink, ivory and charcoal) with
//! the green of Madagascar's flag as the one accent, a display font for titles and headings, text sizes that read
//! comfortably (body text 16 points), rounded buttons that answer hover and press, and the player's UI size (egui's
//! zoom factor). Applied once to the egui context; the screens only pick text styles and the colours below.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPreUpdateSet, EguiPrimaryContextPass, egui};

use crate::board::drawing::palette;
use crate::persistence::settings::Settings;

/// An egui colour from one of the game's (Bevy) colours.
pub fn colour(c: Color) -> egui::Color32 {
    let [r, g, b, a] = c.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// Panels and windows: the charcoal of the black pieces warmed towards the board's ink, so that the board's wood
/// stays the brightest thing on screen.
pub const CHARCOAL: egui::Color32 = egui::Color32::from_rgb(36, 30, 27);
/// Windows over the board, a shade lighter than the panels so they stand out from them.
pub const CHARCOAL_RAISED: egui::Color32 = egui::Color32::from_rgb(48, 39, 33);
/// Text: the ivory of the white pieces.
pub const IVORY: egui::Color32 = egui::Color32::from_rgb(245, 235, 214);
/// Secondary text: light wood.
pub const PALE_WOOD: egui::Color32 = egui::Color32::from_rgb(205, 180, 145);
/// The one accent, the green of the flag of Madagascar: the main button, selections, focus.
pub const MALAGASY_GREEN: egui::Color32 = egui::Color32::from_rgb(0, 126, 58);
/// The flag's red, kept for errors (never for the board's marks, which have their own palette).
pub const MALAGASY_RED: egui::Color32 = egui::Color32::from_rgb(226, 74, 60);

/// The display font's name among egui's fonts, and the family that uses it (falling back to the body font for any
/// character it lacks).
const DISPLAY: &str = "display";

/// The family of titles and headings.
pub fn display_family() -> egui::FontFamily {
    egui::FontFamily::Name(DISPLAY.into())
}

/// Text sizes, in points (logical pixels before the player's UI size).
pub const BODY_SIZE: f32 = 16.0;
/// Headings: clearly larger than the body, in the display font.
pub const HEADING_SIZE: f32 = 25.0;
/// A screen's title (the menu's "Fanorona").
pub const TITLE_SIZE: f32 = 46.0;

/// A screen's title, in the display font.
pub fn title(text: &str) -> egui::RichText {
    egui::RichText::new(text).font(egui::FontId::new(TITLE_SIZE, display_family())).color(IVORY)
}

/// The colours that carry meaning in the panels (right and wrong in the tutorial, the review's classes of turn), in
/// two sets like the board's marks: the standard one, and one whose colours stay apart for colour-blind players
/// (Okabe and Ito's palette).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tones {
    /// Right, good, best.
    pub good: egui::Color32,
    /// A small slip: an inaccuracy.
    pub slip: egui::Color32,
    /// A warning, a mistake, "not quite".
    pub warn: egui::Color32,
    /// An error, a blunder.
    pub bad: egui::Color32,
}

impl Tones {
    /// The standard tones.
    pub const STANDARD: Tones = Tones {
        good: egui::Color32::from_rgb(110, 200, 120),
        slip: egui::Color32::from_rgb(228, 190, 70),
        warn: egui::Color32::from_rgb(240, 140, 50),
        bad: egui::Color32::from_rgb(235, 80, 70),
    };

    /// Tones for colour-blind players: bluish green, yellow, orange and vermilion.
    pub const COLOUR_BLIND: Tones = Tones {
        good: egui::Color32::from_rgb(0, 170, 125),
        slip: egui::Color32::from_rgb(240, 228, 66),
        warn: egui::Color32::from_rgb(230, 159, 0),
        bad: egui::Color32::from_rgb(213, 94, 0),
    };

    /// The tones the settings ask for.
    pub fn of(settings: &Settings) -> &'static Tones {
        if settings.colour_blind { &Tones::COLOUR_BLIND } else { &Tones::STANDARD }
    }
}

/// Applies the theme to the egui context (once) and the player's UI size (whenever it changes).
pub fn plugin(app: &mut App) {
    // Before egui's pass begins, so that the fonts and the style hold from the very first frame: a screen that
    // asked for the display font before it was installed would panic.
    app.add_systems(PreUpdate, apply_theme.after(EguiPreUpdateSet::InitContexts).before(EguiPreUpdateSet::BeginPass))
        .add_systems(EguiPrimaryContextPass, draw_focus_ring);
}

/// The control that has the keyboard (Tab, Shift+Tab, the arrows move it) gets a ring of its own, ivory inside a
/// dark edge so that it shows on wood and on charcoal: egui's own sign of focus is the pressed look, which a player
/// moving with Tab would not tell from a button held down.
fn draw_focus_ring(mut contexts: EguiContexts) {
    let Ok(ctx) = contexts.ctx_mut() else { return };
    let Some(rect) = ctx.memory(|m| m.focused()).and_then(|id| ctx.read_response(id)).map(|r| r.rect) else {
        return;
    };
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::new("focus-ring")));
    for (grow, width, colour) in [(4.0, 4.0, CHARCOAL), (4.0, 2.0, IVORY)] {
        painter.rect_stroke(rect.expand(grow), 8.0, egui::Stroke::new(width, colour), egui::StrokeKind::Middle);
    }
}

/// Sets the fonts and the style the first time the context is there, and the zoom factor whenever the UI size
/// setting differs from it (egui takes both up as its pass begins, so no screen sees half a change).
fn apply_theme(mut contexts: EguiContexts, settings: Res<Settings>, mut styled: Local<Option<bool>>) {
    // No context yet (the window's camera comes first): the theme waits for it.
    let Ok(ctx) = contexts.ctx_mut() else { return };
    if styled.is_none() {
        ctx.set_fonts(fonts());
        // The game has one look: the same style whatever the system's light or dark preference.
        ctx.set_theme(egui::Theme::Dark);
        // The UI size comes from the settings only: egui's own Ctrl+plus/minus would change it behind their back.
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
    }
    if *styled != Some(settings.high_contrast) {
        *styled = Some(settings.high_contrast);
        let style = style(settings.high_contrast);
        ctx.set_style_of(egui::Theme::Dark, style.clone());
        ctx.set_style_of(egui::Theme::Light, style);
    }
    if ctx.zoom_factor() != settings.ui_scale {
        ctx.set_zoom_factor(settings.ui_scale);
    }
}

/// The fonts, embedded in the program like the sounds (the web build cannot read files): the display font for
/// titles, and egui's own text fonts cut to the characters of the game's languages (assets/fonts/make_fonts.py: egui's
/// whole set would be 0.78 MB of the web download, compressed). Each family falls back to the body font.
pub(super) fn fonts() -> egui::FontDefinitions {
    const BODY: &str = "body";
    const MONOSPACE: &str = "monospace";
    let mut fonts = egui::FontDefinitions::empty();
    for (name, data) in [
        (BODY, &include_bytes!("../../assets/fonts/UbuntuLight-Fanorona.ttf")[..]),
        (MONOSPACE, &include_bytes!("../../assets/fonts/Hack-Fanorona.ttf")[..]),
        (DISPLAY, &include_bytes!("../../assets/fonts/GoudyBookletter1911.otf")[..]),
    ] {
        fonts.font_data.insert(name.to_owned(), egui::FontData::from_static(data).into());
    }
    for (family, names) in [
        (egui::FontFamily::Proportional, &[BODY][..]),
        (egui::FontFamily::Monospace, &[MONOSPACE, BODY]),
        (display_family(), &[DISPLAY, BODY]),
    ] {
        fonts.families.insert(family, names.iter().map(|name| (*name).to_owned()).collect());
    }
    fonts
}

/// The style of every screen, in high contrast or not.
pub(super) fn style(high_contrast: bool) -> egui::Style {
    use egui::{FontFamily, FontId, TextStyle};
    let mut style = egui::Style {
        text_styles: [
            (TextStyle::Small, FontId::new(13.0, FontFamily::Proportional)),
            (TextStyle::Body, FontId::new(BODY_SIZE, FontFamily::Proportional)),
            (TextStyle::Button, FontId::new(BODY_SIZE, FontFamily::Proportional)),
            (TextStyle::Monospace, FontId::new(15.0, FontFamily::Monospace)),
            (TextStyle::Heading, FontId::new(HEADING_SIZE, display_family())),
        ]
        .into(),
        visuals: if high_contrast { high_contrast_visuals() } else { visuals() },
        ..egui::Style::default()
    };
    let spacing = &mut style.spacing;
    spacing.item_spacing = egui::vec2(8.0, 6.0);
    spacing.button_padding = egui::vec2(12.0, 5.0);
    spacing.window_margin = egui::Margin::same(16);
    spacing.menu_margin = egui::Margin::same(8);
    spacing.interact_size = egui::vec2(40.0, 22.0);
    spacing.icon_width = 18.0;
    spacing.icon_width_inner = 10.0;
    spacing.combo_width = 120.0;
    spacing.slider_width = 140.0;
    style
}

/// The colours and shapes of every screen.
fn visuals() -> egui::Visuals {
    use egui::{Color32, CornerRadius, Stroke};
    let wood = colour(palette::WOOD);
    let frame = colour(palette::FRAME);
    let ink = colour(palette::INK);
    let mut v = egui::Visuals::dark();
    v.override_text_color = None;
    v.panel_fill = CHARCOAL;
    v.window_fill = CHARCOAL_RAISED;
    v.window_stroke = Stroke::new(1.5, frame);
    v.window_corner_radius = CornerRadius::same(10);
    v.menu_corner_radius = CornerRadius::same(8);
    v.window_shadow = egui::Shadow { offset: [0, 8], blur: 24, spread: 0, color: Color32::from_black_alpha(140) };
    v.popup_shadow = egui::Shadow { offset: [0, 4], blur: 12, spread: 0, color: Color32::from_black_alpha(120) };
    v.extreme_bg_color = Color32::from_rgb(24, 20, 18);
    v.faint_bg_color = Color32::from_rgb(44, 37, 32);
    v.code_bg_color = Color32::from_rgb(58, 46, 38);
    v.hyperlink_color = wood;
    v.warn_fg_color = Tones::STANDARD.warn;
    v.error_fg_color = MALAGASY_RED;
    v.selection = egui::style::Selection { bg_fill: MALAGASY_GREEN, stroke: Stroke::new(1.5, IVORY) };
    v.slider_trailing_fill = true;
    v.striped = false;

    // Each state: its fill, the width and colour of its edge (the text is ivory in every state; egui also draws
    // strong text in the state's text colour), and how much it grows.
    let state = |fill: Color32, width: f32, edge: Color32, expansion: f32| egui::style::WidgetVisuals {
        bg_fill: fill,
        weak_bg_fill: fill,
        bg_stroke: Stroke::new(width, edge),
        fg_stroke: Stroke::new(width, IVORY),
        corner_radius: CornerRadius::same(7),
        expansion,
    };
    let w = &mut v.widgets;
    // Labels, separators, frames: ivory text, thin wood lines.
    w.noninteractive = state(CHARCOAL, 1.0, frame, 0.0);
    // Buttons at rest: dark wood with an ink edge.
    w.inactive = state(Color32::from_rgb(70, 50, 34), 1.0, ink, 0.0);
    // Under the pointer: the frame's warmer wood, edged with the board's wood, a little larger.
    w.hovered = state(Color32::from_rgb(104, 70, 40), 1.5, wood, 1.0);
    // Pressed: the button sinks to a dark ink, still edged with wood.
    w.active = state(Color32::from_rgb(46, 31, 20), 2.0, wood, 1.0);
    // An open combo box or menu.
    w.open = state(Color32::from_rgb(58, 44, 34), 1.0, wood, 0.0);
    v
}

/// The high-contrast look (the *High contrast* setting): white text on black, every control edged in white, filled
/// yellow with black text under the pointer and when chosen, edged in yellow when pressed, and faint text a
/// light grey. Strong text takes the pressed state's colour in egui, so that stays white.
fn high_contrast_visuals() -> egui::Visuals {
    use egui::{Color32, Stroke};
    const YELLOW: Color32 = Color32::from_rgb(255, 221, 0);
    let mut v = visuals();
    v.weak_text_color = Some(Color32::from_gray(170));
    v.panel_fill = Color32::BLACK;
    v.window_fill = Color32::BLACK;
    v.window_stroke = Stroke::new(2.0, Color32::WHITE);
    v.extreme_bg_color = Color32::BLACK;
    v.faint_bg_color = Color32::BLACK;
    v.code_bg_color = Color32::BLACK;
    v.hyperlink_color = YELLOW;
    v.selection = egui::style::Selection { bg_fill: YELLOW, stroke: Stroke::new(2.0, Color32::BLACK) };
    let w = &mut v.widgets;
    for (state, fill, edge, text) in [
        (&mut w.noninteractive, Color32::BLACK, Color32::WHITE, Color32::WHITE),
        (&mut w.inactive, Color32::BLACK, Color32::WHITE, Color32::WHITE),
        (&mut w.hovered, YELLOW, YELLOW, Color32::BLACK),
        (&mut w.active, Color32::BLACK, YELLOW, Color32::WHITE),
        (&mut w.open, Color32::BLACK, YELLOW, Color32::WHITE),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.bg_stroke = Stroke::new(2.0, edge);
        state.fg_stroke = Stroke::new(2.0, text);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_text_reads_comfortably_and_headings_stand_out_in_the_display_font() {
        let style = style(false);
        let size = |s: egui::TextStyle| style.text_styles[&s].size;
        assert!(size(egui::TextStyle::Body) >= 15.0);
        assert!(size(egui::TextStyle::Button) >= 15.0);
        assert!(size(egui::TextStyle::Heading) >= size(egui::TextStyle::Body) * 1.4);
        assert_eq!(style.text_styles[&egui::TextStyle::Heading].family, display_family());
        assert!(fonts().families[&display_family()].len() > 1, "the display font falls back to the body font");
    }

    /// WCAG's contrast ratio of two colours (1 to 21).
    fn contrast(a: egui::Color32, b: egui::Color32) -> f32 {
        let luminance = |c: egui::Color32| {
            let linear = |v: u8| {
                let v = f32::from(v) / 255.0;
                if v <= 0.04045 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
            };
            0.2126 * linear(c.r()) + 0.7152 * linear(c.g()) + 0.0722 * linear(c.b())
        };
        let (light, dark) = (luminance(a).max(luminance(b)), luminance(a).min(luminance(b)));
        (light + 0.05) / (dark + 0.05)
    }

    #[test]
    fn high_contrast_text_stands_out_at_least_seven_to_one_in_every_state() {
        let v = style(true).visuals;
        let w = &v.widgets;
        for (name, state) in
            [("label", &w.noninteractive), ("at rest", &w.inactive), ("hovered", &w.hovered), ("pressed", &w.active)]
        {
            let ratio = contrast(state.fg_stroke.color, state.bg_fill);
            assert!(ratio >= 7.0, "{name}: {ratio:.1} to 1");
            let edge = contrast(state.bg_stroke.color, v.panel_fill);
            assert!(edge >= 7.0 || name == "label", "{name}'s edge on the panel: {edge:.1} to 1");
        }
        assert!(contrast(v.selection.stroke.color, v.selection.bg_fill) >= 7.0, "chosen");
        assert!(contrast(v.weak_text_color(), v.panel_fill) >= 7.0, "faint text is not faint");
        assert!(contrast(v.strong_text_color(), v.panel_fill) >= 7.0, "strong text (a player's name, a heading)");
        // The standard look is softer: its buttons' text is not as stark.
        let standard = style(false).visuals;
        assert!(contrast(standard.widgets.inactive.fg_stroke.color, standard.widgets.inactive.bg_fill) < 21.0);
    }

    #[test]
    fn the_colour_blind_tones_differ_from_the_standard_ones() {
        let standard = Settings::default();
        let colour_blind = Settings { colour_blind: true, ..Settings::default() };
        assert_eq!(Tones::of(&standard), &Tones::STANDARD);
        assert_eq!(Tones::of(&colour_blind), &Tones::COLOUR_BLIND);
        assert_ne!(Tones::STANDARD, Tones::COLOUR_BLIND);
    }

    #[test]
    fn the_fonts_draw_every_character_of_every_language() {
        use skrifa::MetadataProvider;

        use crate::i18n::{AREAS, Language, Locale, sources};
        // The messages' words (not the files' comments), and the pseudo-language's accents.
        let mut characters: std::collections::BTreeSet<char> =
            Locale::new(Language::Pseudo).text(&crate::text!("language-unknown", code = "x")).chars().collect();
        for language in Language::CHOICES {
            for source in sources(language) {
                let words = source.lines().filter(|line| !line.trim_start().starts_with('#'));
                characters.extend(words.flat_map(str::chars).filter(|c| !c.is_control()));
            }
        }
        assert!(
            characters.contains(&'é') && characters.contains(&'ô') && AREAS.len() == sources(Language::English).len()
        );
        // A character is drawn when a font of the family, or one it falls back to, maps it.
        let fonts = fonts();
        for family in [egui::FontFamily::Proportional, display_family(), egui::FontFamily::Monospace] {
            let faces: Vec<_> = fonts.families[&family]
                .iter()
                .map(|name| {
                    let data = &fonts.font_data[name];
                    skrifa::FontRef::from_index(&data.font, data.index).unwrap_or_else(|e| panic!("{name}: {e}"))
                })
                .collect();
            let missing: String = characters
                .iter()
                .filter(|&&c| c != ' ' && faces.iter().all(|face| face.charmap().map(c).is_none()))
                .collect();
            assert!(missing.is_empty(), "{family:?} cannot draw {missing:?}");
        }
    }
}
