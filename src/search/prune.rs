//! Pruning: what is cut before or instead of a full search.
//!
//! At a node (not in check, off the principal variation): reverse futility pruning, razoring, null-move
//! pruning and ProbCut, each of which can end the node. Per move: late move pruning, futility pruning,
//! history pruning and SEE pruning, each of which skips the move.

use cozy_chess::{Board, Piece};

use super::node::{Candidate, Node};
use super::params;
use super::picker::{MovePicker, QuietContext};
use super::score::{self, DRAW, TB_BOUND};
use super::tt::Bound;
use super::worker::{Step, Worker};
use crate::position::movegen::CheckSquares;
use crate::position::see::see_ge;

/// What move-level pruning decides for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prune {
    Keep,
    Skip,
    /// Skip this quiet move; the later quiet moves will be pruned too unless they give check.
    SkipLaterQuiets,
}

/// Whether the side to move has a piece other than pawns and its king (null move is then safe enough
/// from zugzwang).
fn has_non_pawn_material(board: &Board) -> bool {
    let ours = board.colors(board.side_to_move());
    !(ours & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King))).is_empty()
}

impl Worker<'_> {
    /// Node-level pruning before any move is searched (not in check, off the principal variation):
    /// reverse futility, razoring, null move and ProbCut. `Some(score)` ends the node.
    pub(super) fn prune_node(&mut self, board: &Board, node: &Node) -> Option<i32> {
        let (depth, eval) = (node.depth, node.eval);
        // Reverse futility: so far above beta that no move is expected to fall below it.
        if depth <= params::rfp_depth()
            && eval - params::rfp_margin() * (depth - node.improving as i32) >= node.beta
            && eval < TB_BOUND
        {
            return Some(eval);
        }
        // Razoring: so far below alpha that only the captures of quiescence could help.
        if depth <= params::razor_depth()
            && eval + params::razor_base() + params::razor_per_depth_squared() * depth * depth < node.alpha
        {
            let score = self.quiescence(board, node.alpha, node.alpha + 1, node.ply);
            if score <= node.alpha {
                return Some(score);
            }
        }
        let cut = self.null_move(board, node);
        if cut.is_some() || self.progress.aborted {
            return Some(cut.unwrap_or(DRAW));
        }
        let cut = self.probcut(board, node);
        if cut.is_some() || self.progress.aborted {
            return Some(cut.unwrap_or(DRAW));
        }
        None
    }

    /// Null-move pruning: when passing still beats beta at a reduced depth, a move will too. Not
    /// twice in a row, nor with pawns alone (zugzwang).
    fn null_move(&mut self, board: &Board, node: &Node) -> Option<i32> {
        let ply = node.ply;
        let after_null = ply >= 1 && self.frames[ply - 1].moved.is_none();
        let applies = node.depth >= params::nmp_depth()
            && node.eval >= node.beta
            && !after_null
            && has_non_pawn_material(board)
            && node.beta > -TB_BOUND;
        if !applies {
            return None;
        }
        let reduction = params::nmp_base()
            + node.depth / params::nmp_depth_divisor()
            + ((node.eval - node.beta) / params::nmp_eval_divisor()).min(params::nmp_eval_max());
        let child = self.make(board, ply, Step::Null);
        let score = -self.negamax(&child, node.depth - reduction, -node.beta, -node.beta + 1, ply + 1, !node.cut_node);
        self.unmake(ply);
        if self.progress.aborted || score < node.beta {
            return None;
        }
        Some(if score >= TB_BOUND { node.beta } else { score })
    }

    /// ProbCut: searches the captures whose exchange alone could beat a bound above beta, first by
    /// quiescence, then at reduced depth; `Some(score)` when one beats it (the node fails high).
    /// Unless the table already says the node fails low against that bound.
    fn probcut(&mut self, board: &Board, node: &Node) -> Option<i32> {
        let (depth, ply) = (node.depth, node.ply);
        let probcut_beta = node.beta + params::probcut_margin();
        let reduced = depth - params::probcut_reduction();
        let tt_denies =
            node.tt.is_some_and(|(e, ts)| e.depth > reduced && ts < probcut_beta && e.bound != Bound::Lower);
        if depth < params::probcut_depth() || node.beta.abs() >= TB_BOUND || tt_denies {
            return None;
        }
        let static_eval = node.corrected_eval().unwrap_or(node.eval);
        let buffer = self.frames[ply].buffer.take().unwrap_or_default();
        let mut picker = MovePicker::with_buffer(board, node.tt_move, false, buffer);
        let mut result = None;
        loop {
            let next = picker.next(board, &QuietContext::history_only(&self.memory.history));
            let Some(mv) = next else { break };
            // What the picker hands out after the good captures loses material.
            if picker.past_good_noisy() {
                break;
            }
            if !see_ge(board, mv, score::to_material(probcut_beta - static_eval, params::probcut_see_pawn())) {
                continue;
            }
            let child = self.make(board, ply, Step::Move(mv, 0));
            let mut score = -self.quiescence(&child, -probcut_beta, -probcut_beta + 1, ply + 1);
            if score >= probcut_beta && !self.progress.aborted {
                score = -self.negamax(&child, reduced, -probcut_beta, -probcut_beta + 1, ply + 1, !node.cut_node);
            }
            self.unmake(ply);
            if self.progress.aborted {
                break;
            }
            if score >= probcut_beta {
                let raw_eval = node.static_eval.map(|e| e.raw);
                let stored = score::to_tt(score, ply);
                self.shared.tt.store(board.hash(), Some(mv), stored, raw_eval, reduced + 1, Bound::Lower);
                result = Some(score);
                break;
            }
        }
        self.frames[ply].buffer = Some(picker.into_buffer());
        result
    }

    /// Move-level pruning: late move pruning and futility pruning of quiet moves that give no check
    /// (not in check: the static evaluation is `None` there), history pruning of quiet moves the
    /// history tables expect to fail, SEE pruning of quiet moves and captures.
    pub(super) fn prune_move(
        &self,
        board: &Board,
        node: &Node,
        candidate: &Candidate,
        check_squares: &mut Option<CheckSquares>,
    ) -> Prune {
        let (depth, mv, static_eval) = (node.depth, candidate.mv, node.corrected_eval());
        let reduction = self.reductions.get(depth, candidate.number);
        let lmr_depth = (depth - 1 - reduction).max(0);
        if !candidate.quiet {
            let losing = depth <= params::see_noisy_depth() && !see_ge(board, mv, -params::see_noisy_margin() * depth);
            return if losing { Prune::Skip } else { Prune::Keep };
        }
        let late = static_eval.is_some()
            && candidate.number as i32 > (params::lmp_base() + depth * depth) / (2 - node.improving as i32);
        let futile = lmr_depth <= params::futility_depth()
            && static_eval.is_some_and(|se| {
                se + params::futility_base() + params::futility_per_depth() * lmr_depth <= node.alpha
            });
        if (late || futile) && !check_squares.get_or_insert_with(|| CheckSquares::new(board)).gives_check(board, mv) {
            // Both conditions only get stronger for the moves after this one.
            return Prune::SkipLaterQuiets;
        }
        if lmr_depth <= params::history_prune_depth() && candidate.history < -params::history_prune_margin() * depth {
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
