//! What the screens share, drawn with egui: the theme, the widgets (the side panel, the move list, the opening's
//! name), the dialogs, the toasts and the how-to-play screen. Each feature draws its own screen from its folder
//! (`playing::panel`, `puzzles::panel`, `review::panel`, ...) with these. The interface shows the session and
//! sends messages; it decides no rule.

mod dialogs;
pub mod how_to_play;
pub mod icons;
pub mod moves;
pub mod opening;
pub mod theme;
pub mod toasts;
pub mod widgets;

use bevy::prelude::*;
use bevy_egui::EguiClipboard;

use crate::AppSystems;
use crate::board::layout::UiInsets;
use crate::game::files::{CopyGame, CopyPosition};
use crate::game::session::Session;
use crate::persistence::storage::Notices;
use crate::screens::OnBoard;
use crate::text;

/// Open or close the how-to-play screen (a key or a button).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToggleHowToPlay;

/// All of the interface.
pub fn plugin(app: &mut App) {
    app.add_plugins((theme::plugin, toasts::plugin, dialogs::plugin, how_to_play::plugin))
        .add_systems(Update, (copy_position, copy_game).in_set(AppSystems::Commands))
        .add_systems(OnExit(OnBoard), clear_insets);
}

/// Copies the position text to the clipboard when asked, and says what was copied.
fn copy_position(
    mut requests: MessageReader<CopyPosition>,
    session: Res<Session>,
    mut clipboard: ResMut<EguiClipboard>,
    mut notices: ResMut<Notices>,
) {
    for _ in requests.read() {
        let text = session.position().to_string();
        clipboard.set_text(&text);
        notices.say(text!("copied-position", position = text));
    }
}

/// Copies the game as game text when asked, and says so.
fn copy_game(
    mut requests: MessageReader<CopyGame>,
    session: Res<Session>,
    mut clipboard: ResMut<EguiClipboard>,
    mut notices: ResMut<Notices>,
) {
    for _ in requests.read() {
        clipboard.set_text(&session.record().to_text());
        notices.say(text!("copied-game", turns = session.game().turns().len()));
    }
}

/// Without a panel beside it, the next board has the whole window.
fn clear_insets(mut insets: ResMut<UiInsets>) {
    *insets = UiInsets::default();
}
