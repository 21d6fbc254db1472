//! Principal variation search and quiescence search, with the pruning, reductions and extensions of
//! a modern alpha-beta engine.
//!
//! At each node, in order: the rules (draws, see `rules`), mate-distance pruning, a transposition
//! table cutoff, the static evaluation (with the learnt `correction`), then (away from the principal
//! variation and not in check) reverse futility pruning, razoring, null-move pruning and ProbCut;
//! internal iterative reduction when no table move is known; then the moves from the staged picker,
//! with late move pruning, futility, history and SEE pruning, singular extensions (double ones off
//! the principal variation, and multi-cut), check extensions and late move reductions from a
//! logarithmic table. Cutoffs feed the killer, countermove and history tables; a node's result that
//! the static evaluation missed feeds the correction history. Both kinds of history live in the
//! thread's `memory`, kept between the searches of a game.

use cozy_chess::{Board, Move};

use super::correction::Slots;
use super::frame::Tried;
use super::history::context_of;
use super::lmr::{reducible, MoveKind};
use super::movegen::is_noisy;
use super::params;
use super::picker::{MovePicker, QuietContext};
use super::prune::{NodeFacts, Prune};
use super::rules::Repetition;
use super::score::{self, DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use super::tt::Bound;
use super::worker::Worker;

impl Worker<'_> {
    pub(super) fn negamax(
        &mut self,
        board: &Board,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.pv.clear(ply);
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        let excluded = self.frames[ply].excluded;
        // The rules come first, also at the horizon: a drawn leaf is not evaluated.
        let repetition = if root { Repetition::None } else { self.repetition(board, ply) };
        if !root {
            if let Some(score) = self.rule_draw(board, ply, pv_node, repetition) {
                self.nodes += 1;
                return score;
            }
        }
        let in_check = !board.checkers().is_empty();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(board, alpha, beta, ply);
        }
        if self.visit(ply) {
            return DRAW;
        }
        if !root {
            if ply >= MAX_PLY - 1 {
                return self.evaluate(board, ply);
            }
            // Mate distance pruning: no line from here beats a mate already found closer to the root.
            alpha = alpha.max(score::mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let key = board.hash();
        let entry = if excluded.is_some() { None } else { self.tt.probe(key) };
        // A position met before the root, or any node near the root while the game is repeating
        // itself, may be a step from a threefold that the stored score (from a search with fewer
        // occurrences) knows nothing of: search it instead.
        let distrust = repetition == Repetition::Earlier || ply <= self.guard_plies;
        let tt_score = entry.map(|e| score::from_tt(e.score, ply));
        if let (Some(e), Some(tt_score)) = (entry, tt_score) {
            let fits = e.bound.settles(tt_score, alpha, beta);
            if !root && !pv_node && !distrust && e.depth >= depth && fits && self.tt_score_usable(tt_score, ply) {
                return tt_score;
            }
        }
        let tt_move = if root { self.root_first_move() } else { entry.and_then(|e| e.mv) };

        let raw_eval = if in_check { None } else { Some(self.raw_eval(board, entry.and_then(|e| e.eval))) };
        let uncorrected_eval = raw_eval.map(|e| self.scale_for_clock(e, ply));
        let slots = raw_eval.map(|_| Slots::of(board));
        let static_eval = uncorrected_eval.zip(slots).map(|(e, slots)| self.memory.correction.corrected(slots, e));
        self.frames[ply].static_eval = static_eval;
        let improving = self.improving(ply, static_eval);
        // The table's score bounds the evaluation better than the evaluation itself.
        let eval = match (static_eval, entry, tt_score) {
            (Some(se), Some(e), Some(ts)) if !score::is_mate(ts) && !distrust && self.tt_score_usable(ts, ply) => {
                // A bound on the far side of the evaluation replaces it (equal scores change nothing).
                if e.bound.settles(ts, se, se) {
                    ts
                } else {
                    se
                }
            }
            (Some(se), _, _) => se,
            (None, _, _) => -INFINITY,
        };
        self.frames[ply + 1].killers = [None; 2];
        let near_limit = self.near_limit(ply);

        if !root && !pv_node && !in_check && excluded.is_none() && !near_limit {
            if let Some(score) = self.prune_node(board, depth, alpha, beta, ply, cut_node, eval, improving) {
                return score;
            }
            if self.aborted {
                return DRAW;
            }
            let probcut_beta = beta + params::probcut_margin();
            // Unless the table already says this node fails low against the ProbCut bound.
            let table_denies = entry.zip(tt_score).is_some_and(|(e, ts)| {
                e.depth > depth - params::probcut_reduction() && ts < probcut_beta && e.bound != Bound::Lower
            });
            if depth >= params::probcut_depth() && beta.abs() < MATE_BOUND && !table_denies {
                let evals = (static_eval.unwrap_or(eval), raw_eval);
                if let Some(score) = self.probcut(board, depth, probcut_beta, evals, tt_move, ply, cut_node) {
                    return score;
                }
                if self.aborted {
                    return DRAW;
                }
            }
        }
        // Internal iterative reduction: without a table move this node was never searched well.
        if depth >= params::iir_depth()
            && tt_move.is_none()
            && excluded.is_none()
            && (pv_node || cut_node)
            && !near_limit
        {
            depth -= 1;
        }

        // A capture from the table is likely best here: the quiet moves after it are reduced more.
        let tt_noisy = tt_move.is_some_and(|m| is_noisy(board, m));
        let previous = self.previous_moves(ply);
        let countermove = self.memory.history.countermove(previous[0]);
        let killers = self.frames[ply].killers;
        let buffer = self.frames[ply].buffer.take().unwrap_or_default();
        let mut picker = MovePicker::with_buffer(board, tt_move, true, buffer);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut legal = 0;
        let mut searched = 0;
        let mut tried = std::mem::take(&mut self.frames[ply].tried);
        tried.clear();
        // Computed when move pruning first asks whether a move gives check.
        let mut check_squares = None;
        loop {
            let next = {
                let context = QuietContext { history: &self.memory.history, killers, countermove, previous };
                picker.next(board, &context)
            };
            let Some(mv) = next else { break };
            if Some(mv) == excluded {
                continue;
            }
            if root && !self.root_allowed(mv) {
                continue;
            }
            legal += 1;
            let quiet = !is_noisy(board, mv);
            let moved = context_of(board, mv);
            let history =
                if quiet { self.memory.history.quiet_score(board.side_to_move(), mv, moved, &previous) } else { 0 };

            if !root && best_score > -MATE_BOUND && !near_limit {
                let node = NodeFacts { depth, alpha, static_eval, improving };
                let pruned = self.prune_move(board, mv, quiet.then_some(history), legal, node, &mut check_squares);
                match pruned {
                    Prune::Keep => {}
                    Prune::Skip => continue,
                    Prune::SkipLaterQuiets => {
                        picker.stop_ordering_quiets();
                        continue;
                    }
                }
            }

            let mut extension = 0;
            if let (Some(e), Some(ts)) = (entry, tt_score) {
                let candidate = !root
                    && Some(mv) == tt_move
                    && depth >= params::singular_depth()
                    && e.depth >= depth - params::singular_tt_depth_slack()
                    && e.bound != Bound::Upper
                    && !score::is_mate(ts)
                    && !distrust
                    && self.tt_score_usable(ts, ply);
                if candidate {
                    let singular_beta = ts - 2 * depth;
                    self.frames[ply].excluded = Some(mv);
                    let score = self.negamax(board, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, cut_node);
                    self.frames[ply].excluded = None;
                    self.pv.clear(ply);
                    if self.aborted {
                        return DRAW;
                    }
                    if score < singular_beta {
                        let doubles = self.frames[ply].double_extensions;
                        let far_below = score < singular_beta - params::double_extension_margin();
                        extension = if !pv_node && far_below && (doubles as i32) < params::double_extensions_max() {
                            2
                        } else {
                            1
                        };
                    } else if singular_beta >= beta {
                        // Multi-cut: more than one move beats beta.
                        self.frames[ply].buffer = Some(picker.into_buffer());
                        self.frames[ply].tried = tried;
                        return singular_beta;
                    } else if ts >= beta {
                        extension = -1;
                    }
                }
            }

            let nodes_before = self.nodes;
            let child = self.play(board, mv, ply, true);
            self.frames[ply].moved = Some(moved);
            self.pass_double_extensions(ply, extension);
            let gives_check = !child.checkers().is_empty();
            let new_depth = depth - 1 + extension;
            searched += 1;
            let score = if searched == 1 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, !pv_node && !cut_node)
            } else {
                let mut reduction = 0;
                let kind = MoveKind { quiet, losing: picker.past_good_noisy(), gives_check };
                if depth >= params::lmr_depth() && reducible(root, searched, kind) && !near_limit {
                    reduction = self.reductions.get(depth, searched);
                    reduction += !pv_node as i32 + cut_node as i32 - improving as i32 - gives_check as i32;
                    if quiet {
                        reduction -= history / params::lmr_history_divisor();
                        // The killers and the countermove refuted a sibling line: likelier to matter.
                        let remembered = killers.contains(&Some(mv)) || countermove == Some(mv);
                        reduction -= remembered as i32;
                        reduction += tt_noisy as i32;
                    }
                    reduction = reduction.min(new_depth - 1).max(0);
                }
                let mut score = -self.negamax(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 {
                    let deeper = score
                        > best_score + params::lmr_deeper_margin() + params::lmr_deeper_margin_per_ply() * new_depth;
                    let shallower = score < best_score + params::lmr_shallower_margin();
                    let research_depth = new_depth + deeper as i32 - shallower as i32;
                    if research_depth > new_depth - reduction {
                        score = -self.negamax(&child, research_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
                    }
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, false);
                }
                score
            };
            self.keys.pop();
            if self.aborted {
                return DRAW;
            }
            if root {
                self.add_root_move_nodes(mv, self.nodes - nodes_before);
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if root && self.pv_index == 0 {
                        self.best_line = self.pv.line(0).to_vec();
                        self.best_score = score;
                        self.best_bound = if score >= beta { Bound::Lower } else { Bound::Exact };
                    }
                    if alpha >= beta {
                        self.reward(board, ply, mv, quiet, &tried, depth);
                        break;
                    }
                }
            }
            tried.push(mv, quiet);
        }
        self.frames[ply].buffer = Some(picker.into_buffer());
        self.frames[ply].tried = tried;

        if legal == 0 {
            return if excluded.is_some() {
                alpha
            } else if in_check {
                score::mated_in(ply)
            } else {
                self.draw_score(ply, pv_node)
            };
        }
        if excluded.is_none() {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, best_move, score::to_tt(best_score, ply), raw_eval, depth, bound);
            // Near the fifty-move limit results are the rules' (draws), not the position's: not learnt.
            let quiet_best = best_move.is_none_or(|mv| !is_noisy(board, mv));
            let learn = quiet_best && !near_limit && !score::is_mate(best_score);
            if let (Some(uncorrected), Some(corrected), Some(slots)) = (uncorrected_eval, static_eval, slots) {
                if learn && bound.settles(best_score, corrected, corrected) {
                    self.memory.correction.update(slots, depth, best_score, uncorrected);
                }
            }
        }
        best_score
    }

    /// History updates after `best` caused a cutoff.
    pub(super) fn reward(&mut self, board: &Board, ply: usize, best: Move, quiet: bool, tried: &Tried, depth: i32) {
        if quiet {
            self.frames[ply].add_killer(best);
            let previous = self.previous_moves(ply);
            self.memory.history.reward_quiet(board, best, &tried.quiets, &previous, depth);
            self.memory.history.reward_captures(board, None, &tried.captures, depth);
        } else {
            self.memory.history.reward_captures(board, Some(best), &tried.captures, depth);
        }
    }
}
