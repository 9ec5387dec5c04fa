//! The state of a game in progress as this process holds it: the position, the clocks, the draw offer, the grace
//! used and the spectators.

use std::sync::Arc;

use fanorona_rules::{Game, Position, Side};

use super::Hub;
use super::connections::ConnectionHandle;
use crate::db::{ChallengeRecord, EndRecord, PlayerRecord, StoredGame};
use crate::protocol::{Clocks, Color, EndReason, GameResult, GameView, ServerMessage};
use crate::rating::Pool;
use crate::vacation::Vacation;

/// A game in progress: who plays it (readable without waiting for the game's lock) and its state.
#[derive(Debug)]
pub(super) struct Slot {
    pub(super) players: [String; 2],
    pub(super) live: tokio::sync::Mutex<LiveGame>,
}

impl Slot {
    pub(super) fn new(live: LiveGame) -> Arc<Slot> {
        Arc::new(Slot { players: live.player_ids(), live: tokio::sync::Mutex::new(live) })
    }
}

/// The state of a game in progress.
#[derive(Debug)]
pub(super) struct LiveGame {
    pub(super) settings: ChallengeRecord,
    /// White's and black's records as of the start of the game.
    pub(super) players: [PlayerRecord; 2],
    pub(super) game: Game,
    /// The time each side had left at `since`; the side to move has used `now - since` of its own since then.
    pub(super) clocks: [i64; 2],
    pub(super) since: i64,
    pub(super) draw_offer: Option<Side>,
    /// Which sides had the grace of a dropped connection (white's first).
    pub(super) grace_used: [bool; 2],
    /// The connections watching the game (not its players'), dropped when they close.
    pub(super) watchers: Vec<ConnectionHandle>,
    /// Set once the end is stored: a request that waited for the lock meanwhile must find the game over.
    pub(super) over: bool,
    /// The number of turns the game had when this process last looked into reminding the side to move (a
    /// correspondence game's), so that it looks once a turn.
    pub(super) reminded: Option<u32>,
}

/// A turn already stored, as a turn sent again is acknowledged.
pub(super) struct StoredTurn {
    /// Its notation.
    pub(super) notation: String,
    /// The position after it, as position text.
    pub(super) position: String,
}

impl LiveGame {
    /// A game about to start, or to be replayed from its turns: from the start position of the variant, with the
    /// challenger's side handicapped in a vela game.
    pub(super) fn new(settings: ChallengeRecord, players: [PlayerRecord; 2], clocks: [i64; 2], since: i64) -> LiveGame {
        let handicapped = vela_side(&settings, &players);
        let game = Game::new(Position::start(settings.variant.variant()).with_vela(handicapped));
        LiveGame {
            settings,
            players,
            game,
            clocks,
            since,
            draw_offer: None,
            grace_used: [false; 2],
            watchers: Vec::new(),
            over: false,
            reminded: None,
        }
    }

    pub(super) fn from_stored(stored: StoredGame) -> Result<LiveGame, String> {
        let live = LiveGame::replay(stored)?;
        if let Some(outcome) = live.game.outcome() {
            return Err(format!("it is over on the board ({outcome}) but stored as in progress"));
        }
        Ok(live)
    }

    /// A stored game with its turns played again, whether or not it is over.
    pub(super) fn replay(stored: StoredGame) -> Result<LiveGame, String> {
        let mut live = LiveGame::new(stored.settings, [stored.white, stored.black], stored.clocks, stored.since);
        live.draw_offer = stored.draw_offer.map(Side::from);
        live.grace_used = stored.grace_used;
        let game = &mut live.game;
        for (ply, turn) in stored.turns.iter().enumerate() {
            let notation = &turn.notation;
            game.play_notation(notation).map_err(|e| format!("turn {} ({notation}): {e}", ply + 1))?;
        }
        Ok(live)
    }

    pub(super) fn id(&self) -> &str {
        &self.settings.id
    }

    /// White's and black's ids.
    pub(super) fn player_ids(&self) -> [String; 2] {
        self.players.clone().map(|p| p.id)
    }

    pub(super) fn to_move(&self) -> Side {
        self.game.position().side_to_move()
    }

    /// The number of turns played.
    pub(super) fn plies(&self) -> u32 {
        u32::try_from(self.game.turns().len()).unwrap_or(u32::MAX)
    }

