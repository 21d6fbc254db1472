#!/usr/bin/env python3
"""The paths of an SPSA run (`bench/spsa.py`'s CSV): each parameter's distance from its start as a share
of its range, and the running sum of wins minus losses of the upper against the lower engine.

    python3 bench/spsa_plot.py bench/spsa/run1.csv [--out run1.png]
"""
import argparse
import csv

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("csv")
    parser.add_argument("--out", help="PNG (default: the CSV's name with .png)")
    parser.add_argument("--top", type=int, default=12, help="label the parameters that moved most")
    args = parser.parse_args()
    with open(args.csv, newline="") as file:
        rows = list(csv.DictReader(file))
    names = [n for n in rows[0] if n not in ("iteration", "wins", "losses", "draws")]
    iterations = [int(r["iteration"]) for r in rows]
    fig, (paths, score) = plt.subplots(2, 1, figsize=(11, 9), sharex=True, height_ratios=(3, 1))
    moved = []
    for name in names:
        values = [float(r[name]) for r in rows]
        spread = max(abs(v) for v in values) or 1.0
        relative = [100 * (v - values[0]) / spread for v in values]
        moved.append((abs(relative[-1]), name, relative))
    moved.sort(reverse=True)
    for rank, (_, name, relative) in enumerate(moved):
        paths.plot(iterations, relative, linewidth=1.2 if rank < args.top else 0.5,
                   label=name if rank < args.top else None, alpha=1.0 if rank < args.top else 0.4)
    paths.set_ylabel("change from the start, % of the largest value")
    paths.legend(fontsize=7, ncol=2)
    running, total = [], 0
    for r in rows:
        total += int(r["wins"]) - int(r["losses"])
        running.append(total)
    score.plot(iterations, running)
    score.set_ylabel("wins - losses (upper v lower), summed")
    score.set_xlabel("iteration")
    fig.tight_layout()
    out = args.out or args.csv.rsplit(".", 1)[0] + ".png"
    fig.savefig(out, dpi=100)
    print(out)


if __name__ == "__main__":
    main()
