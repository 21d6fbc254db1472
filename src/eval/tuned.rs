//! Evaluation weights fitted by the Texel tuner (`src/bin/tune.rs`); generated, do not edit.
//!
//! Data: ../shared/data/tuning/sf_quiet.epd, 710910 positions (every 10th held out), 800 epochs of Adam, K = 0.9111.
//! Mean squared error before: train 0.062001, holdout 0.061300; after: train 0.061596, holdout 0.061005.

use super::params::PARAM_COUNT;
use super::Tapered;

#[rustfmt::skip]
pub const TUNED: [Tapered; PARAM_COUNT] = [
    // material
    Tapered::new(136, 86), Tapered::new(638, 197), Tapered::new(689, 204), Tapered::new(902, 400), Tapered::new(1983, 700), Tapered::new(0, 0),
    // piece-square
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-36, -13), Tapered::new(-36, 10), Tapered::new(-21, 17), Tapered::new(-48, 23), Tapered::new(-13, 41), Tapered::new(17, 22), Tapered::new(20, 15), Tapered::new(-43, 7),
    Tapered::new(-38, -20), Tapered::new(-50, -6), Tapered::new(-31, -9), Tapered::new(-43, 5), Tapered::new(-24, 0), Tapered::new(-9, 15), Tapered::new(-5, -3), Tapered::new(-35, -20),
    Tapered::new(-28, -15), Tapered::new(-32, -7), Tapered::new(-5, 5), Tapered::new(-3, -11), Tapered::new(13, -6), Tapered::new(16, -6), Tapered::new(8, -7), Tapered::new(-25, -7),
    Tapered::new(-8, -18), Tapered::new(-9, 6), Tapered::new(8, -11), Tapered::new(3, -13), Tapered::new(10, -12), Tapered::new(50, -27), Tapered::new(14, -3), Tapered::new(-13, -6),
    Tapered::new(16, 2), Tapered::new(56, 6), Tapered::new(0, -18), Tapered::new(49, -3), Tapered::new(23, -23), Tapered::new(67, -1), Tapered::new(23, -12), Tapered::new(27, -3),
    Tapered::new(23, 3), Tapered::new(17, 35), Tapered::new(8, 23), Tapered::new(40, 18), Tapered::new(11, 10), Tapered::new(8, 23), Tapered::new(24, -34), Tapered::new(3, 30),
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-10, -7), Tapered::new(-33, 3), Tapered::new(-20, -4), Tapered::new(-33, -27), Tapered::new(22, -17), Tapered::new(-15, 13), Tapered::new(-22, -17), Tapered::new(1, -7),
    Tapered::new(-28, -27), Tapered::new(-20, -12), Tapered::new(10, 2), Tapered::new(-1, 10), Tapered::new(-5, 15), Tapered::new(-7, -22), Tapered::new(1, -3), Tapered::new(-33, -9),
    Tapered::new(-25, -15), Tapered::new(1, 11), Tapered::new(-12, 15), Tapered::new(7, 0), Tapered::new(34, 12), Tapered::new(3, 11), Tapered::new(9, -3), Tapered::new(-13, -7),
    Tapered::new(-6, -11), Tapered::new(-5, -16), Tapered::new(29, 15), Tapered::new(22, 19), Tapered::new(40, 29), Tapered::new(34, 0), Tapered::new(14, 25), Tapered::new(8, -16),
    Tapered::new(21, 11), Tapered::new(14, 19), Tapered::new(1, 16), Tapered::new(-1, 26), Tapered::new(-2, 28), Tapered::new(21, 11), Tapered::new(14, 20), Tapered::new(9, 9),
    Tapered::new(-40, -16), Tapered::new(-4, -13), Tapered::new(-25, 16), Tapered::new(22, 12), Tapered::new(51, 24), Tapered::new(10, 40), Tapered::new(38, -27), Tapered::new(-14, -4),
    Tapered::new(-1, 1), Tapered::new(-22, -14), Tapered::new(22, 20), Tapered::new(20, 0), Tapered::new(0, -8), Tapered::new(11, -13), Tapered::new(-14, -14), Tapered::new(-32, -22),
    Tapered::new(-18, -11), Tapered::new(-7, -23), Tapered::new(-12, -9), Tapered::new(6, -1), Tapered::new(-5, -4), Tapered::new(1, 3), Tapered::new(-3, -12), Tapered::new(-8, -24),
    Tapered::new(11, -27), Tapered::new(56, -15), Tapered::new(-24, -7), Tapered::new(-58, 2), Tapered::new(17, -7), Tapered::new(-34, 20), Tapered::new(-30, -12), Tapered::new(-17, -14),
    Tapered::new(14, -9), Tapered::new(15, -18), Tapered::new(18, -8), Tapered::new(-12, 11), Tapered::new(-10, -6), Tapered::new(11, -7), Tapered::new(12, -14), Tapered::new(2, -8),
    Tapered::new(-19, -20), Tapered::new(32, 4), Tapered::new(32, 3), Tapered::new(8, 25), Tapered::new(-6, 20), Tapered::new(11, 16), Tapered::new(8, 3), Tapered::new(-25, 13),
    Tapered::new(4, -1), Tapered::new(-17, 5), Tapered::new(12, 16), Tapered::new(39, 1), Tapered::new(21, -5), Tapered::new(4, 24), Tapered::new(-21, -11), Tapered::new(31, 1),
    Tapered::new(-26, 14), Tapered::new(-2, 7), Tapered::new(-7, -2), Tapered::new(13, -10), Tapered::new(26, 14), Tapered::new(39, -16), Tapered::new(13, 3), Tapered::new(-1, -21),
    Tapered::new(-25, 1), Tapered::new(-7, 11), Tapered::new(1, 18), Tapered::new(-7, 17), Tapered::new(16, -33), Tapered::new(30, 13), Tapered::new(-11, -8), Tapered::new(-4, 5),
    Tapered::new(-31, 11), Tapered::new(-14, -21), Tapered::new(21, 25), Tapered::new(-5, -4), Tapered::new(17, -3), Tapered::new(-3, 10), Tapered::new(-5, 5), Tapered::new(-25, -17),
    Tapered::new(-20, -1), Tapered::new(-4, 9), Tapered::new(-27, -23), Tapered::new(-10, 11), Tapered::new(-17, 0), Tapered::new(-3, 24), Tapered::new(4, -19), Tapered::new(-14, 3),
    Tapered::new(-28, -13), Tapered::new(-16, -5), Tapered::new(-20, -10), Tapered::new(0, -10), Tapered::new(19, -19), Tapered::new(-16, -9), Tapered::new(-18, -29), Tapered::new(-36, -17),
    Tapered::new(-37, -6), Tapered::new(-33, -11), Tapered::new(-24, -16), Tapered::new(-1, -18), Tapered::new(17, -18), Tapered::new(-14, -5), Tapered::new(2, -24), Tapered::new(-24, -14),
    Tapered::new(-46, 3), Tapered::new(-17, -15), Tapered::new(-17, -8), Tapered::new(-38, 2), Tapered::new(-6, 4), Tapered::new(-29, 1), Tapered::new(10, -13), Tapered::new(-41, -12),
    Tapered::new(-19, 13), Tapered::new(-17, -8), Tapered::new(-22, 23), Tapered::new(8, -13), Tapered::new(24, 5), Tapered::new(-31, 20), Tapered::new(36, -9), Tapered::new(7, -4),
    Tapered::new(-9, 13), Tapered::new(8, 0), Tapered::new(12, 6), Tapered::new(25, 4), Tapered::new(11, 4), Tapered::new(-6, 8), Tapered::new(29, 2), Tapered::new(12, -3),
    Tapered::new(22, 19), Tapered::new(23, 0), Tapered::new(31, 3), Tapered::new(47, -2), Tapered::new(24, 6), Tapered::new(36, 1), Tapered::new(21, -8), Tapered::new(-8, 15),
    Tapered::new(-18, 6), Tapered::new(6, 6), Tapered::new(12, 0), Tapered::new(7, 4), Tapered::new(30, 2), Tapered::new(20, -3), Tapered::new(16, -16), Tapered::new(-7, 2),
    Tapered::new(-6, 43), Tapered::new(0, 29), Tapered::new(15, 29), Tapered::new(32, 22), Tapered::new(13, 10), Tapered::new(6, 3), Tapered::new(12, 14), Tapered::new(12, 20),
    Tapered::new(-8, -10), Tapered::new(-8, -11), Tapered::new(-16, -2), Tapered::new(1, -47), Tapered::new(-2, -45), Tapered::new(12, -19), Tapered::new(-38, -20), Tapered::new(-24, -18),
    Tapered::new(-5, -6), Tapered::new(23, -2), Tapered::new(-11, 6), Tapered::new(11, -16), Tapered::new(15, -34), Tapered::new(27, -26), Tapered::new(-8, -24), Tapered::new(-26, -8),
    Tapered::new(-9, 9), Tapered::new(11, -3), Tapered::new(-13, 20), Tapered::new(-4, -12), Tapered::new(6, 16), Tapered::new(15, -24), Tapered::new(28, -23), Tapered::new(-21, -7),
    Tapered::new(-9, -15), Tapered::new(13, -7), Tapered::new(-14, 3), Tapered::new(-26, 19), Tapered::new(2, 28), Tapered::new(6, 24), Tapered::new(35, 4), Tapered::new(-8, 3),
    Tapered::new(21, -13), Tapered::new(-10, 5), Tapered::new(-6, 22), Tapered::new(19, 29), Tapered::new(0, 42), Tapered::new(9, 3), Tapered::new(9, 21), Tapered::new(13, -15),
    Tapered::new(-10, 5), Tapered::new(5, -8), Tapered::new(4, 10), Tapered::new(2, 29), Tapered::new(22, 18), Tapered::new(19, 14), Tapered::new(17, 3), Tapered::new(-13, 4),
    Tapered::new(-36, -16), Tapered::new(-22, -4), Tapered::new(0, 10), Tapered::new(1, 36), Tapered::new(-6, 8), Tapered::new(18, 11), Tapered::new(3, 18), Tapered::new(-8, 6),
    Tapered::new(-8, -5), Tapered::new(-4, -8), Tapered::new(-5, -6), Tapered::new(-8, -2), Tapered::new(0, 11), Tapered::new(-2, -2), Tapered::new(6, 6), Tapered::new(16, 16),
    Tapered::new(24, 3), Tapered::new(20, -11), Tapered::new(9, 0), Tapered::new(-39, -15), Tapered::new(-30, -14), Tapered::new(-41, -3), Tapered::new(14, -15), Tapered::new(12, -7),
    Tapered::new(9, -10), Tapered::new(-24, 6), Tapered::new(2, -10), Tapered::new(-28, -2), Tapered::new(-18, 2), Tapered::new(-21, 4), Tapered::new(24, 0), Tapered::new(28, -13),
    Tapered::new(-19, -17), Tapered::new(20, 2), Tapered::new(-9, 15), Tapered::new(4, 17), Tapered::new(-4, 7), Tapered::new(-10, 3), Tapered::new(7, 9), Tapered::new(4, -5),
    Tapered::new(-1, -14), Tapered::new(12, -1), Tapered::new(7, 25), Tapered::new(-4, 16), Tapered::new(-19, 15), Tapered::new(9, 8), Tapered::new(4, 3), Tapered::new(-12, 1),
    Tapered::new(9, -27), Tapered::new(4, 10), Tapered::new(-1, 16), Tapered::new(5, 31), Tapered::new(1, 33), Tapered::new(5, 30), Tapered::new(16, 8), Tapered::new(-4, -19),
    Tapered::new(1, -53), Tapered::new(6, -11), Tapered::new(2, 12), Tapered::new(4, 29), Tapered::new(-3, 19), Tapered::new(5, 16), Tapered::new(8, 12), Tapered::new(-2, -36),
    Tapered::new(-1, -26), Tapered::new(4, -2), Tapered::new(5, 5), Tapered::new(4, 7), Tapered::new(0, 4), Tapered::new(5, 2), Tapered::new(-2, -7), Tapered::new(-5, -31),
    Tapered::new(-4, -15), Tapered::new(3, 8), Tapered::new(0, 1), Tapered::new(4, 4), Tapered::new(5, -10), Tapered::new(1, 6), Tapered::new(1, -4), Tapered::new(-3, -13),
    // knight mobility
    Tapered::new(-44, -31), Tapered::new(-19, -26), Tapered::new(-14, 7), Tapered::new(-5, 5), Tapered::new(1, 18), Tapered::new(9, 28), Tapered::new(19, 14), Tapered::new(29, 4),
    Tapered::new(24, -19),
    // bishop mobility
    Tapered::new(-29, -33), Tapered::new(-27, -31), Tapered::new(-14, -15), Tapered::new(-7, 2), Tapered::new(-3, 10), Tapered::new(1, 18), Tapered::new(-5, 23), Tapered::new(1, 9),
    Tapered::new(9, 14), Tapered::new(21, 1), Tapered::new(11, 4), Tapered::new(25, -15), Tapered::new(14, 20), Tapered::new(2, -7),
    // rook mobility
    Tapered::new(-44, -3), Tapered::new(-23, -24), Tapered::new(-21, -13), Tapered::new(-15, -18), Tapered::new(-15, 5), Tapered::new(-9, 4), Tapered::new(-11, 10), Tapered::new(-7, 16),
    Tapered::new(-8, 16), Tapered::new(3, 19), Tapered::new(13, 13), Tapered::new(-13, 23), Tapered::new(-2, 17), Tapered::new(-3, 14), Tapered::new(155, -79),
    // queen mobility
    Tapered::new(-13, -2), Tapered::new(1, -4), Tapered::new(-33, -1), Tapered::new(-19, -15), Tapered::new(-17, -5), Tapered::new(-7, -33), Tapered::new(-8, -17), Tapered::new(-4, -8),
    Tapered::new(-1, -20), Tapered::new(8, -8), Tapered::new(11, -10), Tapered::new(4, 19), Tapered::new(5, 9), Tapered::new(18, 12), Tapered::new(18, 34), Tapered::new(4, 30),
    Tapered::new(16, 16), Tapered::new(15, 11), Tapered::new(5, 11), Tapered::new(-1, 12), Tapered::new(2, 9), Tapered::new(9, 0), Tapered::new(3, -9), Tapered::new(0, -3),
    Tapered::new(-5, -10), Tapered::new(-5, -11), Tapered::new(-1, -2), Tapered::new(-2, -5),
    // passed pawn by rank
    Tapered::new(0, 0), Tapered::new(-16, 39), Tapered::new(-29, 58), Tapered::new(-3, 54), Tapered::new(24, 63), Tapered::new(60, 73), Tapered::new(135, 108), Tapered::new(0, 0),
    // passed pawn, own king distance
    Tapered::new(5, -10),
    // passed pawn, their king distance
    Tapered::new(-4, 9),
    // passed pawn, free path
    Tapered::new(0, 0), Tapered::new(-24, 15), Tapered::new(-21, 20), Tapered::new(-49, 26), Tapered::new(-25, 32), Tapered::new(-1, 68), Tapered::new(40, 76), Tapered::new(0, 0),
    // isolated pawn
    Tapered::new(-11, -11),
    // doubled pawn
    Tapered::new(-35, -9),
    // backward pawn
    Tapered::new(-3, 0),
    // pawn phalanx by rank
    Tapered::new(0, 0), Tapered::new(5, 1), Tapered::new(13, 2), Tapered::new(14, 4), Tapered::new(43, 16), Tapered::new(42, 38), Tapered::new(8, 31), Tapered::new(0, 0),
    // supported pawn by rank
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(22, 15), Tapered::new(21, 2), Tapered::new(30, 14), Tapered::new(80, 36), Tapered::new(46, 70), Tapered::new(0, 0),
    // bishop pair
    Tapered::new(12, 71),
    // rook on open file
    Tapered::new(56, -18),
    // rook on semi-open file
    Tapered::new(24, 5),
    // king shield, next rank
    Tapered::new(23, -4),
    // king shield, second rank
    Tapered::new(14, -5),
    // king on or beside open file
    Tapered::new(-11, -7),
    // king zone attacks by piece
    Tapered::new(0, 0), Tapered::new(28, -12), Tapered::new(18, -5), Tapered::new(37, -13), Tapered::new(28, -6), Tapered::new(0, 0),
    // king zone attackers (count)
    Tapered::new(-6, -2), Tapered::new(-23, -2), Tapered::new(-15, 5), Tapered::new(31, -4), Tapered::new(14, 2), Tapered::new(1, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    // pawn attacks a piece
    Tapered::new(74, 26),
    // minor attacks rook or queen
    Tapered::new(73, -13),
    // rook attacks queen
    Tapered::new(51, 23),
    // undefended piece attacked
    Tapered::new(17, 32),
    // cornered bishop blocked by pawn
    Tapered::new(-30, -10),
    // tempo
    Tapered::new(21, 2),
    // rook on the seventh rank
    Tapered::new(12, 42),
    // minor on an outpost (knight, bishop)
    Tapered::new(40, 14), Tapered::new(23, 2),
    // safe check by piece
    Tapered::new(64, -9), Tapered::new(24, 12), Tapered::new(159, -56), Tapered::new(45, -9),
];
