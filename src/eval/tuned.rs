//! Evaluation weights fitted by the Texel tuner (`src/bin/tune.rs`); generated, do not edit.
//!
//! Data: ../shared/data/tuning/sf_quiet.epd, 710910 positions (every 10th held out), 800 epochs of Adam, K = 0.9111.
//! Mean squared error before: train 0.061190, holdout 0.060613; after: train 0.060778, holdout 0.060231.

use super::params::PARAM_COUNT;
use super::Tapered;

#[rustfmt::skip]
pub const TUNED: [Tapered; PARAM_COUNT] = [
    // material
    Tapered::new(129, 94), Tapered::new(595, 248), Tapered::new(641, 263), Tapered::new(848, 468), Tapered::new(1885, 827), Tapered::new(0, 0),
    // piece-square
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-35, -6), Tapered::new(-33, 13), Tapered::new(-19, 17), Tapered::new(-45, 24), Tapered::new(-11, 40), Tapered::new(19, 20), Tapered::new(23, 11), Tapered::new(-40, 4),
    Tapered::new(-37, -14), Tapered::new(-48, -1), Tapered::new(-29, -8), Tapered::new(-40, 5), Tapered::new(-22, 0), Tapered::new(-6, 13), Tapered::new(-2, -7), Tapered::new(-32, -22),
    Tapered::new(-26, -7), Tapered::new(-29, -4), Tapered::new(-2, 5), Tapered::new(0, -14), Tapered::new(15, -7), Tapered::new(20, -11), Tapered::new(11, -10), Tapered::new(-22, -7),
    Tapered::new(-7, -14), Tapered::new(-5, 7), Tapered::new(11, -14), Tapered::new(8, -15), Tapered::new(13, -12), Tapered::new(54, -31), Tapered::new(17, -5), Tapered::new(-9, -10),
    Tapered::new(11, -6), Tapered::new(46, 8), Tapered::new(-6, -11), Tapered::new(51, 10), Tapered::new(30, -10), Tapered::new(75, -3), Tapered::new(29, -5), Tapered::new(33, -7),
    Tapered::new(-18, -21), Tapered::new(-11, 29), Tapered::new(-14, 18), Tapered::new(28, 27), Tapered::new(8, 22), Tapered::new(5, 19), Tapered::new(33, -25), Tapered::new(4, 16),
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    Tapered::new(-10, -5), Tapered::new(-32, 5), Tapered::new(-20, -5), Tapered::new(-32, -26), Tapered::new(22, -18), Tapered::new(-15, 14), Tapered::new(-21, -21), Tapered::new(1, -1),
    Tapered::new(-28, -24), Tapered::new(-19, -10), Tapered::new(10, 2), Tapered::new(-1, 10), Tapered::new(-4, 13), Tapered::new(-5, -26), Tapered::new(1, 0), Tapered::new(-33, -7),
    Tapered::new(-25, -17), Tapered::new(0, 14), Tapered::new(-11, 13), Tapered::new(8, -4), Tapered::new(35, 8), Tapered::new(3, 8), Tapered::new(9, -6), Tapered::new(-13, -9),
    Tapered::new(-6, -9), Tapered::new(-7, -17), Tapered::new(29, 15), Tapered::new(22, 17), Tapered::new(39, 28), Tapered::new(34, -2), Tapered::new(13, 24), Tapered::new(8, -16),
    Tapered::new(18, 19), Tapered::new(14, 19), Tapered::new(-1, 15), Tapered::new(1, 20), Tapered::new(0, 26), Tapered::new(24, 5), Tapered::new(16, 18), Tapered::new(10, 6),
    Tapered::new(-42, -17), Tapered::new(-5, -16), Tapered::new(-25, 14), Tapered::new(24, 11), Tapered::new(51, 22), Tapered::new(12, 37), Tapered::new(39, -28), Tapered::new(-15, 0),
    Tapered::new(-2, 1), Tapered::new(-24, -8), Tapered::new(20, 20), Tapered::new(15, 2), Tapered::new(0, -11), Tapered::new(10, -9), Tapered::new(-14, -16), Tapered::new(-32, -25),
    Tapered::new(-18, -13), Tapered::new(-9, -13), Tapered::new(-13, -7), Tapered::new(5, 5), Tapered::new(-5, -3), Tapered::new(1, 6), Tapered::new(-2, -7), Tapered::new(-8, -25),
    Tapered::new(13, -26), Tapered::new(56, -13), Tapered::new(-22, -8), Tapered::new(-58, 2), Tapered::new(17, -10), Tapered::new(-34, 19), Tapered::new(-31, -3), Tapered::new(-19, -5),
    Tapered::new(11, 2), Tapered::new(17, -21), Tapered::new(18, -12), Tapered::new(-11, 10), Tapered::new(-10, -7), Tapered::new(12, -12), Tapered::new(13, -16), Tapered::new(0, -2),
    Tapered::new(-18, -25), Tapered::new(30, 8), Tapered::new(32, 1), Tapered::new(8, 26), Tapered::new(-5, 18), Tapered::new(10, 18), Tapered::new(8, 3), Tapered::new(-24, 15),
    Tapered::new(3, 3), Tapered::new(-15, 3), Tapered::new(11, 18), Tapered::new(40, 2), Tapered::new(21, -5), Tapered::new(4, 27), Tapered::new(-21, -14), Tapered::new(31, 1),
    Tapered::new(-26, 13), Tapered::new(-1, 5), Tapered::new(-7, -6), Tapered::new(14, -9), Tapered::new(25, 20), Tapered::new(39, -14), Tapered::new(11, 10), Tapered::new(-1, -24),
    Tapered::new(-26, 0), Tapered::new(-9, 10), Tapered::new(0, 26), Tapered::new(-8, 18), Tapered::new(16, -40), Tapered::new(32, 14), Tapered::new(-13, -2), Tapered::new(-4, 5),
    Tapered::new(-32, 11), Tapered::new(-16, -22), Tapered::new(19, 24), Tapered::new(-3, -15), Tapered::new(17, -5), Tapered::new(-3, 13), Tapered::new(-4, 6), Tapered::new(-24, -19),
    Tapered::new(-19, -4), Tapered::new(-3, 6), Tapered::new(-27, -25), Tapered::new(-10, 11), Tapered::new(-17, -7), Tapered::new(-2, 20), Tapered::new(4, -16), Tapered::new(-14, -3),
    Tapered::new(-28, -12), Tapered::new(-17, -2), Tapered::new(-20, -10), Tapered::new(-2, -8), Tapered::new(18, -16), Tapered::new(-16, -6), Tapered::new(-16, -33), Tapered::new(-35, -19),
    Tapered::new(-36, -8), Tapered::new(-31, -15), Tapered::new(-23, -20), Tapered::new(-4, -16), Tapered::new(15, -17), Tapered::new(-15, -3), Tapered::new(1, -26), Tapered::new(-22, -20),
    Tapered::new(-46, 1), Tapered::new(-14, -23), Tapered::new(-17, -8), Tapered::new(-39, 0), Tapered::new(-8, 7), Tapered::new(-28, 0), Tapered::new(9, -13), Tapered::new(-41, -14),
    Tapered::new(-18, 12), Tapered::new(-15, -11), Tapered::new(-24, 24), Tapered::new(7, -14), Tapered::new(21, 8), Tapered::new(-30, 19), Tapered::new(37, -10), Tapered::new(9, -7),
    Tapered::new(-9, 12), Tapered::new(7, -1), Tapered::new(12, 4), Tapered::new(24, 4), Tapered::new(10, 6), Tapered::new(-6, 8), Tapered::new(31, -1), Tapered::new(15, -6),
    Tapered::new(19, 23), Tapered::new(21, 0), Tapered::new(29, 2), Tapered::new(46, -3), Tapered::new(21, 9), Tapered::new(35, 0), Tapered::new(22, -8), Tapered::new(-6, 14),
    Tapered::new(-19, 7), Tapered::new(6, 6), Tapered::new(11, 2), Tapered::new(8, 3), Tapered::new(25, 6), Tapered::new(19, -4), Tapered::new(15, -17), Tapered::new(-7, 6),
    Tapered::new(-3, 46), Tapered::new(-1, 35), Tapered::new(16, 32), Tapered::new(34, 26), Tapered::new(16, 8), Tapered::new(8, 1), Tapered::new(13, 16), Tapered::new(15, 23),
    Tapered::new(-7, -7), Tapered::new(-8, -9), Tapered::new(-17, -1), Tapered::new(1, -48), Tapered::new(-2, -43), Tapered::new(13, -19), Tapered::new(-37, -18), Tapered::new(-24, -17),
    Tapered::new(-6, -5), Tapered::new(23, -2), Tapered::new(-11, 7), Tapered::new(11, -14), Tapered::new(15, -34), Tapered::new(27, -27), Tapered::new(-10, -22), Tapered::new(-28, -6),
    Tapered::new(-8, 8), Tapered::new(11, -2), Tapered::new(-13, 19), Tapered::new(-4, -13), Tapered::new(7, 13), Tapered::new(14, -23), Tapered::new(28, -22), Tapered::new(-21, -5),
    Tapered::new(-9, -14), Tapered::new(12, -6), Tapered::new(-14, 0), Tapered::new(-25, 16), Tapered::new(3, 27), Tapered::new(6, 22), Tapered::new(35, 3), Tapered::new(-8, 3),
    Tapered::new(22, -14), Tapered::new(-10, 6), Tapered::new(-5, 21), Tapered::new(18, 26), Tapered::new(0, 40), Tapered::new(8, 2), Tapered::new(10, 17), Tapered::new(12, -14),
    Tapered::new(-10, 7), Tapered::new(5, -9), Tapered::new(4, 10), Tapered::new(1, 30), Tapered::new(22, 16), Tapered::new(19, 12), Tapered::new(17, 3), Tapered::new(-12, 3),
    Tapered::new(-35, -16), Tapered::new(-23, -4), Tapered::new(0, 11), Tapered::new(2, 37), Tapered::new(-7, 8), Tapered::new(18, 10), Tapered::new(1, 18), Tapered::new(-9, 7),
    Tapered::new(-8, -2), Tapered::new(-5, -7), Tapered::new(-6, -6), Tapered::new(-8, -3), Tapered::new(1, 10), Tapered::new(-2, -2), Tapered::new(7, 6), Tapered::new(15, 16),
    Tapered::new(21, 3), Tapered::new(19, -10), Tapered::new(11, -1), Tapered::new(-39, -17), Tapered::new(-29, -15), Tapered::new(-40, -1), Tapered::new(14, -12), Tapered::new(13, -3),
    Tapered::new(13, -10), Tapered::new(-25, 9), Tapered::new(3, -12), Tapered::new(-26, -5), Tapered::new(-16, 0), Tapered::new(-22, 7), Tapered::new(25, 4), Tapered::new(28, -9),
    Tapered::new(-20, -17), Tapered::new(19, 4), Tapered::new(-8, 14), Tapered::new(1, 18), Tapered::new(-6, 8), Tapered::new(-5, 3), Tapered::new(9, 11), Tapered::new(7, -4),
    Tapered::new(-2, -18), Tapered::new(12, -4), Tapered::new(7, 28), Tapered::new(-12, 25), Tapered::new(-19, 18), Tapered::new(10, 8), Tapered::new(5, 4), Tapered::new(-6, -2),
    Tapered::new(7, -31), Tapered::new(6, 7), Tapered::new(-5, 28), Tapered::new(-1, 45), Tapered::new(-2, 50), Tapered::new(5, 42), Tapered::new(19, 7), Tapered::new(-2, -25),
    Tapered::new(-3, -69), Tapered::new(7, -16), Tapered::new(4, 13), Tapered::new(4, 43), Tapered::new(-3, 30), Tapered::new(4, 22), Tapered::new(8, 19), Tapered::new(-2, -45),
    Tapered::new(-3, -33), Tapered::new(4, 3), Tapered::new(5, 2), Tapered::new(6, -1), Tapered::new(0, -3), Tapered::new(6, -7), Tapered::new(-1, -12), Tapered::new(-6, -44),
    Tapered::new(-6, -11), Tapered::new(4, 9), Tapered::new(-1, -5), Tapered::new(3, -4), Tapered::new(3, -22), Tapered::new(0, 3), Tapered::new(1, -3), Tapered::new(-4, -13),
    // knight mobility
    Tapered::new(-42, -31), Tapered::new(-17, -29), Tapered::new(-13, 5), Tapered::new(-5, 5), Tapered::new(1, 19), Tapered::new(9, 29), Tapered::new(19, 16), Tapered::new(29, 5),
    Tapered::new(18, -18),
    // bishop mobility
    Tapered::new(-26, -37), Tapered::new(-25, -30), Tapered::new(-12, -17), Tapered::new(-5, 1), Tapered::new(-1, 11), Tapered::new(2, 19), Tapered::new(-3, 23), Tapered::new(1, 11),
    Tapered::new(11, 13), Tapered::new(19, 3), Tapered::new(7, 8), Tapered::new(21, -17), Tapered::new(13, 23), Tapered::new(-1, -10),
    // rook mobility
    Tapered::new(-42, -4), Tapered::new(-21, -25), Tapered::new(-20, -12), Tapered::new(-14, -17), Tapered::new(-14, 6), Tapered::new(-8, 5), Tapered::new(-11, 12), Tapered::new(-7, 16),
    Tapered::new(-7, 16), Tapered::new(2, 22), Tapered::new(11, 15), Tapered::new(-14, 27), Tapered::new(-4, 21), Tapered::new(-4, 17), Tapered::new(151, -98),
    // queen mobility
    Tapered::new(-13, -2), Tapered::new(0, -4), Tapered::new(-32, -2), Tapered::new(-18, -14), Tapered::new(-17, -6), Tapered::new(-7, -31), Tapered::new(-7, -14), Tapered::new(-4, -5),
    Tapered::new(-1, -19), Tapered::new(8, -9), Tapered::new(10, -11), Tapered::new(4, 19), Tapered::new(4, 10), Tapered::new(18, 13), Tapered::new(17, 32), Tapered::new(4, 29),
    Tapered::new(15, 16), Tapered::new(14, 11), Tapered::new(6, 9), Tapered::new(-1, 10), Tapered::new(1, 8), Tapered::new(8, -2), Tapered::new(3, -7), Tapered::new(-1, -4),
    Tapered::new(-5, -11), Tapered::new(-5, -10), Tapered::new(0, -1), Tapered::new(-2, -5),
    // passed pawn by rank
    Tapered::new(0, 0), Tapered::new(54, 24), Tapered::new(-17, 26), Tapered::new(-3, 44), Tapered::new(19, 55), Tapered::new(45, 47), Tapered::new(35, 86), Tapered::new(0, 0),
    // passed pawn, own king distance by rank
    Tapered::new(0, 0), Tapered::new(-5, -4), Tapered::new(10, -11), Tapered::new(9, -13), Tapered::new(6, -15), Tapered::new(3, -16), Tapered::new(8, -10), Tapered::new(0, 0),
    // passed pawn, their king distance by rank
    Tapered::new(0, 0), Tapered::new(-7, -5), Tapered::new(-9, 10), Tapered::new(-5, 8), Tapered::new(-3, 16), Tapered::new(4, 26), Tapered::new(33, 22), Tapered::new(0, 0),
    // passed pawn, free path
    Tapered::new(0, 0), Tapered::new(-22, 11), Tapered::new(-18, 16), Tapered::new(-44, 23), Tapered::new(-27, 19), Tapered::new(-14, 24), Tapered::new(24, 33), Tapered::new(0, 0),
    // passed pawn, safe stop square by rank
    Tapered::new(0, 0), Tapered::new(-12, 28), Tapered::new(13, 10), Tapered::new(8, 8), Tapered::new(10, 11), Tapered::new(29, 34), Tapered::new(24, 33), Tapered::new(0, 0),
    // isolated pawn
    Tapered::new(-10, -15),
    // doubled pawn
    Tapered::new(-36, -5),
    // backward pawn
    Tapered::new(-3, -1),
    // pawn phalanx by rank
    Tapered::new(0, 0), Tapered::new(5, 0), Tapered::new(14, 2), Tapered::new(13, 4), Tapered::new(42, 18), Tapered::new(42, 40), Tapered::new(6, 28), Tapered::new(0, 0),
    // supported pawn by rank
    Tapered::new(0, 0), Tapered::new(0, 0), Tapered::new(22, 16), Tapered::new(21, 3), Tapered::new(28, 17), Tapered::new(74, 49), Tapered::new(39, 80), Tapered::new(0, 0),
    // bishop pair
    Tapered::new(17, 67),
    // rook on open file
    Tapered::new(55, -15),
    // rook on semi-open file
    Tapered::new(24, 8),
    // king shield, next rank
    Tapered::new(24, -5),
    // king shield, second rank
    Tapered::new(15, -7),
    // king on or beside open file
    Tapered::new(-10, -9),
    // king zone attacks by piece
    Tapered::new(0, 0), Tapered::new(24, -11), Tapered::new(17, -7), Tapered::new(34, -14), Tapered::new(27, -5), Tapered::new(0, 0),
    // king zone attackers (count)
    Tapered::new(-9, -4), Tapered::new(-22, -8), Tapered::new(-20, 14), Tapered::new(35, -6), Tapered::new(15, 3), Tapered::new(1, 0), Tapered::new(0, 0), Tapered::new(0, 0),
    // pawn attacks a piece
    Tapered::new(72, 28),
    // minor attacks rook or queen
    Tapered::new(73, -13),
    // rook attacks queen
    Tapered::new(51, 23),
    // undefended piece attacked
    Tapered::new(20, 30),
    // cornered bishop blocked by pawn
    Tapered::new(-30, -10),
    // tempo
    Tapered::new(21, 3),
    // rook on the seventh rank
    Tapered::new(7, 47),
    // minor on an outpost (knight, bishop)
    Tapered::new(40, 12), Tapered::new(23, 2),
    // safe check by piece
    Tapered::new(52, -3), Tapered::new(20, 17), Tapered::new(145, -55), Tapered::new(44, -8),
];
