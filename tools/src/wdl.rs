//! `datagen wdl FILE... [--holdout FILE...]`: fits the win/draw/loss model of `UCI_ShowWDL`
//! (`engine::search::score::wdl`) to a net's self-play chunks, and prints its constants for `src/search/score/wdl.rs`
//! and `nets/README.md`.
//!
//! Every position a game's record scores (after the first plies, not in check, not decided by a
//! mate, within `MAX_SCORE`) is a sample: the mover's search score, back in the search's units, the
//! material on the board and the game's result from the mover's side. Samples are binned by score
//! and material, and the six coefficients of the model are fitted by maximum likelihood (Nelder-Mead
//! on the mean log-loss). With `--holdout`, the Brier score of the fit and of the built-in model on
//! the held-out games says whether the new constants predict results better.

use std::collections::HashMap;
use std::path::PathBuf;

use cozy_chess::Color;
use engine::nnue::network::{DATA_SCALE, SCALE};

use engine::search::score;
use engine::search::score::wdl::{self, Model, REFERENCE_MATERIAL};

use crate::data::format::{GameRecord, Outcome};
use crate::data::{read_games, replay};

/// The first plies of a game come from the opening randomisation, not from the net's judgement.
const SKIP_PLIES: usize = 8;
/// Scores beyond this (search units) are decided games the adjudication ends soon: left out.
const MAX_SCORE: i32 = 2000;
/// Width of a score bin (search units).
const SCORE_BIN: i32 = 5;
/// Nelder-Mead iterations: the fit has settled long before.
const ITERATIONS: usize = 4000;
/// The search starts from this model, with these first steps.
const START: [f64; 6] = [0.0, 100.0, 50.0, 0.0, 50.0, 50.0];
const STEP: [f64; 6] = [50.0, 50.0, 50.0, 20.0, 20.0, 20.0];
/// Shares are held off 0 so that a log-loss stays finite.
const SHARE_FLOOR: f64 = 1e-9;

/// One scored position: the mover's score (search units), the material and the mover's result
/// (0 win, 1 draw, 2 loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub score: i32,
    pub material: u32,
    pub result: usize,
}

/// `datagen wdl FILE... [--holdout FILE...]`.
pub fn run(args: &[String]) -> Result<String, String> {
    let split = args.iter().position(|a| a == "--holdout").unwrap_or(args.len());
    let paths = |list: &[String]| list.iter().map(PathBuf::from).collect::<Vec<_>>();
    let (fit_paths, holdout_paths) = (paths(&args[..split]), paths(args.get(split + 1..).unwrap_or(&[])));
    if fit_paths.is_empty() {
        return Err("usage: datagen wdl FILE... [--holdout FILE...]".into());
    }
    let samples = read_samples(&fit_paths)?;
    if samples.is_empty() {
        return Err("no scored positions in those files".into());
    }
    let model = fit(&samples);
    let mut report = describe(&model, &samples);
    if !holdout_paths.is_empty() {
        let held = read_samples(&holdout_paths)?;
        let (fitted, built_in) = (brier(&model, &held), brier(&wdl::MODEL, &held));
        report +=
            &format!("\nheld out: {} positions; Brier score {fitted:.5} fitted, {built_in:.5} built-in", held.len());
    }
    Ok(report)
}

/// The samples of every game of the files.
pub fn read_samples(paths: &[PathBuf]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let (games, _) = read_games(path)?;
        for game in &games {
            samples_of(game, &mut samples)?;
        }
    }
    Ok(samples)
}

/// The samples of one game.
fn samples_of(game: &GameRecord, out: &mut Vec<Sample>) -> Result<(), String> {
    let white_result = match game.outcome {
        Outcome::WhiteWins => 0,
        Outcome::Draw => 1,
        Outcome::BlackWins => 2,
    };
    replay(game, |ply, board, _, white_score| {
        let white_score = i32::from(white_score);
        let scored = ply >= SKIP_PLIES && board.checkers().is_empty() && !score::is_mate(white_score);
        let search_score = white_score * SCALE / DATA_SCALE;
        if scored && search_score.abs() <= MAX_SCORE {
            let white = board.side_to_move() == Color::White;
            let (score, result) = if white { (search_score, white_result) } else { (-search_score, 2 - white_result) };
            out.push(Sample { score, material: wdl::material(board), result });
        }
    })
}

/// The model of maximum likelihood for the samples.
pub fn fit(samples: &[Sample]) -> Model {
    let mut bins: HashMap<(i32, u32), [u64; 3]> = HashMap::new();
    for sample in samples {
        let bin = (sample.score as f64 / SCORE_BIN as f64).round() as i32 * SCORE_BIN;
        bins.entry((bin, sample.material)).or_default()[sample.result] += 1;
    }
    let bins: Vec<_> = bins.into_iter().collect();
    let (best, _) = nelder_mead(|p| log_loss(&model_of(p), &bins), START, STEP);
    model_of(&best)
}

fn model_of(p: &[f64; 6]) -> Model {
    Model { a: [p[0], p[1], p[2]], b: [p[3], p[4], p[5]] }
}

/// Mean log-loss of the model over binned samples.
fn log_loss(model: &Model, bins: &[((i32, u32), [u64; 3])]) -> f64 {
    let (mut total, mut count) = (0.0, 0u64);
    for &((score, material), counts) in bins {
        let shares = model.shares(material, f64::from(score));
        for (n, share) in counts.into_iter().zip(shares) {
            total -= n as f64 * share.max(SHARE_FLOOR).ln();
            count += n;
        }
    }
    total / count.max(1) as f64
}

