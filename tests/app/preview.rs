//! See before you commit: hovering a piece shows the rules' destinations for it, and hovering a destination of the
//! selected piece marks exactly the pieces the rules say that step takes, by approach and by withdrawal. And drag
//! and drop: a piece dropped on a destination plays the step (landing where it was let go), anywhere else it goes
//! back with the rules' reason.

use bevy::prelude::*;
use fanorona::board::animation::{Settling, Sliding};
use fanorona::board::layout::HoveredPoint;
use fanorona::board::preview::Preview;
use fanorona::board::{Dragging, Piece};
use fanorona::game::person::{BoardClick, BoardDrop, TurnCommand};
use fanorona::persistence::storage::Notices;
use fanorona_rules::{CaptureKind, Point, PointSet, Side, TurnBuilder};

use crate::common::*;

fn hover(app: &mut App, point: Option<Point>) -> Preview {
    app.world_mut().resource_mut::<HoveredPoint>().0 = point;
    app.update();
    *app.world().resource::<Preview>()
}

#[test]
fn the_preview_shows_the_rules_destinations_and_captures() {
    let mut app = app();
    start_with(&mut app, humans);
    // The start (approaches only), a step that takes by approach and by withdrawal at once (c3-d3: e3 ahead, b3
    // behind), dimy's start, and a middle game.
    let positions = [
        "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w",
        "9/9/1bw1b4/9/9 w",
        "bbbbb/bbbbb/wb1wb/wwwww/wwwww w",
        "b2b1bb2/bbb1bbbbb/3b1w2b/wwwwwww1w/2ww1ww1w w",
    ];
    let (mut destinations_seen, mut both_kinds_seen) = (0, 0);
    for text in positions {
        set_position(&mut app, text, HUMANS);
        let builder = TurnBuilder::new(*session(&app).position());
        for piece in builder.movable_pieces() {
            let steps = builder.legal_steps_from(piece);
            let destinations = PointSet::from_iter(steps.iter().map(|s| s.to()));
            let preview = hover(&mut app, Some(piece));
            assert_eq!((preview.piece, preview.destinations), (Some(piece), destinations), "{text}: {piece}");
            click(&mut app, &piece.to_string());
            for to in destinations {
                let mut taken = [PointSet::EMPTY; 2];
                for step in steps.iter().filter(|s| s.to() == to) {
                    let captured = builder.captures_of(*step).unwrap_or(PointSet::EMPTY);
                    let kind = usize::from(step.capture() == Some(CaptureKind::Withdrawal));
                    taken[kind] = taken[kind] | captured;
                }
                let preview = hover(&mut app, Some(to));
                assert_eq!([preview.approach, preview.withdrawal], taken, "{text}: {piece}-{to}");
                destinations_seen += 1;
                both_kinds_seen += usize::from(taken.iter().all(|t| !t.is_empty()));
            }
            turn_command(&mut app, TurnCommand::Cancel);
        }
    }
    assert!(destinations_seen >= 15 && both_kinds_seen > 0, "{destinations_seen} destinations, {both_kinds_seen} both");

    // Off the board there is nothing to preview.
    assert_eq!(hover(&mut app, None), Preview::default());
}

fn drop_piece(app: &mut App, from: &str, to: &str) -> String {
    let (from, to) = (from.parse().unwrap_or_else(|e| panic!("{e}")), to.parse().unwrap_or_else(|e| panic!("{e}")));
    app.world_mut().write_message(BoardDrop { from, to });
    settle(app);
    app.world_mut().resource_mut::<Notices>().0.drain(..).map(|n| english(&n.text)).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_dropped_piece_plays_its_step_and_an_illegal_drop_says_why() {
    let mut app = app();
    start_with(&mut app, humans);
    let start = *session(&app).position();
    // Illegal drops: the rules' reason, and nothing changes.
    for (from, to, reason) in [
        ("e2", "e4", "e4 is not the next point along a line from e2"),
        ("a2", "a3", "a2 cannot go to a3: "),
        ("d2", "d3", "d3 is not empty"),
    ] {
        let notice = drop_piece(&mut app, from, to);
        assert!(notice.contains(reason), "{from}-{to}: {notice}");
        assert_eq!(session(&app).position(), &start);
        assert!(session(&app).builder.is_fresh());
        assert_pieces_match(&mut app);
    }
    // A legal drop plays the step, as clicks would; the piece selected first or not.
    assert_eq!(drop_piece(&mut app, "d2", "e3"), "");
    let after = session(&app).builder.turn_so_far().map(|t| t.to_string()).or_else(|| turns(&app).last().cloned());
    assert_eq!(after.as_deref(), Some("d2-e3A"));

    // A paika while a capture is possible is refused with the rule; a step that takes both ways asks which.
    set_position(&mut app, "9/9/1bw1b4/9/w8 w", HUMANS);
    let notice = drop_piece(&mut app, "a1", "a2");
    assert!(notice.contains("capturing is compulsory"), "{notice}");
    click(&mut app, "c3");
    assert_eq!(drop_piece(&mut app, "c3", "d3"), "");
    assert!(session(&app).choice.is_some(), "approach (e3) or withdrawal (b3)");
}

/// Whether the White piece on `point` is sliding there, and whether it is settling.
fn arriving(app: &mut App, point: &str) -> (bool, bool) {
    let point = point.parse().unwrap_or_else(|e| panic!("{e}"));
    let world = app.world_mut();
    let mut pieces = world.query::<(&Piece, Option<&Sliding>, Option<&Settling>)>();
    let (_, sliding, settling) = pieces
        .iter(world)
        .find(|(p, _, _)| p.point == point && p.side == Side::White)
        .unwrap_or_else(|| panic!("no White piece on {point}"));
    (sliding.is_some(), settling.is_some())
}

#[test]
fn a_piece_let_go_on_its_point_lands_there_instead_of_sliding_from_where_it_was_picked_up() {
    let mut dropped = app();
    start_with(&mut dropped, humans);
    // As the pointer reports it: the drop, and the point the piece was let go on, in the same frame.
    dropped.world_mut().resource_mut::<Dragging>().let_go = "e3".parse().ok();
    dropped
        .world_mut()
        .write_message(BoardDrop { from: "d2".parse().expect("a point"), to: "e3".parse().expect("a point") });
    dropped.update();
    assert_eq!(arriving(&mut dropped, "e3"), (false, true), "landed and settling, not sliding");
    assert_eq!(dropped.world().resource::<Dragging>().let_go, None, "used once");
    settle(&mut dropped);
    assert_pieces_match(&mut dropped);

    // Clicks still slide the piece from its point.
    let mut clicked = app();
    start_with(&mut clicked, humans);
    clicked.world_mut().write_message(BoardClick("d2".parse().expect("a point")));
    clicked.update();
    clicked.world_mut().write_message(BoardClick("e3".parse().expect("a point")));
    clicked.update();
    assert_eq!(arriving(&mut clicked, "e3"), (true, false), "sliding");
}
