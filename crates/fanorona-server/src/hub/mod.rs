//! The heart of the server: players' connections, the lobby and the games in progress, with their clocks. Every
//! change is written to the database before anyone hears of it.
//!
//! One [`Hub`] per process, its methods split by feature: `accounts` (hello, logins, registering), `lobby`
//! (challenges), `games` (turns, draws, ends, clocks), `push` (Web Push for correspondence games), `spectators`,
//! `fair_play` (the engine's findings on rated games, stored and judged), `moderation` (reports, blocks, moderators'
//! actions), `player_data` (a player's data downloaded, their account deleted), `sync` (the changes of the other
//! processes sharing the database), `vacations` (clocks stopped for days), `views` (what is shown of it all), over
//! `connections` (who is connected here, with an `outbox` each) and `live` (a game in progress as this process holds
//! it).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::clock::{Clock, millis};
use crate::db::{Db, PlayerRecord};
use crate::error::{DbError, Refusal};
use crate::hashing::HashingPool;
use crate::limits::Limits;
use crate::metrics::{Counts, Metrics};
use crate::protocol::{ClientMessage, EndReason, ErrorCode, GameResult, ServerMessage};
use crate::push::Pusher;
use crate::throttle::{Backoff, GuestQuota, LoginBackoffs, LoginWaits};
use crate::tournament::schedule::Scheduled;

mod accounts;
mod connections;
mod fair_play;
mod games;
mod live;
mod lobby;
mod moderation;
mod outbox;
mod player_data;
mod push;
mod puzzles;
mod spectators;
mod sync;
mod tournaments;
mod vacations;
mod views;

use accounts::NAME_BACKOFF;
pub use accounts::{Greeting, LOGIN_EXPIRES_AFTER};
use connections::ConnectionHandle;
pub use fair_play::{ReviewRun, SideFigures, Thresholds, review_games};
pub use games::{AWAY_MARGIN, DISCONNECT_GRACE};
use live::{LiveGame, Slot};
use lobby::ChallengeTerms;
pub use lobby::{CHALLENGE_ABANDONED_AFTER, LOBBY_SWEEP_INTERVAL};
pub use outbox::{MAX_QUEUED_BYTES, Outbox, Outgoing, outbox};
pub use puzzles::{PuzzleSearch, find_puzzles};
pub use tournaments::TOURNAMENT_INTERVAL;

/// Who sent a message: the player a connection said `hello` as, and the connection.
#[derive(Clone, Debug)]
pub struct Caller {
    /// The player's id.
    pub player: String,
    /// The connection's number.
    pub connection: u64,
    /// The hash of the token of the connection's login.
    pub login: String,
    /// Where the connection comes from (a password asked again backs off as a login's).
    pub address: IpAddr,
}

/// The lobby, the games in progress and the connected players of one server process.
#[derive(Debug)]
pub struct Hub {
    db: Db,
    clock: Arc<dyn Clock>,
    games: Mutex<HashMap<String, Arc<Slot>>>,
    /// The connections of each player, by player id.
    connections: Mutex<HashMap<String, Vec<ConnectionHandle>>>,
    /// The threads that hash and check passwords.
    hashing: HashingPool,
    /// How many passwords were hashed or checked.
    hashes: Arc<AtomicU64>,
    /// Until when the keys of password logins wait, as this process last saw (the counts are in the database).
    logins: Arc<Mutex<LoginWaits>>,
    /// How wrong passwords back off, by name and address, by address, and by name.
    login_backoffs: LoginBackoffs,
    /// The new guests of each address in the last hour.
    guests: Mutex<GuestQuota>,
    /// The games each connection watches, to stop sending it their events when it closes.
    watching: Mutex<HashMap<u64, Vec<String>>>,
    /// When the lobby is next swept ([`Hub::sweep_lobby`]), on the server's clock.
    next_sweep: AtomicI64,
    /// When unused logins are next deleted, on the server's clock.
    next_purge: AtomicI64,
    /// When the tournaments are next run ([`Hub::run_tournaments`]), on the server's clock.
    next_tournaments: AtomicI64,
    /// Set when a tournament game ends: the tournaments run at the next call, to pair its players again at once.
    tournament_game_ended: AtomicBool,
    /// The server's own tournaments, and the start of each entry's next event as this process last made sure of it.
    schedule: Vec<Scheduled>,
    scheduled: Mutex<Vec<Option<i64>>>,
    /// Sends Web Push messages about correspondence games.
    pusher: Pusher,
    /// What the server counts for whoever runs it.
    metrics: Arc<Metrics>,
}

