//! Iterative deepening, principal variation search and quiescence search.
//!
//! Draws come from the rules: a position seen before inside the search tree (or for the third time
//! counting the game before the root), the fifty-move limit (`Rule50`) reached unless the side to move
//! is mated, stalemate and dead positions. A draw scores `Contempt` against the root side, with one
//! centipawn of node-dependent jitter off the principal variation so that the search does not trust
//! one drawn line blindly. The static evaluation shrinks as the halfmove clock runs (see
//! `eval::scale_for_clock`), so the side ahead makes progress and the side behind lets the clock run.
//!
//! The transposition table knows nothing of the clock, so close to the limit it gives no cutoffs, and
//! a mate it remembers counts only if it can be delivered before the limit.

use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use cozy_chess::{Board, Move};

use super::ordering::MoveList;
use super::score::{self, DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use super::time::{self, TimeLimits};
use super::tt::{Bound, TranspositionTable};
use super::{Flags, Iteration, Job, Limits, Report, Settings};
use crate::eval;
use crate::position::draw::{is_dead_position, resets_clock};
use crate::position::repetition_key;
use crate::position::Position;

/// Nodes between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;
/// Polling interval while an infinite or ponder search waits for `stop`/`ponderhit`.
const WAIT_POLL: Duration = Duration::from_millis(1);
/// No transposition-table cutoffs this many plies before the fifty-move limit: the stored score was
/// found at another clock.
const TT_CLOCK_MARGIN: u32 = 10;
/// When the game before the root already repeats positions, no transposition-table cutoffs in the
/// first plies of the tree: a stored score may predate the occurrences that now make a threefold
/// (or a claim) one or two moves away.
const REPETITION_GUARD_PLIES: usize = 4;

/// The outcome of a search, for callers that run it directly (bench).
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// Runs one search to the end, reporting iterations and exactly one best move.
pub fn run(job: Job, flags: &Flags) -> SearchResult {
    let Job { position, limits, settings, tt, mut reporter } = job;
    tt.new_search();
    let overhead = settings.move_overhead_ms;
    let time = match (limits.movetime_ms, limits.clock) {
        (Some(ms), _) => Some(time::for_movetime(ms, overhead)),
        (None, Some(clock)) if !limits.infinite => Some(time::for_clock(clock, overhead)),
        _ => None,
    };
    let searched = panic::catch_unwind(AssertUnwindSafe(|| {
        Worker::new(&position, &limits, settings, time, &tt, flags).iterate(position.board(), &mut reporter)
    }));
    // A bug in the search must not cost the game: answer with a legal move all the same.
    let result = searched.unwrap_or_else(|_| {
        log::error!("search panicked; answering with the first legal move");
        let best = first_allowed_move(position.board(), &limits.search_moves);
        SearchResult { best, ..SearchResult::default() }
    });
    // `infinite` and `ponder` searches wait for `stop` (or `ponderhit`) before answering.
    while (limits.infinite || flags.pondering()) && !flags.stopped() {
        std::thread::sleep(WAIT_POLL);
    }
    flags.finish();
    reporter(Report::BestMove { best: result.best, ponder: result.ponder });
    result
}

struct Worker<'a> {
    tt: &'a TranspositionTable,
    flags: &'a Flags,
    limits: &'a Limits,
    settings: Settings,
    time: Option<TimeLimits>,
    /// When the clock started (reset at `ponderhit`).
    clock_start: Instant,
    start: Instant,
    waiting_for_ponderhit: bool,
    nodes: u64,
    seldepth: usize,
    /// Repetition keys: the game before the root, then the current search path.
    keys: Vec<u64>,
    root_index: usize,
    /// Halfmove clock (not capped) at each ply of the current path.
    clocks: [u32; MAX_PLY + 1],
    /// Plies below the root where table cutoffs are not trusted (see `REPETITION_GUARD_PLIES`).
    guard_plies: usize,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Best line so far: from the last completed iteration or a root move that beat it since.
    best_line: Vec<Move>,
    best_score: i32,
    completed_depth: u32,
    aborted: bool,
}

/// The first legal move of `board` that `searchmoves` allows (all, when empty).
fn first_allowed_move(board: &Board, allowed: &[Move]) -> Option<Move> {
    let legal = MoveList::generate(board, false);
    legal.as_slice().iter().copied().find(|mv| allowed.is_empty() || allowed.contains(mv))
}

