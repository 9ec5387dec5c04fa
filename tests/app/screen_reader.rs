//! What a screen reader is given: egui's AccessKit tree, walked on every screen. Every control has a role and a name
//! (a button without words, a text field without a label, fail); a board's screens also have the board's points,
//! named with their occupant, and a live region that says what happened.

use bevy::prelude::*;
use bevy_egui::egui::accesskit::{Live, Node, NodeId, Role};
use bevy_egui::{EguiContext, EguiFullOutput, EguiPostUpdateSet};
use fanorona::access::{CursorCommand, ToggleMoveBox};
use fanorona::analysis::AnalysisCommand;
use fanorona::online::OnlineCommand;
use fanorona::persistence::settings::Settings;
use fanorona::puzzles::PuzzleCommand;
use fanorona::review::ReviewCommand;
use fanorona::screens::{AppState, ShowMenu};
use fanorona::title::menu::MenuPage;
use fanorona::tutorial::TutorialCommand;

use crate::common::*;

/// The nodes of the last AccessKit tree egui gave, and the one with the focus.
#[derive(Resource, Default)]
struct Tree(Vec<(NodeId, Node)>, Option<NodeId>);

/// Reads the tree as bevy_egui hands it on: after the game's own changes to it (the cursor's point focused).
fn keep_tree(outputs: Query<&EguiFullOutput>, mut tree: ResMut<Tree>) {
    for output in outputs.iter().filter_map(|o| o.0.as_ref()) {
        if let Some(update) = &output.platform_output.accesskit_update {
            tree.0 = update.nodes.clone();
            tree.1 = Some(update.focus);
        }
    }
}

/// The roles a player acts on, which a screen reader must be able to name.
const CONTROLS: &[Role] = &[
    Role::Button,
    Role::CheckBox,
    Role::RadioButton,
    Role::ComboBox,
    Role::TextInput,
    Role::Slider,
    Role::SpinButton,
    Role::Link,
    Role::GridCell,
];

fn named(node: &Node) -> bool {
    node.label().is_some_and(|l| !l.trim().is_empty()) || !node.labelled_by().is_empty()
}

/// The controls of the screen drawn last, and the ones among them without a name.
fn walk(app: &mut App, screen: &str) -> Vec<(Role, String)> {
    for _ in 0..3 {
        app.update();
    }
    let tree = &app.world().resource::<Tree>().0;
    let controls: Vec<&Node> = tree.iter().map(|(_, n)| n).filter(|n| CONTROLS.contains(&n.role())).collect();
    assert!(controls.len() >= 2, "{screen}: hardly a control in the tree ({} nodes)", tree.len());
    let unnamed: Vec<String> =
        controls.iter().filter(|n| !named(n)).map(|n| format!("{:?} {:?}", n.role(), n.value())).collect();
    assert!(unnamed.is_empty(), "{screen}: controls without a name: {unnamed:?}");
    controls.iter().map(|n| (n.role(), n.label().unwrap_or_default().to_owned())).collect()
}

fn send(app: &mut App, message: impl Message) {
    app.world_mut().write_message(message);
    settle(app);
}

#[test]
fn every_control_of_every_screen_has_a_role_and_a_name() {
    let dir = temp_dir();
    let mut app = app_with_interface(&dir);
    app.init_resource::<Tree>().add_systems(
        PostUpdate,
        keep_tree.after(fanorona::access::focus_cursor_point).before(EguiPostUpdateSet::ProcessOutput),
    );
    let mut contexts = app.world_mut().query::<&mut EguiContext>();
    for mut context in contexts.iter_mut(app.world_mut()) {
        context.get_mut().enable_accesskit();
    }
    app.world_mut().resource_mut::<Settings>().language = Some("en".into());
    walk(&mut app, "title page");
    for page in [MenuPage::NewGame, MenuPage::Settings] {
        *app.world_mut().resource_mut::<MenuPage>() = page;
        walk(&mut app, &format!("{page:?}"));
    }
    start_with(&mut app, humans);
    play(&mut app, "d2-e3A");
    let game = walk(&mut app, "game");
    // The bar of icons: each a button named in words.
    let buttons: Vec<&str> = game.iter().filter(|(role, _)| *role == Role::Button).map(|(_, n)| n.as_str()).collect();
    for name in ["Undo", "Redo", "Hint", "Stop here", "Flip board", "Review", "Analyse", "More"] {
        assert!(buttons.contains(&name), "{name} in {buttons:?}");
    }
    // The board: its 45 points, each named, and the live region with the last turn said.
    let points = game.iter().filter(|(role, _)| *role == Role::GridCell).count();
    assert_eq!(points, 45);
    assert!(game.contains(&(Role::GridCell, "e3: a white piece.".into())), "{game:?}");
    let tree = &app.world().resource::<Tree>().0;
    let live = tree.iter().find(|(_, n)| n.live() == Some(Live::Polite)).map(|(_, n)| n.label().unwrap_or_default());
    assert_eq!(live, Some("White, d2 to e3, approach, takes 2 pieces."));
    // The cursor's point has the screen reader's focus: Orca speaks the focused object.
    send(&mut app, CursorCommand::Up);
    walk(&mut app, "game with the cursor");
    let tree = &app.world().resource::<Tree>();
    let focused = tree.0.iter().find(|(id, _)| Some(*id) == tree.1).and_then(|(_, n)| n.label());
    assert!(focused.is_some_and(|l| l.ends_with(": a black piece, can move.")), "Black to move: {focused:?}");
    send(&mut app, ToggleMoveBox);
    let typing = walk(&mut app, "move box");
    assert!(typing.iter().any(|(role, _)| *role == Role::TextInput), "{typing:?}");
    send(&mut app, ToggleMoveBox);
    send(&mut app, ReviewCommand::Open);
    assert_eq!(state(&app), AppState::Review);
    walk(&mut app, "review");
    send(&mut app, ReviewCommand::Close);
    send(&mut app, AnalysisCommand::Open);
    assert_eq!(state(&app), AppState::Analysis);
    walk(&mut app, "analysis");
    send(&mut app, AnalysisCommand::Close);
    resign(&mut app);
    walk(&mut app, "game over");
    send(&mut app, ShowMenu);
    send(&mut app, TutorialCommand::Open);
    assert_eq!(state(&app), AppState::Tutorial);
    walk(&mut app, "tutorial");
    send(&mut app, ShowMenu);
    send(&mut app, PuzzleCommand::Open);
    assert_eq!(state(&app), AppState::Puzzles);
    walk(&mut app, "puzzles");
    send(&mut app, ShowMenu);
    // The lobby with no server to reach (a closed port on loopback): what it shows while it cannot connect.
    app.world_mut().resource_mut::<Settings>().online.server = "ws://127.0.0.1:9".into();
    send(&mut app, OnlineCommand::Open);
    assert_eq!(state(&app), AppState::Lobby);
    walk(&mut app, "lobby");
}
