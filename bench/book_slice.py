#!/usr/bin/env python3
"""Write a slice of the openings match.py would play with a given seed, one FEN per line.

match.py reads the book's FENs (adding the clocks `0 1` where a line has none), shuffles them with
`random.Random(seed)` and plays the first `--pairs` of them. Handing it a file of exactly N
openings with `--pairs N` plays that file whole, whatever the seed, so a gauntlet cut short can be
completed later on the openings it did not reach:

    python3 bench/book_slice.py --openings BOOK --seed 413 --start 25 --end 50 > rest_413.epd
    python3 ../shared/tools/match.py ... --openings rest_413.epd --pairs 25 --seed 413
"""

import argparse
import random


def book_fens(path):
    """The book's positions as match.py reads them."""
    fens = []
    with open(path) as book:
        for line in book:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            clocks = " ".join(fields[4:6]) if len(fields) >= 6 and fields[4].isdigit() else "0 1"
            fens.append(" ".join(fields[:4]) + " " + clocks)
    return fens


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--openings", required=True, help="the book given to match.py")
    parser.add_argument("--seed", type=int, required=True, help="match.py's --seed")
    parser.add_argument("--start", type=int, required=True, help="first opening (0-based)")
    parser.add_argument("--end", type=int, required=True, help="one past the last opening")
    args = parser.parse_args()
    fens = book_fens(args.openings)
    random.Random(args.seed).shuffle(fens)
    for i in range(args.start, args.end):
        print(fens[i % len(fens)])


if __name__ == "__main__":
    main()
