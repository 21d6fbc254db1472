//! Syzygy tablebases in the search: before it starts, the root moves are ranked by DTZ and the real
//! halfmove clock (`syzygy::root`) and only the best-ranked are searched; in the tree, WDL is probed
//! right after a capture or pawn move (the tables assume a clock of 0).
//!
//! With the root in the tables the tree is not probed: every node would be, and a table's win gives no
//! way forward, so the search finds the mates among the kept moves with its own evaluation. A table's
//! win scores below every mate (`score::TB_WIN`). A win or loss is a bound (a mate can beat it), a draw
//! an exact score; the table keeps all three.

use cozy_chess::{Board, Move};

use super::job::Settings;
use super::node::Node;
use super::score::{self, MAX_PLY};
use super::tt::Bound;
use super::worker::Worker;
use crate::position::Position;
use crate::syzygy::root::{self, ClockRule, RankedMove};
use crate::syzygy::{Tablebases, Wdl};

/// What a probe in the tree says of its node.
pub(super) enum TbProbe {
    /// Not probed (or no table).
    Unknown,
    /// The node's score: it settles the window.
    Settled(i32),
    /// A win that does not settle the window of a principal-variation node: the node scores at least this.
    AtLeast(i32),
    /// A loss that does not settle it: the node scores at most this.
    AtMost(i32),
}

/// Centipawns a cursed win scores above a draw (and a blessed loss below): drawn by the rules, but the
/// better side keeps its chances.
const CURSED_MARGIN: i32 = 2;
/// A probed result is stored as if searched this much deeper: it is exact knowledge.
const STORED_DEPTH_BONUS: i32 = 6;

/// The root moves the tables keep, best first, and how many moves were probed; `None` when the root is
/// not in the tables (or its DTZ table is missing). `allowed` are the `searchmoves` (empty: all).
pub(super) fn rank_root(
    tables: &Tablebases,
    position: &Position,
    settings: &Settings,
    allowed: &[Move],
) -> Option<(Vec<RankedMove>, u64)> {
    let rule = settings.syzygy.rule?;
    let board = position.board();
    if board.occupied().len() > settings.syzygy.probe_limit {
        return None;
    }
    let moves = tables.probe_dtz_moves(board)?;
    let probed = moves.len() as u64;
    let moves: Vec<(Move, i32)> =
        moves.into_iter().filter(|(mv, _)| allowed.is_empty() || allowed.contains(mv)).collect();
    if moves.is_empty() {
        return None;
    }
    Some((root::best_moves(&moves, position.halfmove_clock(), rule), probed))
}

/// Most pieces of a position probed in the tree (0: none): with tables that know the limit in force,
/// unless the root is already ranked by them.
pub(super) fn tree_cardinality(tables: Option<&Tablebases>, settings: &Settings, root_ranked: bool) -> u32 {
    match tables {
        Some(tables) if settings.syzygy.rule.is_some() && !root_ranked => {
            settings.syzygy.probe_limit.min(tables.largest())
        }
        _ => 0,
    }
}

impl Worker<'_> {
    /// What the tables say of `node` and its window. A settled score is also stored in the
    /// transposition table.
    pub(super) fn probe_tb(&mut self, board: &Board, node: &Node) -> TbProbe {
        let Node { depth, ply, alpha, beta, .. } = *node;
        let Some(tables) = self.shared.tablebases else { return TbProbe::Unknown };
        let pieces = board.occupied().len();
        let deep_enough = pieces < self.shared.tb_cardinality || depth >= self.task.settings.syzygy.probe_depth;
        if self.frames[ply].clock != 0 || pieces > self.shared.tb_cardinality || !deep_enough {
            return TbProbe::Unknown;
        }
        let Some(wdl) = tables.probe_wdl(board) else { return TbProbe::Unknown };
        self.shared.team.add_tb_hit();
        let counted = self.task.settings.syzygy.rule == Some(ClockRule::Ignored);
        let (score, bound) = verdict(wdl, self.draw_score(ply, true), ply, counted);
        if bound.settles(score, alpha, beta) {
            let depth = (depth + STORED_DEPTH_BONUS).min(MAX_PLY as i32 - 1);
            self.shared.tt.store(board.hash(), None, score::to_tt(score, ply), None, depth, bound);
            return TbProbe::Settled(score);
        }
        match bound {
            Bound::Lower => TbProbe::AtLeast(score),
            _ => TbProbe::AtMost(score),
        }
    }

    /// The score to show for a root line starting with `mv`, when the tables' verdict replaces the
    /// search's: the root is in the tables and the search found no mate.
    pub(super) fn root_tb_score(&self, mv: Option<Move>, searched: i32) -> Option<i32> {
        let ranked = mv.and_then(|mv| self.shared.root_tb_moves.iter().find(|r| r.mv == mv))?;
        // The table position is one ply from the root; the ranking already applied the clock rule.
        (!score::is_mate(searched)).then(|| verdict(ranked.wdl, self.draw_score(0, true), 1, false).0)
    }
}

/// The score and bound of a table's verdict for a node whose draw scores `draw`, the table position
/// `distance` plies from the root; `counted`: cursed wins and blessed losses count as wins and losses.
fn verdict(wdl: Wdl, draw: i32, distance: usize, counted: bool) -> (i32, Bound) {
    let win = score::tb_win_in(distance);
    match wdl {
        Wdl::Win => (win, Bound::Lower),
        Wdl::CursedWin if counted => (win, Bound::Lower),
        Wdl::CursedWin => (draw + CURSED_MARGIN, Bound::Exact),
        Wdl::Draw => (draw, Bound::Exact),
        Wdl::BlessedLoss if counted => (-win, Bound::Upper),
        Wdl::BlessedLoss => (draw - CURSED_MARGIN, Bound::Exact),
        Wdl::Loss => (-win, Bound::Upper),
    }
}
