//! The net's inputs. Each perspective sees 768 piece-square features, one per (colour relative to
//! the perspective, piece, square seen from the perspective's side): white's perspective reads the
//! board as it is; black's flips it vertically and swaps the colours, so both perspectives share
//! one set of weights.
//!
//! A network may also split its input weights by the square of the perspective's own king (king
//! buckets, an `InputLayout`), and mirror the board left to right when that king stands on the e-h
//! files: a perspective's features then depend on where its king is (its `View`). Net 1 has one
//! bucket and no mirroring, where the view never changes.

use cozy_chess::{Board, Color, Piece, Square};

/// Piece-square features of one king bucket: 2 colours × 6 pieces × 64 squares.
pub const INPUTS: usize = 768;
/// The most pieces a legal position has.
pub const MAX_ACTIVE: usize = 32;
/// The most king buckets a layout may have.
pub const MAX_KING_BUCKETS: usize = 32;
/// Bytes of a layout in a file (`InputLayout::to_bytes`).
pub const LAYOUT_BYTES: usize = 4 + 64;
/// The flag of a mirrored layout in those bytes.
const MIRRORED: u32 = 1;

/// The piece-square feature of `color`'s `piece` on `square`, from `perspective`'s side, before
/// any king bucket or mirroring.
pub fn feature(perspective: Color, color: Color, piece: Piece, square: Square) -> usize {
    let (relative, square) = match perspective {
        Color::White => (color as usize, square as usize),
        Color::Black => ((!color) as usize, square as usize ^ 56),
    };
    relative * 384 + piece as usize * 64 + square
}

/// How one perspective reads the board: its side, the bucket of weights its king picks, and whether
/// its king on the e-h files mirrors the board left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub perspective: Color,
    bucket: u8,
    flip: bool,
}

impl View {
    /// The plain view of `perspective`: bucket 0, not mirrored (a network without king buckets).
    pub fn plain(perspective: Color) -> View {
        View { perspective, bucket: 0, flip: false }
    }

    /// The input of `color`'s `piece` on `square` in this view.
    pub fn feature(self, color: Color, piece: Piece, square: Square) -> usize {
        self.place(feature(self.perspective, color, piece, square))
    }

    /// A piece-square feature (of `feature`) moved to this view's bucket and side of the board.
    pub fn place(self, piece_square: usize) -> usize {
        let placed = if self.flip { mirror(piece_square) } else { piece_square };
        usize::from(self.bucket) * INPUTS + placed
    }

    /// Where the refresh cache keeps this view's accumulator: bucket and mirroring.
    pub fn slot(self) -> usize {
        usize::from(self.bucket) * 2 + usize::from(self.flip)
    }
}

/// Which weights each perspective's king picks: a bucket for every square of its own king (seen
/// from its side, after mirroring), and whether a king on the e-h files mirrors the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputLayout {
    king_buckets: [u8; 64],
    mirrored: bool,
    /// How many buckets the map uses (asked at every node, so counted once).
    count: usize,
}

impl InputLayout {
    /// One bucket, no mirroring: the plain 768 inputs.
    pub fn plain() -> InputLayout {
        InputLayout { king_buckets: [0; 64], mirrored: false, count: 1 }
    }

    /// A layout from its bucket map; an error unless the buckets number `0..n` with none skipped
    /// (at most `MAX_KING_BUCKETS`).
    pub fn new(king_buckets: [u8; 64], mirrored: bool) -> Result<InputLayout, String> {
        let mut layout = InputLayout { king_buckets, mirrored, count: 0 };
        let count = layout.reachable().map(|square| usize::from(king_buckets[square])).max().unwrap_or(0) + 1;
        layout.count = count;
        let used = |bucket: usize| layout.reachable().any(|square| usize::from(king_buckets[square]) == bucket);
        if count > MAX_KING_BUCKETS || !(0..count).all(used) {
            return Err(format!("king buckets must number 0 to at most {} with none unused", MAX_KING_BUCKETS - 1));
        }
        Ok(layout)
    }

    /// The layout as files keep it: `u32` flags (bit 0: mirrored), then the 64 buckets.
    pub fn to_bytes(&self) -> [u8; LAYOUT_BYTES] {
        let flags = if self.mirrored { MIRRORED } else { 0 };
        let mut out = [0; LAYOUT_BYTES];
        out[..4].copy_from_slice(&flags.to_le_bytes());
        out[4..].copy_from_slice(&self.king_buckets);
        out
    }

    /// The layout `to_bytes` wrote, from the start of `bytes`; an error if they are too few or the
    /// map is bad.
    pub fn from_bytes(bytes: &[u8]) -> Result<InputLayout, String> {
        let (Some(flags), Some(map)) = (bytes.get(..4), bytes.get(4..LAYOUT_BYTES)) else {
            return Err("king bucket layout cut short".to_string());
        };
        let flags = u32::from_le_bytes([flags[0], flags[1], flags[2], flags[3]]);
        let map = map.try_into().map_err(|_| "bad king bucket map".to_string())?;
        InputLayout::new(map, flags & MIRRORED != 0)
    }

    /// A mirrored layout from the buckets of the 32 squares of the a-d files (a1 b1 c1 d1 a2 .. d8,
    /// the order bullet's `ChessBucketsMirrored` takes); each e-h square takes its mirror image's.
    pub fn mirrored_from_half(half: [u8; 32]) -> Result<InputLayout, String> {
        let map = std::array::from_fn(|square| half[square / 8 * 4 + (square % 8).min(7 - square % 8)]);
        InputLayout::new(map, true)
    }

