//! The net's inputs: 768 features a perspective, one per (colour relative to the perspective, piece,
//! square seen from the perspective's side). White's perspective reads the board as it is; black's
//! flips it vertically and swaps the colours, so both perspectives share one set of weights.

use cozy_chess::{Board, Color, Piece, Square};

/// Features a perspective: 2 colours × 6 pieces × 64 squares.
pub const INPUTS: usize = 768;
/// The most pieces a legal position has.
pub const MAX_ACTIVE: usize = 32;

/// The feature of `color`'s `piece` on `square`, from `perspective`'s side.
pub fn feature(perspective: Color, color: Color, piece: Piece, square: Square) -> usize {
    let (relative, square) = match perspective {
        Color::White => (color as usize, square as usize),
        Color::Black => ((!color) as usize, square as usize ^ 56),
    };
    relative * 384 + piece as usize * 64 + square
}

/// The same piece seen from the other perspective: its colour relative to the perspective swapped
/// and its square flipped vertically.
pub fn other_perspective(feature: usize) -> usize {
    let (relative, rest) = (feature / 384, feature % 384);
    (1 - relative) * 384 + (rest ^ 56)
}

/// The same piece on the square mirrored left to right (a file to h file): the square's low three
/// bits are its file.
pub fn mirror(feature: usize) -> usize {
    feature ^ 7
}

/// The active features of `board` from each side's perspective: `[white's, black's]`.
pub fn active(board: &Board) -> [Vec<usize>; 2] {
    let mut out = [Vec::with_capacity(MAX_ACTIVE), Vec::with_capacity(MAX_ACTIVE)];
    for color in [Color::White, Color::Black] {
        for piece in Piece::ALL {
            for square in board.colored_pieces(color, piece) {
                out[0].push(feature(Color::White, color, piece, square));
                out[1].push(feature(Color::Black, color, piece, square));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_and_its_colour_flip_have_swapped_perspectives() {
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse().expect("fen");
        let flipped: Board = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3".parse().expect("fen");
        let [white, black] = active(&board);
        let [flip_white, flip_black] = active(&flipped);
        let sorted = |mut v: Vec<usize>| {
            v.sort();
            v
        };
        assert_eq!(sorted(white.clone()), sorted(flip_black));
        assert_eq!(sorted(black), sorted(flip_white));
        assert_eq!(white.len(), 32);
        assert!(white.iter().all(|&f| f < INPUTS));
        // White's king on e1 is an own king on e1 for white, an enemy king on e8 for black.
        assert_eq!(feature(Color::White, Color::White, Piece::King, Square::E1), 5 * 64 + 4);
        assert_eq!(feature(Color::Black, Color::White, Piece::King, Square::E1), 384 + 5 * 64 + 60);
    }

    #[test]
    fn the_other_perspective_of_a_feature_is_the_other_side_s_feature() {
        for color in [Color::White, Color::Black] {
            for piece in Piece::ALL {
                for square in Square::ALL {
                    let (white, black) = (Color::White, Color::Black);
                    let (ours, theirs) = (feature(white, color, piece, square), feature(black, color, piece, square));
                    assert_eq!(other_perspective(ours), theirs, "{color:?} {piece:?} {square}");
                    assert_eq!(other_perspective(theirs), ours, "{color:?} {piece:?} {square}");
                }
            }
        }
    }

    #[test]
    fn mirroring_moves_a_piece_to_the_other_wing_on_its_rank() {
        for perspective in [Color::White, Color::Black] {
            for square in Square::ALL {
                let mirrored = Square::new(square.file().flip(), square.rank());
                let of = |sq| feature(perspective, Color::Black, Piece::Knight, sq);
                assert_eq!(mirror(of(square)), of(mirrored), "{square}");
            }
        }
    }
}
