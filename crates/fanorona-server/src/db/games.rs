//! Games in progress and over: read with their turns, and changed by conditional writes (a turn, a draw offer, the
//! grace, the end) that only the process holding the game as it is stored can make.

use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use super::Db;
use super::accounts::{PlayerRecord, player_columns, player_from};
use super::lobby::{ChallengeRecord, challenge_from};
use super::ratings::rating_of;
use super::tx::Tx;
use crate::error::DbError;
use crate::protocol::{Color, EXPORT_PAGE_GAMES, EndReason, GameResult, MAX_LISTED_GAMES, RatingChange, RatingChanges};
use crate::rating::{self, Pool, Rating};

/// Where a game stands, as the `status` column of `games` stores it. Queries name these in their SQL (`status =
/// 'playing'`); a test checks that every such name is one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// A challenge not yet accepted.
    Open,
    /// Being played.
    Playing,
    /// Over with a result.
    Finished,
    /// Over without one (aborted before both sides moved).
    Aborted,
}

impl GameStatus {
    /// Every status.
    pub const ALL: [GameStatus; 4] = [GameStatus::Open, GameStatus::Playing, GameStatus::Finished, GameStatus::Aborted];

    /// The name stored.
    pub const fn name(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    /// The status a game is left in by `result`.
    pub fn ended(result: &GameResult) -> GameStatus {
        if result.reason == EndReason::Aborted { GameStatus::Aborted } else { GameStatus::Finished }
    }

    /// The status of a row of `games`; [`DbError::Corrupt`] for a name that is none of them.
    pub fn of(row: &sqlx::any::AnyRow) -> Result<GameStatus, DbError> {
        let name: String = row.try_get("status")?;
        GameStatus::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| DbError::Corrupt(format!("status {name:?}")))
    }
}

/// The result of a row of `games` that is over, from its `result` and `reason` columns.
pub fn result_of(row: &sqlx::any::AnyRow) -> Result<GameResult, DbError> {
    let score: String = row.try_get("result")?;
    let reason: String = row.try_get("reason")?;
    GameResult::from_stored(&score, &reason).ok_or_else(|| DbError::Corrupt(format!("result {score:?} ({reason:?})")))
}

/// A game as stored (in progress or over): enough to take it up again after a restart, or to catch up with what
/// another process stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The challenge it was, with its settings.
    pub settings: ChallengeRecord,
    /// The white player.
    pub white: PlayerRecord,
    /// The black player.
    pub black: PlayerRecord,
    /// The turns in order.
    pub turns: Vec<StoredTurn>,
    /// The time each side had left at `since` (white's first); at the end for a game that is over.
    pub clocks: [i64; 2],
    /// When the side to move's clock started.
    pub since: i64,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// Which sides had the grace of a dropped connection (white's first).
    pub grace_used: [bool; 2],
    /// When it last changed: its end, for a game that is over.
    pub updated: i64,
    /// How a game that is over ended, with the rating changes of a rated one; none while it is played.
    pub end: Option<(GameResult, Option<RatingChanges>)>,
}

/// Which games [`Db::games`] reads.
#[derive(Clone, Copy, Debug)]
enum Which<'a> {
    /// Every game in progress.
    InProgress,
    /// The game with this id, whatever its status but open.
    One(&'a str),
    /// The finished games of the player with this id, the newest [`MAX_LISTED_GAMES`].
    FinishedOf(&'a str),
    /// The finished games not looked through for puzzles yet, the oldest [`UNSEARCHED_AT_ONCE`].
    Unsearched,
    /// The games of the player with this id (not open challenges) whose ids come after the second, the first
    /// [`EXPORT_PAGE_GAMES`] by id.
    PageOf(&'a str, &'a str),
    /// The finished rated games the fair-play review has not looked at, the oldest [`UNSEARCHED_AT_ONCE`].
    Unreviewed,
}

/// The most finished games [`Db::unsearched_games`] returns at once.
pub const UNSEARCHED_AT_ONCE: usize = 100;

/// A stored turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTurn {
    /// Its notation.
    pub notation: String,
    /// The mover's time left after it, increment included.
    pub clock_after_ms: i64,
}

