//! The light board's engine (issue 71): the game's own rules and computer, as a small wasm module that a page drives,
//! so that a board is playable within seconds of opening the page, while the full game downloads, and stays the game
//! where the full game cannot start (no WebGL2).
//!
//! The page speaks to it in names and words, as a player reads the board: points by name (`e3`), the board as
//! position text (`bbbbbbbbb/.../wwwwwwwww w 0 -`), the ways of a step (`approach`, `withdrawal`, `paika`), lists
//! as names separated by spaces. Nothing of the rules is decided in the page.
//!
//! ```
//! use fanorona_light::LightGame;
//! let mut game = LightGame::new("beginner", true, 7)?;
//! assert_eq!(game.movable(), "d2 e2 f2 f3");
//! assert_eq!(game.ways("f3", "e3"), "approach withdrawal");
//! assert_eq!(game.step("f3", "e3", "withdrawal")?, "done");
//! while game.think(10_000).is_empty() {}
//! assert!(game.person_to_move());
//! # Ok::<(), String>(())
//! ```

use fanorona_ai::{Level, Limits, Resumable, Search};
use fanorona_reasons::{Reason, not_your_turn, typed_error};
use fanorona_rules::{
    CaptureKind, DrawReason, Game, GameRecord, Outcome, Point, Position, Progress, Side, Step, Then, TurnBuilder,
    Typed, TypedError, Variant, WinReason,
};
use wasm_bindgen::prelude::*;

/// A game of tsivy on the light board: a person against the computer. The person's turn is built a step at a time
/// as they click; the computer's is searched a slice at a time ([`LightGame::think`]), so that the page stays
/// responsive while it thinks.
#[wasm_bindgen]
pub struct LightGame {
    game: Game,
    builder: TurnBuilder,
    level: Level,
    person: Side,
    search: Option<Search>,
    seed: u64,
}

#[wasm_bindgen]
impl LightGame {
    /// A new game of tsivy against the computer at `level` (`beginner`, `casual`, `classic`, `strong` or `master`),
    /// the person playing White if `person_white`, else Black; `seed` varies the lower levels' choices.
    #[wasm_bindgen(constructor)]
    pub fn new(level: &str, person_white: bool, seed: u32) -> Result<LightGame, String> {
        let person = if person_white { Side::White } else { Side::Black };
        LightGame::from_position(Position::start(Variant::Tsivy), level, person, seed)
    }

    /// The game of `turns` (in the notation, separated by spaces, as [`LightGame::turns`] writes them) from tsivy's
    /// start, going on against the computer at `level`, the person playing White if `person_white`: the page keeps
    /// its game across a reload this way. A turn that does not play is an error naming it. (Turns rather than the
    /// game's text record: reading a record would bring its parser into the page's first download.)
    #[wasm_bindgen(js_name = fromTurns)]
    pub fn from_turns(turns: &str, level: &str, person_white: bool, seed: u32) -> Result<LightGame, String> {
        let mut game = Game::new(Position::start(Variant::Tsivy));
        for (n, turn) in turns.split_whitespace().enumerate() {
            game.play_notation(turn).map_err(|e| format!("turn {} `{turn}`: {e}", n + 1))?;
        }
        let person = if person_white { Side::White } else { Side::Black };
        LightGame::from_game(game, level, person, seed)
    }

    /// The turns played so far in the notation, separated by spaces, as [`LightGame::from_turns`] reads them.
    pub fn turns(&self) -> String {
        self.game.turns().iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
    }

    /// The board as it stands, during a chain too: position text, rows from the far one (5) to row 1.
    pub fn board(&self) -> String {
        self.builder.current().to_string()
    }

    /// Whether the person is to play (the game not over).
    #[wasm_bindgen(js_name = personToMove)]
    pub fn person_to_move(&self) -> bool {
        !self.game.is_over() && self.game.position().side_to_move() == self.person
    }

    /// Whether the person plays White.
    #[wasm_bindgen(js_name = personWhite)]
    pub fn person_white(&self) -> bool {
        self.person == Side::White
    }

