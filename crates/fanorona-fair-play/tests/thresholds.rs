//! How the default thresholds were chosen: the engine's own games. The master level at a fixed budget plays the part
//! of a player helped by the engine; the strong, classic and casual levels (weaker engines, the strong one close to
//! the best club players) the part of honest players. Each level plays the others from random openings, every game
//! is reviewed as the worker reviews them, and each level's games are drawn into windows of 20 (as a player's last
//! 20 rated games) many times over; the test prints, for each level, the windows' share of the engine's choices in
//! complex positions and their accuracy (median, 99th percentile, highest), and the share of windows the worker's
//! default thresholds would flag. With the release build (a few minutes):
//!
//! ```sh
//! cargo test --release --workspace --locked --test thresholds -- --ignored --nocapture
//! ```
//!
//! `FANORONA_FAIR_PLAY_GAMES` (40) sets the games of each pairing; its last output is in `docs/fair-play.txt`.

use fanorona_ai::tablebase::LazyTables;
use fanorona_ai::{Level, Limits, Resumable, Search};
use fanorona_fair_play::figures;
use fanorona_rules::{Game, Side, Variant};
use fanorona_server::hub::{SideFigures, Thresholds};
use fanorona_server::protocol::FairPlayGame;

/// The worker's defaults (`fanorona-fair-play --help`).
const DEFAULTS: Thresholds = Thresholds { window: 20, min_complex: 100, match_rate: 0.9, accuracy: 93.0 };

/// The review's depth, the worker's default.
const DEPTH: u32 = 5;

/// How many windows each level's games are drawn into.
const WINDOWS: usize = 4000;

/// A small random number generator (xorshift64*): the test needs no more, and its draws repeat from run to run.
struct Draws(u64);

impl Draws {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// The players: a level, and the nodes of each of its searches (the master level's budget is fixed, so that the
/// figures do not hang on the machine's speed).
const PLAYERS: [(Level, u64); 4] =
    [(Level::Master, 40_000), (Level::Strong, 40_000), (Level::Classic, 40_000), (Level::Casual, 40_000)];

/// A game between `white` and `black` from a random opening of four turns drawn with `seed`.
fn play(white: (Level, u64), black: (Level, u64), seed: u64) -> Game {
    let mut draws = Draws(seed | 1);
    let mut game = Game::of_variant(Variant::Tsivy);
    for _ in 0..4 {
        let legal = game.legal_turns();
        let _ = game.play(&legal[draws.below(legal.len())]);
    }
    while !game.is_over() && game.turns().len() < 200 {
        let (level, nodes) = if game.position().side_to_move() == Side::White { white } else { black };
        let limits = Limits { nodes: Some(nodes), ..Limits::NONE };
        let found = Search::for_level(&game, level, limits, seed.wrapping_add(game.turns().len() as u64)).run();
        let Some(best) = found.best else { break };
        if game.play(&best).is_err() {
            break;
        }
    }
    game
}

/// The windows' share of first choices and accuracy, each level's games drawn into [`WINDOWS`] windows.
fn windows(games: &[SideFigures], draws: &mut Draws) -> Vec<(Vec<FairPlayGame>, f64, f64)> {
    (0..WINDOWS)
        .map(|_| {
            let window: Vec<FairPlayGame> = (0..DEFAULTS.window)
                .map(|_| {
                    let SideFigures { complex, matched, accuracy } = games[draws.below(games.len())];
                    FairPlayGame { game: String::new(), complex, matched, accuracy }
                })
                .collect();
            let complex: u32 = window.iter().map(|g| g.complex).sum();
            let matched: u32 = window.iter().map(|g| g.matched).sum();
            let rate = f64::from(matched) / f64::from(complex.max(1));
            let accuracy = window.iter().map(|g| g.accuracy).sum::<f64>() / window.len() as f64;
            (window, rate, accuracy)
        })
        .collect()
}

fn quantile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * q).round() as usize]
}

#[test]
#[ignore = "a measurement: the engine's own games, a few minutes in the release build (see the module's documentation)"]
fn figures_the_thresholds_from_the_engines_own_games() {
    let per_pairing: u64 = std::env::var("FANORONA_FAIR_PLAY_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(40);
    let tables = LazyTables::default();
    let mut by_level: Vec<Vec<SideFigures>> = vec![Vec::new(); PLAYERS.len()];
    for a in 0..PLAYERS.len() {
        for b in a + 1..PLAYERS.len() {
            for g in 0..per_pairing {
                let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                let game = play(PLAYERS[white], PLAYERS[black], 0x9e37_79b9 ^ (g << 8) ^ ((a * 8 + b) as u64));
                let [w, bl] = figures(&game, DEPTH, &tables);
                by_level[white].push(w);
                by_level[black].push(bl);
            }
        }
    }
    let mut draws = Draws(0x5eed);
    let mut flagged_share = Vec::new();
    let mut all_windows = Vec::new();
    for (i, games) in by_level.iter().enumerate() {
        let windows = windows(games, &mut draws);
        let flagged = windows.iter().filter(|(window, _, _)| DEFAULTS.flags(window)).count();
        let mut rates: Vec<f64> = windows.iter().map(|(_, rate, _)| *rate).collect();
        let mut accuracies: Vec<f64> = windows.iter().map(|(_, _, accuracy)| *accuracy).collect();
        let complex = games.iter().map(|g| g.complex).sum::<u32>() as f64 / games.len() as f64;
        let share = flagged as f64 / windows.len() as f64;
        println!(
            "{:>7}: {} games, {complex:.1} complex positions a game; windows of 20: the engine's choice p50 {:.3}, \
             p99 {:.3}, max {:.3}; accuracy p50 {:.1}, p99 {:.1}, max {:.1}; flagged {:.2}%",
            PLAYERS[i].0.name(),
            games.len(),
            quantile(&mut rates, 0.5),
            quantile(&mut rates, 0.99),
            quantile(&mut rates, 1.0),
            quantile(&mut accuracies, 0.5),
            quantile(&mut accuracies, 0.99),
            quantile(&mut accuracies, 1.0),
            100.0 * share,
        );
        flagged_share.push(share);
        all_windows.push(windows);
    }
    // Other shares of the engine's choice, the rest of the defaults kept: what each level would have flagged.
    for rate in [0.86, 0.88, 0.90, 0.92, 0.94] {
        let thresholds = Thresholds { match_rate: rate, ..DEFAULTS };
        let shares: Vec<String> = all_windows
            .iter()
            .zip(PLAYERS)
            .map(|(windows, (level, _))| {
                let flagged = windows.iter().filter(|(window, _, _)| thresholds.flags(window)).count();
                format!("{} {:.2}%", level.name(), 100.0 * flagged as f64 / windows.len() as f64)
            })
            .collect();
        println!("share of the engine's choice {rate:.2}: flagged {}", shares.join(", "));
    }
    // What the thresholds are for: the engine's windows flagged far more often than the honest levels'.
    let honest = flagged_share[1..].iter().copied().fold(0.0, f64::max);
    assert!(flagged_share[0] > honest, "the engine's windows are flagged no more than honest ones: {flagged_share:?}");
}
