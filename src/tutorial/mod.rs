//! The tutorial: short lessons on the board, from the lattice and fanoron-telo to the captures of the full game.
//! Each task sets up a position; the learner plays on the board as in a game, and the tutorial checks the turn,
//! says why a wrong one was wrong (the learner tries again), and goes on. Finished lessons are kept in the profile.

pub mod lessons;
mod marks;
mod panel;
#[cfg(feature = "dev")]
mod scenes;

use bevy::prelude::*;
use fanorona_rules::{Side, Variant};

use crate::AppSystems;
use crate::game::commands::GameCommand;
use crate::game::computer::ComputerMoves;
use crate::game::keeper::BoardKeeper;
use crate::game::person::BoardClick;
use crate::game::session::{BoardUse, GameEnded, PlayerKind, Session, TurnCommitted};
use crate::i18n::Text;
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::persistence::profile::Profile;
use crate::persistence::settings::{Opponent, Settings, SideChoice};
use crate::screens::{AppState, Screens};
use crate::title::{AddMenuEntry, MenuEntry};
use crate::{action, text};
use lessons::{Goal, LESSONS, Lesson, Task};

/// How the learner is doing with the current task. The words are kept as texts, put into words when shown.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Status {
    /// Not done yet.
    #[default]
    Doing,
    /// A move that was not what was asked, with the explanation; the learner tries again.
    Wrong(Option<Text>),
    /// Done, with a word about it.
    Done(Option<Text>),
}

/// Where the learner is in the tutorial.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Tutorial {
    /// The lesson, an index into [`LESSONS`].
    pub lesson: usize,
    /// The task within the lesson.
    pub task: usize,
    /// How the task is going.
    pub status: Status,
    /// Why the last click did nothing (a piece that may not move), if it did nothing.
    pub note: Option<Text>,
    /// Every lesson is done.
    pub finished: bool,
}

impl Tutorial {
    /// The current lesson.
    pub fn current_lesson(&self) -> &'static Lesson {
        &LESSONS[self.lesson.min(LESSONS.len() - 1)]
    }

    /// The current task.
    pub fn current_task(&self) -> &'static Task {
        let tasks = &self.current_lesson().tasks;
        &tasks[self.task.min(tasks.len() - 1)]
    }

    /// Whether Next may be pressed: the task is done, or there is only something to read.
    pub fn can_go_on(&self) -> bool {
        matches!(self.status, Status::Done(_)) || self.current_task().goal == Goal::Read
    }
}

/// What the learner asks of the tutorial (buttons).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TutorialCommand {
    /// Open the tutorial at the first lesson not finished yet.
    Open,
    /// Start a lesson (again) from its first task.
    Lesson(usize),
    /// On to the next task, or the next lesson.
    Next,
    /// The current task again from its start.
    Retry,
    /// After the last lesson: a first real game, tsivy against the beginner.
    PlayGame,
    /// Back to the menu.
    Leave,
}

/// The tutorial's own keys, before the game's (N is the next lesson here, not the menu).
const KEYS: &[Binding] = &[
    bind(
        KeyCode::KeyN,
        Needs::ANY,
        On::Screen(AppState::Tutorial),
        action!(TutorialCommand::Next),
        text!("game-key-menu"),
    ),
    bind(
        KeyCode::KeyT,
        Needs::ANY,
        On::Screen(AppState::Tutorial),
        action!(TutorialCommand::Retry),
        text!("game-key-try-again"),
    ),
];

/// The title page's button: "Learn to play" until a lesson is done, "Tutorial" after.
fn menu_label(profile: &Profile) -> Text {
    if profile.lessons_done.is_empty() { text!("menu-learn") } else { text!("menu-tutorial") }
}

/// What the tutorial draws: the lessons' marks and the panel (needs a window).
pub fn view_plugin(app: &mut App) {
    app.add_plugins((marks::plugin, panel::plugin));
}

/// Runs the tutorial.
pub fn plugin(app: &mut App) {
    #[cfg(feature = "dev")]
    app.add_plugins(scenes::plugin);
    app.init_resource::<Tutorial>()
        .add_message::<TutorialCommand>()
        .key_sets(AppState::Tutorial, &[KeySet::Board, KeySet::Turns, KeySet::Opponent, KeySet::Game])
        .add_keys(Tier::Own, KEYS)
        .add_menu_entry(MenuEntry { order: 20, label: menu_label, action: action!(TutorialCommand::Open) })
        .add_systems(Update, handle_tutorial_commands.in_set(AppSystems::Commands))
        .add_systems(
            Update,
            (check_turns, check_game_end, explain_idle_clicks)
                .in_set(AppSystems::Rules)
                .after(ComputerMoves)
                .run_if(in_state(AppState::Tutorial)),
        );
}

