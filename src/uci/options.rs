//! The UCI options table: declarations (`option name ...`), current values and `setoption` checks.

use vampirc_uci::UciOptionConfig;

use super::parse::parse_integer;
use crate::nnue::embedded;
use crate::position::MoveLimit;
#[cfg(feature = "tune")]
use crate::search::params;
use crate::search::strength::{MAX_ELO, MIN_ELO};
use crate::search::{Strength, Syzygy, MAX_THREADS};
use crate::syzygy::root::ClockRule;

/// A spin option: its name, default and range, in one place for `uci` and `setoption`.
pub struct Spin {
    pub name: &'static str,
    pub default: i64,
    pub min: i64,
    pub max: i64,
}

impl Spin {
    fn declare(&self) -> UciOptionConfig {
        UciOptionConfig::Spin {
            name: self.name.to_string(),
            default: Some(self.default),
            min: Some(self.min),
            max: Some(self.max),
        }
    }

    /// The value of `setoption`, clamped into range; a note says when it was clamped.
    fn parse(&self, value: Option<&str>) -> Result<(i64, Option<String>), String> {
        let name = self.name;
        let text = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
        let number = parse_integer(text).ok_or_else(|| format!("option '{name}' needs an integer, got '{text}'"))?;
        let clamped = number.clamp(self.min as i128, self.max as i128) as i64;
        let note =
            (clamped as i128 != number).then(|| format!("option '{name}' value {text} out of range, set to {clamped}"));
        Ok((clamped, note))
    }
}

/// Transposition table size in MiB.
pub const HASH: Spin = Spin { name: "Hash", default: 16, min: 1, max: 65_536 };
/// Search threads (Lazy SMP).
pub const THREADS: Spin = Spin { name: "Threads", default: 1, min: 1, max: MAX_THREADS as i64 };
/// Milliseconds kept in reserve per move for GUI and network lag.
pub const MOVE_OVERHEAD: Spin = Spin { name: "Move Overhead", default: 10, min: 0, max: 5_000 };
/// Principal variations reported, best first.
pub const MULTIPV: Spin = Spin { name: "MultiPV", default: 1, min: 1, max: 256 };
/// The playing strength when `UCI_LimitStrength` is on.
pub const UCI_ELO: Spin = Spin { name: "UCI_Elo", default: MIN_ELO as i64, min: MIN_ELO as i64, max: MAX_ELO as i64 };
/// Centipawns a draw costs the engine (negative: a draw is welcome).
pub const CONTEMPT: Spin = Spin { name: "Contempt", default: 0, min: -1000, max: 1000 };
/// The fifty-move limit in moves: FIDE's fifty by default, 0 = off, up to 100.
pub const RULE50: Spin = Spin { name: "Rule50", default: 50, min: 0, max: 100 };
/// Tables are probed in the tree from this depth (for the largest piece count; fewer at any depth).
pub const SYZYGY_PROBE_DEPTH: Spin = Spin { name: "SyzygyProbeDepth", default: 1, min: 1, max: 100 };
/// Most pieces of a position the tables are probed for (0: never).
pub const SYZYGY_PROBE_LIMIT: Spin = Spin { name: "SyzygyProbeLimit", default: 7, min: 0, max: 7 };
/// The fifty-move limit under which the tables know a win is cursed.
const FIFTY_MOVES: u32 = 50;

