//! A small network with varied weights, written to a scratch file, for the tests that load one.

use std::path::PathBuf;

use engine::nnue::features::InputLayout;
use engine::nnue::network::Network;

/// The network, and the file `name` it was written to.
pub fn network_file(name: &str) -> (PathBuf, Network) {
    network_file_with(name, InputLayout::plain())
}

/// The same with input weights for each king bucket of `layout`.
pub fn network_file_with(name: &str, layout: InputLayout) -> (PathBuf, Network) {
    let hidden = 8;
    let mut state = 12345u64;
    let mut next = |spread: i64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) as i64 % spread - spread / 2) as i16
    };
    let input_weights = (0..layout.inputs() * hidden).map(|_| next(120)).collect();
    let input_bias = (0..hidden).map(|_| next(200)).collect();
    let buckets = 2;
    let output_weights = (0..buckets * 2 * hidden).map(|_| next(100)).collect();
    let net = Network::new(hidden, input_weights, input_bias, output_weights, vec![500, -200]).with_layout(layout);
    let path = std::env::temp_dir().join(format!("engine-nnue-{name}-{}.nnue", std::process::id()));
    std::fs::write(&path, net.to_bytes()).expect("write the network");
    (path, net)
}
