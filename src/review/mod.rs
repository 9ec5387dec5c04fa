//! Post-game review: the engine goes through every turn of the game on the board (an engine job: a thread on the
//! desktop, a few milliseconds per frame on the web) and the player steps through the game, sees where it turned and the better
//! turns, and may play on from before a mistake.
//!
//! The review shows its positions through the board as any session is shown: the board is lent to the review, its
//! game put aside, and a session of the position looked at, which takes no turns, takes its place, so the board, the marks of the last turn and
//! the hint's path need nothing of their own. The game put aside comes back, untouched, whenever the review ends
//! (back to the game, or the menu); nothing is autosaved and nothing is rated while it is away.

mod panel;
#[cfg(feature = "dev")]
mod scenes;

#[cfg(feature = "dev")]
pub use scenes::REVIEW_GAME;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use fanorona_ai::review::{REVIEW_DEPTH, Review, Reviewer, TurnReview, score_text};
use fanorona_rules::{Game, Turn};

use crate::AppSystems;
use crate::access::{Say, step_text};
use crate::game::engine::{EngineJob, Polled, SliceBudget};
use crate::game::keeper::BoardKeeper;
use crate::game::saving::Autosaver;
use crate::game::session::{BoardUse, PlayerKind, Session, StepPlayed, trace_of};
use crate::game::tables::EndgameTables;
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::persistence::settings::Settings;
use crate::screens::{AppState, Screens};
use crate::{action, text};

/// What the review screen can be asked to do (its buttons, keys and the chart send these).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewCommand {
    /// Review the game on the board (from the game screen, or a finished online game's).
    Open,
    /// Review the game on the board from the position after this many turns: a past move clicked in the move list.
    OpenAt(usize),
    /// Back to the game, as it was, on the screen it was reviewed from.
    Close,
    /// Show the position after this many turns (0: the start).
    Goto(usize),
    /// One turn back.
    Previous,
    /// One turn on.
    Next,
    /// The start.
    First,
    /// The end.
    Last,
    /// Show the engine's better turn for the turn looked at, then step along its line.
    LineForward,
    /// One step back along the engine's line (from its first step: back to the game's own position).
    LineBack,
    /// Play on against the computer from the position before the turn looked at (a finished game only: it replaces
    /// the game).
    TryAgain,
}

/// A review in progress or done, and what it shows.
#[derive(Resource)]
pub struct Reviewing {
    /// The game under review (the board it was on is lent to the review, and given back when the review ends).
    game: Game,
    /// Whether the game under review was over when the review opened (only a finished game is played on).
    game_over: bool,
    job: Option<EngineJob<Reviewer>>,
    progress: (usize, usize),
    review: Option<Review>,
    /// The position looked at: after this many turns.
    ply: usize,
    /// Steps along the engine's better line from the position before the turn looked at (`None`: the game's own
    /// position).
    line: Option<usize>,
    /// The screen the review was opened from, and goes back to.
    back: AppState,
}

impl Default for Reviewing {
    fn default() -> Reviewing {
        Reviewing {
            game: Game::of_variant(fanorona_rules::Variant::Tsivy),
            game_over: false,
            job: None,
            progress: (0, 0),
            review: None,
            ply: 0,
            line: None,
            back: AppState::Playing,
        }
    }
}

impl Reviewing {
    /// The game under review.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The finished review, once the engine is through.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// Positions searched and in all.
    pub fn progress(&self) -> (usize, usize) {
        self.progress
    }

    /// The position looked at: after this many turns.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Steps shown along the engine's better line (`None`: the game's own position).
    pub fn line_step(&self) -> Option<usize> {
        self.line
    }

    /// The review of the turn that led to the position looked at.
    pub fn current_turn(&self) -> Option<&TurnReview> {
        self.review.as_ref()?.turns.get(self.ply.checked_sub(1)?)
    }

    /// Whether "try again from here" can be offered: the game under review is the player's own (not an online
    /// game, which the server keeps), it is over (playing on replaces it), and the position looked at is not the
    /// start.
    pub fn can_try_again(&self) -> bool {
        self.back == AppState::Playing && self.game_over && self.ply > 0
    }
}

/// V opens the review from the game; under review the keys move through the game and nothing can change it.
#[rustfmt::skip]
const KEYS: &[Binding] = {
    use KeyCode::{ArrowDown, ArrowLeft, ArrowRight, ArrowUp, End, Escape, Home, KeyV};
    const REVIEW: On = On::Screen(AppState::Review);
    &[
        bind(KeyV,       Needs::ANY, On::Screen(AppState::Playing), action!(ReviewCommand::Open), text!("game-key-review")),
        bind(ArrowLeft,  Needs::ANY, REVIEW, action!(ReviewCommand::Previous),    text!("game-key-review-turns")),
        bind(ArrowRight, Needs::ANY, REVIEW, action!(ReviewCommand::Next),        text!("game-key-review-turns")),
        bind(Home,       Needs::ANY, REVIEW, action!(ReviewCommand::First),       text!("game-key-review-turns")),
        bind(End,        Needs::ANY, REVIEW, action!(ReviewCommand::Last),        text!("game-key-review-turns")),
        bind(ArrowDown,  Needs::ANY, REVIEW, action!(ReviewCommand::LineForward), text!("game-key-review-line")),
        bind(ArrowUp,    Needs::ANY, REVIEW, action!(ReviewCommand::LineBack),    text!("game-key-review-line")),
        bind(Escape,     Needs::ANY, REVIEW, action!(ReviewCommand::Close),       text!("game-key-close")),
    ]
};

