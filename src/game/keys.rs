//! The game's keys: the turn, the game's commands, copying, and the kept game's files. They are shared by every
//! screen that takes their [`KeySet`]: the game's board takes them all, and other features' plugins say which they
//! take.

use bevy::prelude::*;
use fanorona_rules::CaptureKind;

use super::commands::GameCommand;
use super::computer::HintRequest;
use super::files::{CopyGame, CopyPosition, GameFileCommand, ToggleOpenGame};
use super::person::TurnCommand;
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::screens::{AppState, ShowMenu};
use crate::{action, text};

/// The game's rows of the key map, and the sets of keys its screen takes.
pub(super) fn plugin(app: &mut App) {
    app.key_sets(AppState::Playing, &[KeySet::Board, KeySet::Turns, KeySet::Opponent, KeySet::Game])
        .add_keys(Tier::Asking, ASKING)
        .add_keys(Tier::Shared, SHARED)
        .add_keys(Tier::Own, PLAYING);
}

/// Esc while a question waits: no (and no other key answers).
const ASKING: &[Binding] =
    &[bind(KeyCode::Escape, Needs::ANY, On::Every, action!(GameCommand::Decline), text!("game-key-cancel"))];

/// The keys other screens share. An online game has the turn, the view and resigning (no undo, hint, files or
/// leaving the board): it takes `Turns` and `Opponent`, not `Game`.
#[rustfmt::skip]
const SHARED: &[Binding] = {
    use KeySet::{Game, Opponent, Turns};
    use KeyCode::{Escape, KeyA, KeyC, KeyH, KeyN, KeyO, KeyQ, KeyR, KeyS, KeyU, KeyW, KeyY, KeyZ, Space};
    use Needs as N;
    &[
        // The turn (Enter presses the board's cursor, or stops: `access`).
        bind(Space,       N::ANY,     On::Set(Turns),    action!(TurnCommand::Stop),      text!("game-key-stop")),
        bind(KeyA,        N::NO_CTRL, On::Set(Turns),    action!(TurnCommand::Choose(CaptureKind::Approach)),   text!("game-key-choose")),
        bind(KeyW,        N::NO_CTRL, On::Set(Turns),    action!(TurnCommand::Choose(CaptureKind::Withdrawal)), text!("game-key-choose")),
        // Before plain C: online and in analysis Shift+C is Copy.
        bind(KeyC,        N::SHIFT,   On::Set(Game),     action!(CopyGame),               text!("game-key-copy-game")),
        bind(KeyC,        N::NO_CTRL, On::Set(Turns),    action!(CopyPosition),           text!("game-key-copy-position")),
        bind(KeyQ,        N::SHIFT,   On::Set(Opponent), action!(GameCommand::Resign),    text!("game-key-resign")),
        bind(Escape,      N::ANY,     On::Set(Opponent), action!(TurnCommand::Cancel),    text!("game-key-cancel")),
        // The game and the tutorial.
        bind(KeyZ,        N::CTRL,    On::Set(Game),     action!(GameCommand::Undo),      text!("game-key-undo")),
        bind(KeyY,        N::CTRL,    On::Set(Game),     action!(GameCommand::Redo),      text!("game-key-redo")),
        bind(KeyS,        N::CTRL,    On::Set(Game),     action!(GameCommand::Save),      text!("game-key-save-load")),
        bind(KeyO,        N::CTRL,    On::Set(Game),     action!(GameCommand::Load),      text!("game-key-save-load")),
        bind(KeyH,        N::ANY,     On::Set(Game),     action!(HintRequest),            text!("game-key-hint")),
        bind(KeyU,        N::ANY,     On::Set(Game),     action!(GameCommand::Undo),      text!("game-key-undo")),
        bind(KeyR,        N::ANY,     On::Set(Game),     action!(GameCommand::Redo),      text!("game-key-redo")),
        bind(KeyN,        N::ANY,     On::Set(Game),     action!(ShowMenu),               text!("game-key-menu")),
    ]
};

/// Shift+O: the browser's file picker on the web; the desktop's box takes a path.
#[cfg(target_arch = "wasm32")]
const OPEN_FILE: crate::keys::Action = action!(GameFileCommand::Choose);
#[cfg(not(target_arch = "wasm32"))]
const OPEN_FILE: crate::keys::Action = action!(ToggleOpenGame);

/// The kept game's own keys: its files.
const PLAYING: &[Binding] = &[
    bind(KeyCode::KeyI, Needs::ANY, On::Screen(AppState::Playing), action!(ToggleOpenGame), text!("game-key-open")),
    bind(
        KeyCode::KeyS,
        Needs::SHIFT,
        On::Screen(AppState::Playing),
        action!(GameFileCommand::Save),
        text!("game-key-save-file"),
    ),
    bind(KeyCode::KeyO, Needs::SHIFT, On::Screen(AppState::Playing), OPEN_FILE, text!("game-key-open-file")),
];
