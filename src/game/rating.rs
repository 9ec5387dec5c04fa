//! Rating games against the computer: when a rated game ends (standard tsivy, no vela, one person against the
//! computer, finished without help), the person's Elo rating in the profile moves against the level's fixed rating
//! ([`fanorona_ai::Level::rating`]).

use bevy::prelude::*;

use super::session::{BoardReset, GameEnded, Session};
use crate::AppSystems;
use crate::persistence::profile::Profile;

/// The rating before and after the game that just ended, if it was rated, for the game-over dialog.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct LastRatingChange(pub Option<(f64, f64)>);

/// Rates finished rated games.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastRatingChange>().add_systems(
        Update,
        (forget_on_reset, rate_finished_game).chain().in_set(AppSystems::Rules).after(super::computer::ComputerMoves),
    );
}

/// The change belongs to the game that ended: another game, or the same one taken back, shows none.
fn forget_on_reset(mut resets: MessageReader<BoardReset>, mut change: ResMut<LastRatingChange>) {
    if resets.read().count() > 0 {
        change.0 = None;
    }
}

fn rate_finished_game(
    mut ended: MessageReader<GameEnded>,
    mut session: ResMut<Session>,
    mut profile: ResMut<Profile>,
    mut change: ResMut<LastRatingChange>,
) {
    for GameEnded { outcome } in ended.read() {
        change.0 = None;
        let (Some(side), Some(level)) = (session.person_side(), session.computer_level()) else { continue };
        if !session.is_rated() {
            continue;
        }
        // A game is rated once.
        session.unrate();
        let score = match outcome.winner() {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let before = profile.rating.rating;
        let after = profile.rating.record(level, score);
        change.0 = Some((before, after));
        info!("rated game: {before:.0} -> {after:.0}");
    }
}

#[cfg(test)]
mod tests {
    use fanorona_ai::Level;
    use fanorona_rules::{Position, Side, Variant};

    use super::super::session::{PlayerKind, Session};

    #[test]
    fn only_standard_tsivy_between_a_person_and_the_computer_is_rateable() {
        let vs = [PlayerKind::Human, PlayerKind::Computer(Level::Strong)];
        assert!(Session::is_rateable(&Position::start(Variant::Tsivy), vs));
        assert!(Session::is_rateable(&Position::start(Variant::Tsivy), [vs[1], vs[0]]));
        assert!(!Session::is_rateable(&Position::start(Variant::Dimy), vs));
        assert!(!Session::is_rateable(&Position::start(Variant::Telo), vs));
        assert!(!Session::is_rateable(&Position::start(Variant::Tsivy).with_vela(Some(Side::White)), vs));
        assert!(!Session::is_rateable(&Position::start(Variant::Tsivy), [PlayerKind::Human; 2]));
        assert!(!Session::is_rateable(&Position::start(Variant::Tsivy), [vs[1]; 2]));
    }
}
