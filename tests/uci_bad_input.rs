//! Malformed and hostile input against the built binary. Every input is followed by `isready`, which
//! must still be answered with `readyok` by a live process; every input the engine rejects must be
//! answered with exactly one `info string error: ...` line (the text is checked), and must leave the
//! position as it was (`d` shows the same FEN before and after). Inputs that the engine deliberately
//! accepts (negative numbers clamped to 0, huge numbers saturated, trailing whitespace, CR, NUL...) are
//! checked for their documented effect instead.

#[path = "common/engine.rs"]
mod engine;

use std::time::{Duration, Instant};

use engine::{Engine, Search, READY_TIMEOUT, SEARCH_TIMEOUT, STARTPOS_FEN};

/// The position every case starts from (not the start position, so that a reset would show).
const BASELINE: &str = "position startpos moves e2e4 c7c5 g1f3";
const BASELINE_FEN: &str = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const PLACEMENT: &str = "invalid piece placement (or the side not to move is in check)";

/// What the engine must answer to one input (before the `readyok` of the `isready` that follows).
enum Answer {
    /// Exactly this one error line.
    Error(String),
    /// Exactly one line, starting with this text.
    Starting(String),
    /// Nothing at all.
    Silent,
}

fn error(text: &str) -> Answer {
    Answer::Error(format!("info string error: {text}"))
}

fn bad_fen(fen: &str, reason: &str) -> Answer {
    error(&format!("bad FEN '{fen}': {reason}"))
}

/// Runs `cases` in one engine. Each case: reset to the baseline, send the raw input and `isready`,
/// check the answer, check the process is alive and the FEN is as expected (`None`: unchanged).
/// Returns the number of cases run.
fn run_cases(engine: &mut Engine, cases: Vec<(Vec<u8>, Answer, Option<&str>)>) -> usize {
    let count = cases.len();
    for (input, answer, fen_after) in cases {
        let shown = String::from_utf8_lossy(&input).chars().take(80).collect::<String>();
        engine.send(BASELINE);
        assert_eq!(engine.is_ready(), Vec::<String>::new());
        let mut bytes = input.clone();
        bytes.push(b'\n');
        engine.send_raw(&bytes);
        let lines = engine.is_ready();
        let ok = match &answer {
            Answer::Error(line) => lines == vec![line.clone()],
            Answer::Starting(prefix) => lines.len() == 1 && lines[0].starts_with(prefix.as_str()),
            Answer::Silent => lines.is_empty(),
        };
        if !ok {
            let wanted = match answer {
                Answer::Error(line) => format!("exactly {line:?}"),
                Answer::Starting(prefix) => format!("one line starting {prefix:?}"),
                Answer::Silent => "nothing".to_string(),
            };
            engine.fail(&format!("input {shown:?}: wanted {wanted}, got {lines:?}"));
        }
        if !engine.is_alive() {
            engine.fail(&format!("engine exited after {shown:?}"));
        }
        let fen = engine.fen();
        let expected = fen_after.unwrap_or(BASELINE_FEN);
        if fen != expected {
            engine.fail(&format!("input {shown:?}: position is now {fen:?}, expected {expected:?}"));
        }
    }
    count
}

fn line(text: &str) -> Vec<u8> {
    text.as_bytes().to_vec()
}

