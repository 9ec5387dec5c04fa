//! Engine work done a little at a time: [`Resumable`]. This module is the bottom of the crate (the searches and
//! builders implement its trait), so its docs name them without linking to them.

/// Engine work done a budget of nodes at a time, so that a program can run it to the end on a thread of its own or
/// a slice at a time between its frames (a browser page has no threads). Searches (`Search`), analyses
/// (`Analysis`), reviews (`review::Reviewer`) and endgame table builds (`tablebase::TablebaseBuilder`) all work this
/// way.
///
/// ```
/// use fanorona_ai::{Level, Limits, Resumable, Search};
/// use fanorona_rules::{Game, Variant};
/// let game = Game::of_variant(Variant::Tsivy);
/// let mut search = Search::for_level(&game, Level::Classic, Limits::NONE, 1);
/// // A thousand nodes a frame, as a page would do between frames.
/// let result = loop {
///     if let Some(result) = search.step(1_000) {
///         break result;
///     }
/// };
/// assert!(game.position().legal_turns().contains(&result.best.unwrap()));
/// ```
pub trait Resumable {
    /// What the work gives when it is done.
    type Output;

    /// Does about `budget` more nodes of work (at least one unit), and gives the output once the work is done.
    /// Once it has given its output the work is over: step it no more.
    fn step(&mut self, budget: u64) -> Option<Self::Output>;

    /// How far the work has come, from 0 to 1 (0 for work whose end is not known ahead, such as a search).
    fn progress(&self) -> f32 {
        0.0
    }

    /// Does the work to the end.
    fn run(&mut self) -> Self::Output {
        loop {
            if let Some(output) = self.step(u64::MAX) {
                return output;
            }
        }
    }
}
