//! The `d` command (the board as text, its FEN, key and the state of the game under the rules) and
//! the `eval` command (the static evaluation broken down by term).

use cozy_chess::{Color, File, Rank, Square};

use super::options::Options;
use super::output::Output;
use crate::eval;
use crate::nnue::explain;
use crate::nnue::network::Network;
use crate::position::Position;
use crate::search::score::wdl::normalised_cp;

const RULE: &str = " +---+---+---+---+---+---+---+---+";

pub(super) fn show(out: &Output, position: &Position, options: &Options) {
    let chess960 = options.chess960;
    let board = position.board();
    out.send("");
    out.send(RULE);
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
        out.send(&row);
        out.send(RULE);
    }
    out.send("   a   b   c   d   e   f   g   h");
    out.send("");
    out.send(&format!("Fen: {}", position.fen(chess960)));
    out.send(&format!("Key: {:016X}", position.key()));
    let checkers: Vec<String> = board.checkers().into_iter().map(|s| s.to_string()).collect();
    out.send(&format!("Checkers: {}", checkers.join(" ")));
    out.send(&format!("Halfmove clock: {}", position.halfmove_clock()));
    out.send(&format!("State: {}", position.state(options.move_limit()).describe()));
}

/// The heading of the evaluation in use (Stockfish's words).
const FINAL: &str = "Final evaluation";
/// How `eval` names the search's own units, which are not normalised.
const UNITS: &str = "(search units)";

/// `eval`: what each piece is worth to the network, its output with the verdict as the final
/// evaluation (white's view, pawns; the endgame knowledge's where it knows the material), then the
/// side to move's score in centipawns, as the search sees it before and after the halfmove-clock
/// scaling. The network's output is in the search's units; everything else is normalised as
/// `info score cp` is (`wdl::normalised_cp`).
pub(super) fn show_eval(out: &Output, position: &Position, options: &Options, network: &Network) {
    let board = position.board();
    out.send("");
    if !board.checkers().is_empty() {
        out.send(&format!("{FINAL}: none (in check)"));
        return;
    }
    show_piece_values(out, network, board);
    let output = network.evaluate(board);
    let clock = position.halfmove_clock();
    let steps = eval::evaluate(board, None, || output, clock, options.move_limit());
    let raw = steps.raw;
    if eval::endgame::known(board).is_some() {
        out.send(&format!(
            "NNUE network output (side to move): {output}; not used: endgame knowledge says {raw} {UNITS}"
        ));
    } else {
        out.send(&format!("NNUE network output (side to move): {output}; scaled for drawish material: {raw} {UNITS}"));
    }
    let cp = normalised_cp(raw);
    let white = if board.side_to_move() == cozy_chess::Color::White { cp } else { -cp };
    out.send(&format!("{FINAL}: {:7.2} (white side)", f64::from(white) / 100.0));
    let clocked = normalised_cp(steps.clocked);
    out.send(&format!("Side to move: {cp} cp; scaled for the halfmove clock ({clock}): {clocked} cp"));
}

/// The board with what each piece is worth to the network (white's side, in pawns), as Stockfish's
/// `eval` draws it.
fn show_piece_values(out: &Output, net: &Network, board: &cozy_chess::Board) {
    let values = explain::piece_values(net, board);
    let border = format!("+{}", "-------+".repeat(8));
    out.send("NNUE piece values (white's side, pawns):");
    out.send(&border);
    for rank in cozy_chess::Rank::ALL.iter().rev() {
        let mut pieces = String::from("|");
        let mut worth = String::from("|");
        for file in cozy_chess::File::ALL {
            let square = cozy_chess::Square::new(file, *rank);
            let symbol = board.piece_on(square).zip(board.color_on(square)).map(|(piece, color)| {
                let c: char = piece.into();
                if color == cozy_chess::Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            });
            pieces.push_str(&format!("   {}   |", symbol.unwrap_or(' ')));
            match values.iter().find(|(at, ..)| *at == square) {
                Some((.., value)) => worth.push_str(&format!(" {:+5.2} |", f64::from(normalised_cp(*value)) / 100.0)),
                None => worth.push_str("       |"),
            }
        }
        out.send(&pieces);
        out.send(&worth);
        out.send(&border);
    }
}
