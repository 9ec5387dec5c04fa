//! Commands about the game as a whole, from the menu, the panel and the keyboard: start, continue, undo, redo,
//! resign, rematch, vela, save, load, and going on with the web page's light board's game. What would lose or
//! replace a game in progress or the saved game waits for the player's confirmation ([`PendingConfirmation`]).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use fanorona_rules::{Game, GameRecord, Position, Variant};

use super::hand_over::{HandedOver, TakeHandOver};
use super::keeper::BoardKeeper;
use super::saving::{AUTOSAVE_FILE, Autosaver, CanContinue, SAVED_FILE, SavedSession, load_stored};
use super::session::{Announce, BoardUse, PlayerKind, Session};
use crate::AppSystems;
use crate::i18n::Text;
use crate::persistence::settings::{Opponent, Settings, SideChoice};
use crate::persistence::storage::Notices;
use crate::screens::AppState;
use crate::text;

/// A command about the game as a whole.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Start a new game with the menu's settings.
    Start,
    /// Continue the autosaved game.
    Continue,
    /// Take back a turn (and the computer's reply).
    Undo,
    /// Play again what was taken back.
    Redo,
    /// The person resigns.
    Resign,
    /// The same game again from the start, same players.
    Rematch,
    /// After a person lost: a vela game with the same players, the winner handicapped (unrated).
    Vela,
    /// Save the game to the save slot.
    Save,
    /// Load the game from the save slot.
    Load,
    /// Put the game read by [`OpenGame`] on the board (waiting in [`OpenedGame`]).
    OpenRead,
    /// Go on with the game handed over by the web page's light board (waiting in [`HandedOver`]).
    HandOver,
    /// Yes to the pending confirmation.
    Confirm,
    /// No to the pending confirmation.
    Decline,
}

/// A command that would lose or replace something the player has, waiting for a yes or a no.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Resigning loses the game on the board.
    Resign,
    /// A new game would replace the unfinished autosaved game.
    NewGame,
    /// Saving would overwrite the game in the save slot.
    SavedGame,
    /// Loading would replace the game on the board (finished or not).
    GameInProgress,
    /// Opening a game from its text would replace the game on the board.
    OpenedGame,
    /// Going on with the light board's game would replace the unfinished autosaved game.
    HandOver,
}

impl Question {
    /// The question put to the player.
    pub fn question(self) -> Text {
        match self {
            Question::Resign => text!("game-confirm-resign"),
            Question::NewGame => text!("game-confirm-new-game"),
            Question::SavedGame => text!("game-confirm-save"),
            Question::GameInProgress => text!("game-confirm-load"),
            Question::OpenedGame => text!("game-confirm-open"),
            Question::HandOver => text!("game-confirm-hand-over"),
        }
    }

    /// What a yes does, for its button.
    pub fn action(self) -> Text {
        match self {
            Question::Resign => text!("game-do-resign"),
            Question::NewGame => text!("game-do-new-game"),
            Question::SavedGame => text!("game-do-save"),
            Question::GameInProgress => text!("game-do-load"),
            Question::OpenedGame => text!("game-do-open"),
            Question::HandOver => text!("game-do-hand-over"),
        }
    }

    fn command(self) -> GameCommand {
        match self {
            Question::Resign => GameCommand::Resign,
            Question::NewGame => GameCommand::Start,
            Question::SavedGame => GameCommand::Save,
            Question::GameInProgress => GameCommand::Load,
            Question::OpenedGame => GameCommand::OpenRead,
            Question::HandOver => GameCommand::HandOver,
        }
    }
}

/// Open a game from its text (game text or a RON record, pasted by the player): it is read and checked first, and
/// an error names its line; a game that reads replaces the one on the board (asking first if that has turns).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpenGame(pub String);

/// A game read from text, waiting to be put on the board (after the player's yes, if asked).
#[derive(Resource, Default, Debug)]
pub struct OpenedGame(pub Option<Game>);

