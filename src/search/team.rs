//! What the threads of one search share besides the transposition table: the flags the UCI thread
//! sets (`stop`, `ponderhit`, a new game), the team's own stop and its node counters.
//!
//! Node counts are published every `CHECK_INTERVAL` nodes, so that `info` lines and `go nodes` count
//! the work of all threads.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::tt::TranspositionTable;
use crate::nnue::network::Network;
use crate::syzygy::root::RankedMove;
use crate::syzygy::Tablebases;

/// Stack for each search thread: deep recursion with move lists on the stack.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Flags the UCI thread sets and the search polls.
#[derive(Default)]
pub struct Flags {
    stop: AtomicBool,
    ponder: AtomicBool,
    /// Set just before the search reports its best move: from then on the engine is idle.
    finished: AtomicBool,
    /// A new game: the next search starts without the histories of the earlier ones.
    forget: AtomicBool,
}

impl Flags {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub fn pondering(&self) -> bool {
        self.ponder.load(Ordering::Relaxed)
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The search is over (its `bestmove` is being or has been sent).
    pub fn finish(&self) {
        self.finished.store(true, Ordering::Release);
    }

    pub fn finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }

    /// A new game: the next search forgets what earlier ones learnt.
    pub fn forget(&self) {
        self.forget.store(true, Ordering::Relaxed);
    }

    /// The pondered move was played: the search continues as a normal timed search.
    pub fn ponderhit(&self) {
        self.ponder.store(false, Ordering::Relaxed);
    }

    /// Whether a new game began since the last search (and clears the flag).
    pub fn take_forget(&self) -> bool {
        self.forget.swap(false, Ordering::Relaxed)
    }

    pub fn reset(&self, ponder: bool) {
        self.stop.store(false, Ordering::Relaxed);
        self.ponder.store(ponder, Ordering::Relaxed);
        self.finished.store(false, Ordering::Relaxed);
    }
}

/// The id of the thread that reports and answers.
pub(super) const MAIN: usize = 0;

/// Most search threads (`Threads` option).
pub const MAX_THREADS: usize = 256;

/// The state the threads of one search share besides the table.
pub(super) struct Team {
    /// Set by the main thread when the search is over.
    stop: AtomicBool,
    /// Nodes searched so far, one counter per thread.
    nodes: Vec<AtomicU64>,
    /// Tablebase probes of all threads (rare next to nodes: one shared counter).
    tb_hits: AtomicU64,
}

impl Team {
    pub(super) fn new(threads: usize) -> Team {
        let threads = threads.clamp(1, MAX_THREADS);
        let nodes = (0..threads).map(|_| AtomicU64::new(0)).collect();
        Team { stop: AtomicBool::new(false), nodes, tb_hits: AtomicU64::new(0) }
    }

    pub(super) fn threads(&self) -> usize {
        self.nodes.len()
    }

    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub(super) fn publish(&self, id: usize, nodes: u64) {
        if let Some(counter) = self.nodes.get(id) {
            counter.store(nodes, Ordering::Relaxed);
        }
    }

    pub(super) fn add_tb_hits(&self, hits: u64) {
        self.tb_hits.fetch_add(hits, Ordering::Relaxed);
    }

    pub(super) fn add_tb_hit(&self) {
        self.add_tb_hits(1);
    }

    pub(super) fn tb_hits(&self) -> u64 {
        self.tb_hits.load(Ordering::Relaxed)
    }

    /// Nodes the other threads have published.
    pub(super) fn nodes_of_others(&self, id: usize) -> u64 {
        let all: u64 = self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum();
        all - self.nodes.get(id).map_or(0, |n| n.load(Ordering::Relaxed))
    }
}

/// What every worker of a search borrows.
#[derive(Clone, Copy)]
pub(super) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub flags: &'a Flags,
    pub team: &'a Team,
    /// The network to evaluate with.
    pub network: &'a Network,
    /// The endgame tables, if loaded.
    pub tablebases: Option<&'a Tablebases>,
    /// The root moves the tables keep, with their results (empty: the root is not in the tables).
    pub root_tb_moves: &'a [RankedMove],
    /// Most pieces of a position probed in the tree (0: none).
    pub tb_cardinality: u32,
}
