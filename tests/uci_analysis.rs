//! Analysis and tournament features through the built binary: MultiPV (with `searchmoves` and
//! Chess960 notation), Threads (Lazy SMP: answers, `stop`, limits), histories kept between the moves
//! of a game, UCI_ShowWDL and the Chess960 start-position helpers of the command line.

#[path = "common/engine.rs"]
mod engine;

use std::collections::HashSet;
use std::process::Command;
use std::time::Duration;

use engine::{Engine, SEARCH_TIMEOUT};

/// One `info depth` line, parsed.
#[derive(Debug)]
struct Info {
    depth: u32,
    multipv: usize,
    score: String,
    pv: Vec<String>,
}

fn parse_info(line: &str) -> Info {
    let tokens: Vec<&str> = line.split(' ').collect();
    let after = |key: &str| tokens.iter().position(|t| *t == key).map(|i| i + 1);
    let number = |key: &str| after(key).and_then(|i| tokens.get(i)).and_then(|t| t.parse().ok());
    let score = after("score").map(|i| tokens[i..i + 2].join(" ")).unwrap_or_default();
    let pv = after("pv").map(|i| tokens[i..].iter().map(|s| s.to_string()).collect()).unwrap_or_default();
    Info {
        depth: number("depth").unwrap_or_else(|| panic!("no depth in {line:?}")),
        multipv: number("multipv").unwrap_or_else(|| panic!("no multipv in {line:?}")) as usize,
        score,
        pv,
    }
}

/// Centipawns of a `cp N` or `mate N` score, mates as ±100000 (for ordering).
fn score_value(score: &str) -> i64 {
    match score.split(' ').collect::<Vec<_>>().as_slice() {
        ["cp", cp] => cp.parse().expect("cp value"),
        ["mate", n] if n.starts_with('-') => -100_000,
        ["mate", _] => 100_000,
        _ => panic!("bad score {score:?}"),
    }
}

/// Runs `go depth <depth>` and checks every iteration: exactly `lines` lines numbered 1..=lines in
/// order, distinct first moves, scores not increasing. Returns the lines of the last depth.
fn multipv_search(engine: &mut Engine, go: &str, depth: u32, lines: usize) -> (Vec<Info>, String) {
    let search = engine.go(go, SEARCH_TIMEOUT);
    let infos: Vec<Info> = search.iterations().iter().map(|l| parse_info(l)).collect();
    for d in 1..=depth {
        let at_depth: Vec<&Info> = infos.iter().filter(|i| i.depth == d).collect();
        assert_eq!(at_depth.len(), lines, "depth {d}: {:?}", search.lines);
        for (k, info) in at_depth.iter().enumerate() {
            assert_eq!(info.multipv, k + 1, "depth {d}: {:?}", search.lines);
            assert!(!info.pv.is_empty(), "depth {d}: empty pv {:?}", search.lines);
        }
        let firsts: HashSet<&String> = at_depth.iter().map(|i| &i.pv[0]).collect();
        assert_eq!(firsts.len(), lines, "depth {d}: repeated first moves {:?}", search.lines);
        for pair in at_depth.windows(2) {
            assert!(
                score_value(&pair[0].score) >= score_value(&pair[1].score),
                "depth {d}: lines out of order {:?}",
                search.lines
            );
        }
    }
    let last: Vec<Info> = infos.into_iter().filter(|i| i.depth == depth).collect();
    assert_eq!(search.bestmove, last[0].pv[0], "bestmove is not the first line's move");
    (last, search.bestmove)
}

#[test]
fn multipv_reports_n_distinct_lines_best_first_at_every_depth() {
    let mut engine = Engine::spawn();
    engine.set_option("MultiPV", "3");
    engine.send("position startpos moves e2e4");
    multipv_search(&mut engine, "depth 7", 7, 3);
    // Back to one line: no more `multipv 2`.
    engine.set_option("MultiPV", "1");
    multipv_search(&mut engine, "depth 5", 5, 1);
}

#[test]
fn multipv_finds_the_mate_as_the_first_line_and_the_other_moves_below_it() {
    let mut engine = Engine::spawn();
    engine.set_option("MultiPV", "2");
    // White mates with Ra8 (back rank); every other move lets black live.
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let (lines, best) = multipv_search(&mut engine, "depth 6", 6, 2);
    assert_eq!(best, "a1a8");
    assert_eq!(lines[0].score, "mate 1");
    assert!(!lines[1].score.starts_with("mate"), "second line {lines:?}");
}

