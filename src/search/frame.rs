//! The search's per-ply state: one `Frame` for each ply of the line being searched, the killer
//! moves of each ply, and the triangular table of principal variations.

use cozy_chess::{Move, Square};

use super::history::MoveContext;
use super::picker::MoveBuffer;
use super::score::MAX_PLY;
use crate::nnue::accumulator::Accumulator;

/// Moves remembered per node for history maluses.
const TRIED_MAX: usize = 64;

/// Moves searched at a node, for history maluses after a cutoff.
#[derive(Default)]
pub(super) struct Tried {
    pub quiets: Vec<Move>,
    pub captures: Vec<Move>,
}

impl Tried {
    pub(super) fn clear(&mut self) {
        self.quiets.clear();
        self.captures.clear();
    }

    pub(super) fn push(&mut self, mv: Move, quiet: bool) {
        let list = if quiet { &mut self.quiets } else { &mut self.captures };
        if list.len() < TRIED_MAX {
            list.push(mv);
        }
    }
}

/// What the search knows of one ply of the current line.
#[derive(Default)]
pub(super) struct Frame {
    /// Static evaluation (clock-scaled), `None` in check.
    pub static_eval: Option<i32>,
    /// The move played from this ply (`None` for a null move).
    pub moved: Option<MoveContext>,
    /// A move the singular-extension search leaves out.
    pub excluded: Option<Move>,
    /// Double extensions along the line from the root to this ply.
    pub double_extensions: u8,
    /// Halfmove clock (not capped) at this ply.
    pub clock: u32,
    /// Index in the key path of the oldest position this ply's node may repeat: the position after
    /// the last null move of the line (0 without one).
    pub repetition_floor: usize,
    /// The move buffer lent to this ply's picker (`None` while lent).
    pub buffer: Option<MoveBuffer>,
    /// The moves searched at this ply's node.
    pub tried: Tried,
    /// The network's first layer for this ply's position (empty without a network).
    pub accumulator: Accumulator,
}

/// A frame for every ply the search can reach, each with its move buffer.
pub(super) fn frames() -> Vec<Frame> {
    (0..=MAX_PLY).map(|_| Frame { buffer: Some(MoveBuffer::default()), ..Frame::default() }).collect()
}

/// The last two quiet moves that caused a cutoff at each ply, the latest first: shared by the
/// sibling nodes of a ply, so kept beside the frames rather than in them.
pub(super) struct Killers(Vec<[Option<Move>; 2]>);

impl Default for Killers {
    fn default() -> Self {
        Killers(vec![[None; 2]; MAX_PLY + 1])
    }
}

impl Killers {
    pub(super) fn get(&self, ply: usize) -> [Option<Move>; 2] {
        self.0[ply]
    }

    /// Forgets the killers of `ply` (a new parent node one ply up).
    pub(super) fn clear(&mut self, ply: usize) {
        self.0[ply] = [None; 2];
    }

    /// Remembers `mv` as the latest killer of `ply`.
    pub(super) fn add(&mut self, ply: usize, mv: Move) {
        let killers = &mut self.0[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
    }
}

const NO_MOVE: Move = Move { from: Square::A1, to: Square::A1, promotion: None };

/// The principal variation of every ply of the current line: ply `p`'s is its best move followed by
/// the principal variation of ply `p + 1` when that move was searched.
pub(super) struct PvTable {
    moves: Vec<[Move; MAX_PLY + 1]>,
    len: [usize; MAX_PLY + 1],
}

impl Default for PvTable {
    fn default() -> Self {
        PvTable { moves: vec![[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1], len: [0; MAX_PLY + 1] }
    }
}

impl PvTable {
    /// Forgets the line of `ply` (a new node there).
    pub(super) fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    /// `mv` and then the line of `ply + 1` become the line of `ply`.
    pub(super) fn update(&mut self, ply: usize, mv: Move) {
        let child_len = self.len[ply + 1].min(MAX_PLY - ply - 1);
        let (head, tail) = self.moves.split_at_mut(ply + 1);
        head[ply][0] = mv;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.len[ply] = child_len + 1;
    }

    pub(super) fn line(&self, ply: usize) -> &[Move] {
        &self.moves[ply][..self.len[ply]]
    }
}
