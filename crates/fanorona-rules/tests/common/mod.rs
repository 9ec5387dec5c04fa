//! Test helpers, and a naive move generator written straight from RULES.md (no bitboards, no shared code with the
//! engine beyond points and directions) to cross-check the engine's.

#![allow(dead_code)]

use std::collections::BTreeSet;

use fanorona_rules::{Direction, Point, Position, Side, Variant};

/// xorshift64*: tiny, fast and reproducible from its seed (for generated tests and fuzzing).
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// One of `items`, which must not be empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The start positions of every variant, and of vela games with either side handicapped.
pub fn starts() -> [Position; 5] {
    [
        Position::start(Variant::Tsivy),
        Position::start(Variant::Dimy),
        Position::start(Variant::Telo),
        Position::start_vela(Side::White),
        Position::start_vela(Side::Black),
    ]
}

/// Parses position text that the test knows to be valid.
pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Parses a point the test knows to be valid.
pub fn pt(text: &str) -> Point {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The engine's legal turns in notation, sorted.
pub fn moves(position: &Position) -> Vec<String> {
    let mut v: Vec<String> = position.legal_turns().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

/// The engine's legal turns of position text.
pub fn moves_of(text: &str) -> Vec<String> {
    moves(&pos(text))
}

struct Board {
    variant: Variant,
    cells: [[Option<Side>; 5]; 9],
}

impl Board {
    fn get(&self, p: Point) -> Option<Side> {
        self.cells[p.x() as usize][p.y() as usize]
    }
    fn set(&mut self, p: Point, s: Option<Side>) {
        self.cells[p.x() as usize][p.y() as usize] = s;
    }
    /// The neighbour along a line of this board.
    fn next(&self, p: Point, d: Direction) -> Option<Point> {
        let q = p.offset(d)?;
        let joined =
            matches!(d, Direction::N | Direction::E | Direction::S | Direction::W) || (p.x() + p.y()).is_multiple_of(2);
        (joined && q.x() < self.variant.width() && q.y() < self.variant.height()).then_some(q)
    }
    fn count(&self, s: Side) -> usize {
        let mut n = 0;
        for x in 0..self.variant.width() {
            for y in 0..self.variant.height() {
                if self.cells[x as usize][y as usize] == Some(s) {
                    n += 1;
                }
            }
        }
        n
    }
    fn points(&self) -> Vec<Point> {
        let mut v = Vec::new();
        for y in 0..self.variant.height() {
            for x in 0..self.variant.width() {
                v.push(Point::new(x, y).unwrap());
            }
        }
        v
    }
    /// The enemy line taken starting at `first` going `d`.
    fn line(&self, first: Option<Point>, d: Direction, enemy: Side) -> Vec<Point> {
        let mut taken = Vec::new();
        let mut at = first;
        while let Some(p) = at {
            if self.get(p) != Some(enemy) {
                break;
            }
            taken.push(p);
            at = self.next(p, d);
        }
        taken
    }
    /// Capturing steps of the piece at `p`: (direction, kind letter, taken).
    fn captures(
        &self,
        p: Point,
        me: Side,
        visited: &[Point],
        last: Option<Direction>,
    ) -> Vec<(Point, Direction, char, Vec<Point>)> {
        let mut out = Vec::new();
        for d in Direction::ALL {
            if Some(d) == last {
                continue;
            }
            let Some(q) = self.next(p, d) else { continue };
            if self.get(q).is_some() || visited.contains(&q) {
                continue;
            }
            let a = self.line(self.next(q, d), d, !me);
            if !a.is_empty() {
                out.push((q, d, 'A', a));
            }
            let w = self.line(self.next(p, d.opposite()), d.opposite(), !me);
            if !w.is_empty() {
                out.push((q, d, 'W', w));
            }
        }
        out
    }
    fn chains(
        &mut self,
        p: Point,
        me: Side,
        visited: &mut Vec<Point>,
        last: Option<Direction>,
        text: &str,
        out: &mut BTreeSet<String>,
    ) {
        for (q, d, k, taken) in self.captures(p, me, visited, last) {
            let t = format!("{text}-{q}{k}");
            out.insert(t.clone());
            self.set(p, None);
            self.set(q, Some(me));
            for &x in &taken {
                self.set(x, None);
            }
            visited.push(q);
            self.chains(q, me, visited, Some(d), &t, out);
            visited.pop();
            for &x in &taken {
                self.set(x, Some(!me));
            }
            self.set(q, None);
            self.set(p, Some(me));
        }
    }
}

/// Every legal turn by the rules as written, computed the slow and obvious way.
pub fn naive_moves(position: &Position) -> Vec<String> {
    let variant = position.variant();
    let mut board = Board { variant, cells: [[None; 5]; 9] };
    for x in 0..variant.width() {
        for y in 0..variant.height() {
            let p = Point::new(x, y).unwrap();
            board.set(p, position.piece_at(p));
        }
    }
    let me = position.side_to_move();
    let mut out = BTreeSet::new();
    if variant == Variant::Telo {
        let lines = [
            ["a1", "b1", "c1"],
            ["a2", "b2", "c2"],
            ["a3", "b3", "c3"],
            ["a1", "a2", "a3"],
            ["b1", "b2", "b3"],
            ["c1", "c2", "c3"],
            ["a1", "b2", "c3"],
            ["c1", "b2", "a3"],
        ];
        for s in [Side::White, Side::Black] {
            if lines.iter().any(|l| l.iter().all(|p| board.get(pt(p)) == Some(s))) {
                return Vec::new();
            }
        }
        if board.count(me) < 3 {
            for p in board.points() {
                if board.get(p).is_none() {
                    out.insert(p.to_string());
                }
            }
        } else {
            for p in board.points().into_iter().filter(|&p| board.get(p) == Some(me)) {
                for d in Direction::ALL {
                    if let Some(q) = board.next(p, d).filter(|&q| board.get(q).is_none()) {
                        out.insert(format!("{p}-{q}"));
                    }
                }
            }
        }
        return out.into_iter().collect();
    }
    let restricted = position.vela() == Some(me) && board.count(me) > 5;
    let mine: Vec<Point> = board.points().into_iter().filter(|&p| board.get(p) == Some(me)).collect();
    if !restricted {
        for &p in &mine {
            let mut visited = vec![p];
            board.chains(p, me, &mut visited, None, &p.to_string(), &mut out);
        }
    }
    if out.is_empty() {
        for &p in &mine {
            for d in Direction::ALL {
                if let Some(q) = board.next(p, d).filter(|&q| board.get(q).is_none()) {
                    out.insert(format!("{p}-{q}"));
                }
            }
        }
    }
    out.into_iter().collect()
}

/// A position of `variant` with the given pieces; `rest` is the side to move and optional fields (`"w"`, `"b 12 w"`).
pub fn setup(variant: Variant, white: &str, black: &str, rest: &str) -> Position {
    let mut rows = Vec::new();
    for y in (0..variant.height()).rev() {
        let mut row = String::new();
        for x in 0..variant.width() {
            let p = Point::new(x, y).unwrap().to_string();
            let has = |list: &str| list.split_whitespace().any(|q| q == p);
            row.push(if has(white) {
                'w'
            } else if has(black) {
                'b'
            } else {
                '1'
            });
        }
        rows.push(row);
    }
    pos(&format!("{} {rest}", rows.join("/")))
}

/// A tsivy position with the given pieces.
pub fn tsivy(white: &str, black: &str, rest: &str) -> Position {
    setup(Variant::Tsivy, white, black, rest)
}
