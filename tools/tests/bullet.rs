//! Networks in bullet's quantised layout through `train import-bullet` and `export-bullet`. The
//! bullet file is built here the way bullet's `SavedFormat` builds it (float matrices kept column by
//! column, `round().quantise::<i16>(q)`, the output weights transposed, padding `bullet` to 64
//! bytes), and the engine's file of the same float weights the way the engine's format says; the
//! converted file must evaluate exactly as the engine's own on every position. bullet's mirrored
//! king-bucket inputs, computed from their rule, must be the engine's for the same bucket list.

#[path = "common/scratch.rs"]
mod scratch;

use std::path::PathBuf;
use std::process::Command;

use cozy_chess::Board;
use engine::nnue::embedded;
use engine::nnue::network::Network;
use engine::position::fen;
use engine::rng::Rng;
use scratch::scratch;

const HIDDEN: usize = 16;
const BUCKETS: usize = 8;
const INPUTS: usize = 768;

fn train(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_train")).args(args).output().expect("run train");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    assert!(output.status.success(), "{}{}", text(&output.stdout), text(&output.stderr));
    text(&output.stdout)
}

/// `count` floats in `-range..range`.
fn floats(rng: &mut Rng, count: usize, range: f64) -> Vec<f32> {
    (0..count).map(|_| ((rng.below(2_000_001) as f64 / 1_000_000.0 - 1.0) * range) as f32).collect()
}

/// bullet's `round().quantise::<i16>(q)` of one value.
fn quantise(q: i32, value: f32) -> i16 {
    (f64::from(q) * f64::from(value)).round() as i16
}

/// bullet's `transpose()` of a `rows × cols` matrix kept column by column.
fn transpose(rows: usize, cols: usize, values: &[f32]) -> Vec<f32> {
    let mut out = vec![0.0; values.len()];
    for i in 0..rows {
        for j in 0..cols {
            out[cols * i + j] = values[rows * j + i];
        }
    }
    out
}

