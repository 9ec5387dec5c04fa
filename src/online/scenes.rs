//! Online play's start scenes (see [`crate::dev::scene`]); they need the server the settings name.

use bevy::prelude::*;
use fanorona_protocol::{GameVariant, TimeControl};

use crate::AppSystems;
use crate::dev::scene::{AddScene, START, Scene, ScenePlan, new_game, scene_in};
use crate::game::session::PlayerKind;
use crate::online::link::Link;
use crate::online::lobby::Lobby;
use crate::online::panel::LobbyTab;
use crate::online::{ChallengeSettings, OnlineCommand};
use crate::persistence::settings::Settings;
use crate::screens::AppState;

/// Every online scene: each opens the lobby.
const ONLINE: &[&str] = &["lobby", "online", "challenge", "watch", "profile"];

pub(super) fn plugin(app: &mut App) {
    let humans = [PlayerKind::Human; 2];
    // The online lobby of the server the settings name.
    app.add_scene(
        Scene::new("lobby", AppState::Lobby).ready(|world| !world.resource::<Lobby>().challenges.is_empty()),
        || {},
    )
    // The lobby's first challenge accepted: a game against whoever opened it (such as `fanorona-bot`); White's first
    // turn played, if the person plays White.
    .add_scene(Scene::new("online", AppState::Online).clicks(&["e2", "e3"]), || {})
    // A challenge opened in the lobby, its id logged, for the browser test.
    .add_scene(Scene::new("challenge", AppState::Lobby), || {})
    // The first online game in progress, watched (the lobby opened from a new game on the board).
    .add_scene(Scene::new("watch", AppState::Online), new_game(START, humans))
    // The player's games in the lobby, as the player whose token `FANORONA_ONLINE_TOKEN` holds (a new guest without
    // it).
    .add_scene(
        Scene::new("profile", AppState::Lobby).ready(|world| world.resource::<Lobby>().profile.is_some()),
        new_game(START, humans),
    )
    .add_systems(Update, go_online.in_set(AppSystems::Input).run_if(scene_in(ONLINE)));
}

/// Opens the lobby; then, once online, does what the scene is for: accepts the first challenge of someone else's
/// (`online`), opens a challenge (tsivy 5+3, unrated) and logs its id (`challenge`), watches the first game in
/// progress (`watch`), or shows the player's games (`profile`).
#[allow(clippy::too_many_arguments)]
fn go_online(
    mut frame: Local<u32>,
    mut done: Local<bool>,
    mut asked: Local<bool>,
    plan: Res<ScenePlan>,
    lobby: Res<Lobby>,
    link: Res<Link>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
    mut online: MessageWriter<OnlineCommand>,
) {
    *frame += 1;
    if *frame == 1 {
        if plan.start.scene == "profile" {
            settings.online.token = std::env::var("FANORONA_ONLINE_TOKEN").ok();
        }
        online.write(OnlineCommand::Open);
    }
    if *done || !link.is_online() {
        return;
    }
    let mine = |id: &str| link.me().is_some_and(|me| me.id == id);
    match plan.start.scene.as_str() {
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
            commands.insert_resource(LobbyTab::Profile);
            online.write(OnlineCommand::Profile);
        }
        "challenge" => match &lobby.mine {
            Some(challenge) => {
                *done = true;
                info!("challenge open: {}", challenge.id);
            }
            None if !*asked => {
                *asked = true;
                let time = TimeControl::Live { minutes: 5, increment: 3 };
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
