//! Scaling for drawish material: how much of the network's verdict the side ahead can turn into a
//! win. The network learns material as if every extra piece wins; some balances are far more
//! drawish than that (no pawns and a small material edge, two knights, opposite-coloured bishops,
//! rook pawns the defending king already blocks), so its output is scaled down for them. Hand-set.

use cozy_chess::{BitBoard, Board, Color, File, Piece, Rank, Square};

/// The value as it stands (the denominator of every scale).
pub(super) const SCALE_NORMAL: i32 = 64;
/// No pawns and at most a minor piece, or two knights: no mate can be forced. Also rook pawns
/// blocked by the defending king (see `rook_pawn_blocked`).
const SCALE_CANNOT_WIN: i32 = 0;
/// No pawns and at most a minor piece more than the other side (a rook against a bishop, a rook and
/// a bishop against a rook): mostly drawn.
const SCALE_SMALL_EDGE: i32 = 12;
/// Opposite-coloured bishops and pawns only: a base, plus a step per pawn the side ahead has more.
const OPPOSITE_BISHOPS_BASE: i32 = 24;
const OPPOSITE_BISHOPS_PER_PAWN: i32 = 8;
/// Opposite-coloured bishops with other pieces on the board.
const SCALE_OPPOSITE_BISHOPS_WITH_PIECES: i32 = 48;

/// Non-pawn material in pawn units (knight and bishop 3, rook 5, queen 9), for the rules below.
const MINOR_UNITS: i32 = 3;
const ROOK_UNITS: i32 = 5;
const QUEEN_UNITS: i32 = 9;

fn count(board: &Board, color: Color, piece: Piece) -> i32 {
    board.colored_pieces(color, piece).len() as i32
}

fn non_pawn_units(board: &Board, color: Color) -> i32 {
    let minors = count(board, color, Piece::Knight) + count(board, color, Piece::Bishop);
    minors * MINOR_UNITS
        + count(board, color, Piece::Rook) * ROOK_UNITS
        + count(board, color, Piece::Queen) * QUEEN_UNITS
}

/// The scale (out of `SCALE_NORMAL`) of the evaluation when `strong` is the side it favours.
pub(super) fn endgame_scale(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    if count(board, strong, Piece::Pawn) == 0 {
        let strong_units = non_pawn_units(board, strong);
        let two_knights_only = count(board, strong, Piece::Knight) == 2 && strong_units == 2 * MINOR_UNITS;
        if strong_units <= MINOR_UNITS || two_knights_only {
            return SCALE_CANNOT_WIN;
        }
        if strong_units - non_pawn_units(board, weak) <= MINOR_UNITS {
            return SCALE_SMALL_EDGE;
        }
    }
    if rook_pawn_blocked(board, strong) {
        return SCALE_CANNOT_WIN;
    }
    if opposite_bishops(board) {
        let others = board.pieces(Piece::Knight) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
        if !others.is_empty() {
            return SCALE_OPPOSITE_BISHOPS_WITH_PIECES;
        }
        let surplus = (count(board, strong, Piece::Pawn) - count(board, weak, Piece::Pawn)).max(0);
        return (OPPOSITE_BISHOPS_BASE + OPPOSITE_BISHOPS_PER_PAWN * surplus).min(SCALE_NORMAL);
    }
    SCALE_NORMAL
}

/// `strong` has pawns on one rook file only and no pieces but bishops that never reach the promotion
/// square (the "wrong" bishop, or none), and the defending king stands on or next to that square: it
/// cannot be driven out of the corner, so the pawns never promote (a known draw, however many pawns).
fn rook_pawn_blocked(board: &Board, strong: Color) -> bool {
    let pieces = board.colors(strong) & !board.pieces(Piece::Pawn) & !board.pieces(Piece::King);
    let bishops = board.colored_pieces(strong, Piece::Bishop);
    let pawns = board.colored_pieces(strong, Piece::Pawn);
    if pawns.is_empty() || pieces != bishops {
        return false;
    }
    let file = if (pawns & !File::A.bitboard()).is_empty() {
        File::A
    } else if (pawns & !File::H.bitboard()).is_empty() {
        File::H
    } else {
        return false;
    };
    let promotion = Square::new(file, Rank::Eighth.relative_to(strong));
    if !(bishops & same_colour_squares(promotion)).is_empty() {
        return false;
    }
    distance(board.king(!strong), promotion) <= 1
}

