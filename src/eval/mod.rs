//! Static evaluation: tapered material and piece-square tables, from the side to move's view.
//!
//! The weights live in `weights`; this file only adds them up. Mate and draw scores never pass through
//! here. The halfmove-clock scaling lives here too, in `scale_for_clock`, and nowhere else.

mod weights;

use cozy_chess::{Board, Color, Piece, Square};

use crate::position::MoveLimit;

pub use weights::PHASE_TOTAL;
use weights::{BISHOP_PAIR, CLOCK_DROP_PCT, MATERIAL, PHASE_WEIGHT, PST, TEMPO};

/// A middlegame/endgame pair of values, blended by game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tapered {
    pub mg: i32,
    pub eg: i32,
}

impl Tapered {
    pub const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered { mg, eg }
    }

    fn add(&mut self, other: Tapered, sign: i32) {
        self.mg += sign * other.mg;
        self.eg += sign * other.eg;
    }

    /// Blends by `phase` (PHASE_TOTAL = full middlegame, 0 = bare endgame).
    fn blend(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL
    }
}

/// Game phase from the non-pawn material left, PHASE_TOTAL at the start, 0 with only kings and pawns.
pub fn phase(board: &Board) -> i32 {
    let sum: i32 = Piece::ALL.iter().map(|&p| PHASE_WEIGHT[p as usize] * board.pieces(p).len() as i32).sum();
    sum.min(PHASE_TOTAL)
}

/// Material and piece-square terms of `color`, from white's point of view of the tables.
fn side_terms(board: &Board, color: Color) -> Tapered {
    let mut total = Tapered::default();
    for &piece in &Piece::ALL {
        for square in board.colored_pieces(color, piece) {
            let index = relative_index(square, color);
            total.add(MATERIAL[piece as usize], 1);
            total.add(PST[piece as usize][index], 1);
        }
    }
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        total.add(BISHOP_PAIR, 1);
    }
    total
}

/// Square index as seen from `color`'s side of the board (a1 = 0 for both).
fn relative_index(square: Square, color: Color) -> usize {
    match color {
        Color::White => square as usize,
        Color::Black => square as usize ^ 56,
    }
}

/// The evaluation in centipawns from the side to move's point of view.
pub fn evaluate(board: &Board) -> i32 {
    let mut terms = side_terms(board, Color::White);
    terms.add(side_terms(board, Color::Black), -1);
    let white_view = terms.blend(phase(board));
    let us = if board.side_to_move() == Color::White { white_view } else { -white_view };
    us + TEMPO
}

/// Shrinks an evaluation toward the draw score as the halfmove clock runs toward the fifty-move limit:
/// by `CLOCK_DROP_PCT` per cent at the limit, quadratically in the clock (barely at all early on, most
/// near the limit). So the side ahead prefers moves that reset the clock, and the side behind prefers
/// to keep it running. With no limit (`Rule50` 0) the evaluation is left alone.
pub fn scale_for_clock(score: i32, clock: u32, limit: MoveLimit) -> i32 {
    let Some(limit) = limit.claim_plies() else {
        return score;
    };
    let limit = limit as i64;
    let clock = (clock as i64).min(limit);
    let full = 100 * limit * limit;
    let kept = full - CLOCK_DROP_PCT as i64 * clock * clock;
    (score as i64 * kept / full) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_scaling_is_monotone_and_leaves_a_fresh_clock_alone() {
        let limit = MoveLimit::FIDE;
        assert_eq!(scale_for_clock(300, 0, limit), 300);
        let mut previous = 300;
        for clock in 1..=120 {
            let scaled = scale_for_clock(300, clock, limit);
            assert!(scaled <= previous && scaled > 0, "clock {clock}: {scaled}");
            previous = scaled;
        }
        assert_eq!(scale_for_clock(-300, 100, limit), -scale_for_clock(300, 100, limit));
        assert_eq!(scale_for_clock(300, 90, MoveLimit::from_moves(0)), 300);
    }
}
