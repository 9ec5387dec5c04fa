//! The title screen's board: behind the menu the computer quietly plays itself (attract mode), a turn every second
//! or so. Its turns go through the board's own step animations ([`StepPlayed`], as a computer's turn in a game), so
//! its pieces slide and its captures fall as in a game. The game is the title's own: the player's session, saved
//! games and rating are never touched, and it makes no sound (only a game's board is heard).

pub mod menu;
#[cfg(feature = "dev")]
mod scenes;

use std::collections::HashMap;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use fanorona_ai::{Level, Limits, Search};
use fanorona_rules::{Game, Position, Variant};

use crate::AppSystems;
use crate::board::animation::{Animations, Appearing};
use crate::board::layout::BoardLayout;
use crate::board::{Piece, spawn_lattice, spawn_pieces, spawn_wood};
use crate::game::engine::{EngineJob, Polled, SliceBudget};
use crate::game::session::StepPlayed;
use crate::i18n::Text;
use crate::keys::Action;
use crate::persistence::profile::Profile;
use crate::persistence::settings::Settings;
use crate::screens::AppState;
use crate::ui::ToggleHowToPlay;
use crate::{action, text};

/// A button of the title page that opens a screen: the screen's feature adds it ([`AddMenuEntry`]), and the page
/// lists them by `order` between New game and Settings.
pub struct MenuEntry {
    /// Where it goes among the others: lower first.
    pub order: u8,
    /// What it says, which may depend on the player's progress.
    pub label: fn(&Profile) -> Text,
    /// What it sends.
    pub action: Action,
}

/// The title page's entries, in the order of their [`MenuEntry::order`] (added by the features).
#[derive(Resource, Default)]
pub struct MenuEntries(Vec<MenuEntry>);

impl MenuEntries {
    /// The entries in the page's order.
    pub fn in_order(&self) -> impl Iterator<Item = &MenuEntry> {
        self.0.iter()
    }
}

/// What a feature says under its button on the title page (how many games wait for the player, say), by the
/// entry's [`MenuEntry::order`]: the feature keeps it up to date, the page shows it.
#[derive(Resource, Default, Debug)]
pub struct MenuNotes(HashMap<u8, Text>);

impl MenuNotes {
    /// Says `note` under the entry of `order`, or nothing.
    pub fn set(&mut self, order: u8, note: Option<Text>) {
        match note {
            Some(note) => self.0.insert(order, note),
            None => self.0.remove(&order),
        };
    }

    /// What is said under the entry of `order`.
    pub fn get(&self, order: u8) -> Option<&Text> {
        self.0.get(&order)
    }
}

/// How a feature's plugin adds its button to the title page.
pub trait AddMenuEntry {
    /// Adds `entry`.
    fn add_menu_entry(&mut self, entry: MenuEntry) -> &mut Self;
}

impl AddMenuEntry for App {
    fn add_menu_entry(&mut self, entry: MenuEntry) -> &mut App {
        // Kept in order as they come, so the page (drawn every frame) only reads them.
        let mut entries = self.world_mut().get_resource_or_init::<MenuEntries>();
        let at = entries.0.partition_point(|e| e.order <= entry.order);
        entries.0.insert(at, entry);
        self
    }
}

/// Seconds between two turns on the title board.
pub const PAUSE_SECONDS: f32 = 1.0;
/// Seconds a finished game stays on the title board before the next one starts.
const GAME_OVER_SECONDS: f32 = 4.0;
/// Turns after which a title game is left and a new one starts: a long ending is dull to watch.
pub const MAX_TURNS: usize = 60;
/// The level that plays both sides: quick to think, with enough randomness that no two games are the same.
const LEVEL: Level = Level::Casual;

/// The title board's game: the position, the search for the next turn, whether the board is still showing the
/// last one, and the pause before the next one.
#[derive(Resource)]
pub struct TitleGame {
    game: Game,
    search: Option<EngineJob<Search>>,
    showing: bool,
    wait: f32,
    seed: u64,
    games: u32,
}

impl Default for TitleGame {
    fn default() -> TitleGame {
        TitleGame {
            game: Game::of_variant(Variant::Tsivy),
            search: None,
            showing: false,
            wait: PAUSE_SECONDS,
            // Another game at every start: the clock's nanoseconds (the levels' randomness follows the seed).
            seed: web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64),
            games: 1,
        }
    }
}

