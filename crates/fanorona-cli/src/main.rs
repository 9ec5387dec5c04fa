//! `fanorona-cli`: the Fanorona engine from the command line.
//!
//! The output of `moves` and `perft` is an interface other programs rely on: keep it exactly.

mod bench;
mod book;
mod convert;
mod engine;
mod matches;
mod opening;
mod puzzles;
mod review;
mod show;
mod spsa;
mod tables;
mod texel;

use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use fanorona_ai::tablebase::Tablebase;
use fanorona_ai::{Level, Limits, Resumable, Search};
use fanorona_rules::{Game, Position, Variant, divide, perft};

/// The Fanorona engine from the command line.
///
/// POSITION is position text (quoted, or as separate words) or one of `tsivy`, `dimy`, `telo` for the start
/// positions.
#[derive(Parser, Debug)]
#[command(name = "fanorona-cli", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print every legal turn in notation, one per line, sorted by byte order.
    Moves {
        /// The position: text such as `bbbbb/bbbbb/wb1wb/wwwww/wwwww w`, or tsivy, dimy, telo.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
    },
    /// Count turn sequences of DEPTH turns (whole-turn perft); the count is the last line.
    Perft {
        /// Print the count below each legal turn first (`turn: count`).
        #[arg(long)]
        divide: bool,
        /// The position, then the depth, e.g. `tsivy 5`.
        #[arg(required = true, num_args = 2.., value_name = "POSITION... DEPTH")]
        args: Vec<String>,
    },
    /// Draw the board as text, with coordinates.
    Show {
        /// The position.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
    },
    /// Search a position and print the chosen turn as the last line (after `info` lines).
    Bestmove {
        /// The position.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
        /// The level: beginner, casual, classic, strong, master.
        #[arg(long, default_value = "master")]
        level: Level,
        /// Thinking time in milliseconds.
        #[arg(long)]
        time: Option<u64>,
        /// Depth limit in turns (steps for classic).
        #[arg(long)]
        depth: Option<u32>,
        /// Seed for the lower levels' randomness.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Build the endgame tables of the variant first (tsivy and dimy; the strong and master levels use them).
        #[arg(long)]
        tables: bool,
        /// Search threads (the master level; other levels search alone).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Play engine-against-engine games and print a result table.
    Match {
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
        /// Swap colours every game (each opening is played once with each colour).
        #[arg(long)]
        alternate: bool,
        /// Random opening turns before the engines take over.
        #[arg(long, default_value_t = 2)]
        opening: u32,
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
        versus: Option<std::path::PathBuf>,
        /// The endgame tables of the variant for this program's engines (used by strong and master), of up to this
        /// many pieces (2 to 5; 0 for none), built before the first game. A --versus program has its own (this
        /// program's strong and master build the four-piece tables through the engine protocol).
        #[arg(long, value_name = "PIECES", default_value_t = 4, num_args = 0..=1, default_missing_value = "4")]
        tables: u32,
        /// Give this program's engines the opening book (used by master). A --versus program that has a book plays
        /// it (this program's master does, through the engine protocol): without --book such a match is uneven.
        #[arg(long)]
        book: bool,
    },
    /// Write the opening book of tsivy from long master searches (see docs/TUNING.md): every position after fewer
    /// than FULL turns, then, up to PLIES, the positions after the book's own turn and any reply. The text goes to
    /// standard output (the shipped book is crates/fanorona-ai/book/tsivy.txt).
    Book {
        /// Turns from the start within which every position is in the book.
        #[arg(long, default_value_t = 4)]
        full: u32,
        /// Turns from the start within which positions after the book's own turns are in the book.
        #[arg(long, default_value_t = 5)]
        plies: u32,
        /// The nodes of each position's search (3,000,000: about 1.5 seconds on one core).
        #[arg(long, default_value_t = 3_000_000)]
        nodes: u64,
        /// Positions searched at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Read a saved game (RON or game text, see docs/GAME-FILES.md), check it by replaying it, and print it in the
    /// other form (or in the one asked for).
    Convert {
        /// The game file; `-` reads standard input.
        file: std::path::PathBuf,
        /// The form to print: text or ron (default: the one the file is not in).
        #[arg(long)]
        to: Option<convert::Form>,
    },
    /// Review a saved game (RON or game text): every turn with its class (best, good, inaccuracy, mistake,
    /// blunder) from the master engine, the better turn and the engine's line after each error, and each side's
    /// accuracy.
    Review {
        /// The game file; `-` reads standard input.
        file: std::path::PathBuf,
        /// The depth (turns) each position is searched to.
        #[arg(long, default_value_t = fanorona_ai::review::REVIEW_DEPTH)]
        depth: u32,
    },
    /// Print the master engine's best lines from a position, with their scores for White and their depth.
    Analyze {
        /// The position.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
        /// How many lines.
        #[arg(long, default_value_t = 3)]
        lines: usize,
        /// Depth limit in turns.
        #[arg(long)]
        depth: Option<u32>,
        /// Thinking time per line in milliseconds (without --depth or --time: one second).
        #[arg(long)]
        time: Option<u64>,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Build the perfect endgame tables of the position's variant (every position with at most 4 pieces, or 5 for a
    /// position of five) and print the position's verdict with a best turn, then how long the build took.
    Tb {
        /// The position.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
    },
    /// Speak the engine protocol on standard input and output (see README).
    Engine,
    /// Find puzzles in the master's self-play games and print them as a puzzle file (docs/PUZZLES.md): positions
    /// where exactly one turn keeps a decisive advantage, confirmed by a deeper search, with the line that follows.
    /// With --check FILE, check a puzzle file instead: every solution legal and still the only good line at --nodes.
    /// With --confirm FILE, search each puzzle of a file again at --nodes (far more than it was made with) and print
    /// the file made again: turns as good as the solution's last accepted, puzzles cut short or dropped where a turn
    /// does not hold (docs/PUZZLES.md); a line for each puzzle on standard error.
    Puzzles {
        /// The board: tsivy or dimy.
        #[arg(long, default_value = "tsivy")]
        variant: Variant,
        /// Self-play games to look through.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Nodes of each test of a position (two lines of this many, four times as many to confirm), and of the check.
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        /// Nodes of each self-play turn: fewer than the test's, so that the games have mistakes to punish.
        #[arg(long, default_value_t = 2_000)]
        play_nodes: u64,
        /// Random opening turns of each game (the master plays the same game from the same opening: four turns give
        /// thousands of openings, two only a few dozen).
        #[arg(long, default_value_t = 4)]
        opening: u32,
        /// Seed for the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games looked through at once.
        #[arg(long, default_value_t = 1)]
        concurrency: usize,
        /// Check this puzzle file instead (exit status 2 if a puzzle fails).
        #[arg(long, value_name = "FILE", conflicts_with = "confirm")]
        check: Option<std::path::PathBuf>,
        /// Confirm this puzzle file instead, and print it made again.
        #[arg(long, value_name = "FILE")]
        confirm: Option<std::path::PathBuf>,
    },
    /// Tune the evaluation weights by self-play: each weight halved and doubled in turn, kept if it wins a match.
    Tune {
        /// Games per trial match.
        #[arg(long, default_value_t = 40)]
        games: u32,
        /// Search depth (turns) of the strong level used for the trials.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Seed for the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Tune the evaluation weights by SPSA (see docs/TUNING.md): each pair of master-against-master games, at a
    /// fixed number of nodes a move, pits every weight perturbed up or down against the opposite, and moves the
    /// weights towards the winner. Progress goes to standard error; the log and the final weights to standard output.
    Spsa {
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
        /// A line of progress every this many pairs.
        #[arg(long, default_value_t = 50)]
        every: u32,
    },
    /// Fit the full evaluation's weights to the results of self-play games (Texel's method, see docs/TUNING.md):
    /// master-against-master games at a fixed depth give the quiet positions, labelled with their results; the fit
    /// prints the weights. With --check, a match of the fitted weights against the current ones follows.
    Texel {
        /// Self-play games to draw positions from.
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// Search depth (turns) of the self-play games.
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Random opening turns of each game.
        #[arg(long, default_value_t = 3)]
        opening: u32,
        /// Seed for the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Games of the check match (master with the fitted weights against master as it is), colours alternating.
        #[arg(long, default_value_t = 0)]
        check: u32,
        /// Thinking time per move of the check match, in milliseconds.
        #[arg(long, default_value_t = 100)]
        time: u64,
    },
    /// Time perft (or, with --search, the master search) from a position; build with --release for real figures.
    Bench {
        /// The depth (turns): 6 for perft; for --search, the one depth to time (default: 8 and 10).
        #[arg(long)]
        depth: Option<u32>,
        /// Time the master level's search instead of perft: time and nodes to each depth, nodes per second. Without
        /// --position, on the fixed suite: the start after f3-e3A and three middle games.
        #[arg(long)]
        search: bool,
        /// The position (default: tsivy for perft, the suite for --search).
        #[arg(long)]
        position: Option<String>,
        /// With --search: the most seconds spent on each position.
        #[arg(long, default_value_t = 60)]
        cap: u64,
        /// With --search: search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

/// A command-line error: printed on stderr, exit status 2.
#[derive(Debug)]
struct CliError(String);

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(CliError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<String, CliError> {
    let mut out = String::new();
    match command {
        Command::Moves { position } => {
            let position = parse_position(&position.join(" "))?;
            let mut turns: Vec<String> = position.legal_turns().iter().map(ToString::to_string).collect();
            turns.sort();
            for t in turns {
                let _ = writeln!(out, "{t}");
            }
        }
        Command::Perft { divide: by_turn, mut args } => {
            let depth_text = args.pop().unwrap_or_default();
            let depth = parse_depth(&depth_text)?;
            let position = parse_position(&args.join(" "))?;
            if by_turn {
                for (turn, count) in divide(&position, depth) {
                    let _ = writeln!(out, "{turn}: {count}");
                }
            }
            let _ = writeln!(out, "{}", perft(&position, depth));
        }
        Command::Show { position } => out = show::show(&parse_position(&position.join(" "))?),
        Command::Bestmove { position, level, time, depth, seed, tables, threads } => {
            let game = Game::new(parse_position(&position.join(" "))?);
            let limits = Limits { time: time.map(Duration::from_millis), depth, nodes: None };
            let mut search = Search::for_level(&game, level, limits, seed).with_threads(threads);
            if tables {
                search = search.with_tablebase(Arc::new(Tablebase::build(game.position().variant())?));
            }
            let result = search.run();
            let pv: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
            let _ = writeln!(
                out,
                "info depth {} score {} nodes {} pv {}",
                result.depth,
                result.score,
                result.nodes,
                pv.join(" ")
            );
            match result.best {
                Some(turn) => {
                    let _ = writeln!(out, "{turn}");
                }
                None => return Err(CliError("no legal turn: the game is over".into())),
            }
        }
        Command::Match {
            white,
            black,
            games,
            time,
            seed,
            variant,
            alternate,
            opening,
            concurrency,
            threads,
            ponder,
            depth,
            nodes,
            versus,
            tables,
            book,
        } => {
            let threads = per_engine(&threads, "--threads")?.unwrap_or([1, 1]);
            let times = per_engine(&time, "--time")?.map(|t| t.map(Duration::from_millis));
            let limits = |engine: usize| Limits { time: times.map(|t| t[engine]), depth, nodes };
            let tablebase = (tables > 0).then(|| Tablebase::build_pieces(variant, tables).map(Arc::new)).transpose()?;
            let settings = matches::Settings {
                engines: [matches::Engine::level(white), matches::Engine::level(black)],
                games,
                limits: [limits(0), limits(1)],
                seed,
                variant,
                alternate,
                opening,
                concurrency,
                threads,
                ponder,
                versus,
                tablebase,
                book,
            };
            out = matches::run(&settings).to_string();
        }
        Command::Book { full, plies, nodes, threads } => {
            out = book::write(&book::Settings { full, plies, nodes, threads });
        }
        Command::Convert { file, to } => out = convert::run(&file, to).map_err(CliError)?,
        Command::Review { file, depth } => out = review::review(&file, depth).map_err(CliError)?,
        Command::Analyze { position, lines, depth, time, threads } => {
            let position = parse_position(&position.join(" "))?;
            let limits = Limits { time: time.map(Duration::from_millis), depth, nodes: None };
            out = review::analyze(position, lines, limits, threads);
        }
        Command::Tb { position } => out = tables::verdict(&parse_position(&position.join(" "))?)?,
        Command::Engine => engine::run(std::io::stdin().lock(), std::io::stdout().lock()),
        Command::Puzzles { confirm: Some(file), nodes, .. } => {
            let in_file = |e: String| CliError(format!("{}: {e}", file.display()));
            let text = std::fs::read_to_string(&file).map_err(|e| in_file(e.to_string()))?;
            out = puzzles::confirm(&text, nodes, |line| eprintln!("{line}")).map_err(in_file)?;
        }
        Command::Puzzles { check: Some(file), nodes, .. } => {
            let in_file = |e: String| CliError(format!("{}: {e}", file.display()));
            let text = std::fs::read_to_string(&file).map_err(|e| in_file(e.to_string()))?;
            let (report, passed) = puzzles::check(&text, nodes).map_err(in_file)?;
            if !passed {
                return Err(CliError(report));
            }
            out = report;
        }
        Command::Puzzles { variant, games, nodes, play_nodes, opening, seed, concurrency, .. } => {
            let settings = puzzles::Settings { variant, games, nodes, play_nodes, opening, seed, concurrency };
            out = puzzles::generate(&settings);
        }
        Command::Tune { games, depth, seed, threads } => out = matches::tune(games, depth, seed, threads),
        Command::Spsa { pairs, nodes, opening, seed, rate, threads, every } => {
            let settings = spsa::Settings { pairs, nodes, opening, seed, rate, threads };
            out = spsa::run(&settings, fanorona_ai::Weights::TUNED, every, |line| eprintln!("{line}")).1;
        }
        Command::Texel { games, depth, opening, seed, threads, check, time } => {
            let samples = texel::samples(games, depth, opening, seed, threads);
            let _ = writeln!(out, "{}", texel::summary(&samples));
            let (fitted, log) = texel::fit(&samples, fanorona_ai::Weights::TUNED);
            out.push_str(&log);
            if check > 0 {
                let settings = matches::Settings {
                    engines: [
                        matches::Engine { level: Level::Master, eval: fanorona_ai::Eval::Full(fitted) },
                        matches::Engine::level(Level::Master),
                    ],
                    games: check,
                    limits: [Limits::time(Duration::from_millis(time)); 2],
                    seed,
                    variant: Variant::Tsivy,
                    alternate: true,
                    opening: 2,
                    concurrency: threads,
                    threads: [1, 1],
                    ponder: false,
                    versus: None,
                    tablebase: None,
                    book: false,
                };
                let _ = write!(out, "check match, fitted (first) against current:\n{}", matches::run(&settings));
            }
        }
        Command::Bench { depth, search: true, position, cap, threads } => {
            let positions = match position {
                Some(text) => vec![("position".to_owned(), parse_position(&text)?)],
                None => bench::SUITE
                    .iter()
                    .map(|(name, text)| Ok(((*name).to_owned(), parse_position(text)?)))
                    .collect::<Result<_, CliError>>()?,
            };
            let depths = depth.map_or_else(|| vec![8, 10], |d| vec![d]);
            out = bench::search_suite(&positions, &depths, Duration::from_secs(cap), threads);
        }
        Command::Bench { depth, search: false, position, .. } => {
            let depth = depth.unwrap_or(6);
            let position = parse_position(position.as_deref().unwrap_or("tsivy"))?;
            let started = Instant::now();
            let count = perft(&position, depth);
            let seconds = started.elapsed().as_secs_f64();
            let _ = writeln!(out, "position: {position}");
            let _ = writeln!(out, "perft({depth}) = {count}");
            let _ = writeln!(out, "time: {seconds:.3} s");
            let _ = writeln!(out, "speed: {:.1} million turns/s", count as f64 / seconds.max(1e-9) / 1e6);
        }
    }
    Ok(out)
}

/// Position text, or the name of a variant for its start position.
fn parse_position(text: &str) -> Result<Position, CliError> {
    if let Ok(variant) = text.trim().parse::<Variant>() {
        return Ok(Position::start(variant));
    }
    text.parse().map_err(|e| CliError(format!("bad position `{text}`: {e}")))
}

fn parse_depth(text: &str) -> Result<u32, CliError> {
    text.parse().map_err(|_| CliError(format!("bad depth `{text}`: expected a whole number such as 5")))
}

/// A `match` option given once for both engines or twice, the first engine's then the second's; `None` when absent.
fn per_engine<T: Copy>(values: &[T], option: &str) -> Result<Option<[T; 2]>, CliError> {
    match *values {
        [] => Ok(None),
        [both] => Ok(Some([both, both])),
        [first, second] => Ok(Some([first, second])),
        _ => Err(CliError(format!("{option} takes one number, or two separated by a comma"))),
    }
}
