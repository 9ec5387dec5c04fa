//! Start scenes, for screenshots and tests. `FANORONA_SCENE=<scene>` (on the web: `?scene=<scene>` in the page
//! address) starts the game in a [`Scene`] instead of the menu; each variant says what it shows, and its name is the
//! variant's in kebab case (`new-game`, `gameover`: [`Scene::name`]). A scene name may end in options, which combine
//! (`menu+mg+big`): `+cb` the colour-blind palette, `+big` the largest UI size, `+fr`, `+mg`, `+en` or `+pseudo`
//! that language. A name that is no scene, or an option that is none, starts the menu and says so, in the log and
//! in a window on the menu. `FANORONA_WINDOW=390x844` opens the window at that size (a phone's, say). The player's
//! files are not touched in a scene.
//!
//! Screenshot mode: with `FANORONA_SCREENSHOT=out.png` as well (without a scene: `board`), the scene's clicks are
//! played, a PNG of the window is saved, and the program exits, printing the time to the first frame and frame times
//! while the computer thinks (with a failure status after an unknown scene).

use std::fmt;
use std::str::FromStr;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;
use fanorona_ai::Level;
use fanorona_protocol::{GameVariant, TimeControl};
use fanorona_rules::{GameRecord, Point, Position, Side, Variant};

use crate::AppSystems;
use crate::analysis::AnalysisCommand;
use crate::game::commands::GameCommand;
use crate::game::computer::{Purpose, Thinking};
use crate::game::keeper::BoardKeeper;
use crate::game::person::BoardClick;
use crate::game::session::{Announce, BoardUse, PlayerKind, Session};
use crate::i18n::Language;
use crate::online::link::Link;
use crate::online::lobby::Lobby;
use crate::online::panel::LobbyTab;
use crate::online::{ChallengeSettings, OnlineCommand};
use crate::persistence::settings::Settings;
use crate::persistence::storage::{Notices, Storage};
use crate::puzzles::OpenPuzzle;
use crate::review::{ReviewCommand, Reviewing};
use crate::screens::AppState;
use crate::text;
use crate::title::menu::MenuPage;
use crate::tutorial::TutorialCommand;
use crate::ui::how_to_play::HowToPlayOpen;

/// A start scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scene {
    /// The title page.
    Menu,
    /// The menu's page for a new game.
    NewGame,
    /// The menu's settings page.
    Settings,
    /// A new game, with a click on f3.
    Board,
    /// A capture chain in progress (White's c3-d3 and what follows).
    Chain,
    /// A capture that could be by approach or by withdrawal: the choice asked.
    Choice,
    /// A game won by its last capture (White's c3-d3).
    GameOver,
    /// The small board of fanoron-telo.
    Telo,
    /// You against the master level.
    Computer,
    /// The master plays itself.
    Think,
    /// You, White, against the master on a middle game outside its book.
    Reply,
    /// You, White, against the master, who has just played a turn outside its book and thinks on your time.
    Ponder,
    /// A lost rated game, with the rating change and the vela offer.
    Vela,
    /// You against the computer, asked whether to resign.
    Resign,
    /// A lesson of the tutorial, on captures.
    Tutorial,
    /// A dimy puzzle of two turns to find, with an approach/withdrawal choice.
    Puzzle,
    /// The how-to-play screen.
    Rules,
    /// The review of a game with a blunder, looking at the better turn once the engine is through.
    Review,
    /// The analysis board on a middle game.
    Analysis,
    /// A game that opens with a turn players name (vaky loha) in play, for the move list and its opening.
    Moves,
    /// The review of that game, with its opening named.
    Opening,
    /// The board with a notice and a problem shown.
    Toast,
    /// The online lobby of the server the settings name.
    Lobby,
    /// The lobby's first challenge accepted: a game against whoever opened it (such as `fanorona-bot`).
    Online,
    /// A challenge opened in the lobby, its id logged, for the browser test.
    Challenge,
    /// The first online game in progress, watched.
    Watch,
    /// The player's games in the lobby, as the player whose token `FANORONA_ONLINE_TOKEN` holds (a new guest
    /// without it).
    Profile,
}

