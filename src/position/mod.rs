//! The game as the rules see it: a cozy-chess board plus what the board does not keep.
//!
//! cozy-chess caps the halfmove clock at 100 and its hash counts an en-passant file even when no
//! capture is possible, so this module keeps the real clock and its own repetition keys (FIDE 9.2
//! identity, see `draw`). FEN text lives in `fen`, UCI move text in `notation`.

pub mod cuckoo;
pub mod draw;
pub mod fen;
pub mod movegen;
pub mod notation;
pub mod plausible;
pub mod see;

use cozy_chess::{Board, Move};

pub use draw::{repetition_key, GameState, MoveLimit};
pub use fen::FenError;
pub use notation::MoveError;

/// A game position with the history needed for the draw rules.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    /// Plies since the last capture or pawn move, not capped at 100 (cozy-chess caps it).
    halfmove_clock: u32,
    /// Repetition keys of every position of the game so far, the current one last.
    keys: Vec<u64>,
}

impl Default for Position {
    fn default() -> Self {
        Position::from_board(Board::default(), 0)
    }
}

impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        Position::default()
    }

    /// Chess960 start position number `n` (Scharnagl numbering, 518 = classical), if `n` < 960.
    pub fn chess960(n: u32) -> Option<Position> {
        (n < 960).then(|| Position::from_board(Board::chess960_startpos(n), 0))
    }

    /// Double Chess960 start position: white's pieces from start position `white`, black's from
    /// `black` (both Scharnagl numbers below 960).
    pub fn double_chess960(white: u32, black: u32) -> Option<Position> {
        (white < 960 && black < 960).then(|| Position::from_board(Board::double_chess960_startpos(white, black), 0))
    }

    /// A position from standard FEN, X-FEN or Shredder-FEN (see `fen::parse`).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let parsed = fen::parse(text)?;
        Ok(Position::from_board(parsed.board, parsed.halfmove_clock))
    }

    fn from_board(board: Board, halfmove_clock: u32) -> Position {
        let keys = vec![repetition_key(&board)];
        Position { board, halfmove_clock, keys }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plies since the last capture or pawn move (not capped).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Repetition keys of the game, oldest first, the current position last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The current position's repetition key.
    pub fn key(&self) -> u64 {
        self.keys.last().copied().unwrap_or_default()
    }

    /// FEN of the current position: Shredder-FEN castling when `chess960`, otherwise standard.
    pub fn fen(&self, chess960: bool) -> String {
        fen::format(&self.board, self.halfmove_clock, chess960)
    }

    /// Plays a move known to be legal (from move generation of this board).
    pub fn play(&mut self, mv: Move) {
        self.halfmove_clock = draw::clock_after(&self.board, Some(mv), self.halfmove_clock);
        self.board.play_unchecked(mv);
        self.keys.push(repetition_key(&self.board));
    }

    /// Parses UCI move text (either castling notation) and plays it; on error nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = notation::parse(&self.board, text)?;
        self.play(mv);
        Ok(mv)
    }

    /// The state of the game under the FIDE rules (checkmate, stalemate, draws), with `limit` as the
    /// fifty-move limit.
    pub fn state(&self, limit: MoveLimit) -> GameState {
        draw::game_state(&self.board, self.halfmove_clock, &self.keys, limit)
    }
}