#[test]
fn malformed_position_commands_are_rejected_and_change_nothing() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let fen_cases: Vec<(String, String)> = vec![
        (format!("{start} w"), "FEN needs 4 to 6 fields, got 2".into()),
        (format!("{start} w KQkq"), "FEN needs 4 to 6 fields, got 3".into()),
        (format!("{start} w KQkq - 0 1 extra"), "FEN needs 4 to 6 fields, got 7".into()),
        (format!("{start}/8 w KQkq - 0 1"), PLACEMENT.into()),
        ("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(), PLACEMENT.into()),
        ("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(), PLACEMENT.into()),
        ("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(), PLACEMENT.into()),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1".into(), PLACEMENT.into()),
        ("8/8/8/8/8/8/8/8 w - - 0 1".into(), PLACEMENT.into()),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1".into(), PLACEMENT.into()),
        // Black is in check with White to move.
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1".into(), PLACEMENT.into()),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1".into(), PLACEMENT.into()),
        // Both kings in check.
        ("4k3/4R3/8/8/8/8/4r3/4K3 w - - 0 1".into(), PLACEMENT.into()),
        // Placements cozy-chess accepts but no game reaches.
        ("kK6/8/8/8/8/8/8/8 w - - 0 1".into(), "impossible position: the kings stand next to each other".into()),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1".into(),
            "impossible position: White has more promoted pieces (6) than missing pawns (0)".into(),
        ),
        (
            "4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1".into(),
            "impossible position: double check without a bishop, rook or queen among the checkers".into(),
        ),
        (format!("{start} x KQkq - 0 1"), "invalid side to move 'x'".into()),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1".into(), "invalid castling field 'K'".into()),
        ("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1".into(), "invalid castling field 'KQ'".into()),
        (format!("{start} w KQkz - 0 1"), "invalid castling field 'KQkz'".into()),
        (format!("{start} w KQkq e9 0 1"), "invalid en-passant square 'e9'".into()),
        (format!("{start} w KQkq e3 0 1"), "invalid en-passant square 'e3'".into()),
        (format!("{start} w KQkq - abc 1"), "invalid halfmove clock 'abc'".into()),
        (format!("{start} w KQkq - -1 1"), "invalid halfmove clock '-1'".into()),
        (format!("{start} w KQkq - 0 x"), "invalid fullmove number 'x'".into()),
        (format!("{start} w KQkq - 0 99999999999"), "invalid fullmove number '99999999999'".into()),
    ];
    let mut cases: Vec<(Vec<u8>, Answer, Option<&str>)> = fen_cases
        .iter()
        .map(|(fen, reason)| (line(&format!("position fen {fen}")), bad_fen(fen, reason), None))
        .collect();
    let illegal = |n: usize, mv: &str| error(&format!("position: move {n} illegal move '{mv}'; position unchanged"));
    let syntax = |n: usize, mv: &str| {
        error(&format!("position: move {n} '{mv}' is not a move in UCI notation; position unchanged"))
    };
    cases.extend([
        (line("position"), error("position needs 'startpos' or 'fen <FEN>'"), None),
        (line("position moves e2e4"), error("position needs 'startpos' or 'fen <FEN>'"), None),
        (line("position startpos junk"), error("position startpos: unexpected 'junk'"), None),
        (line("position startpos fen 8/8/8/8 w - - 0 1"), error("position startpos: unexpected 'fen'"), None),
        (line("position fen"), error("position fen: the FEN is missing"), None),
        (line("position fen moves e2e4"), error("position fen: the FEN is missing"), None),
        (line("position startpos moves e2e5"), illegal(1, "e2e5"), None),
        (line("position startpos moves e7e5"), illegal(1, "e7e5"), None),
        (line("position startpos moves e7e8q"), illegal(1, "e7e8q"), None),
        (line("position startpos moves e2e4 e7e5 e1g1"), illegal(3, "e1g1"), None),
        (line("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 e8g8"), illegal(8, "e8g8"), None),
        // Fool's mate, then a move after the checkmate.
        (line("position startpos moves f2f3 e7e5 g2g4 d8h4 a2a3"), illegal(5, "a2a3"), None),
        (line("position startpos moves e2e4e5"), syntax(1, "e2e4e5"), None),
        (line("position startpos moves E2E4"), syntax(1, "E2E4"), None),
        (line("position startpos moves e2e4 0000"), syntax(2, "0000"), None),
        (line("position startpos moves e2e4 moves e7e5"), syntax(2, "moves"), None),
        (line(&format!("position fen {STARTPOS_FEN} moves a7a5")), illegal(1, "a7a5"), None),
    ]);
    let mut engine = Engine::spawn();
    let count = run_cases(&mut engine, cases);
    println!("{count} malformed position commands");
}