/// A turn to store.
#[derive(Clone, Debug)]
pub struct TurnRecord<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The turn's number, from 1.
    pub ply: u32,
    /// The turn's notation.
    pub notation: &'a str,
    /// Both clocks after the turn (white's first).
    pub clocks: [i64; 2],
    /// When it was played.
    pub at: i64,
}

/// The end of a game to store.
#[derive(Clone, Debug)]
pub struct EndRecord<'a> {
    /// The game's id.
    pub game: &'a str,
    /// How it ended.
    pub result: GameResult,
    /// Both clocks at the end (white's first).
    pub clocks: [i64; 2],
    /// When it ended.
    pub at: i64,
    /// The number of turns the game has at its end: the end is stored only if no other turn was stored meanwhile.
    pub plies: u32,
    /// When the side to move's clock started, as the process ending the game knows it: the end is stored only if
    /// no grace or vacation restarted the clock meanwhile (one that another process stored, a flag fall decided
    /// on clocks out of date).
    pub since: i64,
    /// White's and black's ids when the ratings change.
    pub rated: Option<(&'a str, &'a str)>,
    /// Which of their ratings change.
    pub pool: Pool,
}

impl Db {
    /// Every game in progress, with its turns.
    pub async fn games_in_progress(&self) -> Result<Vec<StoredGame>, DbError> {
        self.games(Which::InProgress).await
    }

    /// The game with this id, in progress or over (not an open challenge).
    pub async fn game(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        Ok(self.games(Which::One(id)).await?.pop())
    }

    /// The player's finished games (not aborted ones), newest first, at most [`MAX_LISTED_GAMES`].
    pub async fn finished_games(&self, player: &str) -> Result<Vec<StoredGame>, DbError> {
        self.games(Which::FinishedOf(player)).await
    }

    /// Finished games not looked through for puzzles yet (see [`Db::mark_searched`]), at most
    /// [`UNSEARCHED_AT_ONCE`].
    pub async fn unsearched_games(&self) -> Result<Vec<StoredGame>, DbError> {
        self.games(Which::Unsearched).await
    }

    /// Marks the game `id` as looked through for puzzles.
    pub async fn mark_searched(&self, id: &str) -> Result<(), DbError> {
        let mut tx = Tx::begin(self).await?;
        let done = sqlx::query("UPDATE games SET puzzles_searched = 1 WHERE id = $1").bind(id).execute(&mut *tx).await;
        tx.end(done.map(|_| ()).map_err(DbError::from)).await
    }

    /// Finished rated games the fair-play review has not looked at (see [`Db::store_fair_play`]), at most
    /// [`UNSEARCHED_AT_ONCE`], oldest first.
    pub async fn unreviewed_games(&self) -> Result<Vec<StoredGame>, DbError> {
        let mut games = self.games(Which::Unreviewed).await?;
        games.reverse();
        Ok(games)
    }

    /// The player's games but open challenges whose ids come after `after`, the first [`EXPORT_PAGE_GAMES`] by id.
    pub async fn games_page(&self, player: &str, after: &str) -> Result<Vec<StoredGame>, DbError> {
        self.games(Which::PageOf(player, after)).await
    }

