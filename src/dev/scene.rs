//! Start scenes, for screenshots and tests. `FANORONA_SCENE=<scene>` (on the web: `?scene=<scene>` in the page
//! address) starts the game in a scene instead of the menu: `menu` (the title page), `new-game` and `settings` (its
//! other pages), `board`, `chain`, `choice`, `gameover`, `telo`, `computer` (you against the master level), `think`
//! (the master plays itself), `reply` (you, White, against the master on a middle game outside its book), `vela`
//! (a lost rated game, with the rating change and the vela offer), `tutorial` (a lesson on captures), `rules` (the
//! how-to-play screen) and `review` (the review of a game with a blunder, looking at the better turn once the engine
//! is through), `analysis` (the analysis board on a middle game), `moves` (the review's game in play, for the move
//! list), `toast` (the board with a notice and a problem shown), `lobby` (the online lobby of the server the
//! settings name), `online` (the lobby's first challenge accepted: a game against whoever opened it, such as
//! `fanorona-bot`) and `challenge` (a challenge opened in the lobby, its id logged, for the browser test).
//! A scene name ending in `+cb` shows it in the colour-blind palette, one ending in `+big` at the largest UI size,
//! one ending in `+fr`, `+mg`, `+en` or `+pseudo` in that language (suffixes combine: `menu+mg+big`).
//! `FANORONA_WINDOW=390x844` opens the window at that size (a phone's, say). The player's files are not touched in a
//! scene.
//!
//! Screenshot mode: with `FANORONA_SCREENSHOT=out.png` as well, the scene's clicks are played, a PNG of the window
//! is saved, and the program exits, printing the time to the first frame and frame times while the computer
//! thinks.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;
use fanorona_ai::Level;
use fanorona_protocol::{GameVariant, TimeControl};
use fanorona_rules::{GameRecord, Point, Position, Side, Variant};

use crate::AppSystems;
use crate::analysis::AnalysisCommand;
use crate::game::computer::{Purpose, Thinking};
use crate::game::keeper::BoardKeeper;
use crate::game::person::BoardClick;
use crate::game::session::{Announce, BoardUse, PlayerKind, Session};
use crate::i18n::Language;
use crate::online::link::Link;
use crate::online::lobby::Lobby;
use crate::online::{ChallengeSettings, OnlineCommand};
use crate::persistence::settings::Settings;
use crate::persistence::storage::{Notices, Storage};
use crate::review::{ReviewCommand, Reviewing};
use crate::screens::AppState;
use crate::text;
use crate::tutorial::TutorialCommand;
use crate::ui::how_to_play::HowToPlayOpen;
use crate::ui::menu::MenuPage;
use crate::ui::online::LobbyTab;

/// The scene to start, and the screenshot to take of it.
#[derive(Resource, Clone, Debug)]
pub struct ScenePlan {
    /// Which scene to show.
    pub scene: String,
    /// Where to save the PNG, in screenshot mode.
    pub screenshot: Option<String>,
}

impl ScenePlan {
    /// The plan the environment (or the page address, on the web) asks for, if any.
    fn from_environment() -> Option<ScenePlan> {
        #[cfg(target_arch = "wasm32")]
        let scene = web_sys::window().and_then(|w| w.location().search().ok()).and_then(|q| {
            q.trim_start_matches('?').split('&').find_map(|kv| kv.strip_prefix("scene=").map(String::from))
        });
        #[cfg(not(target_arch = "wasm32"))]
        let scene = std::env::var("FANORONA_SCENE").ok();
        let screenshot = std::env::var("FANORONA_SCREENSHOT").ok();
        if scene.is_none() && screenshot.is_none() {
            return None;
        }
        Some(ScenePlan { scene: scene.unwrap_or_else(|| "board".into()), screenshot })
    }
}

/// When the program started (inserted by `main`), to report the time to the first frame.
#[derive(Resource, Clone, Copy, Debug)]
pub struct LaunchedAt(pub web_time::Instant);

/// Frame at which the scene's clicks start, the screenshot is taken, and the program exits.
const CLICK_FRAME: u32 = 20;
const SHOT_FRAME: u32 = 60;
const EXIT_FRAME: u32 = 90;

/// Start scenes and screenshot mode, when the environment asks for them.
pub struct ScenePlugin;

impl Plugin for ScenePlugin {
    fn build(&self, app: &mut App) {
        let Some(plan) = ScenePlan::from_environment() else { return };
        let screenshot = plan.screenshot.is_some();
        let scene = base_scene(&plan.scene).to_owned();
        app.insert_resource(Storage::none()).insert_resource(plan).add_systems(Startup, (set_up_scene, size_window));
        match scene.as_str() {
            "toast" => {
                app.add_systems(Update, toast_scene.in_set(AppSystems::Input));
            }
            "review" => {
                app.add_systems(Update, review_scene.in_set(AppSystems::Input));
            }
            "analysis" => {
                app.add_systems(Update, analysis_scene.in_set(AppSystems::Input));
            }
            "lobby" | "online" | "challenge" | "watch" | "profile" => {
                app.add_systems(Update, online_scene.in_set(AppSystems::Input));
            }
            _ => {}
        }
        if screenshot {
            app.add_systems(Update, run_screenshot.in_set(AppSystems::Input));
        }
    }
}

