//! Game files: saving the game on the board as a file of game text (a new file in the player's folder on the
//! desktop, a download on the web) and opening one (a path on the desktop, the browser's file picker on the web).
//! A file that is read goes the way of pasted text ([`OpenGame`]): it is checked, and replaces the game on the
//! board only after the player's yes.

use bevy::prelude::*;

use super::commands::{OpenGame, ReadOpenedGames};
use super::session::Session;
use crate::AppSystems;
use crate::i18n::Text;
use crate::persistence::game_files::{FileKind, GameFiles, Kept};
use crate::persistence::storage::Notices;
use crate::text;

/// A command about game files, from a button.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum GameFileCommand {
    /// Save the game on the board as a new file of game text (a download on the web).
    Save,
    /// Open the game file at this path (the desktop; relative paths are in the game files' folder).
    Open(String),
    /// Choose a file to open with the browser's file picker (the web).
    Choose,
}

/// Copy the position text to the clipboard (a key or a button).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyPosition;

/// Copy the whole game as game text to the clipboard (a key or a button), to share it or open it elsewhere.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyGame;

/// Show or hide the box in which a game's text is pasted to open it.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToggleOpenGame;

pub(super) fn plugin(app: &mut App) {
    // Before the opened text is read, so that a file's game is on the board in the same frame.
    app.add_message::<GameFileCommand>()
        .add_message::<CopyPosition>()
        .add_message::<CopyGame>()
        .add_message::<ToggleOpenGame>()
        .add_systems(Update, handle_game_file_commands.in_set(AppSystems::Commands).before(ReadOpenedGames));
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, open_chosen_files.in_set(AppSystems::Commands).before(ReadOpenedGames));
}

fn handle_game_file_commands(
    mut requests: MessageReader<GameFileCommand>,
    session: Res<Session>,
    files: Res<GameFiles>,
    mut open: MessageWriter<OpenGame>,
    mut notices: ResMut<Notices>,
) {
    for request in requests.read() {
        match request {
            GameFileCommand::Save => match save(&session, &files) {
                Ok(done) => notices.say(done),
                Err(problem) => notices.problem(problem),
            },
            GameFileCommand::Open(path) => match files.read(path) {
                Ok(text) => {
                    open.write(OpenGame(text));
                }
                Err(problem) => notices.problem(problem),
            },
            GameFileCommand::Choose => {
                if let Err(problem) = choose() {
                    notices.problem(problem);
                }
            }
        }
    }
}

/// Saves the game and says where it went, or what went wrong.
fn save(session: &Session, files: &GameFiles) -> Result<Text, Text> {
    Ok(match files.keep(FileKind::Game, &session.record().to_text())? {
        Kept::Saved(path) => text!("game-saved-as", file = path.display().to_string()),
        Kept::Downloaded(name) => text!("game-downloaded", file = name),
    })
}

/// Opens the browser's file picker; the desktop has no picker (its dialog takes a path).
fn choose() -> Result<(), Text> {
    #[cfg(target_arch = "wasm32")]
    return crate::persistence::game_files::web::choose().map_err(|e| text!("game-no-file-picker", error = e));
    #[cfg(not(target_arch = "wasm32"))]
    Err(text!("game-no-file-picker-desktop"))
}

/// Opens the files chosen in the browser's picker once they have been read.
#[cfg(target_arch = "wasm32")]
fn open_chosen_files(mut open: MessageWriter<OpenGame>, mut notices: ResMut<Notices>) {
    for chosen in crate::persistence::game_files::web::take_chosen() {
        match chosen {
            Ok(text) => {
                open.write(OpenGame(text));
            }
            Err(problem) => notices.problem(problem),
        }
    }
}
