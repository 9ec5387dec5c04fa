//! Puzzles, headless: solved, failed and hinted by the clicks and buttons a player gives, rated in the profile.

use crate::common::*;
use bevy::prelude::*;
use fanorona::analysis::AnalysisCommand;
use fanorona::i18n::Arg;
use fanorona::persistence::profile::Profile;
use fanorona::puzzles::{OpenPuzzle, PuzzleBoard, PuzzleCommand, PuzzleStatus, choose, puzzles_of};
use fanorona::screens::AppState;
use fanorona_puzzles::{Puzzle, Theme, biggest_capture, shipped_puzzle};
use fanorona_rules::Variant;

fn board(app: &App) -> &PuzzleBoard {
    app.world().resource::<PuzzleBoard>()
}

fn progress(app: &App) -> &fanorona::persistence::profile::PuzzleProgress {
    &app.world().resource::<Profile>().puzzles
}

fn puzzle_command(app: &mut App, c: PuzzleCommand) {
    app.world_mut().write_message(c);
    settle(app);
}

fn open(app: &mut App, id: &str) -> &'static Puzzle {
    app.world_mut().write_message(OpenPuzzle(id.to_owned()));
    settle(app);
    let puzzle = shipped_puzzle(id).expect("a shipped puzzle");
    assert_eq!(state(app), AppState::Puzzles);
    assert_eq!(board(app).puzzle(), Some(puzzle));
    assert_eq!(*session(app).position(), puzzle.position);
    assert_eq!(board(app).status(), Some(&PuzzleStatus::Solving));
    puzzle
}

/// The turns on the board, as text.
fn played(puzzle: &Puzzle, n: usize) -> Vec<String> {
    puzzle.solution[..n].iter().map(ToString::to_string).collect()
}

/// A puzzle of two turns to find, with an approach/withdrawal choice, solved by clicks: each right turn brings the
/// opponent's reply, the last one solves it, and the first try is rated and kept in the profile.
#[test]
fn a_puzzle_of_two_turns_with_a_choice_is_solved_by_clicks_and_rated() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    let puzzle = open(&mut app, "d4");
    assert_eq!(puzzle.solver_turns(), 2);
    assert!(puzzle.themes.contains(&Theme::Choice));
    let mut choices = play(&mut app, &puzzle.solution[0].to_string());
    assert_eq!(turns(&app), played(puzzle, 2), "the reply follows the right turn by itself");
    assert_eq!(board(&app).status(), Some(&PuzzleStatus::Solving));
    assert_eq!(board(&app).found(), 1);
    assert!(session(&app).human_to_move(), "the next turn is asked for");
    assert_eq!(progress(&app).solved, 0, "not solved until the last turn");
    choices += play(&mut app, &puzzle.solution[2].to_string());
    assert!(choices > 0, "the solution asks for an approach/withdrawal choice");
    assert_eq!(turns(&app), played(puzzle, 3));
    assert_eq!(board(&app).status(), Some(&PuzzleStatus::Solved));
    assert!(session(&app).movable().is_empty(), "a solved puzzle takes no more turns");
    let p = progress(&app);
    assert_eq!((p.solved, p.failed, p.streak, p.best_streak), (1, 0, 1, 1));
    assert!(p.rating > 1500.0 && p.deviation < 350.0, "{} {}", p.rating, p.deviation);
    assert_eq!(board(&app).rating_change(), Some((1500.0, p.rating)));
    assert!(p.tried("d4"));
    let kept = p.clone();
    assert_eq!(progress(&app_in(&dir)), &kept, "kept for the next start");
}

