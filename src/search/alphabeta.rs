//! Principal variation search and quiescence search, with the pruning, reductions and extensions of
//! a modern alpha-beta engine.
//!
//! At each node, in order: the rules (draws, see `rules`), mate-distance pruning, a transposition
//! table cutoff, the static evaluation (with the learnt `correction`), then (away from the principal
//! variation and not in check) reverse futility pruning, razoring, null-move pruning and ProbCut;
//! internal iterative reduction when no table move is known; then the moves from the staged picker,
//! with late move pruning, futility, history and SEE pruning, singular extensions (double ones off
//! the principal variation, and multi-cut), check extensions and late move reductions from a
//! logarithmic table. Cutoffs feed the killer, countermove and history tables; a node's result that
//! the static evaluation missed feeds the correction history. Both kinds of history live in the
//! thread's `memory`, kept between the searches of a game.

use cozy_chess::{Board, Move, Piece};

use super::correction::Slots;
use super::history::{context_of, MoveContext};
use super::memory::Memory;
use super::ordering::{is_noisy, victim, CheckSquares, MoveBuffer, MovePicker, QuietContext};
use super::rules::{twice_seen, Repetition};
use super::score::{self, DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use super::see::{see_ge, value};
use super::threads::{Shared, Team};
use super::time::TimeLimits;
use super::tt::{Bound, TranspositionTable};
use super::{Flags, Limits, Settings};
use crate::position::draw::resets_clock;
use crate::position::repetition_key;
use crate::position::Position;

use std::time::Instant;

/// Nodes between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;
/// When the game before the root already repeats positions, no transposition-table cutoffs in the
/// first plies of the tree: a stored score may predate the occurrences that now make a threefold
/// (or a claim) one or two moves away.
const REPETITION_GUARD_PLIES: usize = 4;

/// Reverse futility pruning: up to this depth, when the evaluation beats beta by the margin per ply.
const RFP_DEPTH: i32 = 8;
const RFP_MARGIN: i32 = 75;
/// Razoring: up to this depth, when the evaluation is below alpha by
/// `RAZOR_BASE + RAZOR_PER_DEPTH_SQUARED · depth²` (700, 1,600, 3,100 cp).
const RAZOR_DEPTH: i32 = 3;
const RAZOR_BASE: i32 = 400;
const RAZOR_PER_DEPTH_SQUARED: i32 = 300;
/// Null-move pruning from this depth; reduction `BASE + depth / DIVISOR`, plus more when far above beta.
const NMP_DEPTH: i32 = 3;
const NMP_BASE: i32 = 3;
const NMP_DEPTH_DIVISOR: i32 = 3;
const NMP_EVAL_DIVISOR: i32 = 200;
const NMP_EVAL_MAX: i32 = 3;
/// Internal iterative reduction from this depth.
const IIR_DEPTH: i32 = 4;
/// Late move pruning: quiet moves after `(BASE + depth²) / (2 - improving)` are skipped.
const LMP_BASE: i32 = 3;
/// Futility pruning of quiet moves up to this (reduced) depth, with these margins.
const FUTILITY_DEPTH: i32 = 8;
const FUTILITY_BASE: i32 = 100;
const FUTILITY_PER_DEPTH: i32 = 90;
/// SEE pruning: quiet moves losing more than `QUIET · depth²`, captures losing more than `NOISY · depth`.
const SEE_QUIET_DEPTH: i32 = 8;
const SEE_QUIET_MARGIN: i32 = 25;
const SEE_NOISY_DEPTH: i32 = 8;
const SEE_NOISY_MARGIN: i32 = 90;
/// History pruning: quiet moves at a (reduced) depth up to this with history below `-MARGIN · depth`.
const HISTORY_PRUNE_DEPTH: i32 = 4;
const HISTORY_PRUNE_MARGIN: i32 = 2048;
/// Singular extensions from this depth, for a table entry at most this much shallower.
const SINGULAR_DEPTH: i32 = 8;
const SINGULAR_TT_DEPTH_SLACK: i32 = 3;
/// Off the principal variation, a move singular by this margin is extended two plies, at most
/// `DOUBLE_EXTENSIONS_MAX` times along one line (the tree must stay finite).
const DOUBLE_EXTENSION_MARGIN: i32 = 20;
const DOUBLE_EXTENSIONS_MAX: u8 = 6;
/// ProbCut from this depth: a capture that beats beta by the margin in a search this much shallower
/// most likely beats beta at full depth.
const PROBCUT_DEPTH: i32 = 5;
const PROBCUT_MARGIN: i32 = 200;
const PROBCUT_REDUCTION: i32 = 4;
/// Late move reductions from this depth; table `BASE + ln(depth) · ln(moves) / DIVISOR`.
const LMR_DEPTH: i32 = 3;
const LMR_BASE: f64 = 0.75;
const LMR_DIVISOR: f64 = 2.25;
/// History needed to reduce a quiet move one ply less (or more, when negative).
const LMR_HISTORY_DIVISOR: i32 = 8192;
/// After a reduced search beats alpha, the re-search goes one ply deeper than the full depth when the
/// score beats the best so far by this much plus `LMR_DEEPER_MARGIN_PER_PLY` per ply of the full depth.
const LMR_DEEPER_MARGIN: i32 = 40;
const LMR_DEEPER_MARGIN_PER_PLY: i32 = 2;
/// ... and one ply shallower when it beats the best so far by less than this.
const LMR_SHALLOWER_MARGIN: i32 = 10;
/// Quiescence: skip captures that cannot lift the evaluation to alpha even with this margin.
const DELTA_MARGIN: i32 = 200;
/// Size of the reduction table in each dimension.
const LMR_TABLE: usize = 64;
/// Moves remembered per node for history maluses.
const TRIED_MAX: usize = 64;

/// What move-level pruning decides for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prune {
    Keep,
    Skip,
    /// Skip this quiet move; the later quiet moves will be pruned too unless they give check.
    SkipLaterQuiets,
}

