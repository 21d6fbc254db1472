//! UCI protocol tests against the built binary: the `uci` handshake, `isready`, every option of
//! `setoption` (including clamping and the `Debug Log File`), and the timing of `go`/`stop`/`quit`/
//! `ponderhit`/end of input, with exact transcripts.
//!
//! The timing tests take a process-wide lock so that they never compete with each other for the CPU;
//! their bounds are generous except where UCI practice asks for a tight one (`stop` within 50 ms,
//! `quit` within 200 ms), which are measured up to three times and judged by the best attempt.

#[path = "common/engine.rs"]
mod engine;

use std::sync::{Mutex, MutexGuard};
use std::thread::sleep;
use std::time::{Duration, Instant};

use engine::{Engine, READY_TIMEOUT, SEARCH_TIMEOUT};

/// Serialises the timing-sensitive tests of this file.
static TIMING: Mutex<()> = Mutex::new(());

fn timing_lock() -> MutexGuard<'static, ()> {
    TIMING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The option lines of `src/uci/options.rs`, in declaration order.
const OPTION_LINES: [&str; 18] = [
    "option name Hash type spin default 16 min 1 max 65536",
    "option name Threads type spin default 1 min 1 max 256",
    "option name Move Overhead type spin default 10 min 0 max 5000",
    "option name MultiPV type spin default 1 min 1 max 256",
    "option name Contempt type spin default 0 min -1000 max 1000",
    "option name Rule50 type spin default 50 min 0 max 100",
    "option name Ponder type check default false",
    "option name UCI_Chess960 type check default false",
    "option name UCI_ShowWDL type check default false",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 1350 min 1350 max 2850",
    "option name Clear Hash type button",
    "option name Debug Log File type string default <empty>",
    "option name EvalFile type string default net1.nnue",
    "option name SyzygyPath type string default <empty>",
    "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
    "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    "option name Syzygy50MoveRule type check default true",
];

#[test]
fn uci_handshake_identifies_and_declares_every_option() {
    let mut engine = Engine::spawn();
    let lines = engine.handshake();
    let mut expected = vec![
        format!("id name Cozy Engine {}", env!("CARGO_PKG_VERSION")),
        "id author the engine's authors".to_string(),
    ];
    expected.extend(OPTION_LINES.iter().map(|l| l.to_string()));
    expected.push("uciok".to_string());
    assert_eq!(lines, expected);
    assert_eq!(engine.is_ready(), Vec::<String>::new());
    // A second `uci` answers the same.
    assert_eq!(engine.handshake(), expected);
}

#[test]
fn isready_answers_readyok_every_time() {
    let mut engine = Engine::spawn();
    assert_eq!(engine.is_ready(), Vec::<String>::new());
    for _ in 0..5 {
        engine.send("isready");
    }
    for _ in 0..5 {
        assert_eq!(engine.read_until("readyok", READY_TIMEOUT), vec!["readyok"]);
    }
    assert_eq!(engine.read_for(Duration::from_millis(100)), Vec::<String>::new());
}

