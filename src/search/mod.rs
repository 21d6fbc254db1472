//! Search: thread control, limits and the job handed from the UCI thread to the search thread.
//!
//! The UCI thread owns a `Searcher`. `start` sends a `Job` (its own copy of the position, limits,
//! options and a reporter) over a crossbeam channel to the search thread; `stop` and `ponderhit` set
//! shared atomic flags that the search polls. Every job ends in exactly one `Report::BestMove`.
//! With `Threads` above one the search thread is the main thread of a Lazy SMP team (`threads`).

mod alphabeta;
mod correction;
mod history;
mod iterate;
mod memory;
pub mod ordering;
mod rules;
pub mod score;
pub mod see;
pub mod strength;
mod threads;
pub mod time;
pub mod tt;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use cozy_chess::Move;
use crossbeam_channel::{Receiver, Sender};

use crate::position::{MoveLimit, Position};
pub use iterate::{run, SearchResult};
pub use memory::Memories;
pub use strength::Strength;
pub use threads::MAX_THREADS;
pub use time::Clock;
pub use tt::TranspositionTable;

/// Stack for each search thread: deep recursion with move lists on the stack.
pub(super) const SEARCH_STACK_BYTES: usize = 64 << 20;

/// What limits one search. Empty limits mean: search until `stop`.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    pub movetime_ms: Option<u64>,
    /// The side to move's clock.
    pub clock: Option<Clock>,
    pub infinite: bool,
    pub ponder: bool,
    /// Restrict the root to these moves (empty = all).
    pub search_moves: Vec<Move>,
    /// When `go` arrived: the clock runs from here, not from when the search thread picks the job up.
    pub received: Option<Instant>,
}

/// One completed iteration, for an `info` line.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// Rank of this line among the MultiPV lines, from 1.
    pub multipv: usize,
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    /// `Exact`, or `Lower` for a fail-high score of an iteration cut short.
    pub bound: tt::Bound,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u16,
    pub pv: Vec<Move>,
}

/// What the search tells the outside world.
#[derive(Clone, Debug)]
pub enum Report {
    Iteration(Iteration),
    /// `None` when the root has no legal move.
    BestMove {
        best: Option<Move>,
        ponder: Option<Move>,
    },
}

/// Receives the search's reports (the UCI layer formats them; bench ignores them).
pub type Reporter = Box<dyn FnMut(Report) + Send>;

/// Option values a search uses, copied from the UCI options when it starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub move_overhead_ms: u64,
    /// The fifty-move limit (`Rule50`).
    pub move_limit: MoveLimit,
    /// Centipawns the engine gives up to avoid a draw (negative: to seek one), from the root side's view.
    pub contempt: i32,
    /// Search threads (0 counts as 1).
    pub threads: usize,
    /// Principal variations to report (0 counts as 1).
    pub multipv: usize,
    /// Full strength, or limited to an Elo (`UCI_LimitStrength`).
    pub strength: Strength,
}

/// Everything a search needs, owned by the search for its duration.
pub struct Job {
    pub position: Position,
    pub limits: Limits,
    pub settings: Settings,
    pub tt: Arc<TranspositionTable>,
    pub reporter: Reporter,
}

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

    fn finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }

    /// Whether a new game began since the last search (and clears the flag).
    fn take_forget(&self) -> bool {
        self.forget.swap(false, Ordering::Relaxed)
    }

    fn reset(&self, ponder: bool) {
        self.stop.store(false, Ordering::Relaxed);
        self.ponder.store(ponder, Ordering::Relaxed);
        self.finished.store(false, Ordering::Relaxed);
    }
}

/// Handle to the search thread.
pub struct Searcher {
    jobs: Option<Sender<Job>>,
    finished: Receiver<()>,
    flags: Arc<Flags>,
    running: bool,
    thread: Option<JoinHandle<()>>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    /// Spawns the search thread, idle until `start`.
    pub fn new() -> Searcher {
        let (jobs, job_rx) = crossbeam_channel::unbounded::<Job>();
        let (done_tx, finished) = crossbeam_channel::unbounded();
        let flags = Arc::new(Flags::default());
        let thread_flags = Arc::clone(&flags);
        let thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let mut memories = Memories::default();
                for job in job_rx {
                    if thread_flags.take_forget() {
                        memories.forget();
                    }
                    run(job, &thread_flags, &mut memories);
                    if done_tx.send(()).is_err() {
                        break;
                    }
                }
            })
            .ok();
        if thread.is_none() {
            log::error!("could not spawn the search thread");
        }
        Searcher { jobs: Some(jobs), finished, flags, running: false, thread }
    }

    /// Starts a search, first stopping and finishing any search still running.
    pub fn start(&mut self, job: Job) {
        self.stop();
        self.wait();
        self.flags.reset(job.limits.ponder);
        if let Some(jobs) = &self.jobs {
            self.running = jobs.send(job).is_ok();
        }
    }

    /// Asks the running search to finish now (it still reports its best move).
    pub fn stop(&self) {
        self.flags.stop();
    }

    /// A new game (`ucinewgame`, `Clear Hash`): the next search forgets what earlier ones learnt.
    pub fn forget(&self) {
        self.flags.forget.store(true, Ordering::Relaxed);
    }

    /// The pondered move was played: the search continues as a normal timed search.
    pub fn ponderhit(&self) {
        self.flags.ponder.store(false, Ordering::Relaxed);
    }

    /// Blocks until the running search (if any) has reported its best move.
    pub fn wait(&mut self) {
        if self.running {
            let _ = self.finished.recv();
            self.running = false;
        }
    }

    /// Whether a search is still running. Once it has sent `bestmove` it is not, even if its thread
    /// has not yet said so: then this waits the moment it takes.
    pub fn is_searching(&mut self) -> bool {
        if self.running && self.flags.finished() {
            self.wait();
        }
        self.running
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.stop();
        self.wait();
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
