//! Input generation: a seed corpus, mutations of it, lines built from the UCI grammar, and the filter
//! that leaves out inputs whose only effect is unbounded work.

use cozy_chess::Board;
use engine::position::{notation, Position};
use engine::uci::{options, parse};

/// Recorded and modelled GUI sessions, lines from real GUI logs, and the engine's own commands
/// (tests/data/fuzz_corpus/*.txt).
const SESSIONS: [&str; 5] = [
    include_str!("../../../../tests/data/fuzz_corpus/python-chess.txt"),
    include_str!("../../../../tests/data/fuzz_corpus/cutechess.txt"),
    include_str!("../../../../tests/data/fuzz_corpus/fastchess.txt"),
    include_str!("../../../../tests/data/fuzz_corpus/logs.txt"),
    include_str!("../../../../tests/data/fuzz_corpus/engine.txt"),
];
/// EPD files whose first field group is a FEN (tests/data/perft).
const FEN_FILES: [&str; 6] = [
    include_str!("../../../../tests/data/perft/standard.epd"),
    include_str!("../../../../tests/data/perft/special_moves.epd"),
    include_str!("../../../../tests/data/perft/double_checks.epd"),
    include_str!("../../../../tests/data/perft/cpw.epd"),
    include_str!("../../../../tests/data/perft/dfrc_startpos.epd"),
    include_str!("../../../../tests/data/perft/chess960_startpos_xfen.epd"),
];

/// Numbers that sit on the edges of the types the parsers use.
const NUMBERS: [&str; 22] = [
    "0",
    "1",
    "-1",
    "2",
    "3",
    "7",
    "63",
    "64",
    "100",
    "101",
    "127",
    "128",
    "255",
    "256",
    "1000",
    "32767",
    "65535",
    "65536",
    "2147483648",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999999",
];
/// Words of the protocol (besides `go`'s, taken from the parser), castling fields and move shapes.
const WORDS: [&str; 27] = [
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "setoption",
    "name",
    "value",
    "true",
    "false",
    "KQkq",
    "HAha",
    "-",
    "w",
    "b",
    "e1g1",
    "e1h1",
    "e8c8",
    "0000",
    "a7a8q",
    "e2e4",
];
/// Option names the engine does not declare: near misses of real ones.
const NEAR_MISS_OPTIONS: [&str; 2] = ["hash", "Multi PV"];
/// `go` parameters that take no number.
const GO_FLAGS: [&str; 4] = ["infinite", "ponder", "searchmoves", "perft"];
/// Deepest `go perft` let through (deeper is only slow).
const MAX_PERFT_DEPTH: i128 = 3;
/// Largest Hash (MiB) and Threads let through (larger is only memory and threads).
const MAX_HASH_MB: i128 = 4;
const MAX_THREADS: i128 = 8;
/// Longest sequence of lines.
const MAX_SEQUENCE: u64 = 6;

/// xorshift64*: a small, seedable generator (quality is not the point here, reach is).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// True with probability 1/n.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }

    /// A word of the protocol: one of `WORDS` or a `go` parameter.
    fn word(&mut self) -> &'static str {
        if self.one_in(3) {
            self.pick(&parse::GO_KEYWORDS)
        } else {
            self.pick(&WORDS)
        }
    }
}

/// The seed corpus, split into lines, and the option names to set.
pub struct Corpus {
    lines: Vec<&'static str>,
    fens: Vec<&'static str>,
    option_names: Vec<String>,
}

impl Corpus {
    pub fn load() -> Corpus {
        let useful = |l: &&str| !l.trim().is_empty() && !l.starts_with('#');
        let lines = SESSIONS.iter().flat_map(|s| s.lines()).filter(useful).collect();
        let fens = FEN_FILES
            .iter()
            .flat_map(|s| s.lines())
            .filter(useful)
            .map(|l| l.split(';').next().unwrap_or(l).trim())
            .collect();
        let declared = options::declarations().iter().map(|o| o.get_name().to_string()).collect::<Vec<_>>();
        let option_names = declared.into_iter().chain(NEAR_MISS_OPTIONS.map(str::to_string)).collect();
        Corpus { lines, fens, option_names }
    }

    /// A sequence of 1 to `MAX_SEQUENCE` raw lines for the UCI handler.
    pub fn sequence(&self, rng: &mut Rng) -> Vec<Vec<u8>> {
        let length = 1 + rng.below(MAX_SEQUENCE);
        (0..length).map(|_| self.line(rng)).collect()
    }

    fn line(&self, rng: &mut Rng) -> Vec<u8> {
        match rng.below(10) {
            0..=2 => rng.pick(&self.lines).as_bytes().to_vec(),
            3..=5 => {
                let line = rng.pick(&self.lines);
                let mutated = tokens_mutated(rng, line).into_bytes();
                mutate_bytes(rng, mutated)
            }
            6 => self.position_line(rng).into_bytes(),
            7 => go_line(rng).into_bytes(),
            8 => self.setoption_line(rng).into_bytes(),
            _ => word_soup(rng).into_bytes(),
        }
    }

    /// A FEN from the corpus, often mutated (characters or fields).
    pub fn fen(&self, rng: &mut Rng) -> String {
        let fen = rng.pick(&self.fens);
        match rng.below(4) {
            0 => fen.to_string(),
            1 => tokens_mutated(rng, fen),
            _ => chars_mutated(rng, fen),
        }
    }

