//! A middlegame/endgame pair of values and the game phase that blends them.

/// Phase of the start position (and of any position with all its pieces).
pub const PHASE_TOTAL: i32 = 24;

/// A middlegame/endgame pair of values, blended by game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tapered {
    pub mg: i32,
    pub eg: i32,
}

impl Tapered {
    pub const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered { mg, eg }
    }

    /// Blends by `phase` (PHASE_TOTAL = full middlegame, 0 = bare endgame).
    pub fn blend(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL
    }
}
