//! The fair-play review's rules: each finished rated game's figures for each player, stored once, and the players
//! whose last games are beyond what honest players show, flagged for the moderators with the evidence. The engine's
//! part, reviewing a game, is the `fanorona-fair-play` worker's (the server does not link the engine); nothing here
//! acts on a player.

use std::collections::{BTreeSet, HashSet};

use fanorona_rules::Game;

use super::live::LiveGame;
use crate::db::{Db, FlagRecord, StoredGame};
use crate::error::DbError;
use crate::protocol::FairPlayGame;

/// One side's figures in one game, as the engine's review gives them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideFigures {
    /// The positions where the side had a real choice (see the worker's definition) and moved.
    pub complex: u32,
    /// Of which the side played the engine's choice (a turn as good as its best).
    pub matched: u32,
    /// The side's mean accuracy (0..100) over all its turns reviewed.
    pub accuracy: f64,
}

/// When a player's last games flag them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// How many of the player's last reviewed rated games make the window.
    pub window: usize,
    /// The fewest complex positions over the window for a finding: fewer say too little.
    pub min_complex: u32,
    /// The share of complex positions in which the player played the engine's choice (a turn as good as its best),
    /// at or above which...
    pub match_rate: f64,
    /// ... and the mean accuracy at or above which, both, the player is flagged.
    pub accuracy: f64,
}

impl Thresholds {
    /// Whether the figures of `window` (a player's last games) are at or beyond both thresholds.
    pub fn flags(&self, window: &[FairPlayGame]) -> bool {
        let complex: u32 = window.iter().map(|g| g.complex).sum();
        let matched: u32 = window.iter().map(|g| g.matched).sum();
        if complex < self.min_complex || window.is_empty() {
            return false;
        }
        let accuracy = window.iter().map(|g| g.accuracy).sum::<f64>() / window.len() as f64;
        let rate = if complex == 0 { 0.0 } else { f64::from(matched) / f64::from(complex) };
        rate >= self.match_rate && accuracy >= self.accuracy
    }
}

/// What a review run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReviewRun {
    /// Games reviewed.
    pub games: usize,
    /// Players flagged (again) for the moderators.
    pub flagged: usize,
}

/// Reviews every finished rated game not reviewed yet with `review` (White's figures and Black's; none when it cannot
/// say, a game of vela for one), stores the figures and marks the game, then looks at the last games of each player
/// met and flags those beyond `thresholds` at `now`.
pub async fn review_games(
    db: &Db,
    thresholds: &Thresholds,
    now: i64,
    mut review: impl FnMut(&Game) -> Option<[SideFigures; 2]>,
) -> Result<ReviewRun, DbError> {
    let mut run = ReviewRun::default();
    let mut players = BTreeSet::new();
    // A game is looked at once a run, even if its mark did not hold.
    let mut seen = HashSet::new();
    loop {
        let games: Vec<StoredGame> =
            db.unreviewed_games().await?.into_iter().filter(|g| seen.insert(g.settings.id.clone())).collect();
        if games.is_empty() {
            break;
        }
        for stored in games {
            let (id, ended) = (stored.settings.id.clone(), stored.updated);
            let ids = [stored.white.id.clone(), stored.black.id.clone()];
            let vela = stored.settings.vela;
            let figures = match LiveGame::replay(stored) {
                Ok(live) if !vela => review(&live.game),
                Ok(_) => None,
                Err(error) => {
                    tracing::error!("game {id} cannot be replayed: {error}");
                    None
                }
            };
            let stored: Vec<(String, FairPlayGame)> = figures
                .into_iter()
                .flat_map(|sides| ids.clone().into_iter().zip(sides))
                .map(|(player, SideFigures { complex, matched, accuracy })| {
                    (player, FairPlayGame { game: id.clone(), complex, matched, accuracy })
                })
                .collect();
            players.extend(stored.iter().map(|(player, _)| player.clone()));
            db.store_fair_play(&id, ended, &stored).await?;
            run.games += 1;
        }
    }
    for player in players {
        let window = db.fair_play_window(&player, thresholds.window).await?;
        let newest = window.first().map_or(0, |(_, ended)| *ended);
        let evidence: Vec<FairPlayGame> = window.into_iter().map(|(game, _)| game).collect();
        if thresholds.flags(&evidence) {
            db.flag_player(&FlagRecord { player: &player, evidence: &evidence, newest, at: now }).await?;
            run.flagged += 1;
        }
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(complex: u32, matched: u32, accuracy: f64) -> FairPlayGame {
        FairPlayGame { game: String::new(), complex, matched, accuracy }
    }

    #[test]
    fn a_window_flags_only_with_enough_positions_and_both_figures_beyond() {
        let thresholds = Thresholds { window: 20, min_complex: 50, match_rate: 0.9, accuracy: 95.0 };
        let sure = vec![game(30, 28, 97.0), game(30, 27, 96.0)];
        assert!(thresholds.flags(&sure), "60 positions, 55 matched (92%), 96.5 accurate");
        assert!(!thresholds.flags(&sure[..1]), "30 positions say too little");
        assert!(!thresholds.flags(&[game(30, 28, 97.0), game(30, 25, 96.0)]), "53 of 60 (88%)");
        assert!(!thresholds.flags(&[game(30, 28, 97.0), game(30, 27, 92.0)]), "94.5 accurate");
        assert!(!thresholds.flags(&[]));
    }
}
