//! The title screen's board, where the computer plays itself behind the menu.

use bevy::prelude::*;
use fanorona::board::animation::{Appearing, Fading, Sliding};
use fanorona::game::commands::GameCommand;
use fanorona::game::saving::{AUTOSAVE_FILE, CanContinue};
use fanorona::persistence::profile::Profile;
use fanorona::screens::{AppState, ShowMenu};
use fanorona::title::{MAX_TURNS, MenuEntries, TitleGame};
use fanorona_rules::Position;

use crate::common::*;

fn title_position(app: &App) -> Position {
    *app.world().resource::<TitleGame>().game().position()
}

fn title_turns(app: &App) -> usize {
    app.world().resource::<TitleGame>().game().turns().len()
}

/// The title board's pieces stand where its game has them.
fn assert_title_shown(app: &mut App) {
    let position = title_position(app);
    assert_pieces_show(app, &position);
}

/// Runs frames until the title game has `turns` turns and its board has stopped moving (at most 60 simulated
/// seconds).
fn until_title_turns(app: &mut App, turns: usize) {
    run_until(app, 3750, &format!("the title board reaches {turns} turns"), title_thinking, |app| {
        let world = app.world_mut();
        let moving =
            world.query_filtered::<(), Or<(With<Sliding>, With<Fading>, With<Appearing>)>>().iter(world).count();
        title_turns(app) >= turns && moving == 0 && app.world().resource::<TitleGame>().all_shown()
    });
}

/// Whether the title board's computer is thinking (on a thread).
fn title_thinking(app: &App) -> bool {
    app.world().resource::<TitleGame>().thinking()
}

#[test]
fn the_computer_plays_itself_on_the_title_board_and_leaves_the_players_game_alone() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    assert_eq!(state(&app), AppState::Menu);
    // The start position is on the board at once.
    assert_eq!(title_turns(&app), 0);
    assert_pieces_show(&mut app, &Position::start(fanorona_rules::Variant::Tsivy));
    // Turns are played and shown, piece by piece.
    until_title_turns(&mut app, 4);
    assert_ne!(title_position(&app), Position::start(fanorona_rules::Variant::Tsivy));
    assert_title_shown(&mut app);
    // The player's session, saved game and Continue are untouched.
    assert!(session(&app).game().turns().is_empty(), "the player's game has no turn");
    assert!(!dir.join(AUTOSAVE_FILE).exists(), "nothing was autosaved");
    assert_eq!(*app.world().resource::<CanContinue>(), CanContinue::default());

    // A game replaces the title board; the title board goes on where it was when the menu is back.
    start_with(&mut app, humans);
    assert_pieces_match(&mut app);
    let turns = title_turns(&app);
    assert!(turns >= 4);
    app.world_mut().write_message(ShowMenu);
    settle(&mut app);
    assert_eq!(state(&app), AppState::Menu);
    assert_eq!(title_turns(&app), turns, "the title game waited while the menu was away");
    assert_title_shown(&mut app);
    until_title_turns(&mut app, turns + 1);
    assert_title_shown(&mut app);
    // The player's game is there to continue.
    command(&mut app, GameCommand::Continue);
    assert_eq!(state(&app), AppState::Playing);
    assert_pieces_match(&mut app);
}

#[test]
fn a_finished_or_long_title_game_gives_way_to_a_new_one() {
    let mut app = app();
    run_until(&mut app, 12_000, "a second title game starts", title_thinking, |app| {
        app.world().resource::<TitleGame>().games() == 2
    });
    // The new game's pieces grow in on the start position at once, and it goes on.
    app.update();
    assert_pieces_show(&mut app, &Position::start(fanorona_rules::Variant::Tsivy));
    let world = app.world_mut();
    assert_eq!(world.query_filtered::<(), With<Appearing>>().iter(world).count(), 44, "every piece grows in");
    until_title_turns(&mut app, 1);
    assert!(title_turns(&app) < MAX_TURNS);
    assert_title_shown(&mut app);
}

/// The title page's buttons that open a screen, as their features added them: in order, with the tutorial's word
/// following the player's progress, and each opening its screen.
#[test]
fn the_features_add_their_buttons_to_the_title_page_in_order() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    let labels = |app: &App| -> Vec<&'static str> {
        let profile = app.world().resource::<Profile>();
        let entries = app.world().resource::<MenuEntries>();
        entries.in_order().map(|entry| (entry.label)(profile).id).collect()
    };
    let expected =
        ["menu-play-online", "menu-tournaments", "menu-learn", "menu-puzzles", "how-to-play", "menu-analysis"];
    assert_eq!(labels(&app), expected);
    app.world_mut().resource_mut::<Profile>().lessons_done.push("moving".into());
    assert_eq!(labels(&app)[2], "menu-tutorial");

    let buttons = [
        ("menu-tournaments", AppState::Lobby),
        ("menu-learn", AppState::Tutorial),
        ("menu-puzzles", AppState::Puzzles),
        ("menu-analysis", AppState::Analysis),
    ];
    for (label, screen) in buttons {
        app.world_mut().resource_mut::<Profile>().lessons_done.clear();
        app.world_mut().write_message(ShowMenu);
        app.update();
        app.update();
        assert_eq!(state(&app), AppState::Menu);
        let action = {
            let (profile, entries) = (app.world().resource::<Profile>(), app.world().resource::<MenuEntries>());
            entries.in_order().find(|entry| (entry.label)(profile).id == label).map(|entry| entry.action)
        };
        let Some(action) = action else { panic!("no {label} button") };
        action.send(app.world_mut());
        app.update();
        app.update();
        assert_eq!(state(&app), screen, "{label}");
    }
}
