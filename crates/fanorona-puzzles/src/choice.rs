//! The next puzzle for a player: the game's and the server's choice alike.

use crate::puzzle::Puzzle;
use crate::theme::Theme;

/// A puzzle that may be offered: what the choice looks at. The game offers its shipped [`Puzzle`]s; the server, the
/// rows of its table of puzzles (whose ratings players' results move).
pub trait Candidate {
    /// Its id.
    fn id(&self) -> &str;
    /// Its rating now.
    fn rating(&self) -> f64;
    /// Whether it is about `theme`.
    fn has_theme(&self, theme: Theme) -> bool;
}

impl Candidate for Puzzle {
    fn id(&self) -> &str {
        &self.id
    }

    fn rating(&self) -> f64 {
        f64::from(self.rating)
    }

    fn has_theme(&self, theme: Theme) -> bool {
        self.themes.contains(&theme)
    }
}

/// The puzzle to offer a player rated `rating` among `candidates` about `theme` (any with none): the one not
/// `tried` whose rating is nearest, the first in `candidates`' order among equals; `None` once every one was tried.
pub fn nearest_untried<'a, C: Candidate>(
    candidates: impl IntoIterator<Item = &'a C>,
    theme: Option<Theme>,
    rating: f64,
    tried: impl Fn(&str) -> bool,
) -> Option<&'a C> {
    let distance = |c: &C| (c.rating() - rating).abs();
    candidates
        .into_iter()
        .filter(|c| theme.is_none_or(|t| c.has_theme(t)) && !tried(c.id()))
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
}
