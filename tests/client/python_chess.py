#!/usr/bin/env python3
"""The built engine driven through python-chess, the UCI client lichess-bot is built on.

    python3 tests/client/python_chess.py [path/to/engine]      (default: target/release/engine)

Run by `make test` after the Rust tests. Each test starts its own engine process and checks what a
python-chess user sees: analysis with MultiPV and WDL, games on a clock (standard, Chess960, double
Chess960), pondering, limited strength and the options as declared and set. Every move the engine
plays is checked against python-chess's own move generator. Also OpenBench's `genfens` command, as
its client calls it: the positions it prints are checked with python-chess.

Ends with a cargo-style line (`test result: ok. N passed; M failed; ...`) that .ci/run adds up.
"""
import os
import subprocess
import sys
import time
import unittest

import chess
import chess.engine

ENGINE = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/release/engine")

# Double Chess960 start: White as in Chess960 position 0, Black as in 959 (`engine dfrc 0 959 shredder`).
DFRC_FEN = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1"
# Options the engine declares, with their type, default and range (None where UCI gives none).
DECLARED = {
    "Hash": ("spin", 16, 1, 65536),
    "Threads": ("spin", 1, 1, 256),
    "Move Overhead": ("spin", 10, 0, 5000),
    "MultiPV": ("spin", 1, 1, 256),
    "UCI_Elo": ("spin", 1350, 1350, 2850),
    "Contempt": ("spin", 0, -1000, 1000),
    "Rule50": ("spin", 50, 0, 100),
    "Ponder": ("check", False, None, None),
    "UCI_Chess960": ("check", False, None, None),
    "UCI_ShowWDL": ("check", False, None, None),
    "UCI_LimitStrength": ("check", False, None, None),
    "Clear Hash": ("button", None, None, None),
    "Debug Log File": ("string", "<empty>", None, None),  # Stockfish's way to show an empty default
    "EvalFile": ("string", "net3.nnue", None, None),
    "SyzygyPath": ("string", "<empty>", None, None),
    "SyzygyProbeDepth": ("spin", 1, 1, 100),
    "SyzygyProbeLimit": ("spin", 7, 0, 7),
    "Syzygy50MoveRule": ("check", True, None, None),
}
# The small real tables of tests/data/syzygy (lichess-bot sets SyzygyPath through configure).
TABLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "syzygy")


class Game:
    """A game of the engine against itself on a clock kept here, as a GUI keeps it."""

    def __init__(self, test, engine, board, seconds, increment):
        self.test, self.engine, self.board = test, engine, board
        self.clock = {chess.WHITE: seconds, chess.BLACK: seconds}
        self.increment = increment
        self.ponder_moves = 0

    def limit(self):
        return chess.engine.Limit(
            white_clock=self.clock[chess.WHITE],
            black_clock=self.clock[chess.BLACK],
            white_inc=self.increment,
            black_inc=self.increment,
        )

    def play(self, plies, ponder=False):
        """Plays up to `plies` moves or until the game ends by the rules (self-play can repeat early),
        asserting that every move is legal and made inside the clock."""
        for _ in range(plies):
            if self.board.is_game_over(claim_draw=True):
                break
            side = self.board.turn
            start = time.monotonic()
            result = self.engine.play(self.board, self.limit(), ponder=ponder)
            spent = time.monotonic() - start
            self.clock[side] -= spent
            self.test.assertGreater(self.clock[side], 0, f"flagged on move {self.board.fullmove_number}")
            self.clock[side] += self.increment
            self.test.assertIn(result.move, self.board.legal_moves, self.board.fen())
            if result.ponder is not None:
                self.ponder_moves += 1
            self.board.push(result.move)


