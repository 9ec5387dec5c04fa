//! Game files as plain text, for people to read, write and share: tags such as `[White "Rasoa"]`, then the turns
//! in notation with move numbers, then the result. The format is described in `docs/GAME-FILES.md`.

use std::fmt::Write as _;

use thiserror::Error;

use crate::game::Game;
use crate::geometry::ParseVariantError;
use crate::geometry::Variant;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::{ParsePositionError, Position};
use crate::record::{GameRecord, RecordError};
use crate::side::Side;
use crate::turn::ParseTurnError;
use crate::turn::Turn;

/// Lines of turns are wrapped to at most this many characters (a single longer turn gets a line of its own).
const WRAP: usize = 80;

/// Game text that cannot be read or replayed, with the 1-based line and column where the problem is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct GameTextError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: GameTextErrorKind,
}

/// What is wrong with game text (see [`GameTextError`] for where).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameTextErrorKind {
    /// A line starting with `[` that is not a tag such as `[White "Rasoa"]`.
    #[error("bad tag line: {0} (a tag is written like [White \"Rasoa\"])")]
    TagSyntax(&'static str),
    /// The same tag twice.
    #[error("the {0} tag is given twice")]
    DuplicateTag(String),
    /// A tag line after the turns started.
    #[error("a tag after the turns: all tags come first, one per line, then the turns")]
    TagAfterTurns,
    /// The Variant tag is not a variant.
    #[error(transparent)]
    Variant(#[from] ParseVariantError),
    /// The Vela tag is not a side.
    #[error("`{0}` is not a vela side: write w or b (the handicapped side), or leave the Vela tag out")]
    Vela(String),
    /// A Vela tag in a game that is not tsivy.
    #[error("vela is played on tsivy only, not on {0}")]
    VelaVariant(Variant),
    /// The Start tag is not position text.
    #[error("bad start position: {0}")]
    Start(#[from] ParsePositionError),
    /// The Result tag is not a result.
    #[error("`{0}` is not a result: write 1-0 (White won), 0-1 (Black won), 1/2-1/2 (a draw) or * (not finished)")]
    Result(String),
    /// The Termination tag names an ending that does not fit the result.
    #[error("the Termination tag says `{termination}`, which does not fit the result {result}")]
    Termination {
        /// The Termination tag's text.
        termination: String,
        /// The result (`1-0`, `0-1`, `1/2-1/2` or `*`).
        result: String,
    },
    /// A word among the turns that is not a turn.
    #[error("`{text}` is not a turn: {source}")]
    Turn {
        /// The word as written.
        text: String,
        /// Why it is not a turn.
        source: ParseTurnError,
    },
    /// A move number that is not the number of the turn it stands before.
    #[error("the move number `{found}` should be `{expected}` here")]
    MoveNumber {
        /// The number as written.
        found: String,
        /// The number this turn has.
        expected: String,
    },
    /// Something after the result that ends the turns.
    #[error("`{0}` after the result: the result (1-0, 0-1, 1/2-1/2 or *) comes last")]
    AfterResult(String),
    /// A `{` comment without its `}`.
    #[error("the comment opened here is never closed with }}")]
    UnclosedComment,
    /// The result after the turns is not the one of the Result tag.
    #[error("the turns end with {movetext}, but the Result tag says {tag}")]
    ResultMismatch {
        /// The Result tag's value.
        tag: String,
        /// The result written after the turns.
        movetext: String,
    },
    /// The text reads, but the game does not replay: an illegal turn, a turn after the end, a wrong result.
    #[error(transparent)]
    Replay(RecordError),
}

/// Where the parts of a game text are, to point replay errors at their line.
struct Parsed {
    record: GameRecord,
    /// Line and column of each turn.
    turns: Vec<(usize, usize)>,
    /// Line and column of the Start tag.
    start: Option<(usize, usize)>,
    /// Line and column of the Vela tag.
    vela: Option<(usize, usize)>,
    /// Line and column of the result after the turns, else of the Result tag.
    result: Option<(usize, usize)>,
    /// Line and column of the end of the text.
    end: (usize, usize),
}

/// A word of the turns section with its line and column.
struct Word<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

fn error(line: usize, column: usize, kind: GameTextErrorKind) -> GameTextError {
    GameTextError { line, column, kind }
}

/// A result as written: `Some(winner)` for a decided game (`None` winner for a draw), `None` for `*`.
type Score = Option<Option<Side>>;

fn parse_score(text: &str) -> Option<Score> {
    match text {
        "1-0" => Some(Some(Some(Side::White))),
        "0-1" => Some(Some(Some(Side::Black))),
        "1/2-1/2" => Some(Some(None)),
        "*" => Some(None),
        _ => None,
    }
}

fn score_text(score: Score) -> &'static str {
    match score {
        Some(Some(Side::White)) => "1-0",
        Some(Some(Side::Black)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    }
}

/// Every way a game can end.
fn all_outcomes() -> impl Iterator<Item = Outcome> {
    let reasons = [WinReason::AllCaptured, WinReason::NoLegalTurn, WinReason::TeloLine, WinReason::Resignation];
    Side::BOTH
        .into_iter()
        .flat_map(move |winner| reasons.into_iter().map(move |reason| Outcome::win(winner, reason)))
        .chain([Outcome::draw(DrawReason::FiftyTurns), Outcome::draw(DrawReason::Repetition)])
}

/// Escapes a tag value: `\` and `"` get a backslash, a line break is written `\n`.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out
}

/// Reads a tag line (without its line break): the name, the value, and the value's column. An error gives the
/// 0-based character offset of the problem.
fn parse_tag(line: &str) -> Result<(&str, String, usize), (usize, &'static str)> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut i = 0;
    let skip_spaces = |i: &mut usize| {
        while chars.get(*i).is_some_and(|(_, c)| c.is_whitespace()) {
            *i += 1;
        }
    };
    skip_spaces(&mut i);
    if chars.get(i).map(|&(_, c)| c) != Some('[') {
        return Err((i, "a tag line starts with ["));
    }
    i += 1;
    skip_spaces(&mut i);
    let name_start = i;
    while chars.get(i).is_some_and(|&(_, c)| c.is_ascii_alphanumeric() || c == '_') {
        i += 1;
    }
    if i == name_start {
        return Err((i, "the tag's name is missing after ["));
    }
    let byte = |i: usize| chars.get(i).map_or(line.len(), |&(b, _)| b);
    let name = &line[byte(name_start)..byte(i)];
    skip_spaces(&mut i);
    if chars.get(i).map(|&(_, c)| c) != Some('"') {
        return Err((i, "the tag's value must be in double quotes"));
    }
    i += 1;
    let value_column = i;
    let mut value = String::new();
    loop {
        match chars.get(i).map(|&(_, c)| c) {
            None => return Err((i, "the closing double quote of the value is missing")),
            Some('"') => break,
            Some('\\') => {
                let escaped = match chars.get(i + 1).map(|&(_, c)| c) {
                    Some('\\') => '\\',
                    Some('"') => '"',
                    Some('n') => '\n',
                    Some('r') => '\r',
                    _ => return Err((i, "a backslash in a value is written \\\\, a double quote \\\"")),
                };
                value.push(escaped);
                i += 2;
            }
            Some(c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    i += 1;
    skip_spaces(&mut i);
    if chars.get(i).map(|&(_, c)| c) != Some(']') {
        return Err((i, "the tag must end with ] after its value"));
    }
    i += 1;
    skip_spaces(&mut i);
    if i < chars.len() {
        return Err((i, "nothing may follow the ] of a tag on its line"));
    }
    Ok((name, value, value_column))
}

/// Splits the turns section into words, skipping `{...}` and `;` comments. `line` and `column` are where `text`
/// starts.
fn words(text: &str, mut line: usize) -> Result<Vec<Word<'_>>, GameTextError> {
    let mut out = Vec::new();
    let mut column = 1;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                column = 1;
                continue;
            }
            '{' => {
                let (open_line, open_column) = (line, column);
                loop {
                    match chars.next() {
                        None => return Err(error(open_line, open_column, GameTextErrorKind::UnclosedComment)),
                        Some((_, '}')) => {
                            column += 1;
                            break;
                        }
                        Some((_, '\n')) => {
                            line += 1;
                            column = 1;
                        }
                        Some(_) => column += 1,
                    }
                }
            }
            ';' => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
            c if c.is_whitespace() => {}
            '[' => return Err(error(line, column, GameTextErrorKind::TagAfterTurns)),
            _ => {
                let start_column = column;
                let mut end = at + c.len_utf8();
                while let Some(&(b, c)) = chars.peek() {
                    if c.is_whitespace() || c == '{' || c == ';' {
                        break;
                    }
                    end = b + c.len_utf8();
                    column += 1;
                    chars.next();
                }
                out.push(Word { text: &text[at..end], line, column: start_column });
            }
        }
        column += 1;
    }
    Ok(out)
}

