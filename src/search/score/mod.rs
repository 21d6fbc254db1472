//! Search scores: centipawns, mate distances, tablebase wins and the one place they become UCI
//! `cp`/`mate`; `wdl`: what a score means to a user (the win/draw/loss model and the normalised
//! centipawns).

pub mod wdl;

use cozy_chess::Piece;

use crate::position::see;

/// Material in exchange values (`see::value`, 100 a pawn) as search units, at `pawn` search units
/// a pawn: the two scales are never added unconverted.
pub fn from_material(value: i32, pawn: i32) -> i32 {
    value * pawn / see::value(Piece::Pawn)
}

/// Search units as material in exchange values, at `pawn` search units a pawn (for `see::see_ge`).
pub fn to_material(units: i32, pawn: i32) -> i32 {
    units * see::value(Piece::Pawn) / pawn
}

/// Deepest ply the search reaches (also the size of per-ply tables).
pub const MAX_PLY: usize = 128;
/// Score of being mated at the root; mated in `n` plies scores `-MATE + n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this magnitude are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A tablebase win at the root; a win known from a table `n` plies away scores `TB_WIN - n`. Below
/// every mate, so that a mate the search finds still beats a table's win.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores beyond this magnitude are tablebase wins or mates: decided games.
pub const TB_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// How UCI shows a tablebase win `n` plies away: `cp` of this less `n`, as Stockfish does.
const TB_WIN_CP: i32 = 20_000;
/// Larger than any score.
pub const INFINITY: i32 = MATE + 1;
/// Score of a drawn position.
pub const DRAW: i32 = 0;

/// Score for the side to move being checkmated at `ply`.
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

pub fn is_mate(score: i32) -> bool {
    score.abs() > MATE_BOUND
}

/// A mate or a tablebase win or loss: the game is decided, not evaluated.
pub fn is_decisive(score: i32) -> bool {
    score.abs() > TB_BOUND
}

/// Score for the side to move winning by a table position `ply` plies from the root.
pub fn tb_win_in(ply: usize) -> i32 {
    TB_WIN - ply as i32
}

/// Plies to the mate of a mate score, or to the table position of a tablebase score.
pub fn decisive_distance(score: i32) -> u32 {
    let top = if is_mate(score) { MATE } else { TB_WIN };
    (top - score.abs()).max(0) as u32
}

/// Converts a score relative to the current node into one relative to the root distance stored in
/// the transposition table (mate and tablebase scores count plies from the node).
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score > TB_BOUND {
        score + ply as i32
    } else if score < -TB_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of `to_tt`.
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score > TB_BOUND {
        score - ply as i32
    } else if score < -TB_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciScore {
    Centipawns(i32),
    /// Moves (not plies) to mate; negative when the engine is being mated.
    Mate(i32),
}

pub fn to_uci(score: i32) -> UciScore {
    if score > MATE_BOUND {
        UciScore::Mate((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        UciScore::Mate(-(MATE + score) / 2)
    } else if is_decisive(score) {
        UciScore::Centipawns(score.signum() * (TB_WIN_CP - decisive_distance(score) as i32))
    } else {
        UciScore::Centipawns(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At 100 search units a pawn the scales coincide; at the net's pawn a knight is worth less in
    /// search units, and a margin in search units asks for more material.
    #[test]
    fn material_and_search_units_convert_at_the_pawn_given() {
        let knight = see::value(Piece::Knight);
        assert_eq!(from_material(knight, 100), knight);
        assert_eq!(to_material(knight, 100), knight);
        assert_eq!(from_material(knight, 66), 211);
        assert_eq!(to_material(66, 66), see::value(Piece::Pawn));
    }
}
