//! The game being played: the rules' game, who plays each side, the turn being built, and what the board shows.
//! Every change to the game goes through [`Session`]'s methods, which keep its result up to date, and through
//! [`Announce`], which tells the rest of the game what happened ([`StepPlayed`], [`TurnCommitted`], [`GameEnded`]).

use std::sync::LazyLock;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_rules::{
    Game, GameRecord, IllegalTurn, Outcome, Point, PointSet, Position, Progress, Side, Step, Turn, TurnBuilder, Variant,
};
use serde::{Deserialize, Serialize};

use crate::i18n::{Language, Locale, Text};
use crate::text;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerKind {
    /// A person at this device.
    Human,
    /// The computer at a level.
    Computer(Level),
    /// A person playing from elsewhere, through the game server.
    Online,
}

impl PlayerKind {
    /// Who plays, in words: a player, an online player, or the computer and its level.
    pub fn describe(self) -> Text {
        match self {
            PlayerKind::Human => text!("game-player", kind = "human", level = "none"),
            PlayerKind::Computer(level) => text!("game-player", kind = "computer", level = level.name()),
            PlayerKind::Online => text!("game-player", kind = "online", level = "none"),
        }
    }
}

/// English, in which game records name their players: a record is shared like its notation, so it reads the same
/// whatever language its player spoke.
static RECORD_LANGUAGE: LazyLock<Locale> = LazyLock::new(|| Locale::new(Language::English));

/// What the last turn did, to mark it on the board until the next one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnTrace {
    /// The points the piece stood on, in order (one point for a placement).
    pub path: Vec<Point>,
    /// The points whose pieces were captured.
    pub captured: Vec<Point>,
}

/// One step as it happened, for the animation and the sound: the step and the pieces it took, nearest first.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct StepPlayed {
    /// The side that moved.
    pub side: Side,
    /// The step (or `None` with `placed` for a telo placement).
    pub step: Option<Step>,
    /// A telo placement.
    pub placed: Option<Point>,
    /// Captured points in the order they fall (along the line, away from the mover).
    pub captured: Vec<Point>,
    /// The first step of a turn that arrived whole (the computer's, or an online opponent's): the board shows the
    /// turn's path a moment before the piece moves, so that the player sees what is coming.
    pub lead_in: bool,
}

impl StepPlayed {
    /// The steps of a whole turn that arrived from elsewhere (the computer's, an online opponent's, the title board's)
    /// played from `before`, in order, the first with its lead-in; and the turn's trace, to mark it on the board.
    /// The turn must be legal in `before`.
    pub fn of_turn(before: &Position, turn: &Turn) -> (Vec<StepPlayed>, TurnTrace) {
        let side = before.side_to_move();
        let mut steps = Vec::new();
        if let Some(point) = turn.placement() {
            steps.push(StepPlayed { side, step: None, placed: Some(point), captured: Vec::new(), lead_in: true });
        }
        // The captures found for the animation also mark the turn on the board afterwards.
        let mut trace = TurnTrace { path: turn.path().collect(), captured: Vec::new() };
        for (i, (step, taken)) in before.trace(turn).enumerate() {
            let captured: Vec<Point> = step.captured_in_order(taken).collect();
            trace.captured.extend(&captured);
            let lead_in = i == 0 && turn.placement().is_none();
            steps.push(StepPlayed { side, step: Some(step), placed: None, captured, lead_in });
        }
        (steps, trace)
    }
}

/// The whole board must be redrawn from the session (new game, undo, redo, load, a tutorial task).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// A turn has been added to the game (for autosave, the tutorial's checks, the log).
#[derive(Message, Clone, Copy, Debug)]
pub struct TurnCommitted {
    /// The turn.
    pub turn: Turn,
    /// Its number in the game, from 1 (as the server counts turns). Several turns can be committed in one frame,
    /// e.g. the person's and the computer's instant reply from its book: each carries its own.
    pub ply: usize,
}

/// The game has just ended, by a turn or a resignation (not by undo, redo or loading a finished game).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnded {
    /// How it ended: who won, or a draw, and why.
    pub outcome: Outcome,
}

