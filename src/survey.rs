//! `survey960`: searches Chess960 start positions (or a sample of double Chess960 pairs) one after
//! another and writes one CSV row for each: its number, its Shredder-FEN, the best move, the
//! normalised score, the win/draw/loss shares, the depth and the principal variation.
//!
//! ```text
//! engine survey960 [--depth D | --nodes N] [--threads T] [--hash MB] [--from A] [--to B] --out FILE.csv
//! engine survey960 --dfrc --sample K [--seed S] ... --out FILE.csv
//! ```
//!
//! Each position is searched as a game of its own (an empty table, fresh histories). A run resumes:
//! positions already in the CSV are skipped, so a stopped survey goes on where it stopped.

use std::collections::HashSet;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::nnue::network::Network;
use crate::position::{fen, notation, Position};
use crate::rng::Rng;
use crate::search::score::wdl;
use crate::search::score::UciScore;
use crate::search::{self, DirectSearch, Iteration, Limits, Report, TranspositionTable};

/// The CSV's first line.
pub const HEADER: &str = "number,fen,bestmove,cp,win,draw,loss,depth,pv";
/// Chess960 start positions are numbered 0 to `LAST`.
const LAST: u32 = 959;
/// Depth searched when neither `--depth` nor `--nodes` is given.
const DEFAULT_DEPTH: u32 = 12;
const DEFAULT_HASH_MB: usize = 16;
const USAGE: &str = "usage: engine survey960 [--depth D | --nodes N] [--threads T] [--hash MB] [--from A] [--to B] \
                     [--dfrc --sample K [--seed S]] --out FILE.csv";

/// What to survey and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub limits: (Option<u32>, Option<u64>),
    pub threads: usize,
    pub hash_mb: usize,
    pub from: u32,
    pub to: u32,
    /// Double Chess960: this many pairs drawn with this seed.
    pub dfrc: Option<(usize, u64)>,
    pub out: PathBuf,
}

/// One position to survey: its label in the CSV and the position.
struct Start {
    number: String,
    position: Position,
}

/// Reads the command line after `survey960`.
pub fn parse(args: &[String]) -> Result<Request, String> {
    let mut request = Request {
        limits: (None, None),
        threads: 1,
        hash_mb: DEFAULT_HASH_MB,
        from: 0,
        to: LAST,
        dfrc: None,
        out: PathBuf::new(),
    };
    let (mut dfrc, mut sample, mut seed) = (false, None, 1);
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value\n{USAGE}"));
        let number = |text: &String| text.parse::<u64>().map_err(|_| format!("{word}: not a number: {text}"));
        match word.as_str() {
            "--depth" => request.limits.0 = Some(number(value()?)?.clamp(1, 100) as u32),
            "--nodes" => request.limits.1 = Some(number(value()?)?.max(1)),
            "--threads" => request.threads = number(value()?)?.clamp(1, search::MAX_THREADS as u64) as usize,
            "--hash" => request.hash_mb = number(value()?)?.clamp(1, 65536) as usize,
            "--from" => request.from = u32::try_from(number(value()?)?).unwrap_or(u32::MAX),
            "--to" => request.to = u32::try_from(number(value()?)?).unwrap_or(u32::MAX),
            "--sample" => sample = Some(number(value()?)? as usize),
            "--seed" => seed = number(value()?)?,
            "--dfrc" => dfrc = true,
            "--out" => request.out = PathBuf::from(value()?),
            _ => return Err(format!("unknown argument {word}\n{USAGE}")),
        }
    }
    if request.out.as_os_str().is_empty() {
        return Err(format!("--out is required\n{USAGE}"));
    }
    if request.from > request.to || request.to > LAST {
        return Err(format!("bad range {}..{}: positions are numbered 0 to {LAST}", request.from, request.to));
    }
    if dfrc {
        let pairs = sample.ok_or("--dfrc needs --sample K")?;
        if pairs == 0 || pairs > 960 * 960 {
            return Err(format!("--sample {pairs}: from 1 to {} pairs", 960 * 960));
        }
        request.dfrc = Some((pairs, seed));
    }
    if request.limits == (None, None) {
        request.limits.0 = Some(DEFAULT_DEPTH);
    }
    Ok(request)
}

/// The positions of the request, in order.
fn starts(request: &Request) -> Vec<Start> {
    match request.dfrc {
        None => (request.from..=request.to)
            .filter_map(|n| Position::chess960(n).map(|position| Start { number: n.to_string(), position }))
            .collect(),
        Some((pairs, seed)) => {
            let mut rng = Rng::new(seed);
            let mut seen = HashSet::new();
            let mut out = Vec::new();
            while out.len() < pairs {
                let (white, black) = ((rng.next_u64() % 960) as u32, (rng.next_u64() % 960) as u32);
                if seen.insert((white, black)) {
                    if let Some(position) = Position::double_chess960(white, black) {
                        out.push(Start { number: format!("{white}-{black}"), position });
                    }
                }
            }
            out
        }
    }
}

