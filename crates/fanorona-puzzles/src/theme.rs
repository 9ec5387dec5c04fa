//! What a puzzle is about, and its starting rating, both worked out from its solution.

use fanorona_rules::{Position, Turn};

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A chain of three captures or more, or one that takes five pieces or more.
    LongChain,
    /// The same path captures by approach or by withdrawal, and the choice decides.
    Choice,
    /// A turn without a capture (a paika).
    Quiet,
    /// After its turn and the opponent's reply, the solver is fewer pieces ahead (or more behind) than before it.
    Sacrifice,
    /// Ten pieces or fewer on the board.
    Endgame,
    /// None of the others: the capture that wins, among others that do not.
    Capture,
}

impl Theme {
    /// Every theme, in the order of their names in a puzzle's line.
    pub const ALL: [Theme; 6] =
        [Theme::LongChain, Theme::Choice, Theme::Quiet, Theme::Sacrifice, Theme::Endgame, Theme::Capture];

    /// The name in puzzle files and in the server's messages.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::LongChain => "chain",
            Theme::Choice => "choice",
            Theme::Quiet => "quiet",
            Theme::Sacrifice => "sacrifice",
            Theme::Endgame => "endgame",
            Theme::Capture => "capture",
        }
    }

    /// The theme named `name` ([`Theme::name`]), if one is.
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The themes of `solution` from `position` (at least one: [`Theme::Capture`] when no other fits).
    pub fn of(position: &Position, solution: &[Turn]) -> Vec<Theme> {
        let mut themes = Vec::new();
        let solver = position.side_to_move();
        let mut pos = *position;
        let mut chain = false;
        let mut choice = false;
        for (i, turn) in solution.iter().enumerate() {
            let after = pos.play_unchecked(turn);
            if i % 2 == 0 {
                let taken = (pos.pieces(!solver) & !after.pieces(!solver)).len();
                chain |= turn.len() >= 3 || taken >= 5;
                // Another legal turn along the same path captures the other way.
                choice |= pos.legal_turns().iter().any(|t| t != turn && t.path().eq(turn.path()));
            }
            pos = after;
        }
        if chain {
            themes.push(Theme::LongChain);
        }
        if choice {
            themes.push(Theme::Choice);
        }
        if solution.first().is_some_and(|t| !t.is_capture()) {
            themes.push(Theme::Quiet);
        }
        // Material after the solver's first turn and the reply, against before it.
        let balance = |p: &Position| p.pieces(solver).len() as i32 - p.pieces(!solver).len() as i32;
        if let [first, reply, ..] = solution {
            let after = position.play_unchecked(first).play_unchecked(reply);
            if balance(&after) < balance(position) {
                themes.push(Theme::Sacrifice);
            }
        }
        if position.occupied().len() <= 10 {
            themes.push(Theme::Endgame);
        }
        if themes.is_empty() {
            themes.push(Theme::Capture);
        }
        themes
    }
}

/// A puzzle's rating before anyone has played it: 1200, with 250 for each turn of the solver after the first and 150
/// for each theme that hides the solution (a quiet turn, a sacrifice, an approach/withdrawal choice).
pub(crate) fn starting_rating(solution: &[Turn], themes: &[Theme]) -> u32 {
    let turns = solution.len().div_ceil(2) as u32;
    let hidden = themes.iter().filter(|t| matches!(t, Theme::Quiet | Theme::Sacrifice | Theme::Choice)).count();
    1200 + 250 * turns.saturating_sub(1) + 150 * hidden as u32
}
