//! Puzzles: positions from the engine's own games where one turn wins (the shipped sets of [`fanorona_puzzles`]),
//! solved on the board turn by turn. A right turn brings the opponent's reply and asks for
//! the next; a wrong one is shown with what it lets the opponent take. Hint marks the piece to move. The first try of
//! each puzzle moves the player's puzzle rating (Glicko-2, kept in the profile with the streak); afterwards the
//! solution can be replayed and the position opened on the analysis board. Rated online, the puzzles come from the
//! game server, which rates them across players (`next_puzzle`, `puzzle_result` in docs/PROTOCOL.md).

mod marks;
mod panel;
#[cfg(feature = "dev")]
mod scenes;

use std::collections::VecDeque;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_protocol::{ClientMessage, GameVariant, PuzzleView, ServerMessage};
use fanorona_puzzles::{Candidate, ParsePuzzleError, Puzzle, Theme, biggest_capture, nearest_untried};
use fanorona_rules::{Game, Point, Turn, Variant};

use crate::AppSystems;
use crate::analysis::AnalysisCommand;
use crate::game::BoardMoves;
use crate::game::keeper::BoardKeeper;
use crate::game::person::TurnCommand;
use crate::game::session::{Announce, BoardUse, PlayerKind, Session, TurnCommitted, trace_of};
use crate::i18n::Text;
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::online::OnlineCommand;
use crate::online::link::{FromServer, Link, LinkState, ToServer};
use crate::persistence::profile::{Profile, PuzzleProgress};
use crate::screens::{AppState, Screens};
use crate::title::{AddMenuEntry, MenuEntry};
use crate::{action, text};

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
    let mut candidates = puzzles.iter().filter(|p| theme.is_none_or(|t| p.has_theme(t)));
    untried.or_else(|| {
        let last_tried = |p: &&Puzzle| progress.tried.iter().position(|t| *t == p.id);
        let others = candidates.clone().filter(|p| Some(p.id.as_str()) != current).min_by_key(last_tried);
        others.or_else(|| candidates.next())
    })
}

/// How the puzzle on the board is going.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleStatus {
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
    /// Open the puzzle's start on the analysis board.
    Analyse,
}

/// Open the puzzles screen on this puzzle (by id): for a shared puzzle, and for the screenshot scene and the tests.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpenPuzzle(pub String);

/// The puzzles screen's state: what the player chose (the board, the theme, the server's puzzles or this device's)
/// and where the screen stands, as one value ([`Phase`]).
#[derive(Resource, Debug)]
pub struct PuzzleBoard {
    /// The variant whose puzzles are offered.
    pub variant: Variant,
    /// The theme chosen, if one is.
    pub theme: Option<Theme>,
    /// The player chose the server's puzzles.
    pub online: bool,
    /// The player's puzzle rating on the server, as it last said.
    pub server_rating: Option<f64>,
    phase: Phase,
}

/// Where the puzzles screen stands.
#[derive(Debug, Default)]
enum Phase {
    /// No puzzle: none has the board and theme chosen (or, on the server, none is left untried).
    #[default]
    Empty,
    /// A puzzle is wanted from the server and has not come: `asked` once the request went out (it waits for the link
    /// to be welcomed, which drops a message written before).
    Fetching { asked: bool },
    /// A puzzle on the board.
    Trying(Box<Try>),
}

/// Where a puzzle on the board came from, and so where its result goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// This device's shipped sets: rated in the profile.
    Device,
    /// The game server: rated there, across players.
    Server,
}

/// A try of the puzzle on the board.
#[derive(Debug)]
struct Try {
    puzzle: Puzzle,
    origin: Origin,
    /// The try's end still moves a rating: not once it has (a wrong turn, Hint), nor for a retry of a puzzle over or
    /// its solution replayed. A puzzle of this device tried before moves none either (the profile knows it).
    counts: bool,
    /// The turns of the solution played on the board so far.
    played: usize,
    status: PuzzleStatus,
    /// The piece the hint marks.
    hint: Option<Point>,
    /// The puzzle rating before and after this try, if it moved it.
    rating_change: Option<(f64, f64)>,
    /// Turns to play on the board, one after another as the board finishes showing each: the opponent's reply, or
    /// the solution replayed.
    queue: VecDeque<Turn>,
}

