//! How the board looks: a wooden board with its lattice, shaded pieces, coordinates, and the highlights that guide
//! a player (movable pieces, destinations, the chain in progress, the capture choice, the last turn, hints).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use fanorona_rules::{CaptureKind, Point, Side};

use crate::animation::{Appearing, Fading, Sliding, ease};
use crate::board::{BoardEntity, BoardLayout, BoardLine, BoardPoint, BoardRebuild, Piece};
use crate::input::HoveredPoint;
use crate::session::Session;
use crate::session::capture_line;
use crate::settings::Settings;
use crate::state::{AppState, OnBoard};
use crate::tutorial::Tutorial;

/// The colours of the game.
pub mod palette {
    use bevy::prelude::Color;

    /// Behind the board.
    pub const BACKGROUND: Color = Color::srgb(0.13, 0.18, 0.16);
    /// The board's wood.
    pub const WOOD: Color = Color::srgb(0.80, 0.62, 0.40);
    /// The board's frame.
    pub const FRAME: Color = Color::srgb(0.45, 0.28, 0.14);
    /// Lines and points.
    pub const INK: Color = Color::srgb(0.30, 0.19, 0.10);
    /// White pieces: ivory.
    pub const WHITE_BODY: Color = Color::srgb(0.96, 0.92, 0.84);
    /// White pieces' rim.
    pub const WHITE_RIM: Color = Color::srgb(0.42, 0.34, 0.25);
    /// White pieces' sheen.
    pub const WHITE_SHEEN: Color = Color::srgb(1.0, 1.0, 0.98);
    /// Black pieces: charcoal.
    pub const BLACK_BODY: Color = Color::srgb(0.15, 0.16, 0.19);
    /// Black pieces' rim.
    pub const BLACK_RIM: Color = Color::srgb(0.62, 0.66, 0.74);
    /// Black pieces' sheen.
    pub const BLACK_SHEEN: Color = Color::srgb(0.34, 0.37, 0.44);
}

/// The colours of the marks that guide a player. Two sets: the standard one, and one for colour-blind players
/// (Okabe and Ito's palette, whose colours stay apart under the common kinds of colour blindness).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Highlights {
    /// Pieces that may move.
    pub movable: Color,
    /// The selected piece, its destinations, the chain.
    pub select: Color,
    /// Pieces an approach would take.
    pub approach: Color,
    /// Pieces a withdrawal would take.
    pub withdrawal: Color,
    /// The last turn's path.
    pub last_turn: Color,
    /// Points where pieces were captured in the last turn.
    pub captured: Color,
    /// The hint's path.
    pub hint: Color,
    /// Points the tutorial points out.
    pub lesson: Color,
}

impl Highlights {
    /// The standard colours.
    pub const STANDARD: Highlights = Highlights {
        movable: Color::srgb(1.0, 0.80, 0.20),
        select: Color::srgb(0.20, 0.85, 0.45),
        approach: Color::srgb(1.0, 0.45, 0.10),
        withdrawal: Color::srgb(0.70, 0.35, 1.0),
        last_turn: Color::srgba(0.25, 0.55, 1.0, 0.85),
        captured: Color::srgb(0.90, 0.20, 0.20),
        hint: Color::srgb(0.10, 0.95, 0.95),
        lesson: Color::srgb(1.0, 0.35, 0.75),
    };

    /// Colours for colour-blind players.
    pub const COLOUR_BLIND: Highlights = Highlights {
        movable: Color::srgb(0.94, 0.89, 0.26),
        select: Color::srgb(0.0, 0.62, 0.45),
        approach: Color::srgb(0.90, 0.62, 0.0),
        withdrawal: Color::srgb(0.34, 0.71, 0.91),
        last_turn: Color::srgba(0.0, 0.45, 0.70, 0.9),
        captured: Color::srgb(0.84, 0.37, 0.0),
        hint: Color::srgb(0.80, 0.47, 0.65),
        lesson: Color::srgb(1.0, 1.0, 1.0),
    };

    /// The colours the settings ask for.
    pub fn of(settings: &Settings) -> &'static Highlights {
        if settings.colour_blind { &Highlights::COLOUR_BLIND } else { &Highlights::STANDARD }
    }
}

/// Screen space the interface panels take, in logical pixels, so the board fits beside them.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct UiInsets {
    /// Width of the panel on the left.
    pub left: f32,
    /// Height of the bar at the top.
    pub top: f32,
    /// Height of the panel at the bottom (narrow screens).
    pub bottom: f32,
}

/// Meshes and materials shared by all board entities.
#[derive(Resource)]
struct Looks {
    circle: Handle<Mesh>,
    ring: Handle<Mesh>,
    square: Handle<Mesh>,
    wood: Handle<ColorMaterial>,
    frame: Handle<ColorMaterial>,
    ink: Handle<ColorMaterial>,
    bodies: [Handle<ColorMaterial>; 2],
    rims: [Handle<ColorMaterial>; 2],
    sheens: [Handle<ColorMaterial>; 2],
}

