//! `spsa`: tuning the full evaluation's weights by self-play matches (simultaneous perturbation stochastic
//! approximation, as chess engines' testing frameworks do it).
//!
//! Each step perturbs every weight at once, each up or down by its own amount at random, and plays one pair of
//! games (one opening, each side once) between the weights pushed one way and the weights pushed the other way.
//! The result moves every weight towards the side that won, in proportion to its perturbation: over many pairs the
//! weights follow the gradient of the expected score, which no single match of a few hundred games could measure
//! one weight at a time. Unlike the Texel fit, the weights are judged by what counts, games won, with the searches
//! of the positions that decide them. Each move is searched to a fixed number of nodes, so a run gives the same
//! weights on a loaded machine as on a quiet one, and the same settings always give the same weights.
//!
//! The schedule is the usual one: after `k` of `N` pairs, each weight is perturbed by `c / (k + 1)^0.101` and moved
//! by `a / (A + k + 1)^0.602` times the result over the perturbation, with `A = N / 10`, `c` chosen so that the
//! last perturbation is the weight's `c_end`, and `a = rate · c_end² · (A + N)^0.602`: in the last pairs a win
//! moves a weight by `rate · c_end`.

use std::fmt::Write as _;

use fanorona_ai::{Eval, Level, Limits, Weights};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::args::CliError;
use crate::matches::{self, Engine};
use crate::texel::TUNABLE;

/// How far each weight of [`TUNABLE`] is perturbed in the last pairs: about a fifth of its tuned value, and at
/// least one hundredth of a piece (the weights are whole hundredths).
const C_END: [f64; TUNABLE.len()] = [1.0, 2.0, 2.0, 12.0, 1.0, 80.0];

/// The decay of the perturbations and of the steps (the exponents of Spall's SPSA).
const GAMMA: f64 = 0.101;
const ALPHA: f64 = 0.602;

/// Tune the evaluation weights by SPSA (see docs/TUNING.md): each pair of master-against-master games, at a
/// fixed number of nodes a move, pits every weight perturbed up or down against the opposite, and moves the
/// weights towards the winner. Progress goes to standard error; the log and the final weights to standard output.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    settings: Settings,
    /// A line of progress every this many pairs.
    #[arg(long, default_value_t = 50)]
    every: u32,
}

impl Args {
    /// The log and the final weights, from the tuned ones.
    pub fn run(self) -> Result<String, CliError> {
        Ok(run(&self.settings, Weights::TUNED, self.every, |line| eprintln!("{line}")).1)
    }
}

/// What to run.
#[derive(Clone, Debug, clap::Args)]
struct Settings {
    /// Pairs of games (one opening each, both colours).
    #[arg(long, default_value_t = 1000)]
    pairs: u32,
    /// Nodes searched for each move.
    #[arg(long, default_value_t = 30_000)]
    nodes: u64,
    /// Random opening turns of each pair.
    #[arg(long, default_value_t = 3)]
    opening: u32,
    /// Seed for the openings and the perturbations.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How far a won pair moves a weight at the end, in units of its last perturbation.
    #[arg(long, default_value_t = 0.02)]
    rate: f64,
    /// Games played at once (1 or 2: the two games of a pair).
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

/// The state of a run: the weights as real numbers, and where the schedule stands.
#[derive(Clone, Debug)]
struct Spsa {
    /// The weights the run began with: those it does not tune (the piece's) stay as they were.
    start: Weights,
    theta: [f64; TUNABLE.len()],
    pairs: u32,
    done: u32,
    rate: f64,
}

impl Spsa {
    fn new(start: Weights, pairs: u32, rate: f64) -> Spsa {
        let mut read = start;
        let theta = TUNABLE.map(|(_, field)| f64::from(*field(&mut read)));
        Spsa { start, theta, pairs: pairs.max(1), done: 0, rate }
    }

    /// The start's weights with the tuned ones set to `values`, rounded to whole hundredths.
    fn rounded(&self, values: [f64; TUNABLE.len()]) -> Weights {
        let mut weights = self.start;
        for ((_, field), value) in TUNABLE.iter().zip(values) {
            *field(&mut weights) = round(value);
        }
        weights
    }

    /// The perturbation of each weight at this step.
    fn perturbation(&self) -> [f64; TUNABLE.len()] {
        let n = f64::from(self.pairs);
        let k = f64::from(self.done);
        C_END.map(|c_end| c_end * n.powf(GAMMA) / (k + 1.0).powf(GAMMA))
    }

    /// The step size of each weight at this step.
    fn gain(&self) -> [f64; TUNABLE.len()] {
        let n = f64::from(self.pairs);
        let a_big = n / 10.0;
        let k = f64::from(self.done);
        C_END.map(|c_end| self.rate * c_end * c_end * (a_big + n).powf(ALPHA) / (a_big + k + 1.0).powf(ALPHA))
    }

    /// The weights pushed by `signs` (each +1 or -1) times the perturbation, rounded: the first engine's and the
    /// second's.
    fn perturbed(&self, signs: [f64; TUNABLE.len()]) -> (Weights, Weights) {
        let c = self.perturbation();
        let push = |sign: f64| std::array::from_fn(|i| self.theta[i] + sign * c[i] * signs[i]);
        (self.rounded(push(1.0)), self.rounded(push(-1.0)))
    }

