//! Game files a player keeps or shares (game text, or the RON record): on the desktop, files in a folder of the
//! player's documents; on the web, a download and the browser's file picker.
//!
//! Saving always makes a new file, never one that is there already, so no save can overwrite anything.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::i18n::Text;
use crate::text;

/// The largest game file read: far more than the longest game's text, and little enough to keep a wrong file (a
/// film, a disk image) from being read into memory.
pub const MAX_GAME_FILE: u64 = 1 << 20;

/// Where game files are saved and looked for on the desktop.
#[derive(Resource, Clone, Debug)]
pub struct GameFiles {
    folder: Option<PathBuf>,
}

impl GameFiles {
    /// Files in `folder` (created on the first save).
    pub fn in_dir(folder: impl Into<PathBuf>) -> GameFiles {
        GameFiles { folder: Some(folder.into()) }
    }

    /// The platform's place: `Fanorona` in the player's documents folder on the desktop (the data folder's `games`
    /// if there is no documents folder); none on the web, which downloads instead.
    pub fn platform() -> GameFiles {
        #[cfg(target_arch = "wasm32")]
        return GameFiles { folder: None };
        #[cfg(not(target_arch = "wasm32"))]
        {
            let documents = directories::UserDirs::new().and_then(|u| u.document_dir().map(|d| d.join("Fanorona")));
            let data =
                || directories::ProjectDirs::from("org", "Fanorona", "fanorona").map(|d| d.data_dir().join("games"));
            GameFiles { folder: documents.or_else(data) }
        }
    }

    /// The folder, if there is one.
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// Writes `text` to a new file of `kind` in the folder (`fanorona-game-1.txt`, `-2`, ..., the first one not
    /// there yet) and returns its path; or what to tell the player when it cannot.
    pub fn save_new(&self, kind: FileKind, text: &str) -> Result<PathBuf, Text> {
        use std::io::Write;
        let what = kind.what();
        let not_saved = |path: &Path, e: std::io::Error| {
            text!("file-not-saved", what = what, error = format!("{}: {e}", path.display()))
        };
        let folder = self.folder.as_ref().ok_or_else(|| text!("file-no-folder", what = what))?;
        std::fs::create_dir_all(folder).map_err(|e| not_saved(folder, e))?;
        let (stem, extension) = kind.name();
        for n in 1..10_000 {
            let path = folder.join(format!("{stem}-{n}.{extension}"));
            // `create_new` fails if the file exists, even if another program made it a moment ago.
            match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut file) => {
                    return file.write_all(text.as_bytes()).map(|()| path.clone()).map_err(|e| not_saved(&path, e));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(not_saved(&path, e)),
            }
        }
        Err(text!("file-folder-full", what = what, folder = folder.display().to_string()))
    }

    /// Keeps `text` as a file of `kind`: a new file in the folder on the desktop ([`GameFiles::save_new`]), a
    /// download on the web; where it went, or what to tell the player when it cannot.
    pub fn keep(&self, kind: FileKind, text: &str) -> Result<Kept, Text> {
        #[cfg(target_arch = "wasm32")]
        {
            let (stem, extension) = kind.name();
            let name = format!("{stem}.{extension}");
            match web::download(&name, text) {
                Ok(()) => Ok(Kept::Downloaded(name)),
                Err(e) => Err(text!("file-not-downloaded", what = kind.what(), error = e)),
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.save_new(kind, text).map(Kept::Saved)
    }

    /// Reads the game file at `path` (relative paths are in the folder): UTF-8 text of at most
    /// [`MAX_GAME_FILE`] bytes; or what to tell the player when it cannot.
    pub fn read(&self, path: &str) -> Result<String, Text> {
        let path = Path::new(path.trim());
        let path = match &self.folder {
            Some(folder) if path.is_relative() => folder.join(path),
            _ => path.to_path_buf(),
        };
        let shown = path.display().to_string();
        let not_opened = |e: std::io::Error| text!("game-not-opened", error = format!("{shown}: {e}"));
        let size = std::fs::metadata(&path).map_err(not_opened)?.len();
        if size > MAX_GAME_FILE {
            return Err(text!("game-file-too-large", file = &shown, size = size));
        }
        let bytes = std::fs::read(&path).map_err(not_opened)?;
        String::from_utf8(bytes).map_err(|_| text!("game-file-not-text", file = &shown))
    }
}

/// What a file kept for the player holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A game's text.
    Game,
    /// What the game server keeps about the player (their account and games, as JSON).
    Data,
}