#[test]
fn a_bullet_net_evaluates_as_the_engine_s_file_of_the_same_weights() {
    let mut rng = Rng::new(9);
    // bullet's weights: l0 a HIDDEN × 768 matrix, l1 a BUCKETS × 2·HIDDEN one, column by column.
    let l0w = floats(&mut rng, HIDDEN * INPUTS, 0.5);
    let l0b = floats(&mut rng, HIDDEN, 0.5);
    let l1w = floats(&mut rng, BUCKETS * 2 * HIDDEN, 0.5);
    let l1b = floats(&mut rng, BUCKETS, 1.0);
    let mut bullet: Vec<u8> = Vec::new();
    let mut write = |values: &[f32], q: i32| {
        values.iter().for_each(|&v| bullet.extend_from_slice(&quantise(q, v).to_le_bytes()));
    };
    write(&l0w, 255);
    write(&l0b, 255);
    write(&transpose(BUCKETS, 2 * HIDDEN, &l1w), 64);
    write(&l1b, 255 * 64);
    let pad = b"bullet";
    for i in 0..(64 - bullet.len() % 64) % 64 {
        bullet.push(pad[i % pad.len()]);
    }
    // The engine's file: input weights feature by feature, output weights bucket by bucket.
    let mut input_weights = vec![0i16; INPUTS * HIDDEN];
    for feature in 0..INPUTS {
        for neuron in 0..HIDDEN {
            input_weights[feature * HIDDEN + neuron] = quantise(255, l0w[HIDDEN * feature + neuron]);
        }
    }
    let mut output_weights = vec![0i16; BUCKETS * 2 * HIDDEN];
    for bucket in 0..BUCKETS {
        for input in 0..2 * HIDDEN {
            output_weights[bucket * 2 * HIDDEN + input] = quantise(64, l1w[BUCKETS * input + bucket]);
        }
    }
    let input_bias = l0b.iter().map(|&v| quantise(255, v)).collect();
    let output_bias = l1b.iter().map(|&v| i32::from(quantise(255 * 64, v))).collect();
    let own = Network::new(HIDDEN, input_weights, input_bias, output_weights, output_bias);

    let dir = scratch("bullet-convert");
    let (bullet_file, converted) = (dir.join("quantised.bin"), dir.join("converted.nnue"));
    std::fs::write(&bullet_file, &bullet).expect("write");
    let (from, to) = (bullet_file.to_str().expect("path"), converted.to_str().expect("path"));
    train(&["import-bullet", from, to, "--hidden", "16", "--buckets", "8"]);
    let loaded = Network::read(to).expect("the converted net loads");
    let book = std::fs::read_to_string("../tests/data/books/uho20.epd").expect("the book");
    let mut boards: Vec<Board> = vec![Board::default(), "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1".parse().expect("fen")];
    boards.extend(book.lines().map(|line| fen::parse(line).expect("the book's FEN").board));
    for board in &boards {
        assert_eq!(loaded.evaluate(board), own.evaluate(board), "{board}");
    }
    assert_eq!(loaded, own);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_built_in_net_goes_to_bullet_s_layout_and_back_unchanged() {
    let dir = scratch("bullet-round-trip");
    let (original, bullet, back) = (dir.join("net.nnue"), dir.join("net.bin"), dir.join("back.nnue"));
    let net = embedded::network();
    std::fs::write(&original, net.to_bytes()).expect("write");
    let path = |p: &PathBuf| p.to_str().expect("path").to_string();
    train(&["export-bullet", &path(&original), &path(&bullet)]);
    let (hidden, buckets) = (net.hidden.to_string(), net.buckets.to_string());
    train(&["import-bullet", &path(&bullet), &path(&back), "--hidden", &hidden, "--buckets", &buckets]);
    assert_eq!(Network::read(&path(&back)).expect("loads"), *net);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The inputs bullet's `ChessBucketsMirrored::new(list)` gives a position, from its documented
/// rule: the board from the side to move's view, each perspective's king bucket read from `list`
/// by its king's square mirrored onto the a-d files, and the board mirrored for a perspective whose
/// king stands on the e-h files; `[side to move's, other's]`.
fn bullet_mirrored_inputs(board: &Board, list: &[usize; 32]) -> [Vec<usize>; 2] {
    let stm = board.side_to_move();
    let relative =
        |sq: cozy_chess::Square| if stm == cozy_chess::Color::White { sq as usize } else { sq as usize ^ 56 };
    let (our_king, their_king) = (relative(board.king(stm)), relative(board.king(!stm)) ^ 56);
    let bucket = |king: usize| 768 * list[king / 8 * 4 + (king % 8).min(7 - king % 8)];
    let flip = |king: usize| if king % 8 > 3 { 7 } else { 0 };
    let mut inputs = [Vec::new(), Vec::new()];
    for square in board.occupied() {
        let (Some(color), Some(piece)) = (board.color_on(square), board.piece_on(square)) else { continue };
        let (theirs, kind, sq) = (usize::from(color != stm), piece as usize * 64, relative(square));
        inputs[0].push(bucket(our_king) + 384 * theirs + kind + (sq ^ flip(our_king)));
        inputs[1].push(bucket(their_king) + 384 * (1 - theirs) + kind + ((sq ^ flip(their_king)) ^ 56));
    }
    inputs.map(|mut side| {
        side.sort();
        side
    })
}

#[test]
fn bullet_s_mirrored_king_buckets_number_the_inputs_as_the_engine_does() {
    let list: [usize; 32] = std::array::from_fn(|i| [0, 1, 2, 3, 4, 4, 5, 5][i / 4]);
    let text: Vec<String> = list.iter().map(ToString::to_string).collect();
    let layout = tools::layout::parse_king_buckets(&text.join(",")).expect("a layout");
    let mut rng = Rng::new(17);
    for start in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w BHbh - 0 1",
    ] {
        let mut board = fen::parse(start).expect("a start").board;
        for _ in 0..120 {
            let sorted = |mut v: Vec<usize>| {
                v.sort();
                v
            };
            let [white, black] = layout.active(&board).map(sorted);
            let ours = if board.side_to_move() == cozy_chess::Color::White { [white, black] } else { [black, white] };
            assert_eq!(ours, bullet_mirrored_inputs(&board, &list), "{board}");
            let moves = engine::position::movegen::legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            board.play_unchecked(rng.pick(&moves));
        }
    }
}
