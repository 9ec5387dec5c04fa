//! The server's own tournaments: a list its operator writes (a JSON file given with `--schedule`), each entry held
//! again and again, every `every_hours` hours from one start. Every process reading the same list creates the same
//! events: an event's id comes from its entry and its start, so a second creation is a duplicate and changes nothing.

use std::path::Path;

use serde::Deserialize;

use crate::protocol::{TermsError, TournamentTerms};
use crate::secret;

/// The longest interval between two events of one entry, in hours (30 days).
pub const MAX_EVERY_HOURS: u32 = 720;

/// One entry of the schedule: a tournament held every `every_hours` hours.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Scheduled {
    /// The events' terms; `starts_at_ms` is one start of the series, past or future (the others are every
    /// `every_hours` hours from it, both ways).
    #[serde(flatten)]
    pub terms: TournamentTerms,
    /// The hours from one event's start to the next's, 1 to [`MAX_EVERY_HOURS`].
    pub every_hours: u32,
}

impl Scheduled {
    /// The first start of the series at or after `now`.
    pub fn next_start(&self, now: i64) -> i64 {
        let period = i64::from(self.every_hours.max(1)) * 3_600_000;
        let since = now - self.terms.starts_at_ms;
        self.terms.starts_at_ms
            + since.div_euclid(period) * period
            + if since.rem_euclid(period) == 0 { 0 } else { period }
    }

    /// The id of the series' event that starts at `start`: the same on every process with the same entry.
    pub fn event_id(&self, start: i64) -> String {
        let entry = format!("{:?} every {} h", self.terms, self.every_hours);
        format!("s{}-{start}", &secret::token_hash(&entry)[..12])
    }
}

/// Why a schedule could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    /// The file could not be read.
    #[error("schedule {path}: {error}")]
    Read {
        /// The file.
        path: String,
        /// What failed.
        error: std::io::Error,
    },
    /// The file is not a JSON list of entries.
    #[error("schedule {path}: {error}")]
    Json {
        /// The file.
        path: String,
        /// Where and why.
        error: serde_json::Error,
    },
    /// An entry's terms are not allowed.
    #[error("schedule {path}, entry {entry}: {error}")]
    Terms {
        /// The file.
        path: String,
        /// The entry, from 1.
        entry: usize,
        /// Why.
        error: TermsError,
    },
    /// An entry's interval is out of bounds.
    #[error("schedule {path}, entry {entry}: every_hours is 1 to {MAX_EVERY_HOURS}")]
    Every {
        /// The file.
        path: String,
        /// The entry, from 1.
        entry: usize,
    },
}

/// The schedule in the file `path`: a JSON list of entries, each a tournament's terms (as `create_tournament` takes
/// them) and `every_hours`.
pub fn read_schedule(path: &Path) -> Result<Vec<Scheduled>, ScheduleError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|error| ScheduleError::Read { path: shown.clone(), error })?;
    let mut entries: Vec<Scheduled> =
        serde_json::from_str(&text).map_err(|error| ScheduleError::Json { path: shown.clone(), error })?;
    for (index, entry) in entries.iter_mut().enumerate() {
        entry.terms.name = entry.terms.name.trim().to_owned();
        entry.terms.check().map_err(|error| ScheduleError::Terms { path: shown.clone(), entry: index + 1, error })?;
        if !(1..=MAX_EVERY_HOURS).contains(&entry.every_hours) {
            return Err(ScheduleError::Every { path: shown, entry: index + 1 });
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{GameVariant, TournamentFormat};

    const HOUR: i64 = 3_600_000;

    fn hourly(starts_at_ms: i64) -> Scheduled {
        let terms = TournamentTerms {
            name: "Hourly arena".into(),
            format: TournamentFormat::Arena { minutes: 30 },
            variant: GameVariant::Tsivy,
            time: "3+2".parse().unwrap(),
            rated: true,
            starts_at_ms,
        };
        Scheduled { terms, every_hours: 1 }
    }

    #[test]
    fn the_next_start_is_the_first_of_the_series_at_or_after_now() {
        let entry = hourly(10 * HOUR);
        assert_eq!(entry.next_start(10 * HOUR), 10 * HOUR, "now is a start");
        assert_eq!(entry.next_start(10 * HOUR + 1), 11 * HOUR);
        assert_eq!(entry.next_start(3 * HOUR + 5), 4 * HOUR, "before the start given: the series runs both ways");
        assert_eq!(entry.next_start(25 * HOUR - 1), 25 * HOUR);
        let daily = Scheduled { every_hours: 24, ..hourly(18 * HOUR) };
        assert_eq!(daily.next_start(19 * HOUR), 42 * HOUR);
    }

    #[test]
    fn an_events_id_depends_on_its_entry_and_start_only() {
        let entry = hourly(0);
        assert_eq!(entry.event_id(HOUR), hourly(0).event_id(HOUR), "the same on every process");
        assert_ne!(entry.event_id(HOUR), entry.event_id(2 * HOUR));
        let other = Scheduled { every_hours: 2, ..hourly(0) };
        assert_ne!(entry.event_id(HOUR), other.event_id(HOUR), "another entry, another series");
    }

    #[test]
    fn a_schedule_file_is_read_and_checked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("schedule.json");
        let good = r#"[
            {"name": " Hourly arena ", "format": {"kind": "arena", "minutes": 30}, "variant": "tsivy",
             "time": "3+2", "rated": true, "starts_at_ms": 0, "every_hours": 1},
            {"name": "Daily dimy", "format": {"kind": "swiss", "rounds": 5}, "variant": "dimy",
             "time": "5+3", "rated": false, "starts_at_ms": 64800000, "every_hours": 24}
        ]"#;
        std::fs::write(&path, good).unwrap();
        let entries = read_schedule(&path).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!((entries[0].terms.name.as_str(), entries[1].every_hours), ("Hourly arena", 24));
        let bad = [
            ("not json", "schedule.json: expected ident at line 1"),
            (&good.replace("\"minutes\": 30", "\"minutes\": 3"), "entry 1: an arena lasts"),
            (&good.replace("\"rated\": false", "\"rated\": true"), "entry 2: only tsivy is rated"),
            (&good.replace("\"every_hours\": 24", "\"every_hours\": 0"), "entry 2: every_hours is 1 to 720"),
        ];
        for (text, said) in bad {
            std::fs::write(&path, text).unwrap();
            let error = read_schedule(&path).unwrap_err().to_string();
            assert!(error.contains(said), "{error}");
        }
        let missing = read_schedule(&dir.path().join("none.json")).unwrap_err().to_string();
        assert!(missing.contains("none.json"), "{missing}");
    }
}
