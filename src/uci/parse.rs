//! Reading UCI commands: normalise a raw line, then parse it into a `Command`.
//!
//! vampirc-uci parses the simple commands (uci, debug, isready, setoption, register, ucinewgame,
//! stop, ponderhit, quit). It is unmaintained and wrong on the rest, so this layer parses those
//! itself: `position` (vampirc rejects Shredder-FEN castling and FENs without clocks), `go` (vampirc
//! panics on trailing spaces and on numbers above 255, loses `ponder` when clocks follow, and has no
//! `perft`), and the engine's own commands (`d`, `eval`, `bench`, `genfens`). vampirc also drops trailing junk
//! silently, so its result must print back as the line it came from. A panic inside vampirc is caught
//! and reported as a parse error: no input can bring the engine down.

use std::panic::{self, AssertUnwindSafe};

use vampirc_uci::{Serializable, UciMessage};

use crate::genfens;

/// Deepest `go depth` searched; larger values are clamped.
pub const MAX_DEPTH: u64 = 127;

/// `position` arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// `go` arguments, times in milliseconds (negative times count as 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u64>,
    pub depth: Option<u64>,
    pub nodes: Option<u64>,
    pub mate: Option<u64>,
    pub movetime: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    pub searchmoves: Vec<String>,
}

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Empty,
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Register,
    UciNewGame,
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Go),
    Perft(u64),
    Stop,
    PonderHit,
    Quit,
    /// `d`: show the board, FEN, key and draw state.
    Display,
    /// `eval`: show the static evaluation.
    Eval,
    /// `bench [depth]`.
    Bench(Option<u32>),
    /// `genfens N seed S book <None|FILE> [frc|dfrc]`: OpenBench's opening positions.
    Genfens(genfens::Request),
}

/// Collapses whitespace and removes control characters (CR, NUL, escape codes...).
pub fn normalise(raw: &str) -> String {
    let cleaned: String = raw.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Parses one raw input line.
pub fn parse_line(raw: &str) -> Result<Command, String> {
    let line = normalise(raw);
    let tokens: Vec<&str> = line.split(' ').filter(|t| !t.is_empty()).collect();
    let Some(&word) = tokens.first() else {
        return Ok(Command::Empty);
    };
    match word {
        "position" => parse_position(&tokens[1..]),
        "go" => parse_go(&tokens[1..]),
        "d" => no_arguments(&tokens, Command::Display),
        "eval" => no_arguments(&tokens, Command::Eval),
        "bench" => parse_bench(&tokens[1..]),
        "genfens" => genfens::parse(&tokens[1..]).map(Command::Genfens),
        "uci" | "debug" | "isready" | "setoption" | "register" | "ucinewgame" | "stop" | "ponderhit" | "quit" => {
            parse_with_vampirc(&line)
        }
        _ => Err(format!("unknown command '{}'", shorten(word))),
    }
}

fn no_arguments(tokens: &[&str], command: Command) -> Result<Command, String> {
    match tokens.get(1) {
        None => Ok(command),
        Some(extra) => Err(format!("unexpected '{}' after '{}'", shorten(extra), tokens[0])),
    }
}

/// Long junk is cut in error messages.
fn shorten(text: &str) -> String {
    const LIMIT: usize = 40;
    if text.chars().count() <= LIMIT {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(LIMIT).collect::<String>())
    }
}

fn parse_with_vampirc(line: &str) -> Result<Command, String> {
    let parsed = panic::catch_unwind(AssertUnwindSafe(|| vampirc_uci::parse_one(line)));
    let message = parsed.map_err(|_| format!("cannot parse '{}'", shorten(line)))?;
    // vampirc drops what it does not understand; insist that it understood the whole line.
    let round_trip = match &message {
        UciMessage::SetOption { .. } | UciMessage::Register { .. } | UciMessage::Unknown(..) => true,
        other => other.serialize() == line,
    };
    if !round_trip {
        return Err(format!("unexpected arguments in '{}'", shorten(line)));
    }
    match message {
        UciMessage::Uci => Ok(Command::Uci),
        UciMessage::Debug(on) => Ok(Command::Debug(on)),
        UciMessage::IsReady => Ok(Command::IsReady),
        UciMessage::SetOption { name, value } => Ok(Command::SetOption { name: name.trim().to_string(), value }),
        UciMessage::Register { .. } => Ok(Command::Register),
        UciMessage::UciNewGame => Ok(Command::UciNewGame),
        UciMessage::Stop => Ok(Command::Stop),
        UciMessage::PonderHit => Ok(Command::PonderHit),
        UciMessage::Quit => Ok(Command::Quit),
        _ => Err(format!("cannot parse '{}'", shorten(line))),
    }
}

fn parse_position(args: &[&str]) -> Result<Command, String> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"fen", fields)) if !fields.is_empty() => Start::Fen(fields.join(" ")),
        Some((&"fen", _)) => return Err("position fen: the FEN is missing".to_string()),
        Some((&"startpos", rest)) => return Err(format!("position startpos: unexpected '{}'", shorten(rest[0]))),
        _ => return Err("position needs 'startpos' or 'fen <FEN>'".to_string()),
    };
    Ok(Command::Position { start, moves: moves.iter().map(|m| m.to_string()).collect() })
}

