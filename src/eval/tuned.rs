//! Evaluation weights fitted by the Texel tuner (`src/bin/tune.rs`); generated, do not edit.
//!
//! Data: ../shared/data/tuning/sf_quiet.epd, 710910 positions (every 10th held out), 200 epochs of Adam, K = 0.9111 (given).
//! Mean squared error before: train 0.060541, holdout 0.060031; after: train 0.060230, holdout 0.059711.

use super::params::PARAM_COUNT;
use super::Tapered;

#[rustfmt::skip]
pub const TUNED: [Tapered; PARAM_COUNT] = [
    // material
    Tapered::new(132, 95), Tapered::new(603, 254), Tapered::new(673, 267), Tapered::new(853, 468), Tapered::new(1893, 833), Tapered::new(0, 0),
    // piece-square
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-32, -6), Tapered::new(-33, 10), Tapered::new(-5, 14), Tapered::new(-32, 22), Tapered::new(4, 38), Tapered::new(35, 15), Tapered::new(23, 8), Tapered::new(-40, 4),
    Tapered::new(-35, -14), Tapered::new(-49, -2), Tapered::new(-16, -10), Tapered::new(-27, 4), Tapered::new(-9, -3), Tapered::new(7, 10), Tapered::new(-3, -10), Tapered::new(-32, -21),
    Tapered::new(-24, -4), Tapered::new(-38, -3), Tapered::new(3, 6), Tapered::new(-9, -15), Tapered::new(5, -7), Tapered::new(25, -11), Tapered::new(0, -10), Tapered::new(-21, -4),
    Tapered::new(-3, -12), Tapered::new(-12, 8), Tapered::new(9, -16), Tapered::new(-11, -15), Tapered::new(-5, -13), Tapered::new(47, -29), Tapered::new(9, -2), Tapered::new(-8, -3),
    Tapered::new(15, -1), Tapered::new(41, 12), Tapered::new(-8, -9), Tapered::new(39, 7), Tapered::new(16, -11), Tapered::new(73, 1), Tapered::new(26, -2), Tapered::new(36, -1),
    Tapered::new(-18, -20), Tapered::new(-10, 28), Tapered::new(-14, 17), Tapered::new(24, 25), Tapered::new(7, 18), Tapered::new(3, 22), Tapered::new(38, -26), Tapered::new(6, 13),
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-11, -7), Tapered::new(-35, 3), Tapered::new(-23, -4), Tapered::new(-35, -24), Tapered::new(17, -16), Tapered::new(-18, 16), Tapered::new(-26, -20), Tapered::new(1, 0),
    Tapered::new(-29, -28), Tapered::new(-21, -10), Tapered::new(9, 5), Tapered::new(-3, 13), Tapered::new(-6, 16), Tapered::new(-5, -24), Tapered::new(2, 0), Tapered::new(-36, -8),
    Tapered::new(-25, -17), Tapered::new(0, 14), Tapered::new(-10, 10), Tapered::new(6, -3), Tapered::new(33, 9), Tapered::new(3, 9), Tapered::new(9, -6), Tapered::new(-13, -10),
    Tapered::new(-5, -10), Tapered::new(-7, -20), Tapered::new(30, 15), Tapered::new(26, 17), Tapered::new(41, 29), Tapered::new(35, -2), Tapered::new(16, 23), Tapered::new(7, -15),
    Tapered::new(19, 18), Tapered::new(20, 16), Tapered::new(2, 13), Tapered::new(3, 20), Tapered::new(2, 28), Tapered::new(27, 3), Tapered::new(23, 15), Tapered::new(9, 8),
    Tapered::new(-40, -18), Tapered::new(-8, -14), Tapered::new(-25, 13), Tapered::new(22, 11), Tapered::new(51, 20), Tapered::new(14, 36), Tapered::new(37, -24), Tapered::new(-14, 0),
    Tapered::new(-2, -1), Tapered::new(-21, -10), Tapered::new(20, 19), Tapered::new(17, 4), Tapered::new(1, -11), Tapered::new(11, -4), Tapered::new(-12, -15), Tapered::new(-31, -27),
    Tapered::new(-18, -10), Tapered::new(-9, -13), Tapered::new(-13, -8), Tapered::new(5, 4), Tapered::new(-5, -1), Tapered::new(2, 7), Tapered::new(-3, -9), Tapered::new(-9, -24),
    Tapered::new(13, -23), Tapered::new(53, -14), Tapered::new(-22, -5), Tapered::new(-58, 3), Tapered::new(19, -8), Tapered::new(-38, 21), Tapered::new(-33, -1), Tapered::new(-22, -10),
    Tapered::new(8, -1), Tapered::new(18, -23), Tapered::new(18, -13), Tapered::new(-8, 12), Tapered::new(-11, -5), Tapered::new(14, -13), Tapered::new(10, -18), Tapered::new(2, -3),
    Tapered::new(-17, -23), Tapered::new(30, 8), Tapered::new(33, 1), Tapered::new(8, 26), Tapered::new(-2, 18), Tapered::new(7, 19), Tapered::new(11, 4), Tapered::new(-29, 14),
    Tapered::new(-3, 5), Tapered::new(-15, 7), Tapered::new(11, 17), Tapered::new(42, 1), Tapered::new(17, -7), Tapered::new(9, 30), Tapered::new(-21, -13), Tapered::new(32, 1),
    Tapered::new(-26, 14), Tapered::new(-9, 11), Tapered::new(-4, -6), Tapered::new(13, -11), Tapered::new(29, 20), Tapered::new(39, -12), Tapered::new(18, 11), Tapered::new(1, -23),
    Tapered::new(-26, -2), Tapered::new(-6, 10), Tapered::new(-3, 25), Tapered::new(-8, 20), Tapered::new(15, -39), Tapered::new(30, 15), Tapered::new(-14, -5), Tapered::new(-6, 7),
    Tapered::new(-30, 11), Tapered::new(-14, -23), Tapered::new(22, 25), Tapered::new(-3, -17), Tapered::new(19, -4), Tapered::new(-3, 11), Tapered::new(-3, 5), Tapered::new(-23, -20),
    Tapered::new(-19, -1), Tapered::new(-1, 5), Tapered::new(-26, -28), Tapered::new(-10, 8), Tapered::new(-18, -8), Tapered::new(-2, 19), Tapered::new(4, -18), Tapered::new(-15, -4),
    Tapered::new(-28, -10), Tapered::new(-16, 1), Tapered::new(-19, -7), Tapered::new(-1, -6), Tapered::new(19, -13), Tapered::new(-15, -3), Tapered::new(-15, -30), Tapered::new(-33, -18),
    Tapered::new(-34, -7), Tapered::new(-29, -13), Tapered::new(-21, -18), Tapered::new(-4, -12), Tapered::new(15, -14), Tapered::new(-8, -2), Tapered::new(2, -23), Tapered::new(-21, -19),
    Tapered::new(-42, 0), Tapered::new(-12, -20), Tapered::new(-14, -7), Tapered::new(-36, 3), Tapered::new(-7, 9), Tapered::new(-26, 1), Tapered::new(14, -11), Tapered::new(-39, -12),
    Tapered::new(-19, 12), Tapered::new(-14, -12), Tapered::new(-24, 24), Tapered::new(8, -13), Tapered::new(22, 9), Tapered::new(-27, 18), Tapered::new(38, -10), Tapered::new(13, -9),
    Tapered::new(-7, 6), Tapered::new(8, -4), Tapered::new(12, 1), Tapered::new(23, 3), Tapered::new(11, 4), Tapered::new(-4, 5), Tapered::new(30, -4), Tapered::new(17, -6),
    Tapered::new(18, 19), Tapered::new(17, -3), Tapered::new(27, -1), Tapered::new(39, -7), Tapered::new(19, 2), Tapered::new(35, -4), Tapered::new(20, -10), Tapered::new(-7, 11),
    Tapered::new(-19, 7), Tapered::new(3, 6), Tapered::new(6, 2), Tapered::new(5, 2), Tapered::new(25, 6), Tapered::new(18, -3), Tapered::new(15, -16), Tapered::new(-9, 8),
    Tapered::new(-9, 46), Tapered::new(-7, 37), Tapered::new(10, 32), Tapered::new(30, 28), Tapered::new(16, 8), Tapered::new(9, 1), Tapered::new(13, 16), Tapered::new(13, 21),
    Tapered::new(-7, -7), Tapered::new(-7, -6), Tapered::new(-15, 2), Tapered::new(2, -47), Tapered::new(-1, -40), Tapered::new(12, -16), Tapered::new(-34, -17), Tapered::new(-23, -17),
    Tapered::new(-6, -5), Tapered::new(26, -2), Tapered::new(-10, 10), Tapered::new(12, -8), Tapered::new(16, -28), Tapered::new(28, -23), Tapered::new(-8, -20), Tapered::new(-25, -5),
    Tapered::new(-7, 9), Tapered::new(13, -3), Tapered::new(-11, 19), Tapered::new(-1, -11), Tapered::new(10, 16), Tapered::new(17, -21), Tapered::new(30, -20), Tapered::new(-20, -5),
    Tapered::new(-12, -11), Tapered::new(13, -5), Tapered::new(-15, 0), Tapered::new(-23, 14), Tapered::new(3, 26), Tapered::new(9, 24), Tapered::new(36, 5), Tapered::new(-7, 4),
    Tapered::new(23, -15), Tapered::new(-8, 6), Tapered::new(-2, 21), Tapered::new(18, 24), Tapered::new(2, 40), Tapered::new(11, 1), Tapered::new(11, 18), Tapered::new(17, -15),
    Tapered::new(-10, 5), Tapered::new(3, -10), Tapered::new(0, 8), Tapered::new(3, 28), Tapered::new(16, 13), Tapered::new(16, 10), Tapered::new(13, 1), Tapered::new(-13, 3),
    Tapered::new(-35, -18), Tapered::new(-25, -7), Tapered::new(-3, 5), Tapered::new(-2, 33), Tapered::new(-10, 3), Tapered::new(13, 7), Tapered::new(1, 16), Tapered::new(-10, 7),
    Tapered::new(-12, -3), Tapered::new(-7, -7), Tapered::new(-7, -7), Tapered::new(-10, -4), Tapered::new(-1, 8), Tapered::new(-2, -2), Tapered::new(5, 5), Tapered::new(13, 15),
    Tapered::new(23, 11), Tapered::new(18, -6), Tapered::new(11, 0), Tapered::new(-41, -13), Tapered::new(-28, -14), Tapered::new(-43, 2), Tapered::new(12, -7), Tapered::new(11, 3),
    Tapered::new(12, -3), Tapered::new(-24, 11), Tapered::new(3, -12), Tapered::new(-27, -6), Tapered::new(-13, -5), Tapered::new(-19, 6), Tapered::new(25, 5), Tapered::new(27, -7),
    Tapered::new(-21, -14), Tapered::new(19, 3), Tapered::new(-8, 11), Tapered::new(3, 13), Tapered::new(-6, 1), Tapered::new(1, -5), Tapered::new(10, 8), Tapered::new(7, -3),
    Tapered::new(-1, -12), Tapered::new(12, -8), Tapered::new(8, 22), Tapered::new(-12, 16), Tapered::new(-20, 9), Tapered::new(10, -1), Tapered::new(5, -3), Tapered::new(-7, -2),
    Tapered::new(8, -32), Tapered::new(6, 0), Tapered::new(-8, 20), Tapered::new(-2, 39), Tapered::new(-1, 42), Tapered::new(5, 36), Tapered::new(17, 2), Tapered::new(-3, -21),
    Tapered::new(-2, -66), Tapered::new(7, -17), Tapered::new(3, 10), Tapered::new(3, 38), Tapered::new(-3, 29), Tapered::new(3, 19), Tapered::new(7, 18), Tapered::new(-2, -43),
    Tapered::new(-3, -28), Tapered::new(4, 7), Tapered::new(5, 5), Tapered::new(5, 4), Tapered::new(0, -1), Tapered::new(6, -2), Tapered::new(-2, -8), Tapered::new(-6, -38),
    Tapered::new(-5, -9), Tapered::new(5, 14), Tapered::new(0, 1), Tapered::new(4, 1), Tapered::new(4, -17), Tapered::new(1, 9), Tapered::new(1, 2), Tapered::new(-3, -12),
    // knight mobility
    Tapered::new(-40, -30), Tapered::new(-16, -26), Tapered::new(-12, 7), Tapered::new(-4, 6), Tapered::new(1, 19), Tapered::new(9, 28), Tapered::new(18, 14), Tapered::new(27, 2),
    Tapered::new(17, -18),
    // bishop mobility
    Tapered::new(-25, -32), Tapered::new(-22, -29), Tapered::new(-10, -16), Tapered::new(-4, 0), Tapered::new(-2, 10), Tapered::new(1, 17), Tapered::new(-5, 22), Tapered::new(0, 9),
    Tapered::new(9, 11), Tapered::new(20, 1), Tapered::new(5, 9), Tapered::new(21, -18), Tapered::new(12, 22), Tapered::new(-1, -6),
    // rook mobility
    Tapered::new(-41, -3), Tapered::new(-21, -23), Tapered::new(-19, -10), Tapered::new(-13, -16), Tapered::new(-13, 6), Tapered::new(-7, 4), Tapered::new(-10, 11), Tapered::new(-7, 16),
    Tapered::new(-8, 15), Tapered::new(0, 22), Tapered::new(11, 13), Tapered::new(-15, 25), Tapered::new(-3, 18), Tapered::new(-2, 16), Tapered::new(146, -93),
    // queen mobility
    Tapered::new(-13, -2), Tapered::new(2, -4), Tapered::new(-32, -1), Tapered::new(-19, -13), Tapered::new(-17, -5), Tapered::new(-7, -29), Tapered::new(-7, -14), Tapered::new(-5, -5),
    Tapered::new(-1, -19), Tapered::new(7, -10), Tapered::new(10, -12), Tapered::new(4, 17), Tapered::new(4, 9), Tapered::new(18, 11), Tapered::new(16, 30), Tapered::new(4, 28),
    Tapered::new(14, 16), Tapered::new(13, 11), Tapered::new(7, 9), Tapered::new(0, 10), Tapered::new(2, 9), Tapered::new(9, 0), Tapered::new(4, -6), Tapered::new(-1, -3),
    Tapered::new(-5, -11), Tapered::new(-5, -10), Tapered::new(-1, -2), Tapered::new(-2, -5),
    // passed pawn by rank
    Tapered::new(0, 0), Tapered::new(52, 18), Tapered::new(-14, 19), Tapered::new(3, 36), Tapered::new(18, 49), Tapered::new(41, 38), Tapered::new(36, 77), Tapered::new(0, 0),
    // passed pawn, own king distance by rank
    Tapered::new(0, 0), Tapered::new(-7, 0), Tapered::new(9, -9), Tapered::new(8, -12), Tapered::new(5, -13), Tapered::new(3, -12), Tapered::new(13, -6), Tapered::new(0, 0),
    // passed pawn, their king distance by rank
    Tapered::new(0, 0), Tapered::new(-5, -5), Tapered::new(-9, 11), Tapered::new(-6, 9), Tapered::new(-2, 17), Tapered::new(1, 28), Tapered::new(24, 25), Tapered::new(0, 0),
    // passed pawn, free path
    Tapered::new(0, 0), Tapered::new(-20, 15), Tapered::new(-18, 19), Tapered::new(-43, 25), Tapered::new(-27, 20), Tapered::new(-12, 29), Tapered::new(22, 37), Tapered::new(0, 0),
    // passed pawn, safe stop square by rank
    Tapered::new(0, 0), Tapered::new(-12, 27), Tapered::new(12, 12), Tapered::new(8, 10), Tapered::new(8, 13), Tapered::new(23, 33), Tapered::new(22, 37), Tapered::new(0, 0),
    // isolated pawn
    Tapered::new(-10, -13),
    // doubled pawn
    Tapered::new(-32, -8),
    // backward pawn
    Tapered::new(-3, 1),
    // pawn phalanx by rank
    Tapered::new(0, 0), Tapered::new(4, 3), Tapered::new(12, 4), Tapered::new(10, 5), Tapered::new(41, 17), Tapered::new(41, 37), Tapered::new(6, 29), Tapered::new(0, 0),
    // supported pawn by rank
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(23, 14), Tapered::new(22, 0), Tapered::new(27, 11), Tapered::new(68, 43), Tapered::new(36, 78), Tapered::new(0, 0),
    // bishop pair
    Tapered::new(19, 63),
    // rook on open file
    Tapered::new(54, -9),
    // rook on semi-open file
    Tapered::new(27, 0),
    // king shield, next rank
    Tapered::new(29, -15),
    // king shield, second rank
    Tapered::new(16, -7),
    // king on or beside open file
    Tapered::new(-11, -1),
    // king zone attacks by piece
    Tapered::new(0, 0), Tapered::new(26, -5), Tapered::new(20, -1), Tapered::new(35, -9), Tapered::new(29, -3), Tapered::new(0, 0),
    // king zone attackers (count)
    Tapered::new(-1, 14), Tapered::new(-17, -4), Tapered::new(-20, 6), Tapered::new(27, -18), Tapered::new(10, 1), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    // pawn attacks a piece
    Tapered::new(75, 39),
    // minor attacks rook or queen
    Tapered::new(74, -2),
    // rook attacks queen
    Tapered::new(57, 29),
    // undefended piece attacked
    Tapered::new(21, 9),
    // cornered bishop blocked by pawn
    Tapered::new(-30, -10),
    // tempo
    Tapered::new(21, 6),
    // rook on the seventh rank
    Tapered::new(3, 37),
    // minor on an outpost (knight, bishop)
    Tapered::new(32, 8), Tapered::new(18, 4),
    // safe check by piece
    Tapered::new(53, -1), Tapered::new(23, 16), Tapered::new(146, -56), Tapered::new(46, -8),
    // minor attacks a minor no pawn defends
    Tapered::new(23, 12),
    // rook attacks a minor no pawn defends
    Tapered::new(24, 19),
    // king attacks an undefended piece or pawn
    Tapered::new(80, 30),
    // safe pawn push attacks a piece
    Tapered::new(16, 24),
    // own pawns on the bishop's colour
    Tapered::new(-9, -2),
    // safe central squares behind the pawns
    Tapered::new(14, 0),
    // piece pinned to its king
    Tapered::new(-61, -23),
    // rook behind an own passed pawn
    Tapered::new(7, 22),
    // candidate passed pawn by rank
    Tapered::new(0, 0), Tapered::new(11, 1), Tapered::new(8, 3), Tapered::new(4, 2), Tapered::new(-14, 17), Tapered::new(-16, 10), Tapered::new(0, 0), Tapered::new(0, 0),
    // king distance to the nearest own pawn
    Tapered::new(17, -24),
    // pawn no pawn defends, attacked by a piece
    Tapered::new(-2, 26),
];
