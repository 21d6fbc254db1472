//! A short run of both fuzz targets (tools/src/bin/fuzz) on every test run: any panic, hang, failed probe or
//! FEN that does not read back makes the fuzzer exit non-zero with the input printed. The long runs
//! (ten million inputs each) are recorded in bench/RESULTS.md.

use std::process::Command;

fn fuzz(target: &str, inputs: u64, seed: u64) {
    let output = Command::new(env!("CARGO_BIN_EXE_fuzz"))
        .args([target, &inputs.to_string(), &seed.to_string()])
        .output()
        .expect("the fuzz binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "fuzz {target} {inputs} {seed}: {:?}\n{stderr}", output.status);
    assert!(stderr.contains(&format!("{inputs} inputs, seed {seed}: no failure")), "{stderr}");
}

#[test]
fn uci_line_sequences() {
    fuzz("uci", 20_000, 7);
}

#[test]
fn fen_text_and_perft() {
    fuzz("fen", 300_000, 7);
}

#[test]
fn bad_arguments_print_the_usage() {
    let output = Command::new(env!("CARGO_BIN_EXE_fuzz")).arg("nonsense").output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stderr).trim(), "usage: fuzz uci|fen [inputs] [seed]");
}

#[test]
fn help_or_no_argument_prints_the_usage_and_fuzzes_nothing() {
    for (args, code) in [(&[][..], 2), (&["--help"][..], 0), (&["-h"][..], 0)] {
        let output = Command::new(env!("CARGO_BIN_EXE_fuzz")).args(args).output().expect("runs");
        let shown = if code == 0 { &output.stdout } else { &output.stderr };
        assert_eq!(output.status.code(), Some(code), "{args:?}");
        assert_eq!(String::from_utf8_lossy(shown).trim(), "usage: fuzz uci|fen [inputs] [seed]", "{args:?}");
    }
}
