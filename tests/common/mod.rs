//! Helpers shared by the headless game tests: an `App` with the logic plugins and no window, driven by the same
//! messages a click or a button produces.

#![allow(dead_code)] // each test file uses some of the helpers

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use fanorona::ai_player::Thinking;
use fanorona::animation::{Animations, Fading, Sliding};
use fanorona::board::Piece;
use fanorona::control::GameCommand;
use fanorona::session::{PlayerKind, Session};
use fanorona::settings::{Opponent, Settings};
use fanorona::state::AppState;
use fanorona::storage::Storage;
use fanorona::turn::{BoardClick, TurnCommand};
use fanorona_rules::{Position, Side, Variant};

pub fn temp_dir() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "fanorona-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

pub fn app_in(dir: &PathBuf) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage::in_dir(dir))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
        .add_plugins(fanorona::LogicPlugin);
    app.update();
    app
}

pub fn app() -> App {
    app_in(&temp_dir())
}

pub fn command(app: &mut App, c: GameCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

pub fn turn_command(app: &mut App, c: TurnCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

pub fn click(app: &mut App, point: &str) {
    app.world_mut().write_message(BoardClick(point.parse().expect("a point")));
    settle(app);
}

/// Runs frames until nothing moves and the computer is not thinking for a few frames in a row (messages written
/// in one frame are handled in the next), at most 20 simulated seconds.
pub fn settle(app: &mut App) {
    let mut idle = 0;
    for _ in 0..1250 {
        app.update();
        let busy = app.world().resource::<Animations>().busy();
        let thinking = app.world().resource::<Thinking>().is(fanorona::ai_player::Purpose::Move);
        idle = if busy || thinking { 0 } else { idle + 1 };
        if idle >= 4 {
            return;
        }
        if thinking {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    panic!("the game did not settle");
}

pub fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

pub fn turns(app: &App) -> Vec<String> {
    session(app).game.turns().iter().map(ToString::to_string).collect()
}

/// The drawn pieces agree with the board of the session.
pub fn assert_pieces_match(app: &mut App) {
    let board = *session(app).board();
    let mut query = app.world_mut().query::<(&Piece, Option<&Sliding>, Option<&Fading>)>();
    let mut drawn: Vec<(Side, String)> = Vec::new();
    for (piece, sliding, fading) in query.iter(app.world()) {
        assert!(sliding.is_none() && fading.is_none(), "an animation did not finish");
        drawn.push((piece.side, piece.point.to_string()));
    }
    drawn.sort();
    let mut expected: Vec<(Side, String)> = Vec::new();
    for side in Side::BOTH {
        expected.extend(board.pieces(side).iter().map(|p| (side, p.to_string())));
    }
    expected.sort();
    assert_eq!(drawn, expected);
}

pub fn start_with(app: &mut App, f: impl FnOnce(&mut Settings)) {
    f(&mut app.world_mut().resource_mut::<Settings>());
    command(app, GameCommand::Start);
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Playing);
}

pub fn humans(s: &mut Settings) {
    s.opponent = Opponent::Human;
    s.variant = Variant::Tsivy;
    s.vela = false;
}

pub fn set_position(app: &mut App, text: &str, players: [PlayerKind; 2]) {
    let position: Position = text.parse().expect("position");
    *app.world_mut().resource_mut::<Session>() = Session::new(position, players);
    app.world_mut().write_message(fanorona::session::BoardReset);
    settle(app);
}

pub const HUMANS: [PlayerKind; 2] = [PlayerKind::Human, PlayerKind::Human];

/// Plays `notation` from the current board by clicks, as a person would: the piece, each destination, the
/// approach/withdrawal choice when one is offered, and Stop here when the turn could go on.
pub fn play(app: &mut App, notation: &str) {
    let turn = session(app).board().parse_turn(notation).unwrap_or_else(|e| panic!("{notation}: {e}"));
    let path: Vec<String> = turn.path().map(|p| p.to_string()).collect();
    let kinds: Vec<_> = turn.steps().map(|s| s.capture()).collect();
    click(app, &path[0]);
    for (to, kind) in path[1..].iter().zip(kinds) {
        click(app, to);
        if let (Some(kind), true) = (kind, session(app).choice.is_some()) {
            turn_command(app, TurnCommand::Choose(kind));
        }
    }
    if session(app).builder.can_stop() {
        turn_command(app, TurnCommand::Stop);
    }
}
