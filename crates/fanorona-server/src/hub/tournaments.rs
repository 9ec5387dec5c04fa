//! Tournaments: creating, listing, joining and leaving them, their standings, and running them (an event begun at
//! its time, an arena's waiting players paired, a Swiss event's rounds, the end). Every process runs them; each
//! decision is one conditional write ([`Db::pair_swiss_round`](crate::db::Db::pair_swiss_round),
//! [`Db::pair_arena`](crate::db::Db::pair_arena)), so that exactly one process makes it and the others find it made.

use std::collections::HashMap;
use std::sync::atomic::Ordering;

use super::{Caller, Hub, lock, millis};
use crate::db::{
    Entrants, GameStart, NewGame, TournamentGame, TournamentKind, TournamentRecord, TournamentStatus, Without,
};
use crate::error::{DbError, Refusal};
use crate::protocol::{
    ErrorCode, GameVariant, MAX_LISTED_TOURNAMENTS, MAX_TOURNAMENT_LEAD_MS, MAX_TOURNAMENTS_PER_PLAYER, PlayerView,
    ServerMessage, StandingView, TOURNAMENT_COUNTDOWN_MS, TermsError, TournamentGameView, TournamentOutcome,
    TournamentSettings, TournamentStage, TournamentTerms, TournamentView,
};
use crate::rating::Pool;
use crate::secret;
use crate::tournament::arena::{self, Finish, Played, Waiting};
use crate::tournament::swiss::{self, Entrant};
use crate::tournament::{Outcome, Points};

/// How often the tournaments are looked at when no tournament game ended meanwhile, on the server's clock.
pub const TOURNAMENT_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);

/// How far in the past a new tournament may say it starts (a client's clock a little behind): it starts now.
const START_SLACK_MS: i64 = 60_000;

