//! The trainer shows its usage for `--help`, `-h` or no argument, and trains nothing then.

use std::process::Command;

#[test]
fn help_or_no_argument_prints_the_usage_and_trains_nothing() {
    for (args, code) in [(&[][..], 2), (&["--help"][..], 0), (&["-h", "--out"][..], 0)] {
        let output = Command::new(env!("CARGO_BIN_EXE_train")).args(args).output().expect("runs");
        let shown = if code == 0 { &output.stdout } else { &output.stderr };
        assert_eq!(output.status.code(), Some(code), "{args:?}");
        assert!(String::from_utf8_lossy(shown).starts_with("usage: train --out DIR"), "{args:?}");
    }
}
