//! Start scenes, for screenshots and tests. `FANORONA_SCENE=<scene>` (on the web: `?scene=<scene>` in the page
//! address) starts the game in a [`Scene`] instead of the menu. Each feature adds the scenes of its screen
//! ([`AddScene`], in a `scenes.rs` of its folder), each with the system that sets it up; this module only finds the
//! one named and plays it. A scene name may end in options, which combine (`menu+mg+big`): `+cb` the colour-blind
//! palette, `+hc` high contrast, `+big` the largest UI size, `+fr`, `+mg`, `+en` or `+pseudo` that language,
//! `+noponder`. A name that is no scene, or an option that is none, starts the menu and says so in the log, naming
//! the scenes there are.
//! `FANORONA_WINDOW=390x844` opens the window at that size (a phone's, say). The player's files are not touched in
//! a scene.
//!
//! Screenshot mode: with `FANORONA_SCREENSHOT=out.png` as well (without a scene: `board`), the scene's clicks are
//! played, a PNG of the window is saved, and the program exits, printing the time to the first frame and frame times
//! while the computer thinks (with a failure status after an unknown scene).

use std::fmt;
use std::str::FromStr;

use bevy::ecs::system::{SystemId, SystemParam};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;
use fanorona_rules::{Point, Position, Variant};

use crate::AppSystems;
use crate::game::computer::{Purpose, Thinking};
use crate::game::keeper::BoardKeeper;
use crate::game::person::BoardClick;
use crate::game::session::{BoardUse, PlayerKind, Session};
use crate::i18n::Language;
use crate::persistence::settings::Settings;
use crate::persistence::storage::Storage;
use crate::screens::AppState;

/// A start scene, which the feature it shows adds ([`AddScene`]): its name (`FANORONA_SCENE`'s, kebab case), the
/// screen it shows, the points clicked once it is up, and what its screenshot waits for besides the screen.
#[derive(Clone, Copy, Debug)]
pub struct Scene {
    /// The name `FANORONA_SCENE` and `?scene=` give.
    pub name: &'static str,
    /// The screen the scene shows: its screenshot waits for it.
    pub screen: AppState,
    /// The points clicked, by name, a quarter of a second apart, from [`CLICK_FRAME`] on.
    pub clicks: &'static [&'static str],
    /// What the screenshot waits for besides the screen (the review's engine, the server's answer).
    pub ready: fn(&World) -> bool,
}

impl Scene {
    /// A scene of that name on that screen, with no clicks and nothing more to wait for.
    pub const fn new(name: &'static str, screen: AppState) -> Scene {
        Scene { name, screen, clicks: &[], ready: |_| true }
    }

    /// The scene, with these points clicked.
    pub const fn clicks(self, clicks: &'static [&'static str]) -> Scene {
        Scene { clicks, ..self }
    }

    /// The scene, its screenshot waiting until `ready` holds as well.
    pub const fn ready(self, ready: fn(&World) -> bool) -> Scene {
        Scene { ready, ..self }
    }
}

/// Every scene the features added, by name, each with the system that sets it up.
#[derive(Resource, Default)]
pub struct Scenes(Vec<(Scene, SystemId)>);

impl Scenes {
    /// The scene of that name.
    pub fn get(&self, name: &str) -> Option<Scene> {
        self.find(name).map(|(scene, _)| *scene)
    }

    fn find(&self, name: &str) -> Option<&(Scene, SystemId)> {
        self.0.binary_search_by(|(scene, _)| scene.name.cmp(name)).ok().map(|i| &self.0[i])
    }

    /// Every scene's name, in alphabetical order.
    pub fn names(&self) -> Vec<&'static str> {
        self.0.iter().map(|(scene, _)| scene.name).collect()
    }
}

