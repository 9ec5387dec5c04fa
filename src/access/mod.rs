//! Playing without a pointer, and without sight: a cursor on the board moved with the arrow keys (Enter presses the
//! point under it, as a click would), a move box where a turn is typed in the notation, the board described on
//! demand ([`Describe`]), and what happens said in words ([`Spoken`]), which a screen reader reads through
//! AccessKit on the desktop and through the page's live region on the web, where the page also keeps a move box and
//! the main actions as HTML controls ([`page`]).

use bevy::prelude::*;

use crate::i18n::Text;

mod cursor;
mod describe;
pub mod page;
mod speech;
pub mod typed;
mod view;

pub use cursor::CursorCommand;
pub use describe::Describe;
pub use speech::step_text;
pub use typed::{MoveBox, ToggleMoveBox, TypedTurn};
pub use view::focus_cursor_point;

/// Something to say to the player: written by whatever has news (a turn, a capture, the cursor, an error), kept in
/// [`Spoken`].
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Say(pub Text);

/// What has been said, newest last (the last [`Spoken::KEPT`]), and how many texts in all, so that a reader can
/// tell a new text from the same words said again.
#[derive(Resource, Default, Debug)]
pub struct Spoken {
    said: std::collections::VecDeque<Text>,
    count: u64,
}

impl Spoken {
    /// How many of the latest texts are kept.
    pub const KEPT: usize = 20;

    /// The latest texts, oldest first.
    pub fn said(&self) -> impl Iterator<Item = &Text> {
        self.said.iter()
    }

    /// The latest text.
    pub fn latest(&self) -> Option<&Text> {
        self.said.back()
    }

    /// How many texts have been said since the start.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The texts said since `count` texts had been said (at most the last [`Spoken::KEPT`]), oldest first: a step
    /// and the result it brought come in one frame, and a screen reader must be given both.
    pub fn since(&self, count: u64) -> impl Iterator<Item = &Text> {
        let new = usize::try_from(self.count.saturating_sub(count)).unwrap_or(usize::MAX).min(self.said.len());
        self.said.iter().skip(self.said.len() - new)
    }
}

/// The cursor, typed turns and what is said (no window needed).
pub fn plugin(app: &mut App) {
    app.add_message::<Say>().init_resource::<Spoken>().add_plugins((
        cursor::plugin,
        describe::plugin,
        typed::plugin,
        speech::plugin,
        page::plugin,
    ));
}

/// The move box, the cursor's ring, and what is said handed to the screen reader.
pub fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}
