//! `SyzygyPath` and the Syzygy options through the built binary, with the real tables of
//! `tests/data/syzygy`: what loading reports, the verdicts the tables give at clock 0 and late in the
//! fifty moves, the losing side's choice of the move that reaches the fifty-move draw, `tbhits`, and bad
//! paths that change nothing.

#[path = "common/engine.rs"]
mod engine;

use ::engine::search::score::wdl::normalised_cp;
use engine::{Engine, Search, SEARCH_TIMEOUT};

/// A cursed win in the search's units (`search::tablebase`), a little above a draw.
const CURSED: i32 = 2;

const TABLES: &str = "tests/data/syzygy";
const LOADED: &str = "info string Syzygy: found 5 WDL and 5 DTZ tables, up to 4 pieces in 'tests/data/syzygy'";
/// K+R v K, white to move: DTZ 21 (from `syzygy_wdl_dtz.epd`).
const KRK_DTZ_21: &str = "8/8/8/2R5/1K6/8/5k2/8 w - -";
/// K+R v K, black to move: Kc5 keeps 28 plies to mate, every other king move fewer than 25.
const KRK_DEFENCE: &str = "2K5/8/1k6/8/8/7R/8/8 b - -";

fn with_tables() -> Engine {
    let mut engine = Engine::spawn();
    engine.handshake();
    assert_eq!(engine.set_option("SyzygyPath", TABLES), vec![LOADED]);
    engine
}

/// A scratch folder named for `name` holding copies of `files` from `TABLES`; its path.
fn scratch_tables(name: &str, files: &[&str]) -> std::path::PathBuf {
    let folder = std::env::temp_dir().join(format!("engine-syzygy-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("scratch folder");
    for file in files {
        std::fs::copy(format!("{TABLES}/{file}"), folder.join(file)).expect("copy");
    }
    folder
}

/// The `tbhits` of a search's last iteration (0 when absent).
fn tbhits(search: &Search) -> u64 {
    search.last_info_value("tbhits").and_then(|h| h.parse().ok()).unwrap_or(0)
}

fn score_at(engine: &mut Engine, fen: &str, clock: u32) -> (String, String) {
    engine.send(&format!("position fen {fen} {clock} 80"));
    let search = engine.go("depth 6", SEARCH_TIMEOUT);
    (search.last_info_value("score").unwrap_or_default(), search.bestmove)
}

#[test]
fn the_options_are_declared_as_stockfish_names_them() {
    let mut engine = Engine::spawn();
    let lines = engine.handshake();
    for option in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        "option name Syzygy50MoveRule type check default true",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option} missing from {lines:?}");
    }
}

#[test]
fn krk_is_a_win_at_clock_0() {
    let mut engine = with_tables();
    let (score, _) = score_at(&mut engine, KRK_DTZ_21, 0);
    assert_eq!(score, "cp 19999", "a tablebase win");
}

#[test]
fn krk_late_in_the_fifty_moves_is_drawish_unless_the_rule_is_off() {
    let mut engine = with_tables();
    // 90 + 21 plies passes the limit: cursed.
    let cursed = format!("cp {}", normalised_cp(CURSED));
    assert_eq!(score_at(&mut engine, KRK_DTZ_21, 90).0, cursed, "a cursed win: a draw the better side prefers");
    assert!(engine.set_option("Syzygy50MoveRule", "false").is_empty());
    assert_eq!(score_at(&mut engine, KRK_DTZ_21, 90).0, "cp 19999", "the rule off: a win");
    // Rule50 0 switches the clock off for the tables too.
    assert!(engine.set_option("Syzygy50MoveRule", "true").is_empty());
    assert!(engine.set_option("Rule50", "0").is_empty());
    assert_eq!(score_at(&mut engine, KRK_DTZ_21, 90).0, "cp 19999", "Rule50 0: a win");
}

#[test]
fn the_losing_side_picks_the_move_that_reaches_the_fifty_move_draw() {
    let mut engine = with_tables();
    // At clock 74 only Kc5 (28 plies to the zeroing mate, 74 + 28 > 100) outlasts the limit.
    let (score, best) = score_at(&mut engine, KRK_DEFENCE, 74);
    let blessed = format!("cp {}", normalised_cp(-CURSED));
    assert_eq!((score.as_str(), best.as_str()), (blessed.as_str(), "b6c5"));
    // At clock 0 every move loses: a loss whatever it plays.
    assert_eq!(score_at(&mut engine, KRK_DEFENCE, 0).0, "cp -19999");
}

