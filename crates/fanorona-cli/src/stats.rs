//! What a match played in pairs says: each opening is played twice with the colours swapped, and a pair's two games
//! count as one result of five (the first engine scoring 0, ½, 1, 1½ or 2 points: the pentanomial counts), since the
//! two games of a pair are not independent (the opening favours one colour). From them: the Elo difference with its
//! 95% interval, and the log-likelihood ratio of the sequential probability ratio test that stops a match once a
//! change is shown better or worse, as fishtest does for chess engines (its "generalized SPRT" on pentanomial counts,
//! with logistic Elo bounds).

use std::fmt;

/// The scores of a pair, as the first engine's points over the two games: 0, ½, 1, 1½ or 2.
pub const PAIR_POINTS: [f64; 5] = [0.0, 0.5, 1.0, 1.5, 2.0];

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_985;

/// Pairs before a sequential test may decide: its ratio is a normal approximation, which a handful of pairs does not
/// support (one pair of two wins has a variance of almost nothing, and would decide at once).
const MIN_PAIRS: u32 = 20;

/// The pentanomial counts of a match's pairs: how many pairs the first engine scored 0, ½, 1, 1½ and 2 points in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair whose games gave the first engine `first` and `second` points (each 0, ½ or 1).
    pub fn add(&mut self, first: f64, second: f64) {
        // Half points counted in whole numbers: 0 to 4.
        let halves = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[halves] += 1;
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The first engine's mean score per game (0 to 1) and the variance of a pair's mean score, or `None` without
    /// pairs. A count of zero is taken as a thousandth of a pair, as fishtest does, so that a match whose pairs all
    /// ended alike still has a variance (and an interval).
    fn moments(&self) -> Option<(f64, f64)> {
        let pairs = f64::from(self.pairs());
        if pairs == 0.0 {
            return None;
        }
        let counts = self.0.map(|n| if n == 0 { 1e-3 } else { f64::from(n) });
        let total: f64 = counts.iter().sum();
        let share = counts.map(|n| n / total);
        let mean: f64 = share.iter().zip(PAIR_POINTS).map(|(p, x)| p * x / 2.0).sum();
        let variance: f64 = share.iter().zip(PAIR_POINTS).map(|(p, x)| p * (x / 2.0 - mean).powi(2)).sum();
        Some((mean, variance))
    }

    /// The Elo difference of the first engine over the second, with its 95% interval (low, estimate, high).
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let (mean, variance) = self.moments()?;
        let margin = Z95 * (variance / f64::from(self.pairs())).sqrt();
        Some((elo(mean - margin), elo(mean), elo(mean + margin)))
    }

    /// The log-likelihood ratio that the first engine is `elo1` better rather than `elo0` (logistic Elo), in the
    /// normal approximation of the generalized SPRT: N (s1 - s0) (2 s - s0 - s1) / (2 var), with s the mean score, var
    /// a pair's variance, s0 and s1 the scores of the two bounds.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let Some((mean, variance)) = self.moments() else { return 0.0 };
        let (s0, s1) = (score(elo0), score(elo1));
        f64::from(self.pairs()) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "pairs scoring 0, ½, 1, 1½, 2: [{a}, {b}, {c}, {d}, {e}]")?;
        if let Some((low, elo, high)) = self.elo() {
            write!(f, "; Elo {elo:+.1} (95%: {low:+.1} to {high:+.1})")?;
        }
        Ok(())
    }
}

/// The expected score (0 to 1) of an engine `elo` points stronger, on the logistic scale.
pub fn score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference (logistic) that an expected score of `score` stands for; a score of 0 or 1 is infinite.
pub fn elo(score: f64) -> f64 {
    let score = score.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// A sequential probability ratio test between two Elo differences: H0 the change is worth `elo0`, H1 `elo1`, with
/// the errors `alpha` (accepting H1 when H0 holds) and `beta` (the other way).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo of H0.
    pub elo0: f64,
    /// The Elo of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What a sequential test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1: the change is better by `elo1` rather than `elo0`.
    Accepted,
    /// H0.
    Rejected,
    /// Not yet known: play on.
    Open,
}

