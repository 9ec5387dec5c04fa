//! The server's errors, in one place: [`Refusal`], what a client hears when a message is refused (every other error
//! becomes one on its way out, logged and told as `internal`); [`DbError`], a failure of the database;
//! [`ServerError`], why a server could not start; and [`BackupError`], why a backup made no copy. The errors of
//! hashing and randomness stay beside their functions (`secret`), as a parse error stays beside what it parses.

use std::path::PathBuf;

use crate::protocol::ErrorCode;
use crate::secret::{PasswordError, RandomError};

/// A refused message: what the client hears in an `error`; nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    /// For programs.
    pub code: ErrorCode,
    /// For people.
    pub message: String,
}

impl Refusal {
    /// A refusal with its code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into() }
    }

    /// The refusal for a game that other processes kept changing under a request.
    pub fn busy() -> Refusal {
        Refusal::new(ErrorCode::Internal, "the game kept changing; please try again")
    }

    /// The refusal of a rated game with a bot in it.
    pub fn bot_unrated() -> Refusal {
        Refusal::new(ErrorCode::BotUnrated, "bots play unrated games only")
    }

    /// The refusal of a rated game with a guest in it.
    pub fn guest_unrated() -> Refusal {
        Refusal::new(ErrorCode::GuestUnrated, "rated games are for registered players: register first")
    }

    /// The refusal of an id that names no open challenge, no game in progress (or no player).
    pub fn not_found(id: &str) -> Refusal {
        Refusal::new(ErrorCode::NotFound, format!("no open challenge or game in progress has the id {id:?}"))
    }
}

impl From<DbError> for Refusal {
    fn from(error: DbError) -> Refusal {
        tracing::error!("{error}");
        Refusal::new(ErrorCode::Internal, "the server could not store that; please try again")
    }
}

impl From<PasswordError> for Refusal {
    fn from(error: PasswordError) -> Refusal {
        tracing::error!("{error}");
        Refusal::new(ErrorCode::Internal, "the server could not do that; please try again")
    }
}

impl From<RandomError> for Refusal {
    fn from(error: RandomError) -> Refusal {
        tracing::error!("{error}");
        Refusal::new(ErrorCode::Internal, "the server could not do that; please try again")
    }
}

/// A failure of the database.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// A query or the connection failed.
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A row would repeat a unique value (a display name, most likely).
    #[error("that value is already taken")]
    Duplicate,
    /// A stored value makes no sense (edited by hand, or written by a newer server).
    #[error("database: bad stored value: {0}")]
    Corrupt(String),
    /// The game changed since this process last read it (another process sharing the database stored a turn or
    /// its end meanwhile): nothing was written.
    #[error("the game changed meanwhile")]
    Stale,
    /// No id for this process could be drawn.
    #[error(transparent)]
    Random(#[from] RandomError),
    /// A SQLite file of the database may be read or written by the machine's other users, who would read the
    /// password hashes and the push key in it.
    #[error(
        "{} may be read by the machine's other users (mode {mode:o}), and it holds the players' password hashes and \
         the server's push key: `chmod 600 {}` mends it (docs/DEPLOYMENT.md, \"Files\")",
        path.display(),
        path.display()
    )]
    Exposed {
        /// The file.
        path: std::path::PathBuf,
        /// Its permission bits.
        mode: u32,
    },
}

impl DbError {
    /// Turns a unique-key violation into [`DbError::Duplicate`].
    pub(crate) fn from_insert(error: sqlx::Error) -> DbError {
        match &error {
            sqlx::Error::Database(e) if e.is_unique_violation() => DbError::Duplicate,
            _ => DbError::Sql(error),
        }
    }
}

/// Why a server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The database could not be opened, migrated or read.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The address could not be listened on, or the listener failed.
    #[error("network: {0}")]
    Io(#[from] std::io::Error),
}

/// Why `fanorona-server backup` made no copy (none is left half-made under the name asked for).
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The database is not a SQLite file.
    #[error("only a SQLite database is copied by the server; for PostgreSQL use pg_dump (docs/DEPLOYMENT.md)")]
    NotSqlite,
    /// There is no database file to copy.
    #[error("there is no database at {0}")]
    NoDatabase(PathBuf),
    /// Something is at the path asked for already: a backup never overwrites.
    #[error("{0} exists already: a backup never replaces a file")]
    Exists(PathBuf),
    /// The folder the copy should go in does not exist.
    #[error("there is no folder {0} to put the copy in")]
    NoFolder(PathBuf),
    /// The copy's path is not UTF-8, which SQLite needs.
    #[error("{0} is not a path SQLite can write to (not UTF-8)")]
    Path(PathBuf),
    /// SQLite could not read the database or write the copy (a full disk, say).
    #[error(transparent)]
    Db(#[from] sqlx::Error),
    /// The copy could not be made durable or given its name.
    #[error("the copy: {0}")]
    Io(#[from] std::io::Error),
}
