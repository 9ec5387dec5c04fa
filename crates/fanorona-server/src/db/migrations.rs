//! The schema's migrations, built into the program so that it needs no files beside it.
//!
//! A list kept by hand rather than `sqlx::migrate!`, whose `macros` feature would build SQLite's C code and the
//! drivers a second time for the host (`Cargo.toml`); a test checks that the list is the `migrations/` folder, so the
//! two cannot drift.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType};

/// The migrations, built into the program so that it needs no files beside it.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "initial", include_str!("../../migrations/0001_initial.sql")),
    (2, "shared games", include_str!("../../migrations/0002_shared_games.sql")),
    (3, "accounts", include_str!("../../migrations/0003_accounts.sql")),
    (4, "bots", include_str!("../../migrations/0004_bots.sql")),
    (5, "sessions", include_str!("../../migrations/0005_sessions.sql")),
    (6, "vela", include_str!("../../migrations/0006_vela.sql")),
    (7, "addressed challenges", include_str!("../../migrations/0007_addressed_challenges.sql")),
    (8, "puzzles", include_str!("../../migrations/0008_puzzles.sql")),
    (9, "puzzle search", include_str!("../../migrations/0009_puzzle_search.sql")),
    (10, "puzzle alternatives", include_str!("../../migrations/0010_puzzle_alternatives.sql")),
    (11, "correspondence", include_str!("../../migrations/0011_correspondence.sql")),
    (12, "web push", include_str!("../../migrations/0012_web_push.sql")),
    (13, "vacations", include_str!("../../migrations/0013_vacations.sql")),
    (14, "login failures", include_str!("../../migrations/0014_login_failures.sql")),
    (15, "deleted accounts", include_str!("../../migrations/0015_deleted_accounts.sql")),
    (16, "moderation", include_str!("../../migrations/0016_moderation.sql")),
    (17, "fair play", include_str!("../../migrations/0017_fair_play.sql")),
    (18, "tournaments", include_str!("../../migrations/0018_tournaments.sql")),
    (19, "bounded lists", include_str!("../../migrations/0019_bounded_lists.sql")),
    (20, "report addresses", include_str!("../../migrations/0020_report_addresses.sql")),
];

/// The first migration of this program missing from `applied` (the versions the database lists), named for the log:
/// `migration 18 (tournaments)`.
pub(super) fn first_missing(applied: &[i64]) -> Option<String> {
    MIGRATIONS
        .iter()
        .find(|(version, ..)| !applied.contains(version))
        .map(|(version, description, _)| format!("migration {version} ({description})"))
}

/// The embedded migrations, handed to sqlx's migrator like a folder of files.
#[derive(Debug)]
pub(super) struct Embedded;

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send>> {
        let migrations = MIGRATIONS
            .iter()
            .map(|&(version, description, sql)| {
                Migration::new(version, Cow::Borrowed(description), MigrationType::Simple, Cow::Borrowed(sql), false)
            })
            .collect();
        Box::pin(async move { Ok(migrations) })
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// Each file of `migrations/` as `(version, description, SQL)`, by version: `0007_addressed_challenges.sql` is
    /// `(7, "addressed challenges", ...)`, as sqlx's own folder source reads it.
    fn folder() -> Vec<(i64, String, String)> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut found = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let stem = name.strip_suffix(".sql").unwrap_or_else(|| panic!("{name}: not a .sql file in migrations/"));
            let (version, description) =
                stem.split_once('_').unwrap_or_else(|| panic!("{name}: not named VERSION_DESCRIPTION.sql"));
            let version = version.parse().unwrap_or_else(|_| panic!("{name}: the version is not a number"));
            found.push((version, description.replace('_', " "), std::fs::read_to_string(&path).unwrap()));
        }
        found.sort();
        found
    }

    #[test]
    fn the_list_of_migrations_is_the_migrations_folder() {
        let listed: Vec<(i64, String, String)> =
            MIGRATIONS.iter().map(|&(version, description, sql)| (version, description.into(), sql.into())).collect();
        let folder = folder();
        let names = |list: &[(i64, String, String)]| -> Vec<(i64, String)> {
            list.iter().map(|(version, description, _)| (*version, description.clone())).collect()
        };
        assert_eq!(names(&listed), names(&folder), "MIGRATIONS (left) and the files of migrations/ (right)");
        for ((version, _, sql), (_, _, file)) in listed.iter().zip(&folder) {
            assert_eq!(sql, file, "migration {version}: MIGRATIONS embeds another file than migrations/ holds");
        }
        // sqlx applies them in order of version: numbered 1, 2, 3... with none missing.
        let versions: Vec<i64> = listed.iter().map(|(version, ..)| *version).collect();
        assert_eq!(versions, (1..=versions.len() as i64).collect::<Vec<_>>(), "versions from 1 with no gap");
    }
}
