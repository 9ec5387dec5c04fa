//! Games kept between runs: the current game is autosaved after every change, and the save slot holds one game the
//! player saved on purpose. A file that cannot be read is set aside (see [`Storage::load`]).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use fanorona_rules::GameRecord;
use serde::{Deserialize, Serialize};

use super::session::{GameEnded, PlayerKind, Session, TurnCommitted};
use crate::AppSystems;
use crate::persistence::storage::{Notices, Storage};
use crate::text;

/// The file of the autosaved current game.
pub const AUTOSAVE_FILE: &str = "current-game.ron";
/// The file of the game saved with the Save button.
pub const SAVED_FILE: &str = "saved-game.ron";

/// A saved session: who played, the game record, and whether it still counts for the rating.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedSession {
    /// White and Black.
    pub players: [PlayerKind; 2],
    /// The game.
    pub record: GameRecord,
    /// Whether the game is rated (absent in older files: unrated).
    #[serde(default)]
    pub rated: bool,
}

impl SavedSession {
    /// Reads a saved session and replays its game. A bad file is an error saying what is wrong.
    pub fn parse(text: &str) -> Result<Session, String> {
        let saved: SavedSession = ron::from_str(text).map_err(|e| e.to_string())?;
        let game = saved.record.replay().map_err(|e| e.to_string())?;
        Ok(Session::resumed(game, saved.players, saved.rated))
    }

    /// The text of a session.
    pub fn text(session: &Session) -> String {
        let saved = SavedSession { players: session.players, record: session.record(), rated: session.is_rated() };
        ron::ser::to_string_pretty(&saved, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }
}

/// Reads a stored session: `None` if there is none; a bad one is set aside with a notice.
pub fn load_stored(storage: &Storage, name: &str, notices: &mut Notices) -> Option<Session> {
    storage.load(name, "game", notices, SavedSession::parse)
}

/// The autosave, for a system that keeps a session as the player's current game.
#[derive(SystemParam)]
pub struct Autosaver<'w> {
    /// Where the player's files are.
    pub(super) storage: Res<'w, Storage>,
    /// What the player is told (a file that could not be written or read).
    pub(super) notices: ResMut<'w, Notices>,
    /// What the menu's Continue offers.
    pub(super) can_continue: ResMut<'w, CanContinue>,
}

impl Autosaver<'_> {
    /// Writes `session` as the current game (a failure is a notice), and what the menu's Continue now offers.
    pub fn keep(&mut self, session: &Session) {
        if let Err(e) = self.storage.write(AUTOSAVE_FILE, &SavedSession::text(session)) {
            self.notices.problem(text!("game-not-autosaved", error = e));
        }
        *self.can_continue = CanContinue::of(session);
    }
}

/// What the autosave holds, for the menu's Continue and for asking before a new game replaces it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CanContinue {
    /// There is a game to continue.
    pub saved: bool,
    /// It is not finished (starting another game would lose it).
    pub unfinished: bool,
}

impl CanContinue {
    /// What the autosave holds after `session` was saved there.
    pub fn of(session: &Session) -> CanContinue {
        CanContinue { saved: true, unfinished: !session.is_over() && !session.game().turns().is_empty() }
    }
}

/// Autosaves the current game after every turn and at its end.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CanContinue>()
        .add_systems(Startup, find_autosave)
        .add_systems(Update, autosave_after_turns.in_set(AppSystems::Rules).after(super::computer::ComputerMoves));
}

fn find_autosave(storage: Res<Storage>, mut notices: ResMut<Notices>, mut can_continue: ResMut<CanContinue>) {
    *can_continue = load_stored(&storage, AUTOSAVE_FILE, &mut notices).map(|s| CanContinue::of(&s)).unwrap_or_default();
}

fn autosave_after_turns(
    mut committed: MessageReader<TurnCommitted>,
    mut ended: MessageReader<GameEnded>,
    session: Res<Session>,
    mut autosaver: Autosaver,
) {
    let mut any = ended.read().count() > 0;
    for c in committed.read() {
        // The turn log shows in the terminal, and in the browser's console for the web test.
        info!("turn {}: {}", c.ply, c.turn);
        any = true;
    }
    if any && session.board_use().autosaved() {
        autosaver.keep(&session);
    }
}
