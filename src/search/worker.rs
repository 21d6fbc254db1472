//! One search thread's state: what it borrows from the search (table, flags, team, limits), its
//! counters and clock, the repetition keys of the game and the current line, its per-ply frames and
//! principal variations, its learnt memory, and the root's lines. The search algorithm
//! (`alphabeta`, `quiescence`, `prune`, `rules`, `iterate`) is written as methods on it; this file
//! holds the state and the small steps they share.

use std::time::Instant;

use cozy_chess::{Board, Move};

use super::correction::Slots;
use super::frame::{frames, Frame, Killers, PvTable};
use super::history::{context_of, MoveContext};
use super::job::{Limits, Settings};
use super::lmr;
use super::memory::Memory;
use super::params;
use super::root::RootLines;
use super::team::Shared;
use super::time::TimeLimits;
use crate::eval;
use crate::nnue::accumulator::Accumulator;
use crate::nnue::cache::RefreshCache;
use crate::position::draw::{clock_after, twice_seen};
use crate::position::{repetition_key, Position};

/// Nodes between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;

/// What leads from a node to its child.
#[derive(Clone, Copy)]
pub(super) enum Step {
    /// A move, and the plies it is extended by (negative: reduced).
    Move(Move, i32),
    /// A move below the horizon (quiescence): no repetition is looked for there, so neither the key
    /// nor the move is recorded, and the line's extensions stay as they are.
    Horizon(Move),
    /// The side to move passes (null-move pruning).
    Null,
}

/// A node's static evaluation, each step of the chain.
#[derive(Clone, Copy)]
pub(super) struct StaticEval {
    /// Scaled for drawish material: what the table stores.
    pub raw: i32,
    /// Scaled for the halfmove clock.
    pub clocked: i32,
    /// Corrected by the correction history: the static evaluation.
    pub corrected: i32,
    /// Where the correction history keeps this position.
    pub slots: Slots,
    /// A solved ending's score: neither corrected nor taught to the correction history.
    pub exact: bool,
}

/// What this thread was asked: the job's limits as the caller sent them, the bounds the engine sets
/// beside them, its settings (a helper's differ from the main thread's) and, for the main thread,
/// the time limits.
pub(super) struct Task<'a> {
    pub limits: &'a Limits,
    pub bounds: &'a Bounds,
    pub settings: Settings,
    pub time: Option<TimeLimits>,
}

/// What the engine adds to the caller's limits: the node limit in force (`go nodes`, or the
/// `UCI_Elo` budget when smaller) and the moves the root may play (`searchmoves`, or the endgame
/// tables' best when the root is in them; empty: all).
#[derive(Clone, Debug, Default)]
pub(super) struct Bounds {
    pub nodes: Option<u64>,
    pub root_moves: Vec<Move>,
}

/// This thread's counters and clock.
pub(super) struct Progress {
    /// This thread's id in the team (`MAIN` reports and answers).
    pub id: usize,
    pub nodes: u64,
    /// Nodes of the other threads, as last published.
    pub others_nodes: u64,
    pub seldepth: usize,
    pub completed_depth: u32,
    /// The search must unwind: a limit, `stop` or the team's stop.
    pub aborted: bool,
    /// When the clock started (reset at `ponderhit`).
    pub clock_start: Instant,
    pub start: Instant,
    pub waiting_for_ponderhit: bool,
}

/// The repetition keys of the game and of the line being searched, and what the draw rules need of
/// them (see `rules`).
pub(super) struct KeyPath {
    /// The game before the root, then the current search path.
    pub keys: Vec<u64>,
    pub root_index: usize,
    /// Plies below the root where table cutoffs are not trusted (`params::repetition_guard_plies`).
    pub guard_plies: usize,
    /// Positions seen twice before the root, with their latest index in `keys`.
    pub twice_seen: Vec<(u64, usize)>,
}

