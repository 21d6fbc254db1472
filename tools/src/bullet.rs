//! Networks trained by bullet (github.com/jw1912/bullet) for the engine's architecture, `(768 → H)
//! × 2 → B` with SCReLU and `MaterialCount<B>` output buckets, in and out of bullet's quantised file.
//!
//! bullet writes `quantised.bin` as the training script's `save_format` lists the weights; for this
//! architecture (bullet's `2_output_buckets` example):
//!
//! ```text
//! SavedFormat::id("l0w").round().quantise::<i16>(255),
//! SavedFormat::id("l0b").round().quantise::<i16>(255),
//! SavedFormat::id("l1w").round().quantise::<i16>(64).transpose(),
//! SavedFormat::id("l1b").round().quantise::<i16>(255 * 64),
//! ```
//!
//! that is, little-endian `i16`s: the input weights feature by feature (bullet keeps a `H × 768`
//! matrix column by column), the H input biases, the output weights bucket by bucket (transposed
//! from bullet's `B × 2H` columns: the side to move's H first, as `stm.concat(ntm)`), the B output
//! biases; then bytes `bullet` repeated up to a multiple of 64. bullet's `Chess768` inputs and
//! `MaterialCount` buckets are the engine's `nnue::features` and `output_bucket`, so the weights
//! carry over as they are. The file has no header: H and B are given.
//!
//! King buckets carry over the same way: bullet's `ChessBucketsMirrored::new(LIST)` numbers its
//! inputs as the engine's mirrored `InputLayout` of the same 32 buckets does (768 a bucket, the
//! board mirrored when the perspective's king is on the e-h files), given as `--king-buckets LIST`.
//! bullet's factorised variant must be saved with the factoriser merged into `l0w`.

use engine::nnue::features::InputLayout;
use engine::nnue::network::Network;

use crate::layout::{king_buckets_text, parse_king_buckets};

/// bullet pads its quantised file to a multiple of this many bytes ...
const ALIGNMENT: usize = 64;
/// ... with these bytes, repeated.
const PADDING: &[u8] = b"bullet";

/// The bytes of `H` neurons, `B` output buckets and `layout`'s inputs before padding.
fn weight_bytes(hidden: usize, buckets: usize, layout: &InputLayout) -> usize {
    2 * (layout.inputs() * hidden + hidden + buckets * 2 * hidden + buckets)
}

/// The network in bullet's quantised file `bytes`, trained with `hidden` neurons, `buckets`
/// output buckets and the inputs of `layout`.
pub fn from_bullet(bytes: &[u8], hidden: usize, buckets: usize, layout: InputLayout) -> Result<Network, String> {
    let size = weight_bytes(hidden, buckets, &layout);
    let padded = size.div_ceil(ALIGNMENT) * ALIGNMENT;
    if bytes.len() != size && bytes.len() != padded {
        return Err(format!(
            "{} bytes, but {hidden} neurons and {buckets} buckets make {size} ({padded} padded)",
            bytes.len()
        ));
    }
    let values: Vec<i16> = bytes[..size].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
    let (input_weights, rest) = values.split_at(layout.inputs() * hidden);
    let (input_bias, rest) = rest.split_at(hidden);
    let (output_weights, output_bias) = rest.split_at(buckets * 2 * hidden);
    let output_bias = output_bias.iter().map(|&b| i32::from(b)).collect();
    let network =
        Network::new(hidden, input_weights.to_vec(), input_bias.to_vec(), output_weights.to_vec(), output_bias);
    Ok(network.with_layout(layout))
}

/// `network` as bullet's quantised file (to start bullet from it, or to compare); an output bias
/// beyond `i16`, which bullet's layout cannot hold, is an error.
pub fn to_bullet(network: &Network) -> Result<Vec<u8>, String> {
    if !network.layout.is_plain() && !network.layout.mirrored() {
        return Err("king buckets without mirroring have no bullet input type here".to_string());
    }
    let mut out = Vec::with_capacity(weight_bytes(network.hidden, network.buckets, &network.layout) + ALIGNMENT);
    for value in network.input_weights.iter().chain(&network.input_bias).chain(&network.output_weights) {
        out.extend_from_slice(&value.to_le_bytes());
    }
    for &bias in &network.output_bias {
        let bias = i16::try_from(bias).map_err(|_| format!("output bias {bias} does not fit bullet's i16"))?;
        out.extend_from_slice(&bias.to_le_bytes());
    }
    let mut pad = PADDING.iter().cycle();
    while !out.len().is_multiple_of(ALIGNMENT) {
        out.push(*pad.next().unwrap_or(&0));
    }
    Ok(out)
}

