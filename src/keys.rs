//! The key map: what each key asks for on each screen. Each feature's plugin adds its own rows ([`AddKeys`]) and
//! says which shared sets of keys its screen takes ([`KeySet`]); [`KeyMap::action`] answers for a key, and the
//! keyboard help is made from the rows ([`shortcuts`]). `input` reads the keyboard and looks keys up here.

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;

use crate::i18n::{Locale, Text};
use crate::screens::AppState;
use crate::tr;

/// What a key asks for: one message of the feature that owns it, known by name to the key table and its tests.
#[derive(Clone, Copy)]
pub struct Action {
    name: &'static str,
    write: fn(&mut World),
}

impl Action {
    /// The action named `name` that `write` sends; [`action!`](crate::action) writes both from a message.
    pub const fn new(name: &'static str, write: fn(&mut World)) -> Action {
        Action { name, write }
    }

    /// The message it sends, as written in the key map ("GameCommand::Undo").
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Sends it.
    pub fn send(&self, world: &mut World) {
        (self.write)(world);
    }
}

/// Two actions are the same when they send the same message: the key map writes each message once.
impl PartialEq for Action {
    fn eq(&self, other: &Action) -> bool {
        self.name == other.name
    }
}

impl Eq for Action {}

impl std::fmt::Debug for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// The [`Action`] that sends `$message`, named as written: `action!(GameCommand::Undo)`.
#[macro_export]
macro_rules! action {
    ($message:expr) => {
        $crate::keys::Action::new(stringify!($message), |world: &mut bevy::prelude::World| {
            world.write_message($message);
        })
    };
}

/// The modifier keys held with a key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// Shift.
    pub shift: bool,
    /// Ctrl (or Cmd on a Mac).
    pub ctrl: bool,
}

/// Keys that several screens share; a feature's plugin says which of them its screen takes ([`AddKeys::key_sets`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeySet {
    /// A board is shown: flip it, sound on or off.
    Board,
    /// A turn is played with keys (a review only looks).
    Turns,
    /// A game against someone (the computer, a friend, a lesson's opponent, a player online): Esc cancels the turn
    /// in progress, and the game can be resigned.
    Opponent,
    /// The kept game and the tutorial: undo, redo, hints, Ctrl combinations, back to the menu. With Ctrl held, a
    /// key there is one of the Ctrl rows or nothing.
    Game,
}

/// Where a row applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum On {
    /// Every screen.
    Every,
    /// The screens that take a set of keys.
    Set(KeySet),
    /// One screen.
    Screen(AppState),
}

/// When a row is looked at: the map is read tier by tier, and the first row that fits a key is its action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// Before anything, even while a question waits (F11: full screen changes nothing in the game).
    Always,
    /// While a question waits: the only keys that answer it (Esc says no).
    Asking,
    /// A screen's own keys, before the shared ones (the tutorial's N is its next lesson, not the menu).
    Own,
    /// The keys several screens share ([`KeySet`]).
    Shared,
}

/// One row of the key map: `key`, held with `mods`, `on` some screens, asks for `action`; the keyboard help says
/// what it does with `help`.
pub struct Binding {
    /// The key.
    pub key: KeyCode,
    /// What the row needs of Shift and Ctrl.
    pub mods: Needs,
    /// The screens on which the key does it.
    pub on: On,
    /// What the key asks for.
    pub action: Action,
    /// What it does, in the players' words: keys with the same text share one line of the keyboard help.
    pub help: Text,
}

/// A row of the key map, as the features write their tables.
pub const fn bind(key: KeyCode, mods: Needs, on: On, action: Action, help: Text) -> Binding {
    Binding { key, mods, on, action, help }
}

/// What a row asks of the modifier keys: held (`Some(true)`), not held (`Some(false)`) or either way (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    /// Shift.
    pub shift: Option<bool>,
    /// Ctrl (or Cmd on a Mac).
    pub ctrl: Option<bool>,
}

impl Needs {
    /// The key alone or with any modifiers.
    pub const ANY: Needs = Needs { shift: None, ctrl: None };
    /// Not with Ctrl (with or without Shift).
    pub const NO_CTRL: Needs = Needs { shift: None, ctrl: Some(false) };
    /// With Shift (with or without Ctrl).
    pub const SHIFT: Needs = Needs { shift: Some(true), ctrl: None };
    /// With Ctrl (with or without Shift).
    pub const CTRL: Needs = Needs { shift: None, ctrl: Some(true) };

