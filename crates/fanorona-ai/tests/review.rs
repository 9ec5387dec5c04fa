//! Post-game review and multi-line analysis: the model's thresholds, a known blunder found, lines in order.

use fanorona_ai::review::{Class, REVIEW_DEPTH, Reviewer, accuracy, score_text, win_probability};
use fanorona_ai::{Analysis, Limits, MATE, Resumable, Search, analyze};
use fanorona_rules::{Game, GameRecord, Position, Side};

/// A tsivy game in which Black's 4th turn, b3-c3W, hands White a five-piece chain (a2-a3A-b3A-b4A-a4W); e4-e3A
/// keeps the game level. Found by letting one side play the worst of the engine's lines once.
const BLUNDER_GAME: &str = r#"[Variant "tsivy"]
[Result "*"]

1. d2-e3A f5-f4A 2. e1-f2A-f3A h5-h4A 3. c3-d2W i3-h2A-g3W-h3W 4. g2-g3A-f4A-g4A
b3-c3W 5. a2-a3A-b3A-b4A-a4W d5-e5 6. e2-f2 h3-h2 7. f2-g2A c5-b5 *
"#;

fn blunder_game() -> Game {
    GameRecord::load_text(BLUNDER_GAME).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_review_finds_the_blunder_and_the_better_turn() {
    let game = blunder_game();
    let review = Reviewer::new(&game, REVIEW_DEPTH).run();
    assert_eq!(review.turns.len(), 14);
    assert_eq!(review.scores.len(), 15);
    let blunder = &review.turns[7];
    assert_eq!((blunder.side, blunder.played.to_string()), (Side::Black, "b3-c3W".to_owned()));
    assert_eq!(blunder.class, Class::Blunder, "{blunder:?}");
    assert_eq!(blunder.better().map(|t| t.to_string()).as_deref(), Some("e4-e3A"));
    assert!(blunder.loss > 0.5, "{blunder:?}");
    // After the blunder White is far ahead; Black's other turns lose nothing like it.
    assert!(review.scores[8] > 500, "{:?}", review.scores);
    let black_blunders = review.turns.iter().filter(|t| t.side == Side::Black && t.class == Class::Blunder).count();
    assert_eq!(black_blunders, 1);
    assert_eq!(review.counts(Side::Black)[Class::Blunder as usize], 1);
    assert!(review.accuracy(Side::White) > review.accuracy(Side::Black), "{review:?}");
    // Only errors show a better turn.
    for turn in review.turns.iter().filter(|t| !t.class.is_error()) {
        assert_eq!(turn.better(), None, "{turn:?}");
    }
}

#[test]
fn a_review_in_small_slices_equals_one_run() {
    let game = blunder_game();
    let whole = Reviewer::new(&game, 4).run();
    let mut reviewer = Reviewer::new(&game, 4);
    let mut steps = 0;
    let sliced = loop {
        steps += 1;
        let (done, total) = reviewer.positions();
        assert!(done <= total && total == 15);
        if let Some(review) = reviewer.step(500) {
            break review;
        }
    };
    assert!(steps > 15, "the review was cut into slices ({steps})");
    assert_eq!(sliced, whole);
}

#[test]
fn a_finished_game_ends_its_review_with_the_result() {
    // White's c3-d3A-d4A takes both Black pieces.
    let mut game = Game::new("3b5/9/2w1b4/9/9 w".parse::<Position>().unwrap());
    game.play_notation("c3-d3A-d4A").unwrap();
    assert!(game.is_over());
    let review = Reviewer::new(&game, 3).run();
    assert_eq!(review.scores.last(), Some(&MATE));
    assert_eq!(score_text(MATE), "1-0");
    assert_eq!(review.turns[0].class, Class::Best);
}

#[test]
fn classes_follow_the_documented_thresholds() {
    let cases = [
        (0.0, Class::Best),
        (0.019, Class::Best),
        (0.02, Class::Good),
        (0.049, Class::Good),
        (0.05, Class::Inaccuracy),
        (0.099, Class::Inaccuracy),
        (0.10, Class::Mistake),
        (0.199, Class::Mistake),
        (0.20, Class::Blunder),
        (1.0, Class::Blunder),
    ];
    for (loss, class) in cases {
        assert_eq!(Class::of(loss, false), class, "loss {loss}");
    }
    assert_eq!(Class::of(0.9, true), Class::Best, "the engine's own turn is best whatever the scores say");
    assert_eq!(Class::ALL.map(Class::symbol), ["", "", "?!", "?", "??"], "errors carry a symbol besides their colour");
}

#[test]
fn the_win_probability_model_is_symmetric_and_saturates_on_forced_results() {
    assert!((win_probability(0) - 0.5).abs() < 1e-12);
    for score in [1, 50, 100, 300, 1000, 5000] {
        assert!((win_probability(score) + win_probability(-score) - 1.0).abs() < 1e-12);
        assert!(win_probability(score) > win_probability(score - 1));
    }
    assert!((win_probability(100) - 0.599).abs() < 0.001, "{}", win_probability(100));
    assert_eq!(win_probability(MATE - 5), 1.0);
    assert_eq!(win_probability(-(MATE - 5)), 0.0);
    assert!((accuracy(0.0) - 100.0).abs() < 0.01);
    assert!((accuracy(0.05) - 79.8).abs() < 0.1, "{}", accuracy(0.05));
    assert!(accuracy(1.0) < 1.0);
    assert!(accuracy(0.1) > accuracy(0.2));
}

#[test]
fn scores_read_as_players_write_them() {
    assert_eq!(score_text(0), "0.00");
    assert_eq!(score_text(125), "+1.25");
    assert_eq!(score_text(-40), "-0.40");
    assert_eq!(score_text(-7), "-0.07");
    assert_eq!(score_text(MATE - 3), "#+3");
    assert_eq!(score_text(-(MATE - 4)), "#-4");
    assert_eq!(score_text(-MATE), "0-1");
}

#[test]
fn analysis_lists_distinct_turns_best_first() {
    let game = Game::new("3b5/9/2w1b4/9/9 w".parse::<Position>().unwrap());
    let lines = analyze(&game, 2, 3);
    let legal = game.legal_turns().len();
    assert!(legal >= 2);
    assert_eq!(lines.len(), legal.min(3));
    assert_eq!(lines[0].turn.to_string(), "c3-d3A-d4A");
    assert_eq!(lines[0].score, MATE - 1, "it takes both pieces: won at once");
    assert!(lines.windows(2).all(|w| w[0].score >= w[1].score));
    for line in &lines {
        assert_eq!(line.pv[0], line.turn);
        assert!((1..=2).contains(&line.depth), "{line:?}");
    }
    let mut turns: Vec<_> = lines.iter().map(|l| l.turn).collect();
    turns.dedup();
    assert_eq!(turns.len(), lines.len(), "different turns");
}

#[test]
fn the_first_line_is_the_plain_search_and_more_lines_than_turns_gives_them_all() {
    let game = blunder_game();
    let mut before = game.clone();
    for _ in 0..7 {
        before.undo();
    }
    let first = Search::for_analysis(&before, Limits::depth(5)).run();
    let lines = Analysis::new(&before, Limits::depth(5), 2).run();
    assert_eq!((lines[0].turn, lines[0].score), (first.best.unwrap(), first.score));
    let all = before.legal_turns().len();
    let every = analyze(&before, 2, all + 5);
    assert_eq!(every.len(), all);
    let mut turns: Vec<_> = every.iter().map(|l| l.turn.to_string()).collect();
    turns.sort();
    turns.dedup();
    assert_eq!(turns.len(), all);
    assert!(Analysis::new(&game, Limits::depth(2), 3).run().len() == 3 || game.is_over());
}
