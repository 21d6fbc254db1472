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
//! `negamax` reads as the node's steps in order, each filling in the `Node` (`node.rs`); the move
//! loop is `search_moves`. Where the methods of a `Worker` live (one node, followed from `negamax`):
//!
//! | file | methods |
//! | --- | --- |
//! | `iterate.rs` | `iterate` (iterative deepening), `search_lines` (MultiPV), `aspiration`, the answer |
//! | `alphabeta.rs` | `negamax` and its steps: `rules_end`, `probe_node`, `evaluate_node`, `search_moves`, `store_node` |
//! | `extend.rs` | `singular_extension`, `reduction`, `search_late_move` (how deep a move is searched) |
//! | `rules.rs` | `repetition`, `upcoming_repetition`, `rule_draw`, `limit_reached`, `limit_score`, `tt_score_usable` |
//! | `tablebase.rs` | `probe_tb` (WDL in the tree), `root_tb_score` |
//! | `prune.rs` | `prune_node` (RFP, razoring, null move, ProbCut), `prune_move` (LMP, futility, SEE) |
//! | `quiescence.rs` | `quiescence` |
//! | `worker.rs` | `visit` (node count, limits), `make` and `unmake`, `static_eval` (the evaluation chain) |
//! | `root.rs` | the root's lines: best line, MultiPV lines, nodes a root move |

use cozy_chess::{Board, Move};

use super::extend::Singularity;
use super::frame::Tried;
use super::history::context_of;
use super::node::{Candidate, Node};
use super::params;
use super::picker::{MovePicker, QuietContext};
use super::prune::Prune;
use super::rules::Repetition;
use super::score::{self, DRAW, MATE, MAX_PLY, TB_BOUND};
use super::tablebase::TbProbe;
use super::tt::Bound;
use super::worker::Worker;
use crate::position::movegen::is_noisy;

/// How the move loop of a node ended.
enum Outcome {
    /// The moves are searched, or one failed high: the best move and score, and the legal moves met.
    Searched { best_move: Option<Move>, best_score: i32, legal: usize },
    /// The node ends with this score before its moves are done (multi-cut, or the search stopped).
    Ended(i32),
}

