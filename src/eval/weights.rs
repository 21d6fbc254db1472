//! Evaluation weights: one place for everything tuning may change.
//!
//! The piece-square tables are built from simple shapes (centralisation, pawn advance, king shelter)
//! rather than copied tables; Texel tuning will replace them.

use super::Tapered;

/// Phase weight per piece (pawn, knight, bishop, rook, queen, king).
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the start position.
pub const PHASE_TOTAL: i32 = 24;

/// Material per piece (pawn, knight, bishop, rook, queen, king).
pub const MATERIAL: [Tapered; 6] = [
    Tapered::new(100, 130),
    Tapered::new(320, 300),
    Tapered::new(340, 320),
    Tapered::new(480, 540),
    Tapered::new(960, 1020),
    Tapered::new(0, 0),
];

pub const BISHOP_PAIR: Tapered = Tapered::new(30, 50);
/// Bonus for having the move.
pub const TEMPO: i32 = 10;
/// Share of the evaluation (per cent) given up when the halfmove clock reaches the fifty-move limit.
pub const CLOCK_DROP_PCT: i32 = 50;

/// Piece-square tables from white's side, a1 = 0, indexed [piece][square].
pub const PST: [[Tapered; 64]; 6] = build_tables();

/// 0 on the four centre squares up to 3 on the rim.
const fn rim_distance(file: i32, rank: i32) -> i32 {
    let df = (2 * file - 7).abs();
    let dr = (2 * rank - 7).abs();
    let d = if df > dr { df } else { dr };
    (d - 1) / 2
}

const PAWN_ADVANCE_MG: [i32; 8] = [0, 0, 5, 10, 20, 35, 60, 0];
const PAWN_ADVANCE_EG: [i32; 8] = [0, 0, 10, 20, 35, 55, 80, 0];
const PAWN_CENTRE_MG: i32 = 10;
const KING_HOME_MG: [i32; 8] = [20, 30, 10, 0, 0, 10, 30, 20];
const KING_SECOND_RANK_MG: [i32; 8] = [10, 10, -5, -10, -10, -5, 10, 10];
const ROOK_SEVENTH: Tapered = Tapered::new(15, 10);

const fn square_value(piece: usize, file: i32, rank: i32) -> Tapered {
    let centre = 3 - rim_distance(file, rank);
    match piece {
        0 => {
            let central = if (file == 3 || file == 4) && (rank == 3 || rank == 4) { PAWN_CENTRE_MG } else { 0 };
            Tapered::new(PAWN_ADVANCE_MG[rank as usize] + central, PAWN_ADVANCE_EG[rank as usize])
        }
        1 => Tapered::new(centre * 10 - 15, centre * 8 - 12),
        2 => Tapered::new(centre * 5 - 7, centre * 5 - 7),
        3 => {
            if rank == 6 {
                ROOK_SEVENTH
            } else {
                Tapered::new(0, 0)
            }
        }
        4 => Tapered::new(centre * 3 - 4, centre * 6 - 9),
        _ => {
            let mg = match rank {
                0 => KING_HOME_MG[file as usize],
                1 => KING_SECOND_RANK_MG[file as usize],
                _ => -30 - 5 * rank,
            };
            Tapered::new(mg, centre * 12 - 18)
        }
    }
}

const fn build_tables() -> [[Tapered; 64]; 6] {
    let mut tables = [[Tapered::new(0, 0); 64]; 6];
    let mut piece = 0;
    while piece < 6 {
        let mut square = 0;
        while square < 64 {
            tables[piece][square] = square_value(piece, (square % 8) as i32, (square / 8) as i32);
            square += 1;
        }
        piece += 1;
    }
    tables
}
