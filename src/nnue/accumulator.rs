//! Accumulators kept up to date move by move: each perspective's first layer, changed by the few
//! features a move adds and removes instead of summed again from scratch.
//!
//! A move removes its piece from its square and adds it (or its promotion) on the target; a capture
//! removes the victim (for en passant, from beside the target). cozy-chess castles king-takes-rook,
//! so a castling move removes the king and that rook and adds them on their castled squares; in
//! Chess960 either may end where it started, which the same four changes cover.
//!
//! With king buckets a king move may change its own perspective's view (`features::View`); that
//! perspective is then refreshed through the `RefreshCache`, the other updated as usual.

use cozy_chess::{Board, Color, File, Move, Piece, Square};

use super::cache::RefreshCache;
use super::features::View;
use super::network::Network;
use super::simd;

/// The first layer of both perspectives: `[white's, black's]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Accumulator {
    pub values: [Vec<i16>; 2],
}

/// A piece of a colour on a square: one feature a perspective.
type Placed = (Color, Piece, Square);

/// What a move changes on the board: at most two pieces removed and two added (no allocation: the
/// search asks this at every node).
#[derive(Default)]
struct Changes {
    removed: [Option<Placed>; 2],
    added: [Option<Placed>; 2],
}

/// The pieces `mv` (legal on `board`) takes off and puts on.
fn changes(board: &Board, mv: Move) -> Changes {
    let us = board.side_to_move();
    let Some(piece) = board.piece_on(mv.from) else {
        return Changes::default();
    };
    let moved = Some((us, piece, mv.from));
    if piece == Piece::King && board.colors(us).has(mv.to) {
        let short = mv.to.file() > mv.from.file();
        let (king_file, rook_file) = if short { (File::G, File::F) } else { (File::C, File::D) };
        let rank = mv.from.rank();
        return Changes {
            removed: [moved, Some((us, Piece::Rook, mv.to))],
            added: [
                Some((us, Piece::King, Square::new(king_file, rank))),
                Some((us, Piece::Rook, Square::new(rook_file, rank))),
            ],
        };
    }
    let captured = if board.colors(!us).has(mv.to) {
        board.piece_on(mv.to).map(|victim| (!us, victim, mv.to))
    } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
        Some((!us, Piece::Pawn, Square::new(mv.to.file(), mv.from.rank())))
    } else {
        None
    };
    Changes { removed: [moved, captured], added: [Some((us, mv.promotion.unwrap_or(piece), mv.to)), None] }
}

/// The input weights of the placed `pieces` in `view`, and how many there are (no allocation: the
/// search asks this at every node).
fn rows(net: &Network, view: View, pieces: [Option<Placed>; 2]) -> ([&[i16]; 2], usize) {
    let mut rows: [&[i16]; 2] = [&[]; 2];
    let mut count = 0;
    for (color, piece, square) in pieces.into_iter().flatten() {
        rows[count] = net.row(view.feature(color, piece, square));
        count += 1;
    }
    (rows, count)
}

impl Accumulator {
    /// Both perspectives of `board`, summed from scratch.
    pub fn refresh(net: &Network, board: &Board) -> Accumulator {
        let [white, black] = net.layout.active(board);
        Accumulator { values: [net.accumulate(&white), net.accumulate(&black)] }
    }

    /// An accumulator of `hidden` zeros per perspective, to be written into.
    pub fn zeroed(hidden: usize) -> Accumulator {
        Accumulator { values: [vec![0; hidden], vec![0; hidden]] }
    }

    /// Writes into `next` (of the same size) the accumulator of `child`, the position after `mv`
    /// from `board` (this accumulator's position).
    pub fn update_into(
        &self,
        next: &mut Accumulator,
        net: &Network,
        mv: Move,
        [board, child]: [&Board; 2],
        cache: &mut RefreshCache,
    ) {
        let Changes { removed, added } = changes(board, mv);
        let plain = net.layout.is_plain();
        for (index, perspective) in Color::ALL.into_iter().enumerate() {
            let view =
                if plain { View::plain(perspective) } else { net.layout.view(perspective, board.king(perspective)) };
            if !plain && board.king(perspective) == mv.from {
                let new_view = net.layout.view(perspective, child.king(perspective));
                if new_view != view {
                    cache.refresh(net, child, new_view, &mut next.values[index]);
                    continue;
                }
            }
            let (minus, minus_count) = rows(net, view, removed);
            let (plus, plus_count) = rows(net, view, added);
            simd::update(&mut next.values[index], &self.values[index], &minus[..minus_count], &plus[..plus_count]);
        }
    }

    /// Makes this a copy of `other` (of the same size), without allocating.
    pub fn copy_from(&mut self, other: &Accumulator) {
        for (mine, theirs) in self.values.iter_mut().zip(&other.values) {
            mine.copy_from_slice(theirs);
        }
    }

