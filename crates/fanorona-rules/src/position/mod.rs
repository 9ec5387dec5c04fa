//! A position: the board, the side to move, the no-capture count and the vela setting.

pub(crate) mod check;
mod setup;

use std::convert::Infallible;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use crate::geometry::{Geometry, Point, PointSet, Variant};
use crate::movegen::{self, ChainState};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::side::Side;
use crate::turn::{Step, Turn};
use crate::zobrist;
use check::StepChecker;
pub use check::{IllegalTurn, TurnError};
pub use setup::{ParsePositionError, Setup, SetupError};

/// Pieces a vela side keeps when its handicap ends: the restriction holds while it has more.
pub const VELA_LAST_PIECES: u32 = 5;

/// Consecutive turns without a capture that make a draw.
pub const FIFTY_TURNS: u16 = 50;

/// The 8 lines of three of the telo board.
const TELO_LINES: [u64; 8] = {
    const fn bit(x: u64, y: u64) -> u64 {
        1 << (y * 10 + x)
    }
    [
        bit(0, 0) | bit(1, 0) | bit(2, 0),
        bit(0, 1) | bit(1, 1) | bit(2, 1),
        bit(0, 2) | bit(1, 2) | bit(2, 2),
        bit(0, 0) | bit(0, 1) | bit(0, 2),
        bit(1, 0) | bit(1, 1) | bit(1, 2),
        bit(2, 0) | bit(2, 1) | bit(2, 2),
        bit(0, 0) | bit(1, 1) | bit(2, 2),
        bit(2, 0) | bit(1, 1) | bit(0, 2),
    ]
};

/// A position of any variant. Small and `Copy`: playing a turn makes a new position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    pieces: [PointSet; 2],
    side: Side,
    quiet: u16,
    vela: Option<Side>,
    hash: u64,
}

impl Position {
    /// The start position of `variant` (telo: the empty board).
    pub fn start(variant: Variant) -> Position {
        // The middle row, from a; rows below it are White's, rows above Black's.
        let middle = match variant {
            Variant::Tsivy => "wbwb.wbwb",
            Variant::Dimy => "wb.wb",
            Variant::Telo => "...",
        };
        let mut pieces = [PointSet::EMPTY; 2];
        if variant != Variant::Telo {
            let mid = variant.height() / 2;
            for p in variant.points() {
                let side = match p.y().cmp(&mid) {
                    std::cmp::Ordering::Less => Some(Side::White),
                    std::cmp::Ordering::Greater => Some(Side::Black),
                    std::cmp::Ordering::Equal => middle.chars().nth(p.x().into()).and_then(Side::from_letter),
                };
                if let Some(side) = side {
                    pieces[side.index()] = pieces[side.index()].with(p);
                }
            }
        }
        Position::from_parts(variant, pieces, Side::White, 0, None)
    }

    /// The tsivy start position of a vela game in which `handicapped` (the previous winner) plays paika only.
    pub fn start_vela(handicapped: Side) -> Position {
        Position::start(Variant::Tsivy).with_vela(Some(handicapped))
    }

    /// This position with another vela setting (ignored outside tsivy, where vela is not played).
    pub fn with_vela(&self, vela: Option<Side>) -> Position {
        let vela = vela.filter(|_| self.variant == Variant::Tsivy);
        Position::from_parts(self.variant, self.pieces, self.side, self.quiet, vela)
    }

