//! Micro-benchmarks: make-move, move generation (perft), the network from scratch and SEE, on fixed
//! positions. `make micro` (or `cargo bench -p tools`).

use std::hint::black_box;

use cozy_chess::{Board, Move};
use criterion::{criterion_group, criterion_main, Criterion};
use engine::nnue::embedded;
use engine::position::movegen::legal_moves;
use engine::position::see::see_ge;
use engine::position::Position;

const POSITIONS: [&str; 4] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fn boards() -> Vec<Board> {
    POSITIONS.iter().map(|fen| Position::from_fen(fen).expect("bench position").board().clone()).collect()
}

fn make_move(c: &mut Criterion) {
    let cases: Vec<(Board, Vec<Move>)> = boards().into_iter().map(|b| (b.clone(), legal_moves(&b))).collect();
    c.bench_function("make_move (all legal moves of 4 positions)", |bench| {
        bench.iter(|| {
            for (board, moves) in &cases {
                for &mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    black_box(&child);
                }
            }
        })
    });
}

fn perft(c: &mut Criterion) {
    let board = boards().remove(0);
    c.bench_function("perft 3 (Kiwipete)", |bench| bench.iter(|| engine::perft::perft(black_box(&board), 3)));
}

fn evaluation(c: &mut Criterion) {
    let boards = boards();
    let network = embedded::network();
    c.bench_function("network evaluate from scratch (4 positions)", |bench| {
        bench.iter(|| boards.iter().map(|b| network.evaluate(black_box(b))).sum::<i32>())
    });
}

fn see(c: &mut Criterion) {
    let cases: Vec<(Board, Vec<Move>)> = boards().into_iter().map(|b| (b.clone(), legal_moves(&b))).collect();
    c.bench_function("see_ge (all legal moves of 4 positions)", |bench| {
        bench
            .iter(|| cases.iter().map(|(b, moves)| moves.iter().filter(|&&mv| see_ge(b, mv, 0)).count()).sum::<usize>())
    });
}

criterion_group!(benches, make_move, perft, evaluation, see);
criterion_main!(benches);
