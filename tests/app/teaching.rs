//! The tutorial, the rating and the vela offer, headless: driven by the same messages the buttons and clicks send.

use crate::common::*;
use bevy::prelude::*;
use fanorona::game::commands::GameCommand;
use fanorona::game::computer::HintRequest;
use fanorona::game::rating::LastRatingChange;
use fanorona::game::saving::AUTOSAVE_FILE;
use fanorona::game::session::PlayerKind;
use fanorona::persistence::profile::{PROFILE_FILE, Profile};
use fanorona::persistence::settings::{Opponent, SETTINGS_FILE, Settings, SideChoice};
use fanorona::persistence::storage::{Notices, Storage};
use fanorona::screens::AppState;
use fanorona::tutorial::lessons::{Goal, LESSONS};
use fanorona::tutorial::{Status, Tutorial, TutorialCommand};
use fanorona_ai::Level;
use fanorona_rules::{Position, Side, Variant};

fn tutorial(app: &App) -> &Tutorial {
    app.world().resource::<Tutorial>()
}

fn tutorial_command(app: &mut App, c: TutorialCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

/// Does the current task: a wrong move first where one is possible (and checks the explanation and the retry),
/// then the right one; a game is won with perfect telo moves or given up.
fn do_task(app: &mut App) {
    let task = tutorial(app).current_task();
    let start = *session(app).position();
    assert_eq!(start, task.start().expect("position"), "{}", english(&task.instruction));
    match task.goal {
        Goal::Read => {
            assert!(session(app).movable().is_empty(), "nothing to play while reading");
        }
        Goal::AnyTurn => {
            tutorial_command(app, TutorialCommand::Next);
            assert_eq!(tutorial(app).status, Status::Doing, "Next waits until the task is done");
            let turn = start.legal_turns()[0].to_string();
            play(app, &turn);
        }
        Goal::Turn(wanted) => {
            let wrong = start.legal_turns().into_iter().find(|t| !task.accepts(&start, t));
            if let Some(wrong) = wrong {
                play(app, &wrong.to_string());
                assert_eq!(tutorial(app).status, Status::Wrong(task.wrong.to_owned()), "{wrong}");
                assert!(!tutorial(app).can_go_on());
                assert!(session(app).movable().is_empty(), "the board waits for Try again");
                tutorial_command(app, TutorialCommand::Retry);
                assert_eq!(tutorial(app).status, Status::Doing);
                assert_eq!(*session(app).position(), start);
            }
            play(app, wanted[0]);
        }
        Goal::Game(level) => {
            assert_eq!(session(app).players, [PlayerKind::Human, PlayerKind::Computer(level)]);
            if start.variant() == Variant::Telo {
                while !session(app).is_over() {
                    let best = fanorona_ai::telo::best_turn(session(app).position()).expect("a move");
                    play(app, &best.to_string());
                }
                assert_eq!(session(app).outcome().and_then(|o| o.winner()), Some(Side::White));
            } else {
                play(app, &start.legal_turns()[0].to_string());
                resign(app);
            }
        }
    }
    if task.goal != Goal::Read {
        assert!(
            matches!(tutorial(app).status, Status::Done(_)),
            "{}: {:?}",
            english(&task.instruction),
            tutorial(app).status
        );
    }
    assert!(tutorial(app).can_go_on());
}

#[test]
fn the_tutorial_is_walked_from_the_first_lesson_to_the_last() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    tutorial_command(&mut app, TutorialCommand::Open);
    assert_eq!(state(&app), AppState::Tutorial);
    assert_eq!((tutorial(&app).lesson, tutorial(&app).task), (0, 0));
    let mut tasks = 0;
    for (l, lesson) in LESSONS.iter().enumerate() {
        for t in 0..lesson.tasks.len() {
            assert_eq!((tutorial(&app).lesson, tutorial(&app).task), (l, t));
            do_task(&mut app);
            tasks += 1;
            tutorial_command(&mut app, TutorialCommand::Next);
        }
        assert!(app.world().resource::<Profile>().lesson_done(lesson.id));
    }
    assert_eq!(tasks, LESSONS.iter().map(|l| l.tasks.len()).sum::<usize>());
    assert!(tutorial(&app).finished);
    // The tutorial's boards never replace the saved game.
    assert!(Storage::in_dir(&dir).read(AUTOSAVE_FILE).expect("readable").is_none());

    // The last button starts a real game: tsivy against the beginner.
    tutorial_command(&mut app, TutorialCommand::PlayGame);
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(*session(&app).game().start(), Position::start(Variant::Tsivy));
    assert_eq!(session(&app).players, [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)]);
}

