//! The transposition table: search results by Zobrist hash, kept from one search to the next.

use fanorona_rules::Turn;

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

/// A fixed-size hash table of search results, in buckets of two: one slot keeps the deepest result of the current
/// search, the other always takes the newest. Each search that reuses a table starts a new generation, and entries
/// of older generations are replaced first, so a table kept across the turns of a game stays fresh.
///
/// A table is handed from one search to the next with [`crate::Search::with_table`] and
/// [`crate::Search::take_table`].
#[derive(Clone)]
pub struct TranspositionTable {
    buckets: Vec<[Option<Entry>; 2]>,
    /// The keys of the buckets' entries (0 for none), apart: a probe that misses reads only this small array, not
    /// the large entries (most probes miss, and the misses are what costs).
    keys: Vec<[u64; 2]>,
    age: u8,
}

impl TranspositionTable {
    /// A table of `2^bits` entries (`bits` is clamped to 1..=26).
    pub fn new(bits: u32) -> TranspositionTable {
        let bits = bits.clamp(1, 26);
        TranspositionTable { buckets: vec![[None, None]; 1 << (bits - 1)], keys: vec![[0, 0]; 1 << (bits - 1)], age: 0 }
    }

    /// Forgets every entry (for a new game).
    pub fn clear(&mut self) {
        self.buckets.fill([None, None]);
        self.keys.fill([0, 0]);
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
        let i = self.index(key);
        if !self.keys[i].contains(&key) {
            return None;
        }
        self.buckets[i].iter().flatten().find(|e| e.key == key).copied()
    }

    pub(crate) fn store(&mut self, entry: Entry) {
        let i = self.index(entry.key);
        self.store_in(i, entry);
        self.keys[i] = self.buckets[i].map(|e| e.map_or(0, |e| e.key));
    }

    fn store_in(&mut self, i: usize, mut entry: Entry) {
        entry.age = self.age;
        let age = self.age;
        let [deep, recent] = &mut self.buckets[i];
        if let Some(old) = deep.as_mut().filter(|e| e.key == entry.key) {
            // Keep a deeper result of the same position (refreshed), otherwise the newest.
            if old.depth > entry.depth {
                old.age = age;
            } else {
                *old = entry;
            }
            return;
        }
        let replaces_deep = match deep {
            None => true,
            Some(old) => old.age != age || entry.depth >= old.depth,
        };
        if replaces_deep {
            // The deep slot's old entry moves to the other slot unless that holds this position already.
            let old = deep.replace(entry);
            if recent.is_some_and(|e| e.key == entry.key) {
                *recent = None;
            }
            if old.is_some_and(|o| recent.is_none_or(|r| r.age != age || o.age == age)) {
                *recent = old;
            }
        } else {
            *recent = Some(entry);
        }
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable").field("capacity", &self.capacity()).field("age", &self.age).finish()
    }
}
