//! The `tune` build (`cargo test --features tune --test uci_tune`, run by `make test`): every search
//! parameter is a UCI spin option, `setoption` changes the search, and the defaults search exactly
//! as the default build does.
#![cfg(feature = "tune")]

#[path = "common/engine.rs"]
mod engine;

use engine::{Engine, SEARCH_TIMEOUT};

/// The node count of `bench <depth>` with the options set so far.
fn bench_nodes(engine: &mut Engine, depth: u32) -> u64 {
    engine.send(&format!("bench {depth}"));
    let lines = engine.expect_line(|l| l.ends_with(" nps"), SEARCH_TIMEOUT);
    let line = lines.iter().rev().find(|l| l.ends_with(" nps")).expect("a bench line");
    line.split(' ').next().and_then(|n| n.parse().ok()).expect("a node count")
}

#[test]
fn every_search_parameter_is_a_spin_option() {
    let mut engine = Engine::spawn();
    let declared = engine.handshake();
    for p in ::engine::search::params::PARAMS {
        let expected = format!("option name {} type spin default {} min {} max {}", p.name, p.value, p.min, p.max);
        assert!(declared.contains(&expected), "{expected} missing from {declared:?}");
    }
}

#[test]
fn setting_a_parameter_changes_the_search_and_its_default_restores_it() {
    let mut engine = Engine::spawn();
    engine.handshake();
    let default = bench_nodes(&mut engine, 6);
    assert_eq!(engine.set_option("lmr_divisor", "300"), Vec::<String>::new());
    assert_ne!(bench_nodes(&mut engine, 6), default);
    assert_eq!(
        engine.set_option("lmr_divisor", "9999"),
        vec!["info string option 'lmr_divisor' value 9999 out of range, set to 400"]
    );
    assert_eq!(engine.set_option("lmr_divisor", "225"), Vec::<String>::new());
    assert_eq!(bench_nodes(&mut engine, 6), default);
}
