//! Move facts: legal move generation by kind (all, noisy, quiet), and what a move
//! does (captures, victims, checks) without playing it.

use cozy_chess::{
    get_between_rays, get_bishop_moves, get_bishop_rays, get_knight_moves, get_line_rays, get_pawn_attacks,
    get_rook_moves, get_rook_rays, BitBoard, Board, Move, Piece, Rank, Square,
};

use super::see::is_en_passant;

/// Whether `mv` captures something (en passant included; castling is not a capture).
pub fn is_capture(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    if board.colors(!us).has(mv.to) {
        return true;
    }
    board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file()
}

/// Captures and queen promotions (not under-promotions): the moves quiescence search plays.
pub fn is_noisy(board: &Board, mv: Move) -> bool {
    match mv.promotion {
        Some(Piece::Queen) => true,
        Some(_) => false,
        None => is_capture(board, mv),
    }
}

/// The piece `mv` captures (a pawn for en passant), if any.
pub fn victim(board: &Board, mv: Move) -> Option<Piece> {
    victim_of(board, mv, board.piece_on(mv.from).unwrap_or(Piece::Pawn))
}

/// `victim`, for a caller that knows the piece that moves.
pub fn victim_of(board: &Board, mv: Move, moving: Piece) -> Option<Piece> {
    if board.colors(!board.side_to_move()).has(mv.to) {
        board.piece_on(mv.to)
    } else if moving == Piece::Pawn && mv.from.file() != mv.to.file() {
        Some(Piece::Pawn)
    } else {
        None
    }
}

/// Whether the legal move `mv` gives check, directly or by discovery. Castling is counted as no
/// check (rare, and only pruning decisions use this).
pub fn gives_check(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let king = board.king(!us);
    if board.colors(us).has(mv.to) {
        return false;
    }
    let Some(moving) = board.piece_on(mv.from) else {
        return false;
    };
    let mut occupied = (board.occupied() ^ mv.from.bitboard()) | mv.to.bitboard();
    if moving == Piece::Pawn && is_en_passant(board, mv) {
        occupied ^= Square::new(mv.to.file(), mv.from.rank()).bitboard();
    }
    let direct = match mv.promotion.unwrap_or(moving) {
        Piece::Pawn => get_pawn_attacks(mv.to, us).has(king),
        Piece::Knight => get_knight_moves(mv.to).has(king),
        Piece::Bishop => get_bishop_moves(mv.to, occupied).has(king),
        Piece::Rook => get_rook_moves(mv.to, occupied).has(king),
        Piece::Queen => (get_bishop_moves(mv.to, occupied) | get_rook_moves(mv.to, occupied)).has(king),
        Piece::King => false,
    };
    if direct {
        return true;
    }
    let sliders = board.colors(us) & !mv.from.bitboard();
    let queens = board.pieces(Piece::Queen);
    let diagonal = sliders & (board.pieces(Piece::Bishop) | queens);
    let straight = sliders & (board.pieces(Piece::Rook) | queens);
    !(get_bishop_moves(king, occupied) & diagonal).is_empty() || !(get_rook_moves(king, occupied) & straight).is_empty()
}

/// What one node needs to tell quickly whether a move gives check (`CheckSquares::gives_check`
/// answers as `gives_check` does, with a few bit tests a move instead of slider lookups).
pub struct CheckSquares {
    king: Square,
    /// By piece, in `Piece::ALL` order: the squares from which a piece of the side to move attacks the
    /// enemy king.
    direct: [BitBoard; Piece::NUM],
    /// Pieces of the side to move that alone stand between the enemy king and one of its sliders.
    discoverers: BitBoard,
}

impl CheckSquares {
    pub fn new(board: &Board) -> CheckSquares {
        let us = board.side_to_move();
        let king = board.king(!us);
        let occupied = board.occupied();
        let diagonal = get_bishop_moves(king, occupied);
        let straight = get_rook_moves(king, occupied);
        let direct = [
            get_pawn_attacks(king, !us),
            get_knight_moves(king),
            diagonal,
            straight,
            diagonal | straight,
            BitBoard::EMPTY,
        ];
        let queens = board.pieces(Piece::Queen);
        let sliders = board.colors(us)
            & ((get_bishop_rays(king) & (board.pieces(Piece::Bishop) | queens))
                | (get_rook_rays(king) & (board.pieces(Piece::Rook) | queens)));
        let mut discoverers = BitBoard::EMPTY;
        for slider in sliders {
            let between = get_between_rays(king, slider) & occupied;
            if between.len() == 1 {
                discoverers |= between & board.colors(us);
            }
        }
        CheckSquares { king, direct, discoverers }
    }