/// What the review draws: the panel (needs a window).
pub fn view_plugin(app: &mut App) {
    app.add_plugins(panel::plugin);
}

/// The review screen's logic and keys (headless; [`view_plugin`] draws it).
pub fn plugin(app: &mut App) {
    #[cfg(feature = "dev")]
    app.add_plugins(scenes::plugin);
    app.init_resource::<Reviewing>()
        .add_message::<ReviewCommand>()
        .key_sets(AppState::Review, &[KeySet::Board])
        .add_keys(Tier::Own, KEYS)
        .add_systems(Update, handle_review_commands.in_set(AppSystems::Commands))
        .add_systems(Update, run_review.in_set(AppSystems::Rules).run_if(in_state(AppState::Review)))
        .add_systems(OnExit(AppState::Review), end_review);
}

/// What the review shows: the game reviewed, the board, and the words for a screen reader.
#[derive(SystemParam)]
struct ReviewScreen<'w> {
    reviewing: ResMut<'w, Reviewing>,
    keeper: BoardKeeper<'w>,
    say: MessageWriter<'w, Say>,
}

fn handle_review_commands(
    mut commands: MessageReader<ReviewCommand>,
    mut screen: ReviewScreen,
    mut screens: Screens,
    settings: Res<Settings>,
    mut autosaver: Autosaver,
    tables: Res<EndgameTables>,
) {
    let ReviewScreen { reviewing, keeper, say } = &mut screen;
    for &command in commands.read() {
        let reviewing = &mut **reviewing;
        match (command, screens.here()) {
            // An online game is reviewed once it is over: the server keeps it.
            (ReviewCommand::Open | ReviewCommand::OpenAt(_), back @ (AppState::Playing | AppState::Online))
                if back == AppState::Playing || keeper.session().board_use().online_game_over() =>
            {
                reviewing.back = back;
                reviewing.game = keeper.session().game().clone();
                reviewing.game_over = keeper.session().is_over();
                let end = reviewing.game.turns().len();
                reviewing.ply = match command {
                    ReviewCommand::OpenAt(ply) => ply.min(end),
                    _ => end,
                };
                reviewing.line = None;
                reviewing.review = None;
                reviewing.progress = (0, reviewing.game.turns().len() + 1);
                let mut reviewer = Reviewer::new(&reviewing.game, REVIEW_DEPTH);
                // The endgame tables, once built, judge an ending exactly, as the master plays it.
                if let Some(tablebase) = tables.get(reviewing.game.position().variant()) {
                    reviewer = reviewer.with_tablebase(tablebase);
                }
                reviewing.job = Some(EngineJob::start(reviewer));
                keeper.lend(reviewing.view(), BoardUse::Review);
                say.write_batch(reviewing.spoken());
                screens.go(AppState::Review);
            }
            (ReviewCommand::Close, AppState::Review) => screens.go(reviewing.back),
            (ReviewCommand::TryAgain, AppState::Review) if reviewing.can_try_again() => {
                let game = prefix(&reviewing.game, reviewing.ply - 1);
                let players = try_again_players(keeper.lent(), &game, &settings);
                let again = Session::from_game(game, players);
                autosaver.keep(&again);
                keeper.replace_lent(again);
                screens.go(AppState::Playing);
            }
            (_, AppState::Review) if reviewing.navigate(command) => {
                keeper.put(reviewing.view(), BoardUse::Review);
                say.write_batch(reviewing.spoken());
            }
            _ => {}
        }
    }
}

/// The players of a game played on from a review: the same ones if a person played the computer; otherwise the
/// side to move is the person's and the computer of the menu's level takes the other.
fn try_again_players(original: Option<&Session>, game: &Game, settings: &Settings) -> [PlayerKind; 2] {
    if let Some(session) = original.filter(|s| s.person_side().is_some()) {
        return session.players;
    }
    let computer = PlayerKind::Computer(settings.level);
    match game.position().side_to_move() {
        fanorona_rules::Side::White => [PlayerKind::Human, computer],
        fanorona_rules::Side::Black => [computer, PlayerKind::Human],
    }
}

/// The first `turns` turns of `game`, with nothing to redo.
fn prefix(game: &Game, turns: usize) -> Game {
    let mut prefix = Game::new(*game.start());
    for turn in game.turns().iter().take(turns) {
        // The turns come from a game, so each is legal where it is played.
        if prefix.play(turn).is_err() {
            break;
        }
    }
    prefix
}