/// Mean Brier score (the squared error of the three shares against the result) of the model.
pub fn brier(model: &Model, samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let shares = model.shares(s.material, f64::from(s.score));
            (0..3).map(|i| (shares[i] - if i == s.result { 1.0 } else { 0.0 }).powi(2)).sum::<f64>()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Minimises `f` from `start` by Nelder-Mead (reflect, expand, contract, shrink).
fn nelder_mead(f: impl Fn(&[f64; 6]) -> f64, start: [f64; 6], step: [f64; 6]) -> ([f64; 6], f64) {
    let mut simplex: Vec<[f64; 6]> = vec![start];
    for i in 0..6 {
        let mut vertex = start;
        vertex[i] += step[i];
        simplex.push(vertex);
    }
    let mut values: Vec<f64> = simplex.iter().map(&f).collect();
    let towards = |from: &[f64; 6], to: &[f64; 6], t: f64| -> [f64; 6] {
        std::array::from_fn(|i| from[i] + t * (to[i] - from[i]))
    };
    for _ in 0..ITERATIONS {
        let mut order: Vec<usize> = (0..7).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        simplex = order.iter().map(|&i| simplex[i]).collect();
        values = order.iter().map(|&i| values[i]).collect();
        let centroid: [f64; 6] = std::array::from_fn(|i| simplex[..6].iter().map(|v| v[i]).sum::<f64>() / 6.0);
        let worst = simplex[6];
        let reflected = towards(&centroid, &worst, -1.0);
        let reflected_value = f(&reflected);
        if reflected_value < values[0] {
            let expanded = towards(&centroid, &worst, -2.0);
            let expanded_value = f(&expanded);
            (simplex[6], values[6]) = if expanded_value < reflected_value {
                (expanded, expanded_value)
            } else {
                (reflected, reflected_value)
            };
        } else if reflected_value < values[5] {
            (simplex[6], values[6]) = (reflected, reflected_value);
        } else {
            let contracted = towards(&centroid, &worst, 0.5);
            let contracted_value = f(&contracted);
            if contracted_value < values[6] {
                (simplex[6], values[6]) = (contracted, contracted_value);
            } else {
                let best = simplex[0];
                for i in 1..7 {
                    simplex[i] = towards(&best, &simplex[i], 0.5);
                    values[i] = f(&simplex[i]);
                }
            }
        }
    }
    let best = (0..7).min_by(|&a, &b| values[a].total_cmp(&values[b])).unwrap_or(0);
    (simplex[best], values[best])
}

/// The fitted constants and what they say.
fn describe(model: &Model, samples: &[Sample]) -> String {
    let mut counts = [0usize; 3];
    samples.iter().for_each(|s| counts[s.result] += 1);
    let n = samples.len() as f64;
    let base: f64 = counts.iter().filter(|&&c| c > 0).map(|&c| -(c as f64) * (c as f64 / n).ln()).sum::<f64>() / n;
    let bins: Vec<_> = samples.iter().map(|s| ((s.score, s.material), one_hot(s.result))).collect();
    let mut lines = vec![
        format!("positions {} (mover's view: W {} D {} L {})", samples.len(), counts[0], counts[1], counts[2]),
        format!("log-loss {:.4} fitted, {base:.4} from the result rates alone", log_loss(model, &bins)),
        format!("Brier score {:.5}", brier(model, samples)),
        format!("pub const MODEL: Model = Model {{ a: {}, b: {} }};", triple(model.a), triple(model.b)),
        format!(
            "cp 100 = {:.1} search units (a at material {REFERENCE_MATERIAL})",
            model.even_chance(REFERENCE_MATERIAL)
        ),
    ];
    for material in [78, 58, 40, 25] {
        let row: Vec<String> = [0, 50, 100, 200, 400]
            .iter()
            .map(|&s| {
                let [w, d, l] = model.shares(material, f64::from(s)).map(|x| (1000.0 * x).round());
                format!("{s:+4}: {w}/{d}/{l}")
            })
            .collect();
        lines.push(format!("material {material}: {}", row.join("  ")));
    }
    lines.join("\n")
}

fn one_hot(result: usize) -> [u64; 3] {
    std::array::from_fn(|i| u64::from(i == result))
}

fn triple(c: [f64; 3]) -> String {
    format!("[{:.3}, {:.3}, {:.3}]", c[0], c[1], c[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples drawn from a known model are fitted back to it: its even-chance score within a few
    /// units, and the fit predicts them at least as well as the model that made them.
    #[test]
    fn a_fit_recovers_the_model_that_made_the_samples() {
        let truth = Model { a: [0.0, 0.0, 150.0], b: [0.0, 0.0, 60.0] };
        let mut rng = engine::rng::Rng::new(7);
        let mut samples = Vec::new();
        for i in 0..60_000i32 {
            let score = i % 801 - 400;
            let material = 30 + (i % 40) as u32;
            let [win, draw, _] = truth.shares(material, f64::from(score));
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let result = if u < win {
                0
            } else if u < win + draw {
                1
            } else {
                2
            };
            samples.push(Sample { score, material, result });
        }
        let fitted = fit(&samples);
        let even = fitted.even_chance(REFERENCE_MATERIAL);
        assert!((even - 150.0).abs() < 10.0, "{fitted:?}");
        assert!(brier(&fitted, &samples) <= brier(&truth, &samples) + 1e-4);
    }
}
