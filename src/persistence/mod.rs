//! What is kept between runs: the storage (files or the browser's local storage), the preferences, and the
//! player's profile, and the language they ask for. Each is loaded before the first frame and saved whenever it
//! changes.

pub mod game_files;
pub mod language;
pub mod profile;
pub mod settings;
pub mod storage;

use bevy::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::text;

use game_files::GameFiles;
use storage::{Notices, Storage};

/// A resource kept in a file of its own, as RON: loaded before the first frame, saved whenever it changes.
pub trait Kept: Resource + Serialize + DeserializeOwned + Default {
    /// The file's name.
    const FILE: &'static str;
    /// What it is, as the key by which the messages to the player choose their words (`settings`, `profile`).
    const WHAT: &'static str;

    /// Reads it: the defaults if there is none, or if the file is unreadable (then it is set aside and the player
    /// told).
    fn load(storage: &Storage, notices: &mut Notices) -> Self {
        storage.load(Self::FILE, Self::WHAT, notices, parse).unwrap_or_default()
    }

    /// Writes it.
    fn save(&self, storage: &Storage) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        storage.write(Self::FILE, &text)
    }
}

/// Reads RON text, saying what is wrong with it.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    ron::from_str(text).map_err(|e| e.to_string())
}

/// Registers storage (the platform's, unless a test or a scene inserted its own), the game files' folder, notices,
/// the settings and the profile.
pub fn plugin(app: &mut App) {
    let platform = !app.world().contains_resource::<Storage>();
    if platform {
        app.insert_resource(Storage::platform());
    }
    if !app.world().contains_resource::<GameFiles>() {
        // A store given by a test or a scene keeps its game files beside it, never in the player's documents.
        let files = match app.world().get_resource::<Storage>().and_then(Storage::folder) {
            Some(folder) if !platform => GameFiles::in_dir(folder.join("games")),
            _ => GameFiles::platform(),
        };
        app.insert_resource(files);
    }
    app.init_resource::<Notices>().add_plugins((
        keep::<settings::Settings>,
        keep::<profile::Profile>,
        language::plugin,
    ));
}

/// Loads `T` at start-up and saves it whenever it changes (a plugin: a feature keeps its own resources with it).
pub fn keep<T: Kept>(app: &mut App) {
    app.init_resource::<T>().add_systems(PreStartup, load::<T>).add_systems(Last, save_changed::<T>);
}

fn load<T: Kept>(mut commands: Commands, storage: Res<Storage>, mut notices: ResMut<Notices>) {
    commands.insert_resource(T::load(&storage, &mut notices));
}

fn save_changed<T: Kept>(kept: Res<T>, storage: Res<Storage>, mut notices: ResMut<Notices>) {
    if kept.is_changed()
        && !kept.is_added()
        && let Err(e) = kept.save(&storage)
    {
        notices.problem(text!("file-not-saved", what = T::WHAT, error = e));
    }
}
