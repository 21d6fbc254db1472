//! K+Q v K+R solved: for every placement and side to move, whether the queen's side wins and in how
//! many plies it takes the rook or mates (its distance to conversion), by retrograde analysis.
//!
//! The ending is won almost everywhere but needs exact technique: a heuristic (push the king to the
//! edge, bring the kings together) loses plies to every rook check, and with the fifty-move clock
//! half run out it draws. The table is built once per process, in the background, when the engine
//! is asked to search a position that can reach the ending (`prepare`, about 1.5 s of one core,
//! 5 MB); until then `endgame` falls back to its heuristic. Placements are reduced by the eight symmetries of a
//! pawnless board, the queen's king kept in the triangle a1-d1-d4.

use std::sync::{Once, OnceLock};

use cozy_chess::{get_bishop_moves, get_king_moves, get_rook_moves, BitBoard, Board, Color, Piece, Square};

/// The squares the queen side's king is reduced to by the symmetries: a1-d1-d4.
const KING_SQUARES: [Square; 10] = [
    Square::A1,
    Square::B1,
    Square::C1,
    Square::D1,
    Square::B2,
    Square::C2,
    Square::D2,
    Square::C3,
    Square::D3,
    Square::D4,
];
const ENTRIES: usize = KING_SQUARES.len() * 64 * 64 * 64;
/// A rook-side position with a move that escapes (takes the queen, or stalemate): never lost.
const ESCAPES: u8 = u8::MAX;

/// The queen side's king, the rook side's king, the queen, the rook.
type Placement = [Square; 4];
const STRONG_KING: usize = 0;
const WEAK_KING: usize = 1;
const QUEEN: usize = 2;
const ROOK: usize = 3;

/// What the table says of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The queen's side takes the rook or mates in this many plies at best, against the best defence.
    Wins(u32),
    /// A draw, or worse for the queen's side (the rook or the king takes the queen).
    NotWon,
}

/// The solved ending: per canonical placement, plies to conversion plus one (0 where not won).
pub struct Table {
    strong_to_move: Vec<u8>,
    weak_to_move: Vec<u8>,
}

static TABLE: OnceLock<Table> = OnceLock::new();
static BUILDER: Once = Once::new();

/// Starts building the table in the background, once per process, when a search from `board` could
/// reach the ending: at most six men, one side with a rook and the other with a queen or a pawn.
pub fn prepare(board: &Board) {
    if !within_reach(board) {
        return;
    }
    BUILDER.call_once(|| {
        let spawned = std::thread::Builder::new().name("queen-rook".into()).spawn(|| {
            let table = TABLE.get_or_init(build);
            log::info!("K+Q v K+R table built: {} entries", table.strong_to_move.len());
        });
        if spawned.is_err() {
            log::error!("could not spawn the K+Q v K+R builder; the heuristic stays");
        }
    });
}

fn within_reach(board: &Board) -> bool {
    let has = |color, piece| !board.colored_pieces(color, piece).is_empty();
    let rook_against = |rook: Color| has(rook, Piece::Rook) && (has(!rook, Piece::Queen) || has(!rook, Piece::Pawn));
    board.occupied().len() <= 6 && (rook_against(Color::White) || rook_against(Color::Black))
}

/// The table if it is built.
pub fn built() -> Option<&'static Table> {
    TABLE.get()
}

/// The table, built now if no one has yet (waits for a build under way): for tests and tools.
pub fn table() -> &'static Table {
    TABLE.get_or_init(build)
}

impl Table {
    /// The verdict on `board`, which must hold exactly the two kings, one queen and a rook of the
    /// other side.
    pub fn probe(&self, board: &Board) -> Verdict {
        let queens = board.pieces(Piece::Queen);
        let strong = if (queens & board.colors(Color::White)).is_empty() { Color::Black } else { Color::White };
        let square = |bitboard: BitBoard| bitboard.next_square().unwrap_or(Square::A1);
        let mut placement =
            [board.king(strong), board.king(!strong), square(queens), square(board.pieces(Piece::Rook))];
        if strong == Color::Black {
            placement = placement.map(Square::flip_rank);
        }
        let entries = if board.side_to_move() == strong { &self.strong_to_move } else { &self.weak_to_move };
        match entries[canonical(placement)] {
            0 => Verdict::NotWon,
            stored => Verdict::Wins(stored as u32 - 1),
        }
    }
}

/// The table index of `placement`'s image under the symmetry that puts the queen side's king in
/// the triangle; with that king on the diagonal, the smaller of the placement and its transpose.
fn canonical(mut placement: Placement) -> usize {
    let king = placement[STRONG_KING];
    if king.file() as usize >= 4 {
        placement = placement.map(Square::flip_file);
    }
    if king.rank() as usize >= 4 {
        placement = placement.map(Square::flip_rank);
    }
    let king = placement[STRONG_KING];
    let (file, rank) = (king.file() as usize, king.rank() as usize);
    let transposed = placement.map(transpose);
    if rank > file || (rank == file && transposed < placement) {
        placement = transposed;
    }
    index(&placement)
}

