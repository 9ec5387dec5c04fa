//! The analysis board as a player uses it: opened on the game's position, the engine's lines, moves for both
//! sides forming a tree with variations, a position set up by hand or from text (impossible ones refused with a
//! message), and back to the game untouched.

use crate::common::*;
use bevy::prelude::*;
use fanorona::analysis::{AnalysisBoard, AnalysisCommand, AnalysisText, LINES};
use fanorona::game::saving::AUTOSAVE_FILE;
use fanorona::screens::AppState;
use fanorona_rules::{Position, Side};

fn board(app: &App) -> &AnalysisBoard {
    app.world().resource::<AnalysisBoard>()
}

fn analysis(app: &mut App, command: AnalysisCommand) {
    app.world_mut().write_message(command);
    settle(app);
}

/// Runs frames until the engine has searched the board's position to `depth`.
fn wait_for_depth(app: &mut App, depth: u32) {
    run_until(app, 0, &format!("the engine reaches depth {depth}"), |_| true, |app| board(app).lines().1 >= depth);
}

#[test]
fn moves_on_the_analysis_board_form_a_tree_and_the_game_comes_back_untouched() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    start_with(&mut app, humans);
    play(&mut app, "f3-e3A");
    let game_turns = turns(&app);
    let autosave = std::fs::read_to_string(dir.join(AUTOSAVE_FILE)).unwrap_or_default();
    let root = *session(&app).position();

    analysis(&mut app, AnalysisCommand::Open);
    assert_eq!(state(&app), AppState::Analysis);
    assert_eq!(session(&app).position(), &root);
    assert!(session(&app).game().turns().is_empty(), "the position is the root of a new tree");
    wait_for_depth(&mut app, 4);
    let (lines, _) = board(&app).lines();
    assert_eq!(lines.len(), LINES.min(root.legal_turns().len()));
    assert!(lines.windows(2).all(|w| w[0].score >= w[1].score), "best first");

    // A move for Black, back, another move: two variations from the root, both kept.
    let replies: Vec<String> = root.legal_turns().iter().map(ToString::to_string).collect();
    assert!(replies.len() >= 2);
    play(&mut app, &replies[0]);
    assert_eq!(board(&app).current(), 1);
    analysis(&mut app, AnalysisCommand::Back);
    assert_eq!(session(&app).position(), &root);
    play(&mut app, &replies[1]);
    assert_eq!(board(&app).nodes()[0].children, vec![1, 2]);
    analysis(&mut app, AnalysisCommand::Goto(1));
    let after_first = root.play(&root.parse_turn(&replies[0]).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(session(&app).position(), &after_first.unwrap_or_else(|e| panic!("{e}")));
    assert_pieces_match(&mut app);
    // Playing a known move again goes to its node, not a new one.
    analysis(&mut app, AnalysisCommand::Back);
    play(&mut app, &replies[1]);
    assert_eq!((board(&app).current(), board(&app).nodes().len()), (2, 3));

    // The tree as drawn: the main line, then the variation (with White's reply in it) one deeper; numbered from
    // Black's move, as the root has Black to move.
    let after_second = session(&app).position().legal_turns()[0].to_string();
    play(&mut app, &after_second);
    let rows: Vec<(usize, Vec<usize>)> = board(&app).rows().into_iter().map(|r| (r.depth, r.nodes)).collect();
    assert_eq!(rows, vec![(0, vec![1]), (1, vec![2, 3])]);
    let labels = [(1, true), (2, true), (3, false)].map(|(node, first)| board(&app).move_label(node, first));
    assert_eq!(labels, [format!("1... {}", replies[0]), format!("1... {}", replies[1]), format!("2. {after_second}")]);

    // Back to the game as it was; nothing was saved meanwhile.
    analysis(&mut app, AnalysisCommand::Close);
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(turns(&app), game_turns);
    assert_eq!(std::fs::read_to_string(dir.join(AUTOSAVE_FILE)).unwrap_or_default(), autosave);
    assert_pieces_match(&mut app);
}

