//! The evaluation chain up to the search's learnt correction, in centipawns from the side to move's
//! point of view: the endgame knowledge of `endgame` where it knows the material, else the network's
//! output scaled for drawish material (`scale`); then the halfmove clock's scaling. `evaluate` is the
//! one way through it, for the search, quiescence and the `eval` command. Mate and draw scores never
//! pass through here.

pub mod endgame;
pub mod queen_rook;
mod scale;

use cozy_chess::Board;

use crate::position::MoveLimit;
use scale::{endgame_scale, SCALE_NORMAL};

/// Share of the evaluation (per cent) given up when the halfmove clock reaches the fifty-move limit.
/// Kept by an SPRT [-5, 0] against 0 at 10+0.1 (H1 after 3069 pairs).
const CLOCK_DROP_PCT: i32 = 50;

/// The steps of the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The raw evaluation: the network's output scaled for drawish material, or the endgame
    /// knowledge's score; what a transposition table keeps.
    pub raw: i32,
    /// That shrunk toward the draw for the halfmove clock: the static evaluation before the search's
    /// correction.
    pub clocked: i32,
    /// The score is a solved ending's (`endgame::Known::exact`): the search must not correct it.
    pub exact: bool,
}

/// The chain for `board` at halfmove `clock` under `limit`: what `endgame` knows of the material, as
/// it is; or else `stored`, the raw evaluation a table kept for this position, or the
/// network's `output` (called only then) scaled for drawish material, then scaled for the clock.
pub fn evaluate(
    board: &Board,
    stored: Option<i32>,
    output: impl FnOnce() -> i32,
    clock: u32,
    limit: MoveLimit,
) -> Evaluation {
    if let Some(known) = endgame::known(board) {
        // A known ending is not scaled for the clock: scaled, a line one ply shorter than another would
        // gain more than a step of progress is worth (up to a pawn a ply near the limit for a known
        // win), and the search would shuffle instead of mating in time.
        return Evaluation { raw: known.score, clocked: known.score, exact: known.exact };
    }
    let raw = stored.unwrap_or_else(|| scale_network_output(output(), board));
    Evaluation { raw, clocked: scale_for_clock(raw, clock, limit), exact: false }
}

/// A network's output (side to move) scaled down for drawish material: the network sees no rule that
/// two knights cannot mate.
fn scale_network_output(output: i32, board: &Board) -> i32 {
    let us = board.side_to_move();
    let strong = if output >= 0 { us } else { !us };
    output * endgame_scale(board, strong) / SCALE_NORMAL
}

/// Shrinks an evaluation toward the draw score as the halfmove clock runs toward the fifty-move limit:
/// by `CLOCK_DROP_PCT` per cent at the limit, quadratically in the clock (barely at all early on, most
/// near the limit). So the side ahead prefers moves that reset the clock, and the side behind prefers
/// to keep it running. With no limit (`Rule50` 0) the evaluation is left alone.
fn scale_for_clock(score: i32, clock: u32, limit: MoveLimit) -> i32 {
    let Some((clock, limit)) = limit.progress(clock) else {
        return score;
    };
    let (clock, limit) = (clock as i64, limit as i64);
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
    fn the_chain_takes_a_stored_figure_instead_of_the_network() {
        let board: Board = "4k3/p7/8/3b4/8/8/P7/3RK3 w - - 0 1".parse().expect("fen");
        let fresh = evaluate(&board, None, || 640, 80, MoveLimit::FIDE);
        assert_eq!(fresh.raw, scale_network_output(640, &board));
        assert_eq!(fresh.clocked, scale_for_clock(fresh.raw, 80, MoveLimit::FIDE));
        let stored = evaluate(&board, Some(fresh.raw), || panic!("no network call"), 80, MoveLimit::FIDE);
        assert_eq!(stored, fresh);
        // A known ending is what `endgame` says, whatever the clock and the table.
        let rook: Board = "8/8/8/3k4/8/8/8/R3K3 w - - 0 1".parse().expect("fen");
        let late = evaluate(&rook, Some(5), || 0, 99, MoveLimit::FIDE);
        assert_eq!((late.raw, late.clocked), (endgame::known(&rook).expect("known").score, late.raw));
        assert!(late.clocked > endgame::KNOWN_WIN);
    }

    #[test]
    fn known_draws_evaluate_to_a_draw_whatever_the_network_says() {
        for fen in [
            "8/8/8/3k4/8/8/8/1N2K1N1 w - - 0 1",
            "8/8/8/3k4/8/8/8/2B1K3 b - - 0 1",
            "8/8/8/3k4/8/8/8/4K1N1 w - - 0 1",
            "8/8/8/3k4/8/8/8/2B1K1B1 w - - 0 1",
            "k7/8/8/8/8/8/P7/K1B5 w - - 0 1",
        ] {
            let board: Board = fen.parse().expect("fen");
            assert_eq!(evaluate(&board, None, || 700, 0, MoveLimit::FIDE).clocked, 0, "{fen}");
        }
    }

    #[test]
    fn drawish_material_scales_the_network_output_for_either_side() {
        // A rook against a bishop without pawns: mostly a draw, whichever side is to move.
        let white: Board = "4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1".parse().expect("fen");
        let black: Board = "4k3/8/8/3b4/8/8/8/3RK3 b - - 0 1".parse().expect("fen");
        let scaled = scale_network_output(640, &white);
        assert!(scaled > 0 && 2 * scaled < 640, "{scaled}");
        assert_eq!(scale_network_output(-640, &black), -scaled);
        // Two knights cannot force mate: nothing is left of an edge.
        let knights: Board = "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1".parse().expect("fen");
        assert_eq!(scale_network_output(500, &knights), 0);
        assert_eq!(scale_network_output(300, &Board::default()), 300);
    }
}