/// The confirmation the game is waiting for, if any (shown as a dialog).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingConfirmation(pub Option<Question>);

/// Handles game commands.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .add_message::<OpenGame>()
        .init_resource::<PendingConfirmation>()
        .init_resource::<OpenedGame>()
        .add_systems(Startup, go_on_with_a_handed_over_game.after(TakeHandOver))
        .add_systems(
            Update,
            (read_opened_games.in_set(ReadOpenedGames), handle_game_commands).chain().in_set(AppSystems::Commands),
        );
}

/// The system that reads [`OpenGame`]: what sends it in the same frame goes before.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadOpenedGames;

/// The players of a new game from the settings; `coin` decides a random side.
pub fn players_for(settings: &Settings, coin: bool) -> [PlayerKind; 2] {
    let computer = PlayerKind::Computer(settings.level);
    match settings.opponent {
        Opponent::Human => [PlayerKind::Human, PlayerKind::Human],
        Opponent::ComputerVsComputer => [computer, PlayerKind::Computer(settings.second_level)],
        Opponent::Computer => {
            let person_white = match settings.side {
                SideChoice::White => true,
                SideChoice::Black => false,
                SideChoice::Random => coin,
            };
            if person_white { [PlayerKind::Human, computer] } else { [computer, PlayerKind::Human] }
        }
    }
}

/// The start position of a new game from the settings.
pub fn start_position(settings: &Settings) -> Position {
    let start = Position::start(settings.variant);
    if settings.variant == Variant::Tsivy && settings.vela { start.with_vela(Some(settings.vela_side)) } else { start }
}

fn coin() -> bool {
    web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos()).is_multiple_of(2)
}

/// What handling a command did to the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Effect {
    /// Nothing changed.
    None,
    /// The game changed on the board (undo, redo, resign): redraw and autosave.
    Changed,
    /// Another game is now on the board (drawn anew as it was put there): autosave, and show the game screen.
    NewGame,
}

/// The use of a game the commands put on the board: the player's, autosaved.
const KEPT: BoardUse = BoardUse::Game { autosave: true };

/// Everything a game command may touch.
#[derive(SystemParam)]
struct Context<'w> {
    board: BoardKeeper<'w>,
    announce: Announce<'w>,
    settings: Res<'w, Settings>,
    saver: Autosaver<'w>,
    pending: ResMut<'w, PendingConfirmation>,
    opened: ResMut<'w, OpenedGame>,
    handed: ResMut<'w, HandedOver>,
    next_state: ResMut<'w, NextState<AppState>>,
}

