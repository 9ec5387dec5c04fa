//! The analysis board: any position, set up by hand or reached by playing moves for both sides, with the engine's
//! best three lines updating as the board changes. The moves played form a tree: going back and playing another
//! move starts a variation, and every line stays there to go back to.
//!
//! Like the review, the board shows a session of its own (two people, never autosaved) in place of the game's,
//! which is put aside and comes back untouched when the analysis board is left.

mod panel;
#[cfg(feature = "dev")]
mod scenes;

use bevy::prelude::*;
use fanorona_ai::{Analysis, Limits, Line};
use fanorona_rules::{Game, Position, Side, Turn, Variant};

use crate::AppSystems;
use crate::game::engine::{EngineJob, Polled, SliceBudget};
use crate::game::keeper::BoardKeeper;
use crate::game::person::BoardClick;
use crate::game::session::{BoardUse, PlayerKind, Session, TurnCommitted};
use crate::game::tables::EndgameTables;
use crate::i18n::Text;
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::persistence::settings::Settings;
use crate::screens::{AppState, Screens};
use crate::title::{AddMenuEntry, MenuEntry};
use crate::{action, text};

/// Lines the engine shows.
pub const LINES: usize = 3;
/// The depths the engine goes through, each a complete analysis of [`LINES`] lines.
const DEPTHS: [u32; 5] = [2, 4, 6, 8, 10];

/// What the analysis board can be asked to do (its buttons and keys).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisCommand {
    /// Open it: on the position of the game on the board (from the game), or the start of the menu's board.
    Open,
    /// Open it on this position (a puzzle's start, from the puzzles); closing it goes back there.
    OpenOn(Position),
    /// Back to where it was opened from; the game comes back as it was.
    Close,
    /// One move back along the tree.
    Back,
    /// One move on (the first line played from here).
    Forward,
    /// Go to a node of the tree.
    Goto(usize),
    /// Start or finish setting up a position by hand (clicks then change the point clicked).
    ToggleEdit,
    /// While setting up: the other side is to move.
    ToggleSide,
    /// Put this position on the board (the start or an empty board of a variant); the tree starts again.
    SetPosition(Position),
}

/// Put the position in this text on the board (pasted by the player); a bad text is reported on the panel.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct AnalysisText(pub String);

/// One position of the tree: the move that led to it from its parent, and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The node it was played from (`None` for the root).
    pub parent: Option<usize>,
    /// The move from the parent.
    pub turn: Option<Turn>,
    /// The nodes played from here, the first one first.
    pub children: Vec<usize>,
}

/// A row of the drawn tree: moves that follow each other, indented by how deep a variation they are in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeRow {
    /// 0 for the main line, 1 for a variation of it, and so on.
    pub depth: usize,
    /// The nodes, in the order played.
    pub nodes: Vec<usize>,
}

/// The analysis board's state.
#[derive(Resource)]
pub struct AnalysisBoard {
    /// The screen to go back to (the board it showed is lent, and given back when the analysis board is left).
    back: Option<AppState>,
    root: Position,
    nodes: Vec<Node>,
    current: usize,
    /// Setting up a position by hand.
    editing: bool,
    /// What went wrong with the last change asked for (a bad text, an impossible setup).
    message: Option<Text>,
    /// The engine's analysis of the position on the board, and the depth it searches to.
    job: Option<(EngineJob<Analysis>, u32)>,
    lines: Vec<Line>,
    depth: u32,
}

impl Default for AnalysisBoard {
    fn default() -> AnalysisBoard {
        AnalysisBoard::new(Position::start(Variant::Tsivy))
    }
}

impl AnalysisBoard {
    fn new(root: Position) -> AnalysisBoard {
        AnalysisBoard {
            back: None,
            root,
            nodes: vec![Node { parent: None, turn: None, children: Vec::new() }],
            current: 0,
            editing: false,
            message: None,
            job: None,
            lines: Vec::new(),
            depth: 0,
        }
    }

    /// The position the tree starts from.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The tree's nodes (the root first).
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The node on the board.
    pub fn current(&self) -> usize {
        self.current
    }

    /// The nodes from the root to `node`, the root left out.
    pub fn path(&self, node: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = Some(node);
        while let Some(n) = at.filter(|&n| n != 0) {
            path.push(n);
            at = self.nodes.get(n).and_then(|node| node.parent);
        }
        path.reverse();
        path
    }

