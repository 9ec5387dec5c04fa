//! The interface's state, headless: notices become toasts that go away by themselves, the UI size is kept with the
//! settings, and F11 switches full screen on every screen.

use std::time::Duration;

use crate::common::*;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{PrimaryWindow, WindowMode, WindowResized};
use fanorona::game::commands::{GameCommand, PendingConfirmation};
use fanorona::keys::{KeyMap, Modifiers};
use fanorona::persistence::settings::{SETTINGS_FILE, Settings, WindowSize};
use fanorona::persistence::storage::{Notices, Storage};
use fanorona::screens::AppState;
use fanorona::text;
use fanorona::ui::toasts::{self, PROBLEM_SECONDS, TOAST_SECONDS, Toasts};
use fanorona::window::{self, MIN_SIZE};

/// Simulated time per frame in the toast tests.
const FRAME: Duration = Duration::from_millis(100);

/// The logic and the toasts, with a clock that moves `FRAME` a frame.
fn app_with_toasts() -> App {
    let dir = temp_dir();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage::in_dir(&dir))
        .insert_resource(dir)
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
        .add_plugins((fanorona::LogicPlugin, toasts::plugin));
    app.update();
    app
}

/// The texts of the toasts shown.
fn shown(app: &App) -> Vec<String> {
    app.world().resource::<Toasts>().shown().iter().map(|t| english(&t.notice.text)).collect()
}

/// Runs frames for `seconds` of the game's clock.
fn wait(app: &mut App, seconds: f32) {
    for _ in 0..(seconds / FRAME.as_secs_f32()).round() as usize {
        app.update();
    }
}

#[test]
fn a_notice_is_shown_as_a_toast_and_gone_after_its_time() {
    let mut app = app_with_toasts();
    app.world_mut().resource_mut::<Notices>().say(text!("game-saved"));
    app.update();
    assert_eq!(shown(&app), ["Game saved."]);
    assert!(app.world().resource::<Notices>().0.is_empty(), "the notice was taken");
    wait(&mut app, TOAST_SECONDS - 0.5);
    assert_eq!(shown(&app), ["Game saved."], "still there just before its time is up");
    wait(&mut app, 0.6);
    assert!(shown(&app).is_empty(), "gone after {TOAST_SECONDS} s");
}

#[test]
fn a_problem_stays_longer_and_toasts_stack_up_to_a_few() {
    let mut app = app_with_toasts();
    app.world_mut().resource_mut::<Notices>().problem(text!("file-not-saved", what = "game", error = "disk full"));
    app.world_mut().resource_mut::<Notices>().say(text!("copied-game", turns = 3));
    app.update();
    assert_eq!(shown(&app), ["The game could not be saved: disk full", "Copied the game (3 turns) as game text."]);
    wait(&mut app, TOAST_SECONDS + 0.2);
    assert_eq!(shown(&app), ["The game could not be saved: disk full"], "the problem outlasts the notice");
    wait(&mut app, PROBLEM_SECONDS - TOAST_SECONDS);
    assert!(shown(&app).is_empty());

    for i in 0..7 {
        app.world_mut().resource_mut::<Notices>().say(text!("copied-position", position = i.to_string()));
    }
    app.world_mut().resource_mut::<Notices>().say(text!("copied-position", position = "6"));
    app.update();
    assert_eq!(shown(&app), ["Copied: 3", "Copied: 4", "Copied: 5", "Copied: 6"], "the newest few, each once");
}

#[test]
fn the_ui_size_is_kept_with_the_settings_and_kept_within_bounds() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    assert_eq!(app.world().resource::<Settings>().ui_scale, 1.0);
    app.world_mut().resource_mut::<Settings>().ui_scale = 1.5;
    app.update();
    let text = std::fs::read_to_string(dir.join(SETTINGS_FILE)).expect("settings written");
    assert!(text.contains("ui_scale: 1.5"), "{text}");
    assert_eq!(app_in(&dir).world().resource::<Settings>().ui_scale, 1.5);

    // A hand-edited size is brought back within 100% to 200%.
    std::fs::write(dir.join(SETTINGS_FILE), text.replace("ui_scale: 1.5", "ui_scale: 9.0")).expect("write");
    assert_eq!(app_in(&dir).world().resource::<Settings>().ui_scale, 2.0);
}

