//! UCI protocol tests against the built binary: the timing of `go`/`stop`/`quit`/`ponderhit`/end of
//! input, one `bestmove` for every `go`, and `eval`, with exact transcripts.
//!
//! The timing tests take a process-wide lock so that they never compete with each other for the CPU;
//! their bounds are generous except where UCI practice asks for a tight one (`stop` within 50 ms,
//! `quit` within 200 ms), which are measured up to three times and judged by the best attempt.

#[path = "common/engine.rs"]
mod engine;

use std::sync::{Mutex, MutexGuard};
use std::thread::sleep;
use std::time::{Duration, Instant};

use engine::{Engine, SEARCH_TIMEOUT};

/// Serialises the timing-sensitive tests of this file.
static TIMING: Mutex<()> = Mutex::new(());

fn timing_lock() -> MutexGuard<'static, ()> {
    TIMING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Reads for a moment and asserts that no further `bestmove` arrives.
fn assert_no_more_bestmoves(engine: &mut Engine, context: &str) {
    let extra = engine.read_for(Duration::from_millis(150));
    if extra.iter().any(|l| l.starts_with("bestmove")) {
        engine.fail(&format!("{context}: unexpected extra bestmove: {extra:?}"));
    }
}

#[test]
fn stop_ends_an_infinite_search_within_50ms() {
    let _guard = timing_lock();
    let mut measured = Vec::new();
    for _attempt in 0..3 {
        let mut engine = Engine::spawn();
        engine.send("position startpos moves e2e4 e7e5");
        engine.is_ready();
        engine.send("go infinite");
        let early = engine.read_for(Duration::from_millis(300));
        assert!(!early.iter().any(|l| l.starts_with("bestmove")), "go infinite answered before stop: {early:?}");
        let sent = engine.send_timed("stop");
        let search = engine.wait_bestmove(Duration::from_secs(5));
        let latency = search.at.saturating_duration_since(sent);
        measured.push(latency);
        assert_no_more_bestmoves(&mut engine, "go infinite + stop");
        assert_eq!(engine.count_received("bestmove"), 1);
        let legal = engine.legal_moves();
        assert!(legal.contains(&search.bestmove), "{search:?} not in {legal:?}");
        if latency <= Duration::from_millis(50) {
            break;
        }
    }
    let shown: Vec<String> = measured.iter().map(|d| format!("{:.2} ms", ms(*d))).collect();
    println!("stop -> bestmove latency: {}", shown.join(", "));
    let best = measured.iter().min().copied().unwrap_or(Duration::MAX);
    assert!(best <= Duration::from_millis(50), "stop -> bestmove took {shown:?}");
}

#[test]
fn quit_during_an_infinite_search_exits_within_200ms() {
    let _guard = timing_lock();
    let mut measured = Vec::new();
    for _attempt in 0..3 {
        let mut engine = Engine::spawn();
        engine.send("position startpos");
        engine.is_ready();
        engine.send("go infinite");
        sleep(Duration::from_millis(300));
        let sent = engine.send_timed("quit");
        let status = engine.wait_exit(Duration::from_secs(5));
        let elapsed = sent.elapsed();
        let Some(status) = status else { engine.fail("engine did not exit within 5 s of quit") };
        assert!(status.success(), "exit status {status}");
        measured.push(elapsed);
        // At most one bestmove (UCI does not require one after quit).
        engine.read_for(Duration::from_millis(50));
        assert!(engine.count_received("bestmove") <= 1, "{}", engine.transcript());
        if elapsed <= Duration::from_millis(200) {
            break;
        }
    }
    let shown: Vec<String> = measured.iter().map(|d| format!("{:.2} ms", ms(*d))).collect();
    println!("quit -> exit: {}", shown.join(", "));
    let best = measured.iter().min().copied().unwrap_or(Duration::MAX);
    assert!(best <= Duration::from_millis(200), "quit -> exit took {shown:?}");
}

#[test]
fn quit_when_idle_exits_successfully() {
    let mut engine = Engine::spawn();
    engine.is_ready();
    engine.send("quit");
    let status = engine.wait_exit(Duration::from_secs(5));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    assert_eq!(engine.read_for(Duration::from_millis(50)), Vec::<String>::new());
}

