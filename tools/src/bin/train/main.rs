//! The trainer: fits the network of `engine::nnue` to the engine's self-play positions.
//!
//! Run as `cargo run --release -p tools --bin train -- --out DIR [options] DATA...`; `--help` lists the
//! options and their defaults (`USAGE`).
//!
//! DATA are `datagen` files or packed chunks. The positions are filtered, deduplicated,
//! mirrored left to right (unless `--no-mirror` or mirrored inputs: twice the positions to learn
//! from) and shuffled (`data`); a share of the games is held out to show the fit generalises, or
//! the games of `--holdout-file`s, so that runs on different data are judged on one holdout.
//!
//! `--king-buckets` splits the input weights by the square of each perspective's own king, with
//! the board mirrored so that king stands on the a-d files (`engine::nnue::features::InputLayout`);
//! LIST gives the bucket of each of those 32 squares, a1 b1 c1 d1 a2 ... d8.
//!
//! Every epoch appends a line to `DIR/loss.csv` (epoch, training loss, holdout loss, learning
//! rate, positions a second, and the built-in network's loss on the same holdout: the fit to
//! beat), writes the quantised net `DIR/net-eN.nnue` (and `DIR/net-best.nnue` while the holdout
//! loss falls) and the checkpoint `DIR/checkpoint.bin`, from which `--resume` goes on. The loss is
//! `(sigmoid(out) - target)²`, the target `wdl · result + (1 - wdl) · sigmoid(score / 400)`; the
//! learning rate is multiplied by `--lr-drop` every `--drop-every` epochs.

mod adamw;
mod checkpoint;
mod data;
mod gradient;
mod model;

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use engine::nnue::embedded;
use engine::nnue::features::InputLayout;
use engine::nnue::network::{Network, MAX_BUCKETS, MAX_HIDDEN, SCALE};
use tools::layout::parse_king_buckets;

use adamw::AdamW;
use data::{Filter, Loaded, Sample};
use gradient::Gradients;
use model::Model;

/// The net of the epoch with the lowest holdout loss: the one to try (later epochs may overfit).
const BEST_NET: &str = "net-best.nnue";

/// The options, shown by `--help` and after a bad command line.
const USAGE: &str = "usage: train --out DIR [--hidden 256] [--buckets 8] [--king-buckets none] [--epochs 20]
    [--batch 16384] [--lr 0.001] [--lr-drop 0.3] [--drop-every 8] [--wdl 0.3] [--weight-decay 0.01]
    [--skip-plies 8] [--no-mirror] [--holdout 0.02] [--threads 2] [--seed 1] [--resume] DATA...
--king-buckets LIST: 32 buckets, one per own-king square a1 b1 c1 d1 a2 .. d8 (mirrored inputs)
--holdout-file FILE (repeatable): hold out these games instead of a share, the same holdout for runs on
    other data (old data in or out)