/// A wrong turn fails the puzzle with its reason, shows the opponent's capture on the board, and costs rating; a
/// second try is not rated again.
#[test]
fn a_wrong_turn_is_explained_shown_and_rated_and_a_retry_is_not() {
    let mut app = app();
    let puzzle = open(&mut app, "d4");
    let wrong = puzzle.position.legal_turns().into_iter().find(|t| *t != puzzle.solution[0]).expect("another turn");
    play(&mut app, &wrong.to_string());
    let after = puzzle.position.play_unchecked(&wrong);
    let took = puzzle.position.pieces(!puzzle.position.side_to_move()).len() as f64
        - after.pieces(!puzzle.position.side_to_move()).len() as f64;
    let Some(PuzzleStatus::Failed(why)) = board(&app).status().cloned() else { panic!("{:?}", board(&app).status()) };
    match biggest_capture(&after) {
        Some((reply, takes)) => {
            assert_eq!(why.id, "puzzle-wrong-lets-take");
            assert!(why.args.contains(&("takes", Arg::Number(takes as f64))), "{why:?}");
            assert_eq!(turns(&app), [wrong.to_string(), reply.to_string()], "the capture it allows is shown");
        }
        None => {
            assert_eq!(why.id, "puzzle-wrong-not-enough");
            assert_eq!(turns(&app), [wrong.to_string()]);
        }
    }
    assert!(why.args.contains(&("took", Arg::Number(took))), "{why:?}");
    assert!(session(&app).movable().is_empty(), "a failed puzzle takes no more turns");
    let p = progress(&app);
    assert_eq!((p.solved, p.failed, p.streak), (0, 1, 0));
    let rating = p.rating;
    assert!(rating < 1500.0);

    puzzle_command(&mut app, PuzzleCommand::Retry);
    assert_eq!(board(&app).status(), Some(&PuzzleStatus::Solving));
    assert_eq!(*session(&app).position(), puzzle.position);
    for (i, turn) in puzzle.solution.iter().enumerate().step_by(2) {
        play(&mut app, &turn.to_string());
        assert_eq!(turns(&app), played(puzzle, (i + 2).min(puzzle.solution.len())));
    }
    assert_eq!(board(&app).status(), Some(&PuzzleStatus::Solved));
    assert_eq!(board(&app).rating_change(), None, "tried before: not rated again");
    assert_eq!((progress(&app).rating, progress(&app).solved), (rating, 0));
}

/// A turn that wins as clearly as the solution's solves the puzzle at the solver's last turn: t121 (`f5-f4A`)
/// accepts `a3-b4A`, which the confirmation search found as good, and the first try is rated as solved.
#[test]
fn another_turn_as_good_as_the_last_one_solves_the_puzzle() {
    let mut app = app();
    let puzzle = open(&mut app, "t121");
    assert_eq!(puzzle.solver_turns(), 1);
    assert!(puzzle.alternatives.iter().any(|t| t.to_string() == "a3-b4A"), "{puzzle}");
    assert_ne!(puzzle.solution[0].to_string(), "a3-b4A");
    play(&mut app, "a3-b4A");
    assert_eq!(turns(&app), ["a3-b4A"], "no reply after the last turn");
    assert_eq!(board(&app).status(), Some(&PuzzleStatus::Solved));
    assert!(session(&app).movable().is_empty(), "a solved puzzle takes no more turns");
    let p = progress(&app);
    assert_eq!((p.solved, p.failed, p.streak), (1, 0, 1));
    assert!(p.rating > 1500.0, "{}", p.rating);
}

/// Hint marks the piece of the turn asked for, and the try counts as failed; the puzzle can still be finished.
#[test]
fn a_hint_marks_the_piece_to_move_and_counts_as_not_solved() {
    let mut app = app();
    let puzzle = open(&mut app, "d4");
    play(&mut app, &puzzle.solution[0].to_string());
    assert_eq!(progress(&app).failed, 0);
    puzzle_command(&mut app, PuzzleCommand::Hint);
    assert_eq!(board(&app).hint(), puzzle.solution[2].path().next(), "the piece of the second turn");
    assert_eq!((progress(&app).failed, progress(&app).streak), (1, 0));
    assert!(progress(&app).rating < 1500.0);
    play(&mut app, &puzzle.solution[2].to_string());
    assert_eq!(board(&app).status(), Some(&PuzzleStatus::Solved));
    assert_eq!(board(&app).hint(), None);
    assert_eq!(progress(&app).solved, 0, "solved with a hint: not counted as solved");
}