#[test]
fn end_of_input_exits_cleanly() {
    let _guard = timing_lock();
    // Idle.
    let mut engine = Engine::spawn();
    engine.is_ready();
    let closed = Instant::now();
    engine.close_stdin();
    let status = engine.wait_exit(Duration::from_secs(5));
    println!("end of input (idle) -> exit: {:.2} ms", ms(closed.elapsed()));
    assert!(status.is_some_and(|s| s.success()), "{status:?}\n{}", engine.transcript());

    // During an infinite search: the search is stopped, answered, and the process exits with success.
    let mut engine = Engine::spawn();
    engine.send("go infinite");
    sleep(Duration::from_millis(200));
    let closed = Instant::now();
    engine.close_stdin();
    let status = engine.wait_exit(Duration::from_secs(5));
    println!("end of input (searching) -> exit: {:.2} ms", ms(closed.elapsed()));
    assert!(status.is_some_and(|s| s.success()), "{status:?}\n{}", engine.transcript());
    let rest = engine.read_for(Duration::from_millis(200));
    assert_eq!(rest.iter().filter(|l| l.starts_with("bestmove")).count(), 1, "{rest:?}");

    // A last line without a newline is still handled before the exit.
    let mut engine = Engine::spawn();
    engine.send_raw(b"isready");
    engine.close_stdin();
    let lines = engine.read_for(Duration::from_millis(500));
    assert_eq!(lines, vec!["readyok"]);
    let status = engine.wait_exit(Duration::from_secs(5));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
}

