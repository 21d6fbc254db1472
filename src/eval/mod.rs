//! Static evaluation, from the side to move's point of view, in centipawns.
//!
//! The terms (`terms`) are counted for each colour and weighted by `weights::WEIGHTS`, a
//! middlegame/endgame pair per parameter (`params`), blended by game phase after the endgame half is
//! scaled for drawish material (`scale`). For a given position the evaluation is linear in the
//! weights, so the Texel tuner can fit them. Mate and draw scores never pass through here. The
//! halfmove-clock scaling lives here too, in `scale_for_clock`, and nowhere else.

mod geometry;
pub mod params;
mod scale;
mod tapered;
mod terms;
mod tuned;
mod weights;

use cozy_chess::{Board, Color, Piece};

use crate::position::MoveLimit;
pub use scale::{endgame_scale, SCALE_NORMAL};
pub use tapered::{Tapered, PHASE_TOTAL};
pub use terms::{trace, Terms};
use terms::{trace_pawn_structure, trace_pieces, Pawns};
use weights::{CLOCK_DROP_PCT, PHASE_WEIGHT, PIECE_SQUARE, WEIGHTS};

/// The weight of parameter `param` (see `params`).
pub fn weight(param: usize) -> Tapered {
    WEIGHTS[param]
}

/// Game phase from the non-pawn material left, PHASE_TOTAL at the start, 0 with only kings and pawns.
pub fn phase(board: &Board) -> i32 {
    let sum: i32 = Piece::ALL.iter().map(|&p| PHASE_WEIGHT[p as usize] * board.pieces(p).len() as i32).sum();
    sum.min(PHASE_TOTAL)
}

/// Sums weighted terms from white's point of view.
#[derive(Default)]
struct Sum {
    total: Tapered,
}

impl Terms for Sum {
    #[inline]
    fn add(&mut self, color: Color, param: usize, count: i32) {
        let weight = WEIGHTS[param];
        let count = if color == Color::White { count } else { -count };
        self.total.mg += weight.mg * count;
        self.total.eg += weight.eg * count;
    }

    #[inline]
    fn add_piece(&mut self, color: Color, piece: Piece, square: usize) {
        let weight = PIECE_SQUARE[piece as usize][square];
        let sign = if color == Color::White { 1 } else { -1 };
        self.total.mg += sign * weight.mg;
        self.total.eg += sign * weight.eg;
    }
}

/// The evaluation in centipawns from the side to move's point of view.
pub fn evaluate(board: &Board) -> i32 {
    let mut sum = Sum::default();
    trace(board, &mut sum);
    side_to_move_view(board, sum.total)
}

