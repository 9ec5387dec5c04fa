//! Puzzles: positions from the engine's own games where one turn wins (the shipped sets of
//! [`fanorona_ai::puzzle`]), solved on the board turn by turn. A right turn brings the opponent's reply and asks for
//! the next; a wrong one is shown with what it lets the opponent take. Hint marks the piece to move. The first try of
//! each puzzle moves the player's puzzle rating (Glicko-2, kept in the profile with the streak); afterwards the
//! solution can be replayed and the position opened on the analysis board.

pub mod marks;

use std::collections::VecDeque;
use std::sync::LazyLock;

use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_ai::puzzle::{self, Puzzle, Theme};
use fanorona_rules::{Game, Point, Turn, Variant};

use crate::AppSystems;
use crate::game::BoardMoves;
use crate::game::keeper::BoardKeeper;
use crate::game::session::{Announce, BoardUse, PlayerKind, Session, TurnCommitted, trace_of};
use crate::i18n::Text;
use crate::persistence::profile::{Profile, PuzzleProgress};
use crate::screens::AppState;
use crate::text;

/// The variants with puzzles, as the screen offers them.
pub const VARIANTS: [Variant; 2] = [Variant::Tsivy, Variant::Dimy];

/// The shipped puzzles of each variant of [`VARIANTS`], read once. The sets are checked by the engine's tests, so a
/// set that does not read is a build gone wrong: it is reported and left empty.
static SETS: LazyLock<[Vec<Puzzle>; 2]> = LazyLock::new(|| {
    VARIANTS.map(|variant| {
        puzzle::parse_set(puzzle::shipped(variant)).unwrap_or_else(|(line, e)| {
            error!("the {} puzzles, line {line}: {e}", variant.name());
            Vec::new()
        })
    })
});

/// The shipped puzzles of `variant` (none for telo).
pub fn puzzles_of(variant: Variant) -> &'static [Puzzle] {
    VARIANTS.iter().position(|v| *v == variant).map_or(&[], |i| &SETS[i])
}

/// The shipped puzzle named `id`, of any variant.
pub fn find_puzzle(id: &str) -> Option<&'static Puzzle> {
    SETS.iter().flatten().find(|p| p.id == id)
}

/// The puzzle to try next among `variant`'s with `theme` (any theme with none): the untried one whose rating is
/// nearest the player's, else the one tried longest ago (other than `current`, if there is another).
pub fn choose(
    variant: Variant,
    theme: Option<Theme>,
    progress: &PuzzleProgress,
    current: Option<&str>,
) -> Option<&'static Puzzle> {
    let mut candidates = puzzles_of(variant).iter().filter(|p| theme.is_none_or(|t| p.themes.contains(&t)));
    let distance = |p: &&Puzzle| (f64::from(p.rating) - progress.rating).abs();
    let untried =
        candidates.clone().filter(|p| !progress.tried(&p.id)).min_by(|a, b| distance(a).total_cmp(&distance(b)));
    untried.or_else(|| {
        let last_tried = |p: &&Puzzle| progress.tried.iter().position(|t| *t == p.id);
        let others = candidates.clone().filter(|p| Some(p.id.as_str()) != current).min_by_key(last_tried);
        others.or_else(|| candidates.next())
    })
}

/// How the puzzle on the board is going.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum PuzzleStatus {
    /// No puzzle: none has the theme chosen.
    #[default]
    Empty,
    /// The solver's next turn is to be found.
    Solving,
    /// Every turn of the solution was found.
    Solved,
    /// A wrong turn, and why it was wrong.
    Failed(Text),
}

/// What the player asks of the puzzles screen (buttons and keys).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// Open the screen on the next puzzle.
    Open,
    /// On to the next puzzle.
    Next,
    /// The same puzzle again from its start (not rated again).
    Retry,
    /// Mark the piece the next turn moves: the try counts as failed for the rating.
    Hint,
    /// Play the whole solution on the board from the start (once the puzzle is solved or failed).
    Solution,
    /// Puzzles of another variant.
    Variant(Variant),
    /// Puzzles of one theme, or of any.
    Theme(Option<Theme>),
}

/// Open the puzzles screen on this puzzle (by id): for a shared puzzle, and for the screenshot scene and the tests.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpenPuzzle(pub String);

