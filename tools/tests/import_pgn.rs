//! `datagen import-pgn` through the built binary, then `train` on what it wrote: the round trip of
//! OpenBench's data generation workloads (games from `genfens` openings, played by fastchess,
//! returned as PGN). `tests/data/fastchess.pgn` is 12 games fastchess 1.8.2 played between two copies
//! of this engine at 1+0.01 with adjudication: 4 from the 8moves_v3 PGN book (6 book plies, `{book}`
//! comments), 4 from `genfens 4 seed 11 book None`, 4 in Chess960 from `genfens 2 seed 12 book None
//! frc`. `tests/data/broken.pgn` is hand-made: an illegal move, an unfinished game, a bad FEN, then
//! one good game.

#[path = "common/scratch.rs"]
mod scratch;

use std::path::Path;
use std::process::Command;

use engine::position::fen;
use engine::search::score::wdl;
use scratch::scratch;
use tools::data::format::Outcome;
use tools::data::{read_games, to_data_scale};

const FASTCHESS: &str = "tests/data/fastchess.pgn";
const BROKEN: &str = "tests/data/broken.pgn";

fn run(binary: &str, args: &[&str]) -> (bool, String, String) {
    let output = Command::new(binary).args(args).output().expect("run the tool");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (output.status.success(), text(&output.stdout), text(&output.stderr))
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

#[test]
fn fastchess_games_import_and_train_for_an_epoch() {
    let dir = scratch("import-round-trip");
    let chunk = dir.join("openbench.games.zst");
    let (ok, out, err) = run(env!("CARGO_BIN_EXE_datagen"), &["import-pgn", path(&chunk), FASTCHESS, BROKEN]);
    assert!(ok, "{out}{err}");
    assert!(out.starts_with("13 games (1392 scored positions) imported, 3 skipped"), "{out}");
    // Each broken game is named with its reason.
    for reason in ["game 1: skipped: move 3 'Ke3'", "game 2: skipped: no result", "game 3: skipped: bad FEN tag"] {
        assert!(err.contains(reason), "{reason}: {err}");
    }
    let (ok, stats, _) = run(env!("CARGO_BIN_EXE_datagen"), &["stats", path(&chunk)]);
    assert!(ok && stats.starts_with("13 games, 1392 positions, white/draw/black 3/5/5"), "{stats}");

    let (games, tail) = read_games(&chunk).expect("the chunk reads back");
    assert_eq!((games.len(), tail), (13, 0));
    // The first game: six book plies (1. Nf3 f5 2. g3 g6 3. Bg2 Bg7) into the start, then 4. d4
    // {+0.45/10} d5 {-0.55/10}: white's view at the data's scale.
    let first = &games[0];
    let after_book = fen::parse("rnbqk1nr/ppppp1bp/6p1/5p2/8/5NP1/PPPPPPBP/RNBQK2R w KQkq - 2 4").expect("FEN").board;
    assert_eq!(fen::parse(&first.fen).expect("the record's FEN").board, after_book);
    assert_eq!(first.moves[0].0.to_string(), "d2d4");
    let scale = |cp: i32| to_data_scale(wdl::search_units(cp)) as i16;
    assert_eq!((first.moves[0].1, first.moves[1].1), (scale(45), scale(55)));
    // The Chess960 games keep their start's castling rights, and the last game is the hand-made mate.
    assert!(games[8].fen.contains(" HChc "), "{}", games[8].fen);
    let last = &games[12];
    assert_eq!((last.outcome, last.moves.len()), (Outcome::BlackWins, 4));
    assert!(engine::search::score::is_mate(i32::from(-last.moves[3].1)));

    let net_dir = dir.join("train");
    let train = [
        "--out",
        path(&net_dir),
        "--epochs",
        "1",
        "--hidden",
        "32",
        "--buckets",
        "1",
        "--batch",
        "256",
        "--threads",
        "1",
        "--holdout",
        "0.3",
        path(&chunk),
    ];
    let (ok, out, err) = run(env!("CARGO_BIN_EXE_train"), &train);
    assert!(ok, "{out}{err}");
    let losses = std::fs::read_to_string(net_dir.join("loss.csv")).expect("loss.csv");
    assert_eq!(losses.lines().count(), 2, "{losses}");
    assert!(net_dir.join("net-e1.nnue").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cutechess_style_games_keep_book_moves_mates_and_chess960_castling() {
    let dir = scratch("import-cutechess");
    let chunk = dir.join("cutechess.games");
    let (ok, out, err) = run(env!("CARGO_BIN_EXE_datagen"), &["import-pgn", path(&chunk), "tests/data/cutechess.pgn"]);
    assert!(ok && out.starts_with("2 games (11 scored positions) imported, 0 skipped"), "{out}{err}");
    let (games, _) = read_games(&chunk).expect("reads back");
    // 1. e4 e5 without comments went into the start; 4. Qxf7# {+M1/5 0s} is white's mate in one ply.
    let after_book = fen::parse("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2").expect("FEN").board;
    assert_eq!(fen::parse(&games[0].fen).expect("FEN").board, after_book);
    assert_eq!(games[0].moves.last().map(|m| m.1), Some((engine::search::score::MATE - 1) as i16));
    // Chess960 from X-FEN `KQkq` (rooks on e and g): both castlings replay, as king takes rook.
    assert!(games[1].fen.contains(" GEge "), "{}", games[1].fen);
    let castles: Vec<String> = games[1].moves[4..].iter().map(|m| m.0.to_string()).collect();
    assert_eq!(castles, ["f1g1", "f8g8"]);
    assert_eq!(games[1].outcome, Outcome::Draw);
    let _ = std::fs::remove_dir_all(&dir);
}
