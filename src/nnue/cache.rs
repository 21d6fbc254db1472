//! The refresh cache (a "Finny table"): for each perspective and king view, the accumulator of the
//! board that view was last refreshed on. A king move into another bucket, or across the middle of
//! a mirrored board, then costs the pieces that changed since, not a sum over every piece.

use cozy_chess::{BitBoard, Board, Color, Piece};

use super::features::View;
use super::network::Network;

/// One view's accumulator and the pieces (`[colour][piece]`) it holds.
#[derive(Clone, Debug)]
struct Entry {
    values: Vec<i16>,
    pieces: [[BitBoard; Piece::NUM]; Color::NUM],
}

/// Entries for both perspectives and every view of a network's layout.
#[derive(Clone, Debug)]
pub struct RefreshCache {
    entries: Vec<Entry>,
    slots: usize,
}

impl RefreshCache {
    /// A cache for `net`: every entry the empty board (the input biases).
    pub fn new(net: &Network) -> RefreshCache {
        let slots = net.layout.slots();
        let empty = Entry { values: net.input_bias.clone(), pieces: [[BitBoard::EMPTY; Piece::NUM]; Color::NUM] };
        RefreshCache { entries: vec![empty; Color::NUM * slots], slots }
    }

    /// Writes into `values` the accumulator of `view` for `board`, bringing the view's entry up to
    /// `board` on the way.
    pub fn refresh(&mut self, net: &Network, board: &Board, view: View, values: &mut [i16]) {
        let entry = &mut self.entries[view.perspective as usize * self.slots + view.slot()];
        for color in Color::ALL {
            for piece in Piece::ALL {
                let now = board.colored_pieces(color, piece);
                let before = entry.pieces[color as usize][piece as usize];
                // A plain loop, not `simd::update`: a second caller there slows the search's own.
                for square in before & !now {
                    let row = net.row(view.feature(color, piece, square));
                    entry.values.iter_mut().zip(row).for_each(|(v, w)| *v = v.wrapping_sub(*w));
                }
                for square in now & !before {
                    let row = net.row(view.feature(color, piece, square));
                    entry.values.iter_mut().zip(row).for_each(|(v, w)| *v = v.wrapping_add(*w));
                }
                entry.pieces[color as usize][piece as usize] = now;
            }
        }
        values.copy_from_slice(&entry.values);
    }
}
