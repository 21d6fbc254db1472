//! What a search score means to a user: the win/draw/loss model of `UCI_ShowWDL`
//! (`info ... score cp 35 wdl 352 393 255`), and the normalised centipawns of `info score cp` and
//! `eval`.
//!
//! A logistic model in the score and the material on the board, fitted by maximum likelihood to
//! the built-in net's own games, from PGN with `bench/wdl_fit.py` or from datagen chunks with
//! `datagen wdl` (`tools/src/wdl.rs`):
//! `win = 1 / (1 + exp((a - score) / b))`, `loss = 1 / (1 + exp((a + score) / b))`, the rest is
//! the draw, where `a` and `b` are quadratic in the material. `a` is the score at which a win is as
//! likely as not. With less material a score converts less often: drawn endgames with an extra pawn
//! are common, drawn middlegames with one less so.
//!
//! The search keeps its own units; what a user reads is normalised, as Stockfish's is since 15.1:
//! `cp 100` is `a` at `REFERENCE_MATERIAL`, an even chance of winning with that much material on
//! the board. Every new net gets its own fit (`nets/README.md` keeps each net's constants), so that
//! `cp 100` keeps its meaning from net to net.

use cozy_chess::{Board, Piece};

use super::{self as score, UciScore};
use crate::eval::endgame::KNOWN_WIN;

/// The model's coefficients: `a(x) = a[0]·x² + a[1]·x + a[2]` with `x = material / MATERIAL_SCALE`,
/// and `b(x)` the same way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    pub a: [f64; 3],
    pub b: [f64; 3],
}

/// The built-in net's model: net 3, fitted with `bench/wdl_fit.py` to 130 games of net 3 against
/// itself at 10+0.1 (17,039 positions; `nets/README.md`, which keeps the earlier nets' too).
/// Self-play data at 2,500 nodes (`datagen wdl`) puts `a` lower (net 1: 47 instead of 64): shallow
/// scores convert more often than the same scores at a real time control.
pub const MODEL: Model = Model { a: [373.330, -868.364, 561.427], b: [90.798, -198.286, 142.041] };
/// The material count at which `cp 100` is an even chance of winning: the middlegame, with about
/// the pawns and minor pieces of the start position traded that a game has traded by move 30.
pub const REFERENCE_MATERIAL: u32 = 58;
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
pub fn material(board: &Board) -> u32 {
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

impl Model {
    /// `a` and `b` at a material count.
    fn parameters(&self, material: u32) -> (f64, f64) {
        let x = material.clamp(MATERIAL_MIN, MATERIAL_MAX) as f64 / MATERIAL_SCALE;
        (quadratic(self.a, x), quadratic(self.b, x).max(B_MIN))
    }

    /// Win, draw and loss shares (summing to 1) for a score in the search's units at a material count.
    pub fn shares(&self, material: u32, score: f64) -> [f64; 3] {
        let (a, b) = self.parameters(material);
        let win = logistic((score - a) / b);
        let loss = logistic((-score - a) / b);
        let draw = (1.0 - win - loss).max(0.0);
        let total = win + draw + loss;
        [win / total, draw / total, loss / total]
    }

    /// The score in the search's units at which a win is as likely as not at a material count.
    pub fn even_chance(&self, material: u32) -> f64 {
        self.parameters(material).0
    }
}

/// The estimate for a search score (side to move's view) in the position `board`.
pub fn estimate(board: &Board, score: i32) -> Wdl {
    if score::is_decisive(score) {
        return if score > 0 { Wdl { win: 1000, draw: 0, loss: 0 } } else { Wdl { win: 0, draw: 0, loss: 1000 } };
    }
    let [win, _, loss] = MODEL.shares(material(board), f64::from(score));
    let win = (PER_MILLE * win).round() as u32;
    let loss = ((PER_MILLE * loss).round() as u32).min(1000 - win);
    Wdl { win, draw: 1000 - win - loss, loss }
}

/// A search score as UCI shows it: a mate, a tablebase win (`score::to_uci`), or else normalised
/// centipawns (`normalised_cp`).
pub fn shown(score: i32) -> UciScore {
    if score::is_decisive(score) {
        score::to_uci(score)
    } else {
        UciScore::Centipawns(normalised_cp(score))
    }
}

/// A score in the search's units as the centipawns a user reads: `cp 100` is an even chance of
/// winning at `REFERENCE_MATERIAL`. The endgame knowledge's known wins (`cp 10000` and up) are shown
/// as they are, and normalised scores stay below them; mate and tablebase scores are left to
/// `score::to_uci`.
pub fn normalised_cp(score: i32) -> i32 {
    if score.abs() >= KNOWN_WIN {
        return score;
    }
    let cp = (100.0 * f64::from(score) / MODEL.even_chance(REFERENCE_MATERIAL)).round() as i32;
    cp.clamp(1 - KNOWN_WIN, KNOWN_WIN - 1)
}

/// Normalised centipawns (as a user sets `Contempt`) in the search's units: the inverse of
/// `normalised_cp`.
pub fn search_units(cp: i32) -> i32 {
    (f64::from(cp) * MODEL.even_chance(REFERENCE_MATERIAL) / 100.0).round() as i32
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
            // A win grows with the score until it is certain (1000 per mille).
            let grows = now.win > last.win || now.win == 1000;
            assert!(grows && now.loss <= last.loss, "{cp}: {now:?} after {last:?}");
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

    /// The model agrees with its own normalisation: `cp 100` at the reference material is a win half
    /// the time, and the shares sum to 1000 wherever the score and material.
    #[test]
    fn normalised_cp_100_is_an_even_chance_at_the_reference_material() {
        let even = MODEL.even_chance(REFERENCE_MATERIAL);
        // The search unit nearest the even chance is 100 up to one unit's rounding (about 1.5 cp).
        let nearest = even.round() as i32;
        assert!((normalised_cp(nearest) - 100).abs() <= 1, "{even}");
        assert_eq!(normalised_cp(0), 0);
        assert_eq!(normalised_cp(-nearest), -normalised_cp(nearest));
        assert_eq!(normalised_cp(KNOWN_WIN + 321), KNOWN_WIN + 321, "known wins are shown as they are");
        for cp in [-100, -37, 0, 50, 100] {
            assert!((normalised_cp(search_units(cp)) - cp).abs() <= 2, "{cp}");
        }
        assert!(normalised_cp(KNOWN_WIN - 1) < KNOWN_WIN);
        let [win, _, _] = MODEL.shares(REFERENCE_MATERIAL, even);
        assert!((win - 0.5).abs() < 1e-9, "{win}");
        let positions =
            ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/5k2/8/3p4/3P4/2K5/1P6/8 w - - 0 1"];
        for fen in positions {
            let board: Board = fen.parse().expect("valid FEN");
            for score in (-3000..=3000).step_by(37) {
                let wdl = estimate(&board, score);
                assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000, "{fen} {score}");
            }
        }
    }
}
