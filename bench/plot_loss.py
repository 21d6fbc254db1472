#!/usr/bin/env python3
"""Plot a training run's loss curve: the trainer's loss.csv to a PNG (`pip install matplotlib`).

    python3 bench/plot_loss.py train/loss.csv train/loss.png [--title "net 1"]

Training and holdout loss by epoch, the reference's holdout loss as a dashed line (the fit to
beat: the built-in network's, or for net 1's run the hand-crafted evaluation's), the learning rate
on a second axis.
"""
import argparse
import csv

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


# The trainer's reference column: net 1 was trained when the hand-crafted evaluation was built in.
REFERENCES = {"built_in_holdout_loss": "built-in net", "hand_crafted_holdout_loss": "hand-crafted eval"}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("csv", help="loss.csv written by the trainer")
    p.add_argument("png", help="the picture to write")
    p.add_argument("--title", default="training loss")
    args = p.parse_args()
    rows = list(csv.DictReader(open(args.csv)))
    epochs = [int(r["epoch"]) for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(epochs, [float(r["train_loss"]) for r in rows], marker="o", label="training")
    ax.plot(epochs, [float(r["holdout_loss"]) for r in rows], marker="s", label="holdout")
    for column, label in REFERENCES.items():
        if rows and rows[0].get(column):
            ax.axhline(float(rows[0][column]), color="black", linestyle="--", label=f"{label} (holdout)")
    ax.set_xlabel("epoch")
    ax.set_ylabel("loss (sigmoid MSE)")
    ax.set_title(args.title)
    ax.grid(alpha=0.3)
    lr = ax.twinx()
    lr.plot(epochs, [float(r["lr"]) for r in rows], color="grey", linestyle=":", label="learning rate")
    lr.set_ylabel("learning rate")
    lines = ax.get_legend_handles_labels()[0] + lr.get_legend_handles_labels()[0]
    ax.legend(lines, [l.get_label() for l in lines], loc="upper right")
    fig.tight_layout()
    fig.savefig(args.png, dpi=100)


if __name__ == "__main__":
    main()
