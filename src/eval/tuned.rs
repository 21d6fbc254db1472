//! Evaluation weights fitted by the Texel tuner (`src/bin/tune.rs`); generated, do not edit.
//!
//! Data: ../shared/data/tuning/sf_quiet.epd, 710910 positions (every 10th held out), 800 epochs of Adam, K = 0.8872.
//! Mean squared error before: train 0.070327, holdout 0.069848; after: train 0.062011, holdout 0.061325.

use super::params::PARAM_COUNT;
use super::Tapered;

#[rustfmt::skip]
pub const TUNED: [Tapered; PARAM_COUNT] = [
    // material
    Tapered::new(139, 88), Tapered::new(651, 201), Tapered::new(695, 211), Tapered::new(925, 394), Tapered::new(1940, 746), Tapered::new(0, 0),
    // piece-square
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-35, -14), Tapered::new(-35, 10), Tapered::new(-22, 17), Tapered::new(-46, 20), Tapered::new(-14, 41), Tapered::new(21, 20), Tapered::new(22, 14), Tapered::new(-44, 6),
    Tapered::new(-38, -21), Tapered::new(-49, -6), Tapered::new(-29, -10), Tapered::new(-43, 5), Tapered::new(-23, 0), Tapered::new(-7, 15), Tapered::new(-3, -4), Tapered::new(-36, -21),
    Tapered::new(-28, -15), Tapered::new(-30, -8), Tapered::new(-6, 7), Tapered::new(-3, -10), Tapered::new(13, -5), Tapered::new(17, -6), Tapered::new(10, -7), Tapered::new(-25, -7),
    Tapered::new(-7, -18), Tapered::new(-12, 8), Tapered::new(8, -11), Tapered::new(2, -12), Tapered::new(9, -12), Tapered::new(50, -28), Tapered::new(14, -2), Tapered::new(-13, -7),
    Tapered::new(16, 3), Tapered::new(57, 7), Tapered::new(-2, -17), Tapered::new(49, -3), Tapered::new(20, -23), Tapered::new(64, 0), Tapered::new(21, -12), Tapered::new(25, -3),
    Tapered::new(23, 3), Tapered::new(16, 35), Tapered::new(8, 23), Tapered::new(40, 19), Tapered::new(12, 10), Tapered::new(9, 23), Tapered::new(22, -33), Tapered::new(1, 31),
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-10, -7), Tapered::new(-37, 2), Tapered::new(-24, -4), Tapered::new(-36, -28), Tapered::new(18, -17), Tapered::new(-20, 13), Tapered::new(-25, -19), Tapered::new(0, -8),
    Tapered::new(-31, -26), Tapered::new(-24, -13), Tapered::new(6, 0), Tapered::new(-3, 7), Tapered::new(-9, 13), Tapered::new(-10, -23), Tapered::new(-1, -3), Tapered::new(-38, -9),
    Tapered::new(-30, -16), Tapered::new(-3, 9), Tapered::new(-14, 12), Tapered::new(4, -3), Tapered::new(31, 9), Tapered::new(0, 7), Tapered::new(6, -6), Tapered::new(-17, -8),
    Tapered::new(-4, -10), Tapered::new(-5, -18), Tapered::new(31, 16), Tapered::new(24, 21), Tapered::new(42, 30), Tapered::new(33, 2), Tapered::new(16, 27), Tapered::new(12, -14),
    Tapered::new(23, 11), Tapered::new(23, 20), Tapered::new(9, 18), Tapered::new(11, 27), Tapered::new(1, 31), Tapered::new(26, 14), Tapered::new(13, 25), Tapered::new(9, 10),
    Tapered::new(-39, -15), Tapered::new(3, -12), Tapered::new(-18, 19), Tapered::new(31, 13), Tapered::new(58, 25), Tapered::new(19, 44), Tapered::new(44, -24), Tapered::new(-12, -4),
    Tapered::new(-3, 0), Tapered::new(-23, -15), Tapered::new(21, 20), Tapered::new(21, -1), Tapered::new(-1, -10), Tapered::new(9, -15), Tapered::new(-17, -15), Tapered::new(-34, -22),
    Tapered::new(-17, -10), Tapered::new(-8, -23), Tapered::new(-13, -10), Tapered::new(6, -2), Tapered::new(-6, -5), Tapered::new(2, 3), Tapered::new(-3, -13), Tapered::new(-7, -24),
    Tapered::new(11, -27), Tapered::new(54, -16), Tapered::new(-24, -8), Tapered::new(-60, 3), Tapered::new(15, -6), Tapered::new(-35, 20), Tapered::new(-30, -12), Tapered::new(-17, -15),
    Tapered::new(14, -10), Tapered::new(15, -19), Tapered::new(18, -8), Tapered::new(-11, 10), Tapered::new(-10, -6), Tapered::new(14, -8), Tapered::new(12, -14), Tapered::new(2, -8),
    Tapered::new(-22, -20), Tapered::new(32, 4), Tapered::new(33, 2), Tapered::new(9, 25), Tapered::new(-6, 19), Tapered::new(9, 16), Tapered::new(8, 4), Tapered::new(-26, 12),
    Tapered::new(2, -1), Tapered::new(-18, 5), Tapered::new(13, 15), Tapered::new(42, 1), Tapered::new(21, -5), Tapered::new(4, 25), Tapered::new(-22, -10), Tapered::new(30, 1),
    Tapered::new(-27, 15), Tapered::new(0, 9), Tapered::new(-5, -2), Tapered::new(17, -10), Tapered::new(30, 15), Tapered::new(43, -16), Tapered::new(14, 4), Tapered::new(-3, -21),
    Tapered::new(-25, 1), Tapered::new(-2, 12), Tapered::new(6, 19), Tapered::new(-3, 18), Tapered::new(16, -32), Tapered::new(32, 13), Tapered::new(-10, -7), Tapered::new(-6, 6),
    Tapered::new(-32, 11), Tapered::new(-15, -22), Tapered::new(19, 26), Tapered::new(-7, -4), Tapered::new(16, -3), Tapered::new(-6, 9), Tapered::new(-5, 5), Tapered::new(-24, -17),
    Tapered::new(-20, -2), Tapered::new(-3, 9), Tapered::new(-27, -24), Tapered::new(-10, 12), Tapered::new(-17, 0), Tapered::new(-3, 24), Tapered::new(3, -19), Tapered::new(-16, 1),
    Tapered::new(-31, -15), Tapered::new(-19, -6), Tapered::new(-23, -11), Tapered::new(-2, -12), Tapered::new(18, -21), Tapered::new(-18, -10), Tapered::new(-18, -32), Tapered::new(-37, -20),
    Tapered::new(-42, -7), Tapered::new(-35, -14), Tapered::new(-28, -18), Tapered::new(-1, -21), Tapered::new(15, -20), Tapered::new(-15, -5), Tapered::new(1, -26), Tapered::new(-25, -15),
    Tapered::new(-51, 1), Tapered::new(-21, -17), Tapered::new(-20, -11), Tapered::new(-42, 0), Tapered::new(-9, 3), Tapered::new(-29, -2), Tapered::new(9, -15), Tapered::new(-43, -14),
    Tapered::new(-19, 11), Tapered::new(-19, -11), Tapered::new(-23, 20), Tapered::new(6, -16), Tapered::new(22, 2), Tapered::new(-32, 17), Tapered::new(36, -11), Tapered::new(7, -6),
    Tapered::new(-10, 10), Tapered::new(7, -3), Tapered::new(8, 3), Tapered::new(22, 1), Tapered::new(8, 2), Tapered::new(-8, 6), Tapered::new(29, 0), Tapered::new(13, -5),
    Tapered::new(22, 16), Tapered::new(22, -3), Tapered::new(30, -1), Tapered::new(44, -5), Tapered::new(23, 3), Tapered::new(34, -2), Tapered::new(24, -11), Tapered::new(-6, 12),
    Tapered::new(-3, 25), Tapered::new(18, 26), Tapered::new(23, 19), Tapered::new(18, 23), Tapered::new(42, 18), Tapered::new(31, 10), Tapered::new(27, -5), Tapered::new(3, 15),
    Tapered::new(-6, 40), Tapered::new(-2, 24), Tapered::new(13, 25), Tapered::new(31, 20), Tapered::new(12, 7), Tapered::new(6, -1), Tapered::new(12, 11), Tapered::new(14, 18),
    Tapered::new(-6, -9), Tapered::new(-8, -10), Tapered::new(-16, 0), Tapered::new(2, -44), Tapered::new(0, -45), Tapered::new(14, -19), Tapered::new(-37, -20), Tapered::new(-22, -17),
    Tapered::new(-5, -7), Tapered::new(23, -3), Tapered::new(-10, 5), Tapered::new(13, -17), Tapered::new(16, -34), Tapered::new(29, -25), Tapered::new(-9, -24), Tapered::new(-25, -8),
    Tapered::new(-8, 8), Tapered::new(12, -5), Tapered::new(-13, 20), Tapered::new(-3, -14), Tapered::new(8, 15), Tapered::new(15, -22), Tapered::new(29, -22), Tapered::new(-21, -7),
    Tapered::new(-10, -14), Tapered::new(13, -8), Tapered::new(-15, 1), Tapered::new(-26, 18), Tapered::new(3, 29), Tapered::new(6, 25), Tapered::new(36, 3), Tapered::new(-9, 3),
    Tapered::new(21, -13), Tapered::new(-10, 6), Tapered::new(-8, 21), Tapered::new(18, 30), Tapered::new(0, 43), Tapered::new(9, 4), Tapered::new(8, 21), Tapered::new(15, -14),
    Tapered::new(-9, 6), Tapered::new(5, -7), Tapered::new(4, 11), Tapered::new(2, 28), Tapered::new(22, 18), Tapered::new(20, 14), Tapered::new(17, 3), Tapered::new(-12, 6),
    Tapered::new(-34, -17), Tapered::new(-21, -3), Tapered::new(0, 9), Tapered::new(1, 36), Tapered::new(-7, 7), Tapered::new(17, 9), Tapered::new(4, 18), Tapered::new(-6, 6),
    Tapered::new(-7, -6), Tapered::new(-4, -9), Tapered::new(-6, -6), Tapered::new(-8, -4), Tapered::new(-1, 10), Tapered::new(-3, -3), Tapered::new(5, 5), Tapered::new(15, 16),
    Tapered::new(27, 1), Tapered::new(24, -15), Tapered::new(11, -3), Tapered::new(-40, -19), Tapered::new(-30, -17), Tapered::new(-40, -7), Tapered::new(19, -18), Tapered::new(19, -8),
    Tapered::new(10, -9), Tapered::new(-24, 6), Tapered::new(-2, -10), Tapered::new(-32, -2), Tapered::new(-22, 3), Tapered::new(-24, 5), Tapered::new(26, -1), Tapered::new(32, -13),
    Tapered::new(-18, -17), Tapered::new(20, 3), Tapered::new(-11, 17), Tapered::new(2, 18), Tapered::new(-5, 8), Tapered::new(-13, 4), Tapered::new(4, 10), Tapered::new(4, -4),
    Tapered::new(-1, -13), Tapered::new(11, 0), Tapered::new(6, 26), Tapered::new(-4, 17), Tapered::new(-19, 16), Tapered::new(9, 8), Tapered::new(4, 3), Tapered::new(-12, 1),
    Tapered::new(8, -26), Tapered::new(4, 11), Tapered::new(-1, 18), Tapered::new(5, 33), Tapered::new(2, 33), Tapered::new(5, 31), Tapered::new(16, 9), Tapered::new(-3, -19),
    Tapered::new(0, -54), Tapered::new(6, -10), Tapered::new(2, 12), Tapered::new(5, 30), Tapered::new(-3, 20), Tapered::new(6, 16), Tapered::new(8, 14), Tapered::new(-2, -36),
    Tapered::new(-1, -26), Tapered::new(3, -3), Tapered::new(5, 5), Tapered::new(4, 9), Tapered::new(0, 5), Tapered::new(5, 3), Tapered::new(-2, -8), Tapered::new(-5, -31),
    Tapered::new(-4, -15), Tapered::new(2, 6), Tapered::new(0, 0), Tapered::new(4, 6), Tapered::new(5, -10), Tapered::new(1, 5), Tapered::new(1, -4), Tapered::new(-3, -13),
    // knight mobility
    Tapered::new(-46, -31), Tapered::new(-20, -27), Tapered::new(-15, 5), Tapered::new(-5, 5), Tapered::new(2, 18), Tapered::new(10, 30), Tapered::new(20, 16), Tapered::new(31, 4),
    Tapered::new(30, -20),
    // bishop mobility
    Tapered::new(-29, -34), Tapered::new(-27, -32), Tapered::new(-13, -17), Tapered::new(-6, 1), Tapered::new(-1, 10), Tapered::new(3, 18), Tapered::new(-3, 23), Tapered::new(3, 10),
    Tapered::new(11, 15), Tapered::new(22, 2), Tapered::new(9, 5), Tapered::new(23, -14), Tapered::new(12, 20), Tapered::new(2, -7),
    // rook mobility
    Tapered::new(-47, -3), Tapered::new(-27, -25), Tapered::new(-25, -12), Tapered::new(-19, -18), Tapered::new(-18, 7), Tapered::new(-12, 7), Tapered::new(-14, 13), Tapered::new(-10, 19),
    Tapered::new(-9, 19), Tapered::new(3, 21), Tapered::new(15, 13), Tapered::new(-8, 21), Tapered::new(6, 13), Tapered::new(7, 9), Tapered::new(166, -86),
    // queen mobility
    Tapered::new(-14, -2), Tapered::new(-3, -4), Tapered::new(-37, -1), Tapered::new(-21, -16), Tapered::new(-19, -7), Tapered::new(-9, -34), Tapered::new(-8, -18), Tapered::new(-5, -10),
    Tapered::new(-1, -23), Tapered::new(9, -10), Tapered::new(12, -14), Tapered::new(6, 17), Tapered::new(7, 7), Tapered::new(21, 12), Tapered::new(21, 33), Tapered::new(8, 30),
    Tapered::new(18, 18), Tapered::new(18, 12), Tapered::new(8, 12), Tapered::new(0, 14), Tapered::new(4, 11), Tapered::new(10, 2), Tapered::new(5, -6), Tapered::new(1, 0),
    Tapered::new(-3, -8), Tapered::new(-3, -9), Tapered::new(0, -1), Tapered::new(-2, -5),
    // passed pawn by rank
    Tapered::new(0, 0), Tapered::new(-13, 39), Tapered::new(-28, 60), Tapered::new(-2, 55), Tapered::new(24, 65), Tapered::new(58, 76), Tapered::new(131, 111), Tapered::new(0, 0),
    // passed pawn, own king distance
    Tapered::new(5, -10),
    // passed pawn, their king distance
    Tapered::new(-5, 10),
    // passed pawn, free path
    Tapered::new(0, 0), Tapered::new(-25, 14), Tapered::new(-21, 19), Tapered::new(-50, 28), Tapered::new(-24, 34), Tapered::new(-2, 71), Tapered::new(37, 79), Tapered::new(0, 0),
    // isolated pawn
    Tapered::new(-12, -12),
    // doubled pawn
    Tapered::new(-36, -10),
    // backward pawn
    Tapered::new(-5, 0),
    // pawn phalanx by rank
    Tapered::new(0, 0), Tapered::new(5, 2), Tapered::new(13, 3), Tapered::new(14, 4), Tapered::new(44, 16), Tapered::new(40, 39), Tapered::new(8, 31), Tapered::new(0, 0),
    // supported pawn by rank
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(23, 15), Tapered::new(21, 2), Tapered::new(30, 14), Tapered::new(79, 38), Tapered::new(45, 71), Tapered::new(0, 0),
    // bishop pair
    Tapered::new(16, 69),
    // rook on open file
    Tapered::new(57, -18),
    // rook on semi-open file
    Tapered::new(24, 5),
    // king shield, next rank
    Tapered::new(25, -2),
    // king shield, second rank
    Tapered::new(14, -5),
    // king on or beside open file
    Tapered::new(-16, -5),
    // king zone attacks by piece
    Tapered::new(0, 0), Tapered::new(29, -13), Tapered::new(20, -7), Tapered::new(35, -11), Tapered::new(29, -5), Tapered::new(0, 0),
    // king zone attackers (count)
    Tapered::new(-4, -7), Tapered::new(-23, -3), Tapered::new(-16, 8), Tapered::new(29, -1), Tapered::new(13, 3), Tapered::new(1, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    // pawn attacks a piece
    Tapered::new(76, 27),
    // minor attacks rook or queen
    Tapered::new(73, -13),
    // rook attacks queen
    Tapered::new(52, 24),
    // undefended piece attacked
    Tapered::new(22, 32),
    // cornered bishop blocked by pawn
    Tapered::new(0, 0),
    // tempo
    Tapered::new(21, 2),
];
