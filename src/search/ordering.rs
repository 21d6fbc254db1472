//! Move generation for the search and the staged move picker.
//!
//! A node's moves come out in stages, each generated only when reached: the transposition-table
//! move; captures and queen promotions that do not lose material (by SEE), most valuable victim and
//! capture history first; quiet moves (killers, then the countermove, then by butterfly and
//! continuation history); and last the captures that lose material. Most cutoffs happen in the first
//! stages, so most nodes never generate their quiet moves.

use cozy_chess::{
    get_between_rays, get_bishop_moves, get_bishop_rays, get_knight_moves, get_line_rays, get_pawn_attacks,
    get_rook_moves, get_rook_rays, BitBoard, Board, Move, Piece, Rank, Square,
};

use super::history::{colored_piece, History, MoveContext};
use super::see::{is_en_passant, see_ge, value};

/// More than the most legal moves any position has (218).
const MAX_MOVES: usize = 256;
/// Ordering weight of the victim's value against capture history.
const VICTIM_WEIGHT: i32 = 32;
const KILLER_SCORE: i32 = 1 << 24;
const COUNTERMOVE_SCORE: i32 = 1 << 23;

const NULL_MOVE: Move = Move { from: Square::A1, to: Square::A1, promotion: None };

/// Whether `mv` captures something (en passant included; castling is not a capture).
pub fn is_capture(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    if board.colors(!us).has(mv.to) {
        return true;
    }
    board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file()
}

/// Captures and queen promotions (not under-promotions): the moves quiescence search plays.
pub fn is_noisy(board: &Board, mv: Move) -> bool {
    match mv.promotion {
        Some(Piece::Queen) => true,
        Some(_) => false,
        None => is_capture(board, mv),
    }
}

/// The piece `mv` captures (a pawn for en passant), if any.
pub fn victim(board: &Board, mv: Move) -> Option<Piece> {
    victim_of(board, mv, board.piece_on(mv.from).unwrap_or(Piece::Pawn))
}

/// `victim`, for a caller that knows the piece that moves.
fn victim_of(board: &Board, mv: Move, moving: Piece) -> Option<Piece> {
    if board.colors(!board.side_to_move()).has(mv.to) {
        board.piece_on(mv.to)
    } else if moving == Piece::Pawn && mv.from.file() != mv.to.file() {
        Some(Piece::Pawn)
    } else {
        None
    }
}

/// Whether the legal move `mv` gives check, directly or by discovery. Castling is counted as no
/// check (rare, and only pruning decisions use this).
pub fn gives_check(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let king = board.king(!us);
    if board.colors(us).has(mv.to) {
        return false;
    }
    let Some(moving) = board.piece_on(mv.from) else {
        return false;
    };
    let mut occupied = (board.occupied() ^ mv.from.bitboard()) | mv.to.bitboard();
    if moving == Piece::Pawn && is_en_passant(board, mv) {
        occupied ^= Square::new(mv.to.file(), mv.from.rank()).bitboard();
    }
    let direct = match mv.promotion.unwrap_or(moving) {
        Piece::Pawn => get_pawn_attacks(mv.to, us).has(king),
        Piece::Knight => get_knight_moves(mv.to).has(king),
        Piece::Bishop => get_bishop_moves(mv.to, occupied).has(king),
        Piece::Rook => get_rook_moves(mv.to, occupied).has(king),
        Piece::Queen => (get_bishop_moves(mv.to, occupied) | get_rook_moves(mv.to, occupied)).has(king),
        Piece::King => false,
    };
    if direct {
        return true;
    }
    let sliders = board.colors(us) & !mv.from.bitboard();
    let queens = board.pieces(Piece::Queen);
    let diagonal = sliders & (board.pieces(Piece::Bishop) | queens);
    let straight = sliders & (board.pieces(Piece::Rook) | queens);
    !(get_bishop_moves(king, occupied) & diagonal).is_empty() || !(get_rook_moves(king, occupied) & straight).is_empty()
}

