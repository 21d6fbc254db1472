//! Correction history: how far search results have strayed from the static evaluation, learnt per
//! side to move and placement during a search and added to the static evaluation.
//!
//! The evaluation misjudges some pawn structures in a consistent direction (a blocked centre, a
//! pawn storm), and some placements of the pieces (a king walk, a trapped piece). Where a node's
//! search settles a score on the far side of its static evaluation, the difference is folded into
//! running averages for its pawns and for each side's other pieces (king included); later nodes with
//! the same pawns or pieces start from a corrected evaluation, so pruning and reductions that compare
//! the evaluation with alpha and beta decide better.

use cozy_chess::{Board, Color, Piece};

use super::params;

/// Entries per side to move in each table (a power of two), indexed by a hash of the pawns or of
/// one side's other pieces.
const ENTRIES: usize = 1 << 14;
/// Corrections are kept in 1/GRAIN centipawns, so small updates are not lost to rounding.
const GRAIN: i32 = 256;
/// Weights of one update are out of this: `min(depth² + 2·depth + 1, params::correction_weight_max)`.
const WEIGHT_SCALE: i32 = 256;

/// The pieces, other than pawns, whose placement keys a side's piece correction.
const PIECES: [Piece; 5] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen, Piece::King];

/// The learnt corrections: one table for the pawns, one for each side's other pieces.
pub(super) struct Correction {
    pawns: Vec<i32>,
    pieces: [Vec<i32>; 2],
}

impl Default for Correction {
    fn default() -> Self {
        Correction { pawns: vec![0; 2 * ENTRIES], pieces: [vec![0; 2 * ENTRIES], vec![0; 2 * ENTRIES]] }
    }
}

/// The entry for `hash` of the side to move's half of a table.
fn slot(board: &Board, hash: u64) -> usize {
    board.side_to_move() as usize * ENTRIES + ((hash >> 40) as usize & (ENTRIES - 1))
}

/// A hash of where `color`'s pieces other than pawns stand.
fn pieces_hash(board: &Board, color: Color) -> u64 {
    PIECES.iter().fold(0u64, |hash, &piece| {
        (hash ^ board.colored_pieces(color, piece).0).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23)
    })
}

/// Where a position's entries stand in the three tables: worked out once per node, used to read
/// the correction and again to learn from the node's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slots {
    pawns: usize,
    white: usize,
    black: usize,
}

/// A hash of white's and black's pawn bitboards.
fn pawn_hash(white_pawns: u64, black_pawns: u64) -> u64 {
    (white_pawns ^ black_pawns.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Slots {
    pub(super) fn of(board: &Board) -> Slots {
        let white_pawns = board.colored_pieces(Color::White, Piece::Pawn).0;
        let black_pawns = board.colored_pieces(Color::Black, Piece::Pawn).0;
        Slots {
            pawns: slot(board, pawn_hash(white_pawns, black_pawns)),
            white: slot(board, pieces_hash(board, Color::White)),
            black: slot(board, pieces_hash(board, Color::Black)),
        }
    }
}

/// Folds `target` into `entry` with `weight` (out of `WEIGHT_SCALE`), bounded.
fn average_into(entry: &mut i32, target: i32, weight: i32) {
    let averaged =
        (*entry as i64 * (WEIGHT_SCALE - weight) as i64 + target as i64 * weight as i64) / WEIGHT_SCALE as i64;
    let most = params::correction_max_cp() * GRAIN;
    *entry = (averaged as i32).clamp(-most, most);
}

impl Correction {
    /// Forgets every correction, in place.
    pub(super) fn clear(&mut self) {
        self.pawns.fill(0);
        for table in &mut self.pieces {
            table.fill(0);
        }
    }

    /// The static evaluation `eval` (side to move's view) of the position at `slots` with the
    /// learnt correction added.
    pub(super) fn corrected(&self, slots: Slots, eval: i32) -> i32 {
        let pawns = self.pawns[slots.pawns];
        let white = self.pieces[0][slots.white];
        let black = self.pieces[1][slots.black];
        let sum = params::correction_pawn_weight() * pawns + params::correction_pieces_weight() * (white + black);
        eval + sum / (params::correction_divisor() * GRAIN)
    }

    /// Learns from a node at `slots` searched to `depth` whose score `searched` differs from its
    /// uncorrected static evaluation `eval`.
    pub(super) fn update(&mut self, slots: Slots, depth: i32, searched: i32, eval: i32) {
        let most = params::correction_difference_max_cp();
        let target = (searched - eval).clamp(-most, most) * GRAIN;
        let weight = (depth * depth + 2 * depth + 1).min(params::correction_weight_max());
        average_into(&mut self.pawns[slots.pawns], target, weight);
        average_into(&mut self.pieces[0][slots.white], target, weight);
        average_into(&mut self.pieces[1][slots.black], target, weight);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The most all three tables together move an evaluation.
    fn total_max_cp() -> i32 {
        let weights = params::correction_pawn_weight() + 2 * params::correction_pieces_weight();
        weights * params::correction_max_cp() / params::correction_divisor()
    }

    #[test]
    fn corrections_follow_the_search_and_stay_bounded() {
        let board = Board::default();
        let mut correction = Correction::default();
        assert_eq!(correction.corrected(Slots::of(&board), 10), 10);
        // Searches that keep finding 40 cp more than the evaluation pull each table to +40, and the
        // evaluation by 4/3 of that (within a centipawn: the averages round toward zero).
        for _ in 0..50 {
            correction.update(Slots::of(&board), 8, 50, 10);
        }
        assert!((62..=63).contains(&correction.corrected(Slots::of(&board), 10)));
        // The other side to move, same pieces, has its own entries.
        let black = board.null_move().expect("no check in the start position");
        assert_eq!(correction.corrected(Slots::of(&black), 10), 10);
        // Huge differences are capped.
        for _ in 0..50 {
            correction.update(Slots::of(&board), 8, 5_000, 0);
        }
        assert_eq!(correction.corrected(Slots::of(&board), 0), total_max_cp());
        for _ in 0..50 {
            correction.update(Slots::of(&board), 8, -5_000, 0);
        }
        assert_eq!(correction.corrected(Slots::of(&board), 0), -total_max_cp());
    }

    #[test]
    fn pawns_and_each_sides_pieces_are_learnt_apart() {
        let board = Board::default();
        let mut correction = Correction::default();
        for _ in 0..50 {
            correction.update(Slots::of(&board), 8, 40, 0);
        }
        // The same pawns and black pieces, a white knight elsewhere: the pawn table and black's
        // piece table apply, white's does not: (2 · 40 + 40) / 3.
        let knight_out: Board =
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1".parse().expect("legal FEN");
        assert!((39..=40).contains(&correction.corrected(Slots::of(&knight_out), 0)));
        // Other pawns, the same pieces: the two piece tables alone, (40 + 40) / 3.
        let pawn_up: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1".parse().expect("legal FEN");
        assert!((26..=27).contains(&correction.corrected(Slots::of(&pawn_up), 0)));
    }
}