impl Sprt {
    /// The bounds of the log-likelihood ratio: H0 below the first, H1 above the second (Wald's).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The verdict on `counts` (open before [`MIN_PAIRS`] pairs).
    pub fn verdict(&self, counts: &Pentanomial) -> Verdict {
        if counts.pairs() < MIN_PAIRS {
            return Verdict::Open;
        }
        let llr = counts.llr(self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::Accepted
        } else if llr <= lower {
            Verdict::Rejected
        } else {
            Verdict::Open
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn the_score_and_the_elo_scale_are_each_other_s_inverse() {
        assert!(close(score(0.0), 0.5, 1e-12));
        assert!(close(score(400.0), 10.0 / 11.0, 1e-12));
        for e in [-300.0, -10.0, 0.0, 5.0, 120.0] {
            assert!(close(elo(score(e)), e, 1e-9), "{e}");
        }
    }

    /// Worked by hand: pairs [0, 1, 3, 5, 1] score 0.65 a game, 107.5 Elo; a pair's variance is 0.04, so the mean's
    /// margin is 1.96 x 0.0632 = 0.124, from 0.526 to 0.774 (18.0 to 213.8 Elo); against H0 = 0 and H1 = 10 Elo the
    /// ratio is 10 x 0.014387 x 0.285613 / 0.08 = 0.514 (0.513 with the empty count taken as a thousandth).
    #[test]
    fn a_small_match_s_elo_interval_and_ratio_are_as_worked_by_hand() {
        let counts = Pentanomial([0, 1, 3, 5, 1]);
        let (low, estimate, high) = counts.elo().unwrap_or_default();
        assert!(close(estimate, 107.5, 0.1), "{estimate}");
        assert!(close(low, 18.0, 0.1) && close(high, 213.8, 0.1), "{low} {high}");
        assert!(close(counts.llr(0.0, 10.0), 0.513, 0.001), "{}", counts.llr(0.0, 10.0));
    }

    #[test]
    fn pairs_are_counted_by_their_two_games_points() {
        let mut counts = Pentanomial::default();
        for (a, b) in [(1.0, 0.0), (0.5, 0.5), (1.0, 1.0), (0.0, 0.5), (1.0, 0.5)] {
            counts.add(a, b);
        }
        assert_eq!(counts, Pentanomial([0, 1, 2, 1, 1]));
        assert_eq!(counts.pairs(), 5);
        assert_eq!(Pentanomial::default().elo(), None);
        assert!(counts.to_string().starts_with("pairs scoring 0, ½, 1, 1½, 2: [0, 1, 2, 1, 1]; Elo +"), "{counts}");
    }

    #[test]
    fn the_test_accepts_a_clear_gain_rejects_a_clear_loss_and_waits_on_an_even_match() {
        let sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944, 1e-3) && close(upper, 2.944, 1e-3));
        // 400 pairs at about +35 Elo (a pair scoring 1½ one time in five more than 0): accepted.
        assert_eq!(sprt.verdict(&Pentanomial([20, 40, 220, 80, 40])), Verdict::Accepted);
        assert_eq!(sprt.verdict(&Pentanomial([40, 80, 220, 40, 20])), Verdict::Rejected);
        assert_eq!(sprt.verdict(&Pentanomial([10, 20, 140, 20, 10])), Verdict::Open);
        assert_eq!(sprt.verdict(&Pentanomial([0, 0, 0, 0, 19])), Verdict::Open, "too few pairs to decide");
        assert_eq!(sprt.verdict(&Pentanomial([0, 0, 0, 0, 20])), Verdict::Accepted);
        // Every pair even: the engines are alike, H0 (the thousandths keep the variance above zero).
        let llr = Pentanomial([0, 0, 500, 0, 0]).llr(0.0, 10.0);
        assert!(llr.is_finite() && llr < sprt.bounds().0, "{llr}");
    }
}