/// The board's wooden background and frame.
#[derive(Component)]
struct BoardBackground {
    frame: bool,
}

/// A coordinate label: a column letter under the board or a row number beside it.
#[derive(Component)]
struct CoordLabel {
    column: Option<u8>,
    row: Option<u8>,
}

/// Draws the board.
pub struct VisualsPlugin;

impl Plugin for VisualsPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ClearColor(palette::BACKGROUND))
            .init_resource::<UiInsets>()
            .add_systems(Startup, (setup_camera, setup_looks, setup_gizmos))
            .add_systems(OnEnter(OnBoard), spawn_background_and_labels)
            .add_systems(
                PostUpdate,
                (
                    dress_points,
                    dress_lines,
                    dress_pieces,
                    (fit_layout, place_board, place_points, place_lines, place_pieces, place_labels).chain(),
                )
                    .chain()
                    .after(BoardRebuild)
                    .before(TransformSystems::Propagate),
            )
            .add_systems(
                Update,
                (draw_highlights.run_if(in_state(OnBoard)), draw_lesson_marks.run_if(in_state(AppState::Tutorial))),
            );
    }
}

fn setup_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

fn setup_gizmos(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
    config.line.width = 3.0;
}

fn setup_looks(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<ColorMaterial>>) {
    let mut material = |c: Color| materials.add(ColorMaterial::from_color(c));
    let looks = Looks {
        circle: meshes.add(Circle::new(1.0)),
        ring: meshes.add(Annulus::new(0.86, 1.0)),
        square: meshes.add(Rectangle::new(1.0, 1.0)),
        wood: material(palette::WOOD),
        frame: material(palette::FRAME),
        ink: material(palette::INK),
        bodies: [material(palette::WHITE_BODY), material(palette::BLACK_BODY)],
        rims: [material(palette::WHITE_RIM), material(palette::BLACK_RIM)],
        sheens: [material(palette::WHITE_SHEEN), material(palette::BLACK_SHEEN)],
    };
    commands.insert_resource(looks);
}

fn spawn_background_and_labels(mut commands: Commands, looks: Res<Looks>) {
    for frame in [true, false] {
        let material = if frame { looks.frame.clone() } else { looks.wood.clone() };
        commands.spawn((
            BoardEntity,
            BoardBackground { frame },
            Mesh2d(looks.square.clone()),
            MeshMaterial2d(material),
            Transform::default(),
        ));
    }
    for column in 0..9 {
        commands.spawn((BoardEntity, CoordLabel { column: Some(column), row: None }, label_bundle(column, true)));
    }
    for row in 0..5 {
        commands.spawn((BoardEntity, CoordLabel { column: None, row: Some(row) }, label_bundle(row, false)));
    }
}

fn label_bundle(i: u8, column: bool) -> impl Bundle {
    let text = if column { ((b'a' + i) as char).to_string() } else { (i + 1).to_string() };
    (
        Text2d::new(text),
        TextFont { font_size: bevy::text::FontSize::Px(18.0), ..default() },
        TextColor(Color::srgb(0.93, 0.86, 0.72)),
        Transform::default(),
        Visibility::default(),
    )
}

fn dress_points(mut commands: Commands, looks: Res<Looks>, points: Query<Entity, Added<BoardPoint>>) {
    for e in &points {
        commands.entity(e).insert((Mesh2d(looks.circle.clone()), MeshMaterial2d(looks.ink.clone())));
    }
}

fn dress_lines(mut commands: Commands, looks: Res<Looks>, lines: Query<Entity, Added<BoardLine>>) {
    for e in &lines {
        commands.entity(e).insert((Mesh2d(looks.square.clone()), MeshMaterial2d(looks.ink.clone())));
    }
}

fn dress_pieces(mut commands: Commands, looks: Res<Looks>, pieces: Query<(Entity, &Piece), Added<Piece>>) {
    for (e, piece) in &pieces {
        let i = piece.side.index();
        commands
            .entity(e)
            .insert((Mesh2d(looks.circle.clone()), MeshMaterial2d(looks.bodies[i].clone()), Visibility::default()))
            .with_children(|parent| {
                // A soft shadow, the rim, and a sheen up and to the left: a piece, not a flat disc.
                parent.spawn((
                    Mesh2d(looks.circle.clone()),
                    MeshMaterial2d(looks.frame.clone()),
                    Transform::from_xyz(0.08, -0.10, -0.5).with_scale(Vec3::splat(1.02)),
                ));
                parent.spawn((
                    Mesh2d(looks.ring.clone()),
                    MeshMaterial2d(looks.rims[i].clone()),
                    Transform::from_xyz(0.0, 0.0, 0.2),
                ));
                parent.spawn((
                    Mesh2d(looks.ring.clone()),
                    MeshMaterial2d(looks.rims[i].clone()),
                    Transform::from_xyz(0.0, 0.0, 0.2).with_scale(Vec3::splat(0.62)),
                ));
                parent.spawn((
                    Mesh2d(looks.circle.clone()),
                    MeshMaterial2d(looks.sheens[i].clone()),
                    Transform::from_xyz(-0.3, 0.32, 0.1).with_scale(Vec3::splat(0.22)),
                ));
            });
    }
}

