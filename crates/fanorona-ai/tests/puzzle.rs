//! Puzzles and the search: the only good turn, the shipped sets still solved as they were made, the check of a
//! puzzle's alternatives, and finding puzzles in games.

use fanorona_ai::puzzle::{self, PuzzleError};
use fanorona_ai::tablebase::LazyTables;
use fanorona_puzzles::{Puzzle, VARIANTS};
use fanorona_rules::{Game, Position};

/// The budget the shipped sets were made and are checked with (`fanorona-cli puzzles`' default).
const SHIPPED_NODES: u64 = 20_000;

fn shipped() -> Vec<(&'static str, &'static [Puzzle])> {
    VARIANTS
        .into_iter()
        .map(|variant| {
            let name = variant.name();
            (name, fanorona_puzzles::shipped(variant).unwrap_or_else(|e| panic!("{name}: {e}")))
        })
        .collect()
}

/// Every shipped puzzle's solution is legal and still the only good line at the budget it was made with (that the
/// sets read, with unique ids, is `fanorona-puzzles`' test).
#[test]
fn the_shipped_puzzles_are_legal_and_still_unique() {
    let tables = LazyTables::default();
    for (name, puzzles) in shipped() {
        assert!(puzzles.len() >= 100, "{name}: {} puzzles", puzzles.len());
        for p in puzzles {
            if let Err(e) = puzzle::check(p, SHIPPED_NODES, &tables) {
                panic!("{name} {}: {e}\n{p}", p.id);
            }
        }
    }
}

/// The check refuses a puzzle whose alternative is not another legal turn in place of the solver's last: the
/// solution's own turn, or one that is not legal there.
#[test]
fn the_check_refuses_an_alternative_that_is_no_other_legal_turn() {
    let (_, puzzles) = &shipped()[0];
    let p = puzzles.iter().find(|p| p.solution.len() >= 3 && p.alternatives.is_empty()).expect("a longer puzzle");
    let last = p.solution.len() - 1;
    let mut before_last = Game::new(p.position);
    for turn in &p.solution[..last] {
        before_last.play(turn).unwrap();
    }
    let other = before_last.legal_turns().into_iter().find(|t| *t != p.solution[last]).expect("another turn");
    let read = Puzzle { alternatives: vec![other], ..p.clone() };
    let tables = LazyTables::default();
    assert_eq!(puzzle::check(&read, SHIPPED_NODES, &tables), Ok(()));
    let mut own_turn = read.clone();
    own_turn.alternatives.push(p.solution[last]);
    let own = p.solution[last].to_string();
    assert_eq!(puzzle::check(&own_turn, SHIPPED_NODES, &tables), Err(PuzzleError::Alternative(own)));
    // The reply before it: it moved a piece of the other side from a point now empty.
    let mut illegal = read;
    illegal.alternatives = vec![p.solution[last - 1]];
    let text = p.solution[last - 1].to_string();
    assert_eq!(puzzle::check(&illegal, SHIPPED_NODES, &tables), Err(PuzzleError::Alternative(text)));
}

/// Another first turn than the solution's fails the check (every other turn is clearly worse), as does a solution
/// with a turn that is not legal.
#[test]
fn the_check_refuses_a_wrong_turn() {
    let (_, puzzles) = &shipped()[0];
    let p = &puzzles[0];
    let other = Game::new(p.position).legal_turns().into_iter().find(|t| *t != p.solution[0]);
    let mut wrong = p.clone();
    wrong.solution[0] = other.unwrap_or_else(|| panic!("{} has one legal turn", p.id));
    wrong.solution.truncate(1);
    let tables = LazyTables::default();
    assert_eq!(puzzle::check(&wrong, SHIPPED_NODES, &tables), Err(PuzzleError::NotUnique(1)));
    let mut illegal = p.clone();
    illegal.solution = vec![p.solution[0], p.solution[0], p.solution[0]];
    assert!(matches!(puzzle::check(&illegal, SHIPPED_NODES, &tables), Err(PuzzleError::Illegal(2))), "{illegal}");
}

/// `find` gives the same puzzle for the same position and budget, and one that passes the check at that budget.
#[test]
fn finding_is_deterministic_and_passes_its_check() {
    let (_, puzzles) = &shipped()[1];
    let tables = LazyTables::default();
    for p in puzzles.iter().take(5) {
        let found = puzzle::find(p.position, SHIPPED_NODES, &tables, p.id.clone());
        assert_eq!(found.as_ref(), Some(p), "{}", p.id);
        assert_eq!(puzzle::check(p, SHIPPED_NODES, &tables), Ok(()));
    }
    // The start has no such turn.
    let start = Position::start(fanorona_rules::Variant::Dimy);
    assert_eq!(puzzle::find(start, 2_000, &tables, "x".into()), None);
}

/// A game is looked through from the ply given (a self-play game's random opening is not the engine's play), and the
/// positions inside a puzzle's solution are not looked at again.
#[test]
fn a_game_is_looked_through_from_the_ply_given() {
    let (_, puzzles) = &shipped()[1];
    let p = &puzzles[0];
    let mut game = Game::new(p.position);
    for turn in &p.solution {
        game.play(turn).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
    let tables = LazyTables::default();
    let find = |from| puzzle::find_in_game(&game, from, SHIPPED_NODES, &tables, "x");
    let whole = Puzzle { id: "x0".into(), ..p.clone() };
    assert_eq!(find(0), vec![whole], "{}", p.id);
    let later = find(1);
    assert!(later.iter().all(|q| q.id != "x0" && q.position != p.position), "{later:?}");
}