impl Try {
    fn new(puzzle: Puzzle, origin: Origin) -> Try {
        let (counts, played, hint, rating_change) = (true, 0, None, None);
        Try {
            puzzle,
            origin,
            counts,
            played,
            status: PuzzleStatus::Solving,
            hint,
            rating_change,
            queue: VecDeque::new(),
        }
    }

    fn is_over(&self) -> bool {
        matches!(self.status, PuzzleStatus::Solved | PuzzleStatus::Failed(_))
    }

    /// Whether the person is to play: the solver's turn is asked for and nothing is left to show.
    fn asks_turn(&self) -> bool {
        self.status == PuzzleStatus::Solving && self.played.is_multiple_of(2) && self.queue.is_empty()
    }
}

impl Default for PuzzleBoard {
    fn default() -> PuzzleBoard {
        PuzzleBoard { variant: Variant::Tsivy, theme: None, online: false, server_rating: None, phase: Phase::Empty }
    }
}

impl PuzzleBoard {
    fn trying(&self) -> Option<&Try> {
        match &self.phase {
            Phase::Trying(t) => Some(t),
            Phase::Empty | Phase::Fetching { .. } => None,
        }
    }

    fn trying_mut(&mut self) -> Option<&mut Try> {
        match &mut self.phase {
            Phase::Trying(t) => Some(t),
            Phase::Empty | Phase::Fetching { .. } => None,
        }
    }

    /// The puzzle on the board.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.trying().map(|t| &t.puzzle)
    }

    /// How the puzzle on the board is going (`None` without one).
    pub fn status(&self) -> Option<&PuzzleStatus> {
        self.trying().map(|t| &t.status)
    }

    /// Whether the puzzle on the board came from the server (and is rated there).
    pub fn from_server(&self) -> bool {
        self.trying().is_some_and(|t| t.origin == Origin::Server)
    }

    /// Whether a puzzle was asked of the server and has not come yet.
    pub fn fetching(&self) -> bool {
        matches!(self.phase, Phase::Fetching { .. })
    }

    /// How many of the solver's turns have been found.
    pub fn found(&self) -> usize {
        self.trying().map_or(0, |t| t.played.div_ceil(2))
    }

    /// The point the hint marks, if Hint was pressed for the turn to find.
    pub fn hint(&self) -> Option<Point> {
        self.trying().and_then(|t| t.hint)
    }

    /// The puzzle rating before and after this try, if it moved it.
    pub fn rating_change(&self) -> Option<(f64, f64)> {
        self.trying().and_then(|t| t.rating_change)
    }

    /// Whether the puzzle is over (solved or failed): its solution may be shown.
    pub fn is_over(&self) -> bool {
        self.trying().is_some_and(Try::is_over)
    }

    /// Whether turns are still to be played on the board by the screen (a reply, the solution replayed).
    pub fn showing(&self) -> bool {
        self.trying().is_some_and(|t| !t.queue.is_empty())
    }

    /// What the board is used for, as this state says: a puzzle whose solver's turn is asked for takes the person's
    /// turns; otherwise (no puzzle, a reply to show, the puzzle over) the board takes none.
    fn board_use(&self) -> BoardUse {
        BoardUse::Puzzle { done: !self.trying().is_some_and(Try::asks_turn) }
    }
}

/// What the puzzles draw: the hint's marks and the panel (needs a window).
pub fn view_plugin(app: &mut App) {
    app.add_plugins((marks::plugin, panel::plugin));
}

/// The puzzles' keys: no game commands (nothing to undo, save or resign in a puzzle).
#[rustfmt::skip]
const KEYS: &[Binding] = {
    use KeyCode::{Escape, KeyB, KeyH, KeyN, KeyS, KeyT};
    const PUZZLES: On = On::Screen(AppState::Puzzles);
    &[
        bind(KeyH,   Needs::ANY,     PUZZLES, action!(PuzzleCommand::Hint),     text!("game-key-hint")),
        bind(KeyN,   Needs::ANY,     PUZZLES, action!(PuzzleCommand::Next),     text!("game-key-puzzle-next")),
        bind(KeyT,   Needs::ANY,     PUZZLES, action!(PuzzleCommand::Retry),    text!("game-key-puzzle-try-again")),
        bind(KeyS,   Needs::NO_CTRL, PUZZLES, action!(PuzzleCommand::Solution), text!("game-key-puzzle-solution")),
        bind(KeyB,   Needs::ANY,     PUZZLES, action!(PuzzleCommand::Analyse),   text!("game-key-analysis")),
        bind(Escape, Needs::ANY,     PUZZLES, action!(TurnCommand::Cancel),     text!("game-key-cancel")),
    ]
};

