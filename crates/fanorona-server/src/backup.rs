//! `fanorona-server backup PATH`: a consistent copy of the SQLite database, taken while the server plays on.
//!
//! SQLite's `VACUUM INTO` reads the database in one read transaction, so the copy holds every turn committed before
//! it began and none half-written; in WAL mode the server's writes go on meanwhile. The copy is written under a
//! temporary name beside the one asked for, made durable, and only then renamed: a copy that failed half-way (a full
//! disk) never looks like a backup.

use std::path::Path;

use sqlx::{AnyConnection, Connection, Row};

use crate::db::{make_private, sqlite_path};
use crate::error::BackupError;

/// What a backup holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    /// Games started (in progress or over).
    pub games: i64,
    /// Turns stored.
    pub turns: i64,
    /// The copy's size in bytes.
    pub bytes: u64,
}

/// Copies the SQLite database of `database_url` to `to`, which must not exist yet, in a folder that does.
pub async fn backup(database_url: &str, to: &Path) -> Result<Copied, BackupError> {
    let source = sqlite_path(database_url).ok_or(BackupError::NotSqlite)?;
    if !source.is_file() {
        return Err(BackupError::NoDatabase(source));
    }
    if to.symlink_metadata().is_ok() {
        return Err(BackupError::Exists(to.to_path_buf()));
    }
    let folder = to.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = to.file_name().ok_or_else(|| BackupError::Path(to.to_path_buf()))?;
    if !folder.is_dir() {
        return Err(BackupError::NoFolder(folder.to_path_buf()));
    }
    let partial = folder.join(format!(".{}.partial", name.to_string_lossy()));
    let copied = copy(&source, &partial).await;
    let copied = match copied {
        Ok(copied) => copied,
        Err(error) => {
            // Whatever was written goes: nothing half-made stays behind.
            let _ = std::fs::remove_file(&partial);
            return Err(error);
        }
    };
    // The copy holds what the database holds (password hashes, the push key): its owner's alone, as the database.
    make_private(&partial)?;
    std::fs::rename(&partial, to)?;
    // The rename itself survives a power cut once the folder is synced.
    std::fs::File::open(folder)?.sync_all()?;
    Ok(Copied { bytes: std::fs::metadata(to)?.len(), ..copied })
}

/// Writes the copy to `partial`, durable, and counts what it holds.
async fn copy(source: &Path, partial: &Path) -> Result<Copied, BackupError> {
    let text = |path: &Path| path.to_str().map(str::to_owned).ok_or_else(|| BackupError::Path(path.to_path_buf()));
    let (source, partial_text) = (text(source)?, text(partial)?);
    // A leftover of an earlier backup that failed: SQLite writes into an empty file only.
    if partial.symlink_metadata().is_ok() {
        std::fs::remove_file(partial)?;
    }
    sqlx::any::install_default_drivers();
    // Read-only: the backup can change nothing of the database, and never creates one.
    let mut database = AnyConnection::connect(&format!("sqlite://{source}?mode=ro")).await?;
    sqlx::query("VACUUM INTO $1").bind(&partial_text).execute(&mut database).await?;
    database.close().await?;
    std::fs::File::open(partial)?.sync_all()?;
    let mut copy = AnyConnection::connect(&format!("sqlite://{partial_text}?mode=ro")).await?;
    let count = |sql| sqlx::query(sql);
    let games: i64 =
        count("SELECT COUNT(*) AS n FROM games WHERE status <> 'open'").fetch_one(&mut copy).await?.get("n");
    let turns: i64 = count("SELECT COUNT(*) AS n FROM turns").fetch_one(&mut copy).await?.get("n");
    copy.close().await?;
    Ok(Copied { games, turns, bytes: 0 })
}