/// Open offers the untried puzzle nearest the player's rating; the theme and the board choose among others; Next
/// goes on to another.
#[test]
fn the_next_puzzle_is_the_untried_one_nearest_the_rating_of_the_theme_and_board_chosen() {
    let mut app = app();
    app.world_mut().write_message(PuzzleCommand::Open);
    settle(&mut app);
    assert_eq!(state(&app), AppState::Puzzles);
    let first = board(&app).puzzle().cloned().expect("a puzzle");
    let nearest =
        puzzles_of(Variant::Tsivy).iter().map(|p| (f64::from(p.rating) - 1500.0).abs()).fold(f64::MAX, f64::min);
    assert_eq!((f64::from(first.rating) - 1500.0).abs(), nearest);
    assert_eq!(first.position.variant(), Variant::Tsivy);

    puzzle_command(&mut app, PuzzleCommand::Theme(Some(Theme::Endgame)));
    let endgame = board(&app).puzzle().cloned().expect("an endgame");
    assert!(endgame.themes.contains(&Theme::Endgame), "{endgame}");
    puzzle_command(&mut app, PuzzleCommand::Variant(Variant::Dimy));
    let dimy = board(&app).puzzle().cloned().expect("a dimy endgame");
    assert_eq!(dimy.position.variant(), Variant::Dimy);
    assert!(dimy.themes.contains(&Theme::Endgame));
    // Fail it, then Next: another puzzle, and the failed one is not offered again while untried ones remain.
    let wrong = dimy.position.legal_turns().into_iter().find(|t| *t != dimy.solution[0]).expect("another turn");
    play(&mut app, &wrong.to_string());
    puzzle_command(&mut app, PuzzleCommand::Next);
    let next = board(&app).puzzle().cloned().expect("another");
    assert_ne!(next.id, dimy.id);
    assert!(!progress(&app).tried(&next.id));
    assert_eq!(choose(Variant::Dimy, Some(Theme::Endgame), progress(&app), None), Some(&next));
}

/// Once failed, the solution is replayed on the board, and the puzzle's position opens on the analysis board; back
/// from it, the puzzle is as it was.
#[test]
fn the_solution_replays_and_the_position_opens_on_the_analysis_board() {
    let mut app = app();
    let puzzle = open(&mut app, "d4");
    puzzle_command(&mut app, PuzzleCommand::Solution);
    assert_eq!(turns(&app), Vec::<String>::new(), "no solution before the puzzle is over");
    puzzle_command(&mut app, PuzzleCommand::Hint);
    let wrong = puzzle.position.legal_turns().into_iter().find(|t| *t != puzzle.solution[0]).expect("another turn");
    play(&mut app, &wrong.to_string());
    puzzle_command(&mut app, PuzzleCommand::Solution);
    assert_eq!(turns(&app), played(puzzle, puzzle.solution.len()), "the whole solution, played on the board");
    assert!(matches!(board(&app).status(), Some(PuzzleStatus::Failed(_))), "still failed");
    assert!(session(&app).movable().is_empty());
    assert_pieces_match(&mut app);

    puzzle_command(&mut app, PuzzleCommand::Analyse);
    settle(&mut app);
    assert_eq!(state(&app), AppState::Analysis);
    assert_eq!(*session(&app).position(), puzzle.position, "the analysis board starts at the puzzle");
    app.world_mut().write_message(AnalysisCommand::Close);
    settle(&mut app);
    assert_eq!(state(&app), AppState::Puzzles);
    assert_eq!(turns(&app), played(puzzle, puzzle.solution.len()));
    assert_eq!(board(&app).puzzle(), Some(puzzle));
}

/// Puzzle buttons do nothing outside the puzzles screen (a stray key must not replace a game).
#[test]
fn puzzle_commands_outside_the_screen_change_nothing_but_open() {
    let mut app = app();
    for c in [PuzzleCommand::Next, PuzzleCommand::Hint, PuzzleCommand::Retry, PuzzleCommand::Variant(Variant::Dimy)] {
        puzzle_command(&mut app, c);
        assert_eq!(state(&app), AppState::Menu);
        assert_eq!(board(&app).puzzle(), None);
    }
}
