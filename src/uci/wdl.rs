//! Win/draw/loss estimates for `UCI_ShowWDL` (`info ... score cp 35 wdl 352 393 255`).
//!
//! A logistic model in the score and the material on the board, fitted by maximum likelihood to the
//! engine's own self-play games (360 games of the build of 90ad030 at 20,000 nodes per move from
//! the UHO book, 36,086 scored positions) with `bench/wdl_fit.py`:
//! `win = 1 / (1 + exp((a - score) / b))`, `loss = 1 / (1 + exp((a + score) / b))`, the rest is the
//! draw, where `a` and `b` are quadratic in the material. Past the middlegame, with less material a
//! score converts less often: drawn endgames with an extra pawn are common, drawn middlegames with
//! one less so.

use cozy_chess::{Board, Piece};

use crate::search::score;

/// `a(x) = A[0]·x² + A[1]·x + A[2]` with `x = material / MATERIAL_SCALE`.
const A: [f64; 3] = [425.921, -915.273, 588.246];
/// `b(x)`, the same way.
const B: [f64; 3] = [102.798, -168.950, 192.973];
/// Material count (pawn 1, knight and bishop 3, rook 5, queen 9) is clamped into this range.
const MATERIAL_MIN: u32 = 17;
const MATERIAL_MAX: u32 = 78;
const MATERIAL_SCALE: f64 = 58.0;
/// `b` never falls below this (keeps the curve finite whatever the coefficients).
const B_MIN: f64 = 1.0;
/// Probabilities in thousandths.
const PER_MILLE: f64 = 1000.0;

/// Expected game result for the side to move, per mille; the three add up to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

/// Material count of both sides together, as the model reads it.
fn material(board: &Board) -> u32 {
    let count = |piece: Piece| board.pieces(piece).len();
    count(Piece::Pawn)
        + 3 * (count(Piece::Knight) + count(Piece::Bishop))
        + 5 * count(Piece::Rook)
        + 9 * count(Piece::Queen)
}

fn quadratic(coefficients: [f64; 3], x: f64) -> f64 {
    (coefficients[0] * x + coefficients[1]) * x + coefficients[2]
}

fn logistic(t: f64) -> f64 {
    1.0 / (1.0 + (-t).exp())
}

/// The estimate for a search score (side to move's view) in the position `board`.
pub fn estimate(board: &Board, score: i32) -> Wdl {
    if score::is_decisive(score) {
        return if score > 0 { Wdl { win: 1000, draw: 0, loss: 0 } } else { Wdl { win: 0, draw: 0, loss: 1000 } };
    }
    let x = material(board).clamp(MATERIAL_MIN, MATERIAL_MAX) as f64 / MATERIAL_SCALE;
    let (a, b) = (quadratic(A, x), quadratic(B, x).max(B_MIN));
    let score = score as f64;
    let win = (PER_MILLE * logistic((score - a) / b)).round() as u32;
    let loss = (PER_MILLE * logistic((-score - a) / b)).round() as u32;
    let decided = (win + loss).min(1000);
    Wdl { win: win.min(decided), draw: 1000 - decided, loss: decided - win.min(decided) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_scores_are_symmetric_and_bigger_scores_win_more() {
        let board = Board::default();
        let even = estimate(&board, 0);
        assert_eq!(even.win, even.loss);
        assert_eq!(even.win + even.draw + even.loss, 1000);
        let mut last = even;
        for cp in [50, 100, 200, 400, 800] {
            let now = estimate(&board, cp);
            assert!(now.win > last.win && now.loss <= last.loss, "{cp}: {now:?} after {last:?}");
            assert_eq!(estimate(&board, -cp), Wdl { win: now.loss, draw: now.draw, loss: now.win });
            last = now;
        }
    }

    #[test]
    fn mates_are_certain() {
        let board = Board::default();
        assert_eq!(estimate(&board, score::MATE - 5), Wdl { win: 1000, draw: 0, loss: 0 });
        assert_eq!(estimate(&board, score::mated_in(4)), Wdl { win: 0, draw: 0, loss: 1000 });
    }

    #[test]
    fn an_extra_pawn_converts_less_often_in_a_pawn_ending() {
        let pawn_ending: Board = "8/5k2/8/3p4/3P4/2K5/1P6/8 w - - 0 1".parse().expect("valid FEN");
        assert!(estimate(&pawn_ending, 100).draw > estimate(&Board::default(), 100).draw);
    }
}
