//! How the board looks: a wooden board with its lattice, shaded pieces and coordinates, fitted into the window
//! beside the interface's panels.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use fanorona_rules::{Point, Side};

use super::animation::{Appearing, Fading, Settling, Sliding, ease};
use super::layout::{BoardLayout, UiInsets, flipped_for};
use super::{BoardBackground, BoardLine, BoardPoint, BoardRebuild, CoordLabel, Dragging, Piece};
use crate::AppSystems;
use crate::game::session::Session;
use crate::persistence::settings::Settings;

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

/// Draws the board (needs a window and a renderer).
pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::BACKGROUND))
        .add_systems(Startup, (setup_camera, setup_looks, setup_gizmos))
        .add_systems(
            Update,
            (dress_board, dress_points, dress_lines, dress_pieces).after(BoardRebuild).in_set(AppSystems::Presentation),
        )
        // Placed late in the frame, before transforms propagate, so that what moved this frame is drawn where it
        // now is.
        .add_systems(
            PostUpdate,
            (
                fit_layout,
                report_points.run_if(resource_changed::<BoardLayout>),
                place_board,
                place_points,
                place_lines,
                place_pieces,
                place_labels,
            )
                .chain()
                .in_set(AppSystems::Presentation)
                .before(TransformSystems::Propagate),
        )
        .add_systems(EguiPrimaryContextPass, write_labels);
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

