//! One puzzle: its text, and the turns it accepts.

use std::fmt;
use std::str::FromStr;

use fanorona_rules::{Game, Position, Turn};

use crate::theme::{Theme, starting_rating};

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A short name, unique within its set (`t17`, `d4`).
    pub id: String,
    /// The position, the solver to move.
    pub position: Position,
    /// The solver's turn, the opponent's reply, ...: an odd number of turns, the last the solver's.
    pub solution: Vec<Turn>,
    /// What it is about (at least one).
    pub themes: Vec<Theme>,
    /// Its starting rating (Glicko-2's scale).
    pub rating: u32,
    /// Other turns accepted for the solver's last turn: the engine's confirmation scored them as winning as clearly
    /// as the solution's. Each is legal there and differs from the solution's turn.
    pub alternatives: Vec<Turn>,
}

impl Puzzle {
    /// A puzzle found at `position` with `solution`, without alternatives: its themes ([`Theme::of`]) and starting
    /// rating (1200, with 250 for each turn of the solver after the first and 150 for each theme that hides the
    /// solution: a quiet turn, a sacrifice, an approach/withdrawal choice) worked out from the solution.
    pub fn new(id: String, position: Position, solution: Vec<Turn>) -> Puzzle {
        let themes = Theme::of(&position, &solution);
        let rating = starting_rating(&solution, &themes);
        Puzzle { id, position, solution, themes, rating, alternatives: Vec::new() }
    }

    /// The number of turns the solver has to find.
    pub fn solver_turns(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// Whether `turn` solves the puzzle as turn number `ply` (from 0) of the solution: the solution's own turn, or
    /// for the solver's last turn one of the [`alternatives`](Puzzle::alternatives) too.
    pub fn accepts(&self, ply: usize, turn: &Turn) -> bool {
        self.solution.get(ply) == Some(turn) || (ply + 1 == self.solution.len() && self.alternatives.contains(turn))
    }

    /// A puzzle from its parts as text (as the game server sends them): the same checks as a line of a puzzle file
    /// (every turn legal where it is played, the alternatives too); no alternatives is an empty list.
    pub fn from_parts<S: AsRef<str>>(
        id: &str,
        rating: u32,
        themes: &[S],
        position: &str,
        solution: &[S],
        alternatives: &[S],
    ) -> Result<Puzzle, ParsePuzzleError> {
        if id.is_empty() || id.contains(char::is_whitespace) {
            return Err(ParsePuzzleError::Id(id.to_owned()));
        }
        let themes = themes
            .iter()
            .map(|name| Theme::from_name(name.as_ref().trim()).ok_or(ParsePuzzleError::Theme(name.as_ref().to_owned())))
            .collect::<Result<Vec<Theme>, _>>()?;
        if themes.is_empty() {
            return Err(ParsePuzzleError::Theme(String::new()));
        }
        let position: Position = position.parse().map_err(|e| ParsePuzzleError::Position(format!("{e}")))?;
        let mut game = Game::new(position);
        // The game before the turn played last: where an alternative to the solver's last turn is played.
        let mut before_last = game.clone();
        let mut turns = Vec::new();
        for (i, text) in solution.iter().map(AsRef::as_ref).enumerate() {
            before_last = game.clone();
            let turn = game.play_notation(text).map_err(|e| ParsePuzzleError::Turn {
                number: i + 1,
                text: text.to_owned(),
                error: e.to_string(),
            })?;
            turns.push(turn);
        }
        if turns.len() % 2 == 0 {
            return Err(ParsePuzzleError::Length);
        }
        let alternatives = parse_alternatives(alternatives, &before_last, &turns)?;
        Ok(Puzzle { id: id.to_owned(), position, solution: turns, themes, rating, alternatives })
    }
}

impl fmt::Display for Puzzle {
    /// `id | rating | themes | position | solution`, then ` | alternatives` if there are any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        let solution: Vec<String> = self.solution.iter().map(ToString::to_string).collect();
        write!(f, "{} | {} | {} | {} | {}", self.id, self.rating, themes.join(","), self.position, solution.join(" "))?;
        if !self.alternatives.is_empty() {
            let alternatives: Vec<String> = self.alternatives.iter().map(ToString::to_string).collect();
            write!(f, " | {}", alternatives.join(" "))?;
        }
        Ok(())
    }
}