    /// The games `which` names, with their turns, most recently changed first.
    async fn games(&self, which: Which<'_>) -> Result<Vec<StoredGame>, DbError> {
        // Every condition names both parameters (PostgreSQL refuses a value bound to no parameter).
        let (condition, keys) = match which {
            Which::InProgress => ("g.status = 'playing' AND $1 = '' AND $2 = ''".to_owned(), ["", ""]),
            Which::One(id) => ("g.status <> 'open' AND g.id = $1 AND $2 = ''".to_owned(), [id, ""]),
            Which::FinishedOf(player) => (
                format!(
                    "g.id IN (SELECT id FROM games WHERE status = 'finished' AND (white = $1 OR black = $1) \
                     ORDER BY updated DESC, id LIMIT {MAX_LISTED_GAMES}) AND $2 = ''"
                ),
                [player, ""],
            ),
            Which::Unsearched => (
                format!(
                    "g.id IN (SELECT id FROM games WHERE status = 'finished' AND puzzles_searched = 0 \
                     ORDER BY updated, id LIMIT {UNSEARCHED_AT_ONCE}) AND $1 = '' AND $2 = ''"
                ),
                ["", ""],
            ),
            Which::Unreviewed => (
                format!(
                    "g.id IN (SELECT id FROM games WHERE status = 'finished' AND rated = 1 AND fair_play_reviewed = 0 \
                     ORDER BY updated, id LIMIT {UNSEARCHED_AT_ONCE}) AND $1 = '' AND $2 = ''"
                ),
                ["", ""],
            ),
            Which::PageOf(player, after) => (
                format!(
                    "g.id IN (SELECT id FROM games WHERE status <> 'open' AND (white = $1 OR black = $1) \
                     AND id > $2 ORDER BY id LIMIT {EXPORT_PAGE_GAMES})"
                ),
                [player, after],
            ),
        };
        let sql = format!(
            "SELECT g.id, g.variant, g.rated, g.time_control, g.vela, g.opponent, g.tournament, g.white_clock_ms, \
             g.black_clock_ms, \
             g.clock_since, \
             g.status, g.result, g.reason, g.draw_offer, g.grace_used, g.updated, {}, {}, {} FROM games g \
             JOIN players c ON c.id = g.creator JOIN players w ON w.id = g.white JOIN players b ON b.id = g.black \
             WHERE {condition} ORDER BY g.updated DESC, g.id",
            player_columns("c"),
            player_columns("w"),
            player_columns("b")
        );
        let rows = sqlx::query(&sql).bind(keys[0]).bind(keys[1]).fetch_all(&self.reads).await?;
        let mut turns = self.turns_where(&condition, keys).await?;
        // The rating changes of every game over among them, in one query (it was one query per game: a profile of 50
        // games took 54 queries). None for games in progress, which have none yet.
        let mut over = false;
        for row in &rows {
            over |= GameStatus::of(row)? != GameStatus::Playing;
        }
        let mut ratings = if over { self.rating_changes(&condition, keys).await? } else { HashMap::new() };
        rows.iter().map(|row| stored_game(row, &mut turns, &mut ratings)).collect()
    }

    /// The turns of the games `condition` (of [`Db::games`]'s query, bound to `keys`) names, by game, in order.
    async fn turns_where(&self, condition: &str, keys: [&str; 2]) -> Result<HashMap<String, Vec<StoredTurn>>, DbError> {
        let turns_sql = format!(
            "SELECT t.game, t.ply, t.notation, t.clock_after_ms FROM turns t JOIN games g ON g.id = t.game \
             WHERE {condition} ORDER BY t.game, t.ply"
        );
        let turn_rows = sqlx::query(&turns_sql).bind(keys[0]).bind(keys[1]).fetch_all(&self.reads).await?;
        let mut turns: HashMap<String, Vec<StoredTurn>> = HashMap::new();
        for row in &turn_rows {
            let list = turns.entry(row.try_get("game")?).or_default();
            let ply: i64 = row.try_get("ply")?;
            if usize::try_from(ply).ok() != Some(list.len() + 1) {
                return Err(DbError::Corrupt(format!("turn {ply} follows {} turns", list.len())));
            }
            list.push(StoredTurn {
                notation: row.try_get("notation")?,
                clock_after_ms: row.try_get("clock_after_ms")?,
            });
        }
        Ok(turns)
    }