#[test]
fn a_position_is_set_up_by_clicks_or_text_and_impossible_ones_are_refused() {
    let mut app = app();
    analysis(&mut app, AnalysisCommand::Open);
    assert_eq!(state(&app), AppState::Analysis, "the menu opens it on the start position");
    analysis(&mut app, AnalysisCommand::ToggleEdit);
    assert!(board(&app).editing());

    // The start has 22 pieces a side: a 23rd White piece on e3 is refused, so e3 stays empty.
    click(&mut app, "e3");
    assert_eq!(session(&app).position().piece_at("e3".parse().unwrap_or_else(|e| panic!("{e}"))), None);
    let message = board(&app).message().map(english).unwrap_or_default();
    assert!(message.contains("at most 22"), "{message}");
    // An empty dimy board, then pieces by clicks: empty -> White -> Black.
    let empty =
        fanorona_rules::Setup::empty(fanorona_rules::Variant::Dimy).position().unwrap_or_else(|e| panic!("{e}"));
    analysis(&mut app, AnalysisCommand::SetPosition(empty));
    click(&mut app, "c3");
    click(&mut app, "a1");
    click(&mut app, "a1");
    analysis(&mut app, AnalysisCommand::ToggleSide);
    assert_eq!(session(&app).position().to_string(), "5/5/2w2/5/b4 b 0 -");
    assert_eq!(board(&app).message(), None);

    // Text: a bad one is reported and changes nothing; a good one is set.
    app.world_mut().write_message(AnalysisText("9/9/9 x".into()));
    settle(&mut app);
    assert!(board(&app).message().map(english).unwrap_or_default().starts_with("That is not a position"));
    assert_eq!(session(&app).position().to_string(), "5/5/2w2/5/b4 b 0 -");
    app.world_mut().write_message(AnalysisText("3b5/9/2w1b4/9/9 w".into()));
    settle(&mut app);
    let set: Position = "3b5/9/2w1b4/9/9 w".parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(session(&app).position(), &set);

    // Done: the engine finds the chain that takes both Black pieces.
    analysis(&mut app, AnalysisCommand::ToggleEdit);
    assert!(!board(&app).editing());
    wait_for_depth(&mut app, 2);
    assert_eq!(board(&app).lines().0[0].turn.to_string(), "c3-d3A-d4A");
    assert_eq!(session(&app).position().side_to_move(), Side::White);
    analysis(&mut app, AnalysisCommand::Close);
    assert_eq!(state(&app), AppState::Menu);
}

/// The analysis board plays the game's endgame tables once they are built: in a won dimy ending, its best line is
/// the tables' answer (depth 0, a table win's score), not a search's.
#[test]
fn the_analysis_board_scores_an_ending_by_the_endgame_tables() {
    use fanorona::game::tables::EndgameTables;
    use fanorona_ai::TB_WIN;
    use fanorona_ai::tablebase::{Tablebase, TbResult};
    use fanorona_rules::{Point, Setup, Variant};
    let tables = Tablebase::build(Variant::Dimy).expect("dimy has tables");
    let row = |y: u8| (0..5u8).filter_map(move |x| Point::new(x, y));
    let pairs = |y: u8| row(y).flat_map(move |a| row(y).filter(move |b| a.x() < b.x()).map(move |b| (a, b)));
    let ending = pairs(1).flat_map(|w| pairs(3).map(move |b| (w, b))).find_map(|((w1, w2), (b1, b2))| {
        let mut setup = Setup::empty(Variant::Dimy);
        for (point, side) in [(w1, Side::White), (w2, Side::White), (b1, Side::Black), (b2, Side::Black)] {
            setup.put(point, Some(side));
        }
        let pos = setup.position().ok()?;
        matches!(tables.probe(&pos), Some(TbResult::Win(_))).then_some(pos)
    });
    let ending = ending.expect("a won ending");
    let mut app = app();
    app.insert_resource(EndgameTables::with(vec![tables]));
    analysis(&mut app, AnalysisCommand::Open);
    app.world_mut().write_message(AnalysisText(ending.to_string()));
    settle(&mut app);
    assert_eq!(session(&app).position(), &ending);
    wait_for_depth(&mut app, 2);
    let (lines, _) = board(&app).lines();
    assert_eq!(lines[0].depth, 0, "{ending}: answered from the tables: {lines:?}");
    assert!(lines[0].score > TB_WIN - 100, "{ending}: {lines:?}");
}
