//! The self-play data on disk: game records (`format`), files of them plain or zstd-compressed
//! (`.zst`), the scale their scores are recorded at, their replay and the positions a trainer learns
//! from, and the `datagen pack`, `datagen stats`, `datagen import-pgn` (`pgn`) and `datagen export`
//! (`export`) commands over them.

pub mod export;
pub mod format;
pub mod pgn;

use std::fs;
use std::path::{Path, PathBuf};

use cozy_chess::{Board, Move};

use engine::nnue::network::{DATA_SCALE, SCALE};
use engine::position::fen;
use engine::position::movegen::is_capture;
use engine::search::score;
use format::{decode_all, GameRecord};

/// zstd level of packed chunks (slow to write, fast to read).
const PACK_LEVEL: i32 = 19;

/// The games of a file, plain or zstd-compressed (`.zst`), and the bytes after the last whole game.
pub fn read_games(path: &Path) -> Result<(Vec<GameRecord>, usize), String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bytes = if path.extension().is_some_and(|e| e == "zst") {
        zstd::decode_all(bytes.as_slice()).map_err(|e| format!("{}: {e}", path.display()))?
    } else {
        bytes
    };
    Ok(decode_all(&bytes))
}

/// A search score at the scale the data records (`DATA_SCALE`); mates stay as they are.
pub fn to_data_scale(score: i32) -> i32 {
    if score::is_decisive(score) {
        return score;
    }
    (score * DATA_SCALE / SCALE).clamp(-score::TB_BOUND, score::TB_BOUND)
}

/// Writes `games` to `out`, zstd-compressed when its name ends in `.zst`; says what it wrote.
pub fn write_games(out: &Path, games: &[GameRecord]) -> Result<String, String> {
    let mut raw = Vec::new();
    for record in games {
        raw.extend(record.encode().ok_or("a game too long for the format")?);
    }
    let packed = out.extension().is_some_and(|e| e == "zst");
    let bytes =
        if packed { zstd::encode_all(raw.as_slice(), PACK_LEVEL).map_err(|e| e.to_string())? } else { raw.clone() };
    fs::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(format!("{} games, {} bytes raw, {} written to {}", games.len(), raw.len(), bytes.len(), out.display()))
}

/// `datagen pack OUT.zst FILE...`: the whole games of the files in one compressed chunk.
pub fn pack(out: &Path, inputs: &[PathBuf]) -> Result<String, String> {
    let mut games = Vec::new();
    for path in inputs {
        games.extend(read_games(path)?.0);
    }
    write_games(out, &games)
}

/// Replays `game`, calling `visit` with the ply, the board before each move, the move and its
/// score (white's view).
pub fn replay(game: &GameRecord, mut visit: impl FnMut(usize, &Board, Move, i16)) -> Result<(), String> {
    let mut board = fen::parse(&game.fen).map_err(|e| format!("{}: {e}", game.fen))?.board;
    for (ply, &(mv, score)) in game.moves.iter().enumerate() {
        if !board.is_legal(mv) {
            return Err(format!("illegal {mv} in a game from {}", game.fen));
        }
        visit(ply, &board, mv, score);
        board.play_unchecked(mv);
    }
    Ok(())
}

/// Whether the trainer learns from the position `board` with `mv` played and `score` recorded.
pub fn trained_on(board: &Board, mv: Move, score: i16) -> bool {
    let quiet = !is_capture(board, mv) && mv.promotion.is_none();
    board.checkers().is_empty() && quiet && !score::is_mate(i32::from(score))
}

/// `datagen stats FILE...`: what the files hold.
pub fn stats(inputs: &[PathBuf]) -> Result<String, String> {
    let (mut games, mut positions, mut bytes, mut tail, mut outcomes) = (0, 0, 0, 0, [0usize; 3]);
    for path in inputs {
        let (records, left) = read_games(path)?;
        for record in &records {
            games += 1;
            positions += record.moves.len();
            bytes += record.encoded_len();
            outcomes[record.outcome as usize] += 1;
        }
        tail += left;
    }
    let [black, draws, white] = outcomes;
    let per_position = bytes as f64 / positions.max(1) as f64;
    Ok(format!(
        "{games} games, {positions} positions, white/draw/black {white}/{draws}/{black}, \
         {per_position:.2} bytes a position, {tail} bytes after the last whole game"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_recorded_at_the_data_scale_and_mates_as_they_are() {
        assert_eq!(to_data_scale(150), 150 * DATA_SCALE / SCALE);
        assert_eq!(to_data_scale(-37), -37 * DATA_SCALE / SCALE);
        assert_eq!(to_data_scale(score::MATE - 5), score::MATE - 5);
        assert_eq!(to_data_scale(-score::MATE + 8), -score::MATE + 8);
        assert!(!score::is_decisive(to_data_scale(score::TB_BOUND - 1)));
    }
}
