//! The engine's K+Q v K+R table (`eval::queen_rook`) against the real Syzygy tables of the ending
//! (`tests/data/syzygy/KQvKR.*`): on random legal positions, either side to move and either colour
//! with the queen, a win for the queen's side in N plies is a Syzygy win with DTZ N (the zeroing move
//! of a pawnless ending is the rook's capture, as is the table's conversion), and every position the
//! table does not call won is not a win in Syzygy either.

use cozy_chess::{Board, BoardBuilder, Color, Piece, Square};
use engine::eval::queen_rook::{self, Verdict};
use engine::rng::Rng;
use engine::syzygy::{Tablebases, Wdl};

const TABLES: &str = "tests/data/syzygy";
const POSITIONS: usize = 20_000;

/// A random legal K+Q v K+R position with at least one legal move, or `None`.
fn random_position(rng: &mut Rng) -> Option<Board> {
    let queen_side = if rng.one_in(2) { Color::White } else { Color::Black };
    let mut squares = Vec::new();
    while squares.len() < 4 {
        let square = Square::index(rng.below(64) as usize);
        if !squares.contains(&square) {
            squares.push(square);
        }
    }
    let mut builder = BoardBuilder::empty();
    let pieces =
        [(Piece::King, queen_side), (Piece::Queen, queen_side), (Piece::King, !queen_side), (Piece::Rook, !queen_side)];
    for (&square, (piece, color)) in squares.iter().zip(pieces) {
        *builder.square_mut(square) = Some((piece, color));
    }
    builder.side_to_move = if rng.one_in(2) { Color::White } else { Color::Black };
    let board = builder.build().ok()?;
    if cozy_chess::get_king_moves(board.king(Color::White)).has(board.king(Color::Black)) {
        return None;
    }
    let mut any = false;
    board.generate_moves(|_| {
        any = true;
        true
    });
    any.then_some(board)
}

#[test]
fn the_table_agrees_with_syzygy() {
    let tables = Tablebases::load(TABLES).expect("the test tables load");
    let table = queen_rook::table();
    let mut rng = Rng::new(94);
    let (mut checked, mut won) = (0, 0);
    while checked < POSITIONS {
        let Some(board) = random_position(&mut rng) else { continue };
        let queen_side = !board.colored_pieces(Color::White, Piece::Queen).is_empty();
        let mover_has_queen = (board.side_to_move() == Color::White) == queen_side;
        let (wdl, dtz) = (tables.probe_wdl(&board), tables.probe_dtz(&board));
        let (Some(wdl), Some(dtz)) = (wdl, dtz) else { panic!("Syzygy answers {board}") };
        let expected = match (mover_has_queen, wdl) {
            (true, Wdl::Win) => Verdict::Wins(dtz as u32),
            (false, Wdl::Loss) => Verdict::Wins((-dtz) as u32),
            _ => Verdict::NotWon,
        };
        assert_eq!(table.probe(&board), expected, "{board}: wdl {wdl:?} dtz {dtz}");
        checked += 1;
        won += usize::from(expected != Verdict::NotWon);
    }
    // Almost every position of the ending is a win: the sample must have tested those.
    assert!(won > POSITIONS * 8 / 10, "{won} of {POSITIONS} won");
}
