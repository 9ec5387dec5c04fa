//! Online play's start scenes (see [`crate::dev::scene`]); they need the server the settings name.

use bevy::prelude::*;
use fanorona_protocol::{
    Clocks, Color, GameVariant, GameView, PlayerView, StandingView, TOURNAMENT_COUNTDOWN_MS, TimeControl,
    TournamentFormat, TournamentGameView, TournamentOutcome, TournamentStage, TournamentTerms, TournamentView,
};
use fanorona_rules::{Game, Variant};

use crate::AppSystems;
use crate::dev::scene::{AddScene, START, Scene, ScenePlan, new_game, scene_in};
use crate::game::keeper::BoardKeeper;
use crate::game::session::PlayerKind;
use crate::online::correspondence::{Correspondence, KeptGame, UnsentTurn, now_ms};
use crate::online::link::Link;
use crate::online::lobby::Lobby;
use crate::online::lobby::LobbyTab;
use crate::online::own_data::AccountDeletion;
use crate::online::play::{OnlineMatch, ShowGame};
use crate::online::tournaments::{Call, TournamentCall, Tournaments};
use crate::online::{ChallengeSettings, OnlineCommand};
use crate::persistence::settings::Settings;
use crate::screens::AppState;

/// Every online scene: each opens the lobby.
const ONLINE: &[&str] = &["lobby", "online", "challenge", "challenge-days", "watch", "profile", "delete-account"];

pub(super) fn plugin(app: &mut App) {
    server_scenes(app);
    tournament_scenes(app);
    correspondence_scenes(app);
    app.add_systems(Update, go_online.in_set(AppSystems::Input).run_if(scene_in(ONLINE)));
}

/// The scenes against the server the settings name: the lobby, a game, a challenge, a game watched, the profile,
/// the account's deletion.
fn server_scenes(app: &mut App) {
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
    // A correspondence challenge (3 days per turn) opened in the lobby, its id logged, and the notifications turned
    // on, for the browser test.
    .add_scene(Scene::new("challenge-days", AppState::Lobby), || {})
    // The first online game in progress, watched (the lobby opened from a new game on the board).
    .add_scene(Scene::new("watch", AppState::Online), new_game(START, humans))
    // The player's games in the lobby, as the player whose token `FANORONA_ONLINE_TOKEN` holds (a new guest without
    // it).
    .add_scene(
        Scene::new("profile", AppState::Lobby).ready(|world| world.resource::<Lobby>().profile.is_some()),
        new_game(START, humans),
    )
    // The lobby's "Your data", the question of the account's deletion on screen, as a new guest.
    .add_scene(
        Scene::new("delete-account", AppState::Lobby).ready(|world| world.resource::<Link>().is_online()),
        || {},
    );
}

/// The tournaments' scenes, with no connection: the list, a new one's form, a game's call and its countdown.
fn tournament_scenes(app: &mut App) {
    let humans = [PlayerKind::Human; 2];
    // The lobby's tournaments, as a server lists them (with no connection): one under way with its standings, one to
    // come (private), one finished.
    app.add_scene(
        Scene::new("tournaments", AppState::Lobby).ready(|world| world.resource::<Tournaments>().listed),
        |mut commands: Commands, mut online: MessageWriter<OnlineCommand>| {
            commands.insert_resource(sample_tournaments());
            commands.insert_resource(LobbyTab::Tournaments);
            online.write(OnlineCommand::Open);
        },
    )
    // A registered player's lobby where no tournament is listed: the form of a new one.
    .add_scene(
        Scene::new("tournament-new", AppState::Lobby),
        |mut commands: Commands, mut settings: ResMut<Settings>, mut online: MessageWriter<OnlineCommand>| {
            settings.online.account = true;
            commands.insert_resource(Tournaments { listed: true, ..default() });
            commands.insert_resource(LobbyTab::Tournaments);
            online.write(OnlineCommand::Open);
        },
    )
    // A tournament game that began while the player plays a game of their own: the question over the board ...
    .add_scene(
        Scene::new("tournament-call", AppState::Playing),
        move |board: BoardKeeper, next: ResMut<NextState<AppState>>, mut commands: Commands| {
            new_game(START, humans)(board, next);
            commands.insert_resource(sample_tournaments());
            commands.insert_resource(TournamentCall(Some(Call::new(tournament_game(), Color::Black))));
        },
    )
    // ... and the game on the board, counting down before its first clock starts.
    .add_scene(
        Scene::new("tournament-game", AppState::Online)
            .ready(|world| world.resource::<OnlineMatch>().0.as_ref().is_some_and(|g| g.countdown_ms().is_some())),
        |mut commands: Commands, mut shown: MessageWriter<ShowGame>| {
            commands.insert_resource(sample_tournaments());
            shown.write(ShowGame { view: tournament_game(), me: Some(Color::Black) });
        },
    );
}

