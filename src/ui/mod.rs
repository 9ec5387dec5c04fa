//! The interface, drawn with egui: the main menu, the game panel, the tutorial panel, the puzzles' panel, the review
//! panel, the analysis board's panel, the online lobby and game panel, the how-to-play screen, the dialogs and the
//! toasts, all in one theme. The interface shows the session and sends messages; it decides no rule.

pub mod actions;
mod analysis;
mod dialogs;
pub mod how_to_play;
pub mod keys;
pub mod menu;
pub mod online;
mod opening;
mod panel;
mod puzzles;
mod review;
pub mod theme;
pub mod toasts;
mod tutorial;
pub mod widgets;

use bevy::prelude::*;
use bevy_egui::EguiClipboard;

use crate::AppSystems;
use crate::board::layout::UiInsets;
use crate::game::session::Session;
use crate::persistence::storage::Notices;
use crate::screens::OnBoard;
use crate::text;

/// Copy the position text to the clipboard (a key or a button).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyPosition;

/// Show or hide the box in which a game's text is pasted to open it.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToggleOpenGame;

/// Open or close the how-to-play screen (a key or a button).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToggleHowToPlay;

/// Copy the whole game as game text to the clipboard (a key or a button), to share it or open it elsewhere.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyGame;

/// All of the interface.
pub fn plugin(app: &mut App) {
    app.add_message::<CopyPosition>()
        .add_message::<CopyGame>()
        .add_message::<ToggleOpenGame>()
        .add_plugins((
            theme::plugin,
            toasts::plugin,
            menu::plugin,
            panel::plugin,
            dialogs::plugin,
            how_to_play::plugin,
            tutorial::plugin,
            puzzles::plugin,
            review::plugin,
            analysis::plugin,
            online::plugin,
        ))
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
