//! The root's lines, as one search thread keeps them: the best line so far with its score and
//! bound, the MultiPV lines of the last completed iteration, which line is being looked for, and the
//! nodes spent below each root move (for time management).

use cozy_chess::Move;

use super::score::INFINITY;
use super::tt::Bound;

/// One line of the root's MultiPV: its score and principal variation.
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub score: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
}

pub(super) struct RootLines {
    /// Nodes spent below each root move (by from and to square).
    root_nodes: Vec<u64>,
    /// Best line so far: from the last completed iteration or a root move that beat it since.
    pub best_line: Vec<Move>,
    pub best_score: i32,
    /// `Lower` when `best_score` came from a fail-high at the root (it beat the window's beta).
    pub best_bound: Bound,
    /// The lines of the last completed iteration, best first (one unless MultiPV).
    pub lines: Vec<Line>,
    /// Which MultiPV line the root search is looking for (0: the best).
    pub pv_index: usize,
    /// Root moves of the lines already found in this iteration: the next line leaves them out.
    pub excluded: Vec<Move>,
}

impl RootLines {
    pub(super) fn new() -> RootLines {
        RootLines {
            root_nodes: vec![0; 64 * 64],
            best_line: Vec::new(),
            best_score: -INFINITY,
            best_bound: Bound::Exact,
            lines: Vec::new(),
            pv_index: 0,
            excluded: Vec::new(),
        }
    }

    /// Nodes spent below the root move `mv`.
    pub(super) fn move_nodes(&self, mv: Move) -> u64 {
        self.root_nodes[mv.from as usize * 64 + mv.to as usize]
    }

    /// Counts `nodes` more below the root move `mv`.
    pub(super) fn add_move_nodes(&mut self, mv: Move, nodes: u64) {
        self.root_nodes[mv.from as usize * 64 + mv.to as usize] += nodes;
    }

    /// The move to try first at the root: the best move so far of the line being searched.
    pub(super) fn first_move(&self) -> Option<Move> {
        if self.pv_index == 0 {
            self.best_line.first().copied()
        } else {
            self.lines.get(self.pv_index).and_then(|line| line.pv.first().copied())
        }
    }
}
