//! The gradient of a batch, one block of neurons at a time.
//!
//! A block is a slice of every input's weights: the same few neurons of each row. A block's rows
//! (a few megabytes) stay in the caches while the whole batch is summed through them. Whole rows
//! of a wide, king-bucketed net (tens of megabytes) would instead come from memory for every
//! sample.
//!
//! The threads share out the blocks, and each writes only its own neurons' gradient. So one
//! buffer serves them all, and every sum runs over the batch's samples in order: the gradient
//! does not depend on the number of threads.

use std::ops::Range;

use engine::nnue::features::MAX_ACTIVE;
use rayon::prelude::*;

use crate::data::{sigmoid, Sample};
use crate::model::{screlu, screlu_dot, Model};

/// Bytes of a block's input rows: about what a core's level-2 cache holds (2 MB on the project's
/// hosts; the rest comes from the shared level 3). Measured: 64 neurons of 16 king buckets (3 MB)
/// beat 32 (1.5 MB) by some 10 %, and 16 were slower still.
const BLOCK_BYTES: usize = 3 << 20;
/// The widest block: wider ones gain little once their rows stay cached.
const MAX_WIDTH: usize = 64;
/// The narrowest block that is worth the per-input loop around it (one AVX-512 register).
const MIN_WIDTH: usize = 16;

/// The neurons a block holds: the widest power of two up to `MAX_WIDTH` that divides `hidden` and
/// whose rows fit `BLOCK_BYTES`, but at least `MIN_WIDTH`; all of them when none divides.
pub fn block_width(hidden: usize, inputs: usize) -> usize {
    let fits = |width: usize| inputs * width * std::mem::size_of::<f32>() <= BLOCK_BYTES;
    let mut width = MAX_WIDTH;
    while width > MIN_WIDTH && !(hidden.is_multiple_of(width) && fits(width)) {
        width /= 2;
    }
    if hidden.is_multiple_of(width) {
        width
    } else {
        hidden
    }
}

/// What a batch needs of a sample: both perspectives' inputs, its output bucket and its target.
struct Input {
    features: [[u16; MAX_ACTIVE]; 2],
    count: usize,
    bucket: usize,
    target: f32,
}

impl Input {
    fn new(model: &Model, sample: &Sample, wdl: f32) -> Input {
        Input {
            features: sample.inputs(&model.layout),
            count: usize::from(sample.count),
            bucket: model.bucket(sample),
            target: sample.target(wdl),
        }
    }

    /// The active inputs of perspective `side` (0: the side to move).
    fn active(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        self.features[side][..self.count].iter().map(|&f| usize::from(f))
    }
}

/// `sum += rows[feature]` for each of `features`, the rows `sum.len()` apart. Widths of blocks
/// get a loop of their own, which keeps the sum in registers from row to row.
fn add_rows(sum: &mut [f32], rows: &[f32], features: impl Iterator<Item = usize>) {
    match sum.len() {
        16 => add_rows_of::<16>(sum, rows, features),
        32 => add_rows_of::<32>(sum, rows, features),
        64 => add_rows_of::<64>(sum, rows, features),
        width => {
            for feature in features {
                let row = &rows[feature * width..(feature + 1) * width];
                sum.iter_mut().zip(row).for_each(|(s, w)| *s += w);
            }
        }
    }
}

fn add_rows_of<const WIDTH: usize>(sum: &mut [f32], rows: &[f32], features: impl Iterator<Item = usize>) {
    let mut local = [0.0; WIDTH];
    local.copy_from_slice(sum);
    for feature in features {
        let row = &rows[feature * WIDTH..(feature + 1) * WIDTH];
        local.iter_mut().zip(row).for_each(|(s, w)| *s += w);
    }
    sum.copy_from_slice(&local);
}

/// `rows[feature] += value` for each of `features`, the rows `value.len()` apart.
fn add_to_rows(rows: &mut [f32], value: &[f32], features: impl Iterator<Item = usize>) {
    match value.len() {
        16 => add_to_rows_of::<16>(rows, value, features),
        32 => add_to_rows_of::<32>(rows, value, features),
        64 => add_to_rows_of::<64>(rows, value, features),
        width => {
            for feature in features {
                let row = &mut rows[feature * width..(feature + 1) * width];
                row.iter_mut().zip(value).for_each(|(r, v)| *r += v);
            }
        }
    }
}

fn add_to_rows_of<const WIDTH: usize>(rows: &mut [f32], value: &[f32], features: impl Iterator<Item = usize>) {
    let mut local = [0.0; WIDTH];
    local.copy_from_slice(value);
    for feature in features {
        let row = &mut rows[feature * WIDTH..(feature + 1) * WIDTH];
        row.iter_mut().zip(&local).for_each(|(r, v)| *r += v);
    }
}

