//! The game itself, without anything drawn: the session (the rules' game and who plays it) and who has the board,
//! the commands about it, the person's clicks, the computer player and the one way engine work runs, the rating, and
//! the saved games.

pub mod commands;
pub mod computer;
pub mod engine;
pub mod files;
pub mod hand_over;
pub mod keeper;
mod keys;
pub mod person;
pub mod rating;
pub mod saving;
pub mod session;
pub mod tables;

use bevy::prelude::*;

/// The systems that make moves on the board: a person's clicks and the computer starting to think. The game's
/// composition root ([`crate::LogicPlugin`]) makes them wait while the board is still showing earlier moves.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardMoves;

/// Everything about the game that is not drawn.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        session::plugin,
        engine::plugin,
        keeper::plugin,
        commands::plugin,
        person::plugin,
        computer::plugin,
        files::plugin,
        hand_over::plugin,
        rating::plugin,
        saving::plugin,
        keys::plugin,
    ));
}