/// Current option values, owned by the UCI thread; a search gets a copy of what it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub move_overhead_ms: u64,
    pub chess960: bool,
    pub ponder: bool,
    /// `wdl W D L` in every `info` line with a score.
    pub show_wdl: bool,
    /// `UCI_LimitStrength`: play at `elo`.
    pub limit_strength: bool,
    pub elo: u32,
    pub multipv: usize,
    pub debug_log_file: String,
    /// A network file to evaluate with; empty or `embedded::NAME`: the built-in network.
    pub eval_file: String,
    /// Fifty-move limit in moves (0 = off).
    pub rule50_moves: u32,
    /// Centipawns a draw costs the engine (negative: a draw is welcome).
    pub contempt_cp: i32,
    /// Folders of Syzygy tables, `:` between them; empty: none.
    pub syzygy_path: String,
    pub syzygy_probe_depth: i32,
    pub syzygy_probe_limit: u32,
    /// `Syzygy50MoveRule`: a win the fifty-move rule forestalls is a draw.
    pub syzygy_50_move_rule: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: HASH.default as usize,
            threads: THREADS.default as usize,
            move_overhead_ms: MOVE_OVERHEAD.default as u64,
            chess960: false,
            ponder: false,
            show_wdl: false,
            limit_strength: false,
            elo: UCI_ELO.default as u32,
            multipv: MULTIPV.default as usize,
            debug_log_file: String::new(),
            eval_file: String::new(),
            rule50_moves: RULE50.default as u32,
            contempt_cp: CONTEMPT.default as i32,
            syzygy_path: String::new(),
            syzygy_probe_depth: SYZYGY_PROBE_DEPTH.default as i32,
            syzygy_probe_limit: SYZYGY_PROBE_LIMIT.default as u32,
            syzygy_50_move_rule: true,
        }
    }
}

/// The option declarations sent after `uci`.
pub fn declarations() -> Vec<UciOptionConfig> {
    let check = |name: &str, default| UciOptionConfig::Check { name: name.to_string(), default: Some(default) };
    vec![
        HASH.declare(),
        THREADS.declare(),
        MOVE_OVERHEAD.declare(),
        MULTIPV.declare(),
        CONTEMPT.declare(),
        RULE50.declare(),
        check("Ponder", false),
        check("UCI_Chess960", false),
        check("UCI_ShowWDL", false),
        check("UCI_LimitStrength", false),
        UCI_ELO.declare(),
        UciOptionConfig::Button { name: "Clear Hash".to_string() },
        UciOptionConfig::String { name: "Debug Log File".to_string(), default: Some("<empty>".to_string()) },
        UciOptionConfig::String { name: "EvalFile".to_string(), default: Some(embedded::NAME.to_string()) },
        UciOptionConfig::String { name: "SyzygyPath".to_string(), default: Some("<empty>".to_string()) },
        SYZYGY_PROBE_DEPTH.declare(),
        SYZYGY_PROBE_LIMIT.declare(),
        check("Syzygy50MoveRule", true),
    ]
    .into_iter()
    .chain(tuning_declarations())
    .collect()
}

/// In a `tune` build, a spin option for every search parameter.
#[cfg(feature = "tune")]
fn tuning_declarations() -> Vec<UciOptionConfig> {
    params::PARAMS.iter().map(|p| tuning_spin(p).declare()).collect()
}

#[cfg(not(feature = "tune"))]
fn tuning_declarations() -> Vec<UciOptionConfig> {
    Vec::new()
}

#[cfg(feature = "tune")]
fn tuning_spin(param: &params::Param) -> Spin {
    Spin { name: param.name, default: param.value as i64, min: param.min as i64, max: param.max as i64 }
}

/// In a `tune` build, `setoption` of a search parameter; `None` when `name` is none.
#[cfg(feature = "tune")]
fn set_tuning(name: &str, value: Option<&str>) -> Option<Result<Applied, String>> {
    let param = params::PARAMS.iter().find(|p| p.name == name)?;
    Some(tuning_spin(param).parse(value).map(|(v, note)| {
        params::set(param.name, v as i32);
        Applied { change: Change::Stored, note }
    }))
}

#[cfg(not(feature = "tune"))]
fn set_tuning(_name: &str, _value: Option<&str>) -> Option<Result<Applied, String>> {
    None
}

/// What a successful `setoption` changed, for the UCI layer to act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Hash,
    ClearHash,
    DebugLogFile,
    EvalFile,
    SyzygyPath,
    /// A value the engine only stores (or that needs no action).
    Stored,
}

/// A `setoption` accepted, with a note when the value was clamped into range.
pub struct Applied {
    pub change: Change,
    pub note: Option<String>,
}

impl Options {
    /// Full strength, or the `UCI_Elo` when `UCI_LimitStrength` is on.
    pub fn strength(&self) -> Strength {
        if self.limit_strength {
            Strength::Elo(self.elo)
        } else {
            Strength::Full
        }
    }

