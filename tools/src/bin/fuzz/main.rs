//! In-process fuzzer for the UCI front end and the FEN reader. It needs nothing beyond the engine
//! crate (cargo-fuzz would need a nightly toolchain):
//!
//!     cargo run --release -p tools --bin fuzz -- uci [inputs] [seed]   sequences of lines through the handler
//!     cargo run --release -p tools --bin fuzz -- fen [inputs] [seed]   FEN text, then `position fen` + `go perft 1`
//!
//! Inputs come from `mutate`: the seed corpus in tests/data/fuzz_corpus (a recorded python-chess session,
//! cutechess and fastchess style sessions, lines from real GUI logs, the engine's own commands) and
//! the FENs of tests/data/perft, mutated, mixed with lines built from the UCI grammar. A run fails
//! (exit 1, the input printed) on a panic in any thread, on an input still running after
//! `HANG_LIMIT`, or when a probe after an input fails: a valid `position` + `go` must still answer a
//! legal `bestmove`, and `isready` a `readyok`.
//! For a FEN that parses, its printed form must parse to the same position, and `go perft 1` must
//! count the legal moves.

mod mutate;

use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use cozy_chess::Board;
use engine::position::{notation, Position};
use engine::uci::output::Output;
use engine::uci::{Engine, Flow};
use mutate::{Corpus, Rng};

/// An input still running after this long is a hang.
const HANG_LIMIT: Duration = Duration::from_secs(20);
/// A probe after every this many UCI sequences (and after the last).
const PROBE_EVERY: u64 = 32;
/// Progress line on stderr every this many inputs.
const REPORT_EVERY: u64 = 100_000;
const USAGE: &str = "usage: fuzz uci|fen [inputs] [seed]";