/// Sets the board up for the current task (a tutorial board is not a game: it is never saved).
fn set_up_task(tutorial: &mut Tutorial, board: &mut BoardKeeper) {
    let task = tutorial.current_task();
    tutorial.status = Status::Doing;
    tutorial.note = None;
    let players = match task.goal {
        Goal::Game(level) => [PlayerKind::Human, PlayerKind::Computer(level)],
        _ => [PlayerKind::Human, PlayerKind::Human],
    };
    match task.start() {
        Ok(start) => board.put(Session::new(start, players), BoardUse::Tutorial { done: task.goal == Goal::Read }),
        Err(e) => {
            error!("tutorial position {}: {e}", task.position);
            board.put(Session::default(), BoardUse::Tutorial { done: true });
        }
    }
}

fn handle_tutorial_commands(
    mut commands: MessageReader<TutorialCommand>,
    mut tutorial: ResMut<Tutorial>,
    mut board: BoardKeeper,
    mut settings: ResMut<Settings>,
    mut profile: ResMut<Profile>,
    mut screens: Screens,
    mut game: MessageWriter<GameCommand>,
) {
    // Outside the tutorial only Open means anything (a stray Next must never replace a game).
    let mut in_tutorial = screens.here() == AppState::Tutorial;
    for command in commands.read() {
        in_tutorial |= *command == TutorialCommand::Open;
        if !in_tutorial {
            continue;
        }
        let t = &mut *tutorial;
        match command {
            TutorialCommand::Open => {
                let first_new = LESSONS.iter().position(|l| !profile.lesson_done(l.id));
                *t = Tutorial { lesson: first_new.unwrap_or(0), ..Tutorial::default() };
                screens.go(AppState::Tutorial);
            }
            TutorialCommand::Lesson(i) => {
                *t = Tutorial { lesson: (*i).min(LESSONS.len() - 1), ..Tutorial::default() };
            }
            TutorialCommand::Next => {
                if !t.can_go_on() {
                    continue;
                }
                if t.task + 1 < t.current_lesson().tasks.len() {
                    t.task += 1;
                } else {
                    let id = t.current_lesson().id;
                    if !profile.lesson_done(id) {
                        profile.lessons_done.push(id.to_owned());
                    }
                    if t.lesson + 1 < LESSONS.len() {
                        *t = Tutorial { lesson: t.lesson + 1, ..Tutorial::default() };
                    } else {
                        t.finished = true;
                        continue;
                    }
                }
            }
            TutorialCommand::Retry => {}
            TutorialCommand::PlayGame => {
                settings.variant = Variant::Tsivy;
                settings.vela = false;
                settings.opponent = Opponent::Computer;
                settings.level = fanorona_ai::Level::Beginner;
                settings.side = SideChoice::White;
                game.write(GameCommand::Start);
                in_tutorial = false;
                continue;
            }
            TutorialCommand::Leave => {
                screens.go(AppState::Menu);
                in_tutorial = false;
                continue;
            }
        }
        set_up_task(t, &mut board);
    }
}

/// Checks each turn the learner plays against the task.
fn check_turns(
    mut committed: MessageReader<TurnCommitted>,
    mut tutorial: ResMut<Tutorial>,
    mut session: ResMut<Session>,
) {
    for c in committed.read() {
        let task = tutorial.current_task();
        if matches!(task.goal, Goal::Game(_)) || tutorial.status != Status::Doing {
            continue;
        }
        let positions = session.game().positions();
        let Some(before) = positions.len().checked_sub(2).map(|i| positions[i]) else { continue };
        let right = task.accepts(&before, &c.turn);
        // The log shows in the browser's console too, where the web test reads it.
        info!(
            "tutorial lesson {} step {}: {} {}",
            tutorial.lesson + 1,
            tutorial.task + 1,
            c.turn,
            if right { "done" } else { "not quite" }
        );
        tutorial.status = if right { Status::Done(task.right.clone()) } else { Status::Wrong(task.wrong.clone()) };
        tutorial.note = None;
        session.set_use(BoardUse::Tutorial { done: true });
    }
}

/// Finishes a game task when the game ends, with a word on how it went.
fn check_game_end(mut ended: MessageReader<GameEnded>, mut tutorial: ResMut<Tutorial>) {
    for GameEnded { outcome } in ended.read() {
        let task = tutorial.current_task();
        if !matches!(task.goal, Goal::Game(_)) || tutorial.status != Status::Doing {
            continue;
        }
        tutorial.status = Status::Done(match outcome.winner() {
            Some(Side::White) => task.right.clone(),
            Some(Side::Black) => Some(text!("lesson-game-lost")),
            None => Some(text!("lesson-game-drawn")),
        });
    }
}

/// Says why a click on one of the learner's own pieces did nothing.
fn explain_idle_clicks(mut clicks: MessageReader<BoardClick>, mut tutorial: ResMut<Tutorial>, session: Res<Session>) {
    for BoardClick(point) in clicks.read() {
        let board = session.board();
        if !session.human_to_move() || board.piece_at(*point) != Some(board.side_to_move()) {
            continue;
        }
        if session.movable().contains(*point) || session.builder.chain_point() == Some(*point) {
            tutorial.note = None;
            continue;
        }
        tutorial.note = Some(if session.builder.chain_point().is_some() {
            text!("lesson-note-chain")
        } else if board.must_capture() {
            text!("lesson-note-must-capture")
        } else {
            text!("lesson-note-blocked")
        });
    }
}
