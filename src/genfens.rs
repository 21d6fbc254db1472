//! `genfens`: opening positions for OpenBench's data generation and book-less tests, as its client
//! asks for them:
//!
//! ```text
//! ./engine "genfens N seed S book <None|FILE> [frc|dfrc]" "quit"
//! ```
//!
//! prints N lines `info string genfens <FEN>`, the same for the same seed. Each position starts from
//! the standard start (a random Chess960 or double Chess960 one with `frc` or `dfrc`), or from a
//! random line of the EPD book, then plays a few random legal moves, and is kept only if a short
//! search finds it playable: not lost or won outright, not seen before. Book positions keep the
//! book's castling notation (X-FEN or Shredder-FEN); generated Chess960 starts use Shredder-FEN.

use std::collections::HashSet;
use std::sync::Arc;

use cozy_chess::Board;

use crate::nnue::network::Network;
use crate::position::movegen::legal_moves;
use crate::position::Position;
use crate::rng::Rng;
use crate::search::{DirectSearch, Limits, TranspositionTable};

/// Random plies played from a start position (this or one more, so either side may be to move) ...
const START_PLIES: u64 = 8;
/// ... and from a book position, which is varied already.
const BOOK_PLIES: u64 = 2;
/// The short search that judges a candidate.
const CHECK_NODES: u64 = 5_000;
const CHECK_HASH_MB: usize = 1;
/// A candidate whose search score (search units, about 64 a pawn) is beyond this is too lopsided.
const MAX_SCORE: i32 = 150;
/// Candidates tried for one position before the least lopsided one is taken all the same (a book
/// of lost positions must not stall the client, which gives up after 15 s without a line).
const MAX_TRIES: usize = 200;

/// Where the positions start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Start,
    Chess960,
    DoubleChess960,
    Book(String),
}

/// A parsed `genfens` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub count: u64,
    pub seed: u64,
    pub source: Source,
}

const USAGE: &str = "usage: genfens N seed S book <None|FILE> [frc|dfrc]";

/// Reads the words after `genfens`.
pub fn parse(args: &[&str]) -> Result<Request, String> {
    let number = |word: &str, what: &str| word.parse::<u64>().map_err(|_| format!("genfens: bad {what} '{word}'"));
    let [count, "seed", seed, "book", book, extra @ ..] = args else {
        return Err(USAGE.to_string());
    };
    let (count, seed) = (number(count, "count")?, number(seed, "seed")?);
    let random_start = match extra {
        [] => Source::Start,
        ["frc"] => Source::Chess960,
        ["dfrc"] => Source::DoubleChess960,
        _ => return Err(format!("genfens: unknown extra arguments '{}'; {USAGE}", extra.join(" "))),
    };
    let source = if book.eq_ignore_ascii_case("none") { random_start } else { Source::Book(book.to_string()) };
    Ok(Request { count, seed, source })
}

/// Where candidates start: the source, and a book's lines (read whole, parsed when drawn: books
/// of millions of lines are common, and a generator draws only a few thousand).
struct Starts {
    book: Vec<String>,
    path: String,
    source: Source,
}

impl Starts {
    fn open(source: &Source) -> Result<Starts, String> {
        let (book, path) = match source {
            Source::Book(path) => (read_book(path)?, path.clone()),
            _ => (Vec::new(), String::new()),
        };
        Ok(Starts { book, path, source: source.clone() })
    }

    /// A start position, and whether its FENs use Shredder-FEN castling; a book's unreadable line is
    /// an error.
    fn pick(&self, rng: &mut Rng) -> Result<(Position, bool), String> {
        let number = |rng: &mut Rng| rng.below(960) as u32;
        let position = match self.source {
            Source::Start => Some(Position::startpos()),
            Source::Chess960 => Position::chess960(number(rng)),
            Source::DoubleChess960 => Position::double_chess960(number(rng), number(rng)),
            Source::Book(_) => {
                let line = &self.book[rng.below(self.book.len() as u64) as usize];
                return book_position(line).map_err(|e| format!("genfens: {}: '{line}': {e}", self.path));
            }
        };
        Ok((position.unwrap_or_default(), self.source != Source::Start))
    }

    fn plies(&self) -> u64 {
        if self.book.is_empty() {
            START_PLIES
        } else {
            BOOK_PLIES
        }
    }
}

