//! The game being played: the rules' game, who plays each side, the turn being built, and what the board shows.

use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_rules::{
    CaptureKind, Game, GameRecord, Point, PointSet, Position, Side, Step, Turn, TurnBuilder, Variant,
};
use serde::{Deserialize, Serialize};

use crate::rating::is_rateable;
use crate::storage::{Notices, Storage};

/// The file of the autosaved current game.
pub const AUTOSAVE_FILE: &str = "current-game.ron";
/// The file of the game saved with the Save button.
pub const SAVED_FILE: &str = "saved-game.ron";

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerKind {
    /// A person at this device.
    Human,
    /// The computer at a level.
    Computer(Level),
}

impl std::fmt::Display for PlayerKind {
    /// `Player` or `Computer (level)`, as shown in the panel and written in game records.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerKind::Human => f.write_str("Player"),
            PlayerKind::Computer(level) => write!(f, "Computer ({level})"),
        }
    }
}

/// What the last turn did, to mark it on the board until the next one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnTrace {
    /// The points the piece stood on, in order (one point for a placement).
    pub path: Vec<Point>,
    /// The points whose pieces were captured.
    pub captured: Vec<Point>,
}

/// One step as it happened, for the animation: the step and the pieces it took, nearest first.
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
}

/// The whole board must be redrawn from the session (new game, undo, redo, load).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// A turn has been added to the game (for autosave, sound, the computer's next move).
#[derive(Message, Clone, Copy, Debug)]
pub struct TurnCommitted {
    /// The turn.
    pub turn: Turn,
}

/// The game in progress.
#[derive(Resource, Clone, Debug)]
pub struct Session {
    /// The rules' game: positions, turns, undo/redo, result.
    pub game: Game,
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
    /// Whether the game still counts for the person's rating (see [`crate::rating`]).
    pub rated: bool,
    /// The board takes no moves (a finished tutorial exercise).
    pub locked: bool,
}

impl Default for Session {
    fn default() -> Session {
        Session::new(Position::start(Variant::Tsivy), [PlayerKind::Human, PlayerKind::Human])
    }
}

impl Session {
    /// A new game from `start`, rated if it counts for the rating.
    pub fn new(start: Position, players: [PlayerKind; 2]) -> Session {
        Session { rated: is_rateable(&start, players), ..Session::from_game(Game::new(start), players) }
    }

    /// A session continuing `game`, unrated.
    pub fn from_game(game: Game, players: [PlayerKind; 2]) -> Session {
        let builder = TurnBuilder::new(*game.position());
        Session {
            game,
            players,
            builder,
            selected: None,
            choice: None,
            last_turn: None,
            hint: None,
            rated: false,
            locked: false,
        }
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

    /// Whether a person may act on the board now.
    pub fn human_to_move(&self) -> bool {
        self.player_to_move() == PlayerKind::Human && !self.game.is_over() && !self.locked
    }

    /// The computer's level, if a computer plays (White's, if it plays both sides).
    pub fn computer_level(&self) -> Option<Level> {
        self.players.iter().find_map(|p| match p {
            PlayerKind::Computer(level) => Some(*level),
            PlayerKind::Human => None,
        })
    }

    /// The side a person lost with, if the game is over and a person lost it.
    pub fn person_lost(&self) -> Option<Side> {
        let loser = !self.game.outcome()?.winner?;
        (self.players[loser.index()] == PlayerKind::Human).then_some(loser)
    }

    /// Points a person may click with effect now: movable pieces, the selected piece's destinations, placements.
    pub fn movable(&self) -> PointSet {
        if !self.human_to_move() {
            return PointSet::EMPTY;
        }
        self.builder.movable_pieces() | self.position().legal_placements()
    }

    /// The legal steps of the selected piece (or of the chain's piece).
    pub fn destinations(&self) -> Vec<Step> {
        match self.builder.chain_point().or(self.selected) {
            Some(p) if self.human_to_move() => self.builder.legal_steps_from(p),
            _ => Vec::new(),
        }
    }

    /// Adds a finished turn to the game and starts the next one. `trace` marks it on the board.
    pub fn commit(&mut self, turn: Turn, trace: TurnTrace) -> Result<(), String> {
        self.game.play(&turn).map_err(|e| e.to_string())?;
        self.reset_turn();
        self.last_turn = Some(trace);
        Ok(())
    }

    /// Forgets the turn being built, the selection, the choice and the hint.
    pub fn reset_turn(&mut self) {
        self.builder = TurnBuilder::new(*self.game.position());
        self.selected = None;
        self.choice = None;
        self.hint = None;
    }

    /// Takes back the last turn; against the computer, back to the person's previous turn. Returns whether
    /// anything was undone.
    pub fn undo(&mut self) -> bool {
        self.travel(Game::undo)
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
            self.after_jump();
        }
        moved
    }

