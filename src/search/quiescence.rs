//! Quiescence search: at the horizon, captures and queen promotions only (all evasions in check)
//! until the position is quiet, so that no evaluation is taken in the middle of an exchange.

use cozy_chess::{Board, Piece};

use super::params;
use super::picker::{MovePicker, QuietContext};
use super::score::{self, DRAW, INFINITY, MAX_PLY};
use super::tt::Bound;
use super::worker::{Step, Worker};
use crate::position::movegen::victim;
use crate::position::see::{see_ge, value};

impl Worker<'_> {
    pub(super) fn quiescence(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv.clear(ply);
        if self.visit(ply) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval(board, ply, None).clocked;
        }
        if self.limit_reached(ply) {
            // An evasion that was no capture ran the clock out (captures reset it).
            return self.limit_score(board, ply, false);
        }
        let pv_node = beta - alpha > 1;
        let key = board.hash();
        let entry = self.tt_entry(board, key);
        if let Some(e) = entry.filter(|_| !pv_node) {
            let tt_score = score::from_tt(e.score, ply);
            if e.bound.settles(tt_score, alpha, beta) && self.tt_score_usable(tt_score, ply) {
                return tt_score;
            }
        }
        let in_check = !board.checkers().is_empty();
        let mut best_score = -INFINITY;
        let mut raw_eval = None;
        let mut stand_pat = -INFINITY;
        if !in_check {
            let chain = self.static_eval(board, ply, entry.and_then(|e| e.raw_eval));
            raw_eval = Some(chain.raw);
            stand_pat = chain.corrected;
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }
        let tt_move = entry.and_then(|e| e.mv);
        let buffer = self.frames[ply].buffer.take().unwrap_or_default();
        let mut picker = MovePicker::with_buffer(board, tt_move, in_check, buffer);
        let mut legal = 0;
        let mut best_move = None;
        loop {
            let next = picker.next(board, &QuietContext::history_only(&self.memory.history));
            let Some(mv) = next else { break };
            legal += 1;
            if !in_check {
                // The picker checked the exchange of every noisy move but the table move; what it
                // hands out after the good ones all lose material.
                if picker.past_good_noisy() {
                    break;
                }
                if Some(mv) == tt_move && !see_ge(board, mv, 0) {
                    continue;
                }
                let material =
                    victim(board, mv).map_or(0, value) + mv.promotion.map_or(0, |p| value(p) - value(Piece::Pawn));
                let gain = score::from_material(material, params::delta_pawn_gain());
                if stand_pat + gain + params::delta_margin() <= alpha {
                    continue;
                }
            }
            let child = self.make(board, ply, Step::Horizon(mv));
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            self.unmake(ply);
            if self.progress.aborted {
                return DRAW;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.frames[ply].buffer = Some(picker.into_buffer());
        if in_check && legal == 0 {
            return score::mated_in(ply);
        }
        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        self.shared.tt.store(key, best_move, score::to_tt(best_score, ply), raw_eval, 0, bound);
        best_score
    }
}
