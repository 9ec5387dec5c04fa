//! Notices as toasts: each message for the player (a game saved, a text copied, a file that could not be read)
//! appears over the bottom of the board on every screen, stacked with the others, and fades away by itself; a
//! problem stays longer. Toasts take no clicks: what is under them stays playable.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::theme;
use super::widgets::board_centre;
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

/// Draws the toasts over the bottom of the board (above the panel on a narrow screen), newest at the bottom.
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
    let zoom = ctx.zoom_factor();
    let width = (ctx.viewport_rect().width() - 32.0).clamp(160.0, 460.0);
    egui::Area::new(egui::Id::new("toasts"))
        .anchor(egui::Align2::CENTER_BOTTOM, [board_centre(ctx, &insets), -16.0 - insets.bottom / zoom])
        .order(egui::Order::Foreground)
        // Not interactable: the pointer goes through to the board beneath.
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_max_width(width);
            for toast in &toasts.0 {
                let opacity = toast.opacity(now);
                let edge = if toast.notice.problem { theme::MALAGASY_RED } else { theme::PALE_WOOD };
                egui::Frame::new()
                    .fill(theme::CHARCOAL_RAISED.gamma_multiply(0.95 * opacity))
                    .stroke(egui::Stroke::new(1.5, edge.gamma_multiply(opacity)))
                    .corner_radius(8)
                    .inner_margin(egui::Margin::symmetric(14, 8))
                    .show(ui, |ui| {
                        ui.set_width(width - 28.0);
                        ui.label(
                            egui::RichText::new(locale.text(&toast.notice.text))
                                .color(theme::IVORY.gamma_multiply(opacity)),
                        );
                    });
                ui.add_space(4.0);
            }
        });
    Ok(())
}
