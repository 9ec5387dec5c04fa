//! How the online screens write what they show: players, time controls, clocks and times left, in the player's
//! language.

use fanorona_protocol::{GameVariant, PlayerView, ReportReason, TimeControl};

use crate::i18n::Locale;
use crate::tr;

/// The key of a yes-or-no choice in a message (`{ $rated -> [yes] ... *[no] ... }`).
pub(super) const fn yes(choice: bool) -> &'static str {
    if choice { "yes" } else { "no" }
}

/// A rating as players read it: a whole number.
pub(super) fn whole(rating: f64) -> i64 {
    rating.round() as i64
}

/// A player's name and rating (and whether a bot plays).
pub(super) fn player_text(locale: &Locale, player: &PlayerView) -> String {
    tr!(locale, "online-player", name = &player.name, rating = whole(player.rating), bot = yes(player.bot))
}

/// The board, the time control, and whether the game is rated. The board's name and a live time control (`5+3`) are
/// the same in every language; days per turn are said in words.
pub(super) fn challenge_text(locale: &Locale, variant: GameVariant, rated: bool, time: TimeControl) -> String {
    let rated = if rated { tr!(locale, "online-rated") } else { tr!(locale, "online-unrated") };
    format!("{} {} · {rated}", variant.name(), time_text(locale, time))
}

/// A time control as the lists show it: `5+3`, or the days per turn in words.
pub(super) fn time_text(locale: &Locale, time: TimeControl) -> String {
    match time {
        TimeControl::Live { .. } => time.to_string(),
        TimeControl::Correspondence { days } => tr!(locale, "online-days-per-turn", days = days),
    }
}

/// Time left in a correspondence game: days and hours, hours and minutes, then the clock's minutes and seconds.
pub fn time_left_text(locale: &Locale, ms: i64) -> String {
    const HOUR_MS: i64 = 3_600_000;
    let ms = ms.max(0);
    let (days, hours, minutes) = (ms / (24 * HOUR_MS), ms / HOUR_MS % 24, ms / 60_000 % 60);
    if days > 0 {
        tr!(locale, "online-days-hours", days = days, hours = hours)
    } else if ms >= HOUR_MS {
        tr!(locale, "online-hours-minutes", hours = ms / HOUR_MS, minutes = minutes)
    } else {
        clock_text(ms)
    }
}

/// A clock as players read it: minutes and seconds, tenths in the last ten seconds.
pub fn clock_text(ms: i64) -> String {
    let ms = ms.max(0);
    if ms < 10_000 {
        format!("0:{:02}.{}", ms / 1000, ms % 1000 / 100)
    } else {
        format!("{}:{:02}", ms / 60_000, ms / 1000 % 60)
    }
}

/// Whole seconds still to go, as a countdown says them: 9.2 s is 10.
pub(super) fn seconds_left(ms: i64) -> i64 {
    (ms.max(0) + 999) / 1000
}

/// Why a player is reported, in the reader's words.
pub(super) fn reason_text(locale: &Locale, reason: ReportReason) -> String {
    match reason {
        ReportReason::Name => tr!(locale, "online-report-name"),
        ReportReason::Cheating => tr!(locale, "online-report-cheating"),
        ReportReason::Stalling => tr!(locale, "online-report-stalling"),
        ReportReason::Other => tr!(locale, "online-report-other"),
    }
}
