//! Why a turn cannot be played, in the player's words: each of the rules' reasons ([`StepRefusal`], [`TypedError`])
//! as the id of a message of the game's translation files (`assets/locales/*/game.ftl`) and its arguments. The game
//! and the light board both say them this way, so that a reason has one set of words wherever it is met.
//! `web/words.mjs` reads the ids of this file (each given to [`reason!`]) to put their words into the page.
//!
//! ```
//! use fanorona_reasons::typed_error;
//! use fanorona_rules::{Position, TurnBuilder, Variant};
//! let builder = TurnBuilder::new(Position::start(Variant::Tsivy));
//! let error = builder.interpret("c2-c3").unwrap_err();
//! assert_eq!(typed_error(&error, "c2-c3").id, "drop-occupied");
//! ```

use fanorona_rules::{IllegalTurn, ParseTurnError, Point, Side, StepRefusal, TypedError};

/// A message to put into words: its id in the translation files, and its arguments by name, each a word shown as
/// it is or a key a message's selector chooses by (`white`, `black`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The message's id.
    pub id: &'static str,
    /// The message's variables, by name.
    pub args: Vec<(&'static str, String)>,
}

/// A [`Reason`]: the message's id, then its arguments as `name = value`, each value turned into its text.
macro_rules! reason {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        Reason { id: $id, args: vec![$((stringify!($name), $value.to_string())),*] }
    };
}

/// The key by which messages choose their words for a side (`{ $side -> [white] ... *[black] ... }`).
pub const fn side_key(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// Why the piece on `from` may not step to `to` now ([`TurnBuilder::why_not`](fanorona_rules::TurnBuilder::why_not)):
/// each of the rules' reasons in words of its own.
pub fn refusal(from: Point, to: Point, why: &StepRefusal) -> Reason {
    let error = match why {
        StepRefusal::NotALine => return reason!("drop-not-a-line", from = from, to = to),
        StepRefusal::NotNow => return reason!("drop-not-now", from = from, to = to),
        StepRefusal::Illegal(error) => error,
    };
    match error {
        IllegalTurn::GameOver | IllegalTurn::GameEnded(_) | IllegalTurn::TurnOver => {
            reason!("drop-game-over", from = from, to = to)
        }
        IllegalTurn::MustPlace(side) => reason!("drop-must-place", from = from, to = to, side = side_key(*side)),
        IllegalTurn::NoPiece(_) => reason!("drop-no-piece", from = from, to = to),
        IllegalTurn::NotYourPiece { owner, .. } => {
            reason!("drop-not-yours", from = from, to = to, owner = side_key(*owner))
        }
        IllegalTurn::Occupied(_) => reason!("drop-occupied", from = from, to = to),
        IllegalTurn::CaptureRequired(_) => reason!("drop-capture-required", from = from, to = to),
        IllegalTurn::Vela(side) => reason!("drop-vela", from = from, to = to, side = side_key(*side)),
        IllegalTurn::Revisit(point) => reason!("drop-revisit", from = from, to = to, point = point),
        IllegalTurn::SameDirection(_) => reason!("drop-same-direction", from = from, to = to),
        IllegalTurn::OtherPiece(point) => reason!("drop-other-piece", from = from, to = to, point = point),
        IllegalTurn::PaikaInChain(_) => reason!("drop-paika-in-chain", from = from, to = to),
        IllegalTurn::CannotPlace
        | IllegalTurn::OffBoard { .. }
        | IllegalTurn::NoStep
        | IllegalTurn::MarkCapture { .. }
        | IllegalTurn::NothingToCapture { .. } => reason!("drop-not-now", from = from, to = to),
    }
}

/// Why the text `typed` cannot be played ([`TurnBuilder::interpret`](fanorona_rules::TurnBuilder::interpret)).
pub fn typed_error(error: &TypedError, typed: &str) -> Reason {
    match error {
        TypedError::Notation(error) => not_notation(typed, error),
        TypedError::WhichCapture { from, to } => reason!("typed-which-capture", from = from, to = to),
        TypedError::OtherCapture { from, to } => reason!("typed-other-capture", from = from, to = to),
        TypedError::Refused { from, to, why } => refusal(*from, *to, why),
        TypedError::CannotPlace(point) => reason!("typed-cannot-place", point = point),
        TypedError::NothingGoes(point) => reason!("typed-nothing-goes", point = point),
        TypedError::WhichPiece { to, pieces } => {
            let pieces: Vec<String> = pieces.into_iter().map(|p| p.to_string()).collect();
            let example = format!("{}-{to}", pieces.first().map_or("", String::as_str));
            reason!("typed-which-piece", point = to, pieces = pieces.join(", "), example = example)
        }
    }
}

/// A point typed in a question (`d3?`) that is not a point of the board.
pub fn not_a_point(typed: &str) -> Reason {
    reason!("typed-not-a-point", point = typed)
}

/// A turn typed while it is not the player's turn.
pub fn not_your_turn() -> Reason {
    reason!("typed-not-your-turn")
}

/// Why `typed` is not a turn in the notation.
fn not_notation(typed: &str, error: &ParseTurnError) -> Reason {
    match error {
        ParseTurnError::Empty => reason!("typed-empty"),
        ParseTurnError::Point { text, .. } => reason!("typed-not-a-point", point = text),
        ParseTurnError::Suffix { token } => reason!("typed-suffix", step = token),
        ParseTurnError::NotAdjacent { from, to } | ParseTurnError::NoDiagonal { from, to } => {
            reason!("drop-not-a-line", from = from, to = to)
        }
        ParseTurnError::PaikaInChain { .. } | ParseTurnError::Disconnected { .. } | ParseTurnError::TooLong => {
            reason!("typed-not-notation", typed = typed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fanorona_rules::{Position, TurnBuilder, Variant};

    /// Each way a typed turn can fail gets its own words (the rules crate's tests check the reading itself).
    #[test]
    fn what_cannot_be_played_is_said_in_the_players_words() {
        let builder = TurnBuilder::new(Position::start(Variant::Tsivy));
        let said = |typed: &str| builder.interpret(typed).map_err(|e| typed_error(&e, typed).id);
        assert!(said("d2-e3A").is_ok());
        assert_eq!(said("c2-c3"), Err("drop-occupied"), "the rules' reason for a step refused");
        assert_eq!(said("d2-e3W"), Err("typed-other-capture"));
        assert_eq!(said("e2-e3-e4"), Err("typed-not-notation"));
        assert_eq!(said("z9"), Err("typed-not-a-point"));
        assert_eq!(said("a1-c3"), Err("drop-not-a-line"));
        assert_eq!(said("e3"), Err("typed-which-piece"));
        assert_eq!(said("a3"), Err("typed-nothing-goes"));
        let Err(error) = builder.interpret("e3") else { panic!("e3 is reached by several pieces") };
        let reason = typed_error(&error, "e3");
        let example = reason.args.iter().find(|(name, _)| *name == "example");
        assert!(matches!(example, Some((_, example)) if example.ends_with("-e3")), "{reason:?}");
    }

    /// A reason's arguments are the points and sides by name, as the messages read them.
    #[test]
    fn arguments_are_names() {
        let (from, to) = ("e2".parse().unwrap(), "e3".parse().unwrap());
        let reason = refusal(from, to, &StepRefusal::Illegal(IllegalTurn::MustPlace(Side::Black)));
        let args = [("from", "e2".to_owned()), ("to", "e3".to_owned()), ("side", "black".to_owned())];
        assert_eq!(reason, Reason { id: "drop-must-place", args: args.to_vec() });
    }
}