impl Worker<'_> {
    pub(super) fn negamax(
        &mut self,
        board: &Board,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.pv.clear(ply);
        let pv_node = beta - alpha > 1;

        // Step 1. The rules come first, also at the horizon: a drawn leaf is not evaluated.
        let repetition = if ply == 0 { Repetition::None } else { self.repetition(board, ply) };
        if ply > 0 {
            if let Some(score) = self.rules_end(board, ply, pv_node, repetition, (&mut alpha, beta)) {
                self.progress.nodes += 1;
                return score;
            }
        }

        // Step 2. The horizon (a check is extended) and the node count.
        let in_check = !board.checkers().is_empty();
        let depth = depth + in_check as i32;
        if depth <= 0 {
            return self.quiescence(board, alpha, beta, ply);
        }
        if self.visit(ply) {
            return DRAW;
        }
        let mut node = Node::new(depth, (alpha, beta), ply, (pv_node, cut_node, in_check));
        node.excluded = self.frames[ply].excluded;

        // Step 3. The deepest ply, and mate distance pruning: no line from here beats a mate already
        // found closer to the root.
        if !node.root {
            if ply >= MAX_PLY - 1 {
                return self.static_eval(board, ply, None).clocked;
            }
            node.alpha = node.alpha.max(score::mated_in(ply));
            node.beta = node.beta.min(MATE - ply as i32 - 1);
            if node.alpha >= node.beta {
                return node.alpha;
            }
        }

        // Step 4. The transposition table, then the endgame tables.
        if let Some(score) = self.probe_node(board, &mut node, repetition) {
            return score;
        }

        // Step 5. The static evaluation.
        self.evaluate_node(board, &mut node);
        self.killers.clear(ply + 1);

        // Step 6. Node pruning, off the principal variation and out of check.
        if !node.root && !node.pv_node && !node.in_check && node.excluded.is_none() && !node.near_limit {
            if let Some(score) = self.prune_node(board, &node) {
                return score;
            }
        }

        // Step 7. Internal iterative reduction: without a table move this node was never searched well.
        if node.depth >= params::iir_depth()
            && node.tt_move.is_none()
            && node.excluded.is_none()
            && (node.pv_node || node.cut_node)
            && !node.near_limit
        {
            node.depth -= 1;
        }

        // Step 8. The moves.
        let original_alpha = node.alpha;
        let (best_move, best_score, legal) = match self.search_moves(board, &mut node) {
            Outcome::Searched { best_move, best_score, legal } => (best_move, best_score, legal),
            Outcome::Ended(score) => return score,
        };

        // Step 9. The result: mate or stalemate without a legal move; a table's loss caps what the
        // moves found; the transposition table keeps it.
        if legal == 0 {
            return if node.excluded.is_some() {
                node.alpha
            } else if node.in_check {
                score::mated_in(ply)
            } else {
                self.draw_score(ply, node.pv_node)
            };
        }
        let best_score = best_score.min(node.tb_ceiling);
        if node.excluded.is_none() {
            self.store_node(board, &node, (best_move, best_score), original_alpha);
        }
        best_score
    }

    /// Step 1, below the root: a draw by the rules ends the node; a reversible move back into a
    /// repetition holds the draw, so alpha rises to it before any search (on the principal variation
    /// to just below it, so that the drawing move still enters the PV). `Some(score)` ends the node.
    fn rules_end(
        &self,
        board: &Board,
        ply: usize,
        pv_node: bool,
        repetition: Repetition,
        (alpha, beta): (&mut i32, i32),
    ) -> Option<i32> {
        if let Some(score) = self.rule_draw(board, ply, pv_node, repetition) {
            return Some(score);
        }
        let held = self.draw_score(ply, pv_node) - i32::from(pv_node);
        if *alpha < held && self.upcoming_repetition(board, ply) {
            *alpha = held;
            if *alpha >= beta {
                return Some(*alpha);
            }
        }
        None
    }

    /// Step 4: what the transposition table knows of the node (a cutoff off the principal variation
    /// when its score settles the window), then what the endgame tables know. `Some(score)` ends
    /// the node.
    fn probe_node(&mut self, board: &Board, node: &mut Node, repetition: Repetition) -> Option<i32> {
        let ply = node.ply;
        // A position met before the root, or any node near the root while the game is repeating
        // itself, may be a step from a threefold that the stored score (from a search with fewer
        // occurrences) knows nothing of: search it instead.
        node.distrust = repetition == Repetition::Earlier || ply <= self.key_path().guard_plies;
        let entry = if node.excluded.is_some() { None } else { self.tt_entry(board, board.hash()) };
        node.tt = entry.map(|e| (e, score::from_tt(e.score, ply)));
        if let Some((e, tt_score)) = node.tt {
            let fits = e.bound.settles(tt_score, node.alpha, node.beta);
            let trusted = !node.root && !node.pv_node && !node.distrust;
            if trusted && e.depth >= node.depth && fits && self.tt_score_usable(tt_score, ply) {
                return Some(tt_score);
            }
        }
        // Right after a capture or pawn move with few pieces left: the endgame tables know the result.
        if !node.root && node.excluded.is_none() && self.shared.tb_cardinality > 0 {
            match self.probe_tb(board, node) {
                TbProbe::Settled(score) => return Some(score),
                TbProbe::AtLeast(score) if node.pv_node => {
                    node.tb_floor = score;
                    node.alpha = node.alpha.max(score);
                }
                TbProbe::AtMost(score) if node.pv_node => node.tb_ceiling = score,
                _ => {}
            }
        }
        node.tt_move = if node.root { self.root.first_move() } else { entry.and_then(|e| e.mv) };
        None
    }

    /// Step 5: the static evaluation (none in check), from the table's raw evaluation or computed,
    /// scaled for the clock and corrected by what the search learnt; the table's score where it
    /// bounds it better and may be trusted here; whether it improves; and whether the fifty-move
    /// limit is near.
    fn evaluate_node(&mut self, board: &Board, node: &mut Node) {
        let ply = node.ply;
        if !node.in_check {
            let chain = self.static_eval(board, ply, node.tt.and_then(|(e, _)| e.raw_eval));
            let corrected = chain.corrected;
            // A bound on the far side of the evaluation replaces it (equal scores change nothing).
            node.eval = match node.tt.filter(|_| !node.distrust) {
                Some((e, ts))
                    if !score::is_decisive(ts)
                        && self.tt_score_usable(ts, ply)
                        && e.bound.settles(ts, corrected, corrected) =>
                {
                    ts
                }
                _ => corrected,
            };
            node.static_eval = Some(chain);
        }
        self.frames[ply].static_eval = node.corrected_eval();
        node.improving = self.improving(ply, node.corrected_eval());
        node.near_limit = self.near_limit(ply);
    }

    /// Step 8: the moves from the staged picker, each pruned, extended or reduced, until one fails
    /// high. The node's alpha rises with the best score.
    fn search_moves(&mut self, board: &Board, node: &mut Node) -> Outcome {
        let ply = node.ply;
        node.tt_noisy = node.tt_move.is_some_and(|mv| is_noisy(board, mv));
        let previous = self.previous_moves(ply);
        let countermove = self.memory.history.countermove(previous[0]);
        let killers = self.killers.get(ply);
        let buffer = self.frames[ply].buffer.take().unwrap_or_default();
        let mut picker = MovePicker::with_buffer(board, node.tt_move, true, buffer);
        let mut tried = std::mem::take(&mut self.frames[ply].tried);
        tried.clear();
        let (mut best_move, mut best_score) = (None, node.tb_floor);
        let (mut legal, mut searched) = (0, 0);
        // Computed when move pruning first asks whether a move gives check.
        let mut check_squares = None;
        let outcome = loop {
            let next = {
                let context = QuietContext { history: &self.memory.history, killers, countermove, previous };
                picker.next(board, &context)
            };
            let Some(mv) = next else {
                break Outcome::Searched { best_move, best_score, legal };
            };
            if Some(mv) == node.excluded || (node.root && !self.root_allowed(mv)) {
                continue;
            }
            legal += 1;
            let quiet = !is_noisy(board, mv);
            let history = if quiet {
                self.memory.history.quiet_score(board.side_to_move(), mv, context_of(board, mv), &previous)
            } else {
                0
            };
            let mut candidate = Candidate { mv, quiet, history, number: legal, losing: false, remembered: false };
            if !node.root && best_score > -TB_BOUND && !node.near_limit {
                match self.prune_move(board, node, &candidate, &mut check_squares) {
                    Prune::Keep => {}
                    Prune::Skip => continue,
                    Prune::SkipLaterQuiets => {
                        picker.stop_ordering_quiets();
                        continue;
                    }
                }
            }
            let extension = match self.singular_extension(board, node, mv) {
                Singularity::Extend(plies) => plies,
                Singularity::MultiCut(score) => break Outcome::Ended(score),
                Singularity::Aborted => break Outcome::Ended(DRAW),
            };
            searched += 1;
            if searched > 1 {
                // What a late move's reduction asks, for the moves that get that far.
                candidate.losing = picker.past_good_noisy();
                candidate.remembered = killers.contains(&Some(mv)) || countermove == Some(mv);
            }
            let nodes_before = self.progress.nodes;
            let score = self.search_move(board, node, &candidate, extension, (searched, best_score));
            if self.progress.aborted {
                break Outcome::Ended(DRAW);
            }
            if node.root {
                self.root.add_move_nodes(mv, self.progress.nodes - nodes_before);
            }
            if score > best_score {
                (best_move, best_score) = (Some(mv), score);
                if score > node.alpha && self.raise_alpha(node, mv, score) {
                    self.reward(board, ply, &candidate, &tried, node.depth);
                    break Outcome::Searched { best_move, best_score, legal };
                }
            }
            tried.push(mv, quiet);
        };
        self.frames[ply].buffer = Some(picker.into_buffer());
        self.frames[ply].tried = tried;
        outcome
    }

    /// `mv` scored `score`, above the node's alpha: alpha rises to it, the principal variation and
    /// (at the root) the best line follow. Whether it fails high.
    fn raise_alpha(&mut self, node: &mut Node, mv: Move, score: i32) -> bool {
        node.alpha = score;
        self.pv.update(node.ply, mv);
        if node.root && self.root.pv_index == 0 {
            self.root.best_line = self.pv.line(0).to_vec();
            self.root.best_score = score;
            self.root.best_bound = if score >= node.beta { Bound::Lower } else { Bound::Exact };
        }
        node.alpha >= node.beta
    }

    /// Stores the node's result in the table, and teaches the correction history what the static
    /// evaluation missed. `best`: the best move and score; `original_alpha`: alpha before the moves.
    fn store_node(&mut self, board: &Board, node: &Node, best: (Option<Move>, i32), original_alpha: i32) {
        let (best_move, best_score) = best;
        let bound = if best_score >= node.beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored = score::to_tt(best_score, node.ply);
        let raw_eval = node.static_eval.map(|e| e.raw);
        self.shared.tt.store(board.hash(), best_move, stored, raw_eval, node.depth, bound);
        // Near the fifty-move limit results are the rules' (draws), not the position's: not learnt.
        let quiet_best = best_move.is_none_or(|mv| !is_noisy(board, mv));
        let learn = quiet_best && !node.near_limit && !score::is_decisive(best_score);
        if let Some(chain) = node.static_eval {
            if learn && !chain.exact && bound.settles(best_score, chain.corrected, chain.corrected) {
                self.memory.correction.update(chain.slots, node.depth, best_score, chain.clocked);
            }
        }
    }

    /// History updates after `best` caused a cutoff at `depth`; `tried`: the moves searched before it.
    fn reward(&mut self, board: &Board, ply: usize, best: &Candidate, tried: &Tried, depth: i32) {
        if best.quiet {
            self.killers.add(ply, best.mv);
            let previous = self.previous_moves(ply);
            self.memory.history.reward_quiet(board, best.mv, &tried.quiets, &previous, depth);
            self.memory.history.reward_captures(board, None, &tried.captures, depth);
        } else {
            self.memory.history.reward_captures(board, Some(best.mv), &tried.captures, depth);
        }
    }
}