#[test]
fn setoption_accepts_every_declared_option_silently() {
    let mut engine = Engine::spawn();
    engine.handshake();
    let settings = [
        ("Hash", "1"),
        ("Hash", "64"),
        ("Threads", "1"),
        ("Move Overhead", "0"),
        ("Move Overhead", "5000"),
        ("Move Overhead", "30"),
        ("MultiPV", "1"),
        ("Contempt", "-50"),
        ("Contempt", "0"),
        ("Rule50", "0"),
        ("Rule50", "100"),
        ("Rule50", "50"),
        ("Ponder", "true"),
        ("Ponder", "false"),
        ("UCI_Chess960", "true"),
        ("UCI_Chess960", "false"),
        ("UCI_ShowWDL", "true"),
        ("UCI_ShowWDL", "false"),
        ("UCI_Elo", "2000"),
        ("UCI_LimitStrength", "true"),
        ("UCI_LimitStrength", "false"),
        ("Threads", "2"),
        ("MultiPV", "3"),
        ("Threads", "1"),
        ("MultiPV", "1"),
        ("Debug Log File", "<empty>"),
        // Names are case-insensitive, values of check options too.
        ("hash", "8"),
        ("uci_chess960", "FALSE"),
    ];
    for (name, value) in settings {
        assert_eq!(engine.set_option(name, value), Vec::<String>::new(), "setoption {name} = {value}");
    }
    // The button has no value.
    engine.send("setoption name Clear Hash");
    assert_eq!(engine.is_ready(), Vec::<String>::new());
    // A search works after all of that.
    let search = engine.go("depth 3", SEARCH_TIMEOUT);
    assert!(engine.legal_moves().contains(&search.bestmove), "{search:?}");

    // UCI_Chess960 is observable: it switches `d` to Shredder-FEN castling letters.
    engine.send("position startpos");
    assert_eq!(engine.fen(), engine::STARTPOS_FEN);
    engine.set_option("UCI_Chess960", "true");
    assert_eq!(engine.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    engine.set_option("UCI_Chess960", "false");
    assert_eq!(engine.fen(), engine::STARTPOS_FEN);
}

#[test]
fn setoption_clamps_out_of_range_spins_and_says_so() {
    let mut engine = Engine::spawn();
    let cases = [
        ("Hash", "0", "1"),
        ("Hash", "-7", "1"),
        ("Threads", "0", "1"),
        ("Threads", "300", "256"),
        ("Move Overhead", "-5", "0"),
        ("Move Overhead", "99999", "5000"),
        ("Move Overhead", "999999999999999999999999999999999999999999999", "5000"),
        ("MultiPV", "0", "1"),
        ("MultiPV", "999", "256"),
        ("Contempt", "-5000", "-1000"),
        ("Contempt", "1001", "1000"),
        ("Rule50", "-1", "0"),
        ("Rule50", "101", "100"),
        ("UCI_Elo", "3000", "2850"),
    ];
    for (name, value, clamped) in cases {
        assert_eq!(
            engine.set_option(name, value),
            vec![format!("info string option '{name}' value {value} out of range, set to {clamped}")],
            "setoption {name} = {value}"
        );
    }
    let search = engine.go("depth 2", SEARCH_TIMEOUT);
    assert!(engine.legal_moves().contains(&search.bestmove));
}

/// `Hash` far above its maximum is clamped to 65536 and reported like the other spins; the engine
/// must survive when that memory cannot be had (an allocation failure must not abort the process).
#[test]
fn setoption_hash_far_above_maximum_is_clamped_and_survived() {
    let mut engine = Engine::spawn();
    engine.send("setoption name Hash value 99999999");
    engine.send("isready");
    let lines = match engine.try_expect_line(|l| l == "readyok", Duration::from_secs(60)) {
        Ok(lines) => lines,
        Err((_, reason)) => engine.fail(&format!("no readyok after Hash 99999999 ({reason:?})")),
    };
    // Clamped to 65536 MiB: either that much memory was had (the clamp is reported), or not (the
    // allocation failure is reported and the old table kept).
    let clamped = "info string option 'Hash' value 99999999 out of range, set to 65536";
    let refused = "info string error: cannot allocate 65536 MiB for the hash table; Hash stays 16 MiB";
    assert!(
        lines == [clamped, "readyok"] || lines == [refused, "readyok"],
        "unexpected answer to Hash 99999999: {lines:?}"
    );
    assert!(engine.is_alive());
    // Back to a small table, and the engine still searches.
    assert_eq!(engine.set_option("Hash", "16"), Vec::<String>::new());
    engine.go("depth 2", SEARCH_TIMEOUT);
}

#[test]
fn setoption_errors_change_nothing() {
    let mut engine = Engine::spawn();
    let cases = [
        ("setoption name Nope value 1", "info string error: unknown option 'Nope'"),
        ("setoption name Hash value abc", "info string error: option 'Hash' needs an integer, got 'abc'"),
        ("setoption name Hash value 1.5", "info string error: option 'Hash' needs an integer, got '1.5'"),
        ("setoption name Hash", "info string error: option 'Hash' needs a value"),
        ("setoption name UCI_Chess960 value maybe", "info string error: option 'UCI_Chess960' needs true or false"),
        ("setoption name Ponder value", "info string error: option 'Ponder' needs true or false"),
    ];
    for (command, error) in cases {
        engine.send(command);
        assert_eq!(engine.is_ready(), vec![error.to_string()], "{command}");
    }
    // UCI_Chess960 is still off: standard castling letters.
    assert_eq!(engine.fen(), engine::STARTPOS_FEN);
}

fn temp_path(tag: &str) -> std::path::PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!("engine-uci-test-{tag}-{}-{nanos}.log", std::process::id()))
}

#[test]
fn debug_log_file_records_what_is_received_and_sent() {
    let path = temp_path("debuglog");
    let mut engine = Engine::spawn();
    let path_text = path.to_str().expect("UTF-8 temp path");
    assert_eq!(engine.set_option("Debug Log File", path_text), Vec::<String>::new());
    engine.send("position startpos moves e2e4");
    assert_eq!(engine.is_ready(), Vec::<String>::new());
    let search = engine.go("depth 2", SEARCH_TIMEOUT);
    engine.send("bogus");
    assert_eq!(engine.is_ready(), vec!["info string error: unknown command 'bogus'"]);
    // Switch logging off; later traffic must not reach the file.
    assert_eq!(engine.set_option("Debug Log File", "<empty>"), Vec::<String>::new());
    engine.send("position startpos moves d2d4");
    engine.is_ready();
    drop(engine);

    let log = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let _ = std::fs::remove_file(&path);
    let has = |needle: &str| log.lines().any(|l| l.contains(needle));
    for needle in [
        "<< isready",
        ">> readyok",
        "<< position startpos moves e2e4",
        "<< go depth 2",
        &format!(">> {}", search.lines.last().expect("bestmove line")),
        "<< bogus",
        ">> info string error: unknown command 'bogus'",
        "<< setoption name Debug Log File value <empty>",
        "ms after go: no time limit",
    ] {
        assert!(has(needle), "log lacks {needle:?}:\n{log}");
    }
    // RFC 3339 time stamps, with the fraction of a second (omitted only when it is exactly zero), to
    // show where a move's time goes.
    let stamps: Vec<&str> = log.lines().map(|line| line.split_whitespace().next().unwrap_or("")).collect();
    assert!(stamps.iter().all(|s| s.contains('T') && s.ends_with('Z')), "{log}");
    assert!(stamps.iter().any(|s| s.contains('.')), "no fraction of a second in the time stamps:\n{log}");
    assert!(!has("d2d4"), "logged after logging was switched off:\n{log}");
    // Received lines come in order, the earliest first.
    let first = log.find("<< position startpos moves e2e4").unwrap_or(usize::MAX);
    let later = log.find("<< go depth 2").unwrap_or(0);
    assert!(first < later, "{log}");
}

#[test]
fn debug_log_file_that_cannot_be_opened_is_an_error() {
    let mut engine = Engine::spawn();
    let lines = engine.set_option("Debug Log File", "/nonexistent-dir-for-engine-tests/x.log");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string error: cannot open log file '/nonexistent-dir-for-engine-tests/x.log'"),
        "{lines:?}"
    );
    engine.go("depth 1", SEARCH_TIMEOUT);
}

// ---------------------------------------------------------------------------------------------
// Timing.

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
