//! A soak test: a long run of random inputs, as a restless player would give them (clicks anywhere, every key,
//! every panel command, undo and redo, new games of every variant against people and the computer, the tutorial's
//! buttons), one frame apart, with a fixed seed. After every frame nothing may have panicked, and whenever nothing
//! moves on the board, the pieces drawn are exactly the session's.
//!
//! CI runs a short run; `cargo soak` runs the full one (100,000 inputs) and prints the count and the time.

use std::time::Instant;

use crate::common::*;
use bevy::prelude::*;
use fanorona::audio::ToggleSound;
use fanorona::board::FlipBoard;
use fanorona::board::animation::Animations;
use fanorona::game::commands::GameCommand;
use fanorona::game::computer::HintRequest;
use fanorona::game::person::{BoardClick, TurnCommand};
use fanorona::persistence::settings::{Opponent, Settings, SideChoice};
use fanorona::puzzles::PuzzleCommand;
use fanorona::screens::{AppState, ShowMenu};
use fanorona::tutorial::TutorialCommand;
use fanorona::tutorial::lessons::LESSONS;
use fanorona_ai::Level;
use fanorona_puzzles::Theme;
use fanorona_rules::{CaptureKind, Point, Variant};

/// A small fixed-seed generator (xorshift64*): the same inputs on every run.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

const GAME_COMMANDS: &[GameCommand] = &[
    GameCommand::Undo,
    GameCommand::Redo,
    GameCommand::Resign,
    GameCommand::Rematch,
    GameCommand::Vela,
    GameCommand::Save,
    GameCommand::Load,
    GameCommand::Confirm,
    GameCommand::Decline,
    GameCommand::Continue,
    GameCommand::Start,
];

const TURN_COMMANDS: &[TurnCommand] = &[
    TurnCommand::Stop,
    TurnCommand::Cancel,
    TurnCommand::Choose(CaptureKind::Approach),
    TurnCommand::Choose(CaptureKind::Withdrawal),
];

/// One random input; returns what it was, for the report of a failure.
fn act(app: &mut App, dice: &mut Dice) -> String {
    let roll = dice.below(100);
    let before = format!("{roll}");
    let world = app.world_mut();
    match roll {
        // Clicks anywhere on the largest board (points off a smaller board included).
        0..45 => {
            let point = Point::new(dice.below(9) as u8, dice.below(5) as u8);
            if let Some(p) = point {
                world.write_message(BoardClick(p));
            }
        }
        45..60 => {
            let key = dice.pick(ALL_KEYS);
            let (shift, ctrl) = (dice.below(4) == 0, dice.below(6) == 0);
            send_key(app, key, shift, ctrl);
        }
        60..72 => {
            world.write_message(dice.pick(TURN_COMMANDS));
        }
        72..84 => {
            world.write_message(dice.pick(GAME_COMMANDS));
        }
        84..89 => {
            // A new game of any variant, against a person, the computer, or the computer against itself.
            let mut settings = world.resource_mut::<Settings>();
            settings.variant = dice.pick(&[Variant::Tsivy, Variant::Dimy, Variant::Telo]);
            settings.vela = dice.below(4) == 0;
            settings.opponent = dice.pick(&[Opponent::Human, Opponent::Computer, Opponent::ComputerVsComputer]);
            settings.level = dice.pick(&[Level::Beginner, Level::Casual]);
            settings.second_level = Level::Beginner;
            settings.side = dice.pick(&[SideChoice::White, SideChoice::Black, SideChoice::Random]);
            world.write_message(GameCommand::Start);
        }
        89..92 => {
            let command = dice.pick(&[
                PuzzleCommand::Open,
                PuzzleCommand::Next,
                PuzzleCommand::Retry,
                PuzzleCommand::Hint,
                PuzzleCommand::Solution,
                PuzzleCommand::Variant(Variant::Dimy),
                PuzzleCommand::Theme(Some(Theme::Endgame)),
                PuzzleCommand::Theme(None),
            ]);
            world.write_message(command);
        }
        92..95 => {
            let lesson = dice.below(LESSONS.len() + 1);
            let command = dice.pick(&[
                TutorialCommand::Open,
                TutorialCommand::Next,
                TutorialCommand::Next,
                TutorialCommand::Retry,
                TutorialCommand::Lesson(lesson),
                TutorialCommand::PlayGame,
                TutorialCommand::Leave,
            ]);
            world.write_message(command);
        }
        95..97 => {
            world.write_message(HintRequest);
        }
        97 => {
            world.write_message(ShowMenu);
        }
        98 => {
            world.write_message(FlipBoard);
        }
        _ => {
            world.write_message(ToggleSound);
        }
    }
    before
}

/// Runs `inputs` random inputs and checks the board after every one.
fn soak(inputs: usize, seed: u64) {
    let dir = temp_dir();
    let mut app = app_with_keys(&dir);
    // Animations run fast, so that the board is often still and checked.
    app.world_mut().resource_mut::<Settings>().animation_speed = 4.0;
    let mut dice = Dice(seed);
    let mut checked = 0;
    let mut recent: std::collections::VecDeque<String> = std::collections::VecDeque::new();
    for i in 0..inputs {
        let what = act(&mut app, &mut dice);
        let screen = state(&app);
        recent.push_back(format!("{i}: roll {what} in {screen:?}, turns {:?}", turns(&app)));
        if recent.len() > 30 {
            recent.pop_front();
        }
        app.update();
        let on_board = state(&app) != AppState::Menu;
        if on_board && !app.world().resource::<Animations>().busy() {
            assert_pieces_match_after(&mut app, i, &recent);
            checked += 1;
        }
    }
    let frames = app.world().resource::<bevy::diagnostic::FrameCount>().0;
    println!("soak: {inputs} inputs, {frames} frames, the board checked after {checked} of the inputs");
    assert!(checked > inputs / 10, "the board was still often enough to be checked");
}

fn assert_pieces_match_after(app: &mut App, input: usize, recent: &std::collections::VecDeque<String>) {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| assert_pieces_match(app)));
    if let Err(e) = result {
        eprintln!("after input {input}: the board does not show the session {:?}", session(app).board());
        for line in recent {
            eprintln!("  {line}");
        }
        std::panic::resume_unwind(e);
    }
}

#[test]
fn a_short_soak_never_panics_and_the_board_always_shows_the_session() {
    let seed = std::env::var("FANORONA_SOAK_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5eed_f00d);
    soak(3_000, seed);
}

/// The full run (`cargo soak`).
#[test]
#[ignore = "long: run with `cargo soak`"]
fn the_full_soak_of_100000_inputs() {
    let started = Instant::now();
    soak(100_000, 0x5eed_f00d);
    println!("in {:.1} s", started.elapsed().as_secs_f64());
}
