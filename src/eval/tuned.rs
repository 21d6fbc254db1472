//! Evaluation weights fitted by the Texel tuner (`src/bin/tune.rs`); generated, do not edit.
//!
//! Data: labelled.epd (../shared/data/tuning/sf_quiet.epd with Stockfish 15.1's expected score at depth 8
//! from `bench/label_positions.py`, see bench/RESULTS.md), 710910 positions (every 10th held out), 200 epochs of Adam, K = 1.2981 (fitted).
//! Target: 0.25 of the game result, the rest from the lines' engine scores (where given).
//! Mean squared error before: train 0.028665, holdout 0.028632; after: train 0.026526, holdout 0.026525.
//! Against the game results alone, holdout: 0.062040 before, 0.062900 after.

use super::params::PARAM_COUNT;
use super::Tapered;

#[rustfmt::skip]
pub const TUNED: [Tapered; PARAM_COUNT] = [
    // material
    Tapered::new(120, 99), Tapered::new(480, 376), Tapered::new(524, 397), Tapered::new(640, 661), Tapered::new(1523, 1141), Tapered::new(0, 0),
    // piece-square
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-35, 0), Tapered::new(-28, 8), Tapered::new(-12, 9), Tapered::new(-33, 21), Tapered::new(-15, 24), Tapered::new(23, 8), Tapered::new(18, -2), Tapered::new(-26, -9),
    Tapered::new(-36, -10), Tapered::new(-41, -3), Tapered::new(-24, 1), Tapered::new(-33, 10), Tapered::new(-23, -5), Tapered::new(-9, 3), Tapered::new(-7, -10), Tapered::new(-28, -17),
    Tapered::new(-23, 1), Tapered::new(-29, -3), Tapered::new(-8, -1), Tapered::new(-9, -9), Tapered::new(0, -11), Tapered::new(19, -10), Tapered::new(5, -11), Tapered::new(-11, -14),
    Tapered::new(-4, 1), Tapered::new(-4, 0), Tapered::new(0, -12), Tapered::new(8, -15), Tapered::new(18, -21), Tapered::new(36, -18), Tapered::new(14, -3), Tapered::new(0, -4),
    Tapered::new(9, 0), Tapered::new(37, 12), Tapered::new(15, 0), Tapered::new(40, 4), Tapered::new(40, 1), Tapered::new(68, -9), Tapered::new(26, 4), Tapered::new(13, 7),
    Tapered::new(2, -24), Tapered::new(-4, 28), Tapered::new(-2, 18), Tapered::new(29, 44), Tapered::new(24, 11), Tapered::new(-8, 15), Tapered::new(20, -2), Tapered::new(-24, 11),
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-23, -13), Tapered::new(-45, -10), Tapered::new(-24, -10), Tapered::new(-20, -17), Tapered::new(-5, 2), Tapered::new(-21, 1), Tapered::new(-40, -18), Tapered::new(-10, 5),
    Tapered::new(-44, -24), Tapered::new(-14, -3), Tapered::new(-12, -6), Tapered::new(-10, -2), Tapered::new(-4, 1), Tapered::new(-6, -16), Tapered::new(-1, -5), Tapered::new(-25, -8),
    Tapered::new(-36, -6), Tapered::new(-11, 1), Tapered::new(-7, 5), Tapered::new(9, 7), Tapered::new(20, 13), Tapered::new(-3, 4), Tapered::new(-2, -9), Tapered::new(-16, -9),
    Tapered::new(-3, -4), Tapered::new(13, -15), Tapered::new(19, 17), Tapered::new(18, 22), Tapered::new(26, 32), Tapered::new(31, 9), Tapered::new(20, 16), Tapered::new(12, -12),
    Tapered::new(0, 6), Tapered::new(14, 9), Tapered::new(2, 22), Tapered::new(22, 23), Tapered::new(13, 35), Tapered::new(36, 9), Tapered::new(26, 15), Tapered::new(25, -4),
    Tapered::new(-27, -10), Tapered::new(11, -9), Tapered::new(7, 6), Tapered::new(22, 11), Tapered::new(43, 16), Tapered::new(28, 21), Tapered::new(34, -10), Tapered::new(9, -1),
    Tapered::new(-13, -14), Tapered::new(-20, -4), Tapered::new(4, 13), Tapered::new(17, 15), Tapered::new(15, -5), Tapered::new(10, -6), Tapered::new(-13, -10), Tapered::new(-6, -27),
    Tapered::new(-19, -8), Tapered::new(-7, -6), Tapered::new(-11, 3), Tapered::new(-3, -2), Tapered::new(-6, -5), Tapered::new(-2, 2), Tapered::new(-1, -8), Tapered::new(-15, -23),
    Tapered::new(14, -21), Tapered::new(24, -22), Tapered::new(-25, -3), Tapered::new(-39, 5), Tapered::new(-3, -6), Tapered::new(-31, 4), Tapered::new(-25, 8), Tapered::new(-24, -10),
    Tapered::new(6, -6), Tapered::new(8, -17), Tapered::new(13, -1), Tapered::new(-12, 14), Tapered::new(-12, -7), Tapered::new(10, -14), Tapered::new(8, -11), Tapered::new(6, -8),
    Tapered::new(-8, -14), Tapered::new(16, -4), Tapered::new(16, 4), Tapered::new(6, 12), Tapered::new(2, 18), Tapered::new(6, 8), Tapered::new(3, 1), Tapered::new(-7, -11),
    Tapered::new(-10, 6), Tapered::new(-9, 11), Tapered::new(0, 8), Tapered::new(22, 8), Tapered::new(19, 3), Tapered::new(8, 22), Tapered::new(-16, -17), Tapered::new(16, -2),
    Tapered::new(-27, 4), Tapered::new(-3, -2), Tapered::new(15, 0), Tapered::new(21, -3), Tapered::new(32, 26), Tapered::new(34, -3), Tapered::new(17, 6), Tapered::new(-5, -15),
    Tapered::new(-19, -12), Tapered::new(2, 2), Tapered::new(-1, 16), Tapered::new(7, 9), Tapered::new(16, -27), Tapered::new(28, 7), Tapered::new(-15, 19), Tapered::new(2, 2),
    Tapered::new(-25, 10), Tapered::new(-18, -10), Tapered::new(7, 27), Tapered::new(-3, 0), Tapered::new(20, -8), Tapered::new(-9, 4), Tapered::new(-1, 14), Tapered::new(-6, 2),
    Tapered::new(-16, -4), Tapered::new(-7, 15), Tapered::new(-15, -15), Tapered::new(-8, 5), Tapered::new(-17, -5), Tapered::new(-1, 14), Tapered::new(8, -11), Tapered::new(-23, -19),
    Tapered::new(-25, -14), Tapered::new(-17, -6), Tapered::new(-8, -13), Tapered::new(2, -16), Tapered::new(13, -22), Tapered::new(-10, -11), Tapered::new(-16, -15), Tapered::new(-27, -20),
    Tapered::new(-37, 1), Tapered::new(-31, -5), Tapered::new(-11, -4), Tapered::new(-4, -12), Tapered::new(-8, -13), Tapered::new(-4, -10), Tapered::new(-2, -20), Tapered::new(-37, -8),
    Tapered::new(-37, 13), Tapered::new(-24, 5), Tapered::new(-19, -2), Tapered::new(-23, 1), Tapered::new(-5, -2), Tapered::new(-16, -3), Tapered::new(12, -11), Tapered::new(-37, -5),
    Tapered::new(-16, 11), Tapered::new(-11, 1), Tapered::new(-3, 8), Tapered::new(10, -3), Tapered::new(2, 5), Tapered::new(-11, 11), Tapered::new(19, -1), Tapered::new(-14, -5),
    Tapered::new(-6, 19), Tapered::new(5, 7), Tapered::new(12, 4), Tapered::new(24, 6), Tapered::new(18, 8), Tapered::new(7, 7), Tapered::new(33, 15), Tapered::new(9, 0),
    Tapered::new(23, 9), Tapered::new(25, 0), Tapered::new(27, 0), Tapered::new(38, -2), Tapered::new(27, 3), Tapered::new(31, -2), Tapered::new(19, 3), Tapered::new(-4, 6),
    Tapered::new(-6, -1), Tapered::new(-6, 4), Tapered::new(9, -6), Tapered::new(8, -2), Tapered::new(20, 7), Tapered::new(12, -7), Tapered::new(0, 2), Tapered::new(-1, 4),
    Tapered::new(-10, 32), Tapered::new(-8, 31), Tapered::new(12, 17), Tapered::new(23, 23), Tapered::new(10, 26), Tapered::new(7, 14), Tapered::new(2, 25), Tapered::new(9, 23),
    Tapered::new(-14, -15), Tapered::new(-15, -11), Tapered::new(-16, -4), Tapered::new(-9, -30), Tapered::new(3, -39), Tapered::new(-5, -28), Tapered::new(-5, -14), Tapered::new(-22, -14),
    Tapered::new(-4, -16), Tapered::new(-2, -2), Tapered::new(-3, -2), Tapered::new(7, -20), Tapered::new(7, -22), Tapered::new(14, -26), Tapered::new(2, -31), Tapered::new(-6, -4),
    Tapered::new(-16, 7), Tapered::new(-8, 6), Tapered::new(-8, 16), Tapered::new(-4, 3), Tapered::new(5, 5), Tapered::new(10, -8), Tapered::new(14, -14), Tapered::new(-1, -2),
    Tapered::new(-20, -3), Tapered::new(4, -2), Tapered::new(-9, 5), Tapered::new(-13, 23), Tapered::new(1, 19), Tapered::new(2, 21), Tapered::new(15, 1), Tapered::new(-5, 9),
    Tapered::new(1, -11), Tapered::new(-9, 12), Tapered::new(5, 23), Tapered::new(8, 21), Tapered::new(-1, 37), Tapered::new(18, 4), Tapered::new(11, 18), Tapered::new(29, -11),
    Tapered::new(-4, 2), Tapered::new(-6, 2), Tapered::new(-1, 8), Tapered::new(3, 33), Tapered::new(20, 13), Tapered::new(9, 19), Tapered::new(14, 4), Tapered::new(2, 4),
    Tapered::new(-17, -14), Tapered::new(-20, -2), Tapered::new(-11, 14), Tapered::new(-5, 24), Tapered::new(-10, 6), Tapered::new(10, -2), Tapered::new(-4, 8), Tapered::new(0, 5),
    Tapered::new(5, 1), Tapered::new(0, -8), Tapered::new(2, -3), Tapered::new(-5, 2), Tapered::new(4, 10), Tapered::new(-3, -6), Tapered::new(3, 3), Tapered::new(16, 14),
    Tapered::new(20, -16), Tapered::new(36, -26), Tapered::new(23, -10), Tapered::new(-47, -21), Tapered::new(-25, -23), Tapered::new(-47, -7), Tapered::new(16, -23), Tapered::new(13, -36),
    Tapered::new(27, -24), Tapered::new(-11, 2), Tapered::new(-10, -10), Tapered::new(-21, -4), Tapered::new(-22, -5), Tapered::new(-33, 6), Tapered::new(18, -8), Tapered::new(16, -19),
    Tapered::new(-20, -5), Tapered::new(13, -3), Tapered::new(-9, 2), Tapered::new(0, 2), Tapered::new(-16, 1), Tapered::new(-12, -3), Tapered::new(-2, -2), Tapered::new(-12, -10),
    Tapered::new(-4, -10), Tapered::new(14, 5), Tapered::new(11, 11), Tapered::new(-9, 7), Tapered::new(-4, 1), Tapered::new(6, -7), Tapered::new(-4, -7), Tapered::new(-23, -12),
    Tapered::new(8, -3), Tapered::new(11, 10), Tapered::new(1, 12), Tapered::new(4, 15), Tapered::new(2, 10), Tapered::new(12, 11), Tapered::new(14, 2), Tapered::new(2, -9),
    Tapered::new(-3, -9), Tapered::new(7, 18), Tapered::new(6, 8), Tapered::new(3, 23), Tapered::new(-2, 14), Tapered::new(6, 3), Tapered::new(4, 32), Tapered::new(-3, -5),
    Tapered::new(-6, -2), Tapered::new(6, 24), Tapered::new(9, 24), Tapered::new(9, 8), Tapered::new(5, 4), Tapered::new(8, 21), Tapered::new(2, 16), Tapered::new(-1, -1),
    Tapered::new(-6, -14), Tapered::new(5, 13), Tapered::new(1, 2), Tapered::new(5, 8), Tapered::new(2, -1), Tapered::new(5, 9), Tapered::new(7, 16), Tapered::new(-2, -6),
    // knight mobility
    Tapered::new(-42, -32), Tapered::new(-19, -31), Tapered::new(-12, -2), Tapered::new(-2, 5), Tapered::new(4, 16), Tapered::new(9, 22), Tapered::new(14, 17), Tapered::new(19, 9),
    Tapered::new(8, 1),
    // bishop mobility
    Tapered::new(-31, -21), Tapered::new(-19, -26), Tapered::new(-11, -15), Tapered::new(-6, -6), Tapered::new(-1, 6), Tapered::new(3, 5), Tapered::new(2, 11), Tapered::new(4, 12),
    Tapered::new(9, 13), Tapered::new(9, 11), Tapered::new(2, 8), Tapered::new(9, -1), Tapered::new(5, 11), Tapered::new(-9, 0),
    // rook mobility
    Tapered::new(-28, -29), Tapered::new(-16, -20), Tapered::new(-10, -12), Tapered::new(-6, -4), Tapered::new(-5, 10), Tapered::new(-2, 7), Tapered::new(-2, 16), Tapered::new(2, 16),
    Tapered::new(1, 19), Tapered::new(4, 22), Tapered::new(14, 16), Tapered::new(-2, 27), Tapered::new(8, 30), Tapered::new(3, 24), Tapered::new(14, 13),
    // queen mobility
    Tapered::new(-15, -1), Tapered::new(-11, -5), Tapered::new(-20, -4), Tapered::new(-16, -9), Tapered::new(-15, -10), Tapered::new(-9, -23), Tapered::new(-8, -9), Tapered::new(-2, -7),
    Tapered::new(-1, -12), Tapered::new(4, -4), Tapered::new(6, -4), Tapered::new(2, 13), Tapered::new(1, 17), Tapered::new(8, 16), Tapered::new(0, 31), Tapered::new(4, 22),
    Tapered::new(10, 11), Tapered::new(8, 14), Tapered::new(6, 9), Tapered::new(2, 10), Tapered::new(0, 9), Tapered::new(10, -2), Tapered::new(6, -2), Tapered::new(-2, -2),
    Tapered::new(-3, -7), Tapered::new(-4, -6), Tapered::new(-2, -2), Tapered::new(-1, -3),
    // passed pawn by rank
    Tapered::new(0, 0), Tapered::new(54, -9), Tapered::new(-17, 17), Tapered::new(-17, 39), Tapered::new(23, 47), Tapered::new(40, 64), Tapered::new(36, 101), Tapered::new(0, 0),
    // passed pawn, own king distance by rank
    Tapered::new(0, 0), Tapered::new(-2, -1), Tapered::new(4, -9), Tapered::new(9, -13), Tapered::new(4, -14), Tapered::new(5, -19), Tapered::new(12, -18), Tapered::new(0, 0),
    // passed pawn, their king distance by rank
    Tapered::new(0, 0), Tapered::new(-12, 5), Tapered::new(-4, 8), Tapered::new(-6, 14), Tapered::new(-7, 21), Tapered::new(-7, 35), Tapered::new(3, 47), Tapered::new(0, 0),
    // passed pawn, free path
    Tapered::new(0, 0), Tapered::new(-16, 19), Tapered::new(-36, 25), Tapered::new(-34, 23), Tapered::new(-31, 20), Tapered::new(-21, 39), Tapered::new(5, 50), Tapered::new(0, 0),
    // passed pawn, safe stop square by rank
    Tapered::new(0, 0), Tapered::new(-4, 11), Tapered::new(18, 4), Tapered::new(-2, 12), Tapered::new(8, 20), Tapered::new(19, 31), Tapered::new(5, 50), Tapered::new(0, 0),
    // isolated pawn
    Tapered::new(-5, -13),
    // doubled pawn
    Tapered::new(-34, -7),
    // backward pawn
    Tapered::new(-7, 0),
    // pawn phalanx by rank
    Tapered::new(0, 0), Tapered::new(4, 4), Tapered::new(12, 6), Tapered::new(11, 9), Tapered::new(28, 25), Tapered::new(42, 74), Tapered::new(6, 31), Tapered::new(0, 0),
    // supported pawn by rank
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(23, 14), Tapered::new(21, 3), Tapered::new(28, 12), Tapered::new(59, 52), Tapered::new(37, 93), Tapered::new(0, 0),
    // bishop pair
    Tapered::new(35, 57),
    // rook on open file
    Tapered::new(43, -2),
    // rook on semi-open file
    Tapered::new(24, 4),
    // king shield, next rank
    Tapered::new(28, -16),
    // king shield, second rank
    Tapered::new(15, -7),
    // king on or beside open file
    Tapered::new(-14, -2),
    // king zone attacks by piece
    Tapered::new(0, 0), Tapered::new(21, -4), Tapered::new(23, 1), Tapered::new(17, 1), Tapered::new(22, 10), Tapered::new(0, 0),
    // king zone attackers (count)
    Tapered::new(-1, 16), Tapered::new(-19, 2), Tapered::new(-16, -7), Tapered::new(18, -18), Tapered::new(17, 6), Tapered::new(1, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    // pawn attacks a piece
    Tapered::new(63, 40),
    // minor attacks rook or queen
    Tapered::new(57, 18),
    // rook attacks queen
    Tapered::new(53, 15),
    // undefended piece attacked
    Tapered::new(17, 4),
    // cornered bishop blocked by pawn
    Tapered::new(-30, -10),
    // tempo
    Tapered::new(33, 12),
    // rook on the seventh rank
    Tapered::new(15, 22),
    // minor on an outpost (knight, bishop)
    Tapered::new(18, 11), Tapered::new(21, 5),
    // safe check by piece
    Tapered::new(54, -3), Tapered::new(24, 15), Tapered::new(54, -3), Tapered::new(39, 8),
    // minor attacks a minor no pawn defends
    Tapered::new(20, 26),
    // rook attacks a minor no pawn defends
    Tapered::new(20, 22),
    // king attacks an undefended piece or pawn
    Tapered::new(86, 25),
    // safe pawn push attacks a piece
    Tapered::new(20, 20),
    // own pawns on the bishop's colour
    Tapered::new(-7, -3),
    // safe central squares behind the pawns
    Tapered::new(9, 3),
    // piece pinned to its king
    Tapered::new(-59, -30),
    // rook behind an own passed pawn
    Tapered::new(21, 27),
    // candidate passed pawn by rank
    Tapered::new(0, 0), Tapered::new(-1, 1), Tapered::new(6, 6), Tapered::new(1, 14), Tapered::new(-1, 19), Tapered::new(-3, 15), Tapered::new(0, 0), Tapered::new(0, 0),
    // king distance to the nearest own pawn
    Tapered::new(17, -24),
    // pawn no pawn defends, attacked by a piece
    Tapered::new(1, 24),
];
