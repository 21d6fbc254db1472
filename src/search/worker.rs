//! One search thread's state: what it borrows from the search (table, flags, team, limits), its
//! counters and clock, the repetition keys of the game and the current line, its per-ply frames and
//! principal variations, its learnt memory, and the root's lines. The search algorithm
//! (`alphabeta`, `quiescence`, `prune`, `rules`, `iterate`) is written as methods on it; this file
//! holds the state and the small steps they share.

use std::time::Instant;

use cozy_chess::{Board, Move};

use super::frame::{frames, Frame, PvTable};
use super::history::MoveContext;
use super::job::{Limits, Settings};
use super::lmr;
use super::memory::Memory;
use super::params;
use super::score::INFINITY;
use super::team::{Flags, Shared, Team};
use super::time::TimeLimits;
use super::tt::{Bound, TranspositionTable};
use crate::eval;
use crate::nnue::accumulator::Accumulator;
use crate::nnue::network::Network;
use crate::position::draw::{resets_clock, twice_seen};
use crate::position::{repetition_key, Position};
use crate::syzygy::root::RankedMove;
use crate::syzygy::Tablebases;

/// Nodes between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;

/// One line of the root's MultiPV: its score and principal variation.
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub score: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
}

pub(super) struct Worker<'a> {
    pub(super) tt: &'a TranspositionTable,
    pub(super) flags: &'a Flags,
    pub(super) team: &'a Team,
    /// The network to evaluate with.
    network: &'a Network,
    /// The endgame tables, if loaded.
    pub(super) tables: Option<&'a Tablebases>,
    /// Most pieces of a position probed in the tree (0: none).
    pub(super) tb_cardinality: u32,
    /// The root moves the tables keep, with their results (empty: the root is not in the tables).
    pub(super) root_tables: &'a [RankedMove],
    /// This thread's id in the team (`MAIN` reports and answers).
    pub(super) id: usize,
    /// Nodes of the other threads, as last published.
    others_nodes: u64,
    pub(super) limits: &'a Limits,
    pub(super) settings: Settings,
    pub(super) time: Option<TimeLimits>,
    /// When the clock started (reset at `ponderhit`).
    pub(super) clock_start: Instant,
    pub(super) start: Instant,
    pub(super) waiting_for_ponderhit: bool,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    /// Repetition keys: the game before the root, then the current search path.
    pub(super) keys: Vec<u64>,
    pub(super) root_index: usize,
    /// Keys before this index are behind a null move of the current line: no repetition with them.
    pub(super) repetition_floor: usize,
    /// Plies below the root where table cutoffs are not trusted (`params::repetition_guard_plies`).
    pub(super) guard_plies: usize,
    /// Positions seen twice before the root, with their latest index in `keys` (see `rules`).
    pub(super) twice_seen: Vec<(u64, usize)>,
    /// One frame per ply of the current line.
    pub(super) frames: Vec<Frame>,
    pub(super) pv: PvTable,
    /// Move-ordering histories, corrections of the static evaluation and the evaluation's caches,
    /// kept between searches.
    pub(super) memory: &'a mut Memory,
    pub(super) reductions: lmr::Table,
    /// Nodes spent below each root move (by from and to square), for time management.
    root_nodes: Vec<u64>,
    /// Best line so far: from the last completed iteration or a root move that beat it since.
    pub(super) best_line: Vec<Move>,
    pub(super) best_score: i32,
    /// `Lower` when `best_score` came from a fail-high at the root (it beat the window's beta).
    pub(super) best_bound: Bound,
    /// The lines of the last completed iteration, best first (one unless MultiPV).
    pub(super) lines: Vec<Line>,
    /// Which MultiPV line the root search is looking for (0: the best).
    pub(super) pv_index: usize,
    /// Root moves of the lines already found in this iteration: the next line leaves them out.
    pub(super) root_excluded: Vec<Move>,
    pub(super) completed_depth: u32,
    pub(super) aborted: bool,
}

