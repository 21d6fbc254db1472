//! Chess rules as seen through the UCI binary: castling notation with and without `UCI_Chess960`,
//! Chess960 games from Shredder-FEN and X-FEN, and the game states that `d` reports (`State: ...`) and
//! `go` announces (`info string draw claimable: ...`): repetitions with and without a real en-passant
//! right, the fifty- and seventy-five-move rules, checkmate on the hundredth ply, dead positions.
//!
//! Every position here was cross-checked with python-chess when the tests were written.

#[path = "common/engine.rs"]
mod engine;

use engine::{Engine, SEARCH_TIMEOUT};

/// `position ...` then `d`; fails on any output before the board (an error).
fn show(engine: &mut Engine, position: &str) -> engine::Display {
    engine.send(position);
    let before = engine.is_ready();
    assert_eq!(before, Vec::<String>::new(), "{position}");
    engine.display()
}

fn castling_field(fen: &str) -> String {
    fen.split(' ').nth(2).unwrap_or_default().to_string()
}

// ---------------------------------------------------------------------------------------------
// Castling notation.

#[test]
fn castling_may_be_entered_as_king_destination_or_king_takes_rook() {
    let mut engine = Engine::spawn();
    let after = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4";
    for chess960 in ["false", "true"] {
        engine.set_option("UCI_Chess960", chess960);
        let expected = if chess960 == "true" { after.replace(" kq ", " ha ") } else { after.to_string() };
        for castle in ["e1g1", "e1h1"] {
            let shown = show(&mut engine, &format!("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 {castle}"));
            assert_eq!(shown.fen, expected, "{castle} with UCI_Chess960 {chess960}");
        }
        // Queen side, both colours, both notations.
        for (white, black) in [("e1c1", "e8c8"), ("e1a1", "e8a8")] {
            let shown = show(
                &mut engine,
                &format!("position startpos moves d2d4 d7d5 c1f4 c8f5 b1c3 b8c6 d1d2 d8d7 {white} {black}"),
            );
            assert_eq!(
                shown.fen, "2kr1bnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/2KR1BNR w - - 8 6",
                "{white} {black} with UCI_Chess960 {chess960}"
            );
        }
    }
}

#[test]
fn castling_is_listed_in_the_notation_of_the_mode() {
    let mut engine = Engine::spawn();
    engine.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = engine.legal_moves();
    assert_eq!(moves.len(), 26, "{moves:?}");
    for castle in ["e1g1", "e1c1"] {
        assert!(moves.contains(&castle.to_string()), "{castle} missing from {moves:?}");
    }
    for rook_capture in ["e1h1", "e1a1"] {
        assert!(!moves.contains(&rook_capture.to_string()), "{rook_capture} listed without Chess960: {moves:?}");
    }

    engine.set_option("UCI_Chess960", "true");
    let moves = engine.legal_moves();
    assert_eq!(moves.len(), 26, "{moves:?}");
    for castle in ["e1h1", "e1a1"] {
        assert!(moves.contains(&castle.to_string()), "{castle} missing from {moves:?}");
    }
    // The king's plain steps to f1/d1 remain; g1/c1 are not king moves in Chess960 notation.
    for absent in ["e1g1", "e1c1"] {
        assert!(!moves.contains(&absent.to_string()), "{absent} listed with Chess960: {moves:?}");
    }
}

/// In standard chess castling can never be the only legal move (whenever O-O is legal, so is the
/// king's step to f1), so the castling test position is a mate in one whose only mate is O-O:
/// White Ke1 Rh1 Ba3 Pd2 Pe2 Pf2 against Ka1 Pa2; after O-O the rook on f1 mates along the first rank.
const CASTLE_MATE: &str = "8/8/8/8/8/B7/p2PPP2/k3K2R w K - 0 1";

