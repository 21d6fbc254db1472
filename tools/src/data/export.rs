//! `datagen export --format bullet|viri OUT IN...`: the project's game records in the two formats
//! bullet (github.com/jw1912/bullet) trains from, written from their documented layouts (bullet's
//! `bulletformat::ChessBoard` and `viriformat::dataformat::Game`), not with their crates.
//!
//! - **bullet**: one 32-byte record a position, from the side to move's view (the board flipped
//!   vertically and the colours swapped when black is to move): occupancy `u64`, 16 bytes of 4-bit
//!   pieces in square order (bit 3 the opponent's, bits 0-2 pawn to king), score `i16` (side to move,
//!   the data's scale), result `u8` (0 loss, 1 draw, 2 win), our king's square, the opponent's king's
//!   square flipped to its own view, three zero bytes. Only the positions the trainer learns from
//!   (`--skip-plies`, quiet, no mate score), shuffled by `--seed` as bullet's sequential loader wants.
//! - **viri**: whole games, as bullet's `ViriBinpackLoader` reads them and filters itself: a 32-byte
//!   marlinformat start (occupancy, 4-bit pieces with 6 for a rook that may still castle, side to
//!   move and en-passant square, halfmove clock, fullmove number, a zero score, the result from
//!   white's view, a zero byte), then per move a `u16` (from, to, promotion piece, flags: 1 en
//!   passant, 2 castling as king takes rook, 3 promotion) and an `i16` score from white's view, and
//!   four zero bytes.
//!
//! Little-endian throughout. `tests/read_export.py` reads both back, independently of this code.

use std::fs;
use std::path::PathBuf;

use cozy_chess::{BitBoard, Board, Color, Move, Piece, Rank, Square};

use engine::position::fen;
use engine::rng::Rng;

use super::format::{GameRecord, Outcome};
use super::{read_games, replay, trained_on};

/// Plies skipped at the start of each game for bullet, as the trainer's default.
const DEFAULT_SKIP_PLIES: usize = 8;
const PIECES: [Piece; 6] = [Piece::Pawn, Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen, Piece::King];
/// viriformat's code of a rook that may still castle.
const CASTLING_ROOK: u8 = 6;
const VIRI_EN_PASSANT: u16 = 1 << 14;
const VIRI_CASTLE: u16 = 2 << 14;
const VIRI_PROMOTION: u16 = 3 << 14;
const USAGE: &str = "usage: datagen export --format bullet|viri [--skip-plies N] [--seed S] OUT IN...";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Bullet,
    Viri,
}

/// `datagen export ...`: reads the arguments after `export`, writes `OUT`, says what it wrote.
pub fn run(args: &[String]) -> Result<String, String> {
    let (mut format, mut skip_plies, mut seed, mut paths) = (None, DEFAULT_SKIP_PLIES, 1, Vec::new());
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value; {USAGE}"));
        match word.as_str() {
            "--format" => {
                format = Some(match value()?.as_str() {
                    "bullet" => Format::Bullet,
                    "viri" => Format::Viri,
                    other => return Err(format!("unknown format '{other}'; {USAGE}")),
                })
            }
            "--skip-plies" => skip_plies = value()?.parse().map_err(|_| format!("--skip-plies: a number; {USAGE}"))?,
            "--seed" => seed = value()?.parse().map_err(|_| format!("--seed: a number; {USAGE}"))?,
            _ => paths.push(PathBuf::from(word)),
        }
    }
    let format = format.ok_or(USAGE)?;
    let [out, inputs @ ..] = paths.as_slice() else { return Err(USAGE.to_string()) };
    if inputs.is_empty() {
        return Err(USAGE.to_string());
    }
    let mut games = Vec::new();
    for path in inputs {
        games.extend(read_games(path)?.0);
    }
    let (bytes, count) = match format {
        Format::Bullet => bullet_file(&games, skip_plies, seed)?,
        Format::Viri => (viri_file(&games)?, games.len()),
    };
    fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    let what = if format == Format::Bullet { "positions" } else { "games" };
    Ok(format!("{count} {what} ({} bytes) written to {}", bytes.len(), out.display()))
}

/// The bullet records of the positions the trainer would learn from, shuffled; and their count.
fn bullet_file(games: &[GameRecord], skip_plies: usize, seed: u64) -> Result<(Vec<u8>, usize), String> {
    let mut records = Vec::new();
    for game in games {
        replay(game, |ply, board, mv, score| {
            if ply >= skip_plies && trained_on(board, mv, score) {
                records.push(bullet_record(board, score, game.outcome));
            }
        })?;
    }
    let mut rng = Rng::new(seed);
    for i in (1..records.len()).rev() {
        records.swap(i, rng.below(i as u64 + 1) as usize);
    }
    Ok((records.concat(), records.len()))
}

/// One position as bulletformat's `ChessBoard` (32 bytes).
pub fn bullet_record(board: &Board, white_score: i16, outcome: Outcome) -> Vec<u8> {
    let us = board.side_to_move();
    // The side to move's view: black's board is flipped vertically (bytes swapped).
    let view = |bits: BitBoard| if us == Color::White { bits.0 } else { bits.0.swap_bytes() };
    let (ours, theirs) = (view(board.colors(us)), view(board.colors(!us)));
    let occupancy = ours | theirs;
    let mut pieces = [0u8; 16];
    let mut remaining = occupancy;
    let mut index = 0;
    while remaining != 0 {
        let square = remaining.trailing_zeros();
        remaining &= remaining - 1;
        let bit = 1u64 << square;
        let kind = PIECES.iter().position(|&p| view(board.pieces(p)) & bit != 0).unwrap_or(0) as u8;
        let code = kind | u8::from(theirs & bit != 0) << 3;
        pieces[index / 2] |= code << (4 * (index & 1));
        index += 1;
    }
    let white_result = outcome as u8;
    let (score, result) =
        if us == Color::White { (white_score, white_result) } else { (-white_score, 2 - white_result) };
    let kings = view(board.pieces(Piece::King));
    let mut out = Vec::with_capacity(32);
    out.extend_from_slice(&occupancy.to_le_bytes());
    out.extend_from_slice(&pieces);
    out.extend_from_slice(&score.to_le_bytes());
    out.push(result);
    out.push((kings & ours).trailing_zeros() as u8);
    out.push((kings & theirs).trailing_zeros() as u8 ^ 56);
    out.extend_from_slice(&[0; 3]);
    out
}

