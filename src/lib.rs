//! A UCI chess engine for standard chess and Chess960, built on cozy-chess.
//!
//! The modules, data flowing down the list:
//!
//! - `uci`: the protocol in and out (parsing, options, output, `d`, `eval`);
//! - `search`: threads, iterative deepening, alpha-beta, the transposition table, time, scores
//!   and what they mean to a user (`search::score::wdl`);
//! - `eval`: the evaluation chain on top of the network (drawish material, the halfmove clock);
//! - `nnue`: the network, its accumulators and its file; `syzygy`: endgame tablebases;
//! - `position`: the rules (FEN, notation, draws, repetition keys) and board facts (move
//!   generation by kind, captures, checks, SEE);
//! - `bench` and `perft`: the fixed workloads of `bench` and `go perft`; `survey960`'s searches of
//!   Chess960 start positions (`survey`); `rng`: a small seeded generator.
//!
//! Contributors' tools (self-play data, the trainer, the fuzzer) are the `tools` package, on top of
//! this library.

// Visibility that means something: an item is `pub` only where the library's users reach it.
#![warn(unreachable_pub)]

pub mod bench;
pub mod eval;
pub mod genfens;
pub mod nnue;
pub mod perft;
pub mod position;
pub mod rng;
pub mod search;
pub mod survey;
pub mod syzygy;
pub mod uci;
