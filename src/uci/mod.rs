//! The UCI front end: reads lines from stdin, keeps the game, the options and the search handle, and
//! answers. It never blocks on a running search (except where UCI says to wait: `quit`, a new `go`).
//!
//! Bad input gets one `info string error: ...` line and changes nothing.

mod display;
pub mod log_file;
pub mod options;
pub mod output;
pub mod parse;

use std::io::BufRead;
use std::sync::Arc;
use std::time::Instant;

use cozy_chess::Color;
use vampirc_uci::UciMessage;

use crate::eval::queen_rook;
use crate::nnue::embedded;
use crate::nnue::network::Network;
use crate::position::{notation, Position};
use crate::search::score::wdl;
use crate::search::{Clock, Job, Limits, Report, Searcher, Settings, TranspositionTable};
use crate::syzygy::{files, Tablebases};
use crate::{bench, genfens, perft};
use options::{Change, Options};
use output::Output;
use parse::{Command, Go, Start};

pub const ENGINE_NAME: &str = concat!("Cozy Engine ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the engine's authors";
/// Deepest `go perft` accepted (deeper would block the UCI thread for days).
const MAX_PERFT_DEPTH: u32 = 15;

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The state the UCI thread owns.
pub struct Engine {
    position: Position,
    options: Options,
    tt: Arc<TranspositionTable>,
    /// The network of `EvalFile`: the built-in one unless another file is loaded.
    network: Arc<Network>,
    /// The Syzygy tables of `SyzygyPath`, if loaded.
    tables: Option<Arc<Tablebases>>,
    searcher: Searcher,
    /// The last `go` was `infinite` or `ponder` (it ends only on `stop`).
    infinite: bool,
    /// Where every line goes.
    out: Output,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine writing to stdout.
    pub fn new() -> Engine {
        Engine::with_output(Output::stdout())
    }

    /// An engine writing its lines to `out`.
    pub fn with_output(out: Output) -> Engine {
        let options = Options::default();
        let tt = TranspositionTable::new(options.hash_mb).unwrap_or_else(|_| TranspositionTable::minimal());
        let tt = Arc::new(tt);
        Engine {
            position: Position::startpos(),
            options,
            tt,
            network: embedded::network(),
            tables: None,
            searcher: Searcher::new(),
            infinite: false,
            out,
        }
    }

    /// Handles one raw input line.
    pub fn handle_line(&mut self, raw: &str) -> Flow {
        log::info!("<< {}", raw.trim_end_matches(['\r', '\n']));
        match parse::parse_line(raw) {
            Ok(command) => self.handle(command),
            Err(message) => {
                self.out.error(&message);
                Flow::Continue
            }
        }
    }

    /// Stops any search and waits for its `bestmove` (end of input or `quit`).
    pub fn shutdown(&mut self) {
        self.searcher.stop();
        self.searcher.wait();
    }

    /// Lets a running search finish by its own limits (an infinite one is stopped), then waits.
    pub fn finish_search(&mut self) {
        if self.infinite {
            self.searcher.stop();
        }
        self.searcher.wait();
    }

    fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::Empty | Command::Register | Command::Debug(_) => {}
            Command::Uci => self.identify(),
            Command::IsReady => self.out.send_message(&UciMessage::ReadyOk),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => self.new_game(),
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(go) => self.go(go),
            Command::Perft(depth) => self.perft(depth),
            Command::Stop => self.searcher.stop(),
            Command::PonderHit => self.searcher.ponderhit(),
            Command::Quit => {
                self.shutdown();
                return Flow::Quit;
            }
            Command::Display => display::show(&self.out, &self.position, &self.options),
            Command::Eval => display::show_eval(&self.out, &self.position, &self.options, &self.network),
            Command::Bench(depth) => self.bench(depth),
            Command::Genfens(request) => self.genfens(&request),
        }
        Flow::Continue
    }

    /// Empties the table and has the next search forget the histories of the earlier ones.
    fn new_game(&self) {
        self.tt.clear();
        self.searcher.forget();
    }

    fn identify(&self) {
        self.out.send_message(&UciMessage::Id { name: Some(ENGINE_NAME.to_string()), author: None });
        self.out.send_message(&UciMessage::Id { name: None, author: Some(ENGINE_AUTHOR.to_string()) });
        for option in options::declarations() {
            self.out.send_message(&UciMessage::Option(option));
        }
        self.out.send_message(&UciMessage::UciOk);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let mut updated = self.options.clone();
        let applied = match updated.set(name, value) {
            Ok(applied) => applied,
            Err(message) => return self.out.error(&message),
        };
        match applied.change {
            // A running search keeps its own handle on the old table.
            Change::Hash => match TranspositionTable::new(updated.hash_mb) {
                Ok(tt) => self.tt = Arc::new(tt),
                Err(message) => return self.out.error(&format!("{message}; Hash stays {} MiB", self.options.hash_mb)),
            },
            Change::ClearHash => self.new_game(),
            Change::DebugLogFile => {
                if let Err(message) = log_file::set_path(&updated.debug_log_file) {
                    return self.out.error(&message);
                }
            }
            Change::EvalFile => match load_network(&updated.eval_file) {
                Ok((network, file)) => {
                    self.out.info_string(&format!("evaluating with {file} ({})", network.shape()));
                    self.network = network;
                    // The table's stored evaluations were the other evaluation's.
                    self.new_game();
                }
                Err(message) => return self.out.error(&format!("EvalFile: {message}; the evaluation in use stays")),
            },
            Change::SyzygyPath => {
                if let Err(message) = self.load_tables(&updated.syzygy_path) {
                    return self.out.error(&format!("SyzygyPath: {message}; the tables in use stay"));
                }
            }
            Change::Stored => {}
        }
        self.options = updated;
        if let Some(note) = applied.note {
            self.out.info_string(&note);
        }
    }

    /// Replaces the tables by those of `path` (none for an empty path) and says what was found. On error
    /// the tables in use stay.
    fn load_tables(&mut self, path: &str) -> Result<(), String> {
        if self.searcher.is_searching() {
            return Err("a search is running; send stop first".to_string());
        }
        if path.is_empty() {
            self.tables = None;
            self.out.info_string("Syzygy tables off");
            return Ok(());
        }
        let found = files::scan(path)?;
        // The probing code holds one set of tables at a time: the old set goes first.
        self.tables = None;
        match Tablebases::open(path, found) {
            Ok(tables) => {
                self.out.info_string(&format!("Syzygy: found {} in '{path}'", tables.describe()));
                self.tables = Some(Arc::new(tables));
                Ok(())
            }
            Err(message) => {
                self.tables = Tablebases::load(&self.options.syzygy_path).ok().map(Arc::new);
                Err(message)
            }
        }
    }

    fn set_position(&mut self, start: Start, moves: &[String]) {
        let mut position = match start {
            Start::StartPos => Position::startpos(),
            Start::Fen(fen) => match Position::from_fen(&fen) {
                Ok(position) => position,
                Err(e) => return self.out.error(&format!("bad FEN '{fen}': {e}")),
            },
        };
        for (i, text) in moves.iter().enumerate() {
            if let Err(e) = position.play_text(text) {
                return self.out.error(&format!("position: move {} {e}; position unchanged", i + 1));
            }
        }
        self.position = position;
    }

    fn limits(&self, go: &Go) -> Result<Limits, String> {
        let board = self.position.board();
        let mut search_moves = Vec::with_capacity(go.searchmoves.len());
        for text in &go.searchmoves {
            search_moves.push(notation::parse(board, text).map_err(|e| format!("searchmoves: {e}"))?);
        }
        let (time, increment) = match board.side_to_move() {
            Color::White => (go.wtime, go.winc),
            Color::Black => (go.btime, go.binc),
        };
        let clock =
            time.map(|time_ms| Clock { time_ms, increment_ms: increment.unwrap_or(0), moves_to_go: go.movestogo });
        let as_u32 = |n: u64| n.min(u32::MAX as u64) as u32;
        Ok(Limits {
            depth: go.depth.map(|d| as_u32(d.clamp(1, parse::MAX_DEPTH))),
            nodes: go.nodes,
            soft_nodes: None,
            mate: go.mate.map(as_u32),
            movetime_ms: go.movetime,
            clock,
            infinite: go.infinite,
            ponder: go.ponder,
            search_moves,
            received: Some(Instant::now()),
        })
    }

    fn go(&mut self, go: Go) {
        let limits = match self.limits(&go) {
            Ok(limits) => limits,
            Err(message) => return self.out.error(&message),
        };
        self.infinite = limits.infinite || limits.ponder;
        let state = self.position.state(self.options.move_limit());
        if state.is_claimable_draw() {
            self.out.info_string(&format!("draw claimable: {}", state.describe()));
        }
        let root = self.position.board().clone();
        queen_rook::prepare(&root);
        let chess960 = self.options.chess960;
        let show_wdl = self.options.show_wdl;
        let out = self.out.clone();
        let reporter = Box::new(move |report: Report| match report {
            Report::Iteration(it) => out.send_message(&output::iteration(&root, &it, chess960, show_wdl)),
            Report::BestMove { best, ponder } => out.send(&output::best_move(&root, best, ponder, chess960)),
        });
        self.searcher.start(Job {
            position: self.position.clone(),
            network: self.network.clone(),
            tablebases: self.tables.clone(),
            limits,
            settings: Settings {
                move_overhead_ms: self.options.move_overhead_ms,
                move_limit: self.options.move_limit(),
                contempt: wdl::search_units(self.options.contempt_cp),
                threads: self.options.threads,
                multipv: self.options.multipv,
                strength: self.options.strength(),
                syzygy: self.options.syzygy(),
            },
            tt: Arc::clone(&self.tt),
            reporter,
        });
    }

    fn perft(&mut self, depth: u64) {
        if self.searcher.is_searching() {
            return self.out.error("go perft: a search is running; send stop first");
        }
        if depth > MAX_PERFT_DEPTH as u64 {
            return self.out.error(&format!("go perft: depth {depth} is above the limit {MAX_PERFT_DEPTH}"));
        }
        let depth = depth as u32;
        let board = self.position.board();
        let mut total = if depth == 0 { 1 } else { 0 };
        for (mv, count) in perft::divide(board, depth).into_iter().filter(|_| depth > 0) {
            self.out.send(&format!("{}: {count}", notation::format(board, mv, self.options.chess960)));
            total += count;
        }
        self.out.send("");
        self.out.send(&format!("Nodes searched: {total}"));
    }

    fn bench(&mut self, depth: Option<u32>) {
        if self.searcher.is_searching() {
            return self.out.error("bench: a search is running; send stop first");
        }
        let (nodes, nps) = bench::run(depth, 1, Arc::clone(&self.network));
        self.out.send(&format!("{nodes} nodes {nps} nps"));
    }

    fn genfens(&mut self, request: &genfens::Request) {
        if self.searcher.is_searching() {
            return self.out.error("genfens: a search is running; send stop first");
        }
        let emit = |fen: &str| self.out.send(&format!("info string genfens {fen}"));
        if let Err(message) = genfens::run(request, Arc::clone(&self.network), emit) {
            self.out.error(&message);
        }
    }
}

/// The network in the file at `path`, or the built-in one for its name or an empty path, with
/// words naming it.
fn load_network(path: &str) -> Result<(Arc<Network>, String), String> {
    if embedded::is_built_in(path) {
        return Ok((embedded::network(), format!("the built-in network {}", embedded::NAME)));
    }
    Ok((Arc::new(Network::read(path)?), format!("the network of {path}")))
}

/// The UCI loop on stdin until `quit` or end of input. Lines need not be UTF-8.
pub fn run() {
    log_file::init();
    let mut engine = Engine::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buffer);
                if engine.handle_line(&line) == Flow::Quit {
                    return;
                }
            }
        }
    }
    engine.shutdown();
}