/// What one node needs to tell quickly whether a move gives check (`CheckSquares::gives_check`
/// answers as `gives_check` does, with a few bit tests a move instead of slider lookups).
pub struct CheckSquares {
    king: Square,
    /// By piece, in `Piece::ALL` order: the squares from which a piece of the side to move attacks the
    /// enemy king.
    direct: [BitBoard; Piece::NUM],
    /// Pieces of the side to move that alone stand between the enemy king and one of its sliders.
    discoverers: BitBoard,
}

impl CheckSquares {
    pub fn new(board: &Board) -> CheckSquares {
        let us = board.side_to_move();
        let king = board.king(!us);
        let occupied = board.occupied();
        let diagonal = get_bishop_moves(king, occupied);
        let straight = get_rook_moves(king, occupied);
        let direct = [
            get_pawn_attacks(king, !us),
            get_knight_moves(king),
            diagonal,
            straight,
            diagonal | straight,
            BitBoard::EMPTY,
        ];
        let queens = board.pieces(Piece::Queen);
        let sliders = board.colors(us)
            & ((get_bishop_rays(king) & (board.pieces(Piece::Bishop) | queens))
                | (get_rook_rays(king) & (board.pieces(Piece::Rook) | queens)));
        let mut discoverers = BitBoard::EMPTY;
        for slider in sliders {
            let between = get_between_rays(king, slider) & occupied;
            if between.len() == 1 {
                discoverers |= between & board.colors(us);
            }
        }
        CheckSquares { king, direct, discoverers }
    }

    /// `gives_check(board, mv)` for the `board` these squares were computed for.
    pub fn gives_check(&self, board: &Board, mv: Move) -> bool {
        let us = board.side_to_move();
        if board.colors(us).has(mv.to) {
            return false;
        }
        let Some(moving) = board.piece_on(mv.from) else {
            return false;
        };
        if mv.promotion.is_some() || (moving == Piece::Pawn && is_en_passant(board, mv)) {
            // The captured pawn or the new piece changes the lines: the full test.
            return gives_check(board, mv);
        }
        // The squares between the moving piece's new square and the king are the same after the
        // move, except when it moved away from the king along that line: then the king was in check
        // already, which the side to move cannot have left it in.
        self.direct[moving as usize].has(mv.to)
            || (self.discoverers.has(mv.from) && !get_line_rays(self.king, mv.from).has(mv.to))
    }
}

/// A capture of a piece worth at least the capturer: never loses material (the side capturing can
/// stop after any recapture), so no exchange needs to be looked at.
fn wins_or_trades(board: &Board, mv: Move) -> bool {
    let attacker = board.piece_on(mv.from);
    let target = board.piece_on(mv.to).filter(|_| board.colors(!board.side_to_move()).has(mv.to));
    match (attacker, target) {
        (Some(attacker), Some(target)) => mv.promotion.is_none() && value(target) >= value(attacker),
        _ => false,
    }
}

/// Which moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    All,
    Noisy,
    Quiet,
}

/// Calls `push` for every legal move of `board` of the given kind, with the piece that moves.
pub fn generate(board: &Board, kind: Kind, mut push: impl FnMut(Move, Piece)) {
    let them = board.colors(!board.side_to_move());
    let ep_target = board
        .en_passant()
        .map_or(BitBoard::EMPTY, |file| Square::new(file, Rank::Sixth.relative_to(board.side_to_move())).bitboard());
    let promotion_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    board.generate_moves(|mut piece_moves| {
        let pawn = piece_moves.piece == Piece::Pawn;
        match kind {
            Kind::All => {}
            Kind::Noisy => {
                let extra = if pawn { ep_target | promotion_ranks } else { BitBoard::EMPTY };
                piece_moves.to &= them | extra;
            }
            // Pawn captures that under-promote are quiet: pawns are filtered move by move below.
            Kind::Quiet if !pawn => piece_moves.to &= !them,
            Kind::Quiet => {}
        }
        for mv in piece_moves {
            let keep = match kind {
                Kind::All => true,
                Kind::Noisy => mv.promotion.is_none() || mv.promotion == Some(Piece::Queen),
                Kind::Quiet => !pawn || !is_noisy(board, mv),
            };
            if keep {
                push(mv, piece_moves.piece);
            }
        }
        false
    });
}