    /// The fewest modifiers the row takes: the way a player presses its key.
    fn least(self) -> Modifiers {
        Modifiers { shift: self.shift == Some(true), ctrl: self.ctrl == Some(true) }
    }

    fn accept(self, mods: Modifiers) -> bool {
        self.shift.is_none_or(|shift| shift == mods.shift) && self.ctrl.is_none_or(|ctrl| ctrl == mods.ctrl)
    }
}

/// The key map: every feature's rows by tier, in the order they were added, and the sets each screen takes.
#[derive(Resource, Default)]
pub struct KeyMap {
    rows: Vec<(Tier, &'static Binding)>,
    sets: Vec<(AppState, KeySet)>,
}

impl KeyMap {
    /// What `key` with `mods` asks for on `screen`, while a question is (or is not) `asking` for an answer. Nothing
    /// that replaces a game or a saved file hangs on a single unmodified key: saving and loading need Ctrl and ask
    /// before they replace anything, resigning needs Shift, and a question is answered with Esc (no) or its buttons
    /// only.
    pub fn action(&self, key: KeyCode, mods: Modifiers, screen: AppState, asking: bool) -> Option<Action> {
        self.row(key, mods, screen, asking).map(|row| row.action)
    }

    /// The row that answers `key` with `mods` on `screen` (see [`KeyMap::action`]), with its words.
    pub fn row(&self, key: KeyCode, mods: Modifiers, screen: AppState, asking: bool) -> Option<&'static Binding> {
        let ctrl_rows_only = mods.ctrl && self.takes(screen, KeySet::Game);
        let tiers: &[Tier] =
            if asking { &[Tier::Always, Tier::Asking] } else { &[Tier::Always, Tier::Own, Tier::Shared] };
        tiers.iter().find_map(|&tier| {
            self.tier(tier).find(|row| {
                row.key == key
                    && self.applies(row, screen)
                    && row.mods.accept(mods)
                    && (tier < Tier::Own || !ctrl_rows_only || row.mods.ctrl == Some(true))
            })
        })
    }

    /// Whether `row` works on `screen`.
    pub fn applies(&self, row: &Binding, screen: AppState) -> bool {
        match row.on {
            On::Every => true,
            On::Set(set) => self.takes(screen, set),
            On::Screen(own) => own == screen,
        }
    }

    /// Every key the game knows, for the keyboard help and its tests: the shared rows (those of every screen first,
    /// then by [`KeySet`], whichever plugin added them first), the screens' own, then the keys answered before them
    /// (Esc says no to a question, F11 works everywhere).
    pub fn bindings(&self) -> impl Iterator<Item = &'static Binding> + '_ {
        let mut shared: Vec<&'static Binding> = self.tier(Tier::Shared).collect();
        shared.sort_by_key(|row| match row.on {
            On::Every => 0,
            On::Set(set) => 1 + set as usize,
            On::Screen(_) => usize::MAX,
        });
        shared.into_iter().chain([Tier::Own, Tier::Asking, Tier::Always].into_iter().flat_map(|tier| self.tier(tier)))
    }

    fn tier(&self, tier: Tier) -> impl Iterator<Item = &'static Binding> + '_ {
        self.rows.iter().filter(move |(t, _)| *t == tier).map(|(_, row)| *row)
    }

    fn takes(&self, screen: AppState, set: KeySet) -> bool {
        self.sets.contains(&(screen, set))
    }
}

/// How a feature's plugin adds its keys.
pub trait AddKeys {
    /// Adds `rows` at `tier`, after the rows added there before.
    fn add_keys(&mut self, tier: Tier, rows: &'static [Binding]) -> &mut Self;
    /// `screen` takes the shared keys of `sets`.
    fn key_sets(&mut self, screen: AppState, sets: &[KeySet]) -> &mut Self;
}

impl AddKeys for App {
    fn add_keys(&mut self, tier: Tier, rows: &'static [Binding]) -> &mut App {
        self.world_mut().get_resource_or_init::<KeyMap>().rows.extend(rows.iter().map(|row| (tier, row)));
        self
    }

