//! Endgame knowledge the network lacks, chosen by material, as Stockfish keeps its endgame functions
//! beside its net: the self-play games that taught the net almost never reached these endings, and
//! in them a verdict alone is not enough, the search must also see which way is progress.
//!
//! - A bare king against a mating force (a queen, a rook, two bishops of both colours, bishop and
//!   knight, or more): a known win whose score rises as the defending king nears the edge (for
//!   bishop and knight, a corner of the bishop's colour) and the attacking king nears it.
//! - K+Q v K+R: once `queen_rook` has solved it, a known win that falls with the distance to the
//!   rook's capture or mate, and a draw where the table finds none; until then, and for K+Q v
//!   K+minor, won by the material edge and the same progress terms.
//! - K+R v K+minor: mostly drawn (`scale` keeps it small); the rook's side is still told to drive
//!   the defending king to the edge, where the wins are.
//!
//! Bishops of one colour against a bare king are a draw here; the other known draws (K+N+N v K, a
//! lone minor, the wrong rook pawn) stay with `scale`. Scores are from the
//! side to move's point of view and stay far below the tablebase and mate scores.

use cozy_chess::{BitBoard, Board, Color, Piece, Square};

use super::queen_rook::{self, Verdict};
use crate::position::see;

/// The floor of a known win's score: above every evaluation the network gives a normal position, so
/// the search never trades a known win for anything else but a mate.
pub const KNOWN_WIN: i32 = 10_000;
/// A winning edge that needs technique (K+Q v K+R, K+Q v K+minor): the material difference and this.
const HARD_WIN_BONUS: i32 = 300;
/// Progress: per step of Manhattan distance of the defending king from the centre ...
const EDGE_STEP: i32 = 20;
/// ... per step it stands away from the long diagonal that does not end in a corner of the bishop's
/// colour (K+B+N v K: steep, since only those corners can be mated in and the king must be walked
/// along the edge from the other two) ...
const CORNER_STEP: i32 = 200;
/// ... and per step the kings are closer (Chebyshev distance, 7 at most).
const CLOSE_STEP: i32 = 15;
/// K+R v K+minor: the rook's side gets a share of the progress terms only (mostly a draw).
const ROOK_MINOR_SHARE_PCT: i32 = 25;
/// K+Q v K+R solved: a known win of this much less a step per ply to the rook's capture or mate
/// (70 plies at most), so every such win stays below the K+Q v K that the capture leads to.
const QUEEN_ROOK_WIN: i32 = 400;
const QUEEN_ROOK_PLY: i32 = 4;

/// What the strong side has, as the rules below need it.
struct Side {
    pawns: u32,
    knights: u32,
    bishops: BitBoard,
    rooks: u32,
    queens: u32,
}

impl Side {
    fn of(board: &Board, color: Color) -> Side {
        let n = |piece| board.colored_pieces(color, piece).len();
        Side {
            pawns: n(Piece::Pawn),
            knights: n(Piece::Knight),
            bishops: board.colored_pieces(color, Piece::Bishop),
            rooks: n(Piece::Rook),
            queens: n(Piece::Queen),
        }
    }

    fn minors(&self) -> u32 {
        self.knights + self.bishops.len()
    }

    fn pieces(&self) -> u32 {
        self.minors() + self.rooks + self.queens
    }

    fn bare(&self) -> bool {
        self.pawns == 0 && self.pieces() == 0
    }

    /// Whether these pieces can force mate on a bare king (pawns aside).
    fn mating_force(&self) -> bool {
        let both_colours =
            !(self.bishops & BitBoard::LIGHT_SQUARES).is_empty() && !(self.bishops & BitBoard::DARK_SQUARES).is_empty();
        self.queens + self.rooks > 0
            || both_colours
            || (!self.bishops.is_empty() && self.knights > 0)
            || self.minors() >= 3
    }

    /// Material in centipawns, at the exchange values (the net's scale does not apply here).
    fn material(&self) -> i32 {
        let counts = [self.pawns, self.knights, self.bishops.len(), self.rooks, self.queens];
        let pieces = [Piece::Pawn, Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];
        counts.iter().zip(pieces).map(|(&n, piece)| n as i32 * see::value(piece)).sum()
    }
}

/// What a rule of this module knows of an ending: a score, and whether it is exact (read from a
/// solved ending, K+Q v K+R once its table is built) or an estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    pub score: i32,
    pub exact: bool,
}

impl Known {
    fn estimate(score: i32) -> Known {
        Known { score, exact: false }
    }
}

/// What is known of `board` for the side to move, where a rule of this module knows the ending.
pub fn known(board: &Board) -> Option<Known> {
    known_with(board, queen_rook::built())
}