/// The record's start position as written, if it has one that reads.
fn written_start(record: &GameRecord) -> Option<Position> {
    record.start.as_ref().and_then(|text| text.parse().ok())
}

/// The Vela tag's value: the handicapped side, or `-` when the Start tag has a vela side that the record has not.
fn vela_tag(record: &GameRecord) -> Option<String> {
    match record.vela {
        Some(side) => Some(side.letter().to_string()),
        None => written_start(record).and_then(|p| p.vela()).map(|_| "-".to_owned()),
    }
}

/// The side that plays the first turn of the record, as the reader sees it: the one to move in the Start tag,
/// else in the variant's start.
fn first_mover(record: &GameRecord) -> Side {
    written_start(record).unwrap_or_else(|| Position::start(record.variant).with_vela(record.vela)).side_to_move()
}

/// The move number written before turn `index` (0-based) when `first` moves first: `3.` before White's turns,
/// `3...` before a Black turn that opens the game, nothing before other Black turns.
fn move_number(index: usize, first: Side) -> (usize, Side) {
    let half = index + usize::from(first == Side::Black);
    (half / 2 + 1, if half.is_multiple_of(2) { Side::White } else { Side::Black })
}

/// The outcome a record with this score has: the one its turns end with, if they end with that score, else a
/// resignation for a win and a repetition for a draw (which [`GameRecord::replay`] then refuses if it is wrong).
fn infer_outcome(record: &GameRecord, winner: Option<Side>) -> Outcome {
    let mut ended = None;
    if let Ok(start) = record.start_position() {
        let mut game = Game::new(start);
        for turn in &record.turns {
            if game.play_notation(turn).is_err() {
                break;
            }
        }
        ended = game.outcome();
    }
    match (ended, winner) {
        (Some(outcome), _) if outcome.winner() == winner => outcome,
        (_, Some(winner)) => Outcome::win(winner, WinReason::Resignation),
        (_, None) => Outcome::draw(DrawReason::Repetition),
    }
}

