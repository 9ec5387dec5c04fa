//! The engine's part of the fair-play review: a player's figures in a game. Their mean accuracy over all their turns
//! (the review's, as players see it after a game), and, in the complex positions, how often they played the engine's
//! choice: a turn that gives away less than [`MATCH_LOSS`] of the expected result against the engine's best (its first
//! choice, or one as good: in Fanorona several captures often come to the same, and which of them a search names first
//! is chance, so the first choice alone was matched by the master level itself only 41% of the time,
//! `tests/thresholds.rs`). A position is complex when the game is past its opening ([`OPENING_PLIES`]), the mover has
//! at least [`MIN_CHOICES`] legal turns and the game is still open (the engine gives the mover between [`OPEN_GAME`]
//! and its complement of the expected result): where a strong human and the engine part ways, and a forced or decided
//! position says nothing.

use fanorona_ai::Resumable;
use fanorona_ai::review::{Reviewer, win_probability};
use fanorona_ai::tablebase::LazyTables;
use fanorona_rules::{Game, Side};
use fanorona_server::hub::SideFigures;

/// The plies of a game's opening, whose turns are known by heart and say nothing of help.
pub const OPENING_PLIES: usize = 10;

/// The fewest legal turns of a complex position.
pub const MIN_CHOICES: usize = 3;

/// The expected result below which (or above one minus which) the game is decided for the mover.
pub const OPEN_GAME: f64 = 0.15;

/// The most of the expected result a turn may give away against the engine's best and still be the engine's choice.
pub const MATCH_LOSS: f64 = 0.005;

/// White's and Black's figures in `game`, each position searched to `depth`.
pub fn figures(game: &Game, depth: u32, tables: &LazyTables) -> [SideFigures; 2] {
    let mut reviewer = Reviewer::new(game, depth);
    if let Some(tables) = tables.get(game.start().variant()) {
        reviewer = reviewer.with_tablebase(tables);
    }
    let review = reviewer.run();
    let mut sides =
        [Side::White, Side::Black].map(|side| SideFigures { complex: 0, matched: 0, accuracy: review.accuracy(side) });
    let mut before = Game::new(*game.start());
    for (ply, turn) in review.turns.iter().enumerate() {
        // The score of the position before the turn, for White; the mover's expected result from it.
        let white = review.scores.get(ply).copied().unwrap_or_default();
        let mover = if turn.side == Side::White { white } else { -white };
        let open = (OPEN_GAME..=1.0 - OPEN_GAME).contains(&win_probability(mover));
        if ply >= OPENING_PLIES && open && before.legal_turns().len() >= MIN_CHOICES {
            let side = &mut sides[turn.side.index()];
            side.complex += 1;
            if turn.loss < MATCH_LOSS {
                side.matched += 1;
            }
        }
        // The review's turns are the game's, each legal where it was played.
        if before.play(&turn.played).is_err() {
            break;
        }
    }
    sides
}
