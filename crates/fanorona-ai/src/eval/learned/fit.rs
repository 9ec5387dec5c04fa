//! Fitting the learned evaluation's weights: logistic regression of the expected score on the features, by
//! gradient descent (Adam) over all the positions at once. In the engine's crate so that it runs at the engine's
//! optimisation (the CLI's `learn` reads the data and calls it).
//!
//! A position's evaluation `e` (hundredths of a piece) predicts the side to move's expected score
//! `1 / (1 + 10^(-K e / 400))`, with the scale `K` that fits the full evaluation to the results ([`fit_scale`]), so
//! that the learned weights keep the engine's units. The fit lowers the cross-entropy between the prediction and
//! each position's target: a blend of its game's result and the master's score of it, mapped the same way.

use fanorona_rules::Position;

use super::{FEATURES, Learned, SCALE, features};

/// Positions, each as its features, its target and its game's result for the side to move.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Where each position's features begin in `features` (one more than the positions).
    starts: Vec<u32>,
    /// The features of all positions, as (index, value).
    features: Vec<(u16, i16)>,
    /// What the fit aims at, per position: an expected score.
    targets: Vec<f32>,
    /// The game's result for the side to move: 1, 0.5 or 0.
    results: Vec<f32>,
}

impl Samples {
    /// No positions.
    pub fn new() -> Samples {
        Samples { starts: vec![0], ..Samples::default() }
    }

