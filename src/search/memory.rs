//! What a search thread learns that outlives one search: its move-ordering histories and its
//! correction history. They are kept from one move of a game to the next
//! (the positions of the next search are mostly those of this one) and forgotten at `ucinewgame` and
//! `Clear Hash`, as Stockfish keeps its histories between moves. Killer moves belong to the plies
//! of one search (`frame`): they are not kept.

use super::correction::Correction;
use super::history::History;

/// One search thread's learnt tables.
#[derive(Default)]
pub(super) struct Memory {
    pub history: Box<History>,
    pub correction: Box<Correction>,
}

impl Memory {
    /// Forgets everything learnt, keeping the memory (as `Memory::default()`, without allocating and
    /// zeroing fresh pages again).
    fn clear(&mut self) {
        self.history.clear();
        self.correction.clear();
    }
}

/// The memories of all search threads, the main thread's first.
#[derive(Default)]
pub struct Memories(Vec<Memory>);

impl Memories {
    /// Forgets everything learnt (a new game).
    pub fn forget(&mut self) {
        for memory in &mut self.0 {
            memory.clear();
        }
    }

    /// One memory for each of `threads` threads (at least one; new threads start empty): the main
    /// thread's, then the helpers'.
    pub(super) fn for_threads(&mut self, threads: usize) -> (&mut Memory, &mut [Memory]) {
        self.0.resize_with(threads.max(1), Memory::default);
        let (main, helpers) = self.0.split_at_mut(1);
        (&mut main[0], helpers)
    }
}
