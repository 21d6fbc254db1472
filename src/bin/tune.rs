//! Texel tuner: fits every evaluation weight to game results by logistic regression.
//!
//! Each line of the data file is a quiet position and the result of the game it came from
//! (`FEN c9 "1-0";`, the EPD convention of tuning sets). The evaluation is linear in its
//! weights (`engine::eval::params`), so each position is reduced once to its term counts (and to its
//! endgame scales, `eval::endgame_scale`, for either side ahead); the tuner then minimises the mean
//! squared error between the result and `sigmoid(K · eval)` with Adam, `K` fitted first to the
//! starting weights, and a small L2 penalty on all but material. A tenth of the positions is held out
//! to show the fit generalises. The result is written as a Rust table to paste over `src/eval/tuned.rs`:
//!
//!     cargo run --release --bin tune -- DATA [--epochs N] [--limit N] [--k K] [--blend B] [--last-groups N] [--out src/eval/tuned.rs]
//!
//! A line may also carry a stronger engine's expected score for white after the result
//! (`FEN c9 "1-0"; sf 0.8312`, written by `bench/label_positions.py`). With `--blend B` the fit then aims
//! at `B · result + (1 - B) · score` instead of the result alone (default 1: the result only). Such
//! scores are far less noisy than one game's result.
//!
//! `--last-groups N` fits only the last N parameter groups of `params` (new terms go at the end) and
//! leaves every other weight as it is, so a new term can be judged without a retuning of the rest.
//!
//! `--k` keeps the scale of the evaluation: K is then not fitted to the starting weights but given
//! (the K of the previous tuning, in `tuned.rs`). Fitted afresh at every retuning, K drifted from
//! 0.887 to 0.962 over four retunings, and the centipawn scale that search margins and the WDL model
//! were measured in drifted with it.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::process::ExitCode;

use cozy_chess::{Board, Color};
use engine::eval::{self, params, Terms, PHASE_TOTAL};

const DEFAULT_EPOCHS: usize = 400;
const LEARNING_RATE: f64 = 2.0;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const HOLDOUT_EVERY: usize = 10;
/// L2 penalty on every weight but material, so that terms seen in few positions stay modest.
const L2: f64 = 1e-9;
/// Parameters the data cannot fit, left as they are: Chess960 corner bishops are absent from
/// games of standard chess.
const FROZEN: &[usize] = &[params::CORNERED_BISHOP];

/// One position reduced to what the evaluation sees of it.
struct Sample {
    /// Range into the shared term arrays.
    start: u32,
    len: u16,
    /// Middlegame share of the blend (phase / PHASE_TOTAL).
    mg_share: f32,
    /// Endgame scale (a fraction) when the endgame value favours white, and when it favours black.
    eg_scales: [f32; 2],
    /// Game result for white: 1, 0.5 or 0.
    result: f32,
    /// What the fit aims at: the result, or its blend with an engine's expected score (`--blend`).
    target: f32,
}

/// Term counts of all positions, white minus black, by parameter.
#[derive(Default)]
struct Data {
    samples: Vec<Sample>,
    params: Vec<u16>,
    counts: Vec<f32>,
}

/// Collects one position's counts (white minus black) densely.
struct Counter {
    counts: Vec<i32>,
}

impl Terms for Counter {
    fn add(&mut self, color: Color, param: usize, count: i32) {
        self.counts[param] += if color == Color::White { count } else { -count };
    }
}

/// A position, its game result for white and, when the line has one (`... c9 "1-0"; sf 0.8312`), an
/// engine's expected score for white.
fn parse_line(line: &str) -> Option<(Board, f32, Option<f32>)> {
    let (fen, rest) = line.split_once(" c9 ")?;
    let (result, label) = rest.split_once(';').unwrap_or((rest, ""));
    let result = match result.trim().trim_matches('"') {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return None,
    };
    let label = label.trim().strip_prefix("sf ").and_then(|v| v.trim().parse::<f32>().ok());
    let label = label.filter(|v| (0.0..=1.0).contains(v));
    let board = Board::from_fen(fen.trim(), false).or_else(|_| Board::from_fen(fen.trim(), true)).ok()?;
    Some((board, result, label))
}

