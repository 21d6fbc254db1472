//! Static exchange evaluation (SEE): what a capture sequence on one square wins or loses, both sides
//! always recapturing with their least valuable attacker and free to stop. Pins are ignored.
//!
//! `see_ge` answers the question the search asks ("does this move win at least `threshold`?")
//! without computing the exact value, so it can stop as soon as the answer is known.

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard, Board, Color, Move,
    Piece, Square,
};

/// Exchange values by piece (pawn .. king); the king is worth more than everything else together.
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Value of `piece` in an exchange.
pub fn value(piece: Piece) -> i32 {
    SEE_VALUE[piece as usize]
}

/// Every piece of either colour attacking `square` through the occupancy `occupied`.
fn attackers_to(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    let queens = board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | queens;
    let straight = board.pieces(Piece::Rook) | queens;
    (get_bishop_moves(square, occupied) & diagonal)
        | (get_rook_moves(square, occupied) & straight)
        | (get_knight_moves(square) & board.pieces(Piece::Knight))
        | (get_king_moves(square) & board.pieces(Piece::King))
        | (get_pawn_attacks(square, Color::White) & board.colored_pieces(Color::Black, Piece::Pawn))
        | (get_pawn_attacks(square, Color::Black) & board.colored_pieces(Color::White, Piece::Pawn))
}

/// The least valuable piece of `attackers`, with its square.
fn least_valuable(board: &Board, attackers: BitBoard) -> Option<(Piece, Square)> {
    Piece::ALL.iter().find_map(|&piece| {
        let found = attackers & board.pieces(piece);
        found.next_square().map(|square| (piece, square))
    })
}

/// Whether `mv` is an en-passant capture.
pub fn is_en_passant(board: &Board, mv: Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file() && board.piece_on(mv.to).is_none()
}

/// Whether the exchange started by the legal move `mv` wins at least `threshold` centipawns for the
/// side to move.
pub fn see_ge(board: &Board, mv: Move, threshold: i32) -> bool {
    let us = board.side_to_move();
    // Castling (the king onto its own rook) exchanges nothing.
    if board.colors(us).has(mv.to) {
        return threshold <= 0;
    }
    let Some(moving) = board.piece_on(mv.from) else {
        return threshold <= 0;
    };
    let en_passant = is_en_passant(board, mv);
    let mut gain = if en_passant { value(Piece::Pawn) } else { board.piece_on(mv.to).map_or(0, value) };
    if let Some(promotion) = mv.promotion {
        gain += value(promotion) - value(Piece::Pawn);
    }
    // `balance` is what the side to move has won so far beyond the threshold, assuming the piece
    // standing on the square now is lost next.
    let mut balance = gain - threshold;
    if balance < 0 {
        return false;
    }
    balance -= value(mv.promotion.unwrap_or(moving));
    if balance >= 0 {
        return true;
    }
    let mut occupied = (board.occupied() ^ mv.from.bitboard()) | mv.to.bitboard();
    if en_passant {
        let captured = Square::new(mv.to.file(), mv.from.rank());
        occupied ^= captured.bitboard();
    }
    let queens = board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | queens;
    let straight = board.pieces(Piece::Rook) | queens;
    let mut attackers = attackers_to(board, mv.to, occupied) & occupied;
    let mut side = !us;
    loop {
        let ours = attackers & board.colors(side);
        let Some((piece, square)) = least_valuable(board, ours) else {
            break;
        };
        side = !side;
        // Negamax step: the side that just captured now stands to lose `piece`.
        balance = -balance - 1 - value(piece);
        if balance >= 0 {
            // A king may only take when nothing defends the square any more.
            if piece == Piece::King && !(attackers & board.colors(side)).is_empty() {
                side = !side;
            }
            break;
        }
        occupied ^= square.bitboard();
        // Sliders behind the piece that just took join in.
        if matches!(piece, Piece::Pawn | Piece::Bishop | Piece::Queen) {
            attackers |= get_bishop_moves(mv.to, occupied) & diagonal;
        }
        if matches!(piece, Piece::Rook | Piece::Queen) {
            attackers |= get_rook_moves(mv.to, occupied) & straight;
        }
        attackers &= occupied;
    }
    side != us
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(fen: &str, uci: &str, threshold: i32) -> bool {
        let board: Board = fen.parse().expect("fen");
        let mv: Move = uci.parse().expect("move");
        assert!(board.is_legal(mv), "{uci} illegal in {fen}");
        see_ge(&board, mv, threshold)
    }

    #[test]
    fn free_pawn_wins_a_pawn() {
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(check(fen, "e1e5", 100));
        assert!(!check(fen, "e1e5", 101));
    }

    #[test]
    fn defended_pawn_taken_by_a_knight_loses() {
        // Nxe5 dxe5 (the pawn on d6 defends): a knight for a pawn.
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert!(!check(fen, "d3e5", 0));
        assert!(check(fen, "d3e5", -220));
        assert!(!check(fen, "d3e5", -219));
    }

    #[test]
    fn xray_recapture_counts() {
        // Rxd5 Rxd5 Rxd5: the doubled rooks win the pawn against one defender.
        let fen = "3r2k1/8/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        assert!(check(fen, "d2d5", 100));
    }

    #[test]
    fn quiet_move_to_an_attacked_square_loses_the_piece() {
        let fen = "4k3/8/8/2p5/8/1N6/8/4K3 w - - 0 1";
        assert!(!check(fen, "b3d4", 0));
        assert!(check(fen, "b3d4", -320));
        assert!(!check(fen, "b3d4", -319));
        assert!(check(fen, "b3a5", 0));
    }

    #[test]
    fn en_passant_and_promotion() {
        assert!(check("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100));
        assert!(check("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 850));
        // The promoted queen is taken at once: a pawn for nothing.
        assert!(!check("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 0));
    }
}
