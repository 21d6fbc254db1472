//! The neural evaluation (NNUE): its input features, the quantised network with its file format,
//! accumulators updated move by move with a refresh cache for king moves (`cache`), and the vector
//! code of their hot loops (`simd`). Training
//! lives in the tools (`tools/src/bin/train`); the search evaluates with the built-in network (`embedded`) or the one
//! `EvalFile` names.

pub mod accumulator;
pub mod cache;
pub mod embedded;
pub mod explain;
pub mod features;
pub mod network;
mod simd;