impl<'a> Worker<'a> {
    pub(super) fn new(
        position: &Position,
        limits: &'a Limits,
        settings: Settings,
        time: Option<TimeLimits>,
        shared: Shared<'a>,
        memory: &'a mut Memory,
        id: usize,
    ) -> Worker<'a> {
        let keys = position.keys().to_vec();
        let now = limits.received.unwrap_or_else(Instant::now);
        let mut frames = frames();
        frames[0].clock = position.halfmove_clock();
        for frame in &mut frames {
            frame.accumulator = Accumulator::zeroed(shared.network.hidden);
        }
        frames[0].accumulator = Accumulator::refresh(shared.network, position.board());
        // Some position of the game, within reach of the clock, has appeared more than once.
        let twice_seen = twice_seen(&keys, frames[0].clock);
        let guard_plies = if twice_seen.is_empty() { 0 } else { params::repetition_guard_plies() as usize };
        Worker {
            guard_plies,
            twice_seen,
            tt: shared.tt,
            flags: shared.flags,
            team: shared.team,
            network: shared.network,
            tables: shared.tables,
            tb_cardinality: shared.tb_cardinality,
            root_tables: shared.root_tables,
            id,
            others_nodes: 0,
            limits,
            settings,
            time,
            clock_start: now,
            start: now,
            waiting_for_ponderhit: limits.ponder,
            nodes: 0,
            seldepth: 0,
            root_index: keys.len() - 1,
            repetition_floor: 0,
            keys,
            frames,
            pv: PvTable::default(),
            memory,
            reductions: lmr::table(),
            root_nodes: vec![0; 64 * 64],
            best_line: Vec::new(),
            best_score: -INFINITY,
            best_bound: Bound::Exact,
            lines: Vec::new(),
            pv_index: 0,
            root_excluded: Vec::new(),
            completed_depth: 0,
            aborted: false,
        }
    }

    pub(super) fn root_move_nodes(&self, mv: Move) -> u64 {
        self.root_nodes[mv.from as usize * 64 + mv.to as usize]
    }

    /// Counts `nodes` more below the root move `mv`.
    pub(super) fn add_root_move_nodes(&mut self, mv: Move, nodes: u64) {
        self.root_nodes[mv.from as usize * 64 + mv.to as usize] += nodes;
    }

    /// Counts a node and decides whether the search must stop now.
    pub(super) fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.limits.nodes.is_some_and(|n| self.nodes + self.others_nodes > n) && self.completed_depth >= 1 {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.team.publish(self.id, self.nodes);
            self.others_nodes = self.team.nodes_of_others(self.id);
            self.aborted |= self.flags.stopped() || self.team.stopped() || self.out_of_time();
        }
        self.aborted
    }

    /// Nodes searched by all threads (the other threads' count as last published).
    pub(super) fn total_nodes(&self) -> u64 {
        self.nodes + self.team.nodes_of_others(self.id)
    }

    /// Whether the root search may play `mv`: allowed by `searchmoves` and not the first move of a
    /// MultiPV line already found in this iteration.
    pub(super) fn root_allowed(&self, mv: Move) -> bool {
        let searchmoves = &self.limits.search_moves;
        (searchmoves.is_empty() || searchmoves.contains(&mv)) && !self.root_excluded.contains(&mv)
    }

    /// The move to try first at the root: the best move so far of the line being searched.
    pub(super) fn root_first_move(&self) -> Option<Move> {
        if self.pv_index == 0 {
            self.best_line.first().copied()
        } else {
            self.lines.get(self.pv_index).and_then(|line| line.pv.first().copied())
        }
    }

    fn out_of_time(&mut self) -> bool {
        let Some(limits) = self.time else {
            return false;
        };
        self.completed_depth > 0 && !self.pondering() && self.clock_start.elapsed() >= limits.hard
    }

    /// Whether the search waits for `ponderhit` (and starts the clock when it has come).
    pub(super) fn pondering(&mut self) -> bool {
        if self.waiting_for_ponderhit && !self.flags.pondering() {
            // `ponderhit`: the clock of this move starts now.
            self.waiting_for_ponderhit = false;
            self.clock_start = Instant::now();
        }
        self.waiting_for_ponderhit
    }

    /// Plays `mv`, recording the child's repetition key (when `track_repetitions`) and clock.
    pub(super) fn play(&mut self, board: &Board, mv: Move, ply: usize, track_repetitions: bool) -> Board {
        let clock = self.frames[ply].clock;
        self.frames[ply + 1].clock = if resets_clock(board, mv) { 0 } else { clock.saturating_add(1) };
        let mut child = board.clone();
        child.play_unchecked(mv);
        self.tt.prefetch(child.hash());
        let (done, next) = self.frames.split_at_mut(ply + 1);
        done[ply].accumulator.update_into(&mut next[0].accumulator, self.network, board, mv);
        if track_repetitions {
            self.keys.push(repetition_key(&child));
        }
        child
    }

    /// The child at `ply + 1`, reached with `extension`, counts the double extensions of its line.
    pub(super) fn pass_double_extensions(&mut self, ply: usize, extension: i32) {
        self.frames[ply + 1].double_extensions = self.frames[ply].double_extensions + (extension >= 2) as u8;
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

    /// A null move at `ply`: the child's accumulator is the node's.
    pub(super) fn pass_accumulator(&mut self, ply: usize) {
        let (done, next) = self.frames.split_at_mut(ply + 1);
        next[0].accumulator.copy_from(&done[ply].accumulator);
    }

    /// The static evaluation (before clock scaling) of a node not in check: from the table or computed.
    pub(super) fn raw_eval(&mut self, board: &Board, stored: Option<i32>, ply: usize) -> i32 {
        stored.unwrap_or_else(|| self.compute_eval(board, ply))
    }

    /// The evaluation of the position at `ply`: the network's, scaled down for drawish material.
    fn compute_eval(&mut self, board: &Board, ply: usize) -> i32 {
        let output = self.frames[ply].accumulator.evaluate(self.network, board);
        eval::scale_network_output(output, board)
    }

    /// Static evaluation, shrunk toward the draw as the halfmove clock runs.
    pub(super) fn evaluate(&mut self, board: &Board, ply: usize) -> i32 {
        let raw = self.compute_eval(board, ply);
        self.scale_for_clock(raw, ply)
    }

    /// A static evaluation (before scaling) shrunk toward the draw as the halfmove clock runs.
    pub(super) fn scale_for_clock(&self, raw_eval: i32, ply: usize) -> i32 {
        eval::scale_for_clock(raw_eval, self.frames[ply].clock, self.settings.move_limit)
    }
}
