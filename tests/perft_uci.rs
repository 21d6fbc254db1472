//! `go perft` through the built binary (`CARGO_BIN_EXE_engine`) over stdin/stdout: the UCI position
//! parsing (X-FEN and Shredder-FEN castling), the `UCI_Chess960` option and the divide output
//! (`move: count` lines, a blank line, `Nodes searched: N`).
//!
//! Data from `tests/data/perft/` (sources on each file's first line): the 960 Chess960 start positions
//! in X-FEN and in Shredder-FEN (LastEmperor), 100 double-Chess960 start positions (computed with
//! python-chess) and the chessprogramming wiki positions, all at depth 3. For each position: the node
//! count matches D3, there are D1 distinct moves and their counts add up to the total. Each suite runs
//! in one engine process; every read has a timeout, so a hung engine fails the test.

#[path = "common/perft_data.rs"]
mod perft_data;

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Longest wait for a line of output (or for the engine to exit after `quit`).
const TIMEOUT: Duration = Duration::from_secs(60);
/// Failures listed in a panic message (all are counted).
const LISTED_FAILURES: usize = 25;

/// The output of one `go perft`.
#[derive(Debug, Default)]
struct Divide {
    /// `(move, count)` from the `move: count` lines, in output order.
    moves: Vec<(String, u64)>,
    /// `N` of `Nodes searched: N`.
    nodes: u64,
    /// `info string error` lines and unexpected lines seen since the previous `go perft` answer.
    problems: Vec<String>,
}

/// Starts the engine, writes `commands` then `quit` (from a writer thread, so a full pipe cannot
/// deadlock), and collects the answer of every `go perft` among them. Panics when the engine is
/// silent for `TIMEOUT`, ends early, or does not exit after `quit`.
fn run_session(commands: Vec<String>) -> Vec<Divide> {
    let expected = commands.iter().filter(|c| c.starts_with("go perft")).count();
    let mut child = Command::new(env!("CARGO_BIN_EXE_engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("cannot start the engine binary");
    let mut stdin = child.stdin.take().expect("engine stdin is piped");
    let stdout = child.stdout.take().expect("engine stdout is piped");

    let (sender, lines) = mpsc::channel();
    let reader = thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let writer = thread::spawn(move || -> std::io::Result<()> {
        let mut text = commands.join("\n");
        text.push_str("\nquit\n");
        stdin.write_all(text.as_bytes())?;
        stdin.flush()
        // Dropping stdin closes the pipe.
    });

    let results = read_divides(&mut child, &lines, expected);
    wait_for_exit(&mut child);
    writer.join().expect("writer thread panicked").expect("cannot write the commands to the engine");
    reader.join().expect("reader thread panicked");
    results
}

/// Reads `expected` perft answers from `lines`.
fn read_divides(child: &mut Child, lines: &Receiver<String>, expected: usize) -> Vec<Divide> {
    let mut results = Vec::with_capacity(expected);
    let mut current = Divide::default();
    while results.len() < expected {
        let line = match lines.recv_timeout(TIMEOUT) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                panic!("engine silent for {TIMEOUT:?} after {} of {expected} perft answers", results.len());
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = child.wait().map(|s| s.to_string()).unwrap_or_else(|e| e.to_string());
                panic!("engine output ended after {} of {expected} perft answers ({status})", results.len());
            }
        };
        let line = line.trim();
        let error = line.starts_with("info string error");
        // Blank lines and notes (e.g. on setoption) are not part of the perft output.
        if line.is_empty() || (line.starts_with("info ") && !error) {
            continue;
        }
        if let Some(nodes) = line.strip_prefix("Nodes searched: ") {
            current.nodes = nodes.parse().unwrap_or_else(|_| panic!("bad node count line '{line}'"));
            results.push(std::mem::take(&mut current));
        } else if error {
            current.problems.push(line.to_string());
        } else if let Some((mv, count)) = line.split_once(": ").and_then(|(m, c)| Some((m, c.parse::<u64>().ok()?))) {
            current.moves.push((mv.to_string(), count));
        } else {
            current.problems.push(format!("unexpected line '{line}'"));
        }
    }
    results
}

/// Waits for the engine to exit after `quit`; kills it and panics after `TIMEOUT`.
fn wait_for_exit(child: &mut Child) {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                assert!(status.success(), "engine exited with {status}");
                return;
            }
            Ok(None) if start.elapsed() < TIMEOUT => thread::sleep(Duration::from_millis(10)),
            Ok(None) => {
                let _ = child.kill();
                panic!("engine still running {TIMEOUT:?} after quit");
            }
            Err(e) => panic!("cannot wait for the engine: {e}"),
        }
    }
}