#[test]
fn tutorial_progress_is_kept_and_a_lesson_can_be_restarted_or_left() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    tutorial_command(&mut app, TutorialCommand::Open);
    for _ in 0..LESSONS[0].tasks.len() {
        do_task(&mut app);
        tutorial_command(&mut app, TutorialCommand::Next);
    }
    assert_eq!(tutorial(&app).lesson, 1);
    tutorial_command(&mut app, TutorialCommand::Leave);
    assert_eq!(state(&app), AppState::Menu);
    // Outside the tutorial its commands (but Open) do nothing: a game is never replaced by a lesson.
    start_with(&mut app, humans);
    tutorial_command(&mut app, TutorialCommand::Next);
    tutorial_command(&mut app, TutorialCommand::Lesson(2));
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(*session(&app).game().start(), Position::start(Variant::Tsivy));

    // Next time, the tutorial opens at the first lesson not done.
    let mut app = app_in(&dir);
    tutorial_command(&mut app, TutorialCommand::Open);
    assert_eq!((tutorial(&app).lesson, tutorial(&app).task), (1, 0));
    tutorial_command(&mut app, TutorialCommand::Next);
    assert_eq!(tutorial(&app).task, 1);
    tutorial_command(&mut app, TutorialCommand::Lesson(1));
    assert_eq!((tutorial(&app).lesson, tutorial(&app).task), (1, 0));
    // Undo and the like do nothing to a tutorial board.
    tutorial_command(&mut app, TutorialCommand::Next);
    tutorial_command(&mut app, TutorialCommand::Next);
    play(&mut app, "b3");
    command(&mut app, GameCommand::Undo);
    assert_eq!(session(&app).game().turns().len(), 1);
}

#[test]
fn the_tutorial_explains_why_a_piece_cannot_move() {
    let mut app = app();
    tutorial_command(&mut app, TutorialCommand::Open);
    let (l, t) = LESSONS
        .iter()
        .enumerate()
        .find_map(|(l, lesson)| lesson.tasks.iter().position(|t| t.goal == Goal::Turn(&["d3-c3A"])).map(|t| (l, t)))
        .expect("the compulsory capture task");
    tutorial_command(&mut app, TutorialCommand::Lesson(l));
    for _ in 0..t {
        do_task(&mut app);
        tutorial_command(&mut app, TutorialCommand::Next);
    }
    click(&mut app, "a1");
    let note = tutorial(&app).note.clone().expect("a note");
    let note = english(&note);
    assert!(note.contains("must capture"), "{note}");
    assert_eq!(tutorial(&app).status, Status::Doing);
    click(&mut app, "d3");
    assert_eq!(tutorial(&app).note, None);
}

fn against_computer(app: &mut App, variant: Variant, vela: bool) {
    let mut settings = app.world_mut().resource_mut::<Settings>();
    settings.variant = variant;
    settings.vela = vela;
    settings.vela_side = Side::White;
    settings.opponent = Opponent::Computer;
    settings.level = Level::Beginner;
    settings.side = SideChoice::White;
    command(app, GameCommand::Start);
}

fn rating(app: &App) -> (f64, u32) {
    let r = &app.world().resource::<Profile>().rating;
    (r.rating, r.games)
}

