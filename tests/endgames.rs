//! Won endings converted within the fifty-move rule, without tables: the engine plays both sides of
//! a K+B+N v K position at a fixed node count (the same moves on every run) and must mate before
//! the clock reaches 100 plies, never letting a position occur three times. The defending side is
//! the engine too, so it looks for the repetitions and the fifty-move draw a defender would.

#[path = "common/engine.rs"]
mod engine;

use std::collections::HashMap;
use std::time::Duration;

use cozy_chess::{Board, GameStatus, Move};
use engine::Engine;

/// Nodes a move: a search of a fraction of a second, as at 10+0.1.
const NODES: u64 = 200_000;
const MOVE_TIMEOUT: Duration = Duration::from_secs(60);
const FIFTY_MOVES: u8 = 100;

/// Plays `fen` out with the engine on both sides; the plies to mate, or why it failed.
fn play_out(fen: &str) -> Result<usize, String> {
    let mut engine = Engine::spawn();
    engine.handshake();
    let mut board: Board = fen.parse().map_err(|e| format!("{fen}: {e:?}"))?;
    let mut moves: Vec<String> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    loop {
        match board.status() {
            GameStatus::Won => return Ok(moves.len()),
            GameStatus::Drawn => return Err(format!("stalemate or dead position after {}", moves.join(" "))),
            GameStatus::Ongoing => {}
        }
        if board.halfmove_clock() >= FIFTY_MOVES {
            return Err(format!("fifty moves without mate: {}", moves.join(" ")));
        }
        let count = seen.entry(board.hash()).or_default();
        *count += 1;
        if *count >= 3 {
            return Err(format!("threefold repetition: {}", moves.join(" ")));
        }
        engine.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        let search = engine.go(&format!("nodes {NODES}"), MOVE_TIMEOUT);
        let mv: Move = search.bestmove.parse().map_err(|e| format!("bestmove {}: {e:?}", search.bestmove))?;
        board.try_play(mv).map_err(|e| format!("illegal bestmove {mv}: {e:?}"))?;
        moves.push(search.bestmove);
    }
}

#[test]
fn bishop_and_knight_mate_a_bare_king_in_time() {
    // Light-squared bishop, the defending king on the first rank near the dark corner a1: it must
    // be driven to a8 or h1 (Syzygy: a win, DTZ 46).
    let plies = play_out("8/K7/8/8/8/8/8/1BNk4 w - - 0 1").unwrap_or_else(|e| panic!("{e}"));
    assert!(plies < 100, "{plies} plies");
}