/// How a feature adds its scenes.
pub trait AddScene {
    /// Adds `scene`, which `set_up` (a system run once, at start-up) puts on the screen.
    ///
    /// # Panics
    ///
    /// If a scene of that name was added before: two features would show one name.
    fn add_scene<M>(&mut self, scene: Scene, set_up: impl IntoSystem<(), (), M> + 'static) -> &mut Self;
}

impl AddScene for App {
    fn add_scene<M>(&mut self, scene: Scene, set_up: impl IntoSystem<(), (), M> + 'static) -> &mut Self {
        let id = self.world_mut().register_system(set_up);
        let mut scenes = self.world_mut().get_resource_or_init::<Scenes>();
        let at = scenes.0.partition_point(|(s, _)| s.name < scene.name);
        assert!(scenes.0.get(at).is_none_or(|(s, _)| s.name != scene.name), "two scenes are called {}", scene.name);
        scenes.0.insert(at, (scene, id));
        self
    }
}

/// Whether the scene started is one of those named: the run condition of a scene's own systems.
pub fn scene_in(names: &'static [&'static str]) -> impl FnMut(Option<Res<ScenePlan>>) -> bool + Clone {
    move |plan: Option<Res<ScenePlan>>| plan.is_some_and(|plan| names.contains(&plan.start.scene.as_str()))
}

/// A system that puts a new game on the board from `position` (in FEN), between `players`, on the game's screen,
/// kept as the player's own games are (a scene has no storage: nothing is written).
pub fn new_game(
    position: &'static str,
    players: [PlayerKind; 2],
) -> impl FnMut(BoardKeeper, ResMut<NextState<AppState>>) {
    move |mut board: BoardKeeper, mut next: ResMut<NextState<AppState>>| {
        let position = position.parse().unwrap_or_else(|_| Position::start(Variant::Tsivy));
        board.put(Session::new(position, players), BoardUse::Game { autosave: true });
        next.set(AppState::Playing);
    }
}

/// The start position of tsivy, in FEN.
pub const START: &str = "bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w";

/// A middle game with White to move, far from the opening book.
pub const MIDDLE_GAME: &str = "b2b1bb2/bbb1bbbbb/3b1w2b/wwwwwww1w/2ww1ww1w w";

/// A scene and its options, as named: `menu+mg+big`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartScene {
    /// The name of the scene to show (whether some feature added it is seen at start-up).
    pub scene: String,
    /// `+cb`: the colour-blind palette.
    pub colour_blind: bool,
    /// `+hc`: high contrast.
    pub high_contrast: bool,
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
    pub fn plain(scene: &str) -> StartScene {
        StartScene {
            scene: scene.to_owned(),
            colour_blind: false,
            high_contrast: false,
            big: false,
            language: None,
            no_ponder: false,
        }
    }
}

impl FromStr for StartScene {
    type Err = SceneError;