impl Scene {
    /// Every scene.
    pub const ALL: [Scene; 27] = [
        Scene::Menu,
        Scene::NewGame,
        Scene::Settings,
        Scene::Board,
        Scene::Chain,
        Scene::Choice,
        Scene::GameOver,
        Scene::Telo,
        Scene::Computer,
        Scene::Think,
        Scene::Reply,
        Scene::Ponder,
        Scene::Vela,
        Scene::Resign,
        Scene::Tutorial,
        Scene::Puzzle,
        Scene::Rules,
        Scene::Review,
        Scene::Analysis,
        Scene::Moves,
        Scene::Opening,
        Scene::Toast,
        Scene::Lobby,
        Scene::Online,
        Scene::Challenge,
        Scene::Watch,
        Scene::Profile,
    ];

    /// The scene's name, as `FANORONA_SCENE` and `?scene=` give it.
    pub const fn name(self) -> &'static str {
        match self {
            Scene::Menu => "menu",
            Scene::NewGame => "new-game",
            Scene::Settings => "settings",
            Scene::Board => "board",
            Scene::Chain => "chain",
            Scene::Choice => "choice",
            Scene::GameOver => "gameover",
            Scene::Telo => "telo",
            Scene::Computer => "computer",
            Scene::Think => "think",
            Scene::Reply => "reply",
            Scene::Ponder => "ponder",
            Scene::Vela => "vela",
            Scene::Resign => "resign",
            Scene::Tutorial => "tutorial",
            Scene::Puzzle => "puzzle",
            Scene::Rules => "rules",
            Scene::Review => "review",
            Scene::Analysis => "analysis",
            Scene::Moves => "moves",
            Scene::Opening => "opening",
            Scene::Toast => "toast",
            Scene::Lobby => "lobby",
            Scene::Online => "online",
            Scene::Challenge => "challenge",
            Scene::Watch => "watch",
            Scene::Profile => "profile",
        }
    }

    /// The scenes that open the online lobby (and need a server).
    const fn is_online(self) -> bool {
        matches!(self, Scene::Lobby | Scene::Online | Scene::Challenge | Scene::Watch | Scene::Profile)
    }

    /// The scene's clicks, by name of point.
    const fn clicks(self) -> &'static [&'static str] {
        match self {
            Scene::Board => &["f3"],
            // White's first turn, if the person plays White.
            Scene::Online => &["e2", "e3"],
            Scene::Chain | Scene::GameOver => &["c3", "d3"],
            Scene::Choice => &["e3", "f3"],
            _ => &[],
        }
    }
}

impl fmt::Display for Scene {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A scene and its options, as named: `menu+mg+big`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartScene {
    /// Which scene to show.
    pub scene: Scene,
    /// `+cb`: the colour-blind palette.
    pub colour_blind: bool,
    /// `+big`: the largest UI size.
    pub big: bool,
    /// `+fr`, `+mg`, `+en`, `+pseudo`: the scene in that language (otherwise the system's, as on a first start).
    pub language: Option<Language>,
    /// `+noponder`: the computer does not think on the person's time (to compare the frames; otherwise it does,
    /// whatever the machine).
    pub no_ponder: bool,
}

impl StartScene {
    /// The scene with no options.
    pub const fn plain(scene: Scene) -> StartScene {
        StartScene { scene, colour_blind: false, big: false, language: None, no_ponder: false }
    }
}

impl FromStr for StartScene {
    type Err = SceneError;

    fn from_str(text: &str) -> Result<StartScene, SceneError> {
        let mut parts = text.split('+');
        let name = parts.next().unwrap_or_default();
        let scene =
            Scene::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| SceneError::Unknown(name.to_owned()))?;
        let mut start = StartScene::plain(scene);
        for option in parts {
            match option {
                "cb" => start.colour_blind = true,
                "big" => start.big = true,
                "noponder" => start.no_ponder = true,
                _ => {
                    let language = Language::from_code(option);
                    let language = language.ok_or_else(|| SceneError::UnknownOption(option.to_owned()))?;
                    // The first language named is spoken.
                    start.language = start.language.or(Some(language));
                }
            }
        }
        Ok(start)
    }
}

