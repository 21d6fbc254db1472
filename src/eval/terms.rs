//! The evaluation terms: what is counted on the board, for each colour, and fed to a `Terms` sink
//! as (colour, parameter, count). The sink multiplies by the weights (play), records the counts
//! (tuning) or sums them by group (the `eval` command).

use cozy_chess::{
    get_between_rays, get_bishop_moves, get_bishop_rays, get_king_moves, get_knight_moves, get_rook_moves,
    get_rook_rays, BitBoard, Board, Color, File, Piece, Rank, Square,
};

use super::geometry::{
    adjacent_files, distance, file_mask, forward, pawn_attacks_by_side, pawn_attacks_of, piece_index, ranks_ahead,
    relative_index, relative_rank, same_colour_squares,
};
use super::params::*;

/// Receives the terms of one evaluation.
pub trait Terms {
    fn add(&mut self, color: Color, param: usize, count: i32);

    /// A piece of `color` on `square` (index from its own side): its material and piece-square terms.
    fn add_piece(&mut self, color: Color, piece: Piece, square: usize) {
        self.add(color, MATERIAL + piece as usize, 1);
        self.add(color, PST + piece as usize * 64 + square, 1);
    }
}

/// Everything both colours' terms need to know of the board.
struct Context<'a> {
    board: &'a Board,
    pawns: [BitBoard; 2],
    pawn_attacks: [BitBoard; 2],
    /// Squares attacked by each side (filled as pieces are evaluated).
    attacks: [BitBoard; 2],
    /// Squares attacked by each side's knights, bishops, rooks and queens, by piece (`piece_index`).
    piece_attacks: [[BitBoard; 4]; 2],
    /// Squares attacked at least twice by each side (pawns, king and pieces together; filled as
    /// pieces are evaluated).
    twice: [BitBoard; 2],
    king_zone: [BitBoard; 2],
}

/// Feeds every term of `board` to `terms`.
pub fn trace(board: &Board, terms: &mut impl Terms) {
    let pawns = Pawns::of(board);
    trace_pawn_structure(&pawns, terms);
    trace_pieces(board, &pawns, terms);
}

/// Every term but the pawn structure.
pub(super) fn trace_pieces(board: &Board, pawn_info: &Pawns, terms: &mut impl Terms) {
    let pawns = pawn_info.pawns;
    let pawn_attacks = pawn_info.pawn_attacks;
    let kings = [Color::White, Color::Black].map(|c| get_king_moves(board.king(c)));
    let king_zone = [kings[0] | board.king(Color::White).bitboard(), kings[1] | board.king(Color::Black).bitboard()];
    let mut context = Context {
        board,
        pawns,
        pawn_attacks,
        attacks: [pawn_attacks[0] | kings[0], pawn_attacks[1] | kings[1]],
        piece_attacks: [[BitBoard::EMPTY; 4]; 2],
        twice: [0, 1].map(|i| pawn_info.double_attacks[i] | (pawn_attacks[i] & kings[i])),
        king_zone,
    };
    for color in [Color::White, Color::Black] {
        material_and_squares(board, color, terms);
        pieces(&mut context, color, terms);
        king_shelter(&context, color, terms);
        cornered_bishops(board, color, terms);
        bishop_pawns(board, color, terms);
        space(&context, color, terms);
        pinned(board, color, terms);
        king_pawn_distance(board, color, terms);
    }
    for color in [Color::White, Color::Black] {
        passed_pawns(&context, color, terms);
        threats(&context, color, terms);
        safe_checks(&context, color, terms);
        king_flank(&context, color, terms);
        let held = held_by_enemy(&context, color);
        restricted(&context, color, held, terms);
        queen_threats(&context, color, held, terms);
    }
    terms.add(board.side_to_move(), TEMPO, 1);
}

fn material_and_squares(board: &Board, color: Color, terms: &mut impl Terms) {
    for &piece in &Piece::ALL {
        for square in board.colored_pieces(color, piece) {
            terms.add_piece(color, piece, relative_index(square, color));
        }
    }
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        terms.add(color, BISHOP_PAIR, 1);
    }
}

