//! An opening book: the master's turns in the first positions of tsivy, each found by a long search.
//!
//! A short search sees least in the opening, where nearly every turn is a capture and the quiescence search has the
//! most to follow: at 200 ms a move the master reaches depth 5 to 7 in the positions after two turns, and chose
//! another turn than a 3-second search in 21 of those 39 positions. The book holds what the long searches found
//! (`fanorona-cli book` writes it; docs/TUNING.md tells how it was made), and the master plays it instantly.
//!
//! The text form is one entry a line, `POSITION TURN SCORE DEPTH` (see [`BookEntry`]); `#` starts a comment line.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use fanorona_rules::{ParsePositionError, Position, Turn, TurnError};

/// The book shipped with the engine (tsivy, the normal start; written by `fanorona-cli book`).
const BUILTIN: &str = include_str!("../book/tsivy.txt");

/// One position of the book and the turn to play there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The position (its no-capture count is not compared when probing: see [`Book::probe`]).
    pub position: Position,
    /// The turn to play, legal in `position`.
    pub turn: Turn,
    /// The long search's score of the turn for the side to move, in hundredths of a piece.
    pub score: i32,
    /// The depth the long search completed.
    pub depth: u32,
}

impl fmt::Display for BookEntry {
    /// `POSITION TURN SCORE DEPTH`, e.g. `bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w 0 - d2-e3A 18 9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.position, self.turn, self.score, self.depth)
    }
}

/// Why a line is not a book entry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseBookEntryError {
    /// Fewer fields than position, turn, score and depth.
    #[error("expected `POSITION TURN SCORE DEPTH`")]
    Fields,
    /// The position text is wrong.
    #[error(transparent)]
    Position(#[from] ParsePositionError),
    /// The turn is not notation, or not legal in the position.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// The score or the depth is not a number.
    #[error("`{0}` is not a number")]
    Number(String),
}

impl FromStr for BookEntry {
    type Err = ParseBookEntryError;

    /// Reads `POSITION TURN SCORE DEPTH` and checks that the turn is legal in the position.
    fn from_str(s: &str) -> Result<BookEntry, ParseBookEntryError> {
        let mut fields = s.trim().rsplitn(4, char::is_whitespace);
        let (Some(depth), Some(score), Some(turn), Some(position)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(ParseBookEntryError::Fields);
        };
        let number = |text: &str| ParseBookEntryError::Number(text.to_owned());
        let position: Position = position.trim().parse()?;
        let turn = position.parse_turn(turn)?;
        let (score, depth) = (score.parse().map_err(|_| number(score))?, depth.parse().map_err(|_| number(depth))?);
        Ok(BookEntry { position, turn, score, depth })
    }
}

/// A line of book text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("book line {line}: {error}")]
pub struct BookError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub error: ParseBookEntryError,
}

/// Book entries by position.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<u64, BookEntry>,
}

impl Book {
    /// The book shipped with the engine. Its text is part of the program and checked by the tests; were a line
    /// wrong all the same, the engine would play without a book rather than fail.
    pub fn builtin() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| BUILTIN.parse().unwrap_or_default())
    }

    /// The entry for `pos`: the same pieces, side to move and vela state (the no-capture count may differ, as it does
    /// after a paika in another order; it is far from the 50-turn rule in any position of a book).
    pub fn probe(&self, pos: &Position) -> Option<&BookEntry> {
        self.entries.get(&pos.hash()).filter(|entry| entry.position.repeats(pos))
    }

    /// Adds an entry, replacing the one of the same position.
    pub fn insert(&mut self, entry: BookEntry) {
        self.entries.insert(entry.position.hash(), entry);
    }

    /// The number of positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = &BookEntry> {
        self.entries.values()
    }
}

impl FromStr for Book {
    type Err = BookError;

    /// Reads book text: an entry a line; empty lines and lines starting with `#` are skipped.
    fn from_str(s: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, line) in s.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            book.insert(line.parse().map_err(|error| BookError { line: i + 1, error })?);
        }
        Ok(book)
    }
}

#[cfg(test)]
mod tests {
    use fanorona_rules::Variant;

    use super::*;

    #[test]
    fn an_entry_reads_back_what_it_prints_and_checks_its_turn() {
        let start = Position::start(Variant::Tsivy);
        let entry = BookEntry { position: start, turn: start.parse_turn("f3-e3A").unwrap(), score: -12, depth: 11 };
        let text = entry.to_string();
        assert_eq!(text, format!("{start} f3-e3A -12 11"));
        assert_eq!(text.parse::<BookEntry>(), Ok(entry));
        assert!(matches!(format!("{start} f3-e4A 0 1").parse::<BookEntry>(), Err(ParseBookEntryError::Turn(_))));
        assert!(matches!(format!("{start} f3-e3A x 1").parse::<BookEntry>(), Err(ParseBookEntryError::Number(_))));
        assert_eq!("f3-e3A 1 2".parse::<BookEntry>(), Err(ParseBookEntryError::Fields));
        let error = format!("# a comment\n\n{start} f3-e3A 0 1\nbbb w f3-e3A 0 1\n").parse::<Book>().unwrap_err();
        assert_eq!(error.line, 4);
    }

    #[test]
    fn the_builtin_book_reads_whole_and_covers_the_first_turns() {
        let book: Book = BUILTIN.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(book.len(), Book::builtin().len());
        // Every position after at most three turns from the start is in it (a decided one has no turn to play).
        let start = Position::start(Variant::Tsivy);
        let mut frontier = vec![start];
        for _ in 0..4 {
            frontier.retain(|pos| pos.has_legal_turn());
            let mut next = Vec::new();
            for pos in &frontier {
                let entry = book.probe(pos).unwrap_or_else(|| panic!("{pos} is not in the book"));
                assert!(pos.legal_turns().contains(&entry.turn));
                pos.for_each_turn(|turn| next.push(pos.play_unchecked(turn)));
            }
            frontier = next;
        }
    }

    #[test]
    fn a_probe_ignores_the_no_capture_count_but_not_vela() {
        let start = Position::start(Variant::Tsivy);
        let mut book = Book::default();
        book.insert(BookEntry { position: start, turn: start.parse_turn("f3-e3A").unwrap(), score: 0, depth: 1 });
        let counted = start.setup();
        let later = fanorona_rules::Setup { quiet_turns: 7, ..counted }.position().unwrap();
        assert_eq!(book.probe(&later).map(|e| e.turn), Some(start.parse_turn("f3-e3A").unwrap()));
        assert_eq!(book.probe(&Position::start_vela(fanorona_rules::Side::White)), None);
        assert_eq!(book.probe(&Position::start(Variant::Dimy)), None);
    }
}