    /// Gives `to` the grace of a dropped connection in the game `id` of `plies` turns: both clocks as of `now`, the
    /// grace on `to`'s; [`DbError::Stale`] if it had it already, or the game moved on or ended meanwhile.
    pub async fn grant_grace(
        &self,
        id: &str,
        plies: u32,
        to: Color,
        clocks: [i64; 2],
        now: i64,
    ) -> Result<(), DbError> {
        let bit = if to == Color::White { 1 } else { 2 };
        let mut tx = Tx::begin(self).await?;
        let done = sqlx::query(
            "UPDATE games SET white_clock_ms = $1, black_clock_ms = $2, clock_since = $3, updated = $3, \
             grace_used = grace_used | $4 WHERE id = $5 AND status = 'playing' AND plies = $6 AND (grace_used & $4) = 0",
        )
        .bind(clocks[0])
        .bind(clocks[1])
        .bind(now)
        .bind(bit)
        .bind(id)
        .bind(i64::from(plies))
        .execute(&mut *tx)
        .await?;
        self.commit_change(tx, done.rows_affected() == 1, id).await
    }

    /// Stores a draw offer of `by` in the game `id` of `plies` turns; [`DbError::Stale`] if the game has moved on or
    /// the opponent offered a draw meanwhile (perhaps through another process).
    pub async fn offer_draw(&self, id: &str, plies: u32, by: Color) -> Result<(), DbError> {
        let mut tx = Tx::begin(self).await?;
        let done = sqlx::query(
            "UPDATE games SET draw_offer = $1 WHERE id = $2 AND status = 'playing' AND plies = $3 \
             AND (draw_offer IS NULL OR draw_offer = $1)",
        )
        .bind(by.name())
        .bind(id)
        .bind(i64::from(plies))
        .execute(&mut *tx)
        .await?;
        self.commit_change(tx, done.rows_affected() == 1, id).await
    }

    /// Stores a turn with the clocks after it, and the end of the game if the turn ended it, all at once; returns
    /// the rating changes of a rated game that ended.
    pub async fn store_turn(
        &self,
        turn: &TurnRecord<'_>,
        end: Option<&EndRecord<'_>>,
    ) -> Result<Option<RatingChanges>, DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            // White plays the odd turns, Black the even ones: the mover's clock after the turn is stored with it.
            let (ply, side) = (i64::from(turn.ply), usize::from(turn.ply.is_multiple_of(2)));
            let mover = if side == 0 { Color::White } else { Color::Black };
            // First the guard: only the process that finds turn `ply - 1` as the last may store turn `ply` (a second
            // one waits for the row's lock, then finds `plies` moved on). Playing on declines the opponent's draw
            // offer.
            let done = sqlx::query(
                "UPDATE games SET white_clock_ms = $1, black_clock_ms = $2, clock_since = $3, updated = $3, \
                 plies = $4, draw_offer = CASE WHEN draw_offer = $5 THEN draw_offer ELSE NULL END \
                 WHERE id = $6 AND status = 'playing' AND plies = $4 - 1",
            )
            .bind(turn.clocks[0])
            .bind(turn.clocks[1])
            .bind(turn.at)
            .bind(ply)
            .bind(mover.name())
            .bind(turn.game)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                return Err(DbError::Stale);
            }
            let insert =
                "INSERT INTO turns (game, ply, notation, clock_after_ms, played_at) VALUES ($1, $2, $3, $4, $5)";
            sqlx::query(insert)
                .bind(turn.game)
                .bind(ply)
                .bind(turn.notation)
                .bind(turn.clocks[side])
                .bind(turn.at)
                .execute(&mut *tx)
                .await
                .map_err(DbError::from_insert)?;
            let changes = match end {
                Some(end) => store_end(&mut tx, end).await?,
                None => None,
            };
            self.announce(&mut tx, turn.game).await?;
            Ok(changes)
        };
        let stored = stored.await;
        tx.end(stored).await
    }

    /// Stores the end of a game (with both ratings and their history if rated); returns the rating changes.
    pub async fn end_game(&self, end: &EndRecord<'_>) -> Result<Option<RatingChanges>, DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            let changes = store_end(&mut tx, end).await?;
            self.announce(&mut tx, end.game).await?;
            Ok(changes)
        };
        let stored = stored.await;
        tx.end(stored).await
    }
}

