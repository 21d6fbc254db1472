//! Test harness that drives the built `engine` binary over stdin/stdout.
//!
//! A reader thread turns the child's stdout into timestamped lines on an mpsc channel, so every wait
//! has a deadline and no test can hang on a silent or dead engine. Stderr is collected on a second
//! thread and shown, with the whole transcript, when an expectation fails. Dropping an [`Engine`] kills
//! the child.
//!
//! Include it from a test file with `#[path = "common/engine.rs"] mod engine;`.

#![allow(dead_code)]

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// `isready` must be answered within this (the engine never blocks its UCI thread on a search, so a
/// blocked thread never answers). Generous: on a machine whose cores a match holds, a test run at
/// `nice 19` waited more than 2 s for an answer the idle machine gives in under a millisecond.
pub const READY_TIMEOUT: Duration = Duration::from_secs(10);
/// Generous bound for searches that are expected to be short (depth 1 to 5) on a loaded machine.
pub const SEARCH_TIMEOUT: Duration = Duration::from_secs(30);
/// Start position FEN as the engine prints it.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Longest transcript entry kept (the 100 000-character inputs would drown a failure message).
const TRANSCRIPT_ENTRY_CHARS: usize = 300;

/// One line of engine output and when the reader thread received it.
#[derive(Clone, Debug)]
pub struct Line {
    pub text: String,
    pub at: Instant,
}

/// Why a wait ended without the expected line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    Timeout,
    /// The engine closed stdout (it exited or crashed).
    Eof,
}

/// What `d` printed.
#[derive(Clone, Debug)]
pub struct Display {
    pub fen: String,
    pub key: String,
    pub checkers: String,
    pub halfmove_clock: String,
    pub state: String,
    pub lines: Vec<String>,
}

/// The answer to one `go`.
#[derive(Clone, Debug)]
pub struct Search {
    /// Every line read, the `bestmove` line last.
    pub lines: Vec<String>,
    pub bestmove: String,
    pub ponder: Option<String>,
    /// When the `bestmove` line arrived.
    pub at: Instant,
}

impl Search {
    /// The `info` lines that carry a `depth` (one per completed iteration).
    pub fn iterations(&self) -> Vec<&String> {
        self.lines.iter().filter(|l| l.starts_with("info depth ")).collect()
    }

    /// The value after `key` in the last iteration line (e.g. `score`, `depth`).
    pub fn last_info_value(&self, key: &str) -> Option<String> {
        let line = self.iterations().last().copied()?;
        let tokens: Vec<&str> = line.split(' ').collect();
        let at = tokens.iter().position(|t| *t == key)?;
        match key {
            "score" => Some(tokens.get(at + 1..at + 3)?.join(" ")),
            _ => tokens.get(at + 1).map(|s| s.to_string()),
        }
    }
}

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Everything sent (`> `) and received (`< `), in order, for failure messages.
    transcript: Vec<String>,
    /// Every line received so far.
    received: Vec<Line>,
    eof: bool,
}

fn lock(bytes: &Mutex<Vec<u8>>) -> MutexGuard<'_, Vec<u8>> {
    bytes.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn clip(text: &str) -> String {
    clip_to(text, TRANSCRIPT_ENTRY_CHARS)
}

fn clip_to(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        text.to_string()
    } else {
        let head: String = text.chars().take(limit).collect();
        format!("{head}... ({} chars)", text.chars().count())
    }
}

