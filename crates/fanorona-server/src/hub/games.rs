//! Games in progress: turns, draw offers, resignations and aborts, and the clocks (flag falls and the grace of a
//! dropped connection). Each change is a conditional write that one process sharing the database wins; the others
//! catch up and try again.

use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use fanorona_rules::Side;
use futures_util::future::BoxFuture;

use super::live::{LiveGame, Slot};
use super::{Caller, Hub, lock, millis};
use crate::db::{EndRecord, TurnRecord};
use crate::error::{DbError, Refusal};
use crate::protocol::{EndReason, ErrorCode, GameResult, RatingChanges, ServerMessage};

/// How many times a request is tried on a game that another process sharing the database keeps changing under it
/// (each failed try first catches up with the change). Two are enough unless the game changes again within
/// milliseconds; more would only hide a fault.
pub(super) const ATTEMPTS: usize = 3;

/// The time a side gets, once a game, when its flag falls while it has no connection to the server: enough to
/// reconnect after a network failure and play a turn, too little to be worth disconnecting on purpose.
pub const DISCONNECT_GRACE: Duration = Duration::from_secs(30);

/// How long after a flag fell a server that does not hold the side's connection waits before giving the grace: a
/// server that holds it (another process sharing the database) ends the game at once, well within this.
pub const AWAY_MARGIN: Duration = Duration::from_secs(2);

/// Why one attempt at changing a game ([`Hub::change_game`]) did not go through.
#[derive(Debug)]
enum Failed {
    /// Refused as the game stands (or over once a flag fell): the answer, and nothing more is tried.
    Refused(Refusal),
    /// The write failed: [`DbError::Stale`] if another process changed the game first, else an error.
    Write(DbError),
}

/// Says that `'s` outlives `'a` to the compiler (an implied bound): an attempt of [`Hub::change_game`], handed the
/// game for `'a`, may return a future that also holds the request's borrows (`'s`). Without it the attempt would have
/// to hold its borrows for any `'a` at all, `'static` included.
type Within<'a, 's> = PhantomData<&'a &'s ()>;

impl From<Refusal> for Failed {
    fn from(refusal: Refusal) -> Failed {
        Failed::Refused(refusal)
    }
}

impl From<DbError> for Failed {
    fn from(error: DbError) -> Failed {
        Failed::Write(error)
    }
}

