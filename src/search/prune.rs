//! Pruning: what is cut before or instead of a full search.
//!
//! At a node (not in check, off the principal variation): reverse futility pruning, razoring, null-move
//! pruning and ProbCut, each of which can end the node. Per move: late move pruning, futility pruning,
//! history pruning and SEE pruning, each of which skips the move.

use cozy_chess::{Board, Move, Piece};

use super::history::context_of;
use super::params;
use super::picker::{MovePicker, QuietContext};
use super::score::{self, TB_BOUND};
use super::tt::Bound;
use super::worker::Worker;
use crate::position::movegen::CheckSquares;
use crate::position::repetition_key;
use crate::position::see::see_ge;

/// What move-level pruning decides for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prune {
    Keep,
    Skip,
    /// Skip this quiet move; the later quiet moves will be pruned too unless they give check.
    SkipLaterQuiets,
}

/// What move pruning needs to know of its node.
#[derive(Clone, Copy)]
pub(super) struct NodeFacts {
    pub depth: i32,
    pub alpha: i32,
    /// `None` in check.
    pub static_eval: Option<i32>,
    pub improving: bool,
}

/// Whether the side to move has a piece other than pawns and its king (null move is then safe enough
/// from zugzwang).
fn has_non_pawn_material(board: &Board) -> bool {
    let ours = board.colors(board.side_to_move());
    !(ours & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King))).is_empty()
}

impl Worker<'_> {
    /// Node-level pruning before any move is searched (not in check, off the principal variation):
    /// reverse futility, razoring and null move. `Some(score)` ends the node.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn prune_node(
        &mut self,
        board: &Board,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
        eval: i32,
        improving: bool,
    ) -> Option<i32> {
        if depth <= params::rfp_depth()
            && eval - params::rfp_margin() * (depth - improving as i32) >= beta
            && eval < TB_BOUND
        {
            return Some(eval);
        }
        if depth <= params::razor_depth()
            && eval + params::razor_base() + params::razor_per_depth_squared() * depth * depth < alpha
        {
            let score = self.quiescence(board, alpha, alpha + 1, ply);
            if score <= alpha {
                return Some(score);
            }
        }
        let after_null = ply >= 1 && self.frames[ply - 1].moved.is_none();
        if depth >= params::nmp_depth()
            && eval >= beta
            && !after_null
            && has_non_pawn_material(board)
            && beta > -TB_BOUND
        {
            let reduction = params::nmp_base()
                + depth / params::nmp_depth_divisor()
                + ((eval - beta) / params::nmp_eval_divisor()).min(params::nmp_eval_max());
            let child = board.null_move()?;
            self.frames[ply].moved = None;
            self.pass_double_extensions(ply, 0);
            self.frames[ply + 1].clock = self.frames[ply].clock.saturating_add(1);
            self.pass_accumulator(ply);
            self.path.keys.push(repetition_key(&child));
            let saved_floor = self.path.repetition_floor;
            self.path.repetition_floor = self.path.keys.len() - 1;
            let score = -self.negamax(&child, depth - reduction, -beta, -beta + 1, ply + 1, !cut_node);
            self.path.repetition_floor = saved_floor;
            self.path.keys.pop();
            if self.progress.aborted {
                return None;
            }
            if score >= beta {
                return Some(if score >= TB_BOUND { beta } else { score });
            }
        }
        None
    }

    /// ProbCut: searches the captures whose exchange alone could beat `probcut_beta`, first by
    /// quiescence, then at reduced depth; `Some(score)` when one beats it (the node fails high).
    /// `evals`: the node's static evaluation and its raw evaluation (for the table).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn probcut(
        &mut self,
        board: &Board,
        depth: i32,
        probcut_beta: i32,
        (static_eval, raw_eval): (i32, Option<i32>),
        tt_move: Option<Move>,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let buffer = self.frames[ply].buffer.take().unwrap_or_default();
        let mut picker = MovePicker::with_buffer(board, tt_move, false, buffer);
        let mut result = None;
        loop {
            let next = picker.next(board, &QuietContext::history_only(&self.memory.history));
            let Some(mv) = next else { break };
            // What the picker hands out after the good captures loses material.
            if picker.past_good_noisy() {
                break;
            }
            if !see_ge(board, mv, probcut_beta - static_eval) {
                continue;
            }
            let child = self.play(board, mv, ply, true);
            self.frames[ply].moved = Some(context_of(board, mv));
            self.pass_double_extensions(ply, 0);
            let mut score = -self.quiescence(&child, -probcut_beta, -probcut_beta + 1, ply + 1);
            if score >= probcut_beta && !self.progress.aborted {
                let reduced = depth - params::probcut_reduction();
                score = -self.negamax(&child, reduced, -probcut_beta, -probcut_beta + 1, ply + 1, !cut_node);
            }
            self.path.keys.pop();
            if self.progress.aborted {
                break;
            }
            if score >= probcut_beta {
                let stored = score::to_tt(score, ply);
                self.shared.tt.store(
                    board.hash(),
                    Some(mv),
                    stored,
                    raw_eval,
                    depth - params::probcut_reduction() + 1,
                    Bound::Lower,
                );
                result = Some(score);
                break;
            }
        }
        self.frames[ply].buffer = Some(picker.into_buffer());
        result
    }

    /// Move-level pruning: late move pruning and futility pruning of quiet moves that give no check
    /// (not in check: `static_eval` is `None` there), history pruning of quiet moves the history
    /// tables expect to fail, SEE pruning of quiet moves and captures. `quiet_history` is the history
    /// score of a quiet move, `None` for a capture or promotion.
    pub(super) fn prune_move(
        &self,
        board: &Board,
        mv: Move,
        quiet_history: Option<i32>,
        legal: usize,
        node: NodeFacts,
        check_squares: &mut Option<CheckSquares>,
    ) -> Prune {
        let NodeFacts { depth, alpha, static_eval, improving } = node;
        let reduction = self.reductions.get(depth, legal);
        let lmr_depth = (depth - 1 - reduction).max(0);
        let Some(history) = quiet_history else {
            let losing = depth <= params::see_noisy_depth() && !see_ge(board, mv, -params::see_noisy_margin() * depth);
            return if losing { Prune::Skip } else { Prune::Keep };
        };
        let late =
            static_eval.is_some() && legal as i32 > (params::lmp_base() + depth * depth) / (2 - improving as i32);
        let futile = lmr_depth <= params::futility_depth()
            && static_eval
                .is_some_and(|se| se + params::futility_base() + params::futility_per_depth() * lmr_depth <= alpha);
        if (late || futile) && !check_squares.get_or_insert_with(|| CheckSquares::new(board)).gives_check(board, mv) {
            // Both conditions only get stronger for the moves after this one.
            return Prune::SkipLaterQuiets;
        }
        if lmr_depth <= params::history_prune_depth() && history < -params::history_prune_margin() * depth {
            return Prune::Skip;
        }
        if lmr_depth <= params::see_quiet_depth()
            && !see_ge(board, mv, -params::see_quiet_margin() * lmr_depth * lmr_depth)
        {
            return Prune::Skip;
        }
        Prune::Keep
    }
}
