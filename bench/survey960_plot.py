#!/usr/bin/env python3
"""Charts of a Chess960 survey (`engine survey960 ... --out FILE.csv`) as one PNG: a histogram of the
960 scores, and the score of each start position by its number (`pip install matplotlib`).

    python3 bench/survey960_plot.py bench/survey960.csv bench/survey960.png [--title "..."]

Scores are white's normalised centipawns (cp 100: an even chance of winning); rows scored as a mate
are left out of both charts. The standard start position (518) is marked.
"""
import argparse
import csv
import statistics

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STANDARD = 518


def scores(path):
    """(number, cp) of each row whose score is in centipawns."""
    out = []
    with open(path) as f:
        for row in csv.DictReader(f):
            try:
                out.append((int(row["number"]), int(row["cp"])))
            except ValueError:
                continue
    return sorted(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv")
    parser.add_argument("png")
    parser.add_argument("--title", default="Chess960 start positions")
    args = parser.parse_args()
    rows = scores(args.csv)
    numbers = [n for n, _ in rows]
    cps = [cp for _, cp in rows]
    figure, (histogram, by_number) = plt.subplots(1, 2, figsize=(13, 4.5), gridspec_kw={"width_ratios": [1, 2]})
    # Normalised scores come in steps of more than one centipawn: bins of several steps leave no gaps.
    width = max(4, (max(cps) - min(cps)) // 20)
    histogram.hist(cps, bins=range(min(cps), max(cps) + width + 1, width), color="#4472c4")
    histogram.axvline(statistics.mean(cps), color="black", linestyle="--", label=f"mean {statistics.mean(cps):+.0f}")
    histogram.set_xlabel("white's score (normalised cp)")
    histogram.set_ylabel("start positions")
    histogram.legend()
    by_number.scatter(numbers, cps, s=6, color="#4472c4")
    standard = [cp for n, cp in rows if n == STANDARD]
    if standard:
        by_number.scatter([STANDARD], standard, s=40, color="#c00000", label=f"518 (standard chess): {standard[0]:+d}")
        by_number.legend()
    by_number.axhline(0, color="grey", linewidth=0.5)
    by_number.set_xlabel("start position number")
    by_number.set_ylabel("white's score (normalised cp)")
    figure.suptitle(f"{args.title}: {len(rows)} positions, median {statistics.median(cps):+.0f} cp")
    figure.tight_layout()
    figure.savefig(args.png, dpi=110)
    print(f"{len(rows)} positions, mean {statistics.mean(cps):+.1f}, median {statistics.median(cps):+.0f}, "
          f"min {min(cps):+d}, max {max(cps):+d}: {args.png}")


if __name__ == "__main__":
    main()
