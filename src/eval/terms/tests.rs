//! Counts of the evaluation terms on positions built to show each one.

use super::*;

/// Counts every term by colour and parameter.
struct Counts(Vec<[i32; 2]>);

impl Terms for Counts {
    fn add(&mut self, color: Color, param: usize, count: i32) {
        self.0[param][color as usize] += count;
    }
}

/// (white, black) counts of `param` in `fen`.
fn count(fen: &str, param: usize) -> [i32; 2] {
    let board: Board = fen.parse().expect("fen");
    let mut counts = Counts(vec![[0; 2]; PARAM_COUNT]);
    trace(&board, &mut counts);
    counts.0[param]
}

#[test]
fn a_rook_on_the_seventh_counts_with_the_king_on_the_eighth_or_pawns_on_the_seventh() {
    assert_eq!(count("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", ROOK_SEVENTH), [1, 0]);
    assert_eq!(count("8/R7/4k3/8/8/8/8/4K3 w - - 0 1", ROOK_SEVENTH), [0, 0]);
    assert_eq!(count("8/R4p2/4k3/8/8/8/8/4K3 w - - 0 1", ROOK_SEVENTH), [1, 0]);
    // Black's seventh is the second rank.
    assert_eq!(count("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", ROOK_SEVENTH), [0, 1]);
}

#[test]
fn an_outpost_is_pawn_defended_and_safe_from_enemy_pawns() {
    assert_eq!(count("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", OUTPOST), [1, 0]);
    // A c7 pawn can come to c6 and drive the knight away.
    assert_eq!(count("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", OUTPOST), [0, 0]);
    // Not defended by a pawn.
    assert_eq!(count("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", OUTPOST), [0, 0]);
    // A bishop on an outpost has its own weight.
    assert_eq!(count("4k3/8/8/3B4/4P3/8/8/4K3 w - - 0 1", OUTPOST + 1), [1, 0]);
}

#[test]
fn safe_checks_are_reachable_empty_and_unguarded() {
    // The a1 rook can check from a8.
    assert_eq!(count("7k/8/8/8/8/8/8/R3K3 w - - 0 1", SAFE_CHECK + 2), [1, 0]);
    // A black rook on b8 guards a8; it has a safe check of its own on e8.
    assert_eq!(count("1r5k/8/8/8/8/8/8/R3K3 w - - 0 1", SAFE_CHECK + 2), [0, 1]);
    // The g5 knight reaches f7, one of the two knight checks (f7, g6) on the h8 king; a black
    // rook on g8 does not guard f7, but a black rook on f8 does.
    assert_eq!(count("7k/8/8/6N1/8/8/8/4K3 w - - 0 1", SAFE_CHECK), [1, 0]);
    assert_eq!(count("6rk/8/8/6N1/8/8/8/4K3 w - - 0 1", SAFE_CHECK), [1, 0]);
    assert_eq!(count("5r1k/8/8/6N1/8/8/8/4K3 w - - 0 1", SAFE_CHECK), [0, 0]);
}

#[test]
fn passed_pawns_count_king_distances_to_the_stop_square_by_rank() {
    // The e5 pawn (rank index 4) stops on e6: the white king on e1 is 5 away, the black one on
    // a8 is 4 away.
    let fen = "k7/8/8/4P3/8/8/8/4K3 w - - 0 1";
    assert_eq!(count(fen, PASSED_OWN_KING + 4), [5, 0]);
    assert_eq!(count(fen, PASSED_THEIR_KING + 4), [4, 0]);
    // Black's pawn on d3 is on its rank index 5; it stops on d2.
    let fen = "k7/8/8/8/8/3p4/8/7K w - - 0 1";
    assert_eq!(count(fen, PASSED_OWN_KING + 5), [0, 6]);
    assert_eq!(count(fen, PASSED_THEIR_KING + 5), [0, 4]);
}