/// Whether some position of the game, within reach of the halfmove clock `clock` at the last one,
/// has appeared more than once.
fn history_repeats(keys: &[u64], clock: u32) -> bool {
    let reach = (clock as usize).min(keys.len().saturating_sub(1));
    let window = &keys[keys.len() - 1 - reach..];
    window.iter().enumerate().any(|(i, key)| window[i + 1..].contains(key))
}

/// How the current node stands toward a repetition draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Repetition {
    None,
    /// Seen once before the root: one more occurrence makes a threefold.
    Earlier,
    Draw,
}

const NO_MOVE: Move = Move { from: cozy_chess::Square::A1, to: cozy_chess::Square::A1, promotion: None };

impl<'a> Worker<'a> {
    fn new(
        position: &Position,
        limits: &'a Limits,
        settings: Settings,
        time: Option<TimeLimits>,
        tt: &'a TranspositionTable,
        flags: &'a Flags,
    ) -> Worker<'a> {
        let keys = position.keys().to_vec();
        let now = Instant::now();
        let mut clocks = [0; MAX_PLY + 1];
        clocks[0] = position.halfmove_clock();
        let guard_plies = if history_repeats(&keys, clocks[0]) { REPETITION_GUARD_PLIES } else { 0 };
        Worker {
            guard_plies,
            tt,
            flags,
            limits,
            settings,
            clocks,
            time,
            clock_start: now,
            start: now,
            waiting_for_ponderhit: limits.ponder,
            nodes: 0,
            seldepth: 0,
            root_index: keys.len() - 1,
            keys,
            pv: vec![[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            best_line: Vec::new(),
            best_score: -INFINITY,
            completed_depth: 0,
            aborted: false,
        }
    }

    /// Iterative deepening until a limit, `stop`, or the maximum depth.
    fn iterate(&mut self, root: &Board, reporter: &mut super::Reporter) -> SearchResult {
        if MoveList::generate(root, false).is_empty() {
            // Checkmate or stalemate: one line saying so, then `bestmove 0000`.
            let score = if root.checkers().is_empty() { self.draw_score(0, true) } else { score::mated_in(0) };
            self.best_score = score;
            reporter(Report::Iteration(self.iteration_info(0, score)));
            return self.result(root);
        }
        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let score = self.negamax(root, depth as i32, -INFINITY, INFINITY, 0);
            if self.aborted {
                break;
            }
            self.completed_depth = depth;
            self.best_score = score;
            self.best_line = self.pv[0][..self.pv_len[0]].to_vec();
            reporter(Report::Iteration(self.iteration_info(depth, score)));
            if self.iteration_limit_reached(score) {
                break;
            }
        }
        self.result(root)
    }

    fn iteration_info(&self, depth: u32, score: i32) -> Iteration {
        Iteration {
            depth,
            seldepth: self.seldepth as u32,
            score,
            nodes: self.nodes,
            time_ms: self.start.elapsed().as_millis() as u64,
            hashfull: self.tt.hashfull(),
            pv: self.best_line.clone(),
        }
    }

    /// After an iteration: is it time to stop deepening?
    fn iteration_limit_reached(&mut self, score: i32) -> bool {
        if self.flags.stopped() {
            return true;
        }
        if let Some(moves) = self.limits.mate {
            if score > MATE_BOUND && (MATE - score + 1) / 2 <= moves as i32 {
                return true;
            }
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            return true;
        }
        let Some(limits) = self.time else {
            return false;
        };
        !self.pondering() && self.clock_start.elapsed() >= limits.soft
    }

    fn result(&self, root: &Board) -> SearchResult {
        // If not even depth 1 finished (stopped at once), any allowed legal move beats none.
        let best = self.best_line.first().copied().or_else(|| first_allowed_move(root, &self.limits.search_moves));
        let ponder = best.and_then(|mv| self.ponder_move(root, mv));
        SearchResult { best, ponder, score: self.best_score, depth: self.completed_depth, nodes: self.nodes }
    }

    /// The reply to expect after `best`: from the PV, or from the table.
    fn ponder_move(&self, root: &Board, best: Move) -> Option<Move> {
        if let Some(&reply) = self.best_line.get(1) {
            return Some(reply);
        }
        let mut child = root.clone();
        child.play_unchecked(best);
        let candidate = self.tt.probe(child.hash())?.mv?;
        MoveList::generate(&child, false).as_slice().contains(&candidate).then_some(candidate)
    }

