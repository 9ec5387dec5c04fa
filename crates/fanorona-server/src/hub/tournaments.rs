//! Tournaments: creating, listing, joining and leaving them, their standings, and running them (an event begun at
//! its time, an arena's waiting players paired, a Swiss event's rounds, the end). Every process runs them; each
//! decision is one conditional write ([`Db::pair_swiss_round`](crate::db::Db::pair_swiss_round),
//! [`Db::pair_arena`](crate::db::Db::pair_arena)), so that exactly one process makes it and the others find it made.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::{Caller, Hub, lock, millis};
use crate::db::{Cap, Entrants, GameStart, NewGame, TournamentGame, TournamentKind, TournamentRecord, Without};
use crate::error::{DbError, Refusal};
use crate::protocol::{
    ErrorCode, GameVariant, MAX_LISTED_TOURNAMENTS, MAX_TOURNAMENT_LEAD_MS, MAX_TOURNAMENTS_PER_DAY,
    MAX_TOURNAMENTS_PER_PLAYER, PlayerView, ServerMessage, StandingView, TOURNAMENT_COUNTDOWN_MS, TermsError,
    TournamentGameView, TournamentOutcome, TournamentSettings, TournamentStage, TournamentTerms, TournamentView,
};
use crate::rating::Pool;
use crate::secret;
use crate::throttle::{self, LoginKeys};
use crate::tournament::Points;
use crate::tournament::arena::{self, Finish, Played, Waiting};
use crate::tournament::swiss::{self, Entrant};

/// How often the tournaments are looked at when no tournament game ended meanwhile, on the server's clock.
pub const TOURNAMENT_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);

/// How far in the past a new tournament may say it starts (a client's clock a little behind): it starts now.
const START_SLACK_MS: i64 = 60_000;

impl Hub {
    /// A page of the tournaments as the caller sees them: the upcoming and running ones, then the latest finished,
    /// or the finished ones `after` one the caller was sent.
    pub(super) async fn list_tournaments(
        &self,
        caller: &Caller,
        after: Option<&str>,
    ) -> Result<ServerMessage, Refusal> {
        let listed = self.db.listed_tournaments(after, MAX_LISTED_TOURNAMENTS).await?;
        let Some((events, more)) = listed else {
            return Err(Refusal::not_found(after.unwrap_or_default()));
        };
        let mut tournaments = Vec::with_capacity(events.len());
        for event in &events {
            tournaments.push(self.tournament_view(event, &caller.player).await?);
        }
        Ok(ServerMessage::Tournaments { tournaments, more, after: after.map(str::to_owned) })
    }

    /// Creates a tournament of a registered player, as `settings` say.
    pub(super) async fn create_tournament(
        &self,
        caller: &Caller,
        settings: TournamentSettings,
    ) -> Result<ServerMessage, Refusal> {
        let now = self.clock.now_ms();
        let TournamentSettings { terms, password } = checked(settings, now)?;
        if !self.current(caller).await?.registered {
            return Err(Refusal::new(ErrorCode::RegisteredOnly, "register to create tournaments"));
        }
        let too_many = || {
            let message = format!(
                "you may have {MAX_TOURNAMENTS_PER_PLAYER} tournaments to come and create {MAX_TOURNAMENTS_PER_DAY} a day"
            );
            Refusal::new(ErrorCode::TooManyTournaments, message)
        };
        // Before the password's hash: a creator past the cap must not keep the hashing threads busy.
        if !self.db.under_cap(&caller.player, Cap::PLAYER, now).await? {
            return Err(too_many());
        }
        // A club's password is chosen by a person, as an account's is, so it is stored alike: argon2id with a salt of
        // its own, on the hashing threads (a stolen database then gives it away no faster than an account's).
        let password_hash = match password {
            Some(password) => {
                let hashes = Arc::clone(&self.hashes);
                let hashed = self.hashing.run(move || {
                    hashes.fetch_add(1, Ordering::Relaxed);
                    secret::password_hash(&password)
                });
                Some(hashed.await.ok_or_else(Refusal::busy)??)
            }
            None => None,
        };
        let event = TournamentRecord::new(secret::new_id()?, terms, Some(caller.player.clone()), password_hash);
        if !self.db.create_tournament(&event, Cap::PLAYER, now).await? {
            return Err(too_many());
        }
        Ok(ServerMessage::TournamentCreated { tournament: self.tournament_view(&event, &caller.player).await? })
    }

