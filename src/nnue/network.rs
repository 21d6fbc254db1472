//! The quantised network the engine evaluates with, and its file format.
//!
//! `(768 → H) × 2 → 1` with SCReLU: each perspective's accumulator is the input bias plus the input
//! weights of its active features; the output is `Σ screlu(acc_stm) · w_stm + Σ screlu(acc_nstm) ·
//! w_nstm + b`, where `screlu(x) = clamp(x, 0, 1)²`. Input weights and biases are stored times
//! `QA`, output weights times `QB`, the output bias times `QA · QB`; the result times `SCALE` is
//! centipawns for the side to move.
//!
//! File: `CZNN`, `u32` version, `u32` H, then little-endian: input weights (`i16`, feature-major,
//! `768 · H`), input biases (`i16`, H), output weights (`i16`, 2H: the side to move's half first),
//! output bias (`i32`).

use cozy_chess::{Board, Color};

use super::features::{active, INPUTS};
use super::simd::{screlu_dot, NARROW_WEIGHT};

/// Quantisation of the input layer and of the output weights.
pub const QA: i32 = 255;
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output. Half the scale the trainer reads search scores at:
/// the search's margins were tuned in the hand-crafted evaluation's centipawns, and nets at this scale
/// played better against it than at the trainer's own (by 166 Elo at 10,000 nodes a move).
pub const SCALE: i32 = 200;
/// Centipawns per unit of the trainer's target, the scale self-play data records search scores at
/// (the common 400, which the hand-crafted evaluation that scored net 1's data roughly had): a net
/// engine's scores are recorded times `DATA_SCALE / SCALE`.
pub const DATA_SCALE: i32 = 400;

const MAGIC: &[u8; 4] = b"CZNN";
const VERSION: u32 = 1;
/// Bytes before the weights.
const HEADER: usize = 12;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub hidden: usize,
    /// `INPUTS · hidden`, feature-major.
    pub input_weights: Vec<i16>,
    pub input_bias: Vec<i16>,
    /// `2 · hidden`: the side to move's perspective, then the other's.
    pub output_weights: Vec<i16>,
    pub output_bias: i32,
    /// Every output weight is within `±simd::NARROW_WEIGHT` (set by `new`).
    narrow: bool,
}

impl Network {
    pub fn new(
        hidden: usize,
        input_weights: Vec<i16>,
        input_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: i32,
    ) -> Network {
        let narrow = output_weights.iter().all(|w| w.abs() <= NARROW_WEIGHT);
        Network { hidden, input_weights, input_bias, output_weights, output_bias, narrow }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 2 * (INPUTS + 3) * self.hidden + 4);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for value in self.input_weights.iter().chain(&self.input_bias).chain(&self.output_weights) {
            out.extend_from_slice(&value.to_le_bytes());
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }

    /// Reads a network file; an error says what is wrong with it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err("not a network file".to_string());
        }
        let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        if word(4) != VERSION {
            return Err(format!("network version {} (expected {VERSION})", word(4)));
        }
        let hidden = word(8) as usize;
        let count = (INPUTS + 3) * hidden;
        let expected = HEADER + 2 * count + 4;
        if hidden == 0 || hidden > 4096 || bytes.len() != expected {
            return Err(format!("network of {} bytes, expected {expected} for {hidden} neurons", bytes.len()));
        }
        let mut values = bytes[HEADER..HEADER + 2 * count].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<i16>>();
        let (input_weights, input_bias, output_weights) = (take(INPUTS * hidden), take(hidden), take(2 * hidden));
        let output_bias = word(HEADER + 2 * count) as i32;
        Ok(Network::new(hidden, input_weights, input_bias, output_weights, output_bias))
    }

    /// Reads the network file at `path`; an error names the path and what is wrong.
    pub fn read(path: &str) -> Result<Network, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        Network::from_bytes(&bytes).map_err(|e| format!("'{path}': {e}"))
    }

    /// The input weights of `feature`.
    pub fn row(&self, feature: usize) -> &[i16] {
        &self.input_weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    /// The accumulator of one perspective with `features` active.
    pub fn accumulate(&self, features: &[usize]) -> Vec<i16> {
        let mut acc = self.input_bias.clone();
        for &f in features {
            for (a, w) in acc.iter_mut().zip(self.row(f)) {
                *a = a.wrapping_add(*w);
            }
        }
        acc
    }

    /// The output for the side to move from its accumulator and the other side's, in centipawns.
    pub fn output(&self, ours: &[i16], theirs: &[i16]) -> i32 {
        let (ours_w, theirs_w) = self.output_weights.split_at(self.hidden);
        let limit = QA as i16;
        let sum = screlu_dot(ours, ours_w, limit, self.narrow) + screlu_dot(theirs, theirs_w, limit, self.narrow);
        let out = sum / i64::from(QA) + i64::from(self.output_bias);
        let units = i64::from(QA * QB);
        // Rounded to the nearest centipawn, not toward zero, so the net has no bias toward the draw.
        ((out * i64::from(SCALE) + out.signum() * units / 2) / units) as i32
    }

    /// The output for `side_to_move` from white's and black's accumulators.
    pub fn output_for(&self, side_to_move: Color, white: &[i16], black: &[i16]) -> i32 {
        match side_to_move {
            Color::White => self.output(white, black),
            Color::Black => self.output(black, white),
        }
    }

    /// The evaluation of `board` for the side to move, from scratch.
    pub fn evaluate(&self, board: &Board) -> i32 {
        let [white, black] = active(board).map(|features| self.accumulate(&features));
        self.output_for(board.side_to_move(), &white, &black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Network {
        let hidden = 4;
        Network::new(
            hidden,
            (0..INPUTS * hidden).map(|i| (i % 17) as i16 - 8).collect(),
            vec![100, 0, -20, 255],
            vec![3, -2, 5, 1, -4, 2, 0, 7],
            1234,
        )
    }

    #[test]
    fn a_network_reads_back_from_its_bytes_and_bad_files_are_refused() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net));
        assert!(Network::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Network::from_bytes(b"nothing").is_err());
        let mut other = bytes.clone();
        other[4] = 9;
        assert!(Network::from_bytes(&other).is_err_and(|e| e.contains("version")));
    }

    #[test]
    fn the_evaluation_is_the_same_for_a_position_and_its_colour_flip() {
        let net = tiny();
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse().expect("fen");
        let flipped: Board = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3".parse().expect("fen");
        assert_eq!(net.evaluate(&board), net.evaluate(&flipped));
    }
}