/// What pawn-structure terms need: the pawns and their attacks, by colour.
pub(super) struct Pawns {
    pawns: [BitBoard; 2],
    pawn_attacks: [BitBoard; 2],
    /// Squares two pawns of a colour attack.
    double_attacks: [BitBoard; 2],
}

impl Pawns {
    pub(super) fn of(board: &Board) -> Pawns {
        let pawns = [board.colored_pieces(Color::White, Piece::Pawn), board.colored_pieces(Color::Black, Piece::Pawn)];
        let sides = [Color::White, Color::Black].map(|c| pawn_attacks_by_side(pawns[c as usize], c));
        Pawns {
            pawns,
            pawn_attacks: sides.map(|(west, east)| west | east),
            double_attacks: sides.map(|(west, east)| west & east),
        }
    }

    /// The two pawn bitboards, the key of a pawn-structure cache entry.
    pub(super) fn key(&self) -> (u64, u64) {
        (self.pawns[0].0, self.pawns[1].0)
    }
}

/// The pawn-structure terms of both colours (they depend on the pawns alone, so they can be cached).
pub(super) fn trace_pawn_structure(pawns: &Pawns, terms: &mut impl Terms) {
    for color in [Color::White, Color::Black] {
        pawn_structure(pawns, color, terms);
    }
}

fn pawn_structure(context: &Pawns, color: Color, terms: &mut impl Terms) {
    let ours = context.pawns[color as usize];
    let theirs = context.pawns[!color as usize];
    for square in ours {
        let file = square.file();
        let rank = relative_rank(square, color);
        let neighbours = ours & adjacent_files(file);
        if neighbours.is_empty() {
            terms.add(color, ISOLATED, 1);
        }
        if !(ours & file_mask(file) & ranks_ahead(square, color)).is_empty() {
            terms.add(color, DOUBLED, 1);
        }
        if !(neighbours & square.rank().bitboard()).is_empty() {
            terms.add(color, PHALANX + rank, 1);
        }
        if context.pawn_attacks[color as usize].has(square) {
            terms.add(color, SUPPORTED + rank, 1);
        }
        // Candidate: no enemy pawn ahead on its file, and at least as many own pawns beside or
        // behind on the neighbouring files as enemy pawns ahead on them (not a passed pawn).
        let front = ranks_ahead(square, color);
        if (theirs & file_mask(file) & front).is_empty() {
            let sentries = (theirs & adjacent_files(file) & front).len();
            let helpers = (neighbours & !front).len();
            if sentries > 0 && helpers >= sentries {
                terms.add(color, CANDIDATE + rank, 1);
            }
        }
        // Backward: no pawn of ours beside or behind on the neighbouring files, and the square in
        // front is attacked by an enemy pawn.
        let behind_or_level = !ranks_ahead(square, color);
        if let Some(stop) = square.try_offset(0, forward(color)) {
            let unsupported = (neighbours & behind_or_level).is_empty();
            if unsupported && context.pawn_attacks[!color as usize].has(stop) && !theirs.has(stop) {
                terms.add(color, BACKWARD, 1);
            }
        }
    }
}

