//! The self-play data format: one record per game, about 4 bytes a position.
//!
//! A record is the start position as FEN text (Shredder-FEN castling, so Chess960 and double
//! Chess960 starts read back as they were), the game's result, and for every move played the move
//! (2 bytes) and the search score of the position it was played from (2 bytes, white's view, in
//! centipawns; mates as the engine's mate scores). A trainer replays the moves from the FEN to get
//! each position, so the format needs no board encoding of its own and no second board type.
//!
//! Layout, little-endian: `u8` FEN length, the FEN bytes, `u8` result (0 black won, 1 draw, 2 white
//! won), `u16` move count, then per move `u16` move and `i16` score. A move packs from-square
//! (bits 0-5), to-square (6-11) and promotion (12-14: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen);
//! castling is king-takes-rook, as cozy-chess plays it.

use cozy_chess::{Move, Piece, Square};

/// A game's result, from white's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    BlackWins = 0,
    Draw = 1,
    WhiteWins = 2,
}

impl Outcome {
    fn from_byte(byte: u8) -> Option<Outcome> {
        match byte {
            0 => Some(Outcome::BlackWins),
            1 => Some(Outcome::Draw),
            2 => Some(Outcome::WhiteWins),
            _ => None,
        }
    }
}

/// One self-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The start position (Shredder-FEN castling).
    pub fen: String,
    pub outcome: Outcome,
    /// Each move played with the search score (white's view) of the position it was played from.
    pub moves: Vec<(Move, i16)>,
}

const PROMOTIONS: [Option<Piece>; 5] =
    [None, Some(Piece::Knight), Some(Piece::Bishop), Some(Piece::Rook), Some(Piece::Queen)];

fn encode_move(mv: Move) -> u16 {
    let promotion = PROMOTIONS.iter().position(|&p| p == mv.promotion).unwrap_or(0) as u16;
    mv.from as u16 | (mv.to as u16) << 6 | promotion << 12
}

fn decode_move(bits: u16) -> Option<Move> {
    let promotion = *PROMOTIONS.get(usize::from(bits >> 12))?;
    let square = |index: u16| Square::index(usize::from(index & 63));
    Some(Move { from: square(bits), to: square(bits >> 6), promotion })
}

impl GameRecord {
    /// The length of the record's bytes.
    pub fn encoded_len(&self) -> usize {
        4 + self.fen.len() + 4 * self.moves.len()
    }

    /// The record's bytes (`None` when the FEN or the game is too long for the format).
    pub fn encode(&self) -> Option<Vec<u8>> {
        let fen_len = u8::try_from(self.fen.len()).ok()?;
        let count = u16::try_from(self.moves.len()).ok()?;
        let mut out = Vec::with_capacity(self.encoded_len());
        out.push(fen_len);
        out.extend_from_slice(self.fen.as_bytes());
        out.push(self.outcome as u8);
        out.extend_from_slice(&count.to_le_bytes());
        for &(mv, score) in &self.moves {
            out.extend_from_slice(&encode_move(mv).to_le_bytes());
            out.extend_from_slice(&score.to_le_bytes());
        }
        Some(out)
    }

    /// The record at the start of `bytes` and its length, or `None` if `bytes` does not start with a
    /// whole, well-formed record (a file cut short ends in such a tail).
    pub fn decode(bytes: &[u8]) -> Option<(GameRecord, usize)> {
        let fen_len = usize::from(*bytes.first()?);
        let fen = std::str::from_utf8(bytes.get(1..1 + fen_len)?).ok()?.to_string();
        let mut at = 1 + fen_len;
        let outcome = Outcome::from_byte(*bytes.get(at)?)?;
        let count = u16::from_le_bytes(bytes.get(at + 1..at + 3)?.try_into().ok()?);
        at += 3;
        let body = bytes.get(at..at + 4 * usize::from(count))?;
        let mut moves = Vec::with_capacity(usize::from(count));
        for chunk in body.chunks_exact(4) {
            let mv = decode_move(u16::from_le_bytes([chunk[0], chunk[1]]))?;
            moves.push((mv, i16::from_le_bytes([chunk[2], chunk[3]])));
        }
        Some((GameRecord { fen, outcome, moves }, at + body.len()))
    }
}

/// Every whole record of `bytes`, in order, and how many bytes after the last one were not a record.
pub fn decode_all(bytes: &[u8]) -> (Vec<GameRecord>, usize) {
    let mut games = Vec::new();
    let mut at = 0;
    while let Some((game, len)) = GameRecord::decode(&bytes[at..]) {
        games.push(game);
        at += len;
    }
    (games, bytes.len() - at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_as_written_and_a_cut_tail_is_left_over() {
        let game = GameRecord {
            fen: "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1".to_string(),
            outcome: Outcome::WhiteWins,
            moves: vec![
                ("e2e4".parse().expect("move"), 25),
                ("a7a8q".parse().expect("move"), -31_999),
                ("d1b1".parse().expect("move"), 0),
                ("b7b8n".parse().expect("move"), i16::MIN),
            ],
        };
        let bytes = game.encode().expect("encodable");
        assert_eq!(bytes.len(), 1 + game.fen.len() + 1 + 2 + 4 * 4);
        assert_eq!(bytes.len(), game.encoded_len());
        let mut two = bytes.clone();
        two.extend_from_slice(&bytes);
        two.extend_from_slice(&bytes[..bytes.len() - 3]);
        let (games, left) = decode_all(&two);
        assert_eq!(games, vec![game.clone(), game]);
        assert_eq!(left, bytes.len() - 3);
    }

    #[test]
    fn every_square_pair_and_promotion_packs_into_two_bytes() {
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in PROMOTIONS {
                    let mv = Move { from, to, promotion };
                    assert_eq!(decode_move(encode_move(mv)), Some(mv));
                }
            }
        }
        assert_eq!(decode_move(5 << 12), None);
    }
}
