//! Search scores: centipawns, mate distances and the one place they become UCI `cp`/`mate`.

/// Deepest ply the search reaches (also the size of per-ply tables).
pub const MAX_PLY: usize = 128;
/// Score of being mated at the root; mated in `n` plies scores `-MATE + n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this magnitude are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
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

/// Plies until the mate of a mate score (either side mated).
pub fn mate_distance(score: i32) -> u32 {
    (MATE - score.abs()).max(0) as u32
}

/// Converts a score relative to the current node into one relative to the root distance stored in
/// the transposition table (mate scores count plies from the node).
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of `to_tt`.
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
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
    } else {
        UciScore::Centipawns(score)
    }
}