/// All legal moves of `board`.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    generate(board, Kind::All, |mv, _| moves.push(mv));
    moves
}

/// Score marking a noisy move that lost its exchange: handed out after the quiet moves.
const BAD_NOISY: i32 = i32::MIN;

/// One node's moves with ordering scores: the noisy moves first, then (once generated) the quiet ones.
struct ScoredMoves {
    moves: [Move; MAX_MOVES],
    scores: [i32; MAX_MOVES],
    len: usize,
}

impl ScoredMoves {
    fn new() -> ScoredMoves {
        ScoredMoves { moves: [NULL_MOVE; MAX_MOVES], scores: [0; MAX_MOVES], len: 0 }
    }

    fn push(&mut self, mv: Move, score: i32) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.scores[self.len] = score;
            self.len += 1;
        }
    }

    /// Moves the best-scored entry of `from..self.len` to `from` (one selection-sort step).
    /// The first of equal scores wins; nothing happens when `from..self.len` is empty.
    fn select_best(&mut self, from: usize) {
        let Some((&first, rest)) = self.scores.get(from..self.len).and_then(|s| s.split_first()) else {
            return;
        };
        let mut best = 0;
        let mut best_score = first;
        for (i, &score) in (1..).zip(rest) {
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        self.moves.swap(from, from + best);
        self.scores.swap(from, from + best);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TableMove,
    GenerateNoisy,
    GoodNoisy,
    GenerateQuiet,
    Quiet,
    BadNoisy,
    Done,
}

/// What the picker needs to know of the search to order quiet moves.
pub struct QuietContext<'a> {
    pub history: &'a History,
    pub killers: [Option<Move>; 2],
    pub countermove: Option<Move>,
    /// The moves one and two plies before this node.
    pub previous: [Option<MoveContext>; 2],
}

impl QuietContext<'_> {
    /// Ordering by the history tables alone (quiescence and ProbCut: no killers, no previous moves).
    pub fn history_only(history: &History) -> QuietContext<'_> {
        QuietContext { history, killers: [None; 2], countermove: None, previous: [None; 2] }
    }
}

/// The storage of one picker, handed back and forth so that a search reuses one per ply instead of
/// clearing a fresh one at every node.
pub struct MoveBuffer(Box<ScoredMoves>);

impl Default for MoveBuffer {
    fn default() -> Self {
        MoveBuffer(Box::new(ScoredMoves::new()))
    }
}

/// Hands out a node's moves stage by stage (see the module comment).
pub struct MovePicker {
    stage: Stage,
    table_move: Option<Move>,
    with_quiets: bool,
    /// The remaining quiet moves are wanted only for a few exceptions: no need to sort them.
    unordered_quiets: bool,
    list: Box<ScoredMoves>,
    /// Next entry of `list` to hand out.
    next: usize,
    /// Entries `..noisy_end` of `list` are the noisy moves.
    noisy_end: usize,
}

impl MovePicker {
    /// A picker over all moves (`with_quiets`) or only noisy ones, trying `table_move` first when it
    /// is legal (and noisy, if only noisy moves are wanted).
    pub fn new(board: &Board, table_move: Option<Move>, with_quiets: bool) -> MovePicker {
        MovePicker::with_buffer(board, table_move, with_quiets, MoveBuffer::default())
    }

    /// As `new`, storing the moves in `buffer` (get it back with `into_buffer`).
    pub fn with_buffer(board: &Board, table_move: Option<Move>, with_quiets: bool, buffer: MoveBuffer) -> MovePicker {
        let table_move = table_move.filter(|&mv| board.is_legal(mv) && (with_quiets || is_noisy(board, mv)));
        let mut list = buffer.0;
        list.len = 0;
        MovePicker {
            stage: Stage::TableMove,
            table_move,
            with_quiets,
            unordered_quiets: false,
            list,
            next: 0,
            noisy_end: 0,
        }
    }

