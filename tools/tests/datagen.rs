//! `datagen` through the built binary: the same seed and thread count give the same bytes,
//! every recorded game replays legally from its start, games ended by the rules say so, and packed
//! chunks read back as the games they were packed from.

#[path = "common/scratch.rs"]
mod scratch;

#[path = "../../tests/common/network.rs"]
mod network;

use std::path::{Path, PathBuf};
use std::process::Command;

use cozy_chess::{Board, Color, GameStatus};
use engine::position::fen;
use network::network_file;
use scratch::scratch;
use tools::data::format::{GameRecord, Outcome};
use tools::data::read_games;

fn datagen(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_datagen")).args(args).output().expect("run datagen");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (output.status.success(), text(&output.stdout), text(&output.stderr))
}

/// Runs a small datagen (`--chess960 50` so both kinds of start come up) into `out`, with `more`
/// arguments.
fn generate_with(out: &Path, seed: &str, more: &[&str]) -> String {
    let out = out.to_str().expect("a UTF-8 path");
    let args = ["--games", "6", "--threads", "2", "--nodes", "400", "--seed", seed, "--chess960", "50"];
    let (ok, stdout, stderr) = datagen(&[&args[..], &["--out", out], more].concat());
    assert!(ok, "{stdout}{stderr}");
    stdout
}

fn generate(out: &Path, seed: &str) -> String {
    generate_with(out, seed, &[])
}

/// Every game of the files in `dir`.
fn games_in(dir: &Path) -> Vec<GameRecord> {
    files(dir).iter().flat_map(|path| read_games(path).expect("readable").0).collect()
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).expect("output").map(|e| e.expect("entry").path()).collect();
    files.sort();
    files
}

/// Replays `game` from its start, checking every move is legal; returns the final board.
fn replay(game: &GameRecord) -> Board {
    let mut board = fen::parse(&game.fen).unwrap_or_else(|e| panic!("{}: {e:?}", game.fen)).board;
    for &(mv, _) in &game.moves {
        assert!(board.is_legal(mv), "{mv} illegal in {board} (game from {})", game.fen);
        board.play_unchecked(mv);
    }
    board
}

#[test]
fn the_same_seed_and_threads_give_the_same_games_and_each_replays_legally() {
    let (first, second) = (scratch("datagen-first"), scratch("datagen-second"));
    let summary = generate(&first, "9");
    assert!(summary.starts_with("6 games, "), "{summary}");
    generate(&second, "9");
    let (a, b) = (files(&first), files(&second));
    assert_eq!(a.len(), 2, "one file a thread: {a:?}");
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(std::fs::read(x).expect("read"), std::fs::read(y).expect("read"), "{x:?} and {y:?} differ");
    }
    let mut games = Vec::new();
    for path in &a {
        let (records, tail) = read_games(path).expect("readable");
        assert_eq!(tail, 0, "{path:?} ends inside a game");
        games.extend(records);
    }
    assert_eq!(games.len(), 6);
    for game in &games {
        let board = replay(game);
        // The first plies were random: a game holds at least the searched moves after them.
        assert!(!game.moves.is_empty(), "{game:?}");
        match board.status() {
            GameStatus::Won => {
                let winner = if board.side_to_move() == Color::White { Outcome::BlackWins } else { Outcome::WhiteWins };
                assert_eq!(game.outcome, winner, "mated at the end of {}", game.fen);
            }
            GameStatus::Drawn => assert_eq!(game.outcome, Outcome::Draw, "stalemate at the end of {}", game.fen),
            GameStatus::Ongoing => {}
        }
    }
    let _ = std::fs::remove_dir_all(&first);
    let _ = std::fs::remove_dir_all(&second);
}

#[test]
fn packed_chunks_hold_the_same_games_and_a_cut_file_loses_only_its_last_game() {
    let dir = scratch("datagen-pack");
    generate(&dir, "4");
    let inputs = files(&dir);
    let mut expected = Vec::new();
    for path in &inputs {
        expected.extend(read_games(path).expect("readable").0);
    }
    // A run killed while writing leaves a partial record: reading stops before it.
    let cut = dir.join("cut.games");
    let whole = std::fs::read(&inputs[0]).expect("read");
    std::fs::write(&cut, &whole[..whole.len() - 5]).expect("write");
    let (records, tail) = read_games(&cut).expect("readable");
    assert!(tail > 0 && records.len() + 1 == read_games(&inputs[0]).expect("readable").0.len());

    let chunk = dir.join("chunk.games.zst");
    let mut args = vec!["pack".to_string(), chunk.display().to_string()];
    args.extend(inputs.iter().map(|p| p.display().to_string()));
    let (ok, stdout, stderr) = datagen(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(ok && stdout.starts_with("6 games, "), "{stdout}{stderr}");
    assert_eq!(read_games(&chunk).expect("readable"), (expected, 0));
    let (ok, stats, _) = datagen(&["stats", chunk.to_str().expect("UTF-8")]);
    assert!(ok && stats.starts_with("6 games, "), "{stats}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_datagen_arguments_are_refused_with_a_reason() {
    let refused = [&["--games"][..], &["--games", "x"], &["--colour", "1"], &["--games", "1", "--out", "x"], &["play"]];
    for args in refused {
        let (ok, stdout, stderr) = datagen(args);
        assert!(!ok && stdout.is_empty() && stderr.starts_with("datagen: "), "{args:?}: {stderr}");
    }
    assert!(datagen(&["--games", "1", "--seed", "3"]).2.contains("self-play needs --out"));
}

#[test]
fn datagen_shows_its_usage_and_starts_nothing_unless_asked() {
    for args in [&[][..], &["--help"], &["-h"], &["stats", "--help"]] {
        let (ok, stdout, stderr) = datagen(args);
        let usage = if args.is_empty() { &stderr } else { &stdout };
        assert_eq!(ok, !args.is_empty(), "{args:?}");
        assert!(usage.starts_with("usage:") && usage.contains("datagen --seed S --out DIR"), "{args:?}: {usage}");
    }
}

#[test]
fn a_network_plays_its_own_games_the_same_for_the_same_seed() {
    let (net, _) = network_file("datagen");
    let net = net.to_str().expect("a UTF-8 path");
    let (hand_crafted, first, second) =
        (scratch("datagen-hce"), scratch("datagen-net-first"), scratch("datagen-net-second"));
    generate(&hand_crafted, "5");
    generate_with(&first, "5", &["--eval-file", net]);
    generate_with(&second, "5", &["--eval-file", net]);
    let with_net = games_in(&first);
    assert_eq!(with_net, games_in(&second));
    assert_eq!(with_net.len(), 6);
    for game in &with_net {
        replay(game);
    }
    // The random starts are the seed's; the searched moves and scores are the net's.
    assert_ne!(with_net, games_in(&hand_crafted));
    for dir in [hand_crafted, first, second] {
        let _ = std::fs::remove_dir_all(dir);
    }
    let _ = std::fs::remove_file(net);
}

#[test]
fn a_missing_or_bad_network_file_is_refused_with_its_reason() {
    let dir = scratch("datagen-bad-net");
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"CZNN and nothing else").expect("write");
    for path in [bad.to_str().expect("UTF-8"), "/nonexistent/net.nnue"] {
        let (ok, stdout, stderr) = datagen(&["--games", "1", "--eval-file", path]);
        assert!(!ok && stdout.is_empty() && stderr.starts_with("datagen: ") && stderr.contains(path), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
