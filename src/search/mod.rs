//! Search: the search thread and its Lazy SMP helpers, iterative deepening, alpha-beta, the
//! transposition table, time management and the histories the threads learn.
//!
//! Data flows one way. The UCI thread owns a `Searcher` (`searcher`), which hands each `Job` (`job`)
//! to the search thread. There `iterate` runs iterative deepening on a `Worker` (`worker`: a
//! thread's state with its per-ply `frame`s), whose `alphabeta`, `quiescence`, `prune` and `rules`
//! search the tree with moves from `picker` (over `position::movegen`). Every tunable number is in `params`.
//! Commands that search many positions in turn (bench, genfens, the survey, datagen) use a
//! `DirectSearch` (`direct`) on their own thread instead.

mod alphabeta;
mod correction;
mod direct;
mod extend;
mod frame;
mod history;
mod iterate;
pub mod job;
mod lmr;
mod memory;
mod node;
pub mod params;
mod picker;
mod prune;
mod quiescence;
mod root;
mod rules;
pub mod score;
mod searcher;
pub mod strength;
mod tablebase;
mod team;
mod threads;
pub mod time;
pub mod tt;
mod worker;

pub use direct::DirectSearch;
pub use iterate::{run, SearchResult};
pub use job::{Iteration, Job, Limits, Report, Reporter, Settings, Syzygy};
pub use memory::Memories;
pub use searcher::Searcher;
pub use strength::Strength;
pub use team::{Flags, MAX_THREADS, SEARCH_STACK_BYTES};
pub use time::Clock;
pub use tt::TranspositionTable;
