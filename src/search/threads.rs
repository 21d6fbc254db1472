//! Lazy SMP: the helper threads of one search and what all threads of a search share.
//!
//! Every thread runs its own iterative deepening from the same root with its own history tables;
//! they meet only in the lock-free transposition table. The main thread (id 0) alone watches the
//! clock, reports and answers; when it is done it stops the helpers. The threads diverge through
//! their own move-ordering histories and the table entries the others write as they go. (Odd helpers
//! searching one ply ahead was tried: time to depth 13 over the bench positions with two threads went
//! from 1.5 to 1.18 times faster than one thread, so it was dropped; bench/RESULTS.md.)
//! Node counts are published every 1024 nodes (`CHECK_INTERVAL`), so that `info` lines and
//! `go nodes` count the work of all threads.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::Scope;

use super::alphabeta::Worker;
use super::memory::Memory;
use super::tt::TranspositionTable;
use super::{Flags, Limits, Settings, Strength, SEARCH_STACK_BYTES};
use crate::position::Position;

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
}

impl Team {
    pub(super) fn new(threads: usize) -> Team {
        let threads = threads.clamp(1, MAX_THREADS);
        Team { stop: AtomicBool::new(false), nodes: (0..threads).map(|_| AtomicU64::new(0)).collect() }
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
}

/// Starts the helper threads (ids 1..threads) in `scope`, each with its own memory from `memories`;
/// they run until the team is stopped (or their depth or node limit). A helper that cannot be spawned
/// is logged and left out.
pub(super) fn spawn_helpers<'scope, 'env>(
    scope: &'scope Scope<'scope, 'env>,
    position: &'env Position,
    limits: &'env Limits,
    settings: Settings,
    shared: Shared<'env>,
    memories: &'env mut [Memory],
) {
    // Helpers search one line at full strength: MultiPV and the handicap are the main thread's business.
    let settings = Settings { multipv: 1, strength: Strength::Full, ..settings };
    for (id, memory) in (MAIN + 1..shared.team.threads()).zip(memories) {
        let spawned = std::thread::Builder::new()
            .name(format!("helper {id}"))
            .stack_size(SEARCH_STACK_BYTES)
            .spawn_scoped(scope, move || {
                let searched = panic::catch_unwind(AssertUnwindSafe(|| {
                    Worker::new(position, limits, settings, None, shared, memory, id)
                        .iterate(position.board(), &mut |_| {})
                }));
                if searched.is_err() {
                    log::error!("helper thread {id} panicked; the other threads go on");
                }
            });
        if let Err(e) = spawned {
            log::error!("could not spawn helper thread {id}: {e}");
        }
    }
}
