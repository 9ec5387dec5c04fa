//! The transposition table: search results by Zobrist hash.

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
}

/// A fixed-size, always-replace-unless-deeper hash table.
pub(crate) struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table { entries: vec![None; 1 << bits] }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.index(key)].filter(|e| e.key == key)
    }

    pub fn store(&mut self, entry: Entry) {
        let i = self.index(entry.key);
        let slot = &mut self.entries[i];
        // Keep a deeper result of the same position; otherwise the newest wins.
        if let Some(old) = slot
            && old.key == entry.key
            && old.depth > entry.depth
        {
            return;
        }
        *slot = Some(entry);
    }
}
