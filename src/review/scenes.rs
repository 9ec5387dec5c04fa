//! The review's start scenes (see [`crate::dev::scene`]), and the move list's.

use bevy::prelude::*;
use fanorona_rules::GameRecord;

use crate::AppSystems;
use crate::dev::scene::{AddScene, CLICK_FRAME, Scene, scene_in};
use crate::game::keeper::BoardKeeper;
use crate::game::session::{BoardUse, PlayerKind, Session};
use crate::review::{ReviewCommand, Reviewing};
use crate::screens::AppState;

/// A short tsivy game in which Black's 4th turn, b3-c3W, hands White a five-piece chain (e4-e3A kept the game
/// level): the `review` scene's game.
pub const REVIEW_GAME: &str = "1. d2-e3A f5-f4A 2. e1-f2A-f3A h5-h4A 3. c3-d2W i3-h2A-g3W-h3W 4. g2-g3A-f4A-g4A \
                               b3-c3W 5. a2-a3A-b3A-b4A-a4W d5-e5 6. e2-f2 h3-h2 7. f2-g2A c5-b5 *";

/// The `moves` and `opening` scenes' game: it opens with vaky loha (`e2-e3A`), which the move list names (the master's
/// turns at depth 5 after it).
const OPENING_GAME: &str = "1. e2-e3A d4-e5W 2. b1-b2A e5-e4A 3. c2-c3A-b3W f4-e3A-d3W-d2A-c3W 4. b2-a1W g3-f3W \
                            5. h2-h3A-g3A-h4A g4-f4W-f3A 6. g1-h2A i4-i3A *";

/// The position looked at in the `review` and `opening` scenes: after the blunder in `review`'s.
const REVIEW_PLY: usize = 8;

/// The scenes that open the review.
const REVIEWED: &[&str] = &["review", "opening"];

pub(super) fn plugin(app: &mut App) {
    let reviewed = |world: &World| world.resource::<Reviewing>().review().is_some();
    // The review of a game with a blunder, looking at the better turn once the engine is through.
    app.add_scene(Scene::new("review", AppState::Review).ready(reviewed), game_on_board(REVIEW_GAME))
        // The review of a game that opens with a turn players name, with its opening named.
        .add_scene(Scene::new("opening", AppState::Review).ready(reviewed), game_on_board(OPENING_GAME))
        // That game in play, for the move list and its opening.
        .add_scene(Scene::new("moves", AppState::Playing), game_on_board(OPENING_GAME))
        .add_systems(Update, look_at_the_blunder.in_set(AppSystems::Input).run_if(scene_in(REVIEWED)));
}

/// A system that puts `game` on the game's screen (not kept: a scene writes nothing).
fn game_on_board(game: &'static str) -> impl FnMut(BoardKeeper, ResMut<NextState<AppState>>) {
    move |mut board: BoardKeeper, mut next: ResMut<NextState<AppState>>| {
        if let Ok(game) = GameRecord::load_text(game) {
            board.put(Session::from_game(game, [PlayerKind::Human; 2]), BoardUse::Game { autosave: false });
            next.set(AppState::Playing);
        }
    }
}

/// Opens the review, then (once the engine is through) looks at the blunder and its better turn.
fn look_at_the_blunder(
    mut frame: Local<u32>,
    mut shown: Local<bool>,
    reviewing: Res<Reviewing>,
    mut review: MessageWriter<ReviewCommand>,
) {
    *frame += 1;
    if *frame == CLICK_FRAME {
        review.write(ReviewCommand::Open);
    }
    if reviewing.review().is_some() && !*shown {
        *shown = true;
        review.write(ReviewCommand::Goto(REVIEW_PLY));
        review.write(ReviewCommand::LineForward);
    }
}