#[test]
fn a_new_go_right_after_go_gives_exactly_two_bestmoves() {
    let _guard = timing_lock();
    let mut engine = Engine::spawn();
    engine.send("position startpos");
    let white_moves = engine.legal_moves();
    engine.send("position startpos moves e2e4");
    let black_moves = engine.legal_moves();
    engine.send("position startpos");
    engine.is_ready();

    engine.send("go depth 5");
    engine.send("position startpos moves e2e4");
    engine.send("go depth 3");
    let first = engine.wait_bestmove(SEARCH_TIMEOUT);
    let second = engine.wait_bestmove(SEARCH_TIMEOUT);
    assert_no_more_bestmoves(&mut engine, "go depth 5; position; go depth 3");
    assert_eq!(engine.count_received("bestmove"), 2);
    assert!(white_moves.contains(&first.bestmove), "first {first:?} not in {white_moves:?}");
    assert!(black_moves.contains(&second.bestmove), "second {second:?} not in {black_moves:?}");
    // The position stayed as set after the first go.
    // (cozy-chess writes the en-passant square after every double push.)
    assert_eq!(engine.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

#[test]
fn movetime_200_answers_between_150_and_400ms() {
    let _guard = timing_lock();
    let mut engine = Engine::spawn();
    engine.send("position startpos moves e2e4 c7c5 g1f3");
    engine.is_ready();
    let sent = engine.send_timed("go movetime 200");
    let search = engine.wait_bestmove(Duration::from_secs(10));
    let elapsed = search.at.saturating_duration_since(sent);
    println!("go movetime 200 -> bestmove after {:.2} ms", ms(elapsed));
    assert!(
        elapsed >= Duration::from_millis(150) && elapsed <= Duration::from_millis(400),
        "go movetime 200 answered after {elapsed:?}"
    );
    assert_no_more_bestmoves(&mut engine, "go movetime 200");
    assert!(engine.legal_moves().contains(&search.bestmove));
}

#[test]
fn one_second_clock_answers_well_under_a_second() {
    let _guard = timing_lock();
    let mut engine = Engine::spawn();
    for position in ["position startpos", "position startpos moves e2e4"] {
        engine.send(position);
        engine.is_ready();
        let sent = engine.send_timed("go wtime 1000 btime 1000 winc 10 binc 10");
        let search = engine.wait_bestmove(Duration::from_secs(10));
        let elapsed = search.at.saturating_duration_since(sent);
        println!("{position}: go wtime 1000 btime 1000 winc 10 binc 10 -> {:.2} ms", ms(elapsed));
        assert!(elapsed < Duration::from_millis(500), "answered after {elapsed:?}");
        assert_no_more_bestmoves(&mut engine, "go wtime 1000");
        assert!(engine.legal_moves().contains(&search.bestmove));
    }
}

#[test]
fn ponder_waits_for_ponderhit_then_answers_within_the_budget() {
    let _guard = timing_lock();
    let mut engine = Engine::spawn();
    engine.set_option("Ponder", "true");
    // The GUI ponders on the predicted reply e7e5 to 1. e4.
    engine.send("position startpos moves e2e4 e7e5");
    let legal = engine.legal_moves();
    engine.is_ready();
    engine.send("go ponder wtime 10000 btime 10000");
    let early = engine.read_for(Duration::from_millis(300));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "bestmove while pondering: {early:?}");
    // Pondering does not block the UCI thread.
    engine.is_ready();
    let hit = engine.send_timed("ponderhit");
    let search = engine.wait_bestmove(Duration::from_secs(10));
    let elapsed = search.at.saturating_duration_since(hit);
    println!("ponderhit -> bestmove after {:.2} ms", ms(elapsed));
    // 10 s on the clock: the engine may use up to half of it (src/search/time.rs), far less in practice.
    assert!(elapsed < Duration::from_millis(5000), "ponderhit -> bestmove took {elapsed:?}");
    assert!(legal.contains(&search.bestmove), "{search:?} not in {legal:?}");
    assert_no_more_bestmoves(&mut engine, "go ponder + ponderhit");
    assert_eq!(engine.count_received("bestmove"), 1);
}

#[test]
fn ponder_then_stop_gives_a_bestmove() {
    let _guard = timing_lock();
    let mut engine = Engine::spawn();
    engine.set_option("Ponder", "true");
    engine.send("position startpos moves d2d4 d7d5");
    let legal = engine.legal_moves();
    engine.is_ready();
    engine.send("go ponder wtime 10000 btime 10000 winc 100 binc 100");
    let early = engine.read_for(Duration::from_millis(300));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "bestmove while pondering: {early:?}");
    let sent = engine.send_timed("stop");
    let search = engine.wait_bestmove(Duration::from_secs(5));
    println!("ponder + stop -> bestmove after {:.2} ms", ms(search.at.saturating_duration_since(sent)));
    assert!(legal.contains(&search.bestmove), "{search:?} not in {legal:?}");
    assert_no_more_bestmoves(&mut engine, "go ponder + stop");
    assert_eq!(engine.count_received("bestmove"), 1);
}

/// Once `bestmove` is out the search is over (UCI), so `go perft` sent right after it must be
/// accepted, not refused with "a search is running".
#[test]
fn perft_right_after_bestmove_is_accepted() {
    let mut engine = Engine::spawn();
    let mut refused = Vec::new();
    for round in 0..20 {
        engine.go("depth 1", SEARCH_TIMEOUT);
        if let Err(error) = engine.perft_answer(1) {
            refused.push(format!("round {round}: {error}"));
            // Let the search thread finish before the next round.
            engine.is_ready();
            sleep(Duration::from_millis(20));
        }
    }
    assert!(
        refused.is_empty(),
        "go perft 1 right after bestmove was refused {} of 20 times: {refused:?}",
        refused.len()
    );
}

/// Counts one more `go` and checks that exactly one `bestmove` per `go` has arrived so far.
fn check(engine: &mut Engine, search: &engine::Search, gos: &mut usize) {
    *gos += 1;
    assert_no_more_bestmoves(engine, &format!("go #{gos}"));
    assert_eq!(engine.count_received("bestmove"), *gos, "{search:?}");
}

