//! The player's preferences: the last menu choices, the animation speed, sound, colours and the interface's size. Kept
//! as RON in the data folder; a corrupt file is set aside, the defaults are used, and the player is told. What the
//! player has achieved (rating, lessons) is kept apart, in [`super::profile`].

use std::collections::BTreeMap;

use bevy::prelude::*;
use fanorona_ai::Level;
use fanorona_protocol::PushEvent;
use fanorona_rules::{Side, Variant};
use serde::{Deserialize, Serialize};

use super::storage::{Notices, Storage};
use super::{Kept, parse};

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
    /// Animation speed factor (1 is normal, 2 twice as fast, 0 off: pieces jump to their places).
    pub animation_speed: f32,
    /// Show the board from Black's side.
    pub flipped: bool,
    /// Play sound effects.
    pub sound: bool,
    /// Highlight colours that stay apart for colour-blind players.
    pub colour_blind: bool,
    /// Highlights in pure, bright colours, for players who see little contrast (before the colour-blind ones).
    pub high_contrast: bool,
    /// A screen reader reads the game: more is said after each turn, and pieces jump to their places, so that
    /// nothing waits on an animation the player does not see.
    pub screen_reader: bool,
    /// The size of the interface's text and controls, as a factor (1 is 100%, 2 is 200%): egui's zoom factor.
    pub ui_scale: f32,
    /// Online play: the server and who the player is there.
    pub online: OnlineSettings,
    /// The interface's language, by its code (`mg`, `fr`, `en`); `None` until the player chooses one, and meanwhile
    /// the system's.
    pub language: Option<String>,
    /// The size the game's window had when it was last resized, in logical pixels (the desktop opens at it again).
    pub window: Option<WindowSize>,
    /// Whether the strong and master levels think on the person's time (on the desktop; a page has no threads). On
    /// by default where the processor has three cores or more: with two, the pondering core is one the frames need
    /// (docs/DECISIONS.md, "Pondering").
    pub ponder: bool,
    /// The master's search threads on the desktop; 0 for the processor's cores less one, which leaves one to the
    /// game's frames.
    pub threads: u32,
}

/// A window's size in logical pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowSize {
    /// Across.
    pub width: u32,
    /// Down.
    pub height: u32,
}

/// Online play: the server, the name a new guest asks for, and the login kept between visits.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnlineSettings {
    /// The server's WebSocket address, such as `ws://192.168.1.20:8080/ws`; empty for the default (on the web the
    /// page's own server, on the desktop one on this computer).
    pub server: String,
    /// The name asked for as a new guest (the server makes one up when it is empty).
    pub name: String,
    /// The login's token, which signs the player in again: a secret, kept here and never shown.
    pub token: Option<String>,
    /// Whether the login is a registered player's (signed in with a name and password), not a guest's.
    pub account: bool,
    /// The events of correspondence games the player turned off in this device's notifications (all are on at
    /// first).
    pub push_off: Vec<PushEvent>,
    /// The device tokens the server gave this device, by registered name (lower-cased): a sign-in from here with
    /// one is not stopped by someone else guessing the name's password. Secrets, never shown; kept after signing out.
    pub devices: BTreeMap<String, String>,
}

impl std::fmt::Debug for OnlineSettings {
    /// Everything but the token, which is a password in all but name and must not reach a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(stringify!(OnlineSettings))
            .field("server", &self.server)
            .field("name", &self.name)
            .field("token", &self.token.as_ref().map(|_| "(kept)"))
            .field("account", &self.account)
            .field("push_off", &self.push_off)
            .field("devices", &self.devices.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// The UI sizes offered, as factors: 100% to 200%.
pub const UI_SCALES: [f32; 5] = [1.0, 1.25, 1.5, 1.75, 2.0];

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
            language: None,
            animation_speed: 1.0,
            flipped: false,
            sound: true,
            colour_blind: false,
            high_contrast: false,
            screen_reader: false,
            ui_scale: 1.0,
            online: OnlineSettings::default(),
            window: None,
            ponder: automatic_threads() >= 2,
            threads: 0,
        }
    }
}

/// The most search threads the settings offer.
pub const MOST_THREADS: u32 = 16;

impl Settings {
    /// How fast pieces move (0: they jump): the player's speed, or none for a screen reader's player.
    pub fn piece_speed(&self) -> f32 {
        if self.screen_reader { 0.0 } else { self.animation_speed }
    }

    /// The search threads the computer uses: one on the web; on the desktop the setting, or the processor's cores
    /// less one (at least one) when it is 0.
    pub fn engine_threads(&self) -> usize {
        if cfg!(target_arch = "wasm32") {
            return 1;
        }
        match self.threads {
            0 => automatic_threads(),
            n => n.min(MOST_THREADS) as usize,
        }
    }

    /// Whether the computer thinks on the person's time: as set, and only where it has threads (not on the web).
    pub fn ponders(&self) -> bool {
        self.ponder && !cfg!(target_arch = "wasm32")
    }
}

/// The processor's cores less one, at least one: what the computer searches with by default.
pub fn automatic_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

impl Kept for Settings {
    const FILE: &'static str = SETTINGS_FILE;
    const WHAT: &'static str = "settings";

    fn load(storage: &Storage, notices: &mut Notices) -> Settings {
        let mut settings: Settings = storage.load(SETTINGS_FILE, Self::WHAT, notices, parse).unwrap_or_default();
        // 0 is off; a hand-edited value beyond the slider's range is brought back within it.
        settings.animation_speed =
            if settings.animation_speed.is_finite() { settings.animation_speed.clamp(0.0, 3.0) } else { 1.0 };
        // A hand-edited file must not make the interface vanish or fill the screen many times over.
        settings.ui_scale = if settings.ui_scale.is_finite() { settings.ui_scale.clamp(1.0, 2.0) } else { 1.0 };
        settings.threads = settings.threads.min(MOST_THREADS);
        settings
    }
}
