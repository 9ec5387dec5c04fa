//! The board as entities: the wooden board, its coordinate labels, one entity per point, per line and per piece,
//! kept in step with the session; the layout that maps points to the screen; the animations of the moves; and
//! (with a window) how all of it is drawn and highlighted. Everything on the board is despawned when the board
//! leaves the screen.

pub mod animation;
pub mod drawing;
pub mod highlights;
pub mod layout;
pub mod preview;

use bevy::prelude::*;
use fanorona_rules::{Direction, Point, Position, Side, Variant};

use crate::AppSystems;
use crate::game::session::{BoardReset, Session};
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::persistence::settings::Settings;
use crate::screens::OnBoard;
use layout::{BoardCursor, BoardLayout, HoveredPoint, UiInsets};

/// A point of the lattice.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPoint(pub Point);

/// A line of the lattice between two neighbouring points.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLine(pub Point, pub Point);

/// A piece on the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its side.
    pub side: Side,
    /// Where it stands (where it is going, while it slides).
    pub point: Point,
}

/// The wooden board (`frame: false`) or its darker frame behind it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardBackground {
    /// The frame rather than the board.
    pub frame: bool,
}

/// A coordinate label: a column letter under the board or a row number beside it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoordLabel {
    /// The letter of a column (0 is a).
    Column(u8),
    /// The number of a row (0 is 1).
    Row(u8),
}

/// A piece carried by the pointer: the point it was picked up from, and where the pointer holds it (in world
/// coordinates) once it has been carried off its point. Drawn there until it is let go.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Dragging {
    /// Where the pointer went down on the board.
    pub from: Option<Point>,
    /// Where the piece is held, once carried.
    pub at: Option<Vec2>,
    /// The point a carried piece was let go on in this frame: its step there lands at once instead of sliding from
    /// where the piece was picked up.
    pub let_go: Option<Point>,
}

/// Turn the board around (a key or the panel's button): Black's side at the bottom, or White's again.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlipBoard;

/// F turns any board around.
const KEYS: &[Binding] = &[bind(
    KeyCode::KeyF,
    Needs::NO_CTRL,
    On::Set(KeySet::Board),
    crate::action!(FlipBoard),
    crate::text!("game-key-flip"),
)];

/// The system that draws the board anew after a [`BoardReset`]; what dresses or places board entities runs after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardRebuild;

/// The board's entities and animations (no drawing: usable headless).
pub fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>()
        .init_resource::<UiInsets>()
        .init_resource::<HoveredPoint>()
        .init_resource::<BoardCursor>()
        .init_resource::<Dragging>()
        .add_message::<FlipBoard>()
        .add_keys(Tier::Shared, KEYS)
        .add_plugins((animation::plugin, preview::plugin))
        .add_systems(OnEnter(OnBoard), (spawn_board, rebuild_board).chain())
        .add_systems(Update, flip_board.in_set(AppSystems::Commands))
        .add_systems(
            Update,
            rebuild_board
                .in_set(BoardRebuild)
                .in_set(AppSystems::Presentation)
                .run_if(in_state(OnBoard).and_then(on_message::<BoardReset>)),
        );
}

fn flip_board(mut flips: MessageReader<FlipBoard>, mut settings: ResMut<Settings>) {
    for _ in flips.read() {
        settings.flipped = !settings.flipped;
    }
}

/// The lines of a board: each pair of neighbouring points once.
pub fn lattice(variant: Variant) -> impl Iterator<Item = (Point, Point)> {
    variant.points().iter().flat_map(move |p| {
        [Direction::N, Direction::NE, Direction::E, Direction::SE].into_iter().filter_map(move |d| {
            p.offset(d).filter(|q| variant.contains(*q) && p.direction_to(*q).is_some()).map(|q| (p, q))
        })
    })
}

/// The wooden board and the coordinate labels, once when the board appears (labels beyond a smaller board are
/// hidden when it is drawn).
fn spawn_board(mut commands: Commands) {
    spawn_wood(&mut commands, OnBoard);
    let labels = (0..9).map(CoordLabel::Column).chain((0..5).map(CoordLabel::Row));
    for label in labels {
        commands.spawn((DespawnOnExit(OnBoard), label, Transform::default(), Visibility::default()));
    }
}

/// Draws the board anew from the session: points, lines and the pieces as they stand now (the wooden board and
/// its labels stay).
#[allow(clippy::type_complexity)]
fn rebuild_board(
    mut commands: Commands,
    entities: Query<Entity, Or<(With<BoardPoint>, With<BoardLine>, With<Piece>)>>,
    session: Res<Session>,
    mut layout: ResMut<BoardLayout>,
) {
    for e in &entities {
        commands.entity(e).despawn();
    }
    let board = session.board();
    layout.variant = board.variant();
    layout.turns_to_player = true;
    spawn_lattice(&mut commands, OnBoard, board.variant());
    spawn_pieces(&mut commands, OnBoard, board, ());
}

/// The wooden board and its frame, shown while `screen` lasts.
pub fn spawn_wood<S: States>(commands: &mut Commands, screen: S) {
    for frame in [true, false] {
        commands.spawn((DespawnOnExit(screen.clone()), BoardBackground { frame }, Transform::default()));
    }
}

/// The lines and points of a board, shown while `screen` lasts.
pub fn spawn_lattice<S: States>(commands: &mut Commands, screen: S, variant: Variant) {
    for (p, q) in lattice(variant) {
        commands.spawn((DespawnOnExit(screen.clone()), BoardLine(p, q), Transform::default()));
    }
    for p in variant.points() {
        commands.spawn((DespawnOnExit(screen.clone()), BoardPoint(p), Transform::default()));
    }
}

/// The pieces of `board`, shown while `screen` lasts, each with `extra` (an animation, or nothing).
pub fn spawn_pieces<S: States>(commands: &mut Commands, screen: S, board: &Position, extra: impl Bundle + Clone) {
    for p in board.variant().points() {
        if let Some(side) = board.piece_at(p) {
            commands.spawn((piece_on(screen.clone(), side, p), extra.clone()));
        }
    }
}

/// A piece entity standing on `point`, shown while `screen` lasts.
pub fn piece_on<S: States>(screen: S, side: Side, point: Point) -> impl Bundle {
    (DespawnOnExit(screen), Piece { side, point }, Transform::default(), Visibility::default())
}
