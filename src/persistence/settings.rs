//! The player's settings: the last menu choices, the animation speed, sound and colours, the rating and the tutorial
//! progress. Kept as RON in the data folder; a corrupt file is set aside and the defaults are used, and the player
//! is told.

use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_rules::{Side, Variant};
use serde::{Deserialize, Serialize};

use crate::rating::PlayerRating;
use crate::storage::{Notices, Storage};

/// The file name of the settings.
pub const SETTINGS_FILE: &str = "settings.ron";

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opponent {
    /// Two people on this device.
    Human,
    /// A person against the computer.
    Computer,
    /// The computer against itself, to watch.
    ComputerVsComputer,
}

/// Which side the person takes against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SideChoice {
    /// White, who moves first.
    White,
    /// Black.
    Black,
    /// Drawn at random each game.
    Random,
}

/// The settings.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The board.
    pub variant: Variant,
    /// Whether the next tsivy game is a vela game.
    pub vela: bool,
    /// The handicapped side in a vela game.
    pub vela_side: Side,
    /// Who plays.
    pub opponent: Opponent,
    /// The computer's level (and White's, when the computer plays both sides).
    pub level: Level,
    /// Black's level when the computer plays both sides.
    pub second_level: Level,
    /// The person's side against the computer.
    pub side: SideChoice,
    /// Animation speed factor (1 is normal, 2 twice as fast).
    pub animation_speed: f32,
    /// Show the board from Black's side.
    pub flipped: bool,
    /// Play sound effects.
    pub sound: bool,
    /// Highlight colours that stay apart for colour-blind players.
    pub colour_blind: bool,
    /// The person's rating against the computer.
    pub rating: PlayerRating,
    /// The tutorial lessons finished, by name.
    pub lessons_done: Vec<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            variant: Variant::Tsivy,
            vela: false,
            vela_side: Side::White,
            opponent: Opponent::Computer,
            level: Level::Classic,
            second_level: Level::Strong,
            side: SideChoice::White,
            animation_speed: 1.0,
            flipped: false,
            sound: true,
            colour_blind: false,
            rating: PlayerRating::default(),
            lessons_done: Vec::new(),
        }
    }
}

impl Settings {
    /// Reads the settings from storage: the defaults if there are none, or if the file is unreadable (then it is
    /// set aside and a notice says so).
    pub fn load(storage: &Storage, notices: &mut Notices) -> Settings {
        match storage.read(SETTINGS_FILE) {
            Ok(None) => Settings::default(),
            Ok(Some(text)) => match ron::from_str::<Settings>(&text) {
                Ok(mut settings) => {
                    settings.animation_speed = settings.animation_speed.clamp(0.25, 4.0);
                    if !settings.rating.rating.is_finite() {
                        settings.rating = PlayerRating::default();
                    }
                    settings
                }
                Err(e) => {
                    let aside = storage.set_aside(SETTINGS_FILE);
                    notices.0.push(format!(
                        "Your settings could not be read ({e}). They were kept as {aside}; the defaults are used."
                    ));
                    Settings::default()
                }
            },
            Err(e) => {
                notices.0.push(format!("Your settings could not be read ({e}); the defaults are used."));
                Settings::default()
            }
        }
    }

    /// Whether the tutorial lesson named `id` is finished.
    pub fn lesson_done(&self, id: &str) -> bool {
        self.lessons_done.iter().any(|d| d == id)
    }

    /// Writes the settings to storage.
    pub fn save(&self, storage: &Storage) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        storage.write(SETTINGS_FILE, &text)
    }
}

/// Loads the settings at start-up and saves them whenever they change.
pub struct SettingsPlugin;

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Settings>().add_systems(PreStartup, load_settings).add_systems(Last, save_changed_settings);
    }
}

fn load_settings(mut commands: Commands, storage: Res<Storage>, mut notices: ResMut<Notices>) {
    commands.insert_resource(Settings::load(&storage, &mut notices));
}

fn save_changed_settings(settings: Res<Settings>, storage: Res<Storage>, mut notices: ResMut<Notices>) {
    if settings.is_changed()
        && !settings.is_added()
        && let Err(e) = settings.save(&storage)
    {
        notices.0.push(format!("Your settings could not be saved: {e}"));
    }
}