/// `known`, with the K+Q v K+R table if it is given.
fn known_with(board: &Board, table: Option<&queen_rook::Table>) -> Option<Known> {
    // Only few pieces: the rules need one side bare or nearly so.
    if board.occupied().len() > 6 {
        return None;
    }
    let [white, black] = [Color::White, Color::Black].map(|c| Side::of(board, c));
    for (strong, us, them) in [(Color::White, &white, &black), (Color::Black, &black, &white)] {
        if let Some(known) = for_strong(board, strong, us, them, table) {
            let score = if board.side_to_move() == strong { known.score } else { -known.score };
            return Some(Known { score, ..known });
        }
    }
    None
}

/// What is known for `strong` (holding `us` against `them`) where it has the known edge.
fn for_strong(
    board: &Board,
    strong: Color,
    us: &Side,
    them: &Side,
    table: Option<&queen_rook::Table>,
) -> Option<Known> {
    let [attacker, defender] = [strong, !strong].map(|c| board.king(c));
    if them.bare() && us.pawns == 0 && us.pieces() == us.bishops.len() && !us.mating_force() {
        // Bishops of one colour cannot mate (nor can a lone bishop, which `scale` already draws).
        return Some(Known::estimate(0));
    }
    if them.bare() && us.mating_force() {
        let lone_bishop_and_knight = us.pawns == 0 && us.pieces() == 2 && us.knights == 1 && us.bishops.len() == 1;
        let corner =
            if lone_bishop_and_knight { CORNER_STEP * bishop_corner_closeness(defender, us.bishops) } else { 0 };
        let drive = corner + EDGE_STEP * centre_distance(defender);
        return Some(Known::estimate(KNOWN_WIN + us.material() + drive + closeness(attacker, defender)));
    }
    let pieces_only = us.pawns == 0 && them.pawns == 0 && them.pieces() == 1;
    if !pieces_only || us.pieces() != 1 {
        return None;
    }
    if let (true, Some(table)) = (us.queens == 1 && them.rooks == 1, table) {
        let score = match table.probe(board) {
            Verdict::Wins(plies) => KNOWN_WIN + QUEEN_ROOK_WIN - QUEEN_ROOK_PLY * plies as i32,
            Verdict::NotWon => 0,
        };
        return Some(Known { score, exact: true });
    }
    let progress = EDGE_STEP * centre_distance(defender) + closeness(attacker, defender);
    if us.queens == 1 && them.queens == 0 {
        return Some(Known::estimate(us.material() - them.material() + HARD_WIN_BONUS + progress));
    }
    if us.rooks == 1 && them.minors() == 1 {
        return Some(Known::estimate(progress * ROOK_MINOR_SHARE_PCT / 100));
    }
    None
}

/// Manhattan distance of `square` from the four centre squares (0 in the centre, 6 in a corner).
fn centre_distance(square: Square) -> i32 {
    let from_centre = |i: usize| if i >= 4 { i as i32 - 4 } else { 3 - i as i32 };
    from_centre(square.file() as usize) + from_centre(square.rank() as usize)
}

/// How far `square` stands from the long diagonal whose ends are not of the bishops' colour: 7 in
/// the two corners of that colour, 0 on that diagonal.
fn bishop_corner_closeness(square: Square, bishops: BitBoard) -> i32 {
    let (file, rank) = (square.file() as i32, square.rank() as i32);
    // a1 and h8 are dark: a dark bishop drives the king away from the a8-h1 diagonal (file + rank
    // = 7); a light one away from the a1-h8 diagonal (file = rank).
    if (bishops & BitBoard::LIGHT_SQUARES).is_empty() {
        (7 - file - rank).abs()
    } else {
        (file - rank).abs()
    }
}