/// Correspondence games kept on the device, with no connection.
fn correspondence_scenes(app: &mut App) {
    // Correspondence games kept on the device, opened with no connection: the list in the lobby, those waiting for
    // the player first ...
    app.add_scene(
        Scene::new("correspondence", AppState::Lobby).ready(|world| world.resource::<Correspondence>().waiting() > 0),
        |mut commands: Commands, mut online: MessageWriter<OnlineCommand>| {
            commands.insert_resource(kept_games());
            online.write(OnlineCommand::Open);
        },
    )
    // ... and the game whose turn, played offline, waits to be sent.
    .add_scene(
        Scene::new("unsent", AppState::Online)
            .ready(|world| world.resource::<OnlineMatch>().0.as_ref().is_some_and(|g| g.id == UNSENT)),
        |mut commands: Commands, mut online: MessageWriter<OnlineCommand>| {
            commands.insert_resource(kept_games());
            online.write(OnlineCommand::Resume(UNSENT.to_owned()));
        },
    );
}

/// The id of the kept game whose turn waits to be sent.
const UNSENT: &str = "unsent";

/// Three tournaments as a server lists them, and the standings of the one under way.
fn sample_tournaments() -> Tournaments {
    let now = now_ms();
    let event = |id: &str, name: &str, format, stage, starts_at_ms, players, joined, private| TournamentView {
        id: id.to_owned(),
        terms: TournamentTerms {
            name: name.to_owned(),
            format,
            variant: GameVariant::Tsivy,
            time: TimeControl::Live { minutes: 3, increment: 2 },
            rated: true,
            starts_at_ms,
        },
        stage,
        round: 0,
        private,
        creator: None,
        players,
        joined,
    };
    let arena = TournamentFormat::Arena { minutes: 30 };
    let running = event("zoma", "Zoma", arena, TournamentStage::Running, now - 600_000, 4, true, false);
    let line = |rank: u32, name: &str, rating: f64, points: u32, on_fire: bool| StandingView {
        rank,
        player: sample_player(name, rating),
        points,
        buchholz: 0,
        sonneborn_berger: 0,
        on_fire,
        withdrawn: false,
        byes: Vec::new(),
    };
    let standings = vec![
        line(1, "Rasoa", 1620.0, 8, true),
        line(2, "Rakoto", 1540.0, 4, false),
        line(3, "Faly", 1580.0, 1, false),
        line(4, "Hery", 1490.0, 1, false),
    ];
    // The games that give those points, in the order they were paired; the last one is under way.
    let games = [
        ("rasoa", "hery", Some(TournamentOutcome::White)),
        ("rakoto", "faly", Some(TournamentOutcome::White)),
        ("faly", "rasoa", Some(TournamentOutcome::Black)),
        ("hery", "rakoto", Some(TournamentOutcome::Black)),
        ("rasoa", "rakoto", Some(TournamentOutcome::White)),
        ("faly", "hery", Some(TournamentOutcome::Draw)),
        ("rakoto", "faly", None),
    ];
    let games = (1..)
        .zip(games)
        .map(|(round, (white, black, outcome))| TournamentGameView {
            game: format!("zoma-{round}"),
            round,
            white: white.to_owned(),
            black: black.to_owned(),
            outcome,
        })
        .collect();
    let swiss = TournamentFormat::Swiss { rounds: 5 };
    let list = vec![
        event("club", "Klioba Antsirabe", swiss, TournamentStage::Upcoming, now + 5_400_000, 7, false, true),
        running.clone(),
        event("alakamisy", "Alakamisy", arena, TournamentStage::Finished, now - 86_400_000, 12, false, false),
    ];
    let shown = Some(running.id.clone());
    Tournaments { list, listed: true, shown, standings: Some((running, standings, games)), ..default() }
}

/// A player of the scenes, as the server shows them.
fn sample_player(name: &str, rating: f64) -> PlayerView {
    PlayerView { id: name.to_lowercase(), name: name.to_owned(), rating, deviation: 90.0, bot: false }
}

/// A game of the arena under way, just paired: White's clock stands still for a countdown.
fn tournament_game() -> GameView {
    let time = TimeControl::Live { minutes: 3, increment: 2 };
    let start = Game::of_variant(Variant::Tsivy);
    GameView {
        id: "zoma-8".to_owned(),
        white: sample_player("Faly", 1580.0),
        black: sample_player("Rakoto", 1540.0),
        variant: GameVariant::Tsivy,
        rated: true,
        time,
        vela: None,
        turns: Vec::new(),
        position: start.position().to_string(),
        to_move: Color::White,
        clocks: Clocks {
            white_ms: time.initial_ms(),
            black_ms: time.initial_ms(),
            running: Some(Color::White),
            // Six times a server's countdown: a screenshot taken after a slow start still shows it.
            stopped_ms: 6 * TOURNAMENT_COUNTDOWN_MS,
        },
        draw_offer: None,
        tournament: Some("zoma".to_owned()),
    }
}