#[test]
fn odd_but_valid_position_commands_are_accepted() {
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let cases: Vec<(Vec<u8>, Answer, Option<&str>)> = vec![
        (line("position startpos moves"), Answer::Silent, Some(STARTPOS_FEN)),
        (line("position startpos"), Answer::Silent, Some(STARTPOS_FEN)),
        (line("position startpos moves e2e4   "), Answer::Silent, Some(after_e4)),
        (line("position\tstartpos \t moves\te2e4\t"), Answer::Silent, Some(after_e4)),
        (line("  position startpos moves e2e4"), Answer::Silent, Some(after_e4)),
        (line("position startpos moves e2e4\r"), Answer::Silent, Some(after_e4)),
        // Fullmove 0 is read as 1; missing clocks are 0 and 1; huge fullmove numbers saturate.
        (line(&format!("position fen {}", STARTPOS_FEN.replace(" 0 1", " 0 0"))), Answer::Silent, Some(STARTPOS_FEN)),
        (line("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"), Answer::Silent, Some(STARTPOS_FEN)),
        (
            line("position fen 4k3/8/8/8/8/8/8/4K3 w - - 1 70000"),
            Answer::Silent,
            Some("4k3/8/8/8/8/8/8/4K3 w - - 1 65535"),
        ),
        // The side to move may be in check.
        (line("position fen 4k3/8/8/8/8/8/8/4K2r w - - 0 1"), Answer::Silent, Some("4k3/8/8/8/8/8/8/4K2r w - - 0 1")),
    ];
    let mut engine = Engine::spawn();
    let count = run_cases(&mut engine, cases);
    println!("{count} odd but valid position commands");
}

#[test]
fn malformed_go_commands_are_rejected_without_a_search() {
    let cases: Vec<(Vec<u8>, Answer, Option<&str>)> = vec![
        (line("go depth abc"), error("go depth: 'abc' is not a number"), None),
        (line("go depth"), error("go depth: missing value"), None),
        (line("go nodes"), error("go nodes: missing value"), None),
        (line("go wtime"), error("go wtime: missing value"), None),
        (line("go movetime 1.5"), error("go movetime: '1.5' is not a number"), None),
        (line("go mate x"), error("go mate: 'x' is not a number"), None),
        (line("go fast"), error("go: unknown argument 'fast'"), None),
        (line("go infinite junk"), error("go: unknown argument 'junk'"), None),
        (line("go depth 2 perft 1"), error("go: unknown argument 'perft'"), None),
        (line("go searchmoves a1a1"), error("searchmoves: illegal move 'a1a1'"), None),
        (line("go searchmoves e2e4 depth 1"), error("searchmoves: illegal move 'e2e4'"), None),
        (line("go searchmoves"), error("go searchmoves: no moves given"), None),
        (line("go perft"), error("go perft: missing value"), None),
        (line("go perft x"), error("go perft: 'x' is not a number"), None),
        (line("go perft 1 2"), error("go perft: unexpected '2'"), None),
        (line("go perft 100"), error("go perft: depth 100 is above the limit 15"), None),
        (line("go perft 16"), error("go perft: depth 16 is above the limit 15"), None),
        (line("go perft 1000"), error("go perft: depth 1000 is above the limit 15"), None),
        (line("go perft -3"), error("go perft: must not be negative"), None),
        (line("go perft -99999999999999999999999"), error("go perft: must not be negative"), None),
        (line("go depth -1"), error("go depth: must not be negative"), None),
        (line("go nodes -5"), error("go nodes: must not be negative"), None),
        (line("go wtime 0 btime 0 movestogo -1"), error("go movestogo: must not be negative"), None),
    ];
    let mut engine = Engine::spawn();
    let count = run_cases(&mut engine, cases);
    let late = engine.read_for(Duration::from_millis(300));
    assert!(!late.iter().any(|l| l.starts_with("bestmove")), "a rejected go searched: {late:?}");
    assert_eq!(engine.count_received("bestmove"), 0, "{}", engine.transcript());
    println!("{count} malformed go commands");
}