#[test]
fn f11_means_full_screen_on_every_screen_even_during_a_question() {
    let dir = temp_dir();
    let app = app_with_keys(&dir);
    let keys = app.world().resource::<KeyMap>();
    for screen in [AppState::Menu, AppState::Playing, AppState::Tutorial, AppState::Review, AppState::Analysis] {
        for asking in [false, true] {
            for mods in [Modifiers::default(), Modifiers { shift: true, ctrl: false }] {
                let action = keys.action(KeyCode::F11, mods, screen, asking).map(|a| a.name());
                assert_eq!(action, Some("ToggleFullScreen"), "{screen:?}, asking {asking}");
            }
        }
    }
}

#[test]
fn f11_switches_the_window_to_full_screen_and_back() {
    let dir = temp_dir();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin))
        .insert_resource(Storage::in_dir(&dir))
        .insert_resource(dir)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
        .add_plugins((fanorona::LogicPlugin, fanorona::input::keyboard_plugin, window::plugin));
    app.update();
    let window = app.world_mut().spawn((Window::default(), PrimaryWindow)).id();
    let mode = |app: &App| app.world().get::<Window>(window).map(|w| w.mode);
    press(&mut app, KeyCode::F11, false, false);
    assert_eq!(mode(&app), Some(WindowMode::BorderlessFullscreen(MonitorSelection::Current)));
    // In a game, with a question open, as well.
    start_with(&mut app, humans);
    play(&mut app, "d2-e3A");
    command(&mut app, GameCommand::Start);
    assert!(app.world().resource::<PendingConfirmation>().0.is_some());
    press(&mut app, KeyCode::F11, false, false);
    assert_eq!(mode(&app), Some(WindowMode::Windowed));
    assert!(app.world().resource::<PendingConfirmation>().0.is_some(), "the question is still open");
}

#[test]
fn with_the_animations_off_every_step_is_in_place_at_once_and_the_turn_stays_marked() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    app.world_mut().resource_mut::<Settings>().animation_speed = 0.0;
    start_with(&mut app, |s| {
        humans(s);
        s.opponent = fanorona::persistence::settings::Opponent::Computer;
        s.level = fanorona_ai::Level::Beginner;
    });
    app.world_mut().write_message(fanorona::game::person::BoardClick("d2".parse().expect("a point")));
    app.update();
    app.world_mut().write_message(fanorona::game::person::BoardClick("e3".parse().expect("a point")));
    app.update();
    // The person's step, and then the computer's whole turn (lead-in, slide, captures), each in place within a
    // couple of frames of being played.
    let (mut busy_frames, mut longest) = (0, 0);
    run_until(&mut app, 2000, "both turns are played", thinking, |app| {
        let busy = app.world().resource::<fanorona::board::animation::Animations>().busy();
        busy_frames = if busy { busy_frames + 1 } else { 0 };
        longest = longest.max(busy_frames);
        turns(app).len() == 2 && !busy
    });
    // A few frames a step (the slide ends, then the captured pieces), where a step takes some twenty at full speed.
    let steps = session(&app).game().turns()[1].path().count() - 1;
    assert!(longest <= 4 * steps, "the board was busy {longest} frames in a row for {steps} steps");
    assert_pieces_match(&mut app);
    assert!(session(&app).last_turn.is_some(), "the computer's turn stays marked");
    // Off is kept as off.
    assert_eq!(app_in(&dir).world().resource::<Settings>().animation_speed, 0.0);
}

/// An app with the window's plugin and a primary window, as the game opens it.
fn app_with_window(dir: &std::path::Path) -> (App, Entity) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin))
        .insert_resource(Storage::in_dir(dir))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
        .add_plugins((fanorona::LogicPlugin, window::plugin));
    app.update();
    let window = app.world_mut().spawn((fanorona::window::primary_window(), PrimaryWindow)).id();
    app.update();
    (app, window)
}

