//! Correction history: how far search results have strayed from the static evaluation, learnt per
//! side to move and pawn structure during a search and added to the static evaluation.
//!
//! The evaluation misjudges some pawn structures in a consistent direction (a blocked centre, a
//! pawn storm). Where a node's search settles a score on the far side of its static evaluation, the
//! difference is folded into a running average for that structure; later nodes with the same pawns
//! start from a corrected evaluation, so pruning and reductions that compare the evaluation with
//! alpha and beta decide better.

use cozy_chess::{Board, Color, Piece};

use crate::eval;

/// Entries per side to move (a power of two), indexed by a hash of the pawns.
const ENTRIES: usize = 1 << 14;
/// Corrections are kept in 1/GRAIN centipawns, so small updates are not lost to rounding.
const GRAIN: i32 = 256;
/// Weights of one update, out of `WEIGHT_SCALE`: `min(depth² + 2·depth + 1, WEIGHT_MAX)`.
const WEIGHT_SCALE: i32 = 256;
const WEIGHT_MAX: i32 = 128;
/// A correction never moves the evaluation more than this many centipawns.
const CORRECTION_MAX_CP: i32 = 64;
/// Differences beyond this many centipawns count as this many (one tactic should not dominate).
const DIFFERENCE_MAX_CP: i32 = 256;

pub struct Correction {
    table: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction { table: vec![0; 2 * ENTRIES] }
    }
}

fn index(board: &Board) -> usize {
    let white = board.colored_pieces(Color::White, Piece::Pawn).0;
    let black = board.colored_pieces(Color::Black, Piece::Pawn).0;
    let hash = eval::pawn_hash(white, black);
    let slot = (hash >> 40) as usize & (ENTRIES - 1);
    board.side_to_move() as usize * ENTRIES + slot
}

impl Correction {
    /// The static evaluation `eval` (side to move's view) with the learnt correction added.
    pub fn corrected(&self, board: &Board, eval: i32) -> i32 {
        eval + self.table[index(board)] / GRAIN
    }

    /// Learns from a node searched to `depth` whose score `searched` differs from its uncorrected
    /// static evaluation `eval`.
    pub fn update(&mut self, board: &Board, depth: i32, searched: i32, eval: i32) {
        let target = (searched - eval).clamp(-DIFFERENCE_MAX_CP, DIFFERENCE_MAX_CP) * GRAIN;
        let weight = (depth * depth + 2 * depth + 1).min(WEIGHT_MAX);
        let entry = &mut self.table[index(board)];
        let averaged =
            (*entry as i64 * (WEIGHT_SCALE - weight) as i64 + target as i64 * weight as i64) / WEIGHT_SCALE as i64;
        *entry = (averaged as i32).clamp(-CORRECTION_MAX_CP * GRAIN, CORRECTION_MAX_CP * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_search_and_stay_bounded() {
        let board = Board::default();
        let mut correction = Correction::default();
        assert_eq!(correction.corrected(&board, 10), 10);
        // Searches that keep finding 40 cp more than the evaluation pull the correction to +40
        for _ in 0..50 {
            correction.update(&board, 8, 50, 10);
        }
        // (within a centipawn: the averages round toward zero).
        assert!((49..=50).contains(&correction.corrected(&board, 10)));
        // The other side to move, same pawns, has its own entry.
        let black = board.null_move().expect("no check in the start position");
        assert_eq!(correction.corrected(&black, 10), 10);
        // Huge differences are capped.
        for _ in 0..50 {
            correction.update(&board, 8, 5_000, 0);
        }
        assert_eq!(correction.corrected(&board, 0), CORRECTION_MAX_CP);
        for _ in 0..50 {
            correction.update(&board, 8, -5_000, 0);
        }
        assert_eq!(correction.corrected(&board, 0), -CORRECTION_MAX_CP);
    }
}