/// Where in `model`'s parameters the output weights of `bucket`'s perspective `side` for `neurons`
/// are.
fn output_range(model: &Model, neurons: &Range<usize>, bucket: usize, side: usize) -> Range<usize> {
    let at = model.output_weights_at(bucket) + side * model.hidden;
    at + neurons.start..at + neurons.end
}

/// One block of neurons: its rows, the batch's accumulators there, and its share of the gradient.
#[derive(Default)]
struct Block {
    neurons: Range<usize>,
    /// Every input's weights for these neurons, factorisers added: `[input][neuron]`.
    rows: Vec<f32>,
    /// Both accumulators of each sample: `[sample][side][neuron]`.
    accumulators: Vec<f32>,
    /// Each sample's output summed over these neurons.
    partial: Vec<f32>,
    /// The gradient of `rows` (the factorisers get theirs from `Model::fold`): `[input][neuron]`.
    grad_rows: Vec<f32>,
    grad_bias: Vec<f32>,
    /// The output weights' gradient: `[bucket][side][neuron]`.
    grad_output: Vec<f32>,
    /// One accumulator's gradient, reused from sample to sample.
    d_accumulator: Vec<f32>,
}

impl Block {
    fn new(neurons: Range<usize>, model: &Model) -> Block {
        let width = neurons.len();
        Block {
            rows: vec![0.0; model.layout.inputs() * width],
            grad_rows: vec![0.0; model.layout.inputs() * width],
            grad_bias: vec![0.0; width],
            grad_output: vec![0.0; model.buckets * 2 * width],
            d_accumulator: vec![0.0; width],
            neurons,
            ..Block::default()
        }
    }

    /// Sums every sample's accumulators over these neurons and their share of its output.
    fn forward(&mut self, model: &Model, batch: &[Input]) {
        let width = self.neurons.len();
        model.prepared_rows(self.neurons.clone(), &mut self.rows);
        let bias_at = model.input_bias_at();
        let bias = &model.params[bias_at + self.neurons.start..bias_at + self.neurons.end];
        self.accumulators.resize(batch.len() * 2 * width, 0.0);
        self.partial.clear();
        for (input, both) in batch.iter().zip(self.accumulators.chunks_exact_mut(2 * width)) {
            let mut output = 0.0;
            for (side, accumulator) in both.chunks_exact_mut(width).enumerate() {
                accumulator.copy_from_slice(bias);
                add_rows(accumulator, &self.rows, input.active(side));
                let weights = &model.params[output_range(model, &self.neurons, input.bucket, side)];
                output += screlu_dot(accumulator, weights);
            }
            self.partial.push(output);
        }
    }

    /// These neurons' gradient, given each sample's derivative of the loss by its output.
    fn backward(&mut self, model: &Model, batch: &[Input], d_outputs: &[f32]) {
        let width = self.neurons.len();
        for buffer in [&mut self.grad_rows, &mut self.grad_bias, &mut self.grad_output] {
            buffer.fill(0.0);
        }
        let samples = batch.iter().zip(self.accumulators.chunks_exact(2 * width)).zip(d_outputs);
        for ((input, both), &d_output) in samples {
            for (side, accumulator) in both.chunks_exact(width).enumerate() {
                let weights = &model.params[output_range(model, &self.neurons, input.bucket, side)];
                let at = (input.bucket * 2 + side) * width;
                let grad_output = &mut self.grad_output[at..at + width];
                let neurons = grad_output.iter_mut().zip(weights).zip(accumulator).zip(&mut self.d_accumulator);
                for (((g, &w), &a), d) in neurons {
                    let (activation, slope) = screlu(a);
                    *g += d_output * activation;
                    *d = d_output * w * slope;
                }
                self.grad_bias.iter_mut().zip(&self.d_accumulator).for_each(|(g, d)| *g += d);
                add_to_rows(&mut self.grad_rows, &self.d_accumulator, input.active(side));
            }
        }
    }
}

/// The blocks of a model's neurons and the gradient they make up.
pub struct Gradients {
    blocks: Vec<Block>,
    /// Each sample's derivative of the loss by its output.
    d_outputs: Vec<f32>,
    /// The gradient in the parameters' layout, factorisers folded in.
    grad: Vec<f32>,
}

impl Gradients {
    /// Blocks for `model`'s neurons, as wide as `block_width` says.
    pub fn new(model: &Model) -> Gradients {
        Gradients::with_width(model, block_width(model.hidden, model.layout.inputs()))
    }

