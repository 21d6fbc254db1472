//! A training run stopped after an epoch and resumed from its checkpoint, with another number of
//! threads, ends in the same net as the run that never stopped: a run can go on on another machine.
//! Games: `tests/data/fastchess.pgn` (its source is in `tests/data/SOURCE.txt`), imported with
//! `datagen import-pgn`.

#[path = "common/scratch.rs"]
mod scratch;

use std::path::Path;
use std::process::Command;

use scratch::scratch;

fn run(binary: &str, args: &[&str]) {
    let output = Command::new(binary).args(args).output().expect("run the tool");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    assert!(output.status.success(), "{args:?}: {}{}", text(&output.stdout), text(&output.stderr));
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// `train` into `out` for `epochs` on `threads`: 128 neurons (two blocks of 64) and two mirrored
/// king buckets (the first rank, the rest).
fn train(out: &Path, data: &Path, epochs: &str, threads: &str, resume: bool) {
    let buckets = ["0"; 4].into_iter().chain(["1"; 28]).collect::<Vec<_>>().join(",");
    let mut args = vec![
        "--out",
        path(out),
        "--epochs",
        epochs,
        "--threads",
        threads,
        "--hidden",
        "128",
        "--buckets",
        "2",
        "--king-buckets",
        &buckets,
        "--batch",
        "128",
        "--holdout",
        "0.2",
        "--seed",
        "5",
    ];
    if resume {
        args.push("--resume");
    }
    args.push(path(data));
    run(env!("CARGO_BIN_EXE_train"), &args);
}

#[test]
fn a_resumed_run_on_other_threads_ends_in_the_same_net() {
    let dir = scratch("train-resume");
    let chunk = dir.join("games.games");
    run(env!("CARGO_BIN_EXE_datagen"), &["import-pgn", path(&chunk), "tests/data/fastchess.pgn"]);
    let (whole, stopped) = (dir.join("whole"), dir.join("stopped"));
    train(&whole, &chunk, "2", "2", false);
    train(&stopped, &chunk, "1", "1", false);
    train(&stopped, &chunk, "2", "2", true);
    let net = |folder: &Path| std::fs::read(folder.join("net-e2.nnue")).expect("the second epoch's net");
    assert!(net(&whole) == net(&stopped), "the resumed run's net differs");
    let losses = std::fs::read_to_string(stopped.join("loss.csv")).expect("loss.csv");
    assert_eq!(losses.lines().count(), 3, "{losses}");
    let _ = std::fs::remove_dir_all(&dir);
}
