//! The key map: what each key asks for on each screen ([`key_action`]), its rows ([`bindings`]) and the keyboard
//! help made from them ([`shortcuts`]). The keys become the same [`Action`]s as the buttons; `input` reads the
//! keyboard and looks keys up here.

use bevy::input::keyboard::KeyCode;
use fanorona_rules::CaptureKind;

use super::actions::Action;
use crate::analysis::AnalysisCommand;
use crate::game::commands::GameCommand;
use crate::game::person::TurnCommand;
use crate::i18n::{Locale, Text};
use crate::puzzles::PuzzleCommand;
use crate::review::ReviewCommand;
use crate::screens::AppState;
use crate::tutorial::TutorialCommand;
use crate::{text, tr};

/// The modifier keys held with a key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// Shift.
    pub shift: bool,
    /// Ctrl (or Cmd on a Mac).
    pub ctrl: bool,
}

/// The key map: what `key` with `mods` asks for on `screen`, while a question is (or is not) `asking` for an
/// answer. Nothing that replaces a game or a saved file hangs on a single unmodified key: saving and loading need
/// Ctrl and ask before they replace anything, resigning needs Shift, and a question is answered with Esc (no) or its
/// buttons only.
pub fn key_action(key: KeyCode, mods: Modifiers, screen: AppState, asking: bool) -> Option<Action> {
    // Full screen changes nothing in the game: it works everywhere, even while a question waits.
    if key == FULL_SCREEN.key {
        return Some(FULL_SCREEN.action);
    }
    if asking {
        return (key == SAY_NO.key).then_some(SAY_NO.action);
    }
    // In the game and the tutorial Ctrl makes a key another shortcut (Ctrl+S saves, S alone does nothing): a Ctrl
    // combination there is one of the Ctrl rows or nothing, even for keys that ignore Ctrl on other screens (F1,
    // Space, Esc, Shift+Q).
    let ctrl_rows_only = mods.ctrl && GAME.contains(&screen);
    KEY_MAP
        .iter()
        .find(|row| {
            row.key == key
                && row.screens.contains(&screen)
                && row.mods.accept(mods)
                && (!ctrl_rows_only || row.mods.ctrl == Some(true))
        })
        .map(|row| row.action)
}

/// Every key the game knows, for the keyboard help and its tests: the key map's rows in their order, then the two
/// keys [`key_action`] answers before the map (Esc says no to a question, F11 works everywhere).
pub fn bindings() -> impl Iterator<Item = &'static Binding> {
    KEY_MAP.iter().chain([SAY_NO, FULL_SCREEN])
}

/// One row of the key map: `key`, held with `mods`, on one of `screens`, asks for `action`; the keyboard help
/// says what it does with `help`.
pub struct Binding {
    /// The key.
    pub key: KeyCode,
    /// What the row needs of Shift and Ctrl.
    pub mods: Needs,
    /// The screens on which the key does it.
    pub screens: &'static [AppState],
    /// What the key asks for.
    pub action: Action,
    /// What it does, in the players' words: keys with the same text share one line of the keyboard help.
    pub help: Text,
}

const fn bind(key: KeyCode, mods: Needs, screens: &'static [AppState], action: Action, help: Text) -> Binding {
    Binding { key, mods, screens, action, help }
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
    fn accept(self, mods: Modifiers) -> bool {
        self.shift.is_none_or(|shift| shift == mods.shift) && self.ctrl.is_none_or(|ctrl| ctrl == mods.ctrl)
    }
}

/// The key alone or with any modifiers.
const ANY: Needs = Needs { shift: None, ctrl: None };
/// Not with Ctrl (with or without Shift).
const NO_CTRL: Needs = Needs { shift: None, ctrl: Some(false) };
/// With Shift (with or without Ctrl).
const SHIFT: Needs = Needs { shift: Some(true), ctrl: None };
/// With Ctrl (with or without Shift).
const CTRL: Needs = Needs { shift: None, ctrl: Some(true) };

/// Every screen: the menu and the lobby have one key (F1), their own pages are egui's.
pub const EVERY: &[AppState] = &[
    AppState::Menu,
    AppState::Lobby,
    AppState::Playing,
    AppState::Tutorial,
    AppState::Puzzles,
    AppState::Review,
    AppState::Analysis,
    AppState::Online,
];
/// Every screen with a board.
const BOARDS: &[AppState] =
    &[AppState::Playing, AppState::Tutorial, AppState::Puzzles, AppState::Review, AppState::Analysis, AppState::Online];