/// Why a line of a puzzle file is no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePuzzleError {
    /// Not five or six fields separated by `|`.
    #[error("expected `id | rating | themes | position | solution`, then `| alternatives` or nothing")]
    Fields,
    /// An empty id, or one with spaces.
    #[error("bad id `{0}`")]
    Id(String),
    /// The rating is not a whole number.
    #[error("bad rating `{0}`")]
    Rating(String),
    /// An unknown theme, or none.
    #[error("bad theme `{0}`: expected chain, choice, quiet, sacrifice, endgame or capture")]
    Theme(String),
    /// The position text is wrong.
    #[error("bad position: {0}")]
    Position(String),
    /// A turn of the solution is not legal where it is played.
    #[error("turn {number} `{text}`: {error}")]
    Turn {
        /// Its number in the solution, from 1.
        number: usize,
        /// As written.
        text: String,
        /// Why it is refused.
        error: String,
    },
    /// An even number of turns, or none: the solution must end with the solver's turn.
    #[error("the solution must have an odd number of turns, the last the solver's")]
    Length,
    /// An accepted alternative is not legal in place of the solver's last turn, is that turn itself, or comes twice;
    /// or the sixth field is there and empty.
    #[error("alternative `{text}`: {error}")]
    Alternative {
        /// As written.
        text: String,
        /// Why it is refused.
        error: String,
    },
}

impl FromStr for Puzzle {
    type Err = ParsePuzzleError;

    fn from_str(line: &str) -> Result<Puzzle, ParsePuzzleError> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let (id, rating, themes, position, solution, alternatives) = match fields[..] {
            [id, rating, themes, position, solution] => (id, rating, themes, position, solution, None),
            [id, rating, themes, position, solution, more] => (id, rating, themes, position, solution, Some(more)),
            _ => return Err(ParsePuzzleError::Fields),
        };
        let rating = rating.parse().map_err(|_| ParsePuzzleError::Rating(rating.to_owned()))?;
        // A sixth field is there to list alternatives: empty, it is a mistake (a puzzle without any has five).
        if alternatives == Some("") {
            let error = "the field is empty".to_owned();
            return Err(ParsePuzzleError::Alternative { text: String::new(), error });
        }
        let themes: Vec<&str> = themes.split(',').collect();
        let solution: Vec<&str> = solution.split_whitespace().collect();
        let alternatives: Vec<&str> = alternatives.map_or(Vec::new(), |field| field.split_whitespace().collect());
        Puzzle::from_parts(id, rating, &themes, position, &solution, &alternatives)
    }
}

/// The alternatives to the solver's last turn: turns legal in `before_last` (the game before the solution's last
/// turn), other than that turn and each once.
fn parse_alternatives<S: AsRef<str>>(
    texts: &[S],
    before_last: &Game,
    solution: &[Turn],
) -> Result<Vec<Turn>, ParsePuzzleError> {
    let refuse = |text: &str, error: String| ParsePuzzleError::Alternative { text: text.to_owned(), error };
    let mut alternatives = Vec::new();
    for text in texts.iter().map(AsRef::as_ref) {
        let turn = before_last.clone().play_notation(text).map_err(|e| refuse(text, e.to_string()))?;
        if solution.last() == Some(&turn) {
            return Err(refuse(text, "it is the solution's own turn".to_owned()));
        }
        if alternatives.contains(&turn) {
            return Err(refuse(text, "it is listed twice".to_owned()));
        }
        alternatives.push(turn);
    }
    Ok(alternatives)
}

/// The turn of the side to move in `position` that takes the most pieces, and how many it takes (the first such turn
/// in the order of generation; `None` without a capture). What a wrong turn of a puzzle lets the opponent take.
pub fn biggest_capture(position: &Position) -> Option<(Turn, usize)> {
    let mut best: Option<(Turn, usize)> = None;
    position.for_each_turn_taking(|turn, taken| {
        if taken.len() as usize > best.map_or(0, |(_, n)| n) {
            best = Some((*turn, taken.len() as usize));
        }
    });
    best
}
