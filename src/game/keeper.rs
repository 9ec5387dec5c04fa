//! Who has the board: [`BoardKeeper`] is the one way a session is put on the board (with what it is used for, a
//! [`BoardUse`]), lent to a review or the analysis board, and given back. It redraws the board itself, and drops the
//! computer's search, which belongs to the session that was there.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::computer::Thinking;
use super::session::{BoardReset, BoardUse, Session};

/// The session put aside while the board is lent (to a review or the analysis board), as it was, use and all.
#[derive(Resource, Default, Debug)]
struct SetAside(Option<Session>);

/// The board's session, and the one put aside while the board is lent.
#[derive(SystemParam)]
pub struct BoardKeeper<'w> {
    session: ResMut<'w, Session>,
    aside: ResMut<'w, SetAside>,
    thinking: ResMut<'w, Thinking>,
    reset: MessageWriter<'w, BoardReset>,
}

impl BoardKeeper<'_> {
    /// The session on the board.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session on the board, to play on it (turns are announced step by step through
    /// [`Announce`](super::session::Announce); a change of the whole board is followed by [`BoardKeeper::redraw`]).
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// Puts `session` on the board for `board_use`, in place of what was there.
    pub fn put(&mut self, mut session: Session, board_use: BoardUse) {
        session.set_use(board_use);
        *self.session = session;
        self.redraw();
    }

    /// The session on the board changed as a whole (undo, redo, resignation): the board is drawn anew from it, and
    /// a search for the position that was there is dropped.
    pub fn redraw(&mut self) {
        self.thinking.cancel();
        self.reset.write(BoardReset);
    }

    /// Lends the board: the session on it is put aside as it is, and `session` shown for `board_use` until
    /// [`BoardKeeper::give_back`]. While lent, the session put aside is neither autosaved nor thought about. Lending a
    /// board that is lent already keeps the first session aside.
    pub fn lend(&mut self, session: Session, board_use: BoardUse) {
        if self.aside.0.is_none() {
            self.aside.0 = Some(std::mem::take(&mut *self.session));
        }
        self.put(session, board_use);
    }

    /// The session put aside while the board is lent.
    pub fn lent(&self) -> Option<&Session> {
        self.aside.0.as_ref()
    }

    /// Puts another session aside in place of the one lent, to come back as the player's kept game (a game played on
    /// from a review).
    pub fn replace_lent(&mut self, mut session: Session) {
        session.set_use(BoardUse::Game { autosave: true });
        self.aside.0 = Some(session);
    }

    /// Puts the session put aside back on the board, as it was. Returns whether the board was lent.
    pub fn give_back(&mut self) -> bool {
        let Some(session) = self.aside.0.take() else { return false };
        let board_use = session.board_use();
        self.put(session, board_use);
        true
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SetAside>();
}