    /// `gives_check(board, mv)` for the `board` these squares were computed for.
    pub fn gives_check(&self, board: &Board, mv: Move) -> bool {
        let us = board.side_to_move();
        if board.colors(us).has(mv.to) {
            return false;
        }
        let Some(moving) = board.piece_on(mv.from) else {
            return false;
        };
        if mv.promotion.is_some() || (moving == Piece::Pawn && is_en_passant(board, mv)) {
            // The captured pawn or the new piece changes the lines: the full test.
            return gives_check(board, mv);
        }
        // The squares between the moving piece's new square and the king are the same after the
        // move, except when it moved away from the king along that line: then the king was in check
        // already, which the side to move cannot have left it in.
        self.direct[moving as usize].has(mv.to)
            || (self.discoverers.has(mv.from) && !get_line_rays(self.king, mv.from).has(mv.to))
    }
}

/// Which moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    All,
    Noisy,
    Quiet,
}

/// Calls `push` for every legal move of `board` of the given kind, with the piece that moves.
pub fn generate(board: &Board, kind: Kind, mut push: impl FnMut(Move, Piece)) {
    let them = board.colors(!board.side_to_move());
    let ep_target = board
        .en_passant()
        .map_or(BitBoard::EMPTY, |file| Square::new(file, Rank::Sixth.relative_to(board.side_to_move())).bitboard());
    let promotion_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    board.generate_moves(|mut piece_moves| {
        let pawn = piece_moves.piece == Piece::Pawn;
        match kind {
            Kind::All => {}
            Kind::Noisy => {
                let extra = if pawn { ep_target | promotion_ranks } else { BitBoard::EMPTY };
                piece_moves.to &= them | extra;
            }
            // Pawn captures that under-promote are quiet: pawns are filtered move by move below.
            Kind::Quiet if !pawn => piece_moves.to &= !them,
            Kind::Quiet => {}
        }
        for mv in piece_moves {
            let keep = match kind {
                Kind::All => true,
                Kind::Noisy => mv.promotion.is_none() || mv.promotion == Some(Piece::Queen),
                Kind::Quiet => !pawn || !is_noisy(board, mv),
            };
            if keep {
                push(mv, piece_moves.piece);
            }
        }
        false
    });
}

/// All legal moves of `board`.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    generate(board, Kind::All, |mv, _| moves.push(mv));
    moves
}

/// Castling both ways, promotions, checks, pins and en passant (perft suite positions).
#[cfg(test)]
pub const MIXED_FENS: [&str; 4] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let more = [
            "3k4/8/8/8/8/3B4/8/3RK3 w - - 0 1",
            "3k4/8/8/8/2pP4/8/8/3RK1B1 b - d3 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
        ];
        for fen in MIXED_FENS.iter().chain(&more) {
            let board: Board = fen.parse().expect("fen");
            for mv in legal_moves(&board) {
                if board.colors(board.side_to_move()).has(mv.to) {
                    continue;
                }
                let mut child = board.clone();
                child.play_unchecked(mv);
                assert_eq!(gives_check(&board, mv), !child.checkers().is_empty(), "{fen} {mv}");
            }
        }
    }

    #[test]
    fn check_squares_agree_with_gives_check() {
        // Discovered checks by a moving pawn, knight, king and bishop; blocked and double-blocked lines.
        let more = [
            "3k4/8/8/3N4/8/8/3K4/3R4 w - - 0 1",
            "7k/8/5P2/8/3B4/8/1K6/8 w - - 0 1",
            "4k3/8/8/4K3/8/8/8/4R3 w - - 0 1",
            "k7/8/8/3R4/8/8/8/B3K3 w - - 0 1",
            "4k3/4p3/8/4N3/8/8/8/4RK2 w - - 0 1",
            "2r1k3/8/8/8/2Pp4/8/8/2K5 b - c3 0 1",
        ];
        let mut checks = 0;
        for fen in MIXED_FENS.iter().chain(&more) {
            let root: Board = fen.parse().expect("fen");
            // The position and every position one move later, to meet both sides' pieces.
            let mut boards = vec![root.clone()];
            for mv in legal_moves(&root) {
                let mut child = root.clone();
                child.play_unchecked(mv);
                boards.push(child);
            }
            for board in boards {
                let squares = CheckSquares::new(&board);
                for mv in legal_moves(&board) {
                    let expected = gives_check(&board, mv);
                    checks += expected as usize;
                    assert_eq!(squares.gives_check(&board, mv), expected, "{} {mv}", board);
                }
            }
        }
        assert!(checks > 100, "too few checking moves met: {checks}");
    }
}
