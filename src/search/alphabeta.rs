//! Principal variation search, with the extensions and reductions of a modern alpha-beta engine
//! (its pruning is in `prune`, the horizon in `quiescence`).
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
//!
//! Where the methods of a `Worker` live (one node, followed from `negamax`):
//!
//! | file | methods |
//! | --- | --- |
//! | `iterate.rs` | `iterate` (iterative deepening), `search_lines` (MultiPV), `aspiration`, the answer |
//! | `alphabeta.rs` | `negamax`, `evaluate_node`, `singularity`, `reduction`, `search_late_move`, `reward`, `store_node` |
//! | `rules.rs` | `repetition`, `upcoming_repetition`, `rule_draw`, `limit_reached`, `limit_score`, `tt_score_usable` |
//! | `tablebase.rs` | `probe_tables` (WDL in the tree), `root_table_score` |
//! | `prune.rs` | `prune_node` (RFP, razoring, null move), `probcut`, `prune_move` (LMP, futility, SEE) |
//! | `quiescence.rs` | `quiescence` |
//! | `worker.rs` | `visit` (node count, limits), `play`, `static_eval` (the evaluation chain), frames' small steps |
//! | `root.rs` | the root's lines: best line, MultiPV lines, nodes a root move |

use cozy_chess::{Board, Move};

use super::frame::Tried;
use super::history::context_of;
use super::lmr::{reducible, MoveKind};
use super::params;
use super::picker::{MovePicker, QuietContext};
use super::prune::{NodeFacts, Prune};
use super::rules::Repetition;
use super::score::{self, DRAW, INFINITY, MATE, MAX_PLY, TB_BOUND};
use super::tablebase::TableProbe;
use super::tt::{Bound, Entry};
use super::worker::{StaticEval, Worker};
use crate::position::movegen::is_noisy;

/// The singular search's bound lies this many centipawns a ply of depth below the table's score.
const SINGULAR_MARGIN_PER_PLY: i32 = 2;

/// What the moves of a node share, once the node is set up.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    beta: i32,
    ply: usize,
    root: bool,
    pv_node: bool,
    cut_node: bool,
    improving: bool,
    /// Within reach of the fifty-move limit: no reductions.
    near_limit: bool,
}

/// What a late move's reduction depends on, besides its node.
struct LateMove {
    /// Its number among the moves searched at the node, from 1.
    searched: usize,
    kind: MoveKind,
    /// Its history score (quiet moves).
    history: i32,
    /// A killer or the countermove.
    remembered: bool,
    /// The table move is a capture or promotion.
    tt_noisy: bool,
}

/// A node's static evaluations (`None` in check).
struct Evals {
    chain: Option<StaticEval>,
    /// The static evaluation, or the table's score where that bounds it better (`-INFINITY` in check).
    bounded: i32,
}