/// Sends a `go` variant and checks that it ends in exactly one legal `bestmove`, with no error, and
/// that the UCI thread answered `isready` meanwhile (sending `stop` after `stop_after` when given).
/// Returns the search and how long it took.
fn go_case(engine: &mut Engine, position: &str, go: &[u8], stop_after: Option<Duration>) -> (Search, Duration) {
    engine.send(position);
    let legal = engine.legal_moves();
    let fen = engine.fen();
    let shown = String::from_utf8_lossy(go).chars().take(60).collect::<String>();
    let mut bytes = go.to_vec();
    bytes.push(b'\n');
    let start = Instant::now();
    engine.send_raw(&bytes);
    engine.send("isready");
    // A short search may answer before or after readyok.
    let mut lines = engine.expect_line(|l| l == "readyok", READY_TIMEOUT);
    if let Some(wait) = stop_after {
        std::thread::sleep(wait);
        engine.send("stop");
    }
    if !lines.iter().any(|l| l.starts_with("bestmove")) {
        lines.extend(engine.wait_bestmove(SEARCH_TIMEOUT).lines);
    }
    let elapsed = start.elapsed();
    lines.retain(|l| l != "readyok");
    if lines.iter().any(|l| l.starts_with("info string error")) {
        engine.fail(&format!("{shown:?} reported an error"));
    }
    let last = lines.last().cloned().unwrap_or_default();
    let tokens: Vec<&str> = last.split(' ').collect();
    let (bestmove, ponder) = match tokens.as_slice() {
        ["bestmove", best] => (best.to_string(), None),
        ["bestmove", best, "ponder", reply] => (best.to_string(), Some(reply.to_string())),
        _ => engine.fail(&format!("{shown:?}: output does not end in bestmove: {lines:?}")),
    };
    if !legal.contains(&bestmove) {
        engine.fail(&format!("{shown:?}: bestmove {bestmove} not in {legal:?}"));
    }
    let extra = engine.read_for(Duration::from_millis(100));
    if extra.iter().any(|l| l.starts_with("bestmove")) {
        engine.fail(&format!("{shown:?}: second bestmove {extra:?}"));
    }
    assert_eq!(engine.fen(), fen, "{shown:?} changed the position");
    (Search { lines, bestmove, ponder, at: Instant::now() }, elapsed)
}

#[test]
fn odd_but_accepted_go_commands_answer_one_legal_bestmove() {
    let mut engine = Engine::spawn();
    let mate_in_one = "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let mut count = 0;

    for go in [&b"go depth 2   "[..], b"go depth 2\t\t", b"go depth 2\r", b"go  depth   2", b"go depth 2 depth 1"] {
        let (search, _) = go_case(&mut engine, BASELINE, go, None);
        assert!(search.iterations().len() <= 2, "{search:?}");
        count += 1;
    }
    // Depth 300 is clamped to the deepest search (127); a mate in one gets there at once.
    let (search, _) = go_case(&mut engine, mate_in_one, b"go depth 300", None);
    assert_eq!(search.bestmove, "a1a8");
    assert_eq!(search.last_info_value("depth").as_deref(), Some("127"), "{search:?}");
    count += 1;
    let (search, _) = go_case(&mut engine, mate_in_one, b"go depth 99999999999999999999999999999999999999999", None);
    assert_eq!(search.last_info_value("depth").as_deref(), Some("127"));
    count += 1;
    // A movetime beyond u64 saturates; stop ends it.
    let (_, elapsed) =
        go_case(&mut engine, BASELINE, b"go movetime 99999999999999999999999", Some(Duration::from_millis(200)));
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    count += 1;
    // Negative clock times count as 0: answer at once, legally.
    for position in [BASELINE, "position startpos"] {
        let (_, elapsed) = go_case(&mut engine, position, b"go wtime -100 btime -100", None);
        println!("go wtime -100 btime -100 -> {elapsed:?}");
        assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
        count += 1;
    }
    let (_, elapsed) = go_case(&mut engine, BASELINE, b"go wtime 0 btime 0 movestogo 0", None);
    assert!(elapsed < Duration::from_secs(2), "{elapsed:?}");
    count += 1;
    let (search, _) = go_case(&mut engine, BASELINE, b"go nodes 0", None);
    assert_eq!(search.iterations().len(), 1, "{search:?}");
    count += 1;
    let (search, _) = go_case(&mut engine, "position startpos", b"go searchmoves e2e4 e2e4 depth 2", None);
    assert_eq!(search.bestmove, "e2e4");
    count += 1;
    // A 40 000-character go line.
    let long = format!("go{}", " depth 1".repeat(5000));
    go_case(&mut engine, BASELINE, long.as_bytes(), None);
    count += 1;
    println!("{count} odd go commands");
}