/// Runs the puzzles and adds their keys (headless; [`view_plugin`] draws them).
pub fn plugin(app: &mut App) {
    #[cfg(feature = "dev")]
    app.add_plugins(scenes::plugin);
    app.init_resource::<PuzzleBoard>()
        .add_message::<PuzzleCommand>()
        .key_sets(AppState::Puzzles, &[KeySet::Board, KeySet::Turns])
        .add_keys(Tier::Own, KEYS)
        .add_menu_entry(MenuEntry { order: 30, label: |_| text!("menu-puzzles"), action: action!(PuzzleCommand::Open) })
        .add_message::<OpenPuzzle>()
        .add_systems(
            Update,
            (receive_from_server, handle_puzzle_commands, ask_server).chain().in_set(AppSystems::Commands),
        )
        .add_systems(
            Update,
            (check_turns, play_queued.in_set(BoardMoves), show_board_use)
                .chain()
                .in_set(AppSystems::Rules)
                .run_if(in_state(AppState::Puzzles)),
        );
}

/// Puts `puzzle` on the board from its start, from `origin`: the solver at this device, the replies the master's
/// (they are what the master found when the puzzle was made; the screen plays them: a puzzle's board lets no
/// computer play, [`BoardUse::computer_plays`]). Without a puzzle the board is empty.
fn set_up(board: &mut PuzzleBoard, keeper: &mut BoardKeeper, puzzle: Option<Puzzle>, origin: Origin) {
    let Some(puzzle) = puzzle else {
        board.phase = Phase::Empty;
        keeper.put(Session::default(), board.board_use());
        return;
    };
    board.variant = puzzle.position.variant();
    info!("puzzle {}: {} to move, {} turns to find", puzzle.id, puzzle.position.side_to_move(), puzzle.solver_turns());
    let mut players = [PlayerKind::Computer(Level::Master); 2];
    players[puzzle.position.side_to_move().index()] = PlayerKind::Human;
    let session = Session::from_game(Game::new(puzzle.position), players);
    board.phase = Phase::Trying(Box::new(Try::new(puzzle, origin)));
    keeper.put(session, board.board_use());
}

/// Asks for the next puzzle of the board and theme chosen: of the server when the player chose its puzzles (it
/// comes in [`receive_from_server`]), else of this device's sets.
fn next_puzzle(board: &mut PuzzleBoard, keeper: &mut BoardKeeper, progress: &PuzzleProgress) {
    if board.online && GameVariant::from_name(board.variant.name()).is_some() {
        // Nothing to play on while it comes; it is asked for once the link is welcomed ([`ask_server`]).
        set_up(board, keeper, None, Origin::Server);
        board.phase = Phase::Fetching { asked: false };
        return;
    }
    let current = board.puzzle().map(|p| p.id.clone());
    let next = choose(board.variant, board.theme, progress, current.as_deref()).cloned();
    set_up(board, keeper, next, Origin::Device);
}

