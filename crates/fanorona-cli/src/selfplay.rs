//! `selfplay`: positions from the master's games against itself, each with its game's result and the master's score
//! of it: the data a learned evaluation is fitted on (docs/TUNING.md, "Self-play data").
//!
//! The file is text. Its first line names the settings that decide its games (`# fanorona-cli selfplay --nodes ...`).
//! Then each game is its quiet positions, one a line as `POSITION;SCORE;RESULT`: the position's text, the score of
//! the master's search from it for the side to move (hundredths of a piece, or near ±30,000 for a forced result), and
//! the game's result for the side to move (`1` won, `0.5` drawn, `0` lost), followed by a line `# game N: RESULT`
//! (White's result, `1-0`, `0-1` or `1/2`). Quiet positions are those where the side to move has no capture to make,
//! where the evaluation is what the search trusts; positions inside a capture chain are never written.
//!
//! Game `N` is the same game whatever the threads and whenever it is played: its random opening turns and its
//! searches (fixed nodes) come from the seed and `N`. The command carries on a file it finds: the games already in
//! it are not played again, and a game cut off by a stop in the middle of its writing is dropped and played again.
//! It is meant to run for hours beside other work, under `nice -n 19` (`scripts/selfplay-data.sh`).

use std::collections::HashSet;
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use fanorona_ai::Limits;
use fanorona_rules::{Side, Variant};

use crate::args::CliError;
use crate::opening::{random_opening, self_play};

/// Play the master against itself and write the quiet positions of its games with their results and scores, for
/// fitting a learned evaluation (see docs/TUNING.md). Carries on the file if it exists.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The data file: made if missing, carried on if it holds games made with the same settings.
    #[arg(long)]
    out: PathBuf,
    /// Stop once the file holds this many positions.
    #[arg(long, default_value_t = 1_000_000)]
    positions: u64,
    /// Stop after this many new games (all of them, until --positions, if not given).
    #[arg(long)]
    games: Option<u64>,
    /// Nodes of each turn's search.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// The fewest random turns a game opens with.
    #[arg(long, default_value_t = 2)]
    min_random: u32,
    /// The most random turns a game opens with.
    #[arg(long, default_value_t = 8)]
    max_random: u32,
    /// Seed of the random turns and the searches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// A game longer than this many turns is counted a draw (the rules end nearly every game well before).
const MOST_TURNS: usize = 400;

/// What a data file holds already.
struct Held {
    /// The games written whole.
    games: HashSet<u64>,
    /// Their positions.
    positions: u64,
}

/// Where the games are written, and how many positions the file holds.
struct Sink {
    file: File,
    positions: u64,
    new_games: u64,
    new_positions: u64,
}

impl Args {
    /// The file's tally after the run.
    pub fn run(self) -> Result<String, CliError> {
        if self.min_random > self.max_random {
            return Err(CliError("--min-random must not exceed --max-random".into()));
        }
        let started = Instant::now();
        let header = self.header();
        let (file, held) = open(&self.out, &header)?;
        let sink = Mutex::new(Sink { file, positions: held.positions, new_games: 0, new_positions: 0 });
        let next = AtomicU64::new(0);
        let dealt = AtomicU64::new(0);
        let stop = AtomicBool::new(held.positions >= self.positions);
        let failure: Mutex<Option<CliError>> = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..self.threads.max(1) {
                scope.spawn(|| {
                    while !stop.load(Ordering::SeqCst) {
                        let n = next.fetch_add(1, Ordering::SeqCst);
                        if held.games.contains(&n) {
                            continue;
                        }
                        if self.games.is_some_and(|most| dealt.fetch_add(1, Ordering::SeqCst) >= most) {
                            break;
                        }
                        let (text, count) = self.game(n);
                        let Ok(mut sink) = sink.lock() else { break };
                        if let Err(e) = sink.file.write_all(text.as_bytes()).and_then(|()| sink.file.flush()) {
                            stop.store(true, Ordering::SeqCst);
                            *failure.lock().unwrap_or_else(|p| p.into_inner()) =
                                Some(CliError(format!("{}: {e}", self.out.display())));
                            break;
                        }
                        sink.positions += count;
                        sink.new_games += 1;
                        sink.new_positions += count;
                        if sink.positions >= self.positions {
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                });
            }
        });
        if let Some(error) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(error);
        }
        let sink = sink.into_inner().unwrap_or_else(|p| p.into_inner());
        Ok(format!(
            "{}: {} games, {} positions ({} games and {} positions new, in {:.0} s)\n",
            self.out.display(),
            held.games.len() as u64 + sink.new_games,
            sink.positions,
            sink.new_games,
            sink.new_positions,
            started.elapsed().as_secs_f64()
        ))
    }

    /// The first line of the file: the settings that decide its games.
    fn header(&self) -> String {
        format!(
            "# fanorona-cli selfplay --nodes {} --min-random {} --max-random {} --seed {}\n",
            self.nodes, self.min_random, self.max_random, self.seed
        )
    }

    /// Game `n`'s lines, and the number of positions among them.
    fn game(&self, n: u64) -> (String, u64) {
        let seed = self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ n;
        let random = self.min_random
            + (seed.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as u32 % (1 + self.max_random - self.min_random);
        let opening = random_opening(Variant::Tsivy, random, seed);
        let from = opening.turns().len();
        let played = self_play(opening, Limits { nodes: Some(self.nodes), ..Limits::NONE }, seed, None, MOST_TURNS);
        let winner = played.game.outcome().and_then(|o| o.winner());
        let mut text = String::new();
        let mut count = 0;
        let searched = played.game.positions().iter().skip(from);
        for (position, score) in searched.zip(&played.scores).filter(|(position, _)| !position.must_capture()) {
            let result = match winner {
                None => "0.5",
                Some(side) if side == position.side_to_move() => "1",
                Some(_) => "0",
            };
            let _ = writeln!(text, "{position};{score};{result}");
            count += 1;
        }
        let result = match winner {
            None => "1/2",
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
        };
        let _ = writeln!(text, "# game {n}: {result}");
        (text, count)
    }
}