/// Where a tag's value or a word starts in the text: its line and column, from 1.
type At = (usize, usize);

/// The tags a game text names (each with where its value is, for errors), and where its turns begin.
#[derive(Default)]
struct Tags {
    variant: Option<Variant>,
    vela: Option<(Option<Side>, At)>,
    start: Option<(String, Position, At)>,
    white: Option<String>,
    black: Option<String>,
    date: Option<String>,
    event: Option<String>,
    result: Option<(Score, At)>,
    termination: Option<(String, At)>,
    /// The byte where the turns begin.
    offset: usize,
    /// The lines the tags took.
    lines: usize,
}

/// The tags: every line up to the first that is neither blank nor a tag. Unknown tags are allowed and ignored; a
/// known one twice is an error.
fn parse_tags(text: &str) -> Result<Tags, GameTextError> {
    use GameTextErrorKind as K;
    let mut tags = Tags::default();
    let mut seen: Vec<String> = Vec::new();
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let trimmed = content.trim_start();
        if !trimmed.is_empty() && !trimmed.starts_with('[') {
            break;
        }
        tags.lines += 1;
        tags.offset += line.len();
        if trimmed.is_empty() {
            continue;
        }
        let line_no = tags.lines;
        let (name, value, value_column) =
            parse_tag(content).map_err(|(at, message)| error(line_no, at + 1, K::TagSyntax(message)))?;
        let key = name.to_ascii_lowercase();
        let here = (line_no, value_column + 1);
        let known = ["variant", "vela", "start", "white", "black", "date", "event", "result", "termination"];
        if !known.contains(&key.as_str()) {
            continue;
        }
        if seen.contains(&key) {
            return Err(error(line_no, 1, K::DuplicateTag(name.to_owned())));
        }
        seen.push(key.clone());
        match key.as_str() {
            "variant" => tags.variant = Some(value.trim().parse().map_err(|e| error(here.0, here.1, K::Variant(e)))?),
            "vela" => {
                let side = match value.trim() {
                    "" | "-" => None,
                    v => Some(v.parse::<Side>().map_err(|_| error(here.0, here.1, K::Vela(value.clone())))?),
                };
                tags.vela = Some((side, here));
            }
            "start" => {
                let position = value.parse::<Position>().map_err(|e| error(here.0, here.1, K::Start(e)))?;
                tags.start = Some((value, position, here));
            }
            "white" => tags.white = Some(value),
            "black" => tags.black = Some(value),
            "date" => tags.date = Some(value),
            "event" => tags.event = Some(value),
            "result" => {
                let score = parse_score(value.trim()).ok_or_else(|| error(here.0, here.1, K::Result(value.clone())))?;
                tags.result = Some((score, here));
            }
            _ => tags.termination = Some((value, here)),
        }
    }
    Ok(tags)
}