--max-positions N: train on the first whole games up to N recorded positions (screens at equal cost)
DATA: `datagen` files or packed chunks (nets/data/*.games.zst)
Networks trained by bullet: train import-bullet IN.bin OUT.nnue --hidden H --buckets B; train export-bullet IN.nnue OUT.bin
A wider net for speed probes, evaluating as IN: train widen IN.nnue OUT.nnue --factor K, and --buckets B to
    copy a one-bucket output layer into B";

/// What the trainer was asked for.
#[derive(Clone, Debug)]
struct Request {
    out: PathBuf,
    data: Vec<PathBuf>,
    hidden: usize,
    buckets: usize,
    layout: InputLayout,
    epochs: u32,
    batch: usize,
    lr: f32,
    lr_drop: f32,
    drop_every: u32,
    wdl: f32,
    weight_decay: f32,
    skip_plies: usize,
    mirror: bool,
    holdout: f32,
    /// A fixed holdout: these files' games, never trained on (instead of a `holdout` share).
    holdout_files: Vec<PathBuf>,
    /// Train on the first whole games up to this many recorded positions (equal-cost screens).
    max_positions: Option<usize>,
    threads: usize,
    seed: u64,
    resume: bool,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            out: PathBuf::from("train"),
            data: Vec::new(),
            hidden: 256,
            buckets: 8,
            layout: InputLayout::plain(),
            epochs: 20,
            batch: 16_384,
            lr: 0.001,
            lr_drop: 0.3,
            drop_every: 8,
            wdl: 0.3,
            weight_decay: 0.01,
            skip_plies: 8,
            mirror: true,
            holdout: 0.02,
            holdout_files: Vec::new(),
            max_positions: None,
            threads: 2,
            seed: 1,
            resume: false,
        }
    }
}

/// The value given after option `arg`.
fn value_of<'a>(arg: &str, value: Option<&'a str>) -> Result<&'a str, String> {
    value.ok_or_else(|| format!("{arg} needs a value"))
}

/// The number given after option `arg`.
fn number<T: std::str::FromStr>(arg: &str, value: Option<&str>) -> Result<T, String> {
    let text = value_of(arg, value)?;
    text.parse().map_err(|_| format!("{arg}: bad value '{text}'"))
}

fn parse(args: &[String]) -> Result<Request, String> {
    let mut request = Request::default();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if !arg.starts_with("--") {
            request.data.push(PathBuf::from(arg));
            continue;
        }
        if arg == "--resume" {
            request.resume = true;
            continue;
        }
        if arg == "--no-mirror" {
            request.mirror = false;
            continue;
        }
        let value = rest.next().map(String::as_str);
        match arg.as_str() {
            "--out" => request.out = PathBuf::from(value_of(arg, value)?),
            "--hidden" => request.hidden = number(arg, value)?,
            "--buckets" => request.buckets = number(arg, value)?,
            "--king-buckets" => request.layout = parse_king_buckets(value_of(arg, value)?)?,
            "--epochs" => request.epochs = number(arg, value)?,
            "--batch" => request.batch = number::<usize>(arg, value)?.max(1),
            "--lr" => request.lr = number(arg, value)?,
            "--lr-drop" => request.lr_drop = number(arg, value)?,
            "--drop-every" => request.drop_every = number::<u32>(arg, value)?.max(1),
            "--wdl" => request.wdl = number(arg, value)?,
            "--weight-decay" => request.weight_decay = number(arg, value)?,
            "--skip-plies" => request.skip_plies = number(arg, value)?,
            "--holdout" => request.holdout = number(arg, value)?,
            "--holdout-file" => request.holdout_files.push(PathBuf::from(value_of(arg, value)?)),
            "--max-positions" => request.max_positions = Some(number(arg, value)?),
            "--threads" => request.threads = number::<usize>(arg, value)?.max(1),
            "--seed" => request.seed = number(arg, value)?,
            _ => return Err(format!("unknown option '{arg}'")),
        }
    }
    if !(1..=MAX_HIDDEN).contains(&request.hidden) {
        return Err(format!("--hidden must be 1..{MAX_HIDDEN}"));
    }
    if !(1..=MAX_BUCKETS).contains(&request.buckets) {
        return Err(format!("--buckets must be 1..{MAX_BUCKETS}"));
    }
    Ok(request)
}

/// The mean loss of `samples`.
fn mean_loss(model: &Model, samples: &[Sample], wdl: f32) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let prepared = model.prepare();
    let total: f64 = samples.par_iter().map(|s| f64::from(s.loss(prepared.forward(s), wdl))).sum();
    total / samples.len() as f64
}

/// The mean loss of the quantised `net`, as the engine evaluates: shows what rounding and clipping
/// the weights cost.
fn quantised_mean_loss(net: &Network, samples: &[Sample], wdl: f32) -> f64 {
    let total: f64 = samples
        .par_iter()
        .map(|s| {
            let [ours, theirs] = s.inputs(&net.layout).map(|inputs| {
                let active: Vec<usize> = inputs[..usize::from(s.count)].iter().map(|&f| usize::from(f)).collect();
                net.accumulate(&active)
            });
            let output = net.output(&ours, &theirs, net.bucket(usize::from(s.count)));
            f64::from(s.loss(output as f32 / SCALE as f32, wdl))
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// One pass over `samples` in batches; the mean training loss.
fn epoch(model: &mut Model, optimizer: &mut AdamW, samples: &[Sample], request: &Request, lr: f32) -> f64 {
    let bar = ProgressBar::new(samples.len() as u64);
    if let Ok(style) = ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}") {
        bar.set_style(style);
    }
    let start = Instant::now();
    let mut total = 0.0;
    let mut gradients = Gradients::new(model);
    for batch in samples.chunks(request.batch) {
        let (loss, grad) = gradients.batch(model, batch, request.wdl);
        optimizer.step(&mut model.params, grad, batch.len(), lr, model::CLIP);
        total += loss;
        bar.inc(batch.len() as u64);
        let rate = bar.position() as f64 / start.elapsed().as_secs_f64().max(1e-3);
        bar.set_message(format!("loss {:.6}, {rate:.0} positions/s", total / bar.position() as f64));
    }
    bar.finish_and_clear();
    total / samples.len().max(1) as f64
}

/// The lowest holdout loss of the epochs `csv` records (none yet: infinity).
fn best_holdout_loss(csv: &Path) -> f64 {
    let text = fs::read_to_string(csv).unwrap_or_default();
    let losses = text.lines().skip(1).filter_map(|line| line.split(',').nth(2)?.parse::<f64>().ok());
    losses.fold(f64::INFINITY, f64::min)
}

fn append_csv(path: &Path, line: &str) -> Result<(), String> {
    let mut file =
        OpenOptions::new().create(true).append(true).open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    writeln!(file, "{line}").map_err(|e| format!("{}: {e}", path.display()))
}

fn train(request: &Request) -> Result<(), String> {
    fs::create_dir_all(&request.out).map_err(|e| format!("{}: {e}", request.out.display()))?;
    // Mirrored inputs read a position and its mirror image alike: no copies to add.
    let filter = Filter { skip_plies: request.skip_plies, mirror: request.mirror && !request.layout.mirrored() };
    let Loaded { training, holdout } = if request.holdout_files.is_empty() {
        data::load(&request.data, request.max_positions, &filter, request.holdout, request.seed)?
    } else {
        data::load_apart(&request.data, request.max_positions, &request.holdout_files, &filter, request.seed)?
    };
    eprintln!("{} positions to train on, {} held out (whole games)", training.len(), holdout.len());
    let reference = quantised_mean_loss(&embedded::network(), &holdout, request.wdl);
    eprintln!("the built-in network's holdout loss: {reference:.6}");
    let checkpoint_path = request.out.join("checkpoint.bin");
    let (mut model, mut optimizer, first_epoch) = if request.resume {
        let (model, mut optimizer, epochs) = checkpoint::load(&checkpoint_path)?;
        if model.layout != request.layout {
            return Err("--king-buckets differs from the checkpoint's".to_string());
        }
        optimizer.weight_decay = request.weight_decay;
        (model, optimizer, epochs)
    } else {
        let model = Model::new(request.hidden, request.buckets, request.layout.clone(), request.seed);
        let optimizer = AdamW::new(model.params.len(), request.weight_decay);
        (model, optimizer, 0)
    };
    let csv = request.out.join("loss.csv");
    if first_epoch == 0 {
        let header = "epoch,train_loss,holdout_loss,lr,positions_per_second,built_in_holdout_loss\n";
        fs::write(&csv, header).map_err(|e| e.to_string())?;
    }
    let mut best = best_holdout_loss(&csv);
    for epoch_index in first_epoch..request.epochs {
        let lr = request.lr * request.lr_drop.powi((epoch_index / request.drop_every) as i32);
        let start = Instant::now();
        let train_loss = epoch(&mut model, &mut optimizer, &training, request, lr);
        let rate = training.len() as f64 / start.elapsed().as_secs_f64().max(1e-3);
        let holdout_loss = mean_loss(&model, &holdout, request.wdl);
        let quantised = model.quantise();
        let quantised_loss = quantised_mean_loss(&quantised, &holdout, request.wdl);
        let number = epoch_index + 1;
        eprintln!(
            "epoch {number}: train {train_loss:.6} holdout {holdout_loss:.6} (quantised {quantised_loss:.6}) \
             lr {lr:.6} {rate:.0} positions/s"
        );
        append_csv(&csv, &format!("{number},{train_loss:.7},{holdout_loss:.7},{lr},{rate:.0},{reference:.7}"))?;
        let bytes = quantised.to_bytes();
        let net = request.out.join(format!("net-e{number}.nnue"));
        fs::write(&net, &bytes).map_err(|e| format!("{}: {e}", net.display()))?;
        if holdout_loss < best {
            best = holdout_loss;
            let net = request.out.join(BEST_NET);
            fs::write(&net, &bytes).map_err(|e| format!("{}: {e}", net.display()))?;
            eprintln!("epoch {number} is the best on the holdout so far: {}", net.display());
        }
        checkpoint::save(&checkpoint_path, &model, &optimizer, number)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Commands on net files rather than training.
    let converted = match args.first().map(String::as_str) {
        Some("import-bullet" | "export-bullet") => Some(tools::bullet::convert(&args)),
        Some("widen") => Some(tools::widen::command(&args)),
        _ => None,
    };
    if let Some(outcome) = converted {
        return match outcome {
            Ok(summary) => {
                println!("{summary}");
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("train: {error}");
                ExitCode::from(2)
            }
        };
    }
    if let Some(exit) = tools::usage::shown(&args, USAGE) {
        return exit;
    }
    let request = match parse(&args) {
        Ok(request) if !request.data.is_empty() => request,
        Ok(_) => {
            eprintln!("train: no data files given\n{USAGE}");
            return ExitCode::from(2);
        }
        Err(error) => {
            eprintln!("train: {error}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Err(error) = rayon::ThreadPoolBuilder::new().num_threads(request.threads).build_global() {
        eprintln!("train: {error}");
    }
    match train(&request) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("train: {error}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loss_falls_on_a_small_fixed_sample() {
        let fens = [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N1PN2/PP3PPP/R1BQKB1R b KQkq - 0 5",
            "6k1/5pp1/7p/8/3R4/6P1/5PKP/1r6 b - - 3 40",
        ];
        let samples: Vec<Sample> = fens
            .iter()
            .zip([90, -400, 15, 0, -30, 250])
            .zip([1.0, 0.0, 0.5, 0.5, 0.5, 1.0])
            .map(|((fen, score), result)| Sample::new(&fen.parse().expect("fen"), score, result))
            .collect();
        let mut model = Model::new(16, 4, InputLayout::plain(), 2);
        let mut optimizer = AdamW::new(model.params.len(), 0.0);
        let before = mean_loss(&model, &samples, 0.3);
        let mut gradients = Gradients::new(&model);
        for _ in 0..300 {
            let (_, grad) = gradients.batch(&model, &samples, 0.3);
            optimizer.step(&mut model.params, grad, samples.len(), 0.01, model::CLIP);
        }
        let after = mean_loss(&model, &samples, 0.3);
        assert!(after < before * 0.2, "loss {before} -> {after}");
    }

    #[test]
    fn the_quantised_loss_is_the_float_loss_up_to_rounding() {
        let positions = [
            ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 40, 1.0),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1", -250, 0.0),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", 120, 0.5),
        ];
        let samples: Vec<Sample> = positions
            .iter()
            .map(|(fen, score, result)| Sample::new(&fen.parse().expect("fen"), *score, *result))
            .collect();
        let model = Model::new(32, 1, InputLayout::plain(), 3);
        let (float, quantised) =
            (mean_loss(&model, &samples, 0.3), quantised_mean_loss(&model.quantise(), &samples, 0.3));
        assert!(float > 0.01, "a loss worth comparing: {float}");
        assert!((float - quantised).abs() < 0.002 * float.max(0.01) + 1e-4, "{float} vs {quantised}");
    }

    #[test]
    fn the_best_epoch_is_read_back_from_the_loss_curve() {
        let dir = std::env::temp_dir().join(format!("train-best-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("a scratch folder");
        let csv = dir.join("loss.csv");
        assert_eq!(best_holdout_loss(&csv), f64::INFINITY);
        fs::write(
            &csv,
            "epoch,train_loss,holdout_loss,lr\n1,0.02,0.013,0.001\n2,0.01,0.0121,0.001\n3,0.008,0.0125,0.001\n",
        )
        .expect("write");
        assert_eq!(best_holdout_loss(&csv), 0.0121);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_usage_states_the_defaults() {
        let default = format!("{:?}", Request::default());
        let mut checked = 0;
        for option in USAGE.split('[').skip(1).filter_map(|rest| rest.split(']').next()) {
            let words: Vec<String> = option.split(' ').map(String::from).collect();
            if words.len() == 2 {
                let request = parse(&words).expect("a stated default parses");
                assert_eq!(format!("{request:?}"), default, "{option}");
                checked += 1;
            }
        }
        assert_eq!(checked, 14);
    }

    #[test]
    fn options_are_read_and_bad_ones_refused() {
        let args: Vec<String> = ["--hidden", "64", "--buckets", "4", "--wdl", "0.5", "--resume", "a.games", "b.zst"]
            .map(String::from)
            .into();
        let request = parse(&args).expect("good options");
        assert_eq!((request.hidden, request.buckets, request.wdl, request.resume), (64, 4, 0.5, true));
        assert_eq!(request.data, vec![PathBuf::from("a.games"), PathBuf::from("b.zst")]);
        assert!(parse(&["--hidden".to_string()]).is_err());
        assert!(parse(&["--hidden".to_string(), "0".to_string()]).is_err());
        assert!(parse(&["--buckets".to_string(), "0".to_string()]).is_err());
        assert!(parse(&["--buckets".to_string(), "33".to_string()]).is_err());
        assert!(parse(&["--colour".to_string(), "1".to_string()]).is_err());
        assert_eq!(parse(&["--colour".to_string()]).map(|_| ()), Err("unknown option '--colour'".to_string()));
        let kings = parse(&["--king-buckets".to_string(), ["0"; 32].join(",")]).expect("one mirrored bucket");
        assert!(kings.layout.mirrored() && kings.layout.buckets() == 1);
        assert!(parse(&["--king-buckets".to_string(), "0,1".to_string()]).is_err());
    }
}