/// The boards on which a turn is played with keys (a review only looks).
const TURNS: &[AppState] =
    &[AppState::Playing, AppState::Tutorial, AppState::Puzzles, AppState::Analysis, AppState::Online];
/// A game against someone (the computer, a friend, a lesson's opponent, a player online): Esc cancels the turn in
/// progress, and the game can be resigned.
const AGAINST: &[AppState] = &[AppState::Playing, AppState::Tutorial, AppState::Online];
/// The game and the tutorial: undo, redo, hints, Ctrl combinations, back to the menu.
const GAME: &[AppState] = &[AppState::Playing, AppState::Tutorial];
/// The game only: its files, and leaving it for the review or the analysis board.
const PLAYING: &[AppState] = &[AppState::Playing];
const TUTORIAL: &[AppState] = &[AppState::Tutorial];
const PUZZLES: &[AppState] = &[AppState::Puzzles];
const REVIEW: &[AppState] = &[AppState::Review];
const ANALYSIS: &[AppState] = &[AppState::Analysis];

/// F11, before the map: full screen on every screen, even while a question waits.
const FULL_SCREEN: &Binding = &bind(KeyCode::F11, ANY, EVERY, Action::FullScreen, text!("game-key-full-screen"));
/// Esc while a question waits, before the map: no (and no other key answers).
const SAY_NO: &Binding =
    &bind(KeyCode::Escape, ANY, EVERY, Action::Game(GameCommand::Decline), text!("game-key-cancel"));

/// Shift+O: the browser's file picker on the web; the desktop's box takes a path.
const OPEN_FILE: Action = if cfg!(target_arch = "wasm32") { Action::ChooseGameFile } else { Action::OpenGame };

