//! What a screen reader is given: egui's AccessKit tree, walked on every screen (the online ones against a server on
//! loopback). Every control has a role and a name (a button without words, a text field without a label, fail), and
//! every text egui paints is in the tree too (words a sighted player reads and a screen reader never says, fail); a
//! board's screens also have the board's points, named with their occupant, and a live region that says what
//! happened. The board's coordinates are not checked: they are painted where the camera shows the board, and without
//! a window the camera shows nothing.

use bevy::prelude::*;
use bevy_egui::egui::accesskit::{Live, Node, NodeId, Role};
use bevy_egui::{EguiContext, EguiFullOutput, EguiPostUpdateSet, egui};
use fanorona::access::{CursorCommand, ToggleMoveBox};
use fanorona::analysis::AnalysisCommand;
use fanorona::game::commands::{GameCommand, PendingConfirmation, Question};
use fanorona::online::correspondence::Correspondence;
use fanorona::online::lobby::{Lobby, LobbyTab};
use fanorona::online::moderation::Moderation;
use fanorona::online::{ChallengeSettings, OnlineCommand};
use fanorona::persistence::settings::Settings;
use fanorona::puzzles::PuzzleCommand;
use fanorona::review::ReviewCommand;
use fanorona::screens::{AppState, ShowMenu};
use fanorona::title::menu::MenuPage;
use fanorona::tutorial::TutorialCommand;
use fanorona_protocol::{
    GameVariant, ReportReason, TimeControl, TournamentFormat, TournamentSettings, TournamentTerms,
};
use fanorona_server::clock::Clock;

use crate::common::*;
use crate::online::{
    TestServer, any_port, become_moderator, call, clock, command, game, go_online, link, play_a_turn, player,
    run_until_all, told, tournaments,
};

/// What a screen reader was given and what a sighted player saw, in the last frame egui drew: the nodes of its
/// AccessKit tree, the one with the focus, and each text painted, with where it shows.
#[derive(Resource, Default)]
struct Tree {
    nodes: Vec<(NodeId, Node)>,
    focus: Option<NodeId>,
    painted: Vec<(String, egui::Rect)>,
}

/// Reads the tree as bevy_egui hands it on: after the game's own changes to it (the cursor's point focused); and
/// the texts of the same frame's shapes, before bevy_egui turns them into triangles.
fn keep_tree(outputs: Query<&EguiFullOutput>, mut tree: ResMut<Tree>) {
    for output in outputs.iter().filter_map(|o| o.0.as_ref()) {
        if let Some(update) = &output.platform_output.accesskit_update {
            tree.nodes = update.nodes.clone();
            tree.focus = Some(update.focus);
            tree.painted.clear();
            for clipped in &output.shapes {
                painted_texts(&clipped.shape, clipped.clip_rect, &mut tree.painted);
            }
        }
    }
}