    /// The fifty-move limit of the `Rule50` option.
    pub fn move_limit(&self) -> MoveLimit {
        MoveLimit::from_moves(self.rule50_moves)
    }

    /// How the search probes the tables. They know two rules: FIDE's fifty moves and none. With
    /// `Rule50 50` they follow `Syzygy50MoveRule`; with `Rule50 0` they ignore the clock too; under any
    /// other limit they are not probed, as what they call cursed may or may not be won there.
    pub fn syzygy(&self) -> Syzygy {
        let rule = match self.rule50_moves {
            0 => Some(ClockRule::Ignored),
            FIFTY_MOVES if self.syzygy_50_move_rule => Some(ClockRule::Fifty),
            FIFTY_MOVES => Some(ClockRule::Ignored),
            _ => None,
        };
        Syzygy { probe_depth: self.syzygy_probe_depth, probe_limit: self.syzygy_probe_limit, rule }
    }

    /// Applies `setoption name <name> value <value>`. Names are case-insensitive (as in Stockfish).
    /// On error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Applied, String> {
        let value = value.map(str::trim).filter(|v| !v.is_empty());
        let stored = |note| Ok(Applied { change: Change::Stored, note });
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let (mb, note) = HASH.parse(value)?;
                self.hash_mb = mb as usize;
                Ok(Applied { change: Change::Hash, note })
            }
            "threads" => {
                let (n, note) = THREADS.parse(value)?;
                self.threads = n as usize;
                stored(note)
            }
            "move overhead" => {
                let (ms, note) = MOVE_OVERHEAD.parse(value)?;
                self.move_overhead_ms = ms as u64;
                stored(note)
            }
            "multipv" => {
                let (n, note) = MULTIPV.parse(value)?;
                self.multipv = n as usize;
                stored(note)
            }
            "contempt" => {
                let (cp, note) = CONTEMPT.parse(value)?;
                self.contempt_cp = cp as i32;
                stored(note)
            }
            "rule50" => {
                let (moves, note) = RULE50.parse(value)?;
                self.rule50_moves = moves as u32;
                stored(note)
            }
            "ponder" => {
                self.ponder = check(name, value)?;
                stored(None)
            }
            "uci_chess960" => {
                self.chess960 = check(name, value)?;
                stored(None)
            }
            "uci_limitstrength" => {
                self.limit_strength = check(name, value)?;
                stored(None)
            }
            "uci_elo" => {
                let (elo, note) = UCI_ELO.parse(value)?;
                self.elo = elo as u32;
                stored(note)
            }
            "uci_showwdl" => {
                self.show_wdl = check(name, value)?;
                stored(None)
            }
            "clear hash" => Ok(Applied { change: Change::ClearHash, note: None }),
            "debug log file" => {
                self.debug_log_file = path_value(value);
                Ok(Applied { change: Change::DebugLogFile, note: None })
            }
            "evalfile" => {
                self.eval_file = path_value(value);
                Ok(Applied { change: Change::EvalFile, note: None })
            }
            "syzygypath" => {
                self.syzygy_path = path_value(value);
                Ok(Applied { change: Change::SyzygyPath, note: None })
            }
            "syzygyprobedepth" => {
                let (depth, note) = SYZYGY_PROBE_DEPTH.parse(value)?;
                self.syzygy_probe_depth = depth as i32;
                stored(note)
            }
            "syzygyprobelimit" => {
                let (pieces, note) = SYZYGY_PROBE_LIMIT.parse(value)?;
                self.syzygy_probe_limit = pieces as u32;
                stored(note)
            }
            "syzygy50moverule" => {
                self.syzygy_50_move_rule = check(name, value)?;
                stored(None)
            }
            lower => set_tuning(lower, value).unwrap_or_else(|| Err(format!("unknown option '{name}'"))),
        }
    }
}

/// A string option's path: none for no value or Stockfish's `<empty>`.
fn path_value(value: Option<&str>) -> String {
    value.filter(|v| *v != "<empty>").unwrap_or_default().to_string()
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("option '{name}' needs true or false")),
    }
}
