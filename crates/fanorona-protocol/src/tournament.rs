//! Tournaments as the protocol shows them: an event's settings, where it stands, its standings and its games.

use serde::{Deserialize, Serialize};

use crate::{GameVariant, PlayerView, TimeControl};

/// The longest name of a tournament, in characters.
pub const MAX_TOURNAMENT_NAME_CHARS: usize = 40;
/// An arena's shortest and longest length, in minutes.
pub const ARENA_MINUTES: std::ops::RangeInclusive<u32> = 10..=240;
/// A Swiss event's fewest and most rounds.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<u32> = 1..=15;
/// How far ahead a tournament may be set to start, in milliseconds (30 days).
pub const MAX_TOURNAMENT_LEAD_MS: i64 = 30 * 24 * 3_600_000;
/// How many upcoming or running tournaments one player may have created.
pub const MAX_TOURNAMENTS_PER_PLAYER: usize = 3;
/// How many tournaments one player may create in a day, finished ones included: a one-round event with nobody in it
/// finishes at its start, so the cap of events to come alone let an account create them without end.
pub const MAX_TOURNAMENTS_PER_DAY: usize = 5;
/// The fewest characters of a private event's password: a short one fell to guessing (4 digits in 9,722 tries), and
/// the server's back-off of wrong passwords makes 6 characters take months where 4 digits took seconds.
pub const MIN_TOURNAMENT_PASSWORD_CHARS: usize = 6;
/// The most characters of a private event's password.
pub const MAX_TOURNAMENT_PASSWORD_CHARS: usize = 128;
/// How many tournaments a `tournaments` list holds at most: every upcoming and running one first, then the
/// latest finished.
pub const MAX_LISTED_TOURNAMENTS: usize = 50;
/// How long after its pairing a tournament game's first clock starts: the countdown a client shows before it
/// brings the game up.
pub const TOURNAMENT_COUNTDOWN_MS: i64 = 10_000;

/// What kind of event, and how long it lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TournamentFormat {
    /// Players come and go; whoever finishes a game is paired again at once, until the time is up.
    Arena {
        /// Its length, [`ARENA_MINUTES`].
        minutes: u32,
    },
    /// Everyone is paired each round, by score, never twice against the same opponent.
    Swiss {
        /// The number of rounds, [`SWISS_ROUNDS`].
        rounds: u32,
    },
}

/// What a tournament is: set by its creator, shown to everyone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentTerms {
    /// Its name: 1 to [`MAX_TOURNAMENT_NAME_CHARS`] characters, none of them hidden ([`crate::is_hidden_char`]:
    /// control, bidirectional or zero-width characters).
    pub name: String,
    /// Arena or Swiss, and how long.
    pub format: TournamentFormat,
    /// The board.
    pub variant: GameVariant,
    /// The games' time control (not a correspondence one).
    pub time: TimeControl,
    /// Whether its games change ratings (standard tsivy only; a game with a bot is never rated).
    pub rated: bool,
    /// When it begins, in milliseconds since the Unix epoch: from now to [`MAX_TOURNAMENT_LEAD_MS`] ahead.
    pub starts_at_ms: i64,
}

/// Why tournament terms are not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermsError {
    /// The name is empty, too long or has hidden characters ([`crate::is_hidden_char`]).
    Name,
    /// An arena's minutes or a Swiss event's rounds are out of bounds.
    Length,
    /// A correspondence time control.
    Correspondence,
    /// Rated, but not tsivy.
    UnratedVariant,
    /// A private event's password is shorter than [`MIN_TOURNAMENT_PASSWORD_CHARS`] or longer than
    /// [`MAX_TOURNAMENT_PASSWORD_CHARS`] (an event open to all has none, not an empty one).
    Password,
}

impl std::fmt::Display for TermsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TermsError::Name => {
                write!(f, "a tournament's name has 1 to {MAX_TOURNAMENT_NAME_CHARS} characters, none of them invisible")
            }
            TermsError::Length => write!(
                f,
                "an arena lasts {} to {} minutes, a Swiss event has {} to {} rounds",
                ARENA_MINUTES.start(),
                ARENA_MINUTES.end(),
                SWISS_ROUNDS.start(),
                SWISS_ROUNDS.end()
            ),
            TermsError::Correspondence => write!(f, "tournament games are played on the clock, not by correspondence"),
            TermsError::UnratedVariant => write!(f, "only tsivy is rated"),
            TermsError::Password => write!(
                f,
                "a private event's password has {MIN_TOURNAMENT_PASSWORD_CHARS} to {MAX_TOURNAMENT_PASSWORD_CHARS} \
                 characters"
            ),
        }
    }
}