/// The data file at `path`, opened to append after its last whole game (made, with `header`, if missing), and what
/// it holds. A file made with other settings is an error: its games would not be the ones these settings play.
fn open(path: &Path, header: &str) -> Result<(File, Held), CliError> {
    let error = |e: std::io::Error| CliError(format!("{}: {e}", path.display()));
    let mut file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path).map_err(error)?;
    let text = std::fs::read_to_string(path).map_err(error)?;
    let mut held = Held { games: HashSet::new(), positions: 0 };
    if text.is_empty() {
        file.write_all(header.as_bytes()).map_err(error)?;
        return Ok((file, held));
    }
    if !text.starts_with(header) {
        let first = text.lines().next().unwrap_or_default();
        return Err(CliError(format!(
            "{} was made with other settings ({first}); give another file or the same settings",
            path.display()
        )));
    }
    // The end of the last whole game: what follows it is a game cut off while it was written.
    let mut whole = header.len();
    let mut pending = 0;
    let mut at = header.len();
    for line in text[header.len()..].split_inclusive('\n') {
        at += line.len();
        if !line.ends_with('\n') {
            break;
        }
        match line.strip_prefix("# game ") {
            Some(rest) => {
                let n = rest.split(':').next().and_then(|n| n.parse().ok());
                let n = n.ok_or_else(|| CliError(format!("{}: unreadable line {line:?}", path.display())))?;
                held.games.insert(n);
                held.positions += pending;
                pending = 0;
                whole = at;
            }
            None => pending += 1,
        }
    }
    file.set_len(whole as u64).map_err(error)?;
    file.seek(SeekFrom::End(0)).map_err(error)?;
    Ok((file, held))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(out: &Path, games: u64) -> Args {
        Args {
            out: out.to_path_buf(),
            positions: 1_000_000,
            games: Some(games),
            nodes: 300,
            min_random: 2,
            max_random: 4,
            seed: 5,
            threads: 1,
        }
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fanorona-selfplay-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        dir
    }

    /// Every line is a quiet position with a score and the result for its side to move, and each game ends with
    /// its line; the results agree with the game's.
    #[test]
    fn lines_are_quiet_positions_with_score_and_result() {
        let out = temp("lines");
        args(&out, 3).run().unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let mut games = 0;
        let mut positions = 0;
        for line in text.lines().skip(1) {
            if line.starts_with("# game ") {
                games += 1;
                continue;
            }
            let fields: Vec<&str> = line.split(';').collect();
            assert_eq!(fields.len(), 3, "{line}");
            let position: fanorona_rules::Position = fields[0].parse().unwrap();
            assert!(!position.must_capture(), "{line}");
            fields[1].parse::<i32>().unwrap();
            assert!(["1", "0.5", "0"].contains(&fields[2]), "{line}");
            positions += 1;
        }
        assert_eq!(games, 3);
        assert!(positions > 10, "{text}");
        let _ = std::fs::remove_file(&out);
    }

    /// Two runs of two games and one, with a game cut off in the middle between them, write the same file as one
    /// run of three games; threads do not change a game.
    #[test]
    fn a_file_carried_on_is_the_file_made_at_once() {
        let once = temp("once");
        args(&once, 3).run().unwrap();
        let carried = temp("carried");
        args(&carried, 2).run().unwrap();
        let mut file = OpenOptions::new().append(true).open(&carried).unwrap();
        file.write_all(b"bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0 -;12;0.5\nbbbbbbbbb/bb").unwrap();
        let tally = args(&carried, 1).run().unwrap();
        assert!(tally.contains(": 3 games"), "{tally}");
        assert_eq!(std::fs::read_to_string(&once).unwrap(), std::fs::read_to_string(&carried).unwrap());
        let threads = temp("threads");
        Args { threads: 2, ..args(&threads, 3) }.run().unwrap();
        let mut a: Vec<String> = std::fs::read_to_string(&once).unwrap().lines().map(String::from).collect();
        let mut b: Vec<String> = std::fs::read_to_string(&threads).unwrap().lines().map(String::from).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        for path in [once, carried, threads] {
            let _ = std::fs::remove_file(path);
        }
    }

    /// A file made with other settings is refused, and left as it was.
    #[test]
    fn a_file_of_other_settings_is_refused() {
        let out = temp("other");
        args(&out, 1).run().unwrap();
        let before = std::fs::read_to_string(&out).unwrap();
        let error = Args { seed: 6, ..args(&out, 1) }.run().unwrap_err();
        assert!(error.0.contains("other settings"), "{}", error.0);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), before);
        let _ = std::fs::remove_file(&out);
    }
}
