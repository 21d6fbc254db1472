//! FEN in and out: standard FEN, X-FEN and Shredder-FEN, with or without the two clocks.
//!
//! cozy-chess reads `KQkq` as the a/h-file rooks and rejects a halfmove clock above 100, so the
//! castling field is rewritten here to Shredder letters (K/Q = the outermost rook on that side of the
//! king, as X-FEN says) and the real clock is kept beside the board.

use std::fmt;

use cozy_chess::{Board, Color, File, Piece, Rank, Square};

use super::plausible;

/// The largest halfmove clock cozy-chess accepts; larger clocks are kept by `Position`.
const BOARD_CLOCK_LIMIT: u32 = 100;

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    FieldCount(usize),
    Placement,
    SideToMove(String),
    Castling(String),
    EnPassant(String),
    HalfmoveClock(String),
    FullmoveNumber(String),
    /// A placement no legal game reaches (see `plausible`).
    Unreachable(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "FEN needs 4 to 6 fields, got {n}"),
            FenError::Placement => write!(f, "invalid piece placement (or the side not to move is in check)"),
            FenError::SideToMove(s) => write!(f, "invalid side to move '{s}'"),
            FenError::Castling(s) => write!(f, "invalid castling field '{s}'"),
            FenError::EnPassant(s) => write!(f, "invalid en-passant square '{s}'"),
            FenError::HalfmoveClock(s) => write!(f, "invalid halfmove clock '{s}'"),
            FenError::FullmoveNumber(s) => write!(f, "invalid fullmove number '{s}'"),
            FenError::Unreachable(why) => write!(f, "impossible position: {why}"),
        }
    }
}

/// Ranks in the piece placement field.
const RANKS: usize = 8;

/// A parsed FEN: the board (clock capped at 100) and the real halfmove clock.
pub struct ParsedFen {
    pub board: Board,
    pub halfmove_clock: u32,
}

/// Parses standard FEN, X-FEN or Shredder-FEN. The clocks may be missing (0 and 1 are assumed);
/// fields may be separated by any whitespace.
pub fn parse(text: &str) -> Result<ParsedFen, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount(fields.len()));
    }
    let (placement, side, castling, ep) = (fields[0], fields[1], fields[2], fields[3]);
    if side != "w" && side != "b" {
        return Err(FenError::SideToMove(side.to_string()));
    }
    let halfmove_clock =
        parse_number(fields.get(4), 0).ok_or_else(|| FenError::HalfmoveClock(fields[4].to_string()))?;
    let fullmove = parse_number(fields.get(5), 1).ok_or_else(|| FenError::FullmoveNumber(fields[5].to_string()))?;

    // cozy-chess accepts fewer than eight ranks (the missing ones empty): count them here.
    if placement.split('/').count() != RANKS {
        return Err(FenError::Placement);
    }
    let bare = Board::from_fen(&format!("{placement} {side} - - 0 1"), true).map_err(|_| FenError::Placement)?;
    if let Some(why) = plausible::unreachable_reason(&bare) {
        return Err(FenError::Unreachable(why));
    }
    let shredder = shredder_castling(&bare, castling).ok_or_else(|| FenError::Castling(castling.to_string()))?;
    let with_castling = format!("{placement} {side} {shredder} - 0 1");
    Board::from_fen(&with_castling, true).map_err(|_| FenError::Castling(castling.to_string()))?;

    let board_clock = halfmove_clock.min(BOARD_CLOCK_LIMIT);
    let fullmove = fullmove.clamp(1, u16::MAX as u32);
    let full = format!("{placement} {side} {shredder} {ep} {board_clock} {fullmove}");
    let board = Board::from_fen(&full, true).map_err(|_| FenError::EnPassant(ep.to_string()))?;
    Ok(ParsedFen { board, halfmove_clock })
}

/// A clock field: a plain decimal number, or `default` when the field is absent.
fn parse_number(field: Option<&&str>, default: u32) -> Option<u32> {
    match field {
        None => Some(default),
        Some(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => s.parse().ok(),
        Some(_) => None,
    }
}

/// Rewrites a castling field (standard, X-FEN or Shredder letters) as Shredder letters.
fn shredder_castling(board: &Board, field: &str) -> Option<String> {
    if field == "-" {
        return Some(field.to_string());
    }
    let mut out = String::new();
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let file = match c.to_ascii_lowercase() {
            'k' => outermost_rook(board, color, true)?,
            'q' => outermost_rook(board, color, false)?,
            letter @ 'a'..='h' => File::try_index(letter as usize - 'a' as usize)?,
            _ => return None,
        };
        let letter = char::from(file);
        out.push(if color == Color::White { letter.to_ascii_uppercase() } else { letter });
    }
    Some(out)
}

