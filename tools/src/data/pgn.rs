//! `datagen import-pgn OUT IN.pgn...`: games that fastchess or cutechess-cli wrote (OpenBench's
//! data generation workloads return fastchess PGNs) into the project's game records.
//!
//! Each move's comment carries the mover's score of the position it was played from: `{+0.40/15
//! 0.350s}` (normalised centipawns / 100), `{+M5/20 ...}` and `{-M4/...}` (mate in plies, as both
//! tools count them). Leading moves without a score (`{book}`, or no comment) are book moves: they
//! become part of the record's start position. Scores are converted to the data's scale; the result
//! is the game's (adjudicated ones included). A game that cannot be read (a bad FEN, an illegal or
//! unreadable move, a scored game with a move left unscored, no result) is reported and skipped.

use std::fs::File;
use std::io::BufReader;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use cozy_chess::Move;
use pgn_reader::shakmaty::{self, fen::Fen, CastlingMode, Chess, Position as _};
use pgn_reader::{KnownOutcome, RawComment, RawTag, Reader, SanPlus, Visitor};

use engine::position::Position;
use engine::search::score;
use engine::search::score::wdl;

use super::format::{GameRecord, Outcome};
use super::{to_data_scale, write_games};

/// A move as read: its UCI text (king takes rook for castling) and the mover's score, if any.
struct Played {
    uci: String,
    score: Option<i32>,
}

/// One game as the reader goes through it.
#[derive(Default)]
struct Game {
    /// The start (the `FEN` tag, or the standard start), for the engine and for shakmaty.
    fen: Option<String>,
    board: Chess,
    moves: Vec<Played>,
    outcome: Option<Outcome>,
}

struct Importer;

impl Visitor for Importer {
    type Tags = Game;
    type Movetext = Game;
    type Output = Result<GameRecord, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Game> {
        ControlFlow::Continue(Game::default())
    }