    /// The tree as rows to draw: the main line (each position's first move) in rows at depth 0, and each other
    /// move's line in rows one deeper, right after the move it is an alternative to; the main line goes on in a
    /// row of its own after them, as chess programs print variations.
    pub fn rows(&self) -> Vec<TreeRow> {
        let mut rows = Vec::new();
        if let Some((&main, others)) = self.nodes[0].children.split_first() {
            self.line_rows(main, others, 0, &mut rows);
        }
        rows
    }

    /// The rows of the line that starts with `first`, whose alternatives are `others`.
    fn line_rows(&self, first: usize, others: &[usize], depth: usize, rows: &mut Vec<TreeRow>) {
        let mut row = vec![first];
        let branch = |row: &mut Vec<usize>, others: &[usize], rows: &mut Vec<TreeRow>| {
            if !others.is_empty() {
                rows.push(TreeRow { depth, nodes: std::mem::take(row) });
                for &other in others {
                    self.line_rows(other, &[], depth + 1, rows);
                }
            }
        };
        branch(&mut row, others, rows);
        let mut at = first;
        while let Some((&main, others)) = self.nodes[at].children.split_first() {
            row.push(main);
            branch(&mut row, others, rows);
            at = main;
        }
        if !row.is_empty() {
            rows.push(TreeRow { depth, nodes: row });
        }
    }

    /// The move of `node` as the tree shows it: its number before White's moves, and before a Black move that
    /// starts a row (`3... d4-d3A`); nothing for the root, which has no move.
    pub fn move_label(&self, node: usize, starts_row: bool) -> String {
        let Some(turn) = self.nodes.get(node).and_then(|n| n.turn) else { return String::new() };
        // Plies from a position with White to move: the root's side decides where the numbering starts.
        let ply = self.path(node).len() - 1 + usize::from(self.root.side_to_move() == Side::Black);
        let number = ply / 2 + 1;
        match (ply.is_multiple_of(2), starts_row) {
            (true, _) => format!("{number}. {turn}"),
            (false, true) => format!("{number}... {turn}"),
            (false, false) => turn.to_string(),
        }
    }

    /// The engine's lines for the position on the board, best first, and the depth they were searched to.
    pub fn lines(&self) -> (&[Line], u32) {
        (&self.lines, self.depth)
    }

    /// Whether the engine is still looking deeper.
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }

    /// Whether a position is being set up by hand.
    pub fn editing(&self) -> bool {
        self.editing
    }

    /// What went wrong with the last change asked for.
    pub fn message(&self) -> Option<&Text> {
        self.message.as_ref()
    }

    /// The game from the root to `node`.
    fn game_at(&self, node: usize) -> Game {
        let mut game = Game::new(self.root);
        for n in self.path(node) {
            if let Some(turn) = self.nodes[n].turn
                && game.play(&turn).is_err()
            {
                break;
            }
        }
        game
    }

    /// The node reached by playing `turn` from the current one (a new variation if it was not played before).
    fn play(&mut self, turn: Turn) {
        let known = self.nodes[self.current].children.iter().copied().find(|&c| self.nodes[c].turn == Some(turn));
        self.current = known.unwrap_or_else(|| {
            let node = self.nodes.len();
            self.nodes.push(Node { parent: Some(self.current), turn: Some(turn), children: Vec::new() });
            self.nodes[self.current].children.push(node);
            node
        });
    }

    /// Starts the tree again from `root`.
    fn set_root(&mut self, root: Position) {
        *self = AnalysisBoard { back: self.back, editing: self.editing, ..AnalysisBoard::new(root) };
    }

    /// The session showing the current node (two people play on), and the board's use: no turns while setting up.
    fn view(&self) -> (Session, BoardUse) {
        let session = Session::from_game(self.game_at(self.current), [PlayerKind::Human, PlayerKind::Human]);
        (session, BoardUse::Analysis { editing: self.editing })
    }

    /// Starts the engine on the position on the board.
    fn restart_engine(&mut self, tables: &EndgameTables) {
        self.lines.clear();
        self.depth = 0;
        let game = self.game_at(self.current);
        self.job = (!self.editing && !game.is_over())
            .then(|| (EngineJob::start(analysis_of(&game, DEPTHS[0], tables)), DEPTHS[0]));
    }
}

