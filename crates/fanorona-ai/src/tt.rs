//! The transposition table: search results by Zobrist hash, kept from one search to the next.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU8, AtomicU64};

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
    /// The thread of the search that stored it: 0 the main thread, a helper's number from 1 (below 64, the most
    /// threads of a search). Kept so that a thread can count what the others' work gives it.
    pub writer: u8,
}

/// An entry as stored: four words, so that a bucket of two fills one cache line (a probe or a store that misses the
/// cache, as most do in a table of megabytes, loads one line). Words, not a struct, so that the threads of one
/// search share the table without locks: the first word is the key mixed with the three others, so that a slot
/// half written by one thread while another reads it does not match its key (the lock-free scheme of chess engines,
/// in safe code: relaxed atomics are plain loads and stores on the usual machines).
struct Slot([AtomicU64; 4]);

/// A slot's three data words: the best turn's bits (low, high), then score, depth, bound, age and writer.
type Data = [u64; 3];

/// The bits of the bound in the third data word; 0 is an empty slot.
const BOUND_SHIFT: u32 = 24;
const AGE_SHIFT: u32 = 26;
const HAS_MOVE: u64 = 1 << 34;
const WRITER_SHIFT: u32 = 35;
/// Six bits: a thread number below 64.
const WRITER_MASK: u64 = 0x3f;

impl Slot {
    fn empty() -> Slot {
        Slot(std::array::from_fn(|_| AtomicU64::new(0)))
    }

    fn pack(entry: &Entry, age: u8) -> Data {
        let turn = entry.best.map_or(0, |t| t.to_bits());
        // Scores lie within ±32 000 and depths within a few dozen plies: the clamps never bite.
        let score = entry.score.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16;
        let depth = entry.depth.clamp(i8::MIN.into(), i8::MAX.into()) as i8 as u8;
        let bound: u64 = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let meta = u64::from(score)
            | u64::from(depth) << 16
            | bound << BOUND_SHIFT
            | u64::from(age) << AGE_SHIFT
            | if entry.best.is_some() { HAS_MOVE } else { 0 }
            | (u64::from(entry.writer) & WRITER_MASK) << WRITER_SHIFT;
        [turn as u64, (turn >> 64) as u64, meta]
    }

    /// The key and data as stored now (the key as written, if no other thread was writing the slot meanwhile).
    fn load(&self) -> (u64, Data) {
        let [k, a, b, c] = &self.0;
        let data = [a.load(Relaxed), b.load(Relaxed), c.load(Relaxed)];
        (k.load(Relaxed) ^ data[0] ^ data[1] ^ data[2], data)
    }

    fn write(&self, key: u64, data: Data) {
        let [k, a, b, c] = &self.0;
        a.store(data[0], Relaxed);
        b.store(data[1], Relaxed);
        c.store(data[2], Relaxed);
        k.store(key ^ data[0] ^ data[1] ^ data[2], Relaxed);
    }

    fn clear(&self) {
        for word in &self.0 {
            word.store(0, Relaxed);
        }
    }
}

fn is_used(data: &Data) -> bool {
    (data[2] >> BOUND_SHIFT) & 3 != 0
}

fn age_of(data: &Data) -> u8 {
    (data[2] >> AGE_SHIFT) as u8
}

fn depth_of(data: &Data) -> i32 {
    i32::from((data[2] >> 16) as u8 as i8)
}

fn with_age(mut data: Data, age: u8) -> Data {
    data[2] = data[2] & !(0xff << AGE_SHIFT) | u64::from(age) << AGE_SHIFT;
    data
}

fn entry_of(key: u64, data: &Data) -> Entry {
    let meta = data[2];
    let bits = u128::from(data[0]) | u128::from(data[1]) << 64;
    Entry {
        key,
        best: if meta & HAS_MOVE != 0 { Turn::from_bits(bits) } else { None },
        score: i32::from(meta as u16 as i16),
        depth: depth_of(data),
        bound: match (meta >> BOUND_SHIFT) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
        writer: ((meta >> WRITER_SHIFT) & WRITER_MASK) as u8,
    }
}

/// Two slots on one cache line.
#[repr(align(64))]
struct Bucket([Slot; 2]);

/// What the threads of a search share.
struct Shared {
    buckets: Box<[Bucket]>,
    age: AtomicU8,
}

/// A fixed-size hash table of search results, in buckets of two: one slot keeps the deepest result of the current
/// search, the other always takes the newest. Each search that reuses a table starts a new generation, and entries
/// of older generations are replaced first, so a table kept across the turns of a game stays fresh.
///
/// A table is handed from one search to the next with [`crate::Search::with_table`] and
/// [`crate::Search::take_table`]. A clone is the same table, not a copy: the threads of a parallel search
/// ([`crate::Search::with_threads`]) share one, each storing what it finds for the others to read.
#[derive(Clone)]
pub struct TranspositionTable {
    shared: Arc<Shared>,
}

impl TranspositionTable {
    /// A table of `2^bits` entries (`bits` is clamped to 1..=26).
    pub fn new(bits: u32) -> TranspositionTable {
        let bits = bits.clamp(1, 26);
        let buckets = (0..1usize << (bits - 1)).map(|_| Bucket([Slot::empty(), Slot::empty()])).collect();
        TranspositionTable { shared: Arc::new(Shared { buckets, age: AtomicU8::new(0) }) }
    }