impl fmt::Display for StartScene {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.scene)?;
        if self.colour_blind {
            f.write_str("+cb")?;
        }
        if self.big {
            f.write_str("+big")?;
        }
        if self.no_ponder {
            f.write_str("+noponder")?;
        }
        if let Some(language) = self.language {
            write!(f, "+{}", language.code())?;
        }
        Ok(())
    }
}

/// A scene name that names no scene.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SceneError {
    /// The name before the options is no scene's.
    Unknown(String),
    /// An option (after a `+`) is none of the options.
    UnknownOption(String),
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SceneError::Unknown(name) => {
                let names: Vec<&str> = Scene::ALL.iter().map(|s| s.name()).collect();
                write!(f, "no scene is called {name:?}; the scenes are {}", names.join(", "))
            }
            SceneError::UnknownOption(option) => {
                write!(f, "no scene option is called \"+{option}\"; the options are +cb, +big, +fr, +mg, +en, +pseudo")
            }
        }
    }
}

impl std::error::Error for SceneError {}

/// The scene to start, and the screenshot to take of it.
#[derive(Resource, Clone, Debug)]
pub struct ScenePlan {
    /// Which scene to show, with its options.
    pub start: StartScene,
    /// Where to save the PNG, in screenshot mode.
    pub screenshot: Option<String>,
}

/// The scene asked for does not exist: the menu is shown instead, with the reason.
#[derive(Resource, Clone, Debug)]
struct NoSuchScene(SceneError);

/// The scene the environment (or the page address, on the web) names, if any: `board` in screenshot mode without
/// one.
fn asked_for() -> Option<(String, Option<String>)> {
    #[cfg(target_arch = "wasm32")]
    let scene = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .and_then(|q| q.trim_start_matches('?').split('&').find_map(|kv| kv.strip_prefix("scene=").map(String::from)));
    #[cfg(not(target_arch = "wasm32"))]
    let scene = std::env::var("FANORONA_SCENE").ok();
    let screenshot = std::env::var("FANORONA_SCREENSHOT").ok();
    if scene.is_none() && screenshot.is_none() {
        return None;
    }
    Some((scene.unwrap_or_else(|| Scene::Board.name().into()), screenshot))
}

/// When the program started (inserted by `main`), to report the time to the first frame.
#[derive(Resource, Clone, Copy, Debug)]
pub struct LaunchedAt(pub web_time::Instant);

/// Frame at which the scene's clicks start, the screenshot is taken, and the program exits.
const CLICK_FRAME: u32 = 20;
const SHOT_FRAME: u32 = 60;
const EXIT_FRAME: u32 = 90;

/// Start scenes and screenshot mode, when the environment asks for them.
pub fn plugin(app: &mut App) {
    let Some((name, screenshot)) = asked_for() else { return };
    let start = match name.parse::<StartScene>() {
        Ok(start) => start,
        Err(error) => {
            app.insert_resource(NoSuchScene(error)).add_systems(Startup, log_no_such_scene);
            StartScene::plain(Scene::Menu)
        }
    };
    let scene = start.scene;
    let shooting = screenshot.is_some();
    app.insert_resource(Storage::none())
        .insert_resource(ScenePlan { start, screenshot })
        .add_systems(Startup, (set_up_scene, size_window));
    match scene {
        Scene::Toast => {
            app.add_systems(Update, toast_scene.in_set(AppSystems::Input));
        }
        Scene::Review | Scene::Opening => {
            app.add_systems(Update, review_scene.in_set(AppSystems::Input));
        }
        Scene::Analysis => {
            app.add_systems(Update, analysis_scene.in_set(AppSystems::Input));
        }
        Scene::Resign => {
            app.add_systems(Update, resign_scene.in_set(AppSystems::Input));
        }
        _ if scene.is_online() => {
            app.add_systems(Update, online_scene.in_set(AppSystems::Input));
        }
        _ => {}
    }
    if shooting {
        app.add_systems(Update, run_screenshot.in_set(AppSystems::Input));
    }
}

fn log_no_such_scene(no_such: Res<NoSuchScene>) {
    error!("{}: showing the menu", no_such.0);
}