#[test]
fn the_only_mate_is_castling_written_e1g1_or_e1h1() {
    let mut engine = Engine::spawn();
    engine.send(&format!("position fen {CASTLE_MATE}"));
    let moves = engine.legal_moves();
    assert_eq!(moves.len(), 25, "{moves:?}");
    assert!(moves.contains(&"e1g1".to_string()));
    for depth in [1, 3] {
        let search = engine.go(&format!("depth {depth}"), SEARCH_TIMEOUT);
        assert_eq!(search.lines.last().map(String::as_str), Some("bestmove e1g1"), "{search:?}");
        assert_eq!(search.last_info_value("score").as_deref(), Some("mate 1"));
        assert_eq!(search.last_info_value("pv").as_deref(), Some("e1g1"));
    }
    assert_eq!(show(&mut engine, &format!("position fen {CASTLE_MATE} moves e1g1")).state, "checkmate");

    engine.set_option("UCI_Chess960", "true");
    engine.send(&format!("position fen {CASTLE_MATE}"));
    let moves = engine.legal_moves();
    assert!(moves.contains(&"e1h1".to_string()) && !moves.contains(&"e1g1".to_string()), "{moves:?}");
    for depth in [1, 3] {
        let search = engine.go(&format!("depth {depth}"), SEARCH_TIMEOUT);
        assert_eq!(search.lines.last().map(String::as_str), Some("bestmove e1h1"), "{search:?}");
        assert_eq!(search.last_info_value("pv").as_deref(), Some("e1h1"));
    }
    assert_eq!(show(&mut engine, &format!("position fen {CASTLE_MATE} moves e1h1")).state, "checkmate");
    // Input in either notation is still accepted in Chess960 mode.
    let shown = show(&mut engine, &format!("position fen {CASTLE_MATE} moves e1g1"));
    assert_eq!(shown.fen, "8/8/8/8/8/B7/p2PPP2/k4RK1 b - - 1 1");
    assert_eq!(shown.state, "checkmate");
}

/// A Chess960 position where castling IS the only legal move: the king already stands on g1, so
/// castling only moves the rook h1 to f1 (f1 may be attacked: only the king's squares matter). Both
/// modes write it king-takes-rook, `g1h1`, because `g1g1` would not be a move.
#[test]
fn castling_as_the_only_legal_move_with_the_king_already_on_g1() {
    let mut engine = Engine::spawn();
    let fen = "k4r2/8/8/8/8/7p/7P/6KR w H - 0 1";
    for chess960 in ["false", "true"] {
        engine.set_option("UCI_Chess960", chess960);
        engine.send(&format!("position fen {fen}"));
        assert_eq!(engine.legal_moves(), vec!["g1h1"], "UCI_Chess960 {chess960}");
        let search = engine.go("depth 1", SEARCH_TIMEOUT);
        assert_eq!(search.bestmove, "g1h1", "UCI_Chess960 {chess960}");
        let shown = show(&mut engine, &format!("position fen {fen} moves g1h1"));
        assert_eq!(shown.fen, "k4r2/8/8/8/8/7p/7P/5RK1 b - - 1 1");
    }
}

