//! `match`: engine-against-engine matches, which the tuning commands play as well.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use fanorona_ai::Book;
use fanorona_ai::tablebase::Tablebase;
use fanorona_ai::{Eval, Learned, Level, Limits, Ponder, Resumable, Search, TranspositionTable};
use fanorona_rules::{Game, Side, Turn, Variant};

use crate::args::CliError;
use crate::stats::{Pentanomial, Sprt, Verdict};

/// Play engine-against-engine games and print a result table.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// White's level (the first engine).
    #[arg(long)]
    white: Level,
    /// Black's level (the second engine).
    #[arg(long)]
    black: Level,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Thinking time per move in milliseconds (for the levels that use time): one number for both engines, or two,
    /// the first engine's then the second's (e.g. `400,200`, to measure what twice the time is worth).
    #[arg(long, value_delimiter = ',', num_args = 1)]
    time: Vec<u64>,
    /// Seed for the openings and the lower levels' randomness.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The board.
    #[arg(long, default_value = "tsivy")]
    variant: Variant,
    /// Swap colours every game (each opening is played once with each colour): the pairs' results are counted as
    /// pairs (pentanomial), with the Elo and its 95% interval.
    #[arg(long)]
    alternate: bool,
    /// A sequential probability ratio test: the match stops once it shows the first engine ELO1 better rather
    /// than ELO0 (logistic Elo, 5% errors each way), or the other way (after 20 pairs at the least), or at --games.
    /// Implies --alternate.
    #[arg(long, value_name = "ELO0,ELO1", value_delimiter = ',', num_args = 1)]
    sprt: Vec<f64>,
    /// Random opening turns before the engines take over.
    #[arg(long, default_value_t = 2)]
    opening: u32,
    /// Openings from a file that `openings` wrote instead of random turns (tsivy only): pair k plays the file's
    /// k-th opening (from the first again after the last).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Search threads of each engine: one number for both, or two, the first engine's then the second's (e.g.
    /// `2,1`). Only the master searches with more than one; a --versus program is sent `threads N` when its number
    /// is not 1 (this program knows the command since it has this option).
    #[arg(long, value_delimiter = ',', num_args = 1, default_value = "1")]
    threads: Vec<usize>,
    /// The first engine thinks on its opponent's time, on a thread of its own, guessing the reply its search
    /// expects; a right guess goes on searching, a wrong one is dropped.
    #[arg(long)]
    ponder: bool,
    /// Depth limit per move in turns (both engines).
    #[arg(long)]
    depth: Option<u32>,
    /// Node limit per move (both engines): unlike time, the same on a loaded machine as on a quiet one. A --versus
    /// program must know `go nodes` (this program does since it has this option).
    #[arg(long)]
    nodes: Option<u64>,
    /// Another engine program (e.g. an older build of this one) as the second engine, at the --black level: it is
    /// run as `PROGRAM engine` and spoken to with the engine protocol. A bad answer loses it the game.
    #[arg(long, value_name = "PROGRAM")]
    versus: Option<PathBuf>,
    /// The endgame tables of the variant for this program's engines (used by strong and master), of up to this
    /// many pieces (2 to 5; 0 for none), built before the first game. A --versus program has its own (this
    /// program's strong and master build the four-piece tables through the engine protocol).
    #[arg(long, value_name = "PIECES", default_value_t = 4, num_args = 0..=1, default_missing_value = "4")]
    tables: u32,
    /// The first engine judges positions with the learned evaluation: the engine's own (`built-in`), or the weights
    /// in a file that `learn` wrote.
    #[arg(long, value_name = "WEIGHTS")]
    learned: Option<PathBuf>,
    /// Give this program's engines the opening book (used by master). A --versus program that has a book plays
    /// it (this program's master does, through the engine protocol): without --book such a match is uneven.
    #[arg(long)]
    book: bool,
}