    /// The points whose pieces the person can move now (only the chain's piece during a chain), by name.
    pub fn movable(&self) -> String {
        if !self.person_to_move() {
            return String::new();
        }
        names(self.builder.movable_pieces())
    }

    /// Where the piece on `from` can step now, by name (nothing for a name that is not a point).
    pub fn targets(&self, from: &str) -> String {
        let Ok(from) = from.parse::<Point>() else { return String::new() };
        let mut targets: Vec<Point> = self.steps(from).map(Step::to).collect();
        targets.dedup();
        names(targets)
    }

    /// The ways the piece on `from` can step to `to`: `paika`, `approach`, `withdrawal`, or `approach withdrawal`
    /// when the person must choose; nothing when it cannot.
    pub fn ways(&self, from: &str, to: &str) -> String {
        let (Ok(from), Ok(to)) = (from.parse::<Point>(), to.parse::<Point>()) else { return String::new() };
        let ways: Vec<&str> = self.steps(from).filter(|s| s.to() == to).map(way_name).collect();
        ways.join(" ")
    }

    /// The pieces that the step from `from` to `to` by `way` would take, by name.
    pub fn takes(&self, from: &str, to: &str, way: &str) -> String {
        self.legal_step(from, to, way)
            .ok()
            .and_then(|step| self.builder.captures_of(step))
            .map(names)
            .unwrap_or_default()
    }

    /// Plays the person's step from `from` to `to` by `way` (empty when there is one way only): `continue` when the
    /// same piece may capture again (or stop), `done` when the turn is over. An error says why a step is refused.
    pub fn step(&mut self, from: &str, to: &str, way: &str) -> Result<String, String> {
        if !self.person_to_move() {
            return Err("it is not your turn".to_owned());
        }
        let step = self.legal_step(from, to, way)?;
        Ok(if self.advance(step)? { "done" } else { "continue" }.to_owned())
    }

    /// Plays a turn the person typed in the notation: a whole turn (`e3-d3A`, `e3-d3A-c3W`), a chain's continuation
    /// (`c3W`) or a destination alone (`d3`), read as the full game's move box reads it. The answer's first line is
    /// `done` when the turn is over, `continue POINT` when the chain may go on from POINT, `choose FROM TO` when the
    /// person must choose approach or withdrawal for that step; then a line for each step played, as
    /// [`LightGame::last_steps`] says them (`f3 e3 withdrawal 1`). Nothing is played of a turn that cannot be: the
    /// error is the reason, as the id of the game's message and its arguments, a line each (`drop-occupied`,
    /// `from=c2`, `to=c3`).
    pub fn typed(&mut self, text: &str) -> Result<String, String> {
        if !self.person_to_move() {
            return Err(said(not_your_turn()));
        }
        let steps_then = match self.builder.interpret(text) {
            Ok(Typed::Steps { steps, then }) => (steps, then),
            // Tsivy has no placements: the rules never read a point as one here.
            Ok(Typed::Place(point)) => return Err(said(typed_error(&TypedError::CannotPlace(point), text))),
            Err(error) => return Err(said(typed_error(&error, text.trim()))),
        };
        let (steps, then) = steps_then;
        let before = (self.builder.clone(), self.game.clone());
        let mut lines = vec![String::new()];
        let mut over = false;
        for step in steps {
            let taken = self.builder.captures_of(step).map_or(0, |taken| taken.len());
            lines.push(format!("{} {} {} {taken}", step.from(), step.to(), way_name(step)));
            // The rules checked every step before: a refusal here would be a defect, and leaves the game as it was.
            match self.advance(step) {
                Ok(done) => over = done,
                Err(e) => {
                    (self.builder, self.game) = before;
                    return Err(e);
                }
            }
        }
        lines[0] = match (then, self.builder.chain_point()) {
            (Then::Choose([step, _]), _) => format!("choose {} {}", step.from(), step.to()),
            (Then::Stop, Some(_)) if self.builder.can_stop() => {
                self.stop()?;
                "done".to_owned()
            }
            (_, Some(point)) if !over => format!("continue {point}"),
            _ => "done".to_owned(),
        };
        Ok(lines.join("\n"))
    }