    /// Blocks of `width` neurons (which must divide the model's).
    fn with_width(model: &Model, width: usize) -> Gradients {
        let blocks = (0..model.hidden).step_by(width).map(|start| Block::new(start..start + width, model)).collect();
        Gradients { blocks, d_outputs: Vec::new(), grad: vec![0.0; model.params.len()] }
    }

    /// The summed loss of `samples` and their summed gradient, factorisers folded in (the caller
    /// divides by the batch's size).
    pub fn batch(&mut self, model: &Model, samples: &[Sample], wdl: f32) -> (f64, &[f32]) {
        let batch: Vec<Input> = samples.par_iter().map(|sample| Input::new(model, sample, wdl)).collect();
        self.blocks.par_iter_mut().for_each(|block| block.forward(model, &batch));
        // `gather` writes every input row, input bias and output weight; the rest sums.
        self.grad[model.output_bias_at(0)..].fill(0.0);
        let mut loss = 0.0;
        self.d_outputs.clear();
        for (i, input) in batch.iter().enumerate() {
            let bias_at = model.output_bias_at(input.bucket);
            let output = model.params[bias_at] + self.blocks.iter().map(|block| block.partial[i]).sum::<f32>();
            let predicted = sigmoid(output);
            let error = predicted - input.target;
            let d_output = 2.0 * error * predicted * (1.0 - predicted);
            loss += f64::from(error * error);
            self.grad[bias_at] += d_output;
            self.d_outputs.push(d_output);
        }
        let d_outputs = &self.d_outputs;
        self.blocks.par_iter_mut().for_each(|block| block.backward(model, &batch, d_outputs));
        self.gather(model);
        model.fold(&mut self.grad);
        (loss, &self.grad)
    }

    /// Copies each block's gradient into the parameters' layout.
    fn gather(&mut self, model: &Model) {
        let (h, bias_at) = (model.hidden, model.input_bias_at());
        let blocks = &self.blocks;
        self.grad[..bias_at].par_chunks_mut(h).enumerate().for_each(|(input, row)| {
            for block in blocks {
                let width = block.neurons.len();
                row[block.neurons.clone()].copy_from_slice(&block.grad_rows[input * width..(input + 1) * width]);
            }
        });
        for block in blocks {
            let width = block.neurons.len();
            let bias = bias_at + block.neurons.start..bias_at + block.neurons.end;
            self.grad[bias].copy_from_slice(&block.grad_bias);
            for (index, grad) in block.grad_output.chunks_exact(width).enumerate() {
                let (bucket, side) = (index / 2, index % 2);
                self.grad[output_range(model, &block.neurons, bucket, side)].copy_from_slice(grad);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tests::kings;
    use engine::nnue::features::{InputLayout, INPUTS};

    fn samples() -> Vec<Sample> {
        let positions = [
            ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 120, 1.0),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", -340, 0.0),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", 35, 0.5),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 0, 0.5),
        ];
        positions.iter().map(|&(fen, score, result)| Sample::new(&fen.parse().expect("fen"), score, result)).collect()
    }

    /// The summed loss of `samples` by the forward pass alone.
    fn total_loss(model: &Model, samples: &[Sample]) -> f64 {
        let prepared = model.prepare();
        samples.iter().map(|s| f64::from(s.loss(prepared.forward(s), 0.3))).sum()
    }

    fn gradient(model: &Model, samples: &[Sample]) -> Vec<f32> {
        let mut gradients = Gradients::new(model);
        let (loss, grad) = gradients.batch(model, samples, 0.3);
        let expected = total_loss(model, samples);
        assert!((loss - expected).abs() <= 1e-6 * expected.max(1.0), "{loss} vs the forward pass's {expected}");
        grad.to_vec()
    }

    /// Each of `checked`'s entries of `grad` agrees with the loss's central difference over `data`.
    fn assert_matches_finite_differences(model: &Model, data: &[Sample], grad: &[f32], checked: &[usize]) {
        let epsilon = 1e-3;
        for &index in checked {
            let mut plus = model.clone();
            plus.params[index] += epsilon;
            let mut minus = model.clone();
            minus.params[index] -= epsilon;
            let numeric = (total_loss(&plus, data) - total_loss(&minus, data)) / (2.0 * epsilon as f64);
            let analytic = grad[index] as f64;
            let tolerance = 1e-3 + 0.02 * numeric.abs().max(analytic.abs());
            assert!((numeric - analytic).abs() < tolerance, "parameter {index}: {numeric} vs {analytic}");
        }
    }

