//! Finding puzzles and checking them: what needs the search. The puzzles themselves (their format, the shipped sets,
//! their themes and rating) are the `fanorona-puzzles` crate's, which the game and the server use without the engine.
//!
//! [`find`] finds one in a position of a game, [`check`] says whether a puzzle's solution is still legal and still the
//! only good line, both at a node budget, so that the same budget gives the same answer on any machine; [`confirm`]
//! searches a puzzle again much deeper, once, for the turns as good as the solution's.

use fanorona_puzzles::Puzzle;
use fanorona_rules::{Game, Position, Turn};

use crate::analysis::{Analysis, Line};
use crate::search::{Limits, Search, TB_WIN};
use crate::tablebase::LazyTables;
use crate::work::Resumable;

/// The least score, for the solver, of the turn a puzzle asks for: two pieces ahead at the end of the search, beyond
/// what the evaluation's other terms give.
pub const DECISIVE: i32 = 200;
/// The least gap between the solution's score and the next best turn's: every other turn loses two pieces or more
/// against it.
pub const GAP: i32 = 200;
/// The deeper look that confirms each turn [`find`] finds searches this many times its nodes.
pub const CONFIRM: u64 = 4;
/// The most turns of the solver in a solution.
pub const MOST_SOLVER_TURNS: usize = 3;
/// The most alternatives a puzzle's last turn accepts ([`confirm`]): with one or two other turns as good as the
/// solution's, most turns still fail and finding one is still the puzzle; with three or more it is not.
pub const MOST_ALTERNATIVES: usize = 2;
/// Scores from here up are wins the endgame tables know or the search proved (a table's win scores [`TB_WIN`] less
/// a distance of at most a hundred turns, a proven one more): two such wins are as good as each other, whatever
/// their distances.
pub const PROVEN: i32 = TB_WIN - 1_000;

/// The best two turns of `game`'s position at `nodes` nodes each (fewer where fewer are legal), with the endgame
/// tables of its board.
fn best_two(game: &Game, nodes: u64, tables: &LazyTables) -> Vec<Line> {
    let analysis = Analysis::new(game, Limits { nodes: Some(nodes), ..Limits::NONE }, 2);
    match tables.get(game.position().variant()) {
        Some(tablebase) => analysis.with_tablebase(tablebase),
        None => analysis,
    }
    .run()
}

/// The solver's only good turn in `game`'s position at a budget of `nodes` nodes a line, with the endgame tables of
/// `tables` (four pieces), if it has exactly one: its score is at least [`DECISIVE`] (a win the search proved or the
/// tables know is more), and the next best turn's is at least [`GAP`] below and not decisive. With one legal turn
/// there is nothing to find.
pub fn only_good_turn(game: &Game, nodes: u64, tables: &LazyTables) -> Option<Line> {
    let lines = best_two(game, nodes, tables);
    let [best, second] = &lines[..] else { return None };
    let decisive = best.score >= DECISIVE;
    (decisive && second.score < DECISIVE && best.score - second.score >= GAP).then(|| best.clone())
}

/// A puzzle starting at `position`, if the side to move has exactly one good turn at `nodes` nodes a line, confirmed
/// at [`CONFIRM`] times as many: the line goes on with the opponent's best reply while the solver's next turn is again the only
/// good one (up to [`MOST_SOLVER_TURNS`]). The position is searched as a game of its own, as [`check`] searches it
/// (a game's earlier positions would count for repetitions). The searches play the endgame tables of `tables`, so
/// that an ending only one turn wins is a puzzle too. `id` names it.
pub fn find(position: Position, nodes: u64, tables: &LazyTables, id: String) -> Option<Puzzle> {
    let confirm = nodes * CONFIRM;
    let mut line = Game::new(position);
    let mut solution = Vec::new();
    while solution.len() < MOST_SOLVER_TURNS * 2 {
        let Some(found) = only_good_turn(&line, nodes, tables) else { break };
        // A deeper look must agree.
        if only_good_turn(&line, confirm, tables).is_none_or(|deeper| deeper.turn != found.turn) {
            break;
        }
        let mut after = line.clone();
        if after.play(&found.turn).is_err() {
            break;
        }
        // The reply: the deeper search's, unless the game is over.
        let reply = (!after.is_over()).then(|| best_two(&after, confirm, tables).first().map(|l| l.turn)).flatten();
        solution.push(found.turn);
        line = after;
        match reply {
            Some(reply) if line.play(&reply).is_ok() && !line.is_over() => solution.push(reply),
            _ => break,
        }
    }
    // The reply after the last turn found is not part of the puzzle.
    if solution.len() % 2 == 0 {
        solution.pop();
    }
    (!solution.is_empty()).then(|| Puzzle::new(id, position, solution))
}

