//! `bench`: a fixed set of positions searched in order to a fixed depth, sharing one table that starts
//! empty (as Stockfish's bench does), printing the total as `N nodes M nps` (the OpenBench convention).
//! The node count is the search's signature: it changes only when search or evaluation behaviour
//! changes.

use std::sync::Arc;
use std::time::Instant;

use crate::nnue::network::Network;
use crate::position::Position;
use crate::search::{DirectSearch, Limits, TranspositionTable};

/// Depth searched when `bench` is given none.
pub const DEFAULT_DEPTH: u32 = 11;
const BENCH_HASH_MB: usize = 16;

/// Standard and Chess960 positions: openings, middlegames, endgames, checks and promotions, tactics.
pub const POSITIONS: [&str; 50] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N1PN2/PP3PPP/R1BQKB1R b KQkq - 0 5",
    "2r3k1/pp3ppp/4p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPPQ2PP/R4R1K w - - 0 15",
    "6k1/5pp1/7p/8/3R4/6P1/5PKP/1r6 b - - 3 40",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 60",
    "8/5pk1/6p1/8/5PP1/7K/8/8 w - - 0 50",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    "8/8/8/8/8/5k2/2q5/K7 w - - 0 70",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQR1K1 b - - 0 7",
    "3r2k1/1p3ppp/p1n5/4P3/8/P1N3P1/1P3P1P/3R2K1 w - - 0 24",
    "rnbqk2r/ppp1ppbp/3p1np1/8/2PPP3/2N2N2/PP3PPP/R1BQKB1R b KQkq - 0 5",
    "8/3k4/8/2KP4/8/8/8/8 w - - 0 1",
    "1k6/1pp5/p7/8/8/P7/1PP5/1K4R1 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
    "qrnkbbrn/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/QRNKBBRN w GBgb c6 0 2",
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    // Win At Chess (Reinfeld), every 30th position: tactics.
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "rb3qk1/pQ3ppp/4p3/3P4/8/1P3N2/1P3PPP/3R2K1 w - - 0 1",
    "3qrbk1/ppp1r2n/3pP2p/3P4/2P4P/1P3Q2/PB6/R4R1K w - - 0 1",
    "2qr2k1/4b1p1/2p2p1p/1pP1p3/p2nP3/PbQNB1PP/1P3PK1/4RB2 b - - 0 1",
    "6k1/5p1p/2bP2pb/4p3/2P5/1p1pNPPP/1P1Q1BK1/1q6 b - - 0 1",
    "8/3b2kp/4p1p1/pr1n4/N1N4P/1P4P1/1K3P2/3R4 w - - 0 1",
    "r3k2r/2p2p2/p2p1n2/1p2p3/4P2p/1PPPPp1q/1P5P/R1N2QRK b kq - 0 1",
    "r1bqrk2/pp1n1n1p/3p1p2/P1pP1P1Q/2PpP1NP/6R1/2PB4/4RBK1 w - - 0 1",
    "2rq1rk1/pp3ppp/2n2b2/4NR2/3P4/PB5Q/1P4PP/3R2K1 w - - 0 1",
    "2kr4/ppp3Pp/4RP1B/2r5/5P2/1P6/P2p4/3K4 w - - 0 1",
    // Chess960 and double Chess960 start positions (from FRC and DFRC opening books).
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
    "nbrkbrqn/pppppppp/8/8/8/8/PPPPPPPP/NBRKBRQN w KQkq - 0 1",
    "rbqnbkrn/pppppppp/8/8/8/8/PPPPPPPP/RBQNBKRN w KQkq - 0 1",
    "rbknbrqn/pppppppp/8/8/8/8/PPPPPPPP/RBKNBRQN w KQkq - 0 1",
    "brqbnkrn/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFgb - 0 1",
    "rknrbnqb/pppppppp/8/8/8/8/PPPPPPPP/QNBNRBKR w HEda - 0 1",
    "rnqkrbbn/pppppppp/8/8/8/8/PPPPPPPP/QNNRBBKR w HDea - 0 1",
    "nrknbqrb/pppppppp/8/8/8/8/PPPPPPPP/QNNRKRBB w FDgb - 0 1",
    // Quiet positions from Stockfish self-play games.
    "8/2r5/5kb1/R5p1/1K4B1/5PP1/8/8 b - - 50 69",
    "r3k2r/p2n2bp/1p2p2p/1B3p2/3pp1P1/N4P1P/PPP5/2KRR3 b kq - 0 11",
    "r2q1rk1/1b1nppbp/p1pp1np1/1p6/PP1PP3/2PB1N2/5PPP/RNBQR1K1 b - - 2 8",
    "8/p7/4b3/2pkpp1p/7P/P3KPP1/8/8 b - - 0 44",
    "8/8/8/1K6/3k4/8/Q7/8 w - - 11 79",
    "3r3k/1ppP1R2/7b/p4Bq1/4p3/P6Q/1PP4P/1K6 b - - 1 25",
    "2k1r3/1b5p/1p4p1/p1p2pB1/5N2/1P2n3/P5PP/4R1K1 b - - 1 24",
    "8/6R1/3k4/8/4P3/8/1KB5/8 b - - 2 57",
];

/// Searches every bench position to `depth` (default `DEFAULT_DEPTH`) with `threads` search threads,
/// evaluating with `network`. Returns the total node count and
/// the nodes per second. Only one thread gives a fixed node count; more
/// threads measure the Lazy SMP time to depth.
pub fn run(depth: Option<u32>, threads: usize, network: Arc<Network>) -> (u64, u64) {
    let depth = depth.unwrap_or(DEFAULT_DEPTH);
    let tt = TranspositionTable::new(BENCH_HASH_MB).unwrap_or_else(|_| TranspositionTable::minimal());
    let mut searcher = DirectSearch::new(tt, network);
    let start = Instant::now();
    let mut nodes = 0;
    for fen in POSITIONS {
        // Each position is a game of its own: no history carries over (the table does, as it
        // always has: the fixed node count depends on it).
        searcher.forget_histories();
        nodes += search_position(fen, (depth, threads), &mut searcher);
    }
    let elapsed_ms = start.elapsed().as_millis().max(1) as u64;
    let nps = nodes * 1000 / elapsed_ms;
    (nodes, nps)
}

/// Searches `fen` to `depth` with `threads` threads and returns the node count (0 for a rejected position).
fn search_position(fen: &str, (depth, threads): (u32, usize), searcher: &mut DirectSearch) -> u64 {
    let Ok(position) = Position::from_fen(fen) else {
        log::error!("bench position rejected: {fen}");
        return 0;
    };
    searcher.quiet(&position, Limits { depth: Some(depth), ..Limits::default() }, threads).nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::embedded;

    fn fresh() -> DirectSearch {
        let tt = TranspositionTable::new(1).unwrap_or_else(|_| TranspositionTable::minimal());
        DirectSearch::new(tt, embedded::network())
    }

    /// A searcher that learnt from searches and then forgot searches like a new one: `forget`
    /// clears the table and every history in place (bench and datagen rely on it).
    #[test]
    fn a_searcher_that_forgot_searches_like_a_fresh_one() {
        let (first, second) = (POSITIONS[5], POSITIONS[1]);
        let new = search_position(second, (7, 1), &mut fresh());
        let mut used = fresh();
        search_position(first, (7, 1), &mut used);
        search_position(second, (7, 1), &mut used);
        assert_ne!(search_position(second, (7, 1), &mut used), new, "what was learnt changes the search");
        used.forget();
        assert_eq!(search_position(second, (7, 1), &mut used), new);
    }
}
