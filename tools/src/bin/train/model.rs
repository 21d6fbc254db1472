//! The network in floating point as the trainer sees it: one flat parameter vector, the forward
//! pass, the loss and its gradient, and quantisation to the engine's `Network`.
//!
//! Layout of the parameters: input weights (`768 · K · H` for K king buckets, feature-major), input
//! biases (H), output weights (B · 2H: for each output bucket, the side to move's half first),
//! output biases (B), then the factorisers: weights that each colour-relative piece adds on every
//! square (`12 · H`) and, with more than one king bucket, weights each piece-square adds in every
//! bucket (`768 · H`). A piece's worth is learnt from all its squares at once, and a piece-square's
//! from all king squares, which inputs seen in few games need; quantisation adds the factorisers
//! into the input weights, so the engine's network is unchanged. The output `out` is in units of
//! `SCALE` centipawns; the loss is `(sigmoid(out) - target)²`.
//!
//! A forward pass runs on input rows that already hold their factorisers (`Prepared`, or a block of
//! neurons in `gradient`): each input reads one row, and `Model::fold` then adds each row's gradient
//! to its factorisers'.

use std::ops::Range;

use engine::nnue::features::{InputLayout, INPUTS};
use engine::nnue::network::{output_bucket, Network, QA, QB};
use rayon::prelude::*;

use crate::data::Sample;

/// Colour-relative pieces: a feature's piece is `feature / 64`.
const PIECES: usize = INPUTS / 64;

/// The largest magnitude of a parameter (`127 / QB` below 2, as engines commonly clip), so that a
/// quantised output weight fits 7 bits and an input weight 9 (the engine may multiply clipped
/// activations by them in 16-bit lanes); `AdamW::step` keeps every parameter within it.
pub const CLIP: f32 = 1.98;

/// The network's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub hidden: usize,
    /// Output buckets (`network::output_bucket` picks one by the number of pieces).
    pub buckets: usize,
    /// Which input weights each perspective's king picks.
    pub layout: InputLayout,
    pub params: Vec<f32>,
}

/// `clamp(x, 0, 1)²` and its derivative. Without branches: a net's activations fall on either side
/// of the clamp at random, and the loops over them vectorise.
pub(crate) fn screlu(x: f32) -> (f32, f32) {
    let clamped = x.clamp(0.0, 1.0);
    let slope = if x > 0.0 && x < 1.0 { 2.0 * x } else { 0.0 };
    (clamped * clamped, slope)
}

/// Lanes of the sum in `screlu_dot`: a vector register of floats.
const DOT_LANES: usize = 16;

/// `Σ screlu(a) · w` over `accumulator` and `weights`, summed in `DOT_LANES` lanes: one running sum
/// would make every product wait for the one before.
pub(crate) fn screlu_dot(accumulator: &[f32], weights: &[f32]) -> f32 {
    let mut lanes = [0.0; DOT_LANES];
    let chunks = accumulator.chunks_exact(DOT_LANES).zip(weights.chunks_exact(DOT_LANES));
    for (a, w) in chunks {
        for ((lane, &a), &w) in lanes.iter_mut().zip(a).zip(w) {
            *lane += screlu(a).0 * w;
        }
    }
    let done = accumulator.len() / DOT_LANES * DOT_LANES;
    let rest: f32 = accumulator[done..].iter().zip(&weights[done..]).map(|(&a, w)| screlu(a).0 * w).sum();
    lanes.iter().sum::<f32>() + rest
}

impl Model {
    /// A network with small random weights from `seed`.
    pub fn new(hidden: usize, buckets: usize, layout: InputLayout, seed: u64) -> Model {
        let mut rng = engine::rng::Rng::new(seed);
        let mut uniform = |limit: f32| (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 * limit - limit;
        let len = Self::len(hidden, buckets, &layout);
        let mut params = Vec::with_capacity(len);
        params.extend((0..layout.inputs() * hidden).map(|_| uniform(0.1)));
        params.extend((0..hidden).map(|_| uniform(0.1)));
        params.extend((0..buckets * 2 * hidden).map(|_| uniform(1.0 / (hidden as f32).sqrt())));
        params.resize(len, 0.0);
        Model { hidden, buckets, layout, params }
    }

    /// Parameters of a network with `hidden` neurons, `buckets` output buckets and `layout`.
    pub fn len(hidden: usize, buckets: usize, layout: &InputLayout) -> usize {
        let square_factors = if layout.buckets() > 1 { INPUTS } else { 0 };
        (layout.inputs() + 1 + PIECES + square_factors) * hidden + buckets * (2 * hidden + 1)
    }

    pub(crate) fn input_bias_at(&self) -> usize {
        self.layout.inputs() * self.hidden
    }

    /// The output weights of `bucket`.
    pub(crate) fn output_weights_at(&self, bucket: usize) -> usize {
        self.input_bias_at() + self.hidden + bucket * 2 * self.hidden
    }

    /// The output bias of `bucket`.
    pub(crate) fn output_bias_at(&self, bucket: usize) -> usize {
        self.output_weights_at(self.buckets) + bucket
    }

    /// The weights the piece of `input` adds on every square (the factoriser; merged into the input
    /// weights).
    pub(crate) fn factor_at(&self, input: usize) -> usize {
        self.output_bias_at(self.buckets) + input % INPUTS / 64 * self.hidden
    }

    /// The weights the piece-square of `input` adds in every king bucket, when there are several.
    fn square_factor_at(&self, input: usize) -> Option<usize> {
        let start = self.output_bias_at(self.buckets) + PIECES * self.hidden;
        (self.layout.buckets() > 1).then_some(start + input % INPUTS * self.hidden)
    }

    /// The start of every parameter row `input` sums: its own weights and its factorisers.
    pub(crate) fn rows_of(&self, input: usize) -> impl Iterator<Item = usize> {
        [Some(input * self.hidden), Some(self.factor_at(input)), self.square_factor_at(input)].into_iter().flatten()
    }

    /// The output bucket of `sample` (one feature a piece).
    pub(crate) fn bucket(&self, sample: &Sample) -> usize {
        output_bucket(usize::from(sample.count), self.buckets)
    }

    /// The model ready for forward passes: every input row with its factorisers added in.
    pub fn prepare(&self) -> Prepared<'_> {
        let mut rows = vec![0.0; self.input_bias_at()];
        rows.par_chunks_mut(self.hidden)
            .enumerate()
            .for_each(|(input, row)| self.summed_row(input, 0..self.hidden, row));
        Prepared { model: self, rows }
    }