    fn tag(&mut self, game: &mut Game, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let text = value.decode_utf8_lossy().to_string();
            let parsed = Fen::from_ascii(text.as_bytes()).map_err(|e| e.to_string());
            match parsed.and_then(|f| f.into_position(CastlingMode::Chess960).map_err(|e| e.to_string())) {
                Ok(board) => (game.board, game.fen) = (board, Some(text)),
                Err(e) => return ControlFlow::Break(Err(format!("bad FEN tag '{text}': {e}"))),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, game: Game) -> ControlFlow<Self::Output, Game> {
        ControlFlow::Continue(game)
    }

    fn san(&mut self, game: &mut Game, san: SanPlus) -> ControlFlow<Self::Output> {
        match san.san.to_move(&game.board) {
            Ok(mv) => {
                let uci = mv.to_uci(CastlingMode::Chess960).to_string();
                game.board.play_unchecked(mv);
                game.moves.push(Played { uci, score: None });
                ControlFlow::Continue(())
            }
            Err(e) => ControlFlow::Break(Err(format!("move {} '{san}': {e}", game.moves.len() + 1))),
        }
    }

    fn comment(&mut self, game: &mut Game, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        let text = String::from_utf8_lossy(comment.as_bytes());
        if let Some(last) = game.moves.last_mut() {
            if last.score.is_none() {
                last.score = parse_score(&text);
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, game: &mut Game, outcome: pgn_reader::Outcome) -> ControlFlow<Self::Output> {
        game.outcome = match outcome {
            pgn_reader::Outcome::Known(KnownOutcome::Decisive { winner: shakmaty::Color::White }) => {
                Some(Outcome::WhiteWins)
            }
            pgn_reader::Outcome::Known(KnownOutcome::Decisive { winner: shakmaty::Color::Black }) => {
                Some(Outcome::BlackWins)
            }
            pgn_reader::Outcome::Known(KnownOutcome::Draw) => Some(Outcome::Draw),
            pgn_reader::Outcome::Unknown => None,
        };
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Game) -> Self::Output {
        record(game)
    }
}

/// The mover's score in a comment: `+0.40/15 0.350s` in centipawns; `+M5/...` and `-M4/...` as mate
/// scores (plies); `None` for `book`, an empty score or anything else.
fn parse_score(comment: &str) -> Option<i32> {
    let text = comment.trim();
    let score = text.split(['/', ' ', ',']).next()?;
    if let Some(plies) = score.strip_prefix("+M").or(score.strip_prefix("M")) {
        return plies.parse::<i32>().ok().map(|p| score::MATE - p);
    }
    if let Some(plies) = score.strip_prefix("-M") {
        return plies.parse::<i32>().ok().map(|p| -score::MATE + p);
    }
    let pawns = score.parse::<f64>().ok().filter(|p| p.is_finite() && p.abs() < 1e4)?;
    Some((pawns * 100.0).round() as i32)
}

/// The mover's score as the data records it: white's view, at the data's scale.
fn data_score(score: i32, white_moves: bool) -> i16 {
    let units = if score::is_mate(score) { score } else { to_data_scale(wdl::search_units(score)) };
    let white = if white_moves { units } else { -units };
    white.clamp(-score::MATE, score::MATE) as i16
}

/// The game as a record: the book moves played into the start, every later move with its score.
fn record(game: Game) -> Result<GameRecord, String> {
    let outcome = game.outcome.ok_or("no result (an unfinished game)")?;
    let start = game.fen.as_deref().unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let mut position = Position::from_fen(start).map_err(|e| format!("FEN '{start}': {e}"))?;
    let book = game.moves.iter().take_while(|m| m.score.is_none()).count();
    let mut fen = String::new();
    let mut moves = Vec::with_capacity(game.moves.len() - book);
    for (ply, played) in game.moves.iter().enumerate() {
        if ply == book {
            fen = position.fen(true);
        }
        let mv: Move = played.uci.parse().map_err(|_| format!("move {}: '{}'", ply + 1, played.uci))?;
        if !position.board().is_legal(mv) {
            return Err(format!("move {}: {} is not legal", ply + 1, played.uci));
        }
        if ply >= book {
            let score = played.score.ok_or(format!("move {}: no score after scored moves", ply + 1))?;
            let white = position.board().side_to_move() == cozy_chess::Color::White;
            moves.push((mv, data_score(score, white)));
        }
        position.play(mv);
    }
    if moves.is_empty() {
        return Err("no scored move".to_string());
    }
    Ok(GameRecord { fen, outcome, moves })
}

/// `datagen import-pgn OUT IN...`: imports every readable game of the PGN files into `out`
/// (zstd-compressed when it ends in `.zst`), reporting the others on stderr.
pub fn import(out: &Path, inputs: &[PathBuf]) -> Result<String, String> {
    let (mut games, mut skipped) = (Vec::new(), 0);
    for path in inputs {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut reader = Reader::new(BufReader::new(file));
        let mut number = 0;
        loop {
            let read = reader.read_game(&mut Importer).map_err(|e| format!("{}: {e}", path.display()))?;
            let Some(outcome) = read else { break };
            number += 1;
            match outcome {
                Ok(game) => games.push(game),
                Err(why) => {
                    skipped += 1;
                    eprintln!("{} game {number}: skipped: {why}", path.display());
                }
            }
        }
    }
    let positions: usize = games.iter().map(|g| g.moves.len()).sum();
    let written = write_games(out, &games)?;
    Ok(format!("{} games ({positions} scored positions) imported, {skipped} skipped; {written}", games.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_of_both_tools_are_read() {
        assert_eq!(parse_score("+0.40/15 0.350s"), Some(40));
        assert_eq!(parse_score("-1.25/20 1.002s, White wins by adjudication"), Some(-125));
        assert_eq!(parse_score("0.00/1 0.001s"), Some(0));
        assert_eq!(parse_score("+M5/20 0.100s"), Some(score::MATE - 5));
        assert_eq!(parse_score("-M4/30 0.200s"), Some(-score::MATE + 4));
        assert_eq!(parse_score("book"), None);
        assert_eq!(parse_score("/0 0.000s"), None);
        assert_eq!(parse_score(""), None);
    }

    #[test]
    fn scores_turn_to_white_s_view_at_the_data_s_scale() {
        assert_eq!(data_score(100, true), -data_score(100, false));
        assert_eq!(i32::from(data_score(100, true)), to_data_scale(wdl::search_units(100)));
        assert_eq!(data_score(score::MATE - 3, false), (-score::MATE + 3) as i16);
    }
}
