//! The `d` command (the board as text, its FEN, key and the state of the game under the rules) and
//! the `eval` command (the static evaluation broken down by term).

use cozy_chess::{Color, File, Rank, Square};

use super::options::Options;
use super::output::send;
use crate::eval;
use crate::nnue::network::Network;
use crate::position::Position;

const RULE: &str = " +---+---+---+---+---+---+---+---+";

pub fn show(position: &Position, options: &Options) {
    let chess960 = options.chess960;
    let board = position.board();
    send("");
    send(RULE);
    for &rank in Rank::ALL.iter().rev() {
        let mut row = String::from(" |");
        for &file in &File::ALL {
            let square = Square::new(file, rank);
            let symbol = match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(Color::White)) => char::from(piece).to_ascii_uppercase(),
                (Some(piece), _) => char::from(piece),
                _ => ' ',
            };
            row.push_str(&format!(" {symbol} |"));
        }
        row.push_str(&format!(" {}", rank as usize + 1));
        send(&row);
        send(RULE);
    }
    send("   a   b   c   d   e   f   g   h");
    send("");
    send(&format!("Fen: {}", position.fen(chess960)));
    send(&format!("Key: {:016X}", position.key()));
    let checkers: Vec<String> = board.checkers().into_iter().map(|s| s.to_string()).collect();
    send(&format!("Checkers: {}", checkers.join(" ")));
    send(&format!("Halfmove clock: {}", position.halfmove_clock()));
    send(&format!("State: {}", position.state(options.move_limit()).describe()));
}

/// `eval`: the evaluation by term (white's view, pawns), then the side to move's score in centipawns,
/// as the search sees it before and after the halfmove-clock scaling.
pub fn show_eval(position: &Position, options: &Options, network: Option<&Network>) {
    let board = position.board();
    send("");
    if !board.checkers().is_empty() {
        send("Final evaluation: none (in check)");
        return;
    }
    for line in eval::breakdown(board) {
        send(&line);
    }
    if let Some(net) = network {
        send(&format!("NNUE network output (side to move): {} cp", net.evaluate(board)));
    }
    let raw = eval::evaluate(board);
    let scaled = eval::scale_for_clock(raw, position.halfmove_clock(), options.move_limit());
    send(&format!(
        "Side to move: {raw} cp; scaled for the halfmove clock ({}): {scaled} cp",
        position.halfmove_clock()
    ));
}