    /// Every input's weights for `neurons`, factorisers added in, into `out` (`[input][neuron]`).
    pub fn prepared_rows(&self, neurons: Range<usize>, out: &mut [f32]) {
        let width = neurons.len();
        for (input, row) in out.chunks_exact_mut(width).enumerate() {
            self.summed_row(input, neurons.clone(), row);
        }
    }

    /// The weights of `input` for `neurons` with its factorisers', into `out`.
    fn summed_row(&self, input: usize, neurons: Range<usize>, out: &mut [f32]) {
        let mut rows = self.rows_of(input).map(|at| &self.params[at + neurons.start..at + neurons.end]);
        if let Some(own) = rows.next() {
            out.copy_from_slice(own);
        }
        for factor in rows {
            out.iter_mut().zip(factor).for_each(|(w, f)| *w += f);
        }
    }

    /// The input rows each factoriser row sums (counted from `factor_at(0)`), in increasing order:
    /// `rows_of` turned round.
    fn inputs_of_factors(&self) -> Vec<Vec<usize>> {
        let (first, h) = (self.factor_at(0), self.hidden);
        let mut inputs = vec![Vec::new(); (self.params.len() - first) / h];
        for input in 0..self.layout.inputs() {
            for at in self.rows_of(input).skip(1) {
                inputs[(at - first) / h].push(input);
            }
        }
        inputs
    }

    /// Adds each input row's gradient (as `gradient::Gradients` leaves it) to the factorisers that
    /// row sums: their share of the same gradient. One task a factoriser row, each summing its
    /// inputs in increasing order.
    pub fn fold(&self, grad: &mut [f32]) {
        let h = self.hidden;
        let (rows, rest) = grad.split_at_mut(self.input_bias_at());
        let factors = &mut rest[self.factor_at(0) - self.input_bias_at()..];
        factors.par_chunks_mut(h).zip(self.inputs_of_factors()).for_each(|(out, inputs)| {
            for input in inputs {
                out.iter_mut().zip(&rows[input * h..(input + 1) * h]).for_each(|(f, g)| *f += g);
            }
        });
    }

    /// The network the engine reads: weights rounded to their quantised scales.
    pub fn quantise(&self) -> Network {
        let round = |x: f32, scale: i32| (x * scale as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        let (b1, w2, b2) = (self.input_bias_at(), self.output_weights_at(0), self.output_bias_at(0));
        Network::new(
            self.hidden,
            self.prepare().rows.iter().map(|&w| round(w.clamp(-CLIP, CLIP), QA)).collect(),
            self.params[b1..w2].iter().map(|&w| round(w, QA)).collect(),
            self.params[w2..b2].iter().map(|&w| round(w, QB)).collect(),
            self.params[b2..b2 + self.buckets].iter().map(|&b| (b * (QA * QB) as f32).round() as i32).collect(),
        )
        .with_layout(self.layout.clone())
    }
}

/// A model with its input rows prepared for a batch (`Model::prepare`).
pub struct Prepared<'a> {
    model: &'a Model,
    /// The input weights plus factorisers, `inputs · H`.
    rows: Vec<f32>,
}