/// One search thread, in named parts: what it borrows from the search (`shared`), what it was asked
/// (`task`), its counters and clock (`progress`), the repetition keys of its line (`path`), its
/// per-ply frames and principal variations, its learnt memory, the root's lines (`root`), and the
/// cache that refreshes an accumulator when a king move changes its view (`refresh`).
pub(super) struct Worker<'a> {
    pub(super) shared: Shared<'a>,
    pub(super) task: Task<'a>,
    pub(super) progress: Progress,
    /// Written by `make` and `unmake` alone; read through `key_path`.
    path: KeyPath,
    /// One frame per ply of the current line.
    pub(super) frames: Vec<Frame>,
    pub(super) killers: Killers,
    pub(super) pv: PvTable,
    /// Move-ordering histories and corrections of the static evaluation, kept between searches.
    pub(super) memory: &'a mut Memory,
    pub(super) reductions: lmr::Table,
    pub(super) root: RootLines,
    refresh: RefreshCache,
}

impl<'a> Worker<'a> {
    pub(super) fn new(
        position: &Position,
        task: Task<'a>,
        shared: Shared<'a>,
        memory: &'a mut Memory,
        id: usize,
    ) -> Worker<'a> {
        let keys = position.keys().to_vec();
        let now = task.limits.received.unwrap_or_else(Instant::now);
        let mut frames = frames();
        frames[0].clock = position.halfmove_clock();
        for frame in &mut frames {
            frame.accumulator = Accumulator::zeroed(shared.network.hidden);
        }
        frames[0].accumulator = Accumulator::refresh(shared.network, position.board());
        // Some position of the game, within reach of the clock, has appeared more than once.
        let twice_seen = twice_seen(&keys, frames[0].clock);
        let guard_plies = if twice_seen.is_empty() { 0 } else { params::repetition_guard_plies() as usize };
        let progress = Progress {
            id,
            nodes: 0,
            others_nodes: 0,
            seldepth: 0,
            completed_depth: 0,
            aborted: false,
            clock_start: now,
            start: now,
            waiting_for_ponderhit: task.limits.ponder,
        };
        let path = KeyPath { root_index: keys.len() - 1, keys, guard_plies, twice_seen };
        Worker {
            shared,
            task,
            progress,
            path,
            frames,
            killers: Killers::default(),
            pv: PvTable::default(),
            memory,
            reductions: lmr::table(),
            root: RootLines::new(),
            refresh: RefreshCache::new(shared.network),
        }
    }

    /// The repetition keys of the game and the current line.
    pub(super) fn key_path(&self) -> &KeyPath {
        &self.path
    }

    /// Counts a node and decides whether the search must stop now.
    pub(super) fn visit(&mut self, ply: usize) -> bool {
        self.progress.nodes += 1;
        self.progress.seldepth = self.progress.seldepth.max(ply);
        if self.task.bounds.nodes.is_some_and(|n| self.progress.nodes + self.progress.others_nodes > n)
            && self.progress.completed_depth >= 1
        {
            self.progress.aborted = true;
        } else if self.progress.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.shared.team.publish(self.progress.id, self.progress.nodes);
            self.progress.others_nodes = self.shared.team.nodes_of_others(self.progress.id);
            self.progress.aborted |= self.shared.flags.stopped() || self.shared.team.stopped() || self.out_of_time();
        }
        self.progress.aborted
    }

    /// Nodes searched by all threads (the other threads' count as last published).
    pub(super) fn total_nodes(&self) -> u64 {
        self.progress.nodes + self.shared.team.nodes_of_others(self.progress.id)
    }

    /// Whether the root search may play `mv`: allowed by `searchmoves` and not the first move of a
    /// MultiPV line already found in this iteration.
    pub(super) fn root_allowed(&self, mv: Move) -> bool {
        let allowed = &self.task.bounds.root_moves;
        (allowed.is_empty() || allowed.contains(&mv)) && !self.root.excluded.contains(&mv)
    }

    fn out_of_time(&mut self) -> bool {
        let Some(limits) = self.task.time else {
            return false;
        };
        self.progress.completed_depth > 0 && !self.pondering() && self.progress.clock_start.elapsed() >= limits.hard
    }

    /// Whether the search waits for `ponderhit` (and starts the clock when it has come).
    pub(super) fn pondering(&mut self) -> bool {
        if self.progress.waiting_for_ponderhit && !self.shared.flags.pondering() {
            // `ponderhit`: the clock of this move starts now.
            self.progress.waiting_for_ponderhit = false;
            self.progress.clock_start = Instant::now();
        }
        self.progress.waiting_for_ponderhit
    }

    /// Makes the child that `step` leads to from the node `board` at `ply`: the child's board, the
    /// move in the node's frame, the child's frame (clock, accumulator, the line's double extensions
    /// and repetition floor) and the child's repetition key. With `unmake`, the only writer of the
    /// next frame and of the key path. A null move is made only out of check.
    // Inlined so that each call site keeps only the path of its own step.
    #[inline(always)]
    pub(super) fn make(&mut self, board: &Board, ply: usize, step: Step) -> Board {
        match step {
            Step::Move(mv, extension) => self.make_move(board, ply, mv, Some(extension)),
            Step::Horizon(mv) => self.make_move(board, ply, mv, None),
            Step::Null => self.make_null(board, ply),
        }
    }

    /// `make` of a move, reached with `extension`; `None` below the horizon (nothing recorded for the
    /// repetitions).
    fn make_move(&mut self, board: &Board, ply: usize, mv: Move, extension: Option<i32>) -> Board {
        let (done, next) = self.frames.split_at_mut(ply + 1);
        let (node, child_frame) = (&mut done[ply], &mut next[0]);
        child_frame.clock = clock_after(board, Some(mv), node.clock);
        let mut child = board.clone();
        child.play_unchecked(mv);
        self.shared.tt.prefetch(child.hash());
        node.accumulator.update_into(
            &mut child_frame.accumulator,
            self.shared.network,
            mv,
            [board, &child],
            &mut self.refresh,
        );
        if let Some(extension) = extension {
            node.moved = Some(context_of(board, mv));
            child_frame.double_extensions = node.double_extensions + (extension >= 2) as u8;
            child_frame.repetition_floor = node.repetition_floor;
            self.path.keys.push(repetition_key(&child));
        }
        child
    }

    /// `make` of a null move.
    fn make_null(&mut self, board: &Board, ply: usize) -> Board {
        let child = board.null_move().expect("a null move is made only out of check");
        let (done, next) = self.frames.split_at_mut(ply + 1);
        let (node, child_frame) = (&mut done[ply], &mut next[0]);
        child_frame.clock = clock_after(board, None, node.clock);
        child_frame.accumulator.copy_from(&node.accumulator);
        node.moved = None;
        child_frame.double_extensions = node.double_extensions;
        self.path.keys.push(repetition_key(&child));
        // No position before a null move can be repeated after it.
        child_frame.repetition_floor = self.path.keys.len() - 1;
        child
    }

    /// Undoes `make` of a child of the node at `ply`: the key path ends at the node again.
    pub(super) fn unmake(&mut self, ply: usize) {
        self.path.keys.truncate(self.path.root_index + ply + 1);
    }

    /// The moves one and two plies before `ply`.
    pub(super) fn previous_moves(&self, ply: usize) -> [Option<MoveContext>; 2] {
        let back = |n: usize| if ply >= n { self.frames[ply - n].moved } else { None };
        [back(1), back(2)]
    }

    /// Whether the static evaluation at `ply` is better than two plies before.
    pub(super) fn improving(&self, ply: usize, static_eval: Option<i32>) -> bool {
        let Some(now) = static_eval else {
            return false;
        };
        let earlier = |n: usize| if ply >= n { self.frames[ply - n].static_eval } else { None };
        match (earlier(2), earlier(4)) {
            (Some(before), _) => now > before,
            (None, Some(before)) => now > before,
            (None, None) => true,
        }
    }

    /// The evaluation chain at `ply`: the network (or the figure the table `stored`) through
    /// `eval::evaluate`, then what the correction history learnt.
    pub(super) fn static_eval(&self, board: &Board, ply: usize, stored: Option<i32>) -> StaticEval {
        let frame = &self.frames[ply];
        let output = || frame.accumulator.evaluate(self.shared.network, board);
        let steps = eval::evaluate(board, stored, output, frame.clock, self.task.settings.move_limit);
        let slots = Slots::of(board);
        let corrected =
            if steps.exact { steps.clocked } else { self.memory.correction.corrected(slots, steps.clocked) };
        StaticEval { raw: steps.raw, clocked: steps.clocked, corrected, slots, exact: steps.exact }
    }
}
