//! Draw rules of the FIDE Laws (articles 9.2, 9.3, 9.6) and dead positions.
//!
//! Two positions are the same (9.2) when the side to move, the pieces, the castling rights and the
//! *possible* en-passant captures are the same. cozy-chess's `hash()` counts the en-passant file after
//! every double push, so the repetition key here is `hash_without_ep()` plus the file only when an
//! en-passant capture is legal.

use cozy_chess::{get_pawn_attacks, BitBoard, Board, File, Move, Piece, Rank, Square};

/// The fifty-move limit in force: FIDE's 50 moves, or another (the `Rule50` option) for historical
/// games and studies. The automatic 75-move draw follows it proportionally (1.5 times the claim
/// limit), so a longer limit is never cut short by an automatic draw; fivefold repetition stays fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLimit {
    /// Plies without capture or pawn move after which a draw may be claimed; 0 = no limit.
    claim_plies: u32,
}

impl Default for MoveLimit {
    fn default() -> Self {
        MoveLimit::FIDE
    }
}

impl MoveLimit {
    /// FIDE 9.3: 50 moves by each player.
    pub const FIDE: MoveLimit = MoveLimit { claim_plies: 100 };

    /// A limit of `moves` moves by each player; 0 switches the rule off.
    pub fn from_moves(moves: u32) -> MoveLimit {
        MoveLimit { claim_plies: moves.saturating_mul(2) }
    }

    /// Whether the rule is on (`Rule50` 0 switches it off).
    pub fn is_on(self) -> bool {
        self.claim_plies > 0
    }

    /// Plies after which a draw may be claimed (9.3), if the rule is on.
    fn claim_plies(self) -> Option<u32> {
        (self.claim_plies > 0).then_some(self.claim_plies)
    }

    /// Plies after which the game is drawn automatically (9.6.2: 75 moves for FIDE's 50).
    fn automatic_plies(self) -> Option<u32> {
        self.claim_plies().map(|plies| plies / 2 * 3)
    }

    /// Whether a draw may be claimed at halfmove `clock` (9.3).
    pub fn reached(self, clock: u32) -> bool {
        self.claim_plies().is_some_and(|limit| clock >= limit)
    }

    /// Whether the game is drawn automatically at halfmove `clock` (9.6.2).
    pub fn automatic_reached(self, clock: u32) -> bool {
        self.automatic_plies().is_some_and(|limit| clock >= limit)
    }

    /// Whether the claim limit is at most `margin` plies after halfmove `clock`.
    pub fn within(self, clock: u32, margin: u32) -> bool {
        self.claim_plies().is_some_and(|limit| clock.saturating_add(margin) >= limit)
    }

    /// Whether `plies` more plies from halfmove `clock` stay within the claim limit (always, with no
    /// limit): a mate or a table's win that far away comes in time.
    pub fn in_time(self, clock: u32, plies: u32) -> bool {
        self.claim_plies().is_none_or(|limit| clock.saturating_add(plies) <= limit)
    }

    /// How far halfmove `clock` has run toward the claim limit: `(clock, limit)` with the clock capped
    /// at the limit, or `None` with no limit.
    pub fn progress(self, clock: u32) -> Option<(u32, u32)> {
        self.claim_plies().map(|limit| (clock.min(limit), limit))
    }
}

/// The halfmove clock after `mv` (`None`: a null move, in the search) is played on `board` at
/// `clock`: 0 after a capture or pawn move, else one more.
pub fn clock_after(board: &Board, mv: Option<Move>, clock: u32) -> u32 {
    if mv.is_some_and(|mv| resets_clock(board, mv)) {
        0
    } else {
        clock.saturating_add(1)
    }
}

/// Keys mixed into the repetition key for a capturable en-passant file (fixed random numbers).
const EP_FILE_KEYS: [u64; 8] = [
    0x9d39_247e_3377_6d41,
    0x2af7_3980_05aa_a5c7,
    0x44db_0150_2462_3547,
    0x9c15_f73e_62a7_6ae2,
    0x7583_4465_489c_0c89,
    0x3290_ac3a_2030_01bf,
    0x0fbb_ad1f_6104_2279,
    0xe83a_908f_f2fb_60ca,
];

/// The en-passant file if an en-passant capture is legal for the side to move.
pub fn capturable_en_passant(board: &Board) -> Option<File> {
    let file = board.en_passant()?;
    let us = board.side_to_move();
    let target = Square::new(file, Rank::Sixth.relative_to(us));
    let capturers = get_pawn_attacks(target, !us) & board.colored_pieces(us, Piece::Pawn);
    capturers.into_iter().any(|from| board.is_legal(Move { from, to: target, promotion: None })).then_some(file)
}

