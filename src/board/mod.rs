//! The board as entities: one per point, one per line, one per piece, kept in step with the session; and the
//! layout that maps points to the screen.

use bevy::prelude::*;
use fanorona_rules::{Direction, Point, Side, Variant};

use crate::animation::Animations;
use crate::session::{BoardReset, Session};
use crate::state::OnBoard;

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

/// Everything that belongs to the drawn board, for clearing it.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct BoardEntity;

/// Where the board is drawn: points `spacing` apart around `center`, in world units (logical pixels).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// The board's variant (its size).
    pub variant: Variant,
    /// Distance between neighbouring points.
    pub spacing: f32,
    /// The centre of the board.
    pub center: Vec2,
    /// Black's side at the bottom (or on the left, upright).
    pub flipped: bool,
    /// Turned a quarter clockwise, columns running down the screen: a wide board on a tall screen (a phone held
    /// upright) is drawn larger this way. White's side is then on the left.
    pub upright: bool,
}

impl Default for BoardLayout {
    fn default() -> BoardLayout {
        BoardLayout { variant: Variant::Tsivy, spacing: 100.0, center: Vec2::ZERO, flipped: false, upright: false }
    }
}

impl BoardLayout {
    /// The layout that fits the board in a `size` area centred at `center` (with a margin for coordinates), turned
    /// upright when that makes it clearly larger.
    pub fn fit(variant: Variant, size: Vec2, center: Vec2, flipped: bool) -> BoardLayout {
        let cols = f32::from(variant.width() - 1) + 1.4;
        let rows = f32::from(variant.height() - 1) + 1.4;
        let across = (size.x / cols).min(size.y / rows);
        let upright_spacing = (size.x / rows).min(size.y / cols);
        let upright = upright_spacing > across * 1.1;
        let spacing = if upright { upright_spacing } else { across }.max(8.0);
        BoardLayout { variant, spacing, center, flipped, upright }
    }

    /// A direction on the board (x towards the i column, y towards the 5th row) as drawn on the screen.
    pub fn orient(&self, v: Vec2) -> Vec2 {
        let v = if self.flipped { -v } else { v };
        if self.upright { Vec2::new(v.y, -v.x) } else { v }
    }

    /// The distance between the board's outermost points, across and up, as drawn.
    pub fn extent(&self) -> Vec2 {
        let size = Vec2::new(f32::from(self.variant.width() - 1), f32::from(self.variant.height() - 1)) * self.spacing;
        if self.upright { Vec2::new(size.y, size.x) } else { size }
    }

    /// Where a point is drawn.
    pub fn world(&self, p: Point) -> Vec2 {
        let (w, h) = (f32::from(self.variant.width() - 1), f32::from(self.variant.height() - 1));
        let centred = Vec2::new(f32::from(p.x()) - w / 2.0, f32::from(p.y()) - h / 2.0);
        self.center + self.orient(centred) * self.spacing
    }

    /// The point under a world position, if one is within 40% of the spacing.
    pub fn point_at(&self, world: Vec2) -> Option<Point> {
        self.variant
            .points()
            .iter()
            .map(|p| (p, self.world(p).distance(world)))
            .filter(|&(_, d)| d <= self.spacing * 0.4)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(p, _)| p)
    }
}

/// Spawns and clears the board's entities.
pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardLayout>()
            .add_message::<BoardReset>()
            .add_systems(OnEnter(OnBoard), rebuild_board)
            .add_systems(OnExit(OnBoard), clear_board)
            .add_systems(
                PostUpdate,
                rebuild_board.in_set(BoardRebuild).run_if(in_state(OnBoard).and_then(on_message::<BoardReset>)),
            );
    }
}

/// The system that draws the board anew after a [`BoardReset`]; what dresses or places board entities runs after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardRebuild;

fn clear_board(mut commands: Commands, entities: Query<Entity, With<BoardEntity>>) {
    for e in &entities {
        commands.entity(e).despawn();
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

/// Draws the board anew from the session: points, lines and the pieces as they stand now (the wooden board and
/// its labels stay).
#[allow(clippy::type_complexity)]
fn rebuild_board(
    mut commands: Commands,
    entities: Query<Entity, Or<(With<BoardPoint>, With<BoardLine>, With<Piece>)>>,
    session: Res<Session>,
    mut layout: ResMut<BoardLayout>,
    mut animations: ResMut<Animations>,
) {
    for e in &entities {
        commands.entity(e).despawn();
    }
    animations.clear();
    let board = session.board();
    let variant = board.variant();
    layout.variant = variant;
    for (p, q) in lattice(variant) {
        commands.spawn((BoardEntity, BoardLine(p, q), Transform::default()));
    }
    for p in variant.points() {
        commands.spawn((BoardEntity, BoardPoint(p), Transform::default()));
        if let Some(side) = board.piece_at(p) {
            commands.spawn((BoardEntity, Piece { side, point: p }, Transform::default()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_board_stands_upright_on_a_tall_screen_and_every_point_is_found_again() {
        let phone = Vec2::new(390.0, 540.0);
        let desktop = Vec2::new(1030.0, 800.0);
        assert!(BoardLayout::fit(Variant::Tsivy, phone, Vec2::ZERO, false).upright);
        assert!(!BoardLayout::fit(Variant::Tsivy, desktop, Vec2::ZERO, false).upright);
        assert!(!BoardLayout::fit(Variant::Dimy, phone, Vec2::ZERO, false).upright, "a square board never turns");
        for (size, flipped) in [(phone, false), (phone, true), (desktop, false), (desktop, true)] {
            let layout = BoardLayout::fit(Variant::Tsivy, size, Vec2::new(10.0, -20.0), flipped);
            let half = layout.extent() / 2.0;
            assert!(half.x + layout.spacing * 0.7 <= size.x / 2.0 + 0.01, "{layout:?}");
            assert!(half.y + layout.spacing * 0.7 <= size.y / 2.0 + 0.01, "{layout:?}");
            for p in Variant::Tsivy.points() {
                assert_eq!(layout.point_at(layout.world(p)), Some(p));
            }
        }
        // Upright, a1 is at the top left and White's side on the left.
        let layout = BoardLayout::fit(Variant::Tsivy, phone, Vec2::ZERO, false);
        let a1 = layout.world("a1".parse().unwrap_or_else(|_| unreachable!()));
        assert!(a1.x < 0.0 && a1.y > 0.0);
    }
}
