//! What goes into a search and what comes out: the limits, the option values it uses, the job the
//! UCI thread hands to the search thread, and the reports it gets back.

use std::sync::Arc;
use std::time::Instant;

use cozy_chess::Move;

use super::strength::Strength;
use super::time::Clock;
use super::tt::{Bound, TranspositionTable};
use crate::nnue::network::Network;
use crate::position::{MoveLimit, Position};
use crate::syzygy::root::ClockRule;
use crate::syzygy::Tablebases;

/// What limits one search. Empty limits mean: search until `stop`.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// No new iteration once this many nodes are searched (self-play data generation).
    pub soft_nodes: Option<u64>,
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
    pub bound: Bound,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u16,
    /// Tablebase probes of all threads; `None` without tables.
    pub tbhits: Option<u64>,
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
    /// How to probe the endgame tables, if there are any.
    pub syzygy: Syzygy,
}

/// Probe settings a search copies from the options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Syzygy {
    /// Probe in the tree from this depth on, for positions with as many pieces as the largest table
    /// (`SyzygyProbeDepth`; fewer pieces are probed at any depth).
    pub probe_depth: i32,
    /// Most pieces to probe (`SyzygyProbeLimit`; 0: none).
    pub probe_limit: u32,
    /// How the tables' results meet the fifty-move rule; `None` when they do not know the limit in force.
    pub rule: Option<ClockRule>,
}

/// Everything a search needs, owned by the search for its duration.
pub struct Job {
    pub position: Position,
    /// The network to evaluate with.
    pub network: Arc<Network>,
    /// The Syzygy tables of `SyzygyPath`, if loaded.
    pub tablebases: Option<Arc<Tablebases>>,
    pub limits: Limits,
    pub settings: Settings,
    pub tt: Arc<TranspositionTable>,
    pub reporter: Reporter,
}
