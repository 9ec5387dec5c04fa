//! Tournaments: the events, their players, and the claim that lets exactly one process pair a Swiss round.

use std::collections::HashMap;

use sqlx::Row;
use sqlx::any::AnyRow;

use super::accounts::{player_columns, player_from};
use super::games::{GameStatus, result_of};
use super::tx::Tx;
use super::{Db, PlayerRecord};
use crate::error::DbError;
use crate::protocol::{
    Color, DAY_MS, EndReason, GameResult, GameVariant, MAX_TOURNAMENTS_PER_DAY, MAX_TOURNAMENTS_PER_PLAYER,
    ModerationAction, TimeControl, TournamentFormat, TournamentOutcome, TournamentStage, TournamentTerms,
};
use crate::tournament::swiss::{Entrant, Pairing, Round};

/// What kind of event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentKind {
    /// Players come and go for this long, paired as their games end.
    Arena {
        /// The length, in milliseconds.
        length_ms: i64,
    },
    /// This many rounds, everyone paired in each.
    Swiss {
        /// The number of rounds.
        rounds: u32,
    },
}

/// How many events one creator may make: [`Cap::PLAYER`] for a player, [`Cap::NONE`] for the server's schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cap {
    /// Upcoming or running at once.
    pub to_come: usize,
    /// Created in the last day, finished ones too.
    pub per_day: usize,
}

impl Cap {
    /// A player's: [`MAX_TOURNAMENTS_PER_PLAYER`] to come, [`MAX_TOURNAMENTS_PER_DAY`] a day.
    pub const PLAYER: Cap = Cap { to_come: MAX_TOURNAMENTS_PER_PLAYER, per_day: MAX_TOURNAMENTS_PER_DAY };
    /// No cap.
    pub const NONE: Cap = Cap { to_come: usize::MAX, per_day: usize::MAX };
}

/// The SQL condition that the player whose id is bound as `creator` is under a [`Cap`] whose events to come, the
/// start of the day counted and the events of that day are bound as `cap`: one text for the check and the insert.
fn under_cap(creator: &str, [to_come, since, per_day]: [&str; 3]) -> String {
    format!(
        "((SELECT COUNT(*) FROM tournaments WHERE creator = {creator} AND status IN ('upcoming', 'running')) < {to_come} \
         AND (SELECT COUNT(*) FROM tournaments WHERE creator = {creator} AND created > {since}) < {per_day})"
    )
}

/// A tournament's players as its arithmetic takes them, and when each last joined.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Entrants {
    /// The players, by id.
    pub players: Vec<Entrant<String>>,
    /// When each last joined, in milliseconds since the Unix epoch.
    pub joined: HashMap<String, i64>,
}

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRecord {
    /// The id.
    pub id: String,
    /// Arena or Swiss, with its length.
    pub kind: TournamentKind,
    /// Its name, as players read it.
    pub name: String,
    /// The player who created it; `None` for the server's own schedule.
    pub creator: Option<String>,
    /// The board.
    pub variant: GameVariant,
    /// The games' time control.
    pub time: TimeControl,
    /// Whether its games are rated.
    pub rated: bool,
    /// When it begins, in milliseconds since the Unix epoch.
    pub starts: i64,
    /// The hash of a private event's password.
    pub password_hash: Option<String>,
    /// Where it stands.
    pub status: TournamentStage,
    /// A Swiss event's rounds paired so far.
    pub round: u32,
}

impl TournamentRecord {
    /// A new upcoming event of `terms` under the id `id`.
    pub fn new(id: String, terms: TournamentTerms, creator: Option<String>, password_hash: Option<String>) -> Self {
        TournamentRecord {
            id,
            kind: match terms.format {
                TournamentFormat::Arena { minutes } => TournamentKind::Arena { length_ms: i64::from(minutes) * 60_000 },
                TournamentFormat::Swiss { rounds } => TournamentKind::Swiss { rounds },
            },
            name: terms.name,
            creator,
            variant: terms.variant,
            time: terms.time,
            rated: terms.rated,
            starts: terms.starts_at_ms,
            password_hash,
            status: TournamentStage::Upcoming,
            round: 0,
        }
    }

