//! `EvalFile` through the built binary: a network file is loaded and searched with, `eval` shows its
//! output, its default brings the built-in network back, and a missing, truncated or foreign file is
//! an `info string` error that leaves the network in use as it was.

#[path = "common/engine.rs"]
mod engine;
#[path = "common/network.rs"]
mod network;

use ::engine::position::MoveLimit;
use engine::{Engine, SEARCH_TIMEOUT};
use network::{network_file, network_file_with};

#[test]
fn a_network_file_is_searched_with_and_shown_by_eval() {
    let (path, net) = network_file("good");
    let mut engine = Engine::spawn();
    engine.handshake();
    let answer = engine.set_option("EvalFile", &path.display().to_string());
    assert_eq!(answer, vec![format!("info string evaluating with the network of {} (8 neurons)", path.display())]);
    engine.send("position startpos moves e2e4 c7c5 g1f3");
    engine.send("eval");
    let shown = engine.expect_line(|l| l.starts_with("NNUE network output"), SEARCH_TIMEOUT);
    let board: cozy_chess::Board =
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2".parse().expect("fen");
    let output = net.evaluate(&board);
    let scaled = ::engine::eval::evaluate(&board, None, || output, 1, MoveLimit::FIDE).raw;
    let expected =
        format!("NNUE network output (side to move): {output}; scaled for drawish material: {scaled} (search units)");
    assert_eq!(shown.last(), Some(&expected));
    // Then the net's verdict in white's view, in pawns, as the final evaluation.
    let last = engine.expect_line(|l| l.starts_with("Final evaluation:"), SEARCH_TIMEOUT);
    let white_cp = -::engine::search::score::wdl::normalised_cp(scaled);
    assert_eq!(last.last(), Some(&format!("Final evaluation: {:7.2} (white side)", f64::from(white_cp) / 100.0)));
    assert!(!shown.iter().any(|l| l.starts_with("Final evaluation:")), "{shown:?}");
    // Each piece's worth on a board drawn as Stockfish's `eval` draws it: 8 ranks between 9 borders.
    assert!(shown.iter().any(|l| l == "NNUE piece values (white's side, pawns):"), "{shown:?}");
    assert_eq!(shown.iter().filter(|l| l.starts_with("+-------+")).count(), 9, "{shown:?}");
    assert!(shown.iter().any(|l| l.starts_with("|   r   |   n   |   b   |   q   |   k   |")), "{shown:?}");
    let search = engine.go("depth 7", SEARCH_TIMEOUT);
    assert!(engine.legal_moves().contains(&search.bestmove), "{search:?}");
    // The search with this network differs from the built-in one's, which the default brings back.
    let with_net = search.last_info_value("nodes");
    let built_in = ::engine::nnue::embedded::network();
    let name = ::engine::nnue::embedded::NAME;
    let back = format!("info string evaluating with the built-in network {name} ({} neurons)", built_in.hidden);
    assert_eq!(engine.set_option("EvalFile", name), vec![back.clone()]);
    assert_eq!(engine.set_option("EvalFile", "<empty>"), vec![back]);
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4 c7c5 g1f3");
    let without = engine.go("depth 7", SEARCH_TIMEOUT);
    assert_ne!(with_net, without.last_info_value("nodes"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_king_bucketed_network_follows_king_moves_and_castling_in_chess960() {
    let buckets = std::array::from_fn(|square| [0, 1, 2, 2, 3, 3, 3, 3][square / 8]);
    let layout = ::engine::nnue::features::InputLayout::new(buckets, true).expect("a layout");
    let (path, net) = network_file_with("kings", layout);
    let mut engine = Engine::spawn();
    engine.handshake();
    let answer = engine.set_option("EvalFile", &path.display().to_string());
    let loaded =
        format!("info string evaluating with the network of {} (8 neurons, 4 king buckets, mirrored)", path.display());
    assert_eq!(answer, vec![loaded]);
    engine.set_option("UCI_Chess960", "true");
    // White castles long (c1b1: the king stays on c1), then walks up the board to the e and f
    // files, changing bucket and mirroring; black castles short and shuffles on the mirrored side.
    let start = "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w BHbh - 0 1";
    let moves = "c1b1 e8h8 c2c3 g8h8 c1c2 h8g8 c2d3 g8h8 d3e4 h8g8 e4f5";
    engine.send(&format!("position fen {start} moves {moves}"));
    engine.send("eval");
    let shown = engine.expect_line(|l| l.starts_with("NNUE network output"), SEARCH_TIMEOUT);
    let mut board = ::engine::position::fen::parse(start).expect("a Chess960 start").board;
    for text in moves.split(' ') {
        board.play(text.parse().expect("a move"));
    }
    let output = net.evaluate(&board);
    assert!(
        shown.last().is_some_and(|l| l.starts_with(&format!("NNUE network output (side to move): {output};"))),
        "{shown:?}"
    );
    let search = engine.go("depth 8", SEARCH_TIMEOUT);
    assert!(engine.legal_moves().contains(&search.bestmove), "{search:?}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_network_files_are_refused_and_the_evaluation_in_use_stays() {
    let (path, _) = network_file("bad");
    let mut engine = Engine::spawn();
    engine.handshake();
    let good = path.display().to_string();
    engine.set_option("EvalFile", &good);
    let missing = engine.set_option("EvalFile", "/no/such/net.nnue");
    assert_eq!(missing.len(), 1);
    assert!(missing[0].starts_with("info string error: EvalFile: cannot read '/no/such/net.nnue'"), "{missing:?}");
    let bytes = std::fs::read(&path).expect("read");
    let truncated = path.with_extension("cut");
    std::fs::write(&truncated, &bytes[..bytes.len() - 2]).expect("write");
    let cut = engine.set_option("EvalFile", &truncated.display().to_string());
    assert!(cut[0].contains("expected") && cut[0].ends_with("the evaluation in use stays"), "{cut:?}");
    let foreign = path.with_extension("txt");
    std::fs::write(&foreign, "not a network").expect("write");
    let other = engine.set_option("EvalFile", &foreign.display().to_string());
    assert!(other[0].contains("not a network file"), "{other:?}");
    // The network loaded first is still the one in use.
    engine.send("eval");
    engine.expect_line(|l| l.starts_with("NNUE network output"), SEARCH_TIMEOUT);
    let search = engine.go("depth 5", SEARCH_TIMEOUT);
    assert!(engine.legal_moves().contains(&search.bestmove));
    for file in [&path, &truncated, &foreign] {
        let _ = std::fs::remove_file(file);
    }
}
