//! The staged move picker.
//!
//! A node's moves come out in stages, each generated only when reached: the transposition-table
//! move; captures and queen promotions that do not lose material (by SEE), most valuable victim and
//! capture history first; quiet moves (killers, then the countermove, then by butterfly and
//! continuation history); and last the captures that lose material. Most cutoffs happen in the first
//! stages, so most nodes never generate their quiet moves.

use cozy_chess::{Board, Move, Piece, Square};

use super::history::{colored_piece, History, MoveContext};
use super::params;
use crate::position::movegen::{generate, is_noisy, victim_of, Kind};
use crate::position::see::{see_ge, value};

/// More than the most legal moves any position has (218).
const MAX_MOVES: usize = 256;
const KILLER_SCORE: i32 = 1 << 24;
const COUNTERMOVE_SCORE: i32 = 1 << 23;

const NULL_MOVE: Move = Move { from: Square::A1, to: Square::A1, promotion: None };

/// A capture of a piece worth at least the capturer: never loses material (the side capturing can
/// stop after any recapture), so no exchange needs to be looked at.
fn wins_or_trades(board: &Board, mv: Move) -> bool {
    let attacker = board.piece_on(mv.from);
    let target = board.piece_on(mv.to).filter(|_| board.colors(!board.side_to_move()).has(mv.to));
    match (attacker, target) {
        (Some(attacker), Some(target)) => mv.promotion.is_none() && value(target) >= value(attacker),
        _ => false,
    }
}

/// Score marking a noisy move that lost its exchange: handed out after the quiet moves.
const BAD_NOISY: i32 = i32::MIN;

/// One node's moves with ordering scores: the noisy moves first, then (once generated) the quiet ones.
struct ScoredMoves {
    moves: [Move; MAX_MOVES],
    scores: [i32; MAX_MOVES],
    len: usize,
}

impl ScoredMoves {
    fn new() -> ScoredMoves {
        ScoredMoves { moves: [NULL_MOVE; MAX_MOVES], scores: [0; MAX_MOVES], len: 0 }
    }

    fn push(&mut self, mv: Move, score: i32) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.scores[self.len] = score;
            self.len += 1;
        }
    }

    /// Moves the best-scored entry of `from..self.len` to `from` (one selection-sort step).
    /// The first of equal scores wins; nothing happens when `from..self.len` is empty.
    fn select_best(&mut self, from: usize) {
        let Some((&first, rest)) = self.scores.get(from..self.len).and_then(|s| s.split_first()) else {
            return;
        };
        let mut best = 0;
        let mut best_score = first;
        for (i, &score) in (1..).zip(rest) {
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        self.moves.swap(from, from + best);
        self.scores.swap(from, from + best);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TableMove,
    GenerateNoisy,
    GoodNoisy,
    GenerateQuiet,
    Quiet,
    BadNoisy,
    Done,
}

/// What the picker needs to know of the search to order quiet moves.
pub(super) struct QuietContext<'a> {
    pub history: &'a History,
    pub killers: [Option<Move>; 2],
    pub countermove: Option<Move>,
    /// The moves one and two plies before this node.
    pub previous: [Option<MoveContext>; 2],
}

impl QuietContext<'_> {
    /// Ordering by the history tables alone (quiescence and ProbCut: no killers, no previous moves).
    pub(super) fn history_only(history: &History) -> QuietContext<'_> {
        QuietContext { history, killers: [None; 2], countermove: None, previous: [None; 2] }
    }
}

/// The storage of one picker, handed back and forth so that a search reuses one per ply instead of
/// clearing a fresh one at every node.
pub(super) struct MoveBuffer(Box<ScoredMoves>);

impl Default for MoveBuffer {
    fn default() -> Self {
        MoveBuffer(Box::new(ScoredMoves::new()))
    }
}

/// Hands out a node's moves stage by stage (see the module comment).
pub(super) struct MovePicker {
    stage: Stage,
    tt_move: Option<Move>,
    with_quiets: bool,
    /// The remaining quiet moves are wanted only for a few exceptions: no need to sort them.
    unordered_quiets: bool,
    list: Box<ScoredMoves>,
    /// Next entry of `list` to hand out.
    next: usize,
    /// Entries `..noisy_end` of `list` are the noisy moves.
    noisy_end: usize,
}

impl MovePicker {
    /// A picker over all moves (`with_quiets`) or only noisy ones, trying `tt_move` first when it
    /// is legal (and noisy, if only noisy moves are wanted).
    #[cfg(test)]
    pub(super) fn new(board: &Board, tt_move: Option<Move>, with_quiets: bool) -> MovePicker {
        MovePicker::with_buffer(board, tt_move, with_quiets, MoveBuffer::default())
    }

    /// As `new`, storing the moves in `buffer` (get it back with `into_buffer`).
    pub(super) fn with_buffer(
        board: &Board,
        tt_move: Option<Move>,
        with_quiets: bool,
        buffer: MoveBuffer,
    ) -> MovePicker {
        let tt_move = tt_move.filter(|&mv| board.is_legal(mv) && (with_quiets || is_noisy(board, mv)));
        let mut list = buffer.0;
        list.len = 0;
        MovePicker {
            stage: Stage::TableMove,
            tt_move,
            with_quiets,
            unordered_quiets: false,
            list,
            next: 0,
            noisy_end: 0,
        }
    }

    /// The storage, for the next picker at the same ply.
    pub(super) fn into_buffer(self) -> MoveBuffer {
        MoveBuffer(self.list)
    }

