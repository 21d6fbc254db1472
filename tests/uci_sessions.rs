//! What real tournament managers sent to engines, replayed through the binary line by line:
//! `tests/data/fuzz_corpus/logs.txt` holds GUI-to-engine lines of fastchess, cutechess and c-chess-cli, copied
//! from logs posted in their issue trackers (each block names its source).
//!
//! Every line must be accepted silently (only `uci` answers, with its handshake), every `go` must end
//! in exactly one `bestmove`, and that move must be legal in the position the last `position` line
//! set, as the library's own rules compute it from the line.

#[path = "common/engine.rs"]
mod harness;

use engine::position::Position;
use harness::{Engine, SEARCH_TIMEOUT};

const LOGS: &str = include_str!("data/fuzz_corpus/logs.txt");

/// The position a `position` line sets: `startpos` or `fen <fields>`, then optional `moves`. Split
/// here rather than with `engine::uci::parse::parse_line`, so that the check does not share the
/// parser it is checking.
fn position_of(line: &str) -> Position {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let moves_at = tokens.iter().position(|t| *t == "moves").unwrap_or(tokens.len());
    let mut position = match tokens.get(1) {
        Some(&"startpos") => Position::startpos(),
        Some(&"fen") => {
            let fen = tokens[2..moves_at].join(" ");
            Position::from_fen(&fen).unwrap_or_else(|e| panic!("bad FEN in the logs {fen:?}: {e:?}"))
        }
        _ => panic!("not a position line: {line:?}"),
    };
    for mv in tokens.iter().skip(moves_at + 1) {
        if let Err(e) = position.play_text(mv) {
            panic!("illegal move {mv} in the logs: {e:?}");
        }
    }
    position
}

/// The commands of the logs, in order (comments dropped; empty lines kept, GUIs send them too).
fn commands() -> Vec<&'static str> {
    LOGS.lines().filter(|l| !l.starts_with('#')).collect()
}

#[test]
fn the_logs_hold_every_kind_of_line_this_test_relies_on() {
    let commands = commands();
    let count = |prefix: &str| commands.iter().filter(|l| l.starts_with(prefix)).count();
    assert!(count("position fen") >= 4 && count("position startpos") >= 5, "positions");
    assert!(count("go ") >= 4, "searches");
    assert!(commands.contains(&""), "an empty line");
    assert!(commands.iter().any(|l| l.ends_with(' ')), "a line ending in a space");
    assert!(commands.contains(&"setoption name UCI_Chess960 value true"), "Chess960");
}

#[test]
fn gui_logs_replayed_through_the_binary_give_legal_moves_and_no_error() {
    let mut engine = Engine::spawn();
    let mut position = Position::startpos();
    let mut searches = 0;
    for line in commands() {
        if line.starts_with("go") {
            engine.send(line);
            let search = engine.wait_bestmove(SEARCH_TIMEOUT);
            if position.clone().play_text(&search.bestmove).is_err() {
                engine.fail(&format!("bestmove {} is not legal after {line:?}", search.bestmove));
            }
            searches += 1;
            continue;
        }
        if line == "isready" {
            let before = engine.is_ready();
            assert!(before.is_empty(), "lines before readyok: {before:?}");
            continue;
        }
        if line.starts_with("position") {
            position = position_of(line);
        }
        engine.send(line);
        let answer = engine.is_ready();
        let allowed = |l: &String| line == "uci" && (l.starts_with("id ") || l.starts_with("option ") || l == "uciok");
        if let Some(unexpected) = answer.iter().find(|l| !allowed(l)) {
            engine.fail(&format!("{line:?} was answered with {unexpected:?}"));
        }
    }
    assert_eq!(engine.count_received("bestmove"), searches, "one bestmove per go");
    engine.send("quit");
    assert!(engine.wait_exit(SEARCH_TIMEOUT).is_some_and(|status| status.success()));
}