/// `blend`: the result's share of the target where a line carries an engine's expected score.
fn load(path: &str, limit: usize, blend: f32) -> Result<Data, String> {
    let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut data = Data::default();
    let mut counter = Counter { counts: vec![0; params::PARAM_COUNT] };
    for line in BufReader::new(file).lines().take(limit) {
        let line = line.map_err(|e| format!("{path}: {e}"))?;
        let Some((board, result, label)) = parse_line(&line) else {
            continue;
        };
        let target = label.map_or(result, |label| blend * result + (1.0 - blend) * label);
        counter.counts.iter_mut().for_each(|c| *c = 0);
        eval::trace(&board, &mut counter);
        let start = data.params.len() as u32;
        for (param, &count) in counter.counts.iter().enumerate().filter(|(_, &c)| c != 0) {
            data.params.push(param as u16);
            data.counts.push(count as f32);
        }
        let len = (data.params.len() as u32 - start) as u16;
        let mg_share = eval::phase(&board) as f32 / PHASE_TOTAL as f32;
        let scale = |strong| eval::endgame_scale(&board, strong) as f32 / eval::SCALE_NORMAL as f32;
        let eg_scales = [scale(Color::White), scale(Color::Black)];
        data.samples.push(Sample { start, len, mg_share, eg_scales, result, target });
    }
    Ok(data)
}

/// Weights as floats: `[mg, eg]` per parameter.
type Weights = Vec<[f64; 2]>;

/// The evaluation (white's view) and the endgame scale it was blended with, as the engine does it.
fn evaluate_with_scale(data: &Data, sample: &Sample, weights: &Weights) -> (f64, f64) {
    let range = sample.start as usize..sample.start as usize + sample.len as usize;
    let (mut mg, mut eg) = (0.0, 0.0);
    for (&param, &count) in data.params[range.clone()].iter().zip(&data.counts[range]) {
        let w = weights[param as usize];
        mg += w[0] * count as f64;
        eg += w[1] * count as f64;
    }
    let eg_scale = sample.eg_scales[if eg >= 0.0 { 0 } else { 1 }] as f64;
    let share = sample.mg_share as f64;
    (mg * share + eg * eg_scale * (1.0 - share), eg_scale)
}

fn evaluate(data: &Data, sample: &Sample, weights: &Weights) -> f64 {
    evaluate_with_scale(data, sample, weights).0
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval * std::f64::consts::LN_10 / 400.0).exp())
}

fn is_holdout(index: usize) -> bool {
    index % HOLDOUT_EVERY == HOLDOUT_EVERY - 1
}

/// Mean squared error against the target over the training (`holdout` false) or held-out positions.
fn error(data: &Data, weights: &Weights, k: f64, holdout: bool) -> f64 {
    error_against(data, weights, k, holdout, |s| s.target)
}

/// Mean squared error against the game results alone (the same as `error` without `--blend`).
fn result_error(data: &Data, weights: &Weights, k: f64, holdout: bool) -> f64 {
    error_against(data, weights, k, holdout, |s| s.result)
}

fn error_against(data: &Data, weights: &Weights, k: f64, holdout: bool, aim: impl Fn(&Sample) -> f32) -> f64 {
    let mut sum = 0.0;
    let mut n = 0usize;
    for (_, sample) in data.samples.iter().enumerate().filter(|(i, _)| is_holdout(*i) == holdout) {
        let diff = aim(sample) as f64 - sigmoid(k, evaluate(data, sample, weights));
        sum += diff * diff;
        n += 1;
    }
    sum / n.max(1) as f64
}

/// The scaling constant K that fits the starting weights best (golden-section search).
fn fit_k(data: &Data, weights: &Weights) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 4.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(data, weights, a, false) < error(data, weights, b, false) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the training error.
fn gradient(data: &Data, weights: &Weights, k: f64) -> Weights {
    let mut grad = vec![[0.0; 2]; weights.len()];
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for (_, sample) in data.samples.iter().enumerate().filter(|(i, _)| !is_holdout(*i)) {
        let (eval, eg_scale) = evaluate_with_scale(data, sample, weights);
        let s = sigmoid(k, eval);
        let common = -2.0 * (sample.target as f64 - s) * s * (1.0 - s) * scale;
        let share = sample.mg_share as f64;
        let range = sample.start as usize..sample.start as usize + sample.len as usize;
        for (&param, &count) in data.params[range.clone()].iter().zip(&data.counts[range]) {
            let g = &mut grad[param as usize];
            g[0] += common * count as f64 * share;
            g[1] += common * count as f64 * (1.0 - share) * eg_scale;
        }
    }
    grad
}