fn passed_pawns(context: &Context, color: Color, terms: &mut impl Terms) {
    let board = context.board;
    let theirs = context.pawns[!color as usize];
    for square in context.pawns[color as usize] {
        let span = (file_mask(square.file()) | adjacent_files(square.file())) & ranks_ahead(square, color);
        if !(span & theirs).is_empty() {
            continue;
        }
        let rank = relative_rank(square, color);
        terms.add(color, PASSED + rank, 1);
        let behind = file_mask(square.file()) & !ranks_ahead(square, color) & !square.bitboard();
        let rooks_behind = board.colored_pieces(color, Piece::Rook) & behind;
        for rook in rooks_behind {
            if (get_between_rays(rook, square) & board.occupied()).is_empty() {
                terms.add(color, ROOK_BEHIND_PASSER, 1);
            }
        }
        // The square in front: where the kings fight for the pawn, and its next step.
        let Some(stop) = square.try_offset(0, forward(color)) else {
            continue;
        };
        terms.add(color, PASSED_OWN_KING + rank, distance(board.king(color), stop));
        terms.add(color, PASSED_THEIR_KING + rank, distance(board.king(!color), stop));
        let blocked_or_attacked = board.occupied() | context.attacks[!color as usize];
        if !blocked_or_attacked.has(stop) {
            terms.add(color, PASSED_SAFE_STOP + rank, 1);
        }
        let path = file_mask(square.file()) & ranks_ahead(square, color);
        if (path & blocked_or_attacked).is_empty() {
            terms.add(color, PASSED_FREE + rank, 1);
        }
    }
}

fn pieces(context: &mut Context, color: Color, terms: &mut impl Terms) {
    let board = context.board;
    let occupied = board.occupied();
    let mobility_area = !(board.colors(color) | context.pawn_attacks[!color as usize]);
    let enemy_zone = context.king_zone[!color as usize];
    let mut attackers = 0;
    for (piece, table) in [
        (Piece::Knight, KNIGHT_MOBILITY),
        (Piece::Bishop, BISHOP_MOBILITY),
        (Piece::Rook, ROOK_MOBILITY),
        (Piece::Queen, QUEEN_MOBILITY),
    ] {
        for square in board.colored_pieces(color, piece) {
            let attacks = match piece {
                Piece::Knight => get_knight_moves(square),
                Piece::Bishop => get_bishop_moves(square, occupied),
                Piece::Rook => get_rook_moves(square, occupied),
                _ => get_bishop_moves(square, occupied) | get_rook_moves(square, occupied),
            };
            context.twice[color as usize] |= context.attacks[color as usize] & attacks;
            context.attacks[color as usize] |= attacks;
            context.piece_attacks[color as usize][piece_index(piece)] |= attacks;
            terms.add(color, table + (attacks & mobility_area).len() as usize, 1);
            let zone_hits = (attacks & enemy_zone).len() as i32;
            if zone_hits > 0 {
                attackers += 1;
                terms.add(color, KING_ATTACK + piece as usize, zone_hits);
            }
            match piece {
                Piece::Knight | Piece::Bishop if is_outpost(context, color, square) => {
                    terms.add(color, OUTPOST + piece_index(piece), 1);
                }
                Piece::Rook => rook_files_and_ranks(context, color, square, terms),
                _ => {}
            }
        }
    }
    terms.add(color, KING_ATTACKERS + attackers.min(7), 1);
}

/// An outpost: a square in the enemy half (ranks 4 to 6 from `color`'s side), defended by an own
/// pawn, that no enemy pawn can ever attack.
fn is_outpost(context: &Context, color: Color, square: Square) -> bool {
    let rank = relative_rank(square, color);
    let enemy_pawns = context.pawns[!color as usize];
    (OUTPOST_FIRST_RANK..=OUTPOST_LAST_RANK).contains(&rank)
        && context.pawn_attacks[color as usize].has(square)
        && (adjacent_files(square.file()) & ranks_ahead(square, color) & enemy_pawns).is_empty()
}

/// Ranks (from the own side, 0-based) where a minor piece can stand on an outpost.
const OUTPOST_FIRST_RANK: usize = 3;
const OUTPOST_LAST_RANK: usize = 5;
/// The seventh rank, from the own side (0-based).
const SEVENTH_RANK: usize = 6;