/// What the singular-extension search says of the table move.
enum Singularity {
    /// Extend it this many plies (-1 to 2).
    Extend(i32),
    /// Another move beats beta too: the node fails high with this score.
    MultiCut(i32),
    Aborted,
}

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
                self.progress.nodes += 1;
                return score;
            }
        }
        // A reversible move back into a repetition holds the draw: alpha rises to it before any search
        // (on the principal variation to just below it, so that the drawing move still enters the PV).
        let held = if root { -INFINITY } else { self.draw_score(ply, pv_node) - i32::from(pv_node) };
        if alpha < held && self.upcoming_repetition(board, ply) {
            alpha = held;
            if alpha >= beta {
                self.progress.nodes += 1;
                return alpha;
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
                return self.static_eval(board, ply, None).uncorrected;
            }
            // Mate distance pruning: no line from here beats a mate already found closer to the root.
            alpha = alpha.max(score::mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let key = board.hash();
        let entry = if excluded.is_some() { None } else { self.table_entry(board, key) };
        // A position met before the root, or any node near the root while the game is repeating
        // itself, may be a step from a threefold that the stored score (from a search with fewer
        // occurrences) knows nothing of: search it instead.
        let distrust = repetition == Repetition::Earlier || ply <= self.path.guard_plies;
        let tt_score = entry.map(|e| score::from_tt(e.score, ply));
        if let (Some(e), Some(tt_score)) = (entry, tt_score) {
            let fits = e.bound.settles(tt_score, alpha, beta);
            if !root && !pv_node && !distrust && e.depth >= depth && fits && self.tt_score_usable(tt_score, ply) {
                return tt_score;
            }
        }
        // Right after a capture or pawn move with few pieces left: the endgame tables know the result.
        let (mut table_floor, mut table_ceiling) = (-INFINITY, INFINITY);
        if !root && excluded.is_none() && self.shared.tb_cardinality > 0 {
            match self.probe_tables(board, depth, ply, alpha, beta) {
                TableProbe::Settled(score) => return score,
                TableProbe::AtLeast(score) if pv_node => {
                    table_floor = score;
                    alpha = alpha.max(score);
                }
                TableProbe::AtMost(score) if pv_node => table_ceiling = score,
                _ => {}
            }
        }
        let tt_move = if root { self.root.first_move() } else { entry.and_then(|e| e.mv) };

        let evals = self.evaluate_node(board, ply, entry, tt_score.filter(|_| !distrust));
        let (raw_eval, static_eval, eval) =
            (evals.chain.map(|e| e.raw), evals.chain.map(|e| e.corrected), evals.bounded);
        self.frames[ply].static_eval = static_eval;
        let improving = self.improving(ply, static_eval);
        self.frames[ply + 1].killers = [None; 2];
        let near_limit = self.near_limit(ply);

        if !root && !pv_node && !in_check && excluded.is_none() && !near_limit {
            if let Some(score) = self.prune_node(board, depth, alpha, beta, ply, cut_node, eval, improving) {
                return score;
            }
            if self.progress.aborted {
                return DRAW;
            }
            let probcut_beta = beta + params::probcut_margin();
            // Unless the table already says this node fails low against the ProbCut bound.
            let table_denies = entry.zip(tt_score).is_some_and(|(e, ts)| {
                e.depth > depth - params::probcut_reduction() && ts < probcut_beta && e.bound != Bound::Lower
            });
            if depth >= params::probcut_depth() && beta.abs() < TB_BOUND && !table_denies {
                let evals = (static_eval.unwrap_or(eval), raw_eval);
                if let Some(score) = self.probcut(board, depth, probcut_beta, evals, tt_move, ply, cut_node) {
                    return score;
                }
                if self.progress.aborted {
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
        let node = Node { depth, beta, ply, pv_node, cut_node, improving, near_limit, root };
        let original_alpha = alpha;
        let mut best_score = table_floor;
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

            if !root && best_score > -TB_BOUND && !near_limit {
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
                    && !score::is_decisive(ts)
                    && !distrust
                    && self.tt_score_usable(ts, ply);
                if candidate {
                    match self.singularity(board, mv, ts, &node) {
                        Singularity::Extend(plies) => extension = plies,
                        Singularity::MultiCut(score) => {
                            self.frames[ply].buffer = Some(picker.into_buffer());
                            self.frames[ply].tried = tried;
                            return score;
                        }
                        Singularity::Aborted => return DRAW,
                    }
                }
            }

            let nodes_before = self.progress.nodes;
            let child = self.play(board, mv, ply, true);
            self.frames[ply].moved = Some(moved);
            self.pass_double_extensions(ply, extension);
            let gives_check = !child.checkers().is_empty();
            let new_depth = depth - 1 + extension;
            searched += 1;
            let score = if searched == 1 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, !pv_node && !cut_node)
            } else {
                let late = LateMove {
                    searched,
                    kind: MoveKind { quiet, losing: picker.past_good_noisy(), gives_check },
                    history,
                    // The killers and the countermove refuted a sibling line: likelier to matter.
                    remembered: killers.contains(&Some(mv)) || countermove == Some(mv),
                    tt_noisy,
                };
                let reduction = self.reduction(&node, &late, new_depth);
                self.search_late_move(&child, &node, new_depth, reduction, (alpha, best_score))
            };
            self.path.keys.pop();
            if self.progress.aborted {
                return DRAW;
            }
            if root {
                self.root.add_move_nodes(mv, self.progress.nodes - nodes_before);
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.pv.update(ply, mv);
                    if root && self.root.pv_index == 0 {
                        self.root.best_line = self.pv.line(0).to_vec();
                        self.root.best_score = score;
                        self.root.best_bound = if score >= beta { Bound::Lower } else { Bound::Exact };
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
        // A table's loss caps what the moves found.
        best_score = best_score.min(table_ceiling);
        if excluded.is_none() {
            self.store_node(board, &node, (best_move, best_score), original_alpha, &evals);
        }
        best_score
    }

    /// The evaluations of the node at `ply` (none in check): the table `entry`'s or computed, scaled
    /// for the clock, corrected by what the search learnt, and bounded by the table's score
    /// `tt_score` when it may be trusted here.
    fn evaluate_node(&mut self, board: &Board, ply: usize, entry: Option<Entry>, tt_score: Option<i32>) -> Evals {
        if !board.checkers().is_empty() {
            return Evals { chain: None, bounded: -INFINITY };
        }
        let chain = self.static_eval(board, ply, entry.and_then(|e| e.eval));
        let corrected = chain.corrected;
        // The table's score bounds the evaluation better than the evaluation itself: a bound on the far
        // side of the evaluation replaces it (equal scores change nothing).
        let bounded = match entry.zip(tt_score) {
            Some((e, ts))
                if !score::is_decisive(ts)
                    && self.tt_score_usable(ts, ply)
                    && e.bound.settles(ts, corrected, corrected) =>
            {
                ts
            }
            _ => corrected,
        };
        Evals { chain: Some(chain), bounded }
    }

    /// Stores the node's result in the table, and teaches the correction history what the static
    /// evaluation missed. `best`: the best move and score; `original_alpha`: alpha on entry.
    fn store_node(
        &mut self,
        board: &Board,
        node: &Node,
        best: (Option<Move>, i32),
        original_alpha: i32,
        evals: &Evals,
    ) {
        let (best_move, best_score) = best;
        let bound = if best_score >= node.beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored = score::to_tt(best_score, node.ply);
        self.shared.tt.store(board.hash(), best_move, stored, evals.chain.map(|e| e.raw), node.depth, bound);
        // Near the fifty-move limit results are the rules' (draws), not the position's: not learnt.
        let quiet_best = best_move.is_none_or(|mv| !is_noisy(board, mv));
        let learn = quiet_best && !node.near_limit && !score::is_decisive(best_score);
        if let Some(chain) = evals.chain {
            if learn && !chain.exact && bound.settles(best_score, chain.corrected, chain.corrected) {
                self.memory.correction.update(chain.slots, node.depth, best_score, chain.uncorrected);
            }
        }
    }

    /// The singular-extension search: the node searched without the table move `mv`, shallower and
    /// against a bound just below the table's score `tt_score`, tells how far to extend `mv`.
    fn singularity(&mut self, board: &Board, mv: Move, tt_score: i32, node: &Node) -> Singularity {
        let Node { depth, ply, cut_node, .. } = *node;
        let singular_beta = tt_score - SINGULAR_MARGIN_PER_PLY * depth;
        self.frames[ply].excluded = Some(mv);
        let score = self.negamax(board, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, cut_node);
        self.frames[ply].excluded = None;
        self.pv.clear(ply);
        if self.progress.aborted {
            return Singularity::Aborted;
        }
        if score < singular_beta {
            let doubles = self.frames[ply].double_extensions as i32;
            let far_below = score < singular_beta - params::double_extension_margin();
            let double = !node.pv_node && far_below && doubles < params::double_extensions_max();
            Singularity::Extend(if double { 2 } else { 1 })
        } else if singular_beta >= node.beta {
            // Multi-cut: more than one move beats beta.
            Singularity::MultiCut(singular_beta)
        } else if tt_score >= node.beta {
            Singularity::Extend(-1)
        } else {
            Singularity::Extend(0)
        }
    }

    /// How many plies less than `new_depth` a late move is searched at first.
    fn reduction(&self, node: &Node, late: &LateMove, new_depth: i32) -> i32 {
        let eligible = node.depth >= params::lmr_depth() && reducible(node.root, late.searched, late.kind);
        if !eligible || node.near_limit {
            return 0;
        }
        let mut reduction = self.reductions.get(node.depth, late.searched);
        reduction += !node.pv_node as i32 + node.cut_node as i32 - node.improving as i32;
        reduction -= late.kind.gives_check as i32;
        if late.kind.quiet {
            reduction -= late.history / params::lmr_history_divisor();
            reduction -= late.remembered as i32;
            reduction += late.tt_noisy as i32;
        }
        reduction.min(new_depth - 1).max(0)
    }

    /// A late move: a null-window search `reduction` plies shallower, again at the full depth (one
    /// ply more or less by how far it beat the best score so far) when it beats alpha, and with the
    /// full window at a principal-variation node when it lands inside it. `(alpha, best_score)`: the
    /// node's so far.
    fn search_late_move(
        &mut self,
        child: &Board,
        node: &Node,
        new_depth: i32,
        reduction: i32,
        (alpha, best_score): (i32, i32),
    ) -> i32 {
        let ply = node.ply;
        let mut score = -self.negamax(child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
        if score > alpha && reduction > 0 {
            let deeper_margin = params::lmr_deeper_margin() + params::lmr_deeper_margin_per_ply() * new_depth;
            let deeper = score > best_score + deeper_margin;
            let shallower = score < best_score + params::lmr_shallower_margin();
            let research_depth = new_depth + deeper as i32 - shallower as i32;
            if research_depth > new_depth - reduction {
                score = -self.negamax(child, research_depth, -alpha - 1, -alpha, ply + 1, !node.cut_node);
            }
        }
        if node.pv_node && score > alpha && score < node.beta {
            score = -self.negamax(child, new_depth, -node.beta, -alpha, ply + 1, false);
        }
        score
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