/// The numbers already in the CSV (its first column), to be skipped.
fn done(request: &Request) -> HashSet<String> {
    let text = fs::read_to_string(&request.out).unwrap_or_default();
    text.lines().skip(1).filter_map(|line| line.split(',').next()).map(str::to_string).collect()
}

/// Runs the survey; returns what it did, or why it could not.
pub fn run(request: &Request, network: Arc<Network>) -> Result<String, String> {
    let done = done(request);
    let todo: Vec<Start> = starts(request).into_iter().filter(|s| !done.contains(&s.number)).collect();
    let fresh = fs::metadata(&request.out).map(|m| m.len() == 0).unwrap_or(true);
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&request.out)
        .map_err(|e| format!("{}: {e}", request.out.display()))?;
    let write_error = |e: std::io::Error| format!("{}: {e}", request.out.display());
    if fresh {
        writeln!(file, "{HEADER}").map_err(write_error)?;
    }
    let mut searcher = DirectSearch::new(TranspositionTable::new(request.hash_mb)?, network);
    let started = Instant::now();
    for (i, start) in todo.iter().enumerate() {
        searcher.forget();
        let row = survey(start, request, &mut searcher);
        writeln!(file, "{row}").map_err(write_error)?;
        file.flush().map_err(write_error)?;
        let elapsed = started.elapsed().as_secs_f64();
        let left = elapsed / (i + 1) as f64 * (todo.len() - i - 1) as f64;
        eprint!("\rsurvey960: {}/{} positions, {elapsed:.0} s, about {left:.0} s left ", i + 1, todo.len());
    }
    eprintln!();
    Ok(format!("{} positions searched, {} already in {}", todo.len(), done.len(), request.out.display()))
}

/// Searches one start position and returns its CSV row.
fn survey(start: &Start, request: &Request, searcher: &mut DirectSearch) -> String {
    let last: Arc<Mutex<Option<Iteration>>> = Arc::default();
    let sink = Arc::clone(&last);
    let reporter = Box::new(move |report: Report| {
        if let (Report::Iteration(it), Ok(mut slot)) = (report, sink.lock()) {
            if it.multipv == 1 {
                *slot = Some(it);
            }
        }
    });
    let limits = Limits { depth: request.limits.0, nodes: request.limits.1, ..Limits::default() };
    let result = searcher.search(&start.position, limits, request.threads, reporter);
    let board = start.position.board();
    let iteration = last.lock().ok().and_then(|slot| slot.clone());
    let (score, depth, pv) = match iteration {
        Some(it) => (it.score, it.depth, it.pv),
        None => (result.score, result.depth, result.best.into_iter().collect()),
    };
    let cp = match wdl::shown(score) {
        UciScore::Mate(moves) => format!("mate {moves}"),
        UciScore::Centipawns(cp) => cp.to_string(),
    };
    let shares = wdl::estimate(board, score);
    let best = result.best.map(|mv| notation::format(board, mv, true)).unwrap_or_default();
    let line: Vec<String> = notation::line(board, &pv, true).iter().map(ToString::to_string).collect();
    let pv_text = line.join(" ");
    format!(
        "{},{},{best},{cp},{},{},{},{depth},{}",
        start.number,
        fen::format(board, 0, true),
        shares.win,
        shares.draw,
        shares.loss,
        pv_text
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn arguments_are_read_and_bad_ones_are_errors() {
        let request = parse(&args("--nodes 500 --from 3 --to 5 --out x.csv")).expect("valid");
        assert_eq!((request.limits, request.from, request.to), ((None, Some(500)), 3, 5));
        assert_eq!(parse(&args("--out x.csv")).expect("valid").limits, (Some(DEFAULT_DEPTH), None));
        assert!(parse(&args("--from 5 --to 3 --out x.csv")).is_err_and(|e| e.contains("bad range")));
        assert!(parse(&args("--to 960 --out x.csv")).is_err_and(|e| e.contains("bad range")));
        assert!(parse(&args("--from 1")).is_err_and(|e| e.contains("--out")));
        assert!(parse(&args("--dfrc --out x.csv")).is_err_and(|e| e.contains("--sample")));
        assert!(parse(&args("--depth x --out x.csv")).is_err_and(|e| e.contains("not a number")));
        assert!(parse(&args("--frobnicate --out x.csv")).is_err_and(|e| e.contains("unknown")));
    }

    #[test]
    fn a_double_chess960_sample_is_distinct_and_the_same_for_the_same_seed() {
        let request = parse(&args("--dfrc --sample 50 --seed 9 --out x.csv")).expect("valid");
        let numbers: Vec<String> = starts(&request).into_iter().map(|s| s.number).collect();
        assert_eq!(numbers.len(), 50);
        assert_eq!(numbers.iter().collect::<HashSet<_>>().len(), 50);
        let again: Vec<String> = starts(&request).into_iter().map(|s| s.number).collect();
        assert_eq!(numbers, again);
    }
}
