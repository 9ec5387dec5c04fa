//! The SQLite database's files, kept from the machine's other users: they hold the players' password hashes, their
//! logins' token hashes and the server's Web Push private key. The folder the server makes for them is 0700, the
//! database it makes is 0600 (SQLite gives its `-wal` and `-shm` files the database's mode), and a database, log or
//! shared-memory file that others may read stops the server at its start, with the command that mends it.

use std::path::{Path, PathBuf};

use crate::error::DbError;

/// The file of a SQLite database URL (`sqlite://PATH?options` or `sqlite:PATH`), or none for another database.
pub fn sqlite_path(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty()).then(|| PathBuf::from(path))
}

/// Makes `dir` and its missing parents, the last one (the server's own) readable by its owner alone.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Creates the database file `path` for its owner alone if it is missing; refuses one that the machine's other
/// users may read or write, and its log and shared-memory files alike.
pub fn guard_database(path: &Path) -> Result<(), DbError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => return Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
        // No folder, no right to write there: SQLite says so when it opens the file, as before.
        Err(_) => return Ok(()),
    }
    #[cfg(unix)]
    for suffix in ["", "-wal", "-shm"] {
        use std::os::unix::fs::PermissionsExt;
        let file = PathBuf::from(format!("{}{suffix}", path.display()));
        if let Ok(metadata) = std::fs::metadata(&file)
            && metadata.permissions().mode() & 0o077 != 0
        {
            return Err(DbError::Exposed { path: file, mode: metadata.permissions().mode() & 0o777 });
        }
    }
    Ok(())
}

/// Makes the file `path` readable and writable by its owner alone (a backup of the database).
pub fn make_private(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sqlite_url_names_its_file() {
        assert_eq!(sqlite_path("sqlite:///srv/f.db?mode=rwc"), Some(PathBuf::from("/srv/f.db")));
        assert_eq!(sqlite_path("sqlite:f.db"), Some(PathBuf::from("f.db")));
        assert_eq!(sqlite_path("postgres://u@h/db"), None);
        assert_eq!(sqlite_path("sqlite://"), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_new_database_is_its_owners_alone_and_one_others_may_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("data");
        create_private_dir(&folder).unwrap();
        assert_eq!(std::fs::metadata(&folder).unwrap().permissions().mode() & 0o777, 0o700);
        let path = folder.join("server.db");
        guard_database(&path).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        guard_database(&path).unwrap();
        for (file, mode) in [(path.clone(), 0o644), (PathBuf::from(format!("{}-wal", path.display())), 0o640)] {
            std::fs::write(&file, b"").unwrap();
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode)).unwrap();
            let refused = guard_database(&path);
            assert!(
                matches!(&refused, Err(DbError::Exposed { path: p, mode: m }) if *p == file && *m == mode),
                "{refused:?}"
            );
            make_private(&file).unwrap();
        }
        guard_database(&path).unwrap();
    }
}