/// A hash of white's and black's pawn bitboards, for tables kept by pawn structure (the pawn cache
/// here, the search's correction history).
pub fn pawn_hash(white_pawns: u64, black_pawns: u64) -> u64 {
    (white_pawns ^ black_pawns.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Pawn-structure cache entries (a power of two).
const PAWN_CACHE_ENTRIES: usize = 1 << 14;

/// A cached pawn-structure score (white's view) and the pawns it belongs to. The default entry, no
/// pawns at all with a score of 0, is correct as it stands.
#[derive(Clone, Copy, Default)]
struct PawnEntry {
    key: (u64, u64),
    score: Tapered,
}

/// Evaluation cache entries (a power of two).
const EVAL_CACHE_ENTRIES: usize = 1 << 16;

/// A cached evaluation and the position's hash without the en-passant square (which the evaluation
/// does not read). The default entry (hash 0) matches no position in practice, and a collision of
/// two positions' hashes is as rare here as in the transposition table.
#[derive(Clone, Copy, Default)]
struct EvalEntry {
    hash: u64,
    score: i32,
}

/// Evaluates like `evaluate`, remembering whole evaluations and pawn-structure scores (one per
/// search thread). Quiescence nodes that stand pat store nothing in the transposition table, so
/// the next iteration meets the same leaves again: the evaluation cache answers those.
pub struct Evaluator {
    eval_cache: Vec<EvalEntry>,
    pawn_cache: Vec<PawnEntry>,
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator {
            eval_cache: vec![EvalEntry::default(); EVAL_CACHE_ENTRIES],
            pawn_cache: vec![PawnEntry::default(); PAWN_CACHE_ENTRIES],
        }
    }
}

impl Evaluator {
    /// Empties both caches, in place.
    pub fn clear(&mut self) {
        self.eval_cache.fill(EvalEntry::default());
        self.pawn_cache.fill(PawnEntry::default());
    }

    /// The same value as `evaluate(board)`.
    pub fn evaluate(&mut self, board: &Board) -> i32 {
        let hash = board.hash_without_ep();
        let slot = hash as usize & (EVAL_CACHE_ENTRIES - 1);
        let entry = self.eval_cache[slot];
        if entry.hash == hash {
            return entry.score;
        }
        let score = self.compute(board);
        self.eval_cache[slot] = EvalEntry { hash, score };
        score
    }

    /// The evaluation, with the pawn structure from its cache.
    fn compute(&mut self, board: &Board) -> i32 {
        let pawns = Pawns::of(board);
        let key = pawns.key();
        let hash = pawn_hash(key.0, key.1);
        let entry = &mut self.pawn_cache[(hash >> 50) as usize & (PAWN_CACHE_ENTRIES - 1)];
        if entry.key != key {
            let mut sum = Sum::default();
            trace_pawn_structure(&pawns, &mut sum);
            *entry = PawnEntry { key, score: sum.total };
        }
        let mut sum = Sum { total: entry.score };
        trace_pieces(board, &pawns, &mut sum);
        side_to_move_view(board, sum.total)
    }
}

/// White's view of the weighted terms: the endgame value scaled for drawish material (see `scale`),
/// then blended by game phase.
fn white_view(board: &Board, total: Tapered) -> i32 {
    let eg = total.eg * endgame_scale(board, endgame_favours(total)) / SCALE_NORMAL;
    Tapered::new(total.mg, eg).blend(phase(board))
}

/// The side the endgame value favours (white when it is even).
fn endgame_favours(total: Tapered) -> Color {
    if total.eg >= 0 {
        Color::White
    } else {
        Color::Black
    }
}

fn side_to_move_view(board: &Board, total: Tapered) -> i32 {
    let view = white_view(board, total);
    if board.side_to_move() == Color::White {
        view
    } else {
        -view
    }
}

/// Sums terms by `params::BREAKDOWN` line and colour, for the `eval` command.
struct Breakdown {
    /// [line][colour]
    lines: Vec<[Tapered; 2]>,
}

impl Terms for Breakdown {
    fn add(&mut self, color: Color, param: usize, count: i32) {
        let weight = WEIGHTS[param];
        let cell = &mut self.lines[params::breakdown_line(param)][color as usize];
        cell.mg += weight.mg * count;
        cell.eg += weight.eg * count;
    }
}

/// The evaluation broken down by term, as text lines (white's point of view, centipawns); the last
/// line gives the total in pawns after `heading` (`Final evaluation` when it is the one in use).
pub fn breakdown(board: &Board, heading: &str) -> Vec<String> {
    let mut terms = Breakdown { lines: vec![[Tapered::default(); 2]; params::BREAKDOWN.len()] };
    trace(board, &mut terms);
    let phase = phase(board);
    let cp = |v: i32| format!("{:7.2}", v as f64 / 100.0);
    let pair = |t: Tapered| format!("{} {}", cp(t.mg), cp(t.eg));
    let rule = format!("{:-<17}+{:-<17}+{:-<17}+{:-<16}", "", "", "", "");
    let mut lines = vec![
        format!("{:>16} | {:^15} | {:^15} | {:^15}", "Term", "White", "Black", "Total"),
        format!("{:>16} | {:>7} {:>7} | {:>7} {:>7} | {:>7} {:>7}", "", "MG", "EG", "MG", "EG", "MG", "EG"),
        rule.clone(),
    ];
    let mut total = Tapered::default();
    for (i, (name, _)) in params::BREAKDOWN.iter().enumerate() {
        let [white, black] = terms.lines[i];
        let net = Tapered::new(white.mg - black.mg, white.eg - black.eg);
        total = Tapered::new(total.mg + net.mg, total.eg + net.eg);
        lines.push(format!("{name:>16} | {} | {} | {}", pair(white), pair(black), pair(net)));
    }
    lines.push(rule);
    lines.push(format!("{:>16} | {:>15} | {:>15} | {}", "Total", "", "", pair(total)));
    lines.push(format!("Phase: {phase} of {PHASE_TOTAL} (middlegame share)"));
    let scale = endgame_scale(board, endgame_favours(total));
    lines.push(format!("Endgame scale: {scale} of {SCALE_NORMAL}"));
    lines.push(format!("{heading}: {} (white side)", cp(white_view(board, total))));
    lines
}

/// A network's output (side to move) scaled down for drawish material as the hand-crafted
/// evaluation's endgame half is: the network sees no rule that two knights cannot mate.
pub fn scale_network_output(output: i32, board: &Board) -> i32 {
    let us = board.side_to_move();
    let strong = if output >= 0 { us } else { !us };
    output * endgame_scale(board, strong) / SCALE_NORMAL
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

    #[test]
    fn evaluation_is_symmetric() {
        let fens = [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 3 3",
            ),
            ("8/5pk1/6p1/3P4/8/8/5PPP/6K1 w - - 0 40", "6k1/5ppp/8/8/3p4/6P1/5PK1/8 b - - 0 40"),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                "bq1bnrkr/npp1p1pp/p2p4/5p2/2P5/3PPN2/PP3PPP/BQNB1RKR b HFhf - 2 9",
            ),
        ];
        for (fen, mirrored) in fens {
            let a: Board = fen.parse().expect("fen");
            let b: Board = mirrored.parse().expect("mirrored fen");
            assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
        }
    }

    #[test]
    fn drawish_endgames_are_scaled_toward_the_draw() {
        // A rook against a bishop without pawns: two pawns of material, mostly a draw.
        let board: Board = "4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1".parse().expect("fen");
        let mut sum = Sum::default();
        trace(&board, &mut sum);
        let unscaled = sum.total.blend(phase(&board));
        let scaled = evaluate(&board);
        assert!(unscaled > 100 && scaled > 0 && 2 * scaled < unscaled, "{scaled} vs {unscaled}");
    }

    #[test]
    fn cached_evaluation_is_the_evaluation() {
        let mut evaluator = Evaluator::default();
        let fens = [
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            "8/5pk1/6p1/3P4/8/8/5PPP/6K1 w - - 0 40",
            "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 3 3",
        ];
        for _ in 0..2 {
            for fen in fens {
                let board: Board = fen.parse().expect("fen");
                assert_eq!(evaluator.evaluate(&board), evaluate(&board), "{fen}");
            }
        }
    }

    #[test]
    fn breakdown_total_matches_the_evaluation() {
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3".parse().expect("fen");
        let lines = breakdown(&board, "Final evaluation");
        let white_view = -evaluate(&board);
        let last = lines.last().expect("lines");
        assert!(last.contains(&format!("{:.2}", white_view as f64 / 100.0)), "{last} vs {white_view}");
    }
}
