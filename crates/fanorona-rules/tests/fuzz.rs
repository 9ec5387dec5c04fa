//! Fuzzing the text parsers on stable Rust: position text, turn notation (alone and against a position), RON game
//! records and game text get generated and mutated inputs from a seeded PRNG, and every input that is accepted must
//! round trip (Display then FromStr gives the same value; a record that replays saves and replays to the same game).
//!
//! `FANORONA_FUZZ_INPUTS` sets the number of inputs of the short run (default: a few seconds' worth for CI) and
//! `FANORONA_FUZZ_SEED` the seed. The full run of 10 million inputs: `cargo fuzz-parsers` (an alias for
//! `cargo test -p fanorona-rules --release --test fuzz -- --ignored --nocapture`).

mod common;

use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use fanorona_rules::{
    Game, GameRecord, GameTextErrorKind, Position, RecordError, Setup, Side, Turn, TurnError, Variant,
};

use common::{Rng, starts};

/// Inputs when `FANORONA_FUZZ_INPUTS` is not set.
const DEFAULT_INPUTS: u64 = 500_000;

/// Tokens spliced into inputs: the alphabet of the formats, their separators, and text that looks almost right.
const TOKENS: &[&str] = &[
    "w",
    "b",
    "W",
    "B",
    "/",
    "-",
    "A",
    "W",
    "a",
    "1",
    "9",
    "0",
    "5",
    "10",
    "e3",
    "i5",
    "a1",
    "j6",
    "d3A",
    " ",
    "  ",
    "\t",
    "\n",
    "e3-d3A",
    "-e4W",
    "99999",
    "65536",
    "-1",
    "+1",
    "é",
    "ß",
    "\u{1F600}",
    "\u{0}",
    "\u{301}",
    "(",
    ")",
    "[",
    "]",
    "\"",
    "\\",
    ",",
    ":",
    "Some(",
    "None",
    "variant:",
    "tsivy",
    "dimy",
    "telo",
    "turns:",
    "result:",
    "winner:",
    "reason:",
    "Resignation",
    "FiftyTurns",
    "Repetition",
    "AllCaptured",
    "TeloLine",
    "start:",
    "vela:",
    "white:",
    "/*",
    "*/",
    "//",
    "r#\"",
    "#",
    "Some(White)",
    "Some(Black)",
    "(winner: None, reason: Repetition)",
    "1.",
    "12.",
    "1...",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "{",
    "}",
    ";",
    "\r\n",
    "[Result \"1-0\"]\n",
    "[Start \"3/3/3 b\"]\n",
    "[Vela \"b\"]\n",
    "[Variant \"telo\"]\n",
    "[Termination \"White wins: Black resigned\"]\n",
    "\\\"",
];

/// Valid texts to mutate, each with the position it belongs to (for turns).
struct Corpus {
    positions: Vec<Position>,
    turns: Vec<(Position, String)>,
    records: Vec<String>,
    texts: Vec<String>,
}

/// Plays random games of every variant (and vela) and keeps their positions, turns and records.
fn corpus(rng: &mut Rng) -> Corpus {
    let mut corpus = Corpus { positions: Vec::new(), turns: Vec::new(), records: Vec::new(), texts: Vec::new() };
    let starts = starts();
    for game_no in 0..300 {
        let mut game = Game::new(starts[game_no % starts.len()]);
        let length = rng.below(60);
        for _ in 0..length {
            let turns = game.legal_turns();
            if turns.is_empty() {
                break;
            }
            let position = *game.position();
            corpus.positions.push(position);
            for turn in &turns {
                corpus.turns.push((position, turn.to_string()));
            }
            let turn = *rng.pick(&turns);
            assert_eq!(game.play(&turn), Ok(()));
        }
        if !game.is_over() && rng.below(4) == 0 {
            game.resign(*rng.pick(&Side::BOTH));
        }
        let mut record = GameRecord::of_game(&game);
        if rng.below(3) == 0 {
            record.white = Some("Rasoa \"R\" é".into());
            record.date = Some("2026-11-29".into());
        }
        corpus.records.push(record.to_ron());
        corpus.texts.push(record.to_text());
        // A record from a later position (with a `start`).
        let from = rng.below(game.positions().len());
        let mut later = Game::new(game.positions()[from]);
        for turn in &game.turns()[from..] {
            assert_eq!(later.play(turn), Ok(()));
        }
        corpus.records.push(GameRecord::of_game(&later).to_ron());
        corpus.texts.push(GameRecord::of_game(&later).to_text());
    }
    // Random setups: any pieces, either side to move, any count, checked.
    for _ in 0..2000 {
        let variant = *rng.pick(&Variant::ALL);
        let mut setup = Setup::empty(variant);
        for p in variant.points() {
            match rng.below(3) {
                0 => setup.put(p, Some(Side::White)),
                1 => setup.put(p, Some(Side::Black)),
                _ => {}
            }
        }
        setup.side_to_move = *rng.pick(&Side::BOTH);
        setup.quiet_turns = rng.below(52) as u16;
        setup.vela = *rng.pick(&[None, Some(Side::White), Some(Side::Black)]);
        if let Ok(position) = setup.position() {
            corpus.positions.push(position);
        }
    }
    corpus
}