    /// Enters the caller in the tournament `id`, or brings them back.
    pub(super) async fn join_tournament(
        &self,
        caller: &Caller,
        id: &str,
        password: Option<String>,
    ) -> Result<ServerMessage, Refusal> {
        let event = self.db.tournament(id).await?.ok_or_else(|| Refusal::not_found(id))?;
        let over = || Refusal::new(ErrorCode::TournamentOver, "that tournament is over");
        if event.status == TournamentStage::Finished {
            return Err(over());
        }
        if let Some(hash) = &event.password_hash {
            self.check_event_password(caller, &event.id, hash, password).await?;
        }
        let player = self.current(caller).await?;
        if event.rated && !player.registered {
            return Err(Refusal::guest_unrated());
        }
        let rating = player.view(Pool::of(event.time)).rating;
        if !self.db.join_tournament(id, &caller.player, rating, self.clock.now_ms()).await? {
            return Err(over());
        }
        Ok(ServerMessage::TournamentJoined { tournament: self.tournament_view(&event, &caller.player).await? })
    }

    /// Lets the caller into the private event `event`, whose password's stored hash is `hash`, if `password` is its
    /// password or the caller is in the event already (back after withdrawing, or after an arena game let go by: the
    /// password was given once, and guessers who make the event wait must not keep its players out).
    ///
    /// A wrong password backs off as a wrong account password does ([`Hub::log_in`]), counted in the database so that
    /// every process sees it: by the event from the caller's address, by the address (its logins' count), and by the
    /// event from anywhere ([`LoginKeys::event`]); each try costs a hash on the hashing threads, and a try while a count
    /// waits is refused (`login_throttled`) before any hash, even with the right password.
    async fn check_event_password(
        &self,
        caller: &Caller,
        event: &str,
        hash: &str,
        password: Option<String>,
    ) -> Result<(), Refusal> {
        let wrong = || Refusal::new(ErrorCode::WrongPassword, "that tournament's password is another");
        if self.db.tournament_entrants(event).await?.joined.contains_key(&caller.player) {
            return Ok(());
        }
        // No password is no guess: refused without a hash, and not counted.
        let Some(password) = password else { return Err(wrong()) };
        let now = self.clock.now_ms();
        let keys = LoginKeys::event(event, throttle::address_key(caller.address));
        // Refused before a query while this process knows that the address waits: a flood's tries cost only this.
        lock(&self.logins).wait(&keys.local(), now).map_or(Ok(()), |wait| Err(throttled(wait)))?;
        let waits = self.db.login_waits(&keys.all()).await?;
        {
            let mut known = lock(&self.logins);
            for (key, until) in &waits {
                known.set(key, *until, now);
            }
            known.wait(&keys.all(), now).map_or(Ok(()), |wait| Err(throttled(wait)))?;
        }
        let (logins, clock, hashes) = (Arc::clone(&self.logins), Arc::clone(&self.clock), Arc::clone(&self.hashes));
        let (check_keys, hash) = (keys.clone(), hash.to_owned());
        let checked = self.hashing.run(move || {
            // Looked at again when the check's turn comes, as for logins: the tries queued behind a flood are refused
            // without a hash once its first wrong ones have set the wait.
            if let Some(wait) = lock(&logins).wait(&check_keys.all(), clock.now_ms()) {
                return Err(throttled(wait));
            }
            hashes.fetch_add(1, Ordering::Relaxed);
            Ok(event_password_matches(&password, &hash))
        });
        let matches = checked.await.ok_or_else(Refusal::busy)??;
        let now = self.clock.now_ms();
        if matches {
            // Only the address's count for the event is cleared. The event's from anywhere stays (forgotten an hour
            // after its last wrong one): each club member who joins would otherwise give guessers spread over many
            // addresses a fresh run of free tries. The address's stays, as after a right login.
            self.db.forget_login_failures(&[&keys.pair]).await?;
            lock(&self.logins).set(&keys.pair, 0, now);
            return Ok(());
        }
        let forget_before = now.saturating_sub(millis(throttle::FORGET_AFTER));
        for (key, backoff) in keys.with_backoffs(&self.login_backoffs) {
            let until = move |failures| throttle::blocked_until(backoff, failures, now);
            let until = self.db.count_login_failure(key, now, forget_before, until).await?;
            lock(&self.logins).set(key, until, now);
        }
        Err(wrong())
    }

