//! `convert`: a saved game from RON to game text or back, checked by replaying it.

use std::io::Read as _;
use std::path::Path;

use fanorona_rules::{Game, GameForm, GameRecord};

use crate::args::CliError;

/// Read a saved game (RON or game text, see docs/GAME-FILES.md), check it by replaying it, and print it in the
/// other form (or in the one asked for).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game file; `-` reads standard input.
    file: std::path::PathBuf,
    /// The form to print: text or ron (default: the one the file is not in).
    #[arg(long)]
    to: Option<Form>,
}

impl Args {
    /// The game in the other form.
    pub fn run(self) -> Result<String, CliError> {
        convert(&self.file, self.to).map_err(CliError)
    }
}

/// The two forms of a saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Form {
    /// Game text (`[Variant "tsivy"]`, then `1. f3-e3W ...`).
    Text,
    /// A RON record (`(variant: tsivy, turns: [...])`).
    Ron,
}

/// Reads a saved game from `file` (`-` for standard input) in either form and checks it by replaying it.
pub fn load(file: &Path) -> Result<(GameRecord, Game, Form), String> {
    let text = if file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| format!("cannot read standard input: {e}"))?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?
    };
    let (record, game, form) = GameRecord::read(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let from = match form {
        GameForm::Text => Form::Text,
        GameForm::Ron => Form::Ron,
    };
    Ok((record, game, from))
}

/// Reads `file` (`-` for standard input), replays it, and returns it in the form `to` (by default the other one).
fn convert(file: &Path, to: Option<Form>) -> Result<String, String> {
    let (record, _, from) = load(file)?;
    let to = to.unwrap_or(if from == Form::Ron { Form::Text } else { Form::Ron });
    Ok(match to {
        Form::Text => record.to_text(),
        Form::Ron => {
            let mut ron = record.to_ron();
            ron.push('\n');
            ron
        }
    })
}
