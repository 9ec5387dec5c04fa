//! Thinking on the opponent's time on a thread of its own: [`Ponder`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use fanorona_rules::Turn;

use crate::search::{PonderHandle, Search, SearchResult};
use crate::work::Resumable;

/// A search of the position after the turn the opponent is expected to play, run on a thread of its own while the
/// opponent thinks (see [`Search::ponder`]). Once the opponent has played, [`Ponder::resolve`] tells it the turn: if
/// it is the one guessed, the search goes on with its limits counted from then and gives its result; otherwise it is
/// stopped. Dropping it stops it too.
///
/// Give the search a clone of the transposition table and keep the table: clones share it, so what the pondering
/// found serves the next search even when the guess was wrong.
pub struct Ponder {
    guess: Turn,
    hit: PonderHandle,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<(SearchResult, Search)>>,
}

impl Ponder {
    /// Starts `search`, a search of the position after `guess`, thinking on the opponent's time on a thread of its
    /// own; `None` where no thread can start (a web page).
    pub fn start(search: Search, guess: Turn) -> Option<Ponder> {
        let mut search = search.ponder();
        let hit = search.ponder_handle();
        let stop = search.stop_handle();
        let thread = std::thread::Builder::new()
            .name("ponder".into())
            .spawn(move || {
                let result = search.run();
                (result, search)
            })
            .ok()?;
        Some(Ponder { guess, hit, stop, thread: Some(thread) })
    }

    /// The opponent's turn the search expects.
    pub fn guess(&self) -> Turn {
        self.guess
    }

    /// The flag that stops the search, as [`Search::stop_handle`]'s (to stop it while [`Ponder::resolve`] waits).
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The opponent played `played`. On a hit, waits for the search, now within its limits, and gives its result
    /// and the search (to take its table back); on a miss stops it and gives `None`.
    pub fn resolve(mut self, played: &Turn) -> Option<(SearchResult, Search)> {
        if *played != self.guess {
            return None;
        }
        self.hit.hit();
        self.thread.take()?.join().ok()
    }
}

impl std::fmt::Debug for Ponder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ponder").field("guess", &self.guess.to_string()).finish_non_exhaustive()
    }
}

impl Drop for Ponder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            // A search that panicked has nothing to give back.
            let _ = thread.join();
        }
    }
}