    /// Withdraws the caller from the tournament `id`; a game they are playing goes on.
    pub(super) async fn withdraw_tournament(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        if !self.db.withdraw_from_tournament(id, &caller.player).await? {
            return Err(Refusal::new(ErrorCode::NotFound, "you are not in that tournament"));
        }
        Ok(ServerMessage::TournamentWithdrawn { tournament: id.to_owned() })
    }

    /// The standings and games of the tournament `id`, worked out from the games stored; a private event's for its
    /// players and creator only.
    pub(super) async fn standings(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let event = self.db.tournament(id).await?.ok_or_else(|| Refusal::not_found(id))?;
        // Read once for both the standings and the caller's view of the event.
        let entrants = self.db.tournament_entrants(&event.id).await?;
        // A private event is its club's: the list shows everyone that it is there (its terms and how many play), but
        // who plays and how they fare only its players (withdrawn ones too) and its creator see, and the moderators,
        // who may have to cancel it.
        let inside = event.creator.as_ref() == Some(&caller.player)
            || entrants.players.iter().any(|e| e.player == caller.player);
        if event.password_hash.is_some() && !inside && !self.db.is_moderator(&caller.player).await? {
            let message = "a private tournament's players and standings are for those who joined it with its password";
            return Err(Refusal::new(ErrorCode::WrongPassword, message));
        }
        let games = self.db.tournament_games(&event.id).await?;
        let standings = self.standings_of(&event, &entrants, &games).await?;
        let tournament = self.view_of(&event, &entrants, &games, &caller.player).await?;
        let games = games.into_iter().map(game_view).collect();
        Ok(ServerMessage::Standings { tournament, standings, games })
    }

    /// The standings of `event`, from its players and games as stored.
    async fn standings_of(
        &self,
        event: &TournamentRecord,
        Entrants { players: entrants, joined }: &Entrants,
        games: &[TournamentGame],
    ) -> Result<Vec<StandingView>, DbError> {
        let pool = Pool::of(event.time);
        let players: HashMap<String, PlayerView> =
            self.db.tournament_players(&event.id).await?.into_iter().map(|(id, p)| (id, p.view(pool))).collect();
        let rounds = match event.kind {
            TournamentKind::Swiss { .. } => self.db.swiss_rounds(&event.id).await?,
            TournamentKind::Arena { .. } => Vec::new(),
        };
        let lines: Vec<(&String, Points, u32, u32, bool, bool)> = match event.kind {
            TournamentKind::Swiss { .. } => {
                let out = swiss::withdrawn(entrants, &rounds);
                let withdrawn = |e: &Entrant<String>| e.withdrawn || out.contains(&e.player);
                let by_player: HashMap<&String, &Entrant<String>> = entrants.iter().map(|e| (&e.player, e)).collect();
                swiss::standings(entrants, &rounds)
                    .into_iter()
                    .filter_map(|s| {
                        let entrant = by_player.get(&s.player)?;
                        Some((&entrant.player, s.score, s.buchholz, s.sonneborn_berger, false, withdrawn(entrant)))
                    })
                    .collect()
            }
            TournamentKind::Arena { .. } => {
                let scores = arena_scores(entrants, games);
                let out =
                    |e: &Entrant<String>| e.withdrawn || arena_paused(&e.player, last_game(&e.player, games), joined);
                let mut lines: Vec<_> = entrants
                    .iter()
                    .map(|e| {
                        let score = scores.get(&e.player).copied().unwrap_or_default();
                        (&e.player, score.points, 0, 0, score.on_fire, out(e))
                    })
                    .collect();
                let rating = |p: &String| players.get(p).map_or(0.0, |v| v.rating);
                lines.sort_by(|a, b| b.1.cmp(&a.1).then(rating(b.0).total_cmp(&rating(a.0))).then(a.0.cmp(b.0)));
                lines
            }
        };
        let standings = lines
            .into_iter()
            .zip(1..)
            .filter_map(|((id, points, buchholz, sonneborn_berger, on_fire, withdrawn), rank)| {
                let player = players.get(id)?.clone();
                let byes = (1..).zip(&rounds).filter(|(_, r)| r.bye.as_ref() == Some(id)).map(|(n, _)| n).collect();
                Some(StandingView { rank, player, points, buchholz, sonneborn_berger, on_fire, withdrawn, byes })
            })
            .collect();
        Ok(standings)
    }

