//! Evaluation weights fitted by the Texel tuner (`src/bin/tune.rs`); generated, do not edit.
//!
//! Data: labelled.epd (quiet positions of Stockfish self-play with Stockfish 15.1's expected score at
//! depth 8 from `bench/label_positions.py`), 710910 positions (every 10th held out), 200 epochs of Adam, K = 1.2981 (given).
//! Target: 0.25 of the game result, the rest from the lines' engine scores (where given).
//! Mean squared error before: train 0.026533, holdout 0.026538; after: train 0.026260, holdout 0.026317.
//! Against the game results alone, holdout: 0.062928 before, 0.062926 after.

use super::params::PARAM_COUNT;
use super::tapered::Tapered;

#[rustfmt::skip]
pub const TUNED: [Tapered; PARAM_COUNT] = [
    // material
    Tapered::new(111, 103), Tapered::new(457, 395), Tapered::new(499, 420), Tapered::new(603, 708), Tapered::new(1361, 1289), Tapered::new(0, 0),
    // piece-square
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-30, -1), Tapered::new(-24, 7), Tapered::new(-10, 8), Tapered::new(-32, 20), Tapered::new(-13, 24), Tapered::new(25, 8), Tapered::new(21, -3), Tapered::new(-18, -12),
    Tapered::new(-33, -11), Tapered::new(-39, -4), Tapered::new(-25, 0), Tapered::new(-36, 10), Tapered::new(-24, -5), Tapered::new(-13, 3), Tapered::new(-9, -10), Tapered::new(-25, -18),
    Tapered::new(-20, 0), Tapered::new(-26, -5), Tapered::new(-10, -1), Tapered::new(-10, -10), Tapered::new(-2, -11), Tapered::new(14, -10), Tapered::new(3, -10), Tapered::new(-10, -14),
    Tapered::new(1, 0), Tapered::new(-2, -1), Tapered::new(3, -14), Tapered::new(7, -16), Tapered::new(18, -22), Tapered::new(31, -18), Tapered::new(10, -2), Tapered::new(2, -5),
    Tapered::new(11, 0), Tapered::new(36, 12), Tapered::new(16, 0), Tapered::new(39, 4), Tapered::new(38, 1), Tapered::new(63, -9), Tapered::new(20, 6), Tapered::new(13, 7),
    Tapered::new(5, -24), Tapered::new(-7, 29), Tapered::new(0, 17), Tapered::new(26, 45), Tapered::new(23, 12), Tapered::new(-7, 15), Tapered::new(18, 0), Tapered::new(-22, 12),
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-23, -14), Tapered::new(-43, -11), Tapered::new(-25, -10), Tapered::new(-19, -17), Tapered::new(-6, 1), Tapered::new(-19, 1), Tapered::new(-39, -19), Tapered::new(-9, 5),
    Tapered::new(-42, -23), Tapered::new(-14, -4), Tapered::new(-9, -8), Tapered::new(-10, -3), Tapered::new(-5, 0), Tapered::new(-6, -16), Tapered::new(-3, -6), Tapered::new(-25, -9),
    Tapered::new(-36, -6), Tapered::new(-9, 0), Tapered::new(-7, 5), Tapered::new(7, 7), Tapered::new(16, 14), Tapered::new(-6, 5), Tapered::new(-5, -9), Tapered::new(-18, -10),
    Tapered::new(-1, -5), Tapered::new(12, -16), Tapered::new(21, 17), Tapered::new(16, 25), Tapered::new(24, 33), Tapered::new(30, 12), Tapered::new(16, 17), Tapered::new(11, -11),
    Tapered::new(0, 5), Tapered::new(16, 10), Tapered::new(2, 24), Tapered::new(24, 23), Tapered::new(14, 37), Tapered::new(33, 12), Tapered::new(23, 17), Tapered::new(23, -4),
    Tapered::new(-26, -11), Tapered::new(15, -11), Tapered::new(12, 6), Tapered::new(22, 13), Tapered::new(40, 19), Tapered::new(26, 25), Tapered::new(33, -9), Tapered::new(8, -1),
    Tapered::new(-12, -14), Tapered::new(-17, -4), Tapered::new(6, 13), Tapered::new(18, 16), Tapered::new(16, -4), Tapered::new(11, -5), Tapered::new(-13, -9), Tapered::new(-5, -27),
    Tapered::new(-18, -9), Tapered::new(-8, -8), Tapered::new(-11, 3), Tapered::new(-3, -2), Tapered::new(-5, -5), Tapered::new(-2, 2), Tapered::new(-1, -8), Tapered::new(-15, -24),
    Tapered::new(13, -21), Tapered::new(21, -21), Tapered::new(-26, -5), Tapered::new(-38, 4), Tapered::new(-4, -5), Tapered::new(-29, 2), Tapered::new(-24, 7), Tapered::new(-22, -13),
    Tapered::new(5, -5), Tapered::new(8, -17), Tapered::new(11, -1), Tapered::new(-11, 14), Tapered::new(-10, -6), Tapered::new(11, -13), Tapered::new(9, -11), Tapered::new(7, -10),
    Tapered::new(-5, -15), Tapered::new(17, -4), Tapered::new(16, 4), Tapered::new(8, 13), Tapered::new(2, 19), Tapered::new(5, 9), Tapered::new(-2, 3), Tapered::new(-10, -9),
    Tapered::new(-4, 6), Tapered::new(-7, 11), Tapered::new(4, 8), Tapered::new(23, 10), Tapered::new(20, 6), Tapered::new(8, 24), Tapered::new(-17, -17), Tapered::new(14, -1),
    Tapered::new(-24, 3), Tapered::new(4, -3), Tapered::new(17, 1), Tapered::new(22, -2), Tapered::new(31, 27), Tapered::new(32, -1), Tapered::new(13, 7), Tapered::new(-4, -15),
    Tapered::new(-17, -13), Tapered::new(3, 2), Tapered::new(0, 17), Tapered::new(6, 9), Tapered::new(14, -26), Tapered::new(25, 7), Tapered::new(-20, 20), Tapered::new(-2, 3),
    Tapered::new(-22, 9), Tapered::new(-16, -11), Tapered::new(9, 26), Tapered::new(-4, 0), Tapered::new(20, -8), Tapered::new(-7, 4), Tapered::new(-2, 14), Tapered::new(-10, 2),
    Tapered::new(-17, -6), Tapered::new(-8, 14), Tapered::new(-16, -17), Tapered::new(-8, 5), Tapered::new(-17, -5), Tapered::new(-1, 14), Tapered::new(8, -12), Tapered::new(-25, -20),
    Tapered::new(-20, -19), Tapered::new(-13, -10), Tapered::new(-5, -17), Tapered::new(5, -20), Tapered::new(14, -27), Tapered::new(-6, -16), Tapered::new(-12, -19), Tapered::new(-23, -25),
    Tapered::new(-34, -2), Tapered::new(-26, -9), Tapered::new(-9, -8), Tapered::new(-1, -16), Tapered::new(-9, -15), Tapered::new(-3, -12), Tapered::new(-1, -22), Tapered::new(-35, -10),
    Tapered::new(-33, 8), Tapered::new(-19, 1), Tapered::new(-17, -4), Tapered::new(-19, -3), Tapered::new(-5, -4), Tapered::new(-14, -5), Tapered::new(14, -13), Tapered::new(-35, -7),
    Tapered::new(-16, 7), Tapered::new(-13, -2), Tapered::new(-8, 5), Tapered::new(8, -6), Tapered::new(-6, 4), Tapered::new(-16, 10), Tapered::new(15, -3), Tapered::new(-16, -9),
    Tapered::new(-6, 16), Tapered::new(7, 4), Tapered::new(11, 2), Tapered::new(19, 5), Tapered::new(9, 9), Tapered::new(0, 6), Tapered::new(30, 14), Tapered::new(7, -3),
    Tapered::new(24, 7), Tapered::new(28, -1), Tapered::new(28, -1), Tapered::new(38, -2), Tapered::new(25, 2), Tapered::new(27, -2), Tapered::new(20, 1), Tapered::new(-4, 5),
    Tapered::new(-4, -1), Tapered::new(-3, 3), Tapered::new(11, -6), Tapered::new(7, -1), Tapered::new(18, 8), Tapered::new(12, -6), Tapered::new(2, 1), Tapered::new(-3, 5),
    Tapered::new(-7, 34), Tapered::new(-6, 33), Tapered::new(11, 19), Tapered::new(25, 24), Tapered::new(10, 27), Tapered::new(7, 15), Tapered::new(4, 26), Tapered::new(11, 24),
    Tapered::new(-15, -16), Tapered::new(-18, -10), Tapered::new(-21, -2), Tapered::new(-12, -30), Tapered::new(-2, -40), Tapered::new(-6, -28), Tapered::new(-6, -14), Tapered::new(-23, -13),
    Tapered::new(-3, -15), Tapered::new(-2, -2), Tapered::new(-5, -2), Tapered::new(5, -20), Tapered::new(4, -23), Tapered::new(12, -27), Tapered::new(-1, -30), Tapered::new(-11, -5),
    Tapered::new(-14, 6), Tapered::new(-6, 6), Tapered::new(-6, 15), Tapered::new(-3, 5), Tapered::new(1, 6), Tapered::new(4, -7), Tapered::new(7, -15), Tapered::new(-6, -3),
    Tapered::new(-19, -7), Tapered::new(8, -3), Tapered::new(-7, 4), Tapered::new(-15, 24), Tapered::new(-2, 16), Tapered::new(-3, 20), Tapered::new(9, -1), Tapered::new(-16, 8),
    Tapered::new(6, -12), Tapered::new(0, 11), Tapered::new(12, 22), Tapered::new(14, 23), Tapered::new(1, 36), Tapered::new(14, 4), Tapered::new(7, 15), Tapered::new(19, -11),
    Tapered::new(6, 2), Tapered::new(3, 0), Tapered::new(10, 7), Tapered::new(11, 32), Tapered::new(24, 13), Tapered::new(15, 18), Tapered::new(12, 2), Tapered::new(4, 3),
    Tapered::new(-13, -15), Tapered::new(-7, -5), Tapered::new(-3, 11), Tapered::new(0, 23), Tapered::new(-7, 6), Tapered::new(12, -3), Tapered::new(2, 8), Tapered::new(1, 5),
    Tapered::new(6, 0), Tapered::new(0, -8), Tapered::new(3, -3), Tapered::new(-5, 1), Tapered::new(4, 9), Tapered::new(-3, -7), Tapered::new(3, 4), Tapered::new(17, 14),
    Tapered::new(16, -16), Tapered::new(44, -28), Tapered::new(28, -12), Tapered::new(-34, -25), Tapered::new(-12, -28), Tapered::new(-40, -10), Tapered::new(24, -27), Tapered::new(8, -33),
    Tapered::new(21, -23), Tapered::new(-8, 0), Tapered::new(-7, -12), Tapered::new(-13, -6), Tapered::new(-13, -8), Tapered::new(-28, 4), Tapered::new(22, -10), Tapered::new(7, -15),
    Tapered::new(-22, -4), Tapered::new(9, -3), Tapered::new(-11, 1), Tapered::new(1, 1), Tapered::new(-16, 0), Tapered::new(-16, -3), Tapered::new(-7, -1), Tapered::new(-20, -8),
    Tapered::new(-4, -9), Tapered::new(13, 5), Tapered::new(10, 11), Tapered::new(-11, 8), Tapered::new(-5, 2), Tapered::new(3, -6), Tapered::new(-7, -7), Tapered::new(-24, -12),
    Tapered::new(7, -2), Tapered::new(10, 12), Tapered::new(-1, 14), Tapered::new(1, 18), Tapered::new(0, 12), Tapered::new(9, 14), Tapered::new(12, 4), Tapered::new(2, -8),
    Tapered::new(-3, -8), Tapered::new(6, 18), Tapered::new(5, 8), Tapered::new(1, 24), Tapered::new(-4, 15), Tapered::new(5, 3), Tapered::new(3, 33), Tapered::new(-3, -4),
    Tapered::new(-6, -2), Tapered::new(5, 24), Tapered::new(8, 24), Tapered::new(8, 7), Tapered::new(4, 6), Tapered::new(7, 22), Tapered::new(1, 16), Tapered::new(-1, 0),
    Tapered::new(-6, -14), Tapered::new(5, 12), Tapered::new(1, 2), Tapered::new(5, 8), Tapered::new(1, -2), Tapered::new(5, 9), Tapered::new(7, 16), Tapered::new(-2, -6),
    // knight mobility
    Tapered::new(-36, -31), Tapered::new(-15, -29), Tapered::new(-9, -1), Tapered::new(0, 6), Tapered::new(4, 17), Tapered::new(7, 23), Tapered::new(10, 18), Tapered::new(13, 10),
    Tapered::new(2, 1),
    // bishop mobility
    Tapered::new(-25, -20), Tapered::new(-14, -26), Tapered::new(-7, -14), Tapered::new(-3, -5), Tapered::new(2, 7), Tapered::new(4, 7), Tapered::new(2, 12), Tapered::new(3, 13),
    Tapered::new(7, 14), Tapered::new(6, 12), Tapered::new(-1, 8), Tapered::new(5, -1), Tapered::new(4, 10), Tapered::new(-10, -1),
    // rook mobility
    Tapered::new(-21, -35), Tapered::new(-11, -28), Tapered::new(-4, -21), Tapered::new(0, -15), Tapered::new(0, -1), Tapered::new(3, -3), Tapered::new(1, 6), Tapered::new(4, 7),
    Tapered::new(2, 10), Tapered::new(3, 14), Tapered::new(13, 8), Tapered::new(-6, 19), Tapered::new(4, 22), Tapered::new(-2, 17), Tapered::new(11, 4),
    // queen mobility
    Tapered::new(-14, -1), Tapered::new(-9, -4), Tapered::new(-19, -3), Tapered::new(-14, -7), Tapered::new(-13, -8), Tapered::new(-7, -21), Tapered::new(-6, -8), Tapered::new(-1, -7),
    Tapered::new(1, -13), Tapered::new(5, -4), Tapered::new(7, -3), Tapered::new(4, 12), Tapered::new(4, 15), Tapered::new(11, 13), Tapered::new(4, 26), Tapered::new(8, 17),
    Tapered::new(14, 6), Tapered::new(11, 9), Tapered::new(7, 5), Tapered::new(3, 6), Tapered::new(1, 5), Tapered::new(9, -5), Tapered::new(6, -4), Tapered::new(-3, -4),
    Tapered::new(-3, -8), Tapered::new(-5, -7), Tapered::new(-2, -3), Tapered::new(-1, -3),
    // passed pawn by rank
    Tapered::new(0, 0), Tapered::new(54, -10), Tapered::new(-18, 17), Tapered::new(-21, 40), Tapered::new(19, 51), Tapered::new(34, 68), Tapered::new(34, 106), Tapered::new(0, 0),
    // passed pawn, own king distance by rank
    Tapered::new(0, 0), Tapered::new(-1, -2), Tapered::new(5, -9), Tapered::new(9, -13), Tapered::new(4, -14), Tapered::new(4, -19), Tapered::new(11, -18), Tapered::new(0, 0),
    // passed pawn, their king distance by rank
    Tapered::new(0, 0), Tapered::new(-13, 6), Tapered::new(-4, 8), Tapered::new(-5, 13), Tapered::new(-6, 21), Tapered::new(-5, 35), Tapered::new(4, 47), Tapered::new(0, 0),
    // passed pawn, free path
    Tapered::new(0, 0), Tapered::new(-15, 19), Tapered::new(-32, 25), Tapered::new(-30, 22), Tapered::new(-29, 20), Tapered::new(-20, 39), Tapered::new(5, 51), Tapered::new(0, 0),
    // passed pawn, safe stop square by rank
    Tapered::new(0, 0), Tapered::new(-4, 12), Tapered::new(15, 6), Tapered::new(-3, 13), Tapered::new(8, 21), Tapered::new(21, 31), Tapered::new(5, 51), Tapered::new(0, 0),
    // isolated pawn
    Tapered::new(-5, -13),
    // doubled pawn
    Tapered::new(-34, -7),
    // backward pawn
    Tapered::new(-5, -1),
    // pawn phalanx by rank
    Tapered::new(0, 0), Tapered::new(4, 4), Tapered::new(11, 7), Tapered::new(11, 9), Tapered::new(28, 26), Tapered::new(41, 76), Tapered::new(6, 32), Tapered::new(0, 0),
    // supported pawn by rank
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(23, 14), Tapered::new(20, 3), Tapered::new(28, 12), Tapered::new(57, 55), Tapered::new(37, 94), Tapered::new(0, 0),
    // bishop pair
    Tapered::new(34, 60),
    // rook on open file
    Tapered::new(45, -3),
    // rook on semi-open file
    Tapered::new(24, 4),
    // king shield, next rank
    Tapered::new(28, -16),
    // king shield, second rank
    Tapered::new(15, -6),
    // king on or beside open file
    Tapered::new(-14, -2),
    // king zone attacks by piece
    Tapered::new(0, 0), Tapered::new(19, 1), Tapered::new(22, 5), Tapered::new(13, 5), Tapered::new(20, 13), Tapered::new(0, 0),
    // king zone attackers (count)
    Tapered::new(4, 17), Tapered::new(-14, 4), Tapered::new(-17, -7), Tapered::new(14, -20), Tapered::new(11, 4), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    // pawn attacks a piece
    Tapered::new(64, 40),
    // minor attacks rook or queen
    Tapered::new(57, 20),
    // rook attacks queen
    Tapered::new(39, 18),
    // undefended piece attacked
    Tapered::new(18, 4),
    // cornered bishop blocked by pawn
    Tapered::new(-30, -10),
    // tempo
    Tapered::new(34, 12),
    // rook on the seventh rank
    Tapered::new(17, 20),
    // minor on an outpost (knight, bishop)
    Tapered::new(19, 13), Tapered::new(21, 5),
    // safe check by piece
    Tapered::new(52, -2), Tapered::new(26, 14), Tapered::new(55, -4), Tapered::new(40, 6),
    // minor attacks a minor no pawn defends
    Tapered::new(19, 27),
    // rook attacks a minor no pawn defends
    Tapered::new(20, 22),
    // king attacks an undefended piece or pawn
    Tapered::new(85, 26),
    // safe pawn push attacks a piece
    Tapered::new(21, 18),
    // own pawns on the bishop's colour
    Tapered::new(-6, -5),
    // safe central squares behind the pawns
    Tapered::new(5, 4),
    // piece pinned to its king
    Tapered::new(-59, -30),
    // rook behind an own passed pawn
    Tapered::new(21, 25),
    // candidate passed pawn by rank
    Tapered::new(0, 0), Tapered::new(0, 1), Tapered::new(6, 6), Tapered::new(1, 14), Tapered::new(-1, 19), Tapered::new(-5, 14), Tapered::new(0, 0), Tapered::new(0, 0),
    // king distance to the nearest own pawn
    Tapered::new(17, -24),
    // pawn no pawn defends, attacked by a piece
    Tapered::new(2, 25),
    // enemy attacks on the king's flank (once, twice)
    Tapered::new(-6, 3), Tapered::new(-4, -2),
    // king zone square attacked, defended at most once
    Tapered::new(1, 4),
    // enemy moves restricted by attacks
    Tapered::new(7, 1),
    // safe knight or slider attack on the queen next move
    Tapered::new(10, -1), Tapered::new(15, 0),
];