/// Opens the window at the size `FANORONA_WINDOW` (`<width>x<height>`) asks for, if any.
fn size_window(mut window: Single<&mut Window, With<PrimaryWindow>>) {
    let Ok(size) = std::env::var("FANORONA_WINDOW") else { return };
    if let Some((w, h)) = size.split_once('x').and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
    {
        window.resolution.set(w as f32, h as f32);
    }
}

/// The `toast` scene's notices, shown shortly before the screenshot so they are still there.
fn toast_scene(mut frame: Local<u32>, mut notices: ResMut<Notices>) {
    *frame += 1;
    if *frame == SHOT_FRAME - 6 {
        notices.say(text!("game-saved"));
        notices.problem(text!(
            "file-kept-aside",
            what = "settings",
            problem = "expected a struct",
            aside = "settings.ron.bad"
        ));
        notices.say(text!("copied-position", position = "bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w"));
    }
}

/// A short tsivy game in which Black's 4th turn, b3-c3W, hands White a five-piece chain (e4-e3A kept the game
/// level): the `review` scene's game.
pub const REVIEW_GAME: &str = "1. d2-e3A f5-f4A 2. e1-f2A-f3A h5-h4A 3. c3-d2W i3-h2A-g3W-h3W 4. g2-g3A-f4A-g4A \
                               b3-c3W 5. a2-a3A-b3A-b4A-a4W d5-e5 6. e2-f2 h3-h2 7. f2-g2A c5-b5 *";

/// The `moves` and `opening` scenes' game: it opens with vaky loha (`e2-e3A`), which the move list names (the master's
/// turns at depth 5 after it).
const OPENING_GAME: &str = "1. e2-e3A d4-e5W 2. b1-b2A e5-e4A 3. c2-c3A-b3W f4-e3A-d3W-d2A-c3W 4. b2-a1W g3-f3W \
                            5. h2-h3A-g3A-h4A g4-f4W-f3A 6. g1-h2A i4-i3A *";

/// The position looked at in the `review` and `opening` scenes: after the blunder in `review`'s.
const REVIEW_PLY: usize = 8;

/// A scene's game, kept as the player's would be (a scene has no storage: nothing is written).
const KEPT: BoardUse = BoardUse::Game { autosave: true };

/// The `puzzle` scene's puzzle: dimy, two turns to find, an approach/withdrawal choice (the browser test solves it).
pub const SCENE_PUZZLE: &str = "d4";

/// A middle game with White to move, far from the opening book.
const MIDDLE_GAME: &str = "b2b1bb2/bbb1bbbbb/3b1w2b/wwwwwww1w/2ww1ww1w w";
/// A middle game with the computer, Black, to move (the second position of `fanorona-cli bench --search`).
const PONDER_GAME: &str = "bbbbb2bb/bbbbb1bbb/wbw1wb1wb/www1wwwww/www1wwwww b";

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|_| Position::start(Variant::Tsivy))
}