    /// `event` as `viewer` sees it.
    async fn tournament_view(&self, event: &TournamentRecord, viewer: &str) -> Result<TournamentView, DbError> {
        let entrants = self.db.tournament_entrants(&event.id).await?;
        // Only a player in an arena under way may be paused, which their games tell.
        let games = if pausable(event) && entrants.players.iter().any(|e| e.player == viewer && !e.withdrawn) {
            self.db.tournament_games(&event.id).await?
        } else {
            Vec::new()
        };
        self.view_of(event, &entrants, &games, viewer).await
    }

    /// `event` as `viewer` sees it, from its players and (for an arena under way) games: joined while they are
    /// paired (an arena player paused after a game let go by is not, and joins again to be paired again).
    async fn view_of(
        &self,
        event: &TournamentRecord,
        Entrants { players: entrants, joined: joins }: &Entrants,
        games: &[TournamentGame],
        viewer: &str,
    ) -> Result<TournamentView, DbError> {
        let mut joined = entrants.iter().any(|e| e.player == viewer && !e.withdrawn);
        if joined && pausable(event) {
            joined = !arena_paused(viewer, last_game(viewer, games), joins);
        }
        let creator = match &event.creator {
            Some(id) => self.db.player(id).await?.map(|p| p.name),
            None => None,
        };
        Ok(TournamentView {
            id: event.id.clone(),
            terms: event.terms(),
            stage: event.status,
            round: if matches!(event.kind, TournamentKind::Swiss { .. }) { event.round } else { 0 },
            private: event.password_hash.is_some(),
            creator,
            players: u32::try_from(entrants.iter().filter(|e| !e.withdrawn).count()).unwrap_or(u32::MAX),
            joined,
        })
    }

    /// Runs the tournaments: begins those whose time has come, pairs an arena's waiting players and a Swiss event's
    /// next round, and ends them. At most every [`TOURNAMENT_INTERVAL`] of the server's clock, and at the next call
    /// after a tournament game ended; the server calls it with the flag checks.
    pub async fn run_tournaments(&self) {
        let now = self.clock.now_ms();
        let due = self.tournament_game_ended.swap(false, Ordering::Relaxed);
        if !due && now < self.next_tournaments.load(Ordering::Relaxed) {
            return;
        }
        self.next_tournaments.store(now.saturating_add(millis(TOURNAMENT_INTERVAL)), Ordering::Relaxed);
        self.hold_scheduled(now).await;
        let mut events = Vec::new();
        for status in [TournamentStage::Upcoming, TournamentStage::Running] {
            match self.db.tournaments(status).await {
                Ok(found) => events.extend(found),
                Err(error) => tracing::error!("tournaments not read: {error}"),
            }
        }
        for event in events.into_iter().filter(|e| e.starts <= now) {
            let run = match event.kind {
                TournamentKind::Arena { length_ms } => self.run_arena(&event, length_ms, now).await,
                TournamentKind::Swiss { rounds } => self.run_swiss(&event, rounds, now).await,
            };
            match run {
                Ok(()) | Err(DbError::Stale) => {}
                Err(error) => tracing::error!("tournament {}: {error}", event.id),
            }
        }
    }

