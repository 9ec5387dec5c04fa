//! How long tournament pairing takes: an arena's pairing of 1,000 players waiting at once, and each round of a
//! 1,000-player, 9-round Swiss event. Run with `cargo run --release -p fanorona-server --example pairing`.

use std::time::Instant;

use fanorona_server::protocol::TournamentOutcome;
use fanorona_server::tournament::arena::{Waiting, pair};
use fanorona_server::tournament::swiss::{Entrant, pair_round, standings};

/// A small, fixed pseudo-random sequence (xorshift), so that every run measures the same event.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn main() {
    const PLAYERS: u32 = 1000;
    let mut dice = Dice(0x2545_f491_4f6c_dd1d);
    let waiting: Vec<Waiting<u32>> = (0..PLAYERS)
        .map(|p| Waiting {
            player: p,
            points: (dice.next() % 40) as u32,
            rating: 1000.0 + (dice.next() % 1500) as f64,
            last_opponent: Some((p + 1) % PLAYERS),
            colour_balance: (dice.next() % 3) as i32 - 1,
        })
        .collect();
    let started = Instant::now();
    const REPEATS: u32 = 100;
    let mut pairs = 0;
    for _ in 0..REPEATS {
        // black_box: the same waiting list each time, which the optimiser must not pair only once.
        pairs = pair(std::hint::black_box(&waiting)).len();
    }
    let each = started.elapsed() / REPEATS;
    println!("arena: {PLAYERS} players waiting paired into {pairs} games in {:.3} ms", each.as_secs_f64() * 1000.0);

    let entrants: Vec<Entrant<u32>> = (0..PLAYERS)
        .map(|p| Entrant { player: p, rating: 1000.0 + (dice.next() % 1500) as f64, withdrawn: false })
        .collect();
    let mut rounds = Vec::new();
    let mut slowest = 0.0_f64;
    for number in 1..=9 {
        let started = Instant::now();
        let mut round = pair_round(&entrants, &rounds, |&p| p % 97 != 0 || number < 3);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        slowest = slowest.max(ms);
        for game in &mut round.games {
            game.result = Some(match dice.next() % 5 {
                0 => TournamentOutcome::Draw,
                1 | 2 => TournamentOutcome::White,
                _ => TournamentOutcome::Black,
            });
        }
        println!(
            "swiss: round {number}, {} games, bye {:?}, {} absent, paired in {ms:.1} ms",
            round.games.len(),
            round.bye,
            round.absent.len()
        );
        rounds.push(round);
    }
    let started = Instant::now();
    let table = standings(&entrants, &rounds);
    println!(
        "swiss: slowest pairing {slowest:.1} ms; standings of {} players in {:.1} ms; the winner scored {}",
        table.len(),
        started.elapsed().as_secs_f64() * 1000.0,
        f64::from(table[0].score) / 2.0
    );
}