impl Hub {
    /// The upcoming and running tournaments, then the latest finished ones, as the caller sees them.
    pub(super) async fn list_tournaments(&self, caller: &Caller) -> Result<ServerMessage, Refusal> {
        let mut events = self.db.tournaments(TournamentStatus::Upcoming).await?;
        events.extend(self.db.tournaments(TournamentStatus::Running).await?);
        let mut finished = self.db.tournaments(TournamentStatus::Finished).await?;
        finished.reverse();
        events.extend(finished);
        events.truncate(MAX_LISTED_TOURNAMENTS);
        let mut tournaments = Vec::with_capacity(events.len());
        for event in &events {
            tournaments.push(self.tournament_view(event, &caller.player).await?);
        }
        Ok(ServerMessage::Tournaments { tournaments })
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
        // A club's password guards an event, not an account: a fast hash, as for tokens.
        let password_hash = password.as_deref().map(secret::token_hash);
        let event = TournamentRecord::new(secret::new_id()?, terms, Some(caller.player.clone()), password_hash);
        if !self.db.create_tournament(&event, MAX_TOURNAMENTS_PER_PLAYER, now).await? {
            let message = format!("you have {MAX_TOURNAMENTS_PER_PLAYER} tournaments to come already");
            return Err(Refusal::new(ErrorCode::TooManyTournaments, message));
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
        if event.status == TournamentStatus::Finished {
            return Err(over());
        }
        if let Some(hash) = &event.password_hash
            && password.as_deref().map(secret::token_hash).as_ref() != Some(hash)
        {
            return Err(Refusal::new(ErrorCode::WrongPassword, "that tournament's password is another"));
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

    /// Withdraws the caller from the tournament `id`; a game they are playing goes on.
    pub(super) async fn withdraw_tournament(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        if !self.db.withdraw_from_tournament(id, &caller.player).await? {
            return Err(Refusal::new(ErrorCode::NotFound, "you are not in that tournament"));
        }
        Ok(ServerMessage::TournamentWithdrawn { tournament: id.to_owned() })
    }

    /// The standings and games of the tournament `id`, worked out from the games stored.
    pub(super) async fn standings(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let event = self.db.tournament(id).await?.ok_or_else(|| Refusal::not_found(id))?;
        // Read once for both the standings and the caller's view of the event.
        let entrants = self.db.tournament_entrants(&event.id).await?;
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
            stage: match event.status {
                TournamentStatus::Upcoming => TournamentStage::Upcoming,
                TournamentStatus::Running => TournamentStage::Running,
                TournamentStatus::Finished => TournamentStage::Finished,
            },
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
        for status in [TournamentStatus::Upcoming, TournamentStatus::Running] {
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
            match self.db.create_tournament(&event, usize::MAX, now).await {
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
            self.db.move_tournament(&event.id, event.status, TournamentStatus::Finished).await?;
            return Ok(());
        }
        let Entrants { players: entrants, joined } = self.db.tournament_entrants(&event.id).await?;
        let games = self.db.tournament_games(&event.id).await?;
        let pairs = arena::pair(&arena_waiting(&entrants, &games, &joined));
        if pairs.is_empty() {
            if event.status == TournamentStatus::Upcoming {
                self.db.move_tournament(&event.id, event.status, TournamentStatus::Running).await?;
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
            self.db.move_tournament(&event.id, event.status, TournamentStatus::Finished).await?;
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
    let terms = &mut settings.terms;
    terms.name = terms.name.trim().to_owned();
    match terms.check() {
        Ok(()) => {}
        Err(error @ TermsError::UnratedVariant) => {
            return Err(Refusal::new(ErrorCode::UnratedVariant, error.to_string()));
        }
        Err(error) => return bad(error.to_string()),
    }
    if terms.starts_at_ms < now - START_SLACK_MS || terms.starts_at_ms > now.saturating_add(MAX_TOURNAMENT_LEAD_MS) {
        return bad("a tournament starts between now and 30 days from now".into());
    }
    terms.starts_at_ms = terms.starts_at_ms.max(now);
    if settings.password.as_ref().is_some_and(|p| p.is_empty() || p.len() > 128) {
        return bad("a tournament's password has 1 to 128 bytes".into());
    }
    Ok(settings)
}

/// Each arena player's score from the finished games, in the order they ended.
fn arena_scores(entrants: &[Entrant<String>], games: &[TournamentGame]) -> HashMap<String, arena::Score> {
    let mut finished: Vec<(&TournamentGame, i64, Outcome)> =
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
    matches!(event.kind, TournamentKind::Arena { .. }) && event.status == TournamentStatus::Running
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
        last.pairing.result.is_some_and(|outcome| outcome.no_show(last.pairing.white == player))
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
        outcome: game.pairing.result.map(|o| match o {
            Outcome::WhiteWins => TournamentOutcome::White,
            Outcome::BlackWins => TournamentOutcome::Black,
            Outcome::Draw => TournamentOutcome::Draw,
            Outcome::WhiteNoShow => TournamentOutcome::WhiteAbsent,
            Outcome::BlackNoShow => TournamentOutcome::BlackAbsent,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::swiss::Pairing;

    fn entrant(player: &str) -> Entrant<String> {
        Entrant { player: player.into(), rating: 1500.0, withdrawn: false }
    }

    fn game(id: &str, round: u32, white: &str, black: &str, result: Option<Outcome>, ended: i64) -> TournamentGame {
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
            game("g1", 1, "a", "b", Some(Outcome::WhiteWins), 100),
            game("g2", 1, "c", "d", Some(Outcome::WhiteNoShow), 100),
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
            game("g1", 1, "a", "b", Some(Outcome::BlackNoShow), 100),
            game("g2", 2, "a", "c", Some(Outcome::WhiteWins), 200),
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
            game("g1", 1, "a", "b", Some(Outcome::WhiteWins), 300),
            game("g2", 2, "c", "a", Some(Outcome::BlackWins), 200),
            game("g3", 3, "c", "a", Some(Outcome::BlackWins), 100),
        ];
        let scores = arena_scores(&entrants, &games);
        assert_eq!(scores["a"], arena::Score { points: 2 + 2 + 4, on_fire: true });
        assert_eq!(scores["c"], arena::Score { points: 0, on_fire: false });
        let joins = [("a", 0), ("b", 0), ("c", 0)].map(|(p, at)| (p.to_owned(), at)).into_iter().collect();
        let waiting = arena_waiting(&entrants, &games, &joins);
        let a = waiting.iter().find(|w| w.player == "a").unwrap();
        assert_eq!((a.points, a.last_opponent.map(String::as_str), a.colour_balance), (8, Some("b"), -1));
    }
}