    /// Makes sure that each series of the server's schedule has its next event, to join ahead. Every process does;
    /// the event's id is the same on each, so all but the first find it stored.
    async fn hold_scheduled(&self, now: i64) {
        for (index, entry) in self.schedule.iter().enumerate() {
            let start = entry.next_start(now);
            if lock(&self.scheduled).get(index).copied().flatten() == Some(start) {
                continue;
            }
            let terms = TournamentTerms { starts_at_ms: start, ..entry.terms.clone() };
            let event = TournamentRecord::new(entry.event_id(start), terms, None, None);
            match self.db.create_tournament(&event, Cap::NONE, now).await {
                Ok(_) | Err(DbError::Duplicate) => {
                    if let Some(held) = lock(&self.scheduled).get_mut(index) {
                        *held = Some(start);
                    }
                }
                Err(error) => tracing::error!("scheduled tournament {:?} not created: {error}", event.name),
            }
        }
    }

    /// Begins, pairs or ends the arena `event`. Nobody is paired after its end; games under way then count.
    async fn run_arena(&self, event: &TournamentRecord, length_ms: i64, now: i64) -> Result<(), DbError> {
        if now >= event.starts.saturating_add(length_ms) {
            self.db.move_tournament(&event.id, event.status, TournamentStage::Finished).await?;
            return Ok(());
        }
        let Entrants { players: entrants, joined } = self.db.tournament_entrants(&event.id).await?;
        let games = self.db.tournament_games(&event.id).await?;
        let pairs = arena::pair(&arena_waiting(&entrants, &games, &joined));
        if pairs.is_empty() {
            if event.status == TournamentStage::Upcoming {
                self.db.move_tournament(&event.id, event.status, TournamentStage::Running).await?;
            }
            return Ok(());
        }
        let new = self.new_games(event, &pairs).await?;
        self.db.pair_arena(event, event.round + 1, &new, self.game_start(event, now)).await?;
        self.take_up(&new).await;
        Ok(())
    }

    /// Begins, pairs the next round of, or ends the Swiss `event` of `rounds` rounds, once the round before is over.
    async fn run_swiss(&self, event: &TournamentRecord, rounds: u32, now: i64) -> Result<(), DbError> {
        let played = self.db.swiss_rounds(&event.id).await?;
        if !played.last().is_none_or(swiss::Round::is_over) {
            return Ok(());
        }
        let entrants = self.db.tournament_entrants(&event.id).await?.players;
        let out = swiss::withdrawn(&entrants, &played);
        let in_play = entrants.iter().filter(|e| !e.withdrawn && !out.contains(&e.player)).count();
        // Over after its last round, or when fewer than two players are left to pair.
        if event.round >= rounds || in_play < 2 {
            self.db.move_tournament(&event.id, event.status, TournamentStage::Finished).await?;
            return Ok(());
        }
        // Everyone not withdrawn is paired: presence on one process says nothing of the others, and a player who
        // does not come loses the game on time, which counts as a round missed.
        let round = swiss::pair_round(&entrants, &played, |_| true);
        let pairs: Vec<(&String, &String)> = round.games.iter().map(|g| (&g.white, &g.black)).collect();
        let new = self.new_games(event, &pairs).await?;
        let without = Without { bye: round.bye.as_ref(), absent: &round.absent };
        self.db.pair_swiss_round(event, event.round + 1, &new, &without, self.game_start(event, now)).await?;
        self.take_up(&new).await;
        Ok(())
    }

    /// The games of `pairs` (White first), rated when the event is and neither player is a bot or a guest.
    async fn new_games(&self, event: &TournamentRecord, pairs: &[(&String, &String)]) -> Result<Vec<NewGame>, DbError> {
        let players = self.db.tournament_players(&event.id).await?;
        let rateable = |id: &String| players.get(id).is_some_and(|p| p.registered && !p.bot);
        let mut games = Vec::with_capacity(pairs.len());
        for (white, black) in pairs {
            let rated = event.rated && event.variant == GameVariant::Tsivy && rateable(white) && rateable(black);
            let id = secret::new_id().map_err(|e| DbError::Corrupt(format!("no game id: {e}")))?;
            games.push(NewGame { id, white: (*white).clone(), black: (*black).clone(), rated });
        }
        Ok(games)
    }

