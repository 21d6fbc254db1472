//! Perft (move path enumeration) and divide, the move generator's correctness check.

use cozy_chess::{Board, Move};

/// Number of leaf nodes of the legal move tree of `board` at `depth` plies (bulk-counted at the
/// last ply).
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            total += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                total += perft(&child, depth - 1);
            }
        }
        false
    });
    total
}

/// Perft of each legal move of `board` at `depth` (depth >= 1), in move generation order.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            out.push((mv, perft(&child, depth.saturating_sub(1))));
        }
        false
    });
    out
}
