//! `convert`: a saved game from RON to game text or back, checked by replaying it.

use std::io::Read as _;
use std::path::Path;

use fanorona_rules::GameRecord;

/// The two forms of a saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Form {
    /// Game text (`[Variant "tsivy"]`, then `1. f3-e3W ...`).
    Text,
    /// A RON record (`(variant: tsivy, turns: [...])`).
    Ron,
}

/// The form of `text`: RON starts with `(` (after blanks and `//` or `/*` comments), game text with anything else
/// (`[`, a move number or a turn).
pub fn detect(text: &str) -> Form {
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
    if rest.starts_with('(') { Form::Ron } else { Form::Text }
}

/// Reads a saved game from `file` (`-` for standard input) in either form and checks it by replaying it.
pub fn load(file: &Path) -> Result<(GameRecord, Form), String> {
    let text = if file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| format!("cannot read standard input: {e}"))?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?
    };
    let name = file.display();
    let from = detect(&text);
    let record = match from {
        Form::Ron => {
            let record = GameRecord::from_ron(&text).map_err(|e| format!("{name}: {e}"))?;
            record.replay().map_err(|e| format!("{name}: {e}"))?;
            record
        }
        Form::Text => {
            GameRecord::load_text(&text).map_err(|e| format!("{name}: {e}"))?;
            GameRecord::from_text(&text).map_err(|e| format!("{name}: {e}"))?
        }
    };
    Ok((record, from))
}

/// Reads `file` (`-` for standard input), replays it, and returns it in the form `to` (by default the other one).
pub fn run(file: &Path, to: Option<Form>) -> Result<String, String> {
    let (record, from) = load(file)?;
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