/// Fits the board into the window beside the panels.
fn fit_layout(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    insets: Res<UiInsets>,
    settings: Res<Settings>,
    session: Res<Session>,
    mut layout: ResMut<BoardLayout>,
) {
    let Some(window) = window else { return };
    let size = Vec2::new(window.width(), window.height());
    let area = Vec2::new((size.x - insets.left).max(50.0), (size.y - insets.top - insets.bottom).max(50.0));
    let center = Vec2::new(insets.left / 2.0, (insets.bottom - insets.top) / 2.0);
    let fitted = BoardLayout::fit(session.board().variant(), area, center, settings.flipped);
    layout.set_if_neq(fitted);
}

fn place_board(layout: Res<BoardLayout>, mut boards: Query<(&BoardBackground, &mut Transform)>) {
    let extent = layout.extent();
    for (bg, mut t) in &mut boards {
        let margin = if bg.frame { 0.62 } else { 0.5 };
        let size = extent + Vec2::splat(layout.spacing * 2.0 * margin);
        *t = Transform::from_translation(layout.center.extend(if bg.frame { 0.0 } else { 0.1 }))
            .with_scale(size.extend(1.0));
    }
}

fn place_points(layout: Res<BoardLayout>, mut points: Query<(&BoardPoint, &mut Transform)>) {
    for (p, mut t) in &mut points {
        let r = layout.spacing * if p.0.is_strong() { 0.085 } else { 0.06 };
        *t = Transform::from_translation(layout.world(p.0).extend(2.0)).with_scale(Vec3::new(r, r, 1.0));
    }
}

fn place_lines(layout: Res<BoardLayout>, mut lines: Query<(&BoardLine, &mut Transform)>) {
    for (line, mut t) in &mut lines {
        let (a, b) = (layout.world(line.0), layout.world(line.1));
        let d = b - a;
        *t = Transform::from_translation(((a + b) / 2.0).extend(1.0))
            .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x)))
            .with_scale(Vec3::new(d.length(), (layout.spacing * 0.04).max(1.5), 1.0));
    }
}

#[allow(clippy::type_complexity)]
fn place_pieces(
    layout: Res<BoardLayout>,
    mut pieces: Query<(&Piece, &mut Transform, Option<&Sliding>, Option<&Fading>, Option<&Appearing>)>,
) {
    let radius = layout.spacing * 0.34;
    for (piece, mut t, sliding, fading, appearing) in &mut pieces {
        let to = layout.world(piece.point);
        let (at, lift) = match sliding {
            Some(s) => (layout.world(s.from).lerp(to, ease(s.t)), 1.0 + 0.12 * (std::f32::consts::PI * s.t).sin()),
            None => (to, 1.0),
        };
        let scale = fading.map_or(1.0, |f| 1.0 - ease(f.t)) * appearing.map_or(1.0, |a| ease(a.t)) * lift;
        let z = if sliding.is_some() { 12.0 } else { 10.0 };
        *t = Transform::from_translation(at.extend(z)).with_scale(Vec3::new(radius * scale, radius * scale, 1.0));
    }
}

fn place_labels(layout: Res<BoardLayout>, mut labels: Query<(&CoordLabel, &mut Transform, &mut Visibility)>) {
    let v = layout.variant;
    let offset = layout.spacing * 0.5;
    for (label, mut t, mut visible) in &mut labels {
        let (point, shift, shown) = match (label.column, label.row) {
            (Some(x), _) => (Point::new(x, 0), Vec2::new(0.0, -offset), x < v.width()),
            (_, Some(y)) => (Point::new(0, y), Vec2::new(-offset, 0.0), y < v.height()),
            _ => (None, Vec2::ZERO, false),
        };
        *visible = if shown { Visibility::Inherited } else { Visibility::Hidden };
        if let Some(p) = point {
            t.translation = (layout.world(p) + layout.orient(shift)).extend(3.0);
        }
    }
}