/// What the watchdog, the panic hook and the run share: the inputs finished so far (the watchdog sees
/// the count move), the one being run, and the panic messages from any thread since the last check.
#[derive(Default)]
struct Monitor {
    done: AtomicU64,
    current: Mutex<String>,
    panics: Mutex<Vec<String>>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(exit) = tools::usage::shown(&args, USAGE) {
        return exit;
    }
    let target: fn(u64, &mut Rng, &Monitor) -> Result<(), String> = match args.first().map(String::as_str) {
        Some("uci") => fuzz_uci,
        Some("fen") => fuzz_fen,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let count = args.get(1).map_or(Some(100_000), |n| n.parse().ok());
    let seed = args.get(2).map_or(Some(1), |n| n.parse().ok());
    let (Some(count), Some(seed)) = (count, seed) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let monitor = Arc::new(Monitor::default());
    let hook = Arc::clone(&monitor);
    panic::set_hook(Box::new(move |info| lock(&hook.panics).push(info.to_string())));
    start_watchdog(Arc::clone(&monitor));
    let started = Instant::now();
    match target(count, &mut Rng::new(seed), &monitor) {
        Ok(()) => {
            eprintln!("{count} inputs, seed {seed}: no failure in {:.0} s", started.elapsed().as_secs_f64());
            ExitCode::SUCCESS
        }
        Err(failure) => {
            eprintln!("FAILURE after {} inputs (seed {seed}): {failure}", monitor.done.load(Ordering::Relaxed));
            ExitCode::from(1)
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Aborts the process (exit 3) when no input has finished for `HANG_LIMIT`, printing the input.
fn start_watchdog(monitor: Arc<Monitor>) {
    thread::spawn(move || {
        let mut last = (monitor.done.load(Ordering::Relaxed), Instant::now());
        loop {
            thread::sleep(Duration::from_millis(500));
            let done = monitor.done.load(Ordering::Relaxed);
            if done != last.0 {
                last = (done, Instant::now());
            } else if last.1.elapsed() > HANG_LIMIT {
                eprintln!("HANG after {done} inputs; input:\n{}", lock(&monitor.current));
                std::process::exit(3);
            }
        }
    });
}

impl Monitor {
    /// Marks the start of an input (for the watchdog and failure messages).
    fn begin(&self, text: String) {
        *lock(&self.current) = text;
    }

    /// Marks the end of an input; any panic since `begin` is a failure.
    fn end(&self) -> Result<(), String> {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if done.is_multiple_of(REPORT_EVERY) {
            eprintln!("{done} inputs");
        }
        let panics = std::mem::take(&mut *lock(&self.panics));
        match panics.first() {
            None => Ok(()),
            Some(message) => Err(format!("panic: {message}\ninput:\n{}", lock(&self.current))),
        }
    }
}

/// One line through the handler, a panic caught (and reported by `end`).
fn handle(engine: &mut Engine, line: &str) -> Flow {
    panic::catch_unwind(AssertUnwindSafe(|| engine.handle_line(line))).unwrap_or(Flow::Continue)
}

/// A fresh engine with the smallest table: `ucinewgame` clears the whole table, and that would
/// otherwise take most of the time.
fn small_engine(out: &Output) -> Engine {
    let mut engine = Engine::with_output(out.clone());
    engine.handle_line("setoption name Hash value 1");
    engine
}

fn fuzz_uci(count: u64, rng: &mut Rng, monitor: &Monitor) -> Result<(), String> {
    let corpus = Corpus::load();
    let out = Output::captured();
    let mut engine = small_engine(&out);
    for i in 0..count {
        let lines: Vec<String> = corpus
            .sequence(rng)
            .iter()
            .map(|bytes| String::from_utf8_lossy(bytes).into_owned())
            .filter(|l| mutate::affordable(l))
            .collect();
        monitor.begin(lines.iter().map(|l| format!("{l:?}")).collect::<Vec<_>>().join("\n"));
        for line in &lines {
            if handle(&mut engine, line) == Flow::Quit {
                engine = small_engine(&out);
            }
        }
        // As a GUI would at the end of an exchange: stop whatever runs and wait for its answer.
        engine.shutdown();
        out.take_captured();
        if i % PROBE_EVERY == PROBE_EVERY - 1 || i + 1 == count {
            probe(&mut engine, &out, monitor)?;
        }
        monitor.end()?;
    }
    Ok(())
}

/// Moves after which the probe searches (no castling yet, so both notations agree).
const PROBE_MOVES: [&str; 2] = ["e2e4", "e7e5"];

/// A valid `position` + `go depth 2` answers one legal `bestmove`, and `isready` a `readyok`.
fn probe(engine: &mut Engine, out: &Output, monitor: &Monitor) -> Result<(), String> {
    handle(engine, &format!("position startpos moves {}", PROBE_MOVES.join(" ")));
    handle(engine, "go depth 2");
    engine.finish_search();
    handle(engine, "isready");
    let lines = out.take_captured();
    let mut board = Board::default();
    for text in PROBE_MOVES {
        let mv = notation::parse(&board, text).map_err(|e| e.to_string())?;
        board.play(mv);
    }
    let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove ")).collect();
    let legal = match bestmoves.as_slice() {
        [line] => line.split(' ').nth(1).is_some_and(|text| notation::parse(&board, text).is_ok()),
        _ => false,
    };
    if !legal || lines.last().map(String::as_str) != Some("readyok") {
        return Err(format!("probe failed, answer: {lines:?}\nafter input:\n{}", lock(&monitor.current)));
    }
    Ok(())
}

fn fuzz_fen(count: u64, rng: &mut Rng, monitor: &Monitor) -> Result<(), String> {
    let corpus = Corpus::load();
    let out = Output::captured();
    let mut engine = Engine::with_output(out.clone());
    for _ in 0..count {
        let text = corpus.fen(rng);
        monitor.begin(format!("{text:?}"));
        let parsed = panic::catch_unwind(|| Position::from_fen(&text));
        if let Ok(Ok(position)) = parsed {
            check_parsed_fen(&mut engine, &out, &text, &position)?;
        } else if !text.split_whitespace().any(|t| t == "moves") {
            // Rejected (or panicked, which `end` reports): the handler must say so in one line. (With
            // a `moves` token the handler reads the text before it as the FEN: another input.)
            handle(&mut engine, &format!("position fen {text}"));
            let lines = out.take_captured();
            if lines.len() != 1 || !lines[0].starts_with("info string error: ") {
                return Err(format!("rejected FEN {text:?} answered {lines:?}"));
            }
        }
        monitor.end()?;
    }
    Ok(())
}

/// The printed FEN reads back as the same position, and `go perft 1` counts the legal moves.
fn check_parsed_fen(engine: &mut Engine, out: &Output, text: &str, position: &Position) -> Result<(), String> {
    for chess960 in [false, true] {
        let printed = position.fen(chess960);
        let again = Position::from_fen(&printed).map_err(|e| format!("{text:?} printed as {printed:?}: {e}"))?;
        if again.board() != position.board() || again.halfmove_clock() != position.halfmove_clock() {
            return Err(format!("{text:?} printed as {printed:?} reads back differently"));
        }
    }
    handle(engine, &format!("position fen {text}"));
    handle(engine, "go perft 1");
    let lines = out.take_captured();
    let expected = format!("Nodes searched: {}", notation::legal_moves(position.board()).len());
    if lines.last() != Some(&expected) {
        return Err(format!("{text:?}: go perft 1 answered {lines:?}, expected {expected:?}"));
    }
    // Every move made and every reply generated: only a panic would show here.
    engine::perft::divide(position.board(), 2);
    Ok(())
}