impl std::error::Error for TermsError {}

impl TournamentTerms {
    /// Whether the terms are allowed, whenever the event starts (its name as it is: trim it first).
    pub fn check(&self) -> Result<(), TermsError> {
        let chars = self.name.chars().count();
        if chars == 0 || chars > MAX_TOURNAMENT_NAME_CHARS || crate::has_hidden_chars(&self.name) {
            return Err(TermsError::Name);
        }
        let length_ok = match self.format {
            TournamentFormat::Arena { minutes } => ARENA_MINUTES.contains(&minutes),
            TournamentFormat::Swiss { rounds } => SWISS_ROUNDS.contains(&rounds),
        };
        if !length_ok {
            return Err(TermsError::Length);
        }
        if self.time.is_correspondence() {
            return Err(TermsError::Correspondence);
        }
        if self.rated && self.variant != GameVariant::Tsivy {
            return Err(TermsError::UnratedVariant);
        }
        Ok(())
    }
}

/// A new tournament, as its creator sets it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentSettings {
    /// What it is.
    #[serde(flatten)]
    pub terms: TournamentTerms,
    /// A password that players must give to join (a club's private event), [`MIN_TOURNAMENT_PASSWORD_CHARS`] to
    /// [`MAX_TOURNAMENT_PASSWORD_CHARS`] characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
}

impl TournamentSettings {
    /// Whether the settings are allowed, whenever the event starts: the terms' [`TournamentTerms::check`], then the
    /// password's length. The server refuses what this refuses, and the game's form asks for no more than this, so
    /// that both say the same.
    pub fn check(&self) -> Result<(), TermsError> {
        self.terms.check()?;
        let allowed = MIN_TOURNAMENT_PASSWORD_CHARS..=MAX_TOURNAMENT_PASSWORD_CHARS;
        if self.password.as_deref().is_some_and(|password| !allowed.contains(&password.chars().count())) {
            return Err(TermsError::Password);
        }
        Ok(())
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentStage {
    /// Not begun: players may join.
    Upcoming,
    /// Under way: players may join and withdraw.
    Running,
    /// Over: nobody is paired any more (an arena's games still playing at its end count when they end).
    Finished,
}

impl TournamentStage {
    /// Every stage, in order.
    pub const ALL: [TournamentStage; 3] =
        [TournamentStage::Upcoming, TournamentStage::Running, TournamentStage::Finished];

    /// Its name, the same on the wire and in the server's database.
    pub const fn name(self) -> &'static str {
        match self {
            TournamentStage::Upcoming => "upcoming",
            TournamentStage::Running => "running",
            TournamentStage::Finished => "finished",
        }
    }

    /// The stage of a [`TournamentStage::name`].
    pub fn from_name(name: &str) -> Option<TournamentStage> {
        TournamentStage::ALL.into_iter().find(|stage| stage.name() == name)
    }
}

/// A tournament, as lists show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentView {
    /// Its id.
    pub id: String,
    /// What it is.
    #[serde(flatten)]
    pub terms: TournamentTerms,
    /// Where it stands.
    pub stage: TournamentStage,
    /// A Swiss event's rounds paired so far (0 for an arena).
    #[serde(default)]
    pub round: u32,
    /// Whether joining takes a password.
    #[serde(default)]
    pub private: bool,
    /// The name of the player who created it; none for the server's own schedule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator: Option<String>,
    /// How many players are in it (not withdrawn).
    pub players: u32,
    /// Whether the caller is paired in it: not for an arena player whose last game went by without their turn, until
    /// they join again.
    #[serde(default)]
    pub joined: bool,
}

/// One player's line in a tournament's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingView {
    /// The place, from 1.
    pub rank: u32,
    /// The player.
    pub player: PlayerView,
    /// The score: a win counts 2 and a draw 1 (a Swiss event's half points; an arena's points, streaks and
    /// berserk included).
    pub points: u32,
    /// A Swiss event's Buchholz, in half points (the sum of the opponents' scores).
    #[serde(default)]
    pub buchholz: u32,
    /// A Swiss event's Sonneborn-Berger, in quarter points.
    #[serde(default)]
    pub sonneborn_berger: u32,
    /// An arena player after two wins in a row: the next win counts double.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub on_fire: bool,
    /// Whether the player left the event (or missed too many rounds, or let an arena game go by unplayed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdrawn: bool,
    /// A Swiss event's rounds (from 1) in which the player had the bye: a win without a game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<u32>,
}