impl Args {
    /// Builds the tables asked for, plays the match and returns its table.
    pub fn run(self) -> Result<String, CliError> {
        let threads = per_engine(&self.threads, "--threads")?.unwrap_or([1, 1]);
        let times = per_engine(&self.time, "--time")?.map(|t| t.map(Duration::from_millis));
        let limits = |engine: usize| Limits { time: times.map(|t| t[engine]), depth: self.depth, nodes: self.nodes };
        let tablebase =
            (self.tables > 0).then(|| Tablebase::build_pieces(self.variant, self.tables).map(Arc::new)).transpose()?;
        if self.openings.is_some() && self.variant != Variant::Tsivy {
            return Err(CliError("--openings are tsivy's".into()));
        }
        let sprt = match *self.sprt {
            [] => None,
            [elo0, elo1] if elo0 < elo1 => Some(Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 }),
            _ => return Err(CliError("--sprt takes two Elo differences, the smaller first (e.g. 0,10)".into())),
        };
        let mut first = Engine::level(self.white);
        if let Some(path) = &self.learned {
            first.eval = Eval::Learned(learned(path)?);
        }
        let settings = Settings {
            engines: [first, Engine::level(self.black)],
            games: self.games,
            limits: [limits(0), limits(1)],
            seed: self.seed,
            variant: self.variant,
            alternate: self.alternate || sprt.is_some(),
            sprt,
            opening: self.opening,
            openings: self.openings.as_deref().map(crate::openings::read).transpose()?.map(Arc::new),
            concurrency: self.concurrency,
            threads,
            ponder: self.ponder,
            versus: self.versus,
            tablebase,
            book: self.book,
        };
        Ok(run(&settings).to_string())
    }
}

/// The learned weights `path` names: the engine's own for `built-in`, else a file `learn` wrote (kept for the rest of
/// the program's run, as the engines are).
fn learned(path: &Path) -> Result<&'static Learned, CliError> {
    if path.as_os_str() == "built-in" {
        return Learned::built_in().map_err(|e| CliError(format!("the engine's learned weights: {e}")));
    }
    let text = std::fs::read_to_string(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    let weights: Learned = text.parse().map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    Ok(Box::leak(Box::new(weights)))
}

/// An option given once for both engines or twice, the first engine's then the second's; `None` when absent.
fn per_engine<T: Copy>(values: &[T], option: &str) -> Result<Option<[T; 2]>, CliError> {
    match *values {
        [] => Ok(None),
        [both] => Ok(Some([both, both])),
        [first, second] => Ok(Some([first, second])),
        _ => Err(CliError(format!("{option} takes one number, or two separated by a comma"))),
    }
}

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
    /// What limits each move's search, for each engine: time, depth or nodes (a node limit makes a match independent
    /// of the machine's speed and load).
    pub limits: [Limits; 2],
    /// Seed for openings and engine randomness.
    pub seed: u64,
    /// The board.
    pub variant: Variant,
    /// Swap colours every game, replaying each opening with colours reversed.
    pub alternate: bool,
    /// Stop once this test decides (the games in pairs).
    pub sprt: Option<Sprt>,
    /// Random opening turns before the engines play.
    pub opening: u32,
    /// Openings to play instead of random turns: pair k (game k when not alternating) plays opening k.
    pub openings: Option<Arc<Vec<Game>>>,
    /// Games played in parallel.
    pub concurrency: usize,
    /// Search threads of each engine (see `Search::with_threads`; only the master uses more than one). A --versus
    /// program is told its own with the engine protocol's `threads` command when it is not 1.
    pub threads: [usize; 2],
    /// Whether the first engine thinks on its opponent's time (see `Search::ponder`), guessing the reply its last
    /// search expected.
    pub ponder: bool,
    /// Another engine program for the second player: run as `PROGRAM engine`, it is asked for each turn with the
    /// engine protocol (`go level L` with `movetime MS`, `depth N` or `nodes N`), L the second engine's level.
    pub versus: Option<PathBuf>,
    /// Endgame tables for this program's engines (used by the strong and master levels).
    pub tablebase: Option<Arc<Tablebase>>,
    /// Whether this program's engines play the opening book (the master level does, as in the game).
    pub book: bool,
}

impl Settings {
    /// A tuning match on tsivy between two engines of this program, each opening played with both colours, one
    /// search thread each, without pondering, tables or book: what `tune`, `spsa` and `texel --check` play.
    pub fn tuning(
        engines: [Engine; 2],
        games: u32,
        limits: Limits,
        seed: u64,
        opening: u32,
        concurrency: usize,
    ) -> Self {
        Settings {
            engines,
            games,
            limits: [limits; 2],
            seed,
            variant: Variant::Tsivy,
            alternate: true,
            sprt: None,
            opening,
            openings: None,
            concurrency,
            threads: [1, 1],
            ponder: false,
            versus: None,
            tablebase: None,
            book: false,
        }
    }
}