/// What the board is used for: who may move on it, whether its game is kept, and what the panel offers follow from
/// it. A session is put on the board for a use by [`BoardKeeper`](super::keeper::BoardKeeper); within a use, only
/// the flag it carries changes ([`Session::set_use`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardUse {
    /// A game of the player's. `autosave`: kept in the autosave after every change, and the game commands (undo,
    /// save, ...) act on it; a game not kept (the board before the first game, a screenshot scene) takes turns only.
    Game {
        /// Whether the game is autosaved.
        autosave: bool,
    },
    /// A tutorial task.
    Tutorial {
        /// The task takes no (more) turns: a task to read, or one whose turn has been played.
        done: bool,
    },
    /// A puzzle: the person plays the solver's turns, the puzzle's replies come by themselves.
    Puzzle {
        /// No turn is asked for now: the reply is on its way, the puzzle is over, or its solution is replayed.
        done: bool,
    },
    /// A position of the game under review: looked at, never played.
    Review,
    /// The analysis board: the person plays both sides.
    Analysis {
        /// The position is being set up by hand: clicks change points, no turns.
        editing: bool,
    },
    /// An online game, played or watched: the server keeps it.
    Online {
        /// The server has ended it: no more turns.
        over: bool,
    },
}

impl BoardUse {
    /// Whether a person may play turns on the board (when a person plays the side to move and the game goes on).
    pub fn takes_turns(self) -> bool {
        match self {
            BoardUse::Game { .. } => true,
            BoardUse::Tutorial { done } | BoardUse::Puzzle { done } => !done,
            BoardUse::Review => false,
            BoardUse::Analysis { editing } => !editing,
            BoardUse::Online { over } => !over,
        }
    }

    /// Whether the computer plays its sides (the players set [`PlayerKind::Computer`]) on this board: in a game of
    /// the player's and in the tutorial's tasks. A puzzle's replies are the screen's own, a review and the analysis
    /// board only look or let people play, and an online game's opponent is the server's.
    pub fn computer_plays(self) -> bool {
        matches!(self, BoardUse::Game { .. } | BoardUse::Tutorial { .. })
    }

    /// Whether the board shows an online game (played, watched or over): its commands are the server's.
    pub fn online(self) -> bool {
        matches!(self, BoardUse::Online { .. })
    }

    /// Whether the board's game is the player's kept game: autosaved after every change, and what the game
    /// commands act on.
    pub fn autosaved(self) -> bool {
        self == BoardUse::Game { autosave: true }
    }

    /// Whether the board shows an online game the server has ended (its turns may be reviewed).
    pub fn online_game_over(self) -> bool {
        self == BoardUse::Online { over: true }
    }
}

/// The game in progress.
#[derive(Resource, Clone, Debug)]
pub struct Session {
    game: Game,
    /// The game's result, kept with the game so that nobody runs move generation to ask every frame.
    outcome: Option<Outcome>,
    /// Who plays White and Black.
    pub players: [PlayerKind; 2],
    /// The turn being built by a person, step by step.
    pub builder: TurnBuilder,
    /// The piece a person has picked up.
    pub selected: Option<Point>,
    /// A pending choice between approach and withdrawal: both steps to the same point.
    pub choice: Option<[Step; 2]>,
    /// The last turn, marked on the board.
    pub last_turn: Option<TurnTrace>,
    /// The computer's suggestion, shown until the next move.
    pub hint: Option<Turn>,
    /// Whether the game still counts for the person's rating.
    rated: bool,
    /// What the board is used for.
    board_use: BoardUse,
}

impl Default for Session {
    fn default() -> Session {
        Session::new(Position::start(Variant::Tsivy), [PlayerKind::Human, PlayerKind::Human])
    }
}

impl Session {
    /// A new game from `start`, rated if it counts for the rating (see [`Session::is_rateable`]).
    pub fn new(start: Position, players: [PlayerKind; 2]) -> Session {
        Session { rated: Session::is_rateable(&start, players), ..Session::from_game(Game::new(start), players) }
    }