/// A game text's turns, with where each is, and the result written after them (as written, and where).
struct Movetext<'a> {
    turns: Vec<String>,
    at: Vec<At>,
    result: Option<(Score, &'a str, At)>,
}

/// The turns of a game text (from line `first_line` on, `first` to move), each checked for its syntax and its move
/// number; and the result written after them, if any (nothing may follow it).
fn parse_turns(text: &str, first_line: usize, first: Side) -> Result<Movetext<'_>, GameTextError> {
    use GameTextErrorKind as K;
    let mut turns = Vec::new();
    let mut turn_at = Vec::new();
    let mut end_result: Option<(Score, &str, At)> = None;
    for word in words(text, first_line)? {
        if end_result.is_some() {
            return Err(error(word.line, word.column, K::AfterResult(word.text.to_owned())));
        }
        if let Some(score) = parse_score(word.text) {
            end_result = Some((score, word.text, (word.line, word.column)));
            continue;
        }
        let mut turn_text = word.text;
        let mut column = word.column;
        let digits = turn_text.bytes().take_while(u8::is_ascii_digit).count();
        let dots = turn_text[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            let (number, side) = move_number(turns.len(), first);
            let expected = if side == Side::White { format!("{number}.") } else { format!("{number}...") };
            let found = &turn_text[..digits + dots];
            let found_side = if dots == 1 { Side::White } else { Side::Black };
            if turn_text[..digits] != *number.to_string() || found_side != side {
                return Err(error(word.line, column, K::MoveNumber { found: found.to_owned(), expected }));
            }
            turn_text = &turn_text[digits + dots..];
            column += digits + dots;
            if turn_text.is_empty() {
                continue;
            }
        }
        if let Err(source) = turn_text.parse::<Turn>() {
            return Err(error(word.line, column, K::Turn { text: turn_text.to_owned(), source }));
        }
        turns.push(turn_text.to_owned());
        turn_at.push((word.line, column));
    }
    Ok(Movetext { turns, at: turn_at, result: end_result })
}