/// The puzzles screen's state.
#[derive(Resource, Debug)]
pub struct PuzzleBoard {
    /// The variant whose puzzles are offered.
    pub variant: Variant,
    /// The theme chosen, if one is.
    pub theme: Option<Theme>,
    /// The puzzle on the board.
    puzzle: Option<&'static Puzzle>,
    /// The turns of the solution played on the board so far.
    played: usize,
    /// How it is going.
    pub status: PuzzleStatus,
    /// The piece the hint marks.
    hint: Option<Point>,
    /// The puzzle rating before and after this puzzle, if this try moved it.
    pub rating_change: Option<(f64, f64)>,
    /// Turns to play on the board, one after another as the board finishes showing each: the opponent's reply, or
    /// the solution replayed.
    queue: VecDeque<Turn>,
}

impl Default for PuzzleBoard {
    fn default() -> PuzzleBoard {
        PuzzleBoard {
            variant: Variant::Tsivy,
            theme: None,
            puzzle: None,
            played: 0,
            status: PuzzleStatus::Empty,
            hint: None,
            rating_change: None,
            queue: VecDeque::new(),
        }
    }
}

impl PuzzleBoard {
    /// The puzzle on the board.
    pub fn puzzle(&self) -> Option<&'static Puzzle> {
        self.puzzle
    }

    /// How many of the solver's turns have been found.
    pub fn found(&self) -> usize {
        self.played.div_ceil(2)
    }

    /// The point the hint marks, if Hint was pressed for the turn to find.
    pub fn hint(&self) -> Option<Point> {
        self.hint
    }

    /// Whether the puzzle is over (solved or failed): its solution may be shown.
    pub fn is_over(&self) -> bool {
        matches!(self.status, PuzzleStatus::Solved | PuzzleStatus::Failed(_))
    }

    /// Whether turns are still to be played on the board by the screen (a reply, the solution replayed).
    pub fn showing(&self) -> bool {
        !self.queue.is_empty()
    }
}

/// Runs the puzzles (headless; the panel is in the interface, the hint's mark in [`marks`]).
pub struct PuzzlesPlugin;

impl Plugin for PuzzlesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PuzzleBoard>()
            .add_message::<PuzzleCommand>()
            .add_message::<OpenPuzzle>()
            .add_systems(Update, handle_puzzle_commands.in_set(AppSystems::Commands))
            .add_systems(
                Update,
                (check_turns, play_queued.in_set(BoardMoves))
                    .chain()
                    .in_set(AppSystems::Rules)
                    .run_if(in_state(AppState::Puzzles)),
            );
    }
}

/// Puts `puzzle` on the board from its start: the solver at this device, the replies the master's (they are what
/// the master found when the puzzle was made; it plays none here).
fn set_up(board: &mut PuzzleBoard, keeper: &mut BoardKeeper, puzzle: Option<&'static Puzzle>) {
    *board = PuzzleBoard { variant: board.variant, theme: board.theme, ..PuzzleBoard::default() };
    let Some(puzzle) = puzzle else {
        keeper.put(Session::default(), BoardUse::Puzzle { done: true });
        return;
    };
    board.variant = puzzle.position.variant();
    board.puzzle = Some(puzzle);
    board.status = PuzzleStatus::Solving;
    let mut players = [PlayerKind::Computer(Level::Master); 2];
    players[puzzle.position.side_to_move().index()] = PlayerKind::Human;
    keeper.put(Session::from_game(Game::new(puzzle.position), players), BoardUse::Puzzle { done: false });
    info!("puzzle {}: {} to move, {} turns to find", puzzle.id, puzzle.position.side_to_move(), puzzle.solver_turns());
}

/// Records the end of a try in the profile, if it was the puzzle's first: `solved` or not.
fn rate(board: &mut PuzzleBoard, profile: &mut Profile, solved: bool) {
    let Some(puzzle) = board.puzzle else { return };
    if profile.puzzles.tried(&puzzle.id) {
        return;
    }
    let before = profile.puzzles.rating;
    let after = profile.puzzles.record(&puzzle.id, f64::from(puzzle.rating), solved);
    board.rating_change = Some((before, after));
    info!("puzzle {} {}: rating {before:.0} -> {after:.0}", puzzle.id, if solved { "solved" } else { "failed" });
}