    /// Ends the person's capture chain where it stands.
    pub fn stop(&mut self) -> Result<(), String> {
        let turn = self.builder.stop().map_err(|e| e.to_string())?;
        self.game.play(&turn).map_err(|e| e.to_string())?;
        self.builder = TurnBuilder::new(*self.game.position());
        Ok(())
    }

    /// The point of the piece in the middle of a capture chain, by name (nothing outside a chain).
    #[wasm_bindgen(js_name = chainPoint)]
    pub fn chain_point(&self) -> String {
        self.builder.chain_point().map(|p| p.to_string()).unwrap_or_default()
    }

    /// Whether the person's chain can stop here.
    #[wasm_bindgen(js_name = canStop)]
    pub fn can_stop(&self) -> bool {
        self.builder.can_stop()
    }

    /// The computer thinks for about `budget` more nodes of its search: its turn in the notation once it has played
    /// it, nothing while it thinks (or when it is not its turn).
    pub fn think(&mut self, budget: u32) -> String {
        if self.game.is_over() || self.person_to_move() {
            return String::new();
        }
        let (game, level, seed) = (&self.game, self.level, self.seed);
        let search = self.search.get_or_insert_with(|| Search::for_level(game, level, Limits::NONE, seed));
        let Some(result) = search.step(u64::from(budget)) else { return String::new() };
        self.search = None;
        self.seed = self.seed.wrapping_add(1);
        // A search always has a turn where the game is not over.
        let Some(turn) = result.best else { return String::new() };
        if self.game.play(&turn).is_err() {
            return String::new();
        }
        self.builder = TurnBuilder::new(*self.game.position());
        turn.to_string()
    }

    /// Takes back the steps of the turn being built, or else the turns back to the person's last one (the
    /// computer's reply with it). Whether anything was taken back.
    pub fn undo(&mut self) -> bool {
        self.search = None;
        if !self.builder.is_fresh() {
            self.builder = TurnBuilder::new(*self.game.position());
            return true;
        }
        let mut undone = false;
        while self.game.undo().is_some() {
            undone = true;
            if self.game.position().side_to_move() == self.person {
                break;
            }
        }
        self.builder = TurnBuilder::new(*self.game.position());
        undone
    }

    /// How the game ended, as the winner (`white`, `black` or `draw`) and why (`all-captured`, `no-legal-turn`,
    /// `telo-line`, `resignation`, `fifty-turns`, `repetition`): `white all-captured`; nothing while it goes on.
    pub fn outcome(&self) -> String {
        let (winner, reason) = match self.game.outcome() {
            None => return String::new(),
            Some(Outcome::Win { winner, reason }) => (side_name(winner), win_reason_name(reason)),
            Some(Outcome::Draw(reason)) => ("draw", draw_reason_name(reason)),
        };
        format!("{winner} {reason}")
    }

    /// The last turn's steps, for the page to say them: `from to way taken` each (`f3 e3 withdrawal 1`), separated
    /// by commas; nothing before the first turn.
    #[wasm_bindgen(js_name = lastSteps)]
    pub fn last_steps(&self) -> String {
        let (Some(turn), [.., before, _]) = (self.game.turns().last(), self.game.positions()) else {
            return String::new();
        };
        let mut builder = TurnBuilder::new(*before);
        let mut said = Vec::new();
        for step in turn.steps() {
            let taken = builder.captures_of(step).map_or(0, |taken| taken.len());
            said.push(format!("{} {} {} {taken}", step.from(), step.to(), way_name(step)));
            if builder.play(step).is_err() {
                break;
            }
        }
        said.join(",")
    }

