//! Lazy SMP: the helper threads of one search.
//!
//! Every thread runs its own iterative deepening from the same root with its own history tables;
//! they meet only in the lock-free transposition table. The main thread (id 0) alone watches the
//! clock, reports and answers; when it is done it stops the helpers. The threads diverge through
//! their own move-ordering histories and the table entries the others write as they go (helpers
//! searching one ply ahead measured slower to depth with two threads, so all search the same depth).

use std::panic::{self, AssertUnwindSafe};
use std::thread::Scope;

use super::job::{Limits, Settings};
use super::memory::Memory;
use super::strength::Strength;
use super::team::{Shared, MAIN, SEARCH_STACK_BYTES};
use super::worker::{Bounds, Task, Worker};
use crate::position::Position;

/// Starts the helper threads (ids 1..threads) in `scope`, each with its own memory from `memories`;
/// they run until the team is stopped (or their depth or node limit). A helper that cannot be spawned
/// is logged and left out.
pub(super) fn spawn_helpers<'scope, 'env>(
    scope: &'scope Scope<'scope, 'env>,
    position: &'env Position,
    (limits, bounds): (&'env Limits, &'env Bounds),
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
                    Worker::new(position, Task { limits, bounds, settings, time: None }, shared, memory, id)
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