    /// The network's output for the side to move of `board`, the position this accumulator is of.
    pub fn evaluate(&self, net: &Network, board: &Board) -> i32 {
        let [white, black] = &self.values;
        net.output_for(board.side_to_move(), [white, black], board.occupied().len() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::InputLayout;
    use crate::position::movegen::legal_moves;
    use crate::position::Position;
    use crate::rng::Rng;

    /// Output buckets of the test network: captures in the random games change them.
    const BUCKETS: usize = 3;

    /// A small network with varied weights, so that any wrong feature shows; 32 neurons, so that
    /// the vector paths of the update run where the CPU has them.
    fn net_with(layout: InputLayout) -> Network {
        let hidden = 32;
        let mut rng = Rng::new(99);
        let mut value = |spread: u64| rng.below(spread) as i16 - (spread / 2) as i16;
        let input_weights = (0..layout.inputs() * hidden).map(|_| value(200)).collect();
        let input_bias = (0..hidden).map(|_| value(100)).collect();
        let output_weights = (0..BUCKETS * 2 * hidden).map(|_| value(64)).collect();
        Network::new(hidden, input_weights, input_bias, output_weights, vec![77, -40, 12]).with_layout(layout)
    }

    fn net() -> Network {
        net_with(InputLayout::plain())
    }

    /// Five king buckets (the back rank split in two, then rank pairs), mirrored.
    fn kings() -> InputLayout {
        let bucket = |square: usize| match square / 8 {
            0 => (square % 8 / 2) as u8,
            rank => (1 + rank.div_ceil(2)).min(4) as u8,
        };
        InputLayout::new(std::array::from_fn(bucket), true).expect("a layout")
    }

    /// The accumulator after `mv` from `board`, through `cache`.
    fn after(acc: &Accumulator, net: &Network, board: &Board, mv: Move, cache: &mut RefreshCache) -> Accumulator {
        let mut next = Accumulator::zeroed(net.hidden);
        let mut child = board.clone();
        child.play_unchecked(mv);
        acc.update_into(&mut next, net, mv, [board, &child], cache);
        next
    }

    /// Plays random games from `start`, checking the updated accumulator against a refresh after
    /// every move; returns how many castlings, promotions and en-passant captures it met.
    fn random_games(net: &Network, start: Position, games: usize, rng: &mut Rng) -> [usize; 3] {
        let mut met = [0; 3];
        let mut cache = RefreshCache::new(net);
        for _ in 0..games {
            let mut board = start.board().clone();
            let mut acc = Accumulator::refresh(net, &board);
            for _ in 0..300 {
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                // Prefer the rare moves, so that every kind comes up.
                let special: Vec<Move> = moves.iter().copied().filter(|&m| is_special(&board, m).is_some()).collect();
                let pool = if !special.is_empty() && rng.below(2) == 0 { &special } else { &moves };
                let mv = rng.pick(pool);
                if let Some(kind) = is_special(&board, mv) {
                    met[kind] += 1;
                }
                acc = after(&acc, net, &board, mv, &mut cache);
                board.play_unchecked(mv);
                assert_eq!(acc, Accumulator::refresh(net, &board), "after {mv} in {board}");
                assert_eq!(acc.evaluate(net, &board), net.evaluate(&board));
            }
        }
        met
    }

    /// 0 castling, 1 promotion, 2 en passant.
    fn is_special(board: &Board, mv: Move) -> Option<usize> {
        let piece = board.piece_on(mv.from)?;
        if piece == Piece::King && board.colors(board.side_to_move()).has(mv.to) {
            Some(0)
        } else if mv.promotion.is_some() {
            Some(1)
        } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() && board.piece_on(mv.to).is_none() {
            Some(2)
        } else {
            None
        }
    }

    #[test]
    fn chess960_castlings_where_the_king_or_the_rook_stays_put_update_right() {
        for net in [net(), net_with(kings())] {
            castlings_update_right(&net);
        }
    }

    fn castlings_update_right(net: &Network) {
        let mut cache = RefreshCache::new(net);
        // King stays on g1; rook stays on f1; king stays on c1; rook stays on d1.
        let cases = [
            ("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1"),
            ("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "e1f1"),
            ("4k3/8/8/8/8/8/8/1RK5 w B - 0 1", "c1b1"),
            ("4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1"),
            ("1r2k3/8/8/8/8/8/8/4K3 b b - 0 1", "e8b8"),
        ];
        for (fen, text) in cases {
            let board = crate::position::fen::parse(fen).expect("a legal FEN").board;
            let mv: Move = text.parse().expect("a move");
            assert!(board.is_legal(mv), "{text} in {fen}");
            let acc = after(&Accumulator::refresh(net, &board), net, &board, mv, &mut cache);
            let mut child = board.clone();
            child.play_unchecked(mv);
            assert_eq!(acc, Accumulator::refresh(net, &child), "{text} in {fen}");
        }
    }

    /// Random games of standard chess, Chess960 and double Chess960 with `net`.
    fn updates_equal_refreshes(net: &Network) {
        let mut rng = Rng::new(5);
        let standard = random_games(net, Position::startpos(), 20, &mut rng);
        assert!(standard.iter().all(|&n| n > 0), "castlings, promotions, en passant: {standard:?}");
        let mut chess960 = [0; 3];
        for n in [0, 100, 357, 518, 959] {
            let found = random_games(net, Position::chess960(n).expect("a start"), 6, &mut rng);
            chess960.iter_mut().zip(found).for_each(|(a, b)| *a += b);
        }
        let double = random_games(net, Position::double_chess960(12, 700).expect("a start"), 6, &mut rng);
        assert!(chess960[0] > 0 && double[0] > 0, "Chess960 castlings: {chess960:?} {double:?}");
    }

    #[test]
    fn updates_equal_a_refresh_after_every_move_of_random_games() {
        updates_equal_refreshes(&net());
    }

    #[test]
    fn with_king_buckets_updates_and_cached_refreshes_equal_a_refresh_after_every_move() {
        let layout = kings();
        assert_eq!(layout.buckets(), 5);
        updates_equal_refreshes(&net_with(layout));
    }
}