    /// A session continuing `game`, unrated.
    pub fn from_game(game: Game, players: [PlayerKind; 2]) -> Session {
        let builder = TurnBuilder::new(*game.position());
        let mut session = Session {
            outcome: game.outcome(),
            game,
            players,
            builder,
            selected: None,
            choice: None,
            last_turn: None,
            hint: None,
            rated: false,
            board_use: BoardUse::Game { autosave: false },
        };
        session.mark_last_turn();
        session
    }

    /// A session continuing a saved `game`: rated if it was (`rated`) and it is a rateable game.
    pub fn resumed(game: Game, players: [PlayerKind; 2], rated: bool) -> Session {
        let rated = rated && Session::is_rateable(game.start(), players);
        Session { rated, ..Session::from_game(game, players) }
    }

    /// Whether a game from `start` between `players` counts for the rating: standard tsivy from its start position
    /// (no vela), one person against the computer.
    pub fn is_rateable(start: &Position, players: [PlayerKind; 2]) -> bool {
        let one_person = players.iter().filter(|p| **p == PlayerKind::Human).count() == 1;
        one_person && *start == Position::start(Variant::Tsivy)
    }

    /// The rules' game: positions, turns, what can be undone and redone.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the game still counts for the person's rating: a rateable game, finished or not, in which the
    /// person has had no help (no undo, no hint) and which was not loaded from the save slot.
    pub fn is_rated(&self) -> bool {
        self.rated
    }

    /// From now on the game does not count for the rating: the person had help (a hint), its rating has been
    /// recorded, or it was loaded from the save slot (and could be loaded again after a bad move).
    pub fn unrate(&mut self) {
        self.rated = false;
    }

    /// What the board is used for.
    pub fn board_use(&self) -> BoardUse {
        self.board_use
    }

    /// Changes the flag of the board's use without another session: a tutorial task answered, an online game ended,
    /// the analysis board set up by hand. (Another session comes with its use through
    /// [`BoardKeeper`](super::keeper::BoardKeeper).)
    pub fn set_use(&mut self, board_use: BoardUse) {
        self.board_use = board_use;
    }

    /// The current position (before the turn being built).
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The board as it stands now, with the steps of a turn in progress.
    pub fn board(&self) -> &Position {
        self.builder.current()
    }

    /// Who is to move.
    pub fn player_to_move(&self) -> PlayerKind {
        self.players[self.position().side_to_move().index()]
    }

    /// Asks the person which of the two captures of a step (`pair`, approach first) to make, its piece picked up.
    pub fn ask_choice(&mut self, pair: [Step; 2]) {
        self.selected = Some(pair[0].from());
        self.choice = Some(pair);
    }

    /// Whether a person may act on the board now.
    pub fn human_to_move(&self) -> bool {
        self.player_to_move() == PlayerKind::Human && !self.is_over() && self.board_use.takes_turns()
    }

    /// The computer's level, if a computer plays (White's, if it plays both sides).
    pub fn computer_level(&self) -> Option<Level> {
        self.players.iter().find_map(|p| match p {
            PlayerKind::Computer(level) => Some(*level),
            PlayerKind::Human | PlayerKind::Online => None,
        })
    }

    /// The side a person at this device plays, if exactly one does (against the computer or someone online).
    pub fn person_side(&self) -> Option<Side> {
        match self.players {
            [PlayerKind::Human, other] if other != PlayerKind::Human => Some(Side::White),
            [other, PlayerKind::Human] if other != PlayerKind::Human => Some(Side::Black),
            _ => None,
        }
    }

    /// The side a person lost with, if the game is over and a person lost it.
    pub fn person_lost(&self) -> Option<Side> {
        let loser = !self.outcome?.winner()?;
        (self.players[loser.index()] == PlayerKind::Human).then_some(loser)
    }

