//! Notices as toasts: each message for the player (a game saved, a text copied, a file that could not be read)
//! appears over the bottom of the panel beside the board (of the window, on the menus), stacked with the others, and fades away by itself; a
//! problem stays longer. Toasts take no clicks: what is under them stays playable.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::theme;
use super::widgets::{MOVE_BOX, bottom_left_of, room_over_panel};
use crate::AppSystems;
use crate::board::layout::UiInsets;
use crate::i18n::Locale;
use crate::persistence::storage::{Notice, Notices};

/// How long a toast is shown, in seconds: long enough to read a sentence.
pub const TOAST_SECONDS: f32 = 4.0;
/// How long a problem is shown: longer, as it may need acting on (a path to note, a file to look at).
pub const PROBLEM_SECONDS: f32 = 10.0;
/// The last part of a toast's time, in which it fades out.
const FADE_SECONDS: f32 = 0.8;
/// At most this many toasts at once; a new one pushes out the oldest.
const MOST_TOASTS: usize = 4;
/// The room between a toast's edge and its text, in points.
const MARGIN: egui::Vec2 = egui::vec2(14.0, 8.0);
/// The width of a toast's edge.
const STROKE: f32 = 1.5;
/// The room between two toasts, and between the toasts and the move box.
const GAP: f32 = 4.0;

/// A notice on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    /// The notice.
    pub notice: Notice,
    /// When it appeared (seconds of the game's clock).
    pub since: f32,
}

impl Toast {
    /// How long it is shown.
    fn lasts(&self) -> f32 {
        if self.notice.problem { PROBLEM_SECONDS } else { TOAST_SECONDS }
    }

    /// How opaque it is at `now`: fully until its last moments, then fading to nothing.
    pub fn opacity(&self, now: f32) -> f32 {
        ((self.since + self.lasts() - now) / FADE_SECONDS).clamp(0.0, 1.0)
    }
}

/// The toasts on screen, oldest first.
#[derive(Resource, Default, Debug)]
pub struct Toasts(Vec<Toast>);

impl Toasts {
    /// The toasts on screen, oldest first.
    pub fn shown(&self) -> &[Toast] {
        &self.0
    }
}

/// Takes notices as they come and shows them as toasts.
pub fn plugin(app: &mut App) {
    app.init_resource::<Notices>()
        .init_resource::<Toasts>()
        .add_systems(Update, take_notices.in_set(AppSystems::Presentation))
        .add_systems(EguiPrimaryContextPass, toasts_ui);
}

/// Moves new notices into the toasts and lets old toasts go (what says them aloud reads them before).
pub fn take_notices(mut notices: ResMut<Notices>, mut toasts: ResMut<Toasts>, time: Res<Time>) {
    let now = time.elapsed_secs();
    toasts.0.retain(|t| t.opacity(now) > 0.0);
    // Only write when there is news: the toasts change (for change detection) only when they do.
    if notices.0.is_empty() {
        return;
    }
    for notice in notices.0.drain(..) {
        // The same notice again (the same key pressed twice) shows once, from now.
        toasts.0.retain(|t| t.notice != notice);
        toasts.0.push(Toast { notice, since: now });
    }
    let extra = toasts.0.len().saturating_sub(MOST_TOASTS);
    toasts.0.drain(..extra);
}

/// Draws the toasts, newest at the bottom: over the bottom of the panel beside the board (above the move box, when
/// it is open), where they hide no point of the board, as many of the newest as fit there; over the bottom of the
/// window on the screens without a board.
fn toasts_ui(
    mut contexts: EguiContexts,
    toasts: Res<Toasts>,
    insets: Res<UiInsets>,
    time: Res<Time>,
    locale: Res<Locale>,
) -> Result {
    if toasts.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let now = time.elapsed_secs();
    let move_box = egui::LayerId::new(egui::Order::Middle, egui::Id::new(MOVE_BOX));
    let below = match ctx.memory(|m| m.areas().visible_last_frame(&move_box).then(|| m.area_rect(move_box.id))) {
        Some(Some(rect)) => rect.height() + GAP,
        _ => 0.0,
    };
    let (anchor, offset, width, room) = match room_over_panel(ctx, &insets, below) {
        Some(room) => (egui::Align2::LEFT_BOTTOM, bottom_left_of(ctx, room), room.width(), room.height()),
        None => {
            let width = (ctx.viewport_rect().width() - 32.0).clamp(160.0, 460.0);
            (egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -16.0), width, f32::INFINITY)
        }
    };
    // The newest toasts that fit in the room, each as high as its text wraps to (each put into words once a frame).
    let texts: Vec<String> = toasts.0.iter().map(|toast| locale.text(&toast.notice.text)).collect();
    let font = egui::TextStyle::Body.resolve(&ctx.global_style());
    let text_width = width - 2.0 * (MARGIN.x + STROKE);
    let mut height = 0.0;
    let fitting = texts
        .iter()
        .rev()
        .take_while(|text| {
            let lines = ctx.fonts_mut(|f| f.layout((*text).clone(), font.clone(), theme::IVORY, text_width)).size().y;
            height += lines + 2.0 * (MARGIN.y + STROKE) + GAP;
            height <= room
        })
        .count();
    let first = toasts.0.len() - fitting;
    let shown = toasts.0[first..].iter().zip(texts[first..].iter());
    egui::Area::new(egui::Id::new("toasts"))
        .anchor(anchor, offset)
        .order(egui::Order::Foreground)
        // Not interactable: the pointer goes through to the board beneath.
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_max_width(width);
            ui.spacing_mut().item_spacing.y = GAP;
            for (toast, text) in shown {
                let opacity = toast.opacity(now);
                let edge = if toast.notice.problem { theme::MALAGASY_RED } else { theme::PALE_WOOD };
                egui::Frame::new()
                    .fill(theme::CHARCOAL_RAISED.gamma_multiply(0.95 * opacity))
                    .stroke(egui::Stroke::new(STROKE, edge.gamma_multiply(opacity)))
                    .corner_radius(8)
                    .inner_margin(egui::Margin::symmetric(MARGIN.x as i8, MARGIN.y as i8))
                    .show(ui, |ui| {
                        ui.set_width(text_width);
                        ui.label(egui::RichText::new(text.as_str()).color(theme::IVORY.gamma_multiply(opacity)));
                    });
            }
        });
    Ok(())
}
