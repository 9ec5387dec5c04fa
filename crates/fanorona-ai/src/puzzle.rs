//! Puzzles: positions from real games where one turn wins, with the line that proves it.
//!
//! A [`Puzzle`] is a position, the solution (the solver's turn, the opponent's best reply, the solver's next turn,
//! ...: it ends with a turn of the solver), a theme or two, a starting rating and the other turns accepted for the
//! solver's last. [`find`] finds one in a position of a game, [`check`] says whether a puzzle's solution is still
//! legal and still the only good line, both at a node budget, so that the same budget gives the same answer on any
//! machine; [`confirm`] searches a puzzle again much deeper, once, for the turns as good as the solution's. A set of
//! puzzles is text, one a line ([`Puzzle`]'s `Display` and `FromStr`), described in `docs/PUZZLES.md`.

use std::fmt;
use std::str::FromStr;

use fanorona_rules::{Game, Position, Turn, Variant};

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
/// How sure a puzzle's starting rating is, as a Glicko-2 deviation: the generator's estimate ([`Puzzle::rating`]) is
/// surer than a new player's 350, not sure. Players' results move the rating from there.
pub const STARTING_DEVIATION: f64 = 100.0;
/// The most turns of the solver in a solution.
pub const MOST_SOLVER_TURNS: usize = 3;
/// The most alternatives a puzzle's last turn accepts ([`confirm`]): with one or two other turns as good as the
/// solution's, most turns still fail and finding one is still the puzzle; with three or more it is not.
pub const MOST_ALTERNATIVES: usize = 2;
/// Scores from here up are wins the endgame tables know or the search proved (a table's win scores [`TB_WIN`] less
/// a distance of at most a hundred turns, a proven one more): two such wins are as good as each other, whatever
/// their distances.
pub const PROVEN: i32 = TB_WIN - 1_000;

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A chain of three captures or more, or one that takes five pieces or more.
    LongChain,
    /// The same path captures by approach or by withdrawal, and the choice decides.
    Choice,
    /// A turn without a capture (a paika).
    Quiet,
    /// After its turn and the opponent's reply, the solver is fewer pieces ahead (or more behind) than before it.
    Sacrifice,
    /// Ten pieces or fewer on the board.
    Endgame,
    /// None of the others: the capture that wins, among others that do not.
    Capture,
}

impl Theme {
    /// Every theme, in the order of their names in a puzzle's line.
    pub const ALL: [Theme; 6] =
        [Theme::LongChain, Theme::Choice, Theme::Quiet, Theme::Sacrifice, Theme::Endgame, Theme::Capture];

    /// The name in puzzle files.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::LongChain => "chain",
            Theme::Choice => "choice",
            Theme::Quiet => "quiet",
            Theme::Sacrifice => "sacrifice",
            Theme::Endgame => "endgame",
            Theme::Capture => "capture",
        }
    }
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A short name, unique within its set (`t17`, `d4`).
    pub id: String,
    /// The position, the solver to move.
    pub position: Position,
    /// The solver's turn, the opponent's reply, ...: an odd number of turns, the last the solver's.
    pub solution: Vec<Turn>,
    /// What it is about (at least one).
    pub themes: Vec<Theme>,
    /// Its starting rating (Glicko-2's scale).
    pub rating: u32,
    /// Other turns accepted for the solver's last turn: the confirmation ([`confirm`]) scored them as winning as
    /// clearly as the solution's. Each is legal there and differs from the solution's turn.
    pub alternatives: Vec<Turn>,
}

impl Puzzle {
    /// The number of turns the solver has to find.
    pub fn solver_turns(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// Whether `turn` solves the puzzle as turn number `ply` (from 0) of the solution: the solution's own turn, or
    /// for the solver's last turn one of the [`alternatives`](Puzzle::alternatives) too.
    pub fn accepts(&self, ply: usize, turn: &Turn) -> bool {
        self.solution.get(ply) == Some(turn) || (ply + 1 == self.solution.len() && self.alternatives.contains(turn))
    }
}

impl fmt::Display for Puzzle {
    /// `id | rating | themes | position | solution`, then ` | alternatives` if there are any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        let solution: Vec<String> = self.solution.iter().map(ToString::to_string).collect();
        write!(f, "{} | {} | {} | {} | {}", self.id, self.rating, themes.join(","), self.position, solution.join(" "))?;
        if !self.alternatives.is_empty() {
            let alternatives: Vec<String> = self.alternatives.iter().map(ToString::to_string).collect();
            write!(f, " | {}", alternatives.join(" "))?;
        }
        Ok(())
    }
}