impl Context<'_> {
    /// Carries out `command`; one that would lose or replace something asks first unless `confirmed`.
    fn run(&mut self, command: GameCommand, confirmed: bool) -> Effect {
        match command {
            GameCommand::Start => {
                if self.saver.can_continue.unfinished && !confirmed {
                    return self.ask(Question::NewGame);
                }
                let players = players_for(&self.settings, coin());
                self.board.put(Session::new(start_position(&self.settings), players), KEPT);
                Effect::NewGame
            }
            GameCommand::Continue => match load_stored(&self.saver.storage, AUTOSAVE_FILE, &mut self.saver.notices) {
                Some(saved) => {
                    self.board.put(saved, KEPT);
                    Effect::NewGame
                }
                None => {
                    *self.saver.can_continue = CanContinue::default();
                    Effect::None
                }
            },
            GameCommand::Undo => effect(self.board.session_mut().undo()),
            GameCommand::Redo => effect(self.board.session_mut().redo()),
            GameCommand::Resign => {
                if self.board.session().is_over() {
                    return Effect::None;
                }
                if !confirmed {
                    return self.ask(Question::Resign);
                }
                let side = self.board.session().resigning_side();
                self.announce.resign(self.board.session_mut(), side);
                effect(self.board.session().is_over())
            }
            GameCommand::Rematch => {
                let session = self.board.session();
                self.board.put(Session::new(*session.game().start(), session.players), KEPT);
                Effect::NewGame
            }
            GameCommand::Vela => match self.board.session().vela_offer() {
                Some(winner) => {
                    let start = Position::start(Variant::Tsivy).with_vela(Some(winner));
                    self.board.put(Session::new(start, self.board.session().players), KEPT);
                    Effect::NewGame
                }
                None => Effect::None,
            },
            GameCommand::Save => self.save(confirmed),
            GameCommand::Load => self.load(confirmed),
            GameCommand::OpenRead => self.open_read(confirmed),
            GameCommand::HandOver => self.hand_over(confirmed),
            GameCommand::Confirm => match self.pending.0.take() {
                Some(what) => self.run(what.command(), true),
                None => Effect::None,
            },
            GameCommand::Decline => {
                self.pending.0 = None;
                Effect::None
            }
        }
    }

    /// Writes the game to the save slot, after asking before it replaces a game saved there.
    fn save(&mut self, confirmed: bool) -> Effect {
        let storage = &self.saver.storage;
        if !confirmed && matches!(storage.read(SAVED_FILE), Ok(Some(_))) {
            return self.ask(Question::SavedGame);
        }
        match storage.write(SAVED_FILE, &SavedSession::text(self.board.session())) {
            Ok(()) => self.saver.notices.say(text!("game-saved")),
            Err(e) => self.saver.notices.problem(text!("file-not-saved", what = "game", error = e)),
        }
        Effect::None
    }

    /// Puts the saved game on the board, after asking before it replaces a game in progress.
    fn load(&mut self, confirmed: bool) -> Effect {
        let storage = &self.saver.storage;
        if !confirmed && !self.board.session().game().turns().is_empty() {
            // Only ask when there is something to load: otherwise say so straight away.
            if matches!(storage.read(SAVED_FILE), Ok(Some(_))) {
                return self.ask(Question::GameInProgress);
            }
        }
        match load_stored(storage, SAVED_FILE, &mut self.saver.notices) {
            Some(mut saved) => {
                // A game from the save slot is never rated (it could be loaded again after a bad move).
                saved.unrate();
                self.board.put(saved, KEPT);
                Effect::NewGame
            }
            None => {
                if self.saver.notices.0.is_empty() {
                    self.saver.notices.say(text!("game-none-saved"));
                }
                Effect::None
            }
        }
    }

    /// Puts the game opened from text on the board, after asking before it replaces a game in progress.
    fn open_read(&mut self, confirmed: bool) -> Effect {
        if self.opened.0.is_none() {
            return Effect::None;
        }
        if !confirmed && !self.board.session().game().turns().is_empty() {
            return self.ask(Question::OpenedGame);
        }
        match self.opened.0.take() {
            // Whoever played it, an opened game is on the board for people to look at, review or play on.
            Some(game) => {
                self.board.put(Session::from_game(game, [PlayerKind::Human, PlayerKind::Human]), KEPT);
                Effect::NewGame
            }
            None => Effect::None,
        }
    }

    /// Goes on with the light board's game, after asking before it replaces an unfinished game.
    fn hand_over(&mut self, confirmed: bool) -> Effect {
        if self.handed.0.is_none() {
            return Effect::None;
        }
        if self.saver.can_continue.unfinished && !confirmed {
            return self.ask(Question::HandOver);
        }
        match self.handed.0.take() {
            Some(session) => {
                // The browser test compares it with the light board's.
                info!("went on with the light board's game: {}", session.game().position());
                self.board.put(session, KEPT);
                Effect::NewGame
            }
            None => Effect::None,
        }
    }

    /// Puts the question first: nothing is done yet.
    fn ask(&mut self, what: Question) -> Effect {
        self.pending.0 = Some(what);
        Effect::None
    }
}