    fn pondering(&mut self) -> bool {
        if self.waiting_for_ponderhit && !self.flags.pondering() {
            // `ponderhit`: the clock of this move starts now.
            self.waiting_for_ponderhit = false;
            self.clock_start = Instant::now();
        }
        self.waiting_for_ponderhit
    }

    /// Counts a node and decides whether the search must stop now.
    fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.limits.nodes.is_some_and(|n| self.nodes > n) && self.completed_depth >= 1 {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.aborted |= self.flags.stopped() || self.out_of_time();
        }
        self.aborted
    }

    fn out_of_time(&mut self) -> bool {
        let Some(limits) = self.time else {
            return false;
        };
        self.completed_depth > 0 && !self.pondering() && self.clock_start.elapsed() >= limits.hard
    }

    /// Whether the current node (at `ply`) repeats a position: `Draw` once inside the tree or for the
    /// third time counting positions before the root; `Earlier` when it occurred before the root only
    /// once.
    ///
    /// Also `Draw` when the engine's own side is to move and can claim a threefold with its next move
    /// (FIDE 9.2: "the move they are about to play will make it appear"): python-chess based GUIs
    /// adjudicate that claim at once, so a winning engine must not walk into it. The opponent's claim
    /// is its option, which plain search already gives it (the repeating move scores a draw), so a
    /// losing engine does not count on a winning opponent claiming.
    fn repetition(&self, halfmove_clock: u32, ply: usize) -> Repetition {
        let current = self.keys.len() - 1;
        let key = self.keys[current];
        let reach = (halfmove_clock as usize).min(current);
        let oldest = current - reach;
        let mut before_root = 0;
        let mut back = 2;
        while back <= reach {
            let index = current - back;
            if self.keys[index] == key {
                if index >= self.root_index || before_root == 1 {
                    return Repetition::Draw;
                }
                before_root += 1;
                // The move played from that earlier occurrence can be played again: if the position
                // it led to has appeared twice, that move makes a threefold, which may be claimed now.
                if ply.is_multiple_of(2) {
                    let successor = self.keys[index + 1];
                    let seen = (oldest..current).rev().step_by(2).filter(|&i| self.keys[i] == successor).count();
                    if seen >= 2 {
                        return Repetition::Draw;
                    }
                }
            }
            back += 2;
        }
        if before_root > 0 {
            Repetition::Earlier
        } else {
            Repetition::None
        }
    }

    /// The score of a drawn node at `ply`: `Contempt` against the root side, and off the principal
    /// variation one centipawn of jitter either way (from the node count).
    fn draw_score(&self, ply: usize, pv_node: bool) -> i32 {
        let contempt = self.settings.contempt;
        let base = if ply.is_multiple_of(2) { DRAW - contempt } else { DRAW + contempt };
        if pv_node {
            base
        } else {
            base + (self.nodes & 2) as i32 - 1
        }
    }

    /// Whether the fifty-move limit (if on) is reached at `ply`.
    fn limit_reached(&self, ply: usize) -> bool {
        self.settings.move_limit.claim_plies().is_some_and(|limit| self.clocks[ply] >= limit)
    }

    /// The score of a node at the fifty-move limit: a draw, unless the side to move is mated (a mate on
    /// the last ply stands).
    fn limit_score(&self, board: &Board, ply: usize, pv_node: bool) -> i32 {
        let mated = !board.checkers().is_empty() && !board.generate_moves(|_| true);
        if mated {
            score::mated_in(ply)
        } else {
            self.draw_score(ply, pv_node)
        }
    }

    /// Draw by the rules at a node below the root (given its repetition status), or `None`.
    fn rule_draw(&self, board: &Board, ply: usize, pv_node: bool, repetition: Repetition) -> Option<i32> {
        if self.limit_reached(ply) {
            return Some(self.limit_score(board, ply, pv_node));
        }
        if repetition == Repetition::Draw || is_dead_position(board) {
            return Some(self.draw_score(ply, pv_node));
        }
        None
    }

    /// Whether a table entry's score may end the search of a node at `ply` with `clock` plies run:
    /// not close to the fifty-move limit, and a mate only if it comes before the limit.
    fn tt_score_usable(&self, score: i32, ply: usize) -> bool {
        let Some(limit) = self.settings.move_limit.claim_plies() else {
            return true;
        };
        let clock = self.clocks[ply];
        if clock + TT_CLOCK_MARGIN >= limit {
            return false;
        }
        !score::is_mate(score) || clock + score::mate_distance(score) <= limit
    }

    /// Static evaluation, shrunk toward the draw as the halfmove clock runs.
    fn evaluate(&self, board: &Board, ply: usize) -> i32 {
        eval::scale_for_clock(eval::evaluate(board), self.clocks[ply], self.settings.move_limit)
    }

    /// Plays `mv`, recording the child's repetition key (when `track_repetitions`) and clock.
    fn play(&mut self, board: &Board, mv: Move, ply: usize, track_repetitions: bool) -> Board {
        self.clocks[ply + 1] = if resets_clock(board, mv) { 0 } else { self.clocks[ply].saturating_add(1) };
        let mut child = board.clone();
        child.play_unchecked(mv);
        if track_repetitions {
            self.keys.push(repetition_key(&child));
        }
        child
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].min(MAX_PLY - ply - 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][0] = mv;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    fn negamax(&mut self, board: &Board, mut depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        // The rules come first, also at the horizon: a drawn leaf is not evaluated.
        let repetition = if root { Repetition::None } else { self.repetition(self.clocks[ply], ply) };
        if !root {
            if let Some(score) = self.rule_draw(board, ply, pv_node, repetition) {
                self.nodes += 1;
                return score;
            }
        }
        let in_check = !board.checkers().is_empty();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(board, alpha, beta, ply);
        }
        if self.visit(ply) {
            return DRAW;
        }
        if !root {
            if ply >= MAX_PLY - 1 {
                return self.evaluate(board, ply);
            }
            // Mate distance pruning: no line from here beats a mate already found closer to the root.
            alpha = alpha.max(score::mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let key = board.hash();
        let entry = self.tt.probe(key);
        // A position met before the root, or any node near the root while the game is repeating
        // itself, may be a step from a threefold that the stored score (from a search with fewer
        // occurrences) knows nothing of: search it instead.
        let distrust = repetition == Repetition::Earlier || ply <= self.guard_plies;
        if let Some(entry) = entry.filter(|e| !root && !pv_node && !distrust && e.depth >= depth) {
            let tt_score = score::from_tt(entry.score, ply);
            let fits = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => tt_score >= beta,
                Bound::Upper => tt_score <= alpha,
            };
            let usable = fits && self.tt_score_usable(tt_score, ply);
            if usable {
                return tt_score;
            }
        }

        let mut moves = MoveList::generate(board, false);
        if root && !self.limits.search_moves.is_empty() {
            let allowed = &self.limits.search_moves;
            moves.retain(|mv| allowed.contains(&mv));
        }
        if moves.is_empty() {
            return if in_check { score::mated_in(ply) } else { self.draw_score(ply, pv_node) };
        }
        let preferred = if root { self.best_line.first().copied() } else { entry.and_then(|e| e.mv) };
        moves.score(board, preferred);

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut searched = 0;
        while let Some(mv) = moves.pick() {
            let child = self.play(board, mv, ply, true);
            let score = if searched == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let probe = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            self.keys.pop();
            if self.aborted {
                return DRAW;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if root {
                        self.best_line = self.pv[0][..self.pv_len[0]].to_vec();
                        self.best_score = score;
                    }
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, score::to_tt(best_score, ply), depth, bound);
        best_score
    }

    fn quiescence(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        if self.visit(ply) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(board, ply);
        }
        if self.limit_reached(ply) {
            // An evasion that was no capture ran the clock out (captures reset it).
            return self.limit_score(board, ply, false);
        }
        let in_check = !board.checkers().is_empty();
        let mut best_score = -INFINITY;
        if !in_check {
            let stand_pat = self.evaluate(board, ply);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }
        let mut moves = MoveList::generate(board, !in_check);
        if in_check && moves.is_empty() {
            return score::mated_in(ply);
        }
        moves.score(board, None);
        while let Some(mv) = moves.pick() {
            // Captures and evasions only: no repetition key needed below here.
            let child = self.play(board, mv, ply, false);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.aborted {
                return DRAW;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }
}
