//! The screens of the game, as states: the menu, a game on the board, the tutorial, puzzles, review, the analysis
//! board, and online play (the lobby and a game).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::AppSystems;

/// The screen shown and the one to show next, for a command that changes screens.
#[derive(SystemParam)]
pub struct Screens<'w> {
    state: Res<'w, State<AppState>>,
    next: ResMut<'w, NextState<AppState>>,
}

impl Screens<'_> {
    /// The screen shown.
    pub fn here(&self) -> AppState {
        *self.state.get()
    }

    /// Shows `screen` from the next frame on (once, if asked twice).
    pub fn go(&mut self, screen: AppState) {
        (*self.next).set_if_neq(screen);
    }

    /// Whether the screen changed since the system last ran.
    pub fn changed(&self) -> bool {
        self.state.is_changed()
    }
}

/// Which screen is shown.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppState {
    /// The main menu: choose the variant, the opponent and the side.
    #[default]
    Menu,
    /// A game on the board.
    Playing,
    /// The tutorial: lessons on the board.
    Tutorial,
    /// Puzzles: a position where one turn wins, to find.
    Puzzles,
    /// A game under review.
    Review,
    /// The analysis board.
    Analysis,
    /// Online play: the connection and the lobby of challenges.
    Lobby,
    /// A game against someone online.
    Online,
}

impl AppState {
    /// Every screen, as the key table lists them.
    pub const ALL: &[AppState] = &[
        AppState::Menu,
        AppState::Lobby,
        AppState::Playing,
        AppState::Tutorial,
        AppState::Puzzles,
        AppState::Review,
        AppState::Analysis,
        AppState::Online,
    ];
}

/// The build stops here when a screen is added (this match has no arm for it), so that it gets into
/// [`AppState::ALL`], and so into the key table and its tests.
const _: fn(AppState) = |screen| match screen {
    AppState::Menu
    | AppState::Lobby
    | AppState::Playing
    | AppState::Tutorial
    | AppState::Puzzles
    | AppState::Review
    | AppState::Analysis
    | AppState::Online => {}
};

/// Present while a board is on screen (a game or the tutorial): the board, the pieces, clicks and the computer
/// player run in this state, and the board's entities are despawned when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnBoard;

impl ComputedStates for OnBoard {
    type SourceStates = AppState;

    fn compute(state: AppState) -> Option<OnBoard> {
        matches!(
            state,
            AppState::Playing
                | AppState::Tutorial
                | AppState::Puzzles
                | AppState::Review
                | AppState::Analysis
                | AppState::Online
        )
        .then_some(OnBoard)
    }
}

/// Present while any board is on screen: a game's ([`OnBoard`]) or the title screen's behind the menu. Steps are
/// animated in this state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardShown;

impl ComputedStates for BoardShown {
    type SourceStates = AppState;

    fn compute(state: AppState) -> Option<BoardShown> {
        (state == AppState::Menu || OnBoard::compute(state).is_some()).then_some(BoardShown)
    }
}

/// Leave the board for the menu (a key, the panel's New game, the game-over dialog).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShowMenu;

/// Registers the screens.
pub fn plugin(app: &mut App) {
    app.init_state::<AppState>()
        .add_computed_state::<OnBoard>()
        .add_computed_state::<BoardShown>()
        .add_message::<ShowMenu>()
        .add_systems(Update, (show_menu.in_set(AppSystems::Commands), announce_ready.in_set(AppSystems::Presentation)));
}

fn show_menu(mut requests: MessageReader<ShowMenu>, mut next: ResMut<NextState<AppState>>) {
    if requests.read().count() > 0 {
        (*next).set_if_neq(AppState::Menu);
    }
}

/// Logs "Fanorona ready" once the first frames have run (the browser test waits for it).
fn announce_ready(mut frames: Local<u32>) {
    *frames += 1;
    if *frames == 3 {
        info!("Fanorona ready");
    }
}
