//! Move-ordering statistics learnt during a search: countermoves, butterfly history
//! (quiet moves by side, from and to), continuation history (quiet moves by the moves one and two
//! plies before) and capture history (by moving piece, target square and victim).
//!
//! Every history value moves toward the bonus it is given and stays within `±HISTORY_MAX`
//! ("gravity"), so old knowledge fades as new results arrive.

use cozy_chess::{Board, Color, Move, Piece, Square};

use super::params;

/// History values stay within this magnitude.
const HISTORY_MAX: i32 = 16_384;

/// A piece of a colour, 0..12 (white pawn .. black king).
pub(super) type ColoredPiece = usize;
const COLORED_PIECES: usize = 12;
const SQUARES: usize = 64;

/// The piece moved and where it went: the context continuation history is keyed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MoveContext {
    pub piece: ColoredPiece,
    pub to: Square,
}

pub(super) fn colored_piece(color: Color, piece: Piece) -> ColoredPiece {
    color as usize * 6 + piece as usize
}

/// The context of `mv` played on `board` (before the move).
pub(super) fn context_of(board: &Board, mv: Move) -> MoveContext {
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    MoveContext { piece: colored_piece(board.side_to_move(), piece), to: mv.to }
}

/// The history bonus for a move that caused a cutoff at `depth` (and malus for those before it).
pub(super) fn bonus(depth: i32) -> i32 {
    (params::history_bonus_quadratic() * depth * depth + params::history_bonus_linear() * depth)
        .min(params::history_bonus_max())
}

fn apply(entry: &mut i16, bonus: i32) {
    let value = *entry as i32;
    let clamped = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *entry = (value + clamped - value * clamped.abs() / HISTORY_MAX) as i16;
}

pub(super) struct History {
    countermoves: Vec<Option<Move>>,
    butterfly: Vec<i16>,
    continuation: Vec<i16>,
    capture: Vec<i16>,
}

impl Default for History {
    fn default() -> Self {
        History {
            countermoves: vec![None; COLORED_PIECES * SQUARES],
            butterfly: vec![0; 2 * SQUARES * SQUARES],
            continuation: vec![0; (COLORED_PIECES * SQUARES) * (COLORED_PIECES * SQUARES)],
            capture: vec![0; COLORED_PIECES * SQUARES * 6],
        }
    }
}

fn context_index(context: MoveContext) -> usize {
    context.piece * SQUARES + context.to as usize
}

fn butterfly_index(color: Color, mv: Move) -> usize {
    (color as usize * SQUARES + mv.from as usize) * SQUARES + mv.to as usize
}

fn continuation_index(previous: MoveContext, current: MoveContext) -> usize {
    context_index(previous) * COLORED_PIECES * SQUARES + context_index(current)
}

fn capture_index(context: MoveContext, victim: Piece) -> usize {
    context_index(context) * 6 + victim as usize
}

impl History {
    /// Forgets everything, in place (as `History::default()`, without allocating again).
    pub(super) fn clear(&mut self) {
        self.countermoves.fill(None);
        self.butterfly.fill(0);
        self.continuation.fill(0);
        self.capture.fill(0);
    }

    pub(super) fn countermove(&self, previous: Option<MoveContext>) -> Option<Move> {
        previous.and_then(|p| self.countermoves[context_index(p)])
    }

    /// Ordering score of a quiet move: butterfly plus continuation history one and two plies back.
    pub(super) fn quiet_score(
        &self,
        color: Color,
        mv: Move,
        current: MoveContext,
        previous: &[Option<MoveContext>; 2],
    ) -> i32 {
        let mut score = self.butterfly[butterfly_index(color, mv)] as i32;
        for context in previous.iter().flatten() {
            score += self.continuation[continuation_index(*context, current)] as i32;
        }
        score
    }

    pub(super) fn capture_score(&self, context: MoveContext, victim: Piece) -> i32 {
        self.capture[capture_index(context, victim)] as i32
    }

    /// Rewards the quiet move `best` that caused a cutoff and punishes the quiet moves tried before it.
    pub(super) fn reward_quiet(
        &mut self,
        board: &Board,
        best: Move,
        tried: &[Move],
        previous: &[Option<MoveContext>; 2],
        depth: i32,
    ) {
        if let Some(p) = previous[0] {
            self.countermoves[context_index(p)] = Some(best);
        }
        let amount = bonus(depth);
        self.update_quiet(board, best, previous, amount);
        for &mv in tried.iter().filter(|&&mv| mv != best) {
            self.update_quiet(board, mv, previous, -amount);
        }
    }

    fn update_quiet(&mut self, board: &Board, mv: Move, previous: &[Option<MoveContext>; 2], amount: i32) {
        let color = board.side_to_move();
        apply(&mut self.butterfly[butterfly_index(color, mv)], amount);
        let current = context_of(board, mv);
        for context in previous.iter().flatten() {
            apply(&mut self.continuation[continuation_index(*context, current)], amount);
        }
    }

    /// Rewards the capture `best` (or none, after a quiet cutoff) and punishes the captures tried
    /// before it.
    pub(super) fn reward_captures(&mut self, board: &Board, best: Option<Move>, tried: &[Move], depth: i32) {
        let amount = bonus(depth);
        if let Some(mv) = best {
            self.update_capture(board, mv, amount);
        }
        for &mv in tried.iter().filter(|&&mv| Some(mv) != best) {
            self.update_capture(board, mv, -amount);
        }
    }

    fn update_capture(&mut self, board: &Board, mv: Move, amount: i32) {
        let victim = board.piece_on(mv.to).unwrap_or(Piece::Pawn);
        let index = capture_index(context_of(board, mv), victim);
        apply(&mut self.capture[index], amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_values_in_range() {
        let mut entry = 0i16;
        for _ in 0..1000 {
            apply(&mut entry, params::history_bonus_max());
        }
        assert!((entry as i32) <= HISTORY_MAX && entry > 15_000, "{entry}");
        for _ in 0..1000 {
            apply(&mut entry, -params::history_bonus_max());
        }
        assert!((entry as i32) >= -HISTORY_MAX && entry < -15_000, "{entry}");
    }
}