/// The key map, read from the top: the first row that fits a key is its action. An online game has the turn, the
/// view and resigning (no undo, hint, files or leaving the board); under review the keys move through the game and
/// nothing can change it; on the analysis board clicks play both sides and the keys move through the tree and finish
/// a turn.
#[rustfmt::skip]
const KEY_MAP: &[Binding] = {
    use Action::*;
    // Named one by one: `KeyCode::*` would bring a `Copy` key beside the `Copy` action.
    use KeyCode::{
        ArrowDown, ArrowLeft, ArrowRight, ArrowUp, End, Enter, Escape, F1, Home, KeyA, KeyB, KeyC, KeyE, KeyF, KeyH,
        KeyI, KeyM, KeyN, KeyO, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyY, KeyZ, NumpadEnter, Space,
    };
    const STOP: Action = Turn(TurnCommand::Stop);
    const APPROACH: Action = Turn(TurnCommand::Choose(CaptureKind::Approach));
    const WITHDRAWAL: Action = Turn(TurnCommand::Choose(CaptureKind::Withdrawal));
    &[
        bind(F1,          ANY,     EVERY,    HowToPlay,                             text!("game-key-how-to-play")),
        bind(KeyF,        NO_CTRL, BOARDS,   Flip,                                  text!("game-key-flip")),
        bind(KeyM,        NO_CTRL, BOARDS,   Sound,                                 text!("game-key-sound")),
        // The turn.
        bind(Space,       ANY,     TURNS,    STOP,                                  text!("game-key-stop")),
        bind(Enter,       ANY,     TURNS,    STOP,                                  text!("game-key-stop")),
        bind(NumpadEnter, ANY,     TURNS,    STOP,                                  text!("game-key-stop")),
        bind(KeyA,        NO_CTRL, TURNS,    APPROACH,                              text!("game-key-choose")),
        bind(KeyW,        NO_CTRL, TURNS,    WITHDRAWAL,                            text!("game-key-choose")),
        // Before plain C: online and in analysis Shift+C is Copy.
        bind(KeyC,        SHIFT,   GAME,     CopyGame,                              text!("game-key-copy-game")),
        bind(KeyC,        NO_CTRL, TURNS,    Copy,                                  text!("game-key-copy-position")),
        bind(KeyQ,        SHIFT,   AGAINST,  Game(GameCommand::Resign),             text!("game-key-resign")),
        bind(Escape,      ANY,     AGAINST,  Turn(TurnCommand::Cancel),             text!("game-key-cancel")),
        // The game and the tutorial.
        bind(KeyZ,        CTRL,    GAME,     Game(GameCommand::Undo),               text!("game-key-undo")),
        bind(KeyY,        CTRL,    GAME,     Game(GameCommand::Redo),               text!("game-key-redo")),
        bind(KeyS,        CTRL,    GAME,     Game(GameCommand::Save),               text!("game-key-save-load")),
        bind(KeyO,        CTRL,    GAME,     Game(GameCommand::Load),               text!("game-key-save-load")),
        bind(KeyH,        ANY,     GAME,     Hint,                                  text!("game-key-hint")),
        bind(KeyU,        ANY,     GAME,     Game(GameCommand::Undo),               text!("game-key-undo")),
        bind(KeyR,        ANY,     GAME,     Game(GameCommand::Redo),               text!("game-key-redo")),
        // Before N for the menu.
        bind(KeyN,        ANY,     TUTORIAL, Tutorial(TutorialCommand::Next),       text!("game-key-menu")),
        bind(KeyT,        ANY,     TUTORIAL, Tutorial(TutorialCommand::Retry),      text!("game-key-try-again")),
        bind(KeyN,        ANY,     GAME,     Menu,                                  text!("game-key-menu")),
        // Puzzles.
        bind(KeyH,        ANY,     PUZZLES,  Puzzle(PuzzleCommand::Hint),           text!("game-key-hint")),
        bind(KeyN,        ANY,     PUZZLES,  Puzzle(PuzzleCommand::Next),           text!("game-key-puzzle-next")),
        bind(KeyT,        ANY,     PUZZLES,  Puzzle(PuzzleCommand::Retry),          text!("game-key-puzzle-try-again")),
        bind(KeyS,        NO_CTRL, PUZZLES,  Puzzle(PuzzleCommand::Solution),       text!("game-key-puzzle-solution")),
        bind(KeyB,        ANY,     PUZZLES,  Analysis(AnalysisCommand::Open),       text!("game-key-analysis")),
        bind(Escape,      ANY,     PUZZLES,  Turn(TurnCommand::Cancel),             text!("game-key-cancel")),
        bind(KeyI,        ANY,     PLAYING,  OpenGame,                              text!("game-key-open")),
        bind(KeyS,        SHIFT,   PLAYING,  SaveGameFile,                          text!("game-key-save-file")),
        bind(KeyO,        SHIFT,   PLAYING,  OPEN_FILE,                             text!("game-key-open-file")),
        bind(KeyV,        ANY,     PLAYING,  Review(ReviewCommand::Open),           text!("game-key-review")),
        bind(KeyB,        ANY,     PLAYING,  Analysis(AnalysisCommand::Open),       text!("game-key-analysis")),
        // The review.
        bind(ArrowLeft,   ANY,     REVIEW,   Review(ReviewCommand::Previous),       text!("game-key-review-turns")),
        bind(ArrowRight,  ANY,     REVIEW,   Review(ReviewCommand::Next),           text!("game-key-review-turns")),
        bind(Home,        ANY,     REVIEW,   Review(ReviewCommand::First),          text!("game-key-review-turns")),
        bind(End,         ANY,     REVIEW,   Review(ReviewCommand::Last),           text!("game-key-review-turns")),
        bind(ArrowDown,   ANY,     REVIEW,   Review(ReviewCommand::LineForward),    text!("game-key-review-line")),
        bind(ArrowUp,     ANY,     REVIEW,   Review(ReviewCommand::LineBack),       text!("game-key-review-line")),
        bind(Escape,      ANY,     REVIEW,   Review(ReviewCommand::Close),          text!("game-key-close")),
        // The analysis board.
        bind(ArrowLeft,   ANY,     ANALYSIS, Analysis(AnalysisCommand::Back),       text!("game-key-analysis-moves")),
        bind(ArrowRight,  ANY,     ANALYSIS, Analysis(AnalysisCommand::Forward),    text!("game-key-analysis-moves")),
        bind(KeyE,        NO_CTRL, ANALYSIS, Analysis(AnalysisCommand::ToggleEdit), text!("game-key-analysis-edit")),
        bind(Escape,      ANY,     ANALYSIS, Analysis(AnalysisCommand::Close),      text!("game-key-close")),
    ]
};