/// One finished game, from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default)]
struct GameScore {
    /// Games lost by a bad answer of the engine (an illegal or unreadable turn, no answer, a crash).
    faults: [u32; 2],
    wins: u32,
    draws: u32,
    losses: u32,
    moves: [u32; 2],
    thinking: [Duration; 2],
    turns: u32,
    /// The first engine's searches on its opponent's time, and how many guessed the reply.
    pondered: u32,
    ponder_hits: u32,
}

impl GameScore {
    /// The first engine's points: 1, ½ or 0.
    fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }
}

/// The result table.
#[derive(Clone, Debug)]
pub struct Report {
    names: [String; 2],
    total: GameScore,
    games: u32,
    /// The pairs' results, when each opening was played with both colours.
    pairs: Option<Pentanomial>,
    /// The sequential test, and what it said.
    sprt: Option<(Sprt, Verdict)>,
}

impl Report {
    /// The first engine's wins, draws and losses.
    pub fn results(&self) -> (u32, u32, u32) {
        (self.total.wins, self.total.draws, self.total.losses)
    }

    /// The first engine's score, 0 to 1.
    pub fn score(&self) -> f64 {
        let t = &self.total;
        (f64::from(t.wins) + 0.5 * f64::from(t.draws)) / f64::from(self.games.max(1))
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.total;
        // Wide enough for the longest name, e.g. `master (tables) (book) (this)`.
        let width = self.names.iter().map(String::len).max().unwrap_or(0).max(16);
        writeln!(
            f,
            "{:<width$} {:>5} {:>5} {:>5} {:>7} {:>12}",
            "engine", "wins", "draws", "losses", "score", "ms/move"
        )?;
        for (i, name) in self.names.iter().enumerate() {
            let (w, l) = if i == 0 { (t.wins, t.losses) } else { (t.losses, t.wins) };
            let score = (f64::from(w) + 0.5 * f64::from(t.draws)) / f64::from(self.games.max(1)) * 100.0;
            let per_move = t.thinking[i].as_secs_f64() * 1000.0 / f64::from(t.moves[i].max(1));
            writeln!(f, "{name:<width$} {w:>5} {:>5} {l:>5} {score:>6.1}% {per_move:>12.1}", t.draws)?;
        }
        if t.pondered > 0 {
            writeln!(f, "{}: guessed {} of {} replies it pondered on", self.names[0], t.ponder_hits, t.pondered)?;
        }
        for (name, faults) in self.names.iter().zip(t.faults) {
            if faults > 0 {
                writeln!(f, "{name}: {faults} game(s) lost by a bad answer")?;
            }
        }
        writeln!(
            f,
            "games: {}, average length: {:.1} turns, drawn: {:.1}%",
            self.games,
            f64::from(t.turns) / f64::from(self.games.max(1)),
            100.0 * f64::from(t.draws) / f64::from(self.games.max(1))
        )?;
        if let Some(pairs) = &self.pairs {
            writeln!(f, "{pairs}")?;
        }
        if let (Some((sprt, verdict)), Some(pairs)) = (&self.sprt, &self.pairs) {
            let (lower, upper) = sprt.bounds();
            let said = match verdict {
                Verdict::Accepted => "H1 accepted: the first engine is the better",
                Verdict::Rejected => "H0 accepted: the first engine is not better",
                Verdict::Open => "undecided",
            };
            writeln!(
                f,
                "SPRT elo0 {:+} elo1 {:+}: LLR {:.2} ({lower:.2}, {upper:.2}), {said}",
                sprt.elo0,
                sprt.elo1,
                pairs.llr(sprt.elo0, sprt.elo1)
            )?;
        }
        Ok(())
    }
}

/// The pentanomial counts of the pairs whose two games are both in `played` (by game number: games 2k and 2k + 1
/// share an opening).
fn pairs_of(played: &[(u32, GameScore)]) -> Pentanomial {
    let mut points = std::collections::BTreeMap::new();
    let mut counts = Pentanomial::default();
    for (g, score) in played {
        if let Some(other) = points.insert(g / 2, score.points()) {
            counts.add(other, score.points());
        }
    }
    counts
}