#[test]
fn perft_at_depth_zero_counts_the_position_itself() {
    let mut engine = Engine::spawn();
    engine.send(BASELINE);
    for input in ["go perft 0", "go perft 00"] {
        engine.send(input);
        let lines = engine.read_until("Nodes searched", SEARCH_TIMEOUT);
        assert_eq!(lines, vec!["", "Nodes searched: 1"], "{input}");
        assert!(engine.is_ready().is_empty());
    }
    assert_eq!(engine.fen(), BASELINE_FEN);
}

#[test]
fn malformed_other_commands_are_reported() {
    let unexpected = |text: &str| error(&format!("unexpected arguments in '{text}'"));
    let cases: Vec<(Vec<u8>, Answer, Option<&str>)> = vec![
        (line("foo"), error("unknown command 'foo'"), None),
        (line("Uci"), error("unknown command 'Uci'"), None),
        (line("GO depth 1"), error("unknown command 'GO'"), None),
        (line("setoption name Nope value 1"), error("unknown option 'Nope'"), None),
        (line("setoption name Hash value abc"), error("option 'Hash' needs an integer, got 'abc'"), None),
        (line("setoption name UCI_Chess960 value maybe"), error("option 'UCI_Chess960' needs true or false"), None),
        (line("setoption"), error("cannot parse 'setoption'"), None),
        (line("setoption name"), error("cannot parse 'setoption name'"), None),
        (line("setoption value 3"), error("cannot parse 'setoption value 3'"), None),
        (line("debug maybe"), error("cannot parse 'debug maybe'"), None),
        (line("ucinewgame extra"), unexpected("ucinewgame extra"), None),
        (line("uci extra"), unexpected("uci extra"), None),
        (line("isready now"), unexpected("isready now"), None),
        (line("stop now"), unexpected("stop now"), None),
        (line("ponderhit x"), unexpected("ponderhit x"), None),
        (line("quit now"), unexpected("quit now"), None),
        (line("d x"), error("unexpected 'x' after 'd'"), None),
        (line("eval x"), error("unexpected 'x' after 'eval'"), None),
        (line("bench 0"), error("bench: bad depth '0'"), None),
        (line("bench x y"), error("bench takes at most one argument (depth)"), None),
        // Accepted and silent.
        (line("debug on"), Answer::Silent, None),
        (line("debug off"), Answer::Silent, None),
        (line("register later"), Answer::Silent, None),
        (line("ucinewgame   "), Answer::Silent, None),
        (line("stop"), Answer::Silent, None),
        (line("ponderhit"), Answer::Silent, None),
        (line("setoption name Clear Hash value 7"), Answer::Silent, None),
    ];
    let mut engine = Engine::spawn();
    let count = run_cases(&mut engine, cases);
    println!("{count} malformed or odd commands");
}