/// Three correspondence games as a player keeps them: one waits for their turn, one for the opponent's (who is on
/// vacation), and one has their turn, played offline, waiting to be sent. The turns are the first legal ones.
fn kept_games() -> Correspondence {
    let player = sample_player;
    let now = now_ms();
    let game = |id: &str, opponent: PlayerView, plies: usize, left_ms: i64, offline: bool, stopped_ms: i64| {
        let mut rules = Game::of_variant(Variant::Tsivy);
        let mut turns = Vec::new();
        for _ in 0..plies {
            let Some(turn) = rules.legal_turns().first().map(ToString::to_string) else { break };
            if rules.play_notation(&turn).is_err() {
                break;
            }
            turns.push(turn);
        }
        let to_move = Color::from(rules.position().side_to_move());
        let days = TimeControl::Correspondence { days: 3 };
        let full = days.initial_ms();
        let (white_ms, black_ms) = if to_move == Color::White { (left_ms, full) } else { (full, left_ms) };
        let view = GameView {
            id: id.to_owned(),
            white: player("Rasoa", 1540.0),
            black: opponent,
            variant: GameVariant::Tsivy,
            rated: true,
            time: days,
            vela: None,
            turns,
            position: rules.position().to_string(),
            to_move,
            clocks: Clocks { white_ms, black_ms, running: Some(to_move), stopped_ms },
            draw_offer: None,
            tournament: None,
        };
        let unsent = rules
            .legal_turns()
            .first()
            .filter(|_| offline)
            .map(|turn| UnsentTurn { ply: u32::try_from(plies + 1).unwrap_or(u32::MAX), turn: turn.to_string() });
        KeptGame { view, me: Color::White, read_at_ms: now, unsent }
    };
    const HOUR: i64 = 3_600_000;
    Correspondence::from(vec![
        game("theirs", player("Lova", 1488.0), 7, 50 * HOUR, false, 40 * HOUR),
        game(UNSENT, player("Hery", 1612.0), 4, 30 * HOUR, true, 0),
        game("yours", player("Fara", 1575.0), 2, 20 * HOUR, false, 0),
    ])
}

/// Opens the lobby; then, once online, does what the scene is for: accepts the first challenge of someone else's
/// (`online`), opens a challenge (tsivy 5+3, unrated) and logs its id (`challenge`; 3 days per turn, with this
/// device's notifications turned on: `challenge-days`), watches the first game in progress (`watch`), or shows the
/// player's games (`profile`), or asks whether to delete the account (`delete-account`).
fn go_online(
    mut progress: Local<GoingOnline>,
    plan: Res<ScenePlan>,
    lobby: Res<Lobby>,
    link: Res<Link>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
    mut online: MessageWriter<OnlineCommand>,
) {
    progress.frame += 1;
    if progress.frame == 1 {
        if plan.start.scene == "profile" {
            settings.online.token = std::env::var("FANORONA_ONLINE_TOKEN").ok();
        }
        online.write(OnlineCommand::Open);
    }
    if progress.done || !link.is_online() {
        return;
    }
    let mine = |id: &str| link.me().is_some_and(|me| me.id == id);
    match plan.start.scene.as_str() {
        "online" => {
            if let Some(challenge) = lobby.challenges.iter().find(|c| !mine(&c.by.id)) {
                progress.done = true;
                online.write(OnlineCommand::Accept(challenge.id.clone()));
            }
        }
        "watch" => {
            if let Some(game) = lobby.games.first() {
                progress.done = true;
                online.write(OnlineCommand::Watch(game.id.clone()));
            }
        }
        "delete-account" => {
            progress.done = true;
            commands.insert_resource(AccountDeletion { asked: true, ..default() });
        }
        "profile" => {
            progress.done = true;
            commands.insert_resource(LobbyTab::Profile);
            online.write(OnlineCommand::Profile);
        }
        scene @ ("challenge" | "challenge-days") => {
            let days = scene == "challenge-days";
            let own = if days {
                lobby.challenges.iter().find(|c| mine(&c.by.id) && c.time.is_correspondence())
            } else {
                lobby.mine.as_ref()
            };
            match own {
                Some(challenge) => {
                    progress.done = true;
                    info!("challenge open: {}", challenge.id);
                }
                None if !progress.asked => {
                    progress.asked = true;
                    let time = if days {
                        TimeControl::Correspondence { days: 3 }
                    } else {
                        TimeControl::Live { minutes: 5, increment: 3 }
                    };
                    let variant = GameVariant::Tsivy;
                    online.write(OnlineCommand::Create(ChallengeSettings { variant, rated: false, time }));
                    if days {
                        // As a player who wants to hear of the game while the page is closed.
                        online.write(OnlineCommand::Notify(true));
                    }
                }
                None => {}
            }
        }
        _ => {}
    }
}

/// How far [`go_online`] is: the frames since the start, whether the scene is set, whether its challenge was asked
/// for.
#[derive(Default)]
struct GoingOnline {
    frame: u32,
    done: bool,
    asked: bool,
}