    #[test]
    fn gradients_agree_with_finite_differences() {
        let mut model = Model::new(4, 4, InputLayout::plain(), 3);
        // Push the accumulators into the curved part of SCReLU, away from its kinks.
        let b1 = model.input_bias_at();
        model.params[b1..b1 + 4].copy_from_slice(&[0.4, 0.55, 0.3, 0.6]);
        let data = samples();
        let grad = gradient(&model, &data);
        let active: Vec<usize> = data[0].features[..4].iter().map(|&f| usize::from(f) * 4 + 1).collect();
        let factors = vec![model.factor_at(0) + 2, model.factor_at(11 * 64) + 3];
        // The samples' buckets: 32 and 10 pieces (buckets 3 and 1 of 4), 30 (3) and 3 (0).
        let buckets: Vec<usize> = data.iter().map(|s| model.bucket(s)).collect();
        assert_eq!(buckets, vec![3, 1, 3, 0]);
        let output = [3, 1, 0]
            .map(|b| [model.output_weights_at(b) + 2, model.output_weights_at(b) + 5, model.output_bias_at(b)]);
        let checked = [active, factors, vec![b1, b1 + 3], output.concat()].concat();
        assert_matches_finite_differences(&model, &data, &grad, &checked);
    }

    #[test]
    fn with_king_buckets_gradients_agree_with_finite_differences() {
        let mut model = Model::new(4, 2, kings(), 4);
        let b1 = model.input_bias_at();
        model.params[b1..b1 + 4].copy_from_slice(&[0.4, 0.55, 0.3, 0.6]);
        // Some weight in the factorisers, so that each row matters.
        let factors = model.output_bias_at(model.buckets);
        for (i, p) in model.params[factors..].iter_mut().enumerate() {
            *p = (i % 5) as f32 * 0.02 - 0.04;
        }
        let data = samples();
        let grad = gradient(&model, &data);
        let [ours, theirs] = data[1].inputs(&model.layout);
        let inputs = [ours[0], ours[3], theirs[1]].map(usize::from);
        assert!(inputs.iter().any(|&i| i >= INPUTS), "inputs in other buckets than the first: {inputs:?}");
        let mut checked: Vec<usize> = inputs.iter().flat_map(|&i| model.rows_of(i).map(|at| at + 2)).collect();
        assert_eq!(checked.len(), 9);
        checked.push(b1 + 1);
        assert_matches_finite_differences(&model, &data, &grad, &checked);
        for index in checked {
            assert!(grad[index].abs() > 1e-6, "parameter {index} has no gradient");
        }
    }

    #[test]
    fn narrow_blocks_give_the_gradient_of_one_wide_block() {
        let mut model = Model::new(64, 2, kings(), 9);
        let b1 = model.input_bias_at();
        model.params[b1..b1 + 64].iter_mut().enumerate().for_each(|(i, p)| *p = 0.2 + (i % 9) as f32 * 0.07);
        let data = samples();
        let (wide_loss, wide) = {
            let mut gradients = Gradients::with_width(&model, 64);
            let (loss, grad) = gradients.batch(&model, &data, 0.3);
            (loss, grad.to_vec())
        };
        let mut gradients = Gradients::with_width(&model, 16);
        assert_eq!(gradients.blocks.len(), 4);
        let (loss, grad) = gradients.batch(&model, &data, 0.3);
        assert!((loss - wide_loss).abs() < 1e-6, "{loss} vs {wide_loss}");
        assert!(wide.iter().filter(|g| g.abs() > 1e-6).count() > 1000, "a gradient worth comparing");
        for (i, (a, b)) in grad.iter().zip(&wide).enumerate() {
            assert!((a - b).abs() <= 1e-6 + 1e-4 * a.abs().max(b.abs()), "parameter {i}: {a} vs {b}");
        }
        // A second, smaller batch: nothing of the first may stay behind.
        let again = gradients.batch(&model, &data[1..2], 0.3).1.to_vec();
        let alone = Gradients::with_width(&model, 64).batch(&model, &data[1..2], 0.3).1.to_vec();
        for (a, b) in again.iter().zip(&alone) {
            assert!((a - b).abs() <= 1e-6 + 1e-4 * a.abs().max(b.abs()));
        }
    }

    #[test]
    fn blocks_are_as_wide_as_the_cache_allows() {
        // Net 3's shape: 768 inputs; 16 king buckets: 12,288; 32: 24,576.
        assert_eq!(block_width(256, 768), 64);
        assert_eq!(block_width(1024, 12_288), 64);
        assert_eq!(block_width(1024, 24_576), 32);
        assert_eq!(block_width(1024, 49_152), 16);
        assert_eq!(block_width(48, 768), 16);
        // No power of two from 16 divides: one block of every neuron.
        assert_eq!(block_width(4, 768), 4);
        assert_eq!(block_width(40, 768), 40);
    }
}