/// Plays the match: games are handed out in order to the threads; a sequential test stops it at the first pair that
/// decides it (the games under way then are finished and counted).
pub fn run(settings: &Settings) -> Report {
    let threads = settings.concurrency.max(1);
    let next = AtomicU32::new(0);
    let decided = AtomicBool::new(false);
    let played = Mutex::new(Vec::<(u32, GameScore)>::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while !decided.load(Ordering::Relaxed) {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= settings.games {
                        break;
                    }
                    let score = play_game(settings, g);
                    let Ok(mut played) = played.lock() else { break };
                    played.push((g, score));
                    if let Some(sprt) = settings.sprt
                        && sprt.verdict(&pairs_of(&played)) != Verdict::Open
                    {
                        decided.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let scores = played.into_inner().unwrap_or_default();
    let pairs = settings.alternate.then(|| pairs_of(&scores));
    let sprt = settings.sprt.zip(pairs).map(|(sprt, pairs)| (sprt, sprt.verdict(&pairs)));
    let mut total = GameScore::default();
    for (_, s) in &scores {
        total.wins += s.wins;
        total.draws += s.draws;
        total.losses += s.losses;
        total.turns += s.turns;
        total.pondered += s.pondered;
        total.ponder_hits += s.ponder_hits;
        for i in 0..2 {
            total.faults[i] += s.faults[i];
            total.moves[i] += s.moves[i];
            total.thinking[i] += s.thinking[i];
        }
    }
    let mut names = settings.engines.map(|e| e.level.name().to_owned());
    for (name, threads) in names.iter_mut().zip(settings.threads) {
        if threads > 1 {
            *name = format!("{name} ({threads} threads)");
        }
    }
    if settings.limits[0].time != settings.limits[1].time {
        for (name, limits) in names.iter_mut().zip(settings.limits) {
            if let Some(time) = limits.time {
                *name = format!("{name} ({} ms)", time.as_millis());
            }
        }
    }
    if settings.ponder {
        names[0] = format!("{} (ponder)", names[0]);
    }
    if settings.tablebase.is_some() {
        names[0] = format!("{} (tables)", names[0]);
        if settings.versus.is_none() {
            names[1] = format!("{} (tables)", names[1]);
        }
    }
    if settings.book {
        names[0] = format!("{} (book)", names[0]);
        if settings.versus.is_none() {
            names[1] = format!("{} (book)", names[1]);
        }
    }
    if settings.versus.is_some() {
        names[0] = format!("{} (this)", names[0]);
        names[1] = format!("{} (other)", names[1]);
    }
    Report { names, total, games: scores.len() as u32, pairs, sprt }
}

/// Plays game number `g`: its opening comes from the seed (shared by the two games of a pair when alternating).
fn play_game(settings: &Settings, g: u32) -> GameScore {
    let (opening_id, first_is_white) = if settings.alternate { (g / 2, g.is_multiple_of(2)) } else { (g, true) };
    let mut game = match &settings.openings {
        Some(openings) => openings[opening_id as usize % openings.len()].clone(),
        None => crate::opening::random_opening(
            settings.variant,
            settings.opening,
            settings.seed ^ u64::from(opening_id).wrapping_mul(0x9e37_79b9),
        ),
    };
    let first_side = if first_is_white { Side::White } else { Side::Black };
    let mut score = GameScore::default();
    let mut ply_seed = settings.seed.wrapping_add(u64::from(g) << 20);
    let mut kept = Kept::default();
    let mut other = match settings.versus.as_deref().map(|p| External::start(p, settings.threads[1])).transpose() {
        Ok(other) => other,
        Err(e) => {
            eprintln!("game {g}: {e}");
            score.faults[1] = 1;
            score.wins = 1;
            return score;
        }
    };
    while !game.is_over() {
        let side = game.position().side_to_move();
        let engine = if side == first_side { 0 } else { 1 };
        ply_seed = ply_seed.wrapping_add(1);
        let started = Instant::now();
        let answer = match (engine, other.as_mut()) {
            (1, Some(other)) => other.best_turn(&game, settings.engines[1].level, settings),
            _ => kept.own_turn(settings, engine, &game, ply_seed, &mut score),
        };
        score.thinking[engine] += started.elapsed();
        score.moves[engine] += 1;
        if let Err(e) = answer.and_then(|turn| game.play(&turn).map_err(|e| format!("{turn}: {e}"))) {
            // An engine without a legal answer loses (never expected of this one: the tests check it).
            eprintln!("game {g}: engine {} lost by a bad answer in {}: {e}", engine + 1, game.position());
            score.faults[engine] = 1;
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

/// A search of this program's engine `engine` on `game`, as the match's settings set it (with the table kept from
/// its last turn, if any).
fn searcher(settings: &Settings, engine: usize, game: &Game, table: Option<TranspositionTable>, seed: u64) -> Search {
    let Engine { level, eval } = settings.engines[engine];
    let mut search =
        Search::with_eval(game, level, eval, settings.limits[engine], seed).with_threads(settings.threads[engine]);
    if let Some(table) = table {
        search = search.with_table(table);
    }
    if let Some(tablebase) = &settings.tablebase {
        search = search.with_tablebase(Arc::clone(tablebase));
    }
    if settings.book {
        search = search.with_book(Book::builtin());
    }
    search
}

/// What this program's engines keep from one turn to the next in a game: their transposition tables (as in a real
/// game), and the first engine's search on its opponent's time, with the reply it expects.
#[derive(Default)]
struct Kept {
    tables: [Option<TranspositionTable>; 2],
    pondering: Option<Ponder>,
}

impl Kept {
    /// The turn of this program's engine `engine` on `game`: the pondered search's if its guess was played, else a
    /// new search; the first engine then ponders on the reply it expects.
    fn own_turn(
        &mut self,
        settings: &Settings,
        engine: usize,
        game: &Game,
        seed: u64,
        score: &mut GameScore,
    ) -> Result<Turn, String> {
        // Only the first engine ponders: its search goes on if the second engine's turn was its guess.
        let pondered = match (engine, self.pondering.take(), game.turns().last()) {
            (0, Some(ponder), Some(played)) => ponder.resolve(played),
            (_, ponder, _) => {
                self.pondering = ponder;
                None
            }
        };
        score.ponder_hits += u32::from(pondered.is_some());
        let (result, mut search) = match pondered {
            Some(done) => done,
            None => {
                let mut search = searcher(settings, engine, game, self.tables[engine].take(), seed);
                (search.run(), search)
            }
        };
        self.tables[engine] = search.take_table();
        if engine == 0
            && settings.ponder
            && let (Some(best), Some(&guess)) = (result.best, result.pv.get(1))
        {
            let mut after = game.clone();
            if after.play(&best).is_ok() && after.play(&guess).is_ok() {
                self.pondering = Ponder::start(searcher(settings, 0, &after, self.tables[0].clone(), seed), guess);
                score.pondered += u32::from(self.pondering.is_some());
            }
        }
        result.best.ok_or_else(|| "no turn".to_owned())
    }
}

/// Another engine program spoken to through the engine protocol (see `engine.rs`).
struct External {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl External {
    fn start(program: &Path, threads: usize) -> Result<External, String> {
        let mut child = Command::new(program)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("no pipes to the other engine".into());
        };
        let (send, lines) = channel();
        // A reader thread, so that a silent engine can be given up on after a while.
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut external = External { child, input, lines };
        if threads != 1 {
            writeln!(external.input, "threads {threads}")
                .and_then(|()| external.input.flush())
                .map_err(|e| format!("the other engine stopped reading: {e}"))?;
        }
        Ok(external)
    }

    /// Asks for a turn in the game's current position.
    fn best_turn(&mut self, game: &Game, level: Level, settings: &Settings) -> Result<Turn, String> {
        let turns: Vec<String> = game.turns().iter().map(ToString::to_string).collect();
        let mut go = format!("go level {level}");
        let limits = settings.limits[1];
        if let Some(time) = limits.time {
            go += &format!(" movetime {}", time.as_millis());
        }
        if let Some(depth) = limits.depth {
            go += &format!(" depth {depth}");
        }
        if let Some(nodes) = limits.nodes {
            go += &format!(" nodes {nodes}");
        }
        let moves = if turns.is_empty() { String::new() } else { format!(" moves {}", turns.join(" ")) };
        writeln!(self.input, "position {}{moves}\n{go}", game.start())
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the other engine stopped reading: {e}"))?;
        // Generous: a search limited by depth or nodes has no time limit of its own.
        let patience = limits.time.map_or(Duration::from_secs(600), |t| t * 20 + Duration::from_secs(5));
        let line = match self.lines.recv_timeout(patience) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => return Err(format!("no answer in {} s", patience.as_secs())),
            Err(RecvTimeoutError::Disconnected) => return Err("the other engine ended".into()),
        };
        let Some(text) = line.strip_prefix("bestmove ") else {
            return Err(format!("unexpected answer `{line}`"));
        };
        game.position().parse_turn(text.trim()).map_err(|e| format!("bad turn `{text}`: {e}"))
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        // Not waiting long for an engine that does not quit.
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