/// A rook on an open or semi-open file, or on the seventh rank while the enemy king is on the eighth
/// or enemy pawns are on the seventh.
fn rook_files_and_ranks(context: &Context, color: Color, square: Square, terms: &mut impl Terms) {
    let board = context.board;
    let file = file_mask(square.file());
    if (file & board.pieces(Piece::Pawn)).is_empty() {
        terms.add(color, ROOK_OPEN, 1);
    } else if (file & context.pawns[color as usize]).is_empty() {
        terms.add(color, ROOK_SEMI_OPEN, 1);
    }
    if relative_rank(square, color) == SEVENTH_RANK {
        let rank = square.rank().bitboard();
        let king_home = relative_rank(board.king(!color), color) == SEVENTH_RANK + 1;
        if king_home || !(rank & context.pawns[!color as usize]).is_empty() {
            terms.add(color, ROOK_SEVENTH, 1);
        }
    }
}

/// Squares from which each of `color`'s knights, bishops, rooks and queens could check the enemy
/// king, reached by such a piece, neither occupied by `color` nor attacked by the enemy: a count by
/// piece. Needs every attack of both sides (after `pieces` for both colours).
fn safe_checks(context: &Context, color: Color, terms: &mut impl Terms) {
    let board = context.board;
    let king = board.king(!color);
    let occupied = board.occupied();
    let safe = !(board.colors(color) | context.attacks[!color as usize]);
    let bishop_lines = get_bishop_moves(king, occupied);
    let rook_lines = get_rook_moves(king, occupied);
    let checks = [get_knight_moves(king), bishop_lines, rook_lines, bishop_lines | rook_lines];
    for (index, squares) in checks.into_iter().enumerate() {
        let count = (squares & safe & context.piece_attacks[color as usize][index]).len() as i32;
        if count > 0 {
            terms.add(color, SAFE_CHECK + index, count);
        }
    }
}

fn king_shelter(context: &Context, color: Color, terms: &mut impl Terms) {
    let king = context.board.king(color);
    let ours = context.pawns[color as usize];
    let files = file_mask(king.file()) | adjacent_files(king.file());
    let near = king.try_offset(0, forward(color)).map_or(BitBoard::EMPTY, |s| s.rank().bitboard());
    let far = king.try_offset(0, 2 * forward(color)).map_or(BitBoard::EMPTY, |s| s.rank().bitboard());
    terms.add(color, SHIELD_NEAR, (ours & files & near).len() as i32);
    terms.add(color, SHIELD_FAR, (ours & files & far).len() as i32);
    let all_pawns = context.pawns[0] | context.pawns[1];
    let centre = king.file() as usize;
    let open = (centre.saturating_sub(1)..=(centre + 1).min(7))
        .filter(|&file| (file_mask(File::index(file)) & all_pawns).is_empty())
        .count() as i32;
    terms.add(color, KING_OPEN_FILE, open);
}

/// The files of a king's flank, by the king's file: a to d for a queenside king, c to f in the
/// centre, e to h on the kingside (one file less at the edges).
const KING_FLANK: [u64; 8] = [
    0x0707_0707_0707_0707,
    0x0F0F_0F0F_0F0F_0F0F,
    0x0F0F_0F0F_0F0F_0F0F,
    0x3C3C_3C3C_3C3C_3C3C,
    0x3C3C_3C3C_3C3C_3C3C,
    0xF0F0_F0F0_F0F0_F0F0,
    0xF0F0_F0F0_F0F0_F0F0,
    0xE0E0_E0E0_E0E0_E0E0,
];

/// Ranks 1 to 5 from each side: the camp a king defends.
const CAMP: [u64; 2] = [0x0000_00FF_FFFF_FFFF, 0xFFFF_FFFF_FF00_0000];

/// Enemy attacks on `color`'s king flank (squares attacked at all, and twice), and the squares of
/// its king zone the enemy attacks that `color` defends at most once (the king itself counts).
fn king_flank(context: &Context, color: Color, terms: &mut impl Terms) {
    let king = context.board.king(color);
    let (ours, theirs) = (color as usize, !color as usize);
    let flank = BitBoard(KING_FLANK[king.file() as usize] & CAMP[ours]);
    let attacked = flank & context.attacks[theirs];
    terms.add(color, KING_FLANK_ATTACK, attacked.len() as i32);
    terms.add(color, KING_FLANK_ATTACK + 1, (attacked & context.twice[theirs]).len() as i32);
    let weak = context.king_zone[ours] & context.attacks[theirs] & !context.twice[ours];
    terms.add(color, KING_ZONE_WEAK, weak.len() as i32);
}

