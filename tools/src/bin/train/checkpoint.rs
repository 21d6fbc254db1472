//! Checkpoints: the parameters, the optimizer's moments and the epochs done, so that training can
//! stop and go on. File: `CZC2`, `u32` hidden, `u32` output buckets, `u32` epochs done, `u64`
//! optimizer steps, then little-endian `f32`s: the parameters, then each parameter's two moments.

use std::fs;
use std::path::Path;

use crate::adamw::AdamW;
use crate::model::Model;

const MAGIC: &[u8; 4] = b"CZC2";
/// Bytes before the floats.
const HEADER: usize = 24;

pub fn save(path: &Path, model: &Model, optimizer: &AdamW, epochs: u32) -> Result<(), String> {
    let mut out = Vec::with_capacity(HEADER + 12 * model.params.len());
    out.extend_from_slice(MAGIC);
    for word in [model.hidden as u32, model.buckets as u32, epochs] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(&optimizer.steps.to_le_bytes());
    let moments = optimizer.moments.iter().flatten();
    for value in model.params.iter().chain(moments) {
        out.extend_from_slice(&value.to_le_bytes());
    }
    // Written aside and renamed, so that a run stopped mid-write keeps the last whole checkpoint.
    let partial = path.with_extension("partial");
    fs::write(&partial, &out).and_then(|_| fs::rename(&partial, path)).map_err(|e| format!("{}: {e}", path.display()))
}

/// The model, the optimizer's state and the epochs done; the caller sets the weight decay.
pub fn load(path: &Path) -> Result<(Model, AdamW, u32), String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() < HEADER || &bytes[..4] != MAGIC {
        return Err(format!("{}: not a checkpoint of this trainer", path.display()));
    }
    let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let (hidden, buckets, epochs) = (word(4) as usize, word(8) as usize, word(12));
    let steps = u64::from(word(16)) | u64::from(word(20)) << 32;
    let len = Model::len(hidden, buckets);
    if bytes.len() != HEADER + 12 * len {
        return Err(format!("{}: {} bytes, expected {}", path.display(), bytes.len(), HEADER + 12 * len));
    }
    let floats: Vec<f32> =
        bytes[HEADER..].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let (params, moments) = floats.split_at(len);
    let mut optimizer = AdamW::new(len, 0.0);
    optimizer.moments = moments.chunks_exact(2).map(|m| [m[0], m[1]]).collect();
    optimizer.steps = steps;
    Ok((Model { hidden, buckets, params: params.to_vec() }, optimizer, epochs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_as_saved() {
        let model = Model::new(8, 3, 1);
        let mut optimizer = AdamW::new(model.params.len(), 0.0);
        optimizer.moments[3] = [0.25, 0.5];
        optimizer.steps = 77;
        let path = std::env::temp_dir().join(format!("checkpoint-test-{}.bin", std::process::id()));
        save(&path, &model, &optimizer, 5).expect("saved");
        let (loaded, loaded_optimizer, epochs) = load(&path).expect("loaded");
        assert_eq!((loaded, epochs, loaded_optimizer.steps), (model, 5, 77));
        assert_eq!(loaded_optimizer.moments, optimizer.moments);
        let _ = fs::remove_file(&path);
    }
}
