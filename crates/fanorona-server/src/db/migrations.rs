//! The schema's migrations, built into the program so that it needs no files beside it.

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
];

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