#[test]
fn junk_bytes_empty_and_huge_lines_are_survived() {
    let shortened_x = format!("info string error: unknown command '{}...'", "x".repeat(40));
    let cases: Vec<(Vec<u8>, Answer, Option<&str>)> = vec![
        (Vec::new(), Answer::Silent, None),
        (line("   \t  "), Answer::Silent, None),
        (line("\r"), Answer::Silent, None),
        (vec![0], Answer::Silent, None),
        (vec![0, 0, 0, b'\t', 0x7f], Answer::Silent, None),
        (b"\x00\xff\xfe junk \x01".to_vec(), Answer::Starting("info string error: unknown command '".into()), None),
        (vec![0xff; 64], Answer::Starting("info string error: unknown command '".into()), None),
        (b"\xc3\x28 isready".to_vec(), Answer::Starting("info string error: unknown command '".into()), None),
        (b"\x1b[A".to_vec(), error("unknown command '[A'"), None),
        ("é€😀".as_bytes().to_vec(), error("unknown command 'é€😀'"), None),
        // NUL inside a command is whitespace.
        (b"position\x00startpos".to_vec(), Answer::Silent, Some(STARTPOS_FEN)),
        (line(&"x".repeat(10_000)), Answer::Error(shortened_x.clone()), None),
        (line(&"x".repeat(100_000)), Answer::Error(shortened_x), None),
        (line(&" ".repeat(100_000)), Answer::Silent, None),
        (
            line(&format!("setoption name Move Overhead value {}", "9".repeat(10_000))),
            Answer::Starting("info string option 'Move Overhead' value 9999".into()),
            None,
        ),
        (
            line(&format!("position startpos moves {}", "e2e4 ".repeat(20_000))),
            error("position: move 2 illegal move 'e2e4'; position unchanged"),
            None,
        ),
        (
            line(&format!("position fen {}", "x".repeat(100_000))),
            Answer::Starting("info string error: bad FEN 'xxx".into()),
            None,
        ),
    ];
    let mut engine = Engine::spawn();
    let count = run_cases(&mut engine, cases);

    // `isready` with CRLF or trailing whitespace is answered with exactly one readyok each.
    for input in [&b"isready\r\n"[..], b"isready \t \n", b"\tisready\x00\n"] {
        engine.send_raw(input);
        assert_eq!(engine.read_until("readyok", READY_TIMEOUT), vec!["readyok"], "{input:?}");
    }
    // Commands are answered in order: a second readyok for any of them would come before the board.
    engine.send_raw(b"d\r\n");
    let board = engine.read_until("State: ", READY_TIMEOUT);
    assert!(!board.iter().any(|l| l == "readyok"), "{board:?}");
    assert!(board.contains(&format!("Fen: {BASELINE_FEN}")), "{board:?}");
    // A single write with several commands and mixed line endings.
    engine.send_raw(b"isready\r\n\r\n\x00\nisready\n");
    engine.read_until("readyok", READY_TIMEOUT);
    engine.read_until("readyok", READY_TIMEOUT);
    assert!(engine.is_ready().is_empty());
    println!("{} junk inputs", count + 5);
}

/// Error messages quote the offending input cut to 40 characters (`shorten` in src/uci/parse.rs), so a
/// huge input cannot turn into a huge answer line.
#[test]
fn error_messages_stay_short_for_huge_input() {
    let huge = "x".repeat(100_000);
    let inputs = [
        huge.clone(),
        format!("go depth {huge}"),
        format!("position fen {huge}"),
        format!("position fen {huge} w - - 0 1"),
        format!("position startpos moves e2e4 {huge}"),
        format!("setoption name {huge} value 1"),
        format!("setoption name Hash value {huge}"),
        format!("setoption name Move Overhead value {}", "9".repeat(100_000)),
    ];
    let mut engine = Engine::spawn();
    let mut too_long = Vec::new();
    for input in &inputs {
        engine.send(input);
        let lines = engine.is_ready();
        assert_eq!(lines.len(), 1, "{lines:?}");
        let shown: String = input.chars().take(40).collect();
        if lines[0].len() > 1_000 {
            too_long.push(format!("{shown}... -> {}... ({} chars)", &lines[0][..60], lines[0].len()));
        }
    }
    assert!(too_long.is_empty(), "answers longer than 1000 characters:\n{}", too_long.join("\n"));
}