    /// How `event`'s games paired `now` start: full clocks, White's running after the countdown.
    fn game_start(&self, event: &TournamentRecord, now: i64) -> GameStart {
        GameStart { initial_ms: event.time.initial_ms(), clock_since: now + TOURNAMENT_COUNTDOWN_MS, now }
    }

    /// Takes up the games just stored and sends each to its players.
    async fn take_up(&self, games: &[NewGame]) {
        for game in games {
            self.sync(&game.id).await;
        }
    }
}

/// `settings` if they are allowed `now`, starting no earlier than `now`; else why not.
fn checked(mut settings: TournamentSettings, now: i64) -> Result<TournamentSettings, Refusal> {
    let bad = |message: String| Err(Refusal::new(ErrorCode::BadTournament, message));
    settings.terms.name = settings.terms.name.trim().to_owned();
    // The check the game's form makes too (the password's length with the terms), so that both say the same.
    match settings.check() {
        Ok(()) => {}
        Err(error @ TermsError::UnratedVariant) => {
            return Err(Refusal::new(ErrorCode::UnratedVariant, error.to_string()));
        }
        Err(error) => return bad(error.to_string()),
    }
    let terms = &mut settings.terms;
    if terms.starts_at_ms < now - START_SLACK_MS || terms.starts_at_ms > now.saturating_add(MAX_TOURNAMENT_LEAD_MS) {
        return bad("a tournament starts between now and 30 days from now".into());
    }
    terms.starts_at_ms = terms.starts_at_ms.max(now);
    Ok(settings)
}

/// The refusal of a private event's password tried while a count of wrong passwords waits `wait` milliseconds more:
/// the code and words of a login's (the address's count is the same).
fn throttled(wait: i64) -> Refusal {
    let message = format!("too many wrong passwords lately: try again in {} s", throttle::seconds(wait));
    Refusal::new(ErrorCode::LoginThrottled, message)
}

/// Whether `password` is the private event's password whose hash is `stored`: an argon2id hash in PHC form (`$`
/// first; every event created since issue 69), else the unsalted SHA-256 in hex kept by the events created before,
/// compared in constant time (docs/DECISIONS.md, "Tournaments").
fn event_password_matches(password: &str, stored: &str) -> bool {
    if stored.starts_with('$') {
        secret::password_matches(password, stored)
    } else {
        same_in_constant_time(secret::token_hash(password).as_bytes(), stored.as_bytes())
    }
}

/// Whether `a` and `b` are the same bytes, every byte looked at whatever differs, so that the time taken does not
/// tell how much of a guess's hash is right. The lengths are no secret (a SHA-256 in hex has 64 bytes).
fn same_in_constant_time(a: &[u8], b: &[u8]) -> bool {
    let difference = a.iter().zip(b).fold(0, |difference, (x, y)| difference | (x ^ y));
    a.len() == b.len() && std::hint::black_box(difference) == 0
}

/// Each arena player's score from the finished games, in the order they ended.
fn arena_scores(entrants: &[Entrant<String>], games: &[TournamentGame]) -> HashMap<String, arena::Score> {
    let mut finished: Vec<(&TournamentGame, i64, TournamentOutcome)> =
        games.iter().filter_map(|g| Some((g, g.ended?, g.pairing.result?))).collect();
    finished.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.round.cmp(&b.0.round)).then(a.0.id.cmp(&b.0.id)));
    entrants
        .iter()
        .map(|e| {
            let played: Vec<Played> = finished
                .iter()
                .filter_map(|(game, _, outcome)| {
                    let white = game.pairing.white == e.player;
                    (white || game.pairing.black == e.player).then(|| {
                        let result = match outcome.points(white) {
                            2 => Finish::Win,
                            1 => Finish::Draw,
                            _ => Finish::Loss,
                        };
                        Played { result, berserk: false }
                    })
                })
                .collect();
            (e.player.clone(), arena::score(&played))
        })
        .collect()
}