    /// Hand out the remaining quiet moves in any order (the search prunes nearly all of them).
    pub(super) fn stop_ordering_quiets(&mut self) {
        self.unordered_quiets = true;
    }

    /// The next move, or `None` when all have been handed out.
    pub(super) fn next(&mut self, board: &Board, context: &QuietContext) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::GenerateNoisy;
                    if self.tt_move.is_some() {
                        return self.tt_move;
                    }
                }
                Stage::GenerateNoisy => {
                    self.generate_noisy(board, context.history);
                    self.noisy_end = self.list.len;
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => {
                    if self.next >= self.noisy_end {
                        if self.with_quiets {
                            self.stage = Stage::GenerateQuiet;
                        } else {
                            self.stage = Stage::BadNoisy;
                            self.next = 0;
                        }
                        continue;
                    }
                    self.list.select_best(self.next);
                    let index = self.next;
                    self.next += 1;
                    let mv = self.list.moves[index];
                    if Some(mv) == self.tt_move {
                        continue;
                    }
                    if wins_or_trades(board, mv) || see_ge(board, mv, 0) {
                        return Some(mv);
                    }
                    self.list.scores[index] = BAD_NOISY;
                }
                Stage::GenerateQuiet => {
                    self.generate_quiet(board, context);
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    if self.next >= self.list.len {
                        self.stage = Stage::BadNoisy;
                        self.next = 0;
                        continue;
                    }
                    if !self.unordered_quiets {
                        self.list.select_best(self.next);
                    }
                    let mv = self.list.moves[self.next];
                    self.next += 1;
                    if Some(mv) != self.tt_move {
                        return Some(mv);
                    }
                }
                Stage::BadNoisy => {
                    // Bad noisy moves keep their place among the noisy entries, in the order found.
                    while self.next < self.noisy_end && self.list.scores[self.next] != BAD_NOISY {
                        self.next += 1;
                    }
                    if self.next >= self.noisy_end {
                        self.stage = Stage::Done;
                        continue;
                    }
                    self.next += 1;
                    return Some(self.list.moves[self.next - 1]);
                }
                Stage::Done => return None,
            }
        }
    }

    /// Whether the picker is past the good captures (the moves it hands out now are quiet or losing).
    pub(super) fn past_good_noisy(&self) -> bool {
        self.stage > Stage::GoodNoisy
    }

    fn generate_noisy(&mut self, board: &Board, history: &History) {
        let list = &mut self.list;
        let color = board.side_to_move();
        generate(board, Kind::Noisy, |mv, piece| {
            let victim = victim_of(board, mv, piece);
            let promotion = if mv.promotion.is_some() { value(Piece::Queen) } else { 0 };
            let context = MoveContext { piece: colored_piece(color, piece), to: mv.to };
            let capture_history = victim.map_or(0, |v| history.capture_score(context, v));
            list.push(mv, params::victim_weight() * (victim.map_or(0, value) + promotion) + capture_history / 2);
        });
    }

    fn generate_quiet(&mut self, board: &Board, context: &QuietContext) {
        let list = &mut self.list;
        let color = board.side_to_move();
        generate(board, Kind::Quiet, |mv, piece| {
            let score = if Some(mv) == context.killers[0] {
                KILLER_SCORE
            } else if Some(mv) == context.killers[1] {
                KILLER_SCORE - 1
            } else if Some(mv) == context.countermove {
                COUNTERMOVE_SCORE
            } else {
                let current = MoveContext { piece: colored_piece(color, piece), to: mv.to };
                context.history.quiet_score(color, mv, current, &context.previous)
            };
            list.push(mv, score);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::movegen::{legal_moves, MIXED_FENS};

    fn all_picked(fen: &str, tt_move: Option<&str>) -> Vec<Move> {
        let board: Board = fen.parse().expect("fen");
        let history = History::default();
        let context = QuietContext::history_only(&history);
        let mut picker = MovePicker::new(&board, tt_move.map(|m| m.parse().expect("move")), true);
        let mut picked = Vec::new();
        while let Some(mv) = picker.next(&board, &context) {
            picked.push(mv);
        }
        picked
    }

    #[test]
    fn picker_hands_out_every_legal_move_once() {
        for fen in MIXED_FENS {
            let board: Board = fen.parse().expect("fen");
            let mut expected = legal_moves(&board);
            let mut picked = all_picked(fen, None);
            let first = picked[0];
            let with_table = all_picked(fen, Some(&first.to_string()));
            assert_eq!(with_table[0], first);
            expected.sort_by_key(|m| m.to_string());
            picked.sort_by_key(|m| m.to_string());
            assert_eq!(picked, expected, "{fen}");
            let mut with_table = with_table;
            with_table.sort_by_key(|m| m.to_string());
            assert_eq!(with_table, expected, "{fen}");
        }
    }

    #[test]
    fn good_captures_come_before_quiets_and_losing_captures_after() {
        // Qxd5 wins an undefended pawn; Qxb7 loses the queen to the rook.
        let fen = "1r2k3/1p6/8/3p4/8/1Q6/8/4K3 w - - 0 1";
        let picked: Vec<String> = all_picked(fen, None).iter().map(|m| m.to_string()).collect();
        assert_eq!(picked.first().map(String::as_str), Some("b3d5"));
        assert_eq!(picked.last().map(String::as_str), Some("b3b7"));
    }
}
