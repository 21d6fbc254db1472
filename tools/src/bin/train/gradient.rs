//! The gradient of a batch on every thread: one buffer a thread, kept from batch to batch, then
//! summed and folded into the factorisers in parallel.
//!
//! With king buckets the parameters run to some 7 MB; at small batches the passes over all of them
//! (zeroing, summing, folding) would otherwise cost as much as the positions themselves.

use rayon::prelude::*;

use crate::data::Sample;
use crate::model::Model;

/// Parameters summed a task: large enough that a task outweighs its scheduling.
const BLOCK: usize = 1 << 14;

/// Each thread's gradient buffer; the first holds the sum after a batch.
pub struct Gradients {
    parts: Vec<Vec<f32>>,
}

impl Gradients {
    /// Buffers for `threads` threads and a model of `len` parameters.
    pub fn new(threads: usize, len: usize) -> Gradients {
        Gradients { parts: vec![vec![0.0; len]; threads.max(1)] }
    }

    /// The summed loss of `samples` and their summed gradient, factorisers folded in (the caller
    /// divides by the batch's size).
    pub fn batch(&mut self, model: &Model, samples: &[Sample], wdl: f32) -> (f64, &[f32]) {
        let prepared = model.prepare();
        let chunk = samples.len().div_ceil(self.parts.len()).max(1);
        let loss = self
            .parts
            .par_iter_mut()
            .enumerate()
            .map(|(part, grad)| {
                grad.fill(0.0);
                let start = (part * chunk).min(samples.len());
                let end = (start + chunk).min(samples.len());
                samples[start..end].iter().map(|s| f64::from(prepared.backward(s, wdl, grad))).sum::<f64>()
            })
            .sum();
        let (sum, others) = self.parts.split_first_mut().expect("at least one buffer");
        sum.par_chunks_mut(BLOCK).enumerate().for_each(|(block, out)| {
            let range = block * BLOCK..block * BLOCK + out.len();
            for other in others.iter() {
                out.iter_mut().zip(&other[range.clone()]).for_each(|(a, b)| *a += b);
            }
        });
        model.fold(sum);
        (loss, sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::nnue::features::InputLayout;

    fn samples() -> Vec<Sample> {
        let positions = [
            ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 60, 1.0),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", -340, 0.0),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", 35, 0.5),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 0, 0.5),
            ("6k1/5pp1/7p/8/3R4/6P1/5PKP/1r6 b - - 3 40", -250, 0.0),
        ];
        positions.iter().map(|&(fen, score, result)| Sample::new(&fen.parse().expect("fen"), score, result)).collect()
    }

    /// The gradient of `samples` on one thread, in order: what the buffers must add up to.
    fn sequential(model: &Model, samples: &[Sample]) -> (f64, Vec<f32>) {
        let mut grad = vec![0.0; model.params.len()];
        let prepared = model.prepare();
        let loss = samples.iter().map(|s| f64::from(prepared.backward(s, 0.3, &mut grad))).sum();
        model.fold(&mut grad);
        (loss, grad)
    }

    fn assert_close(a: &[f32], b: &[f32]) {
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            assert!((x - y).abs() <= 1e-6 + 1e-5 * x.abs().max(y.abs()), "parameter {i}: {x} vs {y}");
        }
    }

    #[test]
    fn the_buffers_add_up_to_the_gradient_of_the_whole_batch() {
        let model = Model::new(8, 2, InputLayout::plain(), 7);
        let data = samples();
        let mut gradients = Gradients::new(3, model.params.len());
        let (loss, grad) = gradients.batch(&model, &data, 0.3);
        let (expected_loss, expected) = sequential(&model, &data);
        assert!((loss - expected_loss).abs() < 1e-9, "{loss} vs {expected_loss}");
        assert!(expected.iter().any(|g| g.abs() > 1e-6), "a gradient worth comparing");
        assert_close(grad, &expected);
        // A batch smaller than the buffers: nothing of the last batch may stay behind.
        let (_, grad) = gradients.batch(&model, &data[1..2], 0.3);
        assert_close(grad, &sequential(&model, &data[1..2]).1);
    }
}