#[test]
fn only_rated_games_change_the_rating() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    assert_eq!(rating(&app), (1200.0, 0));

    // Standard tsivy against the computer is rated; resigning loses points.
    against_computer(&mut app, Variant::Tsivy, false);
    assert!(session(&app).is_rated());
    resign(&mut app);
    let (after_loss, games) = rating(&app);
    assert_eq!(games, 1);
    assert!(after_loss < 1200.0);
    assert_eq!(app.world().resource::<LastRatingChange>().0, Some((1200.0, after_loss)));
    // The finished game is rated once only.
    command(&mut app, GameCommand::Undo);
    command(&mut app, GameCommand::Redo);
    assert_eq!(rating(&app).1, 1);

    // Help makes a game unrated: a hint, or an undo.
    against_computer(&mut app, Variant::Tsivy, false);
    assert_eq!(app.world().resource::<LastRatingChange>().0, None);
    app.world_mut().write_message(HintRequest);
    settle(&mut app);
    assert!(!session(&app).is_rated());
    resign(&mut app);
    against_computer(&mut app, Variant::Tsivy, false);
    play(&mut app, "d2-e3A");
    command(&mut app, GameCommand::Undo);
    assert!(!session(&app).is_rated());
    resign(&mut app);
    assert_eq!(rating(&app), (after_loss, 1));

    // Dimy, telo, vela and games between two people are never rated.
    for (variant, vela) in [(Variant::Dimy, false), (Variant::Telo, false), (Variant::Tsivy, true)] {
        against_computer(&mut app, variant, vela);
        assert!(!session(&app).is_rated(), "{variant} vela {vela}");
        resign(&mut app);
    }
    start_with(&mut app, humans);
    assert!(!session(&app).is_rated());
    resign(&mut app);
    assert_eq!(rating(&app), (after_loss, 1));

    // A rated game stays rated when continued later, and the rating is kept with the settings.
    against_computer(&mut app, Variant::Tsivy, false);
    play(&mut app, "d2-e3A");
    let mut app = app_in(&dir);
    assert_eq!(rating(&app), (after_loss, 1));
    command(&mut app, GameCommand::Continue);
    assert!(session(&app).is_rated());
    resign(&mut app);
    assert_eq!(rating(&app).1, 2);
}

#[test]
fn a_vela_is_offered_after_a_loss_and_is_unrated() {
    let mut app = app();
    against_computer(&mut app, Variant::Tsivy, false);
    assert_eq!(session(&app).vela_offer(), None, "not while the game goes on");
    resign(&mut app);
    // The computer (Black) won: in the vela game it is handicapped.
    assert_eq!(session(&app).vela_offer(), Some(Side::Black));
    let games = rating(&app).1;
    command(&mut app, GameCommand::Vela);
    let start = Position::start(Variant::Tsivy).with_vela(Some(Side::Black));
    assert_eq!(*session(&app).game().start(), start);
    assert_eq!(session(&app).players, [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)]);
    assert!(!session(&app).is_rated());
    resign(&mut app);
    assert_eq!(rating(&app).1, games, "a vela game is unrated");
    assert_eq!(session(&app).vela_offer(), None, "no vela after a vela game");

    // Between two people, the loser is offered a vela too.
    start_with(&mut app, humans);
    resign(&mut app);
    assert_eq!(session(&app).vela_offer(), Some(Side::Black));
    command(&mut app, GameCommand::Vela);
    assert_eq!(*session(&app).game().start(), start);
}

#[test]
fn a_rating_that_is_not_a_number_starts_again() {
    let dir = temp_dir();
    let storage = Storage::in_dir(&dir);
    storage.write(PROFILE_FILE, "(rating: (rating: NaN, games: 3))").expect("writable");
    let app = app_in(&dir);
    assert_eq!(rating(&app), (1200.0, 0));
    assert!(app.world().resource::<Notices>().0.is_empty(), "the file itself is fine");
}

#[test]
fn a_rating_kept_in_an_older_settings_file_is_taken_over() {
    let dir = temp_dir();
    let old = "(level: master, rating: (rating: 1333.0, games: 4), lessons_done: [\"board\"])";
    Storage::in_dir(&dir).write(SETTINGS_FILE, old).expect("writable");
    let mut app = app_in(&dir);
    assert_eq!(rating(&app), (1333.0, 4));
    assert!(app.world().resource::<Profile>().lesson_done("board"));
    assert_eq!(app.world().resource::<Settings>().level, Level::Master, "the settings still read");
    // Once the profile is saved in its own file, that is what counts.
    app.world_mut().resource_mut::<Profile>().rating.games = 5;
    app.update();
    let again = app_in(&dir);
    assert_eq!(rating(&again), (1333.0, 5));
}