impl Reviewing {
    /// Moves what is shown; returns whether it changed.
    fn navigate(&mut self, command: ReviewCommand) -> bool {
        let last = self.game.turns().len();
        let (ply, line) = match command {
            ReviewCommand::Goto(ply) | ReviewCommand::OpenAt(ply) => (ply.min(last), None),
            ReviewCommand::Previous => (self.ply.saturating_sub(1), None),
            ReviewCommand::Next => ((self.ply + 1).min(last), None),
            ReviewCommand::First => (0, None),
            ReviewCommand::Last => (last, None),
            ReviewCommand::LineForward => {
                let Some(length) = self.current_turn().and_then(|t| t.better().map(|_| t.best.len())) else {
                    return false;
                };
                (self.ply, Some(self.line.map_or(0, |step| (step + 1).min(length))))
            }
            ReviewCommand::LineBack => (self.ply, self.line.and_then(|step| step.checked_sub(1))),
            ReviewCommand::Open | ReviewCommand::Close | ReviewCommand::TryAgain => return false,
        };
        let changed = (ply, line) != (self.ply, self.line);
        (self.ply, self.line) = (ply, line);
        changed
    }

    /// The position looked at, in words, as the arrows reach it: the turn that led there step by step, with its class
    /// and the better turn once the engine has judged it; or the turn of the engine's line just shown.
    fn spoken(&self) -> Vec<Say> {
        let Some(index) = self.ply.checked_sub(1) else { return vec![Say(text!("review-start"))] };
        let (Some(turn), Some(before)) = (self.game.turns().get(index), self.game.positions().get(index)) else {
            return Vec::new();
        };
        let judged = self.current_turn();
        let better = judged.and_then(|t| t.better().map(|better| (better, &t.best)));
        let score = self.review.as_ref().and_then(|r| r.scores.get(index)).copied().unwrap_or_default();
        let better_text =
            |better: Turn| Say(text!("review-better", turn = better.to_string(), score = score_text(score)));
        match (self.line, better) {
            (Some(0), Some((better, _))) => vec![better_text(better)],
            (Some(step), Some((_, line))) => {
                let turn = line.get(step - 1).map(Turn::to_string).unwrap_or_default();
                vec![Say(text!("review-say-line", step = step, steps = line.len(), turn = turn))]
            }
            _ => {
                let (steps, _) = StepPlayed::of_turn(before, turn);
                let mut said: Vec<Say> = steps.iter().map(|step| Say(step_text(step))).collect();
                if let Some(judged) = judged {
                    said.push(Say(text!("review-class", class = judged.class.name())));
                }
                said.extend(better.map(|(better, _)| better_text(better)));
                said
            }
        }
    }

    /// A session showing the position looked at, on the board as [`BoardUse::Review`]: the game's own, with its last
    /// turn marked, or a step of the engine's better line, with the line's next turn drawn as a hint (at its first
    /// step, with what the better turn would capture marked too).
    fn view(&self) -> Session {
        let viewers = [PlayerKind::Human, PlayerKind::Human];
        let own = self.line.map_or(self.ply, |_| self.ply.saturating_sub(1));
        let mut game = prefix(&self.game, own);
        let line: &[Turn] = match (self.line, self.current_turn()) {
            (Some(_), Some(turn)) => &turn.best,
            _ => &[],
        };
        let step = self.line.unwrap_or(0).min(line.len());
        for turn in &line[..step] {
            if game.play(turn).is_err() {
                break;
            }
        }
        let before = *game.position();
        let mut session = Session::from_game(game, viewers);
        if self.line.is_some() {
            session.hint = line.get(step).copied();
            if step == 0 {
                session.last_turn = session.hint.map(|better| trace_of(&before, &better));
            }
        }
        session
    }
}

/// Advances the engine's work and keeps the progress.
fn run_review(mut reviewing: ResMut<Reviewing>, mut budget: ResMut<SliceBudget>) {
    let reviewing = &mut *reviewing;
    let Some(job) = reviewing.job.as_mut() else { return };
    match job.poll(&mut budget) {
        Polled::Working => {
            // The share of positions searched, back in positions (the last one counts when the review is complete).
            let all = reviewing.progress.1;
            reviewing.progress.0 = ((job.progress() * all as f32).round() as usize).min(all.saturating_sub(1));
        }
        Polled::Done(review, _) => {
            info!(
                "review: {} turns at depth {}; accuracy White {:.1}, Black {:.1}",
                review.turns.len(),
                review.depth,
                review.accuracy(fanorona_rules::Side::White),
                review.accuracy(fanorona_rules::Side::Black)
            );
            reviewing.progress.0 = reviewing.progress.1;
            reviewing.review = Some(review);
            reviewing.job = None;
        }
        Polled::Failed => reviewing.job = None,
    }
}

/// The review is over (back to the game, a new game from it, or the menu): the game put aside comes back.
fn end_review(mut reviewing: ResMut<Reviewing>, mut keeper: BoardKeeper) {
    // Dropping the job stops the engine's work.
    reviewing.job = None;
    keeper.give_back();
}
