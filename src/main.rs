//! Command line: no arguments runs the UCI loop; `bench [depth] [threads]` and `perft <depth> [fen]`
//! run and exit (as Stockfish and OpenBench expect); `spsa` prints the search parameters as
//! OpenBench's SPSA input; `frc <n>` and `dfrc <white> <black>` print the FEN of a Chess960 or
//! double Chess960 start position; `survey960 ...` searches start positions into a CSV (see
//! `engine::survey`); anything else is run as UCI command lines, then the engine exits once the last
//! has finished (a `go infinite` is stopped at once): each argument a line when one of them holds a
//! space (`engine "genfens 10 seed 1 book None" "quit"`, as OpenBench calls it), else all of them one
//! line (`engine go depth 8`).

use std::process::ExitCode;

use engine::position::{fen, Position};
use engine::survey;
use engine::uci::{self, Engine};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("frc") | Some("dfrc") => return start_position(&args),
        Some("survey960") => return survey960(&args[1..]),
        None => uci::run(),
        Some("bench") => {
            let depth = args.get(1).and_then(|d| d.parse().ok()).filter(|&d| d >= 1);
            let threads = args.get(2).and_then(|t| t.parse().ok()).unwrap_or(1).clamp(1, engine::search::MAX_THREADS);
            let (nodes, nps) = engine::bench::run(depth, threads, engine::nnue::embedded::network());
            println!("{nodes} nodes {nps} nps");
        }
        Some("spsa") => engine::search::params::spsa_input().iter().for_each(|line| println!("{line}")),
        Some("perft") => run_lines(&perft_lines(&args[1..])),
        Some(_) => run_lines(&command_lines(&args)),
    }
    ExitCode::SUCCESS
}

const START_POSITION_USAGE: &str = "usage: engine frc <0-959> [shredder] | engine dfrc <0-959> <0-959> [shredder]";

/// `frc <n> [shredder]` or `dfrc <white> <black> [shredder]`: prints the start position's FEN (X-FEN
/// castling letters, or Shredder-FEN's file letters with `shredder`), or the usage on stderr.
fn start_position(args: &[String]) -> ExitCode {
    let shredder = args.last().is_some_and(|a| a == "shredder");
    let operands = &args[1..args.len() - shredder as usize];
    // Every operand must be a number: `None` as soon as one is not.
    let numbers: Option<Vec<u32>> = operands.iter().map(|a| a.parse().ok()).collect();
    let position = match (args[0].as_str(), numbers.as_deref()) {
        ("frc", Some([n])) => Position::chess960(*n),
        ("dfrc", Some([white, black])) => Position::double_chess960(*white, *black),
        _ => None,
    };
    match position {
        Some(position) => {
            println!("{}", fen::format(position.board(), 0, shredder));
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("{START_POSITION_USAGE}");
            ExitCode::from(2)
        }
    }
}

/// `survey960 ...`: the survey's summary on stdout, or why it could not run on stderr.
fn survey960(args: &[String]) -> ExitCode {
    let outcome = survey::parse(args).and_then(|request| survey::run(&request, engine::nnue::embedded::network()));
    match outcome {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("survey960: {error}");
            ExitCode::from(2)
        }
    }
}

/// The UCI lines of the command line's arguments.
fn command_lines(args: &[String]) -> Vec<String> {
    if args.iter().any(|a| a.contains(char::is_whitespace)) {
        args.to_vec()
    } else {
        vec![args.join(" ")]
    }
}

/// `perft <depth> [fen...]` as UCI lines.
fn perft_lines(args: &[String]) -> Vec<String> {
    let depth = args.first().cloned().unwrap_or_else(|| "1".to_string());
    let position =
        if args.len() > 1 { format!("position fen {}", args[1..].join(" ")) } else { "position startpos".to_string() };
    vec![position, format!("go perft {depth}")]
}

fn run_lines(lines: &[String]) {
    uci::log_file::init();
    let mut engine = Engine::new();
    for line in lines {
        if engine.handle_line(line) == uci::Flow::Quit {
            return;
        }
    }
    engine.finish_search();
}
