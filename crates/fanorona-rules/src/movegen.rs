//! Move generation on bitboards: capture detection, paika steps and capture chains.
//!
//! Nothing here allocates: turns are built in place in one [`Turn`] and handed to a callback. Callbacks return
//! [`ControlFlow`], so a question such as "can the piece capture again?" stops at the first answer; the plain
//! `for_each_*` forms never stop and compile to the same loops (their break type is uninhabited).

use std::convert::Infallible;
use std::ops::ControlFlow;

use crate::geometry::{Direction, Geometry, Point, PointSet};
use crate::turn::{CaptureKind, Step, Turn};

/// The pieces of `own` that can make a capturing step against `enemy`.
#[inline]
pub(crate) fn capturers(geo: &Geometry, own: PointSet, enemy: PointSet) -> PointSet {
    Direction::ALL.into_iter().fold(PointSet::EMPTY, |found, d| {
        let movers = paika_movers(geo, d, own, enemy);
        found | (movers & (approach_origins(geo, d, enemy) | withdrawal_origins(geo, d, enemy)))
    })
}

/// The points from which a step in `d` (to an empty point) would capture by approach: the point two steps ahead,
/// along lines, holds an enemy piece.
#[inline]
fn approach_origins(geo: &Geometry, d: Direction, enemy: PointSet) -> PointSet {
    // Points whose d-neighbour (along a line) is an enemy, then one step back.
    let before_enemy = enemy.shift(d.opposite()) & geo.from[d as usize];
    before_enemy.shift(d.opposite()) & geo.from[d as usize]
}

/// The points from which a step in `d` would capture by withdrawal: the point behind, along a line, holds an enemy.
#[inline]
fn withdrawal_origins(geo: &Geometry, d: Direction, enemy: PointSet) -> PointSet {
    enemy.shift(d) & geo.from[d.opposite() as usize]
}

/// The pieces of `own` that can step in `d` to an empty point.
#[inline]
fn paika_movers(geo: &Geometry, d: Direction, own: PointSet, enemy: PointSet) -> PointSet {
    let empty = geo.points & !(own | enemy);
    own & geo.from[d as usize] & empty.shift(d.opposite())
}