/// Why a line of a puzzle file is no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePuzzleError {
    /// Not five or six fields separated by `|`.
    #[error("expected `id | rating | themes | position | solution`, then `| alternatives` or nothing")]
    Fields,
    /// An empty id, or one with spaces.
    #[error("bad id `{0}`")]
    Id(String),
    /// The rating is not a whole number.
    #[error("bad rating `{0}`")]
    Rating(String),
    /// An unknown theme, or none.
    #[error("bad theme `{0}`: expected chain, choice, quiet, sacrifice, endgame or capture")]
    Theme(String),
    /// The position text is wrong.
    #[error("bad position: {0}")]
    Position(String),
    /// A turn of the solution is not legal where it is played.
    #[error("turn {number} `{text}`: {error}")]
    Turn {
        /// Its number in the solution, from 1.
        number: usize,
        /// As written.
        text: String,
        /// Why it is refused.
        error: String,
    },
    /// An even number of turns, or none: the solution must end with the solver's turn.
    #[error("the solution must have an odd number of turns, the last the solver's")]
    Length,
    /// An accepted alternative is not legal in place of the solver's last turn, is that turn itself, or comes twice;
    /// or the sixth field is there and empty.
    #[error("alternative `{text}`: {error}")]
    Alternative {
        /// As written.
        text: String,
        /// Why it is refused.
        error: String,
    },
}

impl FromStr for Puzzle {
    type Err = ParsePuzzleError;

    fn from_str(line: &str) -> Result<Puzzle, ParsePuzzleError> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let (id, rating, themes, position, solution, alternatives) = match fields[..] {
            [id, rating, themes, position, solution] => (id, rating, themes, position, solution, None),
            [id, rating, themes, position, solution, more] => (id, rating, themes, position, solution, Some(more)),
            _ => return Err(ParsePuzzleError::Fields),
        };
        if id.is_empty() || id.contains(char::is_whitespace) {
            return Err(ParsePuzzleError::Id(id.to_owned()));
        }
        let rating = rating.parse().map_err(|_| ParsePuzzleError::Rating(rating.to_owned()))?;
        let themes = themes
            .split(',')
            .map(|name| {
                Theme::ALL.into_iter().find(|t| t.name() == name.trim()).ok_or(ParsePuzzleError::Theme(name.to_owned()))
            })
            .collect::<Result<Vec<Theme>, _>>()?;
        let position: Position = position.parse().map_err(|e| ParsePuzzleError::Position(format!("{e}")))?;
        let mut game = Game::new(position);
        // The game before the turn played last: where an alternative to the solver's last turn is played.
        let mut before_last = game.clone();
        let mut turns = Vec::new();
        for (i, text) in solution.split_whitespace().enumerate() {
            before_last = game.clone();
            let turn = game.play_notation(text).map_err(|e| ParsePuzzleError::Turn {
                number: i + 1,
                text: text.to_owned(),
                error: e.to_string(),
            })?;
            turns.push(turn);
        }
        if turns.len() % 2 == 0 {
            return Err(ParsePuzzleError::Length);
        }
        let alternatives = match alternatives {
            Some(field) => parse_alternatives(field, &before_last, &turns)?,
            None => Vec::new(),
        };
        Ok(Puzzle { id: id.to_owned(), position, solution: turns, themes, rating, alternatives })
    }
}

/// The sixth field of a puzzle's line: turns, legal in `before_last` (the game before the solution's last turn),
/// other than that turn and each once. An empty field is refused (a puzzle without alternatives has five fields).
fn parse_alternatives(field: &str, before_last: &Game, solution: &[Turn]) -> Result<Vec<Turn>, ParsePuzzleError> {
    let refuse = |text: &str, error: String| ParsePuzzleError::Alternative { text: text.to_owned(), error };
    if field.is_empty() {
        return Err(refuse(field, "the field is empty".to_owned()));
    }
    let mut alternatives = Vec::new();
    for text in field.split_whitespace() {
        let turn = before_last.clone().play_notation(text).map_err(|e| refuse(text, e.to_string()))?;
        if solution.last() == Some(&turn) {
            return Err(refuse(text, "it is the solution's own turn".to_owned()));
        }
        if alternatives.contains(&turn) {
            return Err(refuse(text, "it is listed twice".to_owned()));
        }
        alternatives.push(turn);
    }
    Ok(alternatives)
}

/// The shipped set of `variant`'s puzzles, as text (`puzzles/tsivy.txt`, `puzzles/dimy.txt`); telo has none (its
/// games are too short for a turn that wins more than its alternatives).
pub fn shipped(variant: Variant) -> &'static str {
    match variant {
        Variant::Tsivy => include_str!("../puzzles/tsivy.txt"),
        Variant::Dimy => include_str!("../puzzles/dimy.txt"),
        Variant::Telo => "",
    }
}

/// The turn of the side to move in `position` that takes the most pieces, and how many it takes (the first such turn
/// in the order of generation; `None` without a capture). What a wrong turn of a puzzle lets the opponent take.
pub fn biggest_capture(position: &Position) -> Option<(Turn, usize)> {
    let mut best: Option<(Turn, usize)> = None;
    position.for_each_turn_taking(|turn, taken| {
        if taken.len() as usize > best.map_or(0, |(_, n)| n) {
            best = Some((*turn, taken.len() as usize));
        }
    });
    best
}

