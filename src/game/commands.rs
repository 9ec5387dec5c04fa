//! Game-level commands from the menu, the panel and the keyboard: start, continue, undo, redo, resign, rematch,
//! save, load. The current game is autosaved after every change.

use bevy::prelude::*;
use fanorona_rules::{Position, Side, Variant};

use crate::ai_player::Thinking;
use crate::session::{
    AUTOSAVE_FILE, BoardReset, PlayerKind, SAVED_FILE, SavedSession, Session, TurnCommitted, load_stored,
};
use crate::settings::{Opponent, Settings, SideChoice};
use crate::state::AppState;
use crate::storage::{Notices, Storage};

/// A command about the game as a whole.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Start a new game with the menu's settings.
    Start,
    /// Continue the autosaved game.
    Continue,
    /// Back to the menu.
    Menu,
    /// Take back a turn (and the computer's reply).
    Undo,
    /// Play again what was taken back.
    Redo,
    /// The person to move resigns.
    Resign,
    /// The same game again from the start, same players.
    Rematch,
    /// Save the game to the save slot.
    Save,
    /// Load the game from the save slot.
    Load,
    /// Turn the board around.
    Flip,
    /// After a person lost: a vela game with the same players, the winner handicapped (unrated).
    Vela,
    /// Sound on or off.
    ToggleSound,
    /// Copy the position text to the clipboard (done by the interface).
    CopyPosition,
    /// Open or close the how-to-play screen (done by the interface).
    HowToPlay,
}

/// Whether an autosaved game can be continued.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CanContinue(pub bool);

/// Handles game commands and autosaves.
pub struct ControlPlugin;

impl Plugin for ControlPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<GameCommand>()
            .add_message::<TurnCommitted>()
            .init_resource::<Session>()
            .init_resource::<CanContinue>()
            .add_systems(Startup, find_autosave)
            .add_systems(Update, (handle_game_commands, autosave_after_turns).chain());
    }
}

fn find_autosave(storage: Res<Storage>, mut notices: ResMut<Notices>, mut can_continue: ResMut<CanContinue>) {
    can_continue.0 = load_stored(&storage, AUTOSAVE_FILE, &mut notices).is_some();
}

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

#[allow(clippy::too_many_arguments)]
fn handle_game_commands(
    mut commands: MessageReader<GameCommand>,
    mut session: ResMut<Session>,
    mut settings: ResMut<Settings>,
    mut thinking: ResMut<Thinking>,
    mut next_state: ResMut<NextState<AppState>>,
    mut reset: MessageWriter<BoardReset>,
    mut can_continue: ResMut<CanContinue>,
    storage: Res<Storage>,
    mut notices: ResMut<Notices>,
    state: Res<State<AppState>>,
) {
    // The tutorial's boards are not games: they are never saved, and only some game commands apply to them
    // (resigning gives up a tutorial game).
    let in_tutorial = *state.get() == AppState::Tutorial;
    for command in commands.read() {
        let tutorial_command = matches!(
            command,
            GameCommand::Start
                | GameCommand::Resign
                | GameCommand::Flip
                | GameCommand::ToggleSound
                | GameCommand::HowToPlay
                | GameCommand::CopyPosition
        );
        if in_tutorial && !tutorial_command {
            continue;
        }
        let mut changed = true;
        match command {
            GameCommand::Start => {
                *session = Session::new(start_position(&settings), players_for(&settings, coin()));
                (*next_state).set_if_neq(AppState::Playing);
            }
            GameCommand::Continue => match load_stored(&storage, AUTOSAVE_FILE, &mut notices) {
                Some(saved) => {
                    *session = saved;
                    (*next_state).set_if_neq(AppState::Playing);
                }
                None => {
                    can_continue.0 = false;
                    changed = false;
                }
            },
            GameCommand::Menu => {
                (*next_state).set_if_neq(AppState::Menu);
                changed = false;
            }
            GameCommand::Undo => {
                changed = session.undo();
                // Taking a turn back is help: the game no longer counts for the rating.
                session.rated &= !changed;
            }
            GameCommand::Redo => changed = session.redo(),
            GameCommand::Resign => {
                let side = session.position().side_to_move();
                let resigner = if session.player_to_move() == PlayerKind::Human { side } else { !side };
                session.game.resign(resigner);
                session.reset_turn();
            }
            GameCommand::Rematch => {
                let start = *session.game.start();
                *session = Session::new(start, session.players);
            }
            GameCommand::Save => {
                changed = false;
                match storage.write(SAVED_FILE, &SavedSession::text(&session)) {
                    Ok(()) => notices.0.push("Game saved.".into()),
                    Err(e) => notices.0.push(format!("The game could not be saved: {e}")),
                }
            }
            GameCommand::Load => match load_stored(&storage, SAVED_FILE, &mut notices) {
                // A game from the save slot is never rated (it could be loaded again after a bad move).
                Some(saved) => *session = Session { rated: false, ..saved },
                None => {
                    changed = false;
                    if notices.0.is_empty() {
                        notices.0.push("There is no saved game yet.".into());
                    }
                }
            },
            GameCommand::Vela => match session.vela_offer() {
                Some(winner) => {
                    *session = Session::new(Position::start(Variant::Tsivy).with_vela(Some(winner)), session.players);
                }
                None => changed = false,
            },
            GameCommand::Flip => {
                settings.flipped = !settings.flipped;
                changed = false;
            }
            GameCommand::ToggleSound => {
                settings.sound = !settings.sound;
                changed = false;
            }
            GameCommand::CopyPosition | GameCommand::HowToPlay => changed = false,
        }
        if changed {
            thinking.cancel();
            reset.write(BoardReset);
            if !in_tutorial || *command == GameCommand::Start {
                autosave(&session, &storage, &mut notices);
                can_continue.0 = true;
            }
        }
    }
}

fn autosave(session: &Session, storage: &Storage, notices: &mut Notices) {
    if let Err(e) = storage.write(AUTOSAVE_FILE, &SavedSession::text(session)) {
        notices.0.push(format!("The game could not be autosaved: {e}"));
    }
}

fn autosave_after_turns(
    mut committed: MessageReader<TurnCommitted>,
    session: Res<Session>,
    storage: Res<Storage>,
    mut notices: ResMut<Notices>,
    state: Res<State<AppState>>,
) {
    let mut any = false;
    for c in committed.read() {
        // The turn log shows in the terminal, and in the browser's console for the web test.
        info!("turn {}: {}", session.game.turns().len(), c.turn);
        any = true;
    }
    if any && *state.get() == AppState::Playing {
        autosave(&session, &storage, &mut notices);
    }
}

/// The side a person plays, if exactly one person plays.
pub fn person_side(session: &Session) -> Option<Side> {
    match session.players {
        [PlayerKind::Human, PlayerKind::Computer(_)] => Some(Side::White),
        [PlayerKind::Computer(_), PlayerKind::Human] => Some(Side::Black),
        _ => None,
    }
}
