//! A network made wider without changing what it computes, to measure what a wider net costs in
//! speed before one is trained: each neuron is copied `factor` times, the copies' output weights
//! are zero, and a one-bucket output layer is copied into every output bucket. The wider net gives
//! the same evaluation everywhere, so `bench` searches the same tree and only the nodes a second
//! differ.

use engine::nnue::network::{Network, MAX_BUCKETS, MAX_HIDDEN};

/// `network` with `factor` times its neurons and `buckets` output buckets, evaluating as it does.
/// Its buckets must be 1 (copied to each) or already `buckets`.
pub fn widen(network: &Network, factor: usize, buckets: usize) -> Result<Network, String> {
    let hidden = network.hidden;
    let Some(wide) = hidden.checked_mul(factor).filter(|wide| (1..=MAX_HIDDEN).contains(wide)) else {
        return Err(format!("{hidden} neurons times {factor} is outside 1..={MAX_HIDDEN}"));
    };
    if !(1..=MAX_BUCKETS).contains(&buckets) || (network.buckets != 1 && network.buckets != buckets) {
        return Err(format!("{} output buckets cannot become {buckets}", network.buckets));
    }
    let input_weights = network.input_weights.chunks_exact(hidden).flat_map(|row| row.repeat(factor)).collect();
    let input_bias = network.input_bias.repeat(factor);
    let mut output_weights = Vec::with_capacity(buckets * 2 * wide);
    let mut output_bias = Vec::with_capacity(buckets);
    for bucket in 0..buckets {
        let from = if network.buckets == 1 { 0 } else { bucket };
        for half in network.output_weights[from * 2 * hidden..(from + 1) * 2 * hidden].chunks_exact(hidden) {
            output_weights.extend_from_slice(half);
            output_weights.resize(output_weights.len() + wide - hidden, 0);
        }
        output_bias.push(network.output_bias[from]);
    }
    let wider = Network::new(wide, input_weights, input_bias, output_weights, output_bias);
    Ok(wider.with_layout(network.layout.clone()))
}

/// `train widen IN.nnue OUT.nnue --factor K [--buckets B]`: writes the wider net; says what it wrote.
pub fn command(args: &[String]) -> Result<String, String> {
    const USAGE: &str = "usage: train widen IN.nnue OUT.nnue --factor K [--buckets B]";
    let [_, input, output, options @ ..] = args else { return Err(USAGE.to_string()) };
    let network = Network::read(input)?;
    let (mut factor, mut buckets) = (None, network.buckets);
    for pair in options.chunks(2) {
        let [flag, value] = pair else { return Err(USAGE.to_string()) };
        let number = value.parse::<usize>().map_err(|_| format!("{flag}: bad value '{value}'"))?;
        match flag.as_str() {
            "--factor" => factor = Some(number),
            "--buckets" => buckets = number,
            _ => return Err(format!("unknown option '{flag}'; {USAGE}")),
        }
    }
    let wider = widen(&network, factor.ok_or(USAGE)?, buckets)?;
    std::fs::write(output, wider.to_bytes()).map_err(|e| format!("{output}: {e}"))?;
    Ok(format!("{output}: {}, {} output buckets, evaluating as {input}", wider.shape(), wider.buckets))
}

#[cfg(test)]
mod tests {
    use super::*;

    use cozy_chess::Board;
    use engine::nnue::embedded;

    const FENS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "8/2k5/8/3K4/8/8/5N2/6B1 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1",
    ];

    #[test]
    fn a_widened_net_evaluates_as_the_original() {
        let net = embedded::network();
        let wider = widen(&net, 4, 8).expect("1,024 neurons fit");
        assert_eq!((wider.hidden, wider.buckets), (4 * net.hidden, 8));
        let read = Network::from_bytes(&wider.to_bytes()).expect("a valid file");
        for fen in FENS {
            let board: Board = fen.parse().expect("a legal FEN");
            assert_eq!(read.evaluate(&board), net.evaluate(&board), "{fen}");
        }
    }

    #[test]
    fn sizes_outside_the_format_are_refused() {
        let net = embedded::network();
        assert!(widen(&net, 0, 1).is_err());
        assert!(widen(&net, 32, 1).is_err(), "8,192 neurons");
        assert!(widen(&net, usize::MAX, 1).is_err(), "no overflow");
        assert!(widen(&net, 1, MAX_BUCKETS + 1).is_err());
        let bucketed = widen(&net, 1, 8).expect("8 buckets");
        assert!(widen(&bucketed, 2, 4).is_err_and(|e| e.contains("cannot become 4")));
        assert_eq!(widen(&bucketed, 2, 8).expect("kept").buckets, 8);
    }
}