    /// Who gives up when the person presses Resign: the side to move if a person plays it, otherwise (the computer
    /// is thinking) the other side.
    pub fn resigning_side(&self) -> Side {
        let side = self.position().side_to_move();
        if self.player_to_move() == PlayerKind::Human { side } else { !side }
    }

    /// Points a person may click with effect now: movable pieces, the selected piece's destinations, placements.
    pub fn movable(&self) -> PointSet {
        if !self.human_to_move() {
            return PointSet::EMPTY;
        }
        self.builder.movable_pieces() | self.position().legal_placements()
    }

    /// The piece in play: the chain's piece, else the selected one.
    pub fn piece_in_play(&self) -> Option<Point> {
        self.builder.chain_point().or(self.selected)
    }

    /// The legal steps of the piece in play.
    pub fn destinations(&self) -> Vec<Step> {
        match self.piece_in_play() {
            Some(p) if self.human_to_move() => self.builder.legal_steps_from(p),
            _ => Vec::new(),
        }
    }

    /// The enemy pieces a legal step of the turn being built would take, nearest to the mover first (empty for a
    /// step that is not legal now).
    pub fn would_capture(&self, step: Step) -> Vec<Point> {
        self.builder.captures_of(step).map(|taken| step.captured_in_order(taken).collect()).unwrap_or_default()
    }

    /// Forgets the turn being built, the selection, the choice and the hint.
    pub fn reset_turn(&mut self) {
        self.builder = TurnBuilder::new(*self.game.position());
        self.selected = None;
        self.choice = None;
        self.hint = None;
    }

    /// Takes back the last turn; against the computer, back to the person's previous turn. Taking a turn back is
    /// help, so the game no longer counts for the rating. Returns whether anything was undone.
    pub fn undo(&mut self) -> bool {
        let moved = self.travel(Game::undo);
        self.rated &= !moved;
        moved
    }

    /// Plays again what was undone, up to the person's next turn. Returns whether anything was redone.
    pub fn redo(&mut self) -> bool {
        self.travel(Game::redo)
    }

    /// Moves through the history with `step` until a person is to move (or the history ends).
    fn travel(&mut self, step: fn(&mut Game) -> Option<Turn>) -> bool {
        let mut moved = false;
        while step(&mut self.game).is_some() {
            moved = true;
            if self.player_to_move() == PlayerKind::Human || !self.players.contains(&PlayerKind::Human) {
                break;
            }
        }
        if moved {
            self.outcome = self.game.outcome();
            self.reset_turn();
            self.mark_last_turn();
        }
        moved
    }

    /// Marks the game's last turn on the board (none at the start).
    fn mark_last_turn(&mut self) {
        let turns = self.game.turns();
        self.last_turn = turns.last().map(|t| trace_of(&self.game.positions()[turns.len() - 1], t));
    }

    /// The vela offered after a person lost a standard tsivy game: the winner's side, to be handicapped.
    pub fn vela_offer(&self) -> Option<Side> {
        let loser = self.person_lost()?;
        (*self.game.start() == Position::start(Variant::Tsivy)).then_some(!loser)
    }

    /// The game as a record, with the players' names.
    pub fn record(&self) -> GameRecord {
        let mut record = GameRecord::of_game(&self.game);
        record.white = Some(RECORD_LANGUAGE.text(&self.players[0].describe()));
        record.black = Some(RECORD_LANGUAGE.text(&self.players[1].describe()));
        record
    }

    /// Plays one step of the person's turn. Returns what it took (nearest first) and whether the turn goes on or
    /// is complete, or `None` if the step is not legal (nothing changes then).
    fn play_step(&mut self, step: Step) -> Option<(Vec<Point>, Progress)> {
        let played = self.builder.play(step).ok()?;
        self.choice = None;
        if played.progress == Progress::CanContinue {
            self.selected = self.builder.chain_point();
        }
        Some((step.captured_in_order(played.captured).collect(), played.progress))
    }