    /// The parts of this position, to change and check again with [`Setup::position`].
    pub fn setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            pieces: self.pieces,
            side_to_move: self.side,
            quiet_turns: self.quiet,
            vela: self.vela,
        }
    }

    /// A position from parts that [`Setup::position`] has checked.
    pub(crate) fn from_parts(
        variant: Variant,
        pieces: [PointSet; 2],
        side: Side,
        quiet: u16,
        vela: Option<Side>,
    ) -> Position {
        let mut pos = Position { variant, pieces, side, quiet, vela, hash: 0 };
        pos.hash = zobrist::pieces(Side::White, pieces[0])
            ^ zobrist::pieces(Side::Black, pieces[1])
            ^ if side == Side::Black { zobrist::BLACK_TO_MOVE } else { 0 }
            ^ zobrist::vela(pos.vela_active());
        pos
    }

    /// The variant, that is, the board.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Whose turn it is.
    pub const fn side_to_move(&self) -> Side {
        self.side
    }

    /// The pieces of one side.
    pub const fn pieces(&self, side: Side) -> PointSet {
        self.pieces[side.index()]
    }

    /// All pieces.
    pub const fn occupied(&self) -> PointSet {
        PointSet(self.pieces[0].0 | self.pieces[1].0)
    }

    /// The empty points of the board.
    pub fn empty(&self) -> PointSet {
        self.variant.points() & !self.occupied()
    }

    /// Whose piece stands on `p`, if any.
    pub fn piece_at(&self, p: Point) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.pieces(s).contains(p))
    }

    /// Consecutive turns played without a capture.
    pub const fn quiet_turns(&self) -> u16 {
        self.quiet
    }

    /// The handicapped side named by the vela setting, whether or not its handicap is still active.
    pub const fn vela(&self) -> Option<Side> {
        self.vela
    }

    /// The side whose vela handicap is active now (it has more than 5 pieces).
    pub fn vela_active(&self) -> Option<Side> {
        self.vela.filter(|&s| self.pieces(s).len() > VELA_LAST_PIECES)
    }

    /// The Zobrist hash of the pieces, the side to move and the active vela handicap (not the no-capture count).
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the two positions count as the same for threefold repetition: same pieces on the same points, same
    /// side to move, same vela state.
    pub fn repeats(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.pieces == other.pieces
            && self.side == other.side
            && self.vela_active() == other.vela_active()
    }

    /// Whether the side to move is in telo's placing phase (fewer than 3 pieces on the board).
    pub fn is_placing(&self) -> bool {
        self.variant == Variant::Telo && self.pieces(self.side).len() < Variant::Telo.pieces_per_side()
    }

    /// The side that has three pieces on a line of the telo board (always `None` in the other variants).
    pub fn telo_line(&self) -> Option<Side> {
        if self.variant != Variant::Telo {
            return None;
        }
        Side::BOTH.into_iter().find(|&s| TELO_LINES.iter().any(|&line| self.pieces(s).0 & line == line))
    }

    /// Whether no turn can be played because the game is decided on the board: a telo line stands, or (tsivy,
    /// dimy) the side to move has no piece.
    pub fn is_decided(&self) -> bool {
        match self.variant {
            Variant::Telo => self.telo_line().is_some(),
            _ => self.pieces(self.side).is_empty(),
        }
    }

    fn geo(&self) -> &'static Geometry {
        self.variant.geometry()
    }

    fn own(&self) -> PointSet {
        self.pieces(self.side)
    }

    fn enemy(&self) -> PointSet {
        self.pieces(!self.side)
    }

    /// Whether the side to move is bound by vela: every step it makes is a paika that captures nothing, even a step
    /// that would capture by approach or withdrawal for an unhandicapped side.
    pub fn is_restricted(&self) -> bool {
        self.vela_active() == Some(self.side)
    }

    /// Whether the side to move must capture: a capture exists and it may capture (not in telo, not under vela).
    pub fn must_capture(&self) -> bool {
        !self.capturing_pieces().is_empty()
    }

    /// The pieces of the side to move that can begin a capture (empty in telo and for a side under vela).
    pub fn capturing_pieces(&self) -> PointSet {
        if self.variant == Variant::Telo || self.is_restricted() || self.is_decided() {
            PointSet::EMPTY
        } else {
            movegen::capturers(self.geo(), self.own(), self.enemy())
        }
    }

    /// Room to move: the number of single steps the pieces of `side` could make to an adjacent empty point,
    /// whoever is to move (each piece and direction once; approach and withdrawal not counted apart).
    pub fn mobility(&self, side: Side) -> u32 {
        movegen::count_paika(self.geo(), self.pieces(side), self.pieces(!side)) as u32
    }

    /// The pieces of `side` that could begin a capture if it were `side`'s turn (ignoring vela and telo).
    pub fn threats(&self, side: Side) -> PointSet {
        movegen::capturers(self.geo(), self.pieces(side), self.pieces(!side))
    }

    /// The pieces that may move now: those that can capture if a capture is compulsory, otherwise those with a
    /// legal paika. Empty in the placing phase and when the game is decided.
    pub fn movable_pieces(&self) -> PointSet {
        let capturers = self.capturing_pieces();
        if !capturers.is_empty() {
            return capturers;
        }
        if self.is_placing() || self.is_decided() {
            return PointSet::EMPTY;
        }
        movegen::paika_pieces(self.geo(), self.own(), self.enemy())
    }

    /// The empty points where the side to move may place a piece (telo's placing phase only).
    pub fn legal_placements(&self) -> PointSet {
        if self.is_placing() && !self.is_decided() { self.empty() } else { PointSet::EMPTY }
    }

    /// Calls `f` with every legal first step until `f` breaks: each capturing step (approach and withdrawal
    /// separately) if a capture is compulsory, otherwise every legal paika. Placements are not steps: see
    /// [`Position::legal_placements`].
    pub fn try_for_each_first_step<B>(&self, mut f: impl FnMut(Step) -> ControlFlow<B>) -> ControlFlow<B> {
        if self.is_placing() || self.is_decided() {
            return ControlFlow::Continue(());
        }
        let capturers = self.capturing_pieces();
        if capturers.is_empty() {
            movegen::try_for_each_paika(self.geo(), self.own(), self.enemy(), f)
        } else {
            for p in capturers {
                ChainState::start(self.own(), self.enemy(), p).try_for_each_capture(self.geo(), |step, _| f(step))?;
            }
            ControlFlow::Continue(())
        }
    }

    /// Calls `f` with every legal first step (see [`Position::try_for_each_first_step`]).
    pub fn for_each_first_step(&self, mut f: impl FnMut(Step)) {
        let ControlFlow::Continue(()) = self.try_for_each_first_step::<Infallible>(|step| {
            f(step);
            ControlFlow::Continue(())
        });
    }

    /// Every legal first step (see [`Position::try_for_each_first_step`]).
    pub fn first_steps(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        self.for_each_first_step(|s| steps.push(s));
        steps
    }

    /// Calls `f` with every legal turn until `f` breaks, without allocating: each stopping point of each chain and
    /// each approach/withdrawal choice is a turn of its own. No draw rule is applied here (see [`crate::Game`]).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use fanorona_rules::{Position, Variant};
    /// let start = Position::start(Variant::Tsivy);
    /// let withdrawal = start.try_for_each_turn(|turn| {
    ///     if turn.to_string().ends_with('W') { ControlFlow::Break(*turn) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!(withdrawal.break_value().map(|t| t.to_string()), Some("f3-e3W".to_owned()));
    /// ```
    pub fn try_for_each_turn<B>(&self, mut f: impl FnMut(&Turn) -> ControlFlow<B>) -> ControlFlow<B> {
        if self.is_decided() {
            return ControlFlow::Continue(());
        }
        if self.is_placing() {
            for p in self.empty() {
                f(&Turn::place(p))?;
            }
            return ControlFlow::Continue(());
        }
        let capturers = self.capturing_pieces();
        if capturers.is_empty() {
            movegen::try_for_each_paika(self.geo(), self.own(), self.enemy(), |step| {
                let mut turn = Turn::place(step.from());
                turn.push(step);
                f(&turn)
            })
        } else {
            for p in capturers {
                let mut turn = Turn::place(p);
                ChainState::start(self.own(), self.enemy(), p).try_for_each_chain(self.geo(), &mut turn, &mut f)?;
            }
            ControlFlow::Continue(())
        }
    }

    /// Calls `f` with every legal turn (see [`Position::try_for_each_turn`]); the form for loops that never stop
    /// early, such as perft and search. It repeats the walk of `try_for_each_turn` without the break checks, which
    /// measured a few percent faster in perft.
    pub fn for_each_turn(&self, mut f: impl FnMut(&Turn)) {
        if self.is_decided() {
            return;
        }
        if self.is_placing() {
            for p in self.empty() {
                f(&Turn::place(p));
            }
            return;
        }
        let capturers = self.capturing_pieces();
        if capturers.is_empty() {
            movegen::for_each_paika(self.geo(), self.own(), self.enemy(), |step| {
                let mut turn = Turn::place(step.from());
                turn.push(step);
                f(&turn);
            });
        } else {
            for p in capturers {
                let mut turn = Turn::place(p);
                ChainState::start(self.own(), self.enemy(), p).for_each_chain(self.geo(), &mut turn, &mut f);
            }
        }
    }

    /// Calls `f` with every legal turn, in the order of [`Position::for_each_turn`], and the enemy pieces it takes
    /// (empty for a paika or a placement). The pieces are gathered along the walk of each chain, so a search can
    /// order captures by what they take without playing every one of them.
    pub fn for_each_turn_taking(&self, mut f: impl FnMut(&Turn, PointSet)) {
        let capturers = self.capturing_pieces();
        if capturers.is_empty() {
            self.for_each_turn(|turn| f(turn, PointSet::EMPTY));
        } else {
            self.for_each_capture_taking(capturers, f);
        }
    }

    /// Calls `f` with every capture of the pieces in `capturers`, in the order of [`Position::for_each_turn`], and
    /// the enemy pieces it takes. `capturers` must be [`Position::capturing_pieces`] (or some of them): a caller
    /// that has found them already spares finding them again.
    pub fn for_each_capture_taking(&self, capturers: PointSet, mut f: impl FnMut(&Turn, PointSet)) {
        for p in capturers {
            let mut turn = Turn::place(p);
            let chain = ChainState::start(self.own(), self.enemy(), p);
            Position::for_each_chain_taking(self.geo(), &chain, PointSet::EMPTY, &mut turn, &mut f);
        }
    }

    /// The chains from `chain` extending `turn`, which has taken `so_far`: see [`Position::for_each_turn_taking`].
    fn for_each_chain_taking(
        geo: &Geometry,
        chain: &ChainState,
        so_far: PointSet,
        turn: &mut Turn,
        f: &mut impl FnMut(&Turn, PointSet),
    ) {
        chain.for_each_capture(geo, |step, taken| {
            turn.push(step);
            f(turn, so_far | taken);
            Position::for_each_chain_taking(geo, &chain.after(step, taken), so_far | taken, turn, f);
            turn.pop();
        });
    }

    /// Fills `out` (cleared first) with every legal turn. Reusing one vector allocates nothing once it is large
    /// enough.
    pub fn generate_turns(&self, out: &mut Vec<Turn>) {
        out.clear();
        self.for_each_turn(|t| out.push(*t));
    }

    /// Every legal turn, in a new vector.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = Vec::new();
        self.generate_turns(&mut turns);
        turns
    }

    /// The number of legal turns, counted without building them.
    pub fn count_turns(&self) -> u64 {
        if self.is_decided() {
            return 0;
        }
        if self.is_placing() {
            return self.empty().len().into();
        }
        let capturers = self.capturing_pieces();
        if capturers.is_empty() {
            movegen::count_paika(self.geo(), self.own(), self.enemy())
        } else {
            capturers.iter().map(|p| ChainState::start(self.own(), self.enemy(), p).count_chains(self.geo())).sum()
        }
    }

    /// Whether the side to move has at least one legal turn (stops at the first one found).
    pub fn has_legal_turn(&self) -> bool {
        if self.is_decided() {
            return false;
        }
        if self.is_placing() {
            return !self.empty().is_empty();
        }
        self.try_for_each_first_step(|_| ControlFlow::Break(())).is_break()
    }

    /// The result that the position itself decides, without history: a telo line, no pieces, no legal turn, or 50
    /// turns without capture. Threefold repetition needs the game's history: see [`crate::Game::outcome`].
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.telo_line() {
            return Some(Outcome::win(winner, WinReason::TeloLine));
        }
        if self.variant != Variant::Telo && self.own().is_empty() {
            return Some(Outcome::win(!self.side, WinReason::AllCaptured));
        }
        if !self.has_legal_turn() {
            return Some(Outcome::win(!self.side, WinReason::NoLegalTurn));
        }
        if self.quiet >= FIFTY_TURNS {
            return Some(Outcome::draw(DrawReason::FiftyTurns));
        }
        None
    }

    /// Plays a turn known to be legal here (from [`Position::for_each_turn`] or checked by
    /// [`Position::check_turn`]). An illegal turn gives a meaningless position, never a panic.
    pub fn play_unchecked(&self, turn: &Turn) -> Position {
        let geo = self.geo();
        let (us, them) = (self.side, !self.side);
        let mut next = *self;
        let vela_before = self.vela_active();
        let mut captured = false;
        if let Some(p) = turn.placement() {
            next.pieces[us.index()] = next.pieces[us.index()].with(p);
            next.hash ^= zobrist::piece(us, p);
        }
        for step in turn.steps() {
            next.pieces[us.index()] = next.pieces[us.index()].without(step.from()).with(step.to());
            next.hash ^= zobrist::piece(us, step.from()) ^ zobrist::piece(us, step.to());
            if let (Some(first), Some(dir)) = (step.capture_start(), step.capture_dir()) {
                let taken = geo.line(first, dir, next.pieces[them.index()]);
                next.pieces[them.index()] = next.pieces[them.index()] & !taken;
                next.hash ^= zobrist::pieces(them, taken);
                captured |= !taken.is_empty();
            }
        }
        next.quiet = if captured { 0 } else { self.quiet.saturating_add(1) };
        next.side = them;
        next.hash ^= zobrist::BLACK_TO_MOVE ^ zobrist::vela(vela_before) ^ zobrist::vela(next.vela_active());
        next
    }

    /// Plays a legal turn whose captured pieces are known: `taken` must be what [`Position::for_each_turn_taking`]
    /// gave with `turn`. The result is [`Position::play_unchecked`]'s, found without walking the turn's lines again:
    /// only the start and end of the piece's path matter, since a chain never stands twice on one point. Other
    /// pieces in `taken` give a meaningless position, never a panic.
    pub fn play_taking(&self, turn: &Turn, taken: PointSet) -> Position {
        if turn.is_empty() {
            return self.play_unchecked(turn);
        }
        let (us, them) = (self.side, !self.side);
        let (from, to) = (turn.from(), turn.to());
        let vela_before = self.vela_active();
        let mut next = *self;
        next.pieces[us.index()] = next.pieces[us.index()].without(from).with(to);
        next.pieces[them.index()] = next.pieces[them.index()] & !taken;
        next.quiet = if taken.is_empty() { self.quiet.saturating_add(1) } else { 0 };
        next.side = them;
        next.hash ^= zobrist::piece(us, from)
            ^ zobrist::piece(us, to)
            ^ zobrist::pieces(them, taken)
            ^ zobrist::BLACK_TO_MOVE
            ^ zobrist::vela(vela_before)
            ^ zobrist::vela(next.vela_active());
        next
    }

    /// Plays `turn` if it is legal here, or says why it is not.
    pub fn play(&self, turn: &Turn) -> Result<Position, IllegalTurn> {
        self.check_turn(turn)?;
        Ok(self.play_unchecked(turn))
    }

    /// Checks that `turn` is legal here, saying what is wrong if it is not.
    pub fn check_turn(&self, turn: &Turn) -> Result<(), IllegalTurn> {
        if let Some(p) = turn.placement() {
            return self.check_placement(p);
        }
        let mut checker = StepChecker::new(*self);
        for step in turn.steps() {
            checker.play(step)?;
        }
        Ok(())
    }

    /// Each step of `turn`, a legal turn here, with the enemy pieces it takes (empty for a paika; nothing for a
    /// placement): for showing a turn step by step. The pieces of a turn that is not legal here are meaningless,
    /// but nothing panics. See [`Step::captured_in_order`] for the order in which they fall.
    pub fn trace(&self, turn: &Turn) -> impl Iterator<Item = (Step, PointSet)> + use<> {
        let geo = self.geo();
        let mut enemy = self.enemy();
        turn.steps().map(move |step| {
            let taken = match (step.capture_start(), step.capture_dir()) {
                (Some(first), Some(dir)) => geo.line(first, dir, enemy),
                _ => PointSet::EMPTY,
            };
            enemy = enemy & !taken;
            (step, taken)
        })
    }

    fn check_placement(&self, p: Point) -> Result<(), IllegalTurn> {
        if self.is_decided() {
            Err(IllegalTurn::GameOver)
        } else if !self.is_placing() {
            Err(IllegalTurn::CannotPlace)
        } else if !self.variant.contains(p) {
            Err(IllegalTurn::OffBoard { point: p, variant: self.variant })
        } else if self.occupied().contains(p) {
            Err(IllegalTurn::Occupied(p))
        } else {
            Ok(())
        }
    }

    /// Reads turn notation and checks that the turn is legal here.
    pub fn parse_turn(&self, text: &str) -> Result<Turn, TurnError> {
        let turn: Turn = text.parse()?;
        self.check_turn(&turn)?;
        Ok(turn)
    }

    /// This position with the pieces moved and taken as `step` does, without passing the turn (for showing a chain
    /// in progress). `step` must be legal in the chain being built.
    pub(crate) fn with_step(&self, step: Step, taken: PointSet) -> Position {
        let (us, them) = (self.side, !self.side);
        let mut pieces = self.pieces;
        pieces[us.index()] = pieces[us.index()].without(step.from()).with(step.to());
        pieces[them.index()] = pieces[them.index()] & !taken;
        Position::from_parts(self.variant, pieces, self.side, self.quiet, self.vela)
    }

    pub(crate) fn geometry(&self) -> &'static Geometry {
        self.geo()
    }
}

impl fmt::Display for Position {
    /// Position text with all four fields, e.g. `bbbbb/bbbbb/wb1wb/wwwww/wwwww w 0 -`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.setup(), f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads position text (see RULES.md and [`Setup`]'s `FromStr`), then checks it as [`Setup::position`] does.
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(s.parse::<Setup>()?.position()?)
    }
}

impl From<Position> for Setup {
    fn from(position: Position) -> Setup {
        position.setup()
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    /// Checks the setup: see [`Setup::position`].
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        setup.position()
    }
}
