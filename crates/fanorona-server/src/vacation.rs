//! Vacations: whole days in which the clock of a player's correspondence games stands still, so many a calendar
//! year (UTC).

use crate::protocol::{DAY_MS, VACATION_DAYS_PER_YEAR, VacationView};

/// A vacation, from `from` until `until` (milliseconds since the Unix epoch): ended early, `until` is when it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// When it began.
    pub from: i64,
    /// When it ends (or ended).
    pub until: i64,
}

impl Vacation {
    /// How much of the time from `start` to `end` it covers.
    pub fn overlap(self, start: i64, end: i64) -> i64 {
        (end.min(self.until) - start.max(self.from)).max(0)
    }

    /// How long it lasts after `now`: 0 once it is over.
    pub fn left(self, now: i64) -> i64 {
        if now < self.from { 0 } else { (self.until - now).max(0) }
    }
}

/// The days of vacation a player took in a year, counted against [`VACATION_DAYS_PER_YEAR`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Allowance {
    /// The year (0 for a player who never took a vacation).
    pub year: i64,
    /// The days taken in it.
    pub days: u32,
}

impl Allowance {
    /// The days taken in the year of `now`.
    fn taken(self, now: i64) -> u32 {
        if self.year == year_of(now) { self.days } else { 0 }
    }

    /// The days the player may still take in the year of `now`.
    pub fn days_left(self, now: i64) -> u32 {
        VACATION_DAYS_PER_YEAR.saturating_sub(self.taken(now))
    }
}

/// A player's vacation and the days they took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VacationState {
    /// The last vacation (under way, or over).
    pub vacation: Option<Vacation>,
    /// The days taken.
    pub allowance: Allowance,
}

/// A vacation asked for that is longer than the days left: how many are left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotEnoughDays(pub u32);

impl VacationState {
    /// What the player sees of it at `now`.
    pub fn view(self, now: i64) -> VacationView {
        let left_ms = self.vacation.map_or(0, |v| v.left(now));
        VacationView { left_ms, days_left: self.allowance.days_left(now) }
    }

    /// The state after the player asks at `now` for a vacation of `days` days (0: to end the one under way). A
    /// vacation under way ends first, and gives back the whole days it had not begun; the new one's days are
    /// counted in the year it begins.
    pub fn ask(self, days: u32, now: i64) -> Result<VacationState, NotEnoughDays> {
        let mut state = self;
        if let Some(vacation) = self.vacation.filter(|v| v.left(now) > 0) {
            let unused = u32::try_from(vacation.left(now) / DAY_MS).unwrap_or(u32::MAX);
            if state.allowance.year == year_of(vacation.from) {
                state.allowance.days = state.allowance.days.saturating_sub(unused);
            }
            state.vacation = Some(Vacation { until: now, ..vacation });
        }
        if days == 0 {
            return Ok(state);
        }
        let left = state.allowance.days_left(now);
        if days > left {
            return Err(NotEnoughDays(left));
        }
        let allowance = Allowance { year: year_of(now), days: state.allowance.taken(now) + days };
        Ok(VacationState { vacation: Some(Vacation { from: now, until: now + i64::from(days) * DAY_MS }), allowance })
    }
}

/// The calendar year (UTC) of `ms` milliseconds since the Unix epoch.
pub fn year_of(ms: i64) -> i64 {
    // Howard Hinnant's `civil_from_days`, the year only: eras of 400 years beginning on 1 March.
    let days = ms.div_euclid(DAY_MS) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    year_of_era + era * 400 + i64::from(month_from_march >= 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-05T00:00:00Z.
    const DEC_5_2026: i64 = 1_796_428_800_000;

    #[test]
    fn years_turn_at_midnight_on_new_years_day() {
        assert_eq!(year_of(0), 1970);
        assert_eq!(year_of(-1), 1969);
        assert_eq!(year_of(DEC_5_2026), 2026);
        // 2027-01-01T00:00:00Z, a millisecond before and at it; 2024 was a leap year (29 February).
        let new_year_2027 = DEC_5_2026 + 27 * DAY_MS;
        assert_eq!((year_of(new_year_2027 - 1), year_of(new_year_2027)), (2026, 2027));
        assert_eq!(year_of(1_709_164_800_000), 2024);
        assert_eq!(year_of(951_782_400_000), 2000);
    }

    #[test]
    fn a_vacation_is_counted_in_days_and_ended_early_gives_back_those_not_begun() {
        let state = VacationState::default().ask(5, DEC_5_2026).unwrap();
        assert_eq!(state.view(DEC_5_2026), VacationView { left_ms: 5 * DAY_MS, days_left: 9 });
        // Ended after a day and a half: the three whole days not begun come back.
        let ended = state.ask(0, DEC_5_2026 + 3 * DAY_MS / 2).unwrap();
        assert_eq!(ended.view(DEC_5_2026 + 2 * DAY_MS), VacationView { left_ms: 0, days_left: 12 });
        assert_eq!(ended.vacation.map(|v| v.until), Some(DEC_5_2026 + 3 * DAY_MS / 2));
        assert_eq!(ended.ask(13, DEC_5_2026 + 2 * DAY_MS), Err(NotEnoughDays(12)));
        // A new year gives every day again.
        let next_year = DEC_5_2026 + 30 * DAY_MS;
        assert_eq!(ended.ask(14, next_year).map(|s| s.view(next_year).days_left), Ok(0));
    }

    #[test]
    fn a_vacation_covers_only_its_own_time() {
        let vacation = Vacation { from: 100, until: 200 };
        assert_eq!(
            [vacation.overlap(0, 50), vacation.overlap(50, 150), vacation.overlap(120, 180), vacation.overlap(0, 300)],
            [0, 50, 60, 100]
        );
        assert_eq!([vacation.left(50), vacation.left(150), vacation.left(250)], [0, 50, 0]);
    }
}