/// The keyboard shortcuts as players read them, in the panel and the how-to-play screen: one line per description
/// of the key map's rows ([`bindings`]), in the map's order, with the keys that do it: "Ctrl+Z or U" when they ask
/// for the same thing, "A / W" when each does its part.
pub fn shortcuts(locale: &Locale) -> Vec<(String, String)> {
    // Each description with its keys, and what the first row of each key asks for.
    let mut lines: Vec<(&Text, Vec<(String, Action)>)> = Vec::new();
    for binding in bindings() {
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

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: Modifiers = Modifiers { shift: false, ctrl: false };
    const SHIFT: Modifiers = Modifiers { shift: true, ctrl: false };
    const CTRL: Modifiers = Modifiers { shift: false, ctrl: true };
    const BOTH: Modifiers = Modifiers { shift: true, ctrl: true };

    /// The key map on `screen`, with no question waiting.
    fn on(screen: AppState, key: KeyCode, mods: Modifiers) -> Option<Action> {
        key_action(key, mods, screen, false)
    }

    #[test]
    fn full_screen_and_questions() {
        for &screen in EVERY {
            for mods in [NONE, SHIFT, CTRL, BOTH] {
                for asking in [false, true] {
                    assert_eq!(key_action(KeyCode::F11, mods, screen, asking), Some(Action::FullScreen));
                }
                let decline = Some(Action::Game(GameCommand::Decline));
                assert_eq!(key_action(KeyCode::Escape, mods, screen, true), decline);
                for key in [KeyCode::F1, KeyCode::Space, KeyCode::KeyN, KeyCode::KeyS, KeyCode::KeyQ, KeyCode::KeyZ] {
                    assert_eq!(key_action(key, mods, screen, true), None, "{key:?} {mods:?} {screen:?}");
                }
            }
        }
    }

    #[test]
    fn menu_and_lobby_know_only_f1() {
        for screen in [AppState::Menu, AppState::Lobby] {
            assert_eq!(on(screen, KeyCode::F1, CTRL), Some(Action::HowToPlay));
            for key in [KeyCode::KeyF, KeyCode::KeyM, KeyCode::Space, KeyCode::Escape, KeyCode::KeyN] {
                assert_eq!(on(screen, key, NONE), None);
            }
        }
    }

    #[test]
    fn the_game_and_the_tutorial() {
        use Action::*;
        for screen in [AppState::Playing, AppState::Tutorial] {
            assert_eq!(on(screen, KeyCode::KeyA, SHIFT), Some(Turn(TurnCommand::Choose(CaptureKind::Approach))));
            assert_eq!(on(screen, KeyCode::KeyC, NONE), Some(Copy));
            assert_eq!(on(screen, KeyCode::KeyC, SHIFT), Some(CopyGame));
            assert_eq!(on(screen, KeyCode::KeyQ, NONE), None);
            assert_eq!(on(screen, KeyCode::KeyQ, SHIFT), Some(Game(GameCommand::Resign)));
            assert_eq!(on(screen, KeyCode::KeyZ, CTRL), Some(Game(GameCommand::Undo)));
            assert_eq!(on(screen, KeyCode::KeyS, BOTH), Some(Game(GameCommand::Save)));
            // With Ctrl only the Ctrl rows: not even F1, Space, Esc or Shift+Q.
            for key in [KeyCode::F1, KeyCode::Space, KeyCode::Escape, KeyCode::KeyQ, KeyCode::KeyH] {
                assert_eq!(on(screen, key, BOTH), None, "{key:?} {screen:?}");
            }
        }
        let tutorial = AppState::Tutorial;
        assert_eq!(on(tutorial, KeyCode::KeyN, NONE), Some(Tutorial(TutorialCommand::Next)));
        assert_eq!(on(AppState::Playing, KeyCode::KeyN, NONE), Some(Menu));
        assert_eq!(on(tutorial, KeyCode::KeyT, NONE), Some(Tutorial(TutorialCommand::Retry)));
        assert_eq!(on(AppState::Playing, KeyCode::KeyT, NONE), None);
        for key in [KeyCode::KeyI, KeyCode::KeyV, KeyCode::KeyB] {
            assert!(on(AppState::Playing, key, NONE).is_some());
            assert_eq!(on(tutorial, key, NONE), None);
        }
        assert_eq!(on(AppState::Playing, KeyCode::KeyS, SHIFT), Some(SaveGameFile));
        assert_eq!(on(tutorial, KeyCode::KeyS, SHIFT), None);
        let open = if cfg!(target_arch = "wasm32") { ChooseGameFile } else { OpenGame };
        assert_eq!(on(AppState::Playing, KeyCode::KeyO, SHIFT), Some(open));
        assert_eq!(on(AppState::Playing, KeyCode::KeyO, NONE), None);
    }

    #[test]
    fn online_review_and_analysis() {
        use Action::*;
        let online = AppState::Online;
        assert_eq!(on(online, KeyCode::Enter, CTRL), Some(Turn(TurnCommand::Stop)));
        assert_eq!(on(online, KeyCode::Escape, NONE), Some(Turn(TurnCommand::Cancel)));
        assert_eq!(on(online, KeyCode::KeyC, SHIFT), Some(Copy));
        assert_eq!(on(online, KeyCode::KeyQ, BOTH), Some(Game(GameCommand::Resign)));
        for key in [KeyCode::KeyU, KeyCode::KeyH, KeyCode::KeyN, KeyCode::KeyI] {
            assert_eq!(on(online, key, NONE), None);
        }
        let review = AppState::Review;
        assert_eq!(on(review, KeyCode::ArrowLeft, CTRL), Some(Review(ReviewCommand::Previous)));
        assert_eq!(on(review, KeyCode::Escape, NONE), Some(Review(ReviewCommand::Close)));
        assert_eq!(on(review, KeyCode::KeyF, NONE), Some(Flip));
        assert_eq!(on(review, KeyCode::KeyF, CTRL), None);
        assert_eq!(on(review, KeyCode::Space, NONE), None);
        assert_eq!(on(review, KeyCode::KeyA, NONE), None);
        let analysis = AppState::Analysis;
        assert_eq!(on(analysis, KeyCode::ArrowRight, NONE), Some(Analysis(AnalysisCommand::Forward)));
        assert_eq!(on(analysis, KeyCode::KeyE, SHIFT), Some(Analysis(AnalysisCommand::ToggleEdit)));
        assert_eq!(on(analysis, KeyCode::Escape, CTRL), Some(Analysis(AnalysisCommand::Close)));
        assert_eq!(on(analysis, KeyCode::KeyW, CTRL), None);
        assert_eq!(on(analysis, KeyCode::KeyQ, SHIFT), None);
        assert_eq!(on(analysis, KeyCode::ArrowUp, NONE), None);
    }

    #[test]
    fn puzzles() {
        use Action::*;
        let puzzles = AppState::Puzzles;
        assert_eq!(on(puzzles, KeyCode::KeyH, NONE), Some(Puzzle(PuzzleCommand::Hint)));
        assert_eq!(on(puzzles, KeyCode::KeyN, SHIFT), Some(Puzzle(PuzzleCommand::Next)));
        assert_eq!(on(puzzles, KeyCode::KeyT, NONE), Some(Puzzle(PuzzleCommand::Retry)));
        assert_eq!(on(puzzles, KeyCode::KeyS, NONE), Some(Puzzle(PuzzleCommand::Solution)));
        assert_eq!(on(puzzles, KeyCode::KeyB, NONE), Some(Analysis(AnalysisCommand::Open)));
        assert_eq!(on(puzzles, KeyCode::KeyW, NONE), Some(Turn(TurnCommand::Choose(CaptureKind::Withdrawal))));
        assert_eq!(on(puzzles, KeyCode::Space, NONE), Some(Turn(TurnCommand::Stop)));
        assert_eq!(on(puzzles, KeyCode::Escape, NONE), Some(Turn(TurnCommand::Cancel)));
        // No game commands: nothing to undo, save or resign in a puzzle.
        for (key, mods) in [(KeyCode::KeyU, NONE), (KeyCode::KeyZ, CTRL), (KeyCode::KeyS, CTRL), (KeyCode::KeyQ, SHIFT)]
        {
            assert_eq!(on(puzzles, key, mods), None, "{key:?}");
        }
        assert_eq!(on(AppState::Tutorial, KeyCode::KeyS, NONE), None);
    }

    /// The key map's promise: saving, loading and resigning never hang on a single unmodified key.
    #[test]
    fn nothing_lost_on_a_single_key() {
        let losing = [GameCommand::Save, GameCommand::Load, GameCommand::Resign].map(Action::Game);
        for &screen in EVERY {
            for row in KEY_MAP {
                let action = on(screen, row.key, NONE);
                assert!(action.is_none_or(|a| !losing.contains(&a)), "{:?} on {screen:?}: {action:?}", row.key);
            }
        }
    }
}
