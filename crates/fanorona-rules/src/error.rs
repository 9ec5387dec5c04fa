//! Errors, each saying what is wrong in words a player understands.

use thiserror::Error;

use crate::geometry::{Direction, Point, Variant};
use crate::outcome::Outcome;
use crate::side::Side;
use crate::turn::{CaptureKind, ParseTurnError, Step};

/// Position text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    /// Too few or too many fields.
    #[error(
        "position text needs 2 to 4 fields, found {0}: the rows, the side to move, and optionally the no-capture \
         count and vela (for example `bbbbb/bbbbb/wb1wb/wwwww/wwwww w 0 -`)"
    )]
    Fields(usize),
    /// A row has a character other than `w`, `b` or a digit.
    #[error("row {row}: `{ch}` is not a piece: use w, b, or a digit for empty points")]
    Char {
        /// The row number (1 is White's home row).
        row: usize,
        /// The character.
        ch: char,
    },
    /// A row is not as wide as the first one.
    #[error("row {row} has {found} points but row {top} has {expected}: every row must be as wide")]
    RowWidth {
        /// The row number of the offending row.
        row: usize,
        /// Its width.
        found: usize,
        /// The top row's number.
        top: usize,
        /// The top row's width.
        expected: usize,
    },
    /// The board size is not one of the variants'.
    #[error("a {width} x {height} board is not played: tsivy is 9 x 5, dimy 5 x 5, telo 3 x 3")]
    Size {
        /// Columns read.
        width: usize,
        /// Rows read.
        height: usize,
    },
    /// The side to move is not `w` or `b`.
    #[error("`{0}` is not the side to move: expected w or b")]
    Side(String),
    /// The no-capture count is not a number.
    #[error("`{0}` is not a no-capture count: expected a whole number such as 0")]
    Counter(String),
    /// The vela field is not `-`, `w` or `b`.
    #[error("`{0}` is not a vela field: expected - (no vela), w or b (the handicapped side)")]
    Vela(String),
    /// The text is well formed, but no position has these pieces and fields.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

/// A [`crate::Setup`] that is not a position: pieces off the board or on one point twice, too many pieces, vela
/// outside tsivy, an impossible no-capture count.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A bit of a piece set that is no point of any board (the set was built from a raw number).
    #[error("{side}'s pieces include bit {index}, which is no point of any board")]
    NotAPoint {
        /// Whose pieces.
        side: Side,
        /// The bit index.
        index: u8,
    },
    /// A piece outside the variant's board.
    #[error("{side} has a piece on {point}, which is not on the {variant} board")]
    OffBoard {
        /// Whose piece.
        side: Side,
        /// Where it is.
        point: Point,
        /// The board.
        variant: Variant,
    },
    /// A point with a piece of each side.
    #[error("{0} holds both a White and a Black piece: a point holds one piece at most")]
    Overlap(Point),
    /// More pieces than a side starts with.
    #[error("{side} has {count} pieces, but a side has at most {max} in {variant}")]
    TooManyPieces {
        /// The side.
        side: Side,
        /// Pieces found.
        count: u32,
        /// The most allowed.
        max: u32,
        /// The variant.
        variant: Variant,
    },
    /// Vela on a board other than tsivy.
    #[error("vela is played on tsivy only, not on {0}")]
    VelaVariant(Variant),
    /// A no-capture count beyond the one that ends the game.
    #[error("{0} turns without a capture: the game is drawn at 50, so the count is at most 50")]
    QuietTurns(u16),
}

/// A well-formed turn that the position does not allow.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalTurn {
    /// The position is finished: a telo line stands, or the side to move has no piece.
    #[error("the game is over: no turn can be played")]
    GameOver,
    /// A move while the side to move must still place pieces.
    #[error("{0} still has pieces to place: write the empty point to place on, such as b2")]
    MustPlace(Side),
    /// A placement outside telo's placing phase.
    #[error("pieces are placed only at the start of telo, while a side has fewer than 3: move a piece instead")]
    CannotPlace,
    /// A point that is not on this board.
    #[error("{point} is not on the {variant} board")]
    OffBoard {
        /// The point.
        point: Point,
        /// The board's variant.
        variant: Variant,
    },
    /// Nothing to move.
    #[error("there is no piece on {0}")]
    NoPiece(Point),
    /// The opponent's piece.
    #[error("the piece on {point} is {owner}'s, and it is {mover}'s turn")]
    NotYourPiece {
        /// The point.
        point: Point,
        /// Whose piece it is.
        owner: Side,
        /// Who is to move.
        mover: Side,
    },
    /// A step or placement onto a piece.
    #[error("{0} is not empty")]
    Occupied(Point),
    /// A paika while a capture exists.
    #[error("{0} is a paika, but a capture is available, and capturing is compulsory")]
    CaptureRequired(Step),
    /// A step marked as a paika that captures.
    #[error("{step} captures: write {with_kind}")]
    MarkCapture {
        /// The step as written.
        step: Step,
        /// How to write it (`e2-e3A`, or `e2-e3A or e2-e3W`).
        with_kind: String,
    },
    /// A step marked A or W that does not capture that way.
    #[error("{step}: nothing is captured by {kind}")]
    NothingToCapture {
        /// The step as written.
        step: Step,
        /// The capture claimed.
        kind: CaptureKind,
    },
    /// The handicapped side of a vela game tried to capture.
    #[error(
        "{0} plays the vela handicap: its moves capture nothing until it has 5 pieces or fewer (write the step without A or W)"
    )]
    Vela(Side),
    /// A chain step onto a point already stood on this turn.
    #[error("the piece already stood on {0} this turn")]
    Revisit(Point),
    /// A chain step in the same direction as the previous step.
    #[error("the piece just moved {0}: a chain may not go in the same direction twice in a row")]
    SameDirection(Direction),
    /// A chain step by another piece.
    #[error("the chain goes on with the piece on {0}")]
    OtherPiece(Point),
    /// A step after the turn ended.
    #[error("the turn is already over")]
    TurnOver,
    /// A step that captures nothing played after a capture: a chain goes on only with captures.
    #[error("{0} is a paika: a chain continues only with captures (mark them A or W)")]
    PaikaInChain(Step),
    /// Stopping a turn before its first step.
    #[error("no step played yet: there is no turn to stop")]
    NoStep,
    /// The game has a result already (a draw, or a resignation, as well as a decided board).
    #[error("the game is over: {0}")]
    GameEnded(Outcome),
}

/// Turn notation that is read and played: either the text is not a turn, or the turn is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TurnError {
    /// The text is not a turn.
    #[error(transparent)]
    Parse(#[from] ParseTurnError),
    /// The turn is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalTurn),
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
