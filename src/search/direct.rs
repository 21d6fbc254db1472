//! Searches on the caller's own thread, one position after another, with a table and histories of
//! their own: for `bench`, `genfens`, the Chess960 survey and datagen's self-play. Each is the UCI
//! search, without the search thread, `stop` or tables.

use std::sync::Arc;

use super::iterate::{run, SearchResult};
use super::job::{Job, Limits, Reporter, Settings};
use super::memory::Memories;
use super::team::Flags;
use super::tt::TranspositionTable;
use crate::eval::queen_rook;
use crate::nnue::network::Network;
use crate::position::Position;

/// A table, the histories learnt, and the network to evaluate with.
pub struct DirectSearch {
    tt: Arc<TranspositionTable>,
    memories: Memories,
    network: Arc<Network>,
    flags: Flags,
}

impl DirectSearch {
    pub fn new(tt: TranspositionTable, network: Arc<Network>) -> DirectSearch {
        DirectSearch { tt: Arc::new(tt), memories: Memories::default(), network, flags: Flags::default() }
    }

    /// Forgets what the searches so far learnt, table and histories: a new game.
    pub fn forget(&mut self) {
        self.tt.clear();
        self.forget_histories();
    }

    /// Forgets the histories only, keeping the table.
    pub fn forget_histories(&mut self) {
        self.memories.forget();
    }

    /// Searches `position` within `limits` with `threads` threads, telling `reporter` what a UCI
    /// search would print.
    pub fn search(&mut self, position: &Position, limits: Limits, threads: usize, reporter: Reporter) -> SearchResult {
        queen_rook::prepare(position.board());
        let job = Job {
            position: position.clone(),
            network: Arc::clone(&self.network),
            limits,
            tablebases: None,
            settings: Settings { threads, ..Settings::default() },
            tt: Arc::clone(&self.tt),
            reporter,
        };
        run(job, &self.flags, &mut self.memories)
    }

    /// The same, quietly.
    pub fn quiet(&mut self, position: &Position, limits: Limits, threads: usize) -> SearchResult {
        self.search(position, limits, threads, Box::new(|_| {}))
    }
}