/// The non-empty lines of an EPD book.
fn read_book(path: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("genfens: cannot read book {path}: {e}"))?;
    let book: Vec<String> = text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect();
    if book.is_empty() {
        return Err(format!("genfens: the book {path} has no positions"));
    }
    Ok(book)
}

/// A book line's position (its first four fields, and the clocks when a full FEN gives them; EPD
/// operations such as `hmvc` are ignored) and whether its castling field is Shredder-FEN.
fn book_position(line: &str) -> Result<(Position, bool), String> {
    let fields: Vec<&str> = line.split_whitespace().take(6).collect();
    let clocks = fields.len() == 6 && fields[4..].iter().all(|f| f.parse::<u32>().is_ok());
    let fen = if clocks { fields.join(" ") } else { fields.iter().take(4).copied().collect::<Vec<_>>().join(" ") };
    let position = Position::from_fen(&fen).map_err(|e| e.to_string())?;
    let shredder = fields.get(2).is_some_and(|c| c.chars().any(|ch| !"KQkq-".contains(ch)));
    Ok((position, shredder))
}

/// Generates the request's positions, handing each FEN to `emit` as soon as it is found.
pub fn run(request: &Request, network: Arc<Network>, mut emit: impl FnMut(&str)) -> Result<(), String> {
    let starts = Starts::open(&request.source)?;
    let mut rng = Rng::new(request.seed ^ 0x0067_656E_6665_6E73);
    let mut searcher = DirectSearch::new(TranspositionTable::new(CHECK_HASH_MB)?, network);
    let mut seen = HashSet::new();
    for _ in 0..request.count {
        // The least lopsided new candidate so far: its score, FEN and key.
        let mut best: Option<(i32, String, u64)> = None;
        for _ in 0..MAX_TRIES {
            let Some((position, shredder)) = candidate(&starts, &mut rng)? else { continue };
            if seen.contains(&position.key()) {
                continue;
            }
            let score = check(&position, &mut searcher).abs();
            if best.as_ref().is_none_or(|(least, _, _)| score < *least) {
                best = Some((score, position.fen(shredder), position.key()));
            }
            if score <= MAX_SCORE {
                break;
            }
        }
        let Some((_, fen, key)) = best else {
            return Err("genfens: no new playable position found".to_string());
        };
        seen.insert(key);
        emit(&fen);
    }
    Ok(())
}

/// A start played on by random legal moves; `None` when the game ended on the way.
fn candidate(starts: &Starts, rng: &mut Rng) -> Result<Option<(Position, bool)>, String> {
    let (mut position, shredder) = starts.pick(rng)?;
    let plies = starts.plies() + rng.below(2);
    for _ in 0..plies {
        let moves = legal_moves(position.board());
        if moves.is_empty() {
            return Ok(None);
        }
        position.play(rng.pick(&moves));
    }
    Ok(has_moves(position.board()).then_some((position, shredder)))
}

fn has_moves(board: &Board) -> bool {
    !legal_moves(board).is_empty()
}

/// The short search's score of `position` (a fresh table and histories, so the same every run).
fn check(position: &Position, searcher: &mut DirectSearch) -> i32 {
    searcher.forget();
    searcher.quiet(position, Limits { nodes: Some(CHECK_NODES), ..Limits::default() }, 1).score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }

    #[test]
    fn the_client_s_command_is_read_and_bad_ones_are_errors() {
        let plain = parse(&words("10 seed 7 book None")).expect("valid");
        assert_eq!(plain, Request { count: 10, seed: 7, source: Source::Start });
        assert_eq!(parse(&words("3 seed 1 book None frc")).expect("valid").source, Source::Chess960);
        assert_eq!(parse(&words("3 seed 1 book none dfrc")).expect("valid").source, Source::DoubleChess960);
        let book = parse(&words("3 seed 1 book Books/x.epd")).expect("valid").source;
        assert_eq!(book, Source::Book("Books/x.epd".to_string()));
        assert!(parse(&words("x seed 1 book None")).is_err_and(|e| e.contains("bad count")));
        assert!(parse(&words("3 seed -1 book None")).is_err_and(|e| e.contains("bad seed")));
        assert!(parse(&words("3 seed 1")).is_err_and(|e| e.contains("usage")));
        assert!(parse(&words("3 seed 1 book None chess")).is_err_and(|e| e.contains("unknown extra")));
    }
}