/// Changes `text` by 1 to 4 random edits: byte flips, token insertions, deletions, splices of another text,
/// duplications and case changes. The bytes are read back as UTF-8, lossily.
fn mutate(rng: &mut Rng, text: &str, other: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = bytes.len();
        let at = rng.below(len + 1);
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                bytes[i] ^= 1 << rng.below(8);
            }
            1 | 2 => {
                let token = rng.pick(TOKENS).as_bytes();
                bytes.splice(at..at, token.iter().copied());
            }
            3 if len > 0 => {
                let end = (at + 1 + rng.below(8)).min(len);
                bytes.drain(at.min(end)..end);
            }
            4 => {
                let o = other.as_bytes();
                let start = rng.below(o.len() + 1);
                let end = (start + rng.below(24)).min(o.len());
                bytes.splice(at..at, o[start..end].iter().copied());
            }
            5 if len > 0 => {
                let end = (at + 1 + rng.below(12)).min(len);
                let chunk = bytes[at.min(end)..end].to_vec();
                bytes.splice(at..at, chunk);
            }
            _ if len > 0 => {
                let i = rng.below(len);
                bytes[i] = if bytes[i].is_ascii_lowercase() {
                    bytes[i].to_ascii_uppercase()
                } else {
                    bytes[i].to_ascii_lowercase()
                };
            }
            _ => bytes.push(rng.next() as u8),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Random bytes, read as UTF-8 lossily.
fn noise(rng: &mut Rng) -> String {
    let bytes: Vec<u8> = (0..rng.below(48)).map(|_| rng.next() as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Position text: accepted text prints and reads back as the same position; the text and setup paths agree.
fn check_position(text: &str) -> bool {
    let setup = text.parse::<Setup>();
    let position = text.parse::<Position>();
    match (&setup, &position) {
        (Ok(setup), Ok(position)) => {
            assert_eq!(setup.position().as_ref(), Ok(position), "{text:?}");
            assert_eq!(position.to_string().parse::<Position>().as_ref(), Ok(position), "{text:?}");
            assert_eq!(setup.to_string().parse::<Setup>().as_ref(), Ok(setup), "{text:?}");
            assert_eq!(position.setup(), *setup, "{text:?}");
            true
        }
        (Ok(setup), Err(e)) => {
            assert_eq!(setup.position().map_err(Into::into).as_ref(), Err(e), "{text:?}");
            false
        }
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "{text:?}");
            false
        }
        (Err(e), Ok(p)) => panic!("{text:?}: the setup fails ({e}) but the position reads ({p})"),
    }
}

/// Turn notation alone and in `position`: an accepted turn prints and reads back the same, and `parse_turn`
/// accepts exactly the legal turns.
fn check_turn(position: &Position, text: &str) -> bool {
    let parsed = text.parse::<Turn>();
    if let Ok(turn) = parsed {
        assert_eq!(turn.to_string().parse::<Turn>(), Ok(turn), "{text:?}");
    }
    match (position.parse_turn(text), parsed) {
        (Ok(turn), Ok(same)) => {
            assert_eq!(turn, same, "{text:?}");
            assert_eq!(position.parse_turn(&turn.to_string()), Ok(turn), "{text:?}");
            assert!(position.legal_turns().contains(&turn), "{position}: {text:?} accepted but not legal");
            true
        }
        (Err(TurnError::Illegal(_)), Ok(turn)) => {
            assert!(!position.legal_turns().contains(&turn), "{position}: legal {text:?} refused");
            false
        }
        (Err(TurnError::Parse(a)), Err(b)) => {
            assert_eq!(a, b, "{text:?}");
            false
        }
        (result, parsed) => panic!("{position}: {text:?}: parse_turn gives {result:?}, parsing {parsed:?}"),
    }
}

/// A RON record: an accepted record writes and reads back the same; one that replays saves and replays to the
/// same game.
fn check_record(text: &str) -> bool {
    let Ok(record) = GameRecord::from_ron(text) else { return false };
    assert_eq!(GameRecord::from_ron(&record.to_ron()).as_ref(), Ok(&record), "{text:?}");
    match record.replay() {
        Ok(game) => {
            let saved = GameRecord::of_game(&game).to_ron();
            let again = GameRecord::load(&saved).unwrap_or_else(|e| panic!("{text:?} replays, its save not: {e}"));
            assert_eq!(again, game, "{text:?}");
            true
        }
        Err(RecordError::Syntax { .. }) => panic!("{text:?}: a syntax error after the record was read"),
        Err(_) => false,
    }
}