#[test]
fn multipv_is_limited_by_searchmoves_and_by_the_legal_moves() {
    let mut engine = Engine::spawn();
    engine.set_option("MultiPV", "4");
    engine.send("position startpos");
    let (lines, _) = multipv_search(&mut engine, "depth 5 searchmoves e2e4 d2d4", 5, 2);
    let firsts: HashSet<&str> = lines.iter().map(|i| i.pv[0].as_str()).collect();
    assert_eq!(firsts, HashSet::from(["e2e4", "d2d4"]));
    // Three legal moves only (the king in the corner): three lines, not four.
    engine.send("position fen 7k/8/8/8/8/8/8/K7 w - - 0 1");
    let (lines, _) = multipv_search(&mut engine, "depth 4", 4, 3);
    let firsts: HashSet<&str> = lines.iter().map(|i| i.pv[0].as_str()).collect();
    assert_eq!(firsts, HashSet::from(["a1a2", "a1b1", "a1b2"]));
}

#[test]
fn multipv_lists_every_move_in_the_notation_of_the_variant() {
    // Both castlings are legal: standard notation moves the king two squares, Chess960 notation
    // takes the rook.
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    for (chess960, castlings) in [("false", ["e1g1", "e1c1"]), ("true", ["e1h1", "e1a1"])] {
        let mut engine = Engine::spawn();
        engine.set_option("UCI_Chess960", chess960);
        engine.send(&format!("position fen {fen}"));
        let legal = engine.legal_moves();
        engine.set_option("MultiPV", "256");
        let (lines, _) = multipv_search(&mut engine, "depth 3", 3, legal.len());
        let firsts: HashSet<String> = lines.iter().map(|i| i.pv[0].clone()).collect();
        assert_eq!(firsts, legal.iter().cloned().collect::<HashSet<_>>(), "UCI_Chess960 {chess960}");
        for castling in castlings {
            assert!(firsts.contains(castling), "UCI_Chess960 {chess960}: no {castling} in {firsts:?}");
        }
    }
}

#[test]
fn threads_search_answers_legal_moves_and_obeys_stop_and_depth() {
    let mut engine = Engine::spawn();
    assert_eq!(engine.set_option("Threads", "4"), Vec::<String>::new());
    engine.send("position startpos moves d2d4 g8f6 c2c4");
    let search = engine.go("depth 9", SEARCH_TIMEOUT);
    assert!(engine.legal_moves().contains(&search.bestmove), "{search:?}");
    let depths: Vec<u32> = search.iterations().iter().map(|l| parse_info(l).depth).collect();
    assert_eq!(depths, (1..=9).collect::<Vec<_>>(), "one line per depth from the main thread");

    // `go infinite` with four threads ends at `stop`, with one bestmove.
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("stop");
    let search = engine.wait_bestmove(Duration::from_secs(2));
    assert!(engine.legal_moves().contains(&search.bestmove), "{search:?}");
    assert!(engine.read_for(Duration::from_millis(200)).iter().all(|l| !l.starts_with("bestmove")));

    // A movetime is kept by all threads: the answer comes, and the next search starts cleanly.
    let search = engine.go("movetime 200", Duration::from_secs(3));
    assert!(engine.legal_moves().contains(&search.bestmove), "{search:?}");
    // Fewer threads between searches.
    assert_eq!(engine.set_option("Threads", "2"), Vec::<String>::new());
    let search = engine.go("nodes 20000", SEARCH_TIMEOUT);
    assert!(engine.legal_moves().contains(&search.bestmove), "{search:?}");
}

/// The nodes of the last iteration of a `go depth N` from `position`.
fn nodes_to_depth(engine: &mut Engine, position: &str, depth: u32) -> u64 {
    engine.send(position);
    let search = engine.go(&format!("depth {depth}"), SEARCH_TIMEOUT);
    let nodes = search.last_info_value("nodes").and_then(|n| n.parse().ok());
    nodes.unwrap_or_else(|| engine.fail("no node count in the last iteration"))
}

#[test]
fn histories_are_kept_between_the_moves_of_a_game_and_forgotten_at_a_new_game() {
    let first = "position startpos moves e2e4 e7e5 g1f3 b8c6";
    let second = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6";
    let fresh = nodes_to_depth(&mut Engine::spawn(), second, 10);
    for forget in ["ucinewgame", "setoption name Clear Hash"] {
        let mut engine = Engine::spawn();
        nodes_to_depth(&mut engine, first, 10);
        engine.send(forget);
        assert_eq!(nodes_to_depth(&mut engine, second, 10), fresh, "after {forget}: as a fresh engine");
    }
    // Within a game the second search starts from what the first learnt (and from its table).
    let mut engine = Engine::spawn();
    nodes_to_depth(&mut engine, first, 10);
    assert_ne!(nodes_to_depth(&mut engine, second, 10), fresh, "the second move of a game searches as the first");
}

