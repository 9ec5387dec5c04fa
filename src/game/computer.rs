//! The computer player: searches in the background (an [`EngineJob`]: a thread on the desktop, a few milliseconds
//! per frame on the web) while frames keep coming, then announces its turn step by step, so that the board animates it like a
//! person's, and adds it to the game.

use bevy::prelude::*;
use fanorona_ai::{Book, Level, Limits, Search, SearchResult, TranspositionTable};
use fanorona_rules::Game;

use super::BoardMoves;
use super::engine::{EngineJob, Polled, SliceBudget};
use super::session::{Announce, BoardReset, PlayerKind, Session};
use super::tables::EndgameTables;
use crate::AppSystems;
use crate::screens::{AppState, OnBoard};

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

    /// Stops and forgets the search (dropping the job stops it).
    pub fn cancel(&mut self) {
        self.job = None;
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
                // Under review and on the analysis board the computer plays no side.
                .run_if(in_state(AppState::Playing).or_else(in_state(AppState::Tutorial))),
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

fn start(thinking: &mut Thinking, tables: &EndgameTables, game: &Game, level: Level, purpose: Purpose) {
    thinking.seed = thinking.seed.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut search = Search::for_level(game, level, Limits::NONE, thinking.seed).with_book(Book::builtin());
    if let Some(tables) = tables.get(game.position().variant()) {
        search = search.with_tablebase(tables);
    }
    // A search that is cancelled takes the table with it; the next one starts a new table.
    if let Some(table) = thinking.table.take() {
        search = search.with_table(table);
    }
    let moves = game.turns().len();
    thinking.job = Some((EngineJob::start(search), purpose, moves));
}

fn start_thinking(mut thinking: ResMut<Thinking>, tables: Res<EndgameTables>, session: Res<Session>) {
    if thinking.job.is_some() || session.is_over() {
        return;
    }
    if let PlayerKind::Computer(level) = session.player_to_move() {
        start(&mut thinking, &tables, session.game(), level, Purpose::Move);
    }
}

fn request_hint(
    mut requests: MessageReader<HintRequest>,
    mut thinking: ResMut<Thinking>,
    tables: Res<EndgameTables>,
    mut session: ResMut<Session>,
) {
    if requests.read().count() > 0 && thinking.job.is_none() && session.human_to_move() {
        session.unrate();
        start(&mut thinking, &tables, session.game(), Level::Master, Purpose::Hint);
    }
}

fn poll_thinking(
    mut thinking: ResMut<Thinking>,
    mut budget: ResMut<SliceBudget>,
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
    thinking.table = table;
    // A result for a position that is gone (undo, new game) is dropped.
    if moves != session.game().turns().len() || session.is_over() {
        return;
    }
    let Some(turn) = result.best else { return };
    // How deep it looked, in the terminal and the browser's console (the web test reports it).
    info!("computer ({purpose:?}): {turn} at depth {}, {} nodes", result.depth, result.nodes);
    thinking.last = Some(result);
    match purpose {
        Purpose::Hint => session.hint = Some(turn),
        Purpose::Move => announce.whole_turn(&mut session, turn),
    }
}
