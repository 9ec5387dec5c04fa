//! The computer player: searches in the background (an [`EngineJob`]: a thread on the desktop, a few milliseconds
//! per frame on the web) while frames keep coming, then announces its turn step by step, so that the board animates it like a
//! person's, and adds it to the game. On the desktop the strong and master levels think on the person's time too,
//! about the reply they expect, and the master searches with several threads (see the settings).

use bevy::prelude::*;
use fanorona_ai::{Book, Level, Limits, PonderHandle, Search, SearchResult, TranspositionTable};
use fanorona_rules::{Game, Turn};

use super::BoardMoves;
use super::engine::{EngineJob, Polled, SliceBudget};
use super::session::{Announce, BoardReset, PlayerKind, Session};
use super::tables::EndgameTables;
use crate::AppSystems;
use crate::persistence::settings::Settings;
use crate::screens::OnBoard;

/// What the computer is thinking about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Its own move.
    Move,
    /// A hint for the person.
    Hint,
}

/// Asks the computer for a hint for the side to move.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequest;

/// The computer's current search, if any, and the table its searches share: what one turn's search learned saves
/// work in the next.
#[derive(Resource, Default)]
pub struct Thinking {
    /// The search, what it is for, and the number of turns of the game it searches.
    job: Option<(EngineJob<Search>, Purpose, usize)>,
    seed: u64,
    table: Option<TranspositionTable>,
    last: Option<SearchResult>,
    /// The search on the person's time, if any.
    pondering: Option<Pondering>,
    /// Turns the computer answered from its search on the person's time.
    ponder_hits: u32,
}

/// The computer's search on the person's time: of the position after the reply it expects.
struct Pondering {
    job: EngineJob<Search>,
    hit: PonderHandle,
    /// The reply it expects.
    guess: Turn,
    /// The number of turns of the game once the guess is played.
    moves: usize,
}

impl Thinking {
    /// Whether the computer is searching for a purpose.
    pub fn is(&self, purpose: Purpose) -> bool {
        self.job.as_ref().is_some_and(|(_, p, _)| *p == purpose)
    }

    /// The last search that finished: its turn, score, depth and nodes.
    pub fn last_result(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }

    /// The reply the computer expects and thinks about on the person's time, if it does.
    pub fn ponder_guess(&self) -> Option<Turn> {
        self.pondering.as_ref().map(|p| p.guess)
    }

    /// How many of its turns the computer found by thinking on the person's time (a right guess).
    pub fn ponder_hits(&self) -> u32 {
        self.ponder_hits
    }

    /// Stops and forgets the searches (dropping a job stops it).
    pub fn cancel(&mut self) {
        self.job = None;
        self.pondering = None;
    }
}

/// The systems that start the computer's searches and play its turns (the autosave and the end of the game come
/// after them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ComputerMoves;

/// Runs the computer player and hints.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<EndgameTables>()
        .add_message::<HintRequest>()
        .add_systems(Update, request_hint.in_set(AppSystems::Commands))
        .add_systems(
            Update,
            (cancel_on_reset, start_thinking.in_set(BoardMoves), poll_thinking)
                .chain()
                .in_set(ComputerMoves)
                .in_set(AppSystems::Rules)
                // While a board is on screen; which boards it plays on, their use says (`start_thinking`).
                .run_if(in_state(OnBoard)),
        )
        .add_systems(OnExit(OnBoard), stop_thinking);
}

fn stop_thinking(mut thinking: ResMut<Thinking>) {
    thinking.cancel();
}

/// Whatever the computer was thinking about belongs to a board that is gone.
fn cancel_on_reset(mut resets: MessageReader<BoardReset>, mut thinking: ResMut<Thinking>) {
    if resets.read().count() > 0 {
        thinking.cancel();
    }
}

/// The computer's search of `game`'s position at `level`, with what it knows: its book, the endgame tables, its
/// table of the game so far (a clone: clones share it) and the threads of the settings.
fn search(thinking: &mut Thinking, tables: &EndgameTables, settings: &Settings, game: &Game, level: Level) -> Search {
    thinking.seed = thinking.seed.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut search = Search::for_level(game, level, Limits::NONE, thinking.seed)
        .with_book(Book::builtin())
        .with_threads(settings.engine_threads());
    if let Some(tables) = tables.get(game.position().variant()) {
        search = search.with_tablebase(tables);
    }
    if let Some(table) = &thinking.table {
        search = search.with_table(table.clone());
    }
    search
}

