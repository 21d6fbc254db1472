//! The UCI options table: declarations (`option name ...`), current values and `setoption` checks.

use vampirc_uci::UciOptionConfig;

use super::parse::parse_integer;
use crate::position::MoveLimit;

pub const DEFAULT_HASH_MB: i64 = 16;
const MAX_HASH_MB: i64 = 65_536;
pub const DEFAULT_MOVE_OVERHEAD_MS: i64 = 10;
const MAX_MOVE_OVERHEAD_MS: i64 = 5_000;
/// One search thread for now; the option is declared so GUIs can set it.
const MAX_THREADS: i64 = 1;
/// One principal variation for now.
const MAX_MULTIPV: i64 = 1;
/// `Rule50`: FIDE's fifty moves by default, 0 = off, up to 100 moves.
pub const DEFAULT_RULE50_MOVES: i64 = 50;
const MAX_RULE50_MOVES: i64 = 100;
/// `Contempt` bounds in centipawns.
const MAX_CONTEMPT_CP: i64 = 1000;

/// Current option values, owned by the UCI thread; a search gets a copy of what it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub move_overhead_ms: u64,
    pub chess960: bool,
    pub ponder: bool,
    pub multipv: usize,
    pub debug_log_file: String,
    /// Fifty-move limit in moves (0 = off).
    pub rule50_moves: u32,
    /// Centipawns a draw costs the engine (negative: a draw is welcome).
    pub contempt_cp: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: DEFAULT_HASH_MB as usize,
            threads: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS as u64,
            chess960: false,
            ponder: false,
            multipv: 1,
            debug_log_file: String::new(),
            rule50_moves: DEFAULT_RULE50_MOVES as u32,
            contempt_cp: 0,
        }
    }
}

/// The option declarations sent after `uci`.
pub fn declarations() -> Vec<UciOptionConfig> {
    let spin = |name: &str, default, min, max| UciOptionConfig::Spin {
        name: name.to_string(),
        default: Some(default),
        min: Some(min),
        max: Some(max),
    };
    let check = |name: &str, default| UciOptionConfig::Check { name: name.to_string(), default: Some(default) };
    vec![
        spin("Hash", DEFAULT_HASH_MB, 1, MAX_HASH_MB),
        spin("Threads", 1, 1, MAX_THREADS),
        spin("Move Overhead", DEFAULT_MOVE_OVERHEAD_MS, 0, MAX_MOVE_OVERHEAD_MS),
        spin("MultiPV", 1, 1, MAX_MULTIPV),
        spin("Contempt", 0, -MAX_CONTEMPT_CP, MAX_CONTEMPT_CP),
        spin("Rule50", DEFAULT_RULE50_MOVES, 0, MAX_RULE50_MOVES),
        check("Ponder", false),
        check("UCI_Chess960", false),
        UciOptionConfig::Button { name: "Clear Hash".to_string() },
        UciOptionConfig::String { name: "Debug Log File".to_string(), default: Some("<empty>".to_string()) },
    ]
}

/// What a successful `setoption` changed, for the UCI layer to act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Hash,
    ClearHash,
    DebugLogFile,
    /// A value the engine only stores (or that needs no action).
    Stored,
}

/// A `setoption` accepted, with a note when the value was clamped into range.
pub struct Applied {
    pub change: Change,
    pub note: Option<String>,
}

impl Options {
    /// The fifty-move limit of the `Rule50` option.
    pub fn move_limit(&self) -> MoveLimit {
        MoveLimit::from_moves(self.rule50_moves)
    }

    /// Applies `setoption name <name> value <value>`. Names are case-insensitive (as in Stockfish).
    /// On error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Applied, String> {
        let value = value.map(str::trim).filter(|v| !v.is_empty());
        let stored = |note| Ok(Applied { change: Change::Stored, note });
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let (mb, note) = spin(name, value, 1, MAX_HASH_MB)?;
                self.hash_mb = mb as usize;
                Ok(Applied { change: Change::Hash, note })
            }
            "threads" => {
                let (n, note) = spin(name, value, 1, MAX_THREADS)?;
                self.threads = n as usize;
                stored(note)
            }
            "move overhead" => {
                let (ms, note) = spin(name, value, 0, MAX_MOVE_OVERHEAD_MS)?;
                self.move_overhead_ms = ms as u64;
                stored(note)
            }
            "multipv" => {
                let (n, note) = spin(name, value, 1, MAX_MULTIPV)?;
                self.multipv = n as usize;
                stored(note)
            }
            "contempt" => {
                let (cp, note) = spin(name, value, -MAX_CONTEMPT_CP, MAX_CONTEMPT_CP)?;
                self.contempt_cp = cp as i32;
                stored(note)
            }
            "rule50" => {
                let (moves, note) = spin(name, value, 0, MAX_RULE50_MOVES)?;
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
            "clear hash" => Ok(Applied { change: Change::ClearHash, note: None }),
            "debug log file" => {
                let path = value.filter(|v| *v != "<empty>").unwrap_or_default();
                self.debug_log_file = path.to_string();
                Ok(Applied { change: Change::DebugLogFile, note: None })
            }
            _ => Err(format!("unknown option '{name}'")),
        }
    }
}

/// A spin value clamped into `min..=max`; a note says when it was clamped.
fn spin(name: &str, value: Option<&str>, min: i64, max: i64) -> Result<(i64, Option<String>), String> {
    let text = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
    let number = parse_integer(text).ok_or_else(|| format!("option '{name}' needs an integer, got '{text}'"))?;
    let clamped = number.clamp(min as i128, max as i128) as i64;
    let note =
        (clamped as i128 != number).then(|| format!("option '{name}' value {text} out of range, set to {clamped}"));
    Ok((clamped, note))
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("option '{name}' needs true or false")),
    }
}