/// `setoption name UCI_Chess960 value ...`.
fn chess960_option(on: bool) -> String {
    format!("setoption name UCI_Chess960 value {on}")
}

/// The problems of one perft answer against the expected total and move count.
fn check_divide(divide: &Divide, nodes: u64, moves: u64) -> Vec<String> {
    let mut problems = divide.problems.clone();
    if divide.nodes != nodes {
        problems.push(format!("Nodes searched {}, expected {nodes}", divide.nodes));
    }
    if divide.moves.len() as u64 != moves {
        problems.push(format!("{} move lines, expected {moves} (D1)", divide.moves.len()));
    }
    let sum: u64 = divide.moves.iter().map(|(_, n)| n).sum();
    if sum != divide.nodes {
        problems.push(format!("move counts add up to {sum}, not to Nodes searched {}", divide.nodes));
    }
    let distinct: HashSet<&str> = divide.moves.iter().map(|(m, _)| m.as_str()).collect();
    if distinct.len() != divide.moves.len() {
        problems.push("a move is listed twice".to_string());
    }
    if let Some((bad, _)) = divide.moves.iter().find(|(m, _)| !matches!(m.len(), 4 | 5)) {
        problems.push(format!("'{bad}' is not UCI move text"));
    }
    problems
}

/// `go perft depth` for every position of `file` in one engine with `UCI_Chess960` set to `chess960`.
fn check_suite(file: &str, chess960: bool, depth: u32) {
    let start = Instant::now();
    let cases = perft_data::load(file);
    let mut commands = vec![chess960_option(chess960)];
    for case in &cases {
        assert!(case.expected(depth).is_some(), "{}: no D{depth} count", case.origin());
        assert!(case.expected(1).is_some(), "{}: no D1 count", case.origin());
        commands.push(format!("position fen {}", case.fen));
        commands.push(format!("go perft {depth}"));
    }
    let results = run_session(commands);
    let mut failures = Vec::new();
    for (case, divide) in cases.iter().zip(&results) {
        let nodes = case.expected(depth).unwrap_or_default();
        let moves = case.expected(1).unwrap_or_default();
        for problem in check_divide(divide, nodes, moves) {
            failures.push(format!("{}: FEN '{}' go perft {depth}: {problem}", case.origin(), case.fen));
        }
    }
    eprintln!("[{file}] {} positions, go perft {depth}, in {:.2}s", cases.len(), start.elapsed().as_secs_f64());
    if !failures.is_empty() {
        let listed = failures.iter().take(LISTED_FAILURES).cloned().collect::<Vec<_>>().join("\n");
        panic!("{file}: {} failure(s):\n{listed}", failures.len());
    }
}

#[test]
fn chess960_start_positions_xfen() {
    check_suite("chess960_startpos_xfen.epd", true, 3);
}

#[test]
fn chess960_start_positions_shredder() {
    check_suite("chess960_startpos_shredder.epd", true, 3);
}

#[test]
fn double_chess960_start_positions() {
    check_suite("dfrc_startpos.epd", true, 3);
}

#[test]
fn cpw_positions_classical() {
    check_suite("cpw.epd", false, 3);
}

/// Castling is written king-to-destination (`e1g1`) in classical mode and king-takes-rook (`e1h1`)
/// with `UCI_Chess960`.
#[test]
fn castling_notation_follows_uci_chess960() {
    const FEN: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let session = |chess960: bool| {
        let commands = vec![chess960_option(chess960), format!("position fen {FEN}"), "go perft 1".to_string()];
        let divide = run_session(commands).pop().expect("one perft answer");
        let problems = check_divide(&divide, 26, 26);
        assert!(problems.is_empty(), "UCI_Chess960 {chess960}: {problems:?}");
        divide.moves.into_iter().map(|(m, _)| m).collect::<HashSet<String>>()
    };

    let classical = session(false);
    for castle in ["e1g1", "e1c1"] {
        assert!(classical.contains(castle), "UCI_Chess960 false: {castle} missing from {classical:?}");
    }
    for castle in ["e1h1", "e1a1"] {
        assert!(!classical.contains(castle), "UCI_Chess960 false: {castle} listed in {classical:?}");
    }

    let chess960 = session(true);
    for castle in ["e1h1", "e1a1"] {
        assert!(chess960.contains(castle), "UCI_Chess960 true: {castle} missing from {chess960:?}");
    }
    for castle in ["e1g1", "e1c1"] {
        assert!(!chess960.contains(castle), "UCI_Chess960 true: {castle} listed in {chess960:?}");
    }
}
