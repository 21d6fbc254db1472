//! One search from start to `bestmove`: iterative deepening with aspiration windows and MultiPV
//! lines, the decisions about when to stop (time, nodes, mate, `stop`), `info` reports and the
//! answer.

use std::panic::{self, AssertUnwindSafe};
use std::time::Duration;

use cozy_chess::{Board, Move};

use super::job::{Iteration, Job, Limits, Report};
use super::memory::Memories;
use super::params;
use super::root::Line;
use super::score::{self, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use super::tablebase;
use super::team::{Flags, Shared, Team, MAIN};
use super::threads;
use super::time::{self, Effort, TimeLimits};
use super::tt::Bound;
use super::worker::{Bounds, Task, Worker};
use crate::position::movegen::legal_moves;

/// An aspiration window that has widened past this many search units (ten of net 3's pawns) gives
/// way to the full window.
const FULL_WINDOW_DELTA: i32 = 664;

/// Polling interval while an infinite or ponder search waits for `stop`/`ponderhit`.
const WAIT_POLL: Duration = Duration::from_millis(1);

/// The outcome of a search, for callers that run it directly (bench).
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// The first legal move of `board` that `searchmoves` allows (all, when empty).
fn first_allowed_move(board: &Board, allowed: &[Move]) -> Option<Move> {
    legal_moves(board).into_iter().find(|mv| allowed.is_empty() || allowed.contains(mv))
}

/// Runs one search to the end, reporting iterations and exactly one best move. The threads learn
/// into `memories` and start from what earlier searches of the game left there.
pub fn run(job: Job, flags: &Flags, memories: &mut Memories) -> SearchResult {
    let Job { position, network, tablebases, limits, settings, tt, mut reporter } = job;
    tt.new_search();
    let overhead = settings.move_overhead_ms;
    let time = match (limits.movetime_ms, limits.clock) {
        (Some(ms), _) => Some(time::for_movetime(ms, overhead)),
        (None, Some(clock)) if !limits.infinite => Some(time::for_clock(clock, overhead)),
        _ => None,
    };
    log_start(&limits, time);
    let team = Team::new(settings.threads.max(1));
    let tablebases = tablebases.as_deref();
    let ranked = tablebases.and_then(|t| tablebase::rank_root(t, &position, &settings, &limits.search_moves));
    let root_tb_moves = ranked.map_or_else(Vec::new, |(kept, probed)| {
        team.add_tb_hits(probed);
        kept
    });
    let root_moves = if root_tb_moves.is_empty() {
        limits.search_moves.clone()
    } else {
        root_tb_moves.iter().map(|r| r.mv).collect()
    };
    let nodes = [limits.nodes, settings.strength.nodes()].into_iter().flatten().min();
    let bounds = Bounds { nodes, root_moves };
    let tb_cardinality = tablebase::tree_cardinality(tablebases, &settings, !root_tb_moves.is_empty());
    let network = network.as_ref();
    let shared =
        Shared { tt: &tt, flags, team: &team, network, tablebases, root_tb_moves: &root_tb_moves, tb_cardinality };
    let (main_memory, helper_memories) = memories.for_threads(team.threads());
    let result = std::thread::scope(|scope| {
        threads::spawn_helpers(scope, &position, (&limits, &bounds), settings, shared, helper_memories);
        let searched = panic::catch_unwind(AssertUnwindSafe(|| {
            let task = Task { limits: &limits, bounds: &bounds, settings, time };
            Worker::new(&position, task, shared, main_memory, MAIN).iterate(position.board(), &mut reporter)
        }));
        // A bug in the search must not cost the game: answer with a legal move all the same.
        let result = searched.unwrap_or_else(|_| {
            log::error!("search panicked; answering with the first legal move");
            let best = first_allowed_move(position.board(), &bounds.root_moves);
            SearchResult { best, ..SearchResult::default() }
        });
        // `infinite` and `ponder` searches wait for `stop` (or `ponderhit`) before answering.
        while (limits.infinite || flags.pondering()) && !flags.stopped() {
            std::thread::sleep(WAIT_POLL);
        }
        team.stop();
        result
    });
    flags.finish();
    reporter(Report::BestMove { best: result.best, ponder: result.ponder });
    result
}

/// For the Debug Log File: the time limits, and how long the job waited after `go` arrived.
fn log_start(limits: &Limits, time: Option<TimeLimits>) {
    let waited_ms = limits.received.map_or(0, |at| at.elapsed().as_millis());
    match time {
        Some(t) => log::info!(
            "search starts {waited_ms} ms after go: soft {} ms, hard {} ms",
            t.soft.as_millis(),
            t.hard.as_millis()
        ),
        None => log::info!("search starts {waited_ms} ms after go: no time limit"),
    }
}

impl Worker<'_> {
    /// Iterative deepening until a limit, `stop`, or the maximum depth.
    pub(super) fn iterate(&mut self, root: &Board, reporter: &mut dyn FnMut(Report)) -> SearchResult {
        let root_moves = legal_moves(root);
        if root_moves.is_empty() {
            // Checkmate or stalemate: one line saying so, then `bestmove 0000`.
            let score = if root.checkers().is_empty() { self.draw_score(0, true) } else { score::mated_in(0) };
            self.root.best_score = score;
            let line = Line { score, pv: Vec::new(), seldepth: 0 };
            reporter(Report::Iteration(self.iteration_info(0, 0, &line, Bound::Exact)));
            return self.result(root, &line);
        }
        let only_move = root_moves.len() == 1;
        let allowed_moves = &self.task.bounds.root_moves;
        let allowed = root_moves.iter().filter(|mv| allowed_moves.is_empty() || allowed_moves.contains(mv)).count();
        let reported = self.task.settings.multipv.clamp(1, allowed.max(1));
        let line_count = self.task.settings.strength.lines(reported).min(allowed.max(1));
        let max_depth = self.task.limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        let mut effort = Effort::default();
        for depth in 1..=max_depth {
            // Read before the iteration: the root search updates `best_line` as soon as a move beats alpha.
            let previous_best = self.root.best_line.first().copied();
            let Some(lines) = self.search_lines(root, depth, line_count) else {
                break;
            };
            self.progress.completed_depth = depth;
            self.root.best_score = lines[0].score;
            self.root.best_line = lines[0].pv.clone();
            self.root.best_bound = Bound::Exact;
            for (index, line) in lines.iter().enumerate().take(reported) {
                reporter(Report::Iteration(self.iteration_info(index, depth, line, Bound::Exact)));
            }
            self.root.lines = lines;
            let score = self.root.best_score;
            effort.update(previous_best == self.root.best_line.first().copied(), score, self.best_move_share());
            if self.iteration_limit_reached(score, &effort)
                || (only_move && self.task.time.is_some() && !self.pondering())
            {
                break;
            }
        }
        let (played, depth, bound) = self.played_line();
        // The last line reported must start with the move played (GUIs and PGNs show it as the plan).
        let reported_first = self.root.lines.first().and_then(|line| line.pv.first());
        if !played.pv.is_empty() && played.pv.first() != reported_first {
            reporter(Report::Iteration(self.iteration_info(0, depth, &played, bound)));
        }
        self.result(root, &played)
    }

    /// The line to play, with the depth and bound to report it at: the line the handicap picks from
    /// the last iteration, or the best line so far. That one may come from the iteration cut short,
    /// whose root search can replace the last iteration's best move before it is stopped.
    fn played_line(&self) -> (Line, u32, Bound) {
        let scores: Vec<i32> = self.root.lines.iter().map(|line| line.score).collect();
        let chosen = self.task.settings.strength.choose(&scores);
        match self.root.lines.get(chosen) {
            Some(line) if chosen > 0 => return (line.clone(), self.progress.completed_depth, Bound::Exact),
            Some(line) if line.pv.first() == self.root.best_line.first() => {
                return (line.clone(), self.progress.completed_depth, Bound::Exact)
            }
            _ => {}
        }
        let line =
            Line { score: self.root.best_score, pv: self.root.best_line.clone(), seldepth: self.progress.seldepth };
        (line, self.progress.completed_depth + 1, self.root.best_bound)
    }

    /// One iteration: the best `count` lines at `depth`, best first, each searched with the root
    /// moves of the lines before it left out. `None` when the search was stopped before the end.
    fn search_lines(&mut self, root: &Board, depth: u32, count: usize) -> Option<Vec<Line>> {
        self.root.excluded.clear();
        let mut lines = Vec::with_capacity(count);
        for pv_index in 0..count {
            self.root.pv_index = pv_index;
            self.progress.seldepth = 0;
            let center = self.root.lines.get(pv_index).map(|line| line.score);
            let score = self.aspiration(root, depth, center);
            if self.progress.aborted {
                self.root.pv_index = 0;
                return None;
            }
            let pv = self.pv.line(0).to_vec();
            let Some(&first) = pv.first() else {
                break;
            };
            self.root.excluded.push(first);
            lines.push(Line { score, pv, seldepth: self.progress.seldepth });
        }
        self.root.pv_index = 0;
        // A later line can come out above an earlier one (search instability): report them in order.
        lines.sort_by_key(|line| std::cmp::Reverse(line.score));
        (!lines.is_empty()).then_some(lines)
    }

    /// Searches the root at `depth` in a window around `center` (the line's last score), widening it
    /// on failure.
    fn aspiration(&mut self, root: &Board, depth: u32, center: Option<i32>) -> i32 {
        let mut delta = params::aspiration_delta();
        let (mut alpha, mut beta) = match center {
            Some(center) if depth >= params::aspiration_depth() as u32 && !score::is_decisive(center) => {
                (center - delta, center + delta)
            }
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let score = self.negamax(root, depth as i32, alpha, beta, 0, false);
            if self.progress.aborted {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta += delta / 2;
            if delta > FULL_WINDOW_DELTA {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// Share of all nodes spent below the current best root move.
    fn best_move_share(&self) -> f64 {
        let Some(&best) = self.root.best_line.first() else {
            return 1.0;
        };
        self.root.move_nodes(best) as f64 / self.progress.nodes.max(1) as f64
    }

    /// The report of line `index` (0: the best) of an iteration.
    fn iteration_info(&self, index: usize, depth: u32, line: &Line, bound: Bound) -> Iteration {
        let shown = self.root_tb_score(line.pv.first().copied(), line.score);
        Iteration {
            multipv: index + 1,
            depth,
            seldepth: line.seldepth as u32,
            score: shown.unwrap_or(line.score),
            bound: if shown.is_some() { Bound::Exact } else { bound },
            nodes: self.total_nodes(),
            time_ms: self.progress.start.elapsed().as_millis() as u64,
            hashfull: self.shared.tt.hashfull(),
            tbhits: self.shared.tablebases.map(|_| self.shared.team.tb_hits()),
            pv: line.pv.clone(),
        }
    }

    /// After an iteration: is it time to stop deepening?
    fn iteration_limit_reached(&mut self, score: i32, effort: &Effort) -> bool {
        if self.shared.flags.stopped() || self.shared.team.stopped() {
            return true;
        }
        if let Some(moves) = self.task.limits.mate {
            if score > MATE_BOUND && (MATE - score + 1) / 2 <= moves as i32 {
                return true;
            }
        }
        let nodes = self.total_nodes();
        if self.task.bounds.nodes.is_some_and(|n| nodes >= n) || self.task.limits.soft_nodes.is_some_and(|n| nodes >= n)
        {
            return true;
        }
        let Some(limits) = self.task.time else {
            return false;
        };
        let movetime = self.task.limits.movetime_ms.is_some();
        let soft = if movetime { limits.soft } else { effort.scale(limits) };
        !self.pondering() && self.progress.clock_start.elapsed() >= soft
    }

    fn result(&self, root: &Board, played: &Line) -> SearchResult {
        let line = &played.pv;
        // If not even depth 1 found a move (stopped at once), any allowed legal move beats none.
        let best = line.first().copied().or_else(|| first_allowed_move(root, &self.task.bounds.root_moves));
        let ponder = best.and_then(|mv| self.ponder_move(root, mv, line));
        SearchResult {
            best,
            ponder,
            score: self.root.best_score,
            depth: self.progress.completed_depth,
            nodes: self.total_nodes(),
        }
    }

    /// The reply to expect after `best`: from the PV, or from the table.
    fn ponder_move(&self, root: &Board, best: Move, line: &[Move]) -> Option<Move> {
        if let Some(&reply) = line.get(1) {
            return Some(reply);
        }
        let mut child = root.clone();
        child.play_unchecked(best);
        let candidate = self.shared.tt.probe(child.hash())?.mv?;
        legal_moves(&child).contains(&candidate).then_some(candidate)
    }
}
