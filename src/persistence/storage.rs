//! Where settings and games are kept: files in the platform's data folder on the desktop, the browser's local
//! storage on the web. Writes are atomic, and an unreadable entry (not text, or text that does not parse) is set
//! aside (never deleted) so that nothing a player had is lost and the next write cannot overwrite it.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::i18n::Text;
use crate::text;

/// A small key-value store of texts.
#[derive(Resource, Clone, Debug)]
pub struct Storage {
    dir: Option<PathBuf>,
    /// Keep entries in the browser's local storage instead (web).
    browser: bool,
}

impl Storage {
    /// A store in `dir` (created on first write).
    pub fn in_dir(dir: impl Into<PathBuf>) -> Storage {
        Storage { dir: Some(dir.into()), browser: false }
    }

    /// A store that keeps nothing (when the platform has no data folder).
    pub fn none() -> Storage {
        Storage { dir: None, browser: false }
    }

    /// The platform's place for this game: the data folder on the desktop (e.g. `~/.local/share/fanorona` on
    /// Linux), local storage in a browser.
    pub fn platform() -> Storage {
        #[cfg(target_arch = "wasm32")]
        return Storage { dir: None, browser: true };
        #[cfg(not(target_arch = "wasm32"))]
        directories::ProjectDirs::from("org", "Fanorona", "fanorona")
            .map_or_else(Storage::none, |dirs| Storage::in_dir(dirs.data_dir()))
    }

    /// The folder of the files, if they are kept in one.
    pub fn folder(&self) -> Option<&std::path::Path> {
        self.dir.as_deref()
    }

    fn path(&self, name: &str) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(name))
    }

    /// The text stored under `name`, `Ok(None)` if there is none.
    pub fn read(&self, name: &str) -> Result<Option<String>, ReadError> {
        if self.browser {
            return web::read(name).map_err(ReadError::Io);
        }
        let Some(path) = self.path(name) else { return Ok(None) };
        match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| ReadError::NotText),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(ReadError::Io(format!("{}: {e}", path.display()))),
        }
    }

    /// Reads and parses the entry `name`: `None` if there is none. An entry that is not text or does not parse is
    /// set aside and `what` (the key the messages choose their words by: `settings`, `profile`, `game`) is reported
    /// with where it was kept; one that cannot be read at all is reported and left where it is.
    pub fn load<T>(
        &self,
        name: &str,
        what: &str,
        notices: &mut Notices,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        let problem = match self.read(name) {
            Ok(None) => return None,
            Ok(Some(text)) => match parse(&text) {
                Ok(value) => return Some(value),
                Err(e) => Some(e),
            },
            Err(ReadError::NotText) => None,
            Err(ReadError::Io(e)) => {
                notices.problem(text!("file-unreadable", what = what, error = e));
                return None;
            }
        };
        let reason = if problem.is_some() { "text" } else { "binary" };
        notices.problem(match (self.set_aside(name), problem) {
            (Aside::File(aside), Some(problem)) => {
                text!("file-kept-aside", what = what, problem = problem, aside = aside)
            }
            (Aside::File(aside), None) => text!("file-not-text", what = what, aside = aside),
            (Aside::Browser(aside), problem) => text!(
                "stored-kept-in-browser",
                what = what,
                reason = reason,
                problem = problem.unwrap_or_default(),
                aside = aside
            ),
            (Aside::NotMoved(error), _) => text!("stored-not-set-aside", what = what, error = error),
            (Aside::TooMany, _) => text!("stored-too-many-aside", what = what),
        });
        None
    }

    /// Stores `text` under `name`: written to a temporary file, then renamed over the old one.
    pub fn write(&self, name: &str, text: &str) -> Result<(), String> {
        if self.browser {
            return web::write(name, text);
        }
        let (Some(dir), Some(path)) = (&self.dir, self.path(name)) else { return Ok(()) };
        let tmp = dir.join(format!(".{name}.tmp"));
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&tmp, text))
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Moves an unreadable entry aside (to `name.bad`, `name.bad2`, ...) and says where it went.
    pub fn set_aside(&self, name: &str) -> Aside {
        if self.browser {
            return Aside::Browser(web::set_aside(name));
        }
        let Some(path) = self.path(name) else { return Aside::File(String::new()) };
        for n in 1..100 {
            let suffix = if n == 1 { ".bad".to_owned() } else { format!(".bad{n}") };
            let aside = path.with_file_name(format!("{name}{suffix}"));
            if !aside.exists() {
                return match std::fs::rename(&path, &aside) {
                    Ok(()) => Aside::File(aside.display().to_string()),
                    Err(e) => Aside::NotMoved(e.to_string()),
                };
            }
        }
        Aside::TooMany
    }
}