/// The points the lesson talks about, gently pulsing.
fn draw_lesson_marks(
    mut gizmos: Gizmos,
    tutorial: Res<Tutorial>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    time: Res<Time>,
) {
    let radius = layout.spacing * (0.32 + 0.04 * (time.elapsed_secs() * 4.0).sin());
    for p in tutorial.current_task().marked() {
        gizmos.circle_2d(layout.world(p), radius, Highlights::of(&settings).lesson);
    }
}

/// Rings, markers and paths that tell the player what can be done and what just happened.
fn draw_highlights(
    mut gizmos: Gizmos,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    hovered: Res<HoveredPoint>,
    animations: Res<crate::animation::Animations>,
    settings: Res<Settings>,
) {
    let palette = Highlights::of(&settings);
    let s = layout.spacing;
    let at = |p: Point| layout.world(p);
    if let Some(last) = &session.last_turn {
        let path: Vec<Vec2> = last.path.iter().map(|&p| at(p)).collect();
        gizmos.linestrip_2d(path.clone(), palette.last_turn);
        if let Some(&start) = path.first() {
            gizmos.circle_2d(start, s * 0.12, palette.last_turn);
        }
        for &p in &last.captured {
            let c = at(p);
            let d = s * 0.1;
            gizmos.line_2d(c + Vec2::new(-d, -d), c + Vec2::new(d, d), palette.captured);
            gizmos.line_2d(c + Vec2::new(-d, d), c + Vec2::new(d, -d), palette.captured);
        }
    }
    if let Some(hint) = session.hint {
        let path: Vec<Vec2> = hint.path().map(at).collect();
        gizmos.linestrip_2d(path.clone(), palette.hint);
        for p in path {
            gizmos.circle_2d(p, s * 0.18, palette.hint);
        }
    }
    if animations.busy() || !session.human_to_move() {
        return;
    }
    let chain: Vec<Vec2> = session.builder.turn_so_far().map(|t| t.path().map(at).collect()).unwrap_or_default();
    if chain.len() >= 2 {
        // The chain so far: visited points and the last direction, which may not be repeated.
        for &p in &chain[..chain.len() - 1] {
            gizmos.circle_2d(p, s * 0.1, palette.select);
        }
        gizmos.linestrip_2d(chain[..chain.len() - 1].to_vec(), palette.select);
        let (a, b) = (chain[chain.len() - 2], chain[chain.len() - 1]);
        gizmos.arrow_2d(a, a.lerp(b, 0.7), palette.select);
    }
    if let Some(pair) = session.choice {
        let board = session.board();
        for step in pair {
            let color =
                if step.capture() == Some(CaptureKind::Approach) { palette.approach } else { palette.withdrawal };
            for p in capture_line(board, step) {
                gizmos.circle_2d(at(p), s * 0.42, color);
                gizmos.circle_2d(at(p), s * 0.38, color);
            }
        }
        gizmos.circle_2d(at(pair[0].to()), s * 0.2, palette.select);
        return;
    }
    let selected = session.builder.chain_point().or(session.selected);
    let placements = session.position().legal_placements();
    for p in placements {
        gizmos.circle_2d(at(p), s * 0.14, palette.select);
    }
    if selected.is_none() {
        for p in session.movable() & !placements {
            gizmos.circle_2d(at(p), s * 0.42, palette.movable);
        }
    }
    if let Some(p) = selected {
        gizmos.circle_2d(at(p), s * 0.43, palette.select);
        gizmos.circle_2d(at(p), s * 0.39, palette.select);
    }
    for step in session.destinations() {
        gizmos.circle_2d(at(step.to()), s * 0.16, palette.select);
        gizmos.circle_2d(at(step.to()), s * 0.09, palette.select);
    }
    if let Some(p) =
        hovered.0.filter(|p| session.movable().contains(*p) || session.destinations().iter().any(|s| s.to() == *p))
    {
        gizmos.circle_2d(at(p), s * 0.47, Color::srgba(1.0, 1.0, 1.0, 0.6));
    }
}

/// The colour of a side's pieces, for the interface.
pub fn side_color(side: Side) -> Color {
    if side == Side::White { palette::WHITE_BODY } else { palette::BLACK_BODY }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_colour_blind_setting_changes_every_highlight() {
        let mut settings = Settings::default();
        assert_eq!(*Highlights::of(&settings), Highlights::STANDARD);
        settings.colour_blind = true;
        let (c, s) = (Highlights::of(&settings), Highlights::STANDARD);
        assert_eq!(*c, Highlights::COLOUR_BLIND);
        let pairs = [
            (c.movable, s.movable),
            (c.select, s.select),
            (c.approach, s.approach),
            (c.withdrawal, s.withdrawal),
            (c.last_turn, s.last_turn),
            (c.captured, s.captured),
            (c.hint, s.hint),
            (c.lesson, s.lesson),
        ];
        assert!(pairs.iter().all(|(a, b)| a != b));
    }
}
