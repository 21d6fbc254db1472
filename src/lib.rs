//! A UCI chess engine for standard chess and Chess960, built on cozy-chess.
//!
//! Modules mirror the engine: `uci` (protocol in and out), `position` (rules, history, draws,
//! notation), `search` (threads, iterative deepening, alpha-beta, TT, time), `eval`, plus `perft`,
//! `bench`, `datagen` (self-play training data) and `syzygy` (endgame tablebases).

pub mod bench;
pub mod eval;
pub mod nnue;
pub mod perft;
pub mod position;
pub mod rng;
pub mod search;
pub mod syzygy;
pub mod uci;