impl Prepared<'_> {
    /// The two accumulators of `sample` (the side to move's first).
    fn accumulators(&self, sample: &Sample) -> [Vec<f32>; 2] {
        let (model, h) = (self.model, self.model.hidden);
        let bias = &model.params[model.input_bias_at()..model.input_bias_at() + h];
        sample.inputs(&model.layout).map(|inputs| {
            let mut acc = bias.to_vec();
            for &input in &inputs[..usize::from(sample.count)] {
                let at = usize::from(input) * h;
                acc.iter_mut().zip(&self.rows[at..at + h]).for_each(|(a, w)| *a += w);
            }
            acc
        })
    }

    /// The output for `sample` (units of `SCALE` centipawns, side to move).
    pub fn forward(&self, sample: &Sample) -> f32 {
        let model = self.model;
        let accs = self.accumulators(sample);
        let bucket = model.bucket(sample);
        let w2 = &model.params[model.output_weights_at(bucket)..model.output_weights_at(bucket + 1)];
        let (ours, theirs) = w2.split_at(model.hidden);
        let hidden = screlu_dot(&accs[0], ours) + screlu_dot(&accs[1], theirs);
        hidden + model.params[model.output_bias_at(bucket)]
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use engine::nnue::network::SCALE;

    #[test]
    fn clipped_weights_quantise_into_seven_and_nine_bits() {
        let mut model = Model::new(4, 1, InputLayout::plain(), 8);
        let last_output_weight = model.output_bias_at(0) - 1;
        model.params[0] = 5.0;
        model.params[last_output_weight] = -7.0;
        model.params.iter_mut().for_each(|p| *p = p.clamp(-CLIP, CLIP));
        let net = model.quantise();
        assert_eq!(net.input_weights[0], (CLIP * QA as f32).round() as i16);
        assert_eq!(net.output_weights[7], -(CLIP * QB as f32).round() as i16);
        assert!(net.output_weights.iter().all(|w| w.abs() <= 127), "{:?}", net.output_weights);
    }

    #[test]
    fn the_factoriser_is_added_into_every_square_of_its_piece() {
        let mut model = Model::new(4, 2, InputLayout::plain(), 8);
        let knight_on_a1 = 64;
        let knight_on_h8 = 2 * 64 - 1;
        let (at, plain) = (model.factor_at(knight_on_a1) + 1, model.quantise());
        model.params[at] = 0.5;
        let factored = model.quantise();
        for feature in 0..INPUTS {
            for neuron in 0..4 {
                let i = feature * 4 + neuron;
                let added = i32::from(factored.input_weights[i]) - i32::from(plain.input_weights[i]);
                let knight = (knight_on_a1..=knight_on_h8).contains(&feature) && neuron == 1;
                assert!((added - if knight { QA / 2 } else { 0 }).abs() <= 1, "feature {feature}, neuron {neuron}");
            }
        }
    }

    #[test]
    fn quantised_inference_agrees_with_the_float_forward_pass() {
        let mut model = Model::new(32, 8, InputLayout::plain(), 5);
        let factoriser = model.factor_at(0);
        for (i, p) in model.params[factoriser..].iter_mut().enumerate() {
            *p = (i % 7) as f32 * 0.01 - 0.03;
        }
        let net = model.quantise();
        for sample_fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let board = sample_fen.parse().expect("fen");
            let float = model.prepare().forward(&Sample::new(&board, 0, 0.5)) * SCALE as f32;
            let quantised = net.evaluate(&board) as f32;
            // Rounding the weights to 1/255 and 1/64 moves the output by a few centipawns at most.
            assert!((float - quantised).abs() <= 3.0 + 0.02 * float.abs(), "{sample_fen}: {float} vs {quantised}");
        }
    }

    /// Three king buckets (first rank, second and third, the rest), mirrored.
    pub(crate) fn kings() -> InputLayout {
        let bucket = |square: usize| match square / 8 {
            0 => 0,
            1 | 2 => 1,
            _ => 2,
        };
        InputLayout::new(std::array::from_fn(bucket), true).expect("a layout")
    }

    #[test]
    fn with_king_buckets_the_engine_evaluates_the_quantised_net_as_the_trainer() {
        let mut model = Model::new(32, 4, kings(), 6);
        let (outputs, biases, factors) = (model.output_weights_at(0), model.output_bias_at(0), model.factor_at(0));
        for (i, p) in model.params[factors..].iter_mut().enumerate() {
            *p = (i % 7) as f32 * 0.01 - 0.03;
        }
        // Every parameter on its quantisation grid, so that rounding loses nothing and the two agree
        // to the output's last rounding; any input summed in the wrong place would show.
        let snap = |p: &mut f32, scale: f32| *p = (*p * scale).round() / scale;
        let (qa, qb) = (QA as f32, QB as f32);
        model.params.iter_mut().for_each(|p| snap(p, qa));
        model.params[outputs..biases].iter_mut().for_each(|p| snap(p, qb));
        let net = Network::from_bytes(&model.quantise().to_bytes()).expect("the file reads back");
        assert_eq!(net.layout, kings());
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/8/3k4/8/8/4K3/8/6R1 b - - 0 1",
        ] {
            let board = fen.parse().expect("fen");
            let float = model.prepare().forward(&Sample::new(&board, 0, 0.5)) * SCALE as f32;
            let quantised = net.evaluate(&board) as f32;
            assert!((float - quantised).abs() <= 1.0, "{fen}: {float} vs {quantised}");
        }
    }
}