/// The puzzles of a game's positions from ply `from` on (the number of turns played before a position), in order:
/// each position before the game's last turn is searched with [`find`] (at `nodes` nodes a line) unless it lies inside the solution of a puzzle found before it. Each is named `{prefix}{ply}`. The game
/// server's finished games are looked through from the start, the self-play of `fanorona-cli puzzles` from the end of
/// its random opening.
pub fn find_in_game(game: &Game, from: usize, nodes: u64, tables: &LazyTables, prefix: &str) -> Vec<Puzzle> {
    let mut found = Vec::new();
    let mut skip_until = from;
    for (ply, position) in game.positions().iter().enumerate().take(game.turns().len()) {
        if ply < skip_until {
            continue;
        }
        if let Some(p) = find(*position, nodes, tables, format!("{prefix}{ply}")) {
            skip_until = ply + p.solution.len();
            found.push(p);
        }
    }
    found
}

/// Why a puzzle fails its check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A turn of the solution is not legal where it comes.
    #[error("turn {0} is not legal")]
    Illegal(usize),
    /// At the budget, the solver's turn number `0` (from 1) is not the only good one.
    #[error("the solver's turn {0} is not the only good one")]
    NotUnique(usize),
    /// The game is over before the solution ends.
    #[error("the game is over before turn {0}")]
    Over(usize),
    /// An accepted alternative (`0`, in notation) is not a legal turn other than the solution's in place of the
    /// solver's last turn.
    #[error("the alternative {0} is not another legal turn in place of the solver's last")]
    Alternative(String),
}

/// Checks that `puzzle`'s solution is legal, that each of the solver's turns is still the only good one at `nodes`
/// nodes a line with the tables of `tables` (see [`only_good_turn`]), and that each accepted alternative is another
/// legal turn in place of the solver's last. The alternatives are not searched: the confirmation found them at a far
/// bigger budget, where this one may not see that they win.
pub fn check(puzzle: &Puzzle, nodes: u64, tables: &LazyTables) -> Result<(), PuzzleError> {
    let mut game = Game::new(puzzle.position);
    for (i, turn) in puzzle.solution.iter().enumerate() {
        if game.is_over() {
            return Err(PuzzleError::Over(i + 1));
        }
        if i % 2 == 0 && only_good_turn(&game, nodes, tables).is_none_or(|line| line.turn != *turn) {
            return Err(PuzzleError::NotUnique(i / 2 + 1));
        }
        if i + 1 == puzzle.solution.len() {
            let legal = game.position().legal_turns();
            if let Some(bad) = puzzle.alternatives.iter().find(|a| *a == turn || !legal.contains(a)) {
                return Err(PuzzleError::Alternative(bad.to_string()));
            }
        }
        game.play(turn).map_err(|_| PuzzleError::Illegal(i + 1))?;
    }
    Ok(())
}

/// What the confirmation search found at one of the solver's turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirmed {
    /// The solution's turn there, and its score for the solver.
    pub solution: Line,
    /// The other turns found as good as the solution's (see [`confirm`]), in the order found: at most one more than
    /// [`MOST_ALTERNATIVES`].
    pub alternatives: Vec<Line>,
    /// The best of the other turns that are not, if there is one.
    pub next: Option<Line>,
}

/// What [`confirm`] made of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirmation {
    /// The puzzle to keep: as it was, with alternatives for its last turn, or cut short (themes and starting rating
    /// made again for the shorter solution); `None` if its first turn did not hold.
    pub puzzle: Option<Puzzle>,
    /// What the search found at each of the solver's turns it looked at, in order.
    pub turns: Vec<Confirmed>,
}

/// Whether another turn scored `other` is as good as the solution's, scored `solution` (both for the solver): it
/// wins clearly too (at least [`DECISIVE`]) and is not clearly worse (less than [`GAP`] below, the gap that made the
/// solution the only good turn), or both are wins the tables know or the search proved ([`PROVEN`]).
fn as_good(solution: i32, other: i32) -> bool {
    other >= DECISIVE && (solution - other < GAP || (solution >= PROVEN && other >= PROVEN))
}