/// Reads a puzzle file: one puzzle a line; empty lines and lines starting with `#` are skipped. An error names its
/// line (from 1).
pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, (usize, ParsePuzzleError)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(i, line)| line.parse().map_err(|e| (i + 1, e)))
        .collect()
}

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
/// at `confirm` nodes: the line goes on with the opponent's best reply while the solver's next turn is again the only
/// good one (up to [`MOST_SOLVER_TURNS`]). The position is searched as a game of its own, as [`check`] searches it
/// (a game's earlier positions would count for repetitions). The searches play the endgame tables of `tables`, so
/// that an ending only one turn wins is a puzzle too. `id` names it.
pub fn find(position: Position, nodes: u64, confirm: u64, tables: &LazyTables, id: String) -> Option<Puzzle> {
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
    if solution.is_empty() {
        return None;
    }
    let themes = themes(&position, &solution);
    let rating = starting_rating(&solution, &themes);
    Some(Puzzle { id, position, solution, themes, rating, alternatives: Vec::new() })
}

/// The puzzles of a game's positions from ply `from` on (the number of turns played before a position), in order:
/// each position before the game's last turn is searched with [`find`] (at `nodes` nodes a line, confirmed at
/// `confirm`) unless it lies inside the solution of a puzzle found before it. Each is named `{prefix}{ply}`. The game
/// server's finished games are looked through from the start, the self-play of `fanorona-cli puzzles` from the end of
/// its random opening.
pub fn find_in_game(
    game: &Game,
    from: usize,
    nodes: u64,
    confirm: u64,
    tables: &LazyTables,
    prefix: &str,
) -> Vec<Puzzle> {
    let mut found = Vec::new();
    let mut skip_until = from;
    for (ply, position) in game.positions().iter().enumerate().take(game.turns().len()) {
        if ply < skip_until {
            continue;
        }
        if let Some(p) = find(*position, nodes, confirm, tables, format!("{prefix}{ply}")) {
            skip_until = ply + p.solution.len();
            found.push(p);
        }
    }
    found
}

/// The themes of a solution from `position`.
fn themes(position: &Position, solution: &[Turn]) -> Vec<Theme> {
    let mut themes = Vec::new();
    let solver = position.side_to_move();
    let mut pos = *position;
    let mut chain = false;
    let mut choice = false;
    for (i, turn) in solution.iter().enumerate() {
        let after = pos.play_unchecked(turn);
        if i % 2 == 0 {
            let taken = (pos.pieces(!solver) & !after.pieces(!solver)).len();
            chain |= turn.len() >= 3 || taken >= 5;
            // Another legal turn along the same path captures the other way.
            choice |= pos.legal_turns().iter().any(|t| t != turn && t.path().eq(turn.path()));
        }
        pos = after;
    }
    if chain {
        themes.push(Theme::LongChain);
    }
    if choice {
        themes.push(Theme::Choice);
    }
    if solution.first().is_some_and(|t| !t.is_capture()) {
        themes.push(Theme::Quiet);
    }
    // Material after the solver's first turn and the reply, against before it.
    let balance = |p: &Position| p.pieces(solver).len() as i32 - p.pieces(!solver).len() as i32;
    if let [first, reply, ..] = solution {
        let after = position.play_unchecked(first).play_unchecked(reply);
        if balance(&after) < balance(position) {
            themes.push(Theme::Sacrifice);
        }
    }
    if position.occupied().len() <= 10 {
        themes.push(Theme::Endgame);
    }
    if themes.is_empty() {
        themes.push(Theme::Capture);
    }
    themes
}

/// A puzzle's rating before anyone has played it: 1200, with 250 for each turn of the solver after the first and 150
/// for each theme that hides the solution (a quiet turn, a sacrifice, an approach/withdrawal choice).
fn starting_rating(solution: &[Turn], themes: &[Theme]) -> u32 {
    let turns = solution.len().div_ceil(2) as u32;
    let hidden = themes.iter().filter(|t| matches!(t, Theme::Quiet | Theme::Sacrifice | Theme::Choice)).count();
    1200 + 250 * turns.saturating_sub(1) + 150 * hidden as u32
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
        let solution = puzzle.solution[..length].to_vec();
        let (themes, rating) = if length == puzzle.solution.len() {
            (puzzle.themes.clone(), puzzle.rating)
        } else {
            let themes = themes(&puzzle.position, &solution);
            let rating = starting_rating(&solution, &themes);
            (themes, rating)
        };
        Puzzle { id: puzzle.id.clone(), position: puzzle.position, solution, themes, rating, alternatives }
    });
    Confirmation { puzzle, turns }
}
