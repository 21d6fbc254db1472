#!/usr/bin/env python3
"""How close each engine came to losing on time in a match.py PGN.

    python3 bench/clock_margin.py --tc 0.5+0.01 games.pgn [more.pgn ...]

match.py writes each move's thinking time in its comment (`+35/7 0.05s`). Replaying the clocks from
the time control gives, per engine: moves, time losses, the least time left after any move, and the
largest share of the remaining clock spent on one move (its worst move is its closest call).
"""
import argparse
import gzip
import re

import chess.pgn

SPENT = re.compile(r"(\d+(?:\.\d+)?)s\b")
# The comments round each move's time to 10 ms, so the replayed clock drifts; a share of a clock
# replayed below this is noise, not a close call, and is left out.
LEAST_CLOCK_FOR_SHARE = 0.05


def games(paths):
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                yield game


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tc", required=True, help="seconds+increment, as given to match.py")
    p.add_argument("pgn", nargs="+")
    args = p.parse_args()
    base, increment = (float(x) for x in args.tc.split("+"))
    stats = {}
    for game in games(args.pgn):
        names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
        clock = {chess.WHITE: base, chess.BLACK: base}
        board = game.board()
        for node in game.mainline():
            side = board.turn
            found = SPENT.search(node.comment or "")
            board.push(node.move)
            if not found:
                continue
            s = stats.setdefault(names[side], {"moves": 0, "least_left": base, "worst_share": 0.0})
            spent = float(found.group(1))
            s["moves"] += 1
            if clock[side] >= LEAST_CLOCK_FOR_SHARE:
                s["worst_share"] = max(s["worst_share"], spent / clock[side])
            clock[side] -= spent
            s["least_left"] = min(s["least_left"], clock[side])
            clock[side] += increment
        termination = game.headers.get("Termination", "")
        if "time" in termination:
            loser = termination.split(" ")[0]
            stats.setdefault(loser, {"moves": 0, "least_left": base, "worst_share": 0.0})
            stats[loser]["time_losses"] = stats[loser].get("time_losses", 0) + 1
    for name, s in sorted(stats.items()):
        print(
            f"{name}: {s['moves']} moves, {s.get('time_losses', 0)} time losses, least time left after a move "
            f"{s['least_left'] * 1000:.0f} ms, most of the clock spent on one move {s['worst_share'] * 100:.1f}%"
        )


if __name__ == "__main__":
    main()