    /// What the event is, as the protocol says it.
    pub fn terms(&self) -> TournamentTerms {
        let format = match self.kind {
            TournamentKind::Arena { length_ms } => {
                TournamentFormat::Arena { minutes: u32::try_from(length_ms / 60_000).unwrap_or(u32::MAX) }
            }
            TournamentKind::Swiss { rounds } => TournamentFormat::Swiss { rounds },
        };
        TournamentTerms {
            name: self.name.clone(),
            format,
            variant: self.variant,
            time: self.time,
            rated: self.rated,
            starts_at_ms: self.starts,
        }
    }
}

/// A tournament game about to be stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Its id.
    pub id: String,
    /// White's player id.
    pub white: String,
    /// Black's player id.
    pub black: String,
    /// Whether it changes ratings.
    pub rated: bool,
}

/// How the games of a pairing start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameStart {
    /// The time on each clock, in milliseconds.
    pub initial_ms: i64,
    /// When White's clock starts, on the server's clock (after the countdown).
    pub clock_since: i64,
    /// When they are paired.
    pub now: i64,
}

/// The players of a Swiss round without a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Without<'a> {
    /// The player with the bye.
    pub bye: Option<&'a String>,
    /// The players not there.
    pub absent: &'a [String],
}

/// A tournament's game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// Its id.
    pub id: String,
    /// A Swiss event's round, an arena's pairing.
    pub round: u32,
    /// Who played whom, and how it ended.
    pub pairing: Pairing<String>,
    /// When it ended, if it has.
    pub ended: Option<i64>,
}

fn tournament_from(row: &AnyRow) -> Result<TournamentRecord, DbError> {
    let corrupt = |what: &str, value: &dyn std::fmt::Debug| DbError::Corrupt(format!("tournament {what} {value:?}"));
    let kind: String = row.try_get("kind")?;
    let kind = match kind.as_str() {
        "arena" => TournamentKind::Arena { length_ms: row.try_get("length_ms")? },
        "swiss" => {
            let rounds: i64 = row.try_get("rounds")?;
            TournamentKind::Swiss { rounds: u32::try_from(rounds).map_err(|_| corrupt("rounds", &rounds))? }
        }
        _ => return Err(corrupt("kind", &kind)),
    };
    let variant: String = row.try_get("variant")?;
    let time: String = row.try_get("time_control")?;
    let status: String = row.try_get("status")?;
    let round: i64 = row.try_get("round")?;
    Ok(TournamentRecord {
        id: row.try_get("id")?,
        kind,
        name: row.try_get("name")?,
        creator: row.try_get("creator")?,
        variant: GameVariant::from_name(&variant).ok_or_else(|| corrupt("variant", &variant))?,
        time: time.parse().map_err(|_| corrupt("time control", &time))?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        starts: row.try_get("starts")?,
        password_hash: row.try_get("password_hash")?,
        status: TournamentStage::from_name(&status).ok_or_else(|| corrupt("status", &status))?,
        round: u32::try_from(round).map_err(|_| corrupt("round", &round))?,
    })
}

impl Db {
    /// Whether `creator` may create an event under `cap` now: asked before the work a creation costs (a private
    /// event's password hash), which [`Db::create_tournament`] checks again as it stores.
    pub async fn under_cap(&self, creator: &str, cap: Cap, now: i64) -> Result<bool, DbError> {
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let under: i64 = sqlx::query_scalar(&format!(
            "SELECT CASE WHEN {} THEN CAST(1 AS BIGINT) ELSE CAST(0 AS BIGINT) END",
            under_cap("$1", ["$2", "$3", "$4"])
        ))
        .bind(creator)
        .bind(count(cap.to_come))
        .bind(now.saturating_sub(DAY_MS))
        .bind(count(cap.per_day))
        .fetch_one(&self.reads)
        .await?;
        Ok(under == 1)
    }

