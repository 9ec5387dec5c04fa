//! Puzzles: positions from the engine's own games where one turn wins (the shipped sets of [`fanorona_puzzles`]),
//! solved on the board turn by turn. A right turn brings the opponent's reply and asks for
//! the next; a wrong one is shown with what it lets the opponent take. Hint marks the piece to move. The first try of
//! each puzzle moves the player's puzzle rating (Glicko-2, kept in the profile with the streak); afterwards the
//! solution can be replayed and the position opened on the analysis board. Rated online, the puzzles come from the
//! game server, which rates them across players (`next_puzzle`, `puzzle_result` in docs/PROTOCOL.md).

pub mod marks;

use std::collections::VecDeque;

use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_protocol::{ClientMessage, GameVariant, PuzzleView, ServerMessage};
use fanorona_puzzles::{ParsePuzzleError, Puzzle, Theme, biggest_capture, nearest_untried};
use fanorona_rules::{Game, Point, Turn, Variant};

use crate::AppSystems;
use crate::game::BoardMoves;
use crate::game::keeper::BoardKeeper;
use crate::game::session::{Announce, BoardUse, PlayerKind, Session, TurnCommitted, trace_of};
use crate::i18n::Text;
use crate::online::OnlineCommand;
use crate::online::link::{FromServer, Link, LinkState, ToServer};
use crate::persistence::profile::{Profile, PuzzleProgress};
use crate::screens::AppState;
use crate::text;

/// The shipped puzzles of `variant` (none for telo). `fanorona-puzzles`' tests read every set, so a set that does
/// not read is a build gone wrong: it is reported and left out.
pub fn puzzles_of(variant: Variant) -> &'static [Puzzle] {
    fanorona_puzzles::shipped(variant).unwrap_or_else(|e| {
        error!("the {} puzzles, {e}", variant.name());
        &[]
    })
}

/// The puzzle to try next among `variant`'s with `theme` (any theme with none): the untried one whose rating is
/// nearest the player's, as the server chooses ([`nearest_untried`]); once every one was tried, the one tried longest
/// ago (other than `current`, if there is another), which is not rated again.
pub fn choose(
    variant: Variant,
    theme: Option<Theme>,
    progress: &PuzzleProgress,
    current: Option<&str>,
) -> Option<&'static Puzzle> {
    let puzzles = puzzles_of(variant);
    let untried = nearest_untried(puzzles, theme, progress.rating, |id| progress.tried(id));
    let mut candidates = puzzles.iter().filter(|p| theme.is_none_or(|t| p.themes.contains(&t)));
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
    /// Puzzles from the game server, rated there across players (connecting if need be), or from this device.
    Online(bool),
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
    puzzle: Option<Puzzle>,
    /// The player chose the server's puzzles.
    pub online: bool,
    /// The puzzle on the board came from the server: its result goes there.
    from_server: bool,
    /// A puzzle is to be asked of the server (once the link is welcomed), or was asked and has not come yet.
    fetching: bool,
    /// The puzzle is still to be asked: the link was not welcomed yet.
    to_ask: bool,
    /// The player's puzzle rating on the server, as it last said.
    pub server_rating: Option<f64>,
    /// The turns of the solution played on the board so far.
    played: usize,
    /// How it is going.
    pub status: PuzzleStatus,
    /// The piece the hint marks.
    hint: Option<Point>,
    /// The puzzle rating before and after this puzzle, if this try moved it.
    pub rating_change: Option<(f64, f64)>,
    /// The result of a puzzle from the server was sent.
    reported: bool,
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
            online: false,
            from_server: false,
            fetching: false,
            to_ask: false,
            server_rating: None,
            played: 0,
            status: PuzzleStatus::Empty,
            hint: None,
            rating_change: None,
            reported: false,
            queue: VecDeque::new(),
        }
    }
}