impl Engine {
    /// Starts the engine binary built by cargo for this test run.
    pub fn spawn() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start the engine binary");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let at = Instant::now();
                        while matches!(buffer.last(), Some(b'\n' | b'\r')) {
                            buffer.pop();
                        }
                        let text = String::from_utf8_lossy(&buffer).into_owned();
                        if tx.send(Line { text, at }).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let collected = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&collected);
        thread::spawn(move || {
            let mut stderr = stderr;
            let mut chunk = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                lock(&sink).extend_from_slice(&chunk[..n]);
            }
        });
        Engine { child, stdin, lines, stderr: collected, transcript: Vec::new(), received: Vec::new(), eof: false }
    }

    /// Sends one line (a newline is appended).
    pub fn send(&mut self, line: &str) {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.transcript.push(format!("> {}", clip(line)));
        if let Err(e) = self.write(&bytes) {
            self.fail(&format!("cannot send {:?}: {e}", clip(line)));
        }
    }

    /// Sends bytes exactly as given (no newline added): junk, CRLF, non-UTF-8.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.transcript.push(format!("> (raw) {}", clip(&format!("{:?}", String::from_utf8_lossy(bytes)))));
        if let Err(e) = self.write(bytes) {
            self.fail(&format!("cannot send {} raw bytes: {e}", bytes.len()));
        }
    }

    /// Sends a line and returns the instant just before it was written.
    pub fn send_timed(&mut self, line: &str) -> Instant {
        let start = Instant::now();
        self.send(line);
        start
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or_else(|| io::Error::other("stdin already closed"))?;
        stdin.write_all(bytes)?;
        stdin.flush()
    }

    /// Closes the engine's stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.transcript.push("> (end of input)".to_string());
        self.stdin = None;
    }

    /// The next line, or why there is none before `deadline`.
    fn next_line(&mut self, deadline: Instant) -> Result<Line, ReadError> {
        if self.eof {
            return Err(ReadError::Eof);
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.transcript.push(format!("< {}", clip(&line.text)));
                self.received.push(line.clone());
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                self.transcript.push("< (end of output)".to_string());
                Err(ReadError::Eof)
            }
        }
    }

    /// Reads lines until one satisfies `matches`; returns every line read (the match last) and when
    /// the match arrived, or the lines read and the reason it never came.
    pub fn try_expect_line_timed(
        &mut self,
        mut matches: impl FnMut(&str) -> bool,
        timeout: Duration,
    ) -> Result<(Vec<String>, Instant), (Vec<String>, ReadError)> {
        let deadline = Instant::now() + timeout;
        let mut read = Vec::new();
        loop {
            match self.next_line(deadline) {
                Ok(line) => {
                    let hit = matches(&line.text);
                    read.push(line.text);
                    if hit {
                        return Ok((read, line.at));
                    }
                }
                Err(reason) => return Err((read, reason)),
            }
        }
    }

    /// Like [`Engine::expect_line`] without panicking.
    pub fn try_expect_line(
        &mut self,
        matches: impl FnMut(&str) -> bool,
        timeout: Duration,
    ) -> Result<Vec<String>, (Vec<String>, ReadError)> {
        self.try_expect_line_timed(matches, timeout).map(|(lines, _)| lines)
    }

    /// Reads lines until one satisfies `matches` and returns all lines read, the match last. Panics
    /// (with the transcript) on timeout or end of output.
    pub fn expect_line(&mut self, matches: impl FnMut(&str) -> bool, timeout: Duration) -> Vec<String> {
        self.expect_line_timed(matches, timeout).0
    }

    /// [`Engine::expect_line`] that also returns when the matching line arrived.
    pub fn expect_line_timed(
        &mut self,
        matches: impl FnMut(&str) -> bool,
        timeout: Duration,
    ) -> (Vec<String>, Instant) {
        match self.try_expect_line_timed(matches, timeout) {
            Ok(found) => found,
            Err((_, reason)) => self.fail(&format!("expected line not seen within {timeout:?} ({reason:?})")),
        }
    }

    /// Reads until a line starting with `prefix`; returns every line read, the match last.
    pub fn read_until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        match self.try_expect_line(|l| l.starts_with(prefix), timeout) {
            Ok(lines) => lines,
            Err((_, reason)) => self.fail(&format!("no line starting with {prefix:?} within {timeout:?} ({reason:?})")),
        }
    }

    /// Every line that arrives within `duration` (stops early at end of output).
    pub fn read_for(&mut self, duration: Duration) -> Vec<String> {
        let deadline = Instant::now() + duration;
        let mut read = Vec::new();
        while let Ok(line) = self.next_line(deadline) {
            read.push(line.text);
        }
        read
    }

    /// Sends `isready` and waits (`READY_TIMEOUT`) for `readyok`; returns the lines that came before it.
    pub fn is_ready(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.expect_line(|l| l == "readyok", READY_TIMEOUT);
        lines.pop();
        lines
    }

    /// `uci` up to `uciok`; returns all lines, `uciok` last.
    pub fn handshake(&mut self) -> Vec<String> {
        self.send("uci");
        self.expect_line(|l| l == "uciok", READY_TIMEOUT)
    }

    /// `setoption name <name> value <value>`, then `isready`; returns the lines before `readyok`.
    pub fn set_option(&mut self, name: &str, value: &str) -> Vec<String> {
        self.send(&format!("setoption name {name} value {value}"));
        self.is_ready()
    }

    /// `d`, parsed.
    pub fn display(&mut self) -> Display {
        self.send("d");
        let lines = self.read_until("State: ", READY_TIMEOUT);
        let field = |prefix: &str| {
            lines.iter().rev().find_map(|l| l.strip_prefix(prefix)).map(str::to_string).unwrap_or_default()
        };
        Display {
            fen: field("Fen: "),
            key: field("Key: "),
            checkers: field("Checkers:").trim().to_string(),
            halfmove_clock: field("Halfmove clock: "),
            state: field("State: "),
            lines: lines.clone(),
        }
    }

    /// The FEN that `d` shows.
    pub fn fen(&mut self) -> String {
        self.display().fen
    }

    /// The moves of `go perft 1`, in the engine's order; checks that the node count matches.
    ///
    /// Right after a `bestmove` the engine may still consider its search running and reject `go
    /// perft` ("a search is running"); this helper then retries for up to a second, so that tests
    /// about other things do not trip over that race. `tests/uci_protocol.rs` asserts the race
    /// itself with [`Engine::perft_answer`].
    pub fn legal_moves(&mut self) -> Vec<String> {
        for _ in 0..200 {
            match self.perft_answer(1) {
                Ok(lines) => {
                    let moves: Vec<String> = lines
                        .iter()
                        .filter(|l| !l.starts_with("Nodes"))
                        .filter_map(|l| l.strip_suffix(": 1"))
                        .map(str::to_string)
                        .collect();
                    let total = lines.last().and_then(|l| l.strip_prefix("Nodes searched: ")).unwrap_or_default();
                    if total != moves.len().to_string() {
                        self.fail(&format!("perft 1 listed {} moves but counted {total}", moves.len()));
                    }
                    return moves;
                }
                Err(_) => thread::sleep(Duration::from_millis(5)),
            }
        }
        self.fail("go perft 1 kept answering that a search is running")
    }

    /// Sends `go perft <depth>` and returns its lines up to `Nodes searched`, or the error line if
    /// the engine answers with `info string error: go perft: ...`.
    pub fn perft_answer(&mut self, depth: u32) -> Result<Vec<String>, String> {
        self.send(&format!("go perft {depth}"));
        let lines = self.expect_line(
            |l| l.starts_with("Nodes searched: ") || l.starts_with("info string error: go perft"),
            SEARCH_TIMEOUT,
        );
        match lines.last() {
            Some(last) if last.starts_with("info string error") => Err(last.clone()),
            _ => Ok(lines),
        }
    }

    /// Sends `go <args>` and waits for `bestmove`.
    pub fn go(&mut self, args: &str, timeout: Duration) -> Search {
        self.send(&format!("go {args}"));
        self.wait_bestmove(timeout)
    }

    /// Waits for the next `bestmove` line.
    pub fn wait_bestmove(&mut self, timeout: Duration) -> Search {
        let (lines, at) = match self.try_expect_line_timed(|l| l.starts_with("bestmove"), timeout) {
            Ok(found) => found,
            Err((_, reason)) => self.fail(&format!("no bestmove within {timeout:?} ({reason:?})")),
        };
        let last = lines.last().cloned().unwrap_or_default();
        let tokens: Vec<&str> = last.split(' ').collect();
        let bestmove = match tokens.as_slice() {
            ["bestmove", best] | ["bestmove", best, "ponder", _] => best.to_string(),
            _ => self.fail(&format!("malformed bestmove line {last:?}")),
        };
        let ponder = tokens.get(3).map(|s| s.to_string());
        Search { lines, bestmove, ponder, at }
    }

    /// Every line received so far.
    pub fn received(&self) -> Vec<String> {
        self.received.iter().map(|l| l.text.clone()).collect()
    }

    /// How many received lines start with `prefix`.
    pub fn count_received(&self, prefix: &str) -> usize {
        self.received.iter().filter(|l| l.text.starts_with(prefix)).count()
    }

    /// Whether the process is still running.
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits up to `timeout` for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// What the engine wrote to stderr so far.
    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&lock(&self.stderr)).into_owned()
    }

    /// The transcript so far, one entry per line.
    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }

    /// Panics with `message`, the transcript (after draining pending output) and stderr.
    pub fn fail(&mut self, message: &str) -> ! {
        while let Ok(line) = self.lines.try_recv() {
            self.transcript.push(format!("< {}", clip(&line.text)));
        }
        if self.eof {
            // The engine closed its output: give it a moment to finish dying so the status is known.
            self.wait_exit(Duration::from_millis(500));
        }
        let status = match self.child.try_wait() {
            Ok(Some(status)) => format!("exited: {status}"),
            Ok(None) => "running".to_string(),
            Err(e) => format!("unknown: {e}"),
        };
        panic!(
            "{message}\n--- transcript ---\n{}\n--- engine {status}; stderr ---\n{}",
            self.transcript(),
            clip_to(&self.stderr_text(), 4000)
        );
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
