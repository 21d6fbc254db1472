//! The UCI thread's handle to the search thread.
//!
//! `start` sends a `Job` (its own copy of the position, limits, options and a reporter) over a
//! crossbeam channel to the search thread; `stop` and `ponderhit` set shared atomic flags that the
//! search polls. Every job ends in exactly one `Report::BestMove`.

use std::sync::Arc;
use std::thread::JoinHandle;

use crossbeam_channel::{Receiver, Sender};

use super::iterate::run;
use super::job::Job;
use super::memory::Memories;
use super::team::{Flags, SEARCH_STACK_BYTES};

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
        self.flags.forget();
    }

    /// The pondered move was played: the search continues as a normal timed search.
    pub fn ponderhit(&self) {
        self.flags.ponderhit();
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
