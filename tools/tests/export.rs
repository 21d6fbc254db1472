//! `datagen export` through the built binary, read back by `read_export.py`, a reader written from
//! the formats' documented layouts alone: it must see, position by position, what the engine's own
//! replay of the same games sees. The games: the fastchess PGN of `import_pgn.rs` (standard and
//! Chess960, castling both ways) and a few self-play games played to their end.

#[path = "common/scratch.rs"]
mod scratch;

use std::path::{Path, PathBuf};
use std::process::Command;

use cozy_chess::{Board, Color, Piece, Square};
use engine::position::Position;
use scratch::scratch;
use tools::data::format::GameRecord;
use tools::data::{read_games, replay, trained_on};

const SKIP_PLIES: usize = 8;

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

fn run(program: &str, args: &[&str]) -> String {
    let output = Command::new(program).args(args).output().expect("run");
    let (out, err) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{program} {args:?}: {out}{err}");
    out.into_owned()
}

/// Games to export: the fastchess PGN imported, and self-play games (half of them Chess960).
fn games(dir: &Path) -> (Vec<PathBuf>, Vec<GameRecord>) {
    let datagen = env!("CARGO_BIN_EXE_datagen");
    let imported = dir.join("fastchess.games");
    run(datagen, &["import-pgn", text(&imported), "tests/data/fastchess.pgn"]);
    let selfplay = dir.join("selfplay");
    let args = ["--games", "4", "--threads", "1", "--nodes", "300", "--seed", "7", "--chess960", "50"];
    run(datagen, &[&args[..], &["--out", text(&selfplay)]].concat());
    let mut files = vec![imported];
    files.extend(std::fs::read_dir(&selfplay).expect("output").map(|e| e.expect("entry").path()));
    let games = files.iter().flat_map(|f| read_games(f).expect("readable").0).collect();
    (files, games)
}

/// The FEN placement of `board` as its side to move sees it: flipped for black, its pieces uppercase.
fn mover_placement(board: &Board) -> String {
    let us = board.side_to_move();
    let mut rows = Vec::new();
    for view_rank in (0..8).rev() {
        let rank = if us == Color::White { view_rank } else { 7 - view_rank };
        let (mut row, mut empty) = (String::new(), 0);
        for file in 0..8 {
            let square = Square::index(rank * 8 + file);
            match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(color)) => {
                    if empty > 0 {
                        row += &empty.to_string();
                    }
                    empty = 0;
                    let letter = char::from(piece);
                    row.push(if color == us { letter.to_ascii_uppercase() } else { letter });
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    rows.join("/")
}

fn export_and_read(format: &str, dir: &Path, files: &[PathBuf]) -> Vec<String> {
    let out = dir.join(format!("export.{format}"));
    let inputs: Vec<&str> = files.iter().map(|f| text(f)).collect();
    run(env!("CARGO_BIN_EXE_datagen"), &[&["export", "--format", format, text(&out)][..], &inputs].concat());
    run("python3", &["tests/read_export.py", format, text(&out)]).lines().map(str::to_string).collect()
}

#[test]
fn an_independent_reader_sees_the_engine_s_replay() {
    let dir = scratch("export-read-back");
    let (files, games) = games(&dir);
    let (mut bullet, mut viri) = (Vec::new(), Vec::new());
    let mut promotions = 0;
    for game in &games {
        let mut position = Position::from_fen(&game.fen).expect("the record's FEN");
        replay(game, |ply, board, mv, white_score| {
            let white = board.side_to_move() == Color::White;
            if ply >= SKIP_PLIES && trained_on(board, mv, white_score) {
                let result = game.outcome as i16;
                let (score, result) = if white { (white_score, result) } else { (-white_score, 2 - result) };
                bullet.push(format!("{} {score} {result}", mover_placement(board)));
            }
            let fen = position.fen(true);
            let fields: Vec<&str> = fen.split(' ').collect();
            viri.push(format!("{} {} {white_score} {}", fields[..3].join(" "), fields[4], game.outcome as u8));
            promotions += usize::from(mv.promotion.is_some() && board.pieces(Piece::Pawn).has(mv.from));
            position.play(mv);
        })
        .expect("the games replay");
    }
    assert!(promotions > 0 && games.iter().any(|g| !g.fen.contains(" HAha ")), "a varied sample");
    assert_eq!(export_and_read("viri", &dir, &files), viri);
    // bullet's file is shuffled: the same positions, in another order.
    let mut read = export_and_read("bullet", &dir, &files);
    read.sort();
    bullet.sort();
    assert_eq!(read, bullet);
    let _ = std::fs::remove_dir_all(&dir);
}
