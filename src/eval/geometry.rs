//! Board geometry the evaluation terms share: relative squares and ranks, files, the ranks ahead of
//! a pawn, pawn attacks of a whole set, distances and square colours.

use cozy_chess::{BitBoard, Color, File, Piece, Square};

/// Square index as seen from `color`'s side of the board (a1 = 0 for both).
pub fn relative_index(square: Square, color: Color) -> usize {
    match color {
        Color::White => square as usize,
        Color::Black => square as usize ^ 56,
    }
}

pub fn relative_rank(square: Square, color: Color) -> usize {
    relative_index(square, color) / 8
}

pub fn file_mask(file: File) -> BitBoard {
    file.bitboard()
}

pub fn adjacent_files(file: File) -> BitBoard {
    file.adjacent()
}

/// Bits of the ranks strictly in front of each rank, for white (`[0]`) and black (`[1]`).
const AHEAD: [[u64; 8]; 2] = ahead_masks();

const fn ahead_masks() -> [[u64; 8]; 2] {
    let mut masks = [[0; 8]; 2];
    let mut rank = 0;
    while rank < 8 {
        let mut r = 0;
        while r < 8 {
            let bits = 0xffu64 << (8 * r);
            if r > rank {
                masks[0][rank] |= bits;
            }
            if r < rank {
                masks[1][rank] |= bits;
            }
            r += 1;
        }
        rank += 1;
    }
    masks
}

/// Ranks strictly in front of `square` from `color`'s side.
pub fn ranks_ahead(square: Square, color: Color) -> BitBoard {
    BitBoard(AHEAD[color as usize][square.rank() as usize])
}

/// The squares `color`'s pawns attack towards the a-file and towards the h-file, by shifting the
/// whole set (a pawn on the edge attacks one way only).
pub fn pawn_attacks_by_side(pawns: BitBoard, color: Color) -> (BitBoard, BitBoard) {
    let not_a = pawns.0 & !File::A.bitboard().0;
    let not_h = pawns.0 & !File::H.bitboard().0;
    let (west, east) = match color {
        Color::White => (not_a << 7, not_h << 9),
        Color::Black => (not_a >> 9, not_h >> 7),
    };
    (BitBoard(west), BitBoard(east))
}

pub fn pawn_attacks_of(pawns: BitBoard, color: Color) -> BitBoard {
    let (west, east) = pawn_attacks_by_side(pawns, color);
    west | east
}

/// The rank step of `color`'s pawns: +1 for white, -1 for black.
pub fn forward(color: Color) -> i8 {
    if color == Color::White {
        1
    } else {
        -1
    }
}

/// King steps between two squares (Chebyshev distance).
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// The squares of `square`'s colour (the light squares or the dark ones).
pub fn same_colour_squares(square: Square) -> BitBoard {
    if BitBoard::DARK_SQUARES.has(square) {
        BitBoard::DARK_SQUARES
    } else {
        BitBoard::LIGHT_SQUARES
    }
}

/// Index of a knight, bishop, rook or queen in per-piece tables that start at the knight.
pub fn piece_index(piece: Piece) -> usize {
    piece as usize - Piece::Knight as usize
}
