//! The rules of chess inside the search: repetitions, the fifty-move limit (`Rule50`), dead positions
//! and the score of a draw.
//!
//! A position seen before inside the search tree is a draw; one from the game before the root needs
//! its third occurrence. A draw scores `Contempt` against the root side, with one centipawn of
//! node-dependent jitter off the principal variation so that the search does not trust one drawn line
//! blindly. At the fifty-move limit a node is a draw unless the side to move is mated.
//!
//! The transposition table knows nothing of the clock, so close to the limit it gives no cutoffs, and
//! a mate it remembers counts only if it can be delivered before the limit. In an ending the endgame
//! knowledge knows, only the current search's entries count.

use cozy_chess::Board;

use super::params;
use super::score::{self, DRAW};
use super::tt::Entry;
use super::worker::Worker;
use crate::eval::endgame;
use crate::position::cuckoo;
use crate::position::draw::is_dead_position;

/// How the current node stands toward a repetition draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Repetition {
    None,
    /// Seen once before the root: one more occurrence makes a threefold.
    Earlier,
    Draw,
}

impl Worker<'_> {
    /// Whether the current node (at `ply`) repeats a position: `Draw` once inside the tree or for the
    /// third time counting positions before the root; `Earlier` when it occurred before the root only
    /// once. Positions before a null move in the current line do not count.
    ///
    /// Also `Draw` when the engine's own side is to move and can claim a threefold with its next move
    /// (FIDE 9.2: "the move they are about to play will make it appear"), whether or not the position
    /// itself occurred before: python-chess based GUIs adjudicate that claim at once, so a winning
    /// engine must not walk into it. The opponent's claim
    /// is its option, which plain search already gives it (the repeating move scores a draw), so a
    /// losing engine does not count on a winning opponent claiming.
    pub(super) fn repetition(&self, board: &Board, ply: usize) -> Repetition {
        let path = self.key_path();
        let current = path.keys.len() - 1;
        let key = path.keys[current];
        let oldest = self.oldest_repeatable(ply);
        let reach = current - oldest;
        let mut before_root = 0;
        let mut back = 2;
        while back <= reach {
            let index = current - back;
            if path.keys[index] == key {
                if index >= path.root_index || before_root == 1 {
                    return Repetition::Draw;
                }
                before_root += 1;
                // The move played from that earlier occurrence can be played again: if the position
                // it led to has appeared twice, that move makes a threefold, which may be claimed now.
                if ply.is_multiple_of(2) {
                    let successor = path.keys[index + 1];
                    let seen = (oldest..current).rev().step_by(2).filter(|&i| path.keys[i] == successor).count();
                    if seen >= 2 {
                        return Repetition::Draw;
                    }
                }
            }
            back += 2;
        }
        if ply.is_multiple_of(2) && ply <= params::claim_check_plies() as usize && self.can_claim_by_move(board, ply) {
            return Repetition::Draw;
        }
        if before_root > 0 {
            Repetition::Earlier
        } else {
            Repetition::None
        }
    }

    /// The index in `keys` of the oldest position the node at `ply` can repeat: within reach of the
    /// halfmove clock, and not behind a null move of the current line.
    fn oldest_repeatable(&self, ply: usize) -> usize {
        let current = self.key_path().keys.len() - 1;
        current.saturating_sub(self.frames[ply].clock as usize).max(self.frames[ply].repetition_floor.min(current))
    }

    /// Whether the side to move at `ply` has a move to a position that appeared twice before the root
    /// (and is still within reach of the halfmove clock): it may claim a threefold with that move.
    fn can_claim_by_move(&self, board: &Board, ply: usize) -> bool {
        let oldest = self.oldest_repeatable(ply);
        self.key_path().twice_seen.iter().any(|&(key, at)| at >= oldest && cuckoo::reaches(board, key))
    }

    /// Whether the side to move at `ply` has a reversible move to a position that would then be a draw
    /// by repetition: one met inside the search tree, or one seen twice before the root (the move makes
    /// its third occurrence, which may be claimed). Found with the cuckoo table, without generating
    /// moves: the side to move can hold at least a draw here.
    pub(super) fn upcoming_repetition(&self, board: &Board, ply: usize) -> bool {
        let path = self.key_path();
        let current = path.keys.len() - 1;
        let first = self.oldest_repeatable(ply).max(path.root_index);
        // Positions with the other side to move, three plies back and more.
        let in_tree = (first..current.saturating_sub(2)).rev().step_by(2);
        in_tree.map(|index| path.keys[index]).any(|key| cuckoo::reaches(board, key))
            || self.can_claim_by_move(board, ply)
    }

    /// The score of a drawn node at `ply`: `Contempt` against the root side, and off the principal
    /// variation one centipawn of jitter either way (from the node count).
    pub(super) fn draw_score(&self, ply: usize, pv_node: bool) -> i32 {
        let contempt = self.task.settings.contempt;
        let base = if ply.is_multiple_of(2) { DRAW - contempt } else { DRAW + contempt };
        if pv_node {
            base
        } else {
            base + (self.progress.nodes & 2) as i32 - 1
        }
    }

    /// Whether the fifty-move limit (if on) is reached at `ply`.
    pub(super) fn limit_reached(&self, ply: usize) -> bool {
        self.task.settings.move_limit.reached(self.frames[ply].clock)
    }

    /// The score of a node at the fifty-move limit: a draw, unless the side to move is mated (a mate on
    /// the last ply stands).
    pub(super) fn limit_score(&self, board: &Board, ply: usize, pv_node: bool) -> i32 {
        let mated = !board.checkers().is_empty() && !board.generate_moves(|_| true);
        if mated {
            score::mated_in(ply)
        } else {
            self.draw_score(ply, pv_node)
        }
    }

    /// Draw by the rules at a node below the root (given its repetition status), or `None`.
    pub(super) fn rule_draw(&self, board: &Board, ply: usize, pv_node: bool, repetition: Repetition) -> Option<i32> {
        if self.limit_reached(ply) {
            return Some(self.limit_score(board, ply, pv_node));
        }
        if repetition == Repetition::Draw || is_dead_position(board) {
            return Some(self.draw_score(ply, pv_node));
        }
        None
    }

    /// Whether the fifty-move limit is within `params::tt_clock_margin` plies of `ply` (a stored score
    /// was found at another clock). Then only the rules
    /// decide: no table cutoffs and no pruning on static evaluations (every quiet line ends in a
    /// draw there, whatever the evaluation says).
    pub(super) fn near_limit(&self, ply: usize) -> bool {
        self.task.settings.move_limit.within(self.frames[ply].clock, params::tt_clock_margin() as u32)
    }

    /// The table's entry for `board` (its `key`), or `None` when a search for an earlier move wrote it
    /// and the endgame knowledge knows the material: such an entry, from another game history,
    /// steered the search into shuffling where a fresh search mates (K+B+N v K against Stockfish
    /// with tables: 10 of 10 converted at clock 30 with the table cleared at every move, 2-3 of 10
    /// with it kept).
    pub(super) fn tt_entry(&self, board: &Board, key: u64) -> Option<Entry> {
        let entry = self.shared.tt.probe(key)?;
        (entry.current || endgame::known(board).is_none()).then_some(entry)
    }

    /// Whether a table entry's score may stand for the search of a node at `ply`: not close to the
    /// fifty-move limit, and a mate or tablebase result only if it comes before the limit.
    pub(super) fn tt_score_usable(&self, score: i32, ply: usize) -> bool {
        let limit = self.task.settings.move_limit;
        if !limit.is_on() {
            return true;
        }
        if self.near_limit(ply) {
            return false;
        }
        if !score::is_decisive(score) {
            return true;
        }
        let (clock, distance) = (self.frames[ply].clock, score::decisive_distance(score));
        // A table's verdict holds at the clock of 0 it was probed at: stored at this very position (its
        // distance counts from the root), it says nothing of the same position at a later clock.
        let probed_here = !score::is_mate(score) && distance <= ply as u32;
        limit.in_time(clock, distance) && (!probed_here || clock == 0)
    }
}
