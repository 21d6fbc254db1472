#!/usr/bin/env python3
"""How many nodes each position of an EPD suite needs before the engine's best move is a `bm` move
and stays one.

    python3 bench/nodes_to_solve.py --engine ./engine --epd misses.epd --nodes 10000000

Each position is searched once from `ucinewgame` to `--nodes` (one thread: the same on every run,
whatever the machine's load). The line `ID N` gives the node count of the info line from which every
later principal variation starts with a solution move; `ID -` means not solved within the limit.
Needs python-chess (`pip install chess`).
"""
import argparse

import chess.engine

from tactics import read_suite


def nodes_to_solve(engine, board, best, limit):
    """The node count from which the principal variation's first move stayed in `best`, or None."""
    since = None
    with engine.analysis(board, chess.engine.Limit(nodes=limit)) as analysis:
        for info in analysis:
            pv = info.get("pv")
            if not pv:
                continue
            if pv[0] not in best:
                since = None
            elif since is None:
                since = info.get("nodes", 0)
    return since


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="./engine")
    p.add_argument("--epd", required=True)
    p.add_argument("--nodes", type=int, default=10_000_000, help="node limit a position")
    p.add_argument("--hash", type=int, default=16)
    args = p.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Hash": args.hash})
    try:
        for board, ops in read_suite(args.epd):
            engine.protocol.send_line("ucinewgame")
            since = nodes_to_solve(engine, board, ops.get("bm", []), args.nodes)
            print(ops.get("id", "?"), "-" if since is None else since, flush=True)
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
