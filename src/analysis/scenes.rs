//! The analysis board's start scene (see [`crate::dev::scene`]).

use bevy::prelude::*;

use crate::AppSystems;
use crate::analysis::AnalysisCommand;
use crate::dev::scene::{AddScene, CLICK_FRAME, MIDDLE_GAME, Scene, new_game, scene_in};
use crate::game::session::PlayerKind;
use crate::screens::AppState;

pub(super) fn plugin(app: &mut App) {
    // The analysis board on a middle game.
    app.add_scene(Scene::new("analysis", AppState::Analysis), new_game(MIDDLE_GAME, [PlayerKind::Human; 2]))
        .add_systems(Update, open_analysis.in_set(AppSystems::Input).run_if(scene_in(&["analysis"])));
}

/// Opens the analysis board on the game's position once the board is up.
fn open_analysis(mut frame: Local<u32>, mut analysis: MessageWriter<AnalysisCommand>) {
    *frame += 1;
    if *frame == CLICK_FRAME {
        analysis.write(AnalysisCommand::Open);
    }
}