    /// Moves the weights after a pair: `result` is the first engine's wins less its losses (-2 to 2).
    fn update(&mut self, signs: [f64; TUNABLE.len()], result: f64) {
        let (c, a) = (self.perturbation(), self.gain());
        for i in 0..TUNABLE.len() {
            self.theta[i] += a[i] * result / (c[i] * signs[i]);
        }
        self.done += 1;
    }

    /// The weights now, rounded to whole hundredths.
    fn weights(&self) -> Weights {
        self.rounded(self.theta)
    }

    fn describe(&self) -> String {
        let parts: Vec<String> =
            TUNABLE.iter().zip(self.theta).map(|((name, _), value)| format!("{name} {value:.1}")).collect();
        parts.join(", ")
    }
}

/// A weight rounded to whole hundredths (the weights tuned stay far inside `i32`).
fn round(value: f64) -> i32 {
    value.round() as i32
}

/// Runs SPSA from `start`, writing a line of progress to `progress` every `every` pairs. Returns the log and the
/// final weights.
fn run(settings: &Settings, start: Weights, every: u32, mut progress: impl FnMut(&str)) -> (Weights, String) {
    let mut spsa = Spsa::new(start, settings.pairs, settings.rate);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    let mut log = String::new();
    let (mut decided, mut draws) = (0u32, 0u32);
    for pair in 0..settings.pairs {
        let signs = TUNABLE.map(|_| if rng.random_bool(0.5) { 1.0 } else { -1.0 });
        let (plus, minus) = spsa.perturbed(signs);
        let engines = [
            Engine { level: Level::Master, eval: Eval::Full(plus) },
            Engine { level: Level::Master, eval: Eval::Full(minus) },
        ];
        let limits = Limits { nodes: Some(settings.nodes), ..Limits::NONE };
        let seed = settings.seed.wrapping_add(u64::from(pair));
        let games = matches::Settings::tuning(engines, 2, limits, seed, settings.opening, settings.threads.clamp(1, 2));
        let (won, drawn, lost) = matches::run(&games).results();
        decided += won + lost;
        draws += drawn;
        spsa.update(signs, f64::from(won) - f64::from(lost));
        if (pair + 1) % every.max(1) == 0 || pair + 1 == settings.pairs {
            let line = format!("pair {}: {} ({decided} decided games, {draws} draws)", pair + 1, spsa.describe());
            progress(&line);
            let _ = writeln!(log, "{line}");
        }
    }
    let weights = spsa.weights();
    let _ = writeln!(log, "weights: {weights:?}");
    (weights, log)
}

#[cfg(test)]
mod tests {
    use super::*;

    const UP: [f64; TUNABLE.len()] = [1.0; TUNABLE.len()];

    /// The weights pushed up win their pair: every weight moves up, by the step size times the result over the
    /// perturbation; the first step's perturbation and step follow the schedule.
    #[test]
    fn a_won_pair_moves_every_weight_towards_the_winner() {
        let mut spsa = Spsa::new(Weights::TUNED, 100, 0.02);
        let (c, a) = (spsa.perturbation(), spsa.gain());
        // c_end · 100^0.101 for the mobility's c_end of 1.
        assert!((c[0] - 100f64.powf(GAMMA)).abs() < 1e-9, "{c:?}");
        // rate · c_end² · (A + N)^0.602 / (A + 1)^0.602, A = 10.
        assert!((a[0] - 0.02 * (110f64 / 11.0).powf(ALPHA)).abs() < 1e-9, "{a:?}");
        let before = spsa.theta;
        let mixed = [1.0, -1.0, 1.0, -1.0, 1.0, -1.0];
        spsa.update(mixed, 2.0);
        for i in 0..TUNABLE.len() {
            let moved = spsa.theta[i] - before[i];
            assert!((moved - a[i] * 2.0 / (c[i] * mixed[i])).abs() < 1e-9, "{i}: {moved}");
            assert_eq!(moved > 0.0, mixed[i] > 0.0, "weight {i} moved {moved}");
        }
        // A lost pair moves them back, by the smaller steps of one pair later.
        let after_win = spsa.theta;
        spsa.update(UP, -2.0);
        assert!(spsa.theta.iter().zip(after_win).all(|(now, was)| *now < was));
        assert!(spsa.perturbation()[0] < c[0]);
    }

    /// The two engines of a pair differ by twice the perturbation, each weight the way its sign says.
    #[test]
    fn the_perturbed_weights_straddle_the_current_ones() {
        let spsa = Spsa::new(Weights::TUNED, 1, 0.02);
        let (plus, minus) = spsa.perturbed([1.0, -1.0, 1.0, 1.0, 1.0, 1.0]);
        let t = Weights::TUNED;
        // One pair: the perturbation is c_end exactly.
        assert_eq!((plus.mobility, minus.mobility), (t.mobility + 1, t.mobility - 1));
        assert_eq!((plus.threat, minus.threat), (t.threat - 2, t.threat + 2));
        assert_eq!((plus.trade, minus.trade), (t.trade + 80, t.trade - 80));
        assert_eq!((plus.material, minus.material), (t.material, t.material));
        assert_eq!(spsa.weights(), t);
    }

    /// A short run is repeatable: the same settings give the same log and weights.
    #[test]
    fn a_run_is_repeatable() {
        let settings = Settings { pairs: 2, nodes: 300, opening: 3, seed: 5, rate: 0.02, threads: 2 };
        let first = run(&settings, Weights::TUNED, 1, |_| {});
        let second = run(&settings, Weights::TUNED, 1, |_| {});
        assert_eq!(first, second);
        assert_eq!(first.1.lines().count(), 3, "{}", first.1);
    }
}
