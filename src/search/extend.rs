//! How deep each move of a node is searched: singular extensions of the table move (double ones
//! off the principal variation, negative ones, and multi-cut), late move reductions from a
//! logarithmic table, and the re-searches a reduced move that beats alpha earns.

use cozy_chess::{Board, Move};

use super::lmr::{reducible, MoveKind};
use super::node::{Candidate, Node};
use super::params;
use super::score;
use super::tt::Bound;
use super::worker::{Step, Worker};

/// The singular search's bound lies this many search units every three plies of depth below the
/// table's score (two a ply in the hand-crafted evaluation's pawns, rescaled to the net's).
const SINGULAR_MARGIN_PER_3_PLIES: i32 = 4;

/// What the singular-extension search says of a move.
pub(super) enum Singularity {
    /// Extend it this many plies (-1 to 2; 0 for a move that is no candidate).
    Extend(i32),
    /// Another move beats beta too: the node fails high with this score.
    MultiCut(i32),
    Aborted,
}

impl Worker<'_> {
    /// The singular-extension search for `mv`, when it is the table move of a deep enough node with
    /// a trusted, deep enough lower bound or exact score: the node searched without `mv`, shallower
    /// and against a bound just below the table's score, tells how far to extend `mv`.
    pub(super) fn singular_extension(&mut self, board: &Board, node: &Node, mv: Move) -> Singularity {
        let Some((entry, tt_score)) = node.tt else {
            return Singularity::Extend(0);
        };
        let candidate = !node.root
            && Some(mv) == node.tt_move
            && node.depth >= params::singular_depth()
            && entry.depth >= node.depth - params::singular_tt_depth_slack()
            && entry.bound != Bound::Upper
            && !score::is_decisive(tt_score)
            && !node.distrust
            && self.tt_score_usable(tt_score, node.ply);
        if !candidate {
            return Singularity::Extend(0);
        }
        let Node { depth, ply, cut_node, .. } = *node;
        let singular_beta = tt_score - SINGULAR_MARGIN_PER_3_PLIES * depth / 3;
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

    /// Makes `candidate`'s move, searches its child (the first move with the full window, a later
    /// one as a late move), and unmakes it. `(searched, best_score)`: the moves searched at the node
    /// with this one, and the node's best score so far.
    pub(super) fn search_move(
        &mut self,
        board: &Board,
        node: &Node,
        candidate: &Candidate,
        extension: i32,
        (searched, best_score): (usize, i32),
    ) -> i32 {
        let ply = node.ply;
        let child = self.make(board, ply, Step::Move(candidate.mv, extension));
        let new_depth = node.depth - 1 + extension;
        let score = if searched == 1 {
            -self.negamax(&child, new_depth, -node.beta, -node.alpha, ply + 1, !node.pv_node && !node.cut_node)
        } else {
            let gives_check = !child.checkers().is_empty();
            let kind = MoveKind { quiet: candidate.quiet, losing: candidate.losing, gives_check };
            let reduction = self.reduction(node, candidate, kind, searched, new_depth);
            self.search_late_move(&child, node, new_depth, reduction, best_score)
        };
        self.unmake(ply);
        score
    }

    /// How many plies less than `new_depth` the `searched`-th move searched at `node` is searched at
    /// first.
    fn reduction(&self, node: &Node, candidate: &Candidate, kind: MoveKind, searched: usize, new_depth: i32) -> i32 {
        let eligible = node.depth >= params::lmr_depth() && reducible(node.root, searched, kind);
        if !eligible || node.near_limit {
            return 0;
        }
        let mut reduction = self.reductions.get(node.depth, searched);
        reduction += !node.pv_node as i32 + node.cut_node as i32 - node.improving as i32;
        reduction -= kind.gives_check as i32;
        if kind.quiet {
            reduction -= candidate.history / params::lmr_history_divisor();
            reduction -= candidate.remembered as i32;
            // A capture from the table is likely best here: the quiet moves after it are reduced more.
            reduction += node.tt_noisy as i32;
        }
        reduction.min(new_depth - 1).max(0)
    }

    /// A late move: a null-window search `reduction` plies shallower, again at the full depth (one
    /// ply more or less by how far it beat `best_score`, the node's so far) when it beats alpha, and
    /// with the full window at a principal-variation node when it lands inside it.
    fn search_late_move(&mut self, child: &Board, node: &Node, new_depth: i32, reduction: i32, best_score: i32) -> i32 {
        let (ply, alpha) = (node.ply, node.alpha);
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
}
