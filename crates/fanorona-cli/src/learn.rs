//! `learn`: the learned evaluation's weights fitted to the positions `selfplay` wrote (issue 73, point 3; the model
//! and the fit are `fanorona_ai::learned`'s).
//!
//! Every position's target is a blend of its game's result and the master's score of it (the search saw further
//! than the result says about this position, the result is what the score must predict). One game in `--hold-out` is
//! kept out of the fit, and the error against the results on those games says whether the fit generalises: the full
//! evaluation's error and the learned one's are printed side by side.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use fanorona_ai::learned::fit::{Samples, expected, fit, fit_scale};
use fanorona_ai::{Eval, Learned, MATE, Weights, evaluate};
use fanorona_rules::Position;

use crate::args::CliError;

/// Fit the learned evaluation's weights to the positions that `selfplay` wrote, and write them (the engine's are
/// crates/fanorona-ai/data/learned.txt).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The positions, as `selfplay` writes them.
    #[arg(long)]
    data: PathBuf,
    /// Where to write the weights.
    #[arg(long)]
    out: PathBuf,
    /// The share of the game's result in each position's target; the rest is the master's score of it.
    #[arg(long, default_value_t = 0.5)]
    lambda: f64,
    /// Passes of the fit over the positions.
    #[arg(long, default_value_t = 300)]
    epochs: u32,
    /// The fit's step, in hundredths of a piece.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// One game in this many is kept out of the fit, to measure it.
    #[arg(long, default_value_t = 20)]
    hold_out: u64,
    /// Use only the first this many positions (all if not given).
    #[arg(long)]
    positions: Option<usize>,
}

/// Scores beyond this, in hundredths of a piece, are forced results; their target is the result's.
const DECIDED: i32 = MATE - 1_000;

/// A position of the data, with the master's score of it and its game's result for the side to move.
struct Line {
    position: Position,
    score: i32,
    result: f64,
}

impl Args {
    /// The figures of the fit; the weights go to --out.
    pub fn run(self) -> Result<String, CliError> {
        let started = Instant::now();
        let (train, held) = self.read()?;
        if train.is_empty() || held.is_empty() {
            return Err(CliError(format!("{}: too few games to fit and to measure", self.data.display())));
        }
        let hand = |lines: &[Line]| -> Vec<i32> {
            lines.iter().map(|l| evaluate(&l.position, Eval::Full(Weights::TUNED))).collect()
        };
        let (train_hand, held_hand) = (hand(&train), hand(&held));
        let results = samples(&train, |l| l.result);
        let k = fit_scale(|k| results.error_of(&train_hand, k));
        let targets = samples(&train, |l| {
            let score = if l.score.abs() >= DECIDED { l.result } else { expected(f64::from(l.score), k) };
            self.lambda * l.result + (1.0 - self.lambda) * score
        });
        let held_samples = samples(&held, |l| l.result);
        let start = Learned::from_hand(&Weights::TUNED);
        let (learned, log) = fit(&targets, &start, k, self.epochs, self.rate);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} positions to fit, {} held out (one game in {}); scale K = {k:.3}; lambda {}",
            train.len(),
            held.len(),
            self.hold_out,
            self.lambda
        );
        let losses: Vec<String> = log.iter().map(|l| format!("{l:.5}")).collect();
        let _ = writeln!(out, "cross-entropy by tenths of the {} passes: {}", self.epochs, losses.join(" "));
        let _ = writeln!(
            out,
            "error against the results: fitted positions {:.5} full, {:.5} learned; held out {:.5} full, {:.5} \
             learned ({:.0} s)",
            results.error_of(&train_hand, k),
            results.error(&learned, k),
            held_samples.error_of(&held_hand, k),
            held_samples.error(&learned, k),
            started.elapsed().as_secs_f64()
        );
        let header = format!(
            "fanorona-cli learn --data {} --lambda {} --epochs {} --rate {} --hold-out {}{}\n{}",
            self.data.file_name().map(|n| n.to_string_lossy()).unwrap_or_default(),
            self.lambda,
            self.epochs,
            self.rate,
            self.hold_out,
            self.positions.map(|p| format!(" --positions {p}")).unwrap_or_default(),
            out.trim_end()
        );
        std::fs::write(&self.out, learned.to_text(&header))
            .map_err(|e| CliError(format!("{}: {e}", self.out.display())))?;
        Ok(out)
    }

    /// The data's positions: those of the games fitted to, and those of the games held out.
    fn read(&self) -> Result<(Vec<Line>, Vec<Line>), CliError> {
        let text =
            std::fs::read_to_string(&self.data).map_err(|e| CliError(format!("{}: {e}", self.data.display())))?;
        let (mut train, mut held) = (Vec::new(), Vec::new());
        let mut game = Vec::new();
        let most = self.positions.unwrap_or(usize::MAX);
        for (n, line) in text.lines().enumerate() {
            if train.len() + held.len() >= most {
                break;
            }
            if let Some(rest) = line.strip_prefix("# game ") {
                let number: u64 = rest.split(':').next().and_then(|g| g.parse().ok()).unwrap_or_default();
                let to = if number.is_multiple_of(self.hold_out.max(1)) { &mut held } else { &mut train };
                to.append(&mut game);
                continue;
            }
            if line.starts_with('#') {
                continue;
            }
            let bad = || CliError(format!("{}:{}: not POSITION;SCORE;RESULT: {line}", self.data.display(), n + 1));
            let mut fields = line.split(';');
            let (Some(position), Some(score), Some(result), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                return Err(bad());
            };
            let position: Position = position.parse().map_err(|_| bad())?;
            let score: i32 = score.parse().map_err(|_| bad())?;
            let result: f64 = result.parse().map_err(|_| bad())?;
            game.push(Line { position, score, result });
        }
        Ok((train, held))
    }
}

/// The lines as samples, each with the target `target` gives it.
fn samples(lines: &[Line], target: impl Fn(&Line) -> f64) -> Samples {
    let mut samples = Samples::new();
    for line in lines {
        samples.push(&line.position, target(line), line.result);
    }
    samples
}
