#!/usr/bin/env python3
"""Combine match.py PGN files into one SPRT verdict (pentanomial, as match.py computes it).

match.py writes the two games of an opening pair one after the other. Runs of the same two builds
(interrupted and restarted) can be pooled this way:

    python3 bench/sprt_from_pgn.py --sprt -5 0 run1.pgn run2.pgn

Gzipped PGNs (`.pgn.gz`) are read as they are. `--drop-time-losses` leaves out every pair with a game that match.py ended
on time (its Termination header says "time loss"), to show whether those games move the result.

Engine A is the one whose name in the PGN is "A" (the build under test). Runs whose games are gone
pool through their pentanomial counts from the ledger (`--ptnml 12 52 118 64 8`: pairs scoring 0,
0.25, 0.5, 0.75 and 1 for A); the pair scores are all an SPRT reads.
"""
import argparse
import gzip
import math

import chess.pgn


def a_score(game):
    result = game.headers["Result"]
    white = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
    return white if game.headers["White"] == "A" else 1.0 - white


def time_loss(game):
    return "time loss" in game.headers.get("Termination", "")


def pair_scores(paths, drop_time_losses=False):
    """Score of A in each complete pair, and how many pairs were left out for a time loss."""
    scores, dropped = [], 0
    for path in paths:
        games = []
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games.append(game)
        for first, second in zip(games[0::2], games[1::2]):
            if drop_time_losses and (time_loss(first) or time_loss(second)):
                dropped += 1
                continue
            scores.append((a_score(first) + a_score(second)) / 2)
    return scores, dropped


def from_pentanomial(counts):
    """The pair scores that pentanomial counts (pairs scoring 0, 0.25, 0.5, 0.75, 1) stand for."""
    return [score / 4 for score, count in enumerate(counts) for _ in range(count)]


def elo(score):
    return -400 * math.log10(1 / min(max(score, 1e-6), 1 - 1e-6) - 1)


def mean_and_variance(pairs):
    """The mean pair score and the variance of one pair's score."""
    n = len(pairs)
    s = sum(pairs) / n
    return s, max(sum(x * x for x in pairs) / n - s * s, 0.0)


def llr(score, variance, n, bounds):
    """The GSPRT's log-likelihood ratio of `n` pairs averaging `score`, each with `variance`."""
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in bounds)
    # While every pair has scored the same there is no variance to weigh the score by; a tiny stand-in
    # (match.py's) turns the first pairs into a huge LLR and a verdict after two pairs.
    return n * (s1 - s0) * (2 * score - s0 - s1) / (2 * variance) if variance > 0 else 0.0


def llr_bounds(alpha, beta):
    """The LLRs at which H0 and H1 are accepted."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def verdict(pairs, bounds=(-5.0, 0.0), alpha=0.05, beta=0.05):
    """(score, Elo, its 95 % interval, LLR, its lower and upper bound, verdict) of the pair scores."""
    n = len(pairs)
    s, variance = mean_and_variance(pairs)
    half = 1.96 * math.sqrt(variance / n)
    lo, hi = s - half, s + half
    llr_now = llr(s, variance, n, bounds)
    lower, upper = llr_bounds(alpha, beta)
    said = "H1 accepted" if llr_now >= upper else "H0 accepted" if llr_now <= lower else "continue"
    return s, elo(s), (elo(lo), elo(hi)), llr_now, (lower, upper), said


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sprt", nargs=2, type=float, default=[-5.0, 0.0])
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--drop-time-losses", action="store_true")
    p.add_argument("--ptnml", nargs=5, type=int, action="append", default=[], metavar="N",
                   help="pairs of an earlier run scoring 0, 0.25, 0.5, 0.75, 1 (repeatable)")
    p.add_argument("pgn", nargs="*")
    args = p.parse_args()
    pairs, dropped = pair_scores(args.pgn, args.drop_time_losses)
    pairs += [score for counts in args.ptnml for score in from_pentanomial(counts)]
    if dropped:
        print(f"left out {dropped} pairs with a time loss")
    if not pairs:
        raise SystemExit("no complete pair of games in the PGNs given")
    s, e, (lo, hi), llr, (lower, upper), said = verdict(pairs, args.sprt, args.alpha, args.beta)
    print(f"pairs {len(pairs)}  score {s:.3f}  elo {e:+.1f} [{lo:+.1f}, {hi:+.1f}]  "
          f"llr {llr:.2f} ({lower:.2f}, {upper:.2f})  {said}")


if __name__ == "__main__":
    main()
