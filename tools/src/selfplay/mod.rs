//! `datagen`: self-play games at a fixed node budget, the training data of an evaluation.
//!
//! ```text
//! datagen --seed S --out DIR [--games N] [--threads T] [--nodes N] [--chess960 PCT]
//!         [--eval-file NET]
//! datagen pack OUT.zst FILE...    whole games of the files, zstd-compressed into one chunk
//! datagen stats FILE...           games, positions, results and bytes a position
//! ```
//!
//! Each thread plays its share of the games with its own table and histories (cleared every game)
//! and its own random generator, seeded from the seed and its number, and appends every finished
//! game to its own file (`DIR/s<seed>-t<thread>.games`), flushed at once: the output depends only
//! on the seed, the thread count and the build (and the net), and a run that is killed leaves whole
//! games behind. The games are played with the built-in network, or with the one `--eval-file`
//! names (as the UCI option `EvalFile` loads it).

mod game;

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use engine::nnue::embedded;
use engine::nnue::network::Network;
use engine::rng::Rng;
use game::{GameSettings, Player};

use crate::data::format::GameRecord;

/// Transposition table of each data-generation thread, in MiB.
const HASH_MB: usize = 16;
/// How often a run without a terminal logs its totals.
const LOG_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// What `datagen` was asked for.
#[derive(Clone, Debug)]
pub struct Request {
    pub games: u64,
    pub threads: usize,
    pub seed: u64,
    pub out: PathBuf,
    pub game: GameSettings,
    /// The network the games are played with.
    pub network: Arc<Network>,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            games: 1_000,
            threads: 1,
            seed: 1,
            out: PathBuf::from("data"),
            game: GameSettings::default(),
            network: embedded::network(),
        }
    }
}

/// Reads `--flag value` pairs into a request. `--seed` and `--out` are required: a run that wrote
/// into a default folder with a default seed would repeat another's games unnoticed.
pub fn parse(args: &[String]) -> Result<Request, String> {
    let mut request = Request::default();
    for pair in args.chunks(2) {
        let [flag, value] = pair else { return Err(format!("{} needs a value", pair[0])) };
        let number = || value.parse::<u64>().map_err(|_| format!("{flag} needs a number, got '{value}'"));
        match flag.as_str() {
            "--games" => request.games = number()?,
            "--threads" => request.threads = number()?.clamp(1, 256) as usize,
            "--nodes" => request.game.soft_nodes = number()?.max(1),
            "--seed" => request.seed = number()?,
            "--chess960" => request.game.chess960_pct = number()?.min(100),
            "--out" => request.out = PathBuf::from(value),
            "--eval-file" => request.network = Arc::new(Network::read(value)?),
            _ => return Err(format!("unknown option '{flag}'")),
        }
    }
    for required in ["--seed", "--out"] {
        if !args.iter().step_by(2).any(|flag| flag == required) {
            return Err(format!("self-play needs {required}"));
        }
    }
    Ok(request)
}

/// Running totals over all threads.
#[derive(Default)]
struct Totals {
    games: AtomicU64,
    positions: AtomicU64,
    /// By `Outcome` (black wins, draws, white wins).
    outcomes: [AtomicU64; 3],
}

impl Totals {
    fn add(&self, game: &GameRecord) {
        self.games.fetch_add(1, Ordering::Relaxed);
        self.positions.fetch_add(game.moves.len() as u64, Ordering::Relaxed);
        self.outcomes[game.outcome as usize].fetch_add(1, Ordering::Relaxed);
    }

    fn summary(&self, seconds: f64, threads: usize) -> String {
        let positions = self.positions.load(Ordering::Relaxed);
        let per_second = positions as f64 / seconds.max(1e-3);
        let [black, draws, white] = self.outcomes.each_ref().map(|n| n.load(Ordering::Relaxed));
        format!(
            "{} games, {positions} positions, {per_second:.0} positions/s ({:.0} a thread), \
             white/draw/black {white}/{draws}/{black}, {seconds:.0} s",
            self.games.load(Ordering::Relaxed),
            per_second / threads as f64
        )
    }
}

/// The file thread `thread` of a run writes.
fn output_path(request: &Request, thread: usize) -> PathBuf {
    request.out.join(format!("s{}-t{thread}.games", request.seed))
}

/// Plays `games` games on one thread, appending each to `path` as it ends.
fn generate(request: &Request, thread: usize, games: u64, totals: &Totals, bar: &ProgressBar) -> Result<(), String> {
    let path = output_path(request, thread);
    let file = File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = BufWriter::new(file);
    let mut rng = Rng::new(request.seed.wrapping_mul(0x1000_0000_01B3) ^ thread as u64);
    let mut player = Player::new(HASH_MB, request.network.clone());
    let mut played = 0;
    while played < games {
        let Some(game) = game::play(&mut rng, &request.game, &mut player) else { continue };
        let bytes = game.encode().ok_or("a game too long for the format")?;
        out.write_all(&bytes).and_then(|_| out.flush()).map_err(|e| format!("{}: {e}", path.display()))?;
        totals.add(&game);
        played += 1;
        bar.inc(1);
    }
    Ok(())
}

/// Shows the totals on the progress bar until `done`, or with no terminal (a background run) logs
/// them every `LOG_EVERY`.
fn report_until(done: impl Fn() -> bool, totals: &Totals, bar: &ProgressBar, threads: usize) {
    let start = Instant::now();
    let mut logged = Instant::now();
    while !done() {
        let summary = totals.summary(start.elapsed().as_secs_f64(), threads);
        if !bar.is_hidden() {
            bar.set_message(summary);
        } else if logged.elapsed() >= LOG_EVERY {
            eprintln!("{summary}");
            logged = Instant::now();
        }
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
}

/// `datagen ...`: plays the games and prints the totals.
pub fn run(request: &Request) -> Result<String, String> {
    fs::create_dir_all(&request.out).map_err(|e| format!("{}: {e}", request.out.display()))?;
    // Built now rather than in the background when a game first nears the ending, so that the games
    // do not depend on when a build ends (a second or two, once a run).
    engine::eval::queen_rook::table();
    let totals = Totals::default();
    let bar = ProgressBar::new(request.games);
    let style = ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} games {msg}")
        .map_err(|e| e.to_string())?;
    bar.set_style(style);
    let start = Instant::now();
    let threads = request.threads as u64;
    let errors: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..request.threads)
            .map(|t| {
                let games = request.games / threads + u64::from((t as u64) < request.games % threads);
                let (totals, bar) = (&totals, &bar);
                std::thread::Builder::new()
                    .stack_size(engine::search::SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || generate(request, t, games, totals, bar))
            })
            .collect();
        let all_done = || handles.iter().all(|h| h.as_ref().map_or(true, |h| h.is_finished()));
        report_until(all_done, &totals, &bar, request.threads);
        handles
            .into_iter()
            .filter_map(|h| match h.map_err(|e| e.to_string()).and_then(|h| h.join().map_err(|_| "panic".into())) {
                Ok(Ok(())) => None,
                Ok(Err(e)) | Err(e) => Some(e),
            })
            .collect()
    });
    bar.finish_and_clear();
    match errors.first() {
        Some(error) => Err(error.clone()),
        None => Ok(totals.summary(start.elapsed().as_secs_f64(), request.threads)),
    }
}
