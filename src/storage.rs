//! Where settings and games are kept: files in the platform's data folder on the desktop. Writes are atomic, and an
//! unreadable file is set aside (never deleted) so that nothing a player had is lost.

use std::path::PathBuf;

use bevy::prelude::*;

/// A small key-value store of text files.
#[derive(Resource, Clone, Debug)]
pub struct Storage {
    dir: Option<PathBuf>,
}

impl Storage {
    /// A store in `dir` (created on first write).
    pub fn in_dir(dir: impl Into<PathBuf>) -> Storage {
        Storage { dir: Some(dir.into()) }
    }

    /// A store that keeps nothing (when the platform has no data folder).
    pub fn none() -> Storage {
        Storage { dir: None }
    }

    /// The platform's data folder for this game, e.g. `~/.local/share/fanorona` on Linux.
    pub fn platform() -> Storage {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(dirs) = directories::ProjectDirs::from("org", "Fanorona", "fanorona") {
            return Storage::in_dir(dirs.data_dir());
        }
        Storage::none()
    }

    fn path(&self, name: &str) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(name))
    }

    /// The text stored under `name`, `Ok(None)` if there is none.
    pub fn read(&self, name: &str) -> Result<Option<String>, String> {
        let Some(path) = self.path(name) else { return Ok(None) };
        match std::fs::read_to_string(&path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Stores `text` under `name`: written to a temporary file, then renamed over the old one.
    pub fn write(&self, name: &str, text: &str) -> Result<(), String> {
        let (Some(dir), Some(path)) = (&self.dir, self.path(name)) else { return Ok(()) };
        let tmp = dir.join(format!(".{name}.tmp"));
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&tmp, text))
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Removes what is stored under `name` (nothing happens if there is nothing).
    pub fn remove(&self, name: &str) {
        if let Some(path) = self.path(name) {
            let _ = std::fs::remove_file(path);
        }
    }

    /// Moves an unreadable entry aside (to `name.bad`, `name.bad2`, ...) and says where it went.
    pub fn set_aside(&self, name: &str) -> String {
        let Some(path) = self.path(name) else { return String::new() };
        for n in 1..100 {
            let suffix = if n == 1 { ".bad".to_owned() } else { format!(".bad{n}") };
            let aside = path.with_file_name(format!("{name}{suffix}"));
            if !aside.exists() {
                return match std::fs::rename(&path, &aside) {
                    Ok(()) => aside.display().to_string(),
                    Err(e) => format!("(could not move it: {e})"),
                };
            }
        }
        String::from("(too many bad copies already)")
    }
}

/// Messages for the player about files (shown by the interface, then dismissed).
#[derive(Resource, Default, Debug)]
pub struct Notices(pub Vec<String>);

/// Registers storage (the platform's, unless a test inserted its own) and notices.
pub struct StoragePlugin;

impl Plugin for StoragePlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Storage>() {
            app.insert_resource(Storage::platform());
        }
        app.init_resource::<Notices>();
    }
}