impl PuzzleBoard {
    /// The puzzle on the board.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.puzzle.as_ref()
    }

    /// Whether the puzzle on the board came from the server (and is rated there).
    pub fn from_server(&self) -> bool {
        self.from_server
    }

    /// Whether a puzzle was asked of the server and has not come yet.
    pub fn fetching(&self) -> bool {
        self.fetching
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
pub fn plugin(app: &mut App) {
    app.init_resource::<PuzzleBoard>()
        .add_message::<PuzzleCommand>()
        .add_message::<OpenPuzzle>()
        .add_systems(
            Update,
            (receive_from_server, handle_puzzle_commands, ask_server).chain().in_set(AppSystems::Commands),
        )
        .add_systems(
            Update,
            (check_turns, play_queued.in_set(BoardMoves))
                .chain()
                .in_set(AppSystems::Rules)
                .run_if(in_state(AppState::Puzzles)),
        );
}

/// Puts `puzzle` on the board from its start: the solver at this device, the replies the master's (they are what
/// the master found when the puzzle was made; it plays none here).
/// `from_server`: it came from the server, where its result goes.
fn set_up(board: &mut PuzzleBoard, keeper: &mut BoardKeeper, puzzle: Option<Puzzle>, from_server: bool) {
    *board = PuzzleBoard {
        variant: board.variant,
        theme: board.theme,
        online: board.online,
        server_rating: board.server_rating,
        from_server,
        ..PuzzleBoard::default()
    };
    let Some(puzzle) = puzzle else {
        keeper.put(Session::default(), BoardUse::Puzzle { done: true });
        return;
    };
    board.variant = puzzle.position.variant();
    board.status = PuzzleStatus::Solving;
    let mut players = [PlayerKind::Computer(Level::Master); 2];
    players[puzzle.position.side_to_move().index()] = PlayerKind::Human;
    keeper.put(Session::from_game(Game::new(puzzle.position), players), BoardUse::Puzzle { done: false });
    info!("puzzle {}: {} to move, {} turns to find", puzzle.id, puzzle.position.side_to_move(), puzzle.solver_turns());
    board.puzzle = Some(puzzle);
}

/// Asks for the next puzzle of the board and theme chosen: of the server when the player chose its puzzles (it
/// comes in [`receive_from_server`]), else of this device's sets.
fn next_puzzle(board: &mut PuzzleBoard, keeper: &mut BoardKeeper, progress: &PuzzleProgress) {
    if board.online && GameVariant::from_name(board.variant.name()).is_some() {
        // Nothing to play on while it comes; it is asked for once the link is welcomed ([`ask_server`]).
        set_up(board, keeper, None, true);
        (board.fetching, board.to_ask) = (true, true);
        return;
    }
    let current = board.puzzle.as_ref().map(|p| p.id.clone());
    let next = choose(board.variant, board.theme, progress, current.as_deref()).cloned();
    set_up(board, keeper, next, false);
}

/// Asks the server for the puzzle wanted once the link is welcomed (a message written before would be dropped by a
/// link that is not connecting yet).
fn ask_server(mut board: ResMut<PuzzleBoard>, link: Res<Link>, mut to_server: MessageWriter<ToServer>) {
    let Some(variant) = GameVariant::from_name(board.variant.name()) else { return };
    if board.to_ask && link.is_online() {
        board.to_ask = false;
        let theme = board.theme.map(|t| t.name().to_owned());
        to_server.write(ToServer(ClientMessage::NextPuzzle { variant, theme }));
    }
}

/// A puzzle the server sent, read with the checks of a shipped set's line (every turn legal, the alternatives too).
fn served(view: &PuzzleView) -> Result<Puzzle, ParsePuzzleError> {
    let rating = view.rating.round().clamp(0.0, f64::from(u32::MAX)) as u32;
    Puzzle::from_parts(&view.id, rating, &view.themes, &view.position, &view.solution, &view.alternatives)
}

/// What the server says of puzzles: the one asked for, a result stored, or a refusal (then this device's puzzles
/// take over, so the player is never left without one).
fn receive_from_server(
    mut received: MessageReader<FromServer>,
    mut board: ResMut<PuzzleBoard>,
    mut keeper: BoardKeeper,
    profile: Res<Profile>,
) {
    let board = &mut *board;
    for FromServer { message, request } in received.read() {
        match (message, request) {
            (ServerMessage::Puzzle { puzzle, rating }, _) if board.fetching => {
                board.server_rating = Some(*rating);
                match puzzle.as_ref().map(served) {
                    Some(Ok(puzzle)) => set_up(board, &mut keeper, Some(puzzle), true),
                    Some(Err(e)) => {
                        warn!("the server's puzzle does not read: {e}");
                        board.online = false;
                        next_puzzle(board, &mut keeper, &profile.puzzles);
                    }
                    // Every puzzle of this board and theme was tried there.
                    None => set_up(board, &mut keeper, None, true),
                }
            }
            (ServerMessage::PuzzleRated { puzzle, player, .. }, _) => {
                board.server_rating = Some(player.after);
                if board.puzzle.as_ref().is_some_and(|p| p.id == *puzzle) {
                    board.rating_change = Some((player.before, player.after));
                }
                info!("puzzle {puzzle} rated on the server: {:.0} -> {:.0}", player.before, player.after);
            }
            (ServerMessage::Error { code, message }, Some(ClientMessage::NextPuzzle { .. })) if board.fetching => {
                warn!("the server gave no puzzle ({code:?}): {message}");
                board.online = false;
                next_puzzle(board, &mut keeper, &profile.puzzles);
            }
            (ServerMessage::Error { code, message }, Some(ClientMessage::PuzzleResult { puzzle, .. })) => {
                warn!("puzzle {puzzle}: the server refused the result ({code:?}): {message}");
            }
            _ => {}
        }
    }
}

/// Records the end of a try, if it was the puzzle's first: `solved` or not. A puzzle from the server is rated there
/// (its answer gives the change); one of this device's in the profile.
fn rate(board: &mut PuzzleBoard, profile: &mut Profile, to_server: &mut MessageWriter<ToServer>, solved: bool) {
    let Some(puzzle) = &board.puzzle else { return };
    if board.from_server {
        if !board.reported {
            to_server.write(ToServer(ClientMessage::PuzzleResult { puzzle: puzzle.id.clone(), solved }));
            board.reported = true;
        }
        return;
    }
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
    link: Res<Link>,
    mut to_server: MessageWriter<ToServer>,
    mut online: MessageWriter<OnlineCommand>,
) {
    let board = &mut *board;
    for OpenPuzzle(id) in open.read() {
        match fanorona_puzzles::shipped_puzzle(id) {
            Some(puzzle) => {
                set_up(board, &mut keeper, Some(puzzle.clone()), false);
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
        match command {
            PuzzleCommand::Open => {
                next_state.set(AppState::Puzzles);
                board.puzzle = None;
                next_puzzle(board, &mut keeper, &profile.puzzles);
            }
            PuzzleCommand::Next => next_puzzle(board, &mut keeper, &profile.puzzles),
            PuzzleCommand::Retry => {
                let (puzzle, from_server) = (board.puzzle.take(), board.from_server);
                // Tried already: not rated again, on the server (which refuses a second result) or here.
                let reported = board.reported || board.is_over();
                set_up(board, &mut keeper, puzzle, from_server);
                board.reported = reported;
            }
            PuzzleCommand::Variant(variant) if variant != board.variant => {
                board.variant = variant;
                next_puzzle(board, &mut keeper, &profile.puzzles);
            }
            PuzzleCommand::Theme(theme) if theme != board.theme => {
                board.theme = theme;
                next_puzzle(board, &mut keeper, &profile.puzzles);
            }
            PuzzleCommand::Online(on) if on != board.online => {
                board.online = on;
                if on && link.state() == LinkState::Offline {
                    online.write(OnlineCommand::Connect);
                }
                next_puzzle(board, &mut keeper, &profile.puzzles);
            }
            PuzzleCommand::Hint => {
                // Only while the solver's turn is asked for (not while the reply is on its way).
                let asked =
                    board.status == PuzzleStatus::Solving && board.played.is_multiple_of(2) && board.queue.is_empty();
                let turn = board.puzzle.as_ref().filter(|_| asked).and_then(|p| p.solution.get(board.played));
                let Some(turn) = turn else { continue };
                board.hint = turn.placement().or_else(|| turn.path().next());
                rate(board, &mut profile, &mut to_server, false);
            }
            PuzzleCommand::Solution => {
                if !board.is_over() {
                    continue;
                }
                let Some(puzzle) = board.puzzle.take() else { continue };
                let (status, change, from_server) =
                    (std::mem::take(&mut board.status), board.rating_change, board.from_server);
                let solution = puzzle.solution.iter().copied().collect();
                set_up(board, &mut keeper, Some(puzzle), from_server);
                (board.status, board.rating_change, board.reported) = (status, change, true);
                keeper.session_mut().set_use(BoardUse::Puzzle { done: true });
                board.queue = solution;
            }
            PuzzleCommand::Variant(_) | PuzzleCommand::Theme(_) | PuzzleCommand::Online(_) => {}
        }
    }
}

/// Checks each turn the solver plays against the solution.
fn check_turns(
    mut committed: MessageReader<TurnCommitted>,
    mut board: ResMut<PuzzleBoard>,
    mut session: ResMut<Session>,
    mut profile: ResMut<Profile>,
    mut to_server: MessageWriter<ToServer>,
) {
    let board = &mut *board;
    for c in committed.read() {
        let Some(puzzle) = board.puzzle.clone() else { continue };
        // The solver's turns are the solution's even ones (from 0); the replies are the screen's own.
        if board.status != PuzzleStatus::Solving || c.ply != board.played + 1 || !board.played.is_multiple_of(2) {
            continue;
        }
        board.hint = None;
        session.set_use(BoardUse::Puzzle { done: true });
        // The solver's last turn may be another that wins as clearly (the puzzle's alternatives).
        if puzzle.accepts(board.played, &c.turn) {
            board.played += 1;
            info!("puzzle {}: {} right", puzzle.id, c.turn);
            match puzzle.solution.get(board.played) {
                Some(&reply) => board.queue.push_back(reply),
                None => {
                    board.status = PuzzleStatus::Solved;
                    rate(board, &mut profile, &mut to_server, true);
                }
            }
        } else {
            let [.., before, after] = session.game().positions()[..] else { continue };
            let took = trace_of(&before, &c.turn).captured.len();
            // What the turn lets the opponent take is shown by taking it.
            let refutation = biggest_capture(&after).filter(|_| !session.is_over());
            board.status = PuzzleStatus::Failed(match refutation {
                Some((reply, takes)) => {
                    board.queue.push_back(reply);
                    text!("puzzle-wrong-lets-take", took = took, takes = takes)
                }
                None => text!("puzzle-wrong-not-enough", took = took),
            });
            info!("puzzle {}: {} wrong", puzzle.id, c.turn);
            rate(board, &mut profile, &mut to_server, false);
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