fn start(
    thinking: &mut Thinking,
    tables: &EndgameTables,
    settings: &Settings,
    game: &Game,
    level: Level,
    purpose: Purpose,
) {
    let search = search(thinking, tables, settings, game, level);
    thinking.job = Some((EngineJob::start(search), purpose, game.turns().len()));
}

fn start_thinking(
    mut thinking: ResMut<Thinking>,
    tables: Res<EndgameTables>,
    settings: Res<Settings>,
    session: Res<Session>,
) {
    if thinking.job.is_some() || session.is_over() || !session.board_use().computer_plays() {
        return;
    }
    let PlayerKind::Computer(level) = session.player_to_move() else { return };
    let game = session.game();
    // A right guess: the search on the person's time goes on, now for the computer's turn; a wrong one is dropped.
    if let Some(pondering) = thinking.pondering.take()
        && pondering.moves == game.turns().len()
        && game.turns().last() == Some(&pondering.guess)
    {
        pondering.hit.hit();
        thinking.ponder_hits += 1;
        thinking.job = Some((pondering.job, Purpose::Move, pondering.moves));
        return;
    }
    start(&mut thinking, &tables, &settings, game, level, Purpose::Move);
}

/// After the computer's turn against a person at this device, thinks on the person's time about the reply its
/// search expected (strong and master, when the settings let it).
fn start_pondering(
    thinking: &mut Thinking,
    tables: &EndgameTables,
    settings: &Settings,
    session: &Session,
    result: &SearchResult,
) {
    let PlayerKind::Computer(level) = session.player_to_move() else { return };
    let (Some(best), Some(&guess)) = (result.best, result.pv.get(1)) else { return };
    let mut after = session.game().clone();
    // Only against a person here: another computer answers at once, and an online opponent's turns come late.
    let person = session.players[(!session.position().side_to_move()).index()] == PlayerKind::Human;
    if !settings.ponders() || !level.ponders() || !person || after.play(&best).and(after.play(&guess)).is_err() {
        return;
    }
    let search = search(thinking, tables, settings, &after, level).ponder();
    let hit = search.ponder_handle();
    thinking.pondering = Some(Pondering { job: EngineJob::start(search), hit, guess, moves: after.turns().len() });
}

fn request_hint(
    mut requests: MessageReader<HintRequest>,
    mut thinking: ResMut<Thinking>,
    tables: Res<EndgameTables>,
    settings: Res<Settings>,
    mut session: ResMut<Session>,
) {
    if requests.read().count() > 0 && thinking.job.is_none() && session.human_to_move() {
        session.unrate();
        start(&mut thinking, &tables, &settings, session.game(), Level::Master, Purpose::Hint);
    }
}

fn poll_thinking(
    mut thinking: ResMut<Thinking>,
    mut budget: ResMut<SliceBudget>,
    (tables, settings): (Res<EndgameTables>, Res<Settings>),
    mut session: ResMut<Session>,
    mut announce: Announce,
) {
    let Some((job, purpose, moves)) = thinking.job.as_mut() else { return };
    let (purpose, moves) = (*purpose, *moves);
    let (result, table) = match job.poll(&mut budget) {
        Polled::Working => return,
        Polled::Done(result, mut search) => (result, search.take_table()),
        // The next frame starts the search again.
        Polled::Failed => {
            thinking.job = None;
            return;
        }
    };
    thinking.job = None;
    // The same table as the clone kept here, or the one a first search made.
    thinking.table = table;
    // A result for a position that is gone (undo, new game) is dropped.
    if moves != session.game().turns().len() || session.is_over() {
        return;
    }
    let Some(turn) = result.best else { return };
    // How deep it looked, in the terminal and the browser's console (the web test reports it).
    info!("computer ({purpose:?}): {turn} at depth {}, {} nodes", result.depth, result.nodes);
    if purpose == Purpose::Move {
        start_pondering(&mut thinking, &tables, &settings, &session, &result);
    }
    thinking.last = Some(result);
    match purpose {
        Purpose::Hint => session.hint = Some(turn),
        Purpose::Move => announce.whole_turn(&mut session, turn),
    }
}
