//! Where the board is drawn: the layout that maps points to the screen, the room the interface's panels take, and
//! the point under the pointer.

use bevy::prelude::*;
use fanorona_rules::{Point, Side, Variant};

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
    /// Whether the board turns to the person playing and with Flip board, as a game's does; the title screen's
    /// stays with White at the bottom. Whoever draws the board says so, as it says the variant.
    pub turns_to_player: bool,
}

impl Default for BoardLayout {
    fn default() -> BoardLayout {
        BoardLayout {
            variant: Variant::Tsivy,
            spacing: 100.0,
            center: Vec2::ZERO,
            flipped: false,
            upright: false,
            turns_to_player: true,
        }
    }
}

/// Whether the board is drawn turned round (Black's side at the bottom): when the one person playing plays Black,
/// unless the player flipped the board (`flip`), which turns it from there.
pub fn flipped_for(flip: bool, person: Option<Side>) -> bool {
    flip != (person == Some(Side::Black))
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
        BoardLayout { variant, spacing, center, flipped, upright, turns_to_player: true }
    }

    /// The layout that fits the board in a window `window` large (logical pixels) beside the panels, which take
    /// `insets` of it.
    pub fn in_window(variant: Variant, window: Vec2, insets: &UiInsets, flipped: bool) -> BoardLayout {
        let area = Vec2::new((window.x - insets.left).max(50.0), (window.y - insets.top - insets.bottom).max(50.0));
        let center = Vec2::new(insets.left / 2.0, (insets.bottom - insets.top) / 2.0);
        BoardLayout::fit(variant, area, center, flipped)
    }

    /// Where a point is in a window `window` large, in logical pixels from its top left, as the game's camera (at
    /// the world's origin, a unit a pixel, y up) shows it.
    pub fn on_screen(&self, p: Point, window: Vec2) -> Vec2 {
        let world = self.world(p);
        Vec2::new(window.x / 2.0 + world.x, window.y / 2.0 - world.y)
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

/// The point under the pointer, for hover feedback.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoveredPoint(pub Option<Point>);

/// The keyboard's cursor on the board, once an arrow key has shown it; a click with the pointer hides it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCursor(pub Option<Point>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_person_s_side_is_at_the_bottom_and_flip_turns_the_board_from_there() {
        assert!(flipped_for(false, Some(Side::Black)), "a person playing Black sees Black at the bottom");
        assert!(!flipped_for(false, Some(Side::White)));
        assert!(!flipped_for(false, None), "two people, or two computers: White at the bottom");
        assert!(!flipped_for(true, Some(Side::Black)), "flipped by the player: White at the bottom");
        assert!(flipped_for(true, None));
    }

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