impl Hub {
    /// A hub on `db` that takes up every game in progress stored there (a game that cannot be replayed is logged and
    /// left as it is).
    /// `limits` gives what one address may do (new guests, wrong passwords); `hashing` checks the passwords;
    /// `pusher` sends Web Push messages; `metrics` counts turns and refusals; `schedule` lists the server's own
    /// tournaments.
    pub(crate) async fn load(
        db: Db,
        clock: Arc<dyn Clock>,
        limits: &Limits,
        hashing: HashingPool,
        pusher: Pusher,
        metrics: Arc<Metrics>,
        schedule: Vec<Scheduled>,
    ) -> Result<Hub, DbError> {
        let mut games = HashMap::new();
        for stored in db.games_in_progress().await? {
            let id = stored.settings.id.clone();
            match LiveGame::from_stored(stored) {
                Ok(live) => {
                    games.insert(id, Slot::new(live));
                }
                Err(error) => tracing::error!("game {id} not resumed: {error}"),
            }
        }
        tracing::info!("{} games in progress resumed", games.len());
        Ok(Hub {
            db,
            clock,
            games: Mutex::new(games),
            connections: Mutex::new(HashMap::new()),
            hashing,
            hashes: Arc::new(AtomicU64::new(0)),
            logins: Arc::new(Mutex::new(LoginWaits::default())),
            login_backoffs: LoginBackoffs {
                pair: NAME_BACKOFF,
                address: Backoff { free: limits.login_failures_per_address, ..NAME_BACKOFF },
                name: Backoff { free: limits.login_failures_per_name, ..NAME_BACKOFF },
            },
            guests: Mutex::new(GuestQuota::new(limits.guests_per_address_per_hour)),
            watching: Mutex::new(HashMap::new()),
            next_sweep: AtomicI64::new(i64::MIN),
            next_purge: AtomicI64::new(i64::MIN),
            next_tournaments: AtomicI64::new(i64::MIN),
            tournament_game_ended: AtomicBool::new(false),
            scheduled: Mutex::new(vec![None; schedule.len()]),
            schedule,
            pusher,
            metrics,
        })
    }