impl Hub {
    /// Tries `attempt`, a conditional write of a change of `live` that applies the change once it is stored, up to
    /// [`ATTEMPTS`] times: when another process sharing the database changed the game first ([`DbError::Stale`]),
    /// `live` catches up with what it stored and the change is decided again on the game as it is now. Any other
    /// failed write is [`Hub::unconfirmed`]; a refusal is the answer as it is.
    async fn change_game<'s, T>(
        &'s self,
        live: &mut LiveGame,
        mut attempt: impl for<'a> FnMut(&'a mut LiveGame, Within<'a, 's>) -> BoxFuture<'a, Result<T, Failed>>,
    ) -> Result<T, Refusal> {
        for _ in 0..ATTEMPTS {
            match attempt(live, PhantomData).await {
                Ok(value) => return Ok(value),
                Err(Failed::Refused(refusal)) => return Err(refusal),
                Err(Failed::Write(DbError::Stale)) => self.catch_up(live).await?,
                Err(Failed::Write(error)) => return Err(self.unconfirmed(live, error).await),
            }
        }
        Err(Refusal::busy())
    }

    /// The game `id` in progress and the caller's side in it.
    pub(super) fn slot(&self, caller: &Caller, id: &str) -> Result<(Arc<Slot>, Side), Refusal> {
        let slot = lock(&self.games).get(id).cloned().ok_or_else(|| Refusal::not_found(id))?;
        let side = match slot.players.iter().position(|p| *p == caller.player) {
            Some(0) => Side::White,
            Some(_) => Side::Black,
            None => return Err(Refusal::new(ErrorCode::NotYourGame, "that game is someone else's")),
        };
        Ok((slot, side))
    }

    /// Ends the game by flag fall if the side to move has no time left (and says so to both players), unless the
    /// game is live and the side is away (it has no connection to this server) and has not had the grace of a dropped
    /// connection yet: then it gets it, [`AWAY_MARGIN`] after its flag fell.
    async fn settle_flag(&self, live: &mut LiveGame, now: i64) -> Result<(), Refusal> {
        self.change_game(live, |live, _| {
            Box::pin(async move {
                if live.over {
                    return Err(Refusal::new(ErrorCode::GameOver, "that game is over").into());
                }
                let mover = live.to_move();
                let mut clocks = live.clocks_at(now);
                if clocks[mover.index()] > 0 {
                    return Ok(());
                }
                // A correspondence game's days per turn leave no room for the grace of a dropped connection.
                let present = lock(&self.connections).contains_key(&live.players[mover.index()].id);
                let live_game = !live.settings.time.is_correspondence();
                if live_game && !present && !live.grace_used[mover.index()] {
                    let fell = live.since + live.clocks[mover.index()];
                    if now < fell + millis(AWAY_MARGIN) {
                        return Ok(());
                    }
                    clocks[mover.index()] = millis(DISCONNECT_GRACE);
                    self.db.grant_grace(live.id(), live.plies(), mover.into(), clocks, now).await?;
                    live.grace_used[mover.index()] = true;
                    live.clocks = clocks;
                    live.since = now;
                    self.announce_grace(live, mover);
                    Ok(())
                } else {
                    // Flag fall loses: while a game runs the opponent always has a piece, and one piece can still win.
                    // Every process sharing the database may see the flag fall; the conditional write lets one end it.
                    let result = GameResult::win(!mover, EndReason::Timeout);
                    let ratings = self.db.end_game(&live.end_record(result, now)).await?;
                    self.announce_end(live, result, ratings, now, None);
                    self.push_result(live, result, None);
                    Err(Refusal::new(ErrorCode::GameOver, format!("{mover}'s time ran out")).into())
                }
            })
        })
        .await
    }

    /// Tells both players that `side` got the grace of a dropped connection, with the clocks as they are now.
    pub(super) fn announce_grace(&self, live: &mut LiveGame, side: Side) {
        let message = ServerMessage::Grace {
            game: live.id().to_owned(),
            color: side.into(),
            clocks: live.clocks_view(live.since),
        };
        self.notify(live, None, &message);
    }

    /// Marks a game whose end is stored as over, forgets it and tells both players.
    pub(super) fn announce_end(
        &self,
        live: &mut LiveGame,
        result: GameResult,
        ratings: Option<RatingChanges>,
        now: i64,
        except: Option<u64>,
    ) -> ServerMessage {
        live.clocks = live.clocks_at(now);
        live.over = true;
        lock(&self.games).remove(live.id());
        if live.settings.tournament.is_some() {
            self.tournament_game_ended.store(true, Ordering::Relaxed);
        }
        let message =
            ServerMessage::GameOver { game: live.id().to_owned(), result, clocks: live.clocks_view(now), ratings };
        self.notify(live, except, &message);
        message
    }

    pub(super) async fn play(
        &self,
        caller: &Caller,
        id: &str,
        ply: u32,
        text: &str,
    ) -> Result<Vec<ServerMessage>, Refusal> {
        let arrived = Instant::now();
        let (slot, side) = self.slot(caller, id)?;
        let mut live = slot.live.lock().await;
        self.change_game(&mut live, |live, _| {
            Box::pin(async move {
                let now = self.clock.now_ms();
                self.settle_flag(live, now).await?;
                // The same turn sent again (its acknowledgement lost with the connection, or kept on a device that was
                // offline): acknowledged again, and stored once.
                if let Some(again) = live.stored_turn(ply, side, text) {
                    return Ok(vec![ServerMessage::Played {
                        game: id.to_owned(),
                        ply,
                        turn: again.notation,
                        clocks: live.clocks_view(now),
                        position: again.position,
                    }]);
                }
                if live.to_move() != side {
                    return Err(Refusal::new(ErrorCode::NotYourTurn, "it is your opponent's turn").into());
                }
                if ply != live.next_ply() {
                    let message = format!("this is turn {} of the game, not {ply}", live.next_ply());
                    return Err(Refusal::new(ErrorCode::WrongPly, message).into());
                }
                let mut game = live.game.clone();
                let turn = game.play_notation(text).map_err(|e| Refusal::new(ErrorCode::IllegalTurn, e.to_string()))?;
                let mut clocks = live.clocks_at(now);
                clocks[side.index()] = live.settings.time.after_turn(clocks[side.index()]);
                let notation = turn.to_string();
                let record = TurnRecord { game: id, ply, notation: &notation, clocks, at: now };
                let result = game.outcome().map(GameResult::from);
                let end =
                    result.map(|result| EndRecord { clocks, plies: ply, since: now, ..live.end_record(result, now) });
                // Stale if another process stored a turn or the end meanwhile (the same player on a second connection,
                // an opponent's resignation): then tried again with the game as it is now.
                let ratings = self.db.store_turn(&record, end.as_ref()).await?;
                self.metrics.turn_stored(arrived.elapsed());
                // Stored: now the turn counts. A standing draw offer of the opponent is declined by playing on.
                live.game = game;
                live.clocks = clocks;
                live.since = now;
                if live.draw_offer == Some(!side) {
                    live.draw_offer = None;
                }
                let played = played(live, ply, notation);
                self.notify(live, Some(caller.connection), &played);
                let mut replies = vec![played];
                if let Some(result) = result {
                    replies.push(self.announce_end(live, result, ratings, now, Some(caller.connection)));
                    self.push_result(live, result, Some(side));
                } else {
                    self.push_turn(live);
                }
                Ok(replies)
            })
        })
        .await
    }

    pub(super) async fn offer_draw(&self, caller: &Caller, id: &str) -> Result<ServerMessage, Refusal> {
        let (slot, side) = self.slot(caller, id)?;
        let mut live = slot.live.lock().await;
        self.change_game(&mut live, |live, _| {
            Box::pin(async move {
                let now = self.clock.now_ms();
                self.settle_flag(live, now).await?;
                if live.draw_offer == Some(side) {
                    // Offered already and not answered: the opponent is not told again (a repeated offer would nag), the
                    // offerer hears that it stands.
                    return Ok(ServerMessage::DrawOffered { game: id.to_owned(), by: side.into() });
                }
                if live.draw_offer == Some(!side) {
                    // Two players who both offer a draw agree on it.
                    let result = GameResult::no_winner(EndReason::Agreement);
                    let ratings = self.db.end_game(&live.end_record(result, now)).await?;
                    let over = self.announce_end(live, result, ratings, now, Some(caller.connection));
                    self.push_result(live, result, Some(side));
                    return Ok(over);
                }
                self.db.offer_draw(id, live.plies(), side.into()).await?;
                live.draw_offer = Some(side);
                let message = ServerMessage::DrawOffered { game: id.to_owned(), by: side.into() };
                self.notify(live, Some(caller.connection), &message);
                Ok(message)
            })
        })
        .await
    }

    /// Ends a game on a player's word (resign, accept a draw, abort): `decide` gives the result from the game and the
    /// caller's side, or refuses.
    pub(super) async fn end_by_player(
        &self,
        caller: &Caller,
        id: &str,
        decide: impl Fn(&LiveGame, Side) -> Result<GameResult, Refusal> + Sync,
    ) -> Result<ServerMessage, Refusal> {
        let (slot, side) = self.slot(caller, id)?;
        let mut live = slot.live.lock().await;
        // Borrowed by each attempt's future, which may be sent to another thread: hence `Sync`.
        let decide = &decide;
        self.change_game(&mut live, |live, _| {
            Box::pin(async move {
                let now = self.clock.now_ms();
                self.settle_flag(live, now).await?;
                // Decided again at each attempt: a turn stored meanwhile by another process may change the answer (too
                // late to abort, the draw offer declined).
                let result = decide(live, side)?;
                let ratings = self.db.end_game(&live.end_record(result, now)).await?;
                let over = self.announce_end(live, result, ratings, now, Some(caller.connection));
                self.push_result(live, result, Some(side));
                Ok(over)
            })
        })
        .await
    }

    /// Ends every game whose side to move has run out of time, and reminds the side to move of a correspondence
    /// game whose time runs out soon. The server calls it a few times a second.
    pub async fn check_clocks(&self) {
        let slots: Vec<Arc<Slot>> = lock(&self.games).values().cloned().collect();
        for slot in slots {
            let mut live = slot.live.lock().await;
            let now = self.clock.now_ms();
            match self.settle_flag(&mut live, now).await {
                Ok(()) => self.remind(&mut live, now).await,
                Err(refusal) if refusal.code == ErrorCode::GameOver => {}
                Err(refusal) => tracing::error!("game {}: flag fall not stored: {refusal}", live.id()),
            }
        }
    }
}

/// The `played` message of the turn `ply` just played in `live`, its clocks as they were when it was stored.
pub(super) fn played(live: &LiveGame, ply: u32, turn: String) -> ServerMessage {
    ServerMessage::Played {
        game: live.id().to_owned(),
        ply,
        turn,
        clocks: live.clocks_view(live.since),
        position: live.game.position().to_string(),
    }
}
