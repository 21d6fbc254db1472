//! The network built into the binary (`nets/net3.nnue`, or the file `EVALFILE` named at build time:
//! see `build.rs`), so the engine needs no file to run. `EvalFile` at its default names it; any other
//! path loads that file instead.

use std::sync::{Arc, OnceLock};

use super::network::Network;

/// The built-in net's name: the default of `EvalFile`.
pub const NAME: &str = env!("EMBEDDED_NET_NAME");

static BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/net.nnue"));

/// The built-in network, read once and shared.
pub fn network() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    let net = NETWORK.get_or_init(|| {
        // The bytes are part of the binary, and a test reads them, so a bad file never ships.
        Arc::new(Network::from_bytes(BYTES).expect("the built-in network file is valid"))
    });
    Arc::clone(net)
}

/// Whether `EvalFile`'s value means the built-in network.
pub fn is_built_in(path: &str) -> bool {
    path.is_empty() || path == NAME
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_network_reads_and_evaluates_the_start_position_near_zero() {
        let net = network();
        let board = cozy_chess::Board::default();
        assert!(net.evaluate(&board).abs() < 100, "{}", net.evaluate(&board));
    }
}