/// Each side has one bishop, and the two stand on squares of different colours.
fn opposite_bishops(board: &Board) -> bool {
    let white = board.colored_pieces(Color::White, Piece::Bishop);
    let black = board.colored_pieces(Color::Black, Piece::Bishop);
    if white.len() != 1 || black.len() != 1 {
        return false;
    }
    let light = |bishops: BitBoard| !(bishops & BitBoard::LIGHT_SQUARES).is_empty();
    light(white) != light(black)
}

/// The king's distance between two squares (moves a king needs).
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

/// The squares of `square`'s colour (the light squares or the dark ones).
fn same_colour_squares(square: Square) -> BitBoard {
    if BitBoard::DARK_SQUARES.has(square) {
        BitBoard::DARK_SQUARES
    } else {
        BitBoard::LIGHT_SQUARES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scale(fen: &str, strong: Color) -> i32 {
        let board: Board = fen.parse().expect("fen");
        endgame_scale(&board, strong)
    }

    #[test]
    fn pawnless_small_edges_are_drawish() {
        // A rook against a bishop.
        assert_eq!(scale("4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1", Color::White), SCALE_SMALL_EDGE);
        // A rook against nothing wins.
        assert_eq!(scale("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", Color::White), SCALE_NORMAL);
        // A knight against pawns cannot force mate; two knights cannot either.
        assert_eq!(scale("4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1", Color::White), SCALE_CANNOT_WIN);
        assert_eq!(scale("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", Color::White), SCALE_CANNOT_WIN);
        // Bishop and knight mate.
        assert_eq!(scale("4k3/8/8/8/8/8/8/2BNK3 w - - 0 1", Color::White), SCALE_NORMAL);
        // A pawn keeps the winning chances.
        assert_eq!(scale("4k3/8/8/3b4/8/8/4P3/3RK3 w - - 0 1", Color::White), SCALE_NORMAL);
    }

    #[test]
    fn opposite_bishops_scale_by_the_extra_pawns() {
        // White bishop on d3 (light), black bishop on d6 (dark): opposite colours.
        let one_up = "4k3/5p2/3b4/8/8/3B4/4PP2/4K3 w - - 0 1";
        assert_eq!(scale(one_up, Color::White), OPPOSITE_BISHOPS_BASE + OPPOSITE_BISHOPS_PER_PAWN);
        let with_rooks = "r3k3/5p2/3b4/8/8/3B4/4PP2/R3K3 w - - 0 1";
        assert_eq!(scale(with_rooks, Color::White), SCALE_OPPOSITE_BISHOPS_WITH_PIECES);
        // Same-coloured bishops (d3 and e6, both light): no scaling.
        assert_eq!(scale("4k3/5p2/4b3/8/8/3B4/4PP2/4K3 w - - 0 1", Color::White), SCALE_NORMAL);
    }

    #[test]
    fn rook_pawns_blocked_in_the_corner_are_drawn() {
        // From a game against Stockfish (seed 325): the a-pawn's promotion square a8 is light, the
        // bishop on f2 dark, the black king on b8. Evaluated +650 for thirty moves; drawn.
        assert_eq!(scale("1k6/8/1K6/P7/8/8/5B2/8 w - - 29 103", Color::White), SCALE_CANNOT_WIN);
        // The same from seed 326: bishop on b6 (dark), a-pawn on a7, black king on b7.
        assert_eq!(scale("8/Pk6/1B6/1K6/8/8/8/8 w - - 57 103", Color::White), SCALE_CANNOT_WIN);
        // Two rook pawns and no bishop, the black side ahead, the white king on b1 beside a1.
        assert_eq!(scale("8/8/8/8/p7/p1k5/8/1K6 w - - 0 1", Color::Black), SCALE_CANNOT_WIN);
        // The right bishop (e2, light, like a8) wins.
        assert_eq!(scale("1k6/8/1K6/P7/8/8/4B3/8 w - - 0 1", Color::White), SCALE_NORMAL);
        // The defending king away from the corner: not blocked.
        assert_eq!(scale("8/8/1K6/P6k/8/8/5B2/8 w - - 0 1", Color::White), SCALE_NORMAL);
        // A pawn off the rook file, or a knight beside the bishop: not this rule.
        assert_eq!(scale("1k6/8/1K6/P7/8/8/1P3B2/8 w - - 0 1", Color::White), SCALE_NORMAL);
        assert_eq!(scale("1k6/8/1K6/P7/8/8/5B2/6N1 w - - 0 1", Color::White), SCALE_NORMAL);
    }

    #[test]
    fn the_start_position_is_not_scaled() {
        assert_eq!(endgame_scale(&Board::default(), Color::White), SCALE_NORMAL);
        assert_eq!(endgame_scale(&Board::default(), Color::Black), SCALE_NORMAL);
    }
}
