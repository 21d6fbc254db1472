#!/usr/bin/env python3
"""Combine match.py PGN files into one SPRT verdict (pentanomial, as match.py computes it).

match.py writes the two games of an opening pair one after the other. Runs of the same two builds
(interrupted and restarted) can be pooled this way:

    python3 bench/sprt_from_pgn.py --sprt -5 0 run1.pgn run2.pgn

Gzipped PGNs (`.pgn.gz`) are read as they are: the clock-scaling runs so far are in
bench/sprt/clock_scaling/.

Engine A is the one whose name in the PGN is "A" (the build under test).
"""
import argparse
import gzip
import math

import chess.pgn


def a_score(game):
    result = game.headers["Result"]
    white = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
    return white if game.headers["White"] == "A" else 1.0 - white


def pair_scores(paths):
    scores = []
    for path in paths:
        games = []
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games.append(a_score(game))
        scores += [(games[i] + games[i + 1]) / 2 for i in range(0, len(games) - 1, 2)]
    return scores


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sprt", nargs=2, type=float, default=[-5.0, 0.0])
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("pgn", nargs="+")
    args = p.parse_args()
    pairs = pair_scores(args.pgn)
    n = len(pairs)
    s = sum(pairs) / n
    var = max(sum(x * x for x in pairs) / n - s * s, 1e-9) / n
    elo = lambda x: -400 * math.log10(1 / min(max(x, 1e-6), 1 - 1e-6) - 1)
    lo, hi = s - 1.96 * math.sqrt(var), s + 1.96 * math.sqrt(var)
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in args.sprt)
    llr = (s1 - s0) * (2 * s - s0 - s1) / (2 * var)
    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)
    verdict = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "continue"
    print(f"pairs {n}  score {s:.3f}  elo {elo(s):+.1f} [{elo(lo):+.1f}, {elo(hi):+.1f}]  "
          f"llr {llr:.2f} ({lower:.2f}, {upper:.2f})  {verdict}")


if __name__ == "__main__":
    main()
