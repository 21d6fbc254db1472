//! Placements that no legal game can reach but cozy-chess accepts (it already refuses more than eight
//! pawns or sixteen men a side, pawns on the back ranks, a side not to move in check and three checkers): kings side by
//! side, more promoted pieces than missing pawns, and checks that no move can give. A FEN with one of
//! these is rejected (`FenError::Unreachable`) so that search and evaluation never meet them.
//!
//! The rules are necessary conditions only (a placement that passes may still be unreachable); each
//! one is cheap and certain.

use cozy_chess::{get_king_moves, BitBoard, Board, Color, Piece};

/// Most pawns a side can have.
const MAX_PAWNS: u32 = 8;
/// Pieces of each kind a side starts with (queen, rook, bishop, knight).
const START_COUNTS: [(Piece, u32); 4] = [(Piece::Queen, 1), (Piece::Rook, 2), (Piece::Bishop, 2), (Piece::Knight, 2)];

/// Why `board` cannot come from a legal game, or `None` when no rule here objects.
pub fn unreachable_reason(board: &Board) -> Option<String> {
    adjacent_kings(board)
        .or_else(|| material(board, Color::White))
        .or_else(|| material(board, Color::Black))
        .or_else(|| impossible_check(board))
}

fn adjacent_kings(board: &Board) -> Option<String> {
    let touching = get_king_moves(board.king(Color::White)).has(board.king(Color::Black));
    touching.then(|| "the kings stand next to each other".to_string())
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn count(board: &Board, color: Color, piece: Piece) -> u32 {
    board.colored_pieces(color, piece).len()
}

fn material(board: &Board, color: Color) -> Option<String> {
    let pawns = count(board, color, Piece::Pawn).min(MAX_PAWNS);
    let promoted: u32 =
        START_COUNTS.iter().map(|&(piece, start)| count(board, color, piece).saturating_sub(start)).sum();
    let missing_pawns = MAX_PAWNS - pawns;
    (promoted > missing_pawns).then(|| {
        format!("{} has more promoted pieces ({promoted}) than missing pawns ({missing_pawns})", color_name(color))
    })
}

/// Two checkers need a slider among them: a move gives at most one direct check, so the second is
/// discovered, and only a bishop, rook or queen checks from a distance.
fn impossible_check(board: &Board) -> Option<String> {
    let checkers = board.checkers();
    let sliders: BitBoard = board.pieces(Piece::Bishop) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    (checkers.len() >= 2 && (checkers & sliders).is_empty())
        .then(|| "double check without a bishop, rook or queen among the checkers".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(fen: &str) -> Option<String> {
        unreachable_reason(&Board::from_fen(fen, false).expect("cozy-chess accepts it"))
    }

    #[test]
    fn reachable_positions_pass() {
        assert_eq!(reason("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), None);
        // Eight promoted queens, no pawns left.
        assert_eq!(reason("4k3/8/8/8/8/8/QQQQ4/QQQQK3 w - - 0 1"), None);
        // Double check by a knight and a rook (discovered).
        assert_eq!(reason("4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1"), None);
    }

    #[test]
    fn unreachable_positions_are_named() {
        assert_eq!(reason("kK6/8/8/8/8/8/8/8 w - - 0 1").as_deref(), Some("the kings stand next to each other"));
        assert_eq!(
            reason("4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1").as_deref(),
            Some("White has more promoted pieces (6) than missing pawns (0)")
        );
        assert_eq!(
            reason("4k3/pppppppp/nnn5/8/8/8/8/4K3 w - - 0 1").as_deref(),
            Some("Black has more promoted pieces (1) than missing pawns (0)")
        );
        assert_eq!(
            reason("4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1").as_deref(),
            Some("double check without a bishop, rook or queen among the checkers")
        );
    }
}