/// Key identifying a position for repetition purposes (FIDE 9.2).
pub fn repetition_key(board: &Board) -> u64 {
    let ep = capturable_en_passant(board).map_or(0, |file| EP_FILE_KEYS[file as usize]);
    board.hash_without_ep() ^ ep
}

/// Whether `mv` (legal on `board`) is a pawn move or a capture, which resets the fifty-move count.
fn resets_clock(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let captures = board.colors(!us).has(mv.to);
    captures || board.piece_on(mv.from) == Some(Piece::Pawn)
}

/// No sequence of legal moves can lead to mate: K v K, K+minor v K, and kings with bishops that all
/// stand on squares of one colour.
pub fn is_dead_position(board: &Board) -> bool {
    let heavy_or_pawns = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !heavy_or_pawns.is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    if !knights.is_empty() {
        return knights.len() == 1 && bishops.is_empty();
    }
    let on_light = bishops & BitBoard::LIGHT_SQUARES;
    on_light.is_empty() || on_light == bishops
}

/// How the game stands under the rules. Claimable draws are the ones GUIs adjudicate at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameState {
    Ongoing,
    Checkmate,
    Stalemate,
    DeadPosition,
    FivefoldRepetition,
    SeventyFiveMoveRule,
    /// Claimable (9.2): the position has appeared at least three times.
    ThreefoldRepetition,
    /// Claimable (9.3): 100 plies without capture or pawn move.
    FiftyMoveRule,
}

impl GameState {
    /// Human-readable description used by `d` and `info string`.
    pub fn describe(self) -> &'static str {
        match self {
            GameState::Ongoing => "none",
            GameState::Checkmate => "checkmate",
            GameState::Stalemate => "stalemate",
            GameState::DeadPosition => "dead position",
            GameState::FivefoldRepetition => "fivefold repetition",
            GameState::SeventyFiveMoveRule => "75-move rule",
            GameState::ThreefoldRepetition => "threefold repetition",
            GameState::FiftyMoveRule => "fifty-move rule",
        }
    }

    /// A draw the player to move may claim (the game goes on unless claimed).
    pub fn is_claimable_draw(self) -> bool {
        matches!(self, GameState::ThreefoldRepetition | GameState::FiftyMoveRule)
    }
}

/// How many times the current position (last key) has appeared, looking back over reversible plies.
pub fn occurrences(keys: &[u64], halfmove_clock: u32) -> usize {
    let Some((&current, earlier)) = keys.split_last() else {
        return 0;
    };
    let reach = (halfmove_clock as usize).min(earlier.len());
    let window = &earlier[earlier.len() - reach..];
    1 + window.iter().rev().skip(1).step_by(2).filter(|&&k| k == current).count()
}

/// The state of the game: mate and stalemate first (mate on the 100th or 150th ply stands), then the
/// automatic draws, then the claimable ones.
pub fn game_state(board: &Board, halfmove_clock: u32, keys: &[u64], limit: MoveLimit) -> GameState {
    let has_moves = board.generate_moves(|_| true);
    if !has_moves {
        return if board.checkers().is_empty() { GameState::Stalemate } else { GameState::Checkmate };
    }
    let seen = occurrences(keys, halfmove_clock);
    if seen >= 5 {
        GameState::FivefoldRepetition
    } else if limit.automatic_reached(halfmove_clock) {
        GameState::SeventyFiveMoveRule
    } else if is_dead_position(board) {
        GameState::DeadPosition
    } else if seen >= 3 {
        GameState::ThreefoldRepetition
    } else if limit.reached(halfmove_clock) {
        GameState::FiftyMoveRule
    } else {
        GameState::Ongoing
    }
}