#[test]
fn a_passed_pawns_stop_square_is_safe_when_empty_and_unattacked() {
    assert_eq!(count("k7/8/8/4P3/8/8/8/4K3 w - - 0 1", PASSED_SAFE_STOP + 4), [1, 0]);
    // A black knight on e6 blocks it; one on d8 attacks e6.
    assert_eq!(count("k7/8/4n3/4P3/8/8/8/4K3 w - - 0 1", PASSED_SAFE_STOP + 4), [0, 0]);
    assert_eq!(count("k2n4/8/8/4P3/8/8/8/4K3 w - - 0 1", PASSED_SAFE_STOP + 4), [0, 0]);
}

#[test]
fn minors_attacked_by_minors_or_rooks_count_unless_a_pawn_defends_them() {
    assert_eq!(count("4k3/8/8/3b4/8/2N5/8/4K3 w - - 0 1", THREAT_MINOR_ON_MINOR), [1, 0]);
    assert_eq!(count("4k3/8/4p3/3b4/8/2N5/8/4K3 w - - 0 1", THREAT_MINOR_ON_MINOR), [0, 0]);
    assert_eq!(count("4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1", THREAT_ROOK_ON_MINOR), [1, 0]);
}

#[test]
fn a_king_threatens_what_nothing_defends() {
    assert_eq!(count("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", THREAT_BY_KING), [1, 0]);
    // A black rook on d8 defends the knight.
    assert_eq!(count("3rk3/8/8/8/8/8/3n4/4K3 w - - 0 1", THREAT_BY_KING), [0, 0]);
}

#[test]
fn a_safe_pawn_push_that_attacks_a_piece_is_a_threat() {
    // d4-d5 would attack the e6 knight.
    assert_eq!(count("4k3/8/4n3/8/3P4/8/8/4K3 w - - 0 1", THREAT_PAWN_PUSH), [1, 0]);
    // A black pawn on c6 guards d5.
    assert_eq!(count("4k3/8/2p1n3/8/3P4/8/8/4K3 w - - 0 1", THREAT_PAWN_PUSH), [0, 0]);
}

#[test]
fn bishops_count_their_own_pawns_on_their_colour() {
    // The dark-squared c1 bishop, pawns on b2 and d2 (dark) and e2 (light).
    assert_eq!(count("4k3/8/8/8/8/8/1P1PP3/2B1K3 w - - 0 1", BISHOP_PAWNS), [2, 0]);
}

#[test]
fn space_counts_the_safe_central_squares_behind_the_pawns() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(count(start, SPACE), [8, 8]);
    // After 1.e4 e5: e4 is an own pawn, and the e5 pawn attacks d4 and f4 (and the same for black).
    let open = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(count(open, SPACE), [6, 6]);
}

#[test]
fn a_piece_between_its_king_and_an_enemy_slider_is_pinned() {
    // The e2 knight stands between the e1 king and the e8 rook.
    assert_eq!(count("k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1", PINNED), [1, 0]);
    // Two pieces between: no pin.
    assert_eq!(count("k3r3/8/8/8/8/4B3/4N3/4K3 w - - 0 1", PINNED), [0, 0]);
    // A pawn is not counted.
    assert_eq!(count("k3r3/8/8/8/8/8/4P3/4K3 w - - 0 1", PINNED), [0, 0]);
    // The a4 bishop's diagonal runs through the c2 knight to d1, not e1: a pin to a d1 king only.
    assert_eq!(count("k7/8/8/8/b7/8/2N5/4K3 w - - 0 1", PINNED), [0, 0]);
    assert_eq!(count("k7/8/8/8/b7/8/2N5/3K4 w - - 0 1", PINNED), [1, 0]);
}

#[test]
fn a_rook_behind_its_passed_pawn_with_nothing_between_counts() {
    assert_eq!(count("k7/8/4P3/8/8/8/8/4RK2 w - - 0 1", ROOK_BEHIND_PASSER), [1, 0]);
    // A white knight on e3 stands between.
    assert_eq!(count("k7/8/4P3/8/8/4N3/8/4RK2 w - - 0 1", ROOK_BEHIND_PASSER), [0, 0]);
    // A rook in front does not count.
    assert_eq!(count("4R3/k7/4P3/8/8/8/8/5K2 w - - 0 1", ROOK_BEHIND_PASSER), [0, 0]);
}