/// B opens the analysis board from the game; on it clicks play both sides, and the keys move through the tree.
#[rustfmt::skip]
const KEYS: &[Binding] = {
    use KeyCode::{ArrowLeft, ArrowRight, Escape, KeyB, KeyE};
    const ANALYSIS: On = On::Screen(AppState::Analysis);
    &[
        bind(KeyB,       Needs::ANY,     On::Screen(AppState::Playing), action!(AnalysisCommand::Open), text!("game-key-analysis")),
        bind(ArrowLeft,  Needs::ANY,     ANALYSIS, action!(AnalysisCommand::Back),       text!("game-key-analysis-moves")),
        bind(ArrowRight, Needs::ANY,     ANALYSIS, action!(AnalysisCommand::Forward),    text!("game-key-analysis-moves")),
        bind(KeyE,       Needs::NO_CTRL, ANALYSIS, action!(AnalysisCommand::ToggleEdit), text!("game-key-analysis-edit")),
        bind(Escape,     Needs::ANY,     ANALYSIS, action!(AnalysisCommand::Close),      text!("game-key-close")),
    ]
};

/// What the analysis board draws: the panel (needs a window).
pub fn view_plugin(app: &mut App) {
    app.add_plugins(panel::plugin);
}

/// The analysis board's logic and keys (headless; [`view_plugin`] draws it).
pub fn plugin(app: &mut App) {
    #[cfg(feature = "dev")]
    app.add_plugins(scenes::plugin);
    app.init_resource::<AnalysisBoard>()
        .add_message::<AnalysisCommand>()
        .key_sets(AppState::Analysis, &[KeySet::Board, KeySet::Turns])
        .add_keys(Tier::Own, KEYS)
        .add_menu_entry(MenuEntry {
            order: 50,
            label: |_| text!("menu-analysis"),
            action: action!(AnalysisCommand::Open),
        })
        .add_message::<AnalysisText>()
        .add_systems(Update, handle_analysis_commands.in_set(AppSystems::Commands))
        .add_systems(
            Update,
            (follow_moves, edit_by_clicks, run_engine)
                .chain()
                .in_set(AppSystems::Rules)
                .run_if(in_state(AppState::Analysis)),
        )
        .add_systems(OnExit(AppState::Analysis), leave_analysis);
}

impl AnalysisBoard {
    /// Carries out a command of the analysis screen that moves in the tree or sets a position up; returns whether
    /// the position on the board changed.
    fn navigate(&mut self, command: AnalysisCommand) -> bool {
        match command {
            AnalysisCommand::Back if !self.editing => {
                let Some(parent) = self.nodes[self.current].parent else { return false };
                self.current = parent;
            }
            AnalysisCommand::Forward if !self.editing => {
                let Some(&child) = self.nodes[self.current].children.first() else { return false };
                self.current = child;
            }
            AnalysisCommand::Goto(node) if !self.editing && node < self.nodes.len() => self.current = node,
            AnalysisCommand::ToggleEdit => {
                // Setting up starts from the position on the board, as the root of a new tree.
                let position = *self.game_at(self.current).position();
                self.editing = !self.editing;
                self.set_root(position);
            }
            AnalysisCommand::ToggleSide if self.editing => {
                let mut setup = self.root.setup();
                setup.side_to_move = !setup.side_to_move;
                setup_root(self, setup);
            }
            AnalysisCommand::SetPosition(position) => self.set_root(position),
            _ => return false,
        }
        true
    }
}