/// The record's outcome from its score and its `Termination` tag (which must agree with the score, and is only
/// allowed without one when it names no outcome), or inferred from the turns.
fn record_outcome(
    record: &GameRecord,
    score: Score,
    termination: Option<&(String, At)>,
) -> Result<Option<Outcome>, GameTextError> {
    use GameTextErrorKind as K;
    let Some(winner) = score else {
        if let Some((text, (line, column))) = termination
            && all_outcomes().any(|o| o.to_string().eq_ignore_ascii_case(text.trim()))
        {
            let kind = K::Termination { termination: text.clone(), result: "*".to_owned() };
            return Err(error(*line, *column, kind));
        }
        return Ok(None);
    };
    let named = termination.and_then(|(text, here)| {
        let text = text.trim();
        all_outcomes().find(|o| o.to_string().eq_ignore_ascii_case(text)).map(|o| (o, here))
    });
    Ok(Some(match named {
        Some((outcome, _)) if outcome.winner() == winner => outcome,
        Some((outcome, (line, column))) => {
            let kind = K::Termination { termination: outcome.to_string(), result: score_text(score).to_owned() };
            return Err(error(*line, *column, kind));
        }
        None => infer_outcome(record, winner),
    }))
}

fn parse(text: &str) -> Result<Parsed, GameTextError> {
    use GameTextErrorKind as K;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let tags = parse_tags(text)?;
    let start = tags.start;
    let variant = tags.variant.or(start.as_ref().map(|s| s.1.variant())).unwrap_or(Variant::Tsivy);
    let vela_side = match &tags.vela {
        Some((side, _)) => *side,
        None => start.as_ref().and_then(|s| s.1.vela()),
    };
    if let Some((Some(_), (line, column))) = tags.vela
        && variant != Variant::Tsivy
    {
        return Err(error(line, column, K::VelaVariant(variant)));
    }
    let first = match &start {
        Some((_, position, _)) => position.side_to_move(),
        None => Position::start(variant).with_vela(vela_side).side_to_move(),
    };
    let Movetext { turns, at: turn_at, result: end_result } = parse_turns(&text[tags.offset..], tags.lines + 1, first)?;

    let score = match (&tags.result, &end_result) {
        (Some((tag, _)), Some((end, written, (line, column)))) if tag != end => {
            let kind = K::ResultMismatch { tag: score_text(*tag).to_owned(), movetext: (*written).to_owned() };
            return Err(error(*line, *column, kind));
        }
        (Some((score, _)), _) | (None, Some((score, _, _))) => *score,
        (None, None) => None,
    };
    let mut record = GameRecord {
        variant,
        vela: vela_side,
        start: start.as_ref().map(|s| s.0.clone()),
        turns,
        result: None,
        white: tags.white,
        black: tags.black,
        date: tags.date,
        event: tags.event,
    };
    record.result = record_outcome(&record, score, tags.termination.as_ref())?;

    let lines: Vec<&str> = text.split('\n').collect();
    let end = (lines.len(), lines.last().map_or(0, |l| l.chars().count()) + 1);
    Ok(Parsed {
        record,
        turns: turn_at,
        start: start.map(|s| s.2),
        vela: tags.vela.map(|v| v.1),
        result: end_result.map(|r| r.2).or(tags.result.map(|r| r.1)),
        end,
    })
}