#[allow(clippy::too_many_arguments)]
fn handle_puzzle_commands(
    mut commands: MessageReader<PuzzleCommand>,
    mut open: MessageReader<OpenPuzzle>,
    mut board: ResMut<PuzzleBoard>,
    mut keeper: BoardKeeper,
    mut profile: ResMut<Profile>,
    state: Res<State<AppState>>,
    mut next_state: ResMut<NextState<AppState>>,
) {
    let board = &mut *board;
    for OpenPuzzle(id) in open.read() {
        match find_puzzle(id) {
            Some(puzzle) => {
                set_up(board, &mut keeper, Some(puzzle));
                next_state.set(AppState::Puzzles);
            }
            None => warn!("no puzzle is named {id}"),
        }
    }
    // Outside the screen only Open means anything (a stray key must never replace a game).
    let mut here = *state.get() == AppState::Puzzles;
    for &command in commands.read() {
        here |= command == PuzzleCommand::Open;
        if !here {
            continue;
        }
        let current = board.puzzle.map(|p| p.id.as_str());
        match command {
            PuzzleCommand::Open => {
                next_state.set(AppState::Puzzles);
                let next = choose(board.variant, board.theme, &profile.puzzles, None);
                set_up(board, &mut keeper, next);
            }
            PuzzleCommand::Next => {
                let next = choose(board.variant, board.theme, &profile.puzzles, current);
                set_up(board, &mut keeper, next);
            }
            PuzzleCommand::Retry => set_up(board, &mut keeper, board.puzzle),
            PuzzleCommand::Variant(variant) if variant != board.variant => {
                board.variant = variant;
                let next = choose(variant, board.theme, &profile.puzzles, current);
                set_up(board, &mut keeper, next);
            }
            PuzzleCommand::Theme(theme) if theme != board.theme => {
                board.theme = theme;
                let next = choose(board.variant, theme, &profile.puzzles, current);
                set_up(board, &mut keeper, next);
            }
            PuzzleCommand::Hint => {
                // Only while the solver's turn is asked for (not while the reply is on its way).
                let asked =
                    board.status == PuzzleStatus::Solving && board.played.is_multiple_of(2) && board.queue.is_empty();
                let Some(turn) = board.puzzle.filter(|_| asked).and_then(|p| p.solution.get(board.played)) else {
                    continue;
                };
                board.hint = turn.placement().or_else(|| turn.path().next());
                rate(board, &mut profile, false);
            }
            PuzzleCommand::Solution => {
                let Some(puzzle) = board.puzzle.filter(|_| board.is_over()) else { continue };
                let status = std::mem::take(&mut board.status);
                let change = board.rating_change;
                set_up(board, &mut keeper, Some(puzzle));
                (board.status, board.rating_change) = (status, change);
                keeper.session_mut().set_use(BoardUse::Puzzle { done: true });
                board.queue = puzzle.solution.iter().copied().collect();
            }
            PuzzleCommand::Variant(_) | PuzzleCommand::Theme(_) => {}
        }
    }
}

/// Checks each turn the solver plays against the solution.
fn check_turns(
    mut committed: MessageReader<TurnCommitted>,
    mut board: ResMut<PuzzleBoard>,
    mut session: ResMut<Session>,
    mut profile: ResMut<Profile>,
) {
    let board = &mut *board;
    for c in committed.read() {
        let Some(puzzle) = board.puzzle else { continue };
        // The solver's turns are the solution's even ones (from 0); the replies are the screen's own.
        if board.status != PuzzleStatus::Solving || c.ply != board.played + 1 || !board.played.is_multiple_of(2) {
            continue;
        }
        board.hint = None;
        session.set_use(BoardUse::Puzzle { done: true });
        if puzzle.solution.get(board.played) == Some(&c.turn) {
            board.played += 1;
            info!("puzzle {}: {} right", puzzle.id, c.turn);
            match puzzle.solution.get(board.played) {
                Some(&reply) => board.queue.push_back(reply),
                None => {
                    board.status = PuzzleStatus::Solved;
                    rate(board, &mut profile, true);
                }
            }
        } else {
            let [.., before, after] = session.game().positions()[..] else { continue };
            let took = trace_of(&before, &c.turn).captured.len();
            // What the turn lets the opponent take is shown by taking it.
            let refutation = puzzle::biggest_capture(&after).filter(|_| !session.is_over());
            board.status = PuzzleStatus::Failed(match refutation {
                Some((reply, takes)) => {
                    board.queue.push_back(reply);
                    text!("puzzle-wrong-lets-take", took = took, takes = takes)
                }
                None => text!("puzzle-wrong-not-enough", took = took),
            });
            info!("puzzle {}: {} wrong", puzzle.id, c.turn);
            rate(board, &mut profile, false);
        }
    }
}

/// Plays the next queued turn once the board has shown the last one: the opponent's reply (then the solver's turn
/// is asked for), or a turn of the solution replayed.
fn play_queued(mut board: ResMut<PuzzleBoard>, mut session: ResMut<Session>, mut announce: Announce) {
    let Some(turn) = board.queue.pop_front() else { return };
    announce.whole_turn(&mut session, turn);
    if board.status == PuzzleStatus::Solving {
        board.played += 1;
        session.set_use(BoardUse::Puzzle { done: false });
    }
}