    /// The 32 buckets of a mirrored layout's a-d files, as `mirrored_from_half` takes them.
    pub fn half(&self) -> [u8; 32] {
        std::array::from_fn(|i| self.king_buckets[i / 4 * 8 + i % 4])
    }

    /// The squares a king can be on after mirroring (a1..h8 index, from its own side).
    fn reachable(&self) -> impl Iterator<Item = usize> + '_ {
        (0..64).filter(|square| !self.mirrored || square % 8 < 4)
    }

    /// The bucket of each square of the own king (a1 to h8, from its side, after mirroring).
    pub fn king_buckets(&self) -> &[u8; 64] {
        &self.king_buckets
    }

    /// Whether a king on the e-h files mirrors its perspective's board.
    pub fn mirrored(&self) -> bool {
        self.mirrored
    }

    /// One bucket and no mirroring: a view that never changes.
    pub fn is_plain(&self) -> bool {
        self.count == 1 && !self.mirrored
    }

    /// How many king buckets (sets of 768 input weights) the layout has.
    pub fn buckets(&self) -> usize {
        self.count
    }

    /// Inputs of a perspective: 768 per king bucket.
    pub fn inputs(&self) -> usize {
        self.buckets() * INPUTS
    }

    /// Refresh cache slots a perspective needs: one per bucket and mirroring.
    pub fn slots(&self) -> usize {
        self.buckets() * 2
    }

    /// The view of `perspective` with its king on `king`.
    pub fn view(&self, perspective: Color, king: Square) -> View {
        let relative = match perspective {
            Color::White => king as usize,
            Color::Black => king as usize ^ 56,
        };
        self.view_from(perspective, relative)
    }

    /// The view of `perspective` with its king on `relative` (0-63, seen from its own side, as a
    /// feature's square is).
    pub fn view_from(&self, perspective: Color, relative: usize) -> View {
        let flip = self.mirrored && relative % 8 >= 4;
        let square = if flip { relative ^ 7 } else { relative };
        View { perspective, bucket: self.king_buckets[square], flip }
    }

    /// Both perspectives' views of `board`: `[white's, black's]`.
    pub fn views(&self, board: &Board) -> [View; 2] {
        [Color::White, Color::Black].map(|side| self.view(side, board.king(side)))
    }

    /// The active inputs of `board` from each side's perspective: `[white's, black's]`.
    pub fn active(&self, board: &Board) -> [Vec<usize>; 2] {
        let [white, black] = self.views(board);
        let [plain_white, plain_black] = active(board);
        [
            plain_white.into_iter().map(|f| white.place(f)).collect(),
            plain_black.into_iter().map(|f| black.place(f)).collect(),
        ]
    }
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

    /// Four buckets by rank pairs of the own king, mirrored: a test layout.
    fn four_by_rank() -> InputLayout {
        let buckets = std::array::from_fn(|square| (square / 16) as u8);
        InputLayout::new(buckets, true).expect("a layout")
    }

    #[test]
    fn a_king_on_the_e_to_h_files_mirrors_its_perspective_and_picks_its_bucket() {
        let layout = four_by_rank();
        assert_eq!((layout.buckets(), layout.inputs(), layout.slots()), (4, 4 * INPUTS, 8));
        // White king g1: mirrored, bucket 0; black king b6 (b3 from black's side): not mirrored, bucket 1.
        let board: Board = "8/8/1k6/8/8/8/3P4/6K1 w - - 0 1".parse().expect("fen");
        let [white, black] = layout.views(&board);
        assert_eq!(white.feature(Color::White, Piece::Pawn, Square::D2), Square::E2 as usize);
        assert_eq!(white.slot(), 1);
        let pawn_for_black = INPUTS + 384 + Square::D7 as usize;
        assert_eq!(black.feature(Color::White, Piece::Pawn, Square::D2), pawn_for_black);
        assert_eq!(black.slot(), 2);
        // A position and its mirror image read the same for both perspectives.
        let mirrored: Board = "8/8/6k1/8/8/8/4P3/1K6 w - - 0 1".parse().expect("fen");
        let sorted = |mut v: Vec<usize>| {
            v.sort();
            v
        };
        let [a, b] = layout.active(&board).map(sorted);
        let [c, d] = layout.active(&mirrored).map(sorted);
        assert_eq!((a, b), (c, d));
    }

    #[test]
    fn the_plain_layout_is_the_piece_square_features_and_bad_maps_are_refused() {
        let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1".parse().expect("fen");
        assert_eq!(InputLayout::plain().active(&board), active(&board));
        assert!(InputLayout::plain().is_plain() && !four_by_rank().is_plain());
        let mut skipped = [0u8; 64];
        skipped[63] = 2;
        assert!(InputLayout::new(skipped, false).is_err());
        // Bucket 1 only on the e-h files, which a mirrored layout never reads.
        let mut unreachable = [0u8; 64];
        unreachable[7] = 1;
        assert_eq!(InputLayout::new(unreachable, true).map(|layout| layout.buckets()), Ok(1));
        assert_eq!(InputLayout::new(unreachable, false).map(|layout| layout.buckets()), Ok(2));
        assert!(InputLayout::new([40; 64], false).is_err());
    }
}