/// Whether a player of `event` may be paused for a game let go by: an arena under way.
fn pausable(event: &TournamentRecord) -> bool {
    matches!(event.kind, TournamentKind::Arena { .. }) && event.status == TournamentStage::Running
}

/// The last game of `player`'s among `games` (the one that ended last; one under way counts as not ended).
fn last_game<'a>(player: &str, games: &'a [TournamentGame]) -> Option<&'a TournamentGame> {
    let theirs = games.iter().filter(|g| g.pairing.white == player || g.pairing.black == player);
    theirs.max_by_key(|g| (g.ended.is_none(), g.ended, g.round))
}

/// Whether an arena player is paused: their `last` game went by without their turn, and ended after they last
/// joined (joining at the very millisecond it ended counts as joining again). They are paired no more, and shown as
/// out of the event, until they join again.
fn arena_paused(player: &str, last: Option<&TournamentGame>, joins: &HashMap<String, i64>) -> bool {
    last.is_some_and(|last| {
        last.pairing.result.is_some_and(|outcome| outcome.absent(last.pairing.white == player))
            && last.ended > joins.get(player).copied()
    })
}

/// The arena players waiting for a game: not withdrawn, not playing, and not paused (their last game went by
/// without their turn, and they have not joined again since).
fn arena_waiting<'a>(
    entrants: &'a [Entrant<String>],
    games: &'a [TournamentGame],
    joins: &HashMap<String, i64>,
) -> Vec<Waiting<&'a String>> {
    let scores = arena_scores(entrants, games);
    entrants
        .iter()
        .filter(|e| !e.withdrawn)
        .filter_map(|e| {
            let theirs: Vec<&TournamentGame> =
                games.iter().filter(|g| g.pairing.white == e.player || g.pairing.black == e.player).collect();
            if theirs.iter().any(|g| g.pairing.result.is_none()) {
                return None;
            }
            let last = last_game(&e.player, games);
            if arena_paused(&e.player, last, joins) {
                return None;
            }
            let last_opponent =
                last.map(|g| if g.pairing.white == e.player { &g.pairing.black } else { &g.pairing.white });
            let whites = theirs.iter().filter(|g| g.pairing.white == e.player).count();
            let colour_balance =
                i32::try_from(whites).unwrap_or(i32::MAX) - i32::try_from(theirs.len() - whites).unwrap_or(i32::MAX);
            Some(Waiting {
                player: &e.player,
                points: scores.get(&e.player).map_or(0, |s| s.points),
                rating: e.rating,
                last_opponent,
                colour_balance,
            })
        })
        .collect()
}

