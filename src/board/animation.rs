//! Animations: a turn that arrives whole (the computer's, an online opponent's) shows its path a moment first; a
//! moving piece slides with easing and settles where it lands; captured pieces lift and fall away one after another
//! along the line. Steps play in order, each after the previous one; a person's input waits while anything moves
//! (the settling aside, which is only a look).

use std::collections::VecDeque;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use fanorona_rules::{Point, Side, Step};

use super::{BoardRebuild, Dragging, Piece, piece_on};
use crate::AppSystems;
use crate::game::session::{BoardReset, StepPlayed};
use crate::persistence::settings::Settings;
use crate::screens::{BoardShown, OnBoard};

/// Seconds a piece takes to slide one step.
pub const SLIDE_SECONDS: f32 = 0.28;
/// Seconds a captured piece takes to fade.
pub const FADE_SECONDS: f32 = 0.22;
/// Seconds between two captured pieces starting to fade.
pub const FADE_GAP_SECONDS: f32 = 0.11;
/// Seconds a turn that arrived whole is shown (its path marked) before its piece moves.
pub const LEAD_IN_SECONDS: f32 = 0.35;
/// Seconds a piece takes to settle where it lands.
pub const SETTLE_SECONDS: f32 = 0.16;

/// A piece on its way from one point to another: `t` goes from 0 to 1.
#[derive(Component, Clone, Copy, Debug)]
pub struct Sliding {
    /// Where it started.
    pub from: Point,
    /// Progress, 0 to 1.
    pub t: f32,
}

/// A captured piece fading out after `delay` seconds: `t` goes from 0 to 1, then it is gone.
#[derive(Component, Clone, Copy, Debug)]
pub struct Fading {
    /// Seconds to wait before fading.
    pub delay: f32,
    /// Progress, 0 to 1.
    pub t: f32,
}

/// A piece that has just landed, settling: `t` goes from 0 to 1.
#[derive(Component, Clone, Copy, Debug)]
pub struct Settling {
    /// Progress, 0 to 1.
    pub t: f32,
}

/// A newly placed piece growing in: `t` goes from 0 to 1.
#[derive(Component, Clone, Copy, Debug)]
pub struct Appearing {
    /// Progress, 0 to 1.
    pub t: f32,
}

/// Steps waiting to be shown, and whether one is being shown.
#[derive(Resource, Default, Debug)]
pub struct Animations {
    queue: VecDeque<StepPlayed>,
    running: bool,
    /// Seconds left of a turn's lead-in.
    lead_in: f32,
}

impl Animations {
    /// Whether anything is moving or waiting to move.
    pub fn busy(&self) -> bool {
        self.running || !self.queue.is_empty()
    }
}

/// Whether the board shows the session as it is, with nothing moving or waiting to move (a run condition).
pub fn idle(animations: Res<Animations>) -> bool {
    !animations.busy()
}

/// Plays steps as animations.
pub(super) fn plugin(app: &mut App) {
    // Steps animate on any board shown (the title's too); resets are read under the same condition as the game
    // board's rebuild: a reset seen by one is seen by the other in the same frame (a reset written while the board
    // is away is read when it is back), so a step is never both drawn by the rebuild and animated on top of it.
    app.init_resource::<Animations>()
        .add_systems(
            Update,
            (
                queue_steps,
                drop_on_reset.run_if(in_state(OnBoard)).before(BoardRebuild),
                start_next_step.after(BoardRebuild),
            )
                .chain()
                .in_set(AppSystems::Presentation)
                .run_if(in_state(BoardShown)),
        )
        .add_systems(
            Update,
            advance_animations.after(start_next_step).in_set(AppSystems::Presentation).run_if(in_state(BoardShown)),
        )
        // A board that goes, or another that comes in its place (a game's after the title's), leaves nothing to show.
        .add_systems(OnExit(BoardShown), forget_all)
        .add_systems(OnExit(OnBoard), forget_all)
        .add_systems(OnEnter(OnBoard), forget_all);
}

/// The board is gone, or another took its place: nothing is left to show.
fn forget_all(mut animations: ResMut<Animations>) {
    animations.queue.clear();
    animations.running = false;
    animations.lead_in = 0.0;
}

fn queue_steps(mut steps: MessageReader<StepPlayed>, mut animations: ResMut<Animations>) {
    animations.queue.extend(steps.read().cloned());
}

/// A board that is drawn anew shows every step already: nothing is left to animate.
fn drop_on_reset(mut resets: MessageReader<BoardReset>, animations: ResMut<Animations>) {
    if resets.read().count() > 0 {
        forget_all(animations);
    }
}

/// How far the animations go in a frame of `seconds` at animation `speed`: scaled by the speed; with the
/// animations off (speed 0), far enough that everything reaches its end at once (the last turn stays marked on the
/// board, so that what happened can still be read).
pub fn animation_seconds(seconds: f32, speed: f32) -> f32 {
    if speed > 0.0 { seconds * speed } else { 1.0e6 }
}

