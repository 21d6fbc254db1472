//! The neural evaluation (NNUE): its input features and the quantised network with its file format.
//! Training lives in `src/bin/train`; the search does not use a network yet.

pub mod features;
pub mod network;