/// Where an unreadable entry was kept, for the messages to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Aside {
    /// A file, by its path.
    File(String),
    /// An entry of the browser's local storage, by its name.
    Browser(String),
    /// It could not be moved (the system's words), and is still where it was.
    NotMoved(String),
    /// There are too many copies set aside already: it is still where it was.
    TooMany,
}

/// Why a stored entry could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The entry is there but is not text (UTF-8): it can only be set aside.
    NotText,
    /// The entry could not be read (permissions, the disk, the browser), with the system's words.
    Io(String),
}

/// Local storage in a browser (each entry under `fanorona/<name>`); elsewhere these keep nothing.
mod web {
    #[cfg(target_arch = "wasm32")]
    fn storage() -> Result<web_sys::Storage, String> {
        // The browser's own words when it refuses (private browsing, a setting); the missing object's name when it
        // has no local storage at all.
        let window = web_sys::window().ok_or_else(|| "window".to_owned())?;
        window.local_storage().map_err(|e| format!("{e:?}"))?.ok_or_else(|| "window.localStorage".to_owned())
    }

    #[cfg(target_arch = "wasm32")]
    fn key(name: &str) -> String {
        format!("fanorona/{name}")
    }

    pub fn read(name: &str) -> Result<Option<String>, String> {
        #[cfg(target_arch = "wasm32")]
        return storage()?.get_item(&key(name)).map_err(|e| format!("{e:?}"));
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = name;
            Ok(None)
        }
    }

    pub fn write(name: &str, text: &str) -> Result<(), String> {
        #[cfg(target_arch = "wasm32")]
        return storage()?.set_item(&key(name), text).map_err(|e| format!("{e:?}"));
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = (name, text);
            Ok(())
        }
    }

    pub fn remove(name: &str) {
        #[cfg(target_arch = "wasm32")]
        if let Ok(s) = storage() {
            let _ = s.remove_item(&key(name));
        }
        #[cfg(not(target_arch = "wasm32"))]
        let _ = name;
    }

    /// Copies the entry to `<name>.bad` and removes it; returns the copy's name.
    pub fn set_aside(name: &str) -> String {
        let aside = format!("{name}.bad");
        if let Ok(Some(text)) = read(name) {
            let _ = write(&aside, &text);
        }
        remove(name);
        aside
    }
}

/// A message for the player: what was done (a game saved, a text copied) or what went wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// What the player reads, put into words when it is shown.
    pub text: Text,
    /// Whether something went wrong (the interface keeps a problem in view longer).
    pub problem: bool,
}

/// Messages for the player, waiting to be shown: the interface takes them as they come (headless, they stay here),
/// and how many have been given since the start, so that what says them aloud can tell the new ones.
#[derive(Resource, Default, Debug)]
pub struct Notices(pub Vec<Notice>, u64);

impl Notices {
    /// Tells the player what was done.
    pub fn say(&mut self, text: Text) {
        self.push(Notice { text, problem: false });
    }

    /// Tells the player what went wrong.
    pub fn problem(&mut self, text: Text) {
        self.push(Notice { text, problem: true });
    }

    fn push(&mut self, notice: Notice) {
        self.0.push(notice);
        self.1 += 1;
    }

    /// How many notices have been given since the start.
    pub fn count(&self) -> u64 {
        self.1
    }

    /// The notices still waiting that were given after the first `count`, oldest first.
    pub fn since(&self, count: u64) -> impl Iterator<Item = &Notice> {
        let new = usize::try_from(self.1.saturating_sub(count)).unwrap_or(usize::MAX).min(self.0.len());
        self.0.iter().skip(self.0.len() - new)
    }
}