/// The file of the rook of `color` on its back rank farthest from the king on the given side.
fn outermost_rook(board: &Board, color: Color, king_side: bool) -> Option<File> {
    let back_rank = Rank::First.relative_to(color);
    let king = board.king(color);
    if king.rank() != back_rank {
        return None;
    }
    let rooks = board.colored_pieces(color, Piece::Rook) & back_rank.bitboard();
    let files = rooks.into_iter().map(Square::file);
    if king_side {
        files.filter(|&f| f > king.file()).max()
    } else {
        files.filter(|&f| f < king.file()).min()
    }
}

/// FEN of `board` with the real halfmove clock; Shredder castling letters when `chess960`, X-FEN
/// otherwise.
pub fn format(board: &Board, halfmove_clock: u32, chess960: bool) -> String {
    let text = format!("{board:#}");
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    if let Some(castling) = fields.get_mut(2).filter(|_| !chess960) {
        *castling = xfen_castling(board);
    }
    if let Some(clock) = fields.get_mut(4) {
        *clock = halfmove_clock.to_string();
    }
    fields.join(" ")
}

/// The X-FEN castling field: `K`/`Q` (`k`/`q`) when the castling rook is the outermost rook on its
/// side of the king, its file letter otherwise (a Chess960 position with two rooks on one side).
fn xfen_castling(board: &Board) -> String {
    let mut field = String::new();
    for color in [Color::White, Color::Black] {
        let rights = board.castle_rights(color);
        for (rook, king_side, letter) in [(rights.short, true, 'k'), (rights.long, false, 'q')] {
            let Some(rook) = rook else { continue };
            let letter = if outermost_rook(board, color, king_side) == Some(rook) { letter } else { char::from(rook) };
            field.push(if color == Color::White { letter.to_ascii_uppercase() } else { letter });
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    field
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xfen_kq_means_the_outermost_rook() {
        // Chess960 start position 0 with rooks on b and g... and X-FEN KQkq.
        let parsed = parse("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1").expect("valid X-FEN");
        assert_eq!(format(&parsed.board, 0, true), "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1");
    }

    #[test]
    fn xfen_names_an_inner_castling_rook_by_its_file() {
        // Black may castle with the c8 rook, but the a8 rook is the outermost: `q` would mean a8.
        let fen = "r1r3k1/1b3pp1/pp1bpn1p/3P4/3NP1PP/P1N1Bn2/1P1QB2K/6R1 w c - 0 1";
        let parsed = parse(fen).expect("valid Shredder-FEN");
        assert_eq!(format(&parsed.board, 0, false), fen);
        let standard = parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid FEN");
        assert_eq!(format(&standard.board, 0, false), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(format(&standard.board, 0, true), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    }

    #[test]
    fn clocks_may_be_missing_and_may_exceed_one_hundred() {
        let parsed = parse("8/8/4k3/8/8/4K3/8/7R w - -").expect("no clocks");
        assert_eq!(parsed.halfmove_clock, 0);
        let parsed = parse("8/8/4k3/8/8/4K3/8/7R w - - 130 90").expect("clock above 100");
        assert_eq!(parsed.halfmove_clock, 130);
        assert_eq!(format(&parsed.board, parsed.halfmove_clock, false), "8/8/4k3/8/8/4K3/8/7R w - - 130 90");
    }

    #[test]
    fn bad_fields_are_rejected() {
        assert!(parse("8/8/4k3/8/8/4K3/8/7R x - - 0 1").is_err());
        assert!(parse("8/8/4k3/8/8/4K3/8/7R w K - 0 1").is_err());
        assert!(parse("8/8/4k3/8/8/4K3/8/7R w - - -1 1").is_err());
        assert!(parse("8/8/4k3/8/8/4K3/8 w - - 0 1").is_err());
        assert!(parse("8/8/4k3/8/8/4K3/8/7R w - - 0 1 extra").is_err());
    }
}