impl FileKind {
    /// The file's name (a number follows it on the desktop) and extension.
    const fn name(self) -> (&'static str, &'static str) {
        match self {
            FileKind::Game => ("fanorona-game", "txt"),
            FileKind::Data => ("fanorona-data", "json"),
        }
    }

    /// Its key in the messages that name it (`{ $what -> ... }`).
    const fn what(self) -> &'static str {
        match self {
            FileKind::Game => "game",
            FileKind::Data => "data",
        }
    }
}

/// Where a file was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Saved at this path (the desktop).
    Saved(PathBuf),
    /// Downloaded under this name (the web).
    Downloaded(String),
}

/// The browser's side: downloading a file, and choosing one to open (read in the background, then picked up by
/// [`take_chosen`] in a later frame).
#[cfg(target_arch = "wasm32")]
pub mod web {
    use std::sync::Mutex;

    use wasm_bindgen::{JsCast, JsValue};

    use super::MAX_GAME_FILE;
    use crate::i18n::Text;
    use crate::text;

    /// Files read since the last [`take_chosen`]: their text, or what to tell the player.
    static CHOSEN: Mutex<Vec<Result<String, Text>>> = Mutex::new(Vec::new());

    fn js_error(e: JsValue) -> String {
        e.as_string().unwrap_or_else(|| format!("{e:?}"))
    }

    fn document() -> Result<web_sys::Document, String> {
        // The missing object's name: a page always has one.
        web_sys::window().and_then(|w| w.document()).ok_or_else(|| "window.document".to_owned())
    }

    fn chosen(result: Result<String, Text>) {
        if let Ok(mut chosen) = CHOSEN.lock() {
            chosen.push(result);
        }
    }

    /// Offers `text` as a download named `name`.
    pub fn download(name: &str, text: &str) -> Result<(), String> {
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/plain;charset=utf-8");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(js_error)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(js_error)?;
        let link: web_sys::HtmlElement =
            document()?.create_element("a").map_err(js_error)?.dyn_into().map_err(|e| js_error(e.into()))?;
        link.set_attribute("href", &url).map_err(js_error)?;
        link.set_attribute("download", name).map_err(js_error)?;
        link.click();
        // The URL is left alive: revoking it at once can cancel the download in some browsers, and it holds only
        // this small text until the page closes.
        Ok(())
    }

    /// Opens the browser's file picker; the file chosen is read in the background.
    pub fn choose() -> Result<(), String> {
        let input: web_sys::HtmlInputElement =
            document()?.create_element("input").map_err(js_error)?.dyn_into().map_err(|e| js_error(e.into()))?;
        input.set_type("file");
        input.set_accept(".txt,.ron,text/plain");
        let picker = input.clone();
        let on_change = wasm_bindgen::closure::Closure::once_into_js(move || {
            // `files` is read through JavaScript: the typed getter needs a web-sys feature nothing else uses.
            let file = js_sys::Reflect::get(&picker, &JsValue::from_str("files"))
                .and_then(|files| js_sys::Reflect::get(&files, &JsValue::from_f64(0.0)))
                .ok()
                .and_then(|file| file.dyn_into::<web_sys::File>().ok());
            let Some(file) = file else { return };
            if file.size() > MAX_GAME_FILE as f64 {
                chosen(Err(text!("game-file-too-large", file = file.name(), size = file.size())));
                return;
            }
            wasm_bindgen_futures::spawn_local(async move {
                let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                let text = text.ok().and_then(|t| t.as_string());
                chosen(text.ok_or_else(|| text!("game-file-not-text", file = file.name())));
            });
        });
        input.set_onchange(Some(on_change.unchecked_ref()));
        input.click();
        Ok(())
    }

    /// The files read since the last call.
    pub fn take_chosen() -> Vec<Result<String, Text>> {
        CHOSEN.lock().map(|mut chosen| std::mem::take(&mut *chosen)).unwrap_or_default()
    }
}
