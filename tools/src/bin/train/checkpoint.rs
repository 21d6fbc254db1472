//! Checkpoints: the parameters, the optimizer's moments and the epochs done, so that training can
//! stop and go on. File: `CZC3`, `u32` hidden, `u32` output buckets, `u32` epochs done, `u64`
//! optimizer steps, `u32` flags (bit 0: mirrored inputs), the 64 king buckets (bytes, as in the
//! network file), then little-endian `f32`s: the parameters, then each parameter's two moments.
//! `CZC2` files (before king buckets: no flags or buckets) still load.

use std::fs;
use std::path::Path;

use engine::nnue::features::{InputLayout, LAYOUT_BYTES};

use crate::adamw::AdamW;
use crate::model::Model;

const MAGIC: &[u8; 4] = b"CZC3";
/// The magic of checkpoints with plain inputs and no layout in the header.
const MAGIC_PLAIN: &[u8; 4] = b"CZC2";
/// Bytes before the layout, and before the floats.
const HEADER_PLAIN: usize = 24;
const HEADER: usize = HEADER_PLAIN + LAYOUT_BYTES;

pub fn save(path: &Path, model: &Model, optimizer: &AdamW, epochs: u32) -> Result<(), String> {
    let mut out = Vec::with_capacity(HEADER + 12 * model.params.len());
    out.extend_from_slice(MAGIC);
    for word in [model.hidden as u32, model.buckets as u32, epochs] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(&optimizer.steps.to_le_bytes());
    out.extend_from_slice(&model.layout.to_bytes());
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
    let header = match bytes.get(..4) {
        Some(magic) if magic == MAGIC && bytes.len() >= HEADER => HEADER,
        Some(magic) if magic == MAGIC_PLAIN && bytes.len() >= HEADER_PLAIN => HEADER_PLAIN,
        _ => return Err(format!("{}: not a checkpoint of this trainer", path.display())),
    };
    let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let (hidden, buckets, epochs) = (word(4) as usize, word(8) as usize, word(12));
    let steps = u64::from(word(16)) | u64::from(word(20)) << 32;
    let layout = if header == HEADER {
        InputLayout::from_bytes(&bytes[HEADER_PLAIN..]).map_err(|e| format!("{}: {e}", path.display()))?
    } else {
        InputLayout::plain()
    };
    let len = Model::len(hidden, buckets, &layout);
    if bytes.len() != header + 12 * len {
        return Err(format!("{}: {} bytes, expected {}", path.display(), bytes.len(), header + 12 * len));
    }
    let floats: Vec<f32> =
        bytes[header..].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let (params, moments) = floats.split_at(len);
    let mut optimizer = AdamW::new(len, 0.0);
    optimizer.moments = moments.chunks_exact(2).map(|m| [m[0], m[1]]).collect();
    optimizer.steps = steps;
    Ok((Model { hidden, buckets, layout, params: params.to_vec() }, optimizer, epochs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_as_saved() {
        let layout = InputLayout::new(std::array::from_fn(|square| (square / 32) as u8), true).expect("a layout");
        let model = Model::new(8, 3, layout, 1);
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

    #[test]
    fn a_checkpoint_from_before_king_buckets_loads_with_plain_inputs() {
        let model = Model::new(4, 2, InputLayout::plain(), 3);
        let optimizer = AdamW::new(model.params.len(), 0.0);
        let path = std::env::temp_dir().join(format!("checkpoint-plain-{}.bin", std::process::id()));
        save(&path, &model, &optimizer, 2).expect("saved");
        let mut bytes = fs::read(&path).expect("written");
        bytes.drain(HEADER_PLAIN..HEADER);
        bytes[..4].copy_from_slice(MAGIC_PLAIN);
        fs::write(&path, &bytes).expect("rewritten");
        let (loaded, _, epochs) = load(&path).expect("a CZC2 checkpoint");
        assert_eq!((loaded, epochs), (model, 2));
        fs::write(&path, &bytes[..HEADER_PLAIN - 1]).expect("cut");
        assert!(load(&path).is_err());
        let _ = fs::remove_file(&path);
    }
}
