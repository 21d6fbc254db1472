//! UCI protocol tests against the built binary: the `uci` handshake, `isready`, every option of
//! `setoption` (including clamping and the `Debug Log File`), with exact transcripts.

#[path = "common/engine.rs"]
mod engine;

use std::time::Duration;

use engine::{Engine, READY_TIMEOUT, SEARCH_TIMEOUT};

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
    "option name EvalFile type string default net3.nnue",
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
