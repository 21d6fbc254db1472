#!/usr/bin/env python3
"""Write a slice of the openings match.py would play with a given seed, one FEN per line.

match.py shuffles the book with its `--seed` and plays the first `--pairs` openings. Handing it a
file of exactly N openings with `--pairs N` plays that file whole, whatever the seed, so a
gauntlet cut short can be completed later on the openings it did not reach:

    python3 bench/book_slice.py --openings BOOK --seed 413 --start 25 --end 50 > rest_413.epd
    python3 ../shared/tools/match.py ... --openings rest_413.epd --pairs 25 --seed 413

The openings come from match.py's own `starts` (imported, not rewritten), so they are the ones it
would play.
"""

import argparse
import importlib.util
import os

DEFAULT_MATCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "tools", "match.py")


def load_match(path):
    """match.py as a module (its `main` runs only as a script)."""
    spec = importlib.util.spec_from_file_location("match", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--openings", required=True, help="the book given to match.py")
    parser.add_argument("--seed", type=int, required=True, help="match.py's --seed")
    parser.add_argument("--start", type=int, required=True, help="first opening (0-based)")
    parser.add_argument("--end", type=int, required=True, help="one past the last opening")
    parser.add_argument("--match", default=DEFAULT_MATCH, help="match.py (default: ../shared/tools/match.py)")
    args = parser.parse_args()
    match = load_match(args.match)
    # match.py's own arguments: the first `end` openings of the shuffled book, standard chess.
    fens = match.starts(argparse.Namespace(seed=args.seed, frc=False, openings=args.openings, pairs=args.end))
    for fen in fens[args.start :]:
        print(fen)


if __name__ == "__main__":
    main()