impl GameRecord {
    /// The record as game text (see `docs/GAME-FILES.md`): tags, a blank line, then the numbered turns wrapped at
    /// 80 columns and the result.
    ///
    /// ```
    /// use fanorona_rules::{Game, GameRecord, Variant};
    /// let mut game = Game::of_variant(Variant::Tsivy);
    /// game.play_notation("f3-e3W")?;
    /// let mut record = GameRecord::of_game(&game);
    /// record.white = Some("Rasoa".into());
    /// assert_eq!(record.to_text(), "[White \"Rasoa\"]\n[Variant \"tsivy\"]\n[Result \"*\"]\n\n1. f3-e3W *\n");
    /// assert_eq!(GameRecord::from_text(&record.to_text()), Ok(record));
    /// # Ok::<(), fanorona_rules::TurnError>(())
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let tags = [
            ("Event", self.event.clone()),
            ("Date", self.date.clone()),
            ("White", self.white.clone()),
            ("Black", self.black.clone()),
            ("Variant", Some(self.variant.to_string())),
            ("Vela", vela_tag(self)),
            ("Start", self.start.clone()),
            ("Result", Some(score_text(self.result.map(|o| o.winner())).to_owned())),
            ("Termination", self.result.map(|o| o.to_string())),
        ];
        for (name, value) in tags {
            if let Some(value) = value {
                let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
            }
        }
        out.push('\n');
        let first = first_mover(self);
        let mut line = String::new();
        let mut push = |unit: String, out: &mut String| {
            if !line.is_empty() && line.chars().count() + 1 + unit.chars().count() > WRAP {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&unit);
        };
        for (i, turn) in self.turns.iter().enumerate() {
            let unit = match move_number(i, first) {
                (number, Side::White) => format!("{number}. {turn}"),
                (number, Side::Black) if i == 0 => format!("{number}... {turn}"),
                _ => turn.clone(),
            };
            push(unit, &mut out);
        }
        push(score_text(self.result.map(|o| o.winner())).to_owned(), &mut out);
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Reads game text (only its form: tags, turn notation, move numbers, result; [`GameRecord::replay`] checks
    /// that the turns are legal, or use [`GameRecord::load_text`] for both). Unknown tags are ignored.
    pub fn from_text(text: &str) -> Result<GameRecord, GameTextError> {
        parse(text).map(|parsed| parsed.record)
    }

    /// Reads game text and replays it; an illegal turn, a turn after the end or a wrong result is reported with
    /// the line and column where it is written.
    pub fn load_text(text: &str) -> Result<Game, GameTextError> {
        let parsed = parse(text)?;
        parsed.record.replay().map_err(|e| {
            let (line, column) = match &e {
                RecordError::Syntax { line, column, .. } => (*line, *column),
                RecordError::Turn { number, .. } | RecordError::AfterEnd { number, .. } => {
                    parsed.turns.get(number.saturating_sub(1)).copied().unwrap_or(parsed.end)
                }
                RecordError::Start(_) => parsed.start.unwrap_or((1, 1)),
                RecordError::StartMismatch { field } => {
                    let tag = if *field == "vela" { parsed.vela.or(parsed.start) } else { parsed.start };
                    tag.unwrap_or((1, 1))
                }
                RecordError::Result { .. } => parsed.result.unwrap_or(parsed.end),
            };
            error(line, column, GameTextErrorKind::Replay(e))
        })
    }
}

/// The two forms of a saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameForm {
    /// Game text (`[Variant "tsivy"]`, then `1. f3-e3W ...`).
    Text,
    /// A RON record (`(variant: tsivy, turns: [...])`).
    Ron,
}

impl GameForm {
    /// The form of `text`: RON starts with `(` (after blanks and `//` or `/*` comments), game text with anything
    /// else (`[`, a move number or a turn).
    pub fn of(text: &str) -> GameForm {
        let mut rest = text.trim_start_matches('\u{feff}').trim_start();
        loop {
            if let Some(after) = rest.strip_prefix("//") {
                rest = after.split_once('\n').map_or("", |(_, r)| r).trim_start();
            } else if let Some(after) = rest.strip_prefix("/*") {
                rest = after.split_once("*/").map_or("", |(_, r)| r).trim_start();
            } else {
                break;
            }
        }
        if rest.starts_with('(') { GameForm::Ron } else { GameForm::Text }
    }
}

/// Why a saved game in either form could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReadGameError {
    /// Game text that does not read or replay (with its line and column).
    #[error(transparent)]
    Text(#[from] GameTextError),
    /// A RON record that does not read or replay.
    #[error(transparent)]
    Ron(#[from] RecordError),
}

impl GameRecord {
    /// Reads a saved game in either form ([`GameForm::of`] tells which) and replays it: the record, the game, and
    /// the form it was in.
    pub fn read(text: &str) -> Result<(GameRecord, Game, GameForm), ReadGameError> {
        let form = GameForm::of(text);
        match form {
            GameForm::Ron => {
                let record = GameRecord::from_ron(text)?;
                let game = record.replay()?;
                Ok((record, game, form))
            }
            GameForm::Text => {
                let game = GameRecord::load_text(text)?;
                Ok((GameRecord::from_text(text)?, game, form))
            }
        }
    }
}
