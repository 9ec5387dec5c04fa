//! Screenshot mode: `FANORONA_SCREENSHOT=out.png FANORONA_SCENE=<scene>` starts a scene, renders a few frames,
//! saves a PNG of the window and exits. Scenes: `menu`, `board`, `chain`, `choice`, `gameover`, `telo`. Files of
//! the player are not touched in this mode.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use fanorona_rules::{Point, Position, Variant};

use crate::session::{PlayerKind, Session};
use crate::state::AppState;
use crate::storage::Storage;
use crate::turn::BoardClick;

/// The screenshot to take.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotPlan {
    /// Where to save the PNG.
    pub path: String,
    /// Which scene to show.
    pub scene: String,
}

/// Frame at which the scene's clicks start, the screenshot is taken, and the program exits.
const CLICK_FRAME: u32 = 20;
const SHOT_FRAME: u32 = 60;
const EXIT_FRAME: u32 = 90;

/// Screenshot mode, when the environment asks for it.
pub struct ScreenshotPlugin;

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        let Ok(path) = std::env::var("FANORONA_SCREENSHOT") else { return };
        let scene = std::env::var("FANORONA_SCENE").unwrap_or_else(|_| "board".into());
        app.insert_resource(Storage::none())
            .insert_resource(ScreenshotPlan { path, scene })
            .add_systems(Startup, set_up_scene)
            .add_systems(Update, run_scene);
    }
}

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|_| Position::start(Variant::Tsivy))
}

fn set_up_scene(plan: Res<ScreenshotPlan>, mut session: ResMut<Session>, mut next: ResMut<NextState<AppState>>) {
    let people = [PlayerKind::Human, PlayerKind::Human];
    let start = match plan.scene.as_str() {
        "menu" => return,
        "chain" => pos("3b5/9/2w1b4/wwwwww3/9 w"),
        "choice" => pos("bbbbbbbbb/9/3bw1bbb/wwwwwwwww/wwwwwwwww w"),
        "gameover" => pos("9/9/2w1b4/wwww5/9 w"),
        "telo" => pos("3/1w1/b2 w"),
        _ => Position::start(Variant::Tsivy),
    };
    *session = Session::new(start, people);
    next.set(AppState::Playing);
}

/// The clicks of each scene, by name of point.
fn scene_clicks(scene: &str) -> &'static [&'static str] {
    match scene {
        "board" => &["f3"],
        "chain" => &["c3", "d3"],
        "choice" => &["e3", "f3"],
        "gameover" => &["c3", "d3"],
        _ => &[],
    }
}

fn run_scene(
    mut commands: Commands,
    mut frame: Local<u32>,
    plan: Res<ScreenshotPlan>,
    mut clicks: MessageWriter<BoardClick>,
    mut exit: MessageWriter<AppExit>,
) {
    *frame += 1;
    let script = scene_clicks(&plan.scene);
    if *frame >= CLICK_FRAME && (*frame - CLICK_FRAME).is_multiple_of(15) {
        let i = ((*frame - CLICK_FRAME) / 15) as usize;
        if let Some(point) = script.get(i).and_then(|p| p.parse::<Point>().ok()) {
            clicks.write(BoardClick(point));
        }
    }
    if *frame == SHOT_FRAME {
        commands.spawn(Screenshot::primary_window()).observe(save_to_disk(plan.path.clone()));
    }
    if *frame >= EXIT_FRAME {
        exit.write(AppExit::Success);
    }
}