impl TitleGame {
    /// The game on the title board.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether every step of the game's turns has been shown on the board.
    pub fn all_shown(&self) -> bool {
        !self.showing
    }

    /// How many games the title board has started.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Whether the computer is thinking about the title game's next turn.
    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }
}

/// Registers the title board.
pub fn plugin(app: &mut App) {
    #[cfg(feature = "dev")]
    app.add_plugins(scenes::plugin);
    app.init_resource::<TitleGame>()
        .init_resource::<MenuEntries>()
        .init_resource::<MenuNotes>()
        .add_menu_entry(MenuEntry { order: 40, label: |_| text!("how-to-play"), action: action!(ToggleHowToPlay) })
        .add_systems(OnEnter(AppState::Menu), show_title_board)
        .add_systems(Update, play_title_board.in_set(AppSystems::Rules).run_if(in_state(AppState::Menu)));
}

/// Draws the title board as its game stands (it goes on where it was when the menu was left); the steps not yet
/// shown are already on it. It stays with White at the bottom, whoever the player played last.
fn show_title_board(mut commands: Commands, mut title: ResMut<TitleGame>, mut layout: ResMut<BoardLayout>) {
    title.showing = false;
    layout.variant = Variant::Tsivy;
    layout.turns_to_player = false;
    spawn_wood(&mut commands, AppState::Menu);
    spawn_lattice(&mut commands, AppState::Menu, Variant::Tsivy);
    spawn_pieces(&mut commands, AppState::Menu, title.game.position(), ());
}

/// Waits while the board shows the last turn and a moment more, thinks (an engine job) and plays the next turn,
/// whose steps the board animates; a game that is over (or long) gives way to a new one, whose pieces grow in.
fn play_title_board(
    time: Res<Time>,
    settings: Res<Settings>,
    animations: Res<Animations>,
    mut budget: ResMut<SliceBudget>,
    mut title: ResMut<TitleGame>,
    mut pieces: TitlePieces,
    mut steps: MessageWriter<StepPlayed>,
) {
    title.showing = animations.busy();
    if title.showing || pieces.appearing() {
        return;
    }
    if title.wait > 0.0 {
        // The pause follows the animation speed; with the animations off, it is the usual second.
        let speed = if settings.animation_speed > 0.0 { settings.animation_speed } else { 1.0 };
        title.wait -= time.delta_secs() * speed;
        return;
    }
    if title.game.is_over() || title.game.turns().len() >= MAX_TURNS {
        title.game = Game::of_variant(Variant::Tsivy);
        title.games += 1;
        title.wait = PAUSE_SECONDS;
        pieces.redraw(title.game.position());
        return;
    }
    let TitleGame { game, search, seed, .. } = &mut *title;
    let search = search.get_or_insert_with(|| {
        *seed = seed.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        EngineJob::start(Search::for_level(game, LEVEL, Limits::NONE, *seed))
    });
    let found = match search.poll(&mut budget) {
        Polled::Working => return,
        Polled::Done(result, _) => result.best,
        Polled::Failed => None,
    };
    title.search = None;
    let Some(turn) = found else {
        // No turn found (cannot happen in a game that is not over, unless the engine failed): start again.
        let side = title.game.position().side_to_move();
        title.game.resign(side);
        return;
    };
    let before = *title.game.position();
    if title.game.play(&turn).is_err() {
        return;
    }
    // The browser test reads this to see the title board play.
    info!("title board: turn {} {turn}", title.game.turns().len());
    steps.write_batch(StepPlayed::of_turn(&before, &turn).0);
    title.showing = true;
    title.wait = if title.game.is_over() { GAME_OVER_SECONDS } else { PAUSE_SECONDS };
}

/// The title board's pieces.
#[derive(SystemParam)]
struct TitlePieces<'w, 's> {
    commands: Commands<'w, 's>,
    pieces: Query<'w, 's, Entity, With<Piece>>,
    appearing: Query<'w, 's, (), With<Appearing>>,
}

impl TitlePieces<'_, '_> {
    /// Whether a new game's pieces are still growing in.
    fn appearing(&self) -> bool {
        !self.appearing.is_empty()
    }

    /// Draws the pieces of a new game's `position`, growing them in.
    fn redraw(&mut self, position: &Position) {
        for e in &self.pieces {
            self.commands.entity(e).despawn();
        }
        spawn_pieces(&mut self.commands, AppState::Menu, position, Appearing { t: 0.0 });
    }
}