/// Reads the games opened from text: one that reads waits in [`OpenedGame`] and is put on the board by
/// [`GameCommand::OpenRead`]; one that does not is reported, and nothing changes.
fn read_opened_games(
    mut requests: MessageReader<OpenGame>,
    mut opened: ResMut<OpenedGame>,
    mut commands: MessageWriter<GameCommand>,
    mut notices: ResMut<Notices>,
) {
    for OpenGame(text) in requests.read() {
        match GameRecord::read(text) {
            Ok((_, game, _)) => {
                info!("read a game of {} turns", game.turns().len());
                opened.0 = Some(game);
                commands.write(GameCommand::OpenRead);
            }
            Err(e) => notices.problem(text!("game-not-opened", error = e.to_string())),
        }
    }
}

/// A game the web page's light board handed over at start goes on here (after asking, if it would replace an
/// unfinished game).
fn go_on_with_a_handed_over_game(handed: Res<HandedOver>, mut commands: MessageWriter<GameCommand>) {
    if handed.0.is_some() {
        commands.write(GameCommand::HandOver);
    }
}

fn effect(changed: bool) -> Effect {
    if changed { Effect::Changed } else { Effect::None }
}

/// Whether `command` acts on a board used for `board_use` while `pending` is asked: every command on the player's
/// kept game; on another board (a tutorial's, a puzzle's, the menu's before any game) only starting or continuing a
/// game (the light board's too), giving up and answering a question. On an online game's board, giving up and the
/// answer to its question are the server's (`online::play`); starting or continuing a game of the player's still puts
/// it in its place.
fn applies(board_use: BoardUse, command: GameCommand, pending: Option<Question>) -> bool {
    match command {
        GameCommand::Start | GameCommand::Continue | GameCommand::HandOver => true,
        GameCommand::Resign => !board_use.online(),
        GameCommand::Confirm | GameCommand::Decline => !(board_use.online() && pending == Some(Question::Resign)),
        _ => board_use.autosaved(),
    }
}

fn handle_game_commands(mut commands: MessageReader<GameCommand>, mut context: Context) {
    for &command in commands.read() {
        if !applies(context.board.session().board_use(), command, context.pending.0) {
            continue;
        }
        // A new command answers an open question with no.
        if !matches!(command, GameCommand::Confirm | GameCommand::Decline) {
            context.pending.0 = None;
        }
        match context.run(command, false) {
            Effect::None => continue,
            Effect::Changed => context.board.redraw(),
            Effect::NewGame => (*context.next_state).set_if_neq(AppState::Playing),
        }
        let session = context.board.session();
        if session.board_use().autosaved() {
            context.saver.keep(session);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Which board's commands are the local game's: all on the player's kept game; on other boards only starting,
    /// continuing, giving up and answering; on an online game's board giving up and the answer to its question are
    /// the server's, and starting or continuing a game of the player's still applies.
    #[test]
    fn the_board_s_use_says_which_game_commands_apply() {
        use GameCommand::*;
        let every =
            [Start, Continue, Undo, Redo, Resign, Rematch, Vela, Save, Load, OpenRead, HandOver, Confirm, Decline];
        let kept = BoardUse::Game { autosave: true };
        assert!(every.iter().all(|&c| applies(kept, c, None) && applies(kept, c, Some(Question::Resign))));
        let anywhere = [Start, Continue, HandOver, Resign, Confirm, Decline];
        for other in [BoardUse::Game { autosave: false }, BoardUse::Tutorial { done: false }, BoardUse::Review] {
            for c in every {
                assert_eq!(applies(other, c, Some(Question::Resign)), anywhere.contains(&c), "{other:?} {c:?}");
            }
        }
        let online = BoardUse::Online { over: false };
        for c in every {
            let local = matches!(c, Start | Continue | HandOver | Confirm | Decline);
            assert_eq!(applies(online, c, Some(Question::NewGame)), local, "{c:?} with a question of this device");
            assert_eq!(applies(online, c, Some(Question::Resign)), matches!(c, Start | Continue | HandOver), "{c:?}");
        }
    }
}