/// Squares the enemy (`!color`) holds firmly: attacked by a pawn, or twice when `color` does not.
fn held_by_enemy(context: &Context, color: Color) -> BitBoard {
    let theirs = !color as usize;
    context.pawn_attacks[theirs] | (context.twice[theirs] & !context.twice[color as usize])
}

/// Squares both sides attack that the enemy does not hold firmly (`held`): enemy moves `color`
/// restricts.
fn restricted(context: &Context, color: Color, held: BitBoard, terms: &mut impl Terms) {
    let both = context.attacks[color as usize] & context.attacks[!color as usize];
    terms.add(color, RESTRICTED, (both & !held).len() as i32);
}

/// Safe squares from which a knight, or a bishop or rook backed by a second attacker, of `color`
/// would attack the enemy's only queen on the next move. Safe: empty of `color`'s pieces and not
/// `held` by the enemy.
fn queen_threats(context: &Context, color: Color, held: BitBoard, terms: &mut impl Terms) {
    let board = context.board;
    let queens = board.colored_pieces(!color, Piece::Queen);
    let queen = match queens.next_square() {
        Some(queen) if queens.len() == 1 => queen,
        _ => return,
    };
    let ours = color as usize;
    let safe = !(board.colors(color) | held);
    let [knights, bishops, rooks, _] = context.piece_attacks[ours];
    terms.add(color, QUEEN_THREAT, (get_knight_moves(queen) & knights & safe).len() as i32);
    let occupied = board.occupied();
    let sliders = (get_bishop_moves(queen, occupied) & bishops) | (get_rook_moves(queen, occupied) & rooks);
    terms.add(color, QUEEN_THREAT + 1, (sliders & safe & context.twice[ours]).len() as i32);
}

fn threats(context: &Context, color: Color, terms: &mut impl Terms) {
    let board = context.board;
    let them = board.colors(!color);
    let pieces = them & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King));
    let majors = them & (board.pieces(Piece::Rook) | board.pieces(Piece::Queen));
    terms.add(color, THREAT_BY_PAWN, (context.pawn_attacks[color as usize] & pieces).len() as i32);
    let [knights, bishops, rooks, queen_attacks] = context.piece_attacks[color as usize];
    terms.add(color, THREAT_BY_MINOR, ((knights | bishops) & majors).len() as i32);
    let queens = them & board.pieces(Piece::Queen);
    terms.add(color, THREAT_BY_ROOK, (rooks & queens).len() as i32);
    let undefended = pieces & !context.attacks[!color as usize];
    terms.add(color, HANGING, (undefended & context.attacks[color as usize]).len() as i32);
    let minors = them & (board.pieces(Piece::Knight) | board.pieces(Piece::Bishop));
    let loose_minors = minors & !context.pawn_attacks[!color as usize];
    terms.add(color, THREAT_MINOR_ON_MINOR, ((knights | bishops) & loose_minors).len() as i32);
    terms.add(color, THREAT_ROOK_ON_MINOR, (rooks & loose_minors).len() as i32);
    let king_targets = them & !board.pieces(Piece::King) & !context.attacks[!color as usize];
    terms.add(color, THREAT_BY_KING, (get_king_moves(board.king(color)) & king_targets).len() as i32);
    terms.add(color, THREAT_PAWN_PUSH, pawn_push_threats(context, color, pieces));
    let weak_pawns = them & board.pieces(Piece::Pawn) & !context.pawn_attacks[!color as usize];
    let by_pieces = knights | bishops | rooks | queen_attacks;
    terms.add(color, WEAK_PAWN_ATTACKED, (weak_pawns & by_pieces).len() as i32);
}