/// Game text: an accepted text writes and reads back the same record; errors other than replay errors come from
/// reading alone; a text that loads saves and loads to the same game.
fn check_text(text: &str) -> bool {
    let read = GameRecord::from_text(text);
    if let Ok(record) = &read {
        let again = record.to_text();
        assert_eq!(GameRecord::from_text(&again).as_ref(), Ok(record), "{text:?} wrote {again:?}");
    }
    match (GameRecord::load_text(text), read) {
        (Ok(game), Ok(record)) => {
            assert_eq!(record.replay().as_ref(), Ok(&game), "{text:?}");
            let saved = GameRecord::of_game(&game).to_text();
            let again = GameRecord::load_text(&saved).unwrap_or_else(|e| panic!("{text:?} loads, its save not: {e}"));
            assert_eq!(again, game, "{text:?}");
            true
        }
        (Err(e), Ok(record)) => {
            let GameTextErrorKind::Replay(cause) = &e.kind else { panic!("{text:?}: reads, then fails with {e}") };
            assert_eq!(record.replay().as_ref().err(), Some(cause), "{text:?}");
            assert!(e.line >= 1 && e.column >= 1, "{text:?}: {e:?}");
            false
        }
        (Err(e), Err(same)) => {
            assert_eq!(e, same, "{text:?}");
            assert!(e.line >= 1 && e.line <= text.split('\n').count() && e.column >= 1, "{text:?}: {e:?}");
            false
        }
        (Ok(_), Err(e)) => panic!("{text:?}: loads, but does not read: {e}"),
    }
}

#[test]
fn parsers_round_trip_every_accepted_input() {
    let inputs: u64 = std::env::var("FANORONA_FUZZ_INPUTS").ok().and_then(|n| n.parse().ok()).unwrap_or(DEFAULT_INPUTS);
    fuzz(inputs);
}

/// The full run (`cargo fuzz-parsers`).
#[test]
#[ignore = "long: run with `cargo fuzz-parsers`"]
fn ten_million_inputs_round_trip() {
    fuzz(10_000_000);
}

/// Feeds `inputs` generated and mutated texts to the parsers, prints what was accepted, and checks that each parser
/// was fed both texts it accepts and texts it refuses (a broken generator would leave the round trips unchecked).
fn fuzz(inputs: u64) {
    let seed: u64 = std::env::var("FANORONA_FUZZ_SEED").ok().and_then(|n| n.parse().ok()).unwrap_or(0x5eed);
    let started = Instant::now();
    let mut rng = Rng(seed | 1);
    let corpus = corpus(&mut rng);
    let mut accepted = [0u64; 4];
    let mut tried = [0u64; 4];
    for _ in 0..inputs {
        let kind = match rng.below(20) {
            0..=6 => 0,
            7..=14 => 1,
            15..=17 => 2,
            _ => 3,
        };
        let position = rng.pick(&corpus.positions);
        let (base, turn_position) = match kind {
            0 => (position.to_string(), *position),
            1 => {
                let (at, text) = rng.pick(&corpus.turns);
                (text.clone(), if rng.below(4) == 0 { *position } else { *at })
            }
            2 => (rng.pick(&corpus.records).clone(), *position),
            _ => (rng.pick(&corpus.texts).clone(), *position),
        };
        let other = match rng.below(4) {
            0 => rng.pick(&corpus.turns).1.clone(),
            1 => rng.pick(&corpus.positions).to_string(),
            2 if kind == 3 => rng.pick(&corpus.texts).clone(),
            _ => rng.pick(&corpus.records).clone(),
        };
        let text = match rng.below(10) {
            0 => noise(&mut rng),
            1 => base,
            _ => mutate(&mut rng, &base, &other),
        };
        let ok = panic::catch_unwind(AssertUnwindSafe(|| match kind {
            0 => check_position(&text),
            1 => check_turn(&turn_position, &text),
            2 => check_record(&text),
            _ => check_text(&text),
        }));
        match ok {
            Ok(ok) => {
                tried[kind] += 1;
                accepted[kind] += u64::from(ok);
            }
            Err(panic) => {
                eprintln!("input that failed (kind {kind}, position {turn_position}): {text:?}");
                panic::resume_unwind(panic);
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "fuzz: {inputs} inputs in {seconds:.1} s (seed {seed}); accepted: positions {}/{}, turns {}/{}, records {}/{}, \
         game texts {}/{}",
        accepted[0], tried[0], accepted[1], tried[1], accepted[2], tried[2], accepted[3], tried[3]
    );
    // A tenth of the inputs are unchanged texts that must be accepted and most of the rest are mutations that
    // break them: each kind of input gets a share of both, far from zero, whatever the seed.
    for (kind, name) in ["positions", "turns", "records", "game texts"].iter().enumerate() {
        assert!(tried[kind] * 20 >= inputs, "{name}: {} of {inputs} inputs", tried[kind]);
        let share = accepted[kind] as f64 / tried[kind] as f64;
        assert!((0.05..=0.5).contains(&share), "{name}: {} of {} accepted", accepted[kind], tried[kind]);
    }
}