#[allow(clippy::too_many_arguments)]
fn set_up_scene(
    plan: Res<ScenePlan>,
    mut board: BoardKeeper,
    mut announce: Announce,
    mut next: ResMut<NextState<AppState>>,
    mut tutorial: MessageWriter<TutorialCommand>,
    mut puzzle: MessageWriter<OpenPuzzle>,
    mut how_to_play: ResMut<HowToPlayOpen>,
    mut settings: ResMut<Settings>,
    mut page: ResMut<MenuPage>,
) {
    let start = &plan.start;
    settings.colour_blind = start.colour_blind;
    settings.ponder = !start.no_ponder;
    settings.language = start.language.map(|language| language.code().to_owned());
    if start.big {
        settings.ui_scale = 2.0;
    }
    let mut players = [PlayerKind::Human, PlayerKind::Human];
    let position = match start.scene {
        Scene::Tutorial => {
            tutorial.write(TutorialCommand::Open);
            tutorial.write(TutorialCommand::Lesson(2));
            return;
        }
        Scene::Rules => {
            how_to_play.0 = true;
            return;
        }
        Scene::Puzzle => {
            puzzle.write(OpenPuzzle(SCENE_PUZZLE.to_owned()));
            return;
        }
        Scene::Vela => {
            let players = [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)];
            board.put(Session::new(Position::start(Variant::Tsivy), players), KEPT);
            announce.resign(board.session_mut(), Side::White);
            next.set(AppState::Playing);
            return;
        }
        Scene::Think => {
            players = [PlayerKind::Computer(Level::Master); 2];
            Position::start(Variant::Tsivy)
        }
        Scene::Computer => {
            players = [PlayerKind::Human, PlayerKind::Computer(Level::Master)];
            Position::start(Variant::Tsivy)
        }
        Scene::Resign => {
            players = [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)];
            Position::start(Variant::Tsivy)
        }
        Scene::Reply => {
            players = [PlayerKind::Human, PlayerKind::Computer(Level::Master)];
            pos(MIDDLE_GAME)
        }
        Scene::Ponder => {
            players = [PlayerKind::Human, PlayerKind::Computer(Level::Master)];
            pos(PONDER_GAME)
        }
        Scene::Menu | Scene::Lobby | Scene::Online | Scene::Challenge => return,
        Scene::NewGame => {
            *page = MenuPage::NewGame;
            return;
        }
        Scene::Settings => {
            *page = MenuPage::Settings;
            return;
        }
        Scene::Review | Scene::Moves | Scene::Opening => {
            let text = if start.scene == Scene::Review { REVIEW_GAME } else { OPENING_GAME };
            if let Ok(game) = GameRecord::load_text(text) {
                board.put(Session::from_game(game, players), BoardUse::Game { autosave: false });
                next.set(AppState::Playing);
            }
            return;
        }
        Scene::Chain => pos("3b5/9/2w1b4/wwwwww3/9 w"),
        Scene::Analysis => pos(MIDDLE_GAME),
        Scene::Choice => pos("bbbbbbbbb/9/3bw1bbb/wwwwwwwww/wwwwwwwww w"),
        Scene::GameOver => pos("9/9/2w1b4/wwww5/9 w"),
        Scene::Telo => pos("3/1w1/b2 w"),
        // `watch` and `profile` open the lobby from a new game on the board.
        Scene::Board | Scene::Toast | Scene::Watch | Scene::Profile => Position::start(Variant::Tsivy),
    };
    board.put(Session::new(position, players), KEPT);
    next.set(AppState::Playing);
}

/// The `review` scene's steps: open the review, then (once the engine is through) look at the blunder and its
/// better turn.
fn review_scene(
    mut frame: Local<u32>,
    mut shown: Local<bool>,
    reviewing: Res<Reviewing>,
    mut review: MessageWriter<ReviewCommand>,
) {
    *frame += 1;
    if *frame == CLICK_FRAME {
        review.write(ReviewCommand::Open);
    }
    if reviewing.review().is_some() && !*shown {
        *shown = true;
        review.write(ReviewCommand::Goto(REVIEW_PLY));
        review.write(ReviewCommand::LineForward);
    }
}

/// The `analysis` scene opens the analysis board on the game's position.
fn analysis_scene(mut frame: Local<u32>, mut analysis: MessageWriter<AnalysisCommand>) {
    *frame += 1;
    if *frame == CLICK_FRAME {
        analysis.write(AnalysisCommand::Open);
    }
}

fn resign_scene(mut frame: Local<u32>, mut game: MessageWriter<GameCommand>) {
    *frame += 1;
    if *frame == CLICK_FRAME {
        game.write(GameCommand::Resign);
    }
}