    /// Forgets every entry (for a new game).
    pub fn clear(&mut self) {
        for bucket in &self.shared.buckets {
            bucket.0.iter().for_each(Slot::clear);
        }
        self.shared.age.store(0, Relaxed);
    }

    /// The number of entries the table holds at most.
    pub fn capacity(&self) -> usize {
        self.shared.buckets.len() * 2
    }

    fn age(&self) -> u8 {
        self.shared.age.load(Relaxed)
    }

    /// Starts a new generation: what is stored from now on is preferred to older entries.
    pub(crate) fn next_generation(&mut self) {
        self.shared.age.fetch_add(1, Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let buckets = &self.shared.buckets;
        // The high bits: the low bits of Zobrist keys are as good, but this leaves them to other uses.
        &buckets[((key >> 32) as usize ^ key as usize) & (buckets.len() - 1)]
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).0.iter().map(Slot::load).find(|(k, d)| *k == key && is_used(d)).map(|(k, d)| entry_of(k, &d))
    }

    pub(crate) fn store(&self, entry: Entry) {
        let age = self.age();
        let [deep, recent] = &self.bucket(entry.key).0;
        let new = Slot::pack(&entry, age);
        let (deep_key, deep_data) = deep.load();
        let holds = |(key, data): &(u64, Data)| *key == entry.key && is_used(data);
        if holds(&(deep_key, deep_data)) {
            // Keep a deeper result of the same position (refreshed), otherwise the newest.
            if depth_of(&deep_data) > entry.depth {
                deep.write(deep_key, with_age(deep_data, age));
            } else {
                deep.write(entry.key, new);
            }
            return;
        }
        let replaces_deep = !is_used(&deep_data) || age_of(&deep_data) != age || entry.depth >= depth_of(&deep_data);
        if !replaces_deep {
            recent.write(entry.key, new);
            return;
        }
        // The deep slot's old entry moves to the other slot unless that holds this position already.
        deep.write(entry.key, new);
        let other = recent.load();
        if holds(&other) {
            recent.clear();
        }
        let recent_free = holds(&other) || !is_used(&other.1) || age_of(&other.1) != age;
        if is_used(&deep_data) && (recent_free || age_of(&deep_data) == age) {
            recent.write(deep_key, deep_data);
        }
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable").field("capacity", &self.capacity()).field("age", &self.age()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fanorona_rules::{Position, Variant};

    fn entry(key: u64, best: Option<Turn>, score: i32, depth: i32, bound: Bound) -> Entry {
        Entry { key, best, score, depth, bound, writer: 0 }
    }

    fn fields(e: &Entry) -> (u64, Option<Turn>, i32, i32, Bound, u8) {
        (e.key, e.best, e.score, e.depth, e.bound, e.writer)
    }

    /// What is stored comes back as it was, in the compact slots: moves or none, mate scores of both signs, each
    /// bound, depths below zero too, the main thread or the last helper as the writer.
    #[test]
    fn entries_come_back_as_stored() {
        let turn = Position::start(Variant::Tsivy).legal_turns()[0];
        let stored = [
            entry(0x1234_5678_9abc_def0, Some(turn), 29_990, 12, Bound::Exact),
            Entry { writer: 63, ..entry(0x0fed_cba9_8765_4321, None, -31_999, -1, Bound::Lower) },
            Entry { writer: 1, ..entry(0x5555_aaaa_5555_aaaa, Some(turn), -7, 0, Bound::Upper) },
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

    /// A slot caught half written (another thread stored a second entry's data but not yet its key word, or the
    /// reverse) matches neither entry: a probe finds nothing rather than one entry's key with another's turn.
    #[test]
    fn a_half_written_slot_matches_no_key() {
        let turns = Position::start(Variant::Tsivy).legal_turns();
        let a = entry(0x1234_5678_9abc_def0, Some(turns[0]), 150, 7, Bound::Exact);
        let b = entry(0x0fed_cba9_8765_4321, Some(turns[1]), -80, 3, Bound::Lower);
        let table = TranspositionTable::new(1);
        let slot = &table.shared.buckets[0].0[0];
        let (data_a, data_b) = (Slot::pack(&a, 0), Slot::pack(&b, 0));
        slot.write(a.key, data_a);
        assert_eq!(table.probe(a.key).map(|e| fields(&e)), Some(fields(&a)));
        // B's data over A's key word.
        for (word, value) in slot.0[1..].iter().zip(data_b) {
            word.store(value, Relaxed);
        }
        assert!(table.probe(a.key).is_none() && table.probe(b.key).is_none());
        // B's key word over A's data, and one word of each.
        slot.write(a.key, data_a);
        slot.0[0].store(b.key ^ data_b[0] ^ data_b[1] ^ data_b[2], Relaxed);
        assert!(table.probe(a.key).is_none() && table.probe(b.key).is_none());
        slot.write(a.key, data_a);
        slot.0[3].store(data_b[2], Relaxed);
        assert!(table.probe(a.key).is_none() && table.probe(b.key).is_none());
    }

    /// Clones are one table: what one thread stores, another finds.
    #[test]
    fn a_clone_shares_the_table_across_threads() {
        let table = TranspositionTable::new(10);
        let stored = entry(42, None, 5, 2, Bound::Upper);
        let writer = table.clone();
        std::thread::scope(|scope| scope.spawn(move || writer.store(stored)).join())
            .unwrap_or_else(|_| panic!("the writer failed"));
        assert_eq!(table.probe(42).map(|e| fields(&e)), Some(fields(&stored)));
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