/// Asks the server for the puzzle wanted once the link is welcomed (a message written before would be dropped by a
/// link that is not connecting yet).
fn ask_server(mut board: ResMut<PuzzleBoard>, link: Res<Link>, mut to_server: MessageWriter<ToServer>) {
    let Some(variant) = GameVariant::from_name(board.variant.name()) else { return };
    if matches!(board.phase, Phase::Fetching { asked: false }) && link.is_online() {
        board.phase = Phase::Fetching { asked: true };
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
            (ServerMessage::Puzzle { puzzle, rating }, _) if board.fetching() => {
                board.server_rating = Some(*rating);
                match puzzle.as_ref().map(served) {
                    Some(Ok(puzzle)) => set_up(board, &mut keeper, Some(puzzle), Origin::Server),
                    Some(Err(e)) => {
                        warn!("the server's puzzle does not read: {e}");
                        board.online = false;
                        next_puzzle(board, &mut keeper, &profile.puzzles);
                    }
                    // Every puzzle of this board and theme was tried there.
                    None => set_up(board, &mut keeper, None, Origin::Server),
                }
            }
            (ServerMessage::PuzzleRated { puzzle, player, .. }, _) => {
                board.server_rating = Some(player.after);
                if let Some(t) = board.trying_mut().filter(|t| t.puzzle.id == *puzzle) {
                    t.rating_change = Some((player.before, player.after));
                }
                info!("puzzle {puzzle} rated on the server: {:.0} -> {:.0}", player.before, player.after);
            }
            (ServerMessage::Error { code, message }, Some(ClientMessage::NextPuzzle { .. })) if board.fetching() => {
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

/// Records the end of a try, `solved` or not, if it still counts: a puzzle from the server is rated there (its answer
/// gives the change); one of this device's in the profile, the first time it is tried.
fn rate(t: &mut Try, profile: &mut Profile, to_server: &mut MessageWriter<ToServer>, solved: bool) {
    if !std::mem::replace(&mut t.counts, false) {
        return;
    }
    let id = &t.puzzle.id;
    match t.origin {
        Origin::Server => {
            to_server.write(ToServer(ClientMessage::PuzzleResult { puzzle: id.clone(), solved }));
        }
        Origin::Device if profile.puzzles.tried(id) => {}
        Origin::Device => {
            let before = profile.puzzles.rating;
            let after = profile.puzzles.record(id, f64::from(t.puzzle.rating), solved);
            t.rating_change = Some((before, after));
            info!("puzzle {id} {}: rating {before:.0} -> {after:.0}", if solved { "solved" } else { "failed" });
        }
    }
}

/// The puzzle being solved, on the board, and the solver's rating (here and on the server).
#[derive(SystemParam)]
struct Solving<'w> {
    board: ResMut<'w, PuzzleBoard>,
    keeper: BoardKeeper<'w>,
    profile: ResMut<'w, Profile>,
    to_server: MessageWriter<'w, ToServer>,
}

fn handle_puzzle_commands(
    mut commands: MessageReader<PuzzleCommand>,
    mut open: MessageReader<OpenPuzzle>,
    mut solving: Solving,
    mut screens: Screens,
    link: Res<Link>,
    mut online: MessageWriter<OnlineCommand>,
    mut analysis: MessageWriter<AnalysisCommand>,
) {
    let Solving { board, keeper, profile, to_server } = &mut solving;
    let board = &mut **board;
    for OpenPuzzle(id) in open.read() {
        match fanorona_puzzles::shipped_puzzle(id) {
            Some(puzzle) => {
                set_up(board, keeper, Some(puzzle.clone()), Origin::Device);
                screens.go(AppState::Puzzles);
            }
            None => warn!("no puzzle is named {id}"),
        }
    }
    // Outside the screen only Open means anything (a stray key must never replace a game).
    let mut here = screens.here() == AppState::Puzzles;
    for &command in commands.read() {
        here |= command == PuzzleCommand::Open;
        if !here {
            continue;
        }
        match command {
            PuzzleCommand::Open => {
                screens.go(AppState::Puzzles);
                board.phase = Phase::Empty;
                next_puzzle(board, keeper, &profile.puzzles);
            }
            PuzzleCommand::Next => next_puzzle(board, keeper, &profile.puzzles),
            PuzzleCommand::Analyse => {
                analysis.write(AnalysisCommand::OpenOn(*keeper.session().game().start()));
            }
            PuzzleCommand::Retry => retry(board, keeper),
            PuzzleCommand::Variant(variant) if variant != board.variant => {
                board.variant = variant;
                next_puzzle(board, keeper, &profile.puzzles);
            }
            PuzzleCommand::Theme(theme) if theme != board.theme => {
                board.theme = theme;
                next_puzzle(board, keeper, &profile.puzzles);
            }
            PuzzleCommand::Online(on) if on != board.online => {
                board.online = on;
                if on && link.state() == LinkState::Offline {
                    online.write(OnlineCommand::Connect);
                }
                next_puzzle(board, keeper, &profile.puzzles);
            }
            PuzzleCommand::Hint => {
                // Only while the solver's turn is asked for (not while the reply is on its way).
                let Some(t) = board.trying_mut().filter(|t| t.asks_turn()) else { continue };
                let Some(turn) = t.puzzle.solution.get(t.played) else { continue };
                t.hint = turn.placement().or_else(|| turn.path().next());
                rate(t, profile, to_server, false);
            }
            PuzzleCommand::Solution => show_solution(board, keeper),
            PuzzleCommand::Variant(_) | PuzzleCommand::Theme(_) | PuzzleCommand::Online(_) => {}
        }
    }
}

/// The puzzle again from its start. One that was over was tried: it is not rated again, on the server (which
/// refuses a second result) or here.
fn retry(board: &mut PuzzleBoard, keeper: &mut BoardKeeper) {
    let Phase::Trying(t) = std::mem::take(&mut board.phase) else { return };
    let counts = t.counts && !t.is_over();
    set_up(board, keeper, Some(t.puzzle), t.origin);
    if let Some(again) = board.trying_mut() {
        again.counts = counts;
    }
}

/// The solution played out on the board, once the puzzle is over: shown as it ended, and rated no further.
fn show_solution(board: &mut PuzzleBoard, keeper: &mut BoardKeeper) {
    if !board.is_over() {
        return;
    }
    let Phase::Trying(t) = std::mem::take(&mut board.phase) else { return };
    let Try { puzzle, origin, status, rating_change, .. } = *t;
    let solution = puzzle.solution.iter().copied().collect();
    set_up(board, keeper, Some(puzzle), origin);
    if let Some(replay) = board.trying_mut() {
        (replay.status, replay.rating_change, replay.counts, replay.queue) = (status, rating_change, false, solution);
    }
}

/// Checks each turn the solver plays against the solution.
fn check_turns(
    mut committed: MessageReader<TurnCommitted>,
    mut board: ResMut<PuzzleBoard>,
    session: Res<Session>,
    mut profile: ResMut<Profile>,
    mut to_server: MessageWriter<ToServer>,
) {
    for c in committed.read() {
        // The solver's turns are the solution's even ones (from 0); the replies are the screen's own.
        let Some(t) = board.trying_mut().filter(|t| t.status == PuzzleStatus::Solving) else { continue };
        if c.ply != t.played + 1 || !t.played.is_multiple_of(2) {
            continue;
        }
        t.hint = None;
        // The solver's last turn may be another that wins as clearly (the puzzle's alternatives).
        if t.puzzle.accepts(t.played, &c.turn) {
            t.played += 1;
            info!("puzzle {}: {} right", t.puzzle.id, c.turn);
            match t.puzzle.solution.get(t.played) {
                Some(&reply) => t.queue.push_back(reply),
                None => {
                    t.status = PuzzleStatus::Solved;
                    rate(t, &mut profile, &mut to_server, true);
                }
            }
        } else {
            let [.., before, after] = session.game().positions()[..] else { continue };
            let took = trace_of(&before, &c.turn).captured.len();
            // What the turn lets the opponent take is shown by taking it.
            let refutation = biggest_capture(&after).filter(|_| !session.is_over());
            t.status = PuzzleStatus::Failed(match refutation {
                Some((reply, takes)) => {
                    t.queue.push_back(reply);
                    text!("puzzle-wrong-lets-take", took = took, takes = takes)
                }
                None => text!("puzzle-wrong-not-enough", took = took),
            });
            info!("puzzle {}: {} wrong", t.puzzle.id, c.turn);
            rate(t, &mut profile, &mut to_server, false);
        }
    }
}

/// Plays the next queued turn once the board has shown the last one: the opponent's reply (then the solver's turn
/// is asked for), or a turn of the solution replayed.
fn play_queued(mut board: ResMut<PuzzleBoard>, mut session: ResMut<Session>, mut announce: Announce) {
    let Some(t) = board.trying_mut() else { return };
    let Some(turn) = t.queue.pop_front() else { return };
    announce.whole_turn(&mut session, turn);
    if t.status == PuzzleStatus::Solving {
        t.played += 1;
    }
}

/// Gives the board the use the puzzle's state says ([`PuzzleBoard::board_use`]), whenever the state changed: the one
/// place that decides whether the person may play on the puzzle's board.
fn show_board_use(board: Res<PuzzleBoard>, mut session: ResMut<Session>) {
    if !board.is_changed() || !matches!(session.board_use(), BoardUse::Puzzle { .. }) {
        return;
    }
    let wanted = board.board_use();
    if session.board_use() != wanted {
        session.set_use(wanted);
    }
}