/// A 10 000-move `position` line (a 50 000-character command) is accepted: knights shuttling from
/// the start position, which then stands there for the 2 501st time.
#[test]
fn ten_thousand_legal_moves_in_one_position_command() {
    let mut engine = Engine::spawn();
    let moves = "g1f3 g8f6 f3g1 f6g8 ".repeat(2_500);
    engine.send(&format!("position startpos moves {moves}"));
    assert!(engine.is_ready().is_empty());
    let shown = engine.display();
    assert_eq!(shown.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10000 5001");
    assert_eq!(shown.halfmove_clock, "10000");
    assert_eq!(shown.state, "fivefold repetition");
    let legal = engine.legal_moves();
    let search = engine.go("depth 3", SEARCH_TIMEOUT);
    assert!(legal.contains(&search.bestmove), "{search:?}");
}

#[test]
fn commands_refused_while_a_search_runs() {
    let mut engine = Engine::spawn();
    engine.send(BASELINE);
    engine.send("go infinite");
    assert!(engine.is_ready().iter().all(|l| l.starts_with("info depth")));
    engine.send("go perft 1");
    let lines = engine.expect_line(|l| l.starts_with("info string error"), READY_TIMEOUT);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("info string error: go perft: a search is running; send stop first")
    );
    engine.send("bench 1");
    let lines = engine.expect_line(|l| l.starts_with("info string error"), READY_TIMEOUT);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("info string error: bench: a search is running; send stop first")
    );
    // A bad position during the search is rejected and the search goes on.
    engine.send("position fen nonsense");
    let lines = engine.expect_line(|l| l.starts_with("info string error"), READY_TIMEOUT);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("info string error: bad FEN 'nonsense': FEN needs 4 to 6 fields, got 1")
    );
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
    engine.send("stop");
    engine.wait_bestmove(Duration::from_secs(5));
    assert_eq!(engine.fen(), BASELINE_FEN);
    assert_eq!(engine.count_received("bestmove"), 1);
}

#[test]
fn quit_with_arguments_does_not_quit_but_quit_does() {
    let mut engine = Engine::spawn();
    engine.send("quit now");
    assert_eq!(engine.is_ready(), vec!["info string error: unexpected arguments in 'quit now'"]);
    assert!(engine.is_alive());
    engine.send("quit");
    let status = engine.wait_exit(Duration::from_secs(5));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
}

/// A GUI may send `ucinewgame` and `setoption` while a search runs (a user changing settings during
/// analysis). The running search goes on with what it started with, `stop` still gives exactly one legal
/// `bestmove`, and the changes hold for the next search.
#[test]
fn options_and_ucinewgame_during_a_search_apply_to_the_next_one() {
    let mut engine = Engine::spawn();
    engine.send(BASELINE);
    let legal = engine.legal_moves();
    engine.send("go infinite");
    let changes = [
        "ucinewgame",
        "setoption name Hash value 32",
        "setoption name Threads value 2",
        "setoption name Clear Hash",
        "setoption name MultiPV value 3",
        "setoption name Hash value 1",
        "ucinewgame",
    ];
    for change in changes {
        engine.send(change);
        let lines = engine.is_ready();
        assert!(lines.iter().all(|l| l.starts_with("info depth")), "after {change:?}: {lines:?}");
    }
    engine.send("stop");
    let search = engine.wait_bestmove(Duration::from_secs(5));
    assert!(legal.contains(&search.bestmove), "{search:?}");
    assert!(engine.read_for(Duration::from_millis(100)).is_empty());
    assert_eq!(engine.count_received("bestmove"), 1);
    assert_eq!(engine.fen(), BASELINE_FEN);

    let search = engine.go("depth 6", SEARCH_TIMEOUT);
    assert!(legal.contains(&search.bestmove), "{search:?}");
    assert!(search.iterations().iter().any(|l| l.contains(" multipv 3 ")), "{:?}", search.lines);
}

/// Hash and Threads change between the moves of one game, with a `ucinewgame` in the middle: every
/// move is legal and answered on the clock.
#[test]
fn hash_and_threads_change_between_moves_of_a_game() {
    let changes = [
        ("Threads", "2"),
        ("Hash", "64"),
        ("Threads", "1"),
        ("Hash", "1"),
        ("Threads", "4"),
        ("Hash", "16"),
        ("Threads", "1"),
        ("Hash", "128"),
    ];
    let mut engine = Engine::spawn();
    let mut moves: Vec<String> = Vec::new();
    for (ply, (name, value)) in changes.iter().enumerate() {
        assert!(engine.set_option(name, value).is_empty(), "{name} {value}");
        if ply == changes.len() / 2 {
            engine.send("ucinewgame");
        }
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        let legal = engine.legal_moves();
        let search = engine.go("wtime 2000 btime 2000 winc 20 binc 20", SEARCH_TIMEOUT);
        assert!(legal.contains(&search.bestmove), "ply {ply} after {name}={value}: {search:?}");
        moves.push(search.bestmove);
    }
    assert_eq!(engine.count_received("bestmove"), changes.len());
}
