//! Game records: a game saved as RON, loaded by replaying and checking every turn ([`RecordError`] says why
//! one cannot be).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::Game;
use crate::geometry::Variant;
use crate::outcome::{Outcome, WinReason};
use crate::position::{IllegalTurn, ParsePositionError, Position, TurnError};
use crate::side::Side;

/// A saved game. In RON:
///
/// ```ron
/// (
///     variant: tsivy,
///     vela: None,
///     turns: ["f3-e3W", "d3-e3A"],
///     result: None,
///     white: Some("Rasoa"),
/// )
/// ```
///
/// `start` (position text) is left out when the game began from the variant's start position (with the vela
/// setting). Loading ([`GameRecord::replay`]) plays every turn and checks the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The board.
    pub variant: Variant,
    /// The handicapped side of a vela game.
    #[serde(default)]
    pub vela: Option<Side>,
    /// The start position as position text, if it is not the variant's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The turns in notation.
    pub turns: Vec<String>,
    /// The result, if the game is over.
    #[serde(default)]
    pub result: Option<Outcome>,
    /// White's player name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// Black's player name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// When the game was played (free text, e.g. `2026-11-29`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Where or in what event it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
}

impl GameRecord {
    /// The record of a game: its start, the turns played up to the current position, and its result.
    pub fn of_game(game: &Game) -> GameRecord {
        let start = *game.start();
        let standard = Position::start(start.variant()).with_vela(start.vela());
        GameRecord {
            variant: start.variant(),
            vela: start.vela(),
            start: (start != standard).then(|| start.to_string()),
            turns: game.turns().iter().map(ToString::to_string).collect(),
            result: game.outcome(),
            white: None,
            black: None,
            date: None,
            event: None,
        }
    }

    /// Reads a record from RON text (only its form; [`GameRecord::replay`] checks the turns).
    pub fn from_ron(text: &str) -> Result<GameRecord, RecordError> {
        // `Some(..)` may be left out around optional fields: files are edited by hand too.
        let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        options.from_str(text).map_err(|e| RecordError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })
    }

    /// The record as pretty RON text.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().struct_names(false);
        // Serialising plain strings, enums and options cannot fail; fall back to the compact form just in case.
        ron::ser::to_string_pretty(self, config).unwrap_or_else(|e| format!("/* {e} */"))
    }

    /// The start position the record names.
    pub fn start_position(&self) -> Result<Position, RecordError> {
        let standard = Position::start(self.variant).with_vela(self.vela);
        let Some(text) = &self.start else { return Ok(standard) };
        let start: Position = text.parse()?;
        if start.variant() != self.variant {
            return Err(RecordError::StartMismatch { field: "variant" });
        }
        if start.vela() != self.vela {
            return Err(RecordError::StartMismatch { field: "vela" });
        }
        Ok(start)
    }

    /// Replays the record: every turn must be legal, no turn may follow the end, and the recorded result must be
    /// the replay's (a resignation is accepted where the game was not otherwise over).
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::new(self.start_position()?);
        for (i, text) in self.turns.iter().enumerate() {
            let number = i + 1;
            let text = text.clone();
            match game.play_notation(&text) {
                Ok(_) => {}
                Err(TurnError::Illegal(IllegalTurn::GameEnded(outcome))) => {
                    return Err(RecordError::AfterEnd { number, text, outcome });
                }
                Err(source) => return Err(RecordError::Turn { number, text, source }),
            }
        }
        if let Some(Outcome::Win { winner, reason: WinReason::Resignation }) = self.result
            && !game.is_over()
        {
            game.resign(!winner);
        }
        let actual = game.outcome();
        if actual != self.result {
            let describe = |o: Option<Outcome>| o.map_or_else(|| "not finished".to_owned(), |o| o.to_string());
            return Err(RecordError::Result { recorded: describe(self.result), actual: describe(actual) });
        }
        Ok(game)
    }

    /// Reads RON text and replays it.
    pub fn load(text: &str) -> Result<Game, RecordError> {
        GameRecord::from_ron(text)?.replay()
    }
}

/// A game record that cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The text is not a RON game record.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the RON reader said.
        message: String,
    },
    /// The start position does not parse.
    #[error("start position: {0}")]
    Start(#[from] ParsePositionError),
    /// The start position is on another board, or has another vela setting, than the record says.
    #[error("the start position does not match the record's {field}")]
    StartMismatch {
        /// `variant` or `vela`.
        field: &'static str,
    },
    /// A turn cannot be read or played.
    #[error("turn {number} `{text}`: {source}")]
    Turn {
        /// 1-based turn number.
        number: usize,
        /// The turn as written.
        text: String,
        /// Why it cannot be played.
        source: TurnError,
    },
    /// A turn after the game ended.
    #[error("turn {number} `{text}` comes after the game ended: {outcome}")]
    AfterEnd {
        /// 1-based turn number.
        number: usize,
        /// The turn as written.
        text: String,
        /// How the game ended.
        outcome: Outcome,
    },
    /// The recorded result is not what the turns lead to.
    #[error("the record's result ({recorded}) is not how its turns end ({actual})")]
    Result {
        /// The result written in the record.
        recorded: String,
        /// The result of replaying the turns.
        actual: String,
    },
}