fn transpose(square: Square) -> Square {
    let i = square as usize;
    Square::index((i & 7) << 3 | i >> 3)
}

fn index(placement: &Placement) -> usize {
    let king = KING_SQUARES.iter().position(|&s| s == placement[STRONG_KING]).unwrap_or(0);
    ((king * 64 + placement[WEAK_KING] as usize) * 64 + placement[QUEEN] as usize) * 64 + placement[ROOK] as usize
}

fn decode(index: usize) -> Placement {
    let square = |shift: usize| Square::index((index >> shift) & 63);
    [KING_SQUARES[index >> 18], square(12), square(6), square(0)]
}

fn occupied(placement: &Placement) -> BitBoard {
    placement.iter().fold(BitBoard::EMPTY, |all, &s| all | s.bitboard())
}

fn queen_attacks(square: Square, blockers: BitBoard) -> BitBoard {
    get_rook_moves(square, blockers) | get_bishop_moves(square, blockers)
}

/// Four different squares, the kings not touching.
fn valid(placement: &Placement) -> bool {
    occupied(placement).len() == 4 && !get_king_moves(placement[STRONG_KING]).has(placement[WEAK_KING])
}

/// A legal position with the queen's side to move: the rook's king is not in check.
fn legal_strong_to_move(placement: &Placement) -> bool {
    valid(placement) && !queen_attacks(placement[QUEEN], occupied(placement)).has(placement[WEAK_KING])
}

/// A legal position with the rook's side to move: the queen's king is not in check.
fn legal_weak_to_move(placement: &Placement) -> bool {
    valid(placement) && !get_rook_moves(placement[ROOK], occupied(placement)).has(placement[STRONG_KING])
}

fn moved(placement: &Placement, piece: usize, to: Square) -> Placement {
    let mut next = *placement;
    next[piece] = to;
    next
}

/// Whether the queen's side, to move, takes the rook into a won K+Q v K: the defending king can
/// neither take the queen nor is it stalemated.
fn takes_rook_and_wins(placement: &Placement) -> bool {
    let rook = placement[ROOK];
    let occupancy = occupied(placement);
    let by_king = get_king_moves(placement[STRONG_KING]).has(rook)
        && !get_king_moves(placement[WEAK_KING]).has(rook)
        && queen_wins_alone(
            rook,
            placement[WEAK_KING],
            placement[QUEEN],
            occupancy ^ placement[STRONG_KING].bitboard(),
        );
    let by_queen = queen_attacks(placement[QUEEN], occupancy).has(rook)
        && queen_wins_alone(
            placement[STRONG_KING],
            placement[WEAK_KING],
            rook,
            occupancy ^ placement[QUEEN].bitboard(),
        );
    by_king || by_queen
}

/// K+Q v K with the bare king to move: won unless it takes the queen or is stalemated.
fn queen_wins_alone(king: Square, bare: Square, queen: Square, occupancy: BitBoard) -> bool {
    let guarded = get_king_moves(king) | queen_attacks(queen, occupancy ^ bare.bitboard());
    let free = get_king_moves(bare) & !guarded;
    let in_check = queen_attacks(queen, occupancy).has(bare);
    !free.has(queen) && (in_check || !free.is_empty())
}

/// The rook side's moves from a legal position with it to move.
enum Defence {
    /// A move leaves the ending without losing: the queen taken, or no move and no check.
    Escapes,
    /// No move, in check.
    Mated,
    /// This many different positions (by canonical index) its moves reach.
    Moves(u8),
}

fn defence(placement: &Placement, buffer: &mut Vec<u32>) -> Defence {
    let [king, bare, queen, rook] = *placement;
    let occupancy = occupied(placement);
    let guarded = get_king_moves(king) | queen_attacks(queen, occupancy ^ bare.bitboard());
    let king_moves = get_king_moves(bare) & !guarded & !rook.bitboard();
    if king_moves.has(queen) || get_rook_moves(rook, occupancy).has(queen) {
        return Defence::Escapes;
    }
    buffer.clear();
    for to in king_moves {
        buffer.push(canonical(moved(placement, WEAK_KING, to)) as u32);
    }
    for to in get_rook_moves(rook, occupancy) & !occupancy {
        let next = moved(placement, ROOK, to);
        if legal_strong_to_move(&next) {
            buffer.push(canonical(next) as u32);
        }
    }
    buffer.sort_unstable();
    buffer.dedup();
    match buffer.len() {
        0 if queen_attacks(queen, occupancy).has(bare) => Defence::Mated,
        0 => Defence::Escapes,
        n => Defence::Moves(n as u8),
    }
}

/// The positions, queen's side to move, from which a quiet move of the queen's side reaches
/// `placement` (rook's side to move), by canonical index without repeats.
fn attacker_predecessors(placement: &Placement, buffer: &mut Vec<u32>) {
    let queen = queen_attacks(placement[QUEEN], occupied(placement));
    let movers = [(STRONG_KING, get_king_moves(placement[STRONG_KING])), (QUEEN, queen)];
    predecessors(placement, movers, legal_strong_to_move, buffer);
}