/// Calls `f` with every single step of `own` pieces to an empty point, as a paika (capturing nothing), until `f`
/// breaks.
#[inline]
pub(crate) fn try_for_each_paika<B>(
    geo: &Geometry,
    own: PointSet,
    enemy: PointSet,
    mut f: impl FnMut(Step) -> ControlFlow<B>,
) -> ControlFlow<B> {
    for d in Direction::ALL {
        for from in paika_movers(geo, d, own, enemy) {
            if let Some(to) = geo.step(from, d) {
                f(Step::raw(from, to, d, None))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Calls `f` with every single step of `own` pieces to an empty point, as a paika. The same loop as
/// [`try_for_each_paika`], kept apart for the hot paths that never stop early (measured faster than an
/// uninhabited break type).
#[inline]
pub(crate) fn for_each_paika(geo: &Geometry, own: PointSet, enemy: PointSet, mut f: impl FnMut(Step)) {
    for d in Direction::ALL {
        for from in paika_movers(geo, d, own, enemy) {
            if let Some(to) = geo.step(from, d) {
                f(Step::raw(from, to, d, None));
            }
        }
    }
}

/// The pieces of `own` that have at least one paika.
#[inline]
pub(crate) fn paika_pieces(geo: &Geometry, own: PointSet, enemy: PointSet) -> PointSet {
    Direction::ALL.into_iter().fold(PointSet::EMPTY, |found, d| found | paika_movers(geo, d, own, enemy))
}

/// Counts what [`try_for_each_paika`] would produce, without producing it.
#[inline]
pub(crate) fn count_paika(geo: &Geometry, own: PointSet, enemy: PointSet) -> u64 {
    Direction::ALL.into_iter().map(|d| u64::from(paika_movers(geo, d, own, enemy).len())).sum()
}

/// Where a capturing piece stands during a chain, and what it may no longer do.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ChainState {
    /// Own pieces other than the moving one.
    pub others: PointSet,
    /// Enemy pieces still on the board.
    pub enemy: PointSet,
    /// Where the moving piece stands.
    pub at: Point,
    /// Every point the piece has stood on this turn, `at` included.
    pub visited: PointSet,
    /// The direction of the previous step, if any.
    pub last: Option<Direction>,
}

impl ChainState {
    /// The state before the first step of the piece on `at`.
    pub fn start(own: PointSet, enemy: PointSet, at: Point) -> ChainState {
        ChainState { others: own.without(at), enemy, at, visited: at.set(), last: None }
    }

    /// Calls `f` with each capturing step the piece can make now (approach and withdrawal of one move separately)
    /// and the enemy pieces it takes, until `f` breaks.
    #[inline]
    pub fn try_for_each_capture<B>(
        &self,
        geo: &Geometry,
        mut f: impl FnMut(Step, PointSet) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let free = geo.points.0 & !(self.others.0 | self.enemy.0 | self.visited.0);
        let enemy = self.enemy.0;
        let at = self.at.index() as usize;
        if free & geo.near[at] == 0 || enemy & geo.reach[at] == 0 {
            return ControlFlow::Continue(());
        }
        let near = &geo.neighbor[at];
        let second = &geo.second_bit[at];
        // The directions of approaching and of withdrawing captures, as bits, found without a branch: a missing
        // point is the off-board bit, never set. Branching on each direction in turn mispredicted most of the time.
        let (mut approach, mut withdraw) = (0u8, 0u8);
        for d in 0..8 {
            let open = free >> near[d];
            approach |= ((open & (enemy >> second[d])) as u8 & 1) << d;
            withdraw |= ((open & (enemy >> near[d ^ 4])) as u8 & 1) << d;
        }
        let last = self.last.map_or(0, |d| 1 << d.index());
        let (approach, withdraw) = (approach & !last, withdraw & !last);
        let mut dirs = approach | withdraw;
        while dirs != 0 {
            let i = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let d = Direction::from_index(i as u8);
            // A direction with a capture has a free neighbour there.
            let to = Point::from_index_unchecked(near[i]);
            if approach & (1 << i) != 0 {
                let taken = geo.run(geo.ray[to.index() as usize][i], d, self.enemy);
                f(Step::raw(self.at, to, d, Some(CaptureKind::Approach)), taken)?;
            }
            if withdraw & (1 << i) != 0 {
                let taken = geo.run(geo.ray[at][i ^ 4], d.opposite(), self.enemy);
                f(Step::raw(self.at, to, d, Some(CaptureKind::Withdrawal)), taken)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Calls `f` with each capturing step the piece can make now and what it takes (never stops early).
    #[inline]
    pub fn for_each_capture(&self, geo: &Geometry, mut f: impl FnMut(Step, PointSet)) {
        let ControlFlow::Continue(()) = self.try_for_each_capture::<Infallible>(geo, |step, taken| {
            f(step, taken);
            ControlFlow::Continue(())
        });
    }

    /// What `step` takes if it is one of the capturing steps the piece can make now.
    pub fn capture_of(&self, geo: &Geometry, step: Step) -> Option<PointSet> {
        match self.try_for_each_capture(geo, |s, taken| {
            if s == step { ControlFlow::Break(taken) } else { ControlFlow::Continue(()) }
        }) {
            ControlFlow::Break(taken) => Some(taken),
            ControlFlow::Continue(()) => None,
        }
    }

    /// The state after `step`, which takes `taken`.
    #[inline]
    pub fn after(&self, step: Step, taken: PointSet) -> ChainState {
        ChainState {
            others: self.others,
            enemy: PointSet(self.enemy.0 & !taken.0),
            at: step.to(),
            visited: self.visited.with(step.to()),
            last: Some(step.dir()),
        }
    }

    /// Whether the piece can capture again (stops at the first capture found).
    pub fn can_continue(&self, geo: &Geometry) -> bool {
        self.try_for_each_capture(geo, |_, _| ControlFlow::Break(())).is_break()
    }

    /// Calls `f` with every chain that extends `turn` from this state, until `f` breaks: every stopping point is a
    /// turn. `turn` is left as it was.
    pub fn try_for_each_chain<B>(
        &self,
        geo: &Geometry,
        turn: &mut Turn,
        f: &mut impl FnMut(&Turn) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.try_for_each_capture(geo, |step, taken| {
            turn.push(step);
            let flow = match f(turn) {
                ControlFlow::Continue(()) => self.after(step, taken).try_for_each_chain(geo, turn, f),
                broken => broken,
            };
            turn.pop();
            flow
        })
    }

    /// Calls `f` with every chain that extends `turn` from this state: every stopping point is a turn. The same walk
    /// as [`ChainState::try_for_each_chain`], kept apart for perft and search (measured faster).
    pub fn for_each_chain(&self, geo: &Geometry, turn: &mut Turn, f: &mut impl FnMut(&Turn)) {
        self.for_each_capture(geo, |step, taken| {
            turn.push(step);
            f(turn);
            self.after(step, taken).for_each_chain(geo, turn, f);
            turn.pop();
        });
    }

    /// Counts the chains [`ChainState::try_for_each_chain`] would produce.
    pub fn count_chains(&self, geo: &Geometry) -> u64 {
        let mut n = 0;
        self.for_each_capture(geo, |step, taken| {
            n += 1 + self.after(step, taken).count_chains(geo);
        });
        n
    }
}