/// `color`'s pieces (not pawns) pinned to their king by an enemy slider.
fn pinned(board: &Board, color: Color, terms: &mut impl Terms) {
    let king = board.king(color);
    let ours = board.colors(color);
    let theirs = board.colors(!color);
    let queens = board.pieces(Piece::Queen);
    let straight = theirs & (board.pieces(Piece::Rook) | queens) & get_rook_rays(king);
    let diagonal = theirs & (board.pieces(Piece::Bishop) | queens) & get_bishop_rays(king);
    let pieces = ours & !board.pieces(Piece::Pawn);
    let mut count = 0;
    for slider in straight | diagonal {
        let between = get_between_rays(king, slider) & board.occupied();
        if between.len() == 1 && !(between & pieces).is_empty() {
            count += 1;
        }
    }
    terms.add(color, PINNED, count);
}

/// Distance from the king to its nearest own pawn (none without pawns).
fn king_pawn_distance(board: &Board, color: Color, terms: &mut impl Terms) {
    let king = board.king(color);
    let nearest = board.colored_pieces(color, Piece::Pawn).into_iter().map(|p| distance(king, p)).min();
    if let Some(d) = nearest {
        terms.add(color, KING_PAWN_DISTANCE, d);
    }
}

/// Enemy pieces (`targets`) that a pawn of `color` would attack after a single push to a square
/// that is empty, not attacked by an enemy pawn, and not attacked by the enemy unless defended;
/// pieces a pawn already attacks are left out.
fn pawn_push_threats(context: &Context, color: Color, targets: BitBoard) -> i32 {
    let board = context.board;
    let pushed = match color {
        Color::White => BitBoard(context.pawns[0].0 << 8),
        Color::Black => BitBoard(context.pawns[1].0 >> 8),
    } & !board.occupied();
    let ours = color as usize;
    let theirs = !color as usize;
    let safe = !context.pawn_attacks[theirs] & (!context.attacks[theirs] | context.attacks[ours]);
    let attacked = pawn_attacks_of(pushed & safe, color);
    (attacked & targets & !context.pawn_attacks[ours]).len() as i32
}

/// Own pawns on the squares of each bishop's colour: a bishop hemmed in by its own pawns.
fn bishop_pawns(board: &Board, color: Color, terms: &mut impl Terms) {
    let pawns = board.colored_pieces(color, Piece::Pawn);
    for bishop in board.colored_pieces(color, Piece::Bishop) {
        terms.add(color, BISHOP_PAWNS, (pawns & same_colour_squares(bishop)).len() as i32);
    }
}

/// Files c to f, ranks 2 to 4 from each side: the centre a side can use behind its pawns.
const SPACE_AREA: [u64; 2] = [0x0000_0000_3C3C_3C00, 0x003C_3C3C_0000_0000];

/// Safe squares of the central area on the own side: not held by an own pawn nor attacked by an
/// enemy pawn.
fn space(context: &Context, color: Color, terms: &mut impl Terms) {
    let area = BitBoard(SPACE_AREA[color as usize]);
    let safe = area & !context.pawns[color as usize] & !context.pawn_attacks[!color as usize];
    terms.add(color, SPACE, safe.len() as i32);
}

/// Chess960: a bishop in a corner behind its own pawn on the long diagonal has no scope.
fn cornered_bishops(board: &Board, color: Color, terms: &mut impl Terms) {
    let bishops = board.colored_pieces(color, Piece::Bishop);
    let pawns = board.colored_pieces(color, Piece::Pawn);
    let corners = [(File::A, File::B), (File::H, File::G)];
    let home = Rank::First.relative_to(color);
    let second = Rank::Second.relative_to(color);
    let mut count = 0;
    for (corner, blocker) in corners {
        if bishops.has(Square::new(corner, home)) && pawns.has(Square::new(blocker, second)) {
            count += 1;
        }
    }
    terms.add(color, CORNERED_BISHOP, count);
}

#[cfg(test)]
mod tests;
