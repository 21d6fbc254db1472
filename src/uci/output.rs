//! The one writer of stdout: whole lines, flushed, and logged through `log` when a log file is set.
//! `Output` is the engine's handle on it (or, for the fuzzer, on a buffer instead). Message
//! formatting goes through vampirc-uci; moves through `position::notation`.

use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard};

use cozy_chess::{Board, Move, Piece};
use vampirc_uci::{Duration, Serializable, UciInfoAttribute, UciMessage, UciMove, UciPiece, UciSquare};

use crate::position::notation;
use crate::search::score::wdl;
use crate::search::score::UciScore;
use crate::search::tt::Bound;
use crate::search::Iteration;

/// Longest `info string` text sent; longer text (echoing huge input) is cut.
const MAX_INFO_STRING_CHARS: usize = 200;

/// Where the engine's lines go: stdout, or a buffer that keeps them (the fuzzer's). Clones write to
/// the same place, from any thread (the search thread's reports among them).
#[derive(Clone, Default)]
pub struct Output {
    captured: Option<Arc<Mutex<Vec<String>>>>,
}

impl Output {
    /// Lines to stdout.
    pub fn stdout() -> Output {
        Output::default()
    }

    /// Lines kept in memory instead (see `take_captured`).
    pub fn captured() -> Output {
        Output { captured: Some(Arc::default()) }
    }

    fn buffer(&self) -> Option<MutexGuard<'_, Vec<String>>> {
        let buffer = self.captured.as_ref()?;
        Some(buffer.lock().unwrap_or_else(|poisoned| poisoned.into_inner()))
    }

    /// The lines kept since the last call (none when writing to stdout).
    pub fn take_captured(&self) -> Vec<String> {
        self.buffer().map(|mut lines| std::mem::take(&mut *lines)).unwrap_or_default()
    }

    /// Writes one line and flushes. A closed stdout is ignored (the GUI has gone).
    pub fn send(&self, line: &str) {
        log::info!(">> {line}");
        if let Some(mut lines) = self.buffer() {
            lines.push(line.to_string());
            return;
        }
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    pub fn send_message(&self, message: &UciMessage) {
        self.send(&message.serialize());
    }

    /// `info string <text>`, cut to `MAX_INFO_STRING_CHARS` characters.
    pub fn info_string(&self, text: &str) {
        let text = match text.char_indices().nth(MAX_INFO_STRING_CHARS) {
            Some((cut, _)) => format!("{}...", &text[..cut]),
            None => text.to_string(),
        };
        self.send_message(&UciMessage::Info(vec![UciInfoAttribute::String(text)]));
    }

    /// `info string error: <text>`, the answer to every bad input.
    pub fn error(&self, text: &str) {
        self.info_string(&format!("error: {text}"));
    }
}

fn uci_move(mv: Move) -> UciMove {
    let square = |s: cozy_chess::Square| UciSquare::from(char::from(s.file()), s.rank() as u8 + 1);
    let promotion = mv.promotion.map(|p| match p {
        Piece::Knight => UciPiece::Knight,
        Piece::Bishop => UciPiece::Bishop,
        Piece::Rook => UciPiece::Rook,
        _ => UciPiece::Queen,
    });
    UciMove { from: square(mv.from), to: square(mv.to), promotion }
}

/// The moves of `line` in UCI notation from `board`, stopping at the first move that is not legal.
fn line_to_uci(board: &Board, line: &[Move], chess960: bool) -> Vec<UciMove> {
    notation::line(board, line, chess960).into_iter().map(uci_move).collect()
}

/// The `info` line of a completed iteration (with `wdl W D L` after the score when `show_wdl`).
pub fn iteration(root: &Board, it: &Iteration, chess960: bool, show_wdl: bool) -> UciMessage {
    let (cp, mate) = match wdl::shown(it.score) {
        UciScore::Centipawns(cp) => (Some(cp), None),
        UciScore::Mate(moves) => (None, Some(moves.clamp(i8::MIN as i32, i8::MAX as i32) as i8)),
    };
    let nps = it.nodes * 1000 / it.time_ms.max(1);
    let pv = line_to_uci(root, &it.pv, chess960);
    let mut attributes = vec![
        UciInfoAttribute::Depth(it.depth.min(u8::MAX as u32) as u8),
        UciInfoAttribute::SelDepth(it.seldepth.min(u8::MAX as u32) as u8),
        UciInfoAttribute::MultiPv(it.multipv.min(u16::MAX as usize) as u16),
        UciInfoAttribute::Score {
            cp,
            mate,
            lower_bound: (it.bound == Bound::Lower).then_some(true),
            upper_bound: (it.bound == Bound::Upper).then_some(true),
        },
    ];
    if show_wdl {
        let wdl = wdl::estimate(root, it.score);
        attributes.push(UciInfoAttribute::Any("wdl".to_string(), format!("{} {} {}", wdl.win, wdl.draw, wdl.loss)));
    }
    attributes.extend([
        UciInfoAttribute::Nodes(it.nodes),
        UciInfoAttribute::Nps(nps),
        UciInfoAttribute::HashFull(it.hashfull),
    ]);
    attributes.extend(it.tbhits.map(UciInfoAttribute::TbHits));
    attributes.push(UciInfoAttribute::Time(Duration::milliseconds(it.time_ms as i64)));
    if !pv.is_empty() {
        attributes.push(UciInfoAttribute::Pv(pv));
    }
    UciMessage::Info(attributes)
}

/// `bestmove X [ponder Y]`, or `bestmove 0000` when there is no legal move.
pub fn best_move(root: &Board, best: Option<Move>, ponder: Option<Move>, chess960: bool) -> String {
    let Some(best) = best else {
        return "bestmove 0000".to_string();
    };
    let line = line_to_uci(root, &[best, ponder.unwrap_or(best)], chess960);
    let message = match line.as_slice() {
        [] => return "bestmove 0000".to_string(),
        [best] => UciMessage::BestMove { best_move: *best, ponder: None },
        [best, reply, ..] => UciMessage::BestMove { best_move: *best, ponder: Some(*reply) },
    };
    message.serialize()
}