fn resize(app: &mut App, window: Entity, width: f32, height: f32) {
    app.world_mut().write_message(WindowResized { window, width, height });
    if let Some(mut w) = app.world_mut().get_mut::<Window>(window) {
        w.resolution.set(width, height);
    }
}

#[test]
fn the_window_opens_at_the_size_it_had_last_time() {
    let dir = temp_dir();
    let (mut app, window) = app_with_window(&dir);
    assert_eq!(app.world().resource::<Settings>().window, None, "nothing to remember at first");
    // Dragged through several sizes: the last one, once it stays, is remembered (and saved).
    for width in [1000.0, 1100.0, 1200.0] {
        resize(&mut app, window, width, 700.0);
        app.update();
    }
    assert_eq!(app.world().resource::<Settings>().window, None, "not while it is being dragged");
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(app.world().resource::<Settings>().window, Some(WindowSize { width: 1200, height: 700 }));
    // Full screen is not a window size.
    app.world_mut().get_mut::<Window>(window).expect("the window").mode =
        WindowMode::BorderlessFullscreen(MonitorSelection::Current);
    resize(&mut app, window, 1920.0, 1080.0);
    for _ in 0..40 {
        app.update();
    }
    assert_eq!(app.world().resource::<Settings>().window, Some(WindowSize { width: 1200, height: 700 }));
    drop(app);

    let (app, window) = app_with_window(&dir);
    let size = app.world().get::<Window>(window).map(|w| (w.width(), w.height()));
    assert_eq!(size, Some((1200.0, 700.0)), "opened at the remembered size");

    // A hand-edited size too small to use opens at the smallest size instead.
    let text = std::fs::read_to_string(dir.join(SETTINGS_FILE)).expect("settings written");
    std::fs::write(dir.join(SETTINGS_FILE), text.replace("width: 1200", "width: 3")).expect("write");
    let (app, window) = app_with_window(&dir);
    let size = app.world().get::<Window>(window).map(|w| (w.width(), w.height()));
    assert_eq!(size, Some((MIN_SIZE.x, 700.0)));
}

/// The mover of the first step on the board has started to slide.
fn sliding(app: &mut App) -> bool {
    let mut query = app.world_mut().query::<&fanorona::board::animation::Sliding>();
    query.iter(app.world()).next().is_some()
}

#[test]
fn a_turn_that_arrives_whole_is_shown_a_moment_before_it_moves_and_a_person_s_step_moves_at_once() {
    use bevy::ecs::system::RunSystemOnce;
    use fanorona::board::animation::{Animations, LEAD_IN_SECONDS};
    use fanorona::game::session::{Announce, Session};

    let mut app = app();
    start_with(&mut app, humans);
    // The computer's (or an online opponent's) turn arrives whole.
    let turn = session(&app).position().parse_turn("d2-e3A").unwrap();
    app.world_mut()
        .run_system_once(move |mut announce: Announce, mut session: ResMut<Session>| {
            announce.whole_turn(&mut session, turn)
        })
        .unwrap();
    // Frames are 16 ms: the lead-in lasts this many, the path marked and the piece still.
    let frames = (LEAD_IN_SECONDS / 0.016) as usize;
    for _ in 0..frames - 2 {
        app.update();
        assert!(app.world().resource::<Animations>().busy(), "the board is busy showing the turn");
        assert!(!sliding(&mut app), "the piece waits while the turn is shown");
    }
    assert!(session(&app).last_turn.is_some(), "the turn's path is marked meanwhile");
    for _ in 0..6 {
        app.update();
    }
    assert!(sliding(&mut app), "then the piece moves");
    settle(&mut app);
    assert_pieces_match(&mut app);

    // A person's step starts to move in the frame after the click.
    assert!(session(&app).position().parse_turn("f5-f4A").is_ok());
    app.world_mut().write_message(fanorona::game::person::BoardClick("f5".parse().unwrap()));
    app.update();
    app.world_mut().write_message(fanorona::game::person::BoardClick("f4".parse().unwrap()));
    app.update();
    app.update();
    assert!(sliding(&mut app), "no lead-in for the person's own step");
}
