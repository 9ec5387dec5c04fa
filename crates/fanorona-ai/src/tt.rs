//! The transposition table: search results by Zobrist hash, kept from one search to the next.

use fanorona_rules::{Point, Turn};

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact value.
    Exact,
    /// The value is at least this (the search failed high).
    Lower,
    /// The value is at most this (the search failed low).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub best: Option<Turn>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The generation (search) that stored it.
    pub age: u8,
}

/// An entry as stored: 32 bytes, so that a bucket of two fills one cache line (a probe or a store that misses the
/// cache, as most do in a table of megabytes, loads one line; the entries of [`Entry`]'s layout took 80 bytes, and
/// a separate array of keys was read first).
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    /// The best turn, meaningful only with `has_move`.
    turn: Turn,
    score: i16,
    depth: i8,
    /// 0 for an empty slot, else the [`Bound`] (see [`Slot::bound`]).
    bound: u8,
    age: u8,
    has_move: bool,
}

/// A point for the turn of a slot without one.
const NO_POINT: Point = match Point::new(0, 0) {
    Some(p) => p,
    None => panic!("the board has a corner"),
};

impl Slot {
    const EMPTY: Slot =
        Slot { key: 0, turn: Turn::place(NO_POINT), score: 0, depth: 0, bound: 0, age: 0, has_move: false };

    fn of(entry: &Entry) -> Slot {
        Slot {
            key: entry.key,
            turn: entry.best.unwrap_or(Turn::place(NO_POINT)),
            // Scores lie within ±32 000 and depths within a few dozen plies: the clamps never bite.
            score: entry.score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            depth: entry.depth.clamp(i8::MIN.into(), i8::MAX.into()) as i8,
            bound: match entry.bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            age: entry.age,
            has_move: entry.best.is_some(),
        }
    }

    fn is_used(&self) -> bool {
        self.bound != 0
    }

    fn holds(&self, key: u64) -> bool {
        self.is_used() && self.key == key
    }

    fn entry(&self) -> Entry {
        Entry {
            key: self.key,
            best: self.has_move.then_some(self.turn),
            score: self.score.into(),
            depth: self.depth.into(),
            bound: match self.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            age: self.age,
        }
    }
}

/// Two slots on one cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([Slot; 2]);

/// A fixed-size hash table of search results, in buckets of two: one slot keeps the deepest result of the current
/// search, the other always takes the newest. Each search that reuses a table starts a new generation, and entries
/// of older generations are replaced first, so a table kept across the turns of a game stays fresh.
///
/// A table is handed from one search to the next with [`crate::Search::with_table`] and
/// [`crate::Search::take_table`].
#[derive(Clone)]
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: u8,
}

impl TranspositionTable {
    /// A table of `2^bits` entries (`bits` is clamped to 1..=26).
    pub fn new(bits: u32) -> TranspositionTable {
        let bits = bits.clamp(1, 26);
        TranspositionTable { buckets: vec![Bucket([Slot::EMPTY; 2]); 1 << (bits - 1)], age: 0 }
    }

    /// Forgets every entry (for a new game).
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket([Slot::EMPTY; 2]));
        self.age = 0;
    }

    /// The number of entries the table holds at most.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Starts a new generation: what is stored from now on is preferred to older entries.
    pub(crate) fn next_generation(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        // The high bits: the low bits of Zobrist keys are as good, but this leaves them to other uses.
        ((key >> 32) as usize ^ key as usize) & (self.buckets.len() - 1)
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.buckets[self.index(key)].0.iter().find(|s| s.holds(key)).map(Slot::entry)
    }

    pub(crate) fn store(&mut self, mut entry: Entry) {
        let i = self.index(entry.key);
        entry.age = self.age;
        let age = self.age;
        let [deep, recent] = &mut self.buckets[i].0;
        if deep.holds(entry.key) {
            // Keep a deeper result of the same position (refreshed), otherwise the newest.
            if i32::from(deep.depth) > entry.depth {
                deep.age = age;
            } else {
                *deep = Slot::of(&entry);
            }
            return;
        }
        let replaces_deep = !deep.is_used() || deep.age != age || entry.depth >= i32::from(deep.depth);
        if replaces_deep {
            // The deep slot's old entry moves to the other slot unless that holds this position already.
            let old = std::mem::replace(deep, Slot::of(&entry));
            if recent.holds(entry.key) {
                *recent = Slot::EMPTY;
            }
            if old.is_used() && (!recent.is_used() || recent.age != age || old.age == age) {
                *recent = old;
            }
        } else {
            *recent = Slot::of(&entry);
        }
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable").field("capacity", &self.capacity()).field("age", &self.age).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fanorona_rules::{Position, Variant};

    fn entry(key: u64, best: Option<Turn>, score: i32, depth: i32, bound: Bound) -> Entry {
        Entry { key, best, score, depth, bound, age: 0 }
    }

    fn fields(e: &Entry) -> (u64, Option<Turn>, i32, i32, Bound) {
        (e.key, e.best, e.score, e.depth, e.bound)
    }

    /// What is stored comes back as it was, in the compact slots: moves or none, mate scores of both signs, each
    /// bound, depths below zero too.
    #[test]
    fn entries_come_back_as_stored() {
        let turn = Position::start(Variant::Tsivy).legal_turns()[0];
        let stored = [
            entry(0x1234_5678_9abc_def0, Some(turn), 29_990, 12, Bound::Exact),
            entry(0x0fed_cba9_8765_4321, None, -31_999, -1, Bound::Lower),
            entry(0x5555_aaaa_5555_aaaa, Some(turn), -7, 0, Bound::Upper),
        ];
        let mut table = TranspositionTable::new(16);
        for e in &stored {
            table.store(*e);
        }
        for e in &stored {
            assert_eq!(table.probe(e.key).map(|found| fields(&found)), Some(fields(e)));
        }
        assert!(table.probe(0x1111).is_none());
        table.clear();
        assert!(table.probe(stored[0].key).is_none());
    }

    /// In one bucket the deepest result of the current search stays, the newest takes the other slot, and entries of
    /// an earlier search give way first.
    #[test]
    fn the_deep_slot_keeps_the_deepest_of_this_search() {
        // One bucket: every key lands in it.
        let mut table = TranspositionTable::new(1);
        table.store(entry(1, None, 10, 8, Bound::Exact));
        table.store(entry(2, None, 20, 3, Bound::Exact));
        table.store(entry(3, None, 30, 2, Bound::Exact));
        assert!(table.probe(1).is_some(), "the deepest stays");
        assert!(table.probe(2).is_none(), "the newest replaces the older shallow one");
        assert!(table.probe(3).is_some());
        table.next_generation();
        table.store(entry(4, None, 40, 1, Bound::Exact));
        assert!(table.probe(4).is_some() && table.probe(1).is_some(), "an old deep entry moves aside");
        assert!(table.probe(3).is_none());
        // The next result of this search replaces the old entry, however deep, not the shallower new one.
        table.store(entry(5, None, 50, 0, Bound::Exact));
        assert!(table.probe(4).is_some() && table.probe(5).is_some());
        assert!(table.probe(1).is_none());
    }
}
