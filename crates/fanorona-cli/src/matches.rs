//! Engine-against-engine matches.

use std::fmt;
use std::time::{Duration, Instant};

use fanorona_ai::{Eval, Level, Limits, Search};
use fanorona_rules::{Game, Side, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// One player of a match: a level, possibly with another evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Engine {
    /// The level (search settings).
    pub level: Level,
    /// The evaluation.
    pub eval: Eval,
}

impl Engine {
    /// A level as it is.
    pub fn level(level: Level) -> Engine {
        Engine { level, eval: level.eval() }
    }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The two engines; the first has White in the first game.
    pub engines: [Engine; 2],
    /// Number of games.
    pub games: u32,
    /// Thinking time per move.
    pub time: Option<Duration>,
    /// Depth limit per move.
    pub depth: Option<u32>,
    /// Seed for openings and engine randomness.
    pub seed: u64,
    /// The board.
    pub variant: Variant,
    /// Swap colours every game, replaying each opening with colours reversed.
    pub alternate: bool,
    /// Random opening turns before the engines play.
    pub opening: u32,
    /// Games played in parallel.
    pub threads: usize,
}

/// One finished game, from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default)]
struct GameScore {
    wins: u32,
    draws: u32,
    losses: u32,
    moves: [u32; 2],
    thinking: [Duration; 2],
    turns: u32,
}

/// The result table.
#[derive(Clone, Debug)]
pub struct Report {
    engines: [Engine; 2],
    total: GameScore,
    games: u32,
}

impl Report {
    /// The first engine's score, 0 to 1.
    pub fn score(&self) -> f64 {
        let t = &self.total;
        (f64::from(t.wins) + 0.5 * f64::from(t.draws)) / f64::from(self.games.max(1))
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.total;
        writeln!(f, "{:<10} {:>5} {:>5} {:>5} {:>7} {:>12}", "engine", "wins", "draws", "losses", "score", "ms/move")?;
        for (i, level) in self.engines.iter().enumerate() {
            let (w, l) = if i == 0 { (t.wins, t.losses) } else { (t.losses, t.wins) };
            let score = (f64::from(w) + 0.5 * f64::from(t.draws)) / f64::from(self.games.max(1)) * 100.0;
            let per_move = t.thinking[i].as_secs_f64() * 1000.0 / f64::from(t.moves[i].max(1));
            let name = level.level.name();
            writeln!(f, "{:<10} {:>5} {:>5} {:>5} {:>6.1}% {:>12.1}", name, w, t.draws, l, score, per_move)?;
        }
        writeln!(
            f,
            "games: {}, average length: {:.1} turns",
            self.games,
            f64::from(t.turns) / f64::from(self.games.max(1))
        )
    }
}

/// Plays the match.
pub fn run(settings: &Settings) -> Report {
    let threads = settings.threads.max(1);
    let scores: Vec<GameScore> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (0..settings.games)
                        .filter(|g| *g as usize % threads == t)
                        .map(|g| play_game(settings, g))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    let mut total = GameScore::default();
    for s in &scores {
        total.wins += s.wins;
        total.draws += s.draws;
        total.losses += s.losses;
        total.turns += s.turns;
        for i in 0..2 {
            total.moves[i] += s.moves[i];
            total.thinking[i] += s.thinking[i];
        }
    }
    Report { engines: settings.engines, total, games: settings.games }
}

/// Plays game number `g`: its opening comes from the seed (shared by the two games of a pair when alternating).
fn play_game(settings: &Settings, g: u32) -> GameScore {
    let (opening_id, first_is_white) = if settings.alternate { (g / 2, g.is_multiple_of(2)) } else { (g, true) };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed ^ u64::from(opening_id).wrapping_mul(0x9e37_79b9));
    let mut game = Game::of_variant(settings.variant);
    for _ in 0..settings.opening {
        let turns = game.legal_turns();
        if turns.is_empty() {
            break;
        }
        let pick = turns[rng.random_range(0..turns.len())];
        // A legal turn from the list.
        let _ = game.play(&pick);
    }
    let first_side = if first_is_white { Side::White } else { Side::Black };
    let limits = Limits { time: settings.time, depth: settings.depth, nodes: None };
    let mut score = GameScore::default();
    let mut ply_seed = settings.seed.wrapping_add(u64::from(g) << 20);
    while !game.is_over() {
        let side = game.position().side_to_move();
        let engine = if side == first_side { 0 } else { 1 };
        ply_seed = ply_seed.wrapping_add(1);
        let started = Instant::now();
        let Engine { level, eval } = settings.engines[engine];
        let result = Search::with_eval(&game, level, eval, limits, ply_seed).run();
        score.thinking[engine] += started.elapsed();
        score.moves[engine] += 1;
        let Some(turn) = result.best else { break };
        if game.play(&turn).is_err() {
            // An engine that returns an illegal turn loses (never expected: the tests check it).
            if engine == 0 {
                score.losses = 1;
            } else {
                score.wins = 1;
            }
            return score;
        }
    }
    score.turns = game.turns().len() as u32;
    match game.outcome().and_then(|o| o.winner()) {
        Some(w) if w == first_side => score.wins = 1,
        Some(_) => score.losses = 1,
        None => score.draws = 1,
    }
    score
}

/// Self-play tuning: each weight of the full evaluation is halved and doubled in turn; a change is kept when the
/// changed engine scores at least 55% against the current one. Returns the log and the final weights.
pub fn tune(games: u32, depth: u32, seed: u64, threads: usize) -> String {
    use fanorona_ai::Weights;
    use std::fmt::Write as _;
    let mut current = Weights::TUNED;
    let mut log = String::new();
    type Field = (&'static str, fn(&mut Weights) -> &mut i32);
    let fields: [Field; 4] = [
        ("mobility", |w| &mut w.mobility),
        ("threat", |w| &mut w.threat),
        ("initiative", |w| &mut w.initiative),
        ("strong", |w| &mut w.strong),
    ];
    for (name, field) in fields {
        for factor in [2, 0] {
            let mut candidate = current;
            let value = *field(&mut candidate);
            let changed = if factor == 2 { (value * 2).max(1) } else { value / 2 };
            if changed == value {
                continue;
            }
            *field(&mut candidate) = changed;
            let settings = Settings {
                engines: [
                    Engine { level: Level::Strong, eval: Eval::Full(candidate) },
                    Engine { level: Level::Strong, eval: Eval::Full(current) },
                ],
                games,
                time: None,
                depth: Some(depth),
                seed,
                variant: Variant::Tsivy,
                alternate: true,
                opening: 3,
                threads,
            };
            let score = run(&settings).score();
            let kept = score >= 0.55;
            let _ = writeln!(
                log,
                "{name}: {value} -> {changed}: {:.1}% ({})",
                score * 100.0,
                if kept { "kept" } else { "rejected" }
            );
            if kept {
                current = candidate;
            }
        }
    }
    let _ = writeln!(log, "weights: {current:?}");
    log
}