#[test]
fn chess960_king_on_f1_lists_castling_and_the_king_step_separately() {
    let mut engine = Engine::spawn();
    engine.set_option("UCI_Chess960", "true");
    engine.send("position fen 4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    let moves = engine.legal_moves();
    assert!(moves.contains(&"f1h1".to_string()) && moves.contains(&"f1g1".to_string()), "{moves:?}");
    assert_eq!(
        show(&mut engine, "position fen 4k3/8/8/8/8/8/8/5K1R w H - 0 1 moves f1h1").fen,
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
    assert_eq!(
        show(&mut engine, "position fen 4k3/8/8/8/8/8/8/5K1R w H - 0 1 moves f1g1").fen,
        "4k3/8/8/8/8/8/8/6KR b - - 1 1"
    );
}

// ---------------------------------------------------------------------------------------------
// Chess960 games.

#[test]
fn chess960_game_from_shredder_fen_plays_only_legal_moves() {
    let start = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let mut engine = Engine::spawn();
    engine.set_option("UCI_Chess960", "true");
    engine.send("ucinewgame");
    let shown = show(&mut engine, &format!("position fen {start}"));
    assert_eq!(shown.fen, start);

    let mut played: Vec<String> = Vec::new();
    for ply in 0..20 {
        let position = if played.is_empty() {
            format!("position fen {start}")
        } else {
            format!("position fen {start} moves {}", played.join(" "))
        };
        engine.send(&position);
        let legal = engine.legal_moves();
        assert!(!legal.is_empty(), "ply {ply}: game over after {played:?}");
        let search = engine.go("depth 3", SEARCH_TIMEOUT);
        assert!(legal.contains(&search.bestmove), "ply {ply}: {} not in {legal:?} after {played:?}", search.bestmove);
        if let Some(ponder) = &search.ponder {
            engine.send(&format!("{position} {}{}", if played.is_empty() { "moves " } else { "" }, search.bestmove));
            let replies = engine.legal_moves();
            assert!(replies.contains(ponder), "ply {ply}: ponder {ponder} not legal after {}", search.bestmove);
        }
        played.push(search.bestmove);
    }
    let shown = show(&mut engine, &format!("position fen {start} moves {}", played.join(" ")));
    let castling = castling_field(&shown.fen);
    assert!(
        castling == "-" || castling.chars().all(|c| matches!(c, 'A'..='H' | 'a'..='h')),
        "castling field of {} is not Shredder-FEN (moves {played:?})",
        shown.fen
    );
    println!("960 game: {}\nfinal FEN: {}", played.join(" "), shown.fen);
}

#[test]
fn xfen_kqkq_with_inner_rooks_reads_as_the_outermost_rooks() {
    let mut engine = Engine::spawn();
    engine.set_option("UCI_Chess960", "true");
    let shown = show(&mut engine, "position fen nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1");
    assert_eq!(shown.fen, "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1");
    assert_eq!(shown.state, "none");
    // Shredder letters and X-FEN letters give the same position.
    let shredder = show(&mut engine, "position fen nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1");
    assert_eq!(shredder.fen, shown.fen);
    assert_eq!(shredder.key, shown.key);
    // Without Chess960 the rights print as KQkq again.
    engine.set_option("UCI_Chess960", "false");
    assert_eq!(engine.fen(), "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1");

    // Outermost: with rooks on b1 and c1 left of the king, Q is the b1 rook.
    engine.set_option("UCI_Chess960", "true");
    let shown = show(&mut engine, "position fen 1rrk4/8/8/8/8/8/8/1RRK4 w Qq - 0 1");
    assert_eq!(castling_field(&shown.fen), "Bb");
}

// ---------------------------------------------------------------------------------------------
// Game states.

#[test]
fn threefold_repetition_by_knight_moves() {
    let mut engine = Engine::spawn();
    let twice = "g1f3 g8f6 f3g1 f6g8";
    let shown = show(&mut engine, &format!("position startpos moves {twice}"));
    assert_eq!(shown.state, "none");
    let shown = show(&mut engine, &format!("position startpos moves {twice} {twice}"));
    assert_eq!(shown.state, "threefold repetition");
    assert_eq!(shown.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5");

    // `go` announces the claim, then searches and answers a legal move.
    engine.send(&format!("position startpos moves {twice} {twice}"));
    let legal = engine.legal_moves();
    let search = engine.go("depth 3", SEARCH_TIMEOUT);
    assert_eq!(search.lines.first().map(String::as_str), Some("info string draw claimable: threefold repetition"));
    assert!(legal.contains(&search.bestmove), "{search:?}");
    // Not announced where nothing is claimable.
    engine.send(&format!("position startpos moves {twice}"));
    let search = engine.go("depth 2", SEARCH_TIMEOUT);
    assert!(search.lines.iter().all(|l| !l.starts_with("info string")), "{search:?}");

    // Five times: fivefold (automatic) outranks threefold.
    let shown = show(&mut engine, &format!("position startpos moves {twice} {twice} {twice} {twice}"));
    assert_eq!(shown.state, "fivefold repetition");
}

#[test]
fn repetition_after_a_double_push_without_a_real_en_passant_capture() {
    let mut engine = Engine::spawn();
    // After 1. e4 no black pawn can take en passant: the position after the knight round trips is
    // the same position, although the FEN after e2e4 names e3.
    let cycle = "g8f6 g1f3 f6g8 f3g1";
    let shown = show(&mut engine, &format!("position startpos moves e2e4 {cycle}"));
    assert_eq!(shown.state, "none");
    let shown = show(&mut engine, &format!("position startpos moves e2e4 {cycle} {cycle}"));
    assert_eq!(shown.state, "threefold repetition");

    // The capture is geometrically there but illegal (the e5 pawn is pinned along the fifth rank by
    // the rook on h5 against the king on a5): still no en-passant right, still the same position.
    let fen = "1n2k3/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1";
    engine.send(&format!("position fen {fen} moves d7d5"));
    let moves = engine.legal_moves();
    assert!(!moves.contains(&"e5d6".to_string()), "{moves:?}");
    let cycle = "g1f3 b8d7 f3g1 d7b8";
    assert_eq!(show(&mut engine, &format!("position fen {fen} moves d7d5 {cycle}")).state, "none");
    let shown = show(&mut engine, &format!("position fen {fen} moves d7d5 {cycle} {cycle}"));
    assert_eq!(shown.state, "threefold repetition");
}

#[test]
fn repetition_after_a_double_push_with_a_real_en_passant_capture() {
    let mut engine = Engine::spawn();
    // After 2... d5 White can play e5xd6 e.p.; the same pieces later, without that right, are a
    // different position (FIDE 9.2.3).
    let opening = "e2e4 g8f6 e4e5 d7d5";
    engine.send(&format!("position startpos moves {opening}"));
    assert!(engine.legal_moves().contains(&"e5d6".to_string()));
    let cycle = "g1f3 f6g8 f3g1 g8f6";
    let shown = show(&mut engine, &format!("position startpos moves {opening} {cycle} {cycle}"));
    assert_eq!(shown.fen, "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 8 7");
    assert_eq!(shown.state, "none", "only two occurrences of the position without en passant");
    engine.send(&format!("position startpos moves {opening} {cycle} {cycle}"));
    let search = engine.go("depth 2", SEARCH_TIMEOUT);
    assert!(search.lines.iter().all(|l| !l.starts_with("info string draw")), "{search:?}");
    // One more round trip makes three.
    let shown = show(&mut engine, &format!("position startpos moves {opening} {cycle} {cycle} {cycle}"));
    assert_eq!(shown.state, "threefold repetition");
}

/// Back-rank mate with the halfmove clock at 99: Ra8 is mate on the hundredth ply.
const FIFTY_MATE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80";

#[test]
fn checkmate_on_the_hundredth_ply_beats_the_fifty_move_rule() {
    let mut engine = Engine::spawn();
    let shown = show(&mut engine, &format!("position fen {FIFTY_MATE}"));
    assert_eq!((shown.state.as_str(), shown.halfmove_clock.as_str()), ("none", "99"));

    let shown = show(&mut engine, &format!("position fen {FIFTY_MATE} moves a1a8"));
    assert_eq!(shown.fen, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80");
    assert_eq!(shown.halfmove_clock, "100");
    assert_eq!(shown.checkers, "a8");
    assert_eq!(shown.state, "checkmate");

    engine.send(&format!("position fen {FIFTY_MATE}"));
    let search = engine.go("depth 2", SEARCH_TIMEOUT);
    assert_eq!(search.bestmove, "a1a8", "{search:?}");
    assert_eq!(search.last_info_value("score").as_deref(), Some("mate 1"), "{search:?}");
    assert!(search.lines.iter().all(|l| !l.starts_with("info string draw")), "{search:?}");
}

#[test]
fn fifty_move_rule_after_a_quiet_move_and_seventy_five_above_150() {
    let mut engine = Engine::spawn();
    let shown = show(&mut engine, &format!("position fen {FIFTY_MATE} moves g1f1"));
    assert_eq!(shown.fen, "6k1/5ppp/8/8/8/8/8/R4K2 b - - 100 80");
    assert_eq!(shown.state, "fifty-move rule");
    engine.send(&format!("position fen {FIFTY_MATE} moves g1f1"));
    let legal = engine.legal_moves();
    let search = engine.go("depth 2", SEARCH_TIMEOUT);
    assert_eq!(search.lines.first().map(String::as_str), Some("info string draw claimable: fifty-move rule"));
    assert!(legal.contains(&search.bestmove), "{search:?}");

    // A pawn move resets the count.
    let shown = show(&mut engine, &format!("position fen {FIFTY_MATE} moves g1f1 h7h6"));
    assert_eq!((shown.halfmove_clock.as_str(), shown.state.as_str()), ("0", "none"));

    // Clocks above 100 are kept.
    let shown = show(&mut engine, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 150 120");
    assert_eq!(shown.fen, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 150 120");
    assert_eq!(shown.halfmove_clock, "150");
    assert_eq!(shown.state, "75-move rule");
    let shown = show(&mut engine, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120");
    assert_eq!(shown.state, "fifty-move rule");
    let shown = show(&mut engine, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120 moves g1f1");
    assert_eq!((shown.halfmove_clock.as_str(), shown.state.as_str()), ("150", "75-move rule"));
    let shown = show(&mut engine, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120 moves a1a8");
    assert_eq!(shown.state, "checkmate");
}

#[test]
fn checkmate_and_stalemate_states() {
    let mut engine = Engine::spawn();
    let shown = show(&mut engine, "position startpos moves f2f3 e7e5 g2g4 d8h4");
    assert_eq!(shown.state, "checkmate");
    assert_eq!(shown.checkers, "h4");
    let shown = show(&mut engine, "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(shown.state, "stalemate");
    assert_eq!(shown.checkers, "");
}

#[test]
fn dead_positions() {
    let mut engine = Engine::spawn();
    let cases = [
        ("8/8/4k3/8/8/4K3/8/8 w - - 0 1", "dead position"),
        ("8/8/4k3/8/8/4K3/8/5B2 w - - 0 1", "dead position"),
        ("8/8/4k3/8/8/4K3/8/6N1 b - - 0 1", "dead position"),
        ("8/8/4k3/8/8/4K3/8/6n1 w - - 0 1", "dead position"),
        // Bishops on c1 and f8: both dark squares.
        ("5b2/8/4k3/8/8/4K3/8/2B5 w - - 0 1", "dead position"),
        // Bishops on f1 (light) and f8 (dark).
        ("5b2/8/4k3/8/8/4K3/8/5B2 w - - 0 1", "none"),
        // Two knights can still mate (with help): not dead.
        ("8/8/4k3/8/8/4K3/8/5NN1 w - - 0 1", "none"),
        ("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", "none"),
    ];
    for (fen, state) in cases {
        let shown = show(&mut engine, &format!("position fen {fen}"));
        assert_eq!(shown.state, state, "{fen}");
    }
    // The king takes the last rook: K v K.
    let shown = show(&mut engine, "position fen 8/8/4k3/8/8/4K3/4r3/8 w - - 0 1 moves e3e2");
    assert_eq!(shown.state, "dead position");
    // A dead position still gets a legal answer to go.
    engine.send("position fen 8/8/4k3/8/8/4K3/8/5B2 w - - 0 1");
    let legal = engine.legal_moves();
    let search = engine.go("depth 3", SEARCH_TIMEOUT);
    assert!(legal.contains(&search.bestmove), "{search:?}");
    assert_eq!(search.last_info_value("score").as_deref(), Some("cp 0"), "{search:?}");
}