/// Every game in viriformat.
fn viri_file(games: &[GameRecord]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for game in games {
        let parsed = fen::parse(&game.fen).map_err(|e| format!("{}: {e}", game.fen))?;
        out.extend(marlin_board(&parsed.board, parsed.halfmove_clock, game.outcome));
        replay(game, |_, board, mv, score| {
            out.extend_from_slice(&viri_move(board, mv).to_le_bytes());
            out.extend_from_slice(&score.to_le_bytes());
        })?;
        out.extend_from_slice(&[0; 4]);
    }
    Ok(out)
}

/// A start position as marlinformat's `PackedBoard` (32 bytes).
fn marlin_board(board: &Board, halfmove_clock: u32, outcome: Outcome) -> Vec<u8> {
    let occupancy = board.occupied();
    let mut pieces = [0u8; 16];
    for (index, square) in occupancy.into_iter().enumerate() {
        let color = board.color_on(square).unwrap_or(Color::White);
        let piece = board.piece_on(square).unwrap_or(Piece::Pawn);
        let code = if castling_rook(board, color, square) { CASTLING_ROOK } else { piece as u8 };
        pieces[index / 2] |= (code | (color as u8) << 3) << (4 * (index & 1));
    }
    let us = board.side_to_move();
    let en_passant = board.en_passant().map_or(64, |file| Square::new(file, Rank::Sixth.relative_to(us)) as u8);
    let mut out = Vec::with_capacity(32);
    out.extend_from_slice(&occupancy.0.to_le_bytes());
    out.extend_from_slice(&pieces);
    out.push((us as u8) << 7 | en_passant);
    out.push(halfmove_clock.min(255) as u8);
    out.extend_from_slice(&board.fullmove_number().to_le_bytes());
    out.extend_from_slice(&0i16.to_le_bytes());
    out.push(outcome as u8);
    out.push(0);
    out
}

/// A rook of `color` on `square` that still has the right to castle.
fn castling_rook(board: &Board, color: Color, square: Square) -> bool {
    let rights = board.castle_rights(color);
    let back_rank = Rank::First.relative_to(color);
    board.colored_pieces(color, Piece::Rook).has(square)
        && square.rank() == back_rank
        && (rights.short == Some(square.file()) || rights.long == Some(square.file()))
}

/// `mv` on `board` as viriformat's move: from, to (the rook's square when castling), promotion
/// piece (knight 0 to queen 3) and flags.
fn viri_move(board: &Board, mv: Move) -> u16 {
    let squares = mv.from as u16 | (mv.to as u16) << 6;
    let us = board.side_to_move();
    if let Some(promotion) = mv.promotion {
        return squares | ((promotion as u16).wrapping_sub(1) & 3) << 12 | VIRI_PROMOTION;
    }
    if board.colored_pieces(us, Piece::King).has(mv.from) && board.colored_pieces(us, Piece::Rook).has(mv.to) {
        return squares | VIRI_CASTLE;
    }
    let pawn = board.pieces(Piece::Pawn).has(mv.from);
    if pawn && mv.from.file() != mv.to.file() && !board.occupied().has(mv.to) {
        return squares | VIRI_EN_PASSANT;
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pack_with_viriformat_s_flags() {
        let board: Board = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1".parse().expect("fen");
        let at = |text: &str| viri_move(&board, text.parse().expect("move"));
        assert_eq!(at("e1h1"), 4 | 7 << 6 | VIRI_CASTLE);
        assert_eq!(at("e5d6"), 36 | 43 << 6 | VIRI_EN_PASSANT);
        assert_eq!(at("b7b8q"), 49 | 57 << 6 | 3 << 12 | VIRI_PROMOTION);
        assert_eq!(at("b7a8n"), 49 | 56 << 6 | VIRI_PROMOTION);
        assert_eq!(at("e5e6"), 36 | 44 << 6);
    }

    #[test]
    fn the_start_position_packs_from_both_sides() {
        let board = Board::default();
        let white = bullet_record(&board, 30, Outcome::WhiteWins);
        assert_eq!(white.len(), 32);
        assert_eq!(&white[24..29], &[30, 0, 2, 4, 4]);
        let mut black = board.clone();
        black.play("e2e4".parse().expect("move"));
        let record = bullet_record(&black, 30, Outcome::WhiteWins);
        // Black to move: its score and result negated, its own king on e1 in its view.
        assert_eq!(&record[24..29], &[(-30i16).to_le_bytes()[0], 0xFF, 0, 4, 4]);
        let packed = marlin_board(&board, 0, Outcome::Draw);
        assert_eq!(packed.len(), 32);
        // a1: a white rook that may castle (6); e1: the king (5); a8: a black castling rook.
        assert_eq!(packed[8] & 0xF, CASTLING_ROOK);
        assert_eq!(packed[10] & 0xF, 5);
        assert_eq!(packed[8 + 12] & 0xF, CASTLING_ROOK | 8);
        assert_eq!(&packed[24..32], &[64, 0, 1, 0, 0, 0, 1, 0]);
    }
}