    /// The storage, for the next picker at the same ply.
    pub fn into_buffer(self) -> MoveBuffer {
        MoveBuffer(self.list)
    }

    /// Hand out the remaining quiet moves in any order (the search prunes nearly all of them).
    pub fn stop_ordering_quiets(&mut self) {
        self.unordered_quiets = true;
    }

    /// The next move, or `None` when all have been handed out.
    pub fn next(&mut self, board: &Board, context: &QuietContext) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::GenerateNoisy;
                    if self.table_move.is_some() {
                        return self.table_move;
                    }
                }
                Stage::GenerateNoisy => {
                    self.generate_noisy(board, context.history);
                    self.noisy_end = self.list.len;
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => {
                    if self.next >= self.noisy_end {
                        if self.with_quiets {
                            self.stage = Stage::GenerateQuiet;
                        } else {
                            self.stage = Stage::BadNoisy;
                            self.next = 0;
                        }
                        continue;
                    }
                    self.list.select_best(self.next);
                    let index = self.next;
                    self.next += 1;
                    let mv = self.list.moves[index];
                    if Some(mv) == self.table_move {
                        continue;
                    }
                    if wins_or_trades(board, mv) || see_ge(board, mv, 0) {
                        return Some(mv);
                    }
                    self.list.scores[index] = BAD_NOISY;
                }
                Stage::GenerateQuiet => {
                    self.generate_quiet(board, context);
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    if self.next >= self.list.len {
                        self.stage = Stage::BadNoisy;
                        self.next = 0;
                        continue;
                    }
                    if !self.unordered_quiets {
                        self.list.select_best(self.next);
                    }
                    let mv = self.list.moves[self.next];
                    self.next += 1;
                    if Some(mv) != self.table_move {
                        return Some(mv);
                    }
                }
                Stage::BadNoisy => {
                    // Bad noisy moves keep their place among the noisy entries, in the order found.
                    while self.next < self.noisy_end && self.list.scores[self.next] != BAD_NOISY {
                        self.next += 1;
                    }
                    if self.next >= self.noisy_end {
                        self.stage = Stage::Done;
                        continue;
                    }
                    self.next += 1;
                    return Some(self.list.moves[self.next - 1]);
                }
                Stage::Done => return None,
            }
        }
    }

    /// Whether the picker is past the good captures (the moves it hands out now are quiet or losing).
    pub fn past_good_noisy(&self) -> bool {
        self.stage > Stage::GoodNoisy
    }

    fn generate_noisy(&mut self, board: &Board, history: &History) {
        let list = &mut self.list;
        let color = board.side_to_move();
        generate(board, Kind::Noisy, |mv, piece| {
            let victim = victim_of(board, mv, piece);
            let promotion = if mv.promotion.is_some() { value(Piece::Queen) } else { 0 };
            let context = MoveContext { piece: colored_piece(color, piece), to: mv.to };
            let capture_history = victim.map_or(0, |v| history.capture_score(context, v));
            list.push(mv, VICTIM_WEIGHT * (victim.map_or(0, value) + promotion) + capture_history / 2);
        });
    }

    fn generate_quiet(&mut self, board: &Board, context: &QuietContext) {
        let list = &mut self.list;
        let color = board.side_to_move();
        generate(board, Kind::Quiet, |mv, piece| {
            let score = if Some(mv) == context.killers[0] {
                KILLER_SCORE
            } else if Some(mv) == context.killers[1] {
                KILLER_SCORE - 1
            } else if Some(mv) == context.countermove {
                COUNTERMOVE_SCORE
            } else {
                let current = MoveContext { piece: colored_piece(color, piece), to: mv.to };
                context.history.quiet_score(color, mv, current, &context.previous)
            };
            list.push(mv, score);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Castling both ways, promotions, checks, pins and en passant (perft suite positions).
    const MIXED_FENS: [&str; 4] = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    ];

    fn all_picked(fen: &str, table_move: Option<&str>) -> Vec<Move> {
        let board: Board = fen.parse().expect("fen");
        let history = History::default();
        let context = QuietContext::history_only(&history);
        let mut picker = MovePicker::new(&board, table_move.map(|m| m.parse().expect("move")), true);
        let mut picked = Vec::new();
        while let Some(mv) = picker.next(&board, &context) {
            picked.push(mv);
        }
        picked
    }

    #[test]
    fn picker_hands_out_every_legal_move_once() {
        for fen in MIXED_FENS {
            let board: Board = fen.parse().expect("fen");
            let mut expected = legal_moves(&board);
            let mut picked = all_picked(fen, None);
            let first = picked[0];
            let with_table = all_picked(fen, Some(&first.to_string()));
            assert_eq!(with_table[0], first);
            expected.sort_by_key(|m| m.to_string());
            picked.sort_by_key(|m| m.to_string());
            assert_eq!(picked, expected, "{fen}");
            let mut with_table = with_table;
            with_table.sort_by_key(|m| m.to_string());
            assert_eq!(with_table, expected, "{fen}");
        }
    }

    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let more = [
            "3k4/8/8/8/8/3B4/8/3RK3 w - - 0 1",
            "3k4/8/8/8/2pP4/8/8/3RK1B1 b - d3 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
        ];
        for fen in MIXED_FENS.iter().chain(&more) {
            let board: Board = fen.parse().expect("fen");
            for mv in legal_moves(&board) {
                if board.colors(board.side_to_move()).has(mv.to) {
                    continue;
                }
                let mut child = board.clone();
                child.play_unchecked(mv);
                assert_eq!(gives_check(&board, mv), !child.checkers().is_empty(), "{fen} {mv}");
            }
        }
    }

    #[test]
    fn check_squares_agree_with_gives_check() {
        // Discovered checks by a moving pawn, knight, king and bishop; blocked and double-blocked lines.
        let more = [
            "3k4/8/8/3N4/8/8/3K4/3R4 w - - 0 1",
            "7k/8/5P2/8/3B4/8/1K6/8 w - - 0 1",
            "4k3/8/8/4K3/8/8/8/4R3 w - - 0 1",
            "k7/8/8/3R4/8/8/8/B3K3 w - - 0 1",
            "4k3/4p3/8/4N3/8/8/8/4RK2 w - - 0 1",
            "2r1k3/8/8/8/2Pp4/8/8/2K5 b - c3 0 1",
        ];
        let mut checks = 0;
        for fen in MIXED_FENS.iter().chain(&more) {
            let root: Board = fen.parse().expect("fen");
            // The position and every position one move later, to meet both sides' pieces.
            let mut boards = vec![root.clone()];
            for mv in legal_moves(&root) {
                let mut child = root.clone();
                child.play_unchecked(mv);
                boards.push(child);
            }
            for board in boards {
                let squares = CheckSquares::new(&board);
                for mv in legal_moves(&board) {
                    let expected = gives_check(&board, mv);
                    checks += expected as usize;
                    assert_eq!(squares.gives_check(&board, mv), expected, "{} {mv}", board);
                }
            }
        }
        assert!(checks > 100, "too few checking moves met: {checks}");
    }

    #[test]
    fn good_captures_come_before_quiets_and_losing_captures_after() {
        // Qxd5 wins an undefended pawn; Qxb7 loses the queen to the rook.
        let fen = "1r2k3/1p6/8/3p4/8/1Q6/8/4K3 w - - 0 1";
        let picked: Vec<String> = all_picked(fen, None).iter().map(|m| m.to_string()).collect();
        assert_eq!(picked.first().map(String::as_str), Some("b3d5"));
        assert_eq!(picked.last().map(String::as_str), Some("b3b7"));
    }
}