    /// The last turn played, in the notation (nothing before the first).
    #[wasm_bindgen(js_name = lastTurn)]
    pub fn last_turn(&self) -> String {
        self.game.turns().last().map(|t| t.to_string()).unwrap_or_default()
    }

    /// The game so far as the game's text record (its start and its turns), which the full game reads to go on
    /// with it.
    pub fn record(&self) -> String {
        GameRecord::of_game(&self.game).to_text()
    }
}

impl LightGame {
    /// A game from `start` against the computer at `level`, the person playing `person`.
    pub fn from_position(start: Position, level: &str, person: Side, seed: u32) -> Result<LightGame, String> {
        LightGame::from_game(Game::new(start), level, person, seed)
    }

    /// `game` going on against the computer at `level`, the person playing `person`.
    fn from_game(game: Game, level: &str, person: Side, seed: u32) -> Result<LightGame, String> {
        let level: Level = level.parse().map_err(|e: fanorona_ai::ParseLevelError| e.to_string())?;
        let builder = TurnBuilder::new(*game.position());
        Ok(LightGame { game, builder, level, person, search: None, seed: u64::from(seed) })
    }

    /// Plays the person's `step` in the turn being built: whether it ended the turn (else the chain may go on).
    fn advance(&mut self, step: Step) -> Result<bool, String> {
        match self.builder.play(step).map_err(|e| e.to_string())?.progress {
            Progress::CanContinue => Ok(false),
            Progress::Complete(turn) => {
                self.game.play(&turn).map_err(|e| e.to_string())?;
                self.builder = TurnBuilder::new(*self.game.position());
                Ok(true)
            }
        }
    }

    /// The person's legal steps from `from` now, grouped by where they go.
    fn steps(&self, from: Point) -> impl Iterator<Item = Step> {
        let mut steps = if self.person_to_move() { self.builder.legal_steps_from(from) } else { Vec::new() };
        steps.sort_by_key(|s| (s.to(), s.capture().map(|c| c == CaptureKind::Withdrawal)));
        steps.into_iter()
    }

    /// The person's legal step from `from` to `to` by `way` (any, if it is the only way).
    fn legal_step(&self, from: &str, to: &str, way: &str) -> Result<Step, String> {
        let from: Point = from.parse().map_err(|e: fanorona_rules::ParsePointError| e.to_string())?;
        let to: Point = to.parse().map_err(|e: fanorona_rules::ParsePointError| e.to_string())?;
        let mut steps = self.steps(from).filter(|s| s.to() == to && (way.is_empty() || way_name(*s) == way));
        match (steps.next(), steps.next()) {
            (Some(step), None) => Ok(step),
            (Some(_), Some(_)) => Err(format!("{from}-{to}: choose approach or withdrawal")),
            (None, _) => Err(format!("{from}-{to} is not a legal step now")),
        }
    }
}

/// The name of a step's way, as the page says it.
fn way_name(step: Step) -> &'static str {
    step.capture().map_or("paika", CaptureKind::name)
}

/// Why a game was won, as the page says it (the end of the game's own `game-outcome-...` messages).
fn win_reason_name(reason: WinReason) -> &'static str {
    match reason {
        WinReason::AllCaptured => "all-captured",
        WinReason::NoLegalTurn => "no-legal-turn",
        WinReason::TeloLine => "telo-line",
        WinReason::Resignation => "resignation",
    }
}

/// Why a game was drawn, as the page says it.
fn draw_reason_name(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::FiftyTurns => "fifty-turns",
        DrawReason::Repetition => "repetition",
    }
}

/// A side's name, as the page says it.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// A reason as the page reads it: the message's id, then its arguments as `name=value`, a line each.
fn said(reason: Reason) -> String {
    let args = reason.args.into_iter().map(|(name, value)| format!("{name}={value}"));
    std::iter::once(reason.id.to_owned()).chain(args).collect::<Vec<_>>().join("\n")
}