class PythonChessClient(unittest.TestCase):
    def setUp(self):
        self.engine = chess.engine.SimpleEngine.popen_uci(ENGINE, timeout=10)

    def tearDown(self):
        self.engine.quit()
        self.assertEqual(self.engine.transport.get_returncode(), 0)

    def test_identifies_and_declares_every_option(self):
        self.assertTrue(self.engine.id["name"].startswith("Cozy Engine"))
        self.assertEqual(set(self.engine.options), set(DECLARED))
        for name, (kind, default, low, high) in DECLARED.items():
            option = self.engine.options[name]
            self.assertEqual((option.type, option.default, option.min, option.max), (kind, default, low, high), name)

    def test_options_set_through_configure_take_effect(self):
        self.engine.configure({"Hash": 32, "Threads": 2, "Move Overhead": 30, "UCI_ShowWDL": True, "Clear Hash": None})
        self.engine.configure({"Contempt": 20, "Rule50": 100, "Debug Log File": ""})
        self.engine.ping()
        info = self.engine.analyse(chess.Board(), chess.engine.Limit(depth=6))
        self.assertEqual(info["depth"], 6)
        # UCI_ShowWDL: python-chess parses `wdl W D L` into a PovWdl summing to 1000.
        self.assertIn("wdl", info)
        self.assertEqual(info["wdl"].relative.total(), 1000)

    def test_syzygy_tables_set_through_configure_give_a_table_win(self):
        self.engine.configure({"SyzygyPath": TABLES})
        info = self.engine.analyse(chess.Board("8/8/8/2R5/1K6/8/5k2/8 w - - 0 1"), chess.engine.Limit(depth=6))
        self.assertEqual(info["score"].white(), chess.engine.Cp(19999))
        self.assertEqual(info["tbhits"], 21)

    def test_analyse_with_multipv_gives_distinct_sorted_lines(self):
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
        infos = self.engine.analyse(board, chess.engine.Limit(depth=8), multipv=4)
        self.assertEqual([info["multipv"] for info in infos], [1, 2, 3, 4])
        firsts = [info["pv"][0] for info in infos]
        self.assertEqual(len(set(firsts)), 4)
        self.assertTrue(all(move in board.legal_moves for move in firsts))
        self.assertEqual(infos[0]["pv"][0], chess.Move.from_uci("f3f7"))  # Qxf7 is mate
        self.assertEqual(infos[0]["score"].white(), chess.engine.Mate(1))
        scores = [info["score"].white().score(mate_score=100_000) for info in infos]
        self.assertEqual(scores, sorted(scores, reverse=True))

    def test_analyse_with_root_moves_searches_only_those(self):
        board = chess.Board()
        moves = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h4")]
        infos = self.engine.analyse(board, chess.engine.Limit(depth=6), multipv=3, root_moves=moves)
        self.assertEqual(len(infos), 2)
        self.assertEqual({info["pv"][0] for info in infos}, set(moves))

    def test_analysis_stream_stops_on_request(self):
        with self.engine.analysis(chess.Board()) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 5:
                    break
        best = analysis.wait()
        self.assertIn(best.move, chess.Board().legal_moves)

    def test_standard_game_on_a_clock(self):
        game = Game(self, self.engine, chess.Board(), seconds=3.0, increment=0.03)
        game.play(60)

    def test_chess960_game_with_castling_both_ways_available(self):
        # Position 0 (bbqnnrkr): castling in python-chess's Chess960 notation is king-takes-rook.
        board = chess.Board.from_chess960_pos(0)
        game = Game(self, self.engine, board, seconds=2.0, increment=0.02)
        game.play(40)
        self.assertTrue(board.chess960)

    def test_castling_in_both_notations(self):
        # Standard chess: the only mate is castling, which python-chess (and UCI) writes e1g1.
        board = chess.Board("8/8/8/8/8/B7/p2PPP2/k3K2R w K - 0 1")
        result = self.engine.play(board, chess.engine.Limit(depth=3))
        self.assertEqual(result.move, chess.Move.from_uci("e1g1"))
        # Chess960: the king already stands on g1 and castling (king takes rook: g1h1) is the only move.
        board = chess.Board("k4r2/8/8/8/8/7p/7P/6KR w H - 0 1", chess960=True)
        self.assertEqual(list(board.legal_moves), [chess.Move.from_uci("g1h1")])
        result = self.engine.play(board, chess.engine.Limit(depth=3))
        self.assertEqual(result.move, chess.Move.from_uci("g1h1"))

    def test_double_chess960_game(self):
        board = chess.Board(DFRC_FEN, chess960=True)
        game = Game(self, self.engine, board, seconds=2.0, increment=0.02)
        game.play(40)

    def test_ponder_game(self):
        game = Game(self, self.engine, chess.Board(), seconds=3.0, increment=0.03)
        game.play(30, ponder=True)
        self.assertGreater(game.ponder_moves, 0)

    def test_limited_strength_plays_legal_moves_quickly(self):
        self.engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 1500})
        game = Game(self, self.engine, chess.Board(), seconds=2.0, increment=0.02)
        game.play(20)

    def test_game_ending_positions(self):
        # Checkmated: no move to play (the engine answers `bestmove 0000`, python-chess's null move).
        mated = chess.Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
        self.assertFalse(self.engine.play(mated, chess.engine.Limit(depth=3)).move)
        # The fifty-move limit is reached but White can still mate: the engine plays on and mates.
        board = chess.Board("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80")
        result = self.engine.play(board, chess.engine.Limit(depth=6))
        board.push(result.move)
        self.assertTrue(board.is_checkmate(), result.move)


BOOKS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "books")