/// One search of `game`'s position at `nodes` nodes with the tables of `tables`, without the root turns `excluded`,
/// in `table` (the searches of a position share one, as the lines of an analysis do); `None` once every turn is
/// excluded.
fn search_without(
    game: &Game,
    nodes: u64,
    tables: &LazyTables,
    excluded: &[Turn],
    table: &mut Option<crate::tt::TranspositionTable>,
) -> Option<Line> {
    let mut search = Search::for_analysis(game, Limits { nodes: Some(nodes), ..Limits::NONE }).excluding(excluded);
    if let Some(tablebase) = tables.get(game.position().variant()) {
        search = search.with_tablebase(tablebase);
    }
    if let Some(t) = table.take() {
        search = search.with_table(t);
    }
    let result = search.run();
    *table = search.take_table();
    let turn = result.best?;
    let pv = if result.pv.first() == Some(&turn) { result.pv } else { vec![turn] };
    Some(Line { turn, score: result.score, pv, depth: result.depth })
}

/// Searches `puzzle` again at `nodes` nodes a line (far more than it was found with: a one-off, before a set is
/// shipped), with the tables of `tables`. At each of the solver's turns in order, the solution's turn is searched
/// alone, then the best of the others, and again without it while the best left is as good as the solution's turn
/// (at least [`DECISIVE`], and less than [`GAP`] below or both [`PROVEN`] wins):
///
/// - the solution's turn scores below [`DECISIVE`], or more than [`MOST_ALTERNATIVES`] other turns are as good (the
///   search stops at one more): the puzzle ends before this turn (it is dropped at the first);
/// - one or two other turns are as good: the puzzle ends at this turn, which accepts them too (its
///   [`alternatives`](Puzzle::alternatives));
/// - otherwise the next turn of the solver is searched.
pub fn confirm(puzzle: &Puzzle, nodes: u64, tables: &LazyTables) -> Confirmation {
    let mut game = Game::new(puzzle.position);
    let mut turns = Vec::new();
    // The solution's length kept, and the alternatives of its last turn.
    let mut kept = (puzzle.solution.len(), Vec::new());
    for (ply, turn) in puzzle.solution.iter().enumerate().step_by(2) {
        // A turn that does not hold: the puzzle ends with the solver's turn before it.
        let before = (ply.saturating_sub(1), Vec::new());
        let mut table = None;
        let others: Vec<Turn> = game.position().legal_turns().into_iter().filter(|t| t != turn).collect();
        let Some(solution) = search_without(&game, nodes, tables, &others, &mut table) else {
            kept = before;
            break;
        };
        let mut excluded = vec![*turn];
        let mut alternatives = Vec::new();
        let wins = solution.score >= DECISIVE;
        let next = loop {
            if alternatives.len() > MOST_ALTERNATIVES {
                break None;
            }
            match search_without(&game, nodes, tables, &excluded, &mut table) {
                // Alternatives to a turn that does not win are not looked for.
                Some(line) if wins && as_good(solution.score, line.score) => {
                    excluded.push(line.turn);
                    alternatives.push(line);
                }
                other => break other,
            }
        };
        let found: Vec<Turn> = alternatives.iter().map(|line| line.turn).collect();
        let holds = wins && found.len() <= MOST_ALTERNATIVES;
        turns.push(Confirmed { solution, alternatives, next });
        if !holds {
            kept = before;
            break;
        }
        if !found.is_empty() {
            kept = (ply + 1, found);
            break;
        }
        // The reply too, to reach the solver's next turn.
        if puzzle.solution[ply..].iter().take(2).any(|t| game.play(t).is_err()) {
            kept = (ply + 1, Vec::new());
            break;
        }
    }
    let (length, alternatives) = kept;
    let puzzle = (length > 0).then(|| {
        let whole = Puzzle { alternatives: Vec::new(), ..puzzle.clone() };
        let kept = if length == puzzle.solution.len() {
            whole
        } else {
            Puzzle::new(puzzle.id.clone(), puzzle.position, puzzle.solution[..length].to_vec())
        };
        Puzzle { alternatives, ..kept }
    });
    Confirmation { puzzle, turns }
}