/// The `lobby` scene opens the lobby; the `online` scene also accepts the first challenge of someone else's; the
/// `challenge` scene opens a challenge (tsivy 5+3, unrated) and logs its id; the `watch` scene watches the first
/// game in progress; the `profile` scene shows the player's games, as the player whose token
/// `FANORONA_ONLINE_TOKEN` holds (a new guest without it).
#[allow(clippy::too_many_arguments)]
fn online_scene(
    mut frame: Local<u32>,
    mut done: Local<bool>,
    mut asked: Local<bool>,
    plan: Res<ScenePlan>,
    lobby: Res<Lobby>,
    link: Res<Link>,
    mut settings: ResMut<Settings>,
    mut tab: ResMut<LobbyTab>,
    mut online: MessageWriter<OnlineCommand>,
) {
    *frame += 1;
    if *frame == 1 {
        if plan.start.scene == Scene::Profile {
            settings.online.token = std::env::var("FANORONA_ONLINE_TOKEN").ok();
        }
        online.write(OnlineCommand::Open);
    }
    if *done || !link.is_online() {
        return;
    }
    let mine = |id: &str| link.me().is_some_and(|me| me.id == id);
    match plan.start.scene {
        Scene::Online => {
            if let Some(challenge) = lobby.challenges.iter().find(|c| !mine(&c.by.id)) {
                *done = true;
                online.write(OnlineCommand::Accept(challenge.id.clone()));
            }
        }
        Scene::Watch => {
            if let Some(game) = lobby.games.first() {
                *done = true;
                online.write(OnlineCommand::Watch(game.id.clone()));
            }
        }
        Scene::Profile => {
            *done = true;
            *tab = LobbyTab::Profile;
            online.write(OnlineCommand::Profile);
        }
        Scene::Challenge => match &lobby.mine {
            Some(challenge) => {
                *done = true;
                info!("challenge open: {}", challenge.id);
            }
            None if !*asked => {
                *asked = true;
                let time = TimeControl { minutes: 5, increment: 3 };
                online.write(OnlineCommand::Create(ChallengeSettings {
                    variant: GameVariant::Tsivy,
                    rated: false,
                    time,
                }));
            }
            None => {}
        },
        _ => {}
    }
}

/// Whether a scene that waits for something (the review's engine, the server) is not ready for its shot yet.
fn waiting(scene: Scene, reviewing: &Reviewing, lobby: &Lobby, state: AppState) -> bool {
    match scene {
        Scene::Review | Scene::Opening => reviewing.review().is_none(),
        Scene::Lobby => lobby.challenges.is_empty(),
        Scene::Online | Scene::Watch => state != AppState::Online,
        Scene::Profile => lobby.profile.is_none(),
        _ => false,
    }
}

/// How long a scene waits for the server, in frames, before its shot is taken anyway.
const MOST_WAITING_FRAMES: u32 = 1800;

/// Frame times with and without the computer thinking: (count, total, longest) each.
#[derive(Default)]
struct ThinkingFrames {
    thinking: (u32, f32, f32),
    idle: (u32, f32, f32),
}