#[test]
fn tbhits_are_reported_with_tables_and_not_without() {
    let mut engine = with_tables();
    engine.send(&format!("position fen {KRK_DTZ_21} 0 1"));
    let search = engine.go("depth 3", SEARCH_TIMEOUT);
    // The 21 root moves were probed.
    assert_eq!(search.last_info_value("tbhits").as_deref(), Some("21"));
    // Five men with a capture to four: the tree probes.
    engine.send("position fen 8/8/8/2R5/1K6/8/5kr1/6R1 b - - 0 1");
    let search = engine.go("depth 6", SEARCH_TIMEOUT);
    assert!(tbhits(&search) > 0, "{:?}", search.lines);
    assert_eq!(engine.set_option("SyzygyPath", "<empty>"), vec!["info string Syzygy tables off"]);
    let search = engine.go("depth 3", SEARCH_TIMEOUT);
    assert_eq!(search.last_info_value("tbhits"), None);
}

#[test]
fn bad_paths_are_refused_and_the_tables_in_use_stay() {
    let mut engine = with_tables();
    let missing = engine.set_option("SyzygyPath", "/no/such/folder");
    assert_eq!(missing.len(), 1);
    assert!(
        missing[0].starts_with("info string error: SyzygyPath: cannot read folder '/no/such/folder'"),
        "{missing:?}"
    );
    assert!(missing[0].ends_with("; the tables in use stay"), "{missing:?}");
    let empty = engine.set_option("SyzygyPath", "tests/data/perft");
    assert_eq!(
        empty,
        vec![
            "info string error: SyzygyPath: no Syzygy WDL tables (.rtbw) in 'tests/data/perft'; the tables in use stay"
        ]
    );
    // Still the tables of before: a win, probed at the root.
    assert_eq!(score_at(&mut engine, KRK_DTZ_21, 0).0, "cp 19999");
    engine.send("isready");
    assert!(engine.is_alive());
}

#[test]
fn tables_can_be_replaced_one_set_after_another() {
    // The probing code holds one set of tables per process: the old set must go before the new loads.
    let folder = scratch_tables("replace", &["KQvK.rtbw", "KQvK.rtbz"]);
    let mut engine = with_tables();
    let path = folder.display().to_string();
    let replaced = engine.set_option("SyzygyPath", &path);
    assert_eq!(replaced, vec![format!("info string Syzygy: found 1 WDL and 1 DTZ tables, up to 3 pieces in '{path}'")]);
    // K+R v K is gone, K+Q v K is there.
    engine.send(&format!("position fen {KRK_DTZ_21} 0 1"));
    assert_eq!(engine.go("depth 3", SEARCH_TIMEOUT).last_info_value("tbhits").as_deref(), Some("0"));
    engine.send("position fen 8/8/2Q5/8/1K6/8/5k2/8 w - - 0 1");
    assert_eq!(engine.go("depth 3", SEARCH_TIMEOUT).last_info_value("score").as_deref(), Some("cp 19999"));
    assert_eq!(engine.set_option("SyzygyPath", TABLES), vec![LOADED]);
    std::fs::remove_dir_all(&folder).expect("clean up");
}

#[test]
fn a_table_without_its_dtz_file_still_probes_wdl_in_the_tree() {
    let folder = scratch_tables("wdl-only", &["KRvK.rtbw"]);
    let mut engine = Engine::spawn();
    engine.handshake();
    let path = folder.display().to_string();
    let loaded = engine.set_option("SyzygyPath", &path);
    assert_eq!(loaded, vec![format!("info string Syzygy: found 1 WDL and 0 DTZ tables, up to 3 pieces in '{path}'")]);
    // The root K+R v K has no DTZ table: no root ranking (and no DTZ probe, which would make the
    // probing code drop the WDL table of that material too).
    engine.send(&format!("position fen {KRK_DTZ_21} 0 1"));
    assert_eq!(engine.go("depth 4", SEARCH_TIMEOUT).last_info_value("tbhits").as_deref(), Some("0"));
    // K+R v K+R, white to move, takes the rook: the tree probes the same K+R v K by WDL.
    engine.send("position fen 7k/8/8/8/8/8/5K2/R5r1 w - - 0 1");
    let search = engine.go("depth 6", SEARCH_TIMEOUT);
    assert!(tbhits(&search) > 0, "{:?}", search.lines);
    assert!(["f2g1", "a1g1"].contains(&search.bestmove.as_str()), "{:?}", search.lines);
    assert!(search.last_info_value("score").is_some_and(|s| s.starts_with("cp 199") || s.starts_with("mate ")));
    std::fs::remove_dir_all(&folder).expect("clean up");
}
