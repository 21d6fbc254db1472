//! `engine survey960` through the built binary: the CSV's columns and FENs, resuming a stopped run,
//! a double Chess960 sample, and bad arguments as an error message with nothing written.

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_engine")).args(args).output().expect("run the engine")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A CSV path of this test's own, removed first.
fn csv(tag: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("engine-survey960-{tag}-{}.csv", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The Shredder-FEN `engine frc N shredder` prints.
fn shredder_fen(n: u32) -> String {
    text(&run(&["frc", &n.to_string(), "shredder"]).stdout).trim().to_string()
}

fn rows(path: &PathBuf) -> Vec<Vec<String>> {
    let content = std::fs::read_to_string(path).expect("the CSV");
    content.lines().map(|line| line.split(',').map(str::to_string).collect()).collect()
}

#[test]
fn three_positions_then_a_resumed_fourth() {
    let path = csv("range");
    let out = path.to_str().expect("a path");
    let first = run(&["survey960", "--nodes", "3000", "--from", "0", "--to", "2", "--out", out]);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let table = rows(&path);
    assert_eq!(table[0].join(","), "number,fen,bestmove,cp,win,draw,loss,depth,pv");
    assert_eq!(table.len(), 4, "{table:?}");
    for (n, row) in table[1..].iter().enumerate() {
        assert_eq!(row.len(), 9, "{row:?}");
        assert_eq!(row[0], n.to_string());
        assert_eq!(row[1], shredder_fen(n as u32));
        if n == 0 {
            // Position 0 of the standard numbering (Scharnagl's table).
            assert_eq!(row[1], "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
        }
        let pv: Vec<&str> = row[8].split(' ').collect();
        assert_eq!(pv[0], row[2], "the line starts with the best move");
        assert!(row[3].parse::<i32>().is_ok_and(|cp| cp.abs() < 500), "{row:?}");
        let shares: Vec<u32> = row[4..7].iter().map(|s| s.parse().expect("per mille")).collect();
        assert_eq!(shares.iter().sum::<u32>(), 1000, "{row:?}");
        assert!(row[7].parse::<u32>().is_ok_and(|d| d >= 1), "{row:?}");
    }
    // Resumed with one more: only that one is searched, the three stay as they were.
    let second = run(&["survey960", "--nodes", "3000", "--from", "0", "--to", "3", "--out", out]);
    assert!(second.status.success(), "{}", text(&second.stderr));
    assert!(text(&second.stdout).starts_with("1 positions searched, 3 already in"), "{}", text(&second.stdout));
    let resumed = rows(&path);
    assert_eq!(resumed.len(), 5);
    assert_eq!(resumed[..4], table[..]);
    assert_eq!(resumed[4][0], "3");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_double_chess960_sample_names_both_positions() {
    let path = csv("dfrc");
    let out = path.to_str().expect("a path");
    let result = run(&["survey960", "--dfrc", "--sample", "2", "--seed", "5", "--nodes", "2000", "--out", out]);
    assert!(result.status.success(), "{}", text(&result.stderr));
    let table = rows(&path);
    assert_eq!(table.len(), 3, "{table:?}");
    for row in &table[1..] {
        let (white, black) = row[0].split_once('-').expect("WHITE-BLACK");
        let expected = text(&run(&["dfrc", white, black, "shredder"]).stdout).trim().to_string();
        assert_eq!(row[1], expected);
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_arguments_are_an_error_and_write_nothing() {
    let path = csv("bad");
    let out = path.to_str().expect("a path");
    for (args, message) in [
        (vec!["--from", "5", "--to", "3"], "bad range 5..3"),
        (vec!["--to", "960"], "bad range 0..960"),
        (vec!["--nodes", "many"], "not a number"),
        (vec!["--dfrc"], "--dfrc needs --sample"),
    ] {
        let mut full = vec!["survey960"];
        full.extend(&args);
        full.extend(["--out", out]);
        let result = run(&full);
        assert_eq!(result.status.code(), Some(2), "{args:?}");
        assert!(text(&result.stderr).contains(message), "{args:?}: {}", text(&result.stderr));
        assert!(!path.exists(), "{args:?} wrote the CSV");
    }
    let missing = run(&["survey960", "--from", "1"]);
    assert!(text(&missing.stderr).contains("--out is required"), "{}", text(&missing.stderr));
}