/// Per-ply state of the current line.
#[derive(Clone, Copy, Default)]
struct Frame {
    /// Static evaluation (clock-scaled), `None` in check.
    static_eval: Option<i32>,
    /// The move played from this ply (`None` for a null move).
    moved: Option<MoveContext>,
    /// A move the singular-extension search leaves out.
    excluded: Option<Move>,
    /// Double extensions along the line from the root to this ply.
    double_extensions: u8,
}

/// What move pruning needs to know of its node.
#[derive(Clone, Copy)]
struct NodeFacts {
    depth: i32,
    alpha: i32,
    /// `None` in check.
    static_eval: Option<i32>,
    improving: bool,
}

/// Moves searched at a node, for history maluses after a cutoff. One per ply, reused.
#[derive(Default)]
struct Tried {
    quiets: Vec<Move>,
    captures: Vec<Move>,
}

impl Tried {
    fn clear(&mut self) {
        self.quiets.clear();
        self.captures.clear();
    }

    fn push(&mut self, mv: Move, quiet: bool) {
        let list = if quiet { &mut self.quiets } else { &mut self.captures };
        if list.len() < TRIED_MAX {
            list.push(mv);
        }
    }
}

/// `ln(depth) · ln(moves)` based reductions.
fn reduction_table() -> Vec<[i32; LMR_TABLE]> {
    let mut table = vec![[0; LMR_TABLE]; LMR_TABLE];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (moves, cell) in row.iter_mut().enumerate().skip(1) {
            *cell = (LMR_BASE + (depth as f64).ln() * (moves as f64).ln() / LMR_DIVISOR) as i32;
        }
    }
    table
}

/// What late move reductions ask of a move.
#[derive(Clone, Copy)]
struct MoveKind {
    /// Neither a capture nor a promotion.
    quiet: bool,
    /// Handed out after the good captures and promotions (a capture or promotion so marked loses
    /// material; for a quiet move it says nothing).
    losing: bool,
    gives_check: bool,
}

/// Whether late move reductions apply to the `searched`-th move searched at a node (from 1): a quiet
/// move or a losing capture after the first move (after the first two at the root). At the root a
/// capture, promotion or check may be the tactic the position turns on: never reduced there.
fn reducible(root: bool, searched: usize, kind: MoveKind) -> bool {
    if root {
        searched > 2 && kind.quiet && !kind.gives_check
    } else {
        searched > 1 && (kind.quiet || kind.losing)
    }
}

/// Whether the side to move has a piece other than pawns and its king (null move is then safe enough
/// from zugzwang).
fn has_non_pawn_material(board: &Board) -> bool {
    let ours = board.colors(board.side_to_move());
    !(ours & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King))).is_empty()
}

/// One line of the root's MultiPV: its score and principal variation.
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub score: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
}

