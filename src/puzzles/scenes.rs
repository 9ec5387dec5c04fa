//! The puzzles' start scene (see [`crate::dev::scene`]).

use bevy::prelude::*;

use crate::dev::scene::{AddScene, Scene};
use crate::puzzles::OpenPuzzle;
use crate::screens::AppState;

/// The `puzzle` scene's puzzle: dimy, two turns to find, an approach/withdrawal choice (the browser test solves it).
const SCENE_PUZZLE: &str = "d4";

pub(super) fn plugin(app: &mut App) {
    // A dimy puzzle of two turns to find, with an approach/withdrawal choice.
    app.add_scene(Scene::new("puzzle", AppState::Puzzles), |mut puzzle: MessageWriter<OpenPuzzle>| {
        puzzle.write(OpenPuzzle(SCENE_PUZZLE.to_owned()));
    });
}