    /// Stores a new tournament unless its creator is past a [`Cap`] (the server's own schedule has none); false then.
    /// One statement counts and inserts, as for challenges; the counts are read through `tournaments_creator`.
    pub async fn create_tournament(&self, event: &TournamentRecord, cap: Cap, now: i64) -> Result<bool, DbError> {
        let (kind, length_ms, rounds) = match event.kind {
            TournamentKind::Arena { length_ms } => ("arena", length_ms, 0),
            TournamentKind::Swiss { rounds } => ("swiss", 0, i64::from(rounds)),
        };
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            let done = sqlx::query(&format!(
                "INSERT INTO tournaments (id, kind, name, creator, variant, time_control, rated, starts, length_ms, \
                 rounds, password_hash, status, round, created) \
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13 WHERE $4 IS NULL OR {}",
                under_cap("$4", ["$14", "$15", "$16"])
            ))
            .bind(&event.id)
            .bind(kind)
            .bind(&event.name)
            .bind(&event.creator)
            .bind(event.variant.name())
            .bind(event.time.to_string())
            .bind(i64::from(event.rated))
            .bind(event.starts)
            .bind(length_ms)
            .bind(rounds)
            .bind(&event.password_hash)
            .bind(event.status.name())
            .bind(now)
            .bind(count(cap.to_come))
            .bind(now.saturating_sub(DAY_MS))
            .bind(count(cap.per_day))
            .execute(&mut *tx)
            .await
            .map_err(DbError::from_insert)?;
            Ok(done.rows_affected() == 1)
        }
        .await;
        tx.end(stored).await
    }

    /// The tournament `id`.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRecord>, DbError> {
        let row = sqlx::query("SELECT * FROM tournaments WHERE id = $1").bind(id).fetch_optional(&self.reads).await?;
        row.as_ref().map(tournament_from).transpose()
    }

    /// The tournaments that are `status`, soonest first.
    pub async fn tournaments(&self, status: TournamentStage) -> Result<Vec<TournamentRecord>, DbError> {
        let rows = sqlx::query("SELECT * FROM tournaments WHERE status = $1 ORDER BY starts, id")
            .bind(status.name())
            .fetch_all(&self.reads)
            .await?;
        rows.iter().map(tournament_from).collect()
    }

    /// A page of the list of tournaments (those a moderator cancelled left out), and whether more follow it: after
    /// `after` (a finished event's id), the next `most` finished ones, newest first; without it, every upcoming and running one by start (the caps on
    /// creation keep them few; at most `most`), then the newest finished ones up to `most` in all. `None` if there is
    /// no finished event `after`. Each part is one range of the index `tournaments_listed`, whatever the number of
    /// events finished before.
    pub async fn listed_tournaments(
        &self,
        after: Option<&str>,
        most: usize,
    ) -> Result<Option<(Vec<TournamentRecord>, bool)>, DbError> {
        let limit = |n: usize| i64::try_from(n.saturating_add(1)).unwrap_or(i64::MAX);
        let mut events = Vec::new();
        let (starts, id) = match after {
            None => {
                let rows = sqlx::query(
                    "SELECT * FROM tournaments WHERE status IN ('upcoming', 'running') AND hidden = 0 \
                     ORDER BY starts, id LIMIT $1",
                )
                .bind(limit(most))
                .fetch_all(&self.reads)
                .await?;
                events = rows.iter().map(tournament_from).collect::<Result<Vec<_>, _>>()?;
                (i64::MAX, String::new())
            }
            Some(after) => match self.tournament(after).await? {
                Some(event) if event.status == TournamentStage::Finished => (event.starts, event.id),
                _ => return Ok(None),
            },
        };
        if events.len() <= most {
            let rows = sqlx::query(
                "SELECT * FROM tournaments WHERE status = 'finished' AND (starts, id) < ($1, $2) AND hidden = 0 \
                 ORDER BY starts DESC, id DESC LIMIT $3",
            )
            .bind(starts)
            .bind(id)
            .bind(limit(most - events.len()))
            .fetch_all(&self.reads)
            .await?;
            for row in &rows {
                events.push(tournament_from(row)?);
            }
        }
        let more = events.len() > most;
        events.truncate(most);
        Ok(Some((events, more)))
    }

    /// A moderator's cancellation of the event `id` that a player created and that is not over: it is finished and
    /// hidden, and the action logged on its creator with the event, in one transaction. The creator; `None` if there
    /// is no such event to cancel (nothing written).
    pub async fn cancel_tournament(
        &self,
        id: &str,
        moderator: &str,
        reason: &str,
        now: i64,
    ) -> Result<Option<String>, DbError> {
        let mut tx = Tx::begin(self).await?;
        let done = async {
            let creator: Option<String> = sqlx::query_scalar(
                "SELECT creator FROM tournaments WHERE id = $1 AND creator IS NOT NULL \
                 AND status IN ('upcoming', 'running')",
            )
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
            let Some(creator) = creator else { return Ok(None) };
            sqlx::query("UPDATE tournaments SET status = 'finished', hidden = 1 WHERE id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO moderation_log (player, moderator, action, reason, at, unseen, tournament) \
                 VALUES ($1, $2, $3, $4, $5, 0, $6)",
            )
            .bind(&creator)
            .bind(moderator)
            .bind(super::moderation::json(&ModerationAction::CancelTournament)?)
            .bind(reason)
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            Ok(Some(creator))
        }
        .await;
        tx.end(done).await
    }

    /// Adds `player` to the tournament with the rating they join with, or brings them back if they had withdrawn;
    /// false if there is no such tournament or it is over (nothing written).
    pub async fn join_tournament(&self, id: &str, player: &str, rating: f64, now: i64) -> Result<bool, DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            let open = sqlx::query("SELECT 1 FROM tournaments WHERE id = $1 AND status IN ('upcoming', 'running')")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            if open.is_none() {
                return Ok(false);
            }
            // A player coming back rejoins now: an arena's pause for a game let go by ends with it.
            let back = sqlx::query(
                "UPDATE tournament_players SET withdrawn = 0, joined = $3 WHERE tournament = $1 AND player = $2",
            )
            .bind(id)
            .bind(player)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if back.rows_affected() == 0 {
                sqlx::query(
                    "INSERT INTO tournament_players (tournament, player, rating, joined, withdrawn) \
                     VALUES ($1, $2, $3, $4, 0)",
                )
                .bind(id)
                .bind(player)
                .bind(rating)
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(DbError::from_insert)?;
            }
            Ok(true)
        }
        .await;
        tx.end(stored).await
    }

    /// Withdraws `player` from the tournament: they are paired no more (a game they are playing goes on and
    /// counts). False if they were not in it, or had withdrawn already.
    pub async fn withdraw_from_tournament(&self, id: &str, player: &str) -> Result<bool, DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            let done = sqlx::query(
                "UPDATE tournament_players SET withdrawn = 1 WHERE tournament = $1 AND player = $2 AND withdrawn = 0",
            )
            .bind(id)
            .bind(player)
            .execute(&mut *tx)
            .await?;
            Ok(done.rows_affected() == 1)
        }
        .await;
        tx.end(stored).await
    }

    /// The tournament's players, by id (their order of joining changes as they come back), and when each last
    /// joined.
    pub async fn tournament_entrants(&self, id: &str) -> Result<Entrants, DbError> {
        let rows = sqlx::query(
            "SELECT player, rating, withdrawn, joined FROM tournament_players WHERE tournament = $1 ORDER BY player",
        )
        .bind(id)
        .fetch_all(&self.reads)
        .await?;
        let mut entrants = Entrants { players: Vec::with_capacity(rows.len()), joined: HashMap::new() };
        for row in &rows {
            let player: String = row.try_get("player")?;
            entrants.joined.insert(player.clone(), row.try_get("joined")?);
            entrants.players.push(Entrant {
                player,
                rating: row.try_get("rating")?,
                withdrawn: row.try_get::<i64, _>("withdrawn")? != 0,
            });
        }
        Ok(entrants)
    }

    /// The tournament's players as they are now (names, ratings, bots), in one query.
    pub async fn tournament_players(&self, id: &str) -> Result<HashMap<String, PlayerRecord>, DbError> {
        let sql = format!(
            "SELECT {} FROM tournament_players t JOIN players p ON p.id = t.player WHERE t.tournament = $1",
            player_columns("p")
        );
        let rows = sqlx::query(&sql).bind(id).fetch_all(&self.reads).await?;
        rows.iter().map(|row| player_from(row, "p").map(|player| (player.id.clone(), player))).collect()
    }

    /// Moves the tournament `id` from `from` to `to`; false if it was not `from` (another process moved it).
    pub async fn move_tournament(&self, id: &str, from: TournamentStage, to: TournamentStage) -> Result<bool, DbError> {
        let mut tx = Tx::begin(self).await?;
        let done = sqlx::query("UPDATE tournaments SET status = $1 WHERE id = $2 AND status = $3")
            .bind(to.name())
            .bind(id)
            .bind(from.name())
            .execute(&mut *tx)
            .await;
        tx.end(done.map(|done| done.rows_affected() == 1).map_err(DbError::from)).await
    }

    /// Stores round `round` (1 for the first) of the Swiss event `event`: its `games`, started as `start` says, the
    /// player with the bye and the absent ones. The one decision: a conditional write of the event's round from
    /// `round - 1`, in the same transaction. [`DbError::Stale`] if the round was paired already (by another process
    /// sharing the database, most likely): nothing is written, and the round stored stands.
    pub async fn pair_swiss_round(
        &self,
        event: &TournamentRecord,
        round: u32,
        games: &[NewGame],
        without: &Without<'_>,
        start: GameStart,
    ) -> Result<(), DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            self.claim_pairing(&mut tx, event, round, "swiss").await?;
            self.insert_games(&mut tx, event, round, games, start).await?;
            let listed = without.bye.iter().map(|p| (*p, "bye")).chain(without.absent.iter().map(|p| (p, "absent")));
            for (player, kind) in listed {
                sqlx::query("INSERT INTO tournament_byes (tournament, round, player, kind) VALUES ($1, $2, $3, $4)")
                    .bind(&event.id)
                    .bind(i64::from(round))
                    .bind(player)
                    .bind(kind)
                    .execute(&mut *tx)
                    .await
                    .map_err(DbError::from_insert)?;
            }
            Ok(())
        }
        .await;
        tx.end(stored).await
    }

    /// Stores the arena `event`'s pairing number `pairing` (1 for the first): its `games`, started as `start` says,
    /// with the same one decision as a Swiss round's (a conditional write of the event's count of pairings), so that
    /// of two processes pairing the waiting players at once, one does. [`DbError::Stale`] if another pairing came
    /// first: nothing is written.
    pub async fn pair_arena(
        &self,
        event: &TournamentRecord,
        pairing: u32,
        games: &[NewGame],
        start: GameStart,
    ) -> Result<(), DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            self.claim_pairing(&mut tx, event, pairing, "arena").await?;
            self.insert_games(&mut tx, event, pairing, games, start).await
        }
        .await;
        tx.end(stored).await
    }

    /// Moves the event's round (or count of pairings) from `round - 1` to `round` if it still is `round - 1` and the
    /// event is not over; [`DbError::Stale`] otherwise.
    async fn claim_pairing(
        &self,
        tx: &mut Tx,
        event: &TournamentRecord,
        round: u32,
        kind: &str,
    ) -> Result<(), DbError> {
        let claimed = sqlx::query(
            "UPDATE tournaments SET round = $1, status = 'running' \
             WHERE id = $2 AND kind = $3 AND round = $4 AND status <> 'finished'",
        )
        .bind(i64::from(round))
        .bind(&event.id)
        .bind(kind)
        .bind(i64::from(round) - 1)
        .execute(&mut **tx)
        .await?;
        if claimed.rows_affected() == 1 { Ok(()) } else { Err(DbError::Stale) }
    }

    /// Inserts the `games` of the event's round (or pairing) `round`, in progress from the start, and tells the other
    /// processes of each.
    async fn insert_games(
        &self,
        tx: &mut Tx,
        event: &TournamentRecord,
        round: u32,
        games: &[NewGame],
        start: GameStart,
    ) -> Result<(), DbError> {
        for game in games {
            sqlx::query(
                "INSERT INTO games (id, creator, white, black, variant, rated, time_control, status, \
                 white_clock_ms, black_clock_ms, clock_since, created, updated, correspondence, tournament, \
                 tournament_round) \
                 VALUES ($1, $2, $2, $3, $4, $5, $6, 'playing', $7, $7, $8, $9, $9, $10, $11, $12)",
            )
            .bind(&game.id)
            .bind(&game.white)
            .bind(&game.black)
            .bind(event.variant.name())
            .bind(i64::from(game.rated))
            .bind(event.time.to_string())
            .bind(start.initial_ms)
            .bind(start.clock_since)
            .bind(start.now)
            .bind(i64::from(event.time.is_correspondence()))
            .bind(&event.id)
            .bind(i64::from(round))
            .execute(&mut **tx)
            .await
            .map_err(DbError::from_insert)?;
            self.announce(tx, &game.id).await?;
        }
        Ok(())
    }

    /// The games of the tournament `id`, by round (or pairing) and id, with their results so far. A game lost on
    /// time by a player who never moved is a no-show; an aborted game (which a tournament does not offer) counts as
    /// not over.
    pub async fn tournament_games(&self, id: &str) -> Result<Vec<TournamentGame>, DbError> {
        let games = sqlx::query(
            "SELECT id, tournament_round, white, black, status, result, reason, plies, updated FROM games \
             WHERE tournament = $1 ORDER BY tournament_round, id",
        )
        .bind(id)
        .fetch_all(&self.reads)
        .await?;
        games
            .iter()
            .map(|row| {
                let round: i64 = row.try_get("tournament_round")?;
                let plies: i64 = row.try_get("plies")?;
                let result = match GameStatus::of(row)? {
                    GameStatus::Finished => Some(outcome(result_of(row)?, plies)),
                    _ => None,
                };
                Ok(TournamentGame {
                    id: row.try_get("id")?,
                    round: u32::try_from(round)
                        .map_err(|_| DbError::Corrupt(format!("tournament {id}: round {round}")))?,
                    pairing: Pairing { white: row.try_get("white")?, black: row.try_get("black")?, result },
                    ended: result.map(|_| row.try_get("updated")).transpose()?,
                })
            })
            .collect()
    }

    /// The rounds of the Swiss event `id` as stored: each round's games with their results so far
    /// ([`Db::tournament_games`]), its bye and its absent players.
    pub async fn swiss_rounds(&self, id: &str) -> Result<Vec<Round<String>>, DbError> {
        let event = self.tournament(id).await?.ok_or_else(|| DbError::Corrupt(format!("no tournament {id}")))?;
        let mut rounds: Vec<Round<String>> =
            (0..event.round).map(|_| Round { games: Vec::new(), bye: None, absent: Vec::new() }).collect();
        let round_of = |rounds: &mut Vec<Round<String>>, number: i64| {
            let index = usize::try_from(number - 1).ok().filter(|&i| i < rounds.len());
            index.ok_or_else(|| DbError::Corrupt(format!("tournament {id}: round {number}")))
        };
        for game in self.tournament_games(id).await? {
            let index = round_of(&mut rounds, i64::from(game.round))?;
            rounds[index].games.push(game.pairing);
        }
        let without =
            sqlx::query("SELECT round, player, kind FROM tournament_byes WHERE tournament = $1 ORDER BY round, player")
                .bind(id)
                .fetch_all(&self.reads)
                .await?;
        for row in &without {
            let index = round_of(&mut rounds, row.try_get("round")?)?;
            let player: String = row.try_get("player")?;
            match row.try_get::<String, _>("kind")?.as_str() {
                "bye" => rounds[index].bye = Some(player),
                _ => rounds[index].absent.push(player),
            }
        }
        Ok(rounds)
    }
}

/// A tournament game's outcome from its result after `plies` turns: a game lost on time by a player who never moved
/// (White's first turn is ply 1, Black's ply 2) is a no-show.
fn outcome(result: GameResult, plies: i64) -> TournamentOutcome {
    let on_time = result.reason == EndReason::Timeout;
    match result.winner {
        Some(Color::Black) if on_time && plies == 0 => TournamentOutcome::WhiteAbsent,
        Some(Color::White) if on_time && plies == 1 => TournamentOutcome::BlackAbsent,
        Some(Color::White) => TournamentOutcome::White,
        Some(Color::Black) => TournamentOutcome::Black,
        None => TournamentOutcome::Draw,
    }
}