    /// Carries out a message of a player who said hello; returns the replies to the caller (the first answers the
    /// message). Whatever is refused changes nothing.
    pub async fn handle(&self, caller: &Caller, message: ClientMessage) -> Result<Vec<ServerMessage>, Refusal> {
        let reply = match message {
            ClientMessage::Hello { .. } => {
                return Err(Refusal::new(ErrorCode::AlreadyGreeted, "this connection already said hello"));
            }
            ClientMessage::Register { name, password } => self.register(caller, name, password).await?,
            ClientMessage::Logout => self.log_out(caller).await?,
            ClientMessage::ListChallenges => self.list_challenges(caller).await?,
            ClientMessage::ListGames => ServerMessage::Games { games: self.games_in_progress().await },
            ClientMessage::Profile { player } => self.profile(player.as_deref().unwrap_or(&caller.player)).await?,
            ClientMessage::CreateChallenge { variant, rated, time, vela, opponent } => {
                self.create_challenge(caller, ChallengeTerms { variant, rated, time, vela }, opponent).await?
            }
            ClientMessage::CancelChallenge { challenge } => self.cancel_challenge(caller, challenge).await?,
            ClientMessage::DeclineChallenge { challenge } => self.decline_challenge(caller, challenge).await?,
            ClientMessage::AcceptChallenge { challenge } => self.accept_challenge(caller, &challenge).await?,
            ClientMessage::Play { game, ply, turn } => return self.play(caller, &game, ply, &turn).await,
            ClientMessage::Resign { game } => {
                self.end_by_player(caller, &game, |_, side| Ok(GameResult::win(!side, EndReason::Resignation))).await?
            }
            ClientMessage::NextPuzzle { variant, theme } => self.next_puzzle(caller, variant, theme).await?,
            ClientMessage::PuzzleResult { puzzle, solved } => self.puzzle_result(caller, puzzle, solved).await?,
            ClientMessage::Watch { game } => self.watch(caller, &game).await?,
            ClientMessage::Unwatch { game } => self.unwatch(caller, game).await?,
            ClientMessage::OfferDraw { game } => self.offer_draw(caller, &game).await?,
            ClientMessage::AcceptDraw { game } => {
                self.end_by_player(caller, &game, |live, side| match live.draw_offer {
                    Some(by) if by != side => Ok(GameResult::no_winner(EndReason::Agreement)),
                    _ => Err(Refusal::new(ErrorCode::NoDrawOffer, "your opponent has not offered a draw")),
                })
                .await?
            }
            ClientMessage::Subscribe { subscription, events, words } => {
                self.subscribe(caller, subscription, events, words).await?
            }
            ClientMessage::Unsubscribe { endpoint } => self.unsubscribe(caller, endpoint).await?,
            ClientMessage::Vacation { days } => self.vacation(caller, days).await?,
            ClientMessage::ExportData { after } => self.export_data(caller, after).await?,
            ClientMessage::DeleteAccount { password } => self.delete_account(caller, password).await?,
            ClientMessage::Report { player, game, reason, note } => {
                self.report(caller, &player, game.as_deref(), reason, &note).await?
            }
            ClientMessage::Block { player } => self.block(caller, &player, true).await?,
            ClientMessage::Unblock { player } => self.block(caller, &player, false).await?,
            ClientMessage::ListBlocked => ServerMessage::Blocked { players: self.db.blocked_by(&caller.player).await? },
            ClientMessage::ListReports { after } => self.list_reports(caller, after).await?,
            ClientMessage::CancelTournament { tournament, reason } => {
                self.cancel_tournament(caller, &tournament, &reason).await?
            }
            ClientMessage::Moderate { player, action, reason } => {
                self.moderate(caller, &player, action, &reason).await?
            }
            ClientMessage::ListTournaments { after } => self.list_tournaments(caller, after.as_deref()).await?,
            ClientMessage::CreateTournament { settings } => self.create_tournament(caller, settings).await?,
            ClientMessage::JoinTournament { tournament, password } => {
                self.join_tournament(caller, &tournament, password).await?
            }
            ClientMessage::WithdrawTournament { tournament } => self.withdraw_tournament(caller, &tournament).await?,
            ClientMessage::Standings { tournament } => self.standings(caller, &tournament).await?,
            ClientMessage::Abort { game } => {
                self.end_by_player(caller, &game, |live, _| {
                    if live.game.turns().len() < 2 {
                        Ok(GameResult::no_winner(EndReason::Aborted))
                    } else {
                        Err(Refusal::new(ErrorCode::TooLateToAbort, "both sides have played: resign or offer a draw"))
                    }
                })
                .await?
            }
        };
        Ok(vec![reply])
    }

    /// What the server counts for whoever runs it.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// The metrics in Prometheus's text format, with the players, games and passwords as they are now.
    pub fn render_metrics(&self) -> String {
        let counts = Counts {
            players_online: lock(&self.connections).len(),
            games_running: lock(&self.games).len(),
            hashing_queue: self.hashing.waiting(),
        };
        self.metrics.render(counts)
    }

    /// Whether the database can serve players: it answers, has every migration and takes writes ([`Db::ping`]).
    pub async fn database_answers(&self) -> Result<(), DbError> {
        self.db.ping().await
    }

    /// The caller as stored now (the rating may have changed since its `hello`).
    async fn current(&self, caller: &Caller) -> Result<PlayerRecord, Refusal> {
        let player = self.db.player(&caller.player).await?;
        // Players are never deleted; a missing one means the database was changed under the server.
        player.ok_or_else(|| DbError::Corrupt(format!("player {} vanished", caller.player)).into())
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // The maps stay consistent whatever panicked while holding them (each change is one insert or remove).
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
