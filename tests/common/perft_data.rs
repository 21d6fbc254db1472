//! Reader for the perft suites in `tests/data/perft/`, shared by the perft test files (`#[path]`
//! module).
//!
//! Two formats, possibly mixed in one file:
//! - EPD lines `FEN ;D1 n ;D2 n ... [;id "name"]`, with any spacing around the `;` (`FEN; D1 n; D2 n`
//!   also occurs); the FEN may have 4 to 6 fields.
//! - python-chess `.perft` blocks: `id name`, then `epd FEN`, then `perft N count` lines.
//!
//! Lines starting with `#` and blank lines are skipped.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;

/// One position of a suite with its expected perft counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// Suite file name, for messages.
    pub file: String,
    /// 1-based line of the FEN in the file.
    pub line: usize,
    /// The `id` of the position, if the file gives one.
    pub id: Option<String>,
    pub fen: String,
    /// `(depth, expected leaf count)` in file order.
    pub depths: Vec<(u32, u64)>,
}

impl PerftCase {
    /// Where the case comes from, for failure messages: `file:line [id]`.
    pub fn origin(&self) -> String {
        match &self.id {
            Some(id) => format!("{}:{} ({id})", self.file, self.line),
            None => format!("{}:{}", self.file, self.line),
        }
    }

    /// The expected count at `depth`, if listed.
    pub fn expected(&self, depth: u32) -> Option<u64> {
        self.depths.iter().find(|&&(d, _)| d == depth).map(|&(_, n)| n)
    }
}

/// Path of a suite file in `tests/data/perft/`.
pub fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("data").join("perft").join(name)
}

/// Reads and parses a suite file of `tests/data/perft/`; panics with the reason on any error.
pub fn load(name: &str) -> Vec<PerftCase> {
    let path = path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let cases = parse(name, &text).unwrap_or_else(|e| panic!("{e}"));
    assert!(!cases.is_empty(), "{name}: no positions");
    cases
}

/// Parses suite text (`file` names it in errors and in the cases).
pub fn parse(file: &str, text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases: Vec<PerftCase> = Vec::new();
    // A python-chess block being read: its `id`, then the case once its `epd` line is seen.
    let mut pending_id: Option<String> = None;
    let mut in_block = false;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |message: String| format!("{file}:{line_no}: {message}: '{line}'");
        if let Some(id) = line.strip_prefix("id ") {
            pending_id = Some(unquote(id.trim()).to_string());
            in_block = false;
        } else if let Some(fen) = line.strip_prefix("epd ") {
            cases.push(PerftCase {
                file: file.to_string(),
                line: line_no,
                id: pending_id.take(),
                fen: fen.trim().to_string(),
                depths: Vec::new(),
            });
            in_block = true;
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let case = cases.last_mut().filter(|_| in_block).ok_or_else(|| err("'perft' before any 'epd'".into()))?;
            let mut parts = rest.split_whitespace();
            let (Some(depth), Some(count), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(err("expected 'perft <depth> <count>'".into()));
            };
            case.depths.push((parse_num(depth).map_err(&err)?, parse_num(count).map_err(&err)?));
        } else {
            in_block = false;
            if pending_id.is_some() {
                return Err(err("'id' without an 'epd' line".into()));
            }
            cases.push(parse_epd(file, line_no, line).map_err(err)?);
        }
    }
    if let Some(case) = cases.iter().find(|c| c.depths.is_empty()) {
        return Err(format!("{}: no perft counts for '{}'", case.origin(), case.fen));
    }
    Ok(cases)
}

/// One `FEN ;D1 n ;D2 n [;id "x"]` line.
fn parse_epd(file: &str, line_no: usize, line: &str) -> Result<PerftCase, String> {
    let mut fields = line.split(';').map(str::trim);
    let fen = fields.next().unwrap_or_default();
    let fen_fields = fen.split_whitespace().count();
    if !(4..=6).contains(&fen_fields) {
        return Err(format!("FEN with {fen_fields} fields"));
    }
    let mut case = PerftCase { file: file.to_string(), line: line_no, id: None, fen: fen.to_string(), depths: vec![] };
    for field in fields.filter(|f| !f.is_empty()) {
        if let Some(id) = field.strip_prefix("id ") {
            case.id = Some(unquote(id.trim()).to_string());
        } else if let Some(rest) = field.strip_prefix('D') {
            let (depth, count) =
                rest.split_once(char::is_whitespace).ok_or_else(|| format!("bad depth field '{field}'"))?;
            case.depths.push((parse_num(depth)?, parse_num(count.trim())?));
        } else {
            return Err(format!("unknown field '{field}'"));
        }
    }
    Ok(case)
}

fn parse_num<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("'{text}' is not a number"))
}

fn unquote(text: &str) -> &str {
    text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text)
}