#[allow(clippy::too_many_arguments)]
fn run_screenshot(
    mut commands: Commands,
    mut frame: Local<u32>,
    mut measured: Local<ThinkingFrames>,
    plan: Res<ScenePlan>,
    time: Res<Time<Real>>,
    thinking: Res<Thinking>,
    launched: Option<Res<LaunchedAt>>,
    mut clicks: MessageWriter<BoardClick>,
    mut exit: MessageWriter<AppExit>,
    reviewing: Res<Reviewing>,
    lobby: Res<Lobby>,
    state: Res<State<AppState>>,
    mut waited: Local<u32>,
    no_such: Option<Res<NoSuchScene>>,
) {
    *frame += 1;
    if *frame == 2
        && let Some(launched) = launched
    {
        println!("first frame {:.0} ms after start", launched.0.elapsed().as_secs_f64() * 1000.0);
    }
    // The screenshot's own frames are slow: leave them out.
    if *frame > 2 && !(SHOT_FRAME..SHOT_FRAME + 4).contains(&*frame) {
        let dt = time.delta_secs();
        let bucket = if thinking.is(Purpose::Move) { &mut measured.thinking } else { &mut measured.idle };
        *bucket = (bucket.0 + 1, bucket.1 + dt, bucket.2.max(dt));
    }
    let scene = plan.start.scene;
    if *frame > CLICK_FRAME && *waited < MOST_WAITING_FRAMES && waiting(scene, &reviewing, &lobby, *state.get()) {
        // The shot waits for the engine or the server: the frames do not count meanwhile.
        *waited += 1;
        *frame = CLICK_FRAME + 1;
        return;
    }
    let script = scene.clicks();
    if *frame >= CLICK_FRAME && (*frame - CLICK_FRAME).is_multiple_of(15) {
        let i = ((*frame - CLICK_FRAME) / 15) as usize;
        if let Some(point) = script.get(i).and_then(|p| p.parse::<Point>().ok()) {
            clicks.write(BoardClick(point));
        }
    }
    if *frame == SHOT_FRAME
        && let Some(path) = &plan.screenshot
    {
        commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path.clone()));
    }
    if *frame >= EXIT_FRAME {
        for (name, (n, total, longest)) in [("thinking", measured.thinking), ("idle", measured.idle)] {
            if n > 0 {
                let mean = total / n as f32 * 1000.0;
                println!("frames {name}: {n}, mean {mean:.1} ms, longest {:.1} ms", longest * 1000.0);
            }
        }
        // The menu's shot after an unknown scene is not the one asked for.
        exit.write(if no_such.is_some() { AppExit::error() } else { AppExit::Success });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<StartScene, SceneError> {
        text.parse()
    }

    #[test]
    fn every_scene_is_found_by_its_name_and_shown_as_it() {
        for scene in Scene::ALL {
            let start = StartScene::plain(scene);
            assert_eq!(parse(scene.name()), Ok(start.clone()));
            assert_eq!(start.to_string(), scene.name());
        }
        let mut names: Vec<&str> = Scene::ALL.iter().map(|s| s.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Scene::ALL.len(), "two scenes with one name");
    }

    #[test]
    fn options() {
        let menu = parse("menu+mg+big").unwrap();
        let want = StartScene { big: true, language: Some(Language::Malagasy), ..StartScene::plain(Scene::Menu) };
        assert_eq!(menu, want);
        assert_eq!(parse("menu+big+mg"), Ok(want.clone()));
        assert_eq!(parse(&want.to_string()), Ok(want));
        let choice = parse("choice+cb+pseudo+fr").unwrap();
        assert!(choice.colour_blind && !choice.big && !choice.no_ponder);
        let ponder = parse("ponder+noponder").unwrap();
        assert!(ponder.no_ponder && ponder.scene == Scene::Ponder);
        assert_eq!(parse(&ponder.to_string()), Ok(ponder));
        assert_eq!(choice.language, Some(Language::Pseudo), "the first language named");
        assert_eq!(parse("lobby+plt").unwrap().language, Some(Language::Malagasy));
    }

    #[test]
    fn a_name_that_is_no_scene_says_which_are() {
        assert_eq!(parse("boad"), Err(SceneError::Unknown("boad".into())));
        assert_eq!(parse(""), Err(SceneError::Unknown("".into())));
        assert_eq!(parse("Board"), Err(SceneError::Unknown("Board".into())));
        assert_eq!(parse("board+de"), Err(SceneError::UnknownOption("de".into())));
        assert_eq!(parse("board+"), Err(SceneError::UnknownOption("".into())));
        let said = SceneError::Unknown("boad".into()).to_string();
        assert!(said.contains("\"boad\"") && said.contains("board, chain, choice"), "{said}");
    }

    /// The scene names the screenshot script, CI, the browser test and the README use.
    #[test]
    fn the_scripts_scenes_exist() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let read = |path: &str| std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        let name_after = |text: &str, start: usize| -> String {
            text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || "+-".contains(*c)).collect()
        };
        let mut used = Vec::new();
        for (path, marker) in [("web/test.mjs", "?scene="), ("README.md", "?scene="), (".ci/run", "FANORONA_SCENE=")] {
            let text = read(path);
            let found: Vec<String> =
                text.match_indices(marker).map(|(i, _)| name_after(&text, i + marker.len())).collect();
            assert!(!found.is_empty(), "no scene in {path}");
            used.extend(found);
        }
        let script = read("scripts/screenshots.sh");
        let list = script.split_once("|| scenes=(").and_then(|(_, rest)| rest.split_once(')')).map(|(list, _)| list);
        let list = list.unwrap_or_else(|| panic!("no default list of scenes in scripts/screenshots.sh"));
        used.extend(list.split_whitespace().map(String::from));
        assert!(used.len() > 20, "{used:?}");
        for name in used {
            assert!(parse(&name).is_ok(), "{name}: {:?}", parse(&name));
        }
    }
}
