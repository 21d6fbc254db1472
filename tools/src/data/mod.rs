//! The self-play data on disk: game records (`format`), files of them plain or zstd-compressed
//! (`.zst`), and the `datagen pack` and `datagen stats` commands over them.

pub mod format;

use std::fs;
use std::path::{Path, PathBuf};

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

/// `datagen pack OUT.zst FILE...`: the whole games of the files in one compressed chunk.
pub fn pack(out: &Path, inputs: &[PathBuf]) -> Result<String, String> {
    let mut raw = Vec::new();
    let mut games = 0;
    for path in inputs {
        let (records, _) = read_games(path)?;
        for record in &records {
            raw.extend(record.encode().ok_or("a game too long for the format")?);
        }
        games += records.len();
    }
    let packed = zstd::encode_all(raw.as_slice(), PACK_LEVEL).map_err(|e| e.to_string())?;
    fs::write(out, &packed).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(format!("{games} games, {} bytes raw, {} packed into {}", raw.len(), packed.len(), out.display()))
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
