//! What each piece is worth to the network in a position, as Stockfish's `eval` shows it: the
//! evaluation with the piece on the board minus the evaluation without it, from white's side.

use cozy_chess::{Board, Color, Piece, Square};

use super::network::Network;

/// The network's evaluation from white's side with the features `[white's, black's]` active.
fn white_view(net: &Network, features: &[Vec<usize>; 2], side_to_move: Color) -> i32 {
    let [white, black] = features.each_ref().map(|f| net.accumulate(f));
    // One feature a piece: each perspective's count is the number of pieces.
    let output = net.output_for(side_to_move, [&white, &black], features[0].len());
    if side_to_move == Color::White {
        output
    } else {
        -output
    }
}

/// Every piece but the kings with its worth in centipawns (white's side), by square.
pub fn piece_values(net: &Network, board: &Board) -> Vec<(Square, Color, Piece, i32)> {
    let full_features = net.layout.active(board);
    let views = net.layout.views(board);
    let full = white_view(net, &full_features, board.side_to_move());
    let mut values = Vec::new();
    for square in board.occupied() {
        let (Some(color), Some(piece)) = (board.color_on(square), board.piece_on(square)) else { continue };
        if piece == Piece::King {
            continue;
        }
        let without = views.map(|view| {
            let gone = view.feature(color, piece, square);
            full_features[view.perspective as usize].iter().copied().filter(|&f| f != gone).collect::<Vec<_>>()
        });
        values.push((square, color, piece, full - white_view(net, &without, board.side_to_move())));
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::{feature, INPUTS};

    #[test]
    fn a_piece_is_worth_what_removing_it_changes() {
        // A network that counts material only: each white piece +1 in the first neuron's
        // accumulator, each black one -1; the output reads that neuron linearly through SCReLU's
        // square, so pick weights that keep it in the linear-enough range: check signs only.
        let hidden = 2;
        let mut input_weights = vec![0i16; INPUTS * hidden];
        for piece in Piece::ALL {
            for square in Square::ALL {
                input_weights[feature(Color::White, Color::White, piece, square) * hidden] = 20;
            }
        }
        let net = Network::new(hidden, input_weights, vec![0, 0], vec![64, 0, -64, 0], vec![0]);
        let board: Board = "4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1".parse().expect("fen");
        let values = piece_values(&net, &board);
        assert_eq!(values.len(), 3, "kings are left out: {values:?}");
        for (_, color, _, value) in values {
            assert_eq!(value > 0, color == Color::White, "{color:?} {value}");
        }
    }
}