/// bullet's input type for `layout`, as a training script names it.
fn bullet_inputs(layout: &InputLayout) -> String {
    if layout.is_plain() {
        "Chess768".to_string()
    } else {
        format!("ChessBucketsMirrored::new([{}])", king_buckets_text(layout).replace(',', ", "))
    }
}

/// `train import-bullet IN.bin OUT.nnue --hidden H --buckets B [--king-buckets LIST]` and `train
/// export-bullet IN.nnue OUT.bin`: converts; says what it wrote.
pub fn convert(args: &[String]) -> Result<String, String> {
    const USAGE: &str = "usage: train import-bullet IN.bin OUT.nnue --hidden H --buckets B [--king-buckets LIST] | \
                         train export-bullet IN.nnue OUT.bin";
    let number = |flag: &str| -> Result<usize, String> {
        let at = args.iter().position(|a| a == flag).ok_or(format!("{flag} is required; {USAGE}"))?;
        let text = args.get(at + 1).ok_or(format!("{flag} needs a value"))?;
        text.parse().map_err(|_| format!("{flag}: bad value '{text}'"))
    };
    match args {
        [command, input, output, ..] if command == "import-bullet" => {
            let bytes = std::fs::read(input).map_err(|e| format!("{input}: {e}"))?;
            let layout = match args.iter().position(|a| a == "--king-buckets") {
                Some(at) => parse_king_buckets(args.get(at + 1).ok_or("--king-buckets needs a value")?)?,
                None => InputLayout::plain(),
            };
            let network = from_bullet(&bytes, number("--hidden")?, number("--buckets")?, layout)?;
            std::fs::write(output, network.to_bytes()).map_err(|e| format!("{output}: {e}"))?;
            Ok(format!("{output}: {}, {} output buckets, from bullet's {input}", network.shape(), network.buckets))
        }
        [command, input, output] if command == "export-bullet" => {
            let network = Network::read(input)?;
            std::fs::write(output, to_bullet(&network)?).map_err(|e| format!("{output}: {e}"))?;
            Ok(format!(
                "{output}: bullet's layout of {input} ({}, {} output buckets; bullet inputs {})",
                network.shape(),
                network.buckets,
                bullet_inputs(&network.layout)
            ))
        }
        _ => Err(USAGE.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use engine::nnue::features::INPUTS;

    #[test]
    fn sizes_and_padding_follow_bullet() {
        let plain = InputLayout::plain();
        let network = Network::new(2, vec![1; INPUTS * 2], vec![2; 2], vec![3; 2 * 2 * 2], vec![-4, 5]);
        let bytes = to_bullet(&network).expect("fits");
        assert_eq!(bytes.len() % ALIGNMENT, 0);
        assert_eq!(&bytes[weight_bytes(2, 2, &plain)..][..6], b"bullet");
        assert_eq!(from_bullet(&bytes, 2, 2, plain.clone()).expect("reads"), network);
        let unpadded = &bytes[..weight_bytes(2, 2, &plain)];
        assert_eq!(from_bullet(unpadded, 2, 2, plain.clone()).expect("unpadded too"), network);
        assert!(from_bullet(&bytes, 3, 2, plain).is_err_and(|e| e.contains("3 neurons")));
        let wide = Network::new(2, vec![0; INPUTS * 2], vec![0; 2], vec![0; 4], vec![40_000]);
        assert!(to_bullet(&wide).is_err());
    }

    #[test]
    fn king_bucketed_networks_convert_with_their_layout() {
        // The king on the first four ranks or the last four.
        let list: Vec<&str> = (0..32).map(|i| if i < 16 { "0" } else { "1" }).collect();
        let layout = parse_king_buckets(&list.join(",")).expect("two buckets");
        let weights = (0..2 * INPUTS * 2).map(|i| (i % 101) as i16).collect();
        let network = Network::new(2, weights, vec![2; 2], vec![3; 4], vec![-4]).with_layout(layout.clone());
        let bytes = to_bullet(&network).expect("fits");
        assert_eq!(from_bullet(&bytes, 2, 1, layout.clone()).expect("reads"), network);
        assert!(from_bullet(&bytes, 2, 1, InputLayout::plain()).is_err(), "a plain net has half the inputs");
        assert!(bullet_inputs(&layout).starts_with("ChessBucketsMirrored::new([0, 0, 0, 0, 0,"));
        let unmirrored = InputLayout::new(std::array::from_fn(|sq| u8::from(sq >= 32)), false).expect("two");
        let weights = vec![0; 2 * INPUTS * 2];
        let other = Network::new(2, weights, vec![0; 2], vec![0; 4], vec![0]).with_layout(unmirrored);
        assert!(to_bullet(&other).is_err_and(|e| e.contains("without mirroring")));
    }
}
