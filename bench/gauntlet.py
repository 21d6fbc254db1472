#!/usr/bin/env python3
"""The gauntlet of issue 93 with fastchess, the same four matches for every build, so that two builds
(net 1's and the next) are read in one setting: 10+0.1 for us, Hash 16, one thread a side.

    python3 bench/gauntlet.py --engine ./engine --fastchess /path/to/fastchess --out /tmp/gauntlet --label "net 2"
    python3 bench/gauntlet.py ... --only ethereal-frc --pairs 10        # one match, shorter

| match | opponent | its clock | openings | pairs |
| `stockfish-quarter` | Stockfish 15.1 | 2.5+0.025 | `noob_3moves.epd` | 100 |
| `stockfish` | Stockfish 15.1 | 10+0.1 | `UHO_4060_v3.epd` | 100 |
| `ethereal` | Ethereal 12 | 10+0.1 | `UHO_4060_v3.epd` | 100 |
| `ethereal-frc` | Ethereal 12, Chess960 | 10+0.1 | `FRC_openings.epd` | 50 |

Each match writes OUT/NAME.pgn and OUT/NAME.log (fastchess's output, whose first line is the exact
command) and prints one ledger row (`bench/RESULTS.md`): the build's bench, W/D/L, score, Elo,
pentanomial counts and the failures of our engine (time losses, illegal moves, disconnects) read
from the PGN (with python-chess, `pip install chess`). The opponents are Debian's packages
(`apt-get install stockfish ethereal-chess`); fastchess builds from its public source with `make`.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
from datetime import date

import chess.pgn

import fastchess_report

BOOKS = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data", "books"))
STOCKFISH, ETHEREAL = "/usr/games/stockfish", "/usr/games/ethereal-chess"
OUR_TC = "10+0.1"
# name: (opponent, its name, its clock, book, Chess960, pairs, seed)
MATCHES = {
    "stockfish-quarter": (STOCKFISH, "Stockfish-15.1", "2.5+0.025", "noob_3moves.epd", False, 100, 93),
    "stockfish": (STOCKFISH, "Stockfish-15.1", OUR_TC, "UHO_4060_v3.epd", False, 100, 94),
    "ethereal": (ETHEREAL, "Ethereal-12", OUR_TC, "UHO_4060_v3.epd", False, 100, 95),
    "ethereal-frc": (ETHEREAL, "Ethereal-12", OUR_TC, "FRC_openings.epd", True, 50, 96),
}
# PGN terminations that are a failure of the side that lost.
FAILURES = ("time forfeit", "illegal move", "abandoned")


def command(args, name):
    """The fastchess command line of match `name`."""
    opponent, their_name, their_tc, book, chess960, pairs, seed = MATCHES[name]
    pairs = args.pairs or pairs
    each = ["option.Hash=16", "option.Threads=1", "proto=uci"]
    line = [args.fastchess,
            "-engine", f"cmd={args.engine}", "name=ours", f"tc={OUR_TC}", *each,
            "-engine", f"cmd={opponent}", f"name={their_name}", f"tc={their_tc}", *each,
            "-openings", f"file={os.path.join(args.books, book)}", "format=epd", "order=random",
            "-srand", str(seed), "-rounds", str(pairs), "-games", "2", "-repeat",
            "-concurrency", str(args.concurrency), "-pgnout", f"file={os.path.join(args.out, name + '.pgn')}"]
    if chess960:
        line += ["-variant", "fischerandom"]
    return line


def our_failures(pgn_path):
    """Games of the PGN that our engine lost by a failure (time, illegal move, disconnect)."""
    failures = 0
    if not os.path.exists(pgn_path):
        return failures
    with open(pgn_path) as file:
        while (headers := chess.pgn.read_headers(file)) is not None:
            loser = {"1-0": headers.get("Black"), "0-1": headers.get("White")}.get(headers.get("Result"))
            if loser == "ours" and headers.get("Termination") in FAILURES:
                failures += 1
    return failures


def bench_nodes(engine):
    """The build's bench node count (its signature in the ledger)."""
    out = subprocess.run([engine, "bench"], capture_output=True, text=True).stdout
    found = re.findall(r"(\d+) nodes", out)
    return found[-1] if found else "?"


def ledger_row(name, bench, output, failures, label="ours"):
    """One row for `bench/RESULTS.md` (its columns: pairs, W / D / L from our side, Elo with its 95 %
    interval) from fastchess's final report; `label` names the build."""
    result = fastchess_report.result(output)
    if result is None:
        return None
    elo_text = fastchess_report.elo(output) or "n/a"
    penta = fastchess_report.pentanomial(output)
    penta_text = f", ptnml {penta}" if penta else ""
    # The match's name fixes the opponent, both clocks, the book and the seed (`MATCHES`).
    return (f"| {date.today()} | gauntlet `{name}`: {label} | {bench} | `gauntlet.py --only {name}` | {result.games // 2} "
            f"| {result.wins} / {result.draws} / {result.losses}, **{result.percent / 100:.3f}**, {elo_text}{penta_text}; "
            f"{failures} failures of ours | measurement | |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="the build under test")
    parser.add_argument("--fastchess", required=True)
    parser.add_argument("--out", required=True, help="folder for the PGNs and logs")
    parser.add_argument("--only", help="comma-separated match names (default: all four)")
    parser.add_argument("--pairs", type=int, help="pairs a match instead of the gauntlet's own")
    parser.add_argument("--books", default=BOOKS, help="folder of the opening books")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--label", default="ours", help="the build's name in the ledger row, e.g. \"net 1 (5f1d32a)\"")
    args = parser.parse_args()
    args.engine, args.fastchess = os.path.abspath(args.engine), os.path.abspath(args.fastchess)
    names = args.only.split(",") if args.only else list(MATCHES)
    unknown = [n for n in names if n not in MATCHES]
    if unknown:
        sys.exit(f"gauntlet: unknown match {', '.join(unknown)} (known: {', '.join(MATCHES)})")
    os.makedirs(args.out, exist_ok=True)
    bench = bench_nodes(args.engine)
    for name in names:
        line = command(args, name)
        print(f"gauntlet: {name}: {shlex.join(line)}", flush=True)
        # fastchess writes its config.json where it runs: in OUT, not in the tree.
        run = subprocess.run(line, capture_output=True, text=True, cwd=args.out)
        with open(os.path.join(args.out, name + ".log"), "w") as log:
            log.write(shlex.join(line) + "\n" + run.stdout + run.stderr)
        failures = our_failures(os.path.join(args.out, name + ".pgn"))
        row = ledger_row(name, bench, run.stdout, failures, args.label)
        print(row or f"gauntlet: {name}: no result from fastchess (see {name}.log)", flush=True)


if __name__ == "__main__":
    main()