/// Points by name, separated by spaces.
fn names(points: impl IntoIterator<Item = Point>) -> String {
    points.into_iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the person's first legal step each time (the first way, stopping a chain at once) and lets the computer
    /// reply, to the game's end: every board the page is shown is the rules' own.
    #[test]
    fn a_whole_game_through_the_page_s_calls_ends_and_reads_back_as_the_same_game() {
        let mut light = LightGame::new("casual", true, 3).unwrap();
        let mut turns = 0;
        while light.outcome().is_empty() {
            assert!(turns < 400, "the game does not end");
            if light.person_to_move() {
                let from = light.movable().split(' ').next().unwrap().to_owned();
                let to = light.targets(&from).split(' ').next().unwrap().to_owned();
                let way = light.ways(&from, &to).split(' ').next().unwrap().to_owned();
                if light.step(&from, &to, &way).unwrap() == "continue" {
                    assert_eq!(light.chain_point(), to);
                    assert!(light.can_stop());
                    light.stop().unwrap();
                }
            } else {
                let mut slices = 0;
                while light.think(5_000).is_empty() {
                    slices += 1;
                    assert!(slices < 10_000, "the computer never plays");
                }
            }
            turns += 1;
        }
        let read = GameRecord::load_text(&light.record()).unwrap();
        assert_eq!(read.turns().len(), turns);
        assert_eq!(read.position().to_string(), light.board());
        let outcome = light.outcome();
        let (winner, reason) = outcome.split_once(' ').unwrap();
        assert!(["white", "black", "draw"].contains(&winner), "{outcome}");
        let reasons = ["all-captured", "no-legal-turn", "fifty-turns", "repetition"];
        assert!(reasons.contains(&reason), "{outcome}");
    }

    #[test]
    fn a_step_with_two_ways_asks_which_and_each_way_takes_its_own_pieces() {
        let mut light = LightGame::new("beginner", true, 1).unwrap();
        assert_eq!(light.ways("f3", "e3"), "approach withdrawal");
        assert_eq!(light.takes("f3", "e3", "approach"), "d3");
        assert_eq!(light.takes("f3", "e3", "withdrawal"), "g3");
        assert!(light.step("f3", "e3", "").unwrap_err().contains("choose"));
        assert_eq!(light.board(), Position::start(Variant::Tsivy).to_string(), "a refused step changes nothing");
        assert_eq!(light.last_steps(), "");
        assert_eq!(light.step("f3", "e3", "withdrawal").unwrap(), "done");
        assert_eq!(light.last_steps(), "f3 e3 withdrawal 1");
        assert!(!light.person_to_move());
        assert!(light.step("d3", "e3", "").unwrap_err().contains("not your turn"));
    }

    #[test]
    fn undo_takes_back_a_chain_s_steps_then_the_person_s_turn_and_the_reply() {
        let mut light = LightGame::new("beginner", true, 1).unwrap();
        let start = light.board();
        assert!(!light.undo(), "nothing to take back");
        light.step("f3", "e3", "withdrawal").unwrap();
        while light.think(5_000).is_empty() {}
        assert!(light.person_to_move());
        assert!(light.undo());
        assert_eq!((light.board(), light.person_to_move()), (start, true));
    }

    #[test]
    fn names_that_are_not_points_and_steps_that_are_not_legal_are_refused_with_a_reason() {
        let mut light = LightGame::new("beginner", true, 1).unwrap();
        assert_eq!(light.targets("z9"), "");
        assert_eq!(light.ways("e3", "e4"), "");
        assert!(light.step("z9", "e3", "").is_err());
        assert!(light.step("a1", "a2", "").unwrap_err().contains("not a legal step"));
        assert!(LightGame::new("grandmaster", true, 1).is_err());
    }

    #[test]
    fn a_kept_game_goes_on_from_its_record_and_a_bad_one_says_why() {
        let mut light = LightGame::new("beginner", false, 1).unwrap();
        while light.think(5_000).is_empty() {}
        let from = light.movable().split(' ').next().unwrap().to_owned();
        let to = light.targets(&from).split(' ').next().unwrap().to_owned();
        let way = light.ways(&from, &to).split(' ').next().unwrap().to_owned();
        if light.step(&from, &to, &way).unwrap() == "continue" {
            light.stop().unwrap();
        }
        let mut kept = LightGame::from_turns(&light.turns(), "beginner", false, 2).unwrap();
        assert_eq!((kept.board(), kept.last_turn(), kept.person_white()), (light.board(), light.last_turn(), false));
        assert!(!kept.person_to_move());
        while kept.think(5_000).is_empty() {}
        assert!(kept.undo(), "the kept turns can be taken back");
        assert_eq!(
            GameRecord::load_text(&kept.record()).unwrap().turns().len(),
            1,
            "the computer's first turn is left"
        );

        let refused = |turns: &str, level| LightGame::from_turns(turns, level, true, 1).err().unwrap_or_default();
        assert!(
            refused("d2-e3A a1-a2", "beginner").starts_with("turn 2 `a1-a2`: "),
            "{}",
            refused("d2-e3A a1-a2", "beginner")
        );
        assert!(refused("d2-e3A b2", "beginner").starts_with("turn 2 `b2`: "));
        assert!(refused(&light.turns(), "grandmaster").contains("grandmaster"));
        assert_eq!(
            LightGame::from_turns("", "beginner", true, 1).unwrap().board(),
            Position::start(Variant::Tsivy).to_string()
        );
    }

    /// A typed turn plays as the clicks would, says its steps, asks for a way where both take, goes on in a chain,
    /// and one that cannot be played changes nothing and gives the rules' reason with its arguments.
    #[test]
    fn a_typed_turn_plays_whole_or_says_why_not() {
        let mut light = LightGame::new("beginner", true, 1).unwrap();
        let start = light.board();
        assert_eq!(light.typed("c2-c3").unwrap_err(), "drop-occupied\nfrom=c2\nto=c3");
        assert_eq!(light.typed("z9").unwrap_err(), "typed-not-a-point\npoint=z9");
        assert!(light.typed("e3").unwrap_err().starts_with("typed-which-piece\npoint=e3\npieces="));
        assert_eq!(light.board(), start, "nothing played");
        assert_eq!(light.typed("f3-e3").unwrap(), "choose f3 e3", "both ways take: the person chooses");
        assert_eq!(light.board(), start);
        assert_eq!(light.typed(" f3-e3W ").unwrap(), "done\nf3 e3 withdrawal 1");
        assert_eq!(light.last_turn(), "f3-e3W");
        assert_eq!(light.typed("d3-e3").unwrap_err(), "typed-not-your-turn");
        while light.think(5_000).is_empty() {}

        // d3-e3 takes f3 by approach, then e3-e4 can take e5: the destination alone leaves the chain open, a
        // continuation typed alone goes on with it, and a whole turn typed stops where it says.
        let position: Position = "4b4/9/3w1b3/9/9 w 0 -".parse().unwrap();
        let mut chain = LightGame::from_position(position, "beginner", Side::White, 1).unwrap();
        assert_eq!(chain.typed("e3").unwrap(), "continue e3\nd3 e3 approach 1");
        assert_eq!(chain.typed("e4A").unwrap(), "done\ne3 e4 approach 1");
        assert_eq!(chain.outcome(), "white all-captured");
        let mut stopped = LightGame::from_position(position, "beginner", Side::White, 1).unwrap();
        assert_eq!(stopped.typed("d3-e3A").unwrap(), "done\nd3 e3 approach 1");
        assert_eq!((stopped.last_turn().as_str(), stopped.person_to_move()), ("d3-e3A", false));
    }

    #[test]
    fn the_person_playing_black_waits_for_the_computer_s_first_turn() {
        let mut light = LightGame::new("beginner", false, 1).unwrap();
        assert!(!light.person_to_move());
        assert_eq!(light.movable(), "");
        while light.think(5_000).is_empty() {}
        assert!(light.person_to_move() && !light.person_white());
        assert!(!light.last_turn().is_empty());
    }
}
