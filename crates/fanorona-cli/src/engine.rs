//! The engine protocol: one command per line on standard input, answers on standard output.
//!
//! ```text
//! position <POSITION> [moves <TURN>...]   set the position (text, or tsivy/dimy/telo), then play turns
//! go [movetime MS] [depth N] [nodes N] [level L]
//!                                         search; answers `bestmove <TURN>` (or `bestmove none`)
//! threads N                               search with N threads from now on (the master level; 1 at the start)
//! isready                                 answers `readyok`
//! quit                                    ends the program
//! ```
//! Anything else answers a line `error ...` and the engine keeps running. The strong and master levels play with the
//! endgame tables of tsivy and dimy (four pieces), built at the first search of each of those boards (about a second
//! each), and the master with its opening book, as in the game.

use std::io::{BufRead, Write};
use std::time::Duration;

use fanorona_ai::tablebase::LazyTables;
use fanorona_ai::{Book, Level, Limits, Resumable, Search, TranspositionTable};
use fanorona_rules::{Game, Variant};

/// Reads commands until `quit` or the end of input. One transposition table serves every search, so what one
/// search learnt helps the next (its entries age out), and the endgame tables are built once.
pub fn run(input: impl BufRead, mut output: impl Write) {
    let mut game = Game::of_variant(Variant::Tsivy);
    let mut seed = 1;
    let mut threads = 1;
    let mut table: Option<TranspositionTable> = None;
    let tables = LazyTables::default();
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.split_first() {
            None => continue,
            Some((&"quit", _)) => break,
            Some((&"isready", _)) => "readyok".to_owned(),
            Some((&"threads", args)) => match args {
                [count] if count.parse::<usize>().is_ok_and(|n| n >= 1) => {
                    threads = count.parse().unwrap_or(1);
                    continue;
                }
                _ => format!("error bad threads `{}`: expected one whole number from 1", args.join(" ")),
            },
            Some((&"position", args)) => match set_position(args) {
                Ok(g) => {
                    game = g;
                    continue;
                }
                Err(e) => format!("error {e}"),
            },
            Some((&"go", args)) => {
                seed += 1;
                match go(&game, args, (seed, threads), &mut table, &tables) {
                    Ok(reply) => reply,
                    Err(e) => format!("error {e}"),
                }
            }
            Some((other, _)) => {
                format!("error unknown command `{other}`: expected position, go, threads, isready or quit")
            }
        };
        if writeln!(output, "{reply}").and_then(|()| output.flush()).is_err() {
            break;
        }
    }
}

fn set_position(args: &[&str]) -> Result<Game, String> {
    let split = args.iter().position(|w| w.eq_ignore_ascii_case("moves")).unwrap_or(args.len());
    let (position, rest) = args.split_at(split);
    if position.is_empty() {
        return Err("position needs position text or tsivy, dimy, telo".into());
    }
    let start = crate::args::position(position).map_err(|e| e.0)?;
    let mut game = Game::new(start);
    for (i, turn) in rest.iter().skip(1).enumerate() {
        game.play_notation(turn).map_err(|e| format!("turn {} `{turn}`: {e}", i + 1))?;
    }
    Ok(game)
}

fn go(
    game: &Game,
    args: &[&str],
    (seed, threads): (u64, usize),
    table: &mut Option<TranspositionTable>,
    tables: &LazyTables,
) -> Result<String, String> {
    let mut limits = Limits::NONE;
    let mut level = Level::Master;
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        let value = words.next().ok_or_else(|| format!("`{word}` needs a value"))?;
        match word {
            "movetime" => {
                let ms = value.parse().map_err(|_| format!("bad movetime `{value}`"))?;
                limits.time = Some(Duration::from_millis(ms));
            }
            "depth" => limits.depth = Some(value.parse().map_err(|_| format!("bad depth `{value}`"))?),
            "nodes" => limits.nodes = Some(value.parse().map_err(|_| format!("bad nodes `{value}`"))?),
            "level" => level = value.parse().map_err(|e: fanorona_ai::ParseLevelError| e.to_string())?,
            _ => return Err(format!("unknown go option `{word}`: expected movetime, depth, nodes or level")),
        }
    }
    if game.is_over() {
        return Ok("bestmove none".into());
    }
    // The master plays its book here as in the game, so that a later build's match meets it as it plays.
    let mut search = Search::for_level(game, level, limits, seed).with_book(Book::builtin()).with_threads(threads);
    if level.plays_tables()
        && let Some(tablebase) = tables.get(game.position().variant())
    {
        search = search.with_tablebase(tablebase);
    }
    if let Some(t) = table.take() {
        search = search.with_table(t);
    }
    let result = search.run();
    *table = search.take_table();
    Ok(result.best.map_or_else(|| "bestmove none".to_owned(), |t| format!("bestmove {t}")))
}
