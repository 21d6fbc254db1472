//! Command line: no arguments runs the UCI loop; `bench [depth]` and `perft <depth> [fen]` run and exit
//! (as Stockfish and OpenBench expect); anything else is run as one UCI command line (`engine "go depth
//! 8"`), then the engine exits once that command has finished (a `go infinite` is stopped at once).

use engine::uci::{self, Engine};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => uci::run(),
        Some("bench") => {
            let depth = args.get(1).and_then(|d| d.parse().ok()).filter(|&d| d >= 1);
            engine::bench::run(depth);
        }
        Some("perft") => run_lines(&perft_lines(&args[1..])),
        Some(_) => run_lines(&[args.join(" ")]),
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
