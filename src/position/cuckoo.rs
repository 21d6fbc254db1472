//! Cuckoo tables of reversible moves, for spotting an upcoming repetition (an idea of Marcel van
//! Kervinck's, as Stockfish uses it): a position one reversible move away from an earlier one differs
//! from it, in the repetition key, by exactly the key change of that move.
//!
//! For every piece but a pawn, and every pair of squares it could move between on an empty board, the
//! table holds that key change and the two squares. A key difference then finds its move, if there is
//! one, in at most two lookups. cozy-chess keeps its Zobrist numbers private, so the key change of a
//! move is read off a board before and after it: the keys are XOR sums, so it is the same on every board
//! without castling rights or an en-passant capture.

use std::sync::OnceLock;

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_rook_moves, BitBoard, Board, BoardBuilder, Color, Move,
    Piece, Square,
};

/// Slots in the table: a power of two, about twice the number of moves, so that insertion settles.
const SIZE: usize = 8192;
/// Reversible moves between two squares, counted once for both directions: knights 168, bishops 280,
/// rooks 448, queens 728, kings 210, for each colour.
pub const MOVES: usize = 2 * (168 + 280 + 448 + 728 + 210);

/// The pieces whose moves can be undone.
const PIECES: [Piece; 5] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen, Piece::King];

/// Key changes of reversible moves and the squares they join.
pub struct Cuckoo {
    keys: Vec<u64>,
    squares: Vec<Option<(Square, Square)>>,
}

fn first_slot(key: u64) -> usize {
    (key as usize) & (SIZE - 1)
}

fn second_slot(key: u64) -> usize {
    ((key >> 20) as usize) & (SIZE - 1)
}

/// The table, built on first use.
pub fn table() -> &'static Cuckoo {
    static TABLE: OnceLock<Cuckoo> = OnceLock::new();
    TABLE.get_or_init(Cuckoo::build)
}

impl Cuckoo {
    fn build() -> Cuckoo {
        let mut table = Cuckoo { keys: vec![0; SIZE], squares: vec![None; SIZE] };
        for color in Color::ALL {
            for piece in PIECES {
                for from in Square::ALL {
                    for to in empty_board_moves(piece, from) {
                        if from < to {
                            table.insert(move_key(color, piece, from, to), (from, to));
                        }
                    }
                }
            }
        }
        table
    }

    /// Cuckoo insertion: an entry that finds its slot taken evicts the occupant to its other slot.
    fn insert(&mut self, key: u64, squares: (Square, Square)) {
        let (mut key, mut squares) = (key, Some(squares));
        let mut slot = first_slot(key);
        loop {
            std::mem::swap(&mut self.keys[slot], &mut key);
            std::mem::swap(&mut self.squares[slot], &mut squares);
            if squares.is_none() {
                return;
            }
            slot = if slot == first_slot(key) { second_slot(key) } else { first_slot(key) };
        }
    }

    /// The two squares of the reversible move whose key change is `difference`, if there is one.
    pub fn find(&self, difference: u64) -> Option<(Square, Square)> {
        [first_slot(difference), second_slot(difference)]
            .into_iter()
            .find(|&slot| self.keys[slot] == difference)
            .and_then(|slot| self.squares[slot])
    }

    /// Moves stored.
    pub fn len(&self) -> usize {
        self.squares.iter().filter(|s| s.is_some()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The squares `piece` reaches from `from` on an empty board.
fn empty_board_moves(piece: Piece, from: Square) -> BitBoard {
    match piece {
        Piece::Knight => get_knight_moves(from),
        Piece::Bishop => get_bishop_moves(from, BitBoard::EMPTY),
        Piece::Rook => get_rook_moves(from, BitBoard::EMPTY),
        Piece::Queen => get_bishop_moves(from, BitBoard::EMPTY) | get_rook_moves(from, BitBoard::EMPTY),
        _ => get_king_moves(from),
    }
}

/// The change of the board hash (without en passant) when `color`'s `piece` moves from `from` to
/// `to`: measured on the first legal placement of the two kings that allows the move.
fn move_key(color: Color, piece: Piece, from: Square, to: Square) -> u64 {
    for own_king in Square::ALL {
        for their_king in Square::ALL {
            if let Some(key) = measured_key(color, piece, from, to, own_king, their_king) {
                return key;
            }
        }
    }
    unreachable!("every move between two squares of an empty board has a legal setting")
}

fn measured_key(color: Color, piece: Piece, from: Square, to: Square, own: Square, their: Square) -> Option<u64> {
    let own = if piece == Piece::King { from } else { own };
    let taken = [from, to, own];
    if taken[1..].contains(&their) || (piece != Piece::King && taken[..2].contains(&own)) {
        return None;
    }
    let mut builder = BoardBuilder::empty();
    builder.board[own as usize] = Some((Piece::King, color));
    builder.board[their as usize] = Some((Piece::King, !color));
    builder.board[from as usize] = Some((piece, color));
    builder.side_to_move = color;
    let board = builder.build().ok()?;
    let mv = Move { from, to, promotion: None };
    if !board.is_legal(mv) {
        return None;
    }
    let mut after = board.clone();
    after.play_unchecked(mv);
    Some(board.hash_without_ep() ^ after.hash_without_ep())
}

/// The reversible move of the side to move on `board` that turns its key into `earlier` (keys without
/// en passant), if it is legal: `difference` is the XOR of the two keys.
pub fn reversible_move(board: &Board, difference: u64) -> Option<Move> {
    let (a, b) = table().find(difference)?;
    let occupied = board.occupied();
    if !(cozy_chess::get_between_rays(a, b) & occupied).is_empty() {
        return None;
    }
    let (from, to) = if occupied.has(a) { (a, b) } else { (b, a) };
    if occupied.has(to) || board.color_on(from) != Some(board.side_to_move()) {
        return None;
    }
    let mv = Move { from, to, promotion: None };
    board.is_legal(mv).then_some(mv)
}

/// Whether a legal reversible move of the side to move turns `board` into the position whose
/// repetition key is `target`.
pub fn reaches(board: &Board, target: u64) -> bool {
    reversible_move(board, board.hash_without_ep() ^ target).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn holds_every_reversible_move_once() {
        assert_eq!(MOVES, 3668);
        assert_eq!(table().len(), MOVES);
    }

    /// Every legal move of a non-pawn piece to an empty square, in positions of random games, is found
    /// from the key difference it makes, and a key difference of no such move finds nothing.
    #[test]
    fn finds_every_reversible_move_of_random_games() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for game in 0..200 {
            let mut board =
                if game % 2 == 0 { Board::default() } else { Board::chess960_startpos(rng.below(960) as u32) };
            for _ in 0..80 {
                let mut moves = Vec::new();
                board.generate_moves(|list| {
                    moves.extend(list);
                    false
                });
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    let reversible = board.piece_on(mv.from) != Some(Piece::Pawn) && !board.occupied().has(mv.to);
                    let mut after = board.clone();
                    after.play_unchecked(mv);
                    let difference = board.hash_without_ep() ^ after.hash_without_ep();
                    let keeps_rights = board.castle_rights(Color::White) == after.castle_rights(Color::White)
                        && board.castle_rights(Color::Black) == after.castle_rights(Color::Black);
                    if reversible && keeps_rights {
                        assert_eq!(reversible_move(&board, difference), Some(mv), "{board} {mv}");
                        checked += 1;
                    } else if board.en_passant().is_none() {
                        assert_eq!(reversible_move(&board, difference), None, "{board} {mv}");
                    }
                }
                board.play_unchecked(rng.pick(&moves));
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
