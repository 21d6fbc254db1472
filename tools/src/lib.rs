//! What only contributors run, on top of the engine's library: the self-play data format and its
//! files (`data`), self-play data generation (`selfplay`), the fit of the win/draw/loss model
//! (`wdl`), networks in bullet's layout (`bullet`), the king-bucket layout as command lines give it
//! (`layout`), nets widened for speed probes (`widen`) and the usage every tool shows when asked
//! (`usage`). The binaries: `datagen`, `train` (the NNUE
//! trainer) and `fuzz` (the UCI and FEN fuzzer); `benches/` holds the micro-benchmarks.
//!
//! Tools use the engine; the engine never uses the tools (`tests/layout.rs` checks both).

pub mod bullet;
pub mod data;
pub mod layout;
pub mod selfplay;
pub mod usage;
pub mod wdl;
pub mod widen;