/// The positions of the game that appeared at least twice within reach of the halfmove clock `clock`
/// at the last one, each with the index of its latest occurrence: a move that reaches one of them
/// makes a threefold, so a player able to play it may claim the draw.
pub fn twice_seen(keys: &[u64], clock: u32) -> Vec<(u64, usize)> {
    let reach = (clock as usize).min(keys.len().saturating_sub(1));
    let first = keys.len() - 1 - reach;
    let mut found: Vec<(u64, usize)> = Vec::new();
    for (i, &key) in keys.iter().enumerate().skip(first) {
        let count = keys[first..=i].iter().filter(|&&k| k == key).count();
        if count >= 2 {
            match found.iter_mut().find(|(k, _)| *k == key) {
                Some(entry) => entry.1 = i,
                None => found.push((key, i)),
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(fen: &str) -> u64 {
        repetition_key(&fen.parse::<Board>().expect("valid FEN"))
    }

    #[test]
    fn en_passant_counts_only_when_capturable() {
        // After 1. e4 no black pawn can take en passant: same position as without the ep square.
        assert_eq!(
            key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        // Here exd6 is legal: a different position.
        assert_ne!(
            key("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
            key("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
        );
    }

    #[test]
    fn castling_rights_distinguish_positions() {
        assert_ne!(key("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), key("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"));
    }

    #[test]
    fn dead_positions() {
        let dead = |fen: &str| is_dead_position(&fen.parse::<Board>().expect("valid FEN"));
        assert!(dead("8/8/4k3/8/8/4K3/8/8 w - - 0 1"));
        assert!(dead("8/8/4k3/8/8/4K3/8/5B2 w - - 0 1"));
        assert!(dead("8/8/4k3/8/8/4K3/8/5N2 w - - 0 1"));
        assert!(dead("8/8/4k3/8/2b5/4K3/8/5B2 w - - 0 1"));
        assert!(!dead("8/8/4k3/8/3b4/4K3/8/5B2 w - - 0 1"));
        assert!(!dead("8/8/4k3/8/8/4K3/8/4NN2 w - - 0 1"));
        assert!(!dead("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1"));
    }

    #[test]
    fn the_move_limit_reads_the_clock_in_one_place() {
        let fide = MoveLimit::FIDE;
        assert!(!fide.reached(99) && fide.reached(100) && fide.reached(140));
        assert!(!fide.automatic_reached(149) && fide.automatic_reached(150));
        assert!(!fide.within(89, 10) && fide.within(90, 10));
        assert!(fide.in_time(95, 5) && !fide.in_time(95, 6));
        assert_eq!((fide.progress(40), fide.progress(130)), (Some((40, 100)), Some((100, 100))));
        // `Rule50` 60: claims at 120 plies, the automatic draw at 180.
        let long = MoveLimit::from_moves(60);
        assert!(!long.reached(119) && long.reached(120) && !long.automatic_reached(179) && long.automatic_reached(180));
        let off = MoveLimit::from_moves(0);
        assert!(!off.is_on() && fide.is_on());
        assert!(!off.reached(u32::MAX) && !off.automatic_reached(u32::MAX) && !off.within(u32::MAX, 10));
        assert!(off.in_time(u32::MAX, 500) && off.progress(90).is_none());
    }

    #[test]
    fn the_clock_restarts_after_a_capture_or_pawn_move_only() {
        let board: Board = "4k3/8/8/3p4/8/8/4P3/R3K3 w - - 7 20".parse().expect("fen");
        let mv = |text: &str| text.parse::<Move>().expect("move");
        assert_eq!(clock_after(&board, Some(mv("e2e4")), 7), 0);
        assert_eq!(clock_after(&board, Some(mv("a1a8")), 7), 8);
        assert_eq!(clock_after(&board, None, 7), 8);
        let rook_takes: Board = "4k3/8/8/r7/8/8/8/R3K3 w - - 7 20".parse().expect("fen");
        assert_eq!(clock_after(&rook_takes, Some(mv("a1a5")), 7), 0);
        assert_eq!(clock_after(&board, None, u32::MAX), u32::MAX);
    }

    #[test]
    fn occurrences_count_every_other_ply_within_the_clock() {
        let keys = [1, 2, 3, 4, 1, 2, 3, 4, 1];
        assert_eq!(occurrences(&keys, 8), 3);
        assert_eq!(occurrences(&keys, 4), 2);
        assert_eq!(occurrences(&keys, 0), 1);
    }

    #[test]
    fn twice_seen_lists_repeated_positions_within_reach() {
        // Keys of a game: 1 2 3 2 3 2 (3 and 2 seen twice or more), clock 5 reaches all of them.
        let keys = [1, 2, 3, 2, 3, 2];
        let mut seen = twice_seen(&keys, 5);
        seen.sort();
        assert_eq!(seen, vec![(2, 5), (3, 4)]);
        // A clock of 2 reaches back to index 3 only (2 3 2), a clock of 1 to index 4 (3 2).
        assert_eq!(twice_seen(&keys, 2), vec![(2, 5)]);
        assert_eq!(twice_seen(&keys, 1), vec![]);
        assert!(!twice_seen(&keys, 5).is_empty());
        assert!(twice_seen(&keys, 1).is_empty());
    }
}