def genfens(count, seed, book="None", extra=""):
    """The FENs of `./engine "genfens N seed S book B extra" "quit"`, as OpenBench's client runs it."""
    command = f"genfens {count} seed {seed} book {book} {extra}"
    out = subprocess.run([ENGINE, command, "quit"], capture_output=True, text=True, timeout=120, check=True)
    return genfens_lines(out.stdout)


def genfens_lines(text):
    """The FENs of the `info string genfens` lines of `text`, the lines OpenBench's client reads."""
    prefix = "info string genfens "
    return [line[len(prefix):] for line in text.splitlines() if line.startswith(prefix)]


class Genfens(unittest.TestCase):
    def assert_playable(self, fens, chess960):
        for fen in fens:
            board = chess.Board(fen, chess960=chess960)
            self.assertTrue(board.is_valid(), fen)
            self.assertFalse(board.is_game_over(), fen)
            self.assertEqual(len(fen.split()), 6, fen)

    def test_a_thousand_start_positions_are_legal_distinct_and_follow_the_seed(self):
        fens = genfens(1000, 12345)
        self.assertEqual(len(fens), 1000)
        self.assert_playable(fens, chess960=False)
        self.assertEqual(len({" ".join(f.split()[:4]) for f in fens}), 1000)
        self.assertEqual(genfens(50, 12345), fens[:50])
        self.assertNotEqual(genfens(50, 12346), fens[:50])

    def test_a_book_s_positions_are_played_on(self):
        book = os.path.join(BOOKS, "uho20.epd")
        starts = [chess.Board(" ".join(line.split()[:4])) for line in open(book) if line.strip()]
        fens = genfens(60, 7, book)
        self.assertEqual(len(fens), 60)
        self.assert_playable(fens, chess960=False)
        self.assertEqual(len(set(fens)), 60)
        # Two or three plies from a book line: at most four squares differ from one start (castling
        # moves two pieces).
        for fen in fens:
            board = chess.Board(fen)
            self.assertTrue(any(len(board.piece_map().items() - s.piece_map().items()) <= 4 for s in starts), fen)

    def test_chess960_starts_keep_their_castling_rights_and_notation(self):
        for extra in ("frc", "dfrc"):
            fens = genfens(100, 3, extra=extra)
            self.assertEqual(len(set(fens)), 100)
            self.assert_playable(fens, chess960=True)
            for fen in fens:
                # Shredder-FEN: the field python-chess writes for the rights it read.
                self.assertEqual(fen.split()[2], chess.Board(fen, chess960=True).castling_shredder_fen(), fen)
            self.assertTrue(any(f.split()[2] != "-" for f in fens))
        # A book's notation is kept: X-FEN letters from an X-FEN book, file letters from a Shredder one.
        xfen = genfens(20, 5, os.path.join(BOOKS, "frc20.epd"))
        self.assertTrue(all(set(f.split()[2]) <= set("KQkq-") for f in xfen), xfen)
        self.assert_playable(xfen, chess960=True)
        shredder = genfens(20, 5, os.path.join(BOOKS, "dfrc20.epd"))
        self.assertTrue(all(f.split()[2] == chess.Board(f, chess960=True).castling_shredder_fen() for f in shredder))
        self.assertTrue(any(set(f.split()[2]) - set("KQkq-") for f in shredder), shredder)

    def test_the_openbench_configuration_reads_and_names_the_presets(self):
        import json
        with open(os.path.join(BOOKS, "..", "..", "..", "bench", "openbench.json")) as file:
            config = json.load(file)
        self.assertTrue(config["build"]["compilers"][0].startswith("cargo"))
        self.assertGreater(config["nps"], 0)
        for presets in ("test_presets", "tune_presets", "datagen_presets"):
            self.assertIn("default", config[presets])

    def test_bad_arguments_are_errors(self):
        for command in ("genfens x seed 1 book None", "genfens 3 seed 1 book /no/such/book.epd",
                        "genfens 3 seed 1 book None sideways", "genfens 3"):
            out = subprocess.run([ENGINE, command, "quit"], capture_output=True, text=True, timeout=30)
            self.assertEqual(out.returncode, 0)
            self.assertTrue(out.stdout.startswith("info string error: "), (command, out.stdout))
            self.assertEqual(genfens_lines(out.stdout), [], command)


def main():
    loader = unittest.defaultTestLoader
    suite = unittest.TestSuite([loader.loadTestsFromTestCase(c) for c in (PythonChessClient, Genfens)])
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    passed = result.testsRun - failed
    status = "ok" if failed == 0 else "FAILED"
    print(f"test result: {status}. {passed} passed; {failed} failed; 0 ignored (python-chess client)")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