    fn key_sets(&mut self, screen: AppState, sets: &[KeySet]) -> &mut App {
        self.world_mut().get_resource_or_init::<KeyMap>().sets.extend(sets.iter().map(|&set| (screen, set)));
        self
    }
}

/// The keyboard shortcuts as players read them, in the panel and the how-to-play screen: one line per description
/// of the key map's rows ([`KeyMap::bindings`]), in the map's order, with the keys that do it: "Ctrl+Z or U" when they ask
/// for the same thing, "A / W" when each does its part.
pub fn shortcuts(locale: &Locale, map: &KeyMap) -> Vec<(String, String)> {
    // Each description with its keys, and what the first row of each key asks for.
    let mut lines: Vec<(&Text, Vec<(String, Action)>)> = Vec::new();
    for binding in map.bindings() {
        let label = key_label(locale, binding);
        let at = lines.iter().position(|(help, _)| help.id == binding.help.id).unwrap_or_else(|| {
            lines.push((&binding.help, Vec::new()));
            lines.len() - 1
        });
        let keys = &mut lines[at].1;
        // Enter and the keypad's Enter read the same.
        if !keys.iter().any(|(known, _)| *known == label) {
            keys.push((label, binding.action));
        }
    }
    lines
        .into_iter()
        .map(|(help, keys)| {
            let same = keys.windows(2).all(|pair| pair[0].1 == pair[1].1);
            let keys = keys.into_iter().map(|(label, _)| label).reduce(|first, second| {
                if same {
                    tr!(locale, "game-keys-either", first = first, second = second)
                } else {
                    format!("{first} / {second}")
                }
            });
            (keys.unwrap_or_default(), locale.text(help))
        })
        .collect()
}

/// The keys that send `action` on `screen`, as the keyboard help writes them ("Ctrl+Z or U"), for
/// a button's tooltip; `None` when no key does.
pub fn keys_of(locale: &Locale, map: &KeyMap, screen: AppState, action: Action) -> Option<String> {
    let mut labels: Vec<String> = Vec::new();
    for binding in map.bindings().filter(|b| b.action == action && map.applies(b, screen)) {
        // The first row of a key is the one it answers with: a key another row takes first is not this action's.
        let first = map.action(binding.key, binding.mods.least(), screen, false);
        let label = key_label(locale, binding);
        if first == Some(binding.action) && !labels.contains(&label) {
            labels.push(label);
        }
    }
    labels.into_iter().reduce(|first, second| tr!(locale, "game-keys-either", first = first, second = second))
}

/// A row's key with the modifiers the row needs, as the keyboard help writes it: "Ctrl+Z", "Shift+C", "Space". A
/// modifier the row takes either way is not written.
pub fn key_label(locale: &Locale, binding: &Binding) -> String {
    let mut label = key_name(locale, binding.key);
    if binding.mods.shift == Some(true) {
        label = tr!(locale, "game-key-with-shift", key = label);
    }
    if binding.mods.ctrl == Some(true) {
        label = tr!(locale, "game-key-with-ctrl", key = label);
    }
    label
}

/// A key's name: letters and function keys as printed on them, the keys with words on them through the
/// `game-key-name` message (chosen by a lowercase name), and a key the help has no name for by its code.
fn key_name(locale: &Locale, key: KeyCode) -> String {
    #[rustfmt::skip]
    let name = match key {
        KeyCode::KeyA => "A", KeyCode::KeyB => "B", KeyCode::KeyC => "C", KeyCode::KeyD => "D", KeyCode::KeyE => "E",
        KeyCode::KeyF => "F", KeyCode::KeyG => "G", KeyCode::KeyH => "H", KeyCode::KeyI => "I", KeyCode::KeyJ => "J",
        KeyCode::KeyK => "K", KeyCode::KeyL => "L", KeyCode::KeyM => "M", KeyCode::KeyN => "N", KeyCode::KeyO => "O",
        KeyCode::KeyP => "P", KeyCode::KeyQ => "Q", KeyCode::KeyR => "R", KeyCode::KeyS => "S", KeyCode::KeyT => "T",
        KeyCode::KeyU => "U", KeyCode::KeyV => "V", KeyCode::KeyW => "W", KeyCode::KeyX => "X", KeyCode::KeyY => "Y",
        KeyCode::KeyZ => "Z", KeyCode::F1 => "F1", KeyCode::F11 => "F11",
        KeyCode::Space => "space", KeyCode::Enter | KeyCode::NumpadEnter => "enter", KeyCode::Escape => "escape",
        KeyCode::ArrowLeft => "left", KeyCode::ArrowRight => "right", KeyCode::ArrowUp => "up",
        KeyCode::ArrowDown => "down", KeyCode::Home => "home", KeyCode::End => "end",
        _ => return format!("{key:?}"),
    };
    tr!(locale, "game-key-name", key = name)
}