/// A stored game as the crosstable shows it.
fn game_view(game: TournamentGame) -> TournamentGameView {
    TournamentGameView {
        game: game.id,
        round: game.round,
        white: game.pairing.white,
        black: game.pairing.black,
        outcome: game.pairing.result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::swiss::Pairing;

    fn entrant(player: &str) -> Entrant<String> {
        Entrant { player: player.into(), rating: 1500.0, withdrawn: false }
    }

    fn game(
        id: &str,
        round: u32,
        white: &str,
        black: &str,
        result: Option<TournamentOutcome>,
        ended: i64,
    ) -> TournamentGame {
        let pairing = Pairing { white: white.into(), black: black.into(), result };
        TournamentGame { id: id.into(), round, pairing, ended: result.map(|_| ended) }
    }

    fn waiting_players(entrants: &[Entrant<String>], games: &[TournamentGame], joins: &[(&str, i64)]) -> Vec<String> {
        let joins = joins.iter().map(|(p, at)| ((*p).to_owned(), *at)).collect();
        arena_waiting(entrants, games, &joins).into_iter().map(|w| w.player.clone()).collect()
    }

    #[test]
    fn an_arena_player_waits_unless_playing_withdrawn_or_paused_for_a_game_let_go_by() {
        let entrants =
            [entrant("a"), entrant("b"), entrant("c"), entrant("d"), Entrant { withdrawn: true, ..entrant("e") }];
        let games = [
            game("g1", 1, "a", "b", Some(TournamentOutcome::White), 100),
            game("g2", 1, "c", "d", Some(TournamentOutcome::WhiteAbsent), 100),
            game("g3", 2, "a", "d", None, 0),
        ];
        let joins = [("a", 0), ("b", 0), ("c", 0), ("d", 0), ("e", 0)];
        // a and d play; c let g2 go by; e withdrew.
        assert_eq!(waiting_players(&entrants, &games, &joins), ["b"]);
        // c joins again after that game: paired again.
        let joins = [("a", 0), ("b", 0), ("c", 150), ("d", 0), ("e", 0)];
        assert_eq!(waiting_players(&entrants, &games, &joins), ["b", "c"]);
    }

    #[test]
    fn an_arena_player_who_let_their_last_game_go_by_is_out_until_they_join_again() {
        let games = [
            game("g1", 1, "a", "b", Some(TournamentOutcome::BlackAbsent), 100),
            game("g2", 2, "a", "c", Some(TournamentOutcome::White), 200),
            game("g3", 2, "b", "d", None, 0),
        ];
        let joins: HashMap<String, i64> =
            [("a", 0), ("b", 0), ("c", 0), ("d", 0)].map(|(p, at)| (p.to_owned(), at)).into();
        let paused =
            |player: &str, joins: &HashMap<String, i64>| arena_paused(player, last_game(player, &games), joins);
        // a's last game was g2, played; b's is g3, under way; d never missed one.
        assert_eq!(["a", "b", "c", "d"].map(|p| paused(p, &joins)), [false, false, false, false]);
        let games = &games[..2];
        let paused = |player: &str, joins: &HashMap<String, i64>| arena_paused(player, last_game(player, games), joins);
        // Without g3, b's last game is g1, let go by: out, until b joins after it ended.
        assert!(paused("b", &joins));
        let mut again = joins.clone();
        again.insert("b".to_owned(), 150);
        assert!(!paused("b", &again));
    }

    #[test]
    fn an_arena_players_points_streak_last_opponent_and_colours_come_from_the_games_in_the_order_they_ended() {
        let entrants = [entrant("a"), entrant("b"), entrant("c")];
        // Stored by pairing, ended in another order: a beat c, then b, then c again (on fire: 4 points).
        let games = [
            game("g1", 1, "a", "b", Some(TournamentOutcome::White), 300),
            game("g2", 2, "c", "a", Some(TournamentOutcome::Black), 200),
            game("g3", 3, "c", "a", Some(TournamentOutcome::Black), 100),
        ];
        let scores = arena_scores(&entrants, &games);
        assert_eq!(scores["a"], arena::Score { points: 2 + 2 + 4, on_fire: true });
        assert_eq!(scores["c"], arena::Score { points: 0, on_fire: false });
        let joins = [("a", 0), ("b", 0), ("c", 0)].map(|(p, at)| (p.to_owned(), at)).into_iter().collect();
        let waiting = arena_waiting(&entrants, &games, &joins);
        let a = waiting.iter().find(|w| w.player == "a").unwrap();
        assert_eq!((a.points, a.last_opponent.map(String::as_str), a.colour_balance), (8, Some("b"), -1));
    }

    #[test]
    fn an_events_password_matches_its_argon2_hash_or_the_sha_256_of_events_made_before() {
        let new = secret::password_hash("club secret").unwrap();
        assert!(new.starts_with("$argon2id$"), "{new}");
        assert!(event_password_matches("club secret", &new));
        assert!(!event_password_matches("club secreT", &new));
        let old = secret::token_hash("club secret");
        assert!(event_password_matches("club secret", &old));
        assert!(!event_password_matches("club secreT", &old));
        assert!(!event_password_matches("club secret", &old[..63]), "a hash cut short");
        assert!(!event_password_matches("club secret", &old.to_uppercase()));
        assert!(!event_password_matches("club secret", "$not a hash"));
    }
}