    /// The number of the next turn, from 1.
    pub(super) fn next_ply(&self) -> u32 {
        self.plies().saturating_add(1)
    }

    /// The turn stored as number `ply`, if `side` played it and `text` names it (a turn sent again): its notation
    /// and the position after it.
    pub(super) fn stored_turn(&self, ply: u32, side: Side, text: &str) -> Option<StoredTurn> {
        let index = usize::try_from(ply).ok()?.checked_sub(1)?;
        let (turn, before) = (self.game.turns().get(index)?, &self.game.positions()[index]);
        let same = before.side_to_move() == side && before.parse_turn(text).is_ok_and(|sent| sent == *turn);
        same.then(|| StoredTurn { notation: turn.to_string(), position: self.game.positions()[index + 1].to_string() })
    }

    /// Both clocks as of `now`: the side to move has used the time since its clock started, but the time its
    /// player was on vacation (in a correspondence game).
    pub(super) fn clocks_at(&self, now: i64) -> [i64; 2] {
        let mut clocks = self.clocks;
        if !self.over {
            let mover = self.to_move();
            let away = self.vacation(mover).map_or(0, |v| v.overlap(self.since, now));
            let used = ((now - self.since).max(0) - away).max(0);
            clocks[mover.index()] = (clocks[mover.index()] - used).max(0);
        }
        clocks
    }

    /// The vacation of `side`'s player that stops its clock in this game: a correspondence game's only.
    fn vacation(&self, side: Side) -> Option<Vacation> {
        self.settings.time.is_correspondence().then_some(self.players[side.index()].vacation.vacation).flatten()
    }

    pub(super) fn clocks_view(&self, now: i64) -> Clocks {
        let [white_ms, black_ms] = self.clocks_at(now);
        let running = (!self.over).then(|| self.to_move());
        // A vacation, or a tournament game's countdown: its clock starts after the pairing.
        let countdown = running.map_or(0, |_| (self.since - now).max(0));
        let stopped_ms = running.and_then(|side| self.vacation(side)).map_or(0, |v| v.left(now)).max(countdown);
        Clocks { white_ms, black_ms, running: running.map(Color::from), stopped_ms }
    }

    pub(super) fn view(&self, now: i64) -> GameView {
        let pool = Pool::of(self.settings.time);
        let [white, black] = self.players.clone().map(|player| player.view(pool));
        GameView {
            id: self.id().to_owned(),
            white,
            black,
            variant: self.settings.variant,
            rated: self.settings.rated,
            time: self.settings.time,
            vela: self.game.position().vela().map(Color::from),
            turns: self.game.turns().iter().map(ToString::to_string).collect(),
            position: self.game.position().to_string(),
            to_move: self.to_move().into(),
            clocks: self.clocks_view(now),
            draw_offer: self.draw_offer.map(Color::from),
            tournament: self.settings.tournament.clone(),
        }
    }

    pub(super) fn end_record(&self, result: GameResult, now: i64) -> EndRecord<'_> {
        // A game that ends before each side has played a turn (resigned, lost on time or aborted at once) changes no
        // rating: otherwise two accounts of one person could trade rating points with a resignation each. A game
        // between players who are not both registered is not rated either (one stored by an older server).
        let rated = self.settings.rated
            && result.reason != EndReason::Aborted
            && self.plies() >= 2
            && self.players.iter().all(|p| p.registered);
        EndRecord {
            game: self.id(),
            result,
            clocks: self.clocks_at(now),
            at: now,
            plies: self.plies(),
            since: self.since,
            rated: rated.then(|| (self.players[0].id.as_str(), self.players[1].id.as_str())),
            pool: Pool::of(self.settings.time),
        }
    }
}

impl Hub {
    /// Sends `message` to the players of `live` (every connection of theirs on this process) and its spectators,
    /// but the connection `except`.
    pub(super) fn notify(&self, live: &mut LiveGame, except: Option<u64>, message: &ServerMessage) {
        self.tell_all(&live.player_ids(), &mut live.watchers, except, message);
    }
}

/// The handicapped side of a vela game between `players` (white's first): the challenger's, who offered the
/// handicap.
fn vela_side(settings: &ChallengeRecord, players: &[PlayerRecord; 2]) -> Option<Side> {
    let side = if players[0].id == settings.creator.id { Side::White } else { Side::Black };
    settings.vela.then_some(side)
}