/// An integer of any size (out-of-range values are clamped by the caller, not rejected).
pub fn parse_integer(text: &str) -> Option<i128> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude: i128 = digits.parse().unwrap_or(i128::MAX);
    Some(if text.starts_with('-') { -magnitude } else { magnitude })
}

/// A time argument of `keyword` in ms: negatives become 0 (some GUIs send a negative clock when a
/// player is late), huge values saturate.
fn time(keyword: &str, value: Option<&&str>) -> Result<u64, String> {
    let text = value.ok_or_else(|| format!("go {keyword}: missing value"))?;
    let n = parse_integer(text).ok_or_else(|| format!("go {keyword}: '{}' is not a number", shorten(text)))?;
    Ok(n.clamp(0, u64::MAX as i128) as u64)
}

/// A count argument of `keyword` (depth, nodes, mate, movestogo, perft): negatives are errors, huge
/// values saturate (the caller clamps them to what it supports).
fn count(keyword: &str, value: Option<&&str>) -> Result<u64, String> {
    let n = time(keyword, value)?;
    if value.is_some_and(|text| text.starts_with('-')) {
        return Err(format!("go {keyword}: must not be negative"));
    }
    Ok(n)
}

/// The parameters of `go` (the fuzzer draws from them too).
pub const GO_KEYWORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

fn parse_go(args: &[&str]) -> Result<Command, String> {
    if args.first() == Some(&"perft") {
        let depth = count("perft", args.get(1))?;
        if let Some(extra) = args.get(2) {
            return Err(format!("go perft: unexpected '{}'", shorten(extra)));
        }
        return Ok(Command::Perft(depth));
    }
    let mut go = Go::default();
    let mut i = 0;
    while let Some(&keyword) = args.get(i) {
        let value = args.get(i + 1);
        i += 2;
        match keyword {
            "wtime" => go.wtime = Some(time(keyword, value)?),
            "btime" => go.btime = Some(time(keyword, value)?),
            "winc" => go.winc = Some(time(keyword, value)?),
            "binc" => go.binc = Some(time(keyword, value)?),
            "movetime" => go.movetime = Some(time(keyword, value)?),
            "movestogo" => go.movestogo = Some(count(keyword, value)?),
            "depth" => go.depth = Some(count(keyword, value)?),
            "nodes" => go.nodes = Some(count(keyword, value)?),
            "mate" => go.mate = Some(count(keyword, value)?),
            "infinite" | "ponder" => {
                i -= 1;
                if keyword == "infinite" {
                    go.infinite = true;
                } else {
                    go.ponder = true;
                }
            }
            "searchmoves" => {
                i -= 1;
                while let Some(&mv) = args.get(i).filter(|t| !GO_KEYWORDS.contains(t)) {
                    go.searchmoves.push(mv.to_string());
                    i += 1;
                }
                if go.searchmoves.is_empty() {
                    return Err("go searchmoves: no moves given".to_string());
                }
            }
            _ => return Err(format!("go: unknown argument '{}'", shorten(keyword))),
        }
    }
    Ok(Command::Go(go))
}

fn parse_bench(args: &[&str]) -> Result<Command, String> {
    match args {
        [] => Ok(Command::Bench(None)),
        [depth] => {
            let n = parse_integer(depth)
                .filter(|&n| n >= 1)
                .ok_or_else(|| format!("bench: bad depth '{}'", shorten(depth)))?;
            Ok(Command::Bench(Some(n.min(MAX_DEPTH as i128) as u32)))
        }
        _ => Err("bench takes at most one argument (depth)".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ponder_survives_clocks_after_it() {
        let Ok(Command::Go(go)) = parse_line("go ponder wtime 1000 btime 1000") else { panic!() };
        assert!(go.ponder);
        assert_eq!(go.wtime, Some(1000));
    }

    #[test]
    fn huge_and_negative_numbers_are_clamped() {
        let Ok(Command::Go(go)) = parse_line("go depth 300 wtime -5 nodes 99999999999999999999999") else { panic!() };
        assert_eq!(go.depth, Some(300));
        assert_eq!(go.wtime, Some(0));
        assert_eq!(go.nodes, Some(u64::MAX));
    }

    #[test]
    fn trailing_junk_is_an_error() {
        assert!(parse_line("isready now").is_err());
        assert!(parse_line("uci   ").is_ok());
        assert!(parse_line("go depth").is_err());
        assert!(parse_line("go depth x").is_err());
        assert!(parse_line("go fast").is_err());
    }

    #[test]
    fn shredder_fen_without_clocks() {
        let parsed =
            parse_line("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - moves e2e4");
        let Ok(Command::Position { start: Start::Fen(fen), moves }) = parsed else { panic!() };
        assert_eq!(fen, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -");
        assert_eq!(moves, vec!["e2e4"]);
    }

    #[test]
    fn setoption_with_spaces_in_name_and_value() {
        let parsed = parse_line("setoption name Debug Log File value /tmp/a b.log");
        assert_eq!(
            parsed,
            Ok(Command::SetOption { name: "Debug Log File".into(), value: Some("/tmp/a b.log".into()) })
        );
    }
}