/// How a tournament game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentOutcome {
    /// White won.
    White,
    /// Black won.
    Black,
    /// A draw.
    Draw,
    /// White never played: Black won.
    WhiteAbsent,
    /// Black never played: White won.
    BlackAbsent,
}

impl TournamentOutcome {
    /// The half points it gives White (`white`) or Black: a win 2, a draw 1, a loss 0 (a game never played is lost).
    pub const fn points(self, white: bool) -> u32 {
        match (self, white) {
            (TournamentOutcome::Draw, _) => 1,
            (TournamentOutcome::White | TournamentOutcome::BlackAbsent, true)
            | (TournamentOutcome::Black | TournamentOutcome::WhiteAbsent, false) => 2,
            _ => 0,
        }
    }

    /// Whether White (`white`) or Black did not play the game.
    pub const fn absent(self, white: bool) -> bool {
        matches!((self, white), (TournamentOutcome::WhiteAbsent, true) | (TournamentOutcome::BlackAbsent, false))
    }
}

/// A game of a tournament, for its crosstable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentGameView {
    /// The game's id.
    pub game: String,
    /// A Swiss event's round, from 1; an arena's pairing, in order.
    pub round: u32,
    /// White's player id.
    pub white: String,
    /// Black's player id.
    pub black: String,
    /// How it ended; none while it is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<TournamentOutcome>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(password: Option<&str>) -> TournamentSettings {
        let terms = TournamentTerms {
            name: "Friday club".into(),
            format: TournamentFormat::Swiss { rounds: 5 },
            variant: GameVariant::Tsivy,
            time: TimeControl::Live { minutes: 3, increment: 2 },
            rated: true,
            starts_at_ms: 0,
        };
        TournamentSettings { terms, password: password.map(str::to_owned) }
    }

    #[test]
    fn a_win_is_two_half_points_a_draw_one_and_an_absence_a_loss() {
        use TournamentOutcome::*;
        assert_eq!((White.points(true), White.points(false)), (2, 0));
        assert_eq!((Black.points(true), Black.points(false)), (0, 2));
        assert_eq!((Draw.points(true), Draw.points(false)), (1, 1));
        assert_eq!((WhiteAbsent.points(true), WhiteAbsent.points(false)), (0, 2));
        assert_eq!((BlackAbsent.points(true), BlackAbsent.points(false)), (2, 0));
        assert!(WhiteAbsent.absent(true) && !WhiteAbsent.absent(false));
        assert!(!White.absent(true) && !White.absent(false));
    }

    /// The server stores a stage by its name: the wire's, so that the two cannot drift apart.
    #[test]
    fn a_stages_name_is_its_name_on_the_wire() -> Result<(), serde_json::Error> {
        for stage in TournamentStage::ALL {
            assert_eq!(serde_json::to_string(&stage)?, format!("\"{}\"", stage.name()));
            assert_eq!(TournamentStage::from_name(stage.name()), Some(stage));
        }
        assert_eq!(TournamentStage::from_name("Running"), None);
        Ok(())
    }

    #[test]
    fn a_private_events_password_has_6_to_128_characters() {
        assert_eq!(settings(None).check(), Ok(()), "open to all");
        for short in ["", "1", "12345", "ab cd"] {
            assert_eq!(settings(Some(short)).check(), Err(TermsError::Password), "{short:?}");
        }
        assert_eq!(settings(Some("123456")).check(), Ok(()));
        // Characters, not bytes: six letters of two bytes each are six, and 128 of them are not too many.
        assert_eq!(settings(Some("éléphant")).check(), Ok(()));
        assert_eq!(settings(Some("ééééé")).check(), Err(TermsError::Password), "10 bytes, 5 characters");
        assert_eq!(settings(Some(&"é".repeat(128))).check(), Ok(()));
        assert_eq!(settings(Some(&"x".repeat(129))).check(), Err(TermsError::Password));
        assert_eq!(TermsError::Password.to_string(), "a private event's password has 6 to 128 characters");
    }

    #[test]
    fn the_terms_are_checked_before_the_password() {
        let mut nameless = settings(Some("1234"));
        nameless.terms.name = String::new();
        assert_eq!(nameless.check(), Err(TermsError::Name));
    }
}
