//! What one node of the search knows of itself as it is set up step by step (its window, its place
//! in the tree, what the transposition table and the endgame tables say, its static evaluations),
//! and what one of its moves brings to the pruning and reduction decisions.

use cozy_chess::Move;

use super::score::INFINITY;
use super::tt::Entry;
use super::worker::StaticEval;

/// One node of `negamax`, filled in by its steps in order.
pub(super) struct Node {
    pub depth: i32,
    /// The window; `alpha` rises as moves beat it.
    pub alpha: i32,
    pub beta: i32,
    pub ply: usize,
    pub root: bool,
    pub pv_node: bool,
    /// Expected to fail high (a null-window child of a principal-variation or all node).
    pub cut_node: bool,
    pub in_check: bool,
    /// The move the singular-extension search leaves out.
    pub excluded: Option<Move>,
    /// A position met before the root, or a node near the root while the game repeats itself: the
    /// table's score is not trusted here (it knows nothing of the repetitions on the way).
    pub distrust: bool,
    /// The transposition table's entry, with its score seen from this ply.
    pub tt: Option<(Entry, i32)>,
    pub tt_move: Option<Move>,
    /// The table move is a capture or promotion (set by the move loop).
    pub tt_noisy: bool,
    /// What the endgame tables guarantee at a principal-variation node.
    pub tb_floor: i32,
    pub tb_ceiling: i32,
    /// The evaluation chain (`None` in check).
    pub static_eval: Option<StaticEval>,
    /// The static evaluation, or the table's score where that bounds it better (`-INFINITY` in
    /// check).
    pub eval: i32,
    /// The static evaluation is better than two plies before.
    pub improving: bool,
    /// Within reach of the fifty-move limit: only the rules decide, so no pruning or reductions.
    pub near_limit: bool,
}

impl Node {
    /// A node searched with the window (`alpha`, `beta`), its kind (`pv_node` from the window it was
    /// called with) and whether it is in check, before the table is probed.
    pub(super) fn new(
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
        (pv_node, cut_node, in_check): (bool, bool, bool),
    ) -> Node {
        Node {
            depth,
            alpha,
            beta,
            ply,
            root: ply == 0,
            pv_node,
            cut_node,
            in_check,
            excluded: None,
            distrust: false,
            tt: None,
            tt_move: None,
            tt_noisy: false,
            tb_floor: -INFINITY,
            tb_ceiling: INFINITY,
            static_eval: None,
            eval: -INFINITY,
            improving: false,
            near_limit: false,
        }
    }

    /// The corrected static evaluation (`None` in check).
    pub(super) fn corrected_eval(&self) -> Option<i32> {
        self.static_eval.map(|e| e.corrected)
    }
}

/// One move of a node, as the move loop sees it before searching it.
pub(super) struct Candidate {
    pub mv: Move,
    /// Neither a capture nor a promotion.
    pub quiet: bool,
    /// Its history score (quiet moves; 0 for the others).
    pub history: i32,
    /// Its number among the legal moves handed out at the node, from 1.
    pub number: usize,
    /// Handed out after the good captures (a capture so marked loses material).
    pub losing: bool,
    /// A killer or the countermove: it refuted a sibling line, so likelier to matter.
    pub remembered: bool,
}
