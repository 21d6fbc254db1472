//! UCI move text <-> cozy-chess `Move`, the only crossing point for moves at the UCI boundary.
//!
//! cozy-chess encodes castling as king-takes-own-rook (`e1h1`). UCI writes that form only when
//! `UCI_Chess960` is on; classical chess writes the king's destination (`e1g1`). Input accepts both
//! forms in either mode; moves are checked against the legal move list, never trusted.

use std::fmt;

use cozy_chess::{Board, File, Move, Square};

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    Syntax(String),
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(f, "'{s}' is not a move in UCI notation"),
            MoveError::Illegal(s) => write!(f, "illegal move '{s}'"),
        }
    }
}

/// All legal moves of `board`.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}

/// Whether `mv` (pseudo-legal form from move generation) is a castling move (king onto own rook).
pub fn is_castling(board: &Board, mv: Move) -> bool {
    board.colors(board.side_to_move()).has(mv.to)
}

/// The square the king lands on when castling with the rook on `rook`.
fn castling_king_target(king: Square, rook: Square) -> Square {
    let file = if rook.file() > king.file() { File::G } else { File::C };
    Square::new(file, king.rank())
}

/// Parses UCI move text on `board`, accepting `e1g1` and `e1h1` for castling in both modes.
pub fn parse(board: &Board, text: &str) -> Result<Move, MoveError> {
    let syntax_ok = matches!(text.len(), 4 | 5) && text.is_ascii();
    let mv: Move = match text.parse() {
        Ok(mv) if syntax_ok => mv,
        _ => return Err(MoveError::Syntax(text.to_string())),
    };
    let legal = legal_moves(board);
    if legal.contains(&mv) {
        return Ok(mv);
    }
    // Classical castling text: the king's destination instead of its rook.
    legal
        .into_iter()
        .find(|&c| {
            is_castling(board, c)
                && c.from == mv.from
                && castling_king_target(c.from, c.to) == mv.to
                && mv.promotion.is_none()
        })
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}

/// The move as UCI writes it: king-takes-rook castling when `chess960`, king destination otherwise.
///
/// The king-destination form is used only for the classical geometry (king on the e-file, rook in a
/// corner). In a Chess960 position played without `UCI_Chess960` it could name a plain king move
/// (`f1g1`) or no move at all (`g1g1`), so such castling stays king-takes-rook.
pub fn to_uci(board: &Board, mv: Move, chess960: bool) -> Move {
    let classical = mv.from.file() == File::E && matches!(mv.to.file(), File::A | File::H);
    if chess960 || !classical || !is_castling(board, mv) {
        return mv;
    }
    Move { to: castling_king_target(mv.from, mv.to), ..mv }
}

/// The moves of `line` from `board` in UCI's form (`to_uci`), stopping at the first move that is not
/// legal where it stands.
pub fn line(board: &Board, line: &[Move], chess960: bool) -> Vec<Move> {
    let mut board = board.clone();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        if !board.is_legal(mv) {
            break;
        }
        out.push(to_uci(&board, mv, chess960));
        board.play_unchecked(mv);
    }
    out
}

/// UCI text of a move legal on `board`.
pub fn format(board: &Board, mv: Move, chess960: bool) -> String {
    to_uci(board, mv, chess960).to_string()
}
