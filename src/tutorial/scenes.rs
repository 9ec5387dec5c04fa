//! The tutorial's start scene (see [`crate::dev::scene`]).

use bevy::prelude::*;

use crate::dev::scene::{AddScene, Scene};
use crate::screens::AppState;
use crate::tutorial::TutorialCommand;

pub(super) fn plugin(app: &mut App) {
    // A lesson of the tutorial, on captures.
    app.add_scene(Scene::new("tutorial", AppState::Tutorial), |mut tutorial: MessageWriter<TutorialCommand>| {
        tutorial.write(TutorialCommand::Open);
        tutorial.write(TutorialCommand::Lesson(2));
    });
}