    fn after_jump(&mut self) {
        self.reset_turn();
        self.last_turn =
            self.game.turns().last().map(|t| trace_of(&self.game.positions()[self.game.turns().len() - 1], t));
    }

    /// The vela offered after a person lost a standard tsivy game: the winner's side, to be handicapped.
    pub fn vela_offer(&self) -> Option<Side> {
        let loser = self.person_lost()?;
        (*self.game.start() == Position::start(Variant::Tsivy)).then_some(!loser)
    }

    /// The game as a record, with the players' names.
    pub fn record(&self) -> GameRecord {
        let mut record = GameRecord::of_game(&self.game);
        record.white = Some(self.players[0].to_string());
        record.black = Some(self.players[1].to_string());
        record
    }
}

/// What a turn does from `before`: its path and the captured points in order.
pub fn trace_of(before: &Position, turn: &Turn) -> TurnTrace {
    let mut captured = Vec::new();
    let mut builder = TurnBuilder::new(*before);
    for step in turn.steps() {
        captured.extend(capture_line(builder.current(), step));
        if builder.play(step).is_err() {
            break;
        }
    }
    TurnTrace { path: turn.path().collect(), captured }
}

/// The enemy pieces `step` takes on `board` (the board before the step), nearest to the mover first.
pub fn capture_line(board: &Position, step: Step) -> Vec<Point> {
    let enemy = !board.side_to_move();
    let (Some(first), Some(dir)) = (step.capture_start(), step.capture_dir()) else { return Vec::new() };
    let mut line = Vec::new();
    let mut at = Some(first);
    while let Some(p) = at.filter(|p| board.variant().contains(*p) && board.piece_at(*p) == Some(enemy)) {
        line.push(p);
        at = p.offset(dir);
    }
    line
}

/// A saved session: who played, the game record, and whether it still counts for the rating.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedSession {
    /// White and Black.
    pub players: [PlayerKind; 2],
    /// The game.
    pub record: GameRecord,
    /// Whether the game is rated (absent in older files: unrated).
    #[serde(default)]
    pub rated: bool,
}

impl SavedSession {
    /// Reads a saved session and replays its game. A bad file is an error saying what is wrong.
    pub fn parse(text: &str) -> Result<Session, String> {
        let saved: SavedSession = ron::from_str(text).map_err(|e| e.to_string())?;
        let game = saved.record.replay().map_err(|e| e.to_string())?;
        let rated = saved.rated && is_rateable(game.start(), saved.players);
        Ok(Session { rated, ..Session::from_game(game, saved.players) })
    }

    /// The text of a session.
    pub fn text(session: &Session) -> String {
        let saved = SavedSession { players: session.players, record: session.record(), rated: session.rated };
        ron::ser::to_string_pretty(&saved, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }
}

/// Reads a stored session: `None` if there is none; a bad one is set aside with a notice.
pub fn load_stored(storage: &Storage, name: &str, notices: &mut Notices) -> Option<Session> {
    match storage.read(name) {
        Ok(None) => None,
        Ok(Some(text)) => match SavedSession::parse(&text) {
            Ok(session) => Some(session),
            Err(e) => {
                let aside = storage.set_aside(name);
                notices.0.push(format!("A saved game could not be loaded ({e}). It was kept as {aside}."));
                None
            }
        },
        Err(e) => {
            notices.0.push(format!("A saved game could not be read: {e}"));
            None
        }
    }
}

/// Whether a capture choice between the two steps is needed: two steps to the same point, approach and withdrawal.
pub fn capture_choice(steps: &[Step]) -> Option<[Step; 2]> {
    let approach = steps.iter().find(|s| s.capture() == Some(CaptureKind::Approach))?;
    let withdrawal = steps.iter().find(|s| s.capture() == Some(CaptureKind::Withdrawal))?;
    Some([*approach, *withdrawal])
}