#[test]
fn threads_option_clamps_to_its_range() {
    let mut engine = Engine::spawn();
    assert_eq!(
        engine.set_option("Threads", "100000"),
        vec!["info string option 'Threads' value 100000 out of range, set to 256"]
    );
    assert_eq!(engine.set_option("Threads", "1"), Vec::<String>::new());
}

#[test]
fn bench_with_threads_reports_nodes_and_speed() {
    let (code, out, _) = run_cli(&["bench", "5", "2"]);
    assert_eq!(code, Some(0));
    let last = out.lines().last().unwrap_or_default();
    let tokens: Vec<&str> = last.split(' ').collect();
    assert!(
        matches!(tokens.as_slice(), [n, "nodes", s, "nps"] if n.parse::<u64>().is_ok_and(|n| n > 0) && s.parse::<u64>().is_ok()),
        "{out}"
    );
}

/// `W D L` after `wdl` in an info line, if any.
fn wdl_of(line: &str) -> Option<[u32; 3]> {
    let tokens: Vec<&str> = line.split(' ').collect();
    let at = tokens.iter().position(|t| *t == "wdl")?;
    let number = |i: usize| tokens.get(at + i).and_then(|t| t.parse().ok());
    Some([number(1)?, number(2)?, number(3)?])
}

#[test]
fn show_wdl_puts_win_draw_loss_per_mille_after_every_score() {
    let mut engine = Engine::spawn();
    engine.send("position startpos moves e2e4 e7e5");
    let search = engine.go("depth 6", SEARCH_TIMEOUT);
    assert!(search.iterations().iter().all(|l| wdl_of(l).is_none()), "wdl while off: {:?}", search.lines);

    assert_eq!(engine.set_option("UCI_ShowWDL", "true"), Vec::<String>::new());
    engine.set_option("MultiPV", "2");
    let search = engine.go("depth 6", SEARCH_TIMEOUT);
    for line in search.iterations() {
        let [w, d, l] = wdl_of(line).unwrap_or_else(|| panic!("no wdl in {line:?}"));
        assert_eq!(w + d + l, 1000, "{line}");
        // Right after the score, as Stockfish prints it.
        let score = parse_info(line).score;
        assert!(line.contains(&format!("score {score} wdl {w} {d} {l} nodes ")), "{line}");
        // The side that is better is the likelier winner.
        let cp = score_value(&score);
        assert!((cp > 0) <= (w >= l) && (cp < 0) <= (l >= w), "{line}");
    }
    // A mate is a certain win.
    engine.set_option("MultiPV", "1");
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let search = engine.go("depth 4", SEARCH_TIMEOUT);
    let last = search.iterations().last().map(|l| l.to_string()).unwrap_or_default();
    assert_eq!(wdl_of(&last), Some([1000, 0, 0]), "{last}");
}

#[test]
fn limit_strength_searches_less_and_varies_its_moves() {
    let mut engine = Engine::spawn();
    engine.send("position startpos moves e2e4 c7c5 g1f3");
    let full = engine.go("depth 11", SEARCH_TIMEOUT);
    let full_nodes: u64 = full.last_info_value("nodes").and_then(|n| n.parse().ok()).unwrap_or(0);
    assert!(full_nodes > 10_000, "{full:?}");

    assert_eq!(engine.set_option("UCI_LimitStrength", "true"), Vec::<String>::new());
    assert_eq!(engine.set_option("UCI_Elo", "1350"), Vec::<String>::new());
    let mut moves = HashSet::new();
    for _ in 0..20 {
        engine.send("ucinewgame");
        let weak = engine.go("depth 9", SEARCH_TIMEOUT);
        let nodes: u64 = weak.last_info_value("nodes").and_then(|n| n.parse().ok()).unwrap_or(u64::MAX);
        assert!(nodes < 5_000, "UCI_Elo 1350 searched {nodes} nodes: {weak:?}");
        // One reported line although it weighs several.
        assert!(weak.iterations().iter().all(|l| parse_info(l).multipv == 1), "{weak:?}");
        assert!(engine.legal_moves().contains(&weak.bestmove), "{weak:?}");
        moves.insert(weak.bestmove);
    }
    assert!(moves.len() >= 2, "always the same move at UCI_Elo 1350: {moves:?}");
    assert_eq!(
        engine.set_option("UCI_Elo", "100"),
        vec!["info string option 'UCI_Elo' value 100 out of range, set to 1350"]
    );
}

