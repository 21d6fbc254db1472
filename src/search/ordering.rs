//! Move lists and move ordering: the TT move first, then captures by MVV-LVA, then quiet moves.

use cozy_chess::{BitBoard, Board, Move, Piece, Rank, Square};

/// More than the most legal moves any position has (218).
const MAX_MOVES: usize = 256;

/// Ordering values by piece (pawn .. king) for MVV-LVA.
const PIECE_ORDER_VALUE: [i32; 6] = [100, 300, 320, 500, 900, 0];
const TT_MOVE_SCORE: i32 = 1 << 24;
const CAPTURE_BASE: i32 = 1 << 20;
const QUEEN_PROMOTION_SCORE: i32 = CAPTURE_BASE + 800;

/// A fixed-capacity list of moves with ordering scores, picked best first.
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    scores: [i32; MAX_MOVES],
    len: usize,
    next: usize,
}

const NULL_MOVE: Move = Move { from: Square::A1, to: Square::A1, promotion: None };

impl MoveList {
    fn empty() -> MoveList {
        MoveList { moves: [NULL_MOVE; MAX_MOVES], scores: [0; MAX_MOVES], len: 0, next: 0 }
    }

    /// All legal moves, or only captures, en-passant captures and queen promotions (`noisy_only`).
    pub fn generate(board: &Board, noisy_only: bool) -> MoveList {
        let mut list = MoveList::empty();
        let them = board.colors(!board.side_to_move());
        let ep_target = board.en_passant().map_or(BitBoard::EMPTY, |file| {
            Square::new(file, Rank::Sixth.relative_to(board.side_to_move())).bitboard()
        });
        let promotion_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        board.generate_moves(|mut piece_moves| {
            if noisy_only {
                let mut targets = them;
                if piece_moves.piece == Piece::Pawn {
                    targets |= ep_target | promotion_ranks;
                }
                piece_moves.to &= targets;
            }
            for mv in piece_moves {
                if noisy_only && mv.promotion.is_some_and(|p| p != Piece::Queen) {
                    continue;
                }
                list.moves[list.len] = mv;
                list.len += 1;
            }
            false
        });
        list
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Keeps only the moves `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(self.moves[i]) {
                self.moves[kept] = self.moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Gives every move its ordering score.
    pub fn score(&mut self, board: &Board, tt_move: Option<Move>) {
        for i in 0..self.len {
            self.scores[i] = order_score(board, self.moves[i], tt_move);
        }
    }

    /// The best-scored move not yet returned (selection sort, one step per call).
    pub fn pick(&mut self) -> Option<Move> {
        if self.next >= self.len {
            return None;
        }
        let best = (self.next..self.len).max_by_key(|&i| self.scores[i]).unwrap_or(self.next);
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}

/// Whether `mv` captures something (en passant included; castling is not a capture).
pub fn is_capture(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    if board.colors(!us).has(mv.to) {
        return true;
    }
    board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file()
}

fn order_score(board: &Board, mv: Move, tt_move: Option<Move>) -> i32 {
    if Some(mv) == tt_move {
        return TT_MOVE_SCORE;
    }
    let mut score = 0;
    if is_capture(board, mv) {
        let victim = board.piece_on(mv.to).unwrap_or(Piece::Pawn);
        let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        score = CAPTURE_BASE + PIECE_ORDER_VALUE[victim as usize] * 8 - PIECE_ORDER_VALUE[attacker as usize] / 8;
    }
    if mv.promotion == Some(Piece::Queen) {
        score = score.max(QUEEN_PROMOTION_SCORE) + 1;
    }
    score
}
