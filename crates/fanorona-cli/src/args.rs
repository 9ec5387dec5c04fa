//! What the subcommands read from the command line (positions, depths) and the error a bad argument gives.

use fanorona_rules::{Position, Variant};

/// A command-line error: printed on standard error, exit status 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

// The position argument of the subcommands that take one. (A doc comment here would become their help.)
#[derive(clap::Args, Debug)]
pub struct PositionArg {
    /// The position: text such as `bbbbb/bbbbb/wb1wb/wwwww/wwwww w`, or tsivy, dimy, telo.
    #[arg(required = true, num_args = 1..)]
    position: Vec<String>,
}

impl PositionArg {
    /// The position given.
    pub fn read(&self) -> Result<Position, CliError> {
        position(&self.position)
    }
}

/// A position given as words (position text quoted or split into words, or a variant's name).
pub fn position<S: std::borrow::Borrow<str>>(words: &[S]) -> Result<Position, CliError> {
    parse_position(&words.join(" "))
}

/// Position text, or the name of a variant for its start position.
pub fn parse_position(text: &str) -> Result<Position, CliError> {
    if let Ok(variant) = text.trim().parse::<Variant>() {
        return Ok(Position::start(variant));
    }
    text.parse().map_err(|e| CliError(format!("bad position `{text}`: {e}")))
}

/// A depth in turns.
pub fn parse_depth(text: &str) -> Result<u32, CliError> {
    text.parse().map_err(|_| CliError(format!("bad depth `{text}`: expected a whole number such as 5")))
}