#[test]
fn every_go_yields_exactly_one_bestmove() {
    let _guard = timing_lock();
    let mut engine = Engine::spawn();
    let mut gos = 0;

    // Idle stop and ponderhit print nothing.
    engine.send("stop");
    engine.send("ponderhit");
    assert_eq!(engine.is_ready(), Vec::<String>::new());

    for args in [
        "depth 1",
        "depth 4",
        "nodes 2000",
        "movetime 50",
        "wtime 500 btime 500",
        "wtime 500 btime 500 movestogo 1",
        "depth 3 nodes 100000 movetime 5000",
    ] {
        let search = engine.go(args, SEARCH_TIMEOUT);
        assert!(engine.legal_moves().contains(&search.bestmove), "go {args}: {search:?}");
        check(&mut engine, &search, &mut gos);
    }

    // searchmoves restricts the answer.
    let search = engine.go("searchmoves a2a3 depth 3", SEARCH_TIMEOUT);
    assert_eq!(search.bestmove, "a2a3");
    check(&mut engine, &search, &mut gos);

    // infinite + stop; ponder + ponderhit; ponder + stop.
    for (go, end) in [("infinite", "stop"), ("ponder wtime 2000 btime 2000", "ponderhit"), ("ponder", "stop")] {
        engine.send(&format!("go {go}"));
        sleep(Duration::from_millis(100));
        engine.send(end);
        let search = engine.wait_bestmove(Duration::from_secs(10));
        check(&mut engine, &search, &mut gos);
    }

    // An infinite search interrupted by a new go: one bestmove for each.
    engine.send("go infinite");
    sleep(Duration::from_millis(100));
    engine.send("go depth 2");
    let first = engine.wait_bestmove(Duration::from_secs(5));
    gos += 1;
    let second = engine.wait_bestmove(SEARCH_TIMEOUT);
    check(&mut engine, &second, &mut gos);
    assert!(engine.legal_moves().contains(&first.bestmove));

    // Mate in one, found at once.
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let search = engine.go("mate 1", SEARCH_TIMEOUT);
    assert_eq!(search.bestmove, "a1a8");
    assert_eq!(search.last_info_value("score").as_deref(), Some("mate 1"));
    check(&mut engine, &search, &mut gos);

    // No legal move: checkmated and stalemated sides answer `bestmove 0000`.
    for fen in ["R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"] {
        engine.send(&format!("position fen {fen}"));
        let search = engine.go("depth 3", SEARCH_TIMEOUT);
        assert_eq!(search.lines.last().map(String::as_str), Some("bestmove 0000"), "{fen}");
        check(&mut engine, &search, &mut gos);
        // Even an infinite search of a finished game waits for stop.
        engine.send("go infinite");
        let early = engine.read_for(Duration::from_millis(100));
        assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{early:?}");
        engine.send("stop");
        let search = engine.wait_bestmove(Duration::from_secs(5));
        assert_eq!(search.bestmove, "0000");
        check(&mut engine, &search, &mut gos);
    }
    println!("{gos} go commands, {} bestmove lines", engine.count_received("bestmove"));
}

/// `eval` prints the built-in network's piece values and verdict, with totals that agree, and says
/// so when in check.
#[test]
fn eval_prints_the_networks_verdict() {
    let mut engine = Engine::spawn();
    engine.send("position fen 8/5pk1/6p1/3P4/8/8/5PPP/6K1 w - - 0 40");
    engine.send("eval");
    let lines = engine.is_ready();
    assert!(lines.iter().any(|l| l == "NNUE piece values (white's side, pawns):"), "{lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with("NNUE network output (side to move): ")), "{lines:#?}");
    let final_line = lines.iter().find(|l| l.starts_with("Final evaluation:")).expect("final evaluation line");
    let white_view: f64 = final_line.split_whitespace().nth(2).and_then(|v| v.parse().ok()).expect("a number");
    let side_line = lines.iter().find(|l| l.starts_with("Side to move:")).expect("side to move line");
    let side_cp: i32 = side_line.split_whitespace().nth(3).and_then(|v| v.parse().ok()).expect("centipawns");
    assert_eq!((white_view * 100.0).round() as i32, side_cp, "{lines:#?}");
    // A pawn up for white in a pawn ending: clearly positive.
    assert!(side_cp > 100, "{lines:#?}");

    engine.send("position fen 4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    engine.send("eval");
    let lines = engine.is_ready();
    assert!(lines.iter().any(|l| l == "Final evaluation: none (in check)"), "{lines:#?}");
}