    fn from_str(text: &str) -> Result<StartScene, SceneError> {
        let mut parts = text.split('+');
        let mut start = StartScene::plain(parts.next().unwrap_or_default());
        for option in parts {
            match option {
                "cb" => start.colour_blind = true,
                "hc" => start.high_contrast = true,
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
        f.write_str(&self.scene)?;
        if self.colour_blind {
            f.write_str("+cb")?;
        }
        if self.high_contrast {
            f.write_str("+hc")?;
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
    Unknown {
        /// The name asked for.
        name: String,
        /// The scenes there are, by name.
        scenes: Vec<&'static str>,
    },
    /// An option (after a `+`) is none of the options.
    UnknownOption(String),
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SceneError::Unknown { name, scenes } => {
                write!(f, "no scene is called {name:?}; the scenes are {}", scenes.join(", "))
            }
            SceneError::UnknownOption(option) => {
                write!(
                    f,
                    "no scene option is called \"+{option}\"; the options are +cb, +hc, +big, +fr, +mg, +en, +pseudo"
                )
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
pub struct NoSuchScene(pub SceneError);

/// Whether the scene is on its screen with what it waits for: its screenshot is taken then.
#[derive(Resource, Clone, Copy, Debug, Default)]
struct SceneReady(bool);

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
    Some((scene.unwrap_or_else(|| "board".into()), screenshot))
}

/// When the program started (inserted by `main`), to report the time to the first frame.
#[derive(Resource, Clone, Copy, Debug)]
pub struct LaunchedAt(pub web_time::Instant);

/// The frame at which the scene's clicks start (and a scene's own steps begin).
pub const CLICK_FRAME: u32 = 20;
/// The frame at which the screenshot is taken.
pub const SHOT_FRAME: u32 = 60;
/// The frame at which the program exits, in screenshot mode.
const EXIT_FRAME: u32 = 90;

/// Start scenes and screenshot mode: the scene a [`ScenePlan`] names is set up at start-up, and with a screenshot
/// to take, it is taken. The plan comes from the environment when it names a scene (a test may insert its own).
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, start_scene.run_if(resource_exists::<ScenePlan>)).add_systems(
        Update,
        (scene_ready, run_screenshot)
            .chain()
            .in_set(AppSystems::Input)
            .run_if(|plan: Option<Res<ScenePlan>>| plan.is_some_and(|plan| plan.screenshot.is_some())),
    );
    let Some((name, screenshot)) = asked_for() else { return };
    let start = name.parse::<StartScene>().unwrap_or_else(|error| {
        app.insert_resource(NoSuchScene(error));
        StartScene::plain("menu")
    });
    app.insert_resource(Storage::none())
        .insert_resource(ScenePlan { start, screenshot })
        .add_systems(Startup, size_window);
}

/// Sets the scene up: its options in the settings, then its feature's own set-up; a name no feature added starts
/// the menu and says so.
fn start_scene(world: &mut World) {
    let start = world.resource::<ScenePlan>().start.clone();
    if let Some(mut settings) = world.get_resource_mut::<Settings>() {
        settings.colour_blind = start.colour_blind;
        settings.high_contrast = start.high_contrast;
        settings.ponder = !start.no_ponder;
        settings.language = start.language.map(|language| language.code().to_owned());
        if start.big {
            settings.ui_scale = 2.0;
        }
    }
    let scenes = world.get_resource::<Scenes>();
    match scenes.and_then(|scenes| scenes.find(&start.scene)) {
        Some(&(_, set_up)) => {
            if let Err(error) = world.run_system(set_up) {
                error!("the scene {} could not be set up: {error}", start.scene);
            }
        }
        None => {
            let scenes = scenes.map(Scenes::names).unwrap_or_default();
            world.insert_resource(NoSuchScene(SceneError::Unknown { name: start.scene, scenes }));
        }
    }
    if let Some(no_such) = world.get_resource::<NoSuchScene>() {
        error!("{}: showing the menu", no_such.0);
    }
}

/// Opens the window at the size `FANORONA_WINDOW` (`<width>x<height>`) asks for, if any.
fn size_window(mut window: Single<&mut Window, With<PrimaryWindow>>) {
    let Ok(size) = std::env::var("FANORONA_WINDOW") else { return };
    if let Some((w, h)) = size.split_once('x').and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
    {
        window.resolution.set(w as f32, h as f32);
    }
}

/// Whether the scene is on its screen, with what it waits for.
fn scene_ready(world: &mut World) {
    let name = &world.resource::<ScenePlan>().start.scene;
    let scene = world.get_resource::<Scenes>().and_then(|scenes| scenes.get(name));
    let on_screen = world.get_resource::<State<AppState>>().map(|state| *state.get());
    // The menu shown for a scene that is none is ready at once.
    let ready = scene.is_none_or(|scene| on_screen == Some(scene.screen) && (scene.ready)(world));
    world.insert_resource(SceneReady(ready));
}

/// How long a scene waits for its screen (the review's engine, the server), in frames, before its shot is taken
/// anyway.
const MOST_WAITING_FRAMES: u32 = 1800;

/// How far the screenshot is: the frame, the frames spent waiting for the scene, and the frame times with and
/// without the computer thinking ((count, total, longest) each).
#[derive(Default)]
struct ShotProgress {
    frame: u32,
    waited: u32,
    thinking: (u32, f32, f32),
    idle: (u32, f32, f32),
}

/// What the screenshot reads: the plan, the scenes, whether the scene is ready, a scene that is none, and what the
/// frames are timed with (the clock, the computer's thinking, when the program started).
#[derive(SystemParam)]
struct ShotInputs<'w> {
    plan: Res<'w, ScenePlan>,
    scenes: Option<Res<'w, Scenes>>,
    ready: Res<'w, SceneReady>,
    no_such: Option<Res<'w, NoSuchScene>>,
    time: Res<'w, Time<Real>>,
    thinking: Res<'w, Thinking>,
    launched: Option<Res<'w, LaunchedAt>>,
}

/// Screenshot mode: the scene's clicks once it is ready, its screenshot, the frame times printed, and the exit.
fn run_screenshot(
    mut commands: Commands,
    mut progress: Local<ShotProgress>,
    shot: ShotInputs,
    mut clicks: MessageWriter<BoardClick>,
    mut exit: MessageWriter<AppExit>,
) {
    progress.frame += 1;
    let frame = progress.frame;
    if frame == 2
        && let Some(launched) = &shot.launched
    {
        println!("first frame {:.0} ms after start", launched.0.elapsed().as_secs_f64() * 1000.0);
    }
    // The screenshot's own frames are slow: leave them out.
    if frame > 2 && !(SHOT_FRAME..SHOT_FRAME + 4).contains(&frame) {
        let dt = shot.time.delta_secs();
        let bucket = if shot.thinking.is(Purpose::Move) { &mut progress.thinking } else { &mut progress.idle };
        *bucket = (bucket.0 + 1, bucket.1 + dt, bucket.2.max(dt));
    }
    if frame > CLICK_FRAME && progress.waited < MOST_WAITING_FRAMES && !shot.ready.0 {
        // The shot waits for the engine or the server: the frames do not count meanwhile.
        progress.waited += 1;
        progress.frame = CLICK_FRAME + 1;
        return;
    }
    let scene = shot.scenes.as_ref().and_then(|scenes| scenes.get(&shot.plan.start.scene));
    let script = scene.map_or(&[][..], |scene| scene.clicks);
    if frame >= CLICK_FRAME && (frame - CLICK_FRAME).is_multiple_of(15) {
        let i = ((frame - CLICK_FRAME) / 15) as usize;
        if let Some(point) = script.get(i).and_then(|p| p.parse::<Point>().ok()) {
            clicks.write(BoardClick(point));
        }
    }
    if frame == SHOT_FRAME
        && let Some(path) = &shot.plan.screenshot
    {
        commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path.clone()));
    }
    if frame >= EXIT_FRAME {
        for (name, (n, total, longest)) in [("thinking", progress.thinking), ("idle", progress.idle)] {
            if n > 0 {
                let mean = total / n as f32 * 1000.0;
                println!("frames {name}: {n}, mean {mean:.1} ms, longest {:.1} ms", longest * 1000.0);
            }
        }
        // The menu's shot after an unknown scene is not the one asked for.
        exit.write(if shot.no_such.is_some() { AppExit::error() } else { AppExit::Success });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<StartScene, SceneError> {
        text.parse()
    }

    #[test]
    fn options() {
        let menu = parse("menu+mg+big").unwrap();
        let want = StartScene { big: true, language: Some(Language::Malagasy), ..StartScene::plain("menu") };
        assert_eq!(menu, want);
        assert_eq!(parse("menu+big+mg"), Ok(want.clone()));
        assert_eq!(parse(&want.to_string()), Ok(want));
        let choice = parse("choice+cb+pseudo+fr").unwrap();
        assert!(choice.colour_blind && !choice.high_contrast && !choice.big && !choice.no_ponder);
        let contrast = parse("review+hc").unwrap();
        assert!(contrast.high_contrast && !contrast.colour_blind);
        assert_eq!(parse(&contrast.to_string()), Ok(contrast));
        let ponder = parse("ponder+noponder").unwrap();
        assert!(ponder.no_ponder && ponder.scene == "ponder");
        assert_eq!(parse(&ponder.to_string()), Ok(ponder));
        assert_eq!(choice.language, Some(Language::Pseudo), "the first language named");
        assert_eq!(parse("lobby+plt").unwrap().language, Some(Language::Malagasy));
    }

    #[test]
    fn an_option_that_is_none_says_which_are() {
        assert_eq!(parse("board+de"), Err(SceneError::UnknownOption("de".into())));
        assert_eq!(parse("board+"), Err(SceneError::UnknownOption("".into())));
        let said = SceneError::Unknown { name: "boad".into(), scenes: vec!["board", "chain"] }.to_string();
        assert_eq!(said, "no scene is called \"boad\"; the scenes are board, chain");
    }

    #[test]
    fn the_scenes_positions_are_positions() {
        assert_eq!(START.parse::<Position>().ok(), Some(Position::start(Variant::Tsivy)));
        assert!(MIDDLE_GAME.parse::<Position>().is_ok());
    }
}