#[test]
fn limit_strength_from_2500_up_searches_as_full_strength() {
    let mut engine = Engine::spawn();
    let mut nodes_at = |limit: &str, elo: &str| {
        assert_eq!(engine.set_option("UCI_LimitStrength", limit), Vec::<String>::new());
        assert_eq!(engine.set_option("UCI_Elo", elo), Vec::<String>::new());
        engine.send("ucinewgame");
        engine.send("position startpos moves e2e4 c7c5 g1f3");
        let search = engine.go("depth 10", SEARCH_TIMEOUT);
        search.last_info_value("nodes").and_then(|n| n.parse::<u64>().ok()).unwrap_or(0)
    };
    let full = nodes_at("false", "1350");
    assert!(full > 10_000, "{full}");
    // No node budget, no noise, one root line: the very same search.
    assert_eq!(nodes_at("true", "2500"), full);
    assert_eq!(nodes_at("true", "2850"), full);
    // Below it, a budget (about 3,900 nodes at 1500).
    assert!(nodes_at("true", "1500") < full);
}

/// The FENs of the 960 start positions in Scharnagl order, from the perft data.
fn chess960_table(file: &str) -> Vec<String> {
    let path = format!("{}/tests/data/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let fens: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" ;").next().unwrap_or_default().trim().to_string())
        .collect();
    assert_eq!(fens.len(), 960, "{path}");
    fens
}

fn run_cli(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_engine")).args(args).output().expect("run the engine");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).trim_end().to_string();
    (output.status.code(), text(&output.stdout), text(&output.stderr))
}

#[test]
fn frc_prints_the_start_position_of_its_scharnagl_number() {
    let xfen = chess960_table("chess960_startpos_xfen.epd");
    let shredder = chess960_table("chess960_startpos_shredder.epd");
    for n in [0usize, 1, 2, 100, 357, 518, 700, 959] {
        let number = n.to_string();
        assert_eq!(run_cli(&["frc", &number]), (Some(0), xfen[n].clone(), String::new()), "frc {n}");
        assert_eq!(run_cli(&["frc", &number, "shredder"]), (Some(0), shredder[n].clone(), String::new()));
    }
}

#[test]
fn dfrc_takes_white_and_black_from_two_start_positions() {
    let xfen = chess960_table("chess960_startpos_xfen.epd");
    for (white, black) in [(0usize, 959usize), (518, 0), (123, 456), (959, 959)] {
        let black_rank = xfen[black].split('/').next().unwrap_or_default();
        let white_rest = xfen[white].split_once('/').map(|(_, rest)| rest).unwrap_or_default();
        let expected = format!("{black_rank}/{white_rest}");
        let (code, out, err) = run_cli(&["dfrc", &white.to_string(), &black.to_string()]);
        assert_eq!((code, out, err), (Some(0), expected, String::new()), "dfrc {white} {black}");
    }
}

#[test]
fn start_position_helpers_reject_bad_numbers_with_the_usage() {
    for args in
        [&["frc", "960"][..], &["frc", "x"], &["frc"], &["frc", "1", "2"], &["dfrc", "1"], &["dfrc", "1", "960"]]
    {
        let (code, out, err) = run_cli(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert_eq!(out, "", "{args:?}");
        assert!(err.starts_with("usage: engine frc <0-959>"), "{args:?}: {err}");
    }
}

#[test]
fn spsa_prints_every_tunable_search_parameter_as_openbench_input() {
    use ::engine::search::params::{PARAMS, RULE_PARAMS};
    let (code, out, err) = run_cli(&["spsa"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let params: Vec<_> = PARAMS.iter().filter(|p| !RULE_PARAMS.contains(&p.name)).collect();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), params.len(), "{out}");
    assert!(!out.contains("tt_clock_margin"), "the draw rules' margins are not tuned: {out}");
    for (line, p) in lines.iter().zip(params) {
        let fields: Vec<&str> = line.split(", ").collect();
        assert_eq!(fields.len(), 7, "{line}");
        assert_eq!((fields[0], fields[1]), (p.name, "int"), "{line}");
        let numbers: Vec<f64> = fields[2..].iter().map(|f| f.parse().expect("a number")).collect();
        assert_eq!(numbers[..4], [p.value as f64, p.min as f64, p.max as f64, p.step as f64], "{line}");
        assert!(numbers[4] > 0.0 && numbers[4] < 1.0, "learning rate in {line}");
    }
    // The default build declares no tuning options.
    let (_, uci, _) = run_cli(&["uci"]);
    assert!(uci.contains("option name Hash") && !uci.contains("option name rfp_margin"), "{uci}");
}
