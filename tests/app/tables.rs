//! The endgame tables in the game: built in the background when the game starts, then given to the computer, which
//! answers an ending in them at once with a perfect turn.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use fanorona::game::computer::Thinking;
use fanorona::game::session::PlayerKind;
use fanorona::game::tables::{self, EndgameTables};
use fanorona::persistence::storage::Storage;
use fanorona_ai::Level;
use fanorona_rules::{Position, Variant};

use crate::common::*;

#[test]
fn the_tables_are_built_in_the_background_and_the_computer_plays_endings_from_them() {
    let dir = temp_dir();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage::in_dir(&dir))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
        .add_plugins((fanorona::LogicPlugin, tables::plugin));
    app.update();
    // While the tables are built, a game never waits for them: the computer searches as it would without them.
    // (Strong, which probes the tables as the master does, but searches to a fixed depth: quick in a debug build.)
    start_with(&mut app, humans);
    set_position(&mut app, "5/1b3/5/1w1b1/w1w2 w", [PlayerKind::Computer(Level::Strong), PlayerKind::Human]);
    assert!(app.world().resource::<EndgameTables>().building(), "the tables were still being built");
    assert_eq!(session(&app).game().turns().len(), 1, "the computer played while the tables were built");
    let result = app.world().resource::<Thinking>().last_result().map(|r| r.depth);
    assert_eq!(result, Some(4), "searched to its depth, without the tables");

    // Frames go on while the tables are built (the four-piece tables of both variants in about a second of a core,
    // then the five-piece ones in about half a minute).
    let mut frames = 0;
    run_until(
        &mut app,
        0,
        "the tables are built",
        |_| true,
        |app| {
            let building = app.world().resource::<EndgameTables>().building();
            frames += usize::from(building);
            !building
        },
    );
    let tables = app.world().resource::<EndgameTables>();
    let (Some(dimy), Some(tsivy)) = (tables.get(Variant::Dimy), tables.get(Variant::Tsivy)) else {
        panic!("the tables of both variants are ready");
    };
    assert_eq!((dimy.pieces(), tsivy.pieces()), (5, 5), "the five-piece tables replaced the four-piece ones");
    assert!(frames > 1, "built in the background, while frames went on");

    // Master, White, in a dimy ending of five pieces: it answers from the tables (depth 0), with a turn of the best
    // value the tables give.
    start_with(&mut app, humans);
    let text = "5/1b3/5/1w1b1/w1w2 w";
    let position: Position = text.parse().unwrap_or_else(|e| panic!("{e}"));
    let best = dimy.best_turn(&position).map(|(_, value)| value);
    set_position(&mut app, text, [PlayerKind::Computer(Level::Master), PlayerKind::Human]);
    let played = *session(&app).game().turns().first().unwrap_or_else(|| panic!("the computer played"));
    let value = dimy.turn_values(&position).into_iter().find(|(turn, _)| *turn == played).map(|(_, value)| value);
    assert_eq!(value, best, "{played} keeps the tables' verdict and distance");
    let result = app.world().resource::<Thinking>().last_result().map(|r| r.depth);
    assert_eq!(result, Some(0), "answered from the tables, not searched");
}