#[test]
fn a_candidate_passed_pawn_has_as_many_helpers_as_sentries() {
    // White d4 with c4 beside it against black e6: one helper, one sentry (rank index 3). The
    // c4 pawn faces no black pawn at all: it is passed, not a candidate.
    assert_eq!(count("k7/8/4p3/8/2PP4/8/8/K7 w - - 0 1", CANDIDATE + 3), [1, 0]);
    // Without c4: one sentry, no helper.
    assert_eq!(count("k7/8/4p3/8/3P4/8/8/K7 w - - 0 1", CANDIDATE + 3), [0, 0]);
}

#[test]
fn the_king_counts_its_distance_to_its_nearest_pawn() {
    assert_eq!(count("k7/8/8/8/8/4P3/6P1/K7 w - - 0 1", KING_PAWN_DISTANCE), [4, 0]);
    // No pawns: nothing.
    assert_eq!(count("k7/8/8/8/8/8/8/K7 w - - 0 1", KING_PAWN_DISTANCE), [0, 0]);
}

#[test]
fn a_weak_pawn_attacked_by_a_piece_counts() {
    // The f4 knight attacks the d5 pawn, which no pawn defends.
    assert_eq!(count("k7/8/8/3p4/5N2/8/8/K7 w - - 0 1", WEAK_PAWN_ATTACKED), [1, 0]);
    // A c6 pawn defends d5.
    assert_eq!(count("k7/8/2p5/3p4/5N2/8/8/K7 w - - 0 1", WEAK_PAWN_ATTACKED), [0, 0]);
}

#[test]
fn attacks_on_the_king_flank_and_weak_king_zone_squares_count_for_the_defender() {
    // Black's king on g8: the f1 rook hits f4-f8, the a7 rook e7-h7; f7 twice.
    let fen = "6k1/R7/8/8/8/8/8/K4R2 w - - 0 1";
    assert_eq!(count(fen, KING_FLANK_ATTACK), [0, 8]);
    assert_eq!(count(fen, KING_FLANK_ATTACK + 1), [0, 1]);
    // f7, f8, g7 and h7: attacked, and defended by the king alone.
    assert_eq!(count(fen, KING_ZONE_WEAK), [0, 4]);
}

#[test]
fn squares_both_sides_attack_restrict_unless_held_firmly() {
    // The d-file and d1, d8: eight squares, less d7 (black's rook and king) for white and d2
    // (white's rook and king) for black.
    assert_eq!(count("3rk3/8/8/8/8/8/8/3RK3 w - - 0 1", RESTRICTED), [7, 7]);
}

#[test]
fn a_knight_that_can_safely_attack_the_queen_next_move_threatens_it() {
    // Nd4 can go to c6 or e6, both attacking the d8 queen.
    assert_eq!(count("3qk3/8/8/8/3N4/8/8/4K3 w - - 0 1", QUEEN_THREAT), [2, 0]);
    // A black pawn on d7 guards c6 and e6.
    assert_eq!(count("3qk3/3p4/8/8/3N4/8/8/4K3 w - - 0 1", QUEEN_THREAT), [0, 0]);
}

#[test]
fn pawns_attack_diagonally_forward_and_twice_where_two_meet() {
    // White pawns on b2, d2 and h2; black pawns on a7 and c7.
    let board: Board = "4k3/p1p5/8/8/8/8/1P1P3P/4K3 w - - 0 1".parse().expect("test FEN");
    let pawns = Pawns::of(&board);
    let expected =
        [Square::A3, Square::C3, Square::E3, Square::G3].iter().fold(BitBoard::EMPTY, |b, s| b | s.bitboard());
    assert_eq!(pawns.pawn_attacks[Color::White as usize], expected);
    assert_eq!(pawns.double_attacks[Color::White as usize], Square::C3.bitboard());
    let black = Color::Black as usize;
    assert_eq!(pawns.pawn_attacks[black], Square::B6.bitboard() | Square::D6.bitboard());
    assert_eq!(pawns.double_attacks[black], Square::B6.bitboard());
    assert_eq!(pawn_attacks_of(pawns.pawns[black], Color::Black), pawns.pawn_attacks[black]);
}