/// The texts in `shape` that show (inside `clip`, where it is cut off), and where each shows.
fn painted_texts(shape: &egui::Shape, clip: egui::Rect, texts: &mut Vec<(String, egui::Rect)>) {
    match shape {
        egui::Shape::Text(text) => {
            let rect = text.visual_bounding_rect();
            if rect.intersects(clip) {
                texts.push((text.galley.text().to_owned(), rect));
            }
        }
        egui::Shape::Vec(shapes) => shapes.iter().for_each(|shape| painted_texts(shape, clip, texts)),
        _ => {}
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

/// Where a node is on the screen, in egui's points (the tree's root scales them to pixels).
fn bounds(node: &Node) -> Option<egui::Rect> {
    let b = node.bounds()?;
    Some(egui::Rect::from_min_max(egui::pos2(b.x0 as f32, b.y0 as f32), egui::pos2(b.x1 as f32, b.y1 as f32)))
}

/// A pictogram rather than words: arrows, technical and geometric symbols, dingbats, emoji, a font's private icons.
fn icon_glyph(c: char) -> bool {
    matches!(
        c,
        '\u{2190}'..='\u{21FF}'
            | '\u{2300}'..='\u{23FF}'
            | '\u{25A0}'..='\u{27BF}'
            | '\u{2B00}'..='\u{2BFF}'
            | '\u{E000}'..='\u{F8FF}'
            | '\u{1F000}'..
    ) || c.is_whitespace()
}

/// Whether a screen reader is given the `text` painted at `rect`: a node there has it in its name, value,
/// description or hint (a label's words, a field's contents), or it is painted on a named control (a button's
/// icon, a field's typing), or it is only an icon. A node is "there" if it overlaps the text: the words of a node
/// elsewhere (a "1" in another row's name) do not count.
fn given(nodes: &[(NodeId, Node)], text: &str, rect: egui::Rect) -> bool {
    let text = text.trim();
    let says = |node: &Node| {
        let words = [node.label(), node.value(), node.description(), node.placeholder()];
        words.into_iter().flatten().any(|w| w.contains(text))
    };
    let on_control = |node: &Node| {
        CONTROLS.contains(&node.role()) && named(node) && bounds(node).is_some_and(|b| b.contains(rect.center()))
    };
    text.chars().all(icon_glyph)
        || nodes.iter().any(|(_, node)| says(node) && bounds(node).is_none_or(|b| b.intersects(rect)))
        || nodes.iter().any(|(_, node)| on_control(node))
}

/// The controls of the screen drawn last, after checking that each has a name and that every text painted is in the
/// tree too.
fn walk(app: &mut App, screen: &str) -> Vec<(Role, String)> {
    for _ in 0..3 {
        app.update();
    }
    let tree = app.world().resource::<Tree>();
    let controls: Vec<&Node> = tree.nodes.iter().map(|(_, n)| n).filter(|n| CONTROLS.contains(&n.role())).collect();
    assert!(controls.len() >= 2, "{screen}: hardly a control in the tree ({} nodes)", tree.nodes.len());
    let unnamed: Vec<String> =
        controls.iter().filter(|n| !named(n)).map(|n| format!("{:?} {:?}", n.role(), n.value())).collect();
    assert!(unnamed.is_empty(), "{screen}: controls without a name: {unnamed:?}");
    assert!(!tree.painted.is_empty(), "{screen}: no text painted");
    let unread: Vec<String> = tree
        .painted
        .iter()
        .filter(|(text, rect)| !given(&tree.nodes, text, *rect))
        .map(|(text, rect)| format!("{text:?} at {:?}", rect.center()))
        .collect();
    assert!(unread.is_empty(), "{screen}: texts painted that a screen reader is not given: {unread:?}");
    controls.iter().map(|n| (n.role(), n.label().unwrap_or_default().to_owned())).collect()
}

/// A game with its interface, in English, that keeps what egui gives a screen reader and what it paints.
fn reader() -> App {
    let dir = temp_dir();
    let mut app = app_with_interface(&dir);
    app.insert_resource(dir).init_resource::<Tree>().add_systems(
        PostUpdate,
        keep_tree.after(fanorona::access::focus_cursor_point).before(EguiPostUpdateSet::ProcessOutput),
    );
    let mut contexts = app.world_mut().query::<&mut EguiContext>();
    for mut context in contexts.iter_mut(app.world_mut()) {
        context.get_mut().enable_accesskit();
    }
    app.world_mut().resource_mut::<Settings>().language = Some("en".into());
    app
}

fn send(app: &mut App, message: impl Message) {
    app.world_mut().write_message(message);
    settle(app);
}

#[test]
fn every_control_of_every_screen_has_a_role_and_a_name() {
    let mut app = reader();
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
    let tree = &app.world().resource::<Tree>().nodes;
    let live = tree.iter().find(|(_, n)| n.live() == Some(Live::Polite)).map(|(_, n)| n.label().unwrap_or_default());
    assert_eq!(live, Some("White, d2 to e3, approach, takes 2 pieces."));
    // The cursor's point has the screen reader's focus: Orca speaks the focused object.
    send(&mut app, CursorCommand::Up);
    walk(&mut app, "game with the cursor");
    let tree = &app.world().resource::<Tree>();
    let focused = tree.nodes.iter().find(|(id, _)| Some(*id) == tree.focus).and_then(|(_, n)| n.label());
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

fn lobby(app: &App) -> &Lobby {
    app.world().resource::<Lobby>()
}

/// Shows the lobby's `tab`, as its button does.
fn show_tab(app: &mut App, tab: LobbyTab) {
    *app.world_mut().resource_mut::<LobbyTab>() = tab;
}

/// The lobby on `tab`, connected.
fn in_lobby(app: &App, tab: LobbyTab) -> bool {
    state(app) == AppState::Lobby && *app.world().resource::<LobbyTab>() == tab && link(app).is_online()
}

fn has_button(controls: &[(Role, String)], name: &str) -> bool {
    controls.contains(&(Role::Button, name.to_owned()))
}

/// The id of the live challenge just opened on `by`, once `to` has it listed (not one listed before, maybe accepted
/// since).
fn listed_challenge(by: &mut App, to: &mut App) -> String {
    run_until_all(&mut [&mut *by, &mut *to], "the challenge listed", |apps| {
        let mine = lobby(apps[0]).mine.as_ref();
        mine.is_some_and(|mine| lobby(apps[1]).challenges.iter().any(|c| c.id == mine.id))
    });
    lobby(by).mine.as_ref().unwrap().id.clone()
}

/// The player resigns the online game on the board (yes to the question), and the server's result comes.
fn resign_online(app: &mut App) {
    command(app, OnlineCommand::Resign);
    run_until_all(&mut [&mut *app], "the question", |apps| {
        apps[0].world().resource::<PendingConfirmation>().0 == Some(Question::Resign)
    });
    app.world_mut().write_message(GameCommand::Confirm);
    the_result(app);
}

/// Runs frames until the server's result of the game on the board has come.
fn the_result(app: &mut App) {
    run_until_all(&mut [app], "the result", |apps| game(apps[0]).is_some_and(|g| g.result.is_some()));
}

/// The online screens, against a server on loopback: the connected lobby's every tab (a challenge listed, the games
/// to watch, the profile with a finished game, a moderator's reports, the tournaments, the correspondence games), a
/// live game after a turn and once over, a game watched, a tournament's standings, its question to a busy player,
/// its countdown and its crosstable, and a correspondence game.
#[test]
fn every_control_of_every_online_screen_has_a_role_and_a_name() {
    let dir = temp_dir();
    let clock = clock();
    let db = dir.join("server.db");
    let server = TestServer::start(&db, any_port(), &clock);
    let mut app = reader();
    go_online(&mut app, &server.url(), "Rasoa");
    let (mut bob, mut carol) = (player(&server.url(), "Bob"), player(&server.url(), "Carol"));
    run_until_all(&mut [&mut app, &mut bob, &mut carol], "all welcomed", |apps| {
        apps.iter().all(|a| link(a).is_online())
    });

    // A guest's lobby, with Bob's challenge listed.
    let live = ChallengeSettings { variant: GameVariant::Tsivy, rated: false, time: "5+3".parse().unwrap() };
    command(&mut bob, OnlineCommand::Create(live));
    let id = listed_challenge(&mut bob, &mut app);
    assert!(in_lobby(&app, LobbyTab::Play));
    assert!(has_button(&walk(&mut app, "lobby: a challenge listed"), "Accept"));

    // Accepted: a live game, after a turn, then over.
    command(&mut app, OnlineCommand::Accept(id.clone()));
    run_until_all(&mut [&mut app, &mut bob], "both on the board", |apps| {
        apps.iter().all(|a| state(a) == AppState::Online && game(a).is_some_and(|g| g.id == id))
    });
    play_a_turn(&mut app, &mut bob);
    assert!(game(&app).is_some_and(|g| g.me.is_some() && g.result.is_none()) && turns(&app).len() == 1);
    assert!(has_button(&walk(&mut app, "an online game after a turn"), "Resign"));
    resign_online(&mut app);
    the_result(&mut bob);
    settle(&mut app);
    assert_eq!(state(&app), AppState::Online);
    assert!(has_button(&walk(&mut app, "an online game over"), "Look at the board"));
    command(&mut app, OnlineCommand::Leave);
    command(&mut bob, OnlineCommand::Leave);

    // Bob and Carol play: their game is listed to watch, and watched.
    command(&mut bob, OnlineCommand::Create(live));
    let id = listed_challenge(&mut bob, &mut carol);
    command(&mut carol, OnlineCommand::Accept(id.clone()));
    run_until_all(&mut [&mut app, &mut bob, &mut carol], "their game listed", |apps| {
        lobby(apps[0]).games.iter().any(|g| g.id == id)
    });
    show_tab(&mut app, LobbyTab::Watch);
    assert!(in_lobby(&app, LobbyTab::Watch));
    assert!(has_button(&walk(&mut app, "lobby: the games to watch"), "Watch"));
    command(&mut app, OnlineCommand::Watch(id.clone()));
    run_until_all(&mut [&mut app], "watching", |apps| game(apps[0]).is_some_and(|g| g.id == id));
    settle(&mut app);
    assert!(state(&app) == AppState::Online && game(&app).unwrap().me.is_none());
    walk(&mut app, "a game watched");
    command(&mut app, OnlineCommand::Leave);
    run_until_all(&mut [&mut app], "back in the lobby", |apps| state(apps[0]) == AppState::Lobby);
    resign_online(&mut carol);
    the_result(&mut bob);
    for them in [&mut bob, &mut carol] {
        command(them, OnlineCommand::Leave);
    }

    // The profile, with the game played.
    show_tab(&mut app, LobbyTab::Profile);
    command(&mut app, OnlineCommand::Profile);
    run_until_all(&mut [&mut app], "the profile", |apps| {
        lobby(apps[0]).profile.as_ref().is_some_and(|p| !p.games.is_empty())
    });
    assert!(in_lobby(&app, LobbyTab::Profile));
    assert!(has_button(&walk(&mut app, "lobby: the profile"), "Replay"));

    // Registered and made a moderator: Bob's report on Carol listed.
    become_moderator(&mut app, &db, "Rasoa");
    let carol_id = link(&carol).me().unwrap().id.clone();
    let note = "her name insults people".to_owned();
    // A guest reports the other player of a game they played: Bob names his game with Carol.
    let report = OnlineCommand::Report { player: carol_id, game: Some(id.clone()), reason: ReportReason::Name, note };
    command(&mut bob, report);
    run_until_all(&mut [&mut bob], "the report taken", |apps| told(apps[0], "Your report was sent"));
    show_tab(&mut app, LobbyTab::Moderation);
    command(&mut app, OnlineCommand::ListReports);
    run_until_all(&mut [&mut app], "the reports listed", |apps| {
        let moderation = apps[0].world().resource::<Moderation>();
        moderation.listed && !moderation.reports.is_empty()
    });
    assert!(in_lobby(&app, LobbyTab::Moderation));
    assert!(has_button(&walk(&mut app, "lobby: a moderator's reports"), "Warn"));

    // The tournaments: none yet (the new event's form open), then one created, which Bob and the player join.
    show_tab(&mut app, LobbyTab::Tournaments);
    command(&mut app, OnlineCommand::Tournaments);
    run_until_all(&mut [&mut app], "the tournaments listed", |apps| tournaments(apps[0]).listed);
    assert!(in_lobby(&app, LobbyTab::Tournaments) && tournaments(&app).list.is_empty());
    assert!(has_button(&walk(&mut app, "lobby: no tournament, a new one's form"), "Create the tournament"));
    let terms = TournamentTerms {
        name: "Zoma".into(),
        format: TournamentFormat::Arena { minutes: 30 },
        variant: GameVariant::Tsivy,
        time: "3+2".parse().unwrap(),
        rated: false,
        starts_at_ms: clock.now_ms() + 60_000,
    };
    command(&mut app, OnlineCommand::CreateTournament(TournamentSettings { terms, password: None }));
    run_until_all(&mut [&mut app], "the event shown", |apps| tournaments(apps[0]).standings.is_some());
    let event = tournaments(&app).standings.as_ref().unwrap().0.id.clone();
    let joined = |app: &App| tournaments(app).standings.as_ref().is_some_and(|(event, ..)| event.joined);
    command(&mut bob, OnlineCommand::JoinTournament { id: event.clone(), password: None });
    run_until_all(&mut [&mut bob], "Bob joined", |apps| joined(apps[0]));
    command(&mut app, OnlineCommand::JoinTournament { id: event.clone(), password: None });
    run_until_all(&mut [&mut app], "both in the standings", |apps| {
        joined(apps[0]) && tournaments(apps[0]).standings.as_ref().is_some_and(|(_, lines, _)| lines.len() == 2)
    });
    assert!(in_lobby(&app, LobbyTab::Tournaments));
    assert!(has_button(&walk(&mut app, "lobby: a tournament's standings"), "Withdraw"));

    // A correspondence game with Bob, after a turn.
    let days = ChallengeSettings { time: TimeControl::Correspondence { days: 2 }, ..live };
    command(&mut bob, OnlineCommand::Create(days));
    run_until_all(&mut [&mut app, &mut bob], "the correspondence challenge listed", |apps| {
        lobby(apps[0]).challenges.iter().any(|c| c.time.is_correspondence())
    });
    let id = lobby(&app).challenges.iter().find(|c| c.time.is_correspondence()).unwrap().id.clone();
    command(&mut app, OnlineCommand::Accept(id.clone()));
    run_until_all(&mut [&mut app, &mut bob], "both on the board", |apps| {
        apps.iter().all(|a| state(a) == AppState::Online && game(a).is_some_and(|g| g.id == id))
    });
    play_a_turn(&mut app, &mut bob);
    let kept = |app: &App| app.world().resource::<Correspondence>().get(&id).is_some();
    assert!(kept(&app) && game(&app).is_some_and(|g| g.settings.time.is_correspondence() && g.result.is_none()));
    walk(&mut app, "a correspondence game after a turn");

    // The tournament begins while the player is on that game: asked first, then at the game as it counts down.
    clock.advance(std::time::Duration::from_secs(61));
    run_until_all(&mut [&mut app, &mut bob], "the pairing", |apps| call(apps[0]).is_some());
    assert!(state(&app) == AppState::Online && game(&app).is_some_and(|g| g.id == id));
    assert!(has_button(&walk(&mut app, "a correspondence game, asked to go to a tournament game"), "Not now"));
    let paired = call(&app).unwrap().game.id.clone();
    command(&mut app, OnlineCommand::GoToGame(paired.clone()));
    run_until_all(&mut [&mut app], "at the tournament game", |apps| game(apps[0]).is_some_and(|g| g.id == paired));
    assert!(game(&app).unwrap().countdown_ms().is_some() && call(&app).is_none());
    walk(&mut app, "a tournament game counting down");

    // Resigned: the event's crosstable with the game.
    resign_online(&mut app);
    for message in [OnlineCommand::Leave, OnlineCommand::OpenTournaments, OnlineCommand::Standings(event)] {
        command(&mut app, message);
    }
    run_until_all(&mut [&mut app], "the crosstable", |apps| {
        tournaments(apps[0]).standings.as_ref().is_some_and(|(_, _, games)| games.iter().any(|g| g.outcome.is_some()))
    });
    assert!(in_lobby(&app, LobbyTab::Tournaments));
    walk(&mut app, "lobby: a tournament's crosstable");

    // The correspondence game listed in the lobby, to open again.
    show_tab(&mut app, LobbyTab::Play);
    assert!(in_lobby(&app, LobbyTab::Play) && kept(&app));
    assert!(has_button(&walk(&mut app, "lobby: the correspondence games"), "Open"));
}
