//! The start scenes, as the screenshot script, CI and the browser test use them: every scene they name exists, each
//! sets up the screen it says it shows, and a name that is no scene starts the menu, naming the scenes there are.

use std::path::PathBuf;
use std::time::Duration;

use crate::common::*;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use fanorona::dev::scene::{NoSuchScene, SceneError, ScenePlan, Scenes, StartScene};
use fanorona::persistence::storage::Storage;
use fanorona::screens::AppState;

/// The game's logic in `dir`, started in the scene `name` as `FANORONA_SCENE` would start it (without a window).
fn app_in_scene(dir: &PathBuf, name: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage::in_dir(dir))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)))
        .add_plugins((fanorona::LogicPlugin, fanorona::dev::scene::plugin))
        .insert_resource(ScenePlan { start: StartScene::plain(name), screenshot: None });
    app.update();
    app
}

fn scene_names() -> Vec<&'static str> {
    app().world().resource::<Scenes>().names()
}

/// The online scenes that need no server: correspondence games kept on the device.
const OFFLINE: [&str; 2] = ["correspondence", "unsent"];

/// Every scene but those that need a server reaches the screen it declares, with what its screenshot waits for.
#[test]
fn every_scene_sets_up_the_screen_it_shows() {
    let names = scene_names();
    assert!(names.len() >= 27, "{names:?}");
    for name in names {
        let dir = temp_dir();
        let mut app = app_in_scene(&dir, name);
        let scene = app.world().resource::<Scenes>().get(name).unwrap_or_else(|| panic!("{name}"));
        if matches!(scene.screen, AppState::Lobby | AppState::Online) && !OFFLINE.contains(&name) {
            // The online scenes are the browser test's, against a server it starts.
            continue;
        }
        let what = format!("the scene {name} shows {:?}", scene.screen);
        // While what the scene waits for (the review's engine, on a thread) is not there, the frames do not count.
        let waiting = |app: &App| !(scene.ready)(app.world());
        run_until(&mut app, 600, &what, waiting, |app| state(app) == scene.screen && (scene.ready)(app.world()));
        assert!(app.world().get_resource::<NoSuchScene>().is_none(), "{name}");
    }
}

#[test]
fn a_name_that_is_no_scene_starts_the_menu_and_names_the_scenes() {
    let dir = temp_dir();
    let mut app = app_in_scene(&dir, "boad");
    settle(&mut app);
    assert_eq!(state(&app), AppState::Menu);
    let said = app.world().get_resource::<NoSuchScene>().map(|no_such| no_such.0.clone());
    let Some(SceneError::Unknown { name, scenes }) = said else { panic!("{said:?}") };
    assert_eq!((name.as_str(), scenes), ("boad", scene_names()));
    let said = SceneError::Unknown { name, scenes: scene_names() }.to_string();
    assert!(
        said.starts_with(
            "no scene is called \"boad\"; the scenes are analysis, board, chain, challenge, challenge-days, choice"
        ),
        "{said}"
    );
}

/// The scene names the screenshot script, the browser test and the README use (its pictures are named
/// `docs/screenshots/SIZE/SCENE.png`, and CI takes each again).
#[test]
fn the_scripts_scenes_exist() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let name_after = |text: &str, start: usize| -> String {
        text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || "+-".contains(*c)).collect()
    };
    let mut used = Vec::new();
    let pictures = ["desktop", "phone"].map(|size| ("README.md", format!("docs/screenshots/{size}/")));
    let pages = [("web/test.mjs", "?scene=".to_owned()), ("README.md", "?scene=".to_owned())];
    for (path, marker) in pages.into_iter().chain(pictures) {
        let text = read(path);
        let found: Vec<String> =
            text.match_indices(&marker).map(|(i, _)| name_after(&text, i + marker.len())).collect();
        assert!(!found.is_empty(), "no scene after {marker} in {path}");
        used.extend(found);
    }
    let script = read("scripts/screenshots.sh");
    let list = script.split_once("|| scenes=(").and_then(|(_, rest)| rest.split_once(')')).map(|(list, _)| list);
    let list = list.unwrap_or_else(|| panic!("no default list of scenes in scripts/screenshots.sh"));
    used.extend(list.split_whitespace().map(String::from));
    assert!(used.len() > 20, "{used:?}");
    let names = scene_names();
    for name in used {
        let start = name.parse::<StartScene>().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(names.contains(&start.scene.as_str()), "{name}: no such scene in {names:?}");
    }
}