/// How close the kings are: `CLOSE_STEP` for each step under the largest distance (7).
fn closeness(a: Square, b: Square) -> i32 {
    let distance = (a.file() as i32 - b.file() as i32).abs().max((a.rank() as i32 - b.rank() as i32).abs());
    CLOSE_STEP * (7 - distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The score with the heuristics alone, whatever other tests have built.
    fn score(fen: &str) -> Option<i32> {
        let known = known_with(&fen.parse().expect("fen"), None)?;
        assert!(!known.exact, "{fen}: the rules alone only estimate");
        Some(known.score)
    }

    /// The score for the side to move, and for the other side with the same pieces.
    fn both_sides(placement: &str) -> (i32, i32) {
        let white = score(&format!("{placement} w - - 0 1")).expect("a known ending");
        let black = score(&format!("{placement} b - - 0 1")).expect("a known ending");
        (white, black)
    }

    #[test]
    fn a_bare_king_against_a_mating_force_is_a_known_win_for_either_side_to_move() {
        // Queen; rook; bishops of both colours; bishop and knight; white the strong side.
        for placement in
            ["8/8/8/3k4/8/8/8/Q3K3", "8/8/8/3k4/8/8/8/R3K3", "8/8/8/3k4/8/8/8/2B1KB2", "8/8/8/3k4/8/8/8/1NB1K3"]
        {
            let (white, black) = both_sides(placement);
            assert!(white >= KNOWN_WIN, "{placement}: {white}");
            assert_eq!(black, -white, "{placement}");
        }
        // Black the strong side.
        let black = score("1q2k3/8/8/8/3K4/8/8/8 b - - 0 1").expect("known");
        assert!(black >= KNOWN_WIN, "{black}");
    }

    #[test]
    fn progress_raises_the_score() {
        // The defending king on the edge, then with the attacking king close.
        let centre = score("8/8/8/3k4/8/8/8/R3K3 w - - 0 1").expect("known");
        let edge = score("3k4/8/8/8/8/8/8/R3K3 w - - 0 1").expect("known");
        let close = score("3k4/8/3K4/8/8/8/8/R7 w - - 0 1").expect("known");
        assert!(centre < edge && edge < close, "{centre} {edge} {close}");
        // K+B+N v K: a corner of the bishop's colour (a dark bishop: a1 or h8) beats the other two.
        let right = score("7k/8/5K2/8/8/8/8/2B1N3 w - - 0 1").expect("known");
        let wrong = score("k7/8/2K5/8/8/8/8/2B1N3 w - - 0 1").expect("known");
        assert!(right > wrong + CORNER_STEP, "{right} {wrong}");
        assert_eq!(bishop_corner_closeness(Square::A1, BitBoard::DARK_SQUARES), 7);
        assert_eq!(bishop_corner_closeness(Square::A8, BitBoard::DARK_SQUARES), 0);
        assert_eq!(bishop_corner_closeness(Square::H1, BitBoard::LIGHT_SQUARES), 7);
        assert_eq!(bishop_corner_closeness(Square::H8, BitBoard::LIGHT_SQUARES), 0);
    }

    #[test]
    fn a_queen_beats_a_rook_or_a_minor_and_a_rook_against_a_minor_is_nearly_level() {
        for (placement, rook_or_minor) in [
            ("8/3r4/8/3k4/8/8/8/Q3K3", "rook"),
            ("8/3n4/8/3k4/8/8/8/Q3K3", "knight"),
            ("8/3b4/8/3k4/8/8/8/Q3K3", "bishop"),
        ] {
            let (white, black) = both_sides(placement);
            assert!(white > 300 && white < KNOWN_WIN, "queen against {rook_or_minor}: {white}");
            assert_eq!(black, -white);
        }
        let (rook, _) = both_sides("8/3b4/8/3k4/8/8/8/R3K3");
        assert!((0..100).contains(&rook), "rook against bishop: {rook}");
    }

    #[test]
    fn the_solved_queen_against_rook_falls_with_the_distance_to_conversion() {
        let table = queen_rook::table();
        let solved = |fen: &str| {
            let known = known_with(&fen.parse().expect("fen"), Some(table)).expect("known");
            assert!(known.exact, "{fen}: read from the solved ending");
            known.score
        };
        // The rook hangs to the queen: won in one ply, above a win that takes longer.
        let capture = solved("3k4/8/8/8/8/8/1K5r/7Q w - - 0 1");
        let longer = solved("8/3r4/8/3k4/8/8/8/Q3K3 w - - 0 1");
        assert!(capture > longer && longer > KNOWN_WIN, "{capture} {longer}");
        assert!(solved("8/3r4/8/3k4/8/8/8/Q3K3 b - - 0 1") < -KNOWN_WIN);
        // The rook takes the queen: no win to score (the search sees the rest).
        assert_eq!(solved("3k4/8/8/8/8/8/1K6/3r3Q b - - 0 1"), 0);
        // Every such win stays below the K+Q v K that taking the rook leads to.
        assert!(QUEEN_ROOK_WIN < see::value(Piece::Queen));
    }

    #[test]
    fn known_draws_and_other_material_are_left_alone_or_drawn() {
        assert_eq!(score("8/8/8/3k4/8/8/8/2B1KB2 w - - 0 1").map(i32::signum), Some(1), "opposite bishops");
        assert_eq!(score("8/8/8/3k4/8/8/8/2B1K1B1 w - - 0 1"), Some(0), "bishops of one colour");
        assert_eq!(score("8/8/8/3k4/8/8/8/2B1K3 b - - 0 1"), Some(0), "a lone bishop");
        // Two knights, a lone knight: `scale` draws them; the net keeps pawn endings and the rest.
        for fen in [
            "8/8/8/3k4/8/8/8/1N2K1N1 w - - 0 1",
            "8/8/8/3k4/8/8/8/4K1N1 w - - 0 1",
            "8/8/8/3k4/8/8/4P3/4K3 w - - 0 1",
            "8/8/8/3k4/8/8/3r4/R3K3 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            assert_eq!(score(fen), None, "{fen}");
        }
    }
}
