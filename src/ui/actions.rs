//! What a button or a key can ask for, and the one place that turns it into the owning feature's message.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::ToggleHowToPlay;
use super::{CopyGame, CopyPosition, ToggleOpenGame};
use crate::analysis::AnalysisCommand;
use crate::audio::ToggleSound;
use crate::board::FlipBoard;
use crate::game::commands::GameCommand;
use crate::game::computer::HintRequest;
use crate::game::files::GameFileCommand;
use crate::game::person::TurnCommand;
use crate::online::OnlineCommand;
use crate::puzzles::PuzzleCommand;
use crate::review::ReviewCommand;
use crate::screens::ShowMenu;
use crate::tutorial::TutorialCommand;
use crate::window::ToggleFullScreen;

/// What a button or a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A decision about the turn in progress.
    Turn(TurnCommand),
    /// A command about the game.
    Game(GameCommand),
    /// A tutorial button.
    Tutorial(TutorialCommand),
    /// A puzzles button or key.
    Puzzle(PuzzleCommand),
    /// A review button or key.
    Review(ReviewCommand),
    /// An analysis board button or key.
    Analysis(AnalysisCommand),
    /// Ask for a hint.
    Hint,
    /// Turn the board around.
    Flip,
    /// Sound on or off.
    Sound,
    /// Copy the position text.
    Copy,
    /// Copy the game as game text.
    CopyGame,
    /// Open a game from pasted text or a file (shows the box to paste it in).
    OpenGame,
    /// Save the game as a file (a download on the web).
    SaveGameFile,
    /// Choose a game file to open (the browser's file picker).
    ChooseGameFile,
    /// Open or close how to play.
    HowToPlay,
    /// Show the online lobby and connect.
    PlayOnline,
    /// Full screen on or off.
    FullScreen,
    /// Back to the menu.
    Menu,
}

/// Sends actions as the messages of the features that own them.
#[derive(SystemParam)]
pub struct Actions<'w> {
    turn: MessageWriter<'w, TurnCommand>,
    game: MessageWriter<'w, GameCommand>,
    tutorial: MessageWriter<'w, TutorialCommand>,
    puzzle: MessageWriter<'w, PuzzleCommand>,
    review: MessageWriter<'w, ReviewCommand>,
    analysis: MessageWriter<'w, AnalysisCommand>,
    hint: MessageWriter<'w, HintRequest>,
    flip: MessageWriter<'w, FlipBoard>,
    sound: MessageWriter<'w, ToggleSound>,
    copy: MessageWriter<'w, CopyPosition>,
    copy_game: MessageWriter<'w, CopyGame>,
    open_game: MessageWriter<'w, ToggleOpenGame>,
    game_file: MessageWriter<'w, GameFileCommand>,
    how_to_play: MessageWriter<'w, ToggleHowToPlay>,
    full_screen: MessageWriter<'w, ToggleFullScreen>,
    menu: MessageWriter<'w, ShowMenu>,
    online: MessageWriter<'w, OnlineCommand>,
}

impl Actions<'_> {
    /// Sends `action`.
    pub fn send(&mut self, action: Action) {
        match action {
            Action::Turn(c) => {
                self.turn.write(c);
            }
            Action::Game(c) => {
                self.game.write(c);
            }
            Action::Tutorial(c) => {
                self.tutorial.write(c);
            }
            Action::Puzzle(c) => {
                self.puzzle.write(c);
            }
            Action::Review(c) => {
                self.review.write(c);
            }
            Action::Analysis(c) => {
                self.analysis.write(c);
            }
            Action::Hint => {
                self.hint.write(HintRequest);
            }
            Action::Flip => {
                self.flip.write(FlipBoard);
            }
            Action::Sound => {
                self.sound.write(ToggleSound);
            }
            Action::Copy => {
                self.copy.write(CopyPosition);
            }
            Action::CopyGame => {
                self.copy_game.write(CopyGame);
            }
            Action::OpenGame => {
                self.open_game.write(ToggleOpenGame);
            }
            Action::SaveGameFile => {
                self.game_file.write(GameFileCommand::Save);
            }
            Action::ChooseGameFile => {
                self.game_file.write(GameFileCommand::Choose);
            }
            Action::HowToPlay => {
                self.how_to_play.write(ToggleHowToPlay);
            }
            Action::FullScreen => {
                self.full_screen.write(ToggleFullScreen);
            }
            Action::Menu => {
                self.menu.write(ShowMenu);
            }
            Action::PlayOnline => {
                self.online.write(OnlineCommand::Open);
            }
        }
    }
}
