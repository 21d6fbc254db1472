//! The quantised network the engine evaluates with, and its file format.
//!
//! `(768 → H) × 2 → 1` with SCReLU: each perspective's accumulator is the input bias plus the input
//! weights of its active features; the output is `Σ screlu(acc_stm) · w_stm + Σ screlu(acc_nstm) ·
//! w_nstm + b`, where `screlu(x) = clamp(x, 0, 1)²`. The output layer may come in B sets of weights
//! and biases (output buckets), picked by the number of pieces on the board (`output_bucket`): an
//! ending is judged by other weights than a middlegame. Input weights and biases are stored times
//! `QA`, output weights times `QB`, output biases times `QA · QB`; the result times `SCALE` is
//! centipawns for the side to move.
//!
//! The inputs may be split by king buckets (`features::InputLayout`): then there are `768 · K`
//! of them, K the number of king buckets.
//!
//! File: `CZNN`, `u32` version, `u32` H, `u32` B (version 2 and 3; version 1 has none and one
//! bucket); version 3 then has `u32` flags (bit 0: mirrored) and 64 bytes, the king bucket of each
//! square (a1 to h8, from the perspective's side, after mirroring). Then little-endian: input
//! weights (`i16`, feature-major, `768 · K · H`), input biases (`i16`, H), output weights (`i16`,
//! B · 2H: bucket by bucket, the side to move's half first), output biases (`i32`, B). A network
//! without king buckets is written as version 2.

use cozy_chess::{Board, Color};

use super::features::{InputLayout, LAYOUT_BYTES};
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
/// The version written for plain inputs: with the bucket count in the header.
const VERSION: u32 = 2;
/// The version written for king-bucketed inputs: with their layout in the header.
const VERSION_KINGS: u32 = 3;
/// The first version (one bucket, no count), still read: net 1 is such a file.
const VERSION_ONE: u32 = 1;
/// Header bytes: magic, version and neurons; version 2 adds the bucket count, version 3 the flags
/// and the king bucket map.
const HEADER_ONE: usize = 12;
const HEADER: usize = 16;
const HEADER_KINGS: usize = HEADER + LAYOUT_BYTES;
/// The most neurons a file may have.
pub const MAX_HIDDEN: usize = 4096;
/// The most output buckets a file may have.
pub const MAX_BUCKETS: usize = 32;
/// Most pieces on a board: the range the buckets share.
const MAX_PIECES: usize = 32;

/// The output bucket of a position with `pieces` pieces (kings included) among `buckets`: equal
/// ranges of the piece count, the fullest boards in the last bucket.
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    let per_bucket = MAX_PIECES.div_ceil(buckets.max(1));
    (pieces.saturating_sub(2) / per_bucket).min(buckets.max(1) - 1)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub hidden: usize,
    /// Output buckets (at least 1).
    pub buckets: usize,
    /// Which input weights each perspective's king picks.
    pub layout: InputLayout,
    /// `layout.inputs() · hidden`, feature-major.
    pub input_weights: Vec<i16>,
    pub input_bias: Vec<i16>,
    /// `buckets · 2 · hidden`, bucket by bucket: the side to move's perspective, then the other's.
    pub output_weights: Vec<i16>,
    /// One per bucket.
    pub output_bias: Vec<i32>,
    /// Every output weight is within `±simd::NARROW_WEIGHT` (set by `new`).
    narrow: bool,
}

impl Network {
    /// A network of `output_bias.len()` buckets; `output_weights` holds `2 · hidden` for each.
    pub fn new(
        hidden: usize,
        input_weights: Vec<i16>,
        input_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: Vec<i32>,
    ) -> Network {
        let buckets = output_bias.len();
        debug_assert_eq!(output_weights.len(), buckets * 2 * hidden);
        let narrow = output_weights.iter().all(|w| w.abs() <= NARROW_WEIGHT);
        let layout = InputLayout::plain();
        Network { hidden, buckets, layout, input_weights, input_bias, output_weights, output_bias, narrow }
    }

    /// This network with its input weights (`layout.inputs() · hidden`) split by `layout`.
    pub fn with_layout(mut self, layout: InputLayout) -> Network {
        debug_assert_eq!(self.input_weights.len(), layout.inputs() * self.hidden);
        self.layout = layout;
        self
    }

    /// The file's bytes (the current version).
    pub fn to_bytes(&self) -> Vec<u8> {
        let shorts = self.input_weights.len() + self.input_bias.len() + self.output_weights.len();
        let mut out = Vec::with_capacity(HEADER_KINGS + 2 * shorts + 4 * self.buckets);
        out.extend_from_slice(MAGIC);
        let version = if self.layout.is_plain() { VERSION } else { VERSION_KINGS };
        for word in [version, self.hidden as u32, self.buckets as u32] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        if version == VERSION_KINGS {
            out.extend_from_slice(&self.layout.to_bytes());
        }
        for value in self.input_weights.iter().chain(&self.input_bias).chain(&self.output_weights) {
            out.extend_from_slice(&value.to_le_bytes());
        }
        for bias in &self.output_bias {
            out.extend_from_slice(&bias.to_le_bytes());
        }
        out
    }