pub(super) struct Worker<'a> {
    pub(super) tt: &'a TranspositionTable,
    pub(super) flags: &'a Flags,
    pub(super) team: &'a Team,
    /// This thread's id in the team (`MAIN` reports and answers).
    pub(super) id: usize,
    /// Nodes of the other threads, as last published.
    others_nodes: u64,
    pub(super) limits: &'a Limits,
    pub(super) settings: Settings,
    pub(super) time: Option<TimeLimits>,
    /// When the clock started (reset at `ponderhit`).
    pub(super) clock_start: Instant,
    pub(super) start: Instant,
    pub(super) waiting_for_ponderhit: bool,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    /// Repetition keys: the game before the root, then the current search path.
    pub(super) keys: Vec<u64>,
    pub(super) root_index: usize,
    /// Keys before this index are behind a null move of the current line: no repetition with them.
    pub(super) repetition_floor: usize,
    /// Halfmove clock (not capped) at each ply of the current path.
    pub(super) clocks: [u32; MAX_PLY + 1],
    /// Plies below the root where table cutoffs are not trusted (see `REPETITION_GUARD_PLIES`).
    guard_plies: usize,
    /// Positions seen twice before the root, with their latest index in `keys` (see `rules`).
    pub(super) twice_seen: Vec<(u64, usize)>,
    stack: [Frame; MAX_PLY + 1],
    /// Move-ordering histories, corrections of the static evaluation and the evaluation's caches,
    /// kept between searches.
    memory: &'a mut Memory,
    reductions: Vec<[i32; LMR_TABLE]>,
    /// One move buffer per ply, lent to the node's picker (`None` while lent).
    buffers: Vec<Option<MoveBuffer>>,
    /// The moves searched at each ply of the current line.
    tried: Vec<Tried>,
    /// Nodes spent below each root move (by from and to square), for time management.
    root_nodes: Vec<u64>,
    pub(super) pv: Vec<[Move; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    /// Best line so far: from the last completed iteration or a root move that beat it since.
    pub(super) best_line: Vec<Move>,
    pub(super) best_score: i32,
    /// `Lower` when `best_score` came from a fail-high at the root (it beat the window's beta).
    pub(super) best_bound: Bound,
    /// The lines of the last completed iteration, best first (one unless MultiPV).
    pub(super) lines: Vec<Line>,
    /// Which MultiPV line the root search is looking for (0: the best).
    pub(super) pv_index: usize,
    /// Root moves of the lines already found in this iteration: the next line leaves them out.
    pub(super) root_excluded: Vec<Move>,
    pub(super) completed_depth: u32,
    pub(super) aborted: bool,
}

const NO_MOVE: Move = Move { from: cozy_chess::Square::A1, to: cozy_chess::Square::A1, promotion: None };

impl<'a> Worker<'a> {
    pub(super) fn new(
        position: &Position,
        limits: &'a Limits,
        settings: Settings,
        time: Option<TimeLimits>,
        shared: Shared<'a>,
        memory: &'a mut Memory,
        id: usize,
    ) -> Worker<'a> {
        let keys = position.keys().to_vec();
        let now = limits.received.unwrap_or_else(Instant::now);
        let mut clocks = [0; MAX_PLY + 1];
        clocks[0] = position.halfmove_clock();
        // Some position of the game, within reach of the clock, has appeared more than once.
        let twice_seen = twice_seen(&keys, clocks[0]);
        let guard_plies = if twice_seen.is_empty() { 0 } else { REPETITION_GUARD_PLIES };
        Worker {
            guard_plies,
            twice_seen,
            tt: shared.tt,
            flags: shared.flags,
            team: shared.team,
            id,
            others_nodes: 0,
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
            repetition_floor: 0,
            keys,
            stack: [Frame::default(); MAX_PLY + 1],
            memory,
            reductions: reduction_table(),
            buffers: (0..=MAX_PLY).map(|_| Some(MoveBuffer::default())).collect(),
            tried: (0..=MAX_PLY).map(|_| Tried::default()).collect(),
            root_nodes: vec![0; 64 * 64],
            pv: vec![[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            best_line: Vec::new(),
            best_score: -INFINITY,
            best_bound: Bound::Exact,
            lines: Vec::new(),
            pv_index: 0,
            root_excluded: Vec::new(),
            completed_depth: 0,
            aborted: false,
        }
    }

    pub(super) fn root_move_nodes(&self, mv: Move) -> u64 {
        self.root_nodes[mv.from as usize * 64 + mv.to as usize]
    }

    /// Counts a node and decides whether the search must stop now.
    fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.limits.nodes.is_some_and(|n| self.nodes + self.others_nodes > n) && self.completed_depth >= 1 {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.team.publish(self.id, self.nodes);
            self.others_nodes = self.team.nodes_of_others(self.id);
            self.aborted |= self.flags.stopped() || self.team.stopped() || self.out_of_time();
        }
        self.aborted
    }

