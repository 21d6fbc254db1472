#!/usr/bin/env python3
"""The measuring scripts of `bench/` whose output decides what lands: the pooled SPRT verdict
(`sprt_from_pgn.py`), the SPSA driver's choice of parameters and its resumption (`spsa.py`), the
reading of fastchess's report that both fastchess drivers share (`fastchess_report.py`), the
gauntlet's ledger rows read from that report and the PGN (`gauntlet.py`), and the resumable SPRT's
pooling of its batches (`sprt.py`).

    python3 tests/scripts/bench_tools.py

Run by `make test`; needs python-chess. Ends with a cargo-style line that .ci/run adds up.
"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))

import fastchess_report  # noqa: E402
import gauntlet  # noqa: E402
import spsa  # noqa: E402
import sprt  # noqa: E402
import sprt_from_pgn  # noqa: E402


def game(white, result, termination="checkmate"):
    return (f'[White "{white}"]\n[Black "{"B" if white == "A" else "A"}"]\n[Result "{result}"]\n'
            f'[Termination "{termination}"]\n\n{result}\n\n')


def write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as file:
        file.write(text)
    return path


class PooledSprt(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()

    def test_a_pair_is_scored_for_engine_a_whichever_colour_it_had(self):
        # A wins with white, then draws with black; then B wins both games of the next pair.
        games = game("A", "1-0") + game("B", "1/2-1/2") + game("A", "0-1") + game("B", "1-0")
        path = write(self.folder, "run.pgn", games)
        self.assertEqual(sprt_from_pgn.pair_scores([path]), ([0.75, 0.0], 0))

    def test_runs_pool_as_one_and_a_lone_last_game_is_left_out(self):
        one = write(self.folder, "one.pgn", game("A", "1-0") + game("B", "1-0"))
        two = write(self.folder, "two.pgn", game("A", "1/2-1/2") + game("B", "0-1") + game("A", "1-0"))
        games = game("A", "1-0") + game("B", "1-0") + game("A", "1/2-1/2") + game("B", "0-1")
        both = write(self.folder, "both.pgn", games)
        self.assertEqual(sprt_from_pgn.pair_scores([one, two]), sprt_from_pgn.pair_scores([both]))
        self.assertEqual(sprt_from_pgn.pair_scores([one, two])[0], [0.5, 0.75])

    def test_a_run_pools_by_its_pentanomial_counts_as_by_its_games(self):
        games = game("A", "1-0") + game("B", "1/2-1/2") + game("A", "0-1") + game("B", "1-0")
        games += game("A", "1-0") + game("B", "0-1")
        pairs = sprt_from_pgn.pair_scores([write(self.folder, "run.pgn", games)])[0]
        self.assertEqual(sorted(pairs), sprt_from_pgn.from_pentanomial([1, 0, 0, 1, 1]))

    def test_time_losses_can_be_left_out_pair_by_pair(self):
        games = game("A", "1-0") + game("B", "1-0", "B time loss") + game("A", "0-1") + game("B", "1-0")
        path = write(self.folder, "run.pgn", games)
        self.assertEqual(sprt_from_pgn.pair_scores([path], drop_time_losses=True), ([0.0], 1))

    def test_the_verdict_follows_the_score(self):
        # 50 pairs of 1 and 0.5: score 0.75, variance 0.0625 / 100; by hand, LLR of [-5, 0] = 2.9194.
        llr = sprt_from_pgn.verdict([1.0, 0.5] * 50)[3]
        self.assertAlmostEqual(llr, 2.9194, places=3)
        self.assertEqual(sprt_from_pgn.verdict([1.0, 0.5] * 60)[5], "H1 accepted")
        self.assertEqual(sprt_from_pgn.verdict([0.0, 0.5] * 60)[5], "H0 accepted")
        self.assertEqual(sprt_from_pgn.verdict([0.5, 1.0, 0.0, 0.5] * 3)[5], "continue")

    def test_no_verdict_while_every_pair_scored_the_same(self):
        self.assertEqual(sprt_from_pgn.verdict([1.0] * 30)[3:], (0.0, sprt_from_pgn.verdict([1.0])[4], "continue"))


PARAMS = [("rfp_margin", 75, 30, 150, 6, 0.002), ("razor_base", 400, 150, 800, 30, 0.002),
          ("lmr_base", 75, 0, 150, 8, 0.002)]


class Spsa(unittest.TestCase):
    def test_params_pick_the_named_ones_in_either_spelling(self):
        self.assertEqual(spsa.chosen(PARAMS, None), PARAMS)
        self.assertEqual([p[0] for p in spsa.chosen(PARAMS, ["rfp_margin,lmr_base"])], ["rfp_margin", "lmr_base"])
        self.assertEqual([p[0] for p in spsa.chosen(PARAMS, ["razor_base", "lmr_base"])], ["razor_base", "lmr_base"])
        with self.assertRaises(SystemExit):
            spsa.chosen(PARAMS, ["tt_clock_margin"])

    def test_the_steps_fall_to_their_ends_and_the_rate_scales_only_r(self):
        self.assertEqual(spsa.schedule(200, 200, 6.0, 0.002), (6.0, 0.002))
        c_1, r_1 = spsa.schedule(1, 200, 6.0, 0.002)
        self.assertAlmostEqual(c_1, 6.0 * 200 ** 0.101)
        self.assertAlmostEqual(r_1, 0.002 * (220 / 21) ** 0.602)
        c_fast, r_fast = spsa.schedule(1, 200, 6.0, 0.002, rate=5.0)
        self.assertEqual(c_fast, c_1)
        self.assertAlmostEqual(r_fast, 5.0 * r_1)

    def test_a_run_resumes_from_its_last_row_and_only_for_the_same_parameters(self):
        path = write(tempfile.mkdtemp(), "run.csv", "iteration,wins,losses,draws,rfp_margin,lmr_base\n"
                     "1,3,1,4,75.5,74.2\n2,1,2,5,76.25,73.0\n")
        chosen = spsa.chosen(PARAMS, ["rfp_margin,lmr_base"])
        self.assertEqual(spsa.resume(path, chosen), (2, {"rfp_margin": 76.25, "lmr_base": 73.0}))
        with self.assertRaises(SystemExit):
            spsa.resume(path, PARAMS)
        self.assertEqual(spsa.resume(path + ".new", PARAMS)[0], 0)


# fastchess's final report, as it printed it on 2026-12-03 (net 1's build against Ethereal 12).
FASTCHESS_REPORT = """Results of ours vs Ethereal-12 (10+0.1, 1t, 16MB, FRC_openings.epd):
Elo: 119.11 +/- 58.53, nElo: 151.57 +/- 68.10
LOS: 100.00 %, DrawRatio: 26.00 %, PairsRatio: 3.62
Games: 100, Wins: 53, Losses: 20, Draws: 27, Points: 66.5 (66.50 %)
Ptnml(0-2): [1, 7, 13, 16, 13], WL/DD Ratio: 5.50
"""


class FastchessReport(unittest.TestCase):
    def test_the_last_report_is_read_and_its_elo_is_not_the_normalised_elo(self):
        early = "Games: 2, Wins: 0, Losses: 2, Draws: 0, Points: 0.0 (0.00 %)\nElo: -inf +/- nan, nElo: -inf +/- nan\n"
        text = early + FASTCHESS_REPORT
        self.assertEqual(fastchess_report.result(text), (100, 53, 20, 27, 66.5))
        self.assertEqual(fastchess_report.elo(text), "119.11 +/- 58.53")
        self.assertEqual(fastchess_report.pentanomial(text), "[1, 7, 13, 16, 13]")

    def test_text_without_a_report_gives_none(self):
        for read in (fastchess_report.result, fastchess_report.elo, fastchess_report.pentanomial):
            self.assertIsNone(read("Started game 1 of 200\n"))


class Gauntlet(unittest.TestCase):
    def test_the_row_gives_pairs_our_wins_draws_losses_and_elo_not_the_normalised_elo(self):
        row = gauntlet.ledger_row("ethereal-frc", "2231327", FASTCHESS_REPORT, 0, "net 1 (5f1d32a)")
        cells = [cell.strip() for cell in row.split("|")]
        self.assertEqual(cells[2], "gauntlet `ethereal-frc`: net 1 (5f1d32a)")
        self.assertEqual(cells[4], "`gauntlet.py --only ethereal-frc`")
        self.assertLessEqual(len(row), 300)
        self.assertEqual(cells[5], "50")
        self.assertTrue(cells[6].startswith("53 / 27 / 20, **0.665**, 119.11 +/- 58.53, ptnml [1, 7, 13, 16, 13];"))

    def test_a_report_without_results_gives_no_row(self):
        self.assertIsNone(gauntlet.ledger_row("ethereal", "1", "Finished match\n", 0))

    def test_only_our_losses_by_time_illegal_move_or_disconnect_are_our_failures(self):
        games = "".join(f'[Event "g"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{r}"]\n[Termination "{t}"]\n\n{r}\n\n'
                        for w, b, r, t in [("ours", "E", "0-1", "time forfeit"), ("E", "ours", "1-0", "illegal move"),
                                           ("E", "ours", "0-1", "time forfeit"), ("ours", "E", "0-1", "normal")])
        path = write(tempfile.mkdtemp(), "match.pgn", games)
        self.assertEqual(gauntlet.our_failures(path), 2)


class ResumableSprt(unittest.TestCase):
    def state(self, *batches):
        return {"test": "example", "change": "margins rescaled", "bounds": [0.0, 5.0], "alpha": 0.05,
                "beta": 0.05, "tc": "8+0.08", "book": "UHO_4060_v3.epd",
                "new": {"label": "abc1234", "bench": "1999999"}, "base": {"label": "e617712", "bench": "2013358"},
                "batches": [{"date": "2026-12-07", "seed": 12800 + i, "ptnml": list(b), "host": "h"}
                            for i, b in enumerate(batches)]}

    def test_batches_pool_into_the_verdict_of_all_their_pairs(self):
        state = self.state((3, 10, 20, 12, 5), (2, 11, 19, 14, 4))
        self.assertEqual(sprt.pooled(state), [5, 21, 39, 26, 9])
        pairs, s, e, interval, llr, bounds, said = sprt.decide(state)
        whole = sprt_from_pgn.verdict(sprt_from_pgn.from_pentanomial([5, 21, 39, 26, 9]), (0.0, 5.0))
        self.assertEqual((pairs, s, llr, said), (100, whole[0], whole[3], whole[5]))
        self.assertEqual(said, "continue")

    def test_a_clear_result_ends_the_test_and_its_row_fits_the_ledger(self):
        state = self.state(*[(0, 5, 40, 30, 25)] * 6)
        self.assertEqual(sprt.decide(state)[-1], "H1 accepted")
        row = sprt.ledger_row(state)
        self.assertLessEqual(len(row), 300)
        cells = [cell.strip() for cell in row.split("|")]
        self.assertEqual((cells[3], cells[5], cells[7]), ("1999999", "600", "kept (H1)"))
        self.assertIsNone(sprt.ledger_row(self.state()))

    def test_a_test_without_a_verdict_ends_at_its_cap(self):
        state = self.state(*[(1, 10, 28, 10, 1)] * 20)
        self.assertEqual((sprt.decide(state)[0], sprt.decide(state)[-1]), (1000, "continue"))
        self.assertIn("| not kept (cap) |", sprt.ledger_row(state))
        state["max_pairs"] = 1050
        self.assertIn("| not kept (futile) |", sprt.ledger_row(state))

    def test_a_test_ends_when_h1_is_out_of_reach_by_the_cap(self):
        # Elo 0 so far: at 200 pairs its interval still reaches far enough up, at 300 it does not.
        even = (1, 10, 28, 10, 1)
        self.assertTrue(sprt.ledger_row(self.state(*[even] * 4)).endswith("| running | `bench/sprt/example.json` |"))
        self.assertIn("| not kept (futile) |", sprt.ledger_row(self.state(*[even] * 6)))
        self.assertEqual(sprt.decide(self.state(*[even] * 6))[-1], "continue")
        self.assertIn("| running |", sprt.ledger_row(self.state(*[(1, 8, 28, 12, 1)] * 6)))
        # Too few pairs to judge: a bad start alone does not end a test.
        self.assertIn("| running |", sprt.ledger_row(self.state(*[(3, 14, 25, 7, 1)] * 3)))

    def test_the_state_file_round_trips(self):
        with tempfile.TemporaryDirectory() as folder:
            here = sprt.HERE
            sprt.HERE = folder
            try:
                state = self.state((1, 2, 3, 4, 5))
                sprt.save(state)
                self.assertEqual(sprt.load("example"), state)
                self.assertIsNone(sprt.load("absent"))
            finally:
                sprt.HERE = here


def main():
    loader = unittest.defaultTestLoader
    cases = (PooledSprt, Spsa, FastchessReport, Gauntlet, ResumableSprt)
    suite = unittest.TestSuite([loader.loadTestsFromTestCase(c) for c in cases])
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    status = "ok" if failed == 0 else "FAILED"
    print(f"test result: {status}. {result.testsRun - failed} passed; {failed} failed; 0 ignored (bench scripts)")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