    /// Reads a network file; an error says what is wrong with it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < HEADER_ONE || &bytes[..4] != MAGIC {
            return Err("not a network file".to_string());
        }
        let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let version = word(4);
        let header = match version {
            VERSION_ONE => HEADER_ONE,
            VERSION => HEADER,
            VERSION_KINGS => HEADER_KINGS,
            _ => return Err(format!("network version {version} (expected {VERSION_ONE} to {VERSION_KINGS})")),
        };
        if bytes.len() < header {
            return Err("network file cut short in its header".to_string());
        }
        let buckets = if version == VERSION_ONE { 1 } else { word(HEADER_ONE) as usize };
        let layout =
            if version == VERSION_KINGS { InputLayout::from_bytes(&bytes[HEADER..])? } else { InputLayout::plain() };
        let hidden = word(8) as usize;
        let inputs = layout.inputs();
        let shorts = (inputs + 1 + 2 * buckets) * hidden;
        let expected = header + 2 * shorts + 4 * buckets;
        let sizes_ok = (1..=MAX_HIDDEN).contains(&hidden) && (1..=MAX_BUCKETS).contains(&buckets);
        if !sizes_ok || bytes.len() != expected {
            return Err(format!(
                "network of {} bytes, expected {expected} for {hidden} neurons and {buckets} buckets",
                bytes.len()
            ));
        }
        let mut values = bytes[header..header + 2 * shorts].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<i16>>();
        let (input_weights, input_bias) = (take(inputs * hidden), take(hidden));
        let output_weights = take(buckets * 2 * hidden);
        let output_bias = (0..buckets).map(|b| word(header + 2 * shorts + 4 * b) as i32).collect();
        Ok(Network::new(hidden, input_weights, input_bias, output_weights, output_bias).with_layout(layout))
    }

    /// Reads the network file at `path`; an error names the path and what is wrong.
    pub fn read(path: &str) -> Result<Network, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        Network::from_bytes(&bytes).map_err(|e| format!("'{path}': {e}"))
    }

    /// Its shape in words: the neurons, and the king buckets when there are any.
    pub fn shape(&self) -> String {
        let neurons = format!("{} neurons", self.hidden);
        match (self.layout.is_plain(), self.layout.mirrored()) {
            (true, _) => neurons,
            (false, true) => format!("{neurons}, {} king buckets, mirrored", self.layout.buckets()),
            (false, false) => format!("{neurons}, {} king buckets", self.layout.buckets()),
        }
    }

    /// The input weights of `input` (a feature placed by a `View`).
    pub fn row(&self, input: usize) -> &[i16] {
        &self.input_weights[input * self.hidden..(input + 1) * self.hidden]
    }

    /// The accumulator of one perspective with `inputs` active.
    pub fn accumulate(&self, inputs: &[usize]) -> Vec<i16> {
        let mut acc = self.input_bias.clone();
        for &f in inputs {
            for (a, w) in acc.iter_mut().zip(self.row(f)) {
                *a = a.wrapping_add(*w);
            }
        }
        acc
    }

    /// The output bucket of a position with `pieces` pieces.
    pub fn bucket(&self, pieces: usize) -> usize {
        output_bucket(pieces, self.buckets)
    }

    /// The output for the side to move from its accumulator and the other side's, in centipawns,
    /// through output bucket `bucket`.
    pub fn output(&self, ours: &[i16], theirs: &[i16], bucket: usize) -> i32 {
        let weights = &self.output_weights[bucket * 2 * self.hidden..(bucket + 1) * 2 * self.hidden];
        let (ours_w, theirs_w) = weights.split_at(self.hidden);
        let limit = QA as i16;
        let sum = screlu_dot(ours, ours_w, limit, self.narrow) + screlu_dot(theirs, theirs_w, limit, self.narrow);
        let out = sum / i64::from(QA) + i64::from(self.output_bias[bucket]);
        let units = i64::from(QA * QB);
        // Rounded to the nearest centipawn, not toward zero, so the net has no bias toward the draw.
        ((out * i64::from(SCALE) + out.signum() * units / 2) / units) as i32
    }

    /// The output for `side_to_move` from white's and black's accumulators, with `pieces` pieces on
    /// the board.
    pub fn output_for(&self, side_to_move: Color, [white, black]: [&[i16]; 2], pieces: usize) -> i32 {
        let bucket = self.bucket(pieces);
        match side_to_move {
            Color::White => self.output(white, black, bucket),
            Color::Black => self.output(black, white, bucket),
        }
    }

    /// The evaluation of `board` for the side to move, from scratch.
    pub fn evaluate(&self, board: &Board) -> i32 {
        let [white, black] = self.layout.active(board).map(|inputs| self.accumulate(&inputs));
        self.output_for(board.side_to_move(), [&white, &black], board.occupied().len() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::INPUTS;

    fn tiny() -> Network {
        let hidden = 4;
        Network::new(
            hidden,
            (0..INPUTS * hidden).map(|i| (i % 17) as i16 - 8).collect(),
            vec![100, 0, -20, 255],
            vec![3, -2, 5, 1, -4, 2, 0, 7, -1, 4, 2, -3, 6, 0, 1, -5],
            vec![1234, -800],
        )
    }

    #[test]
    fn a_network_reads_back_from_its_bytes_and_bad_files_are_refused() {
        let net = tiny();
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(net));
        assert!(Network::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Network::from_bytes(b"nothing").is_err());
        assert!(Network::from_bytes(&bytes[..14]).is_err_and(|e| e.contains("cut short")));
        let mut other = bytes.clone();
        other[4] = 9;
        assert!(Network::from_bytes(&other).is_err_and(|e| e.contains("version")));
        let mut too_many = bytes.clone();
        too_many[12] = 99;
        assert!(Network::from_bytes(&too_many).is_err_and(|e| e.contains("99 buckets")));
    }

    #[test]
    fn a_first_version_file_reads_as_one_bucket() {
        let hidden = 2;
        let mut bytes = b"CZNN".to_vec();
        for word in [1u32, hidden as u32] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        let shorts: Vec<i16> = (0..(INPUTS + 3) * hidden).map(|i| (i % 9) as i16 - 4).collect();
        shorts.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        bytes.extend_from_slice(&(-321i32).to_le_bytes());
        let net = Network::from_bytes(&bytes).expect("a version 1 file");
        assert_eq!((net.hidden, net.buckets, net.output_bias.clone()), (hidden, 1, vec![-321]));
        assert_eq!(net.output_weights, shorts[(INPUTS + 1) * hidden..].to_vec());
    }

    #[test]
    fn buckets_split_the_piece_counts_evenly() {
        assert_eq!((2..=32).map(|n| output_bucket(n, 1)).max(), Some(0));
        let eight: Vec<usize> = [2, 5, 6, 9, 10, 29, 30, 32].map(|n| output_bucket(n, 8)).into();
        assert_eq!(eight, vec![0, 0, 1, 1, 2, 6, 7, 7]);
        assert_eq!(output_bucket(32, 3), 2);
    }

    #[test]
    fn the_evaluation_is_the_same_for_a_position_and_its_colour_flip() {
        let net = tiny();
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse().expect("fen");
        let flipped: Board = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3".parse().expect("fen");
        assert_eq!(net.evaluate(&board), net.evaluate(&flipped));
    }

    /// `tiny`'s shape with two king buckets (the king on the first two ranks or not), mirrored.
    fn tiny_with_kings() -> Network {
        let hidden = 4;
        let layout = InputLayout::new(std::array::from_fn(|square| u8::from(square >= 16)), true).expect("a layout");
        let input_weights = (0..layout.inputs() * hidden).map(|i| (i % 23) as i16 - 11).collect();
        let output_weights = (0..2 * hidden).map(|i| i as i16 - 3).collect();
        Network::new(hidden, input_weights, vec![100, 0, -20, 255], output_weights, vec![-77]).with_layout(layout)
    }

    #[test]
    fn a_king_bucketed_network_reads_back_and_a_bad_bucket_map_is_refused() {
        let net = tiny_with_kings();
        let bytes = net.to_bytes();
        assert_eq!(u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]), VERSION_KINGS);
        assert_eq!(bytes.len(), HEADER_KINGS + 2 * (2 * INPUTS + 1 + 2) * 4 + 4);
        assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
        assert!(Network::from_bytes(&bytes[..HEADER_KINGS - 1]).is_err_and(|e| e.contains("cut short")));
        let mut skipped = bytes.clone();
        skipped[HEADER + 4 + 17] = 3;
        assert!(Network::from_bytes(&skipped).is_err_and(|e| e.contains("king buckets")));
        // A plain network is still written as version 2.
        assert_eq!(tiny().to_bytes()[4], 2);
        // Mirroring and colour flips leave the evaluation unchanged; the king's rank changes it.
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse().expect("fen");
        let flipped: Board = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3".parse().expect("fen");
        let mirrored: Board = "rnbkqb1r/ppp1pppp/2n5/3p4/3P4/2N5/PPP1PPPP/R1BKQBNR w - - 2 3".parse().expect("fen");
        assert_eq!(net.evaluate(&board), net.evaluate(&flipped));
        assert_eq!(net.evaluate(&board), net.evaluate(&mirrored));
        let king_up: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/4KN2/PPPP1PPP/RNBQ1B1R w kq - 2 3".parse().expect("fen");
        assert_ne!(net.evaluate(&board), net.evaluate(&king_up));
    }
}