/// The positions, rook's side to move, from which a quiet move of the rook's side reaches
/// `placement` (queen's side to move), by canonical index without repeats.
fn defender_predecessors(placement: &Placement, buffer: &mut Vec<u32>) {
    let rook = get_rook_moves(placement[ROOK], occupied(placement));
    let movers = [(WEAK_KING, get_king_moves(placement[WEAK_KING])), (ROOK, rook)];
    predecessors(placement, movers, legal_weak_to_move, buffer);
}

/// Into `buffer`, sorted and without repeats: the canonical indices of the `legal` positions from
/// which one of the `movers` (a piece and the squares it reaches, sliding moves being reversible)
/// came to its square in `placement` by a quiet move.
fn predecessors(
    placement: &Placement,
    movers: [(usize, BitBoard); 2],
    legal: fn(&Placement) -> bool,
    buffer: &mut Vec<u32>,
) {
    let occupancy = occupied(placement);
    buffer.clear();
    for (piece, from) in movers {
        for square in from & !occupancy {
            let before = moved(placement, piece, square);
            if legal(&before) {
                buffer.push(canonical(before) as u32);
            }
        }
    }
    buffer.sort_unstable();
    buffer.dedup();
}

/// Retrograde analysis: the rook's side mated or the rook taken first, then level by level the
/// positions whose best move reaches a lost one, and those whose every move reaches a won one.
fn build() -> Table {
    let mut strong_to_move = vec![0u8; ENTRIES];
    let mut weak_to_move = vec![0u8; ENTRIES];
    let mut open = vec![ESCAPES; ENTRIES];
    let (mut won, mut lost) = (Vec::new(), Vec::new());
    let mut buffer = Vec::with_capacity(64);
    for index in 0..ENTRIES {
        let placement = decode(index);
        if canonical(placement) != index {
            continue;
        }
        if legal_strong_to_move(&placement) && takes_rook_and_wins(&placement) {
            strong_to_move[index] = 2;
            won.push(index as u32);
        }
        if legal_weak_to_move(&placement) {
            match defence(&placement, &mut buffer) {
                Defence::Escapes => {}
                Defence::Mated => {
                    weak_to_move[index] = 1;
                    lost.push(index as u32);
                }
                Defence::Moves(n) => open[index] = n,
            }
        }
    }
    // `lost` holds the rook's side's positions lost in `plies`; `won` the queen's side's won in one
    // more (the captures, at the first level).
    let mut plies = 0u8;
    while !lost.is_empty() || !won.is_empty() {
        for &index in &lost {
            attacker_predecessors(&decode(index as usize), &mut buffer);
            for &before in &buffer {
                let entry = &mut strong_to_move[before as usize];
                if *entry == 0 {
                    *entry = plies + 2;
                    won.push(before);
                }
            }
        }
        lost.clear();
        for &index in &won {
            defender_predecessors(&decode(index as usize), &mut buffer);
            for &before in &buffer {
                let count = &mut open[before as usize];
                if *count != ESCAPES && *count > 0 {
                    *count -= 1;
                    if *count == 0 {
                        weak_to_move[before as usize] = plies + 3;
                        lost.push(before);
                    }
                }
            }
        }
        won.clear();
        plies += 2;
    }
    Table { strong_to_move, weak_to_move }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(fen: &str) -> Verdict {
        table().probe(&fen.parse().expect("fen"))
    }

    #[test]
    fn canonical_indices_agree_across_the_eight_symmetries() {
        let placement = [Square::B2, Square::G7, Square::E4, Square::C6];
        let index = canonical(placement);
        for flip_file in [false, true] {
            for flip_rank in [false, true] {
                for swap in [false, true] {
                    let image = placement.map(|mut s| {
                        if flip_file {
                            s = s.flip_file();
                        }
                        if flip_rank {
                            s = s.flip_rank();
                        }
                        if swap {
                            s = transpose(s);
                        }
                        s
                    });
                    assert_eq!(canonical(image), index, "{image:?}");
                }
            }
        }
        assert_eq!(decode(index).map(|s| s as usize).len(), 4);
        assert_eq!(canonical(decode(index)), index);
    }

    #[test]
    fn the_table_knows_mates_captures_and_escapes() {
        // Mate on the move is one ply; the rook hanging to the queen, one ply; mated already, none.
        assert_eq!(verdict("3k4/8/3K4/8/8/8/7r/Q7 w - - 0 1"), Verdict::Wins(1));
        assert_eq!(verdict("3k4/8/8/8/8/8/1K5r/7Q w - - 0 1"), Verdict::Wins(1));
        assert_eq!(verdict("Q2k4/8/3K4/8/8/8/7r/8 b - - 0 1"), Verdict::Wins(0));
        // Black has the queen: the same mate, mirrored.
        assert_eq!(verdict("q7/7R/8/8/8/3k4/8/3K4 b - - 0 1"), Verdict::Wins(1));
        // The rook takes the queen, or the defence is stalemated: not won.
        assert_eq!(verdict("3k4/8/8/8/8/8/1K6/3r3Q b - - 0 1"), Verdict::NotWon);
    }
}