fn dress_board(
    mut commands: Commands,
    looks: Res<Looks>,
    boards: Query<(Entity, &BoardBackground), Added<BoardBackground>>,
) {
    for (e, bg) in &boards {
        let material = if bg.frame { looks.frame.clone() } else { looks.wood.clone() };
        commands.entity(e).insert((Mesh2d(looks.square.clone()), MeshMaterial2d(material)));
    }
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
            .insert((Mesh2d(looks.circle.clone()), MeshMaterial2d(looks.bodies[i].clone())))
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

/// Fits the board into the window beside the panels, the side of the one person playing (against the computer or
/// online) at the bottom; Flip board turns it round from there, if the board turns to the player at all.
fn fit_layout(
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    insets: Res<UiInsets>,
    settings: Res<Settings>,
    session: Res<Session>,
    mut layout: ResMut<BoardLayout>,
) {
    let Some(window) = window else { return };
    let size = Vec2::new(window.width(), window.height());
    let flipped = layout.turns_to_player && flipped_for(settings.flipped, session.person_side());
    // The variant of the board on screen, and whether it turns, which whoever drew it set.
    let fitted = BoardLayout {
        turns_to_player: layout.turns_to_player,
        ..BoardLayout::in_window(layout.variant, size, &insets, flipped)
    };
    layout.set_if_neq(fitted);
}

/// Logs where each point of the board is in the window (logical pixels from the top left), whenever the layout
/// changes: what a driver of the game (the browser test, a script clicking with xdotool) clicks on.
fn report_points(layout: Res<BoardLayout>, camera: Option<Single<(&Camera, &GlobalTransform)>>) {
    let Some(camera) = camera else { return };
    let (camera, transform) = *camera;
    let points: Vec<String> = layout
        .variant
        .points()
        .iter()
        .filter_map(|p| {
            let at = camera.world_to_viewport(transform, layout.world(p).extend(0.0)).ok()?;
            Some(format!("{p}={:.0},{:.0}", at.x, at.y))
        })
        .collect();
    info!("points on screen: {}", points.join(" "));
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
    mut pieces: Query<(
        &Piece,
        &mut Transform,
        Option<&Sliding>,
        Option<&Fading>,
        Option<&Appearing>,
        Option<&Settling>,
    )>,
    dragging: Res<Dragging>,
) {
    let radius = layout.spacing * 0.34;
    for (piece, mut t, sliding, fading, appearing, settling) in &mut pieces {
        let to = layout.world(piece.point);
        let held = dragging.at.filter(|_| dragging.from == Some(piece.point) && sliding.is_none() && fading.is_none());
        let (at, lift) = match (sliding, held) {
            (Some(s), _) => (layout.world(s.from).lerp(to, ease(s.t)), 1.0 + 0.12 * (std::f32::consts::PI * s.t).sin()),
            // Carried by the pointer: lifted, above the others.
            (None, Some(held)) => (held, 1.12),
            (None, None) => (to, 1.0),
        };
        // A captured piece is lifted first, then drops away, drifting up the screen as it goes.
        let (taken, rise) = fading.map_or((1.0, 0.0), |f| (captured_scale(f.t), ease(f.t) * layout.spacing * 0.3));
        // A piece that lands gives a little, like a stone set down.
        let settle = settling.map_or(1.0, |s| 1.0 - 0.07 * (std::f32::consts::PI * s.t).sin());
        let scale = taken * appearing.map_or(1.0, |a| ease(a.t)) * lift * settle;
        let z = if sliding.is_some() || held.is_some() || fading.is_some() { 12.0 } else { 10.0 };
        let at = at + Vec2::new(0.0, rise);
        *t = Transform::from_translation(at.extend(z)).with_scale(Vec3::new(radius * scale, radius * scale, 1.0));
    }
}

/// A captured piece's size as it goes (`t` from 0 to 1): lifted to 115% in the first quarter, then shrinking away.
fn captured_scale(t: f32) -> f32 {
    const LIFT: f32 = 0.25;
    if t < LIFT { 1.0 + 0.15 * ease(t / LIFT) } else { 1.15 * (1.0 - ease((t - LIFT) / (1.0 - LIFT))) }
}

fn place_labels(layout: Res<BoardLayout>, mut labels: Query<(&CoordLabel, &mut Transform, &mut Visibility)>) {
    let v = layout.variant;
    let offset = layout.spacing * 0.5;
    for (label, mut t, mut visible) in &mut labels {
        let (point, shift, shown) = match *label {
            CoordLabel::Column(x) => (Point::new(x, 0), Vec2::new(0.0, -offset), x < v.width()),
            CoordLabel::Row(y) => (Point::new(0, y), Vec2::new(-offset, 0.0), y < v.height()),
        };
        *visible = if shown { Visibility::Inherited } else { Visibility::Hidden };
        if let Some(p) = point {
            t.translation = (layout.world(p) + layout.orient(shift)).extend(3.0);
        }
    }
}

/// Writes the coordinates where `place_labels` put them, with egui's painter, beneath its panels and windows: egui is
/// the game's one text engine (Bevy's own would add a second to the web download, docs/DECISIONS.md "The web
/// download").
fn write_labels(
    mut contexts: EguiContexts,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    labels: Query<(&CoordLabel, &Transform, &Visibility)>,
) -> Result {
    const SIZE: f32 = 18.0;
    const COLOUR: egui::Color32 = egui::Color32::from_rgb(237, 219, 184);
    let Ok((camera, seen_from)) = cameras.single() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    // egui's points are the window's logical pixels divided by the player's UI size; the labels keep their size.
    let zoom = ctx.zoom_factor();
    let painter = ctx.layer_painter(egui::LayerId::background());
    for (label, at, visibility) in &labels {
        let Ok(on_screen) = camera.world_to_viewport(seen_from, at.translation) else { continue };
        if *visibility == Visibility::Hidden {
            continue;
        }
        let text = match *label {
            CoordLabel::Column(i) => char::from(b'a' + i).to_string(),
            CoordLabel::Row(i) => (i + 1).to_string(),
        };
        let font = egui::FontId::proportional(SIZE / zoom);
        painter.text(egui::pos2(on_screen.x, on_screen.y) / zoom, egui::Align2::CENTER_CENTER, text, font, COLOUR);
    }
    Ok(())
}

/// The colour of a side's pieces, for the interface.
pub fn side_color(side: Side) -> Color {
    if side == Side::White { palette::WHITE_BODY } else { palette::BLACK_BODY }
}