    /// Nodes searched by all threads (the other threads' count as last published).
    pub(super) fn total_nodes(&self) -> u64 {
        self.nodes + self.team.nodes_of_others(self.id)
    }

    /// Whether the root search may play `mv`: allowed by `searchmoves` and not the first move of a
    /// MultiPV line already found in this iteration.
    fn root_allowed(&self, mv: Move) -> bool {
        let searchmoves = &self.limits.search_moves;
        (searchmoves.is_empty() || searchmoves.contains(&mv)) && !self.root_excluded.contains(&mv)
    }

    /// The move to try first at the root: the best move so far of the line being searched.
    fn root_first_move(&self) -> Option<Move> {
        if self.pv_index == 0 {
            self.best_line.first().copied()
        } else {
            self.lines.get(self.pv_index).and_then(|line| line.pv.first().copied())
        }
    }

    fn out_of_time(&mut self) -> bool {
        let Some(limits) = self.time else {
            return false;
        };
        self.completed_depth > 0 && !self.pondering() && self.clock_start.elapsed() >= limits.hard
    }

    /// Plays `mv`, recording the child's repetition key (when `track_repetitions`) and clock.
    fn play(&mut self, board: &Board, mv: Move, ply: usize, track_repetitions: bool) -> Board {
        self.clocks[ply + 1] = if resets_clock(board, mv) { 0 } else { self.clocks[ply].saturating_add(1) };
        let mut child = board.clone();
        child.play_unchecked(mv);
        self.tt.prefetch(child.hash());
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

    /// The child at `ply + 1`, reached with `extension`, counts the double extensions of its line.
    fn pass_double_extensions(&mut self, ply: usize, extension: i32) {
        self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions + (extension >= 2) as u8;
    }

    /// The moves one and two plies before `ply`.
    fn previous_moves(&self, ply: usize) -> [Option<MoveContext>; 2] {
        let back = |n: usize| if ply >= n { self.stack[ply - n].moved } else { None };
        [back(1), back(2)]
    }

    /// Whether the static evaluation at `ply` is better than two plies before.
    fn improving(&self, ply: usize, static_eval: Option<i32>) -> bool {
        let Some(now) = static_eval else {
            return false;
        };
        let earlier = |n: usize| if ply >= n { self.stack[ply - n].static_eval } else { None };
        match (earlier(2), earlier(4)) {
            (Some(before), _) => now > before,
            (None, Some(before)) => now > before,
            (None, None) => true,
        }
    }

    /// The static evaluation (before clock scaling) of a node not in check: from the table or computed.
    fn raw_eval(&mut self, board: &Board, stored: Option<i32>) -> i32 {
        stored.unwrap_or_else(|| self.memory.evaluator.evaluate(board))
    }

    pub(super) fn negamax(
        &mut self,
        board: &Board,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        let excluded = self.stack[ply].excluded;
        // The rules come first, also at the horizon: a drawn leaf is not evaluated.
        let repetition = if root { Repetition::None } else { self.repetition(board, ply) };
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
        let entry = if excluded.is_some() { None } else { self.tt.probe(key) };
        // A position met before the root, or any node near the root while the game is repeating
        // itself, may be a step from a threefold that the stored score (from a search with fewer
        // occurrences) knows nothing of: search it instead.
        let distrust = repetition == Repetition::Earlier || ply <= self.guard_plies;
        let tt_score = entry.map(|e| score::from_tt(e.score, ply));
        if let (Some(e), Some(tt_score)) = (entry, tt_score) {
            let fits = e.bound.settles(tt_score, alpha, beta);
            if !root && !pv_node && !distrust && e.depth >= depth && fits && self.tt_score_usable(tt_score, ply) {
                return tt_score;
            }
        }
        let tt_move = if root { self.root_first_move() } else { entry.and_then(|e| e.mv) };

        let raw_eval = if in_check { None } else { Some(self.raw_eval(board, entry.and_then(|e| e.eval))) };
        let uncorrected_eval = raw_eval.map(|e| self.scale_for_clock(e, ply));
        let slots = raw_eval.map(|_| Slots::of(board));
        let static_eval = uncorrected_eval.zip(slots).map(|(e, slots)| self.memory.correction.corrected(slots, e));
        self.stack[ply].static_eval = static_eval;
        let improving = self.improving(ply, static_eval);
        // The table's score bounds the evaluation better than the evaluation itself.
        let eval = match (static_eval, entry, tt_score) {
            (Some(se), Some(e), Some(ts)) if !score::is_mate(ts) && !distrust && self.tt_score_usable(ts, ply) => {
                // A bound on the far side of the evaluation replaces it (equal scores change nothing).
                if e.bound.settles(ts, se, se) {
                    ts
                } else {
                    se
                }
            }
            (Some(se), _, _) => se,
            (None, _, _) => -INFINITY,
        };
        self.memory.history.clear_killers(ply + 1);
        let near_limit = self.near_limit(ply);

        if !root && !pv_node && !in_check && excluded.is_none() && !near_limit {
            if let Some(score) = self.prune_node(board, depth, alpha, beta, ply, cut_node, eval, improving) {
                return score;
            }
            if self.aborted {
                return DRAW;
            }
            let probcut_beta = beta + PROBCUT_MARGIN;
            // Unless the table already says this node fails low against the ProbCut bound.
            let table_denies = entry.zip(tt_score).is_some_and(|(e, ts)| {
                e.depth > depth - PROBCUT_REDUCTION && ts < probcut_beta && e.bound != Bound::Lower
            });
            if depth >= PROBCUT_DEPTH && beta.abs() < MATE_BOUND && !table_denies {
                let evals = (static_eval.unwrap_or(eval), raw_eval);
                if let Some(score) = self.probcut(board, depth, probcut_beta, evals, tt_move, ply, cut_node) {
                    return score;
                }
                if self.aborted {
                    return DRAW;
                }
            }
        }
        // Internal iterative reduction: without a table move this node was never searched well.
        if depth >= IIR_DEPTH && tt_move.is_none() && excluded.is_none() && (pv_node || cut_node) && !near_limit {
            depth -= 1;
        }

        // A capture from the table is likely best here: the quiet moves after it are reduced more.
        let tt_noisy = tt_move.is_some_and(|m| is_noisy(board, m));
        let previous = self.previous_moves(ply);
        let countermove = self.memory.history.countermove(previous[0]);
        let killers = self.memory.history.killers(ply);
        let buffer = self.buffers[ply].take().unwrap_or_default();
        let mut picker = MovePicker::with_buffer(board, tt_move, true, buffer);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut legal = 0;
        let mut searched = 0;
        let mut tried = std::mem::take(&mut self.tried[ply]);
        tried.clear();
        // Computed when move pruning first asks whether a move gives check.
        let mut check_squares = None;
        loop {
            let next = {
                let context = QuietContext { history: &self.memory.history, killers, countermove, previous };
                picker.next(board, &context)
            };
            let Some(mv) = next else { break };
            if Some(mv) == excluded {
                continue;
            }
            if root && !self.root_allowed(mv) {
                continue;
            }
            legal += 1;
            let quiet = !is_noisy(board, mv);
            let moved = context_of(board, mv);
            let history =
                if quiet { self.memory.history.quiet_score(board.side_to_move(), mv, moved, &previous) } else { 0 };

            if !root && best_score > -MATE_BOUND && !near_limit {
                let node = NodeFacts { depth, alpha, static_eval, improving };
                let pruned = self.prune_move(board, mv, quiet.then_some(history), legal, node, &mut check_squares);
                match pruned {
                    Prune::Keep => {}
                    Prune::Skip => continue,
                    Prune::SkipLaterQuiets => {
                        picker.stop_ordering_quiets();
                        continue;
                    }
                }
            }

            let mut extension = 0;
            if let (Some(e), Some(ts)) = (entry, tt_score) {
                let candidate = !root
                    && Some(mv) == tt_move
                    && depth >= SINGULAR_DEPTH
                    && e.depth >= depth - SINGULAR_TT_DEPTH_SLACK
                    && e.bound != Bound::Upper
                    && !score::is_mate(ts)
                    && !distrust
                    && self.tt_score_usable(ts, ply);
                if candidate {
                    let singular_beta = ts - 2 * depth;
                    self.stack[ply].excluded = Some(mv);
                    let score = self.negamax(board, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, cut_node);
                    self.stack[ply].excluded = None;
                    self.pv_len[ply] = 0;
                    if self.aborted {
                        return DRAW;
                    }
                    if score < singular_beta {
                        let doubles = self.stack[ply].double_extensions;
                        let far_below = score < singular_beta - DOUBLE_EXTENSION_MARGIN;
                        extension = if !pv_node && far_below && doubles < DOUBLE_EXTENSIONS_MAX { 2 } else { 1 };
                    } else if singular_beta >= beta {
                        // Multi-cut: more than one move beats beta.
                        self.buffers[ply] = Some(picker.into_buffer());
                        self.tried[ply] = tried;
                        return singular_beta;
                    } else if ts >= beta {
                        extension = -1;
                    }
                }
            }

            let nodes_before = self.nodes;
            let child = self.play(board, mv, ply, true);
            self.stack[ply].moved = Some(moved);
            self.pass_double_extensions(ply, extension);
            let gives_check = !child.checkers().is_empty();
            let new_depth = depth - 1 + extension;
            searched += 1;
            let score = if searched == 1 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, !pv_node && !cut_node)
            } else {
                let mut reduction = 0;
                let kind = MoveKind { quiet, losing: picker.past_good_noisy(), gives_check };
                if depth >= LMR_DEPTH && reducible(root, searched, kind) && !near_limit {
                    reduction = self.reductions[(depth as usize).min(LMR_TABLE - 1)][searched.min(LMR_TABLE - 1)];
                    reduction += !pv_node as i32 + cut_node as i32 - improving as i32 - gives_check as i32;
                    if quiet {
                        reduction -= history / LMR_HISTORY_DIVISOR;
                        // The killers and the countermove refuted a sibling line: likelier to matter.
                        let remembered = killers.contains(&Some(mv)) || countermove == Some(mv);
                        reduction -= remembered as i32;
                        reduction += tt_noisy as i32;
                    }
                    reduction = reduction.min(new_depth - 1).max(0);
                }
                let mut score = -self.negamax(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 {
                    let deeper = score > best_score + LMR_DEEPER_MARGIN + LMR_DEEPER_MARGIN_PER_PLY * new_depth;
                    let shallower = score < best_score + LMR_SHALLOWER_MARGIN;
                    let research_depth = new_depth + deeper as i32 - shallower as i32;
                    if research_depth > new_depth - reduction {
                        score = -self.negamax(&child, research_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
                    }
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, false);
                }
                score
            };
            self.keys.pop();
            if self.aborted {
                return DRAW;
            }
            if root {
                self.root_nodes[mv.from as usize * 64 + mv.to as usize] += self.nodes - nodes_before;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if root && self.pv_index == 0 {
                        self.best_line = self.pv[0][..self.pv_len[0]].to_vec();
                        self.best_score = score;
                        self.best_bound = if score >= beta { Bound::Lower } else { Bound::Exact };
                    }
                    if alpha >= beta {
                        self.reward(board, ply, mv, quiet, &tried, depth);
                        break;
                    }
                }
            }
            tried.push(mv, quiet);
        }
        self.buffers[ply] = Some(picker.into_buffer());
        self.tried[ply] = tried;

