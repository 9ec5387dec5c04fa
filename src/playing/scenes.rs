//! The game screen's start scenes (see [`crate::dev::scene`]): positions of interest on the board, the computer at
//! work, the end of a game.

use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_rules::{Position, Side, Variant};

use crate::AppSystems;
use crate::access::ToggleMoveBox;
use crate::dev::scene::{AddScene, CLICK_FRAME, MIDDLE_GAME, SHOT_FRAME, START, Scene, new_game, scene_in};
use crate::game::commands::GameCommand;
use crate::game::keeper::BoardKeeper;
use crate::game::session::{Announce, BoardUse, PlayerKind, Session};
use crate::persistence::storage::Notices;
use crate::screens::AppState;
use crate::text;

const HUMANS: [PlayerKind; 2] = [PlayerKind::Human; 2];
const AGAINST_MASTER: [PlayerKind; 2] = [PlayerKind::Human, PlayerKind::Computer(Level::Master)];
const AGAINST_BEGINNER: [PlayerKind; 2] = [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)];

/// A middle game with the computer, Black, to move (the second position of `fanorona-cli bench --search`).
const PONDER_GAME: &str = "bbbbb2bb/bbbbb1bbb/wbw1wb1wb/www1wwwww/www1wwwww b";

/// Adds the kept game's start scenes.
pub fn plugin(app: &mut App) {
    let playing = |name| Scene::new(name, AppState::Playing);
    // A new game, with a click on f3.
    app.add_scene(playing("board").clicks(&["f3"]), new_game(START, HUMANS))
        // A capture chain in progress (White's c3-d3 and what follows).
        .add_scene(playing("chain").clicks(&["c3", "d3"]), new_game("3b5/9/2w1b4/wwwwww3/9 w", HUMANS))
        // A capture that could be by approach or by withdrawal: the choice asked.
        .add_scene(
            playing("choice").clicks(&["e3", "f3"]),
            new_game("bbbbbbbbb/9/3bw1bbb/wwwwwwwww/wwwwwwwww w", HUMANS),
        )
        // A game won by its last capture (White's c3-d3).
        .add_scene(playing("gameover").clicks(&["c3", "d3"]), new_game("9/9/2w1b4/wwww5/9 w", HUMANS))
        // The small board of fanoron-telo.
        .add_scene(playing("telo"), new_game("3/1w1/b2 w", HUMANS))
        // You against the master level.
        .add_scene(playing("computer"), new_game(START, AGAINST_MASTER))
        // The master plays itself.
        .add_scene(playing("think"), new_game(START, [PlayerKind::Computer(Level::Master); 2]))
        // You, White, against the master on a middle game outside its book.
        .add_scene(playing("reply"), new_game(MIDDLE_GAME, AGAINST_MASTER))
        // You, White, against the master, who has just played a turn outside its book and thinks on your time.
        .add_scene(playing("ponder"), new_game(PONDER_GAME, AGAINST_MASTER))
        // A lost rated game, with the rating change and the vela offer.
        .add_scene(playing("vela"), lost_game)
        // You against the computer, asked whether to resign.
        .add_scene(playing("resign"), new_game(START, AGAINST_BEGINNER))
        // The board with a notice and a problem shown.
        .add_scene(playing("toast"), new_game(START, HUMANS))
        // The move box open (K) over the panel, a notice above it.
        .add_scene(playing("typed"), new_game(START, HUMANS))
        .add_systems(
            Update,
            (
                ask_to_resign.run_if(scene_in(&["resign"])),
                show_notices.run_if(scene_in(&["toast"])),
                open_move_box.run_if(scene_in(&["typed"])),
            )
                .in_set(AppSystems::Input),
        );
}

/// The `vela` scene: a game the person resigned against the beginner.
fn lost_game(mut board: BoardKeeper, mut announce: Announce, mut next: ResMut<NextState<AppState>>) {
    board.put(Session::new(Position::start(Variant::Tsivy), AGAINST_BEGINNER), BoardUse::Game { autosave: true });
    announce.resign(board.session_mut(), Side::White);
    next.set(AppState::Playing);
}

/// The `resign` scene asks to resign once the board is up.
fn ask_to_resign(mut frame: Local<u32>, mut game: MessageWriter<GameCommand>) {
    *frame += 1;
    if *frame == CLICK_FRAME {
        game.write(GameCommand::Resign);
    }
}

/// The `typed` scene opens the move box once the board is up, and a notice comes shortly before the screenshot.
fn open_move_box(mut frame: Local<u32>, mut open: MessageWriter<ToggleMoveBox>, mut notices: ResMut<Notices>) {
    *frame += 1;
    if *frame == CLICK_FRAME {
        open.write(ToggleMoveBox);
    } else if *frame == SHOT_FRAME - 6 {
        notices.say(text!("game-saved"));
    }
}

/// The `toast` scene's notices, shown shortly before the screenshot so they are still there.
fn show_notices(mut frame: Local<u32>, mut notices: ResMut<Notices>) {
    *frame += 1;
    if *frame == SHOT_FRAME - 6 {
        notices.say(text!("game-saved"));
        notices.problem(text!(
            "file-kept-aside",
            what = "settings",
            problem = "expected a struct",
            aside = "settings.ron.bad"
        ));
        notices.say(text!("copied-position", position = "bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w"));
    }
}