/// A scene's name without its suffixes.
fn base_scene(name: &str) -> &str {
    name.split('+').next().unwrap_or(name)
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

/// The position looked at in the `review` scene: after the blunder.
const REVIEW_PLY: usize = 8;

/// A middle game with White to move, far from the opening book.
/// A scene's game, kept as the player's would be (a scene has no storage: nothing is written).
const KEPT: BoardUse = BoardUse::Game { autosave: true };

const MIDDLE_GAME: &str = "b2b1bb2/bbb1bbbbb/3b1w2b/wwwwwww1w/2ww1ww1w w";

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
    mut how_to_play: ResMut<HowToPlayOpen>,
    mut settings: ResMut<Settings>,
    mut page: ResMut<MenuPage>,
) {
    let scene = base_scene(&plan.scene);
    settings.colour_blind = plan.scene.contains("+cb");
    // `+fr`, `+mg`, `+en`, `+pseudo`: the scene in that language (otherwise the system's, as on a first start).
    settings.language = plan.scene.split('+').skip(1).find(|s| Language::from_code(s).is_some()).map(String::from);
    if plan.scene.contains("+big") {
        settings.ui_scale = 2.0;
    }
    let mut players = [PlayerKind::Human, PlayerKind::Human];
    let start = match scene {
        "tutorial" => {
            tutorial.write(TutorialCommand::Open);
            tutorial.write(TutorialCommand::Lesson(2));
            return;
        }
        "rules" => {
            how_to_play.0 = true;
            return;
        }
        "vela" => {
            let players = [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)];
            board.put(Session::new(Position::start(Variant::Tsivy), players), KEPT);
            announce.resign(board.session_mut(), Side::White);
            next.set(AppState::Playing);
            return;
        }
        "think" => {
            players = [PlayerKind::Computer(Level::Master); 2];
            Position::start(Variant::Tsivy)
        }
        "computer" => {
            players = [PlayerKind::Human, PlayerKind::Computer(Level::Master)];
            Position::start(Variant::Tsivy)
        }
        "reply" => {
            players = [PlayerKind::Human, PlayerKind::Computer(Level::Master)];
            pos(MIDDLE_GAME)
        }
        "menu" | "lobby" | "online" | "challenge" => return,
        "new-game" => {
            *page = MenuPage::NewGame;
            return;
        }
        "settings" => {
            *page = MenuPage::Settings;
            return;
        }
        // `moves`: the review's game on the board, for the game panel's move list.
        "review" | "moves" => {
            if let Ok(game) = GameRecord::load_text(REVIEW_GAME) {
                board.put(Session::from_game(game, players), BoardUse::Game { autosave: false });
                next.set(AppState::Playing);
            }
            return;
        }
        "chain" => pos("3b5/9/2w1b4/wwwwww3/9 w"),
        "analysis" => pos(MIDDLE_GAME),
        "choice" => pos("bbbbbbbbb/9/3bw1bbb/wwwwwwwww/wwwwwwwww w"),
        "gameover" => pos("9/9/2w1b4/wwww5/9 w"),
        "telo" => pos("3/1w1/b2 w"),
        _ => Position::start(Variant::Tsivy),
    };
    board.put(Session::new(start, players), KEPT);
    next.set(AppState::Playing);
}

/// The clicks of each scene, by name of point.
fn scene_clicks(scene: &str) -> &'static [&'static str] {
    match scene {
        "board" => &["f3"],
        // White's first turn, if the person plays White.
        "online" => &["e2", "e3"],
        "chain" => &["c3", "d3"],
        "choice" => &["e3", "f3"],
        "gameover" => &["c3", "d3"],
        _ => &[],
    }
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
        if base_scene(&plan.scene) == "profile" {
            settings.online.token = std::env::var("FANORONA_ONLINE_TOKEN").ok();
        }
        online.write(OnlineCommand::Open);
    }
    if *done || !link.is_online() {
        return;
    }
    let mine = |id: &str| link.me().is_some_and(|me| me.id == id);
    match base_scene(&plan.scene) {
        "online" => {
            if let Some(challenge) = lobby.challenges.iter().find(|c| !mine(&c.by.id)) {
                *done = true;
                online.write(OnlineCommand::Accept(challenge.id.clone()));
            }
        }
        "watch" => {
            if let Some(game) = lobby.games.first() {
                *done = true;
                online.write(OnlineCommand::Watch(game.id.clone()));
            }
        }
        "profile" => {
            *done = true;
            *tab = LobbyTab::Profile;
            online.write(OnlineCommand::Profile);
        }
        "challenge" => match &lobby.mine {
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
fn waiting(scene: &str, reviewing: &Reviewing, lobby: &Lobby, state: AppState) -> bool {
    match scene {
        "review" => reviewing.review().is_none(),
        "lobby" => lobby.challenges.is_empty(),
        "online" | "watch" => state != AppState::Online,
        "profile" => lobby.profile.is_none(),
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
    let scene = base_scene(&plan.scene);
    if *frame > CLICK_FRAME && *waited < MOST_WAITING_FRAMES && waiting(scene, &reviewing, &lobby, *state.get()) {
        // The shot waits for the engine or the server: the frames do not count meanwhile.
        *waited += 1;
        *frame = CLICK_FRAME + 1;
        return;
    }
    let script = scene_clicks(scene);
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
        exit.write(AppExit::Success);
    }
}