    /// Adds a finished turn to the game and starts the next one; `trace` marks it on the board. Returns how the
    /// game ended, if it did.
    fn commit(&mut self, turn: Turn, trace: TurnTrace) -> Result<Option<Outcome>, IllegalTurn> {
        self.game.play(&turn)?;
        self.outcome = self.game.outcome();
        self.reset_turn();
        self.last_turn = Some(trace);
        Ok(self.outcome)
    }

    /// `side` resigns. Returns the outcome if that ended the game (not if it was over already).
    fn resign(&mut self, side: Side) -> Option<Outcome> {
        if self.is_over() {
            return None;
        }
        self.game.resign(side);
        self.outcome = self.game.outcome();
        self.reset_turn();
        self.outcome
    }
}

/// What a legal turn does from `before`: its path and the captured points in the order they fall.
pub fn trace_of(before: &Position, turn: &Turn) -> TurnTrace {
    let captured = before.trace(turn).flat_map(|(step, taken)| step.captured_in_order(taken)).collect();
    TurnTrace { path: turn.path().collect(), captured }
}

/// Changes the game and says what happened: the one way turns, steps and resignations reach the session, so that
/// every change is announced the same way ([`StepPlayed`] for each step, [`TurnCommitted`], [`GameEnded`]).
#[derive(SystemParam)]
pub struct Announce<'w> {
    steps: MessageWriter<'w, StepPlayed>,
    committed: MessageWriter<'w, TurnCommitted>,
    ended: MessageWriter<'w, GameEnded>,
}

impl Announce<'_> {
    /// Plays one step of the person's turn; completes the turn if it cannot go on. Returns whether it was legal.
    pub fn step(&mut self, session: &mut Session, step: Step) -> bool {
        let side = session.board().side_to_move();
        let Some((captured, progress)) = session.play_step(step) else { return false };
        self.steps.write(StepPlayed { side, step: Some(step), placed: None, captured, lead_in: false });
        if let Progress::Complete(turn) = progress {
            self.commit_traced(session, turn);
        }
        true
    }

    /// Places a telo piece (a whole turn).
    pub fn place(&mut self, session: &mut Session, point: Point) {
        let side = session.position().side_to_move();
        self.steps.write(StepPlayed { side, step: None, placed: Some(point), captured: Vec::new(), lead_in: false });
        self.commit_traced(session, Turn::place(point));
    }

    /// Ends the person's chain here.
    pub fn stop(&mut self, session: &mut Session) {
        if let Ok(turn) = session.builder.stop() {
            self.commit_traced(session, turn);
        }
    }

    /// Plays a whole turn that was decided elsewhere (the computer's): each step is announced in order, then the
    /// turn joins the game. An illegal turn changes nothing.
    pub fn whole_turn(&mut self, session: &mut Session, turn: Turn) {
        let before = *session.position();
        if before.check_turn(&turn).is_err() {
            return;
        }
        let (steps, trace) = StepPlayed::of_turn(&before, &turn);
        self.steps.write_batch(steps);
        self.commit(session, turn, trace);
    }

    /// `side` resigns.
    pub fn resign(&mut self, session: &mut Session, side: Side) {
        if let Some(outcome) = session.resign(side) {
            self.ended.write(GameEnded { outcome });
        }
    }

    /// Commits a turn of the person's, whose board marks are worked out from the position before it.
    fn commit_traced(&mut self, session: &mut Session, turn: Turn) {
        let trace = trace_of(session.position(), &turn);
        self.commit(session, turn, trace);
    }

    fn commit(&mut self, session: &mut Session, turn: Turn, trace: TurnTrace) {
        match session.commit(turn, trace) {
            Ok(ended) => {
                self.committed.write(TurnCommitted { turn, ply: session.game().turns().len() });
                if let Some(outcome) = ended {
                    self.ended.write(GameEnded { outcome });
                }
            }
            Err(e) => error!("turn {turn} could not be played: {e}"),
        }
    }
}

/// Owns the session and its messages.
pub fn plugin(app: &mut App) {
    app.init_resource::<Session>()
        .add_message::<StepPlayed>()
        .add_message::<BoardReset>()
        .add_message::<TurnCommitted>()
        .add_message::<GameEnded>();
}