        if legal == 0 {
            return if excluded.is_some() {
                alpha
            } else if in_check {
                score::mated_in(ply)
            } else {
                self.draw_score(ply, pv_node)
            };
        }
        if excluded.is_none() {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, best_move, score::to_tt(best_score, ply), raw_eval, depth, bound);
            // Near the fifty-move limit results are the rules' (draws), not the position's: not learnt.
            let quiet_best = best_move.is_none_or(|mv| !is_noisy(board, mv));
            let learn = quiet_best && !near_limit && !score::is_mate(best_score);
            if let (Some(uncorrected), Some(corrected), Some(slots)) = (uncorrected_eval, static_eval, slots) {
                if learn && bound.settles(best_score, corrected, corrected) {
                    self.memory.correction.update(slots, depth, best_score, uncorrected);
                }
            }
        }
        best_score
    }

    /// Node-level pruning before any move is searched (not in check, off the principal variation):
    /// reverse futility, razoring and null move. `Some(score)` ends the node.
    #[allow(clippy::too_many_arguments)]
    fn prune_node(
        &mut self,
        board: &Board,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
        eval: i32,
        improving: bool,
    ) -> Option<i32> {
        if depth <= RFP_DEPTH && eval - RFP_MARGIN * (depth - improving as i32) >= beta && eval < MATE_BOUND {
            return Some(eval);
        }
        if depth <= RAZOR_DEPTH && eval + RAZOR_BASE + RAZOR_PER_DEPTH_SQUARED * depth * depth < alpha {
            let score = self.quiescence(board, alpha, alpha + 1, ply);
            if score <= alpha {
                return Some(score);
            }
        }
        let after_null = ply >= 1 && self.stack[ply - 1].moved.is_none();
        if depth >= NMP_DEPTH && eval >= beta && !after_null && has_non_pawn_material(board) && beta > -MATE_BOUND {
            let reduction = NMP_BASE + depth / NMP_DEPTH_DIVISOR + ((eval - beta) / NMP_EVAL_DIVISOR).min(NMP_EVAL_MAX);
            let child = board.null_move()?;
            self.stack[ply].moved = None;
            self.pass_double_extensions(ply, 0);
            self.clocks[ply + 1] = self.clocks[ply].saturating_add(1);
            self.keys.push(repetition_key(&child));
            let saved_floor = self.repetition_floor;
            self.repetition_floor = self.keys.len() - 1;
            let score = -self.negamax(&child, depth - reduction, -beta, -beta + 1, ply + 1, !cut_node);
            self.repetition_floor = saved_floor;
            self.keys.pop();
            if self.aborted {
                return None;
            }
            if score >= beta {
                return Some(if score >= MATE_BOUND { beta } else { score });
            }
        }
        None
    }

    /// ProbCut: searches the captures whose exchange alone could beat `probcut_beta`, first by
    /// quiescence, then at reduced depth; `Some(score)` when one beats it (the node fails high).
    /// `evals`: the node's static evaluation and its raw evaluation (for the table).
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        board: &Board,
        depth: i32,
        probcut_beta: i32,
        (static_eval, raw_eval): (i32, Option<i32>),
        tt_move: Option<Move>,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let buffer = self.buffers[ply].take().unwrap_or_default();
        let mut picker = MovePicker::with_buffer(board, tt_move, false, buffer);
        let mut result = None;
        loop {
            let next = picker.next(board, &QuietContext::history_only(&self.memory.history));
            let Some(mv) = next else { break };
            // What the picker hands out after the good captures loses material.
            if picker.past_good_noisy() {
                break;
            }
            if !see_ge(board, mv, probcut_beta - static_eval) {
                continue;
            }
            let child = self.play(board, mv, ply, true);
            self.stack[ply].moved = Some(context_of(board, mv));
            self.pass_double_extensions(ply, 0);
            let mut score = -self.quiescence(&child, -probcut_beta, -probcut_beta + 1, ply + 1);
            if score >= probcut_beta && !self.aborted {
                let reduced = depth - PROBCUT_REDUCTION;
                score = -self.negamax(&child, reduced, -probcut_beta, -probcut_beta + 1, ply + 1, !cut_node);
            }
            self.keys.pop();
            if self.aborted {
                break;
            }
            if score >= probcut_beta {
                let stored = score::to_tt(score, ply);
                self.tt.store(board.hash(), Some(mv), stored, raw_eval, depth - PROBCUT_REDUCTION + 1, Bound::Lower);
                result = Some(score);
                break;
            }
        }
        self.buffers[ply] = Some(picker.into_buffer());
        result
    }

    /// Move-level pruning: late move pruning and futility pruning of quiet moves that give no check
    /// (not in check: `static_eval` is `None` there), history pruning of quiet moves the history
    /// tables expect to fail, SEE pruning of quiet moves and captures. `quiet_history` is the history
    /// score of a quiet move, `None` for a capture or promotion.
    fn prune_move(
        &self,
        board: &Board,
        mv: Move,
        quiet_history: Option<i32>,
        legal: usize,
        node: NodeFacts,
        check_squares: &mut Option<CheckSquares>,
    ) -> Prune {
        let NodeFacts { depth, alpha, static_eval, improving } = node;
        let reduction = self.reductions[(depth as usize).min(LMR_TABLE - 1)][legal.min(LMR_TABLE - 1)];
        let lmr_depth = (depth - 1 - reduction).max(0);
        let Some(history) = quiet_history else {
            let losing = depth <= SEE_NOISY_DEPTH && !see_ge(board, mv, -SEE_NOISY_MARGIN * depth);
            return if losing { Prune::Skip } else { Prune::Keep };
        };
        let late = static_eval.is_some() && legal as i32 > (LMP_BASE + depth * depth) / (2 - improving as i32);
        let futile = lmr_depth <= FUTILITY_DEPTH
            && static_eval.is_some_and(|se| se + FUTILITY_BASE + FUTILITY_PER_DEPTH * lmr_depth <= alpha);
        if (late || futile) && !check_squares.get_or_insert_with(|| CheckSquares::new(board)).gives_check(board, mv) {
            // Both conditions only get stronger for the moves after this one.
            return Prune::SkipLaterQuiets;
        }
        if lmr_depth <= HISTORY_PRUNE_DEPTH && history < -HISTORY_PRUNE_MARGIN * depth {
            return Prune::Skip;
        }
        if lmr_depth <= SEE_QUIET_DEPTH && !see_ge(board, mv, -SEE_QUIET_MARGIN * lmr_depth * lmr_depth) {
            return Prune::Skip;
        }
        Prune::Keep
    }

    /// History updates after `best` caused a cutoff.
    fn reward(&mut self, board: &Board, ply: usize, best: Move, quiet: bool, tried: &Tried, depth: i32) {
        if quiet {
            let previous = self.previous_moves(ply);
            self.memory.history.reward_quiet(board, ply, best, &tried.quiets, &previous, depth);
            self.memory.history.reward_captures(board, None, &tried.captures, depth);
        } else {
            self.memory.history.reward_captures(board, Some(best), &tried.captures, depth);
        }
    }

    /// Static evaluation, shrunk toward the draw as the halfmove clock runs.
    fn evaluate(&mut self, board: &Board, ply: usize) -> i32 {
        let raw = self.memory.evaluator.evaluate(board);
        self.scale_for_clock(raw, ply)
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
        let pv_node = beta - alpha > 1;
        let key = board.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry.filter(|_| !pv_node) {
            let tt_score = score::from_tt(e.score, ply);
            if e.bound.settles(tt_score, alpha, beta) && self.tt_score_usable(tt_score, ply) {
                return tt_score;
            }
        }
        let in_check = !board.checkers().is_empty();
        let mut best_score = -INFINITY;
        let mut raw_eval = None;
        let mut stand_pat = -INFINITY;
        if !in_check {
            let raw = self.raw_eval(board, entry.and_then(|e| e.eval));
            raw_eval = Some(raw);
            stand_pat = self.memory.correction.corrected(Slots::of(board), self.scale_for_clock(raw, ply));
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }
        let table_move = entry.and_then(|e| e.mv);
        let buffer = self.buffers[ply].take().unwrap_or_default();
        let mut picker = MovePicker::with_buffer(board, table_move, in_check, buffer);
        let mut legal = 0;
        let mut best_move = None;
        loop {
            let next = picker.next(board, &QuietContext::history_only(&self.memory.history));
            let Some(mv) = next else { break };
            legal += 1;
            if !in_check {
                // The picker checked the exchange of every noisy move but the table move; what it
                // hands out after the good ones all lose material.
                if picker.past_good_noisy() {
                    break;
                }
                if Some(mv) == table_move && !see_ge(board, mv, 0) {
                    continue;
                }
                let gain =
                    victim(board, mv).map_or(0, value) + mv.promotion.map_or(0, |p| value(p) - value(Piece::Pawn));
                if stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
            }
            // Captures and evasions only: no repetition key needed below here.
            let child = self.play(board, mv, ply, false);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.aborted {
                return DRAW;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = Some(picker.into_buffer());
        if in_check && legal == 0 {
            return score::mated_in(ply);
        }
        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        self.tt.store(key, best_move, score::to_tt(best_score, ply), raw_eval, 0, bound);
        best_score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUIET: MoveKind = MoveKind { quiet: true, losing: false, gives_check: false };
    const QUIET_CHECK: MoveKind = MoveKind { quiet: true, losing: false, gives_check: true };
    const GOOD_CAPTURE: MoveKind = MoveKind { quiet: false, losing: false, gives_check: false };
    const LOSING_CAPTURE: MoveKind = MoveKind { quiet: false, losing: true, gives_check: false };

    #[test]
    fn late_quiet_moves_and_losing_captures_are_reduced_below_the_root() {
        assert!(reducible(false, 2, QUIET));
        assert!(reducible(false, 2, QUIET_CHECK));
        assert!(reducible(false, 2, LOSING_CAPTURE));
        assert!(!reducible(false, 2, GOOD_CAPTURE));
        assert!(!reducible(false, 1, QUIET));
    }

    #[test]
    fn at_the_root_only_quiet_moves_without_check_are_reduced() {
        assert!(reducible(true, 3, QUIET));
        assert!(!reducible(true, 2, QUIET));
        assert!(!reducible(true, 3, QUIET_CHECK));
        assert!(!reducible(true, 3, LOSING_CAPTURE));
        assert!(!reducible(true, 3, GOOD_CAPTURE));
    }
}