/// The smooth ease used for sliding: fast start, gentle arrival.
pub fn ease(t: f32) -> f32 {
    EaseFunction::CubicOut.sample_clamped(t)
}

fn start_next_step(
    mut commands: Commands,
    mut animations: ResMut<Animations>,
    mut pieces: Query<(Entity, &mut Piece)>,
    mut dragging: ResMut<Dragging>,
    mut reset: MessageWriter<BoardReset>,
) {
    // A piece let go on a point is there already: its step lands, in this frame or not at all.
    let let_go = dragging.let_go.take();
    if animations.running {
        return;
    }
    // A turn that arrived whole waits a moment, its path marked, before it moves.
    if let Some(first) = animations.queue.front_mut().filter(|s| s.lead_in) {
        first.lead_in = false;
        animations.lead_in = LEAD_IN_SECONDS;
        animations.running = true;
        return;
    }
    let Some(next) = animations.queue.pop_front() else { return };
    animations.running = true;
    if let Some(point) = next.placed {
        commands.spawn((piece_on(OnBoard, next.side, point), Appearing { t: 0.0 }));
        return;
    }
    let Some(step) = next.step else { return };
    let landed = let_go == Some(step.to());
    if !animate_step(&mut commands, &mut pieces, next.side, step, &next.captured, landed) {
        // The drawn board has drifted from the game: redraw it.
        reset.write(BoardReset);
    }
}

/// Sets `side`'s piece sliding along `step` (or, `landed` where the pointer let it go, settling there) and the
/// `captured` pieces falling one after another; `false` (and nothing moves) if no piece stands where the step starts.
pub fn animate_step(
    commands: &mut Commands,
    pieces: &mut Query<(Entity, &mut Piece)>,
    side: Side,
    step: Step,
    captured: &[Point],
    landed: bool,
) -> bool {
    let Some((mover, mut piece)) = pieces.iter_mut().find(|(_, p)| p.point == step.from()) else { return false };
    piece.point = step.to();
    if landed {
        commands.entity(mover).insert(Settling { t: 0.0 });
    } else {
        commands.entity(mover).insert(Sliding { from: step.from(), t: 0.0 });
    }
    for (i, point) in captured.iter().enumerate() {
        if let Some((victim, _)) = pieces.iter().find(|(_, p)| p.point == *point && p.side != side) {
            let delay = SLIDE_SECONDS * 0.6 + FADE_GAP_SECONDS * i as f32;
            commands.entity(victim).insert(Fading { delay, t: 0.0 });
        }
    }
    true
}

/// The pieces under way: sliding to a point, settling on it, fading out when taken, appearing.
#[derive(SystemParam)]
struct Moving<'w, 's> {
    sliding: Query<'w, 's, (Entity, &'static mut Sliding)>,
    settling: Query<'w, 's, (Entity, &'static mut Settling)>,
    fading: Query<'w, 's, (Entity, &'static mut Fading)>,
    appearing: Query<'w, 's, (Entity, &'static mut Appearing)>,
}

impl Moving<'_, '_> {
    /// Moves every piece under way on by `dt` seconds of animation; whether any is still sliding, fading or
    /// appearing (settling is a flourish, not a move).
    fn advance(&mut self, commands: &mut Commands, dt: f32) -> bool {
        let mut moving = false;
        for (e, mut s) in &mut self.sliding {
            s.t += dt / SLIDE_SECONDS;
            if s.t >= 1.0 {
                commands.entity(e).remove::<Sliding>().insert(Settling { t: 0.0 });
            } else {
                moving = true;
            }
        }
        for (e, mut s) in &mut self.settling {
            s.t += dt / SETTLE_SECONDS;
            if s.t >= 1.0 {
                commands.entity(e).remove::<Settling>();
            }
        }
        for (e, mut f) in &mut self.fading {
            if f.delay > 0.0 {
                f.delay -= dt;
            } else {
                f.t += dt / FADE_SECONDS;
            }
            if f.t >= 1.0 {
                commands.entity(e).despawn();
            } else {
                moving = true;
            }
        }
        for (e, mut a) in &mut self.appearing {
            a.t += dt / SLIDE_SECONDS;
            if a.t >= 1.0 {
                commands.entity(e).remove::<Appearing>();
            } else {
                moving = true;
            }
        }
        moving
    }
}

fn advance_animations(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut animations: ResMut<Animations>,
    mut pieces: Moving,
) {
    let dt = animation_seconds(time.delta_secs(), settings.piece_speed());
    let mut moving = animations.lead_in > 0.0;
    animations.lead_in = (animations.lead_in - dt).max(0.0);
    moving |= pieces.advance(&mut commands, dt);
    if !moving && animations.running {
        animations.running = false;
    }
}