/// Which parameters the fit may move: all but `FROZEN`, or with `last_groups` only those of the last
/// that many groups. `None` when there are not that many groups.
fn tunable(last_groups: Option<usize>) -> Option<Vec<bool>> {
    let first = match last_groups {
        None => 0,
        Some(n) if (1..=params::GROUPS.len()).contains(&n) => params::GROUPS[params::GROUPS.len() - n].start,
        Some(_) => return None,
    };
    Some((0..params::PARAM_COUNT).map(|i| i >= first && !FROZEN.contains(&i)).collect())
}

fn tune(data: &Data, weights: &mut Weights, tunable: &[bool], k: f64, epochs: usize) {
    let n = data.samples.len() as f64;
    let mut m = vec![[0.0; 2]; weights.len()];
    let mut v = vec![[0.0; 2]; weights.len()];
    for epoch in 1..=epochs {
        let grad = gradient(data, weights, k);
        for i in 0..weights.len() {
            if !tunable[i] {
                continue;
            }
            let material = (params::MATERIAL..params::MATERIAL + 6).contains(&i);
            for j in 0..2 {
                let penalty = if material { 0.0 } else { 2.0 * L2 * weights[i][j] };
                let g = grad[i][j] / n + penalty;
                m[i][j] = BETA1 * m[i][j] + (1.0 - BETA1) * g;
                v[i][j] = BETA2 * v[i][j] + (1.0 - BETA2) * g * g;
                let m_hat = m[i][j] / (1.0 - BETA1.powi(epoch as i32));
                let v_hat = v[i][j] / (1.0 - BETA2.powi(epoch as i32));
                weights[i][j] -= LEARNING_RATE * m_hat / (v_hat.sqrt() + 1e-12);
            }
        }
        if epoch % 50 == 0 || epoch == epochs {
            eprintln!(
                "epoch {epoch}: train {:.6} holdout {:.6}",
                error(data, weights, k, false),
                error(data, weights, k, true)
            );
        }
    }
}