/// A game from its row of [`Db::games`]'s query, taking its turns and (for a game over) its rating changes from
/// those of the games read with it.
fn stored_game(
    row: &sqlx::any::AnyRow,
    turns: &mut HashMap<String, Vec<StoredTurn>>,
    ratings: &mut HashMap<String, RatingChanges>,
) -> Result<StoredGame, DbError> {
    let settings = challenge_from(row)?;
    let draw_offer: Option<String> = row.try_get("draw_offer")?;
    let draw_offer = draw_offer
        .map(|name| Color::from_name(&name).ok_or_else(|| DbError::Corrupt(format!("draw offer {name:?}"))))
        .transpose()?;
    let end = match GameStatus::of(row)? {
        GameStatus::Playing => None,
        _ => Some((result_of(row)?, ratings.remove(&settings.id))),
    };
    let grace_used: i64 = row.try_get("grace_used")?;
    Ok(StoredGame {
        turns: turns.remove(&settings.id).unwrap_or_default(),
        white: player_from(row, "w")?,
        black: player_from(row, "b")?,
        settings,
        clocks: [row.try_get("white_clock_ms")?, row.try_get("black_clock_ms")?],
        since: row.try_get::<Option<i64>, _>("clock_since")?.unwrap_or_default(),
        draw_offer,
        grace_used: [grace_used & 1 != 0, grace_used & 2 != 0],
        updated: row.try_get("updated")?,
        end,
    })
}