fn handle_analysis_commands(
    mut commands: MessageReader<AnalysisCommand>,
    mut texts: MessageReader<AnalysisText>,
    mut board: ResMut<AnalysisBoard>,
    mut keeper: BoardKeeper,
    mut screens: Screens,
    settings: Res<Settings>,
    tables: Res<EndgameTables>,
) {
    let here = screens.here();
    let mut changed = false;
    for &command in commands.read() {
        let board = &mut *board;
        match (command, here) {
            (AnalysisCommand::Open, AppState::Playing | AppState::Menu) | (AnalysisCommand::OpenOn(_), _)
                if here != AppState::Analysis =>
            {
                let root = match (command, here) {
                    (AnalysisCommand::OpenOn(position), _) => position,
                    (_, AppState::Playing) => *keeper.session().position(),
                    _ => Position::start(settings.variant),
                };
                *board = AnalysisBoard { back: Some(here), ..AnalysisBoard::new(root) };
                screens.go(AppState::Analysis);
                changed = true;
            }
            (AnalysisCommand::Close, AppState::Analysis) => {
                screens.go(board.back.unwrap_or(AppState::Menu));
            }
            (command, AppState::Analysis) => changed |= board.navigate(command),
            _ => {}
        }
    }
    for AnalysisText(text) in texts.read() {
        if here != AppState::Analysis {
            continue;
        }
        match text.trim().parse::<Position>() {
            Ok(position) => board.set_root(position),
            Err(e) => board.message = Some(text!("analysis-not-a-position", error = e.to_string())),
        }
        changed = true;
    }
    // The first view (the board is lent as the analysis board opens), and every change of position.
    if changed || (screens.changed() && here == AppState::Analysis) {
        board.restart_engine(&tables);
        if here == AppState::Analysis || board.back.is_some() {
            let (session, board_use) = board.view();
            keeper.lend(session, board_use);
        }
    }
}

/// The engine's analysis of `game`'s position to `depth`, with the endgame tables once they are built: a line's
/// score in an ending they hold is exact, as the master plays it.
fn analysis_of(game: &Game, depth: u32, tables: &EndgameTables) -> Analysis {
    let analysis = Analysis::new(game, Limits::depth(depth), LINES);
    match tables.get(game.position().variant()) {
        Some(tablebase) => analysis.with_tablebase(tablebase),
        None => analysis,
    }
}

/// Makes `setup` the root if it is a position, else says why not (the board stays as it was).
fn setup_root(board: &mut AnalysisBoard, setup: fanorona_rules::Setup) {
    match setup.position() {
        Ok(position) => board.set_root(position),
        Err(e) => board.message = Some(text!("analysis-not-playable", error = e.to_string())),
    }
}

/// A move played on the board (by clicks, for either side) goes into the tree.
fn follow_moves(
    mut committed: MessageReader<TurnCommitted>,
    mut board: ResMut<AnalysisBoard>,
    tables: Res<EndgameTables>,
) {
    for c in committed.read() {
        board.play(c.turn);
        board.restart_engine(&tables);
    }
}

/// While setting up, a click changes the point: empty, then White, then Black, then empty again.
fn edit_by_clicks(mut clicks: MessageReader<BoardClick>, mut board: ResMut<AnalysisBoard>, mut keeper: BoardKeeper) {
    for &BoardClick(point) in clicks.read() {
        if !board.editing {
            continue;
        }
        let mut setup = board.root.setup();
        let next = match setup.piece_at(point) {
            None => Some(Side::White),
            Some(Side::White) => Some(Side::Black),
            Some(Side::Black) => None,
        };
        setup.put(point, next);
        if next == Some(Side::Black) && setup.position().is_err() {
            // Black has all its pieces already: the point goes back to empty instead.
            setup.put(point, None);
        }
        board.message = None;
        setup_root(&mut board, setup);
        let (session, board_use) = board.view();
        keeper.put(session, board_use);
    }
}

/// Collects the engine's lines one depth after another (the next depth goes on with what the last one stored).
fn run_engine(mut board: ResMut<AnalysisBoard>, mut budget: ResMut<SliceBudget>, tables: Res<EndgameTables>) {
    let board = &mut *board;
    let Some((job, depth)) = board.job.as_mut() else { return };
    let depth = *depth;
    let (lines, mut analysis) = match job.poll(&mut budget) {
        Polled::Working => return,
        Polled::Done(lines, analysis) => (lines, analysis),
        Polled::Failed => {
            board.job = None;
            return;
        }
    };
    board.lines = lines;
    board.depth = depth;
    let table = analysis.take_table();
    let game = board.game_at(board.current);
    board.job = DEPTHS.iter().find(|&&d| d > depth).map(|&next| {
        let analysis = analysis_of(&game, next, &tables);
        (EngineJob::start(if let Some(table) = table { analysis.with_table(table) } else { analysis }), next)
    });
}

/// The analysis board is left: the board's own session comes back.
fn leave_analysis(mut board: ResMut<AnalysisBoard>, mut keeper: BoardKeeper) {
    board.job = None;
    board.editing = false;
    board.back = None;
    keeper.give_back();
}