    /// Adds a tsivy position with its target and its game's result for the side to move.
    pub fn push(&mut self, pos: &Position, target: f64, result: f64) {
        features(pos, |i, value| {
            self.features.push((i as u16, value.clamp(-i32::from(i16::MAX), i16::MAX.into()) as i16))
        });
        self.starts.push(self.features.len() as u32);
        self.targets.push(target as f32);
        self.results.push(result as f32);
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// Position `i`'s features.
    fn of(&self, i: usize) -> &[(u16, i16)] {
        &self.features[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// The evaluation of position `i` by `weights` (in hundredths of a piece).
    fn eval(&self, i: usize, weights: &[f64; FEATURES]) -> f64 {
        self.of(i).iter().map(|&(f, v)| weights[usize::from(f)] * f64::from(v)).sum()
    }

    /// The mean squared error of `learned`'s predictions at scale `k` against the games' results.
    pub fn error(&self, learned: &Learned, k: f64) -> f64 {
        let weights = as_hundredths(learned);
        let total: f64 =
            (0..self.len()).map(|i| (f64::from(self.results[i]) - expected(self.eval(i, &weights), k)).powi(2)).sum();
        total / self.len().max(1) as f64
    }

    /// The mean squared error against the results of any evaluation `eval` of the positions, in order.
    pub fn error_of(&self, evals: &[i32], k: f64) -> f64 {
        let total: f64 =
            evals.iter().zip(&self.results).map(|(&e, &r)| (f64::from(r) - expected(f64::from(e), k)).powi(2)).sum();
        total / self.len().max(1) as f64
    }
}

/// The expected score of an evaluation `e` at scale `k`.
pub fn expected(e: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The scale `k` whose `error(k)` is least: a coarse scan of 0.05 to 2, then halving steps around the best.
pub fn fit_scale(error: impl Fn(f64) -> f64) -> f64 {
    let mut best = (1..=40).map(|i| f64::from(i) * 0.05).fold((1.0, f64::INFINITY), |best, k| {
        let e = error(k);
        if e < best.1 { (k, e) } else { best }
    });
    let mut step = 0.025;
    for _ in 0..8 {
        for candidate in [best.0 - step, best.0 + step] {
            let e = error(candidate);
            if candidate > 0.0 && e < best.1 {
                best = (candidate, e);
            }
        }
        step /= 2.0;
    }
    best.0
}

/// A learned evaluation's weights in hundredths of a piece.
fn as_hundredths(learned: &Learned) -> Box<[f64; FEATURES]> {
    let mut weights = Box::new([0.0; FEATURES]);
    for (w, &l) in weights.iter_mut().zip(learned.weights().iter()) {
        *w = f64::from(l) / f64::from(SCALE);
    }
    weights
}

/// The weights fitted to `samples`' targets from `start`, at scale `k`, in `epochs` passes of Adam (step `rate`
/// hundredths of a piece), and the cross-entropy after each tenth of them.
pub fn fit(samples: &Samples, start: &Learned, k: f64, epochs: u32, rate: f64) -> (Learned, Vec<f64>) {
    let mut weights = as_hundredths(start);
    let (mut m, mut v) = (Box::new([0.0; FEATURES]), Box::new([0.0; FEATURES]));
    let (beta1, beta2) = (0.9f64, 0.999f64);
    // d expected / d e = expected (1 - expected) k ln 10 / 400; the cross-entropy's gradient cancels the first two.
    let slope = k * std::f64::consts::LN_10 / 400.0;
    let mut log = Vec::new();
    let n = samples.len().max(1) as f64;
    for epoch in 1..=epochs {
        let mut gradient = Box::new([0.0; FEATURES]);
        let mut loss = 0.0;
        for i in 0..samples.len() {
            let p = expected(samples.eval(i, &weights), k);
            let t = f64::from(samples.targets[i]);
            loss -= t * p.max(1e-12).ln() + (1.0 - t) * (1.0 - p).max(1e-12).ln();
            let g = (p - t) * slope / n;
            for &(f, value) in samples.of(i) {
                gradient[usize::from(f)] += g * f64::from(value);
            }
        }
        let t = f64::from(epoch as i32);
        for f in 0..FEATURES {
            m[f] = beta1 * m[f] + (1.0 - beta1) * gradient[f];
            v[f] = beta2 * v[f] + (1.0 - beta2) * gradient[f] * gradient[f];
            let (m_hat, v_hat) = (m[f] / (1.0 - beta1.powf(t)), v[f] / (1.0 - beta2.powf(t)));
            weights[f] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if epochs < 10 || epoch % (epochs / 10) == 0 {
            log.push(loss / n);
        }
    }
    let mut fitted = Box::new([0; FEATURES]);
    for (w, f) in fitted.iter_mut().zip(weights.iter()) {
        *w = (f * f64::from(SCALE)).round() as i32;
    }
    (Learned::from_weights(fitted), log)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Weights;
    use fanorona_rules::Side;

    /// Positions where White, to move, always won when it had a piece on c3 and always lost otherwise: the fit
    /// learns that c3 is worth much for the side to move, and its error against the results falls.
    #[test]
    fn the_fit_learns_what_wins() {
        let mut samples = Samples::new();
        for (text, result) in [
            ("9/9/2w6/9/b8 w 0 -", 1.0),
            ("9/9/2w6/9/8b w 0 -", 1.0),
            ("9/9/9/w8/b8 w 0 -", 0.0),
            ("9/9/9/8w/8b w 0 -", 0.0),
        ] {
            let pos: Position = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(pos.side_to_move(), Side::White);
            for _ in 0..50 {
                samples.push(&pos, result, result);
            }
        }
        let start = Learned::from_hand(&Weights::TUNED);
        let (fitted, log) = fit(&samples, &start, 1.0, 200, 2.0);
        assert!(samples.error(&fitted, 1.0) < samples.error(&start, 1.0) / 2.0, "{log:?}");
        assert!(log.windows(2).all(|w| w[1] <= w[0] + 1e-9), "the loss falls: {log:?}");
        let c3 = super::super::feature(super::super::Feature::Piece { phase: 0, ours: true, point: 2 * 9 + 2 });
        assert!(fitted.weights()[c3] > 20 * SCALE, "c3 is worth {}", fitted.weights()[c3]);
    }

    #[test]
    fn the_scale_found_is_the_least_error() {
        let k = fit_scale(|k| (k - 0.7).powi(2));
        assert!((k - 0.7).abs() < 0.01, "{k}");
    }
}
