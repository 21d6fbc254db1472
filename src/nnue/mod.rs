//! The neural evaluation (NNUE): its input features, the quantised network with its file format,
//! and accumulators updated move by move. Training lives in `src/bin/train`; the search does not
//! use a network yet.

pub mod accumulator;
pub mod explain;
pub mod features;
pub mod network;
mod simd;