fn write_table(path: &str, weights: &Weights, comment: &str) -> std::io::Result<()> {
    let mut out = File::create(path)?;
    writeln!(out, "//! Evaluation weights fitted by the Texel tuner (`src/bin/tune.rs`); generated, do not edit.")?;
    writeln!(out, "//!")?;
    for line in comment.lines() {
        writeln!(out, "//! {line}")?;
    }
    writeln!(out)?;
    writeln!(out, "use super::params::PARAM_COUNT;")?;
    writeln!(out, "use super::tapered::Tapered;")?;
    writeln!(out)?;
    writeln!(out, "#[rustfmt::skip]")?;
    writeln!(out, "pub const TUNED: [Tapered; PARAM_COUNT] = [")?;
    for group in params::GROUPS {
        writeln!(out, "    // {}", group.name)?;
        for chunk in weights[group.start..group.start + group.len].chunks(8) {
            let cells: Vec<String> = chunk
                .iter()
                .map(|w| format!("Tapered::new({}, {})", w[0].round() as i32, w[1].round() as i32))
                .collect();
            writeln!(out, "    {},", cells.join(", "))?;
        }
    }
    writeln!(out, "];")?;
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first().filter(|a| !a.starts_with("--")) else {
        eprintln!("usage: tune DATA [--epochs N] [--limit N] [--k K] [--blend B] [--last-groups N] [--out FILE]");
        return ExitCode::FAILURE;
    };
    let option = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let epochs = option("--epochs").and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_EPOCHS);
    let limit = option("--limit").and_then(|v| v.parse().ok()).unwrap_or(usize::MAX);
    let out = option("--out").cloned().unwrap_or_else(|| "tuned.rs".to_string());
    let blend = match option("--blend").map(|v| v.parse::<f32>()) {
        None => 1.0,
        Some(Ok(b)) if (0.0..=1.0).contains(&b) => b,
        Some(_) => {
            eprintln!("error: --blend needs a number from 0 to 1");
            return ExitCode::FAILURE;
        }
    };
    // Not a number counts as 0 groups, which `tunable` rejects with the others out of range.
    let last_groups = option("--last-groups").map(|v| v.parse::<usize>().unwrap_or(0));
    let Some(tunable) = tunable(last_groups) else {
        eprintln!("error: --last-groups needs a number from 1 to {}", params::GROUPS.len());
        return ExitCode::FAILURE;
    };
    let data = match load(path, limit, blend) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!("{} positions, {} terms", data.samples.len(), data.params.len());
    let mut weights: Weights = (0..params::PARAM_COUNT).map(eval::weight).map(|w| [w.mg as f64, w.eg as f64]).collect();
    let given_k = option("--k");
    let k = match given_k.map(|v| v.parse::<f64>()) {
        None => fit_k(&data, &weights),
        Some(Ok(k)) if k.is_finite() && k > 0.0 => k,
        Some(_) => {
            eprintln!("error: --k needs a positive number");
            return ExitCode::FAILURE;
        }
    };
    let before = (error(&data, &weights, k, false), error(&data, &weights, k, true));
    let results_before = result_error(&data, &weights, k, true);
    eprintln!("K = {k:.4}; error before: train {:.6} holdout {:.6}", before.0, before.1);
    tune(&data, &mut weights, &tunable, k, epochs);
    let after = (error(&data, &weights, k, false), error(&data, &weights, k, true));
    let results_after = result_error(&data, &weights, k, true);
    let comment = format!(
        "Data: {path}, {} positions (every {HOLDOUT_EVERY}th held out), {epochs} epochs of Adam, K = {k:.4} ({}){}.\n\
         Target: {blend} of the game result, the rest from the lines' engine scores (where given).\n\
         Mean squared error before: train {:.6}, holdout {:.6}; after: train {:.6}, holdout {:.6}.\n\
         Against the game results alone, holdout: {results_before:.6} before, {results_after:.6} after.",
        data.samples.len(),
        if given_k.is_some() { "given" } else { "fitted" },
        last_groups.map_or(String::new(), |n| format!("; only the last {n} parameter groups fitted")),
        before.0,
        before.1,
        after.0,
        after.1
    );
    eprintln!("{comment}");
    if let Err(e) = write_table(&out, &weights, &comment) {
        eprintln!("error: cannot write {out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::{params, parse_line, tunable};

    #[test]
    fn last_groups_leave_the_earlier_weights_alone() {
        let last = params::GROUPS[params::GROUPS.len() - 1];
        let mask = tunable(Some(1)).expect("one group exists");
        assert_eq!(mask.iter().filter(|&&t| t).count(), last.len);
        assert!(mask[last.start] && !mask[last.start - 1]);
        assert!(!tunable(None).expect("all")[params::CORNERED_BISHOP]);
        assert!(tunable(Some(0)).is_none() && tunable(Some(params::GROUPS.len() + 1)).is_none());
    }

    const FEN: &str = "5k2/8/7R/4PP2/7p/6b1/4r3/6K1 w - - 1 65";

    #[test]
    fn a_line_without_an_engine_score_gives_the_result_alone() {
        let (board, result, label) = parse_line(&format!("{FEN} c9 \"1/2-1/2\";")).expect("a valid line");
        assert_eq!(board.to_string(), FEN);
        assert_eq!((result, label), (0.5, None));
    }

    #[test]
    fn an_engine_score_after_the_result_is_read() {
        let (_, result, label) = parse_line(&format!("{FEN} c9 \"0-1\"; sf 0.1000")).expect("a valid line");
        assert_eq!((result, label), (0.0, Some(0.1)));
    }

    #[test]
    fn an_engine_score_outside_zero_to_one_is_ignored() {
        let (_, result, label) = parse_line(&format!("{FEN} c9 \"1-0\"; sf 1.5")).expect("a valid line");
        assert_eq!((result, label), (1.0, None));
        assert!(parse_line(&format!("{FEN} c9 \"2-0\";")).is_none());
    }
}