/// Stores a result and, for a rated game, the new ratings and their history, inside the caller's transaction;
/// [`DbError::Stale`] if the game ended or moved on meanwhile (so that two processes never both end it).
async fn store_end(connection: &mut AnyConnection, end: &EndRecord<'_>) -> Result<Option<RatingChanges>, DbError> {
    let done = sqlx::query(
        "UPDATE games SET status = $1, result = $2, reason = $3, white_clock_ms = $4, black_clock_ms = $5, \
         clock_since = NULL, draw_offer = NULL, updated = $6 WHERE id = $7 AND status = 'playing' AND plies = $8 \
         AND COALESCE(clock_since, 0) = $9",
    )
    .bind(GameStatus::ended(&end.result).name())
    .bind(end.result.score())
    .bind(end.result.reason.name())
    .bind(end.clocks[0])
    .bind(end.clocks[1])
    .bind(end.at)
    .bind(end.game)
    .bind(i64::from(end.plies))
    .bind(end.since)
    .execute(&mut *connection)
    .await?;
    if done.rows_affected() != 1 {
        return Err(DbError::Stale);
    }
    let Some((white, black)) = end.rated else { return Ok(None) };
    // Lock both players' rows before reading their ratings, in a fixed order so that two results cannot deadlock:
    // on PostgreSQL another game of the same player ending at the same moment then waits for this one instead of
    // overwriting its rating (each statement after the lock sees the latest commit). SQLite's one connection already
    // runs this transaction alone.
    let mut ids = [white, black];
    ids.sort_unstable();
    let [rating, deviation, volatility] = end.pool.columns();
    for id in ids {
        let lock = format!("UPDATE players SET {rating} = {rating} WHERE id = $1");
        sqlx::query(&lock).bind(id).execute(&mut *connection).await?;
    }
    let before = [rating_of(connection, white, end.pool).await?, rating_of(connection, black, end.pool).await?];
    let after = rating::update(before, end.result.winner);
    let set = format!("UPDATE players SET {rating} = $1, {deviation} = $2, {volatility} = $3 WHERE id = $4");
    for ((id, old), new) in [white, black].into_iter().zip(before).zip(after) {
        sqlx::query(&set)
            .bind(new.rating)
            .bind(new.deviation)
            .bind(new.volatility)
            .bind(id)
            .execute(&mut *connection)
            .await?;
        sqlx::query(
            "INSERT INTO rating_history (player, game, rating_before, rating, deviation, volatility, recorded) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(end.game)
        .bind(old.rating)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .bind(end.at)
        .execute(&mut *connection)
        .await?;
    }
    let change =
        |old: Rating, new: Rating| RatingChange { before: old.rating, after: new.rating, deviation: new.deviation };
    Ok(Some(RatingChanges { white: change(before[0], after[0]), black: change(before[1], after[1]) }))
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use tracing::span::{Attributes, Id, Record};
    use tracing::{Event, Metadata};

    use super::*;
    use crate::protocol::GameVariant;
    use crate::protocol::TournamentStage;

    /// The statuses the SQL of `source` names after `status =`, `status <>` and `status IN (...)` (quoted; a bound
    /// `$1` is not a name).
    fn statuses_named(source: &str) -> Vec<&str> {
        let mut names = Vec::new();
        for (at, _) in source.match_indices("status ") {
            let rest = &source[at + "status ".len()..];
            let list = if let Some(rest) = rest.strip_prefix("IN (") {
                rest.split(')').next()
            } else if let Some(rest) = rest.strip_prefix("= ").or_else(|| rest.strip_prefix("<> ")) {
                rest.split([' ', ')', '"']).next()
            } else {
                None
            };
            let quoted = list.into_iter().flat_map(|list| list.split(','));
            names.extend(quoted.filter_map(|name| name.trim().strip_prefix('\'')?.strip_suffix('\'')));
        }
        names
    }

    /// Every status a query names in its SQL is the name of a [`GameStatus`] or a [`TournamentStage`]: the SQL's
    /// literals cannot drift from the types.
    #[test]
    fn the_statuses_queries_name_are_the_types_names() {
        let sources = [
            include_str!("accounts.rs"),
            include_str!("fair_play.rs"),
            include_str!("games.rs"),
            include_str!("lobby.rs"),
            include_str!("moderation.rs"),
            include_str!("player_data.rs"),
            include_str!("puzzles.rs"),
            include_str!("ratings.rs"),
            include_str!("tournaments.rs"),
            include_str!("vacations.rs"),
            include_str!("../backup.rs"),
        ];
        let known: Vec<&str> = GameStatus::ALL
            .map(GameStatus::name)
            .into_iter()
            .chain(TournamentStage::ALL.map(TournamentStage::name))
            .collect();
        let named: Vec<&str> = sources.iter().flat_map(|source| statuses_named(source)).collect();
        assert!(named.len() > 25, "the scan finds the queries' statuses: {named:?}");
        for name in &named {
            assert!(known.contains(name), "a query names the status {name:?}, not one of {known:?}");
        }
    }

    /// Counts the statements sqlx runs (its `sqlx::query` events). Installed for the whole process, since SQLite runs
    /// them on a worker thread of its own; no other test of this binary touches a database meanwhile
    /// ([`DATABASE_TEST`](crate::db::DATABASE_TEST)).
    struct Statements(&'static AtomicUsize);

    impl tracing::Subscriber for Statements {
        fn enabled(&self, metadata: &Metadata<'_>) -> bool {
            metadata.target().starts_with("sqlx::query")
        }
        fn new_span(&self, _: &Attributes<'_>) -> Id {
            Id::from_u64(1)
        }
        fn record(&self, _: &Id, _: &Record<'_>) {}
        fn record_follows_from(&self, _: &Id, _: &Id) {}
        fn event(&self, _: &Event<'_>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
        fn enter(&self, _: &Id) {}
        fn exit(&self, _: &Id) {}
    }

    /// The number of statements run so far.
    async fn statements() -> usize {
        static COUNT: OnceLock<&'static AtomicUsize> = OnceLock::new();
        let count = COUNT.get_or_init(|| {
            let count: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(0)));
            tracing::subscriber::set_global_default(Statements(count)).expect("no other subscriber in this binary");
            count
        });
        // SQLite's worker logs a statement as it finishes it, which may come just after its rows reached the caller.
        tokio::time::sleep(Duration::from_millis(100)).await;
        count.load(Ordering::SeqCst)
    }

    fn player(name: &str) -> PlayerRecord {
        PlayerRecord { registered: true, ..PlayerRecord::guest(format!("id-{name}"), name.into(), false) }
    }

    /// Stores a rated game between `white` and `black` that White won at once.
    async fn rated_game(db: &Db, id: &str, white: &PlayerRecord, black: &PlayerRecord) {
        let challenge = ChallengeRecord {
            id: id.into(),
            creator: white.clone(),
            variant: GameVariant::Tsivy,
            rated: true,
            time: "5+3".parse().unwrap(),
            opponent: None,
            vela: false,
            tournament: None,
        };
        assert!(db.create_challenge(&challenge, 300_000, 1, usize::MAX).await.unwrap());
        assert!(db.start_game(id, &white.id, &black.id, 2).await.unwrap());
        let result = GameResult::win(fanorona_rules::Side::White, EndReason::Resignation);
        let rated = Some((white.id.as_str(), black.id.as_str()));
        let end = EndRecord { game: id, result, clocks: [1, 1], at: 3, plies: 0, since: 2, rated, pool: Pool::Live };
        assert!(db.end_game(&end).await.unwrap().is_some());
    }

    /// A database in `dir` holding the players white and black.
    async fn two_players(dir: &tempfile::TempDir) -> (Db, PlayerRecord, PlayerRecord) {
        let db = Db::connect(&format!("sqlite://{}", dir.path().join("games.db").display()), None).await.unwrap();
        let (white, black) = (player("white"), player("black"));
        db.create_player(&white, "token-white", 0).await.unwrap();
        db.create_player(&black, "token-black", 0).await.unwrap();
        (db, white, black)
    }

    /// A profile's rating history is the last games' (a download's, every game's), oldest first.
    #[tokio::test]
    async fn a_rating_history_holds_the_last_games_asked_for() {
        let _alone = crate::db::DATABASE_TEST.lock().await;
        let dir = tempfile::tempdir().unwrap();
        let (db, white, black) = two_players(&dir).await;
        for n in 0..3 {
            rated_game(&db, &format!("game-{n}"), &white, &black).await;
        }
        let games =
            |history: Vec<crate::protocol::RatingPoint>| history.into_iter().map(|p| p.game).collect::<Vec<_>>();
        assert_eq!(games(db.rating_history(&white.id, 2).await.unwrap()), ["game-1", "game-2"]);
        assert_eq!(games(db.rating_history(&white.id, usize::MAX).await.unwrap()), ["game-0", "game-1", "game-2"]);
    }

    /// A profile lists up to [`MAX_LISTED_GAMES`] finished games with their rating changes: read in as many queries
    /// for one game as for many (it was one query per game for the ratings: issue 35).
    #[tokio::test]
    async fn a_players_finished_games_are_read_in_the_same_number_of_queries_however_many() {
        let _alone = crate::db::DATABASE_TEST.lock().await;
        let dir = tempfile::tempdir().unwrap();
        let (db, white, black) = two_players(&dir).await;
        // Opens a reading connection first: its set-up statements are not the list's.
        assert!(db.finished_games(&white.id).await.unwrap().is_empty());
        let mut counts = Vec::new();
        let mut stored = 0;
        for games in [1, MAX_LISTED_GAMES] {
            while stored < games {
                rated_game(&db, &format!("game-{stored:03}"), &white, &black).await;
                stored += 1;
            }
            let before = statements().await;
            let started = std::time::Instant::now();
            let listed = db.finished_games(&white.id).await.unwrap();
            let took = started.elapsed();
            counts.push(statements().await - before);
            eprintln!("{games} finished games read in {took:?}");
            assert_eq!(listed.len(), games);
            assert!(listed.iter().all(|game| matches!(game.end, Some((_, Some(_))))), "every game with its ratings");
        }
        eprintln!("statements to read a player's finished games: {counts:?} for 1 and {MAX_LISTED_GAMES} games");
        assert_eq!(counts[0], counts[1], "for 1 and for {MAX_LISTED_GAMES} games");
    }
}