    /// `position startpos|fen ... [moves ...]` with legal moves, sometimes spoilt.
    fn position_line(&self, rng: &mut Rng) -> String {
        let (start, board) = if rng.one_in(3) {
            ("startpos".to_string(), Board::default())
        } else {
            let fen = rng.pick(&self.fens);
            let board = Position::from_fen(fen).map(|p| p.board().clone()).unwrap_or_default();
            (format!("fen {fen}"), board)
        };
        let plies = rng.below(12) as usize;
        let moves = random_game(rng, board, plies);
        let mut line = format!("position {start}");
        if !moves.is_empty() || rng.one_in(4) {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        if rng.one_in(4) {
            line = tokens_mutated(rng, &line);
        }
        line
    }

    /// `setoption name <a declared option or a near miss> [value <value>]`.
    fn setoption_line(&self, rng: &mut Rng) -> String {
        let value = match rng.below(4) {
            0 => number(rng),
            1 => rng.pick(&["true", "false", "TRUE", ""]).to_string(),
            2 => rng.word().to_string(),
            _ => String::new(),
        };
        let value = if value.is_empty() && rng.one_in(2) { String::new() } else { format!(" value {value}") };
        let name = &self.option_names[rng.below(self.option_names.len() as u64) as usize];
        format!("setoption name {name}{value}")
    }
}

/// Up to `plies` random legal moves from `board`, in UCI text (either castling notation).
fn random_game(rng: &mut Rng, mut board: Board, plies: usize) -> Vec<String> {
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = notation::legal_moves(&board);
        if legal.is_empty() {
            break;
        }
        let mv = rng.pick(&legal);
        moves.push(notation::format(&board, mv, rng.one_in(2)));
        board.play_unchecked(mv);
    }
    moves
}

fn number(rng: &mut Rng) -> String {
    if rng.one_in(2) {
        rng.pick(&NUMBERS).to_string()
    } else {
        rng.below(3000).to_string()
    }
}

fn go_line(rng: &mut Rng) -> String {
    let mut line = "go".to_string();
    for _ in 0..rng.below(5) {
        match rng.below(6) {
            0 => line.push_str(if rng.one_in(2) { " infinite" } else { " ponder" }),
            1 => line.push_str(&format!(" searchmoves {} {}", rng.word(), rng.word())),
            2 => line.push_str(&format!(" perft {}", rng.below(4))),
            _ => {
                let parameter = rng.pick(&parse::GO_KEYWORDS);
                if !GO_FLAGS.contains(&parameter) {
                    line.push_str(&format!(" {parameter} {}", number(rng)));
                }
            }
        }
    }
    line
}

fn word_soup(rng: &mut Rng) -> String {
    let count = 1 + rng.below(6);
    let words: Vec<String> =
        (0..count).map(|_| if rng.one_in(3) { number(rng) } else { rng.word().to_string() }).collect();
    words.join(" ")
}

/// Replaces, deletes, duplicates or swaps whitespace-separated tokens.
fn tokens_mutated(rng: &mut Rng, text: &str) -> String {
    let mut tokens: Vec<String> = text.split(' ').map(str::to_string).collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(tokens.len() as u64) as usize;
        match rng.below(5) {
            0 => tokens[at] = number(rng),
            1 => tokens[at] = rng.word().to_string(),
            2 if tokens.len() > 1 => {
                tokens.remove(at);
            }
            3 => tokens.insert(at, tokens[at].clone()),
            _ => {
                let other = rng.below(tokens.len() as u64) as usize;
                tokens.swap(at, other);
            }
        }
    }
    tokens.join(" ")
}

/// Replaces, deletes or inserts single characters (FEN letters, digits, slashes).
fn chars_mutated(rng: &mut Rng, text: &str) -> String {
    const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh09";
    let mut chars: Vec<u8> = text.bytes().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        let c = rng.pick(ALPHABET);
        match rng.below(3) {
            0 if at < chars.len() => chars[at] = c,
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ => chars.insert(at, c),
        }
    }
    String::from_utf8_lossy(&chars).into_owned()
}

/// Sometimes flips, inserts or deletes raw bytes (control characters, invalid UTF-8).
fn mutate_bytes(rng: &mut Rng, mut bytes: Vec<u8>) -> Vec<u8> {
    const ODD: [u8; 8] = [b'\r', b'\t', 0, 0x1b, 0x7f, 0xc3, 0xff, b' '];
    if !rng.one_in(3) {
        return bytes;
    }
    let at = rng.below(bytes.len() as u64 + 1) as usize;
    match rng.below(3) {
        0 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
        1 if at < bytes.len() => {
            bytes.remove(at);
        }
        _ => bytes.insert(at, rng.pick(&ODD)),
    }
    bytes
}

/// False for lines whose only effect is unbounded work a user would have to ask for: `bench`, `go
/// perft` deeper than `MAX_PERFT_DEPTH`, Hash or Threads above the caps here, and `Debug Log File`
/// (it writes files where the input says).
pub fn affordable(line: &str) -> bool {
    let line = parse::normalise(line).to_lowercase();
    let tokens: Vec<&str> = line.split(' ').collect();
    if tokens.first() == Some(&"bench") || line.contains("log") {
        return false;
    }
    let too_big = |limit: i128| tokens.iter().any(|t| is_number(t) && parsed(t).is_none_or(|n| n > limit));
    if let Some(at) = tokens.iter().position(|t| *t == "perft") {
        let depth = tokens.get(at + 1).map(|t| parsed(t).is_none_or(|n| n > MAX_PERFT_DEPTH));
        if depth.unwrap_or(false) {
            return false;
        }
    }
    if tokens.first() == Some(&"setoption") {
        if line.contains("hash") && too_big(MAX_HASH_MB) {
            return false;
        }
        if line.contains("thread") && too_big(MAX_THREADS) {
            return false;
        }
    }
    true
}

fn is_number(token: &str) -> bool {
    let digits = token.trim_start_matches(['-', '+']);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The value of a number token; `None` when it does not fit (and so counts as too big).
fn parsed(token: &str) -> Option<i128> {
    token.trim_start_matches('+').parse().ok()
}
